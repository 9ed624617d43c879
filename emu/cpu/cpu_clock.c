/*
 * emu/cpu/cpu_clock.c: what an instruction costs beyond its table entry.
 * MUL, IMUL, DIV, IDIV, AAM and CWD take what their operands make them take
 * (timing.c's formulas, fed from the registers and the operand), and under
 * `--timing bus` each instruction is played against the prefetch queue and
 * the bus (emu/cpu/biu.c) with the data accesses the memory callback logged,
 * a REP string operation with its iterations (biu_rep, through
 * biu_rep_memo), and the video
 * card's wait states put in the BIU (cpu_bus_waits).
 */
#include <x86emu.h>

#include "biu.h"
#include "biu_memo.h"
#include "cpu8086.h"
#include "cpu_internal.h"
#include "decode.h"
#include "flatmem.h"
#include "insnlen.h"
#include "timing.h"

void cpu_note_access(void *ctx, uint32_t linear, unsigned bytes, int write)
{
    cpu_log_access(ctx, linear, bytes, write);
}

/* DIV, IDIV, AAM, AAA, AAS: what the operands will cost, before it runs. */
void cpu_settle_division(x86emu_t *e, struct cpu *c)
{
    unsigned kind = c->pend.mul;
    const struct insn *d = &c->dec;
    unsigned extra;
    if (kind == ASCII_ADJUST) {
        extra = timing_ascii_extra(e->x86.R_AL, (uint16_t)e->x86.R_FLG);
    } else if (kind == AAM_8) {
        extra = timing_div_extra(kind, e->x86.R_AL, (uint8_t)d->imm);
    } else {
        int wide = kind == DIV_16 || kind == IDIV_16;
        struct cpu8086_bus bus = { c->m, c->mem, c->m->rom_start, (int)c->odd_only, 0, NULL, NULL, 0xFF };
        uint32_t dividend = wide ? ((uint32_t)e->x86.R_DX << 16 | e->x86.R_AX) : e->x86.R_AX;
        extra = timing_div_extra(kind, dividend, (uint16_t)cpu8086_rm_value(e, &bus, d, wide));
    }
    c->pend.operand = (uint16_t)extra;
    c->pend.fixed += extra;
    c->pend.mul = 0;
}

/* The register ModR/M byte `modrm` names (mod 3), a byte or a word. */
static uint16_t rm_register(const x86emu_t *e, uint8_t modrm, int wide)
{
    unsigned rm = modrm & 7;
    if (!wide) {
        static const uint8_t shift[8] = { 0, 0, 0, 0, 8, 8, 8, 8 };
        uint16_t r = rm_register(e, (uint8_t)(rm & 3), 1);
        return (uint8_t)(r >> shift[rm]);
    }
    switch (rm) {
    case 0: return e->x86.R_AX;
    case 1: return e->x86.R_CX;
    case 2: return e->x86.R_DX;
    case 3: return e->x86.R_BX;
    case 4: return e->x86.R_SP;
    case 5: return e->x86.R_BP;
    case 6: return e->x86.R_SI;
    default: return e->x86.R_DI;
    }
}

/* Whether the division `kind` of `dividend` by `divisor` runs to its end
 * on both the 8086 and libx86emu: no divide error, and for IDIV no
 * quotient of -128 (-32768), which the 8086 faults and libx86emu does not
 * (FIX_IDIV8/16 settle those on the slow path). */
static int division_completes(unsigned kind, uint32_t dividend, uint16_t divisor)
{
    switch (kind) {
    case DIV_8: return (dividend >> 8 & 0xFFu) < (divisor & 0xFFu);
    case DIV_16: return (dividend >> 16) < divisor;
    case IDIV_8:
    case IDIV_16: {
        int wide = kind == IDIV_16;
        int64_t n = wide ? (int32_t)dividend : (int16_t)dividend, d = wide ? (int16_t)divisor : (int8_t)divisor;
        int64_t limit = wide ? 32767 : 127;
        return d != 0 && n / d >= -limit && n / d <= limit;
    }
    default: return 0;
    }
}

int cpu_quick_muldiv(x86emu_t *e, struct cpu *c, uint32_t lin)
{
    const uint8_t *mem = c->mem;
    uint8_t op = mem[lin], modrm = mem[(lin + 1) & MEM_MASK];
    unsigned kind, t, extra = 0;
    if (op == 0x99) {
        kind = CWD_16;
        t = timing_ops[op].reg;
    } else {
        unsigned reg = (modrm >> 3) & 7, is_mem = modrm < 0xC0, wide = op & 1;
        kind = MUL_8 + 2 * (reg - 4) + wide;
        t = (wide ? timing_grp_f7 : timing_grp_f6)[reg][is_mem] + timing_ea_by_modrm[modrm];
        if (kind >= DIV_8) {
            uint16_t divisor;
            if (is_mem) {
                struct cpu8086_bus bus = { c->m, c->mem, c->m->rom_start, (int)c->odd_only, 0, NULL, NULL, 0xFF };
                decode_insn(c->mem, lin, &c->dec);
                divisor = (uint16_t)cpu8086_rm_value(e, &bus, &c->dec, (int)wide);
            } else {
                divisor = rm_register(e, modrm, (int)wide);
            }
            uint32_t dividend = wide ? ((uint32_t)e->x86.R_DX << 16 | e->x86.R_AX) : e->x86.R_AX;
            if (!division_completes(kind, dividend, divisor))
                return -1;
            extra = timing_div_extra(kind, dividend, divisor);
            kind = 0;
        }
    }
    /* What timing_decode() and cpu_settle_division() leave (no prefix,
     * no REP), and boundary_slow() after them; no fix-up: see above. */
    cpu_pend_plain(e, c, e->x86.R_CS, e->x86.R_IP, lin, t + extra, (uint8_t)kind, (uint16_t)extra);
    c->settle_more |= kind != 0;
    return 0;
}

/* MUL/IMUL/CWD: what the operands cost, now that it ran. */
void cpu_settle_mul(struct cpu *c)
{
    unsigned extra = timing_mul_extra(c->pend.mul, c->ax_before, c->emu->x86.R_AX, c->emu->x86.R_DX);
    c->pend.operand = (uint16_t)extra;
    c->pend.fixed += extra;
    c->pend.mul = 0;
}

/* --timing bus: the DRAM refresh.  The BIU carries the next request from
 * one instruction to the next (biu_run and the memo move it by the clocks
 * they take); it is read again from PIT channel 1 only when the guest
 * wrote the PIT or time passed that the BIU did not play (a REP string, a
 * host service, an interrupt's entry): requests that fell in such time
 * are dropped but the last. */

/* The BIU's next request as an absolute clock, before the BIU is reset or
 * time passes that it does not play. */
static void refresh_save(struct cpu *c)
{
    struct biu *b = c->biu;
    if (c->biu_end == UINT64_MAX)
        return;
    c->refresh_next = b->refresh_dreq == BIU_NO_REFRESH ? UINT64_MAX
                                                        : (uint64_t)((int64_t)c->biu_end + b->refresh_dreq);
    c->biu_end = UINT64_MAX;
}

/* The refresh into the BIU for an instruction starting at `start`. */
static inline __attribute__((always_inline)) void refresh_before(struct cpu *c, uint64_t start)
{
    struct machine *m = c->m;
    struct biu *b = c->biu;
    if (m->no_refresh || (start == c->biu_end && c->refresh_version == m->pit.writes + 1))
        return;
    refresh_save(c);
    if (c->refresh_version != m->pit.writes + 1) {
        c->refresh_version = m->pit.writes + 1;
        c->refresh_next = pit_refresh_next(&m->pit, start, &c->refresh_period);
    }
    if (c->refresh_next == UINT64_MAX) {
        if (b->refresh_grant == BIU_NO_REFRESH)
            b->refresh_dreq = BIU_NO_REFRESH;
        return;
    }
    if (c->refresh_period && c->refresh_next + c->refresh_period <= start)
        c->refresh_next += (start - c->refresh_next) / c->refresh_period * c->refresh_period;
    b->refresh_dreq = (int64_t)c->refresh_next - (int64_t)start;
    b->refresh_period = (uint32_t)c->refresh_period;
}
/* A PIT period (reload 1..65536, pit.h) fits a memo key's 24 bits, so
 * memo_replay() does not test b->refresh_period's range. */
_Static_assert(65536ull * PIT_CYCLES_PER_TICK <= 0xFFFFFF, "a refresh period fits the memo key's 24 bits");

/* --timing bus: the machine's video card's wait states into the BIU and
 * the memory callback's range check (a span of 0 marks nothing). */
void cpu_bus_waits(struct cpu *c)
{
    c->slow_base = 0;
    c->slow_span = 0;
    if (!c->biu)
        return;
    c->biu->waits = NULL;
    const struct video_waits *w = c->m->video_waits;
    if (w) {
        /* Another card's rule: the memo's results, keyed on the phase in
         * the old rule's period, are forgotten (biu_memo_forget). */
        if (c->memo && (c->waits.wait != w->wait || c->waits.ctx != w->ctx || c->waits.period != w->period ||
                        c->waits.base != w->base || c->waits.span != w->span)) {
            biu_memo_forget(c->memo);
            memo_unchain(c->memo, c->biu);  /* its last slot is gone */
        }
        c->waits = (struct biu_waits){ w->base, w->span, w->wait, w->ctx, w->period };
        c->biu->waits = &c->waits;
        c->slow_base = c->waits.base;
        c->slow_span = c->waits.span;
    }
}

static uint32_t segment_base(x86emu_t *e, uint8_t prefix)
{
    switch (prefix) {
    case 0x26: return e->x86.R_ES_BASE;
    case 0x2E: return e->x86.R_CS_BASE;
    case 0x36: return e->x86.R_SS_BASE;
    default: return e->x86.R_DS_BASE;
    }
}

void cpu_note_rep(x86emu_t *e, struct cpu *c)
{
    struct rep_insn *r = &c->rep;
    const struct insn *d = &c->dec;
    int word = d->opcode & 1;
    uint16_t si = e->x86.R_SI, di = e->x86.R_DI;
    r->opcode = d->opcode;
    r->prefixes = d->prefixes;
    r->per_iter = c->pend.per_iter;
    r->src_base = segment_base(e, d->seg);
    r->dst_base = e->x86.R_ES_BASE;
    r->si = si;
    r->di = di;
    r->step = (int16_t)((word ? 2 : 1) * ((e->x86.R_FLG & FL_DF) ? -1 : 1));
    r->src_cycles = (uint8_t)(word && (!c->odd_only || (si & 1)) ? 2 : 1);
    r->dst_cycles = (uint8_t)(word && (!c->odd_only || (di & 1)) ? 2 : 1);
}

/* --timing bus: a REP string operation that just ran, from `start`, on the
 * BIU (biu_rep, or the memo's copy of its result); c->rep_last: when its
 * last iteration began. */
static uint64_t rep_bus_time(struct cpu *c, uint64_t start)
{
    struct rep_insn *r = &c->rep;
    uint16_t cx = c->emu->x86.R_CX;
    unsigned stall, last, waited;
    r->iterations = timing_rep_iterations(&c->pend, cx);
    r->condition_ended = r->iterations && cx != 0;
    r->interrupted = r->iterations && cx == 0 && c->pend.rep_cut;
    refresh_before(c, start);
    c->biu->origin = start;
    unsigned clocks = biu_rep_memo(c->play_every ? NULL : c->memo, c->biu, r, &stall, &last, &waited);
    c->biu_end = start + clocks;
    c->rep_last = start + last;
    c->stall = stall;
    c->stall_video = waited < stall ? waited : stall;
    return clocks;
}

/* --timing bus: one instruction (not a REP string) the queue led to, on
 * the BIU: biu_time(), the memo's or the model's clocks. */
static inline __attribute__((always_inline)) uint64_t bus_time_one(struct cpu *c, uint64_t table, uint32_t lin,
                                                                   uint32_t next, unsigned loop)
{
    struct eu_insn *in = &c->insn;
    in->mem = c->mem;
    in->linear = lin;
    in->table = (unsigned)table;
    in->next = next;
    in->loop = loop;
    unsigned stall;
    refresh_before(c, c->m->now);
    c->biu->origin = c->m->now;
    unsigned clocks = __builtin_expect(c->play_every, 0) ? biu_time(NULL, c->biu, in, &stall)
                                                         : biu_time_inline(c->memo, c->biu, in, &stall);
    c->biu_end = c->m->now + clocks;
    eu_clear_accesses(in);
    c->biu_next = next;
    c->stall = stall;
    c->stall_video = c->biu->waited < stall ? c->biu->waited : stall;
    return clocks;
}

/* cpu_bus_time's other cases: the first boundary, an instruction the queue
 * did not lead to, a REP string.  Out of line, so that the common case
 * saves no registers. */
static __attribute__((noinline)) uint64_t bus_time_other(struct cpu *c, uint64_t table, uint32_t lin, uint32_t next,
                                                         unsigned loop)
{
    c->stall = 0;
    c->stall_video = 0;
    if (lin == UINT32_MAX || c->pend.rep)
        eu_clear_accesses(&c->insn);    /* not the bus model's to play */
    if (lin == UINT32_MAX && table == 0)
        return 0;           /* nothing ran (the first boundary) */
    if (lin == UINT32_MAX) {
        refresh_save(c);
        biu_init(c->biu, (int)c->odd_only, 0, next);
        c->biu_next = next;
        return table;
    }
    if (lin != c->biu_next) {
        refresh_save(c);
        biu_init(c->biu, (int)c->odd_only, 0, lin);
    }
    if (c->pend.rep) {
        uint64_t clocks = rep_bus_time(c, c->m->now);
        c->biu_next = next;
        return clocks;
    }
    return bus_time_one(c, table, lin, next, loop);
}

/* --timing bus: the clocks the instruction that just ran took with the
 * queue and the bus, given its table cost `table` as the EU's own pace.
 * REP strings are played a window at a time (rep_bus_time); the
 * instructions the wrapper ran itself keep the table's cost; an
 * instruction the queue did not lead to (after an interrupt, a host
 * service, or those) starts with the queue empty. */
static inline __attribute__((always_inline)) uint64_t bus_time(struct cpu *c, uint64_t table)
{
    x86emu_t *e = c->emu;
    uint32_t lin = c->pend_lin, next = (e->x86.R_CS_BASE + e->x86.R_EIP) & MEM_MASK;
    unsigned loop = c->pend.operand;
    memo_settle_biu(c->memo);   /* the queue and bus the replay left in the memo */
    c->pend.operand = 0;        /* the fast path, decoding the next, leaves it */
    uint64_t clocks = __builtin_expect(lin != c->biu_next || c->pend.rep, 0) ? bus_time_other(c, table, lin, next, loop)
                                                                             : bus_time_one(c, table, lin, next, loop);
    if (__builtin_expect(c->play_every, 0))
        memo_unchain(c->memo, c->biu);  /* still behind after 2^32 plays (memo_unchain) */
    return clocks;
}

uint64_t cpu_bus_time(struct cpu *c, uint64_t table)
{
    return bus_time(c, table);
}

/* cpu_settle_more's other cases: MUL/IMUL/CWD's operands, the bus model
 * past the replay. */
uint64_t cpu_settle_more_other(struct cpu *c)
{
    if (c->pend.mul)
        cpu_settle_mul(c);
    uint64_t cost = c->pend.fixed + c->words * WORD_PENALTY;
    if (c->biu)
        cost = bus_time(c, cost);
    c->settle_more = c->biu != NULL;
    return cost;
}

/* The settling the common case skips: MUL/IMUL/CWD's operands, the bus
 * model.  Returns the instruction's clocks (without REP iterations, but
 * with them under the bus model). */
uint64_t cpu_settle_more(struct cpu *c)
{
    if (c->biu)
        return cpu_settle_bus(c, c->pend.fixed + c->words * WORD_PENALTY);
    return cpu_settle_more_other(c);
}
