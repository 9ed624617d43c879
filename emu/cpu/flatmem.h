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

static inline uint32_t flat_read(const uint8_t *mem, uint32_t a, unsigned bytes)
{
    a &= MEM_MASK;
    if (bytes == 1)
        return mem[a];
    if (a <= MEM_SIZE - 4) {
        uint32_t v = mem[a] | (uint32_t)mem[a + 1] << 8;
        if (bytes == 4)
            v |= (uint32_t)mem[a + 2] << 16 | (uint32_t)mem[a + 3] << 24;
        return v;
    }
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint32_t)mem[(a + i) & MEM_MASK] << (8 * i);
    return v;
}

/* Bytes below `limit` are written to mem; those at or above it go to
 * machine_write_high() (video memory as the card decodes it, the ROM),
 * or nowhere without a machine (the bare baseline). */
static inline void flat_write(uint8_t *mem, uint32_t a, uint32_t v, unsigned bytes, uint32_t limit,
                              struct machine *high)
{
    for (unsigned i = 0; i < bytes; i++) {
        uint32_t p = (a + i) & MEM_MASK;
        if (p < limit)
            mem[p] = (uint8_t)(v >> (8 * i));
        else if (high)
            machine_write_high(high, p, (uint8_t)(v >> (8 * i)));
    }
}

#endif
