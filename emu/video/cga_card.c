/*
 * emu/video/cga_card.c: the IBM Color/Graphics Monitor Adapter as a card
 * (card.h): its descriptor, the wait states its memory makes the 8088
 * wait, and its picture; its registers are cga.c's.
 *
 * The wait states [reenigne, "The CGA wait states", reenigne.org/blog,
 * 2012; MartyPC, "Exploring CGA Wait States", martypc.blogspot.com, 2023]:
 * the card's clock and the CPU's come from the same 14.31818 MHz crystal
 * (a CPU clock is 3 of the card's dots, "hdots"), and the card lets the
 * CPU at its memory only in its own slot: "wait 1 hchar (8 hdots), then
 * wait for the next lchar (16 hdots), then wait for the next ccycle (CPU
 * clock)".  With the bus cycle starting at hdot h of the 16 of an lchar,
 * that is ceil((L - h) / 3) CPU clocks, L the first lchar boundary after
 * h + 8: 3 to 8, one phase of 16 giving 3 and three each 4, 5, 6, 7 and 8
 * (5.8125 on average), as reenigne measured.  The phase of the two clocks
 * is whatever it was at power-on on the hardware; here hdot 0 of an lchar
 * is CPU clock 0, so a run is deterministic.
 */
#include "cards.h"

#include <stdlib.h>
#include <string.h>

#include "adapter.h"
#include "video_picture.h"

#define HDOTS_PER_CLOCK 3
#define HCHAR 8
#define LCHAR 16
/* The wait depends on t1 only through h = 3 t1 mod 16, which repeats every
 * 16 clocks (48 hdots, 3 lchars); 3 and 16 being coprime, t1 -> h is a
 * bijection of the 16 phases, and no smaller period divides 16 and keeps
 * the waits (tests/check_clock.c checks both over 10^5 clocks). */
#define CGA_PERIOD LCHAR

/* For a bus cycle whose T1 is at CPU clock t1, the wait states, 3 to 8.
 * ctx is unused. */
static unsigned cga_wait(const void *ctx, uint64_t t1)
{
    (void)ctx;
    unsigned h = (unsigned)((t1 * HDOTS_PER_CLOCK) % LCHAR);
    unsigned slot = ((h + HCHAR) / LCHAR + 1) * LCHAR;       /* the next lchar after h + 8 */
    return (slot - h + HDOTS_PER_CLOCK - 1) / HDOTS_PER_CLOCK;
}

static void reset(struct display_adapter *a) { cga_reset(&a->cga); }

static int port_in(struct display_adapter *a, uint16_t port, uint64_t now, uint8_t *v)
{
    return cga_port_in(&a->cga, port, now, v);
}

static int port_out(struct display_adapter *a, uint16_t port, uint8_t v, uint64_t now)
{
    return cga_port_out(&a->cga, port, v, now);
}

static void new_picture(struct display_adapter *a) { cga_forget_changes(&a->cga); }

/* B8000h-BFFFFh: its 16 KiB, decoded twice over 32 KiB. */
static unsigned windows(const struct display_adapter *a, struct vram_window w[ADAPTER_MAX_WINDOWS])
{
    (void)a;
    w[0] = (struct vram_window){ 0xB8000, 0xC0000, CGA_MEM_SIZE };
    return 1;
}

static uint64_t frames(const struct display_adapter *a, uint64_t now)
{
    struct crtc_frame f;
    cga_frame(&a->cga, &f);
    return crtc_frames(&f, now * CGA_DOTS_PER_CYCLE);
}

static uint8_t status(const struct display_adapter *a, uint64_t now) { return cga_status(&a->cga, now); }

static int status_vsync(uint16_t port, uint8_t v) { return port == 0x3DA ? !!(v & 0x08) : -1; }

static const uint8_t *crtc(const struct display_adapter *a, uint16_t port, uint8_t *index, int *data_port)
{
    *index = a->cga.crtc.index;
    *data_port = port == 0x3D5;
    return a->cga.crtc.reg;
}

/* Where the beam is at `now`: the raster, the dot since power-on, the
 * dot its frame began at and a frame's dots. */
struct beam_time {
    struct crtc_frame f;
    uint64_t dots, frame_start, frame;
    unsigned char_dots;
};

static void beam_time(const struct cga *card, uint64_t now, struct beam_time *t)
{
    struct crtc_beam beam;
    cga_frame(card, &t->f);
    t->char_dots = cga_char_dots(card->mode);
    t->dots = now * CGA_DOTS_PER_CYCLE;
    t->frame = (uint64_t)t->f.line_dots * t->f.lines;
    crtc_beam_at(&t->f, t->dots, &beam);
    t->frame_start = t->dots - ((uint64_t)beam.line * t->f.line_dots + beam.dot);
}

/* The dot a frame before `at` (none before power-on: dot 0). */
static uint64_t frame_before(const struct beam_time *t, uint64_t at)
{
    return at >= t->frame ? at - t->frame : 0;
}

/* The view the beam drew raster line y with (y < 0: the frame before's
 * line lines + y) when it last drew it: in this frame if the beam has
 * passed the middle of the line's picture, else in the one before; the
 * value at that middle (the border's line: most of its dots show it). */
static void line_view(const struct cga *card, const struct beam_time *t, long y, struct cga_view *v)
{
    uint64_t mid = t->frame_start + t->f.shown_dots / 2;
    uint64_t at = y < 0 ? frame_before(t, mid + t->frame - (uint64_t)-y * t->f.line_dots)
                        : mid + (uint64_t)y * t->f.line_dots;
    cga_view_at(card, at > t->dots ? frame_before(t, at) : at, v);
}

/* The earliest dot a picture line can have been drawn from: the start of
 * the frame before this one, when the 6845 latched the start address of
 * the lines the beam has not yet drawn again (the lines themselves were
 * drawn later). */
static uint64_t earliest(const struct beam_time *t)
{
    return frame_before(t, t->frame_start);
}

/* Whether a kept change came after earliest(): else every line is drawn
 * as the registers are now. */
static int changed_lately(const struct cga *card, const struct beam_time *t)
{
    return card->changes && cga_kept(card, card->changes - 1)->dot > earliest(t);
}

/* The picture's characters: 16 pixels in 640x200, else 8 (a 40-column or
 * 320x200 character clock is 16 dots: two a pixel). */
static unsigned char_pixels(uint8_t mode)
{
    return (mode & CGA_MODE_GRAPHICS) && (mode & CGA_MODE_640) ? 16u : 8u;
}

/* The border's colour: 3D9h's bits 0-3, black in 640x200 (where they are
 * the foreground) and with the video off. */
static uint8_t border_colour(const struct cga_view *v)
{
    return (v->mode & CGA_MODE_640) || !(v->mode & CGA_MODE_ENABLE) ? 0 : v->colour & CGA_COLOUR_BORDER;
}

/* The border as the 6845's registers frame the picture: on the right
 * from the end of the displayed characters to the horizontal sync (R2 -
 * R1 characters), on the left from the sync's end to the line's (R0 + 1 -
 * R2 - R3); below from the last displayed line to the vertical sync, above
 * from the sync's end to the frame's; none where a sync starts inside the
 * picture.  In picture pixels (`pixels` a character); each line's colour
 * its view's (line_view()) when a view changed. */
static void border(const struct cga *card, const struct beam_time *t, unsigned pixels, struct video_picture *pic)
{
    const uint8_t *r = card->crtc.reg;
    const struct crtc_frame f = t->f;
    unsigned total = r[CRTC_H_TOTAL] + 1u, shown = r[CRTC_H_DISPLAYED], sync = r[CRTC_H_SYNC_POS];
    unsigned sync_end = sync + (r[CRTC_SYNC_WIDTH] & 0x0Fu), shown_lines = pic->height;
    struct cga_view v;
    if (sync >= shown && sync <= total && sync_end <= total) {
        pic->border_right = (sync - shown) * pixels;
        pic->border_left = (total - sync_end) * pixels;
    }
    if (f.vsync_from >= shown_lines && f.vsync_from + f.vsync_lines <= f.lines) {
        pic->border_bottom = f.vsync_from - shown_lines;
        pic->border_top = f.lines - f.vsync_from - f.vsync_lines;
    }
    cga_view(card, &v);
    pic->border = border_colour(&v);
    /* Line by line when a view changed (at most 4096 + 2 x 4128 lines) */
    size_t lines = (size_t)pic->border_top + pic->height + pic->border_bottom;
    if (changed_lately(card, t) && (pic->border_lines = malloc(lines)) != NULL)
        for (size_t i = 0; i < lines; i++) {
            line_view(card, t, (long)i - (long)pic->border_top, &v);
            pic->border_lines[i] = border_colour(&v);
        }
}

/* What drawing a line needs besides its view. */
struct line_ctx {
    const struct cga *card;
    const struct video_memory *mem;
    const struct video_text_look *look;
    unsigned pixels;                /* the picture's pixels a character */
    uint8_t *scratch;               /* a line as its view draws it: 255 x 16 pixels */
};

/* Lines y0 to y1 - 1 as view v draws them from start address `start`,
 * its characters at its width (char_pixels()), into px (`stride` pixels
 * a line); 0 with the video off (nothing drawn: black), else 1. */
static int draw_view(const struct line_ctx *l, const struct cga_view *v, unsigned start, unsigned y0, unsigned y1,
                     uint8_t *px, size_t stride)
{
    if (!(v->mode & CGA_MODE_ENABLE))
        return 0;
    if (v->mode & CGA_MODE_GRAPHICS) {
        int hires = v->mode & CGA_MODE_640;
        uint8_t colours[4] = { 0, (uint8_t)(v->colour & CGA_COLOUR_BORDER), 0, 0 };
        struct video_fetch f = { 0xB8000, CGA_MEM_SIZE - 1, start, 2, hires ? 1u : 2u };
        if (!hires)
            cga_palette4(v->mode, v->colour, colours);
        video_picture_graphics(l->mem, &l->card->crtc, &f, colours, y0, y1, px, stride);
    } else {
        struct video_text_look t = *l->look;
        t.blink_enabled = v->mode & CGA_MODE_BLINK;
        video_picture_text(l->mem, &l->card->crtc, &t, start, y0, y1, px, stride);
    }
    return 1;
}

/* Pixels x0 to x1 - 1 of picture line y (row: its pixels) as view v
 * draws it from start address `start`, widened to the picture's
 * characters. */
static void draw_span(const struct line_ctx *l, const struct cga_view *v, unsigned start, unsigned y, unsigned x0,
                      unsigned x1, uint8_t *row)
{
    if (x0 >= x1)
        return;
    if (!draw_view(l, v, start, y, y + 1, l->scratch, 0)) {
        memset(row + x0, 0, x1 - x0);
        return;
    }
    unsigned wide = l->pixels / char_pixels(v->mode);
    for (unsigned x = x0; x < x1; x++)
        row[x] = l->scratch[x / wide];
}

/* The first pixel of a line whose first dot is at or after `dot` of the
 * line (the line's characters being `pixels` pixels of `char_dots` dots). */
static unsigned pixel_at(uint64_t dot, unsigned pixels, unsigned char_dots)
{
    return (unsigned)((dot * pixels + char_dots - 1) / char_dots);
}

/* Picture line y's dots d0 to d1 - 1, drawn at dots base + d: from the
 * view at base + d0 on, each kept change after it taking effect from its
 * dot; from the start address the frame latched at frame_start. */
static void draw_dots(const struct line_ctx *l, const struct beam_time *t, uint64_t base, uint64_t frame_start,
                      uint32_t d0, uint32_t d1, unsigned y, uint8_t *row)
{
    const struct cga *card = l->card;
    unsigned char_dots = t->char_dots;
    struct cga_view v, latched;
    cga_view_at(card, frame_start, &latched);
    unsigned i = cga_view_at(card, base + d0, &v);
    uint32_t from = d0;
    for (; i < card->changes && cga_kept(card, i)->dot < base + d1; i++) {
        uint32_t to = (uint32_t)(cga_kept(card, i)->dot - base);
        draw_span(l, &v, latched.start, y, pixel_at(from, l->pixels, char_dots), pixel_at(to, l->pixels, char_dots),
                  row);
        if (i + 1 < card->changes)
            v = cga_kept(card, i + 1)->before;
        else
            cga_view(card, &v);
        from = to;
    }
    draw_span(l, &v, latched.start, y, pixel_at(from, l->pixels, char_dots), pixel_at(d1, l->pixels, char_dots), row);
}

/* Every mode from its registers and memory: text in cells of 8x8,
 * 320x200 in four colours (either palette, bright or not, the B/W bit's
 * third), 640x200 in two; black with the video off.  Line by line, and
 * inside a line from the dot, when a view changed (cga.h): each dot in
 * the view the beam drew it with when it last drew it (this frame's if
 * the beam has passed it, else the frame before's), each line from the
 * start address its frame latched at its start, the picture as wide as
 * the widest view in it makes it. */
static int draw(const struct display_adapter *a, const struct video_memory *mem, const struct video_bios_state *b,
                uint64_t now, struct video_picture *pic, char *why, size_t n)
{
    const struct cga *card = &a->cga;
    const struct crtc6845 *c = &card->crtc;
    (void)b;
    struct beam_time bt;
    struct cga_view v;
    beam_time(card, now, &bt);
    cga_view(card, &v);
    unsigned pixels = char_pixels(v.mode);
    for (unsigned i = 0; i < card->changes; i++)
        if (cga_kept(card, i)->dot > earliest(&bt) && char_pixels(cga_kept(card, i)->before.mode) > pixels)
            pixels = char_pixels(cga_kept(card, i)->before.mode);
    if (video_picture_new(pic, c->reg[CRTC_H_DISPLAYED] * pixels, c->reg[CRTC_V_DISPLAYED] * crtc_lines_per_row(c),
                          why, n) != 0)
        return -1;
    video_picture_rgbi(pic);
    border(card, &bt, pixels, pic);
    struct video_text_look t = { 0xB8000, CGA_MEM_SIZE - 1, 8, 8, 0, v.mode & CGA_MODE_BLINK, 1, 1 };
    video_picture_blink(c, frames(a, now), &t);
    uint8_t scratch[255 * 16];
    struct line_ctx l = { card, mem, &t, pixels, scratch };
    if (!changed_lately(card, &bt)) {       /* the picture at once */
        draw_view(&l, &v, v.start, 0, pic->height, pic->pixels, pic->width);
        return 0;
    }
    uint32_t shown = bt.f.shown_dots;
    for (unsigned y = 0; y < pic->height; y++) {
        uint64_t line = bt.frame_start + (uint64_t)y * bt.f.line_dots;
        uint32_t passed = bt.dots <= line ? 0 : bt.dots - line >= shown ? shown : (uint32_t)(bt.dots - line);
        uint8_t *row = pic->pixels + (size_t)y * pic->width;
        draw_dots(&l, &bt, line, bt.frame_start, 0, passed, y, row);
        draw_dots(&l, &bt, frame_before(&bt, line), frame_before(&bt, bt.frame_start), passed, shown, y, row);
    }
    return 0;
}

const struct video_card video_card_cga = {
    .name = "cga", .title = "CGA", .mono = 0, .planar = 0, .windows = windows,
    .waits = { 0xB8000u, 0x8000u, cga_wait, NULL, CGA_PERIOD },
    .reset = reset, .port_in = port_in, .port_out = port_out, .new_picture = new_picture,
    .frames = frames, .status = status, .status_vsync = status_vsync, .crtc = crtc,
    /* the PC BIOS: modes 0-6, 80x25 colour in the equipment word */
    .bios = { .equipment = 0x20, .modes = 0x7F, .colour_select = 1 },
    .draw = draw,
};
