/*
 * emu/pc/video.c: the display adapter's modes, pages, cursor, text cells,
 * scrolling and status port (see video.h).
 */
#include "video.h"

#include <string.h>

#include "../machine.h"
#include "bda.h"


#define SEG_MONO    0xB000u
#define SEG_GRAPHIC 0xA000u

/* The CGA's raster, in CPU cycles (14.318 MHz / 912 dots per line = 3 x 304). */
#define LINE_CYCLES     304u
#define LINE_ACTIVE     213u        /* 640 of 912 dots shown */
#define FRAME_LINES     262u
#define VISIBLE_LINES   200u
#define VSYNC_FIRST     224u
#define VSYNC_LINES     16u

uint8_t video_mode(const struct machine *m) { return mem_rb(m, BDA_MODE); }

int video_is_text(const struct machine *m)
{
    uint8_t mode = video_mode(m);
    return mode <= 3 || mode == 7;
}

unsigned video_cols(const struct machine *m) { return mem_rw(m, BDA_COLS) ? mem_rw(m, BDA_COLS) : 80u; }
unsigned video_rows(const struct machine *m) { return mem_rb(m, BDA_ROWS_M1) + 1u; }
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

int video_set_mode(struct machine *m, uint8_t mode)
{
    int keep = mode & 0x80;
    mode &= 0x7F;
    unsigned cols;
    uint16_t page_size;
    switch (mode) {
    case 0: case 1: cols = 40; page_size = 2048; break;
    case 2: case 3: case 7: cols = 80; page_size = 4096; break;
    case 4: case 5: case 0x0D: case 0x13: cols = 40; page_size = 0; break;
    case 6: case 0x0E: case 0x0F: case 0x10: case 0x11: case 0x12: cols = 80; page_size = 0; break;
    default: return -1;
    }
    mem_wb(m, BDA_MODE, mode);
    mem_ww(m, BDA_COLS, (uint16_t)cols);
    mem_ww(m, BDA_PAGE_SIZE, page_size ? page_size : (mode == 0x13 ? 64000 : 16384));
    mem_ww(m, BDA_PAGE_START, 0);
    mem_wb(m, BDA_PAGE, 0);
    mem_ww(m, BDA_CRTC, mode == 7 ? 0x3B4 : 0x3D4);
    mem_wb(m, BDA_ROWS_M1, mode == 0x11 || mode == 0x12 ? 29 : 24);
    mem_ww(m, BDA_CHAR_HEIGHT, mode == 0x13 || mode == 4 || mode == 5 || mode == 6 ? 8 : 16);
    mem_ww(m, BDA_CURSOR_TYPE, 0x0607);
    for (uint8_t p = 0; p < 8; p++)
        video_set_cursor(m, p, 0, 0);
    if (mode == 0x13)
        video_default_palette(m->dac);  /* as the VGA BIOS loads it */
    if (keep)
        return 0;
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

void video_init(struct machine *m)
{
    video_set_mode(m, 3);
}

void video_put_cell(struct machine *m, uint8_t page, uint8_t row, uint8_t col, uint8_t ch, uint8_t attr)
{
    if (!video_is_text(m) || row >= video_rows(m) || col >= video_cols(m))
        return;
    mem_wb(m, cell(m, page, row, col), ch);
    mem_wb(m, cell(m, page, row, col) + 1, attr);
}

void video_scroll(struct machine *m, int down, uint8_t lines, uint8_t attr,
                  uint8_t top, uint8_t left, uint8_t bottom, uint8_t right)
{
    unsigned rows = video_rows(m), cols = video_cols(m);
    uint8_t page = video_page(m);
    if (!video_is_text(m))
        return;
    if (bottom >= rows)
        bottom = (uint8_t)(rows - 1);
    if (right >= cols)
        right = (uint8_t)(cols - 1);
    if (top > bottom || left > right)
        return;
    unsigned height = bottom - top + 1u;
    if (lines == 0 || lines >= height)
        lines = (uint8_t)height;
    for (unsigned i = 0; i < height; i++) {
        unsigned row = down ? bottom - i : top + i;
        unsigned from = down ? row - lines : row + lines;
        int inside = i + lines < height;
        for (unsigned col = left; col <= right; col++)
            mem_ww(m, cell(m, page, row, col),
                   inside ? mem_rw(m, cell(m, page, from, col)) : (uint16_t)(attr << 8 | ' '));
    }
}

void video_teletype(struct machine *m, uint8_t ch)
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
    if (!video_is_text(m))
        return;
    video_get_cursor(m, page, &row, &col);
    uint32_t first = row * video_cols(m) + col, last = video_rows(m) * video_cols(m);
    for (uint32_t i = first; i < last && i - first < count; i++) {
        uint32_t a = video_page_base(m, page) + i * 2u;
        mem_wb(m, a, ch);
        if (with_attr)
            mem_wb(m, a + 1, attr);
    }
}

uint16_t video_read_cell(const struct machine *m, uint8_t page)
{
    uint8_t row, col;
    if (!video_is_text(m))
        return 0;
    video_get_cursor(m, page, &row, &col);
    return mem_rw(m, cell(m, page, row, col));
}

void video_put_pixel(struct machine *m, uint16_t x, uint16_t y, uint8_t colour)
{
    if (video_mode(m) == 0x13 && x < 320 && y < 200)
        mem_wb(m, ((uint32_t)SEG_GRAPHIC << 4) + y * 320u + x, colour);
}

uint8_t video_get_pixel(const struct machine *m, uint16_t x, uint16_t y)
{
    if (video_mode(m) == 0x13 && x < 320 && y < 200)
        return mem_rb(m, ((uint32_t)SEG_GRAPHIC << 4) + y * 320u + x);
    return 0;
}

uint8_t video_status(uint64_t now)
{
    uint64_t in_frame = now % ((uint64_t)FRAME_LINES * LINE_CYCLES);
    unsigned line = (unsigned)(in_frame / LINE_CYCLES), dot = (unsigned)(in_frame % LINE_CYCLES);
    int vsync = line >= VSYNC_FIRST && line < VSYNC_FIRST + VSYNC_LINES;
    int blank = line >= VISIBLE_LINES || dot >= LINE_ACTIVE;
    return (uint8_t)(0xF0 | (vsync ? 0x08 : 0) | (blank ? 0x01 : 0));
}
