/*
 * emu/video/video_picture.h: a card's picture as pixels, and the drawing
 * every card's draw (card.h) shares.
 *
 * Owns the picture (indexes into a 256-colour palette), the RGBI and
 * monochrome palettes, and what a 6845-style card lays out from its
 * registers: text in cells (attributes, blink and cursor, their phase from
 * the frames counted in emulated time), and graphics fetched two bytes a
 * character from 8 KiB banks picked by the row's scan line.
 */
#ifndef PROFIL_EMU_VIDEO_PICTURE_H
#define PROFIL_EMU_VIDEO_PICTURE_H

#include <stddef.h>
#include <stdint.h>

#include "card.h"
#include "crtc6845.h"
#include "ega.h"

/* The most pixels a picture may have (a 6845 may describe 4080 x 4064). */
#define VIDEO_PICTURE_MAX_PIXELS (4096u * 4096u)

struct video_picture {
    unsigned width, height;
    uint8_t *pixels;            /* width x height palette indexes, row by row */
    uint8_t palette[768];       /* 256 RGB entries, 8 bits a component */
    /* The border (overscan) around it, in picture pixels, and its colour
     * (a palette index); all 0 for a card whose border is not drawn.
     * border_lines: NULL, or the colour of each line from the border's
     * top to its bottom (border_top + height + border_bottom, malloc'ed:
     * video_picture_free()) when it changed between lines. */
    unsigned border_left, border_right, border_top, border_bottom;
    uint8_t border;
    uint8_t *border_lines;
};

/* A byte of the card's memory as a host read sees it. */
static inline uint8_t video_memory_rb(const struct video_memory *m, uint32_t a)
{
    a &= 0xFFFFFu;
    if (m->planes && a - VRAM_LO < VRAM_HI - VRAM_LO)
        return ega_peek(m->planes, a);
    return m->bytes[a];
}

/* The picture inside its border, as a monitor shows it: (border_left +
 * width + border_right) x (border_top + height + border_bottom) pixels
 * (*w x *h, malloc'ed), each border line in its colour; NULL when out of
 * memory. */
uint8_t *video_picture_canvas(const struct video_picture *pic, unsigned *w, unsigned *h);

/* w x h pixels, all 0 (calloc'ed); 0, or -1 with the reason in `why`
 * (nothing shown, too large, out of memory). */
int video_picture_new(struct video_picture *pic, unsigned w, unsigned h, char *why, size_t n);
void video_picture_free(struct video_picture *pic);

/* Palette entries 0-15 the RGBI colours (cga.h); 0-2 the monochrome
 * levels. */
void video_picture_rgbi(struct video_picture *pic);
void video_picture_mono(struct video_picture *pic);
enum { VIDEO_MONO_BLACK, VIDEO_MONO_NORMAL, VIDEO_MONO_BRIGHT };

/* How a text mode looks on its card. */
struct video_text_look {
    uint32_t base, mask;        /* its memory: linear base, byte offsets masked */
    unsigned cell_width;        /* 8 (CGA) or 9 (MDA, Hercules) */
    unsigned font_rows;         /* 8 (the CGA's ROM: a line's low 3 bits pick the row), 14, 16 */
    int mono, blink_enabled;
    int chars_shown;            /* the blink phase: blinking characters visible */
    int cursor_shown;
};

/* The blink and cursor phases after `frames` frames: characters 16
 * frames shown, 16 hidden; the cursor 8 and 8 (R10 bits 5-6: 01 none,
 * 11 16 and 16). */
void video_picture_blink(const struct crtc6845 *c, uint64_t frames, struct video_text_look *t);
/* The 6845's R1 x R6 cells of R9+1 lines from `start` (its start
 * address as the frame latched it), each character and attribute from
 * `mem` as `t` says: the picture's lines y0 to y1 - 1 into px (line y0's
 * first pixel; `stride` pixels from a line to the next). */
void video_picture_text(const struct video_memory *mem, const struct crtc6845 *c, const struct video_text_look *t,
                        unsigned start, unsigned y0, unsigned y1, uint8_t *px, size_t stride);
/* Where graphics is fetched: memory at linear `base`, offsets masked by
 * `mask`, from the start address `start`; the row's line selecting an 8
 * KiB bank (bank_lines 2, the CGA: line bit 0; 4, the Hercules: bits
 * 0-1); `bits` a pixel (2: 320 wide, 1: 640 or 720). */
struct video_fetch {
    uint32_t base, mask;
    unsigned start, bank_lines, bits;
};
/* Graphics as the 6845 fetches it: two bytes a character, colours[value]
 * for each pixel; lines y0 to y1 - 1 into px as video_picture_text(). */
void video_picture_graphics(const struct video_memory *mem, const struct crtc6845 *c, const struct video_fetch *f,
                            const uint8_t *colours, unsigned y0, unsigned y1, uint8_t *px, size_t stride);

#endif
