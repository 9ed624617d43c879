/*
 * emu/video/cga.c: the CGA's registers, status and colours (see cga.h).
 */
#include "cga.h"

#include <string.h>

const uint8_t cga_rgbi[16][3] = {
    { 0x00, 0x00, 0x00 }, { 0x00, 0x00, 0xAA }, { 0x00, 0xAA, 0x00 }, { 0x00, 0xAA, 0xAA },
    { 0xAA, 0x00, 0x00 }, { 0xAA, 0x00, 0xAA }, { 0xAA, 0x55, 0x00 }, { 0xAA, 0xAA, 0xAA },
    { 0x55, 0x55, 0x55 }, { 0x55, 0x55, 0xFF }, { 0x55, 0xFF, 0x55 }, { 0x55, 0xFF, 0xFF },
    { 0xFF, 0x55, 0x55 }, { 0xFF, 0x55, 0xFF }, { 0xFF, 0xFF, 0x55 }, { 0xFF, 0xFF, 0xFF },
};

void cga_reset(struct cga *c)
{
    memset(c, 0, sizeof *c);
}

int cga_port_in(struct cga *c, uint16_t port, uint64_t now, uint8_t *v)
{
    if (crtc_port_in(&c->crtc, 0x3D0, port, v))
        return 1;
    switch (port) {
    case 0x3DA:
        *v = cga_status(c, now);
        return 1;
    case 0x3D8: case 0x3D9: case 0x3DB: case 0x3DC:
        *v = 0xFF;          /* write-only: nothing drives the bus */
        return 1;
    default:
        return 0;
    }
}

static int view_eq(const struct cga_view *a, const struct cga_view *b)
{
    return a->mode == b->mode && a->colour == b->colour && a->start == b->start;
}

static int write_port(struct cga *c, uint16_t port, uint8_t v)
{
    if (crtc_port_out(&c->crtc, 0x3D0, port, v))
        return 1;
    switch (port) {
    case 0x3D8: c->mode = v & 0x3F; return 1;
    case 0x3D9: c->colour = v & 0x3F; return 1;
    case 0x3DB: case 0x3DC: return 1;       /* light pen latch clear / preset */
    default: return 0;
    }
}

int cga_port_out(struct cga *c, uint16_t port, uint8_t v, uint64_t now)
{
    struct cga_view before, after;
    cga_view(c, &before);
    if (!write_port(c, port, v))
        return 0;
    cga_view(c, &after);
    if (!view_eq(&before, &after)) {
        if (c->changes == CGA_CHANGES) {                /* the oldest goes */
            c->first = (c->first + 1) % CGA_CHANGES;
            c->changes--;
        }
        c->log[(c->first + c->changes++) % CGA_CHANGES] = (struct cga_change){ now * CGA_DOTS_PER_CYCLE, before };
    }
    return 1;
}

void cga_view(const struct cga *c, struct cga_view *v)
{
    *v = (struct cga_view){ c->mode, c->colour, crtc_start_address(&c->crtc) };
}

const struct cga_change *cga_kept(const struct cga *c, unsigned i)
{
    return &c->log[(c->first + i) % CGA_CHANGES];
}

/* The ring is in the order of the writes, so of their dots: a binary
 * search for the first change after `dot`. */
unsigned cga_view_at(const struct cga *c, uint64_t dot, struct cga_view *v)
{
    unsigned lo = 0, hi = c->changes;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (cga_kept(c, mid)->dot > dot)
            hi = mid;
        else
            lo = mid + 1;
    }
    if (lo < c->changes)
        *v = cga_kept(c, lo)->before;
    else
        cga_view(c, v);
    return lo;
}

void cga_forget_changes(struct cga *c)
{
    c->first = c->changes = 0;
}

unsigned cga_char_dots(uint8_t mode) { return mode & CGA_MODE_HIRES ? 8u : 16u; }

void cga_frame(const struct cga *c, struct crtc_frame *f)
{
    crtc_frame_of(&c->crtc, cga_char_dots(c->mode), f);
}

uint8_t cga_status(const struct cga *c, uint64_t now)
{
    struct crtc_frame f;
    struct crtc_beam b;
    cga_frame(c, &f);
    crtc_beam_at(&f, now * CGA_DOTS_PER_CYCLE, &b);
    return (uint8_t)(0xF0 | (b.vsync ? 0x08 : 0) | (b.display ? 0 : 0x01));
}

void cga_palette4(uint8_t mode, uint8_t colour, uint8_t out[4])
{
    uint8_t bright = colour & CGA_COLOUR_INTENSE ? 8 : 0;
    out[0] = colour & CGA_COLOUR_BORDER;
    if (mode & CGA_MODE_BW) {                   /* cyan, red, white */
        out[1] = 3 | bright;
        out[2] = 4 | bright;
        out[3] = 7 | bright;
    } else if (colour & CGA_COLOUR_PALETTE1) {
        out[1] = 3 | bright;
        out[2] = 5 | bright;
        out[3] = 7 | bright;
    } else {
        out[1] = 2 | bright;
        out[2] = 4 | bright;
        out[3] = 6 | bright;
    }
}
