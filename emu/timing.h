/*
 * emu/timing.h: what one 8086/8088 instruction costs in clock cycles.
 *
 * Owns the table model of docs/timing.md: base clocks per opcode and form
 * (the 8086 execution-unit times of Intel's tables, corrected to the
 * hardware where SingleStepTests measured otherwise), effective-address
 * clocks, 2 per prefix byte, taken/not-taken for conditional jumps and
 * loops, 4 per bit for shifts by CL, per-iteration cost for REP string
 * operations, and the bus penalty: +4 per word transfer on the 8088 (every
 * word), on the 8086 only for words at odd addresses.  Word transfers are
 * counted as they happen (emu/cpu.c's memory callback), so the cost is
 * settled in two steps: timing_decode() before the instruction runs (it
 * reads the bytes, FLAGS and CX), timing_finish() after (CX after a REP,
 * words moved).
 */
#ifndef PROFIL_EMU_TIMING_H
#define PROFIL_EMU_TIMING_H

#include <stdint.h>

/* Cost of the bus transfer of one word beyond the byte cost. */
#define WORD_PENALTY 4u
/* Interrupt acknowledge for an injected hardware interrupt (8086 EU
 * clocks; the 8088 adds WORD_PENALTY for each of its 5 word transfers). */
#define IRQ_ACK_CYCLES 61u
#define IRQ_WORD_TRANSFERS 5u

struct insn_cost {
    uint32_t fixed;         /* known before execution                       */
    uint16_t per_iter;      /* REP string: clocks per iteration             */
    uint16_t cx_before;     /* REP string: CX before                        */
    uint8_t rep;            /* 1 when a REP string operation                */
    uint8_t words_per_iter; /* REP string: word transfers per iteration     */
    uint8_t opcode;         /* the opcode byte after any prefixes           */
    uint32_t op_linear;     /* its linear address                           */
};

/* Decode the instruction at mem[linear] (wrapping at 1 MiB).  `flags` and
 * `cx` are the registers before it executes. */
void timing_decode(const uint8_t *mem, uint32_t linear, uint16_t flags, uint16_t cx,
                   struct insn_cost *out);

/* Total clocks once it ran: `cx_after` for REP, `words` = word transfers
 * that paid the penalty. */
static inline uint64_t timing_finish(const struct insn_cost *c, uint16_t cx_after, unsigned words)
{
    uint64_t t = c->fixed + (uint64_t)words * WORD_PENALTY;
    if (c->rep)
        t += (uint64_t)(uint16_t)(c->cx_before - cx_after) * c->per_iter;
    return t;
}

/* Iterations a REP instruction ran. */
static inline unsigned timing_rep_iterations(const struct insn_cost *c, uint16_t cx_after)
{
    return c->rep ? (uint16_t)(c->cx_before - cx_after) : 0;
}

/* Effective-address clocks for a ModR/M byte (0 for a register operand). */
unsigned timing_ea(uint8_t modrm);

#endif
