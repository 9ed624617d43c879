/*
 * emu/cpu/timing.c: the 8086/8088 clock table (see timing.h and docs/timing.md).
 *
 * Every cost below is in 8086 execution-unit clocks without the bus
 * penalty for word transfers, which timing_finish() adds from the words the
 * instruction really moved.  Where Intel's table and the hardware differ
 * (RET, IRET, RETF, PUSHF: the queue flush is part of the time), the
 * hardware value measured by SingleStepTests is used, so that the 8088
 * totals equal Abrash's 8088 table (TIMING-8088.md): e.g. RET 16 + 4 = 20,
 * IRET 32 + 3*4 = 44, INT n 51 + 5*4 = 71.
 */
#include "timing.h"

#include <stdlib.h>
#include <string.h>

#define P(r)        { K_PLAIN, 0, r, r }
#define M(r, m)     { K_PLAIN, 1, r, m }
#define K(k, r, m)  { k, 0, r, m }
#define KM(k, r, m) { k, 1, r, m }      /* with a ModR/M operand */
#define E8_         { K_ALIAS, 1, 2, 8 }
#define G(k)        { k, 1, 0, 0 }

/* ALU block: r/m8,r8  r/m16,r16  r8,r/m8  r16,r/m16  AL,imm8  AX,imm16 */
#define ALU     M(3, 16), M(3, 16), M(3, 9), M(3, 9), P(4), P(4)
#define ALU_CMP M(3, 9),  M(3, 9),  M(3, 9), M(3, 9), P(4), P(4)

const struct timing_op timing_ops[256] = {
    /* 00 */ ALU, P(10), K(K_SEGLOAD, 8, 8),        /* ADD, PUSH ES, POP ES  */
    /* 08 */ ALU, P(10), K(K_ALIAS, 8, 8),         /* OR, PUSH CS, POP CS   */
    /* 10 */ ALU, P(10), K(K_SEGLOAD, 8, 8),        /* ADC, PUSH SS, POP SS  */
    /* 18 */ ALU, P(10), K(K_SEGLOAD, 8, 8),        /* SBB, PUSH DS, POP DS  */
    /* 20 */ ALU, K(K_PREFIX_SEG, 2, 2), K(K_FIXUP, 4, 4), /* AND, ES:, DAA   */
    /* 28 */ ALU, K(K_PREFIX_SEG, 2, 2), K(K_FIXUP, 4, 4), /* SUB, CS:, DAS   */
    /* 30 */ ALU, K(K_PREFIX_SEG, 2, 2), K(K_FIXUP, 8, 8), /* XOR, SS:, AAA   */
    /* 38 */ ALU_CMP, K(K_PREFIX_SEG, 2, 2), K(K_FIXUP, 8, 8), /* CMP, DS:, AAS */
    /* (AAA, AAS: + timing_ascii_extra, settled before they run) */
    /* 40 */ P(2), P(2), P(2), P(2), P(2), P(2), P(2), P(2),         /* INC r16  */
    /* 48 */ P(2), P(2), P(2), P(2), P(2), P(2), P(2), P(2),         /* DEC r16  */
    /* 50 */ P(11), P(11), P(11), P(11), K(K_FIXUP, 11, 11), P(11), P(11), P(11), /* PUSH r16 */
    /* 58 */ P(8), P(8), P(8), P(8), P(8), P(8), P(8), P(8),         /* POP r16  */
    /* 60 */ K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4),
             K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4),
             K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4),
             K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4),
    /* 70 */ K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4),
             K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4),
             K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4),
             K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4), K(K_JCC, 16, 4),
    /* 80 */ G(K_GRP80), G(K_GRP80), G(K_GRP80), G(K_GRP80),
    /* 84 */ M(3, 9), M(3, 9), M(4, 17), M(4, 17),  /* TEST, XCHG r/m,r       */
    /* 88 */ M(2, 9), M(2, 9), M(2, 8), M(2, 8),    /* MOV                    */
    /* 8C */ KM(K_FIXUP, 2, 9), M(2, 2), KM(K_FIXUP, 2, 8), KM(K_REG0, 8, 17), /* MOV r/m,sr LEA MOV sr POP r/m */
    /* 90 */ P(3), P(3), P(3), P(3), P(3), P(3), P(3), P(3),         /* XCHG AX,r */
    /* 98 */ P(2), K(K_CWD, 5, 5), P(28), P(4), K(K_FIXUP, 10, 10), K(K_IFSET, 8, 8), K(K_FIXUP, 4, 4), P(4),
             /* CBW CWD CALL far WAIT PUSHF POPF SAHF LAHF */
    /* A0 */ P(10), P(10), P(10), P(10),            /* MOV AL/AX <-> [addr]   */
    /* A4 */ K(K_STRING, 18, 17), K(K_STRING, 18, 17),   /* MOVS              */
    /* A6 */ K(K_STRING, 22, 22), K(K_STRING, 22, 22),   /* CMPS              */
    /* A8 */ P(4), P(4),                                 /* TEST AL/AX,imm    */
    /* AA */ K(K_STRING, 11, 10), K(K_STRING, 11, 10),   /* STOS              */
    /* AC */ K(K_STRING, 12, 13), K(K_STRING, 12, 13),   /* LODS              */
    /* AE */ K(K_STRING, 15, 15), K(K_STRING, 15, 15),   /* SCAS              */
    /* B0 */ P(4), P(4), P(4), P(4), P(4), P(4), P(4), P(4),  /* MOV r8,imm  */
    /* B8 */ P(4), P(4), P(4), P(4), P(4), P(4), P(4), P(4),  /* MOV r16,imm */
    /* C0 */ K(K_ALIAS, 20, 20), K(K_ALIAS, 16, 16), P(20), P(16), /* C0/C1 alias RET imm, RET */
    /* C4 */ M(16, 16), M(16, 16),          /* LES, LDS: memory only         */
    /* C6 */ KM(K_REG0, 4, 10), KM(K_REG0, 4, 10), /* MOV r/m,imm            */
    /* C8 */ K(K_ALIAS, 25, 25), K(K_ALIAS, 26, 26), P(25), P(26), /* C8/C9 alias RETF imm, RETF */
    /* CC */ K(K_FIXUP, 52, 52), K(K_FIXUP, 51, 51), K(K_INTO, 53, 4), K(K_IFSET, 32, 32), /* INT 3, INT n, INTO, IRET */
    /* D0 */ G(K_SHIFT1), G(K_SHIFT1), G(K_SHIFTCL), G(K_SHIFTCL),
    /* D4 */ K(K_AAM, 7, 7), K(K_AAD, 59, 59), K(K_SALC, 3, 3), P(11), /* AAM AAD SALC XLAT */
    /* D8 */ E8_, E8_, E8_, E8_, E8_, E8_, E8_, E8_,   /* ESC: a no-op without an 8087 */
    /* E0 */ K(K_LOOPNZ, 19, 5), K(K_LOOPZ, 18, 6), K(K_LOOP, 17, 5), K(K_JCXZ, 18, 6),
    /* E4 */ P(10), P(10), P(10), P(10),    /* IN/OUT imm8                   */
    /* E8 */ P(19), P(15), P(15), P(15),    /* CALL near, JMP near/far/short */
    /* EC */ P(8), P(8), P(8), P(8),        /* IN/OUT DX                     */
    /* F0 */ K(K_PREFIX_LOCK, 2, 2), K(K_PREFIX_LOCK, 2, 2),
             K(K_PREFIX_REP, 2, 2), K(K_PREFIX_REP, 2, 2),
    /* F4 */ P(2), P(2), G(K_GRPF6), G(K_GRPF7),  /* HLT CMC                 */
    /* F8 */ P(2), P(2), P(2), K(K_IFSET, 2, 2), P(2), P(2), /* CLC STC CLI STI CLD STD */
    /* FE */ G(K_GRPFE), G(K_GRPFF),
};

/* EA clocks by ModR/M byte, filled from timing_ea() (see the test). */
#define EA_ROW(mod) EA8(mod, 0), EA8(mod, 1), EA8(mod, 2), EA8(mod, 3), \
                    EA8(mod, 4), EA8(mod, 5), EA8(mod, 6), EA8(mod, 7)
#define EA8(mod, reg) EA1(mod, 0), EA1(mod, 1), EA1(mod, 2), EA1(mod, 3), \
                      EA1(mod, 4), EA1(mod, 5), EA1(mod, 6), EA1(mod, 7)
#define EA1(mod, rm) ((mod) == 3 ? 0 : (mod) == 0 ? ((rm) == 6 ? 6 : EA_BASE(rm)) : EA_DISP(rm))
#define EA_BASE(rm) ((rm) == 0 || (rm) == 3 ? 7 : (rm) < 3 ? 8 : 5)
#define EA_DISP(rm) ((rm) == 0 || (rm) == 3 ? 11 : (rm) < 3 ? 12 : 9)
const uint8_t timing_ea_by_modrm[256] = { EA_ROW(0), EA_ROW(1), EA_ROW(2), EA_ROW(3) };

int timing_queue_emptied(const uint8_t *mem, uint32_t linear, unsigned length, unsigned prefixes, uint32_t next,
                         uint64_t cost)
{
    if (next != ((linear + length) & 0xFFFFFu))
        return 1;
    uint8_t b = mem[(linear + prefixes) & 0xFFFFFu];
    const struct timing_op *op = &timing_ops[b];
    switch (op->kind) {
    case K_JCC:
    case K_LOOP:
    case K_LOOPZ:
    case K_LOOPNZ:
    case K_JCXZ:
    case K_INTO:
        return cost == op->reg + 2ull * prefixes;
    default:
        break;
    }
    switch (b) {
    case 0x9A:                              /* CALL far */
    case 0xC0: case 0xC1: case 0xC2: case 0xC3: /* RET (C0/C1: the 8086's aliases) */
    case 0xC8: case 0xC9: case 0xCA: case 0xCB: /* RETF (C8/C9: the aliases) */
    case 0xCC: case 0xCD: case 0xCF:        /* INT 3, INT n, IRET */
    case 0xE8: case 0xE9: case 0xEA: case 0xEB: /* CALL near, JMP near, far, short */
        return 1;
    case 0xFF: {                            /* CALL, CALL far, JMP, JMP far through r/m */
        unsigned reg = (mem[(linear + prefixes + 1) & 0xFFFFFu] >> 3) & 7;
        return reg >= 2 && reg <= 5;
    }
    default:
        return 0;
    }
}

unsigned timing_ea(uint8_t modrm)
{
    static const uint8_t base[8] = { 7, 8, 8, 7, 5, 5, 5, 5 };   /* no displacement */
    static const uint8_t disp[8] = { 11, 12, 12, 11, 9, 9, 9, 9 };
    unsigned mod = modrm >> 6, rm = modrm & 7;
    if (mod == 3)
        return 0;
    if (mod == 0)
        return rm == 6 ? 6 : base[rm];
    return disp[rm];
}

/* Costs of the group opcodes by ModR/M reg field: {register, memory}.
 * MUL, IMUL, DIV and IDIV are their least; timing_mul_extra() and
 * timing_div_extra() add what the operands cost. */
const uint16_t timing_grp_f6[8][2] = {
    { 5, 11 }, { 5, 11 }, { 3, 16 }, { 3, 16 },     /* TEST TEST NOT NEG */
    { 69, 74 }, { 79, 84 }, { 10, 15 }, { 21, 26 },  /* MUL IMUL DIV IDIV */
};
const uint16_t timing_grp_f7[8][2] = {
    { 5, 11 }, { 5, 11 }, { 3, 16 }, { 3, 16 },
    { 117, 122 }, { 127, 132 }, { 10, 15 }, { 21, 26 },
};

static unsigned ones(uint32_t v)
{
    unsigned n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

unsigned timing_mul_extra(unsigned kind, uint16_t ax_before, uint16_t ax_after, uint16_t dx_after)
{
    if (kind == CWD_16)
        return dx_after == 0xFFFF;  /* a negative AX takes a clock more */
    int wide = kind == MUL_16 || kind == IMUL_16;
    uint32_t a = wide ? ax_before : (ax_before & 0xFFu);
    if (kind == MUL_8 || kind == MUL_16)
        return ones(a) + (wide ? dx_after == 0 : (ax_after >> 8) == 0);
    /* IMUL: the 8086 multiplies magnitudes and fixes the signs up after. */
    int32_t sa = wide ? (int16_t)a : (int8_t)a;
    int32_t p = wide ? (int32_t)((uint32_t)dx_after << 16 | ax_after) : (int16_t)ax_after;
    int neg_a = sa < 0, neg_src = p != 0 && ((p < 0) != neg_a);
    int fits = wide ? (p >= -32768 && p < 32768) : (p >= -128 && p < 128);
    static const unsigned signs[2][2] = { { 0, 11 }, { 14, 1 } };   /* [a < 0][source < 0] */
    return ones((uint32_t)(neg_a ? -sa : sa)) + (unsigned)fits + signs[neg_a][neg_src];
}

/* The 8086's division loop (its microcode's CORD): a = the dividend's high
 * half, b = the divisor, c = its low half, `bits` wide.  3 clocks to test
 * for overflow, then per quotient bit 4, and 4 more when the remainder's
 * top bit was shifted out (1 more on the last bit), 5 more when the divisor
 * could be subtracted (1 more on the last), 4 more when it could not (1
 * less on the last); 4 to finish. */
static unsigned division_loop(unsigned bits, uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t mask = (1u << bits) - 1;
    unsigned clocks = 3;
    if (a >= b)
        return clocks + 1;          /* the quotient does not fit: INT 0 */
    unsigned carry = 1;
    for (unsigned i = bits; i > 0; i--) {
        unsigned out = (c >> (bits - 1)) & 1;
        c = ((c << 1) | carry) & mask;
        carry = out;
        out = (a >> (bits - 1)) & 1;
        a = ((a << 1) | carry) & mask;
        carry = out;
        unsigned last = i == 1;
        clocks += 4;
        if (carry) {
            clocks += 3 + (last ? 2 : 1);
            a = (a - b) & mask;
            carry = 0;
        } else if (a >= b) {
            clocks += 4 + (last ? 2 : 1);
            a = (a - b) & mask;
        } else {
            clocks += 3 + (last ? 0 : 1);
            carry = 1;
        }
    }
    return clocks + 4;
}

unsigned timing_div_extra(unsigned kind, uint32_t dividend, uint16_t divisor)
{
    unsigned bits = kind == DIV_16 || kind == IDIV_16 ? 16 : 8;
    uint32_t mask = (1u << bits) - 1;
    if (kind == AAM_8)
        return division_loop(8, 0, divisor & 0xFFu, dividend & 0xFFu);
    if (kind == DIV_8 || kind == DIV_16)
        return division_loop(bits, dividend >> bits, divisor & mask, dividend & mask);
    /* IDIV divides magnitudes: negating a negative dividend takes 4 clocks
     * more, a positive divisor 1 more than a negative one. */
    uint64_t whole = bits == 16 ? dividend : (dividend & 0xFFFFu);
    uint64_t top = (uint64_t)1 << (2 * bits - 1);
    int neg_dividend = (whole & top) != 0, neg_divisor = (divisor >> (bits - 1)) & 1;
    uint64_t mag = neg_dividend ? ((top << 1) - whole) & ((top << 1) - 1) : whole;
    uint32_t div = neg_divisor ? ((1u << bits) - divisor) & mask : divisor & mask;
    unsigned pre = 3 + (neg_dividend ? 5u : 1u) + 3 + (neg_divisor ? 2u : 3u);
    return pre + division_loop(bits, (uint32_t)(mag >> bits), div, (uint32_t)mag & mask);
}
const uint16_t timing_grp_ff[8][2] = {
    { 3, 15 }, { 3, 15 }, { 16, 21 }, { 37, 37 },   /* INC DEC CALL CALL far */
    { 11, 18 }, { 24, 24 }, { 11, 16 }, { 11, 16 }, /* JMP JMP far PUSH (PUSH) */
};

void timing_decode(const struct insn *d, uint16_t flags, uint16_t cx, struct insn_cost *out)
{
    /* A run of prefixes: 2 clocks each; after DECODE_MAX_PREFIXES of them
     * the next byte is taken as the opcode (a prefix there costs 2). */
    unsigned prefix_clocks = 2u * d->prefixes;
    int rep = d->rep != 0;
    uint8_t b = d->opcode;
    const struct timing_op *op = &timing_ops[b];

    out->rep = 0;
    out->mul = 0;
    out->operand = 0;
    out->per_iter = 0;
    out->words_per_iter = 0;
    out->aam0 = op->kind == K_AAM && d->imm == 0;
    uint8_t modrm = d->has_modrm ? d->modrm : 0xC0;
    int is_mem = (modrm >> 6) != 3;
    unsigned reg = (modrm >> 3) & 7;
    unsigned ea = timing_ea(modrm);
    uint32_t t;

    if (b == 0x37 || b == 0x3F)
        out->mul = ASCII_ADJUST;
    switch (op->kind) {
    case K_AAM:
        t = op->reg;
        out->mul = AAM_8;           /* + the division loop, before it runs */
        break;
    case K_AAD:                     /* AH x the immediate: 1 a 1 bit */
        out->operand = (uint16_t)ones(d->imm);
        t = op->reg + out->operand;
        break;
    case K_CWD:
        t = op->reg;
        out->mul = CWD_16;
        break;
    case K_SALC:                    /* AL = CF ? FFh : 0, a clock more for FFh */
        out->operand = flags & 1;
        t = op->reg + out->operand;
        break;
    case K_PLAIN:
    case K_SEGLOAD:
    case K_IFSET:
    case K_FIXUP:
    case K_ALIAS:
    case K_REG0:
        t = is_mem ? op->mem + ea : op->reg;
        break;
    case K_JCC:
        t = timing_condition(b & 0xF, flags) ? op->reg : op->mem;
        break;
    case K_LOOP:
        t = (uint16_t)(cx - 1) != 0 ? op->reg : op->mem;
        break;
    case K_LOOPZ:
        t = (uint16_t)(cx - 1) != 0 && (flags & 0x40) ? op->reg : op->mem;
        break;
    case K_LOOPNZ:
        t = (uint16_t)(cx - 1) != 0 && !(flags & 0x40) ? op->reg : op->mem;
        break;
    case K_JCXZ:
        t = cx == 0 ? op->reg : op->mem;
        break;
    case K_INTO:
        t = (flags & 0x800) ? op->reg : op->mem;
        break;
    case K_STRING:
        if (rep) {
            /* 9 + n * per-iteration; the REP prefix is in the 9. */
            prefix_clocks -= 2;
            t = 9;
            out->rep = 1;
            out->per_iter = op->mem;
            out->cx_before = cx;
            /* word forms: MOVSW/CMPSW move two words, the others one */
            out->words_per_iter = (b & 1) ? ((b == 0xA5 || b == 0xA7) ? 2 : 1) : 0;
        } else {
            t = op->reg;
        }
        break;
    case K_SHIFT1:
        t = is_mem ? 15 + ea : 2;
        break;
    case K_SHIFTCL: {
        unsigned count = cx & 0xFF;     /* the 8086 does not mask CL */
        out->operand = (uint16_t)(4 * count);
        t = (is_mem ? 20 + ea : 8) + out->operand;
        break;
    }
    case K_GRP80:
        t = is_mem ? (reg == 7 ? 10 : 17) + ea : 4;
        break;
    case K_GRPF6:
        t = timing_grp_f6[reg][is_mem] + (is_mem ? ea : 0);
        out->mul = reg == 4 ? MUL_8 : reg == 5 ? IMUL_8 : reg == 6 ? DIV_8 : reg == 7 ? IDIV_8 : 0;
        break;
    case K_GRPF7:
        t = timing_grp_f7[reg][is_mem] + (is_mem ? ea : 0);
        out->mul = reg == 4 ? MUL_16 : reg == 5 ? IMUL_16 : reg == 6 ? DIV_16 : reg == 7 ? IDIV_16 : 0;
        break;
    case K_GRPFE:
        t = reg < 2 ? (is_mem ? 15 + ea : 3) : timing_grp_ff[reg][is_mem] + (is_mem ? ea : 0);
        break;
    case K_GRPFF:
        t = timing_grp_ff[reg][is_mem] + (is_mem ? ea : 0);
        break;
    default:
        t = 2;      /* 16 prefixes in a row */
        break;
    }
    out->fixed = t + prefix_clocks;
}

/* What timing_quick() gives for opcode and the byte after it: the clocks,
 * or QUICK_MULDIV, QUICK_LOOP, QUICK_JCC, QUICK_SLOW (timing.h). */
static unsigned quick_cost(uint8_t opcode, uint8_t modrm)
{
    const struct timing_op *op = &timing_ops[opcode];
    unsigned is_mem = modrm < 0xC0, reg = (modrm >> 3) & 7;
    unsigned ea = timing_ea_by_modrm[modrm];
    switch (op->kind) {
    case K_PLAIN:
        return op->modrm && is_mem ? op->mem + ea : op->reg;
    case K_JCC:
        return opcode >= 0x70 ? QUICK_JCC : QUICK_SLOW;     /* 60-6F are the wrapper's */
    case K_LOOP:
        return QUICK_LOOP;
    case K_SHIFT1:
        if (reg == 7)
            return QUICK_SLOW;      /* SAR by 1: the wrapper corrects OF */
        return is_mem ? 15 + ea : 2;
    case K_GRP80:
        return is_mem ? (reg == 7 ? 10 : 17) + ea : 4;
    case K_REG0:
        if (reg)
            return QUICK_SLOW;
        return is_mem ? op->mem + ea : op->reg;
    case K_GRPF6:       /* TEST (and its alias /1), NOT, NEG: plain; MUL, IMUL, */
        if (reg > 3)    /* DIV, IDIV have their operands settled */
            return QUICK_MULDIV;
        return timing_grp_f6[reg][is_mem] + (is_mem ? ea : 0);
    case K_GRPF7:
        if (reg > 3)
            return QUICK_MULDIV;
        return timing_grp_f7[reg][is_mem] + (is_mem ? ea : 0);
    case K_CWD:
        return QUICK_MULDIV;
    case K_GRPFE:       /* INC, DEC r/m8; /2-/7 are the 8086's aliases */
        if (reg > 1)
            return QUICK_SLOW;
        return is_mem ? 15 + ea : 3;
    case K_GRPFF:
        if (modrm == 0xD4 || modrm == 0xF4 || modrm == 0xFC)
            return QUICK_SLOW;      /* CALL SP, PUSH SP: the wrapper corrects them */
        return timing_grp_ff[reg][is_mem] + (is_mem ? ea : 0);
    default:
        return QUICK_SLOW;
    }
}

struct timing_quick_table *timing_quick_table_new(void)
{
    uint8_t (*all)[256] = malloc(256 * sizeof *all);
    if (!all)
        return NULL;
    uint8_t row_of[256];
    unsigned rows = 0;
    for (unsigned op = 0; op < 256; op++) {
        for (unsigned next = 0; next < 256; next++) {
            unsigned t = quick_cost((uint8_t)op, (uint8_t)next);
            all[rows][next] = (uint8_t)(t < QUICK_LOOP || t == QUICK_JCC || t == QUICK_LOOP ? t : QUICK_SLOW);
        }
        unsigned r = 0;
        while (r < rows && memcmp(all[r], all[rows], sizeof all[r]) != 0)
            r++;
        row_of[op] = (uint8_t)r;
        rows += r == rows;
    }
    struct timing_quick_table *q = malloc(sizeof *q + rows * sizeof q->cost[0]);
    if (q) {
        memcpy(q->row_of, row_of, sizeof row_of);
        memcpy(q->cost, all, rows * sizeof q->cost[0]);
        q->rows = rows;
        for (unsigned i = 0; i < 512; i++) {
            uint16_t flags = (uint16_t)((i & 0xC5u) | ((i & 0x100u) << 3)), taken = 0;
            for (unsigned cc = 0; cc < 16; cc++)
                taken |= (uint16_t)(timing_condition(cc, flags) << cc);
            q->jcc_taken[i] = taken;
        }
    }
    free(all);
    return q;
}
