/*
 * emu/video/mda.h: the IBM Monochrome Display and Printer Adapter and the
 * Hercules Graphics Card (an MDA with 64 KiB and a 720x348 graphics mode),
 * as state machines in emulated time.
 *
 * Owns their ports: the 6845 at 3B4h/3B5h (3B0h-3B7h), the mode control
 * register 3B8h, the status register 3BAh (horizontal sync from the
 * 6845's raster on the cards' 16.257 MHz dot clock; on the Hercules also
 * vertical sync in bit 7, low during the sync, and its id 000 in bits
 * 4-6), and the Hercules configuration switch 3BFh, which gates 3B8h's
 * graphics and page bits and maps the second 32 KiB page at B8000h
 * (the windows in mda_card.c).  The memory is the machine's.  docs/video.md has the
 * sources.
 */
#ifndef PROFIL_EMU_MDA_H
#define PROFIL_EMU_MDA_H

#include <stdint.h>

#include "crtc6845.h"

/* 3B8h, the mode control register. */
#define MDA_MODE_HIRES    0x01u     /* must be set on the MDA             */
#define MDA_MODE_GRAPHICS 0x02u     /* Hercules: 720x348 graphics          */
#define MDA_MODE_ENABLE   0x08u
#define MDA_MODE_BLINK    0x20u     /* attribute bit 7 blinks, else bright background */
#define MDA_MODE_PAGE1    0x80u     /* Hercules: show the page at B8000h   */

/* 3BFh, the Hercules configuration switch. */
#define HERC_CONFIG_GRAPHICS 0x01u  /* 3B8h's graphics bit may be set      */
#define HERC_CONFIG_PAGE1    0x02u  /* the second page exists (B8000h) and 3B8h's page bit may be set */

#define MDA_MEM_SIZE  0x1000u       /* 4 KiB, mirrored through B0000h-B7FFFh */
#define HERC_PAGE_SIZE 0x8000u      /* two pages of 32 KiB */

/* The dot clock, 16.257 MHz, in CPU cycles of 14.31818 / 3 MHz:
 * 16257000 x 3 / 14318180 = MDA_DOTS_NUM / MDA_DOTS_DEN. */
#define MDA_DOTS_NUM 2438550u
#define MDA_DOTS_DEN 715909u

struct mda {
    struct crtc6845 crtc;
    int hercules;           /* the card is a Hercules Graphics Card */
    uint8_t mode;           /* 3B8h as last written */
    uint8_t config;         /* 3BFh (Hercules) */
};

void mda_reset(struct mda *c, int hercules);
/* A port of the card: 1 with *v, 0 when the card does not decode it. */
int mda_port_in(struct mda *c, uint16_t port, uint64_t now, uint8_t *v);
int mda_port_out(struct mda *c, uint16_t port, uint8_t v);
/* 3B8h as it acts: the graphics and page bits only where 3BFh allows them. */
uint8_t mda_mode(const struct mda *c);
/* The raster the registers make: characters of 9 dots, 16 in Hercules
 * graphics (two bytes of pixels). */
void mda_frame(const struct mda *c, struct crtc_frame *f);
/* The dots the card's clock has counted by CPU cycle `now`. */
uint64_t mda_dots(uint64_t now);
uint8_t mda_status(const struct mda *c, uint64_t now);

#endif
