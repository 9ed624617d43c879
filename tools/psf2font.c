/*
 * tools/psf2font.c: profil's text-mode fonts, made at build time from a
 * Debian console font (docs/video.md, Fonts).
 *
 * Reads two PSF1 fonts with a Unicode table, 8x14 and 8x16 (gzip'ed, as
 * console-setup-linux installs them; the Makefile passes its
 * Uni2-Terminus14 and Uni2-Terminus16, the Terminus Font, SIL Open Font
 * License 1.1) and writes a C include with three tables of the 256
 * characters of code page 437 (found by their Unicode code points,
 * formats/screen.c's cp437_to_utf8()):
 *   font_8x14: the 8x14 font's glyphs, for the MDA's and Hercules's 9x14
 *              cell (the card adds the ninth column) and the EGA's 8x14;
 *   font_8x8:  the same folded to 8 rows for the CGA's 8x8 cell: rows 2,
 *              3|4, 5, 6|7, 8, 9|10, 11, 12|13 (the pairs ORed);
 *   font_8x16: the 8x16 font's, for the VGA's 9x16 cell.
 * The block elements (B0h-B2h, DBh-DFh) are drawn for each height, as are
 * the symbols the font lacks (03h, 05h, 06h, 08h-0Eh, 10h, 11h, 16h: the
 * card suits, the gender signs and the notes drawn here for the project on
 * 8x8 and stretched to the taller cells) and the grave accent of the 8x8
 * cell (Terminus draws it in rows the fold drops); a character the font
 * lacks otherwise is an error, so every glyph with ink in code page 437
 * has it.  A byte is a row, bit 7 the leftmost dot.  Usage: psf2font FONT14.psf.gz FONT16.psf.gz OUT.inc
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "../formats/screen.h"

#define MAX_FONT (1u << 20)

struct psf {
    unsigned count, height;     /* glyphs of 8 dots by `height` rows */
    const uint8_t *glyphs;
    const uint8_t *table;       /* per glyph: UCS-2 code points, FFFEh before
                                   a sequence, FFFFh after the glyph's list */
    size_t table_len;
};

static uint32_t utf8_decode(const uint8_t *p, size_t n, size_t *used)
{
    unsigned len = p[0] < 0x80 ? 1 : p[0] < 0xE0 ? 2 : p[0] < 0xF0 ? 3 : 4;
    if (len > n)
        len = (unsigned)n;
    uint32_t c = len == 1 ? p[0] : len == 2 ? p[0] & 0x1Fu : len == 3 ? p[0] & 0x0Fu : p[0] & 0x07u;
    for (unsigned i = 1; i < len; i++)
        c = c << 6 | (p[i] & 0x3Fu);
    *used = len;
    return c;
}

/* The glyph index of code point `u` (not one of a sequence), or -1. */
static long find_glyph(const struct psf *f, uint32_t u)
{
    size_t p = 0;
    for (unsigned g = 0; g < f->count && p + 1 < f->table_len; g++) {
        int in_seq = 0;
        for (;; p += 2) {
            if (p + 1 >= f->table_len)
                return -1;
            unsigned c = f->table[p] | f->table[p + 1] << 8;
            if (c == 0xFFFF)
                break;
            if (c == 0xFFFE)
                in_seq = 1;
            else if (!in_seq && c == u)
                return g;
        }
        p += 2;
    }
    return -1;
}

/* The symbols drawn for the project on 8x8, CP437 03h, 05h, 06h, 0Bh-0Eh:
 * heart, club, spade, male, female, note, two notes. */
static const struct { uint8_t ch, rows[8]; } symbols[] = {
    { 0x03, { 0x6C, 0xFE, 0xFE, 0xFE, 0x7C, 0x38, 0x10, 0x00 } },
    { 0x05, { 0x38, 0x7C, 0x38, 0xFE, 0xFE, 0xD6, 0x10, 0x38 } },
    { 0x06, { 0x10, 0x38, 0x7C, 0xFE, 0xFE, 0x54, 0x10, 0x38 } },
    { 0x0B, { 0x0F, 0x07, 0x0D, 0x78, 0xCC, 0xCC, 0xCC, 0x78 } },
    { 0x0C, { 0x3C, 0x66, 0x66, 0x66, 0x3C, 0x18, 0x7E, 0x18 } },
    { 0x0D, { 0x18, 0x1C, 0x16, 0x12, 0x10, 0x70, 0xF0, 0x60 } },
    { 0x0E, { 0x7F, 0x63, 0x7F, 0x63, 0x63, 0x67, 0xE6, 0xC0 } },
};

/* Blocks and the symbols drawn here, `h` rows of 8 dots; 0 when `ch` is
 * none of them.  An 8x8 symbol fills rows 1 to h-2 of a taller cell. */
static int draw(uint8_t ch, unsigned h, uint8_t *rows)
{
    memset(rows, 0, h);
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        if (symbols[i].ch != ch)
            continue;
        for (unsigned y = 0; y < h; y++)
            rows[y] = h == 8 ? symbols[i].rows[y] : y >= 1 && y <= h - 2 ? symbols[i].rows[(y - 1) * 8 / (h - 2)] : 0;
        return 1;
    }
    if (ch == 0x60 && h == 8) {                                        /* grave accent */
        rows[0] = 0x30;
        rows[1] = 0x18;
        return 1;
    }
    for (unsigned y = 0; y < h; y++) {
        unsigned top = y < h / 2, mid = y >= h / 2 - h / 8 && y <= h / 2 + h / 8;
        switch (ch) {
        case 0xB0: rows[y] = y & 1 ? 0x22 : 0x88; break;               /* light shade */
        case 0xB1: rows[y] = y & 1 ? 0x55 : 0xAA; break;               /* medium */
        case 0xB2: rows[y] = y & 1 ? 0xDD : 0x77; break;               /* dark */
        case 0xDB: rows[y] = 0xFF; break;
        case 0xDC: rows[y] = top ? 0 : 0xFF; break;
        case 0xDD: rows[y] = 0xF0; break;
        case 0xDE: rows[y] = 0x0F; break;
        case 0xDF: rows[y] = top ? 0xFF : 0; break;
        case 0x16: rows[y] = y >= h - h / 3 - 1 && y < h - 1 ? 0x7E : 0; break;   /* thick low bar */
        case 0x08: rows[y] = mid ? 0xE7 : 0xFF; break;                 /* inverse bullet */
        case 0x09: rows[y] = y == h / 2 - h / 4 || y == h / 2 + h / 4 ? 0x3C : y > h / 2 - h / 4 && y < h / 2 + h / 4 ? 0x42 : 0; break;
        case 0x0A: rows[y] = y == h / 2 - h / 4 || y == h / 2 + h / 4 ? 0xC3 : y > h / 2 - h / 4 && y < h / 2 + h / 4 ? 0xBD : 0xFF; break;
        case 0x10: case 0x11: {                                        /* triangles right, left */
            int d = (int)y - (int)(h / 2), r = 3 - (d < 0 ? -d : d);
            uint8_t bar = r > 0 ? (uint8_t)(0xFF << (8 - 2 * r)) : 0;
            rows[y] = ch == 0x10 ? (uint8_t)(bar >> 1) : (uint8_t)(bar >> (7 - 2 * r));
            break;
        }
        default: return 0;
        }
    }
    return 1;
}

/* The glyph of CP437 character `ch`, f->height rows; -1 after the error
 * when the font lacks it. */
static int glyph_of(const struct psf *f, const char *path, uint8_t ch, uint8_t *out)
{
    char utf8[4];
    size_t n = cp437_to_utf8(ch, utf8), used;
    uint32_t u = ch == 0 ? 0x20 : utf8_decode((const uint8_t *)utf8, n, &used);
    unsigned h = f->height;
    if (draw(ch, h, out))
        return 0;
    long g = find_glyph(f, u);
    if (g < 0) {
        fprintf(stderr, "psf2font: %s: no glyph for code page 437's %02Xh (U+%04X)\n", path, ch, (unsigned)u);
        return -1;
    }
    memcpy(out, f->glyphs + (size_t)g * h, h);
    return 0;
}

/* A PSF1 font of `height` rows read from `path` into buf; -1 after the
 * error. */
static int load(const char *path, unsigned height, uint8_t *buf, size_t size, struct psf *f)
{
    gzFile in = gzopen(path, "rb");
    int len = in ? gzread(in, buf, (unsigned)size) : -1;
    if (in)
        gzclose(in);
    unsigned mode = len >= 4 ? buf[2] : 0;
    *f = (struct psf){ mode & 1 ? 512u : 256u, len >= 4 ? buf[3] : 0u, buf + 4, NULL, 0 };
    size_t table_at = 4 + (size_t)f->count * f->height;
    if (len < 4 || buf[0] != 0x36 || buf[1] != 0x04 || f->height != height || !(mode & 6) || table_at > (size_t)len) {
        fprintf(stderr, "psf2font: %s: want a PSF1 font of 8x%u with a Unicode table (console-setup-linux's)\n",
                path, height);
        return -1;
    }
    f->table = buf + table_at;
    f->table_len = (size_t)len - table_at;
    return 0;
}

static void print_table(FILE *out, const char *name, unsigned h, const uint8_t *rows)
{
    fprintf(out, "static const uint8_t %s[256][%u] = {\n", name, h);
    for (unsigned c = 0; c < 256; c++) {
        fprintf(out, "    {");
        for (unsigned y = 0; y < h; y++)
            fprintf(out, "%s0x%02X", y ? ", " : " ", rows[c * h + y]);
        fprintf(out, " },\n");
    }
    fprintf(out, "};\n");
}

int main(int argc, char **argv)
{
    static uint8_t buf14[MAX_FONT], buf16[MAX_FONT];
    static uint8_t g14[256][14], g16[256][16], g8[256][8];
    static const uint8_t fold[8][2] = { { 2, 2 }, { 3, 4 }, { 5, 5 }, { 6, 7 }, { 8, 8 }, { 9, 10 }, { 11, 11 }, { 12, 13 } };
    struct psf f14, f16;
    if (argc != 4) {
        fprintf(stderr, "usage: psf2font FONT14.psf.gz FONT16.psf.gz OUT.inc\n");
        return 2;
    }
    if (load(argv[1], 14, buf14, sizeof buf14, &f14) != 0 || load(argv[2], 16, buf16, sizeof buf16, &f16) != 0)
        return 1;
    for (unsigned c = 0; c < 256; c++) {
        if (glyph_of(&f14, argv[1], (uint8_t)c, g14[c]) != 0 || glyph_of(&f16, argv[2], (uint8_t)c, g16[c]) != 0)
            return 1;
        if (!draw((uint8_t)c, 8, g8[c]))
            for (unsigned y = 0; y < 8; y++)
                g8[c][y] = g14[c][fold[y][0]] | g14[c][fold[y][1]];
    }
    FILE *out = fopen(argv[3], "w");
    if (!out) {
        perror(argv[3]);
        return 1;
    }
    fprintf(out, "/* Generated by tools/psf2font.c from %s and %s: the Terminus Font by\n"
                 " * Dimitar Toshkov Zhekov, SIL Open Font License 1.1 (docs/video.md, Fonts). */\n", argv[1], argv[2]);
    print_table(out, "font_8x14", 14, &g14[0][0]);
    print_table(out, "font_8x8", 8, &g8[0][0]);
    print_table(out, "font_8x16", 16, &g16[0][0]);
    return fclose(out) == 0 ? 0 : 1;
}
