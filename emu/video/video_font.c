/*
 * emu/video/video_font.c: the text modes' glyphs (see video_font.h), from
 * the table the build generates ($(B)/gen/video_font.inc).
 */
#include "video_font.h"

#include <stddef.h>

#include "video_font.inc"

const uint8_t *video_glyph(unsigned height, uint8_t ch)
{
    return height == 8 ? font_8x8[ch] : height == 14 ? font_8x14[ch] : height == 16 ? font_8x16[ch] : NULL;
}
