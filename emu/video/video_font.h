/*
 * emu/video/video_font.h: the glyphs the text modes are drawn with: code
 * page 437 in cells of 8 dots by 8 rows (the CGA's), 14 rows (the MDA's
 * and Hercules's, which add a ninth column, and the EGA's) and 16 rows
 * (the VGA's, with a ninth column), made at build time by
 * tools/psf2font.c from the Terminus Font (SIL Open Font License 1.1) of
 * Debian's console-setup-linux: never a copy of IBM's character ROM
 * (docs/video.md, Fonts).
 */
#ifndef PROFIL_EMU_VIDEO_FONT_H
#define PROFIL_EMU_VIDEO_FONT_H

#include <stdint.h>

/* The rows of `ch` in a cell `height` rows high (8, 14 or 16; else NULL), one
 * byte a row, bit 7 the leftmost dot. */
const uint8_t *video_glyph(unsigned height, uint8_t ch);

#endif
