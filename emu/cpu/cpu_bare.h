/*
 * emu/cpu/cpu_bare.h: libx86emu with nothing of profil's but a flat, wrapping
 * 1 MiB memory: no clock, no hooks, no devices.  The baseline `make bench`
 * measures profil's emulation against.
 */
#ifndef PROFIL_EMU_CPU_BARE_H
#define PROFIL_EMU_CPU_BARE_H

#include <stdint.h>

#include "../machine.h"

/* Run up to `n` instructions of the code in `mem` (MEM_SIZE bytes) from
 * the registers in `regs` (indexed by enum reg); returns how many ran. */
uint64_t cpu_bare_run(uint8_t *mem, const uint16_t regs[NREGS], uint64_t n);

#endif
