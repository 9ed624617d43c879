/*
 * emu/pc/console.h: the host side of the PC's screen and keyboard.
 *
 * Owns the host streams: `out` is where DOS's standard output (handle 1,
 * the console functions) goes, host stdout; `screen` is where text that
 * only the screen shows (INT 10h output, CON opened by name) goes: host
 * stdout too when it is a terminal, host stderr when stdout is redirected,
 * so a redirected file holds what the program wrote to handle 1 exactly.
 * Both also go to the screen model (video.c), whatever the host streams
 * are, so emulated state never depends on them.  Keys come from `in` (host
 * stdin), with host LF and CR LF read as the PC's Enter.
 *
 * Whether `in` and `out` are terminals is read once, at console_init():
 * DOS sees handles 0 and 1 as the console device only when they are (as
 * under COMMAND.COM, where `PROG > FILE` and `PROG < FILE` make them files);
 * the one place where the kind of host stream reaches emulated state.
 *
 * When the reader of `out` goes away (a write fails with EPIPE: profil
 * ignores SIGPIPE during a run), `out_gone` is set, nothing more is
 * written there, and the next byte of output stops the run
 * (STOP_OUTPUT_CLOSED) so that the profile is still written.
 */
#ifndef PROFIL_EMU_CONSOLE_H
#define PROFIL_EMU_CONSOLE_H

#include <stdio.h>
#include <stdint.h>

struct machine;

struct console {
    FILE *out;          /* the program's standard output (host stdout)   */
    FILE *screen;       /* screen-only text (stdout or stderr)           */
    FILE *in;           /* keys (host stdin)                             */
    int peeked;         /* a byte read ahead, or -1                      */
    int last_cr;        /* last byte read was CR: drop a following LF    */
    int out_gone;       /* a write to `out` failed with EPIPE            */
    int in_tty, out_tty;    /* `in`, `out` are terminals                 */
    unsigned long out_bytes;    /* bytes of standard output so far       */
};

/* `screen` NULL: the same stream as `out`. */
void console_init(struct console *c, FILE *in, FILE *out, FILE *screen);
/* One byte of standard output: to `out` and the screen model. */
void console_put(struct machine *m, struct console *c, uint8_t ch);
/* One byte that only the screen shows: to `screen` and the screen model
 * (in a graphics mode drawn in `colour`: video_teletype()). */
void console_screen_put(struct machine *m, struct console *c, uint8_t ch, uint8_t colour);
/* The same byte to the host's screen stream only (the model is written
 * by the caller). */
void console_screen_echo(struct console *c, uint8_t ch);
/* Next key as the PC sends it (host LF and CR LF become CR); -1 at EOF. */
int console_get(struct console *c);
/* Next byte of the host's input exactly as it is (for handle reads); -1 at EOF. */
int console_get_raw(struct console *c);
/* Whether a key is waiting (never blocks on a regular file; EOF = no). */
int console_has_key(struct console *c);
void console_flush(struct console *c);

#endif
