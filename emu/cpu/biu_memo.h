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

#include <stddef.h>
#include <stdint.h>
#include <string.h>

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
 * the same shortcut as the memo's, exact for the same reason.  Windows
 * with slow accesses: once the BIU, the refresh and the wait rule's phase
 * are as at an earlier iteration's start, whole cycles of the windows
 * between are counted while the accesses stay as slow.  *last: the
 * clocks before the last iteration's window (a sampler tick up to then
 * interrupts the REP); *stall: clocks beyond the EU's own pace; *waited:
 * wait states of the slow range in its cycles. */
unsigned biu_rep(struct biu *b, const struct rep_insn *r, unsigned *stall, unsigned *last, unsigned *waited);

/* A table of `bytes` straight from the host's pages (the memo's, its REP
 * strings', the form table's): zero, on a page (so each slot on a line of
 * its own) and mapped only when written, so that a program's RSS grows
 * with the slots it uses (calloc's block is 16 bytes off a line, and
 * glibc clears it with memset when it comes from the heap, which it does
 * after a block of the same size was freed); NULL when the host has no
 * room.  Freed, and emptied (every byte 0 again), by the two after it. */
void *biu_memo_table_new(size_t bytes);
void biu_memo_table_free(void *table, size_t bytes);
void biu_memo_table_clear(void *table, size_t bytes);

/* Forget every result: the wait rule changed (another card), and the keys
 * hold a phase in the rule's period, not the rule. */
void biu_memo_forget(struct biu_memo *memo);

/* biu_rep(), remembered across strings: a string none of whose accesses
 * is to the slow range is a pure function of its form (opcode, prefixes,
 * iterations, how it ended, the table's clocks per iteration, the bus
 * cycles per access) and of the BIU's state when it began (queue, bus
 * cycle, scheduled fetch, fetch address's parity, the refresh's request,
 * grant and period), so a string met again in the same state takes the
 * clocks and leaves the BIU as biu_rep() did.  A string with a slow
 * access, or one whose state does not fit the key, is biu_rep()'s.  memo
 * NULL: biu_rep(). */
unsigned biu_rep_memo(struct biu_memo *memo, struct biu *b, const struct rep_insn *r, unsigned *stall,
                      unsigned *last, unsigned *waited);

/* Lookups and misses so far (make bench reports the hit rate). */
void biu_memo_stats(const struct biu_memo *memo, uint64_t *lookups, uint64_t *misses);
/* The same, of biu_rep_memo(). */
void biu_memo_rep_stats(const struct biu_memo *memo, uint64_t *lookups, uint64_t *misses);
/* Results derived so far from a far one with the refresh moved over it,
 * not played (biu_time's misses do not count them). */
uint64_t biu_memo_derived(const struct biu_memo *memo);
/* Results taken from the form table (emu/cpu/biu_form.h) so far: results
 * of the same form played at another address, not played again. */
uint64_t biu_memo_recalled(const struct biu_memo *memo);

/* ---- the hit path, inline for cpu_clock.c (biu_time_inline) and the replay -
 * The memo's layout and the steps of a hit; biu_memo.c owns the rest. */

#define MEMO_SETS 40960u        /* two-way sets: 81,920 slots of 64 bytes, 5 MiB */
#define MEMO_SLOTS (2 * MEMO_SETS)
#define MEMO_LINE 64            /* a host cache line: a slot is one, aligned */
#define MEMO_KEY_BYTES 8         /* instruction bytes held in the key */
#define MEMO_MASK 0xFFFFFu

/* What the DRAM refresh meets of a run's bus, clock by clock (bit k for
 * clock k, the first 64): t2, a cycle in T2 at the clock's start (whose
 * T2 a READY low in the clock before holds); active, a cycle in T1 or T2
 * when the refresh DMA looks (its grant waits for a passive status).
 * Nothing else of a run reads the refresh, so a refresh none of whose
 * READY-low clocks comes before a t2 clock leaves the run as it was:
 * biu_memo.c derives such results from the far one. */
struct biu_trace {
    uint64_t t2, active;
};
#define MEMO_TRACED 40          /* the clocks of biu.starts a far slot holds */

/* Everything biu_plan() and biu_run() read, packed into four words:
 *   w[0]: linear 20 bits, next 20, queue size 3, queued 3, busy 2, t 3,
 *         naccess 5, the wait-state phase 8 (below);
 *   w[1]: the table's clocks 16, operand clocks 16, the accesses 2 bits
 *         each (write, a second bus cycle);
 *   w[2]: the scheduled fetch (-1 or clocks to it) 16, fetch_at - linear 16,
 *         the refresh period 24, which of the first 8 accesses are slow 8;
 *         an instruction with a slow access: its first clock mod the wait
 *         rule's period (struct biu_waits), all its waits depend on, in
 *         w[0]'s top 8 bits (0 for any other, which depends on no clock);
 *   w[3]: the refresh: MEMO_FAR_REFRESH when no request comes before the
 *         instruction is done (the result does not depend on it), else the
 *         request's clock 32 (signed), the grant's 16 (signed, or -32768)
 *         and MEMO_EXACT_TAG.  So no key's w[3] is 0, an empty slot's.
 * The instruction's bytes are compared apart, up to its length. */
struct memo_key {
    uint64_t w[4];
};

#define MEMO_FAR_REFRESH UINT64_MAX
#define MEMO_EXACT_TAG ((uint64_t)1 << 48)
#define MEMO_NO_GRANT INT16_MIN
/* One host cache line.  The BIU afterwards is held once, as the next
 * key holds it (post_state0: memo_state_bits()'s w[0] >> 40, the queue size,
 * fill, bus cycle and T-state; post_state2: its w[2], the scheduled fetch
 * and fetch_at - next), and the instruction's length as the shift that
 * leaves only its bytes of the 8. */
struct memo_slot {
    struct memo_key key;        /* w[3] 0: the slot is empty                */
    uint64_t bytes;             /* the MEMO_KEY_BYTES at its address, stored */
    uint16_t clocks, stall;
    uint16_t post_state0;       /* the BIU afterwards: w[0] >> 40           */
    uint8_t shift;              /* 64 - 8 * the instruction's length        */
    int8_t refresh_grant;       /* exact keys: the grant afterwards (INT8_MIN:
                                   none); far keys: biu.starts's bits 32-39 */
    uint32_t post_state2;       /* the BIU afterwards: w[2]'s low half      */
    int32_t refresh_dreq;       /* exact keys: the request afterwards
                                   (INT32_MAX: none); both from the next
                                   instruction's first clock; far keys:
                                   the run's biu.starts, bits 0-31 (a far
                                   result's refresh is moved, not set)     */
    uint32_t succ;              /* the slot whose key followed this one's the
                                   last time (a guess, checked in full), as
                                   its byte offset in the table (memo_at)  */
    uint32_t succ_near : 24,    /* the same near a refresh: the slot found
                                   under the exact key, which a loop whose
                                   refresh phases repeat meets again      */
        waited : 8;             /* wait states of the slow range (b->waited) */
};
_Static_assert(sizeof(struct memo_slot) == MEMO_LINE, "a memo slot is one cache line");
_Static_assert((uint64_t)MEMO_SLOTS * MEMO_LINE <= 5u << 20, "the memo's RSS: 5 MiB at most");
_Static_assert((uint64_t)MEMO_SLOTS * MEMO_LINE <= 1u << 24, "a slot's offset fits succ_near");

/* After a hit, the BIU's state as the next key holds it is the slot's
 * (cur's post_state0 and post_state2, memo_state0/2), so the next key
 * needs no packing or range checks while the BIU is the one the hit left
 * (same biu, generation, next address). */
struct biu_memo {
    struct memo_slot *slot;     /* MEMO_SLOTS, on a host page          */
    uint64_t lookups, misses;
    struct memo_slot *cur;      /* the slot last applied or filled          */
    const struct biu *last_biu; /* (between cur and deferred, which the
                                   replay stores: gcc pairs adjacent ones
                                   in one SSE store, 4 instructions for 2) */
    struct biu *deferred;       /* a BIU whose queue and bus are still to be
                                   set from cur (memo_replay leaves them;
                                   memo_settle_biu sets them)              */
    uint32_t last_gen, last_next;
    struct memo_key key, exact; /* biu_time's keys, for its miss path     */
    struct rep_slot *rep;       /* biu_rep_memo's table, REP_SLOTS          */
    uint64_t rep_lookups, rep_misses;
    uint64_t derived;           /* results derived from a far one with the
                                   refresh moved (biu_time_miss)          */
    struct biu_forms *forms;    /* results by form (biu_form.h), which
                                   biu_time_miss consults before playing */
};

/* The slot at byte offset `at` in the table (memo_slot.succ, succ_near),
 * and a slot's offset: the offset needs no scaling to be an address. */
static inline struct memo_slot *memo_at(const struct biu_memo *memo, uint32_t at)
{
    return (struct memo_slot *)((char *)memo->slot + at);
}

static inline uint32_t memo_offset(const struct biu_memo *memo, const struct memo_slot *s)
{
    return (uint32_t)((const char *)s - (const char *)memo->slot);
}

/* The instruction's accesses as a key's w[1] holds them: eu_insn.pattern,
 * packed 2 bits each as they were logged (eu_add_access), in its top half. */
static inline uint64_t memo_accesses(const struct eu_insn *in)
{
    return (in->pattern & (EU_PATTERN_SLOW - 1)) << 32;
}

/* A key's words from its parts: `phase` and `slow` as memo_key_slow()
 * finds them, 0 for an instruction with no slow access. */
static inline __attribute__((always_inline)) void memo_key_fill(const struct biu *b, const struct eu_insn *in,
                                                                uint64_t w0, uint32_t w2, uint64_t accesses,
                                                                uint64_t phase, uint64_t slow, struct memo_key *k)
{
    k->w[0] = (uint64_t)in->linear | (uint64_t)in->next << 20 | w0 | (uint64_t)in->naccess << 51 | phase << 56;
    k->w[1] = (uint64_t)in->table | (uint64_t)in->loop << 16 | accesses;
    k->w[2] = w2 | (uint64_t)b->refresh_period << 32 | slow << 56;
    k->w[3] = MEMO_FAR_REFRESH;
}

/* The BIU's state as a key holds it: w[0]'s queue size, fill, bus cycle
 * and T-state, w[2]'s scheduled fetch and where fetching stands
 * (relative to `linear`); 0 when out of the key's range. */
int memo_state_bits(const struct biu *b, uint32_t linear, uint64_t *w0, uint32_t *w2);

/* Whether what playing an instruction left fits a slot's fields (the
 * memo's and the form table's): its clocks and stall in 16 bits, the wait
 * states in 8, the refresh afterwards in 32 (the request) and 8 (the
 * grant), and the BIU's state from the next instruction at `next`
 * (memo_state_bits(), into post0 and post2). */
int memo_result_fits(const struct biu *b, uint32_t next, unsigned clocks, unsigned stall, uint64_t *post0,
                     uint32_t *post2);

/* memo_key_from() for an instruction with a slow access (biu_memo.c, out
 * of the hit path): the key with its phase, or 0. */
int memo_key_slow(const struct biu *b, const struct eu_insn *in, uint64_t w0, uint32_t w2, struct memo_key *k);

/* The key of the instruction `in` on the BIU `b` whose state is packed
 * in w0, w2 (memo_state_bits()), the refresh taken as far; 0 when
 * the instruction cannot be held in one (more accesses than it encodes, a
 * slow one past the 8th or under a rule with no period, clocks out of its
 * range). */
static inline __attribute__((always_inline)) int memo_key_from(const struct biu *b, const struct eu_insn *in,
                                                               uint64_t w0, uint32_t w2, struct memo_key *k)
{
    if (in->naccess > 16 || in->loop > UINT16_MAX || in->table > UINT16_MAX || b->refresh_period > 0xFFFFFF)
        return 0;
    if (in->pattern & EU_PATTERN_SLOW)
        return memo_key_slow(b, in, w0, w2, k);     /* its waits depend on the clock's phase */
    memo_key_fill(b, in, w0, w2, memo_accesses(in), 0, 0, k);
    return 1;
}

/* The clocks an instruction may take from the BIU `b` and leave its run
 * as with no refresh at all (the result a far key holds): with none under
 * way and the next request at refresh_dreq (< 0: made already), the DMA
 * asks for the bus BIU_REFRESH_HRQ clocks after it, so no clock of a run
 * that ends by then grants it (biu.c's refresh_step) and the run only
 * moves the request; below 0 when none can (one is being served, or asks
 * now); INT64_MAX with none to come. */
static inline int64_t memo_room(const struct biu *b)
{
    int64_t dreq = b->refresh_dreq;
    if (b->refresh_grant != BIU_NO_REFRESH)
        return -1;
    return dreq == BIU_NO_REFRESH ? dreq : dreq + BIU_REFRESH_HRQ;
}

/* Whether the BIU's refresh fits a key's 32 and 16 bits (INT32_MAX and
 * INT16_MIN stand for none). */
static inline int memo_refresh_fits(const struct biu *b)
{
    int64_t dreq = b->refresh_dreq, grant = b->refresh_grant;
    return (dreq == BIU_NO_REFRESH || (dreq >= INT32_MIN && dreq < INT32_MAX)) &&
           (grant == BIU_NO_REFRESH || (grant > INT16_MIN && grant <= INT16_MAX));
}

/* The refresh as it stands, into w[3]; 0 when out of the key's range. */
static inline int memo_exact_refresh(const struct biu *b, struct memo_key *k)
{
    int64_t dreq = b->refresh_dreq, grant = b->refresh_grant;
    if (!memo_refresh_fits(b))
        return 0;
    k->w[3] = (uint64_t)(uint32_t)(dreq == BIU_NO_REFRESH ? INT32_MAX : (int32_t)dreq) |
              (uint64_t)(uint16_t)(grant == BIU_NO_REFRESH ? MEMO_NO_GRANT : (int16_t)grant) << 32 | MEMO_EXACT_TAG;
    return 1;
}

/* The set of a hash's 32 bits: h * MEMO_SETS / 2^32, below MEMO_SETS as
 * h < 2^32, and each set reached (by ceil(set * 2^32 / MEMO_SETS)). */
static inline uint32_t memo_set_of(uint32_t h)
{
    return (uint32_t)((uint64_t)h * MEMO_SETS >> 32);
}

/* The first slot of the key's set. */
static inline uint32_t memo_slot_of(const struct memo_key *k)
{
    uint64_t h = (k->w[0] ^ k->w[2] << 7) * 0x9E3779B97F4A7C15ull ^ (k->w[1] ^ k->w[3] << 3) * 0xC2B2AE3D27D4EB4Full;
    return 2 * memo_set_of((uint32_t)((h ^ h >> 29) >> 32));
}

/* The MEMO_KEY_BYTES bytes at `linear`, the first in the low bits. */
static inline uint64_t memo_bytes_from(const uint8_t *mem, uint32_t linear)
{
    uint64_t v = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (__builtin_expect(linear + MEMO_KEY_BYTES <= MEMO_MASK + 1, 1)) {
        memcpy(&v, mem + linear, MEMO_KEY_BYTES);
        return v;
    }
#endif
    for (unsigned i = 0; i < MEMO_KEY_BYTES; i++)
            v |= (uint64_t)mem[(linear + i) & MEMO_MASK] << (8 * i);
    return v;
}

/* The same for memo_replay(), without the wrap at 1 MiB: `mem` has
 * MEMO_KEY_BYTES - 1 readable bytes after its end (machine.h's MEM_PAD),
 * and no slot holds an address whose bytes wrap (biu_time_miss() keeps
 * none), so the bytes past the end are never a hit's. */
static inline uint64_t memo_bytes_padded(const uint8_t *mem, uint32_t linear)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, mem + linear, MEMO_KEY_BYTES);
    return v;
#else
    return memo_bytes_from(mem, linear);
#endif
}

static inline uint64_t memo_bytes_at(const struct eu_insn *in)
{
    return memo_bytes_from(in->mem, in->linear);
}

/* The bytes at the instruction's address are its own: those up to its
 * length are the slot's.  Compared up to the length always, without first
 * trying all 8: the bytes after an instruction are often data the program
 * writes (bench.com's), and a first compare that fails there costs the
 * host a mispredicted branch (the mix: 0.701 -> 0.692 s, best of 8). */
static inline __attribute__((always_inline)) int memo_same_bytes(const struct memo_slot *s, uint64_t bytes)
{
    return (bytes ^ s->bytes) << s->shift == 0;
}

/* An empty slot's key (w[3] 0) is no key's. */
static inline __attribute__((always_inline)) int memo_slot_holds(const struct memo_slot *s, const struct memo_key *k,
                                                            uint64_t bytes)
{
    return s->key.w[0] == k->w[0] && s->key.w[1] == k->w[1] && s->key.w[2] == k->w[2] && s->key.w[3] == k->w[3] &&
           memo_same_bytes(s, bytes);
}

/* The key's set: two ways, the one last filled first. */
static inline __attribute__((always_inline)) struct memo_slot *memo_lookup(struct biu_memo *memo, const struct memo_key *k, uint64_t bytes)
{
    struct memo_slot *s = &memo->slot[memo_slot_of(k)];
    if (memo_slot_holds(s, k, bytes))
        return s;
    if (memo_slot_holds(s + 1, k, bytes))
        return s + 1;
    return NULL;
}

/* The BIU's state after `s`, for the next key. */
static inline void memo_remember_state(struct biu_memo *memo, const struct memo_slot *s, const struct biu *b, uint32_t next)
{
    memo->last_biu = b;
    memo->last_gen = b->gen;
    memo->last_next = next;
    memo->cur = (struct memo_slot *)s;
}

/* The BIU's state after the last result (memo->cur), as a key's w[0] and
 * w[2] hold it. */
static inline uint64_t memo_state0(const struct memo_slot *cur)
{
    return (uint64_t)cur->post_state0 << 40;
}

static inline uint32_t memo_state2(const struct memo_slot *cur)
{
    return cur->post_state2;
}

/* A remembered result's refresh onto the BIU: a far key's result moves
 * the next request by its clocks, an exact key's sets it as it was. */
static inline __attribute__((always_inline)) void memo_apply_refresh(const struct memo_slot *s, struct biu *b)
{
    if (s->key.w[3] == MEMO_FAR_REFRESH) {
        if (b->refresh_dreq != BIU_NO_REFRESH)
            b->refresh_dreq -= s->clocks;
    } else {
        b->refresh_dreq = s->refresh_dreq == INT32_MAX ? BIU_NO_REFRESH : s->refresh_dreq;
        b->refresh_grant = s->refresh_grant == INT8_MIN ? BIU_NO_REFRESH : s->refresh_grant;
    }
}

/* A remembered result's queue and bus onto the BIU, the next instruction
 * at `next`: from the state the next key holds (memo_state_bits()'s w[0]
 * >> 40 and w[2]'s low half, as a slot keeps them). */
static inline __attribute__((always_inline)) void memo_apply_state(unsigned s0, uint32_t s2, struct biu *b,
                                                                   uint32_t next)
{
    b->queued = s0 >> 3 & 7;
    b->busy = s0 >> 6 & 3;
    b->t = s0 >> 8 & 7;
    b->fetch_start = (int16_t)(uint16_t)s2;
    b->fetch_at = (next + (uint32_t)(int32_t)(int16_t)(uint16_t)(s2 >> 16)) & MEMO_MASK;
}

static inline __attribute__((always_inline)) void memo_apply_bus(const struct memo_slot *s, struct biu *b,
                                                                 uint32_t next)
{
    memo_apply_state(s->post_state0, s->post_state2, b, next);
}

/* A remembered result onto the BIU. */
static inline __attribute__((always_inline)) unsigned memo_apply(struct biu_memo *memo, const struct memo_slot *s, struct biu *b, const struct eu_insn *in,
                      unsigned *stall)
{
    memo_apply_bus(s, b, in->next);
    memo_apply_refresh(s, b);
    *stall = s->stall;
    b->waited = s->waited;
    memo_remember_state(memo, s, b, in->next);
    return s->clocks;
}

/* biu_time()'s miss (biu_memo.c): play the instruction and remember what
 * it gave, under the far key memo->key when it ended before the refresh
 * request `room` clocks away (-1: none to count on), else under the exact
 * one memo->exact when `keyed`; `prev` (or NULL) is linked to the slot. */
unsigned biu_time_miss(struct biu_memo *memo, struct biu *b, struct eu_insn *in, unsigned *stall, int64_t room,
                       int keyed, struct memo_slot *prev);

/* biu_time() for the common case, inline in the caller (cpu_clock.c), so
 * that a hit makes no call: the BIU is the one the last result left (its
 * state packed already), and the memo holds the instruction under the far
 * key or, near a refresh, the exact one.  The slot the last result came
 * from is then linked to this one's (memo_slot.succ, for memo_replay).
 * A miss there goes to biu_time_miss() at once, the lookups made;
 * anything else to biu_time(), which builds the key and looks. */
static inline __attribute__((always_inline)) unsigned biu_time_inline(struct biu_memo *memo, struct biu *b,
                                                                      struct eu_insn *in, unsigned *stall)
{
    struct memo_key *k = &memo->key;
    if (memo->last_biu == b && memo->last_gen == b->gen && memo->last_next == in->linear &&
        memo_key_from(b, in, memo_state0(memo->cur), memo_state2(memo->cur), k)) {
        /* No refresh under way: a result that ends before the next request
         * holds whatever the request's clock; else the refresh is in the key. */
        int64_t room = memo_room(b);
        uint64_t bytes = memo_bytes_at(in);
        const struct memo_slot *hit = room >= 0 ? memo_lookup(memo, k, bytes) : NULL;
        int keyed = 0;
        if (!(hit && hit->clocks <= room)) {
            memo->exact = *k;
            keyed = memo_exact_refresh(b, &memo->exact);
            hit = keyed ? memo_lookup(memo, &memo->exact, bytes) : NULL;
        }
        memo->lookups++;
        if (hit) {
            memo->cur->succ = memo_offset(memo, hit);
            return memo_apply(memo, hit, b, in, stall);
        }
        return biu_time_miss(memo, b, in, stall, room, keyed, memo->cur);
    }
    return biu_time(memo, b, in, stall);
}

/* No result of the memo left the BIU `b` as it is now: the memo's
 * generation is set one behind the BIU's, which memo_chained() and
 * cpu_bus_replay_to() then do not find, and nothing replays until a
 * result is applied again.  (The BIU's only moves on: it comes round to
 * the memo's after 2^32 steps, cpu_clock.c's reason to unchain after
 * every instruction it plays with the memo off.) */
static inline void memo_unchain(struct biu_memo *memo, const struct biu *b)
{
    memo->last_biu = NULL;
    memo->last_gen = b->gen - 1;
}

/* The queue and the bus memo_replay left in the memo (memo->cur, the next
 * address) into the BIU: before anything but memo_replay reads or plays
 * it.  A BIU reset or played since (its generation moved on) keeps its own. */
static inline void memo_settle_biu(struct biu_memo *memo)
{
    struct biu *b = memo->deferred;
    if (b && memo->last_biu == b && memo->last_gen == b->gen) {
        memo_apply_bus(memo->cur, b, memo->last_next);
        b->waited = 0;
    }
    memo->deferred = NULL;
}

/* ---- the replay: the slot that followed last time -------------------------
 * While the guest repeats a path, the instruction after the last result's
 * is most often the one that followed it the last time (memo_slot.succ).
 * memo_replay() takes that slot when its whole key and bytes are the
 * instruction's now, as a lookup would: exact for the same reason, and
 * without the hash.  The BIU must be the one the last result left
 * (memo_chained). */

static inline __attribute__((always_inline)) int memo_chained(const struct biu_memo *memo, const struct biu *b,
                                                              uint32_t linear)
{
    return memo->last_biu == b && memo->last_gen == b->gen && memo->last_next == linear;
}

/* The clocks of the instruction at `linear` (its accesses packed in
 * `pattern`, EU_PATTERN_SLOW when one was slow; `naccess` of them) that
 * led to `next`, with the table's `table` clocks and `loop` operand
 * clocks, when the memo holds it: the result applied onto `b` (its
 * refresh at once, its queue and bus by memo_settle_biu) and *stall set.  -1 when it does not, nothing changed.
 * The slot memo->cur links to is tried first: the instruction that
 * followed last time.  When it is this instruction but the refresh is
 * not the one it holds (near a request, which each pass through a loop
 * meets at another phase), the far key is looked up, then the exact one:
 * first the slot memo->cur's succ_near links to, then by hash.  The link
 * stays on the instruction's far slot. */
static inline __attribute__((always_inline)) int64_t memo_replay(struct biu_memo *memo, struct biu *b,
                                                                 const uint8_t *mem, uint32_t linear, uint32_t next,
                                                                 uint64_t table, unsigned loop, uint64_t pattern,
                                                                 unsigned naccess, unsigned *stall)
{
    /* b->refresh_period needs no test: cpu_clock.c's refresh_before(), its
     * only writer, sets at most 65536 PIT ticks of 4 clocks, under 2^24
     * (a _Static_assert there). */
    if (((table | loop) >> 16) | (pattern >> 32))
        return -1;      /* out of the key's range, or a slow access: biu_time's */
    struct memo_slot *prev = memo->cur;
    struct memo_key k = { { (uint64_t)linear | (uint64_t)next << 20 | memo_state0(prev) | (uint64_t)naccess << 51,
                            table | (uint64_t)loop << 16 | pattern << 32,
                            memo_state2(prev) | (uint64_t)b->refresh_period << 32, MEMO_FAR_REFRESH } };
    uint64_t bytes = memo_bytes_padded(mem, linear);
    const struct memo_slot *s = memo_at(memo, prev->succ);
    int same = s->key.w[0] == k.w[0] && s->key.w[1] == k.w[1] && s->key.w[2] == k.w[2] && memo_same_bytes(s, bytes);
    /* No refresh under way: a result that ends before the next request's
     * DMA asks for the bus holds whatever the request's clock (its clocks
     * <= room, memo_room); else the refresh is in the key. */
    if (__builtin_expect(!same || s->key.w[3] != MEMO_FAR_REFRESH || b->refresh_grant != BIU_NO_REFRESH ||
                         b->refresh_dreq < (int64_t)s->clocks - BIU_REFRESH_HRQ, 0)) {
        int64_t room = memo_room(b);
        int far_tried = same && s->key.w[3] == MEMO_FAR_REFRESH;
        s = room >= 0 && !far_tried ? memo_lookup(memo, &k, bytes) : NULL;
        if (!s || s->clocks > room) {
            if (!memo_exact_refresh(b, &k))
                return -1;
            s = memo_at(memo, prev->succ_near);
            if (!memo_slot_holds(s, &k, bytes)) {
                s = memo_lookup(memo, &k, bytes);
                if (!s)
                    return -1;
                prev->succ_near = memo_offset(memo, s);
            }
        }
        if (!same || s->key.w[3] == MEMO_FAR_REFRESH)
            prev->succ = memo_offset(memo, s);
    }
    memo_apply_refresh(s, b);
    memo->deferred = b;         /* the queue and the bus: memo_settle_biu */
    *stall = s->stall;
    memo->lookups++;
    memo->last_next = next;
    memo->cur = (struct memo_slot *)s;
    return s->clocks;
}

#endif
