/*
 * emu/cpu/biu_memo.h: what the bus model made of an instruction, remembered.
 *
 * Owns a cache in front of biu_plan() + biu_run().  Both are pure
 * functions of what an instruction is (its address, its bytes, where it
 * led, its table cost and operand clocks, the data accesses it made) and
 * of the BIU's state when it began (queue fill, the cycle on the bus, a
 * scheduled fetch, where fetching stands, a refresh to come).  The memo
 * keys on exactly those, so a hit gives the clocks and the BIU's state
 * afterwards that playing the plan clock by clock would give, and loops
 * pay for the clock-by-clock model once per distinct state.  Code that
 * changes under the memo misses, because the key holds the bytes.
 */
#ifndef PROFIL_EMU_BIU_MEMO_H
#define PROFIL_EMU_BIU_MEMO_H

#include <stdint.h>

#include "biu.h"

struct biu_memo;

struct biu_memo *biu_memo_new(void);
void biu_memo_free(struct biu_memo *memo);

/* The clocks the instruction `in` takes on the BIU `b` (biu_plan then
 * biu_run, or their remembered result), leaving `b` as biu_run would.
 * in->prefixes, length and jumped are filled here when needed; *stall
 * gets the clocks the EU waited for the queue or the bus beyond its own
 * pace. */
unsigned biu_time(struct biu_memo *memo, struct biu *b, struct eu_insn *in, unsigned *stall);

/* A REP string operation's clocks on the BIU `b`, from b->origin (the
 * absolute clock it starts at, for wait states): played a window at a
 * time (biu_plan_rep: the decode, each iteration, the end), with the
 * refresh and wait states.  Once an iteration's window, with no refresh
 * or slow access in it, leaves the BIU as it found it, the following ones
 * are counted, not played, up to the next refresh request or slow access:
 * the same shortcut as the memo's, exact for the same reason.  *last: the
 * clocks before the last iteration's window (a sampler tick up to then
 * interrupts the REP); *stall: clocks beyond the EU's own pace; *waited:
 * wait states of the slow range in its cycles. */
unsigned biu_rep(struct biu *b, const struct rep_insn *r, unsigned *stall, unsigned *last, unsigned *waited);

/* Lookups and misses so far (make bench reports the hit rate). */
void biu_memo_stats(const struct biu_memo *memo, uint64_t *lookups, uint64_t *misses);

#endif
