/*
 * sampler/calls.c: see calls.h.
 */
#include "calls.h"

#include <stdlib.h>
#include <string.h>

#include "../util/grow.h"

static uint32_t hash(uint32_t parent, uint32_t entry)
{
    uint64_t k = ((uint64_t)parent << 20 | entry) * 0x9E3779B97F4A7C15ull;
    return (uint32_t)(k >> 32);
}

/* calls_account(), inline: the innermost node's instructions, cycles and
 * stalls are what the machine's totals gained while it was the innermost
 * and the tree not paused; the tree takes them and sets them back to 0. */
static inline void account(struct calltree *t)
{
    struct call_totals *owed = t->owed;
    if (!t->paused) {
        struct call_node *n = &t->node[t->cur];
        n->insns += owed->insns;
        /* (the add stored alone: else gcc packs it with the next into SSE,
         * which costs more than the two) */
        __asm__("" : "+m"(n->insns));
        n->cycles += owed->cycles;
        n->stalls += owed->stalls;
    }
    *owed = (struct call_totals){ 0, 0, 0 };
}

void calls_account(struct calltree *t)
{
    account(t);
}

/* The innermost node is now `node`: the one before gets what it ran. */
static void set_cur(struct calltree *t, uint32_t node)
{
    account(t);
    t->cur = node;
}

static int index_grow(struct calltree *t)
{
    uint32_t cap = t->index_cap ? t->index_cap * 2 : 1024;
    uint32_t *ix = calloc(cap, sizeof *ix);
    if (!ix)
        return -1;
    for (uint32_t i = 0; i < t->n; i++) {
        uint32_t h = hash(t->node[i].parent, t->node[i].entry) & (cap - 1);
        while (ix[h])
            h = (h + 1) & (cap - 1);
        ix[h] = i + 1;
    }
    free(t->index);
    t->index = ix;
    t->index_cap = cap;
    return 0;
}

static uint32_t add_node(struct calltree *t, uint32_t parent, enum call_kind kind, uint16_t cs, uint16_t ip,
                         uint32_t service)
{
    if (t->n == UINT32_MAX - 1 || grow_array(&t->node, &t->cap, (size_t)t->n + 1, sizeof *t->node) != 0)
        return CALLS_NO_PARENT;
    if ((t->n + 1) * 2 > t->index_cap && index_grow(t) != 0)
        return CALLS_NO_PARENT;
    uint32_t i = t->n++;
    t->node[i] = (struct call_node){ parent, lin(cs, ip), cs, ip, (uint8_t)kind, 0, 0, 0, 0, 0, service };
    uint32_t h = hash(parent, t->node[i].entry) & (t->index_cap - 1);
    while (t->index[h])
        h = (h + 1) & (t->index_cap - 1);
    t->index[h] = i + 1;
    return i;
}

/* The child of `parent` entered at CS:IP for `service` (an INT's: one
 * node per DOS or BIOS function), made on first use.  (Below the stack's
 * top, t->stack[t->depth] still holds the frame last pushed at this depth:
 * most often the same call again, a loop calling one routine, whose node
 * is then found without the hash.  Each (parent, entry, service) has one
 * node, so that is the node the hash would find.) */
static inline __attribute__((always_inline)) uint32_t child(struct calltree *t, uint32_t parent, enum call_kind kind,
                                                           uint16_t cs, uint16_t ip, uint32_t service)
{
    uint32_t entry = lin(cs, ip);
    uint32_t last = t->stack[t->depth].node;
    if (last < t->n && t->node[last].parent == parent && t->node[last].entry == entry &&
        t->node[last].service == service)
        return last;
    for (uint32_t h = hash(parent, entry) & (t->index_cap - 1); t->index[h]; h = (h + 1) & (t->index_cap - 1)) {
        const struct call_node *c = &t->node[t->index[h] - 1];
        if (c->parent == parent && c->entry == entry && c->service == service)
            return t->index[h] - 1;
    }
    return t->n < CALLS_MAX_NODES ? add_node(t, parent, kind, cs, ip, service) : CALLS_NO_PARENT;
}

/* Whether the stack pointer `sp` on stack segment `ss` has passed frame f's
 * return address (so it will never return), and drop_passed() drops it. */
static inline int passed(const struct call_frame *f, uint16_t ss, uint32_t sp)
{
    return !f->process && f->ss == ss && f->slot < sp;
}

/* Drops the frames on stack segment `ss` whose return address lies below
 * `sp`: the stack pointer has passed them, so they will never return. */
static inline __attribute__((always_inline)) void drop_passed(struct calltree *t, uint16_t ss, uint32_t sp)
{
    uint32_t depth = t->depth;
    while (t->depth && passed(&t->stack[t->depth - 1], ss, sp)) {
        t->depth--;
        t->unwound++;
    }
    if (t->depth != depth)      /* else cur is still the top frame's */
        set_cur(t, t->depth ? t->stack[t->depth - 1].node : 0);
}

/* The bytes a call of each kind pushes (enum call_kind). */
static const uint8_t pushed[] = { 0, 2, 4, 6, 6 };

/* The frame at depth d, all but its node written, is now node's: the
 * call is counted unless paused, and node is the innermost. */
static inline __attribute__((always_inline)) void pushed_to(struct calltree *t, uint32_t node, uint32_t d)
{
    t->node[node].calls += !t->paused;
    t->stack[d].node = node;
    t->depth = d + 1;
    if (d + 1 > t->max_depth)
        t->max_depth = d + 1;
    set_cur(t, node);
}

/* A call into `node` (the innermost's child): counted unless paused, its
 * frame pushed (SS:SP, the return address `back`), the innermost now. */
static inline __attribute__((always_inline)) void push(struct calltree *t, uint32_t node, uint16_t ss, uint16_t sp,
                                                      uint32_t back)
{
    uint32_t d = t->depth;
    t->stack[d] = (struct call_frame){ node, ss, sp, back, 0 };
    pushed_to(t, node, d);
}

/* calls_enter(), inlined in the observer's on_call (once per CALL), with
 * the frame's return address `back` (calls_returns_to()'s; 0: not known). */
static inline __attribute__((always_inline)) int enter(struct calltree *t, enum call_kind kind, uint16_t cs,
                                                       uint16_t ip, uint16_t ss, uint16_t sp, uint32_t service,
                                                       uint32_t back)
{
    drop_passed(t, ss, (uint32_t)sp + pushed[kind]);
    uint32_t node = t->depth < CALLS_MAX_DEPTH ? child(t, t->cur, kind, cs, ip, service) : CALLS_NO_PARENT;
    if (node == CALLS_NO_PARENT) {
        t->lost++;
        return 0;
    }
    push(t, node, ss, sp, back);
    return 1;
}

int calls_enter(struct calltree *t, enum call_kind kind, uint16_t cs, uint16_t ip, uint16_t ss, uint16_t sp,
                uint32_t service)
{
    return enter(t, kind, cs, ip, ss, sp, service, 0);
}

/* Whether frame f returns by a RET that took its address from SS:slot
 * (a program's frame never does). */
static inline int returns_by(const struct call_frame *f, uint16_t ss, uint16_t slot)
{
    return !f->process && f->ss == ss && f->slot == slot;
}

/* Frame k returned: it and those above it (which never will) go, its
 * caller is the innermost again. */
static inline __attribute__((always_inline)) void pop_to(struct calltree *t, uint32_t k)
{
    t->unwound += t->depth - 1 - k;
    t->depth = k;
    set_cur(t, k ? t->stack[k - 1].node : 0);
}

void calls_leave(struct calltree *t, uint16_t ss, uint16_t slot)
{
    for (uint32_t k = t->depth; k-- > 0;) {
        if (returns_by(&t->stack[k], ss, slot)) {
            pop_to(t, k);
            return;
        }
    }
    t->unmatched++;
    drop_passed(t, ss, slot);
}

void calls_returns_to(struct calltree *t, uint32_t back)
{
    if (t->depth)
        t->stack[t->depth - 1].back = back;
}

void calls_jump(struct calltree *t, uint32_t to)
{
    for (uint32_t k = t->depth; k-- > 0;) {
        if (t->stack[k].back == to && to != 0) {
            t->unwound += t->depth - 1 - k;
            t->jumped++;
            t->depth = k;
            set_cur(t, k ? t->stack[k - 1].node : 0);
            return;
        }
    }
}

void calls_program_start(struct calltree *t, uint32_t process, uint16_t cs, uint16_t ip)
{
    uint32_t node = t->depth < CALLS_MAX_DEPTH ? child(t, t->cur, CALL_ROOT, cs, ip, process) : CALLS_NO_PARENT;
    if (node == CALLS_NO_PARENT) {
        t->lost++;
        return;
    }
    t->node[node].calls += !t->paused;
    t->stack[t->depth++] = (struct call_frame){ node, 0, 0, 0, process };
    if (t->depth > t->max_depth)
        t->max_depth = t->depth;
    set_cur(t, node);
}

void calls_program_end(struct calltree *t, uint32_t process)
{
    if (!process)
        return;                 /* the first program has no frame: its node is the root */
    for (uint32_t k = t->depth; k-- > 0;) {
        if (t->stack[k].process == process) {
            t->unwound += t->depth - 1 - k;
            t->depth = k;
            set_cur(t, k ? t->stack[k - 1].node : 0);
            return;
        }
    }
}

/* ---- the observer the machine calls -------------------------------------- */

/* child()'s first guess holds: the node the last frame pushed at this
 * depth, `last`, is the innermost's child entered at `entry` for
 * `service` (on_call's and on_near_call's common case). */
static inline __attribute__((always_inline)) int callee_is(const struct calltree *t, uint32_t last, uint32_t entry,
                                                          uint32_t service)
{
    if (last >= t->n)
        return 0;
    const struct call_node *n = &t->node[last];
    return n->parent == t->cur && n->entry == entry && n->service == service;
}

/* on_call()'s general case: enter() whole (CS:IP and SS:SP each packed
 * in one word, high half the segment). */
static __attribute__((noinline)) int on_call_other(struct calltree *t, enum call_kind kind, uint32_t cs_ip,
                                                   uint32_t ss_sp, uint32_t back, uint32_t service)
{
    enter(t, kind, (uint16_t)(cs_ip >> 16), (uint16_t)cs_ip, (uint16_t)(ss_sp >> 16), (uint16_t)ss_sp, service,
          back);
    return 0;
}

/* A call: enter().  Its common case inline: no frame on the stack, or
 * the innermost not passed (drop_passed() drops nothing), room for one
 * more, and the node the last frame pushed at this depth the callee's
 * (child()'s first test).  Anything else goes to enter().  (CS:IP and
 * SS:SP packed, so that fewer registers are live across the tests.) */
static inline __attribute__((always_inline)) int call_inline(struct calltree *t, enum call_kind k, uint32_t cs_ip,
                                                             uint32_t ss_sp, uint32_t back, uint32_t service)
{
    uint32_t d = t->depth;
    uint16_t ss = (uint16_t)(ss_sp >> 16), sp = (uint16_t)ss_sp;
    if (d < CALLS_MAX_DEPTH) {
        uint32_t last = t->stack[d].node;
        if ((!d || !passed(&t->stack[d - 1], ss, (uint32_t)sp + pushed[k])) &&
            callee_is(t, last, lin((uint16_t)(cs_ip >> 16), (uint16_t)cs_ip), service)) {
            push(t, last, ss, sp, back);
            return 0;
        }
    }
    return on_call_other(t, k, cs_ip, ss_sp, back, service);
}

static void on_call(void *ctx, enum transfer kind, uint16_t cs, uint16_t ip, uint16_t ss, uint16_t sp,
                    uint32_t back, uint32_t service)
{
    call_inline(ctx, (enum call_kind)(kind + 1), (uint32_t)cs << 16 | ip, (uint32_t)ss << 16 | sp, back, service);
}

/* on_near_call()'s general case: enter(), the callee's CS:IP read from
 * t->call_cs and t->call_ip. */
static __attribute__((noinline)) int near_call_deep(struct calltree *t, uint16_t ss, uint16_t sp, uint32_t back)
{
    enter(t, CALL_NEAR, t->call_cs, t->call_ip, ss, sp, 0, back);
    return 0;
}

/* The same with SS:SP and the return address read from the frame at
 * depth d (written there by on_near_call()). */
static __attribute__((noinline)) int near_call_other(struct calltree *t, uint32_t d)
{
    const struct call_frame *f = &t->stack[d];
    return near_call_deep(t, f->ss, f->slot, f->back);
}

/* CALL rel16: call_inline()'s common case with CS:IP kept in the tree
 * and the frame written first (above the stack's top a frame's fields but
 * its node are never read; its node is child()'s first guess, left as it
 * was), so that none of the arguments is live across the tests: no saved
 * registers.  The general case reads them back. */
static int on_near_call(void *ctx, uint16_t cs, uint16_t ip, uint16_t ss, uint16_t sp, uint32_t back)
{
    struct calltree *t = ctx;
    uint32_t d = t->depth;
    t->call_cs = cs;
    t->call_ip = ip;
    if (__builtin_expect(d >= CALLS_MAX_DEPTH, 0))
        return near_call_deep(t, ss, sp, back);
    struct call_frame *f = &t->stack[d];
    f->ss = ss;
    f->slot = sp;
    f->back = back;
    f->process = 0;
    uint32_t last = f->node;
    if ((!d || !passed(f - 1, ss, (uint32_t)sp + 2)) && callee_is(t, last, lin(cs, ip), 0)) {
        pushed_to(t, last, d);
        return 0;
    }
    return near_call_other(t, d);
}

static void on_jump(void *ctx, uint32_t to)
{
    calls_jump(ctx, to);
}

/* on_ret()'s general case (0 returned, so that on_ret() ends in a jump). */
static __attribute__((noinline)) int on_ret_other(struct calltree *t, uint16_t ss, uint16_t slot)
{
    calls_leave(t, ss, slot);
    return 0;
}

/* A return: calls_leave(), with its common case inline (the innermost
 * frame's slot, no frame unwound).  The observer's ret and near_call
 * return the code hook's 0 (emu/machine.h), each path in a jump. */
static int on_ret(void *ctx, uint16_t ss, uint16_t slot)
{
    struct calltree *t = ctx;
    uint32_t d = t->depth;
    if (d && returns_by(&t->stack[d - 1], ss, slot)) {
        pop_to(t, d - 1);
        return 0;
    }
    return on_ret_other(t, ss, slot);
}

int calls_init(struct calltree *t, struct call_totals *owed, uint16_t cs, uint16_t ip)
{
    memset(t, 0, sizeof *t);
    t->owed = owed;
    *owed = (struct call_totals){ 0, 0, 0 };    /* what ran before is nobody's */
    t->stack = calloc(CALLS_MAX_DEPTH, sizeof *t->stack);
    if (!t->stack || add_node(t, CALLS_NO_PARENT, CALL_ROOT, cs, ip, 0) != 0) {
        calls_free(t);
        return -1;
    }
    t->node[0].calls = 1;
    t->obs = (struct call_observer){ t, on_call, on_ret, on_near_call, on_jump };
    return 0;
}

void calls_clear(struct calltree *t)
{
    account(t);                 /* what ran before the CLEAR is dropped with the rest */
    for (uint32_t i = 0; i < t->n; i++)
        t->node[i].calls = t->node[i].insns = t->node[i].cycles = t->node[i].samples = t->node[i].stalls = 0;
}

void calls_pause(struct calltree *t, int paused)
{
    account(t);
    t->paused = paused;
}

void calls_free(struct calltree *t)
{
    free(t->node);
    free(t->index);
    free(t->stack);
    memset(t, 0, sizeof *t);
}
