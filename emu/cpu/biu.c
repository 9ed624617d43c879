/*
 * emu/cpu/biu.c: the 8086/8088 bus interface unit for `--timing bus`: the
 * prefetch queue and the bus clock by clock, playing an instruction's EU
 * plan (emu/cpu/biu.h has the rules; emu/cpu/biu_plan.c makes the plans).
 */
#include "biu.h"

#include <string.h>
#ifdef BIU_TRACE
#include <stdio.h>
#endif

#define LATE_REQUEST 3      /* after T4, for a request that missed T3       */
#define FETCH_LEAD 2        /* a fetch starts this long after room appears  */
#define FETCH_DEFER 2       /* and this much later when it appears at a T4  */
#define RUN_GUARD 100000    /* clocks no instruction's plan comes near       */

void biu_init(struct biu *b, int wide, unsigned queued, uint32_t fetch_at)
{
    uint32_t gen = b->gen;
    const struct biu_waits *waits = b->waits;
    memset(b, 0, sizeof *b);
    b->gen = gen + 1;
    b->waits = waits;
    b->size = wide ? 6 : 4;
    b->width = wide ? 2 : 1;
    b->queued = queued > b->size ? b->size : queued;
    b->fetch_at = fetch_at & 0xFFFFF;
    b->fetch_start = b->queued + b->width <= b->size ? 0 : -1;
    b->refresh_dreq = b->refresh_grant = BIU_NO_REFRESH;
}

/* READY, low while the refresh DMA holds the CPU off the bus. */
static int ready_low(const struct biu *b, int64_t clock)
{
    return b->refresh_grant != BIU_NO_REFRESH && clock >= b->refresh_grant + BIU_REFRESH_READY &&
           clock < b->refresh_grant + BIU_REFRESH_READY + BIU_REFRESH_WAIT;
}

/* The refresh DMA in one clock: it gets the bus when the CPU's status is
 * passive, and once READY is back it is done until the next request. */
static void refresh_step(struct biu *b, int64_t clock)
{
    if (b->refresh_grant == BIU_NO_REFRESH) {
        if (b->refresh_dreq != BIU_NO_REFRESH && clock >= b->refresh_dreq + BIU_REFRESH_HRQ &&
            (!b->busy || b->t >= 3))
            b->refresh_grant = clock;
    } else if (clock >= b->refresh_grant + BIU_REFRESH_READY + BIU_REFRESH_WAIT) {
        b->refresh_grant = BIU_NO_REFRESH;
        if (!b->refresh_period)
            b->refresh_dreq = BIU_NO_REFRESH;
        else    /* a request while the last was served is lost, as DRQ0's latch loses it */
            do
                b->refresh_dreq += b->refresh_period;
            while (b->refresh_dreq <= clock);
    }
}

/* The bytes the EU can read now.  The 8088's fetch brings its byte at T3,
 * but the byte is in the queue only after T4 (MartyPC, cpu_808x/cycle.rs:
 * the queue is pushed in T4; reenigne's XTCE: its queue count rises the
 * clock after T4); the 8086's word can be read in T4 (the SingleStepTests
 * 8086 traces).  `discard`: the fetch on the bus was flushed, and brought
 * nothing. */
static unsigned readable(const struct biu *b, int discard)
{
    if (b->width == 1 && b->busy == 1 && b->t == 4 && !discard && b->queued)
        return b->queued - 1;
    return b->queued;
}

static int room(const struct biu *b)
{
    return b->queued + b->width <= b->size;
}

/* End of a bus cycle's T3: a fetch's bytes arrive, and the BIU decides
 * what follows T4. */
static void end_of_t3(struct biu *b, int64_t clock, int eu_waiting, int discard)
{
    if (b->busy == 1 && !discard) {
        unsigned n = (b->width == 2 && (b->fetch_at & 1)) ? 1 : b->width;
        b->queued += n;
        if (b->queued > b->size)
            b->queued = b->size;
        b->fetch_at = (b->fetch_at + n) & 0xFFFFF;
    }
    if (!eu_waiting && room(b))
        b->fetch_start = clock + 2;
}

/* With the bus idle at the start of `clock`: the first clock from it at
 * which anything can change (biu_run's loop body changes nothing before
 * it, and does not end): the EU's next event falling due (a bus request
 * BIU_REQUEST_LEAD before its cycle), the cycle it asked for, a
 * scheduled fetch, the refresh's request or its READY coming back, the
 * instruction's end, or RUN_GUARD.  Nothing else moves on an idle bus. */
static int64_t idle_until(const struct biu *b, const struct eu_plan *p, unsigned next, int64_t shift,
                          int64_t pending_t1, int suspended)
{
    int64_t wake = RUN_GUARD;
    if (pending_t1 >= 0) {
        wake = pending_t1;
    } else {
        if (next < p->n) {
            int64_t due = shift + p->at[next] - (p->kind[next] == EU_BUS ? BIU_REQUEST_LEAD : 0);
            wake = due < wake ? due : wake;
        }
        if (b->fetch_start >= 0 && !suspended && b->fetch_start < wake)
            wake = b->fetch_start;
    }
    if (next == p->n && (b->queued || p->open) && shift + p->done - 1 < wake)
        wake = shift + p->done - 1;
    if (b->refresh_grant != BIU_NO_REFRESH) {
        int64_t back = b->refresh_grant + BIU_REFRESH_READY + BIU_REFRESH_WAIT;
        wake = back < wake ? back : wake;
    } else if (b->refresh_dreq != BIU_NO_REFRESH && b->refresh_dreq + BIU_REFRESH_HRQ < wake) {
        wake = b->refresh_dreq + BIU_REFRESH_HRQ;
    }
    return wake;
}

unsigned biu_run(struct biu *b, const struct eu_plan *p)
{
    unsigned next = 0;              /* the EU's next event */
    int64_t shift = 0;              /* how late the EU runs behind its plan */
    int64_t pending_t1 = -1;        /* the bus cycle the EU asked for: its T1 */
    int discard = 0;                /* the fetch on the bus was flushed */
    int settling = 0;               /* the first clock after a T4 */
    int64_t phantom = -1;           /* the clock of a fetch put off at a T4 */
    int suspended = 0;              /* a jump stopped prefetching */
    int64_t clock;
    b->gen++;
    b->waited = 0;
    b->starts = 0;
    for (clock = 0; clock < RUN_GUARD; clock++) {
#ifndef BIU_TRACE
        /* An idle bus: the clocks until something can change are skipped
         * (every one of them would leave all as it was). */
        if (!b->busy) {
            int64_t wake = idle_until(b, p, next, shift, pending_t1, suspended);
            if (wake > clock) {
                clock = wake;
                if (clock >= RUN_GUARD)
                    break;
            }
        }
#endif
        /* The bus moves on, unless a T2 found READY low (the refresh, or a
         * slow range's wait states): then a wait state (an EU cycle's wait
         * holds the EU back as long). */
        if (b->busy && b->t == 2 && b->slow_due && !ready_low(b, clock - 1)) {
            /* The card sees the cycle now, past any refresh DMA cycle that
             * held it: its waits count from here, as for a T1 2 clocks ago. */
            b->slow_due = 0;
            b->tw = b->waits->wait(b->waits->ctx, b->origin + (uint64_t)(clock - 2));
        }
        if (b->busy && b->t == 2 && (b->tw || b->slow_due || ready_low(b, clock - 1))) {
            if (b->tw && !ready_low(b, clock - 1)) {
                b->tw--;
                b->waited++;
            }
            shift += b->busy == 2;
        } else if (b->busy && ++b->t == 5) {
            b->busy = 0;
            discard = 0;
            settling = 1;
        }
        /* The EU, as far as its plan, the queue and the bus let it. */
        while (next < p->n && pending_t1 < 0) {
            int64_t due = shift + p->at[next];
            if (p->kind[next] == EU_QUEUE_READ) {
                if (clock < due)
                    break;
                if (!readable(b, discard)) {
                    shift++;        /* waits for the byte */
                    if (!b->busy && b->fetch_start < 0)
                        b->fetch_start = clock + 1;
                    break;
                }
                b->queued--;
                next++;
                if (!b->busy && !settling && b->fetch_start < 0 && room(b)) {
                    b->fetch_start = clock + FETCH_LEAD;
                } else if (((b->busy && b->t == 4) || settling) && b->fetch_start < 0 && room(b)) {
                    /* In a T4 or the clock after it: the fetch due 2 clocks
                     * after the T4 is put off 2 more, and is in the way of
                     * an EU request made in its clock. */
                    int64_t t4 = settling ? clock - 1 : clock;
                    phantom = t4 + FETCH_LEAD;
                    b->fetch_start = t4 + FETCH_LEAD + FETCH_DEFER;
                }
            } else if (p->kind[next] == EU_SUSPEND) {
                if (clock < due)
                    break;
                if (b->busy == 1) {
                    shift++;        /* waits for the fetch's T4 */
                    break;
                }
                suspended = 1;
                b->fetch_start = -1;
                next++;
            } else if (p->kind[next] == EU_FLUSH) {
                if (clock < due)
                    break;
                suspended = 0;
                b->queued = 0;
                b->fetch_at = p->target & 0xFFFFF;
                discard = b->busy == 1;
                b->fetch_start = clock + FETCH_LEAD;
                next++;
            } else {
                if (clock < due - BIU_REQUEST_LEAD)
                    break;
                /* In time for the T3 decision of the cycle on the bus: right
                 * after its T4; too late: 3 clocks after it; an idle bus:
                 * 3 clocks from now.  A fetch not yet started yields. */
                if (!b->busy && b->fetch_start >= 0 && b->fetch_start <= clock && room(b)) {
                    b->busy = 1;    /* the fetch due now starts first */
                    b->t = 1;
                    b->starts |= (uint64_t)(clock < 64) << (clock & 63);
                    b->fetch_start = -1;
                }
                int64_t t1 = clock + BIU_REQUEST_LEAD + (phantom == clock);
                if (b->busy)
                    t1 = clock + (4 - b->t) + (b->t < 3 ? 1 : LATE_REQUEST);
                pending_t1 = t1 > due ? t1 : due;
                if (b->fetch_start > clock)
                    b->fetch_start = -1;
            }
        }
        settling = 0;
        /* A new bus cycle: the EU's when it asked, before any fetch. */
        if (!b->busy) {
            if (pending_t1 >= 0) {
                if (clock >= pending_t1) {
                    b->busy = 2;
                    b->t = 1;
                    b->starts |= (uint64_t)(clock < 64) << (clock & 63);
                    b->slow_due = p->slow[next] && b->waits;
                    shift = clock - p->at[next];    /* how late it began */
                    pending_t1 = -1;
                    next++;
                }
            } else if (b->fetch_start >= 0 && clock >= b->fetch_start && !suspended) {
                b->fetch_start = -1;
                if (room(b)) {
                    b->busy = 1;
                    b->t = 1;
                    b->starts |= (uint64_t)(clock < 64) << (clock & 63);
                }
            }
        }
        /* The refresh DMA sees the bus as the cycles now started left it. */
        refresh_step(b, clock);
        unsigned arriving = 0;  /* the 8088's byte of this T3: in the queue after T4 */
        if (b->busy && b->t == 3) {
            arriving = b->width == 1 && b->busy == 1 && !discard;
            end_of_t3(b, clock, pending_t1 >= 0 || suspended, discard);
        }
#ifdef BIU_TRACE
        fprintf(stderr, "  %3lld %s T%u q%u next %u shift %lld pend %lld fs %lld\n", (long long)clock,
                b->busy == 1 ? "CODE" : b->busy == 2 ? "EU  " : "--  ", b->busy ? b->t : 0, b->queued, next,
                (long long)shift, (long long)pending_t1, (long long)b->fetch_start);
#endif
        /* Done, and the next instruction's first byte can be read from the
         * next clock (on the 8088 not the byte its T3 brings now). */
        if (next == p->n && clock + 1 >= shift + p->done && (b->queued > arriving || p->open))
            break;
    }
    unsigned n = (unsigned)(clock + 1);
    if (b->refresh_dreq != BIU_NO_REFRESH)
        b->refresh_dreq -= n;
    if (b->refresh_grant != BIU_NO_REFRESH)
        b->refresh_grant -= n;
    if (b->fetch_start >= 0)
        b->fetch_start = b->fetch_start > clock ? b->fetch_start - (clock + 1) : 0;
    return n;
}
