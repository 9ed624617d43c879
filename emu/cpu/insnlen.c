/*
 * emu/cpu/insnlen.c: see insnlen.h; each is a view of decode_insn().
 */
#include "insnlen.h"

#include "decode.h"

unsigned prefix_length(const uint8_t *mem, uint32_t linear)
{
    struct insn d;
    decode_insn(mem, linear, &d);
    return d.prefixes;
}

int rep_prefixed(const uint8_t *mem, uint32_t linear)
{
    struct insn d;
    decode_insn(mem, linear, &d);
    return d.rep != 0;
}

unsigned insn_length(const uint8_t *mem, uint32_t linear)
{
    struct insn d;
    decode_insn(mem, linear, &d);
    return d.length;
}
