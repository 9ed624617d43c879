/*
 * emu/video/card.h: a display adapter's descriptor, one per card (in the
 * spirit of 86Box's device_t): what the rest of the emulator asks of a
 * card, as operations and facts, so that nothing outside the card's own
 * file tests which card it is.
 *
 * Owns the descriptor's shape: the card's name for --video, the ports it
 * decodes, the memory it answers (its windows and mirrors, or planes that
 * every access reaches), the wait states its memory makes the 8088 wait
 * under --timing bus, its raster (frames, status, vertical sync, the
 * CRTC's start address), what its BIOS has (the modes, the parameter
 * tables, the functions, the data area's fields, the option ROM) and how
 * it draws its picture.  The descriptors themselves are each card's file's
 * (cga_card.c, mda_card.c, ega_card.c); cards.h is the one table of them.
 */
#ifndef PROFIL_EMU_VIDEO_CARD_H
#define PROFIL_EMU_VIDEO_CARD_H

#include <stddef.h>
#include <stdint.h>

struct display_adapter;
struct ega;
struct ega_params;
struct video_picture;

/* Where a card decodes memory: the linear addresses lo..hi-1, the card's
 * `size` bytes repeating through them (size == hi - lo: no mirror). */
struct vram_window {
    uint32_t lo, hi, size;
};
#define VRAM_LO 0xA0000u            /* the adapters' address space        */
#define VRAM_HI 0xC0000u
#define ADAPTER_MAX_WINDOWS 2
/* The most bytes a card's second window holds while the card unmaps it
 * (the Hercules's second page, 32 KiB): the machine keeps them aside. */
#define VRAM_ASIDE 0x8000u
/* The card's video BIOS ROM, when it has one, is at VIDEO_ROM_LO. */
#define VIDEO_ROM_LO 0xC0000u

/* The wait states a bus cycle to the card's memory takes under --timing
 * bus: the range [base, base + span), and wait(ctx, t1), the wait states
 * of a cycle whose T1 is at CPU clock t1, repeating every `period` clocks
 * (emu/cpu/biu.h's struct biu_waits).  wait NULL: the card adds none.
 * Each card's rule and where it comes from: docs/timing.md, "Wait states
 * of video memory". */
struct video_waits {
    uint32_t base, span;
    unsigned (*wait)(const void *ctx, uint64_t t1);
    const void *ctx;                /* what the rule is given: its figures */
    unsigned period;
};

/* A flat average of wait states in whole clocks, the rule of a card whose
 * clock is not the CPU's (the phase of a cycle against the card's slots
 * unknown, only the average known): with ctx a struct video_waits_average,
 * `whole` wait states, one more for a T1 in the first `sixteenths` of
 * every 16 clocks (cards.c).  So a loop whose accesses come every L
 * clocks, L = 2^k x an odd number (k < 4), and so meet every 2^k-th phase,
 * meets within one of its share of the longer waits in each 16 of its
 * accesses.  Its period is 16. */
struct video_waits_average {
    unsigned whole, sixteenths;
};
#define VIDEO_WAITS_AVERAGE_PERIOD 16u
unsigned video_waits_average(const void *ctx, uint64_t t1);

/* What the BIOS keeps of the screen that a card's picture reads: the mode
 * (40:49h), its columns, rows and shown page's start (40:4Ah, 40:84h,
 * 40:4Eh), whether the card's BIOS programmed its registers for the mode
 * (video_ega_mode_programmed), and whether the mode is a text mode. */
struct video_bios_state {
    uint8_t mode;
    unsigned cols, rows;
    uint16_t page_start;
    int programmed, text;
};

/* The memory a picture is drawn from: the machine's bytes, or a planar
 * card's planes as a host read sees them (ega_peek). */
struct video_memory {
    const uint8_t *bytes;           /* the machine's 1 MiB */
    const struct ega *planes;       /* NULL: the bytes */
};

/* What a card's BIOS has. */
struct video_card_bios {
    uint16_t equipment;             /* 40:10h bits 4-5: 10b colour 80x25, 11b mono, 00b own BIOS */
    uint32_t modes;                 /* bit n: INT 10h AH=00h sets mode n */
    uint8_t forced_mode;            /* not 0: every mode set sets this one (a monochrome card's 7) */
    uint8_t text_char_height;       /* 40:85h in its text modes; 0: no 40:84h-40:85h (CGA, MDA) */
    /* The registers its BIOS programs for mode n, n < VIDEO_BIOS_MODES
     * (NULL: none, the mode is CGA-compatible); NULL: the PC BIOS's 6845
     * tables (video.c) program the card. */
    const struct ega_params *const *params;
    unsigned colour_select : 1;     /* INT 10h 0Bh writes 3D9h (the CGA's) */
    unsigned ega_functions : 1;     /* INT 10h 10h-12h (the EGA's and VGA's) */
    unsigned vga_functions : 1;     /* the VGA's: palette reads, the DAC, 1Ah, the DAC loaded by a mode set */
    uint32_t rom_size;              /* its option ROM at VIDEO_ROM_LO (0: the system BIOS has its code) */
    /* Where its option ROM keeps its fonts of 256 characters, offsets from
     * VIDEO_ROM_LO (0: none).  A card with an 8x8 one points INT 1Fh at its
     * characters 128-255 and INT 43h at the font of each mode's character
     * height, and writes text in modes 0Dh-13h; without, the PC BIOS's 8x8
     * at F000:FA6E draws characters 0-127 in modes 4-6, INT 1Fh 0000:0000. */
    uint16_t font_8x8, font_8x14, font_8x16;
};
#define VIDEO_BIOS_MODES 0x14u

struct video_card {
    const char *name;               /* --video, recordings, profil_video */
    const char *title;              /* "VGA", in messages */
    int mono;                       /* a monochrome card: mode 7 at power-on */
    /* Memory: planar, every CPU access of A0000h-BFFFFh through the card's
     * planes (ega.h); else the windows it decodes now (a Hercules's second
     * page only with 3BFh bit 1), their count. */
    int planar;
    unsigned (*windows)(const struct display_adapter *a, struct vram_window w[ADAPTER_MAX_WINDOWS]);
    struct video_waits waits;
    /* The card as at power-on, after adapter_reset() zeroed it. */
    void (*reset)(struct display_adapter *a);
    /* A port at CPU cycle `now`: 1 with *v when the card decodes it, else 0. */
    int (*port_in)(struct display_adapter *a, uint16_t port, uint64_t now, uint8_t *v);
    int (*port_out)(struct display_adapter *a, uint16_t port, uint8_t v, uint64_t now);
    /* NULL, or: forget the register changes kept for drawing the picture
     * line by line (adapter_new_picture()). */
    void (*new_picture)(struct display_adapter *a);
    /* The whole frames its raster has shown by CPU cycle `now`; its status
     * register (3DAh, 3BAh) at `now`; what a read of `port` that gave `v`
     * says of the vertical sync (1 in it, 0 not, -1 not its status port
     * or no sync shown there). */
    uint64_t (*frames)(const struct display_adapter *a, uint64_t now);
    uint8_t (*status)(const struct display_adapter *a, uint64_t now);
    int (*status_vsync)(uint16_t port, uint8_t v);
    /* Its CRTC's registers and index, and whether `port` is the CRTC's
     * data port. */
    const uint8_t *(*crtc)(const struct display_adapter *a, uint16_t port, uint8_t *index, int *data_port);
    struct video_card_bios bios;
    /* The picture it shows from its registers, memory and the BIOS's state
     * at CPU cycle `now` (video_draw.h). */
    int (*draw)(const struct display_adapter *a, const struct video_memory *mem, const struct video_bios_state *b,
                uint64_t now, struct video_picture *pic, char *why, size_t n);
};

#endif
