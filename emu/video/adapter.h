/*
 * emu/video/adapter.h: the display adapter in the PC's slot, one of five
 * (--video): its kind, the ports it decodes and the memory it answers.
 *
 * Owns which card is present and dispatches to its model: the CGA
 * (cga.h), the MDA and Hercules (mda.h), the EGA's and VGA's planes,
 * sequencer, graphics and attribute controllers (ega.h); of those two it
 * keeps itself their CRTC registers at 3D4h/3D5h (3B4h/3B5h), the VGA's
 * DAC at 3C6h-3C9h, and status at 3DAh/3BAh from a fixed raster (the
 * EGA's 200-line one, the VGA's 70 Hz 400-line one).  A port of another card
 * is not decoded (the machine answers FFh).  The card's memory windows
 * (adapter_windows) say where it decodes memory and how it repeats there;
 * the machine (machine.c) keeps its copies equal and ignores writes to
 * A0000h-BFFFFh outside them.  docs/video.md has the sources.
 */
#ifndef PROFIL_EMU_ADAPTER_H
#define PROFIL_EMU_ADAPTER_H

#include <stdint.h>

#include "cga.h"
#include "ega.h"
#include "mda.h"

enum video_card { VIDEO_CGA, VIDEO_MDA, VIDEO_HERCULES, VIDEO_EGA, VIDEO_VGA, VIDEO_CARDS };

/* "cga", "mda", "hercules", "ega", "vga". */
const char *video_card_name(enum video_card card);
/* One of those names; -1 when it is none. */
int video_card_parse(const char *name, enum video_card *out);

/* Where a card decodes memory: the linear addresses lo..hi-1, the card's
 * `size` bytes repeating through them (size == hi - lo: no mirror). */
struct vram_window {
    uint32_t lo, hi, size;
};
#define VRAM_LO 0xA0000u            /* the adapters' address space        */
#define VRAM_HI 0xC0000u
#define ADAPTER_MAX_WINDOWS 2

struct display_adapter {
    enum video_card card;
    struct cga cga;                 /* VIDEO_CGA */
    struct mda mda;                 /* VIDEO_MDA, VIDEO_HERCULES */
    struct ega ega;                 /* VIDEO_EGA, VIDEO_VGA: planes and registers */
    uint8_t crtc_index, crtc[32];   /* EGA/VGA CRTC: kept */
    uint8_t dac[768];               /* VGA DAC, 6 bits a component */
    uint16_t dac_write, dac_read;   /* next DAC byte: entry x 3 + component */
    uint8_t dac_reading;            /* 3C7h: 3 after a read index was set, else 0 */
    uint8_t pel_mask;               /* 3C6h */
};

/* The card as at power-on (registers 0, the DAC black). */
void adapter_reset(struct display_adapter *a, enum video_card card);
/* A port: 1 with *v when the card decodes it, else 0. */
int adapter_port_in(struct display_adapter *a, uint16_t port, uint64_t now, uint8_t *v);
int adapter_port_out(struct display_adapter *a, uint16_t port, uint8_t v);
/* The whole frames the card's raster has shown by CPU cycle `now` (the
 * blink's clock). */
uint64_t adapter_frames(const struct display_adapter *a, uint64_t now);
/* The status register (3DAh, 3BAh on a monochrome card) at `now`. */
uint8_t adapter_status(const struct display_adapter *a, uint64_t now);
/* The memory windows the card decodes now (a Hercules's second page
 * only with 3BFh bit 1); the count. */
unsigned adapter_windows(const struct display_adapter *a, struct vram_window w[ADAPTER_MAX_WINDOWS]);
/* The card's video BIOS ROM at VIDEO_ROM_LO: its bytes (the EGA's 16 KiB,
 * the VGA's 32 KiB; 0: none, the CGA and MDA have theirs in the system
 * BIOS).  The machine ignores the guest's writes there. */
#define VIDEO_ROM_LO 0xC0000u
uint32_t adapter_rom_size(const struct display_adapter *a);
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
/* The colour card (CGA, EGA, VGA) or the monochrome one (MDA, Hercules). */
int adapter_is_mono(const struct display_adapter *a);
/* The EGA or VGA: its memory is its planes (ega.h), which every CPU
 * access of A0000h-BFFFFh reaches, not the machine's bytes. */
static inline int adapter_is_planar(const struct display_adapter *a) { return a->card >= VIDEO_EGA; }

#endif
