/*
 * emu/cpu/timing.h: what one 8086/8088 instruction costs in clock cycles.
 *
 * Owns the table model of docs/timing.md: base clocks per opcode and form
 * (the 8086 execution-unit times of Intel's tables, corrected to the
 * hardware where SingleStepTests measured otherwise), effective-address
 * clocks, 2 per prefix byte, taken/not-taken for conditional jumps and
 * loops, 4 per bit for shifts by CL, per-iteration cost for REP string
 * operations, and the bus penalty: +4 per word transfer on the 8088 (every
 * word), on the 8086 only for words at odd addresses.  Word transfers are
 * counted as they happen (emu/cpu/cpu.c's memory callback), so the cost is
 * settled in two steps: timing_decode() before the instruction runs (it
 * reads the decoded instruction, FLAGS and CX), timing_finish() after (CX
 * after a REP, words moved).
 */
#ifndef PROFIL_EMU_TIMING_H
#define PROFIL_EMU_TIMING_H

#include <stdint.h>

#include "decode.h"

/* Cost of the bus transfer of one word beyond the byte cost. */
#define WORD_PENALTY 4u
/* Interrupt acknowledge for an injected hardware interrupt (8086 EU
 * clocks; the 8088 adds WORD_PENALTY for each of its 5 word transfers). */
#define IRQ_ACK_CYCLES 61u
#define IRQ_WORD_TRANSFERS 5u
/* The single-step trap's entry (Intel: NMI and single step 50, INT n 51,
 * INTR 61), with the same word transfers as an interrupt acknowledge. */
#define STEP_TRAP_CYCLES 50u

struct insn_cost {
    uint32_t fixed;         /* known before execution                       */
    uint16_t per_iter;      /* REP string: clocks per iteration             */
    uint16_t cx_before;     /* REP string: CX before                        */
    uint8_t rep;            /* 1 when a REP string operation                */
    uint8_t rep_cut;        /* REP string: cut for an interrupt or single
                               step after its last iteration (cpu.c)      */
    uint8_t words_per_iter; /* REP string: word transfers per iteration     */
    uint8_t aam0;           /* AAM 0: a divide error the wrapper delivers   */
    uint16_t operand;       /* the clocks in `fixed` that depend on the
                               operands: 4 per bit of a shift by CL, AAD's
                               1 bits, SALC's CF, and what timing_mul_extra/
                               timing_div_extra/timing_ascii_extra add    */
    uint8_t mul;            /* enum timing_mul: MUL, IMUL, CWD add their
                               operands' part once they ran (timing_mul_extra),
                               DIV, IDIV, AAM before (timing_div_extra)     */
};

enum timing_mul { MUL_8 = 1, MUL_16, IMUL_8, IMUL_16, DIV_8, DIV_16, IDIV_8, IDIV_16, AAM_8, ASCII_ADJUST, CWD_16 };

/* What MUL or IMUL costs beyond its least, from AX before it and AX, DX
 * after (SingleStepTests 8086, every register form exact): one clock per
 * 1 bit of the multiplicand AL/AX (IMUL: of its magnitude), one when the
 * high half of the product is 0 (IMUL: when the product fits the low
 * half), and for IMUL 11 when only the source is negative, 14 when only
 * AL/AX is, 1 when both are. */
unsigned timing_mul_extra(unsigned kind, uint16_t ax_before, uint16_t ax_after, uint16_t dx_after);

/* What DIV, IDIV (kinds DIV_8..IDIV_16) or AAM (AAM_8: AL by the
 * immediate) cost beyond their least, from the dividend and divisor before
 * they run: the clocks of the 8086's division loop, which depend on every
 * quotient bit, and IDIV's sign handling (SingleStepTests 8086, every
 * register-form test exact).  A quotient too large is found after 4. */
unsigned timing_div_extra(unsigned kind, uint32_t dividend, uint16_t divisor);

/* AAA and AAS (kind ASCII_ADJUST): 1 clock more when they leave AL as it
 * is (its low digit 9 or less, AF clear), from AL and FLAGS before. */
static inline unsigned timing_ascii_extra(uint8_t al, uint16_t flags)
{
    return (al & 0x0F) <= 9 && !(flags & 0x10);
}

/* The table, for the inline fast path below. */
enum timing_kind {
    K_PLAIN,        /* reg / mem(+EA) cost                                  */
    K_PREFIX_SEG,   /* 26 2E 36 3E                                          */
    K_PREFIX_REP,   /* F2 F3                                                */
    K_PREFIX_LOCK,  /* F0 F1                                                */
    K_JCC,          /* 70-7F (and 60-6F, their 8086 aliases)                */
    K_LOOP, K_LOOPZ, K_LOOPNZ, K_JCXZ, K_INTO,
    K_STRING,       /* A4-A7 AA-AF: reg = single, mem = per REP iteration   */
    K_SHIFT1,       /* D0 D1                                                */
    K_SHIFTCL,      /* D2 D3                                                */
    K_GRP80,        /* 80-83: CMP does not write back                       */
    K_GRPF6, K_GRPF7, K_GRPFE, K_GRPFF,
    K_AAM,          /* D4: AAM 0 must not reach libx86emu                   */
    K_AAD,          /* D5: its time follows the immediate's 1 bits          */
    K_CWD,          /* 99: a negative AX costs a clock more                 */
    K_SALC,         /* D6: CF set costs a clock more                        */
    K_IFSET,        /* STI, POPF, IRET: may set IF (and IRET ends every host
                       service stub), so the wrapper looks at them closely   */
    K_SEGLOAD,      /* POP ES/SS/DS: no interrupt or single-step trap
                       between them and the next instruction (emu/cpu/cpu.c) */
    K_FIXUP,        /* PUSHF, SAHF, PUSH SP, INT 3/n: emu/cpu/cpu.c corrects
                       libx86emu's 286 behaviour after them                 */
    K_ALIAS,        /* 0F, C0/C1, C8/C9, D8-DF: 8086 meanings libx86emu lacks;
                       emu/cpu/cpu.c executes them itself                       */
    K_REG0,         /* 8F, C6, C7: plain with ModR/M reg 0; reg 1-7, which
                       the 8086 runs as reg 0 and libx86emu faults on, are
                       emu/cpu/cpu8086.c's                                     */
};

struct timing_op {
    uint8_t kind;
    uint8_t modrm;      /* has a ModR/M byte                                */
    uint16_t reg;       /* register form, or the only cost                  */
    uint16_t mem;       /* memory form without EA                           */
};

extern const struct timing_op timing_ops[256];
extern const uint8_t timing_ea_by_modrm[256];
/* Group opcodes by ModR/M reg field: {register form, memory form}. */
extern const uint16_t timing_grp_f6[8][2], timing_grp_f7[8][2], timing_grp_ff[8][2];

/* The cost of the decoded instruction `d` (decode.h).  `flags` and `cx`
 * are the registers before it executes. */
void timing_decode(const struct insn *d, uint16_t flags, uint16_t cx, struct insn_cost *out);

/* Whether condition code cc (the low nibble of a Jcc) holds under FLAGS. */
static inline int timing_condition(unsigned cc, uint16_t f)
{
    int cf = f & 0x001, pf = (f >> 2) & 1, zf = (f >> 6) & 1;
    int sf = (f >> 7) & 1, of = (f >> 11) & 1;
    int r;
    switch (cc >> 1) {
    case 0: r = of; break;
    case 1: r = cf; break;
    case 2: r = zf; break;
    case 3: r = cf | zf; break;
    case 4: r = sf; break;
    case 5: r = pf; break;
    case 6: r = sf != of; break;
    default: r = zf | (sf != of); break;
    }
    return (cc & 1) ? !r : r;
}

/* The common instructions' cost, as timing_decode() prices them, looked
 * up by opcode and the byte after it (its ModR/M byte, when it has one):
 * the plain forms; Jcc and LOOP (their cost depends on FLAGS or CX); the
 * shifts by 1 but SAR (OF is fixed up), the immediate group, TEST/NOT/NEG
 * of F6h/F7h, INC/DEC of FEh, all of FFh but CALL SP and PUSH SP (fixed
 * up), and 8Fh/C6h/C7h with ModR/M reg 0.  MUL, IMUL, DIV, IDIV (F6h/F7h
 * /4-/7) and CWD are QUICK_MULDIV: their operands settle the cost, which
 * the bus clock's hook does without decoding (cpu_quick_muldiv), and
 * timing_quick() leaves to timing_decode().  Every other instruction is
 * timing_decode()'s (a prefix, a fix-up, the 8086's own forms).  The rows
 * of opcodes that price alike are one row; every clock count is below
 * QUICK_MULDIV. */
enum { QUICK_MULDIV = 0xFC, QUICK_LOOP = 0xFD, QUICK_JCC = 0xFE, QUICK_SLOW = 0xFF };
struct timing_quick_table {
    uint8_t row_of[256];        /* by opcode: its row of cost[]              */
    uint16_t jcc_taken[512];    /* by FLAGS' CF, PF, ZF, SF (bits 0, 2, 6, 7)
                                   and OF (as bit 8): a bit per condition
                                   code, 1 when the jump is taken            */
    unsigned rows;
    uint8_t cost[][256];        /* by row, then the next byte: the clocks, or
                                   QUICK_MULDIV, QUICK_LOOP, QUICK_JCC,
                                   QUICK_SLOW                                */
};

/* The table, built from timing_ops[] and the group tables (timing.c);
 * NULL when out of memory.  Freed with free(). */
struct timing_quick_table *timing_quick_table_new(void);

/* The table's entry for the instruction at `linear`: its clocks, or
 * QUICK_MULDIV, QUICK_LOOP, QUICK_JCC, QUICK_SLOW (timing_quick_finish()). */
static inline __attribute__((always_inline)) unsigned timing_quick_entry(const struct timing_quick_table *q,
                                                                         const uint8_t *mem, uint32_t linear)
{
    return q->cost[q->row_of[mem[linear]]][mem[(linear + 1) & 0xFFFFF]];
}

/* The cost of opcode b, whose entry is QUICK_MULDIV, QUICK_LOOP, QUICK_JCC
 * or QUICK_SLOW: -1 for QUICK_MULDIV and QUICK_SLOW. */
static inline __attribute__((always_inline)) int32_t timing_quick_finish(const struct timing_quick_table *q, uint8_t b, unsigned entry,
                                          uint16_t flags, uint16_t cx)
{
    if (entry == QUICK_JCC)
        return (q->jcc_taken[(flags & 0xC5u) | ((flags >> 3) & 0x100u)] >> (b & 0xF)) & 1 ? timing_ops[b].reg
                                                                                        : timing_ops[b].mem;
    if (entry == QUICK_LOOP)
        return cx != 1 ? timing_ops[b].reg : timing_ops[b].mem;
    return -1;
}

/* The cost of the instruction at `linear` when it is one of the common
 * forms above, else -1 (timing_decode() takes it).  `flags` and `cx` are
 * the registers before it executes. */
static inline int32_t timing_quick(const struct timing_quick_table *q, const uint8_t *mem, uint32_t linear,
                                   uint16_t flags, uint16_t cx)
{
    unsigned t = timing_quick_entry(q, mem, linear);
    return t < QUICK_MULDIV ? (int32_t)t : timing_quick_finish(q, mem[linear], t, flags, cx);
}

/* A REP string's iteration taken by an interrupt: the microcode's jump to
 * its interrupt routine and the routine's 5 clocks (lines 118h, 119h, the
 * 2 of CORR, 11Ah, which ends it) where the iteration that runs CX out
 * has 1 line: 5 clocks past that end (MartyPC, cpu_808x: rep_interrupt();
 * docs/timing.md, "REP strings and interrupts"). */
#define TIMING_REP_INTERRUPTED 5u

/* Clocks a REP string operation takes after its last iteration, as the
 * 8086 does (SingleStepTests): 2 when CX ran out, 1 when REPE/REPNE's
 * condition ended it, 2 + 5 when CX ran out of a part cut for an
 * interrupt (rep_cut: the interrupt routine, above); 0 when it ran no
 * iteration. */
static inline unsigned timing_rep_end(const struct insn_cost *c, uint16_t cx_after)
{
    if (!c->rep || c->cx_before == cx_after)
        return 0;
    if (cx_after != 0)
        return 1u;
    return c->rep_cut ? 2u + TIMING_REP_INTERRUPTED : 2u;
}

/* Total clocks once it ran: `cx_after` for REP, `words` = word transfers
 * that paid the penalty. */
static inline uint64_t timing_finish(const struct insn_cost *c, uint16_t cx_after, unsigned words)
{
    uint64_t t = c->fixed + (uint64_t)words * WORD_PENALTY;
    if (c->rep)
        t += (uint64_t)(uint16_t)(c->cx_before - cx_after) * c->per_iter + timing_rep_end(c, cx_after);
    return t;
}

/* Iterations a REP instruction ran. */
static inline unsigned timing_rep_iterations(const struct insn_cost *c, uint16_t cx_after)
{
    return c->rep ? (uint16_t)(c->cx_before - cx_after) : 0;
}

/* Effective-address clocks for a ModR/M byte (0 for a register operand). */
unsigned timing_ea(uint8_t modrm);

/* Whether the instruction at mem[linear] (addresses wrap at 1 MiB),
 * `length` bytes of which `prefixes` are prefixes, which cost `cost`
 * clocks on the table and led to the linear address `next`, emptied the
 * prefetch queue: it passed control on (a jump, call, return or software
 * interrupt, or a conditional jump, loop or INTO that was taken: its cost
 * is the taken one), wherever to, a jump to the very next byte too (JMP
 * $+2, the I/O delay); or its next instruction is not its next bytes (an
 * interrupt entered after it).  With the 8086's meanings of C0/C1/C8/C9
 * (returns) and 60-6F (short jumps): the bus model, its one user (the
 * played instruction's flush, the queue's stale bytes), is the 8088's and
 * the 8086's. */
int timing_queue_emptied(const uint8_t *mem, uint32_t linear, unsigned length, unsigned prefixes, uint32_t next,
                         uint64_t cost);

#endif
