/*
 * emu/cpu/decode.h: the one decoder of an 8086 instruction's bytes.
 *
 * decode_insn() reads the prefixes (ES: CS: SS: DS:, LOCK and F1, the
 * 8086's other LOCK, REPNE, REP), the opcode, the ModR/M byte with its
 * displacement and the immediate, with the 8086's meanings (0F is POP CS,
 * 60-6F are short jumps, C0/C1/C8/C9 are returns, D8-DF take a ModR/M
 * operand), into one struct insn.  The clock table (timing.c), the
 * wrapper's fixups, its 8086-only layer and call observation (cpu.c,
 * cpu8086.c), the bus plans (biu_plan.c) and coverage lengths (insnlen.c)
 * all read that struct; the hot loop's inline fast path (timing_quick)
 * must agree with it (tests/check_decode.c).
 */
#ifndef PROFIL_EMU_DECODE_H
#define PROFIL_EMU_DECODE_H

#include <stdint.h>

/* A run of prefixes is followed this far.  With this many, the byte after
 * is decoded as the opcode (the clock table charges it so) but the
 * instruction's length is the prefixes alone (coverage, the bus model). */
#define DECODE_MAX_PREFIXES 15

struct insn {
    uint8_t prefixes;       /* prefix bytes, at most DECODE_MAX_PREFIXES    */
    uint8_t seg;            /* the last segment override (26h 2Eh 36h 3Eh) or 0 */
    uint8_t rep;            /* the last REPNE/REP (F2h F3h) or 0            */
    uint8_t lock;           /* LOCK prefixes, F0h and F1h                   */
    uint8_t opcode;         /* the byte after the prefixes                  */
    uint8_t has_modrm;      /* it takes a ModR/M byte                       */
    uint8_t modrm;          /* the ModR/M byte (0 without one)              */
    uint8_t mod, reg, rm;   /* its fields                                   */
    uint8_t disp_len;       /* displacement bytes: 0, 1 or 2                */
    uint8_t imm_len;        /* immediate bytes: 0, 1, 2 or 4                */
    uint16_t disp;          /* the displacement (an 8-bit one sign-extended;
                               mod 0 r/m 6: the direct address)              */
    uint16_t imm;           /* the immediate (its first word when 4 bytes)   */
    uint16_t imm2;          /* the second word of a 4-byte immediate (9A, EA) */
    uint8_t length;         /* its bytes, prefixes included                  */
    uint8_t overlong;       /* DECODE_MAX_PREFIXES prefixes: the run ends it */
};

/* Whether byte b is a prefix: ES: CS: SS: DS: (26h 2Eh 36h 3Eh), LOCK
 * (F0h, and F1h on the 8086), REPNE, REP (F2h F3h). */
static inline int decode_is_prefix(uint8_t b)
{
    return (b & 0xE7) == 0x26 || (b >= 0xF0 && b <= 0xF3);
}

/* The instruction at mem[linear]; addresses wrap at 1 MiB. */
void decode_insn(const uint8_t *mem, uint32_t linear, struct insn *d);

/* The instruction at CS:IP whose code bytes wrap inside CS (IP + k is
 * taken modulo 64 KiB), as the 8086 fetches them. */
void decode_insn_at(const uint8_t *mem, uint16_t cs, uint16_t ip, struct insn *d);

#endif
