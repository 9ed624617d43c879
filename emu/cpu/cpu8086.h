/*
 * emu/cpu/cpu8086.h: instructions the CPU wrapper runs itself with a ModR/M
 * operand, where libx86emu (a 286/386) differs from the 8086: shifts by
 * CL (the 8086 does not mask the count to 5 bits, so SHL/SHR/SAL/SAR by
 * 8 or more give the 8086's result and carry), and MOV to and from a
 * segment register with reg 4-7 in its ModR/M (the 8086 reads only the
 * low two bits: ES, CS, SS, DS; libx86emu takes FS/GS or faults), and
 * DAA/DAS/AAA/AAS/AAM, whose 8086 results and flags differ from later
 * CPUs' in their edge cases, and MOV r/m,imm (C6, C7) and POP r/m (8F)
 * with reg 1-7, which the 8086 runs as reg 0 (libx86emu faults).
 *
 * Only emu/cpu*.c include this header: it speaks x86emu_t.
 */
#ifndef PROFIL_EMU_CPU8086_H
#define PROFIL_EMU_CPU8086_H

#include <stdint.h>
#include <x86emu.h>

#include "decode.h"

struct machine;

/* The memory the instruction reads and writes: the machine's 1 MiB,
 * writes at rom_start and above through machine_write_high(); `words` counts the word
 * transfers that pay the bus penalty (odd_only: the 8086's rule). */
struct cpu8086_bus {
    struct machine *m;          /* registers, through cpu_get/cpu_set */
    uint8_t *mem;
    uint32_t rom_start;
    int odd_only;
    unsigned words;
    /* --timing bus: told of each data access (linear address, bytes, write),
     * or NULL. */
    void (*note)(void *ctx, uint32_t linear, unsigned bytes, int write);
    void *ctx;
    /* A shift's count is CL & count_mask: FFh on the 8086, which shifts
     * by all 8 bits; 1Fh on the 186 and 286, which mask it to 5. */
    uint8_t count_mask;
};

/* Runs the instruction at CS:IP, decoded as `d` (decode.h; its code bytes
 * wrapping inside CS, as on the 8086), when it is one of those; returns its
 * length with the prefixes, or 0 when libx86emu should run it. */
unsigned cpu8086_exec(x86emu_t *e, struct cpu8086_bus *bus, const struct insn *d);

/* The r/m operand (a byte, or a `word`) of the decoded instruction `d` as
 * it reads now; nothing is counted or noted. */
unsigned cpu8086_rm_value(x86emu_t *e, const struct cpu8086_bus *bus, const struct insn *d, int word);

#endif
