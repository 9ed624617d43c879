/*
 * emu/cpu/insnlen.h: how many bytes an 8086 instruction takes, for those
 * that need only that (trace mode's coverage turns executed instruction
 * addresses into executed bytes; the bus memo; the test tools).  Thin
 * wrappers over decode_insn() (decode.h), the one decoder.
 */
#ifndef PROFIL_EMU_INSNLEN_H
#define PROFIL_EMU_INSNLEN_H

#include <stdint.h>

/* Prefix bytes (ES: CS: SS: DS:, LOCK, F1, REPNE, REP) at mem[linear], at
 * most 15. */
unsigned prefix_length(const uint8_t *mem, uint32_t linear);

/* Whether the instruction at mem[linear] has a REP or REPNE prefix. */
int rep_prefixed(const uint8_t *mem, uint32_t linear);

/* The length of the instruction at mem[linear] (addresses wrap at 1 MiB);
 * at most 15 prefixes are followed. */
unsigned insn_length(const uint8_t *mem, uint32_t linear);

#endif
