/*
 * emu/pc/video.h: the display adapter as the guest sees it.
 *
 * Owns the screen model: the video mode, pages and cursors kept where the
 * IBM BIOS keeps them (the data area at 40:49h-40:89h), the characters and
 * attributes in video memory (B800h for modes 0-3, B000h for mode 7,
 * A000h for mode 13h), teletype output with scrolling, window scrolls,
 * and the CRT status port 3DAh whose retrace bits follow emulated time.
 * All state lives in guest memory or the machine, so a program that reads
 * the screen sees the same bytes on every run.  INT 10h (bios_video.c)
 * and the console (console.c) are built on it; it draws no glyphs.
 */
#ifndef PROFIL_EMU_VIDEO_H
#define PROFIL_EMU_VIDEO_H

#include <stdint.h>

struct machine;

#define VIDEO_ATTR_NORMAL 0x07u

/* Mode 3, 80x25, blank, cursor at the top left. */
void video_init(struct machine *m);
/* INT 10h AH=00h: 0-3 and 7 (text), 4-6 and 0Dh-13h (graphics: memory
 * cleared, no drawing).  Bit 7 of `mode` keeps video memory.  -1 for a
 * mode no IBM adapter has. */
int video_set_mode(struct machine *m, uint8_t mode);
uint8_t video_mode(const struct machine *m);
int video_is_text(const struct machine *m);
unsigned video_cols(const struct machine *m);
unsigned video_rows(const struct machine *m);
uint8_t video_page(const struct machine *m);
void video_set_page(struct machine *m, uint8_t page);
/* Linear address of a text page's first cell. */
uint32_t video_page_base(const struct machine *m, uint8_t page);

void video_get_cursor(const struct machine *m, uint8_t page, uint8_t *row, uint8_t *col);
void video_set_cursor(struct machine *m, uint8_t page, uint8_t row, uint8_t col);

/* Teletype (INT 10h 0Eh): CR, LF, BS and BEL act; others are written at
 * the cursor of the active page, which advances, wraps and scrolls.  As
 * the BIOS does, a written character keeps the attribute of its cell, and
 * the line a scroll brings in takes the attribute under the cursor. */
void video_teletype(struct machine *m, uint8_t ch);
/* INT 10h 06h/07h: scroll the window rows top..bottom, columns
 * left..right of the active page up (or down) by `lines`, filling with
 * blanks of `attr`; 0 lines, or more than the window, blanks it all. */
void video_scroll(struct machine *m, int down, uint8_t lines, uint8_t attr,
                  uint8_t top, uint8_t left, uint8_t bottom, uint8_t right);
/* INT 10h 09h/0Ah: `count` copies of ch (and attr when with_attr) from
 * the page's cursor on, the cursor staying where it is. */
void video_write_cells(struct machine *m, uint8_t page, uint8_t ch, uint8_t attr, uint16_t count, int with_attr);
/* INT 10h 08h: attribute << 8 | character at the page's cursor. */
uint16_t video_read_cell(const struct machine *m, uint8_t page);
/* One character with its attribute at row, col of a page (no cursor move). */
void video_put_cell(struct machine *m, uint8_t page, uint8_t row, uint8_t col, uint8_t ch, uint8_t attr);

/* The VGA's default 256-colour palette (6 bits a component), which
 * setting mode 13h loads into the DAC (m->dac). */
void video_default_palette(uint8_t dac[768]);

/* Mode 13h pixels (INT 10h 0Ch/0Dh); other modes ignore them. */
void video_put_pixel(struct machine *m, uint16_t x, uint16_t y, uint8_t colour);
uint8_t video_get_pixel(const struct machine *m, uint16_t x, uint16_t y);

/* Port 3DAh at emulated time `now`: bit 0 display disabled (blanking),
 * bit 3 vertical retrace, from a CGA frame of 262 lines of 304 CPU
 * cycles (59.92 Hz). */
uint8_t video_status(uint64_t now);

#endif
