/*
 * emu/video/crtc6845.h: the Motorola 6845 CRT controller of the CGA, MDA and
 * Hercules cards, as a state machine in emulated time.
 *
 * Owns the 18 registers behind the index/data port pair, what a program
 * can read back of them (the cursor address R14/R15 and the light pen
 * R16/R17; the others read 0, as on the MC6845), and the raster they
 * describe: a frame of (R4+1) character rows of (R9+1) scan lines plus R5
 * adjust lines, each line (R0+1) characters of the card's dots.  The beam
 * is not stepped: its position is computed from the dots the card's clock
 * has counted, so the chip costs nothing per instruction.  Any register
 * values give a frame of at least one dot and one line (no division by
 * zero, no endless frame).  docs/video.md has the sources.
 */
#ifndef PROFIL_EMU_CRTC6845_H
#define PROFIL_EMU_CRTC6845_H

#include <stdint.h>

enum {
    CRTC_H_TOTAL, CRTC_H_DISPLAYED, CRTC_H_SYNC_POS, CRTC_SYNC_WIDTH,
    CRTC_V_TOTAL, CRTC_V_ADJUST, CRTC_V_DISPLAYED, CRTC_V_SYNC_POS,
    CRTC_INTERLACE, CRTC_MAX_SCAN, CRTC_CURSOR_START, CRTC_CURSOR_END,
    CRTC_START_HI, CRTC_START_LO, CRTC_CURSOR_HI, CRTC_CURSOR_LO,
    CRTC_PEN_HI, CRTC_PEN_LO, CRTC_REGS
};

/* The MC6845's vertical sync lasts 16 scan lines (its width is fixed). */
#define CRTC_VSYNC_LINES 16u

struct crtc6845 {
    uint8_t index;                  /* the register the data port reaches */
    uint8_t reg[CRTC_REGS];         /* as written, masked to its width   */
};

/* A raster in the card's dots and scan lines: the 6845's (crtc_frame_of)
 * or a fixed one (the EGA/VGA models).  A sync that starts inside the
 * line (frame) lasts its width, running on into the next one as the
 * 6845's sync counters do; one that starts past the total never comes. */
struct crtc_frame {
    uint32_t line_dots, lines;          /* totals, each >= 1            */
    uint32_t shown_dots, shown_lines;   /* the picture's part           */
    uint32_t hsync_from, hsync_dots;    /* dots in a line               */
    uint32_t vsync_from, vsync_lines;   /* lines in the frame           */
};

/* Where the beam is. */
struct crtc_beam {
    uint32_t line, dot;
    int display;                        /* inside the picture           */
    int hsync, vsync;
};

void crtc_write_index(struct crtc6845 *c, uint8_t v);
void crtc_write_data(struct crtc6845 *c, uint8_t v);
uint8_t crtc_read_data(const struct crtc6845 *c);
/* The 6845 as a card decodes it in its eight ports from `base` (3D0h on
 * the CGA, 3B0h on the MDA and Hercules): its index at even addresses
 * (write-only: FFh), its data at odd ones.  0 when `port` is none of
 * them (the card's other registers), else 1. */
int crtc_port_in(const struct crtc6845 *c, uint16_t base, uint16_t port, uint8_t *v);
int crtc_port_out(struct crtc6845 *c, uint16_t base, uint16_t port, uint8_t v);
/* Loads R0-R15 from a table of 16 values (a BIOS's mode parameters). */
void crtc_load(struct crtc6845 *c, const uint8_t regs[16]);

uint16_t crtc_start_address(const struct crtc6845 *c);     /* R12:R13, 14 bits */
uint16_t crtc_cursor_address(const struct crtc6845 *c);    /* R14:R15, 14 bits */
void crtc_set_start_address(struct crtc6845 *c, uint16_t a);
void crtc_set_cursor_address(struct crtc6845 *c, uint16_t a);
unsigned crtc_lines_per_row(const struct crtc6845 *c);     /* R9 + 1 */

/* The raster of the registers with characters of `char_dots` dots (>= 1). */
void crtc_frame_of(const struct crtc6845 *c, unsigned char_dots, struct crtc_frame *f);
/* Whole frames after `dots` dots since power-on (the blink's clock). */
uint64_t crtc_frames(const struct crtc_frame *f, uint64_t dots);
/* The beam after `dots` dots since power-on. */
void crtc_beam_at(const struct crtc_frame *f, uint64_t dots, struct crtc_beam *b);

#endif
