/*
 * emu/pc/console.c: the host streams of the screen and keyboard (see console.h).
 * Screen-only text reaches the host in UTF-8 (code page 437 translated),
 * standard output byte for byte.
 */
#include "console.h"

#include <errno.h>
#include <unistd.h>

#include "../machine.h"
#include "../video/video.h"
#include "../../formats/screen.h"

void console_init(struct console *c, FILE *in, FILE *out, FILE *screen)
{
    c->in = in;
    c->out = out;
    c->screen = screen ? screen : out;
    c->peeked = -1;
    c->last_cr = 0;
    c->out_gone = 0;
    c->in_tty = in && fileno(in) >= 0 && isatty(fileno(in));
    c->out_tty = out && fileno(out) >= 0 && isatty(fileno(out));
    c->out_bytes = 0;
}

/* A write or flush of `out` returned EOF: EPIPE means its reader is gone. */
static void out_failed(struct console *c)
{
    if (errno == EPIPE)
        c->out_gone = 1;
    clearerr(c->out);
}

static void flush_out(struct console *c)
{
    if (!c->out_gone && fflush(c->out) == EOF)
        out_failed(c);
}

void console_put(struct machine *m, struct console *c, uint8_t ch)
{
    c->out_bytes++;
    if (!c->out_gone && putc(ch, c->out) == EOF)
        out_failed(c);
    if (c->out_gone)
        machine_stop(m, STOP_OUTPUT_CLOSED, "standard output closed: its reader went away");
    video_teletype(m, ch, VIDEO_ATTR_NORMAL);
}

void console_screen_echo(struct console *c, uint8_t ch)
{
    char utf8[4];
    if (c->screen != c->out)
        flush_out(c);       /* keep the order the program wrote in */
    if (ch < 0x20)
        putc(ch, c->screen);
    else
        fwrite(utf8, 1, cp437_to_utf8(ch, utf8), c->screen);
}

void console_screen_put(struct machine *m, struct console *c, uint8_t ch, uint8_t colour)
{
    console_screen_echo(c, ch);
    video_teletype(m, ch, colour);
}

int console_get_raw(struct console *c)
{
    if (c->peeked >= 0) {
        int ch = c->peeked;
        c->peeked = -1;
        return ch;
    }
    flush_out(c);       /* a prompt shows before the program waits */
    return getc(c->in);
}

int console_get(struct console *c)
{
    for (;;) {
        int ch = console_get_raw(c);
        if (ch == '\n' && c->last_cr) {
            c->last_cr = 0;
            continue;   /* CR LF from the host is one Enter */
        }
        c->last_cr = ch == '\r';
        return ch == '\n' ? '\r' : ch;
    }
}

int console_has_key(struct console *c)
{
    if (c->peeked < 0) {
        flush_out(c);
        c->peeked = getc(c->in);
        if (c->peeked == '\n' && c->last_cr) {
            c->last_cr = 0;
            c->peeked = getc(c->in);
        }
    }
    return c->peeked >= 0;
}

void console_flush(struct console *c)
{
    flush_out(c);
    if (c->screen != c->out)
        fflush(c->screen);
}
