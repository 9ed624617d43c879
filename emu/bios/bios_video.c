/*
 * emu/bios/bios_video.c: INT 10h, the video BIOS of the card present
 * (--video), over the screen model of video.c.  Text it writes
 * (teletype, character writes, write string) also goes to the console's
 * screen stream.  The PC/XT BIOS of a CGA or MDA has functions 00h-0Fh
 * (13h, which IBM added with the AT, is kept for every card): 10h-12h and 1Ah return with the
 * registers as they were; the EGA's BIOS adds 10h-12h (12h BL=10h, its
 * information), the VGA's also the DAC (10h) and 1Ah (display combination).
 */
#include "bios_internal.h"

#include "../pc/console.h"
#include "../costs.h"
#include "../machine.h"
#include "../pc/bda.h"
#include "../video/video.h"

static uint8_t bh(struct machine *m) { return (uint8_t)(cpu_get(m, REG_BX) >> 8); }
static uint8_t bl(struct machine *m) { return (uint8_t)cpu_get(m, REG_BX); }
static uint8_t dh(struct machine *m) { return (uint8_t)(cpu_get(m, REG_DX) >> 8); }
static uint8_t dl(struct machine *m) { return (uint8_t)cpu_get(m, REG_DX); }

/* Text that reaches the screen: the model (in a graphics mode drawn in
 * `colour`), and the host's screen stream. */
static void show(struct machine *m, struct bios *b, uint8_t ch, uint8_t colour)
{
    console_screen_put(m, b->con, ch, colour);
}

static void cursor(struct machine *m)           /* 02h, 03h */
{
    uint8_t row, col;
    if (cpu_ah(m) == 0x02) {
        video_set_cursor(m, bh(m) & 7, dh(m), dl(m));
        return;
    }
    video_get_cursor(m, bh(m) & 7, &row, &col);
    cpu_set(m, REG_DX, (uint16_t)(row << 8 | col));
    cpu_set(m, REG_CX, mem_rw(m, BDA_CURSOR_TYPE));
}

/* 09h, 0Ah: the character goes on screen `count` times, the cursor stays. */
static void write_cells(struct machine *m, struct bios *b)
{
    uint16_t count = cpu_get(m, REG_CX);
    uint8_t page = bh(m) & 7, row, col;
    video_get_cursor(m, page, &row, &col);
    video_write_cells(m, page, cpu_al(m), bl(m), count, cpu_ah(m) == 0x09);
    unsigned shown = count < 80 ? count : 80;
    for (unsigned i = 0; i < shown; i++)
        console_screen_echo(b->con, cpu_al(m));
    bios_charge_chars(m, shown);
}

/* 13h: write string ES:BP, CX characters at DH,DL of page BH; AL bit 0
 * moves the cursor, bit 1 says the string alternates characters and
 * attributes (else BL is the attribute). */
static void write_string(struct machine *m, struct bios *b)
{
    uint8_t mode = cpu_al(m), page = bh(m) & 7, row0, col0;
    uint16_t es = cpu_get(m, REG_ES), bp = cpu_get(m, REG_BP), n = cpu_get(m, REG_CX);
    uint8_t saved = video_page(m);
    video_get_cursor(m, page, &row0, &col0);
    video_set_page(m, page);
    video_set_cursor(m, page, dh(m), dl(m));
    /* In pieces, each charged, so a run that must stop stops writing
     * (machine_work_allowed()). */
    for (unsigned i = 0, piece; i < n && (piece = machine_work_allowed(m, n - i < 256u ? n - i : 256u)); ) {
        for (unsigned end = i + piece; i < end; i++) {
            uint8_t ch = mem_rb(m, lin(es, (uint16_t)(bp + (mode & 2 ? 2 * i : i))));
            uint8_t attr = mode & 2 ? mem_rb(m, lin(es, (uint16_t)(bp + 2 * i + 1))) : bl(m);
            uint8_t row, col;
            video_get_cursor(m, page, &row, &col);
            if (ch != '\r' && ch != '\n' && ch != '\b' && ch != 7 && video_is_text(m))
                video_put_cell(m, page, row, col, ch, attr);
            show(m, b, ch, attr);       /* advances the cursor the teletype way (graphics: draws) */
        }
        bios_charge_chars(m, piece);
        machine_work_done(m, piece);
    }
    video_set_page(m, saved);
    if (!(mode & 1))
        video_set_cursor(m, page, row0, col0);
}

/* An attribute controller register through its port, as the BIOS
 * writes it: 3DAh (3BAh) read to reset the flip-flop, the index, the
 * value, then index 20h to give the palette back to the display. */
static void attr_out(struct machine *m, uint8_t index, uint8_t v)
{
    ega_status_read(&m->adapter.ega);
    port_out(m, 0x3C0, index);
    port_out(m, 0x3C0, v);
    port_out(m, 0x3C0, 0x20);
}

/* 10h: the palette registers, AL=00h (register BL := BH), 01h (overscan
 * := BH), 02h (the 16 and the overscan from ES:DX), 03h (BL=0: bright
 * backgrounds, 1: blink: attribute mode bit 3); the VGA's also reads them
 * (07h: BH := register BL, 08h: BH := overscan, 09h: 17 bytes to ES:DX)
 * and keeps its DAC (10h/12h, 15h/17h). */
static void palette(struct machine *m)
{
    const uint8_t *dac = m->adapter.dac;
    const uint8_t *attr = m->adapter.ega.attr;
    int vga = m->adapter.card->bios.vga_functions;
    uint16_t es_dx = 0;
    switch (cpu_al(m)) {
    case 0x00:
        if (bl(m) < 16)
            attr_out(m, bl(m), bh(m));
        return;
    case 0x01:
        attr_out(m, ATTR_OVERSCAN, bh(m));
        return;
    case 0x02:
        es_dx = cpu_get(m, REG_DX);
        for (uint8_t r = 0; r < 17; r++)
            attr_out(m, r < 16 ? r : ATTR_OVERSCAN, mem_rb(m, lin(cpu_get(m, REG_ES), (uint16_t)(es_dx + r))));
        return;
    case 0x03:
        attr_out(m, ATTR_MODE, (uint8_t)((attr[ATTR_MODE] & ~ATTR_MODE_BLINK) | (bl(m) & 1 ? ATTR_MODE_BLINK : 0)));
        return;
    case 0x07:
        if (vga && bl(m) < 16)
            cpu_set(m, REG_BX, (uint16_t)(attr[bl(m)] << 8 | bl(m)));
        return;
    case 0x08:
        if (vga)
            cpu_set(m, REG_BX, (uint16_t)(attr[ATTR_OVERSCAN] << 8 | bl(m)));
        return;
    case 0x09:
        es_dx = cpu_get(m, REG_DX);
        for (uint8_t r = 0; vga && r < 17; r++)
            mem_wb(m, lin(cpu_get(m, REG_ES), (uint16_t)(es_dx + r)), attr[r < 16 ? r : ATTR_OVERSCAN]);
        return;
    default:
        break;
    }
    if (!vga)
        return;
    uint16_t bx = cpu_get(m, REG_BX), cx = cpu_get(m, REG_CX);
    uint16_t es = cpu_get(m, REG_ES), dx = cpu_get(m, REG_DX);
    switch (cpu_al(m)) {
    case 0x10:
        adapter_dac_set(&m->adapter, (bx & 0xFFu) * 3, dh(m), m->now);
        adapter_dac_set(&m->adapter, (bx & 0xFFu) * 3 + 1, (uint8_t)(cx >> 8), m->now);
        adapter_dac_set(&m->adapter, (bx & 0xFFu) * 3 + 2, (uint8_t)cx, m->now);
        break;
    case 0x12: case 0x17:
        for (unsigned i = 0; i < cx && (bx & 0xFF) + i < 256; i++)
            for (unsigned c = 0; c < 3; c++) {
                uint32_t guest = lin(es, (uint16_t)(dx + i * 3 + c));
                unsigned entry = ((bx & 0xFFu) + i) * 3 + c;
                if (cpu_al(m) == 0x12)
                    adapter_dac_set(&m->adapter, entry, mem_rb(m, guest), m->now);
                else
                    mem_wb(m, guest, dac[entry]);
            }
        break;
    case 0x15:
        cpu_set(m, REG_DX, (uint16_t)(dac[(bx & 0xFF) * 3] << 8 | dl(m)));
        cpu_set(m, REG_CX, (uint16_t)(dac[(bx & 0xFF) * 3 + 1] << 8 | dac[(bx & 0xFF) * 3 + 2]));
        break;
    default:
        break;
    }
}

/* 0Bh: the CGA's colour select.  BH=0: BL's bits 0-3 the background
 * (border, colour 0 of 320x200, the foreground of 640x200), bit 4 the
 * bright palette; BH=1: BL bit 0 palette 1 (cyan, magenta, white).
 * Kept at 40:66h and written to 3D9h. */
static void colour_select(struct machine *m)
{
    uint8_t v = mem_rb(m, BDA_PALETTE);
    if (!m->adapter.card->bios.colour_select)
        return;
    if (bh(m) == 0)
        v = (uint8_t)((v & 0xE0) | (bl(m) & 0x1F));
    else if (bh(m) == 1)
        v = (uint8_t)((v & ~0x20u) | (bl(m) & 1 ? 0x20 : 0));
    mem_wb(m, BDA_PALETTE, v);
    port_out(m, 0x3D9, v);
}

/* 11h AL=30h's pointer in ES:BP: BH=0 INT 1Fh's vector, 1 INT 43h's,
 * 2 the ROM's 8x14 font, 3 its 8x8, 4 the 8x8's characters 128-255, 6 the
 * 8x16 (the VGA's); others leave ES:BP as they were. */
static void font_pointer(struct machine *m)
{
    uint16_t seg = 0, off = 0;
    uint8_t which = bh(m);
    if (which <= 1) {
        seg = mem_rw(m, (which ? 0x43u : 0x1Fu) * 4u + 2);
        off = mem_rw(m, (which ? 0x43u : 0x1Fu) * 4u);
    } else if (which == 5 || which > 6 || !video_rom_font(m, which == 2 ? 14 : which == 6 ? 16 : 8, &seg, &off)) {
        return;
    }
    cpu_set(m, REG_ES, seg);
    cpu_set(m, REG_BP, (uint16_t)(which == 4 ? off + 0x400 : off));
}

/* 10h-12h (the EGA's and VGA's) and 1Ah (the VGA's). */
static void ega_vga_function(struct machine *m)
{
    switch (cpu_ah(m)) {
    case 0x10: palette(m); break;
    case 0x11:
        if (cpu_al(m) == 0x30) {                        /* font information */
            cpu_set(m, REG_CX, mem_rw(m, BDA_CHAR_HEIGHT));
            cpu_set(m, REG_DX, (uint16_t)(video_rows(m) - 1));
            font_pointer(m);
        }
        break;
    case 0x12:
        if (bl(m) == 0x10) {                            /* EGA/VGA information */
            cpu_set(m, REG_BX, 0x0003);                 /* colour, 256 KiB */
            cpu_set(m, REG_CX, 0x0009);
        }
        break;
    case 0x1A:
        if (!m->adapter.card->bios.vga_functions)
            break;                                      /* the EGA's BIOS has no 1Ah */
        if (cpu_al(m) == 0x00)
            cpu_set(m, REG_BX, 0x0008);                 /* VGA with colour display */
        cpu_set_al(m, 0x1A);
        break;
    default:
        break;
    }
}

void bios_int10(struct machine *m, void *ctx)
{
    struct bios *b = ctx;
    bios_charge_call(m);
    switch (cpu_ah(m)) {
    case 0x00:
        video_set_mode(m, cpu_al(m));
        break;
    case 0x01: video_set_cursor_type(m, cpu_get(m, REG_CX)); break;
    case 0x02: case 0x03: cursor(m); break;
    case 0x04: cpu_set_ah(m, 0); break;                 /* no light pen */
    case 0x05: video_set_page(m, cpu_al(m)); break;
    case 0x06: case 0x07:
        video_scroll(m, cpu_ah(m) == 0x07, cpu_al(m), bh(m), (uint8_t)(cpu_get(m, REG_CX) >> 8),
                     (uint8_t)cpu_get(m, REG_CX), dh(m), dl(m));
        break;
    case 0x08: cpu_set(m, REG_AX, video_read_cell(m, bh(m) & 7)); break;
    case 0x09: case 0x0A: write_cells(m, b); break;
    case 0x0B: colour_select(m); break;
    case 0x0C: video_put_pixel(m, cpu_get(m, REG_CX), cpu_get(m, REG_DX), cpu_al(m)); break;
    case 0x0D: cpu_set_al(m, video_get_pixel(m, cpu_get(m, REG_CX), cpu_get(m, REG_DX))); break;
    case 0x0E:
        show(m, b, cpu_al(m), bl(m));
        bios_charge_chars(m, 1);
        break;
    case 0x0F:
        cpu_set(m, REG_AX, (uint16_t)(video_cols(m) << 8 | video_mode(m)));
        cpu_set(m, REG_BX, (uint16_t)(video_page(m) << 8 | bl(m)));
        break;
    case 0x10: case 0x11: case 0x12: case 0x1A:
        if (m->adapter.card->bios.ega_functions)
            ega_vga_function(m);
        break;
    case 0x13: write_string(m, b); break;
    default:
        bios_unknown(m, 0x10, cpu_ah(m));
        break;
    }
}
                        /* font information */
