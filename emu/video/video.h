/*
 * emu/video/video.h: the screen as the video BIOS keeps it, over the card
 * in the machine (adapter.h, card.h: --video).
 *
 * Owns the screen model: the video modes the card's BIOS has, pages and
 * cursors kept where the IBM BIOS keeps them (the data area at
 * 40:49h-40:66h, and 40:84h-40:85h on an EGA or VGA), the card's
 * registers as that BIOS programs them for a mode (the 6845 from the
 * PC BIOS's table, 3D8h/3D9h or 3B8h, the start and cursor addresses for
 * the page and cursor), the characters and attributes in video memory
 * (B800h for modes 0-3, B000h for mode 7, A000h for EGA/VGA graphics),
 * teletype output with scrolling, window scrolls, text drawn in the
 * graphics modes as their BIOS draws it, the fonts in the ROMs and the
 * vectors to them (INT 1Fh, 43h), CGA, planar and mode 13h pixels.  All state lives in guest memory or the machine, so a program
 * that reads the screen sees the same bytes on every run.  INT 10h
 * (bios_video.c) and the console (console.c) are built on it;
 * video_draw.h turns what the card shows into pixels.
 */
#ifndef PROFIL_EMU_VIDEO_H
#define PROFIL_EMU_VIDEO_H

#include <stdint.h>

struct machine;

#define VIDEO_ATTR_NORMAL 0x07u

/* Mode 3 (mode 7 on a monochrome card), blank, cursor at the top left. */
void video_init(struct machine *m);
/* INT 10h AH=00h with the card's BIOS: the CGA's 0-6, the EGA's 0-7 and
 * 0Dh-10h, the VGA's up to 13h; a monochrome card's BIOS sets 7 whatever
 * is asked.  Bit 7 of `mode` keeps video memory.  -1 (nothing changed)
 * for a mode the card's BIOS does not have. */
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
/* Also the 6845's cursor address when `page` is the one shown. */
void video_set_cursor(struct machine *m, uint8_t page, uint8_t row, uint8_t col);
/* INT 10h AH=01h: start scan line << 8 | end, into 40:60h and the 6845. */
void video_set_cursor_type(struct machine *m, uint16_t start_end);

/* Teletype (INT 10h 0Eh): CR, LF, BS and BEL act; others are written at
 * the cursor of the active page, which advances, wraps and scrolls.  As
 * the BIOS does, a written character keeps the attribute of its cell, and
 * the line a scroll brings in takes the attribute under the cursor; in a
 * graphics mode the character is drawn in `colour` (BL; bit 7 XORs it)
 * and the line brought in is colour 0. */
void video_teletype(struct machine *m, uint8_t ch, uint8_t colour);
/* INT 10h 06h/07h: scroll the window rows top..bottom, columns
 * left..right of the active page up (or down) by `lines`, filling with
 * blanks of `attr`; 0 lines, or more than the window, blanks it all. */
void video_scroll(struct machine *m, int down, uint8_t lines, uint8_t attr,
                  uint8_t top, uint8_t left, uint8_t bottom, uint8_t right);
/* INT 10h 09h/0Ah: `count` copies of ch (and attr when with_attr) from
 * the page's cursor on, the cursor staying where it is.  In a graphics
 * mode both draw the glyphs in colour `attr` (video_put_cell()). */
void video_write_cells(struct machine *m, uint8_t page, uint8_t ch, uint8_t attr, uint16_t count, int with_attr);
/* INT 10h 08h: attribute << 8 | character at the page's cursor; in a
 * graphics mode the BIOS writes text in, the first character whose glyph
 * (where video_put_cell() finds it) matches the cell's dots (those not
 * colour 0), AH 0; 0 when none does. */
uint16_t video_read_cell(const struct machine *m, uint8_t page);
/* One character with its attribute at row, col of a page (no cursor move).
 * In the graphics modes the BIOS writes text in (CGA 4-6; 0Dh-13h on a
 * card whose BIOS keeps fonts) the glyph is drawn as that BIOS draws it:
 * 8 dots wide, the mode's character height (8 in 4-6, 40:85h else) high,
 * in colour `attr` on colour 0 (640x200: the dots on), XORed in when bit 7
 * of attr is set (not in 13h); the glyph from where the BIOS finds it
 * (modes 4-6: characters 0-127 the ROM's 8x8 font, 128-255 at INT 1Fh's
 * vector; the others at INT 43h's). */
void video_put_cell(struct machine *m, uint8_t page, uint8_t row, uint8_t col, uint8_t ch, uint8_t attr);

/* Where the IBM BIOS keeps the 8x8 glyphs of characters 0-127: F000:FA6E. */
#define VIDEO_FONT_8X8_OFF 0xFA6Eu
/* The fonts into the ROMs as the machine has them (before their checksum):
 * characters 0-127 of the 8x8 font at F000:VIDEO_FONT_8X8_OFF, and the
 * fonts the card's BIOS keeps (card.h) in its option ROM. */
void video_rom_fonts(struct machine *m);
/* Where a ROM font of `height` rows is (the 8x8: the card's own, else the
 * PC BIOS's at F000:FA6E, characters 0-127 only): 1 with seg:off, 0 when
 * the machine has none. */
int video_rom_font(const struct machine *m, unsigned height, uint16_t *seg, uint16_t *off);

/* The VGA's default 256-colour palette (6 bits a component), which
 * setting mode 13h loads into the DAC (m->adapter.dac). */
void video_default_palette(uint8_t dac[768]);

/* The VGA BIOS's DAC entries 0-63 for its 16-colour modes: the 200-line
 * modes' (`cga`: bit 4 the intensity) or the EGA's 64 colours. */
void video_dac_16(uint8_t dac[768], int cga);
/* Whether setting `mode` programs the EGA's or VGA's registers from the
 * BIOS's table (not the CGA-compatible 4-6, 0Fh, 11h). */
int video_ega_mode_programmed(const struct machine *m, uint8_t mode);

/* INT 10h 0Ch/0Dh: pixels of CGA modes 4-6, the EGA's and VGA's 16-colour
 * modes 0Dh-12h (in the planes) and mode 13h; other modes ignore them.
 * In modes 4-6 and 0Dh-12h, bit 7 of the colour XORs it in. */
void video_put_pixel(struct machine *m, uint16_t x, uint16_t y, uint8_t colour);
uint8_t video_get_pixel(const struct machine *m, uint16_t x, uint16_t y);

#endif
