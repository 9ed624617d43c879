/*
 * emu/video/cga.h: the IBM Color/Graphics Monitor Adapter's registers, as a
 * state machine in emulated time.
 *
 * Owns the card's ports: the 6845 at 3D4h/3D5h (3D0h-3D7h, the card
 * decodes only A0), the mode control register 3D8h, the colour select
 * register 3D9h, the status register 3DAh (display enable and vertical
 * sync from the 6845's raster on the card's 14.31818 MHz dot clock, the
 * system crystal: three dots a CPU cycle), and the light pen latches
 * 3DBh/3DCh (accepted, no pen).  Its 16 KiB of memory are the machine's
 * (B8000h, mirrored at BC000h: its window in cga_card.c).  docs/video.md
 * has the sources.
 */
#ifndef PROFIL_EMU_CGA_H
#define PROFIL_EMU_CGA_H

#include <stdint.h>

#include "crtc6845.h"

/* 3D8h, the mode control register. */
#define CGA_MODE_HIRES    0x01u     /* 80-column text: characters of 8 dots, else 16 */
#define CGA_MODE_GRAPHICS 0x02u
#define CGA_MODE_BW       0x04u     /* colour burst off; the third palette in 320x200 on RGB */
#define CGA_MODE_ENABLE   0x08u
#define CGA_MODE_640      0x10u     /* 640x200 one bit a pixel */
#define CGA_MODE_BLINK    0x20u     /* attribute bit 7 blinks, else a bright background */

/* 3D9h, the colour select register. */
#define CGA_COLOUR_BORDER    0x0Fu  /* text: border; 320x200: colour 0; 640x200: foreground */
#define CGA_COLOUR_INTENSE   0x10u  /* 320x200: the bright palette */
#define CGA_COLOUR_PALETTE1  0x20u  /* 320x200: cyan, magenta, white, else green, red, brown */

#define CGA_MEM_SIZE 0x4000u

/* CPU cycles of the dot clock: 14.31818 MHz = 3 x 4.772727 MHz. */
#define CGA_DOTS_PER_CYCLE 3u

/* What the picture of a scan line is drawn from (cga_card.c): mode
 * control, colour select and the 6845's start address (R12:R13). */
struct cga_view {
    uint8_t mode, colour;
    uint16_t start;
};

/* The changes kept for drawing the picture line by line, and inside a
 * line from its dot: each write that changed the view (3D8h, 3D9h, R12 or
 * R13), the view it replaced and when (the dot since power-on), the last
 * CGA_CHANGES of them (a ring: whatever the program writes, a write costs
 * the same and a picture at most CGA_CHANGES more spans). */
#define CGA_CHANGES 256u
struct cga_change {
    uint64_t dot;
    struct cga_view before;
};

struct cga {
    struct crtc6845 crtc;
    uint8_t mode;           /* 3D8h as last written */
    uint8_t colour;         /* 3D9h as last written */
    unsigned first, changes;                /* the ring's oldest, its count */
    struct cga_change log[CGA_CHANGES];
};

/* As at power-on: every register 0 (the BIOS then sets a mode). */
void cga_reset(struct cga *c);
/* A port of the card: 1 with *v, 0 when the card does not decode it. */
int cga_port_in(struct cga *c, uint16_t port, uint64_t now, uint8_t *v);
int cga_port_out(struct cga *c, uint16_t port, uint8_t v, uint64_t now);
/* The view as the registers are now. */
void cga_view(const struct cga *c, struct cga_view *v);
/* The view as it was at dot `dot` (since power-on): the one the first
 * kept change after it replaced, else as now; and that change's place
 * among the kept ones (0 the oldest; c->changes: none after `dot`). */
unsigned cga_view_at(const struct cga *c, uint64_t dot, struct cga_view *v);
/* The kept change at place i (0 the oldest). */
const struct cga_change *cga_kept(const struct cga *c, unsigned i);
/* Forget the changes: the view as it is for every line (a BIOS mode set). */
void cga_forget_changes(struct cga *c);
/* A character clock's dots in mode control `mode`: 8 in 80-column text,
 * else 16. */
unsigned cga_char_dots(uint8_t mode);
/* The raster the registers make. */
void cga_frame(const struct cga *c, struct crtc_frame *f);
/* Port 3DAh at emulated time `now` (CPU cycles): bit 0 display enable off
 * (blanking: a regen access now does not disturb the picture), bit 3
 * vertical sync, bits 4-7 read 1, no light pen (bits 1-2 0). */
uint8_t cga_status(const struct cga *c, uint64_t now);

/* The RGBI monitor's 16 colours (the IBM 5153's, colour 6 brown: its
 * circuit halves the green of dark yellow), 8 bits a component. */
extern const uint8_t cga_rgbi[16][3];
/* The four colours of 320x200 as mode control and colour select choose
 * them (RGBI numbers). */
void cga_palette4(uint8_t mode, uint8_t colour, uint8_t out[4]);

#endif
