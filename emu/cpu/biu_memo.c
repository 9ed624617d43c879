/*
 * emu/cpu/biu_memo.c: the bus model's results, remembered per instruction and
 * BIU state (emu/cpu/biu_memo.h says why that is exact).  A hashed
 * table of two-way sets, each slot one host cache line: a slot holds one
 * key and what followed from it; a new key goes into its set's first way,
 * the entry there moving to the second (whose older entry goes).  Instructions with a wait-state access
 * are keyed on their first clock's phase in the wait rule's period too.  And REP
 * string operations (biu_rep), played a window at a time, their repeating
 * windows counted.
 */
#include "biu_memo.h"

#include "biu_form.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "insnlen.h"
#include "timing.h"

/* biu_rep_memo()'s slot: the key (key[0] 0: empty) and the BIU afterwards;
 * REP_SLOTS of them in two-way sets. */
#define REP_SLOTS 4096u
struct rep_slot {
    uint64_t key[5];
    int64_t fetch_start, refresh_dreq, refresh_grant;
    uint32_t fetch_moved;       /* fetch_at afterwards - before, mod 1 MiB   */
    uint32_t clocks, stall, last, waited;
    uint8_t queued, busy, t, tw;
};

void *biu_memo_table_new(size_t bytes)
{
    void *table = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANON, -1, 0);
    return table == MAP_FAILED ? NULL : table;
}

void biu_memo_table_free(void *table, size_t bytes)
{
    if (table)
        munmap(table, bytes);
}

void biu_memo_table_clear(void *table, size_t bytes)
{
    /* the private anonymous pages read as zeros again: every slot empty */
    if (madvise(table, bytes, MADV_DONTNEED) != 0)
        memset(table, 0, bytes);
}

struct biu_memo *biu_memo_new(void)
{
    struct biu_memo *memo = calloc(1, sizeof *memo);
    if (!memo)
        return NULL;
    memo->slot = biu_memo_table_new(MEMO_SLOTS * sizeof *memo->slot);
    memo->rep = biu_memo_table_new(REP_SLOTS * sizeof *memo->rep);
    memo->forms = biu_forms_new();
    if (!memo->slot || !memo->rep || !memo->forms) {
        biu_memo_free(memo);
        return NULL;
    }
    return memo;
}

void biu_memo_free(struct biu_memo *memo)
{
    if (memo) {
        biu_memo_table_free(memo->slot, MEMO_SLOTS * sizeof *memo->slot);
        biu_memo_table_free(memo->rep, REP_SLOTS * sizeof *memo->rep);
        biu_forms_free(memo->forms);
    }
    free(memo);
}

void biu_memo_forget(struct biu_memo *memo)
{
    memo_settle_biu(memo);
    biu_memo_table_clear(memo->slot, MEMO_SLOTS * sizeof *memo->slot);
    biu_forms_forget(memo->forms);
    memo->cur = NULL;           /* as biu_memo_new() left it */
    memo->last_biu = NULL;
    memo->deferred = NULL;
}

void biu_memo_rep_stats(const struct biu_memo *memo, uint64_t *lookups, uint64_t *misses)
{
    *lookups = memo->rep_lookups;
    *misses = memo->rep_misses;
}

uint64_t biu_memo_derived(const struct biu_memo *memo)
{
    return memo->derived;
}

uint64_t biu_memo_recalled(const struct biu_memo *memo)
{
    return biu_forms_recalled(memo->forms);
}

void biu_memo_stats(const struct biu_memo *memo, uint64_t *lookups, uint64_t *misses)
{
    *lookups = memo->lookups;
    *misses = memo->misses;
}

/* A signed distance between two linear addresses, modulo 1 MiB. */
static int32_t distance(uint32_t to, uint32_t from)
{
    int32_t d = (int32_t)((to - from) & MEMO_MASK);
    return d >= 0x80000 ? d - 0x100000 : d;
}

int memo_state_bits(const struct biu *b, uint32_t linear, uint64_t *w0, uint32_t *w2)
{
    int32_t ahead = distance(b->fetch_at, linear);
    if (b->fetch_start > INT16_MAX || b->fetch_start < INT16_MIN || ahead < INT16_MIN || ahead > INT16_MAX ||
        b->queued > 7 || b->t > 7 || b->tw || b->slow_due)
        return 0;
    *w0 = (uint64_t)(b->size & 7) << 40 | (uint64_t)b->queued << 43 | (uint64_t)(b->busy & 3) << 46 |
          (uint64_t)b->t << 48;
    *w2 = (uint32_t)(uint16_t)b->fetch_start | (uint32_t)(uint16_t)ahead << 16;
    return 1;
}

int memo_result_fits(const struct biu *b, uint32_t next, unsigned clocks, unsigned stall, uint64_t *post0,
                     uint32_t *post2)
{
    int64_t dreq = b->refresh_dreq, grant = b->refresh_grant;
    return clocks <= UINT16_MAX && stall <= UINT16_MAX && b->waited <= UINT8_MAX &&
           (dreq == BIU_NO_REFRESH || (dreq >= INT32_MIN && dreq < INT32_MAX)) &&
           (grant == BIU_NO_REFRESH || (grant > INT8_MIN && grant <= INT8_MAX)) &&
           memo_state_bits(b, next, post0, post2);
}

/* The key, or 0 when the instruction cannot be held in one (more accesses
 * than it encodes, clocks or a queue state out of its range).  *prev: the
 * slot the instruction follows (memo->cur, whose succ links to what
 * follows), or NULL when the BIU is not the one it left. */
static int make_key(const struct biu_memo *memo, const struct biu *b, const struct eu_insn *in, struct memo_key *k,
                    struct memo_slot **prev)
{
    uint64_t w0;
    uint32_t w2;
    *prev = NULL;
    if (memo->last_biu == b && memo->last_gen == b->gen && memo->last_next == in->linear) {
        w0 = memo_state0(memo->cur);
        w2 = memo_state2(memo->cur);
        *prev = memo->cur;
    } else if (!memo_state_bits(b, in->linear, &w0, &w2)) {
        return 0;
    }
    return memo_key_from(b, in, w0, w2, k);
}

int memo_key_slow(const struct biu *b, const struct eu_insn *in, uint64_t w0, uint32_t w2, struct memo_key *k)
{
    uint64_t slow = 0;
    for (unsigned i = 0; i < in->naccess; i++)
        slow |= (uint64_t)(in->access[i].slow != 0) << i;
    if (slow > 0xFF || !b->waits || !b->waits->period || b->waits->period > 0x100)
        return 0;       /* played */
    memo_key_fill(b, in, w0, w2, memo_accesses(in), b->origin % b->waits->period, slow, k);
    return 1;
}

/* What biu_plan() needs of the instruction besides its bytes. */
static void prepare(struct eu_insn *in)
{
    in->prefixes = prefix_length(in->mem, in->linear);
    in->length = insn_length(in->mem, in->linear);
    in->jumped = timing_queue_emptied(in->mem, in->linear, in->length, in->prefixes, in->next, in->table);
}

/* Plan and play the prepared instruction clock by clock. */
static unsigned run(struct biu *b, struct eu_insn *in, unsigned *stall)
{
    struct eu_plan p;
    biu_plan(in, &p);
    unsigned clocks = biu_run(b, &p);
    *stall = clocks > (unsigned)p.done ? clocks - (unsigned)p.done : 0;
    return clocks;
}

static __attribute__((noinline)) unsigned play(struct biu *b, struct eu_insn *in, unsigned *stall)
{
    prepare(in);
    return run(b, in, stall);
}

/* biu_time_miss()'s play, the form table (biu_form.h) in front: a result
 * of the same form found there, under the far key (`room` as
 * biu_time_miss's) or the exact one when `keyed`; else played and kept
 * there as the memo keeps it. */
static unsigned play_form(struct biu_memo *memo, struct biu *b, struct eu_insn *in, unsigned *stall, int64_t room,
                          int keyed)
{
    prepare(in);
    struct form_key far, exact;
    if (!biu_form_key(b, in, &memo->key, &far))
        return run(b, in, stall);
    exact = far;
    exact.w[3] = memo->exact.w[3];
    int64_t clocks = room >= 0 ? biu_forms_recall(memo->forms, &far, b, in, room, stall) : -1;
    if (clocks < 0 && keyed)
        clocks = biu_forms_recall(memo->forms, &exact, b, in, room, stall);
    if (clocks >= 0)
        return (unsigned)clocks;
    unsigned played = run(b, in, stall);
    if (room >= 0 && played <= room)
        biu_forms_keep(memo->forms, &far, b, in, played, *stall);
    else if (keyed)
        biu_forms_keep(memo->forms, &exact, b, in, played, *stall);
    return played;
}

/* A run's bus as the refresh meets it, from the cycles it began
 * (biu.starts) and the one on the bus when it began (in T-state t0 when
 * `busy`), when no cycle of it took a wait state: each is then T1 to T4
 * in 4 clocks, whose T2 the clock after T2 finds READY low or not, and
 * whose T1 and T2 the refresh DMA finds active. */
static struct biu_trace bus_of(uint64_t starts, int busy, unsigned t0)
{
    struct biu_trace t = { starts << 2, starts | starts << 1 };
    if (busy && t0 <= 2) {      /* its T1 at clock -t0 */
        t.t2 |= (uint64_t)1 << (2 - t0);
        t.active |= t0 == 1;
    }
    return t;
}

/* A far slot's biu.starts (the first MEMO_TRACED clocks), which it holds
 * where an exact one holds the refresh (keep). */
static uint64_t far_starts(const struct memo_slot *s)
{
    return (uint32_t)s->refresh_dreq | (uint64_t)(uint8_t)s->refresh_grant << 32;
}

/* The refresh the BIU `b` holds, met by a run of `n` clocks (under 64)
 * whose bus is `t` (struct biu_trace) and which no refresh touched.  The
 * run reads the refresh only at a T2 (READY low in the clock before holds
 * it as a wait state); everything else of the refresh follows from the
 * bus: its request waits for a passive status (biu.c's refresh_step), and
 * READY is low from 2 clocks after the grant for 6.  So while no T2 meets
 * READY low the run is the one traced, and the refresh's requests and
 * grants over it are found from `t` alone.  1: b's refresh moved as
 * playing the run would move it; 0 (b unchanged) when a T2 meets READY
 * low, the run then being another. */
static int refresh_over(const struct biu_trace *t, unsigned n, struct biu *b)
{
    int64_t dreq = b->refresh_dreq, grant = b->refresh_grant, k = 0;
    uint64_t clocks = ((uint64_t)1 << n) - 1;
    for (;;) {
        if (grant == BIU_NO_REFRESH) {
            if (dreq == BIU_NO_REFRESH)
                break;
            int64_t from = dreq + BIU_REFRESH_HRQ > k ? dreq + BIU_REFRESH_HRQ : k;
            if (from >= n)
                break;
            uint64_t passive = ~t->active & clocks & ~(uint64_t)0 << from;
            if (!passive)
                break;
            grant = __builtin_ctzll(passive);
            k = grant + 1;
        } else {
            /* the T2s whose clock before is one of READY's low ones */
            int64_t lo = grant + BIU_REFRESH_READY + 1, hi = lo + BIU_REFRESH_WAIT, back = hi - 1 > k ? hi - 1 : k;
            lo = lo > 0 ? lo : 0;
            hi = hi < n ? hi : n;
            if (lo < hi && (t->t2 & (((uint64_t)1 << hi) - 1) & ~(((uint64_t)1 << lo) - 1)))
                return 0;
            if (back >= n)
                break;
            grant = BIU_NO_REFRESH;     /* READY back: the next request, as refresh_step */
            if (!b->refresh_period)
                dreq = BIU_NO_REFRESH;
            else
                do
                    dreq += b->refresh_period;
                while (dreq <= back);
            k = back + 1;
        }
    }
    b->refresh_dreq = dreq == BIU_NO_REFRESH ? dreq : dreq - n;
    b->refresh_grant = grant == BIU_NO_REFRESH ? grant : grant - n;
    return 1;
}

/* A played result, the BIU `b` as it left, into the first way of the
 * set of its key `k`; what that way held moves to the second, whose entry,
 * the older, goes.  `prev` (or NULL) is linked to it.  A far key's slot
 * holds `starts`, the clocks the run's bus cycles began at.  NULL,
 * nothing kept, when the result is out of the slot's range. */
static struct memo_slot *keep(struct biu_memo *memo, const struct biu *b, const struct eu_insn *in,
                              const struct memo_key *k, unsigned clocks, unsigned stall, uint64_t starts,
                              struct memo_slot *prev)
{
    int64_t dreq = b->refresh_dreq, grant = b->refresh_grant;
    uint64_t post0;
    uint32_t post2;
    /* An instruction whose 8 bytes wrap at 1 MiB is not kept: memo_replay()
     * loads them without the wrap (memo_bytes_padded), so no slot may
     * hold its address. */
    if (in->length - 1 >= MEMO_KEY_BYTES || in->linear > MEMO_MASK + 1 - MEMO_KEY_BYTES ||
        !memo_result_fits(b, in->next, clocks, stall, &post0, &post2))
        return NULL;        /* out of the slot's range: played each time */
    struct memo_slot *s = &memo->slot[memo_slot_of(k)];
    if (prev)       /* before the move: prev may be s[0], and keeps the link */
        prev->succ = memo_offset(memo, s);
    if (s->key.w[3])
        s[1] = s[0];
    s->key = *k;
    s->shift = (uint8_t)(64 - 8 * in->length);
    s->bytes = memo_bytes_at(in);
    s->clocks = (uint16_t)clocks;
    s->stall = (uint16_t)stall;
    s->waited = (uint8_t)b->waited;
    if (k->w[3] == MEMO_FAR_REFRESH) {
        s->refresh_dreq = (int32_t)(uint32_t)starts;
        s->refresh_grant = (int8_t)(uint8_t)(starts >> 32);
    } else {
        s->refresh_dreq = dreq == BIU_NO_REFRESH ? INT32_MAX : (int32_t)dreq;
        s->refresh_grant = grant == BIU_NO_REFRESH ? INT8_MIN : (int8_t)grant;
    }
    s->post_state0 = (uint16_t)(post0 >> 40);
    s->post_state2 = post2;
    s->succ = s->succ_near = 0;
    return s;
}

/* Out of line, so that the hit paths save and restore no registers.  Near
 * a refresh, the result of an instruction with no wait-state access is
 * its far one with the refresh moved over it (refresh_over) when the
 * refresh holds none of its cycles; else it is played.  A played result
 * is kept under the far key when the refresh, whatever it was, held none
 * of its cycles (the run is then the far one), else under the exact key;
 * a derived one under the exact key, as a played one would be. */
__attribute__((noinline)) unsigned biu_time_miss(struct biu_memo *memo, struct biu *b, struct eu_insn *in,
                                                 unsigned *stall, int64_t room, int keyed, struct memo_slot *prev)
{
    int derivable = !(in->pattern & EU_PATTERN_SLOW);
    const struct memo_slot *far = derivable ? memo_lookup(memo, &memo->key, memo_bytes_at(in)) : NULL;
    int busy = b->busy;
    unsigned t0 = b->t, clocks;
    int far_key = 0;
    int traced = far && far->clocks <= MEMO_TRACED;
    struct biu_trace bus = traced ? bus_of(far_starts(far), busy, t0) : (struct biu_trace){ 0, 0 };
    if (traced && refresh_over(&bus, far->clocks, b)) {
        memo->derived++;
        memo_apply_bus(far, b, in->next);
        b->waited = far->waited;
        b->gen++;               /* as biu_run */
        in->length = (64u - far->shift) / 8;
        *stall = far->stall;
        clocks = far->clocks;
    } else {
        memo->misses++;
        struct biu was = { .refresh_dreq = b->refresh_dreq, .refresh_grant = b->refresh_grant,
                           .refresh_period = b->refresh_period };
        clocks = play_form(memo, b, in, stall, room, keyed);
        far_key = room >= 0 && clocks <= room;
        if (!far_key && !far && derivable && clocks <= MEMO_TRACED) {
            /* the refresh, as it was before, over the run's bus */
            bus = bus_of(b->starts, busy, t0);
            far_key = refresh_over(&bus, clocks, &was);
        }
    }
    if (far_key || keyed) {
        struct memo_slot *s = keep(memo, b, in, far_key ? &memo->key : &memo->exact, clocks, *stall, b->starts, prev);
        if (s)
            memo_remember_state(memo, s, b, in->next);
    }
    return clocks;
}

unsigned biu_time(struct biu_memo *memo, struct biu *b, struct eu_insn *in, unsigned *stall)
{
    struct memo_slot *prev;
    if (memo)
        memo_settle_biu(memo);
    if (!memo || !make_key(memo, b, in, &memo->key, &prev))
        return play(b, in, stall);
    memo->lookups++;
    /* No refresh under way: a result that ends before the next request
     * holds whatever the request's clock; else the refresh is in the key. */
    int64_t room = memo_room(b);
    uint64_t bytes = memo_bytes_at(in);
    const struct memo_slot *hit = room >= 0 ? memo_lookup(memo, &memo->key, bytes) : NULL;
    int keyed = 0;
    if (!(hit && hit->clocks <= room)) {
        memo->exact = memo->key;
        keyed = memo_exact_refresh(b, &memo->exact);
        hit = keyed ? memo_lookup(memo, &memo->exact, bytes) : NULL;
    }
    if (hit) {
        if (prev)
            prev->succ = memo_offset(memo, hit);
        return memo_apply(memo, hit, b, in, stall);
    }
    return biu_time_miss(memo, b, in, stall, room, keyed, prev);
}

/* ---- REP string operations ------------------------------------------------ */

/* What an iteration's window depends on besides the plan: the BIU's state
 * (the refresh apart, which biu_rep() keeps out of the windows it counts). */
struct window_state {
    unsigned queued, busy, t, tw, slow_due;
    int64_t fetch_start;
    uint32_t fetch_at;
};

static struct window_state window_state(const struct biu *b)
{
    return (struct window_state){ b->queued, (unsigned)b->busy, b->t, b->tw, b->slow_due, b->fetch_start, b->fetch_at };
}

static int same_state(const struct window_state *x, const struct window_state *y)
{
    return x->queued == y->queued && x->busy == y->busy && x->t == y->t && x->tw == y->tw && x->slow_due == y->slow_due &&
           x->fetch_start == y->fetch_start && x->fetch_at == y->fetch_at;
}

/* Whether iteration i's DS:SI and ES:DI accesses are to the slow range. */
static void rep_slow(const struct biu *b, const struct rep_insn *r, unsigned i, uint8_t slow[2])
{
    slow[0] = slow[1] = 0;
    if (!b->waits)
        return;
    uint16_t delta = (uint16_t)((unsigned)(int)r->step * i);
    uint32_t src = (r->src_base + (uint16_t)(r->si + delta)) & MEMO_MASK;
    uint32_t dst = (r->dst_base + (uint16_t)(r->di + delta)) & MEMO_MASK;
    slow[0] = src - b->waits->base < b->waits->span;
    slow[1] = dst - b->waits->base < b->waits->span;
}

/* Where an iteration starts, for finding a cycle: all its window depends
 * on besides the plan (the BIU's state, the refresh relative to the
 * window, and with slow accesses the wait rule's phase), and the totals
 * up to it. */
struct rep_mark {
    struct window_state s;
    int64_t dreq, grant;
    unsigned phase;
    unsigned i, clocks, done, waits;
};

#define REP_MARKS 64        /* iterations a cycle of windows may span */

static int same_mark(const struct rep_mark *x, const struct rep_mark *y)
{
    return x->dreq == y->dreq && x->phase == y->phase && x->grant == y->grant && same_state(&x->s, &y->s);
}

/* Iterations, 1 or more, from one whose access is at base:off on (moving
 * by `step` each iteration) that stay on the same side of the slow range
 * `w`: up to the first that crosses the range's start or end (in either of
 * its copies below 2 MiB, for an address past 1 MiB wraps), 1 MiB or the
 * segment's end, whichever comes first; the side need not change there. */
static unsigned steady_for(const struct biu_waits *w, uint32_t base, uint16_t off, int step)
{
    if (!step)
        return UINT16_MAX + 1;
    uint32_t at = (base & MEMO_MASK) + off, size = (uint32_t)(step > 0 ? step : -step);
    uint32_t n = step > 0 ? (UINT16_MAX - off) / size + 1 : off / size + 1;
    const uint32_t bounds[] = { w->base, w->base + w->span, MEMO_MASK + 1, MEMO_MASK + 1 + w->base,
                                MEMO_MASK + 1 + w->base + w->span };
    for (unsigned j = 0; j < sizeof bounds / sizeof bounds[0]; j++) {
        uint32_t k = n;
        if (step > 0 && bounds[j] > at)
            k = (bounds[j] - at + size - 1) / size;
        else if (step < 0 && bounds[j] <= at)
            k = (at - bounds[j]) / size + 1;
        n = k < n ? k : n;
    }
    return n;
}

/* How many iterations from i on, at most n, are slow as `slow` is: a
 * stretch at a time over which neither access changes side. */
static unsigned same_slow_run(const struct biu *b, const struct rep_insn *r, unsigned i, unsigned n,
                              const uint8_t slow[2])
{
    if (!b->waits)
        return slow[0] || slow[1] ? 0 : n;
    unsigned k = 0;
    for (uint8_t s[2]; k < n;) {
        rep_slow(b, r, i + k, s);
        if (s[0] != slow[0] || s[1] != slow[1])
            return k;
        uint16_t delta = (uint16_t)((unsigned)(int)r->step * (i + k));
        unsigned src = steady_for(b->waits, r->src_base, (uint16_t)(r->si + delta), r->step);
        unsigned dst = steady_for(b->waits, r->dst_base, (uint16_t)(r->di + delta), r->step);
        k += src < dst ? src : dst;
    }
    return n;
}

/* biu_run, with the BIU's origin moved to the window's first clock. */
static unsigned run_at(struct biu *b, const struct eu_plan *p, uint64_t origin, unsigned *waited)
{
    b->origin = origin;
    unsigned clocks = biu_run(b, p);
    *waited += b->waited;
    return clocks;
}

unsigned biu_rep(struct biu *b, const struct rep_insn *r, unsigned *stall, unsigned *last, unsigned *waited)
{
    struct eu_plan p;
    uint8_t slow[2] = { 0, 0 };
    uint64_t origin = b->origin;
    unsigned clocks, done, waits = 0;
    biu_plan_rep(r, REP_HEAD, slow, &p);
    clocks = run_at(b, &p, origin, &waits);
    done = (unsigned)p.done;
    *last = 0;
    if (r->iterations) {
        struct eu_plan iter;
        int have_plan = 0;          /* iter holds the plan for `planned` */
        uint8_t planned[2] = { 2, 2 };
        struct window_state before = { 0 }, pure = { 0 };
        int settled = 0;            /* `pure` led back to itself in `pace` */
        unsigned pace = 0;
        struct rep_mark marks[REP_MARKS];
        unsigned nmarks = 0;        /* the iterations before this one marked, in
                                       marks[n % REP_MARKS], all slow as `planned` */
        unsigned period = b->waits ? b->waits->period : 0;
        for (unsigned i = 0; i + 1 < r->iterations; i++) {
            rep_slow(b, r, i, slow);
            before = window_state(b);
            /* When the BIU and the refresh (and, with slow accesses, the
             * card's phase) are as they were at an earlier iteration's
             * start (the same slow ones since), the windows from there
             * repeat: whole cycles of them are counted while the accesses
             * stay as slow.  Without slow accesses the phase does not
             * matter, and the cycle is the refresh's: windows of the
             * same clocks come back to the same request clock. */
            int slowed = slow[0] || slow[1];
            if (!slowed || period) {
                if (!have_plan || slow[0] != planned[0] || slow[1] != planned[1])
                    nmarks = 0;
                struct rep_mark now = { before, b->refresh_dreq, b->refresh_grant,
                                        slowed ? (unsigned)((origin + clocks) % period) : 0, i, clocks, done, waits };
                unsigned seen = nmarks < REP_MARKS ? nmarks : REP_MARKS, j = 0;
                while (j < seen && !same_mark(&marks[j], &now))
                    j++;
                if (j < seen) {
                    unsigned span = i - marks[j].i;
                    unsigned cycles = same_slow_run(b, r, i, r->iterations - 1 - i, slow) / span;
                    if (cycles) {
                        clocks += cycles * (clocks - marks[j].clocks);
                        done += cycles * (done - marks[j].done);
                        waits += cycles * (waits - marks[j].waits);
                        /* The BIU and the refresh, relative to the window,
                         * are as they were: nothing to move. */
                        i += cycles * span - 1;
                        nmarks = 0;
                        continue;
                    }
                }
                marks[nmarks++ % REP_MARKS] = now;
            }
            /* The BIU is where the last window, untouched by the refresh,
             * left it, and that window led back to this state: the next
             * ones are the same until the refresh or a slow access. */
            if (settled && !slow[0] && !slow[1] && same_state(&before, &pure) && b->refresh_grant == BIU_NO_REFRESH) {
                unsigned n = r->iterations - 1 - i;
                if (b->refresh_dreq != BIU_NO_REFRESH) {
                    int64_t room = b->refresh_dreq / pace;
                    n = room < (int64_t)n ? (unsigned)(room > 0 ? room : 0) : n;
                }
                unsigned k = same_slow_run(b, r, i, n, slow);
                if (k) {
                    clocks += k * pace;
                    done += k * (unsigned)iter.done;
                    if (b->refresh_dreq != BIU_NO_REFRESH)
                        b->refresh_dreq -= (int64_t)k * pace;
                    i += k - 1;
                    continue;
                }
            }
            if (!have_plan || slow[0] != planned[0] || slow[1] != planned[1]) {
                biu_plan_rep(r, REP_ITERATION, slow, &iter);
                planned[0] = slow[0];
                planned[1] = slow[1];
                have_plan = 1;
            }
            int64_t dreq = b->refresh_dreq;
            int quiet = b->refresh_grant == BIU_NO_REFRESH && !slow[0] && !slow[1];
            unsigned c = run_at(b, &iter, origin + clocks, &waits);
            clocks += c;
            done += (unsigned)iter.done;
            struct window_state after = window_state(b);
            settled = quiet && (dreq == BIU_NO_REFRESH || dreq >= (int64_t)c) && same_state(&before, &after);
            pure = after;
            pace = c;
        }
        rep_slow(b, r, r->iterations - 1, slow);
        biu_plan_rep(r, REP_LAST, slow, &p);
        *last = clocks;
        clocks += run_at(b, &p, origin + clocks, &waits);
        done += (unsigned)p.done;
    }
    b->origin = origin;
    *stall = clocks > done ? clocks - done : 0;
    *waited = waits;
    return clocks;
}

/* biu_rep_memo()'s key: everything biu_rep() reads of a string none of
 * whose accesses is slow, and of the BIU (its origin and wait rule only
 * matter to slow accesses); 0 when a field does not fit, or when a slow
 * cycle is still due from before the string (slow_due: its wait depends on
 * the rule and the card's phase, which the key does not hold). */
static int rep_key(const struct biu *b, const struct rep_insn *r, uint64_t key[5])
{
    if (r->prefixes > 15 || r->iterations > 0x1FFFF || r->per_iter > 0xFF || r->src_cycles > 3 ||
        r->dst_cycles > 3 || b->size > 7 || b->width > 3 || b->queued > 7 || b->busy < 0 || b->busy > 3 || b->t > 7 ||
        b->tw > 15 || b->slow_due)
        return 0;
    key[0] = 1 | (uint64_t)r->opcode << 1 | (uint64_t)r->prefixes << 9 | (uint64_t)(r->condition_ended != 0) << 13 |
             (uint64_t)r->src_cycles << 14 | (uint64_t)r->dst_cycles << 16 | (uint64_t)r->per_iter << 18 |
             (uint64_t)r->iterations << 26 | (uint64_t)b->size << 43 | (uint64_t)b->width << 46 |
             (uint64_t)b->queued << 48 | (uint64_t)b->busy << 51 | (uint64_t)b->t << 53 | (uint64_t)b->tw << 56 |
             (uint64_t)(b->fetch_at & 1) << 60 | (uint64_t)(r->interrupted != 0) << 61;
    key[1] = (uint64_t)b->fetch_start;
    key[2] = (uint64_t)b->refresh_dreq;
    key[3] = (uint64_t)b->refresh_grant;
    key[4] = b->refresh_period;
    return 1;
}

unsigned biu_rep_memo(struct biu_memo *memo, struct biu *b, const struct rep_insn *r, unsigned *stall,
                      unsigned *last, unsigned *waited)
{
    static const uint8_t fast[2] = { 0, 0 };
    uint64_t key[5];
    if (!memo || (r->iterations && same_slow_run(b, r, 0, r->iterations, fast) != r->iterations) ||
        !rep_key(b, r, key))
        return biu_rep(b, r, stall, last, waited);
    memo->rep_lookups++;
    uint64_t h = 0;
    for (unsigned i = 0; i < 5; i++) {
        h = (h ^ key[i]) * 0x9E3779B97F4A7C15ull;
        h ^= h >> 29;
    }
    /* A two-way set: a new key into the first way, what it held to the
     * second. */
    struct rep_slot *set = &memo->rep[2 * (uint32_t)((h >> 32) * (REP_SLOTS / 2) >> 32)], *s = set;
    if (memcmp(s->key, key, sizeof key) != 0 && memcmp((s = set + 1)->key, key, sizeof key) != 0)
        s = NULL;
    if (s) {
        b->queued = s->queued;
        b->busy = s->busy;
        b->t = s->t;
        b->tw = s->tw;
        b->fetch_at = (b->fetch_at + s->fetch_moved) & MEMO_MASK;
        b->fetch_start = s->fetch_start;
        b->refresh_dreq = s->refresh_dreq;
        b->refresh_grant = s->refresh_grant;
        b->waited = s->waited;
        b->gen++;               /* as biu_run: a packed copy of the state is stale */
        *stall = s->stall;
        *last = s->last;
        *waited = 0;
        return s->clocks;
    }
    memo->rep_misses++;
    uint32_t fetch_at = b->fetch_at;
    unsigned clocks = biu_rep(b, r, stall, last, waited);
    if (*waited || b->queued > UINT8_MAX || b->busy < 0 || b->busy > UINT8_MAX || b->t > UINT8_MAX || b->tw > UINT8_MAX)
        return clocks;          /* (none of these: no access is slow) */
    s = set;
    if (s->key[0])
        s[1] = s[0];
    memcpy(s->key, key, sizeof key);
    s->queued = (uint8_t)b->queued;
    s->busy = (uint8_t)b->busy;
    s->t = (uint8_t)b->t;
    s->tw = (uint8_t)b->tw;
    s->fetch_moved = (b->fetch_at - fetch_at) & MEMO_MASK;
    s->fetch_start = b->fetch_start;
    s->refresh_dreq = b->refresh_dreq;
    s->refresh_grant = b->refresh_grant;
    s->waited = b->waited;
    s->clocks = clocks;
    s->stall = *stall;
    s->last = *last;
    return clocks;
}
