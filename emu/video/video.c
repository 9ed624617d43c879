/*
 * emu/video/video.c: the screen as the BIOS keeps it: modes (and the card's
 * registers they program), pages, cursor, text cells, scrolling (see
 * video.h).
 */
#include "video.h"

#include <string.h>

#include "../machine.h"
#include "../pc/bda.h"
#include "video_font.h"


#define SEG_MONO    0xB000u
#define SEG_GRAPHIC 0xA000u

/* The IBM PC BIOS's 6845 parameters (its VIDEO_PARMS table): 40x25,
 * 80x25, the 320x200/640x200 graphics modes, and the MDA's 80x25. */
static const uint8_t crtc_40x25[16] = { 0x38, 0x28, 0x2D, 0x0A, 0x1F, 0x06, 0x19, 0x1C, 0x02, 0x07, 0x06, 0x07 };
static const uint8_t crtc_80x25[16] = { 0x71, 0x50, 0x5A, 0x0A, 0x1F, 0x06, 0x19, 0x1C, 0x02, 0x07, 0x06, 0x07 };
static const uint8_t crtc_graphics[16] = { 0x38, 0x28, 0x2D, 0x0A, 0x7F, 0x06, 0x64, 0x70, 0x02, 0x01, 0x06, 0x07 };
static const uint8_t crtc_mono[16] = { 0x61, 0x50, 0x52, 0x0F, 0x19, 0x06, 0x19, 0x19, 0x02, 0x0D, 0x0B, 0x0C };
/* 3D8h (3B8h) for modes 0-7, as the same BIOS writes it (its M7 table). */
static const uint8_t mode_control[8] = { 0x2C, 0x28, 0x2D, 0x29, 0x2A, 0x2E, 0x1E, 0x29 };

/* A 16-bit value into a pair of 6845 registers (high, then low), through
 * the CRTC port the BIOS keeps at 40:63h, as the BIOS writes them. */
static void crtc_out(struct machine *m, uint8_t reg, uint16_t v)
{
    uint16_t port = mem_rw(m, BDA_CRTC);
    port_out(m, port, reg);
    port_out(m, (uint16_t)(port + 1), (uint8_t)(v >> 8));
    port_out(m, port, (uint8_t)(reg + 1));
    port_out(m, (uint16_t)(port + 1), (uint8_t)v);
}

uint8_t video_mode(const struct machine *m) { return mem_rb(m, BDA_MODE); }

int video_is_text(const struct machine *m)
{
    uint8_t mode = video_mode(m);
    return mode <= 3 || mode == 7;
}

unsigned video_cols(const struct machine *m) { return mem_rw(m, BDA_COLS) ? mem_rw(m, BDA_COLS) : 80u; }
/* The CGA and MDA BIOS keep no row count (40:84h is the EGA's and
 * VGA's, which keep 40:85h too): 25. */
unsigned video_rows(const struct machine *m)
{
    return m->adapter.card->bios.text_char_height ? mem_rb(m, BDA_ROWS_M1) + 1u : 25u;
}
uint8_t video_page(const struct machine *m) { return mem_rb(m, BDA_PAGE) & 7u; }

uint32_t video_page_base(const struct machine *m, uint8_t page)
{
    uint16_t seg = video_mode(m) == 7 ? SEG_MONO : SEG_VIDEO;
    return ((uint32_t)seg << 4) + (uint32_t)(page & 7u) * mem_rw(m, BDA_PAGE_SIZE);
}

void video_set_page(struct machine *m, uint8_t page)
{
    if (!video_is_text(m) || page > 7 || (video_mode(m) == 7 && page))
        return;
    mem_wb(m, BDA_PAGE, page);
    mem_ww(m, BDA_PAGE_START, (uint16_t)(page * mem_rw(m, BDA_PAGE_SIZE)));
    crtc_out(m, CRTC_START_HI, (uint16_t)(mem_rw(m, BDA_PAGE_START) / 2u));
    video_set_cursor(m, page, mem_rb(m, BDA_CURSORS + page * 2u + 1), mem_rb(m, BDA_CURSORS + page * 2u));
}

void video_get_cursor(const struct machine *m, uint8_t page, uint8_t *row, uint8_t *col)
{
    *col = mem_rb(m, BDA_CURSORS + (page & 7u) * 2u);
    *row = mem_rb(m, BDA_CURSORS + (page & 7u) * 2u + 1);
}

void video_set_cursor(struct machine *m, uint8_t page, uint8_t row, uint8_t col)
{
    mem_wb(m, BDA_CURSORS + (page & 7u) * 2u, col);
    mem_wb(m, BDA_CURSORS + (page & 7u) * 2u + 1, row);
    if ((page & 7u) == video_page(m) && video_is_text(m))
        crtc_out(m, CRTC_CURSOR_HI, (uint16_t)(mem_rw(m, BDA_PAGE_START) / 2u + row * video_cols(m) + col));
}

void video_set_cursor_type(struct machine *m, uint16_t start_end)
{
    mem_ww(m, BDA_CURSOR_TYPE, start_end);
    crtc_out(m, CRTC_CURSOR_START, start_end);
}

static uint32_t cell(const struct machine *m, uint8_t page, unsigned row, unsigned col)
{
    return video_page_base(m, page) + (row * video_cols(m) + col) * 2u;
}

static void blank_memory(struct machine *m, uint32_t base, uint32_t bytes, uint16_t fill)
{
    for (uint32_t a = 0; a < bytes; a += 2)
        mem_ww(m, base + a, fill);
}

void video_default_palette(uint8_t dac[768])
{
    static const uint8_t ega[16][3] = {
        { 0, 0, 0 }, { 0, 0, 42 }, { 0, 42, 0 }, { 0, 42, 42 }, { 42, 0, 0 }, { 42, 0, 42 }, { 42, 21, 0 },
        { 42, 42, 42 }, { 21, 21, 21 }, { 21, 21, 63 }, { 21, 63, 21 }, { 21, 63, 63 }, { 63, 21, 21 },
        { 63, 21, 63 }, { 63, 63, 21 }, { 63, 63, 63 },
    };
    static const uint8_t gray[16] = { 0, 5, 8, 11, 14, 17, 20, 24, 28, 32, 36, 40, 45, 50, 56, 63 };
    /* Nine blocks of 24 hues: three brightnesses, three saturations; each
     * a ramp of five levels from `low` to `high` walked around the colour
     * wheel (blue, magenta, red, yellow, green, cyan, back to blue). */
    static const uint8_t ramps[9][5] = {
        { 0, 16, 31, 47, 63 }, { 31, 39, 47, 55, 63 }, { 45, 49, 54, 58, 63 },
        { 0, 7, 14, 21, 28 }, { 14, 17, 21, 24, 28 }, { 20, 22, 24, 26, 28 },
        { 0, 4, 8, 12, 16 }, { 8, 10, 12, 14, 16 }, { 11, 12, 13, 15, 16 },
    };
    memset(dac, 0, 768);
    for (int i = 0; i < 16; i++)
        memcpy(dac + i * 3, ega[i], 3);
    for (int i = 0; i < 16; i++)
        memset(dac + (16 + i) * 3, gray[i], 3);
    for (int b = 0; b < 9; b++) {
        const uint8_t *r = ramps[b];
        for (int h = 0; h < 24; h++) {
            int seg = h / 4, k = h % 4;     /* six legs of four steps */
            uint8_t up = r[k], down = r[4 - k], lo = r[0], hi = r[4];
            static const int8_t legs[6][3] = { { 1, 0, 2 }, { 2, 0, -1 }, { 2, 1, 0 },
                                               { -1, 2, 0 }, { 0, 2, 1 }, { 0, -1, 2 } };
            uint8_t *c = dac + (32 + b * 24 + h) * 3;
            for (int ch = 0; ch < 3; ch++) {
                int8_t how = legs[seg][ch];     /* 0 low, 2 high, 1 rising, -1 falling */
                c[ch] = how == 0 ? lo : how == 2 ? hi : how == 1 ? up : down;
            }
        }
    }
}

/* The modes of the card's BIOS (card.h): 1 when it has `mode`.  A
 * monochrome card's BIOS (the PC's, its equipment bits saying 80x25 mono)
 * sets mode 7 whatever is asked. */
static int card_mode(const struct video_card_bios *bios, uint8_t *mode)
{
    if (bios->forced_mode)
        *mode = bios->forced_mode;
    return *mode < 32 && (bios->modes >> *mode & 1u);
}

/* The registers the card's own BIOS programs for `mode` (its table), or
 * NULL. */
static const struct ega_params *card_params(const struct machine *m, uint8_t mode)
{
    const struct video_card_bios *bios = &m->adapter.card->bios;
    return bios->params && mode < VIDEO_BIOS_MODES ? bios->params[mode] : NULL;
}

int video_ega_mode_programmed(const struct machine *m, uint8_t mode)
{
    return card_params(m, mode) != NULL;
}

/* The EGA's or VGA's registers through their ports, as its BIOS writes
 * them: the sequencer held in reset while the clock changes, the
 * attribute controller's flip-flop reset by reading 3DAh (3BAh), the
 * palette address source set again at the end (the picture on). */
static void program_ega(struct machine *m, const struct ega_params *t)
{
    uint16_t crtc = mem_rw(m, BDA_CRTC);
    port_out(m, 0x3C4, SEQ_RESET);
    port_out(m, 0x3C5, 0x01);
    for (uint8_t r = 0; r < 4; r++) {
        port_out(m, 0x3C4, (uint8_t)(r + 1));
        port_out(m, 0x3C5, t->seq[r]);
    }
    port_out(m, 0x3C2, t->misc);
    port_out(m, 0x3C4, SEQ_RESET);
    port_out(m, 0x3C5, 0x03);
    for (uint8_t r = 0; r < 25; r++) {
        port_out(m, crtc, r);
        port_out(m, (uint16_t)(crtc + 1), t->crtc[r]);
    }
    ega_status_read(&m->adapter.ega);     /* as its read of 3DAh (3BAh) does */
    for (uint8_t r = 0; r < 20; r++) {
        port_out(m, 0x3C0, r);
        port_out(m, 0x3C0, t->attr[r]);
    }
    if (m->adapter.card->bios.vga_functions) {
        port_out(m, 0x3C0, ATTR_COLOUR_SELECT);
        port_out(m, 0x3C0, 0);
    }
    port_out(m, 0x3C0, 0x20);
    for (uint8_t r = 0; r < 9; r++) {
        port_out(m, 0x3CE, r);
        port_out(m, 0x3CF, t->gc[r]);
    }
}

/* The VGA BIOS's DAC for the 16-colour modes, entries 0-63: for the
 * 200-line modes (`cga`) bits 0-2 blue, green, red at 2/3 and bit 4 the
 * intensity at 1/3 (colour 6 brown: its green halved), else bits 0-2 the
 * primaries at 2/3 and bits 3-5 the secondaries at 1/3 (the EGA's 64
 * colours, rgbRGB). */
void video_dac_16(uint8_t dac[768], int cga)
{
    for (unsigned i = 0; i < 64; i++)
        for (unsigned c = 0; c < 3; c++) {
            unsigned bit = 2 - c;       /* red bit 2, green 1, blue 0 */
            unsigned v = (i >> bit & 1) * 42u;
            if (cga) {
                v += (i >> 4 & 1) * 21u;
                if ((i & 0x17) == 6 && c == 1)
                    v = 21;
            } else {
                v += (i >> (bit + 3) & 1) * 21u;
            }
            dac[i * 3 + c] = (uint8_t)v;
        }
}

/* The VGA BIOS's DAC for mode 0Fh, entries 0-63: palette bits 3 (the
 * video) and 4 (the intensity): neither black, one 2Ah, both 3Fh (so the
 * mode's 08h is normal, 18h bright). */
static void dac_mono(uint8_t dac[768])
{
    static const uint8_t levels[4] = { 0x00, 0x2A, 0x2A, 0x3F };
    for (unsigned i = 0; i < 64; i++)
        memset(dac + i * 3, levels[i >> 3 & 3], 3);
}

/* The CGA's and MDA's registers as their BIOS programs them for a mode:
 * the 6845 from its table, mode control, and (CGA) colour select: 30h,
 * 3Fh in mode 6 (its foreground white). */
static void program_card(struct machine *m, uint8_t mode)
{
    const struct video_card_bios *bios = &m->adapter.card->bios;
    uint8_t control = mode_control[mode & 7], palette = mode == 6 ? 0x3F : 0x30;
    uint16_t port = mem_rw(m, BDA_CRTC);
    mem_wb(m, BDA_MODE_CONTROL, control);
    mem_wb(m, BDA_PALETTE, palette);
    if (bios->params) {
        const struct ega_params *t = card_params(m, mode);
        if (t)
            program_ega(m, t);
        return;
    }
    const uint8_t *table = mode == 7 ? crtc_mono : mode <= 1 ? crtc_40x25 : mode <= 3 ? crtc_80x25 : crtc_graphics;
    for (uint8_t r = 0; r < 16; r++) {
        port_out(m, port, r);
        port_out(m, (uint16_t)(port + 1), table[r]);
    }
    port_out(m, (uint16_t)(port + 4), control);
    if (bios->colour_select)
        port_out(m, (uint16_t)(port + 5), palette);
}

/* The fonts in the ROMs, as the machine has them (video.h). */
void video_rom_fonts(struct machine *m)
{
    const struct video_card_bios *bios = &m->adapter.card->bios;
    for (unsigned c = 0; c < 128; c++)
        mem_write(m, ((uint32_t)SEG_ROM << 4) + VIDEO_FONT_8X8_OFF + c * 8u, video_glyph(8, (uint8_t)c), 8);
    static const unsigned heights[3] = { 8, 14, 16 };
    for (unsigned k = 0; k < 3; k++) {
        uint16_t off = k == 0 ? bios->font_8x8 : k == 1 ? bios->font_8x14 : bios->font_8x16;
        for (unsigned c = 0; off && c < 256; c++)
            mem_write(m, VIDEO_ROM_LO + off + c * heights[k], video_glyph(heights[k], (uint8_t)c), heights[k]);
    }
}

int video_rom_font(const struct machine *m, unsigned height, uint16_t *seg, uint16_t *off)
{
    const struct video_card_bios *bios = &m->adapter.card->bios;
    uint16_t at = height == 8 ? bios->font_8x8 : height == 14 ? bios->font_8x14 : height == 16 ? bios->font_8x16 : 0;
    if (!at && height == 8) {
        *seg = SEG_ROM;
        *off = VIDEO_FONT_8X8_OFF;
        return 1;
    }
    *seg = (uint16_t)(VIDEO_ROM_LO >> 4);
    *off = at;
    return at != 0;
}

/* INT 43h after a mode set on a card whose BIOS keeps fonts: the font of
 * the mode's character height (40:85h; the 8x8 in the text modes). */
static void point_font_vector(struct machine *m)
{
    uint16_t seg, off;
    unsigned h = video_is_text(m) ? 8u : mem_rb(m, BDA_CHAR_HEIGHT);
    if (m->adapter.card->bios.font_8x8 && video_rom_font(m, h, &seg, &off))
        ivt_set(m, 0x43, seg, off);
}

int video_set_mode(struct machine *m, uint8_t mode)
{
    int keep = mode & 0x80;
    const struct video_card_bios *bios = &m->adapter.card->bios;
    int ega_vga = bios->params != NULL;         /* the card's own BIOS */
    mode &= 0x7F;
    if (!card_mode(bios, &mode))
        return -1;
    unsigned cols = mode <= 1 || mode == 4 || mode == 5 || mode == 0x0D || mode == 0x13 ? 40 : 80;
    /* 40:4Ch and 40:85h as the BIOS's parameter table gives them for the
     * EGA/VGA modes (IBM's VGA BIOS tables as dumped in riplin/hag's
     * ModeSetting: 0Dh and 13h 2000h, 0Eh 4000h, 0Fh and 10h 8000h with
     * 14-line characters, 11h and 12h A000h with 16; the EGA's text its
     * 8x14 font, the VGA's 8x16); mode 7 on the MDA: the PC BIOS's 16 KiB. */
    uint16_t page_size = mode <= 1 ? 2048 : mode <= 3 || (mode == 7 && ega_vga) ? 4096
                         : mode == 0x0D || mode == 0x13 ? 0x2000 : mode == 0x0E ? 0x4000
                         : mode == 0x0F || mode == 0x10 ? 0x8000 : mode == 0x11 || mode == 0x12 ? 0xA000 : 16384;
    mem_wb(m, BDA_MODE, mode);
    mem_ww(m, BDA_COLS, (uint16_t)cols);
    mem_ww(m, BDA_PAGE_SIZE, page_size);
    mem_ww(m, BDA_PAGE_START, 0);
    mem_wb(m, BDA_PAGE, 0);
    mem_ww(m, BDA_CRTC, mode == 7 || (mode == 0x0F && ega_vga) ? 0x3B4 : 0x3D4);  /* 0Fh: misc A2h, bit 0 */
    if (bios->text_char_height) {
        mem_wb(m, BDA_ROWS_M1, mode == 0x11 || mode == 0x12 ? 29 : 24);
        int text = mode <= 3 || mode == 7;
        mem_ww(m, BDA_CHAR_HEIGHT, text ? bios->text_char_height
                                   : mode == 0x0F || mode == 0x10 ? 14 : mode == 0x11 || mode == 0x12 ? 16 : 8);
    }
    program_card(m, mode);
    adapter_new_picture(&m->adapter);       /* the new mode's registers for the whole picture */
    video_set_cursor_type(m, mode == 7 ? 0x0B0C : 0x0607);
    for (uint8_t p = 8; p-- > 0;)
        video_set_cursor(m, p, 0, 0);
    crtc_out(m, CRTC_START_HI, 0);
    point_font_vector(m);
    if (mode == 0x13)
        video_default_palette(m->adapter.dac);  /* as the VGA BIOS loads it */
    else if (bios->vga_functions && mode == 0x0F)
        dac_mono(m->adapter.dac);
    else if (bios->vga_functions && mode != 7)
        video_dac_16(m->adapter.dac, (mode >= 4 && mode <= 6) || mode == 0x0D || mode == 0x0E);
    if (keep)
        return 0;
    if (ega_vga && !video_is_text(m)) {
        memset(m->adapter.ega.plane, 0, sizeof m->adapter.ega.plane);  /* all four planes */
        return 0;
    }
    if (mode <= 3)
        blank_memory(m, (uint32_t)SEG_VIDEO << 4, 0x4000, 0x0720);
    else if (mode == 7)
        blank_memory(m, (uint32_t)SEG_MONO << 4, 0x1000, 0x0720);
    else if (mode >= 0x0D)
        blank_memory(m, (uint32_t)SEG_GRAPHIC << 4, 0x10000, 0);
    else
        blank_memory(m, (uint32_t)SEG_VIDEO << 4, 0x4000, 0);
    return 0;
}

/* As the BIOS leaves the screen after the power-on test: mode 7 on a
 * monochrome card, else 3; INT 1Fh at 0000:0000 (the PC BIOS's: nothing
 * until a program sets it) or at the card's ROM 8x8 font's characters
 * 128-255. */
void video_init(struct machine *m)
{
    uint16_t font = m->adapter.card->bios.font_8x8;
    ivt_set(m, 0x1F, font ? (uint16_t)(VIDEO_ROM_LO >> 4) : 0, font ? (uint16_t)(font + 0x400) : 0);
    video_set_mode(m, m->adapter.card->mono ? 7 : 3);
}

/* Text in the graphics modes, as the BIOS draws it: a text cell is 8
 * pixels wide and the mode's character height high (8 in CGA modes 4-6,
 * 40:85h in 0Dh-13h); each of its scan lines is `bytes` bytes: 2 in modes
 * 4 and 5 (2 bits a pixel), 1 in 6 and in each plane of 0Dh-12h, 8 in
 * 13h.  rows x cols cells fit in the mode's picture, whatever the data
 * area says (a program may write 40:4Ah, 40:84h, 40:85h). */
struct gfx_cells {
    unsigned height, bytes, planes;     /* planes 0: the machine's memory */
    unsigned rows, cols;
};

static int gfx_cells(const struct machine *m, struct gfx_cells *g)
{
    uint8_t mode = video_mode(m);
    if (mode >= 4 && mode <= 6) {
        *g = (struct gfx_cells){ 8, mode == 6 ? 1u : 2u, 0, 25, mode == 6 ? 80u : 40u };
        return 1;
    }
    unsigned h = mem_rb(m, BDA_CHAR_HEIGHT);
    if (h == 0 || h > 32 || !m->adapter.card->bios.font_8x8)
        return 0;                       /* not a mode (or a height) the card's BIOS writes text in */
    if (mode == 0x13) {
        *g = (struct gfx_cells){ h, 8, 0, 200 / h, 40 };
        return 1;
    }
    if (mode >= 0x0D && mode <= 0x12 && adapter_is_planar(&m->adapter)) {
        unsigned lines = mode >= 0x11 ? 480u : mode >= 0x0F ? 350u : 200u;
        *g = (struct gfx_cells){ h, 1, 4, lines / h, mode == 0x0D ? 40u : 80u };
        return 1;
    }
    return 0;
}

/* Where scan line y of text column col starts: a linear address (CGA
 * modes, 13h) or an offset in each plane. */
static uint32_t gfx_at(const struct machine *m, const struct gfx_cells *g, uint8_t page, unsigned y, unsigned col)
{
    uint8_t mode = video_mode(m);
    if (mode >= 4 && mode <= 6)
        return ((uint32_t)SEG_VIDEO << 4) + (y & 1u) * 0x2000u + (y >> 1) * 80u + col * g->bytes;
    if (mode == 0x13)
        return ((uint32_t)SEG_GRAPHIC << 4) + y * 320u + col * 8u;
    return ((uint32_t)(page & 7u) * mem_rw(m, BDA_PAGE_SIZE) + y * video_cols(m) + col) % EGA_PLANE_SIZE;
}

/* One scan line of a cell: the glyph row `bits` in `colour` on colour 0,
 * or XORed in when bit 7 of the colour is set (not in 13h, whose colours
 * are 8 bits). */
static void gfx_put_row(struct machine *m, const struct gfx_cells *g, uint32_t at, uint8_t bits, uint8_t colour)
{
    int xor = (colour & 0x80) && video_mode(m) != 0x13;
    if (g->planes) {
        for (unsigned p = 0; p < g->planes; p++) {
            uint8_t *b = &m->adapter.ega.plane[p][at], v = colour >> p & 1 ? bits : 0;
            *b = xor ? (uint8_t)(*b ^ v) : v;
        }
        return;
    }
    uint8_t out[8];
    if (g->bytes == 8) {
        for (unsigned x = 0; x < 8; x++)
            out[x] = bits & (0x80u >> x) ? colour : 0;
    } else if (g->bytes == 2) {
        uint16_t wide = 0;                                  /* each dot two bits of the colour */
        for (unsigned x = 0; x < 8; x++)
            if (bits & (0x80u >> x))
                wide |= (uint16_t)((colour & 3u) << (14 - 2 * x));
        out[0] = (uint8_t)(wide >> 8);
        out[1] = (uint8_t)wide;
    } else {
        out[0] = bits;                                      /* 640x200: the dots on, whatever the colour */
    }
    for (unsigned i = 0; i < g->bytes; i++)
        mem_wb(m, at + i, xor ? (uint8_t)(mem_rb(m, at + i) ^ out[i]) : out[i]);
}

static void gfx_copy_row(struct machine *m, const struct gfx_cells *g, uint32_t to, uint32_t from)
{
    if (g->planes) {
        for (unsigned p = 0; p < g->planes; p++)
            m->adapter.ega.plane[p][to] = m->adapter.ega.plane[p][from];
        return;
    }
    for (unsigned i = 0; i < g->bytes; i++)
        mem_wb(m, to + i, mem_rb(m, from + i));
}

/* The glyph of `ch` as the BIOS finds it, segment and offset: in CGA
 * modes 4-6, characters 0-127 in the ROM's 8x8 font (F000:FA6E, or where
 * INT 43h points on a card whose BIOS keeps fonts) and 128-255 where
 * INT 1Fh points; in the others, where INT 43h points.  The offset wraps
 * in its segment, as the BIOS's 16-bit index does. */
static void gfx_glyph(const struct machine *m, const struct gfx_cells *g, uint8_t ch, uint16_t *seg, uint16_t *off)
{
    uint8_t mode = video_mode(m);
    uint8_t vec = mode >= 4 && mode <= 6 && ch >= 128 ? 0x1F : 0x43;
    if (mode >= 4 && mode <= 6 && ch < 128 && !m->adapter.card->bios.font_8x8) {
        *seg = SEG_ROM;
        *off = (uint16_t)(VIDEO_FONT_8X8_OFF + ch * 8u);
        return;
    }
    *seg = mem_rw(m, vec * 4u + 2);
    *off = (uint16_t)(mem_rw(m, vec * 4u) + (vec == 0x1F ? ch - 128u : ch) * g->height);
}

static void gfx_put_cell(struct machine *m, const struct gfx_cells *g, uint8_t page, unsigned row, unsigned col,
                         uint8_t ch, uint8_t colour)
{
    uint16_t seg, off;
    gfx_glyph(m, g, ch, &seg, &off);
    for (unsigned i = 0; i < g->height; i++)
        gfx_put_row(m, g, gfx_at(m, g, page, row * g->height + i, col),
                    mem_rb(m, (((uint32_t)seg << 4) + (uint16_t)(off + i)) & 0xFFFFFu), colour);
}

void video_put_cell(struct machine *m, uint8_t page, uint8_t row, uint8_t col, uint8_t ch, uint8_t attr)
{
    struct gfx_cells g;
    if (row >= video_rows(m) || col >= video_cols(m))
        return;
    if (!video_is_text(m)) {
        if (gfx_cells(m, &g) && row < g.rows && col < g.cols)
            gfx_put_cell(m, &g, page, row, col, ch, attr);
        return;
    }
    mem_wb(m, cell(m, page, row, col), ch);
    mem_wb(m, cell(m, page, row, col) + 1, attr);
}

/* A window scroll in a graphics mode: the cells' scan lines moved, the
 * rows brought in filled with colour `fill`. */
static void gfx_scroll(struct machine *m, const struct gfx_cells *g, uint8_t page, int down, unsigned lines,
                       uint8_t fill, unsigned top, unsigned left, unsigned bottom, unsigned right)
{
    unsigned height = bottom - top + 1u;
    for (unsigned i = 0; i < height; i++) {
        unsigned row = down ? bottom - i : top + i;
        unsigned from = down ? row - lines : row + lines;
        int inside = i + lines < height;
        for (unsigned y = 0; y < g->height; y++)
            for (unsigned col = left; col <= right; col++) {
                uint32_t to = gfx_at(m, g, page, row * g->height + y, col);
                if (inside)
                    gfx_copy_row(m, g, to, gfx_at(m, g, page, from * g->height + y, col));
                else
                    gfx_put_row(m, g, to, 0xFF, (uint8_t)(fill & 0x7F));
            }
    }
}

void video_scroll(struct machine *m, int down, uint8_t lines, uint8_t attr,
                  uint8_t top, uint8_t left, uint8_t bottom, uint8_t right)
{
    unsigned rows = video_rows(m), cols = video_cols(m);
    uint8_t page = video_page(m);
    struct gfx_cells g;
    int text = video_is_text(m);
    if (!text && !gfx_cells(m, &g))
        return;
    if (bottom >= rows)
        bottom = (uint8_t)(rows - 1);
    if (right >= cols)
        right = (uint8_t)(cols - 1);
    if (top > bottom || left > right)
        return;
    unsigned height = bottom - top + 1u;
    if (!text && (bottom >= g.rows || right >= g.cols)) {     /* the window inside the picture */
        bottom = (uint8_t)(bottom < g.rows ? bottom : g.rows - 1);
        right = (uint8_t)(right < g.cols ? right : g.cols - 1);
        if (top > bottom || left > right)
            return;
        height = bottom - top + 1u;
    }
    if (lines == 0 || lines >= height)
        lines = (uint8_t)height;
    if (!text) {
        gfx_scroll(m, &g, page, down, lines, attr, top, left, bottom, right);
        return;
    }
    for (unsigned i = 0; i < height; i++) {
        unsigned row = down ? bottom - i : top + i;
        unsigned from = down ? row - lines : row + lines;
        int inside = i + lines < height;
        for (unsigned col = left; col <= right; col++)
            mem_ww(m, cell(m, page, row, col),
                   inside ? mem_rw(m, cell(m, page, from, col)) : (uint16_t)(attr << 8 | ' '));
    }
}

void video_teletype(struct machine *m, uint8_t ch, uint8_t colour)
{
    uint8_t page = video_page(m), row, col;
    unsigned rows = video_rows(m), cols = video_cols(m);
    video_get_cursor(m, page, &row, &col);
    switch (ch) {
    case '\r': col = 0; break;
    case '\n': row++; break;
    case '\b': if (col) col--; break;
    case 7: break;
    default:
        if (video_is_text(m))
            mem_wb(m, cell(m, page, row, col), ch);
        else
            video_put_cell(m, page, row, col, ch, colour);
        if (++col >= cols) {
            col = 0;
            row++;
        }
        break;
    }
    if (row >= rows) {
        uint8_t attr = video_is_text(m) ? mem_rb(m, cell(m, page, rows - 1, col) + 1) : 0;
        video_scroll(m, 0, 1, attr, 0, 0, (uint8_t)(rows - 1), (uint8_t)(cols - 1));
        row = (uint8_t)(rows - 1);
    }
    video_set_cursor(m, page, row, col);
}

void video_write_cells(struct machine *m, uint8_t page, uint8_t ch, uint8_t attr, uint16_t count, int with_attr)
{
    uint8_t row, col;
    video_get_cursor(m, page, &row, &col);
    uint32_t first = row * video_cols(m) + col, last = video_rows(m) * video_cols(m);
    if (!video_is_text(m)) {            /* 09h and 0Ah alike: the colour is BL's */
        for (uint32_t i = first; i < last && i - first < count; i++)
            video_put_cell(m, page, (uint8_t)(i / video_cols(m)), (uint8_t)(i % video_cols(m)), ch, attr);
        return;
    }
    for (uint32_t i = first; i < last && i - first < count; i++) {
        uint32_t a = video_page_base(m, page) + i * 2u;
        mem_wb(m, a, ch);
        if (with_attr)
            mem_wb(m, a + 1, attr);
    }
}

/* One scan line of a graphics cell as glyph dots: a dot is set where
 * the pixel is not colour 0. */
static uint8_t gfx_get_row(const struct machine *m, const struct gfx_cells *g, uint32_t at)
{
    uint8_t dots = 0;
    if (g->planes) {
        for (unsigned p = 0; p < g->planes; p++)
            dots |= m->adapter.ega.plane[p][at];
    } else if (g->bytes == 8) {
        for (unsigned x = 0; x < 8; x++)
            dots |= mem_rb(m, at + x) ? (uint8_t)(0x80u >> x) : 0;
    } else if (g->bytes == 2) {
        unsigned wide = (unsigned)mem_rb(m, at) << 8 | mem_rb(m, at + 1);
        for (unsigned x = 0; x < 8; x++)
            dots |= wide >> (14 - 2 * x) & 3u ? (uint8_t)(0x80u >> x) : 0;
    } else {
        dots = mem_rb(m, at);
    }
    return dots;
}

/* INT 10h 08h in a graphics mode, as the BIOS reads: the cell's dots
 * compared with each character's glyph where the BIOS finds it
 * (gfx_glyph()), 0 to 255; the first that matches, else 0. */
static uint8_t gfx_read_char(const struct machine *m, const struct gfx_cells *g, uint8_t page, unsigned row,
                             unsigned col)
{
    uint8_t dots[32];
    for (unsigned i = 0; i < g->height; i++)
        dots[i] = gfx_get_row(m, g, gfx_at(m, g, page, row * g->height + i, col));
    for (unsigned ch = 0; ch < 256; ch++) {
        uint16_t seg, off;
        unsigned i = 0;
        gfx_glyph(m, g, (uint8_t)ch, &seg, &off);
        while (i < g->height && mem_rb(m, (((uint32_t)seg << 4) + (uint16_t)(off + i)) & 0xFFFFFu) == dots[i])
            i++;
        if (i == g->height)
            return (uint8_t)ch;
    }
    return 0;
}

uint16_t video_read_cell(const struct machine *m, uint8_t page)
{
    uint8_t row, col;
    struct gfx_cells g;
    video_get_cursor(m, page, &row, &col);
    if (!video_is_text(m))
        return gfx_cells(m, &g) && row < g.rows && col < g.cols ? gfx_read_char(m, &g, page, row, col) : 0;
    return mem_rw(m, cell(m, page, row, col));
}

/* A CGA graphics pixel: its byte (even lines at B8000h, odd at BA000h,
 * 80 bytes a line) and the shift of its bits, from the left (MSB). */
static int cga_pixel(const struct machine *m, uint16_t x, uint16_t y, uint32_t *at, unsigned *shift,
                     unsigned *bits)
{
    uint8_t mode = video_mode(m);
    unsigned width = mode == 6 ? 640u : 320u;
    if (mode < 4 || mode > 6 || x >= width || y >= 200)
        return 0;
    *bits = mode == 6 ? 1u : 2u;
    *at = ((uint32_t)SEG_VIDEO << 4) + (y & 1u) * 0x2000u + (y >> 1) * 80u + x * *bits / 8u;
    *shift = 8u - *bits - (x * *bits) % 8u;
    return 1;
}

/* A pixel of the planar modes 0Dh-12h: its byte in each plane (the
 * BIOS's columns x 8 pixels a line) and its bit. */
static int planar_pixel(const struct machine *m, uint16_t x, uint16_t y, uint32_t *offset, uint8_t *bit)
{
    uint8_t mode = video_mode(m);
    unsigned width = video_cols(m) * 8u;
    unsigned height = mode == 0x11 || mode == 0x12 ? 480u : mode == 0x0F || mode == 0x10 ? 350u : 200u;
    if (!adapter_is_planar(&m->adapter) || mode < 0x0D || mode > 0x12
        || x >= width || y >= height)
        return 0;
    *offset = y * video_cols(m) + x / 8u;
    *bit = (uint8_t)(0x80u >> (x & 7));
    return *offset < EGA_PLANE_SIZE;
}

void video_put_pixel(struct machine *m, uint16_t x, uint16_t y, uint8_t colour)
{
    uint32_t at;
    unsigned shift, bits;
    uint8_t bit;
    if (planar_pixel(m, x, y, &at, &bit)) {
        for (unsigned p = 0; p < 4; p++) {
            uint8_t *b = &m->adapter.ega.plane[p][at], on = colour >> p & 1 ? bit : 0;
            *b = colour & 0x80 ? (uint8_t)(*b ^ on) : (uint8_t)((*b & ~bit) | on);
        }
    } else if (video_mode(m) == 0x13 && x < 320 && y < 200)
        mem_wb(m, ((uint32_t)SEG_GRAPHIC << 4) + y * 320u + x, colour);
    else if (cga_pixel(m, x, y, &at, &shift, &bits)) {
        uint8_t mask = (uint8_t)(((1u << bits) - 1u) << shift), v = (uint8_t)((colour << shift) & mask);
        uint8_t old = mem_rb(m, at);
        mem_wb(m, at, colour & 0x80 ? (uint8_t)(old ^ v) : (uint8_t)((old & ~mask) | v));
    }
}

uint8_t video_get_pixel(const struct machine *m, uint16_t x, uint16_t y)
{
    uint32_t at;
    unsigned shift, bits;
    uint8_t bit, colour = 0;
    if (planar_pixel(m, x, y, &at, &bit)) {
        for (unsigned p = 0; p < 4; p++)
            colour |= (uint8_t)((m->adapter.ega.plane[p][at] & bit ? 1u : 0u) << p);
        return colour;
    }
    if (video_mode(m) == 0x13 && x < 320 && y < 200)
        return mem_rb(m, ((uint32_t)SEG_GRAPHIC << 4) + y * 320u + x);
    if (cga_pixel(m, x, y, &at, &shift, &bits))
        return (uint8_t)((mem_rb(m, at) >> shift) & ((1u << bits) - 1u));
    return 0;
}
