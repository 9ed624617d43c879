/*
 * emu/video/video_picture.c: pictures, palettes and the 6845 cards' text
 * and graphics layouts (see video_picture.h).
 */
#include "video_picture.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cga.h"
#include "video_font.h"

/* What the 6845 lays out: R1 characters by R6 rows of R9+1 lines. */
struct layout {
    unsigned cols, rows, row_lines;
};

static void layout_of(const struct crtc6845 *c, struct layout *l)
{
    l->cols = c->reg[CRTC_H_DISPLAYED];
    l->rows = c->reg[CRTC_V_DISPLAYED];
    l->row_lines = crtc_lines_per_row(c);
}

int video_picture_new(struct video_picture *pic, unsigned w, unsigned h, char *why, size_t n)
{
    memset(pic, 0, sizeof *pic);
    if (!w || !h) {
        snprintf(why, n, "the 6845 shows nothing (no characters or rows displayed: R1 or R6 is 0)");
        return -1;
    }
    if ((uint64_t)w * h > VIDEO_PICTURE_MAX_PIXELS) {
        snprintf(why, n, "a picture of %ux%u is too large to draw", w, h);
        return -1;
    }
    pic->width = w;
    pic->height = h;
    if (!(pic->pixels = calloc((size_t)w * h, 1))) {
        snprintf(why, n, "out of memory");
        return -1;
    }
    return 0;
}

void video_picture_free(struct video_picture *pic)
{
    free(pic->pixels);
    free(pic->border_lines);
    pic->pixels = NULL;
    pic->border_lines = NULL;
}

uint8_t *video_picture_canvas(const struct video_picture *pic, unsigned *w, unsigned *h)
{
    *w = pic->border_left + pic->width + pic->border_right;
    *h = pic->border_top + pic->height + pic->border_bottom;
    uint8_t *out = malloc((size_t)*w * *h);
    for (unsigned y = 0; out && y < *h; y++) {
        uint8_t *row = out + (size_t)y * *w;
        memset(row, pic->border_lines ? pic->border_lines[y] : pic->border, *w);
        if (y >= pic->border_top && y - pic->border_top < pic->height)
            memcpy(row + pic->border_left, pic->pixels + (size_t)(y - pic->border_top) * pic->width, pic->width);
    }
    return out;
}

void video_picture_rgbi(struct video_picture *pic)
{
    for (unsigned i = 0; i < 16; i++)
        memcpy(pic->palette + 3 * i, cga_rgbi[i], 3);
}

void video_picture_mono(struct video_picture *pic)
{
    static const uint8_t levels[3] = { 0x00, 0xAA, 0xFF };
    for (unsigned i = 0; i < 3; i++)
        memset(pic->palette + 3 * i, levels[i], 3);
}

/* An attribute's foreground and background: the CGA's RGBI numbers, or
 * the monochrome levels (07h normal, 0Fh bright, 70h reverse, x0h/x8h
 * with x 0 or 8 invisible). */
static void attr_colours(const struct video_text_look *t, uint8_t attr, uint8_t *fg, uint8_t *bg)
{
    if (!t->mono) {
        *fg = attr & 0x0F;
        *bg = (uint8_t)(attr >> 4) & (t->blink_enabled ? 0x07 : 0x0F);
        return;
    }
    uint8_t bright_back = (attr & 0x80) && !t->blink_enabled;
    if ((attr & 0x77) == 0x70) {
        *fg = VIDEO_MONO_BLACK;
        *bg = bright_back ? VIDEO_MONO_BRIGHT : VIDEO_MONO_NORMAL;
    } else if ((attr & 0x77) == 0) {
        *fg = *bg = VIDEO_MONO_BLACK;
    } else {
        *fg = attr & 0x08 ? VIDEO_MONO_BRIGHT : VIDEO_MONO_NORMAL;
        *bg = VIDEO_MONO_BLACK;
    }
}

/* Whether line `r` of a cell is in the cursor (R10's start to R11's end,
 * round the cell when the start is past the end). */
static int cursor_line(const struct crtc6845 *c, unsigned r)
{
    unsigned from = c->reg[CRTC_CURSOR_START] & 0x1F, to = c->reg[CRTC_CURSOR_END] & 0x1F;
    return from <= to ? r >= from && r <= to : r >= from || r <= to;
}

void video_picture_text(const struct video_memory *mem, const struct crtc6845 *c, const struct video_text_look *t,
                        unsigned start, unsigned y0, unsigned y1, uint8_t *px, size_t stride)
{
    struct layout l;
    layout_of(c, &l);
    unsigned cursor = crtc_cursor_address(c);
    for (unsigned row = y0 / l.row_lines; row < l.rows && row * l.row_lines < y1; row++)
        for (unsigned col = 0; col < l.cols; col++) {
            unsigned address = (start + row * l.cols + col) & 0x3FFF;
            uint32_t at = t->base + ((address * 2u) & t->mask);
            uint8_t ch = video_memory_rb(mem, at), attr = video_memory_rb(mem, at + 1), fg, bg;
            const uint8_t *glyph = video_glyph(t->font_rows, ch);
            attr_colours(t, attr, &fg, &bg);
            int hidden = t->blink_enabled && (attr & 0x80) && !t->chars_shown;
            for (unsigned r = 0; r < l.row_lines; r++) {
                unsigned y = row * l.row_lines + r;
                if (y < y0 || y >= y1)
                    continue;
                /* The CGA's character ROM answers the row's low 3 bits;
                 * the others' have their rows and blank ones after. */
                unsigned font_row = t->font_rows == 8 ? r & 7u : r;
                unsigned dots = font_row < t->font_rows ? glyph[font_row] : 0;
                dots <<= 1;                                     /* 9 dots: bit 8 leftmost */
                if (t->cell_width == 9 && ch >= 0xC0 && ch <= 0xDF)
                    dots |= dots >> 1 & 1;                      /* line graphics fill the ninth */
                if (t->mono && (attr & 7) == 1 && r == t->font_rows - 2u)    /* 12 of 14 */
                    dots = 0x1FF;
                if (hidden)
                    dots = 0;
                if (t->cursor_shown && address == cursor && cursor_line(c, r))
                    dots = 0x1FF;
                uint8_t *p = px + (size_t)(y - y0) * stride + col * t->cell_width;
                for (unsigned x = 0; x < t->cell_width; x++)
                    p[x] = dots >> (8 - x) & 1 ? fg : bg;
            }
        }
}

void video_picture_graphics(const struct video_memory *mem, const struct crtc6845 *c, const struct video_fetch *f,
                            const uint8_t *colours, unsigned y0, unsigned y1, uint8_t *px, size_t stride)
{
    struct layout l;
    layout_of(c, &l);
    /* in locals: the pixels' stores may alias anything a pointer reaches */
    const uint32_t base = f->base, mask = f->mask;
    const unsigned bits = f->bits, start = f->start, banks = f->bank_lines, per_char = 16u / bits;
    uint8_t colour[4];
    memcpy(colour, colours, bits == 1 ? 2u : 4u);
    for (unsigned y = y0; y < y1; y++) {
        unsigned row = y / l.row_lines, bank = (y % l.row_lines) & (banks - 1u);
        uint8_t *p = px + (size_t)(y - y0) * stride;
        for (unsigned col = 0; col < l.cols; col++) {
            uint32_t off = (((start + row * l.cols + col) * 2u) + bank * 0x2000u) & mask;
            unsigned word = (unsigned)video_memory_rb(mem, base + off) << 8 | video_memory_rb(mem, base + ((off + 1) & mask));
            for (unsigned i = 0; i < per_char; i++)
                p[col * per_char + i] = colour[word >> (16u - bits * (i + 1)) & ((1u << bits) - 1u)];
        }
    }
}

void video_picture_blink(const struct crtc6845 *c, uint64_t frames, struct video_text_look *t)
{
    unsigned mode = c->reg[CRTC_CURSOR_START] >> 5 & 3;
    t->chars_shown = !(frames >> 4 & 1);
    t->cursor_shown = mode == 1 ? 0 : mode == 3 ? !(frames >> 4 & 1) : !(frames >> 3 & 1);
}
