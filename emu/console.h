/*
 * emu/console.h: the host side of the PC's screen and keyboard.
 *
 * Owns the host streams (stdout for output, stdin for keys), the
 * translation of host line ends to the CR the PC keyboard sends, and the
 * text-mode screen model (cursor in the BIOS data area, characters in video
 * memory at B800h, scrolling).  BIOS INT 10h/16h and DOS console functions
 * both go through here.
 */
#ifndef PROFIL_EMU_CONSOLE_H
#define PROFIL_EMU_CONSOLE_H

#include <stdio.h>
#include <stdint.h>

struct machine;

struct console {
    FILE *out;          /* the program's console output (host stdout)  */
    FILE *in;           /* keys (host stdin)                            */
    int peeked;         /* a byte read ahead, or -1                     */
    int last_cr;        /* last byte read was CR: drop a following LF   */
};

void console_init(struct console *c, FILE *in, FILE *out);
/* Write one byte to the host and to the screen model. */
void console_put(struct machine *m, struct console *c, uint8_t ch);
/* Next key as the PC sends it (host LF and CR LF become CR); -1 at EOF. */
int console_get(struct console *c);
/* Next byte of the host's input exactly as it is (for handle reads); -1 at EOF. */
int console_get_raw(struct console *c);
/* Whether a key is waiting (never blocks on a regular file; EOF = no). */
int console_has_key(struct console *c);
void console_flush(struct console *c);

/* The screen model, usable on its own. */
void screen_put(struct machine *m, uint8_t ch);
void screen_set_cursor(struct machine *m, uint8_t row, uint8_t col);
void screen_get_cursor(const struct machine *m, uint8_t *row, uint8_t *col);

#endif
