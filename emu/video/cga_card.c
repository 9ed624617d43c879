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

/* Where the beam is at `now`: the raster, the dot since power-on and the
 * dot its frame began at. */
struct beam_time {
    struct crtc_frame f;
    uint64_t dots, frame_start;
};

static void beam_time(const struct cga *card, uint64_t now, struct beam_time *t)
{
    struct crtc_beam beam;
    cga_frame(card, &t->f);
    t->dots = now * CGA_DOTS_PER_CYCLE;
    crtc_beam_at(&t->f, t->dots, &beam);
    t->frame_start = t->dots - ((uint64_t)beam.line * t->f.line_dots + beam.dot);
}

/* The colour select the beam drew raster line y with (y < 0: the frame
 * before's line lines + y) when it last drew it: in this frame if the beam
 * has passed the middle of the line's picture, else in the one before; a
 * line takes the value at that middle (most of its dots show it). */
static uint8_t line_colour(const struct cga *card, const struct beam_time *t, long y)
{
    uint64_t frame = (uint64_t)t->f.line_dots * t->f.lines;
    uint64_t at = t->frame_start + t->f.shown_dots / 2, back = y < 0 ? (uint64_t)-y * t->f.line_dots : 0;
    at = y < 0 ? (at >= back ? at - back : 0) : at + (uint64_t)y * t->f.line_dots;
    if (at > t->dots)
        at = at >= frame ? at - frame : 0;
    return cga_colour_at(card, at);
}

/* The border as the 6845's registers frame the picture: on the right
 * from the end of the displayed characters to the horizontal sync (R2 -
 * R1 characters), on the left from the sync's end to the line's (R0 + 1 -
 * R2 - R3); below from the last displayed line to the vertical sync, above
 * from the sync's end to the frame's; none where a sync starts inside the
 * picture.  In picture pixels (a 40-column or graphics character clock is
 * 16 dots, 8 pixels: two dots a pixel but in 80-column text and 640x200).
 * Its colour is 3D9h's bits 0-3, black in 640x200 (where they are the
 * foreground) and with the video off. */
static uint8_t border_colour(const struct cga *card, uint8_t colour)
{
    return (card->mode & CGA_MODE_640) || !(card->mode & CGA_MODE_ENABLE) ? 0 : colour & CGA_COLOUR_BORDER;
}

static void border(const struct cga *card, const struct beam_time *t, struct video_picture *pic)
{
    const uint8_t *r = card->crtc.reg;
    const struct crtc_frame f = t->f;
    unsigned char_dots = card->mode & CGA_MODE_HIRES ? 8u : 16u;
    unsigned per_pixel = (card->mode & CGA_MODE_HIRES) || (card->mode & CGA_MODE_640) ? 1u : 2u;
    unsigned total = r[CRTC_H_TOTAL] + 1u, shown = r[CRTC_H_DISPLAYED], sync = r[CRTC_H_SYNC_POS];
    unsigned sync_end = sync + (r[CRTC_SYNC_WIDTH] & 0x0Fu), shown_lines = pic->height;
    if (sync >= shown && sync <= total && sync_end <= total) {
        pic->border_right = (sync - shown) * char_dots / per_pixel;
        pic->border_left = (total - sync_end) * char_dots / per_pixel;
    }
    if (f.vsync_from >= shown_lines && f.vsync_from + f.vsync_lines <= f.lines) {
        pic->border_bottom = f.vsync_from - shown_lines;
        pic->border_top = f.lines - f.vsync_from - f.vsync_lines;
    }
    pic->border = border_colour(card, card->colour);
    /* Line by line when 3D9h changed (at most 4096 + 2 x 4128 lines) */
    size_t lines = (size_t)pic->border_top + pic->height + pic->border_bottom;
    if (card->changes && (pic->border_lines = malloc(lines)) != NULL)
        for (size_t i = 0; i < lines; i++)
            pic->border_lines[i] = border_colour(card, line_colour(card, t, (long)i - (long)pic->border_top));
}

/* Every mode from its registers and memory: text in cells of 8x8,
 * 320x200 in four colours (either palette, bright or not, the B/W bit's
 * third), 640x200 in two; black with the video off. */
static int draw(const struct display_adapter *a, const struct video_memory *mem, const struct video_bios_state *b,
                uint64_t now, struct video_picture *pic, char *why, size_t n)
{
    const struct cga *card = &a->cga;
    const struct crtc6845 *c = &card->crtc;
    (void)b;
    int graphics = card->mode & CGA_MODE_GRAPHICS, wide = card->mode & CGA_MODE_640;
    unsigned cols = c->reg[CRTC_H_DISPLAYED];
    unsigned width = graphics ? cols * (wide ? 16u : 8u) : cols * 8u;
    if (video_picture_new(pic, width, c->reg[CRTC_V_DISPLAYED] * crtc_lines_per_row(c), why, n) != 0)
        return -1;
    struct beam_time bt;
    beam_time(card, now, &bt);
    video_picture_rgbi(pic);
    border(card, &bt, pic);
    if (!(card->mode & CGA_MODE_ENABLE))
        return 0;                           /* video off: black */
    if (graphics) {
        /* Line by line: each line in the colour select it was drawn with
         * (line_colour()), in spans of lines that share one. */
        for (unsigned y0 = 0, y1; y0 < pic->height; y0 = y1) {
            uint8_t colour = line_colour(card, &bt, y0), colours[4];
            for (y1 = y0 + 1; y1 < pic->height && line_colour(card, &bt, y1) == colour; y1++)
                ;
            if (wide) {
                colours[0] = 0;
                colours[1] = colour & CGA_COLOUR_BORDER;
            } else {
                cga_palette4(card->mode, colour, colours);
            }
            video_picture_graphics(mem, c, 0xB8000, CGA_MEM_SIZE - 1, 2, wide ? 1 : 2, colours, y0, y1, pic);
        }
        return 0;
    }
    struct video_text_look t = { 0xB8000, CGA_MEM_SIZE - 1, 8, 8, 0, card->mode & CGA_MODE_BLINK, 1, 1 };
    video_picture_blink(c, frames(a, now), &t);
    video_picture_text(mem, c, &t, pic);
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
