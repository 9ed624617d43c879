/*
 * emu/video/crtc6845.c: the 6845's registers and the raster they make (see
 * crtc6845.h).
 */
#include "crtc6845.h"

/* The bits each register has (MC6845 data sheet, register table). */
static const uint8_t reg_mask[CRTC_REGS] = {
    0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0x1F, 0x7F, 0x7F,
    0x03, 0x1F, 0x7F, 0x1F, 0x3F, 0xFF, 0x3F, 0xFF, 0x3F, 0xFF,
};

void crtc_write_index(struct crtc6845 *c, uint8_t v) { c->index = v & 0x1F; }

void crtc_write_data(struct crtc6845 *c, uint8_t v)
{
    if (c->index < CRTC_PEN_HI)         /* the light pen registers are read-only */
        c->reg[c->index] = v & reg_mask[c->index];
}

int crtc_port_in(const struct crtc6845 *c, uint16_t base, uint16_t port, uint8_t *v)
{
    if ((uint16_t)(port - base) > 7)
        return 0;
    *v = port & 1 ? crtc_read_data(c) : 0xFF;       /* the index is write-only */
    return 1;
}

int crtc_port_out(struct crtc6845 *c, uint16_t base, uint16_t port, uint8_t v)
{
    if ((uint16_t)(port - base) > 7)
        return 0;
    if (port & 1)
        crtc_write_data(c, v);
    else
        crtc_write_index(c, v);
    return 1;
}

uint8_t crtc_read_data(const struct crtc6845 *c)
{
    return c->index >= CRTC_CURSOR_HI && c->index < CRTC_REGS ? c->reg[c->index] : 0;
}

void crtc_load(struct crtc6845 *c, const uint8_t regs[16])
{
    uint8_t keep = c->index;
    for (uint8_t i = 0; i < 16; i++) {
        c->index = i;
        crtc_write_data(c, regs[i]);
    }
    c->index = keep;
}

uint16_t crtc_start_address(const struct crtc6845 *c)
{
    return (uint16_t)(c->reg[CRTC_START_HI] << 8 | c->reg[CRTC_START_LO]);
}

uint16_t crtc_cursor_address(const struct crtc6845 *c)
{
    return (uint16_t)(c->reg[CRTC_CURSOR_HI] << 8 | c->reg[CRTC_CURSOR_LO]);
}

void crtc_set_start_address(struct crtc6845 *c, uint16_t a)
{
    c->reg[CRTC_START_HI] = (uint8_t)(a >> 8) & 0x3F;
    c->reg[CRTC_START_LO] = (uint8_t)a;
}

void crtc_set_cursor_address(struct crtc6845 *c, uint16_t a)
{
    c->reg[CRTC_CURSOR_HI] = (uint8_t)(a >> 8) & 0x3F;
    c->reg[CRTC_CURSOR_LO] = (uint8_t)a;
}

unsigned crtc_lines_per_row(const struct crtc6845 *c) { return c->reg[CRTC_MAX_SCAN] + 1u; }

static uint32_t min_u32(uint32_t a, uint32_t b) { return a < b ? a : b; }

/* Every count is a register plus one (or a 5- or 7-bit value), so the
 * totals are at least one: a program that writes 0 everywhere gets a
 * frame of one character by one line, not a division by zero.  A
 * displayed count past the total is cut at it; a sync position past it
 * is never reached (no sync). */
void crtc_frame_of(const struct crtc6845 *c, unsigned char_dots, struct crtc_frame *f)
{
    const uint8_t *r = c->reg;
    uint32_t dots = char_dots ? char_dots : 1u;
    uint32_t chars = r[CRTC_H_TOTAL] + 1u, row_lines = crtc_lines_per_row(c);
    uint32_t rows = r[CRTC_V_TOTAL] + 1u;
    uint32_t sync_width = r[CRTC_SYNC_WIDTH] & 0x0F;     /* 0: no horizontal sync */
    f->line_dots = chars * dots;
    f->lines = rows * row_lines + r[CRTC_V_ADJUST];
    f->shown_dots = min_u32(r[CRTC_H_DISPLAYED], chars) * dots;
    f->shown_lines = min_u32(r[CRTC_V_DISPLAYED], rows) * row_lines;
    f->hsync_from = r[CRTC_H_SYNC_POS] < chars ? r[CRTC_H_SYNC_POS] * dots : f->line_dots;
    f->hsync_dots = sync_width * dots;
    f->vsync_from = r[CRTC_V_SYNC_POS] < rows ? r[CRTC_V_SYNC_POS] * row_lines : f->lines;
    f->vsync_lines = CRTC_VSYNC_LINES;
}

/* Whether `at` is within `width` after `from`, counting round a total. */
static int in_sync(uint32_t at, uint32_t from, uint32_t width, uint32_t total)
{
    return from < total && (uint64_t)(at + total - from) % total < width;
}

uint64_t crtc_frames(const struct crtc_frame *f, uint64_t dots)
{
    uint64_t line_dots = f->line_dots ? f->line_dots : 1u, lines = f->lines ? f->lines : 1u;
    return dots / (line_dots * lines);
}

void crtc_beam_at(const struct crtc_frame *f, uint64_t dots, struct crtc_beam *b)
{
    uint64_t line_dots = f->line_dots ? f->line_dots : 1u, lines = f->lines ? f->lines : 1u;
    uint64_t in_frame = dots % (line_dots * lines);
    b->line = (uint32_t)(in_frame / line_dots);
    b->dot = (uint32_t)(in_frame % line_dots);
    b->display = b->line < f->shown_lines && b->dot < f->shown_dots;
    b->hsync = in_sync(b->dot, f->hsync_from, f->hsync_dots, (uint32_t)line_dots);
    b->vsync = in_sync(b->line, f->vsync_from, f->vsync_lines, (uint32_t)lines);
}
