/*
 * emu/console.c: host streams and the text screen model (see console.h).
 */
#include "console.h"

#include "machine.h"

#define BDA_CURSOR   0x450u     /* page 0 cursor: column, row */
#define SCREEN_COLS  80u
#define SCREEN_ROWS  25u
#define ATTR_NORMAL  0x07u

void console_init(struct console *c, FILE *in, FILE *out)
{
    c->in = in;
    c->out = out;
    c->peeked = -1;
    c->last_cr = 0;
}

void screen_get_cursor(const struct machine *m, uint8_t *row, uint8_t *col)
{
    *col = mem_rb(m, BDA_CURSOR);
    *row = mem_rb(m, BDA_CURSOR + 1);
}

void screen_set_cursor(struct machine *m, uint8_t row, uint8_t col)
{
    mem_wb(m, BDA_CURSOR, col);
    mem_wb(m, BDA_CURSOR + 1, row);
}

static uint32_t cell(unsigned row, unsigned col)
{
    return ((uint32_t)SEG_VIDEO << 4) + (row * SCREEN_COLS + col) * 2;
}

static void scroll_up(struct machine *m)
{
    for (unsigned r = 1; r < SCREEN_ROWS; r++)
        for (unsigned c = 0; c < SCREEN_COLS; c++)
            mem_ww(m, cell(r - 1, c), mem_rw(m, cell(r, c)));
    for (unsigned c = 0; c < SCREEN_COLS; c++)
        mem_ww(m, cell(SCREEN_ROWS - 1, c), 0x0720);
}

void screen_put(struct machine *m, uint8_t ch)
{
    uint8_t row, col;
    screen_get_cursor(m, &row, &col);
    switch (ch) {
    case '\r': col = 0; break;
    case '\n': row++; break;
    case '\b': if (col) col--; break;
    case 7: break;
    default:
        mem_wb(m, cell(row, col), ch);
        mem_wb(m, cell(row, col) + 1, ATTR_NORMAL);
        if (++col >= SCREEN_COLS) {
            col = 0;
            row++;
        }
        break;
    }
    if (row >= SCREEN_ROWS) {
        scroll_up(m);
        row = SCREEN_ROWS - 1;
    }
    screen_set_cursor(m, row, col);
}

void console_put(struct machine *m, struct console *c, uint8_t ch)
{
    putc(ch, c->out);
    screen_put(m, ch);
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
}
