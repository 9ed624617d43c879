/*
 * emu/cpu/insnlen.h: how many bytes an 8086 instruction takes.
 *
 * Decodes prefixes, the opcode, the ModR/M byte with its displacement and
 * the immediate, with the 8086's meanings (0F is POP CS, 60-6F are short
 * jumps, C0/C1/C8/C9 are returns, D8-DF take a ModR/M operand).  Trace
 * mode's coverage uses it to turn executed instruction addresses into
 * executed bytes; emu/cpu/cpu.c uses its pieces to decode what it corrects.
 */
#ifndef PROFIL_EMU_INSNLEN_H
#define PROFIL_EMU_INSNLEN_H

#include <stdint.h>

/* Prefix bytes (ES: CS: SS: DS:, LOCK, F1, REPNE, REP) at mem[linear], at
 * most 15. */
unsigned prefix_length(const uint8_t *mem, uint32_t linear);

/* Whether the `prefixes` prefix bytes at mem[linear] include REP or REPNE. */
int rep_prefixed(const uint8_t *mem, uint32_t linear, unsigned prefixes);

/* Bytes of a ModR/M byte and its displacement. */
unsigned modrm_length(uint8_t modrm);

/* The length of the instruction at mem[linear] (addresses wrap at 1 MiB);
 * at most 15 prefixes are followed. */
unsigned insn_length(const uint8_t *mem, uint32_t linear);

#endif
