/*
 * emu/video/video_draw.c: the card's picture from its registers and memory
 * (see video_draw.h).
 */
#include "video_draw.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../machine.h"
#include "adapter.h"
#include "../pc/bda.h"
#include "video.h"
#include "video_font.h"

/* The monochrome cards' levels: palette entries 0-2. */
enum { MONO_BLACK, MONO_NORMAL, MONO_BRIGHT };

/* What the 6845 lays out: R1 characters by R6 rows of R9+1 lines, from
 * the start address R12:R13. */
struct layout {
    unsigned cols, rows, row_lines;
    unsigned start;
};

static void layout_of(const struct crtc6845 *c, struct layout *l)
{
    l->cols = c->reg[CRTC_H_DISPLAYED];
    l->rows = c->reg[CRTC_V_DISPLAYED];
    l->row_lines = crtc_lines_per_row(c);
    l->start = crtc_start_address(c);
}

/* How a text mode looks on its card. */
struct text_look {
    uint32_t base, mask;        /* its memory: linear base, byte offsets masked */
    unsigned cell_width;        /* 8 (CGA) or 9 (MDA, Hercules) */
    unsigned font_rows;         /* 8 (the CGA's ROM: a line's low 3 bits pick the row), 14, 16 */
    int mono, blink_enabled;
    int chars_shown;            /* the blink phase: blinking characters visible */
    int cursor_shown;
};

static int new_picture(struct video_picture *pic, unsigned w, unsigned h, char *why, size_t n)
{
    memset(pic, 0, sizeof *pic);
    if (!w || !h) {
        snprintf(why, n, "the 6845 shows nothing (no characters or rows displayed: R1 or R6 is 0)");
        return -1;
    }
    if ((uint64_t)w * h > VIDEO_DRAW_MAX_PIXELS) {
        snprintf(why, n, "a picture of %ux%u is too large to draw", w, h);
        return -1;
    }
    pic->width = w;
    pic->height = h;
    if (!(pic->pixels = calloc((size_t)w * h, 1))) {
        snprintf(why, n, "out of memory");
        return -1;
    }
    return 0;
}

void video_picture_free(struct video_picture *pic)
{
    free(pic->pixels);
    pic->pixels = NULL;
}

static void set_palette_rgbi(struct video_picture *pic)
{
    for (unsigned i = 0; i < 16; i++)
        memcpy(pic->palette + 3 * i, cga_rgbi[i], 3);
}

static void set_palette_mono(struct video_picture *pic)
{
    static const uint8_t levels[3] = { 0x00, 0xAA, 0xFF };
    for (unsigned i = 0; i < 3; i++)
        memset(pic->palette + 3 * i, levels[i], 3);
}

/* An attribute's foreground and background: the CGA's RGBI numbers, or
 * the monochrome levels (07h normal, 0Fh bright, 70h reverse, x0h/x8h
 * with x 0 or 8 invisible). */
static void attr_colours(const struct text_look *t, uint8_t attr, uint8_t *fg, uint8_t *bg)
{
    if (!t->mono) {
        *fg = attr & 0x0F;
        *bg = (uint8_t)(attr >> 4) & (t->blink_enabled ? 0x07 : 0x0F);
        return;
    }
    uint8_t bright_back = (attr & 0x80) && !t->blink_enabled;
    if ((attr & 0x77) == 0x70) {
        *fg = MONO_BLACK;
        *bg = bright_back ? MONO_BRIGHT : MONO_NORMAL;
    } else if ((attr & 0x77) == 0) {
        *fg = *bg = MONO_BLACK;
    } else {
        *fg = attr & 0x08 ? MONO_BRIGHT : MONO_NORMAL;
        *bg = MONO_BLACK;
    }
}

/* Whether line `r` of a cell is in the cursor (R10's start to R11's end,
 * round the cell when the start is past the end). */
static int cursor_line(const struct crtc6845 *c, unsigned r)
{
    unsigned from = c->reg[CRTC_CURSOR_START] & 0x1F, to = c->reg[CRTC_CURSOR_END] & 0x1F;
    return from <= to ? r >= from && r <= to : r >= from || r <= to;
}

static void draw_text(const struct machine *m, const struct crtc6845 *c, const struct text_look *t,
                      struct video_picture *pic)
{
    struct layout l;
    layout_of(c, &l);
    unsigned cursor = crtc_cursor_address(c);
    for (unsigned row = 0; row < l.rows; row++)
        for (unsigned col = 0; col < l.cols; col++) {
            unsigned address = (l.start + row * l.cols + col) & 0x3FFF;
            uint32_t at = t->base + ((address * 2u) & t->mask);
            uint8_t ch = mem_rb(m, at), attr = mem_rb(m, at + 1), fg, bg;
            const uint8_t *glyph = video_glyph(t->font_rows, ch);
            attr_colours(t, attr, &fg, &bg);
            int hidden = t->blink_enabled && (attr & 0x80) && !t->chars_shown;
            for (unsigned r = 0; r < l.row_lines; r++) {
                /* The CGA's character ROM answers the row's low 3 bits;
                 * the others' have their rows and blank ones after. */
                unsigned font_row = t->font_rows == 8 ? r & 7u : r;
                unsigned dots = font_row < t->font_rows ? glyph[font_row] : 0;
                dots <<= 1;                                     /* 9 dots: bit 8 leftmost */
                if (t->cell_width == 9 && ch >= 0xC0 && ch <= 0xDF)
                    dots |= dots >> 1 & 1;                      /* line graphics fill the ninth */
                if (t->mono && (attr & 7) == 1 && r == t->font_rows - 2u)    /* 12 of 14 */
                    dots = 0x1FF;
                if (hidden)
                    dots = 0;
                if (t->cursor_shown && address == cursor && cursor_line(c, r))
                    dots = 0x1FF;
                uint8_t *px = pic->pixels + (size_t)(row * l.row_lines + r) * pic->width + col * t->cell_width;
                for (unsigned x = 0; x < t->cell_width; x++)
                    px[x] = dots >> (8 - x) & 1 ? fg : bg;
            }
        }
}

/* Graphics as the 6845 fetches it: two bytes a character, the row's line
 * selecting an 8 KiB bank (CGA: line bit 0; Hercules: bits 0-1), `bits`
 * a pixel (2: 320 wide, 1: 640 or 720), colours[value] for each. */
static void draw_graphics(const struct machine *m, const struct crtc6845 *c, uint32_t base, uint32_t mask,
                          unsigned bank_lines, unsigned bits, const uint8_t *colours, struct video_picture *pic)
{
    struct layout l;
    layout_of(c, &l);
    unsigned per_char = 16u / bits;
    for (unsigned y = 0; y < pic->height; y++) {
        unsigned row = y / l.row_lines, bank = (y % l.row_lines) & (bank_lines - 1u);
        uint8_t *px = pic->pixels + (size_t)y * pic->width;
        for (unsigned col = 0; col < l.cols; col++) {
            uint32_t off = (((l.start + row * l.cols + col) * 2u) + bank * 0x2000u) & mask;
            unsigned word = (unsigned)mem_rb(m, base + off) << 8 | mem_rb(m, base + ((off + 1) & mask));
            for (unsigned i = 0; i < per_char; i++)
                px[col * per_char + i] = colours[word >> (16u - bits * (i + 1)) & ((1u << bits) - 1u)];
        }
    }
}

/* The blink and cursor phases at the machine's time: characters 16
 * frames shown, 16 hidden; the cursor 8 and 8 (R10 bits 5-6: 01 none,
 * 11 16 and 16). */
static void blink_phase(const struct crtc6845 *c, uint64_t frames, struct text_look *t)
{
    unsigned mode = c->reg[CRTC_CURSOR_START] >> 5 & 3;
    t->chars_shown = !(frames >> 4 & 1);
    t->cursor_shown = mode == 1 ? 0 : mode == 3 ? !(frames >> 4 & 1) : !(frames >> 3 & 1);
}

static int draw_cga(const struct machine *m, struct video_picture *pic, char *why, size_t n)
{
    const struct cga *card = &m->adapter.cga;
    struct layout l;
    layout_of(&card->crtc, &l);
    int graphics = card->mode & CGA_MODE_GRAPHICS, wide = card->mode & CGA_MODE_640;
    unsigned width = graphics ? l.cols * (wide ? 16u : 8u) : l.cols * 8u;
    if (new_picture(pic, width, l.rows * l.row_lines, why, n) != 0)
        return -1;
    set_palette_rgbi(pic);
    if (!(card->mode & CGA_MODE_ENABLE))
        return 0;                           /* video off: black */
    if (graphics) {
        uint8_t colours[4];
        if (wide) {
            colours[0] = 0;
            colours[1] = card->colour & CGA_COLOUR_BORDER;
        } else {
            cga_palette4(card, colours);
        }
        draw_graphics(m, &card->crtc, 0xB8000, CGA_MEM_SIZE - 1, 2, wide ? 1 : 2, colours, pic);
        return 0;
    }
    struct text_look t = { 0xB8000, CGA_MEM_SIZE - 1, 8, 8, 0, card->mode & CGA_MODE_BLINK, 1, 1 };
    blink_phase(&card->crtc, adapter_frames(&m->adapter, m->now), &t);
    draw_text(m, &card->crtc, &t, pic);
    return 0;
}

static int draw_mono(const struct machine *m, struct video_picture *pic, char *why, size_t n)
{
    const struct mda *card = &m->adapter.mda;
    uint8_t mode = mda_mode(card);
    struct layout l;
    layout_of(&card->crtc, &l);
    int graphics = mode & MDA_MODE_GRAPHICS;
    if (new_picture(pic, l.cols * (graphics ? 16u : 9u), l.rows * l.row_lines, why, n) != 0)
        return -1;
    set_palette_mono(pic);
    if (!(mode & MDA_MODE_ENABLE))
        return 0;
    if (graphics) {
        static const uint8_t colours[2] = { MONO_BLACK, MONO_NORMAL };
        draw_graphics(m, &card->crtc, mode & MDA_MODE_PAGE1 ? 0xB8000 : 0xB0000, HERC_PAGE_SIZE - 1, 4, 1, colours,
                      pic);
        return 0;
    }
    uint32_t mask = card->hercules ? HERC_PAGE_SIZE - 1 : MDA_MEM_SIZE - 1;
    struct text_look t = { 0xB0000, mask, 9, 14, 1, mode & MDA_MODE_BLINK, 1, 1 };
    blink_phase(&card->crtc, adapter_frames(&m->adapter, m->now), &t);
    draw_text(m, &card->crtc, &t, pic);
    return 0;
}

/* The EGA's 64 colours (its palette registers' 6 bits, rgbRGB: each
 * primary at 2/3, each secondary at 1/3), or on a 200-line mode's
 * monitor (the IBM 5153 on the EGA's 15.7 kHz modes: the miscellaneous
 * output register's vertical sync polarity positive, bit 7 clear) the 16
 * RGBI colours from bits 0-2 and bit 4 the intensity (IBM, *Enhanced
 * Graphics Adapter*, the attribute controller and the monitors). */
static void ega_colour(uint8_t value, int rgbi, uint8_t rgb[3])
{
    if (rgbi) {
        memcpy(rgb, cga_rgbi[(value & 7u) | (value >> 1 & 8u)], 3);
        return;
    }
    for (unsigned c = 0; c < 3; c++) {
        unsigned bit = 2 - c;
        rgb[c] = (uint8_t)((value >> bit & 1) * 0xAAu + (value >> (bit + 3) & 1) * 0x55u);
    }
}

/* A 4-bit colour through the attribute controller: the palette register
 * (6 bits); on the VGA then the DAC entry it chooses (bits 5-4 from the
 * colour select when mode control bit 7 says so, bits 7-6 from it
 * always) through the pel mask. */
static uint8_t ega_entry(const struct display_adapter *a, unsigned value)
{
    const struct ega *e = &a->ega;
    uint8_t entry = e->attr[value & 0x0F] & 0x3F, select = e->attr[ATTR_COLOUR_SELECT];
    if (a->card != VIDEO_VGA)
        return entry;
    if (e->attr[ATTR_MODE] & ATTR_MODE_P54S)
        entry = (uint8_t)((entry & 0x0F) | (select & 3u) << 4);
    return (uint8_t)((entry | (select & 0x0Cu) << 4) & a->pel_mask);
}

/* The colour of such an entry: the VGA's DAC (6 bits a component) or
 * the EGA's monitor (ega_colour). */
static void ega_entry_colour(const struct display_adapter *a, uint8_t entry, uint8_t rgb[3])
{
    if (a->card != VIDEO_VGA && !(a->ega.misc & 0x01)) {
        /* the monochrome display (the CRTC at 3B4h, misc bit 0 clear):
         * palette bit 3 the video, bit 4 the intensity (mode 0Fh's 08h
         * normal, 18h bright), the MDA's levels */
        static const uint8_t levels[4] = { 0x00, 0xAA, 0xAA, 0xFF };
        memset(rgb, levels[entry >> 3 & 3], 3);
        return;
    }
    if (a->card != VIDEO_VGA) {
        ega_colour(entry, !(a->ega.misc & 0x80), rgb);
        return;
    }
    for (unsigned c = 0; c < 3; c++)
        rgb[c] = (uint8_t)((a->dac[entry * 3u + c] & 0x3F) * 255u / 63u);
}

/* The EGA's and VGA's CRTC as profil reads it for a graphics picture:
 * the character clocks a line shows (R1 + 1), the scan lines (vertical
 * display end: R12h with R07h's bits 1 and, on the VGA, 6), the lines a
 * row of memory is shown on (R09h's maximum scan line + 1, twice with
 * the VGA's double scan, bit 7), of which `banks` are drawn as lines of
 * their own: the CGA (R17h bit 0 clear) and Hercules (bit 1 clear)
 * addressing put the row's scan line bit 0 (1) in address bit 13 (14),
 * so its first 2 (4) lines read different memory; the others show the
 * row's line again.  Then the memory a row advances (R13h x 2
 * character clocks), the start address (R0Ch:R0Dh), and how a character
 * clock's counter becomes a plane offset: byte mode (R17h bit 6), word
 * mode (shifted by one, bit 13 or, with R17h bit 5 set, 15 into bit 0), or the
 * VGA's doubleword mode (R14h bit 6: shifted by two; the VGA also rotates
 * bits 12-13 in, which profil leaves out, its chain-4 writes keeping the
 * same layout: a byte at CPU offset o in plane o & 3 at o & ~3). */
struct ega_scan {
    unsigned chars, lines, lines_per_row, banks, pitch, start;
    int shift;                      /* 0 byte, 1 word, 2 doubleword */
    int word_bit15;
    int cga_bank, hercules_bank;    /* R17h bits 0, 1 clear */
};

static void ega_scan_of(const struct display_adapter *a, struct ega_scan *s)
{
    const uint8_t *r = a->crtc;
    int vga = a->card == VIDEO_VGA;
    s->chars = r[0x01] + 1u;
    s->lines = (r[0x12] | (r[0x07] >> 1 & 1u) << 8 | (vga ? (r[0x07] >> 6 & 1u) << 9 : 0u)) + 1u;
    s->lines_per_row = ((r[0x09] & 0x1Fu) + 1u) * (vga && (r[0x09] & 0x80) ? 2u : 1u);
    s->pitch = r[0x13] * 2u;
    s->start = (unsigned)r[0x0C] << 8 | r[0x0D];
    s->shift = vga && (r[0x14] & 0x40) ? 2 : r[0x17] & 0x40 ? 0 : 1;
    s->word_bit15 = !!(r[0x17] & 0x20);
    s->cga_bank = !(r[0x17] & 0x01);
    s->hercules_bank = !(r[0x17] & 0x02);
    s->banks = (s->cga_bank ? 2u : 1u) * (s->hercules_bank ? 2u : 1u);
    if (s->banks > (r[0x09] & 0x1Fu) + 1u)
        s->banks = (r[0x09] & 0x1Fu) + 1u;
}

static uint32_t ega_scan_offset(const struct ega_scan *s, unsigned counter)
{
    counter &= 0xFFFFu;
    switch (s->shift) {
    case 2: return (counter << 2) & (EGA_PLANE_SIZE - 1);     /* chain-4's layout (ega.c) */
    case 1: return (counter << 1 | (counter >> (s->word_bit15 ? 15 : 13) & 1u)) & (EGA_PLANE_SIZE - 1);
    default: return counter;
    }
}

/* The plane offset of character clock `counter` on scan line `line` of
 * its row. */
static uint32_t ega_scan_address(const struct ega_scan *s, unsigned counter, unsigned line)
{
    uint32_t at = ega_scan_offset(s, counter);
    if (s->cga_bank)
        at = (at & ~0x2000u) | (line & 1u) << 13;
    if (s->hercules_bank)
        at = (at & ~0x4000u) | (line >> 1 & 1u) << 14;
    return at;
}

/* The EGA's and VGA's graphics modes from their registers and planes: a
 * character clock shows 8 pixels of 4 bits (bit 7 first, plane 0 the
 * lowest bit, masked by the colour plane enable) through the palette
 * registers, or on the VGA with 8-bit colour (attribute mode bit 6) 4
 * pixels, one byte from each plane in turn, straight to the DAC (the
 * palette registers hold 0-0Fh there in every BIOS mode: profil does not
 * pass the bytes through them).  One PNG pixel per pixel of the mode
 * (320 wide where the dot clock is halved or colours are 8-bit): the
 * picture's colours are the VGA's DAC (its entry from the palette value,
 * the colour select, the pel mask) or the EGA's 64 colours. */
static int draw_ega_graphics(const struct machine *m, struct video_picture *pic, char *why, size_t n)
{
    const struct display_adapter *a = &m->adapter;
    const struct ega *e = &a->ega;
    int vga = a->card == VIDEO_VGA, bits8 = vga && (e->attr[ATTR_MODE] & ATTR_MODE_256);
    struct ega_scan s;
    ega_scan_of(a, &s);
    unsigned per_char = bits8 ? 4u : 8u;
    if (s.chars * per_char > 4096 || s.lines > 4096) {
        snprintf(why, n, "the CRTC shows %ux%u pixels, too many to draw", s.chars * per_char, s.lines);
        return -1;
    }
    unsigned rows = (s.lines + s.lines_per_row - 1) / s.lines_per_row;
    int interleave = (e->gc[GC_MODE] & GC_MODE_INTERLEAVE) && !bits8;
    if (new_picture(pic, s.chars * per_char, rows * s.banks, why, n) != 0)
        return -1;
    for (unsigned i = 0; i < (vga ? 256u : 64u); i++)
        ega_entry_colour(a, (uint8_t)i, pic->palette + 3 * i);
    for (unsigned y = 0; y < pic->height; y++) {
        uint8_t *px = pic->pixels + (size_t)y * pic->width;
        unsigned row = s.start + y / s.banks * s.pitch, line = y % s.banks;
        for (unsigned c = 0; c < s.chars; c++) {
            uint32_t at = ega_scan_address(&s, row + c, line);
            if (bits8) {
                for (unsigned p = 0; p < 4; p++)
                    px[c * 4 + p] = e->plane[p][at] & a->pel_mask;
                continue;
            }
            for (unsigned i = 0; i < 8; i++) {
                unsigned value = 0;
                if (interleave) {       /* 2 bits a pixel: planes 0 and 2 then 1 and 3, bit 7-6 first */
                    unsigned shift = 6 - 2 * (i & 3), odd = i >> 2;
                    value = (e->plane[odd][at] >> shift & 3u) | (e->plane[2 + odd][at] >> shift & 3u) << 2;
                } else {
                    for (unsigned p = 0; p < 4; p++)
                        value |= (e->plane[p][at] >> (7 - i) & 1u) << p;
                }
                px[c * 8 + i] = ega_entry(a, value & e->attr[ATTR_PLANE_ENABLE]);
            }
        }
    }
    return 0;
}

/* The EGA's and VGA's text modes, from the BIOS's state (their CRTC's
 * character rows are not read): the BIOS's columns and rows of the shown
 * page in cells of 8x14 (EGA; 9x14 in mode 7) or 9x16 (VGA), each
 * attribute colour through its palette register (and the VGA's DAC), or
 * the monochrome levels in mode 7; blink as the attribute mode control's
 * bit 3 says; no cursor. */
static int draw_ega_vga_text(const struct machine *m, struct video_picture *pic, char *why, size_t n)
{
    int vga = machine_video_card(m) == VIDEO_VGA, mono = video_mode(m) == 7;
    struct crtc6845 c = { 0 };
    unsigned cell_h = vga ? 16u : 14u;
    c.reg[CRTC_H_DISPLAYED] = (uint8_t)video_cols(m);
    c.reg[CRTC_V_DISPLAYED] = (uint8_t)video_rows(m);
    c.reg[CRTC_MAX_SCAN] = (uint8_t)(cell_h - 1u);
    c.reg[CRTC_CURSOR_START] = 0x20;                            /* no cursor */
    crtc_set_start_address(&c, (uint16_t)(mem_rw(m, BDA_PAGE_START) / 2u));
    int blink = !video_ega_mode_programmed(m, video_mode(m)) || (m->adapter.ega.attr[ATTR_MODE] & ATTR_MODE_BLINK);
    struct text_look t = { mono ? 0xB0000 : 0xB8000, 0x7FFF, vga || mono ? 9u : 8u, cell_h, mono, blink, 1, 0 };
    if (new_picture(pic, c.reg[CRTC_H_DISPLAYED] * t.cell_width, c.reg[CRTC_V_DISPLAYED] * cell_h, why, n) != 0)
        return -1;
    if (mono) {
        set_palette_mono(pic);
    } else {
        for (unsigned i = 0; i < 16; i++)       /* colour i is what its palette register makes of it */
            ega_entry_colour(&m->adapter, ega_entry(&m->adapter, i), pic->palette + 3 * i);
    }
    blink_phase(&c, adapter_frames(&m->adapter, m->now), &t);
    draw_text(m, &c, &t, pic);
    return 0;
}

int video_draw(const struct machine *m, struct video_picture *pic, char *why, size_t n)
{
    memset(pic, 0, sizeof *pic);
    switch (machine_video_card(m)) {
    case VIDEO_CGA: return draw_cga(m, pic, why, n);
    case VIDEO_MDA: case VIDEO_HERCULES: return draw_mono(m, pic, why, n);
    default:
        if (video_ega_mode_programmed(m, video_mode(m)) && (m->adapter.ega.attr[ATTR_MODE] & ATTR_MODE_GRAPHICS))
            return draw_ega_graphics(m, pic, why, n);
        if (video_is_text(m))
            return draw_ega_vga_text(m, pic, why, n);
        snprintf(why, n, "the %s is in mode %02Xh, which profil does not draw (it draws every mode of the CGA, "
                 "MDA and Hercules, the EGA's and VGA's text and their modes 4-6, 0Dh-10h and the VGA's 11h-13h)",
                 machine_video_card(m) == VIDEO_VGA ? "VGA" : "EGA", video_mode(m));
        return -1;
    }
}
