/*
 * emu/console.c: the host streams of the screen and keyboard (see console.h).
 * Screen-only text reaches the host in UTF-8 (code page 437 translated),
 * standard output byte for byte.
 */
#include "console.h"

#include "machine.h"
#include "video.h"
#include "../formats/screen.h"

void console_init(struct console *c, FILE *in, FILE *out, FILE *screen)
{
    c->in = in;
    c->out = out;
    c->screen = screen ? screen : out;
    c->peeked = -1;
    c->last_cr = 0;
}

void console_put(struct machine *m, struct console *c, uint8_t ch)
{
    putc(ch, c->out);
    video_teletype(m, ch);
}

void console_screen_echo(struct console *c, uint8_t ch)
{
    char utf8[4];
    if (c->screen != c->out)
        fflush(c->out);     /* keep the order the program wrote in */
    if (ch < 0x20)
        putc(ch, c->screen);
    else
        fwrite(utf8, 1, cp437_to_utf8(ch, utf8), c->screen);
}

void console_screen_put(struct machine *m, struct console *c, uint8_t ch)
{
    console_screen_echo(c, ch);
    video_teletype(m, ch);
}

int console_get_raw(struct console *c)
{
    if (c->peeked >= 0) {
        int ch = c->peeked;
        c->peeked = -1;
        return ch;
    }
    fflush(c->out);     /* a prompt shows before the program waits */
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
        fflush(c->out);
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
    fflush(c->out);
    if (c->screen != c->out)
        fflush(c->screen);
}
