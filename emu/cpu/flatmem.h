/*
 * emu/cpu/flatmem.h: the flat 1 MiB guest memory as libx86emu's memory
 * callbacks reach it, for emu/cpu/cpu.c and the emu/cpu/cpu_bare.c baseline alike:
 * little-endian loads and stores of 1, 2 or 4 bytes, wrapping at 1 MiB as
 * an 8086 does.
 */
#ifndef PROFIL_EMU_FLATMEM_H
#define PROFIL_EMU_FLATMEM_H

#include <stdint.h>

#include "../machine.h"

/* A read that may wrap at 1 MiB, a byte at a time.  Out of line and cold:
 * the callers' common case keeps few registers and no frame. */
static __attribute__((noinline, cold, unused)) uint32_t flat_read_wrap(const uint8_t *mem, uint32_t a,
                                                                       unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint32_t)mem[(a + i) & MEM_MASK] << (8 * i);
    return v;
}

static inline uint32_t flat_read(const uint8_t *mem, uint32_t a, unsigned bytes)
{
    a &= MEM_MASK;
    if (bytes == 1)
        return mem[a];
    if (__builtin_expect(a > MEM_SIZE - 4, 0))
        return flat_read_wrap(mem, a, bytes);
    uint32_t v = mem[a] | (uint32_t)mem[a + 1] << 8;
    if (bytes == 4)
        v |= (uint32_t)mem[a + 2] << 16 | (uint32_t)mem[a + 3] << 24;
    return v;
}

/* The bytes of a write below `limit` go to mem; those at or above it go
 * to machine_write_high() (video memory as the card decodes it, the ROM),
 * or nowhere without a machine (the bare baseline).  Out of line: the
 * callers' common case (flat_write_low) stays a leaf without a frame. */
static __attribute__((noinline, unused)) unsigned flat_write_split(uint8_t *mem, uint32_t a, uint32_t v,
                                                                   unsigned bytes, uint32_t limit,
                                                                   struct machine *high)
{
    for (unsigned i = 0; i < bytes; i++) {
        uint32_t p = (a + i) & MEM_MASK;
        if (p < limit)
            mem[p] = (uint8_t)(v >> (8 * i));
        else if (high)
            machine_write_high(high, p, (uint8_t)(v >> (8 * i)));
    }
    return 0;
}

/* Whether a write of `bytes` at `a` lies wholly below `limit` (ordinary
 * RAM: one range check; limit <= MEM_SIZE, so it does not wrap), and if
 * so the write, little-endian. */
static inline int flat_write_low(uint8_t *mem, uint32_t a, uint32_t v, unsigned bytes, uint32_t limit)
{
    a &= MEM_MASK;
    if (a + bytes > limit)
        return 0;
    mem[a] = (uint8_t)v;
    if (bytes > 1) {
        mem[a + 1] = (uint8_t)(v >> 8);
        if (bytes > 2) {
            mem[a + 2] = (uint8_t)(v >> 16);
            mem[a + 3] = (uint8_t)(v >> 24);
        }
    }
    return 1;
}

/* A write: ordinary RAM at once, the rest through flat_write_split(). */
static inline unsigned flat_write(uint8_t *mem, uint32_t a, uint32_t v, unsigned bytes, uint32_t limit,
                                  struct machine *high)
{
    if (flat_write_low(mem, a, v, bytes, limit))
        return 0;
    return flat_write_split(mem, a, v, bytes, limit, high);
}

#endif
