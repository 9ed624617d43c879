/*
 * emu/cpu/biu.h: the 8086/8088 bus interface unit, for `--timing bus`.
 *
 * Owns the prefetch queue and the bus, clock by clock: a queue of 6 bytes
 * filled a word at a time (8086) or of 4 bytes filled a byte at a time
 * (8088), bus cycles of 4 clocks (T1-T4), and the execution unit's bus
 * requests competing with code fetches.  The rules, as read from the
 * SingleStepTests 8086 bus traces (docs/timing.md, "The bus model"):
 *   - a queue read that leaves room for a fetch starts one 2 clocks later
 *     if the bus is idle; one in a T4 or in the clock after it puts that
 *     fetch off from T4 + 2 to T4 + 4 (a request of the EU's before then
 *     goes first), and an EU request made at T4 + 2 waits a clock more;
 *   - at T3 of every bus cycle the BIU decides what follows T4: the EU's
 *     cycle if it has asked, else another fetch if the queue, with this
 *     fetch's bytes, still has room;
 *   - the EU asks 3 clocks before its T1 on an idle bus; during T1/T2 of a
 *     cycle it gets the bus right after T4, during T3/T4 3 clocks after;
 *     a fetch due in the clock the EU asks starts first, a later one yields;
 *   - fetched bytes can be read from the clock after T3 on the 8086, after
 *     T4 on the 8088 (MartyPC, reenigne's XTCE: docs/timing.md, "The
 *     8088's own schedules");
 *   - a jump stops prefetching (after any fetch on the bus), empties the
 *     queue, and fetching starts at the target 2 clocks later; a far one
 *     (CALL/JMP far, INT) stops at its own time, after any bus cycle the
 *     EU has asked for by then and before its pushes, so a split push
 *     moves only what follows it.
 * And the IBM PC's DRAM refresh (docs/timing.md, "DRAM refresh"): PIT
 * channel 1 requests DMA channel 0 (DREQ); 2 clocks later the DMA asks
 * for the bus (HRQ) and gets it in the first clock the 8088's status is
 * passive (the bus idle, or a cycle in T3 or T4); from 2 clocks after that
 * grant READY is low for 6 clocks, and a bus cycle whose T2 finds READY
 * low repeats it as a wait state (Tw) until READY is back.
 * And wait states of slow memory (docs/timing.md, "Wait states"): a bus
 * cycle of the EU's to a range the machine marks (the card's memory)
 * holds its T2 for as many clocks as the range's wait function gives for
 * the clock of its T1, as READY low from the card does; a T2 the refresh
 * holds reaches the card only when READY is back, and the card's waits
 * follow from then (as for a T1 2 clocks before), after the refresh's.
 * The EU's side is a plan (emu/cpu/biu_plan.c): when, with nothing in its way,
 * it reads each instruction byte from the queue, asks for each bus cycle
 * and empties the queue, and when it is done.  biu_run() plays the plan
 * against the BIU and returns the instruction's clocks, up to the clock the
 * next instruction's first byte can be read.
 */
#ifndef PROFIL_EMU_BIU_H
#define PROFIL_EMU_BIU_H

#include <stdint.h>

#define BIU_MAX_EVENTS 48
#define BIU_REQUEST_LEAD 3  /* an EU request to an idle BIU: clocks to its T1 */
#define BIU_MAX_ACCESSES 16 /* data accesses one instruction may make       */

struct biu {
    unsigned size;          /* queue capacity: 6 (8086) or 4 (8088)        */
    unsigned width;         /* bytes one fetch brings: 2 or 1              */
    unsigned queued;        /* bytes in the queue                          */
    uint32_t fetch_at;      /* linear address of the next code fetch       */
    int busy;               /* 0 idle, 1 a code fetch, 2 an EU cycle       */
    unsigned t;             /* T-state of the cycle on the bus (1-4)       */
    int64_t fetch_start;    /* clock of a scheduled fetch's T1, or -1      */
    /* The DRAM refresh, in clocks from the instruction's first clock: */
    int64_t refresh_dreq;   /* the next request (< 0: made, not yet served),
                               or BIU_NO_REFRESH                           */
    int64_t refresh_grant;  /* when the DMA got the bus, or BIU_NO_REFRESH */
    uint32_t refresh_period;/* clocks between requests; 0: no more         */
    uint32_t gen;           /* bumped by biu_init and biu_run: a memo's
                               packed copy of this state is then stale    */
    /* Wait states (struct biu_waits); kept by biu_init: */
    const struct biu_waits *waits; /* the slow range, or NULL               */
    uint64_t origin;        /* the absolute clock of biu_run's clock 0     */
    unsigned tw;            /* wait states left for the cycle on the bus   */
    unsigned slow_due;      /* the EU's cycle on the bus is to the slow
                               range, its waits not yet begun (its T2 is
                               held by the refresh, or still to come)     */
    unsigned waited;        /* biu_run: wait states the range inserted into
                               the EU's cycles (the stall cause "video")  */
    uint64_t starts;        /* biu_run: bit k, a bus cycle began (its T1)
                               at clock k, of the first 64 (the memo finds
                               from them what a refresh meets)           */
};

/* A range of memory whose bus cycles take wait states (a video card's):
 * wait(ctx, t1) is how many the card inserts into a cycle whose T1 is at
 * the absolute clock t1.  The CPU marks each access in [base, base + span)
 * as slow (struct bus_access), the plan carries the mark to the bus.
 * period: wait(t1 + period) == wait(t1) for every t1, so an instruction's
 * time depends on its first clock only through that clock mod period (the
 * memo keys on it, biu_rep counts windows by it); 0 when the rule has none
 * known (instructions with slow accesses are then played every time).
 * The memo's keys hold the phase, not the rule (every card's, from its
 * descriptor, emu/video/card.h): cpu_bus_waits() empties the memo when
 * the rule changes (biu_memo_forget), so no key meets two rules. */
struct biu_waits {
    uint32_t base, span;
    unsigned (*wait)(const void *ctx, uint64_t t1);
    const void *ctx;
    unsigned period;
};

#define BIU_NO_REFRESH INT64_MAX
#define BIU_REFRESH_HRQ 2       /* DREQ to the DMA asking for the bus       */
#define BIU_REFRESH_READY 2     /* the grant to READY going low             */
#define BIU_REFRESH_WAIT 6      /* clocks READY stays low                   */

/* EU_SUSPEND: a jump stops prefetching, first waiting for a fetch on the
 * bus to end; EU_FLUSH then empties the queue and fetching resumes. */
enum eu_event { EU_QUEUE_READ, EU_BUS, EU_SUSPEND, EU_FLUSH };

/* What the execution unit does in one instruction, at its own pace:
 * events in order, each at a clock counted from the instruction's first
 * byte, as they would be if nothing waited. */
struct eu_plan {
    unsigned n;
    uint8_t kind[BIU_MAX_EVENTS];   /* enum eu_event                       */
    int32_t at[BIU_MAX_EVENTS];
    uint8_t slow[BIU_MAX_EVENTS];   /* EU_BUS: a cycle to the slow range   */
    int32_t done;                   /* the EU is done                      */
    uint32_t target;                /* EU_FLUSH: where fetching resumes    */
    uint8_t open;                   /* a REP string's head or iteration: the
                                       instruction goes on, so its end needs
                                       no byte of the next in the queue   */
};

/* One data access of an instruction, as the CPU made it. */
struct bus_access {
    uint8_t write;
    uint8_t cycles;         /* bus cycles: 2 for a word on the 8088, or at an
                               odd address on the 8086; else 1           */
    uint8_t slow;           /* in the range of struct biu_waits           */
};

/* The instruction being planned. */
struct eu_insn {
    const uint8_t *mem;     /* the machine's memory                        */
    uint32_t linear;        /* its first byte                              */
    unsigned prefixes;      /* its prefix bytes                            */
    unsigned length;        /* its bytes, prefixes included                */
    unsigned table;         /* the table model's clocks for it             */
    unsigned naccess;
    struct bus_access access[BIU_MAX_ACCESSES];
    uint64_t pattern;       /* the accesses packed as the memo's key holds
                               them: 2 bits each (write, a second cycle),
                               and EU_PATTERN_SLOW if any was slow        */
    int jumped;             /* the next instruction is not the next bytes  */
    unsigned loop;          /* the clocks that depend on the operands (the
                               table's insn_cost.operand), before any write */
    uint32_t next;          /* the next instruction's linear address       */
};

#define EU_PATTERN_SLOW ((uint64_t)1 << 32)

/* Note one data access of the instruction `in` (none past
 * BIU_MAX_ACCESSES), in access[] and packed in `pattern`. */
static inline void eu_add_access(struct eu_insn *in, unsigned write, unsigned cycles, unsigned slow)
{
    if (in->naccess < BIU_MAX_ACCESSES) {
        struct bus_access *a = &in->access[in->naccess];
        a->write = (uint8_t)write;
        a->cycles = (uint8_t)cycles;
        a->slow = (uint8_t)slow;
        in->pattern |= (uint64_t)(write | (cycles > 1) << 1) << (2 * in->naccess) | (slow ? EU_PATTERN_SLOW : 0);
        in->naccess++;
    }
}

/* Forget the instruction's accesses. */
static inline void eu_clear_accesses(struct eu_insn *in)
{
    in->naccess = 0;
    in->pattern = 0;
}

/* A BIU for an 8086 (`wide`) or an 8088, idle, with `queued` bytes in the
 * queue, the next fetch at `fetch_at`. */
void biu_init(struct biu *b, int wide, unsigned queued, uint32_t fetch_at);

/* The EU's plan for an instruction (emu/cpu/biu_plan.c): the 8086's measured
 * schedule for its form when there is one, else one built from its table
 * cost.  Returns 1 when the measured schedule was used. */
int biu_plan(const struct eu_insn *in, struct eu_plan *p);

/* Run one instruction's plan on the BIU; returns the clocks it took. */
unsigned biu_run(struct biu *b, const struct eu_plan *p);

/* A REP string operation (A4-A7, AA-AF with F2h/F3h) as it ran: */
struct rep_insn {
    uint8_t opcode;
    unsigned prefixes;      /* its prefix bytes, REP included              */
    unsigned iterations;    /* n = CX before - CX after                    */
    int condition_ended;    /* REPE/REPNE's condition ended it before CX   */
    int interrupted;        /* cut for an interrupt (or single step): its
                               last iteration goes to the microcode's
                               interrupt routine (biu_plan.c)             */
    unsigned per_iter;      /* the 8086's clocks per iteration (the table's) */
    uint8_t src_cycles, dst_cycles; /* bus cycles per access: 2 for a word on
                               the 8088, or at an odd address on the 8086 */
    /* Where iteration i reads (DS:SI, or the override) and writes or
     * compares (ES:DI), to mark the slow range's: */
    uint32_t src_base, dst_base;    /* segment bases, linear              */
    uint16_t si, di;
    int16_t step;           /* +-1 or +-2 by DF and the width              */
};

/* The EU's plan for a part of a REP string operation (biu_plan.c has its
 * schedule): its prefixes, opcode and setup up to its first iteration
 * (or its whole when CX was 0); an iteration; the last iteration with the
 * instruction's end.  slow[0], slow[1]: the iteration's DS:SI and ES:DI
 * accesses are to the wait-state range. */
enum rep_part { REP_HEAD, REP_ITERATION, REP_LAST };
void biu_plan_rep(const struct rep_insn *r, enum rep_part part, const uint8_t slow[2], struct eu_plan *p);

#endif
