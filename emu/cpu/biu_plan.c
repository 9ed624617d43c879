/*
 * emu/cpu/biu_plan.c: the execution unit's plan for one instruction under
 * `--timing bus`: when, with nothing in its way, it reads each byte from
 * the queue, starts each data bus cycle, empties the queue for a jump, and
 * is done.
 *
 * Measured plans come from emu/cpu/biu_plans.inc, the 8086's own schedules per
 * opcode form taken from the SingleStepTests bus traces (`make bus-plans`,
 * tests/derive_plans.c has how).  Their clocks leave out the effective
 * address and the second cycle of every split word, which are put back
 * here.  A form with no measured plan (an operand-dependent time, a REP,
 * an access pattern the traces never showed) gets one built from the table
 * model's cost: reads right after the decode or the effective address,
 * writes at the end.
 */
#include "biu.h"

#include <stddef.h>
#include <stdint.h>

#include "decode.h"
#include "timing.h"

struct measured {
    uint8_t opcode;
    int8_t reg;             /* the ModR/M reg field for groups, else -1     */
    uint8_t mem;            /* the memory form                              */
    const char *events;     /* I immediate byte, R read, W write, E flush   */
    int16_t at[16];
    int16_t done;
    int16_t suspend;        /* a jump stops prefetching this long before E */
    uint16_t tests;         /* how many hardware tests it was measured on   */
};

/* A jump the table plans stops prefetching this long before it empties
 * the queue (the most common figure in emu/cpu/biu_plans.inc). */
#define SUSPEND_LEAD 4

static const struct measured measured[] = {
#include "biu_plans.inc"
};

#define NMEASURED (sizeof measured / sizeof measured[0])

/* The first measured plan of an opcode, or the first after it: a binary
 * search, as `make bus-plans` writes the plans sorted by opcode (no table
 * built at run time, so machines in several threads share nothing). */
static unsigned first_of(uint8_t opcode)
{
    unsigned lo = 0, hi = NMEASURED;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (measured[mid].opcode < opcode)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static void add(struct eu_plan *p, enum eu_event kind, int32_t at)
{
    if (p->n < BIU_MAX_EVENTS) {
        p->kind[p->n] = (uint8_t)kind;
        p->slow[p->n] = 0;
        p->at[p->n++] = at;
    }
}

/* A data bus cycle, `slow` when to the wait-state range. */
static void add_bus(struct eu_plan *p, int32_t at, uint8_t slow)
{
    if (p->n < BIU_MAX_EVENTS) {
        p->kind[p->n] = EU_BUS;
        p->slow[p->n] = slow;
        p->at[p->n++] = at;
    }
}

/* Whether a measured plan's accesses are the ones the CPU made: the same
 * reads and writes in the same order, and a flush when it jumped. */
static int matches(const struct measured *m, const struct eu_insn *in)
{
    unsigned k = 0;
    int flush = 0;
    for (const char *e = m->events; *e; e++) {
        if (*e == 'E')
            flush = 1;
        else if (*e != 'I' && (k >= in->naccess || in->access[k++].write != (*e == 'W')))
            return 0;
    }
    return k == in->naccess && flush == in->jumped;
}

static const struct measured *find(const struct insn *d, int mem, const struct eu_insn *in)
{
    for (unsigned i = first_of(d->opcode); i < NMEASURED && measured[i].opcode == d->opcode; i++) {
        const struct measured *m = &measured[i];
        if (m->mem == mem && (m->reg < 0 || (d->has_modrm && m->reg == d->reg)) && matches(m, in))
            return m;
    }
    return NULL;
}

/* The reads of the ModR/M byte and its displacement, as the 8086's
 * effective-address microcode makes them. */
static void modrm_reads(struct eu_plan *p, int32_t opcode_at, const struct insn *d, int32_t ea)
{
    add(p, EU_QUEUE_READ, opcode_at + 1);
    if (d->mod == 0 && d->rm == 6) {
        add(p, EU_QUEUE_READ, opcode_at + 3);
        add(p, EU_QUEUE_READ, opcode_at + 4);
    } else if (d->mod == 1 || d->mod == 2) {
        add(p, EU_QUEUE_READ, opcode_at + ea - 4);
        if (d->mod == 2)
            add(p, EU_QUEUE_READ, opcode_at + ea - 3);
    }
}

/* When a measured plan's jump stops prefetching (INT32_MAX: it does not
 * jump): its flush's time less the measured lead, late by the split words
 * of the accesses before that time only (a far CALL's or an INT's pushes
 * come after it). */
static int32_t suspend_time(const struct measured *m, const struct eu_insn *in, int32_t base)
{
    int32_t at = INT32_MAX, late = 0;
    for (const char *e = m->events; *e; e++)
        if (*e == 'E')
            at = m->at[e - m->events] - m->suspend;
    if (at == INT32_MAX)
        return at;
    unsigned k = 0;
    for (const char *e = m->events; *e && m->at[e - m->events] < at; e++)
        if (*e == 'R' || *e == 'W')
            late += 4 * (int32_t)(in->access[k++].cycles - 1);
    return base + at + late;
}

/* When the EU acts on an event of a measured plan: it asks for a data
 * cycle BIU_REQUEST_LEAD clocks before its T1, so a suspend due at or
 * after that clock comes after the request. */
static int32_t acts_at(char event, int32_t at)
{
    return event == 'R' || event == 'W' ? at - BIU_REQUEST_LEAD : at;
}

static void from_measured(const struct measured *m, const struct eu_insn *in, struct eu_plan *p, int32_t base)
{
    unsigned k = 0;
    int32_t late = 0;           /* 4 for each split word so far */
    int32_t suspend = suspend_time(m, in, base);
    int looped = 0;             /* the operand-dependent loop is counted */
    for (const char *e = m->events; *e; e++) {
        int32_t at = base + m->at[e - m->events] + late;
        if (suspend != INT32_MAX && (acts_at(*e, at) >= suspend || *e == 'E')) {
            add(p, EU_SUSPEND, suspend);
            suspend = INT32_MAX;
        }
        if (*e == 'I') {
            add(p, EU_QUEUE_READ, at);
        } else if (*e == 'E') {
            add(p, EU_FLUSH, at);
        } else {
            if (*e == 'W' && !looped) {
                late += (int32_t)in->loop;
                at += (int32_t)in->loop;
                looped = 1;
            }
            for (unsigned c = 0; c < in->access[k].cycles; c++)
                add_bus(p, at + 4 * (int32_t)c, in->access[k].slow);
            late += 4 * (int32_t)(in->access[k++].cycles - 1);
        }
    }
    p->done = base + m->done + late + (looped ? 0 : (int32_t)in->loop);
}

/* A plan from the table's cost: the rest of the bytes one a clock, reads
 * right after the decode (or the effective address), writes at the end,
 * a jump's flush 4 clocks before it. */
static void from_table(const struct eu_insn *in, struct eu_plan *p, int32_t opcode_at, unsigned rest, int32_t ea)
{
    int32_t at = opcode_at + 2 + ea, natural = (int32_t)in->table;
    for (unsigned i = 0; i < rest; i++)
        add(p, EU_QUEUE_READ, opcode_at + 1 + (int32_t)i);
    if (at < opcode_at + 1 + (int32_t)rest)
        at = opcode_at + 1 + (int32_t)rest;
    unsigned write_cycles = 0;
    for (unsigned i = 0; i < in->naccess; i++)
        write_cycles += in->access[i].write ? in->access[i].cycles : 0;
    int32_t writes_at = natural - 3 - 4 * (int32_t)(write_cycles ? write_cycles - 1 : 0);
    for (unsigned i = 0; i < in->naccess; i++)
        for (unsigned c = 0; c < in->access[i].cycles; c++) {
            if (in->access[i].write && writes_at > at)
                at = writes_at;
            add_bus(p, at, in->access[i].slow);
            at += 4;
            writes_at += in->access[i].write ? 4 : 0;
        }
    if (in->jumped) {
        int32_t flush = natural - 4 > at - 4 ? natural - 4 : at - 4;
        add(p, EU_SUSPEND, flush - SUSPEND_LEAD);
        add(p, EU_FLUSH, flush);
    }
    p->done = natural > at - 1 ? natural : at - 1;
}

int biu_plan(const struct eu_insn *in, struct eu_plan *p)
{
    p->n = 0;
    p->done = 0;
    p->open = 0;
    p->target = in->next;
    unsigned pre = in->prefixes, len = in->length;
    for (unsigned i = 0; i < pre; i++)
        add(p, EU_QUEUE_READ, 2 * (int32_t)i);
    int32_t opcode_at = 2 * (int32_t)pre;
    struct insn d;
    decode_insn(in->mem, in->linear, &d);
    int mem = d.has_modrm && d.mod != 3;
    int32_t ea = mem ? (int32_t)timing_ea(d.modrm) : 0;
    add(p, EU_QUEUE_READ, opcode_at);
    unsigned rest = len > pre + 1 ? len - pre - 1 : 0;
    const struct measured *m = d.rep ? NULL : find(&d, mem, in);
    if (!m) {
        from_table(in, p, opcode_at, rest, ea);
        return 0;
    }
    if (d.has_modrm)
        modrm_reads(p, opcode_at, &d, ea);
    from_measured(m, in, p, opcode_at + ea);
    return 1;
}

/* ---- REP string operations ------------------------------------------------
 *
 * The 8086's REP microcode, as the SingleStepTests 8086 bus traces show it
 * (docs/timing.md, "REP strings on the bus"), with O the clock the opcode
 * is read (2 per prefix before it): the first iteration's first data cycle
 * has its T1 at O + first_t1; each iteration takes the table's clocks per
 * iteration, 4 more for each second cycle of a split word; the second
 * access of MOVS and CMPS starts `gap` clocks after the first access's
 * last cycle's T1; the instruction ends 7 + 2 clocks after the last
 * iteration's start when CX ran out, 7 + 1 when REPE/REPNE's condition
 * ended it, O + 7 when CX was 0.  Played as windows, each starting 3 clocks
 * (BIU_REQUEST_LEAD) before an iteration's first T1, so that a window's
 * first request is at its clock 0.
 */
struct rep_form {
    uint8_t first_t1;       /* the first data cycle's T1, after O          */
    uint8_t src, dst;       /* accesses: 0 none, 'R' read, 'W' write       */
    uint8_t gap;            /* MOVS, CMPS: second T1 after the first's     */
};

/* By (opcode - A4h) / 2: MOVS CMPS - - STOS LODS SCAS.  STOS, LODS, SCAS
 * and CMPS are measured (SingleStepTests 8086: every REP test of AA-AF,
 * A6-A7 has its cycles at these clocks); MOVS is not in those tests: its
 * read is where LODS's is (the same microcode line starts both, 12Ch in
 * reenigne's listing of the 8086 microcode) and its write follows after
 * one microcode line where CMPS's second read follows after two (MartyPC's
 * string.rs: line 12Eh between MOVS's read and write, 123h-124h between
 * CMPS's reads), so 7 clocks from T1 to T1 where CMPS takes 8. */
static const struct rep_form rep_forms[6] = {
    { 12, 'R', 'W', 7 },    /* MOVS: DS:SI read, ES:DI written */
    { 13, 'R', 'R', 8 },    /* CMPS: DS:SI, then ES:DI */
    { 0, 0, 0, 0 },
    { 12, 0, 'W', 0 },      /* STOS */
    { 12, 'R', 0, 0 },      /* LODS */
    { 14, 0, 'R', 0 },      /* SCAS */
};

static const struct rep_form *rep_form_of(uint8_t opcode)
{
    return &rep_forms[(unsigned)(opcode - 0xA4) / 2 % 6];
}

/* Clocks of one iteration's window (the last: up to the instruction's end;
 * an interrupted one's, TIMING_REP_INTERRUPTED more). */
static int32_t rep_window(const struct rep_insn *r, const struct rep_form *f, int last)
{
    int32_t len = (int32_t)r->per_iter;
    if (f->src)
        len += 4 * (int32_t)(r->src_cycles - 1);
    if (f->dst)
        len += 4 * (int32_t)(r->dst_cycles - 1);
    if (last)
        len += 12 - (int32_t)f->first_t1 - (r->condition_ended ? 1 : 0) +
               (r->interrupted ? (int32_t)TIMING_REP_INTERRUPTED : 0);
    return len;
}

void biu_plan_rep(const struct rep_insn *r, enum rep_part part, const uint8_t slow[2], struct eu_plan *p)
{
    const struct rep_form *f = rep_form_of(r->opcode);
    p->n = 0;
    p->open = 0;
    p->target = 0;
    if (part == REP_HEAD) {
        int32_t opcode_at = 2 * (int32_t)r->prefixes;
        for (unsigned i = 0; i < r->prefixes; i++)
            add(p, EU_QUEUE_READ, 2 * (int32_t)i);
        add(p, EU_QUEUE_READ, opcode_at);
        if (!r->iterations) {
            p->done = opcode_at + 7;
        } else {
            p->done = opcode_at + (int32_t)f->first_t1 - BIU_REQUEST_LEAD;
            p->open = 1;
        }
        return;
    }
    int32_t at = BIU_REQUEST_LEAD;
    if (f->src) {
        for (unsigned c = 0; c < r->src_cycles; c++)
            add_bus(p, at + 4 * (int32_t)c, slow[0]);
        at += 4 * (int32_t)(r->src_cycles - 1) + f->gap;
    }
    if (f->dst)
        for (unsigned c = 0; c < r->dst_cycles; c++)
            add_bus(p, at + 4 * (int32_t)c, slow[1]);
    p->done = rep_window(r, f, part == REP_LAST);
    p->open = part != REP_LAST;
    if (part == REP_LAST && r->interrupted) {
        /* The interrupt routine, the last TIMING_REP_INTERRUPTED + 1
         * clocks (a jump to it, then 118h, 119h, CORR's 2, 11Ah): 118h
         * stops prefetching (after a fetch on the bus); 11Ah empties the
         * queue and ends the instruction.  What follows is the
         * interrupt's entry, which needs no byte from the queue, and the
         * handler starts with it empty (cpu_clock.c's biu_init). */
        add(p, EU_SUSPEND, p->done - (int32_t)TIMING_REP_INTERRUPTED);
        p->open = 1;
    }
}
