/*
 * formats/screen.c: code page 437 to UTF-8, and text screen dumps (see
 * screen.h).
 */
#include "screen.h"

#include <stdlib.h>
#include <string.h>

/* The glyphs of 01h-1Fh, 7Fh and 80h-FFh, in order, in UTF-8. */
static const char low_glyphs[] = "☺☻♥♦♣♠•◘○◙♂♀♪♫☼►◄↕‼¶§▬↨↑↓→←∟↔▲▼";
static const char high_glyphs[] =
    "⌂ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»"
    "░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀"
    "αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00A0";

/* The index-th UTF-8 sequence of s. */
static size_t nth_glyph(const char *s, unsigned index, char out[4])
{
    const unsigned char *p = (const unsigned char *)s;
    for (;;) {
        size_t len = *p < 0x80 ? 1 : *p < 0xE0 ? 2 : *p < 0xF0 ? 3 : 4;
        if (index-- == 0) {
            memcpy(out, p, len);
            return len;
        }
        p += len;
    }
}

size_t cp437_to_utf8(uint8_t ch, char out[4])
{
    if (ch == 0) {
        out[0] = ' ';
        return 1;
    }
    if (ch < 0x20)
        return nth_glyph(low_glyphs, ch - 1u, out);
    if (ch >= 0x7F)
        return nth_glyph(high_glyphs, ch - 0x7Fu, out);
    out[0] = (char)ch;
    return 1;
}

char *screen_text(const uint8_t *cells, unsigned cols, unsigned rows, size_t *n)
{
    char *text = malloc((size_t)rows * (cols * 3u + 1u) + 1u);
    size_t used = 0;
    if (!text)
        return NULL;
    for (unsigned r = 0; r < rows; r++) {
        unsigned width = cols;
        while (width > 0) {
            uint8_t ch = cells[(r * cols + width - 1) * 2u];
            if (ch != ' ' && ch != 0)
                break;
            width--;
        }
        for (unsigned c = 0; c < width; c++)
            used += cp437_to_utf8(cells[(r * cols + c) * 2u], text + used);
        text[used++] = '\n';
    }
    text[used] = 0;
    *n = used;
    return text;
}
