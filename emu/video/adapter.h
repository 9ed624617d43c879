/*
 * emu/video/adapter.h: the display adapter in the PC's slot (--video):
 * the card present, by its descriptor (card.h, from the table cards.h),
 * and every card's registers.
 *
 * Owns the adapter's state and the calls the machine makes of it, each
 * passed to the card's descriptor: the ports it decodes (a port of another
 * card is not decoded: the machine answers FFh), its raster's frames and
 * status, the CRTC's start address, its memory windows (where it decodes
 * memory and how it repeats there; the machine, machine.c, keeps the
 * copies equal and ignores writes to A0000h-BFFFFh outside them).  The
 * cards' chips are cga.h, mda.h and ega.h; the EGA's and VGA's CRTC and the
 * VGA's DAC are kept here for ega_card.c, with the changes of their
 * colours and start address kept for drawing the picture line by line.  docs/video.md has
 * the sources.
 */
#ifndef PROFIL_EMU_ADAPTER_H
#define PROFIL_EMU_ADAPTER_H

#include <stdint.h>

#include "card.h"
#include "cga.h"
#include "ega.h"
#include "mda.h"

/* The EGA's and VGA's colour changes kept for drawing the picture line by
 * line: each write that changed a DAC component (ADAPTER_COLOUR_DAC +
 * entry x 3 + component), an attribute register (ADAPTER_COLOUR_ATTR +
 * its index) or the pel mask, the value it replaced and the CPU cycle;
 * the last ADAPTER_COLOUR_CHANGES of them (a ring, as the CGA's). */
enum { ADAPTER_COLOUR_DAC = 0, ADAPTER_COLOUR_ATTR = 768, ADAPTER_COLOUR_PEL_MASK = 768 + ATTR_REGS };
#define ADAPTER_COLOUR_CHANGES 256u
struct adapter_colour_change {
    uint64_t cycle;
    uint16_t what;
    uint8_t before;
};

/* A write of the EGA's or VGA's start address (CRTC R0Ch, R0Dh) that
 * changed it: the address it replaced and the CPU cycle; the last
 * ADAPTER_START_CHANGES of them (a ring: the CRTC latches the address at
 * the start of each vertical retrace, so two frames' writes are what the
 * picture needs). */
#define ADAPTER_START_CHANGES 16u
struct adapter_start_change {
    uint64_t cycle;
    uint16_t before;
};

struct display_adapter {
    const struct video_card *card;
    struct cga cga;                 /* the CGA's */
    struct mda mda;                 /* the MDA's and Hercules's */
    struct ega ega;                 /* the EGA's and VGA's: planes and registers */
    uint8_t crtc_index, crtc[32];   /* EGA/VGA CRTC: kept */
    uint8_t dac[768];               /* VGA DAC, 6 bits a component */
    uint16_t dac_write, dac_read;   /* next DAC byte: entry x 3 + component */
    uint8_t dac_reading;            /* 3C7h: 3 after a read index was set, else 0 */
    uint8_t pel_mask;               /* 3C6h */
    unsigned colour_first, colour_changes;  /* the ring's oldest, its count */
    struct adapter_colour_change colour_log[ADAPTER_COLOUR_CHANGES];
    unsigned start_first, start_changes;    /* the start address's ring */
    struct adapter_start_change start_log[ADAPTER_START_CHANGES];
};

/* The card as at power-on (registers 0, the DAC black, the pel mask FFh;
 * then the card's own reset). */
void adapter_reset(struct display_adapter *a, const struct video_card *card);
/* A port at CPU cycle `now`: 1 with *v when the card decodes it, else 0. */
int adapter_port_in(struct display_adapter *a, uint16_t port, uint64_t now, uint8_t *v);
int adapter_port_out(struct display_adapter *a, uint16_t port, uint8_t v, uint64_t now);
/* The BIOS set a mode: the registers as they are now count for the whole
 * picture (the changes the card kept for drawing line by line forgotten). */
void adapter_new_picture(struct display_adapter *a);
/* Keep a colour change (`what` was `before` until CPU cycle `now`). */
void adapter_colour_changed(struct display_adapter *a, uint16_t what, uint8_t before, uint64_t now);
/* The kept colour change at place i (0 the oldest). */
const struct adapter_colour_change *adapter_colour_kept(const struct display_adapter *a, unsigned i);
/* Keep a start address change (`before` until CPU cycle `now`). */
void adapter_start_changed(struct display_adapter *a, uint16_t before, uint64_t now);
/* The kept start address change at place i (0 the oldest). */
const struct adapter_start_change *adapter_start_kept(const struct display_adapter *a, unsigned i);
/* DAC component i (entry x 3 + component) := v's 6 bits at `now`, kept
 * when it changed (the ports' writes and the BIOS's alike). */
void adapter_dac_set(struct display_adapter *a, unsigned i, uint8_t v, uint64_t now);
/* The whole frames the card's raster has shown by CPU cycle `now` (the
 * blink's clock). */
uint64_t adapter_frames(const struct display_adapter *a, uint64_t now);
/* The status register (3DAh, 3BAh on a monochrome card) at `now`. */
uint8_t adapter_status(const struct display_adapter *a, uint64_t now);
/* The memory windows the card decodes now; the count. */
unsigned adapter_windows(const struct display_adapter *a, struct vram_window w[ADAPTER_MAX_WINDOWS]);
/* What a read of `port` that gave `v` says of the vertical sync: 1 in
 * it, 0 not, -1 when the port is not the card's status port or the card
 * shows no vertical sync there (the MDA).  Bit 3 of 3DAh (3BAh on the
 * EGA and VGA too), bit 7 low on the Hercules's 3BAh (docs/video.md). */
int adapter_status_vsync(const struct display_adapter *a, uint16_t port, uint8_t v);
/* After a write to `port`: 1 with the CRTC's start address (R12 high,
 * R13 low) when it was a write of R12 or R13, else 0. */
int adapter_start_address(const struct display_adapter *a, uint16_t port, uint16_t *address);
/* The CRTC's start address now (R12 high, R13 low). */
uint16_t adapter_start(const struct display_adapter *a);
/* The card's memory is its planes (ega.h), which every CPU access of
 * A0000h-BFFFFh reaches, not the machine's bytes. */
static inline int adapter_is_planar(const struct display_adapter *a) { return a->card->planar; }

#endif
