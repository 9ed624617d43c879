/*
 * emu/cpu/cpu_bare.c: see cpu_bare.h.
 */
#include "cpu_bare.h"

#include <x86emu.h>

#include "flatmem.h"

static unsigned flat_memio(x86emu_t *e, u32 addr, u32 *val, unsigned type)
{
    uint8_t *mem = e->_private;
    static const uint8_t bytes_of[4] = { 1, 2, 4, 1 };
    unsigned bytes = bytes_of[type & 3];
    switch (type & ~0xFFu) {
    case X86EMU_MEMIO_X:
    case X86EMU_MEMIO_R:
        *val = flat_read(mem, addr, bytes);
        return 0;
    case X86EMU_MEMIO_W:
        flat_write(mem, addr, *val, bytes, (uint32_t)SEG_ROM << 4, NULL);
        return 0;
    case X86EMU_MEMIO_I:
        *val = 0xFFFFFFFFu;
        return 0;
    default:
        return 0;
    }
}

uint64_t cpu_bare_run(uint8_t *mem, const uint16_t regs[NREGS], uint64_t n)
{
    x86emu_t *e = x86emu_new(0, 0);
    e->_private = mem;
    x86emu_set_memio_handler(e, flat_memio);
    e->x86.R_EAX = regs[REG_AX];
    e->x86.R_EBX = regs[REG_BX];
    e->x86.R_ECX = regs[REG_CX];
    e->x86.R_EDX = regs[REG_DX];
    e->x86.R_ESI = regs[REG_SI];
    e->x86.R_EDI = regs[REG_DI];
    e->x86.R_EBP = regs[REG_BP];
    e->x86.R_ESP = regs[REG_SP];
    e->x86.R_EIP = regs[REG_IP];
    e->x86.R_FLG = regs[REG_FLAGS] | 2;
    x86emu_set_seg_register(e, e->x86.R_CS_SEL, regs[REG_CS]);
    x86emu_set_seg_register(e, e->x86.R_DS_SEL, regs[REG_DS]);
    x86emu_set_seg_register(e, e->x86.R_ES_SEL, regs[REG_ES]);
    x86emu_set_seg_register(e, e->x86.R_SS_SEL, regs[REG_SS]);
    e->max_instr = n;
    x86emu_run(e, X86EMU_RUN_MAX_INSTR);
    uint64_t ran = e->x86.R_TSC;
    x86emu_done(e);
    return ran;
}
