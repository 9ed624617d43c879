/*
 * emu/cpu/cpu_internal.h: the CPU wrapper's state, shared by emu/cpu/cpu.c (the
 * libx86emu hooks), emu/cpu/cpu_fix8086.c (the 8086 layer) and emu/cpu/cpu_clock.c (what an
 * instruction costs beyond its table entry).  Nothing else includes it.
 */
#ifndef PROFIL_EMU_CPU_INTERNAL_H
#define PROFIL_EMU_CPU_INTERNAL_H

#include <stdint.h>
#include <x86emu.h>

#include "biu.h"
#include "biu_memo.h"
#include "decode.h"
#include "../machine.h"
#include "timing.h"

struct cpu {
    x86emu_t *emu;
    struct machine *m;
    uint8_t *mem;               /* the machine's memory                      */
    uint32_t card_lo, card_span; /* m->card_lo and card_span, copied by
                                   cpu_card_changed(): the memory callback's
                                   range check without loading m           */
    struct insn_cost pend;      /* cost of the instruction now executing     */
    struct timing_quick_table *quick; /* the common instructions' costs       */
    struct insn dec;            /* it decoded, when the slow path took it    */
    uint16_t pend_cs, pend_ip;  /* its address: CS for every instruction (trace
                                   mode), IP only for those the slow path
                                   decodes (a REP split needs both)          */
    uint32_t pend_lin;          /* its linear address, for trace mode        */
    uint8_t fixup;              /* cpu.c's enum fixup for the instruction now
                                   running                                  */
    uint16_t sp_before;         /* SP before it (for the INT fixup)          */
    uint16_t ax_before, dx_before; /* AX, DX before it (for the IDIV fixup)   */
    unsigned settle_more;       /* cpu_settle_more() has work: MUL, the bus  */
    unsigned rare;              /* any of f1_patched, settle_more, fixup,
                                   pend.rep may be set (cpu.c's rare_work()):
                                   set through set_rare()                   */
    unsigned plain_hook;        /* the table clock: the hook
                                   while rare is 0 (PLAIN_SAMPLING:
                                   code_hook(), PLAIN_STACKS:
                                   code_hook_stacks(), PLAIN_TRACED...:
                                   the traced hooks), code_hook_rare_entry()
                                   while it is 1; 0: not switched (cpu.c)   */
    struct addr_counts *exact_addr; /* the trace's per-address counts
                                   (m->exact->addr) or NULL: pick_hook()    */
    unsigned words;             /* word transfers that pay the bus penalty   */
    unsigned odd_only;          /* 8086: only odd-address words pay          */
    unsigned fidelity;          /* 8088/8086: the 8086 layer below is on     */
    unsigned after;             /* BOUNDARY_* for the boundary after the
                                   instruction now running (cpu.c)           */
    uint8_t step_rep;           /* a REP cut for an interrupt or single step */
    uint8_t step_rep_op, step_rep_kind; /* runs some iterations: its opcode
                                   and F2h/F3h,                             */
    uint16_t step_rep_rest, step_rep_ip; /* the count left, its first prefix, */
    uint16_t step_rep_pushed;   /* and what an interrupt pushes (cpu.c)     */
    struct biu *biu;            /* --timing bus: the queue and the bus       */
    struct eu_insn insn;        /* --timing bus: the data accesses so far    */
    uint32_t biu_next;          /* --timing bus: where the queue's bytes lead */
    struct biu_memo *memo;      /* --timing bus: its results, remembered     */
    uint64_t refresh_next;      /* --timing bus: the next refresh request
                                   (absolute clock), UINT64_MAX: none       */
    uint64_t refresh_period;
    uint64_t biu_end;           /* --timing bus: when the BIU's last instruction
                                   ended (its refresh request counts from it) */
    uint32_t refresh_version;   /* the PIT's writes when it was read, + 1    */
    unsigned stall;             /* --timing bus: the clocks the last
                                   instruction waited for the queue or bus  */
    unsigned stall_video;       /* --timing bus: of the stall, the wait states
                                   of video memory (the stall cause "video") */
    struct rep_insn rep;        /* --timing bus: the REP string now running  */
    uint64_t rep_last;          /* --timing bus: when its last iteration began */
    struct biu_waits waits;     /* --timing bus: video memory's wait states  */
    uint32_t slow_base, slow_span; /* their range (span 0: none), for the
                                   memory callback                          */
    /* The prefetch queue's stale bytes: an instruction that writes over
     * the bytes the queue already holds after it (the 4 next on the 8088,
     * 6 on the others) does not change what runs from the queue. */
    unsigned stale_n;           /* bytes held, 0: none                        */
    x86emu_memio_handler_t memio; /* the memory callback without them: in place
                                   again once they are gone (cpu.c)         */
    uint32_t stale_at[8];       /* their linear addresses                    */
    uint8_t stale_byte[8];      /* and the bytes as fetched                   */
    uint32_t f1_at[15];         /* F1 prefixes shown to libx86emu as F0 for the
                                   instruction now running (cpu.c)          */
    unsigned f1_patched;        /* of them, how many are patched now         */
    unsigned play_every;        /* --timing bus: every instruction played clock
                                   by clock, none from the memo
                                   (cpu_bus_play_every)                     */
};

static inline struct cpu *cpu_of(struct machine *m) { return (struct cpu *)m->cpu; }

/* --timing bus: note one data access and its bus cycles (a word takes two
 * on the 8088, and on the 8086 at an odd address).  Inline: the memory
 * callback calls it for every data access. */
static inline __attribute__((always_inline)) void cpu_log_access_on(struct cpu *c, uint32_t addr, unsigned bytes,
                                                                   int write, int odd_only)
{
    eu_add_access(&c->insn, (unsigned)write,
                  bytes == 1 ? 1 : (!odd_only || (addr & 1)) ? 2 * (bytes / 2) : bytes / 2,
                  addr - c->slow_base < c->slow_span);
}

/* The same, the CPU from c->odd_only.  cpu_log_access_on() above takes it
 * as an argument, so that the memory callbacks of the 8088 and the 8086
 * (one each, cpu.c) test nothing for it. */
static inline void cpu_log_access(struct cpu *c, uint32_t addr, unsigned bytes, int write)
{
    cpu_log_access_on(c, addr, bytes, write, c->odd_only);
}

/* cpu_clock.c: */
/* The same, as cpu8086.c's bus callback (ctx is the struct cpu). */
void cpu_note_access(void *ctx, uint32_t linear, unsigned bytes, int write);
/* DIV, IDIV, AAM, AAA, AAS (decoded in c->dec): add what the operands
 * will cost, before it runs. */
void cpu_settle_division(x86emu_t *e, struct cpu *c);
/* MUL, IMUL, CWD: add what the operands cost, once it ran. */
void cpu_settle_mul(struct cpu *c);
/* The quick path's MUL, IMUL, DIV, IDIV (F6h/F7h /4-/7, no prefix) and CWD
 * at lin (timing_quick_entry()'s QUICK_MULDIV), about to run: priced from
 * its operands as timing_decode() and cpu_settle_division() price it, and
 * c->pend and the registers before it set as boundary_slow() leaves them,
 * a memory divisor read through the decoder, a register one without.
 * Returns 0; -1, setting nothing, for a division with a divide error or
 * (IDIV) a quotient of -128 or -32768, the slow path's. */
int cpu_quick_muldiv(x86emu_t *e, struct cpu *c, uint32_t lin);
/* --timing bus: the clocks the instruction that just ran took, given its
 * table cost (a REP string's iterations are the bus model's). */
uint64_t cpu_bus_time(struct cpu *c, uint64_t table);
/* --timing bus: note the REP string operation decoded in c->dec, about to
 * run (its accesses' addresses and widths, for biu_rep). */
void cpu_note_rep(x86emu_t *e, struct cpu *c);
/* --timing bus: the machine's video wait states into the BIU. */
void cpu_bus_waits(struct cpu *c);
/* The settling the common case skips (c->settle_more): the operands, the
 * bus model.  Returns the instruction's clocks without REP iterations. */
uint64_t cpu_settle_more(struct cpu *c);
/* Its cases past the replay (below): MUL/IMUL/CWD's operands, the bus
 * model's lookups and misses.  Out of line. */
__attribute__((noinline)) uint64_t cpu_settle_more_other(struct cpu *c);

/* --timing bus, the common case: the instruction that just ran (no
 * operands to settle, not a REP string; its table cost `table`; it led to
 * the linear address `next`, libx86emu's CS:IP now) followed
 * the last on the queue, the refresh carried over from it, and the memo's
 * slot that followed the last result's the last time holds it
 * (memo_replay).  Its clocks, as cpu_bus_time() would give them, or -1
 * with nothing changed.  Inline in the bus model's hook (cpu.c), so that
 * the common case makes no call.  `counted`: set c->stall and
 * c->stall_video, which only the counting of --trace and --stacks reads
 * (cpu.c's count_settled(), trace_settled(), stacks_count()); their hooks
 * settle each instruction through cpu_settle_bus(), which passes 1, before
 * they count it, so code_hook_bus(), installed only without them
 * (pick_hook()), passes 0. */
static inline __attribute__((always_inline)) int64_t cpu_bus_replay_to(struct cpu *c, uint64_t table, uint32_t next,
                                                                     int counted)
{
    struct biu *b = c->biu;
    struct machine *m = c->m;
    uint32_t lin = c->pend_lin;
    if (c->pend.mul || c->pend.rep || lin != c->biu_next)
        return -1;
    uint64_t start = m->now;
    /* start != c->biu_end || refresh_version != pit.writes + 1, as one
     * branch: the second is otherwise laid out of line. */
    if (((start ^ c->biu_end) | (c->refresh_version ^ (m->pit.writes + 1))) && !m->no_refresh)
        return -1;          /* cpu_clock.c's refresh_before() has work */
    /* The memo's last result left this BIU (memo_chained): its generation
     * is enough here, the memo's only BIU, whose next address is then
     * c->biu_next (biu_init and biu_run move the generation on). */
    struct biu_memo *memo = c->memo;
    if (memo->last_gen != b->gen)
        return -1;
    unsigned stall;
    int64_t clocks = memo_replay(memo, b, c->mem, lin, next, table, c->pend.operand, c->insn.pattern,
                                 c->insn.naccess, &stall);
    if (clocks < 0)
        return -1;
    c->pend.operand = 0;
    c->biu_end = start + (uint64_t)clocks;
    eu_clear_accesses(&c->insn);
    c->biu_next = next;
    if (counted) {          /* else nobody reads them (see above) */
        c->stall = stall;
        c->stall_video = 0; /* memo_replay takes no instruction with a slow access */
    }
    /* The slot the next replay compares first, into the host's cache while
     * libx86emu runs the instruction: a program as large as a compiler
     * keeps the whole table in use, which misses the caches (2 host
     * instructions here; in memo_replay, 2.9 for gcc's registers). */
    __builtin_prefetch(memo_at(memo, memo->cur->succ));
    return clocks;
}

/* The same, the next address from libx86emu's CS:IP. */
static inline __attribute__((always_inline)) int64_t cpu_bus_replay(struct cpu *c, uint64_t table)
{
    x86emu_t *e = c->emu;
    return cpu_bus_replay_to(c, table, (e->x86.R_CS_BASE + e->x86.R_EIP) & MEM_MASK, 1);
}

/* cpu_settle_more() under the bus model (c->biu set), given the table
 * cost `table` the hook has summed already. */
static inline __attribute__((always_inline)) uint64_t cpu_settle_bus(struct cpu *c, uint64_t table)
{
    int64_t clocks = cpu_bus_replay(c, table);
    if (clocks >= 0)
        return (uint64_t)clocks;
    return cpu_settle_more_other(c);
}


/* ---- cpu_fix8086.c: the 8086 where libx86emu is a 286 -------------------- */

/* Applied at the boundary after the instruction (LIBX86EMU.md's table). */
enum fixup {
    FIX_NONE,
    FIX_PUSHED_FLAGS,   /* PUSHF: the 8086 pushes FLAGS with bits 12-15 set   */
    FIX_INT_FLAGS,      /* INT 3/n/INTO: the FLAGS in the frame, likewise     */
    FIX_RESERVED,       /* POPF, SAHF, IRET: bits 3 and 5 read 0, bit 1 is 1  */
    FIX_PUSH_SP,        /* PUSH SP: the 8086 pushes the decremented SP        */
    FIX_CALL_SP,        /* CALL SP: the 8086 jumps to SP before the push      */
    FIX_SAR1_OF,        /* SAR r/m,1: the 8086 clears OF (libx86emu leaves it) */
    FIX_DIV_FLAGS,      /* a divide error: the FLAGS it pushed, bits 12-15 set */
    FIX_IDIV8,          /* IDIV: a quotient of -128 (-32768) is a divide error on
                           the 8086; after REP its microcode negates the quotient */
    FIX_IDIV16,
};

/* (cpu.c's and cpu_clock.c's quick paths, here after enum fixup.)  The
 * instruction at cs:ip (lin), about to run with no prefix, REP, fix-up or
 * 8086 layer of its own: its table cost `fixed` (with `operand`, the
 * clocks of it that its operands made) and MUL/IMUL/CWD's `mul` still to
 * settle, as timing_decode() and the slow boundary would leave them, and
 * the registers the settling reads. */
static inline void cpu_pend_plain(x86emu_t *e, struct cpu *c, uint16_t cs, uint16_t ip, uint32_t lin, uint32_t fixed,
                                  uint8_t mul, uint16_t operand)
{
    c->pend.fixed = fixed;
    c->pend.rep = 0;
    c->pend.mul = mul;
    c->pend.operand = operand;
    c->pend.per_iter = 0;
    c->pend.words_per_iter = 0;
    c->pend.aam0 = 0;
    c->pend_cs = cs;
    c->pend_ip = ip;
    c->pend_lin = lin;
    c->fixup = FIX_NONE;
    c->sp_before = e->x86.R_SP;
    c->ax_before = e->x86.R_AX;
    c->dx_before = e->x86.R_DX;
}

/* The fix-up the decoded instruction needs after libx86emu ran it. */
uint8_t fixup_for(const struct insn *d);
/* Apply c->fixup (at the boundary after the instruction). */
void apply_fixup(x86emu_t *e, struct cpu *c);
/* Put back the F1 prefixes shown to libx86emu as F0 for one instruction. */
void restore_f1(struct cpu *c);
/* ESC (D8-DF) with no coprocessor: skipped, its length returned; 0 for
 * any other instruction.  Every model. */
unsigned skip_coprocessor(x86emu_t *e, const struct insn *d);
/* Whether emulate_8086_only() runs opcode op through cpu8086.c rather than
 * libx86emu (the forms libx86emu runs as a 286 would, or not at all). */
static inline int runs_on_cpu8086(uint8_t op)
{
    return op == 0xD2 || op == 0xD3 || op == 0x8C || op == 0x8E || op == 0x27 || op == 0x2F || op == 0x37 ||
           op == 0x3F || op == 0xD4 || op == 0xC6 || op == 0xC7 || op == 0x8F;
}
/* Executes the 8086-only instruction at `lin` decoded as `d`: its length,
 * or 0 when libx86emu should run it; `words` counts its stack words. */
unsigned emulate_8086_only(x86emu_t *e, struct cpu *c, const struct insn *d, uint32_t lin, unsigned *words);

/* The 186 and 286 where libx86emu (a 386 in these) differs from them
 * (docs/timing.md, "The chip's identification quirks"): */
/* The fix-up after libx86emu ran the instruction on the 186 (the 8086's
 * PUSH SP and FLAGS bits 12-15); FIX_NONE on the 286, whose libx86emu
 * behaviour is its own. */
uint8_t fixup_for_later(const struct insn *d, const struct cpu_model_row *row);
/* Whether the instruction is an invalid opcode on `model` that libx86emu
 * would run as a later CPU's (the 186: 0F and 63-67; the 286: 63-67):
 * the CPU raises INT 6, pushing the instruction's own address. */
int invalid_on(const struct insn *d, const struct cpu_model_row *row);
/* Runs a 186/286 instruction libx86emu gets wrong (a shift by CL, whose
 * count these mask to 5 bits), or skips an ESC: its length, or 0. */
unsigned emulate_later(x86emu_t *e, struct cpu *c, const struct insn *d, unsigned *words);

#endif
