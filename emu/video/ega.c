/*
 * emu/video/ega.c: the EGA's and VGA's planes, sequencer, graphics
 * controller with its latches, attribute controller (see ega.h).
 */
#include "ega.h"

#include <string.h>

void ega_reset(struct ega *e, int vga)
{
    memset(e, 0, sizeof *e);
    e->vga = vga;
    e->seq[SEQ_MAP_MASK] = 0x0F;
    e->gc[GC_BIT_MASK] = 0xFF;
}

void ega_status_read(struct ega *e)
{
    e->attr_data_next = 0;
}

int ega_port_out(struct ega *e, uint16_t port, uint8_t v)
{
    switch (port) {
    case 0x3C0:
        if (!e->attr_data_next)
            e->attr_index = v & 0x3F;
        else if ((e->attr_index & 0x1F) < ATTR_REGS)
            e->attr[e->attr_index & 0x1F] = v;
        e->attr_data_next ^= 1;
        return 1;
    case 0x3C2:
        e->misc = v;
        return 1;
    case 0x3C4:
        e->seq_index = v;
        return 1;
    case 0x3C5:
        if ((e->seq_index & 7) < SEQ_REGS)
            e->seq[e->seq_index & 7] = v;
        return 1;
    case 0x3CE:
        e->gc_index = v;
        return 1;
    case 0x3CF:
        if ((e->gc_index & 15) < GC_REGS)
            e->gc[e->gc_index & 15] = v;
        return 1;
    default:
        return port >= 0x3C0 && port <= 0x3CF;
    }
}

int ega_port_in(struct ega *e, uint16_t port, uint8_t *v)
{
    if (port < 0x3C0 || port > 0x3CF)
        return 0;
    *v = 0xFF;                      /* the EGA's registers are write-only */
    if (!e->vga)
        return 1;
    switch (port) {
    case 0x3C0:
        *v = e->attr_index;
        break;
    case 0x3C1:
        *v = (e->attr_index & 0x1F) < ATTR_REGS ? e->attr[e->attr_index & 0x1F] : 0;
        break;
    case 0x3C4:
        *v = e->seq_index;
        break;
    case 0x3C5:
        *v = (e->seq_index & 7) < SEQ_REGS ? e->seq[e->seq_index & 7] : 0;
        break;
    case 0x3CC:
        *v = e->misc;
        break;
    case 0x3CE:
        *v = e->gc_index;
        break;
    case 0x3CF:
        *v = (e->gc_index & 15) < GC_REGS ? e->gc[e->gc_index & 15] : 0;
        break;
    default:
        break;
    }
    return 1;
}

void ega_window(const struct ega *e, uint32_t *lo, uint32_t *hi)
{
    static const uint32_t bounds[4][2] = {
        { 0xA0000, 0xC0000 }, { 0xA0000, 0xB0000 }, { 0xB0000, 0xB8000 }, { 0xB8000, 0xC0000 },
    };
    unsigned map = e->gc[GC_MISC] >> 2 & 3;
    *lo = bounds[map][0];
    *hi = bounds[map][1];
}

/* Where a CPU address lands: the plane offset, and the planes it may
 * reach (a write's, before the map mask; chain-4 and odd/even choose by
 * the address's low bits).  0 outside the window. */
static int locate(const struct ega *e, uint32_t a, int writing, uint32_t *offset, unsigned *planes)
{
    uint32_t lo, hi;
    ega_window(e, &lo, &hi);
    if (a < lo || a >= hi)
        return 0;
    uint32_t o = (a - lo) & (EGA_PLANE_SIZE - 1);
    uint8_t mem = e->seq[SEQ_MEMORY_MODE];
    int odd_even = writing ? !(mem & SEQ_MEM_ODD_EVEN_OFF) : !!(e->gc[GC_MODE] & GC_MODE_ODD_EVEN);
    if (e->vga && (mem & SEQ_MEM_CHAIN4)) {
        *offset = o & ~3u;
        *planes = 1u << (o & 3);
    } else if (odd_even) {
        *offset = o & ~1u;
        *planes = o & 1 ? 0x0Au : 0x05u;
    } else {
        *offset = o;
        *planes = 0x0F;
    }
    return 1;
}

/* The plane a read returns in read mode 0. */
static unsigned read_plane(const struct ega *e, uint32_t a, unsigned planes)
{
    if (planes == 0x0F)
        return e->gc[GC_READ_MAP] & 3;
    if (planes == 0x05 || planes == 0x0A)   /* odd/even: A0, with read map select's bit 1 */
        return (e->gc[GC_READ_MAP] & 2) | (planes == 0x0A);
    (void)a;
    return (unsigned)__builtin_ctz(planes);  /* chain-4 */
}

/* A read from latches: read mode 0 the plane's byte; read mode 1 a bit
 * set where every plane not in colour don't care matches colour compare. */
static uint8_t read_value(const struct ega *e, const uint8_t latch[4], unsigned plane)
{
    if (!(e->gc[GC_MODE] & GC_MODE_READ1))
        return latch[plane];
    uint8_t differ = 0;
    for (unsigned p = 0; p < 4; p++)
        if (e->gc[GC_DONT_CARE] >> p & 1)
            differ |= (uint8_t)(latch[p] ^ (e->gc[GC_COLOUR_COMPARE] >> p & 1 ? 0xFF : 0x00));
    return (uint8_t)~differ;
}

uint8_t ega_peek(const struct ega *e, uint32_t a)
{
    uint32_t offset;
    unsigned planes;
    if (!locate(e, a, 0, &offset, &planes))
        return 0xFF;
    uint8_t latch[4];
    for (unsigned p = 0; p < 4; p++)
        latch[p] = e->plane[p][offset];
    return read_value(e, latch, read_plane(e, a, planes));
}

uint8_t ega_read(struct ega *e, uint32_t a)
{
    uint32_t offset;
    unsigned planes;
    if (!locate(e, a, 0, &offset, &planes))
        return 0xFF;
    for (unsigned p = 0; p < 4; p++)
        e->latch[p] = e->plane[p][offset];
    return read_value(e, e->latch, read_plane(e, a, planes));
}

/* The logical function (data rotate bits 3-4) of data with a latch. */
static uint8_t alu(uint8_t function, uint8_t data, uint8_t latch)
{
    switch (function & 3) {
    case 1: return data & latch;
    case 2: return data | latch;
    case 3: return data ^ latch;
    default: return data;
    }
}

void ega_write(struct ega *e, uint32_t a, uint8_t v)
{
    uint32_t offset;
    unsigned planes;
    if (!locate(e, a, 1, &offset, &planes))
        return;
    planes &= e->seq[SEQ_MAP_MASK];
    unsigned mode = e->gc[GC_MODE] & 3, count = e->gc[GC_ROTATE] & 7, function = e->gc[GC_ROTATE] >> 3 & 3;
    uint8_t rotated = (uint8_t)((v >> count) | (v << ((8 - count) & 7)));
    uint8_t mask = e->gc[GC_BIT_MASK];
    if (mode == 3 && e->vga)
        mask &= rotated;
    for (unsigned p = 0; p < 4; p++) {
        if (!(planes >> p & 1))
            continue;
        uint8_t set = e->gc[GC_SET_RESET] >> p & 1 ? 0xFF : 0x00, data;
        switch (mode) {
        case 1:
            e->plane[p][offset] = e->latch[p];
            continue;
        case 2:
            data = v >> p & 1 ? 0xFF : 0x00;
            break;
        case 3:
            data = e->vga ? set : rotated;
            break;
        default:
            data = e->gc[GC_ENABLE_SET_RESET] >> p & 1 ? set : rotated;
            break;
        }
        data = alu((uint8_t)function, data, e->latch[p]);
        e->plane[p][offset] = (uint8_t)((data & mask) | (e->latch[p] & ~mask));
    }
}
