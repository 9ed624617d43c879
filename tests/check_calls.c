/*
 * tests/check_calls.c: the shadow stack (sampler/calls.c), the call graph
 * derived from it (report/callgraph.c), `hist --by function/--callgraph`,
 * the folded and callgrind exports, `run --stacks`, and `run --memory`.
 *
 * The expected figures come from the fixtures' comments: calls.asm counts
 * each routine's cycles by hand, memuse.asm its blocks.
 */
#include "testutil.h"

#include "../emu/services.h"

#include "../report/callgraph.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"
#include "../sampler/calls.h"

/* ---- the shadow stack, driven directly ------------------------------------ */

START_TEST(shadow_stack_matches_by_slot)
{
    struct calltree t;
    struct call_totals totals = { 0, 0, 0 };
    ck_assert_int_eq(calls_init(&t, &totals, 0x100, 0x100), 0);
    calls_enter(&t, CALL_NEAR, 0x100, 0x200, 0x900, 0xFFFC, 0);     /* f */
    calls_enter(&t, CALL_NEAR, 0x100, 0x300, 0x900, 0xFFF8, 0);     /* g, from f */
    ck_assert_uint_eq(t.depth, 2);
    calls_leave(&t, 0x900, 0xFFF8);                               /* g returns */
    ck_assert_uint_eq(t.depth, 1);
    ck_assert_uint_eq(t.node[t.cur].entry, 0x1200);
    calls_enter(&t, CALL_NEAR, 0x100, 0x300, 0x900, 0xFFF8, 0);     /* g again: the same node */
    ck_assert_uint_eq(t.n, 3);
    ck_assert_uint_eq(t.node[2].calls, 2);
    /* longjmp: f's caller returns from below g's and f's slots. */
    calls_leave(&t, 0x900, 0xFFFE);
    ck_assert_uint_eq(t.unmatched, 1);
    ck_assert_uint_eq(t.unwound, 2);
    ck_assert_uint_eq(t.depth, 0);
    ck_assert_uint_eq(t.cur, 0);
    ck_assert_uint_eq(t.max_depth, 2);
    calls_free(&t);
}
END_TEST

/* The observer the machine calls (t.obs: call, near_call, ret) takes
 * calls and returns on an inline path of its own when nothing unusual
 * happens (sampler/calls.c's call_inline() and on_ret()).  Driven through
 * it, a tree must come out exactly as one driven through calls_enter(),
 * calls_returns_to() and calls_leave(), also where that path must decline:
 * a call past the innermost frame's slot (the frame is dropped, and the
 * node last pushed at the depth would otherwise match: a call of g below f
 * found under f), a call of the same vector for another service, a return
 * from the slot of a program's frame (no return closes it), and calls past
 * the depth limit. */
static void same_trees(const struct calltree *a, const struct calltree *b, const struct call_totals *ta,
                       const struct call_totals *tb, int step)
{
    ck_assert_msg(a->n == b->n && a->depth == b->depth && a->cur == b->cur && a->max_depth == b->max_depth,
                  "step %d: %u nodes, depth %u, cur %u, deepest %u against %u, %u, %u, %u", step, a->n, a->depth,
                  a->cur, a->max_depth, b->n, b->depth, b->cur, b->max_depth);
    ck_assert_msg(a->unwound == b->unwound && a->unmatched == b->unmatched && a->lost == b->lost,
                  "step %d: unwound %llu, unmatched %llu, lost %llu against %llu, %llu, %llu", step,
                  (unsigned long long)a->unwound, (unsigned long long)a->unmatched, (unsigned long long)a->lost,
                  (unsigned long long)b->unwound, (unsigned long long)b->unmatched, (unsigned long long)b->lost);
    ck_assert(ta->insns == tb->insns && ta->cycles == tb->cycles && ta->stalls == tb->stalls);
    for (uint32_t i = 0; i < a->n; i++) {
        const struct call_node *x = &a->node[i], *y = &b->node[i];
        ck_assert_msg(x->parent == y->parent && x->entry == y->entry && x->service == y->service &&
                      x->kind == y->kind && x->calls == y->calls && x->insns == y->insns &&
                      x->cycles == y->cycles && x->stalls == y->stalls,
                      "step %d: node %u differs", step, i);
    }
    for (uint32_t k = 0; k < a->depth; k++)
        ck_assert_msg(a->stack[k].node == b->stack[k].node && a->stack[k].ss == b->stack[k].ss &&
                      a->stack[k].slot == b->stack[k].slot && a->stack[k].back == b->stack[k].back &&
                      a->stack[k].process == b->stack[k].process, "step %d: frame %u differs", step, k);
}

START_TEST(observer_gives_the_tree_calls_enter_gives)
{
    static const struct {
        char what;              /* n: near call, f/i: far call/INT through call(), r: return, p: program start */
        uint16_t cs, ip, ss, sp;
        uint32_t back, service;
    } steps[] = {
        { 'n', 0x100, 0x200, 0x900, 0xFFFC, 0x1103, 0 },          /* f */
        { 'n', 0x100, 0x300, 0x900, 0xFFF8, 0x1205, 0 },          /* g, from f */
        { 'r', 0, 0, 0x900, 0xFFF8, 0, 0 },
        { 'n', 0x100, 0x300, 0x900, 0xFFF8, 0x1205, 0 },          /* g again: the node last pushed */
        { 'r', 0, 0, 0x900, 0xFFF8, 0, 0 },
        { 'n', 0x100, 0x300, 0x900, 0xFFFE, 0x1105, 0 },          /* g with f's frame passed: under the root */
        { 'r', 0, 0, 0x900, 0xFFFE, 0, 0 },
        { 'i', 0xC0, 0x1, 0x900, 0xFFF8, 0x1107, 0x21000200u },  /* INT 21h AH=02h */
        { 'r', 0, 0, 0x900, 0xFFF8, 0, 0 },
        { 'i', 0xC0, 0x1, 0x900, 0xFFF8, 0x1107, 0x21000900u },  /* the same vector, AH=09h: another node */
        { 'r', 0, 0, 0x900, 0xFFF8, 0, 0 },
        { 'f', 0x200, 0x10, 0x900, 0xFFFA, 0x1109, 0 },           /* a far call */
        { 'p', 0x300, 0x100, 0, 0, 0, 1 },                        /* a child program's frame (SS 0, slot 0) */
        { 'r', 0, 0, 0, 0, 0, 0 },                                /* a return from its slot: unmatched */
        { 'n', 0x300, 0x200, 0x300, 0xFFFC, 0x3103, 0 },
        { 'r', 0, 0, 0x300, 0xFFFC, 0, 0 },
        { 'n', 0x300, 0x200, 0x300, 0xFFFC, 0x3103, 0 },
        { 'r', 0, 0, 0x300, 0xFFF0, 0, 0 },                       /* matches nothing: unmatched, drops it */
    };
    struct calltree a, b;
    struct call_totals ta = { 0, 0, 0 }, tb = { 0, 0, 0 };
    ck_assert_int_eq(calls_init(&a, &ta, 0x100, 0x100), 0);
    ck_assert_int_eq(calls_init(&b, &tb, 0x100, 0x100), 0);
    for (int round = 0; round < 2; round++) {
        for (int k = 0; k < (int)(sizeof steps / sizeof steps[0]); k++) {
            ta.insns = tb.insns = (uint64_t)k + 1;      /* what ran since the last step */
            ta.cycles = tb.cycles = 10u * (uint64_t)k + 3;
            ta.stalls = tb.stalls = (uint64_t)k;
            switch (steps[k].what) {
            case 'n':
                a.obs.near_call(a.obs.ctx, steps[k].cs, steps[k].ip, steps[k].ss, steps[k].sp, steps[k].back);
                break;
            case 'f': case 'i':
                a.obs.call(a.obs.ctx, steps[k].what == 'f' ? XFER_FAR : XFER_INT, steps[k].cs, steps[k].ip,
                           steps[k].ss, steps[k].sp, steps[k].back, steps[k].service);
                break;
            case 'r': a.obs.ret(a.obs.ctx, steps[k].ss, steps[k].sp); break;
            default: calls_program_start(&a, steps[k].service, steps[k].cs, steps[k].ip); break;
            }
            switch (steps[k].what) {
            case 'n': case 'f': case 'i':
                if (calls_enter(&b, steps[k].what == 'n' ? CALL_NEAR : steps[k].what == 'f' ? CALL_FAR : CALL_INT,
                                steps[k].cs, steps[k].ip, steps[k].ss, steps[k].sp, steps[k].service))
                    calls_returns_to(&b, steps[k].back);
                break;
            case 'r': calls_leave(&b, steps[k].ss, steps[k].sp); break;
            default: calls_program_start(&b, steps[k].service, steps[k].cs, steps[k].ip); break;
            }
            same_trees(&a, &b, &ta, &tb, round * 100 + k);
        }
        calls_program_end(&a, 1);
        calls_program_end(&b, 1);
    }
    /* Past the depth limit: both lose the same calls. */
    for (uint32_t k = 0; k < CALLS_MAX_DEPTH + 3; k++) {
        a.obs.near_call(a.obs.ctx, 0x100, 0x400, 0x900, (uint16_t)(0xF000 - 2 * k), 0x1000);
        if (calls_enter(&b, CALL_NEAR, 0x100, 0x400, 0x900, (uint16_t)(0xF000 - 2 * k), 0))
            calls_returns_to(&b, 0x1000);
    }
    same_trees(&a, &b, &ta, &tb, 1000);
    ck_assert_uint_gt(a.lost, 0);
    /* Sanity: the cases happened (g under f and under the root, two
     * services of INT 21h, an unmatched return from the program's slot). */
    ck_assert_uint_ge(a.unmatched, 2);
    ck_assert_uint_ge(a.unwound, 1);
    calls_free(&a);
    calls_free(&b);
}
END_TEST

/* A handler on its own stack: frames on another SS survive until a return
 * on their stack matches below them. */
/* A return by JMP (MS C's __chkstk: POP CX, lower SP, JMP CX): a jump to
 * where an open frame returns to closes it and those above; any other
 * jump, or one to a frame's entry, changes nothing. */
/* A child program's frame (sampler/procs.c pushes it when EXEC runs the
 * child): no return closes it, not even a .COM's RET from the slot its
 * stack starts at, and the stack pointer passing it drops nothing below
 * it; it ends with the child, with the frames the child left open.  Two
 * processes entered at one address have a node each. */
START_TEST(program_frames_end_with_the_program)
{
    struct calltree t;
    struct call_totals totals = { 0, 0, 0 };
    ck_assert_int_eq(calls_init(&t, &totals, 0x100, 0x100), 0);
    calls_enter(&t, CALL_INT, 0xC0, 0x1, 0x100, 0xFFF8, 0x21004B00u);  /* the parent's EXEC */
    calls_program_start(&t, 1, 0x300, 0x100);                         /* the child, on its own stack */
    ck_assert_uint_eq(t.depth, 2);
    ck_assert_uint_eq(t.node[t.cur].kind, CALL_ROOT);
    ck_assert_uint_eq(t.node[t.cur].service, 1);
    uint32_t child = t.cur;
    calls_leave(&t, 0x300, 0xFFFE);             /* its RET to PSP:0000 */
    ck_assert_uint_eq(t.depth, 2);
    ck_assert_uint_eq(t.unmatched, 1);
    calls_enter(&t, CALL_NEAR, 0x300, 0x200, 0x300, 0xFFFC, 0);       /* a call of its own */
    calls_enter(&t, CALL_INT, 0xC0, 0x1, 0x300, 0xFFF6, 0x21004C00u); /* its exit, never returns */
    calls_program_end(&t, 1);
    ck_assert_uint_eq(t.depth, 1);              /* back in the parent's EXEC */
    ck_assert_uint_eq(t.unwound, 2);
    ck_assert_uint_eq(t.cur, 1);
    calls_program_end(&t, 0);                   /* the first program has no frame: nothing */
    ck_assert_uint_eq(t.depth, 1);
    calls_program_start(&t, 2, 0x300, 0x100);   /* another process at the same address */
    ck_assert_uint_ne(t.cur, child);
    calls_program_end(&t, 2);
    calls_leave(&t, 0x100, 0xFFF8);             /* the EXEC returns */
    ck_assert_uint_eq(t.depth, 0);
    calls_free(&t);
}
END_TEST

START_TEST(shadow_stack_sees_a_return_by_jump)
{
    struct calltree t;
    struct call_totals totals = { 0, 0, 0 };
    ck_assert_int_eq(calls_init(&t, &totals, 0x100, 0x100), 0);
    ck_assert_int_eq(calls_enter(&t, CALL_NEAR, 0x100, 0x200, 0x900, 0xFFFC, 0), 1);   /* f, back to 1103h */
    calls_returns_to(&t, 0x1103);
    ck_assert_int_eq(calls_enter(&t, CALL_NEAR, 0x100, 0x300, 0x900, 0xFFF8, 0), 1);   /* __chkstk, back to 1205h */
    calls_returns_to(&t, 0x1205);
    calls_jump(&t, 0x1300);                                  /* a jump table: nothing */
    calls_jump(&t, 0x1200);
    ck_assert_uint_eq(t.depth, 2);
    calls_jump(&t, 0x1205);                                  /* JMP CX */
    ck_assert_uint_eq(t.depth, 1);
    ck_assert_uint_eq(t.node[t.cur].entry, 0x1200);
    ck_assert_uint_eq(t.jumped, 1);
    ck_assert_uint_eq(t.unwound, 0);
    calls_enter(&t, CALL_NEAR, 0x100, 0x300, 0x900, 0xFFF0, 0);  /* below the JMP's SP: still a child of f */
    calls_returns_to(&t, 0x1210);
    calls_jump(&t, 0x1103);                                  /* f and its child, by one jump */
    ck_assert_uint_eq(t.depth, 0);
    ck_assert_uint_eq(t.unwound, 1);
    calls_free(&t);
}
END_TEST

/* MS C 5.1's HELLO.EXE (tests/fixtures/codeview): every function calls
 * __chkstk, which returns by JMP CX; its share is its own instructions
 * (0.6%), not the rest of its callers' time (97.7% before).  Its
 * samples are the default clock's: MS C's JMP near to the next byte
 * (E9 00 00, where a branch's code ends at its label) empties the queue
 * as the 8088 does (7674 and 49 samples while the bus model took a jump
 * to the next byte for no jump). */
START_TEST(ms_c_chkstk_returns_by_jump)
{
    struct run_result r;
    struct profil_options o = fixture_options("tests/fixtures/codeview/HELLO.EXE", TMP "/HELLO.PRF");
    o.stacks = 1;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "hist --by function --map tests/fixtures/codeview/HELLO.MAP " TMP "/HELLO.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "       204   42.1%             50   0.6%             50   0.6%       0.26  __chkstk\n")
                  != NULL, "%s", r.out);
    ck_assert_msg(strstr(r.out, "       200   41.2%           7684  95.9%           7747  96.7%      39.54  _square\n")
                  != NULL, "%s", r.out);
}
END_TEST

START_TEST(shadow_stack_survives_a_stack_switch)
{
    struct calltree t;
    struct call_totals totals = { 0, 0, 0 };
    ck_assert_int_eq(calls_init(&t, &totals, 0x100, 0), 0);
    calls_enter(&t, CALL_IRQ, 0xF000, 0x10, 0x900, 0x100, 0);        /* interrupt on the program's stack */
    calls_enter(&t, CALL_FAR, 0xF000, 0x40, 0x2000, 0x7FC, 0);       /* the handler switched to its own */
    calls_enter(&t, CALL_NEAR, 0xF000, 0x80, 0x900, 0x200, 0);       /* a call on SS 900 above the IRQ's slot */
    ck_assert_uint_eq(t.depth, 3);                                /* the far frame (SS 2000) was not passed */
    calls_leave(&t, 0x900, 0x100);                                /* IRET: unwinds both above it */
    ck_assert_uint_eq(t.depth, 0);
    ck_assert_uint_eq(t.unwound, 2);
    ck_assert_uint_eq(t.unmatched, 0);
    calls_free(&t);
}
END_TEST

/* Deeper than the shadow stack: the calls beyond are counted as lost, and
 * the returns that match are still followed. */
START_TEST(shadow_stack_depth_limit)
{
    struct calltree t;
    struct call_totals totals = { 0, 0, 0 };
    ck_assert_int_eq(calls_init(&t, &totals, 0x100, 0), 0);
    for (unsigned i = 0; i < CALLS_MAX_DEPTH + 5; i++)
        calls_enter(&t, CALL_NEAR, 0x100, 0x10, 0x900, (uint16_t)(0xFFFE - 2 * i), 0);
    ck_assert_uint_eq(t.depth, CALLS_MAX_DEPTH);
    ck_assert_uint_eq(t.lost, 5);
    calls_leave(&t, 0x900, (uint16_t)(0xFFFE - 2 * (CALLS_MAX_DEPTH - 1)));
    ck_assert_uint_eq(t.depth, CALLS_MAX_DEPTH - 1);
    calls_free(&t);
}
END_TEST

/* What the machine does for each instruction it settles (emu/cpu/cpu.c's
 * trace_settled): adds through the counter pointers the tree handed it,
 * with no call into the tree. */
static void machine_spends(struct call_totals *o, uint64_t insns, uint64_t cycles, uint64_t stalls)
{
    o->insns += insns;
    o->cycles += cycles;
    o->stalls += stalls;
}

/* 3000 nested calls, each to its own entry: 3001 nodes, so the node array
 * grows (and moves) many times while the machine's running totals grow
 * (each node's share is what they gained while it was the innermost).
 * Frame k (entry 0x1000 + k, node k) spends k instructions, 3k cycles and
 * k stalls when entered and 1 instruction, 5 cycles, 2 stalls when its
 * callee returns to it; the root spends 7, 11, 0 at the start and 1, 5, 2
 * when frame 1 returns.  So node k has k + 1 instructions, 3k + 5 cycles
 * and k + 2 stalls, except the innermost (k = 3000: no callee) with k, 3k,
 * k; the root 8, 16, 2. */
START_TEST(counters_follow_a_growing_tree)
{
    enum { N = 3000 };
    struct calltree t;
    struct call_totals totals = { 0, 0, 0 };
    ck_assert_int_eq(calls_init(&t, &totals, 0x100, 0), 0);
    const struct call_node *first = t.node;
    int moved = 0;
    machine_spends(&totals, 7, 11, 0);
    for (unsigned k = 1; k <= N; k++) {
        const struct call_node *before = t.node;
        ck_assert_int_eq(calls_enter(&t, CALL_NEAR, 0x100, (uint16_t)(0xF00 + k), 0x900, (uint16_t)(0xFFFE - 2 * k), 0),
                         1);
        moved |= t.node != before;
        machine_spends(&totals, k, 3 * k, k);
    }
    ck_assert_msg(moved && t.node != first, "the node array never moved: the test tests nothing");
    ck_assert_uint_eq(t.n, N + 1);
    for (unsigned k = N; k >= 1; k--) {
        calls_leave(&t, 0x900, (uint16_t)(0xFFFE - 2 * k));
        machine_spends(&totals, 1, 5, 2);
    }
    ck_assert_uint_eq(t.depth, 0);
    ck_assert_uint_eq(t.unmatched + t.unwound + t.lost, 0);
    calls_account(&t);          /* the root's last 1, 5, 2 */
    ck_assert_uint_eq(t.node[0].insns, 8);
    ck_assert_uint_eq(t.node[0].cycles, 16);
    ck_assert_uint_eq(t.node[0].stalls, 2);
    for (unsigned k = 1; k <= N; k++) {
        ck_assert_uint_eq(t.node[k].entry, 0x1000 + 0xF00 + k);
        ck_assert_uint_eq(t.node[k].insns, k < N ? k + 1 : k);
        ck_assert_uint_eq(t.node[k].cycles, k < N ? 3 * k + 5 : 3 * k);
        ck_assert_uint_eq(t.node[k].stalls, k < N ? k + 2 : k);
    }
    calls_free(&t);
}
END_TEST

/* PROFDOS STOP and START (sampler/guestprof.c): while paused the calls are
 * followed but nothing is counted: what the totals gain while paused is
 * nobody's.  The root
 * spends 5 instructions, calls f, which spends 2; then STOP: f spends 7,
 * calls g, which spends 11 and returns; then START: f spends 13, returns,
 * and the root spends 17.  So root 22, f 15, g 0 instructions, and g's
 * call not counted (paused). */
START_TEST(counters_pause_and_resume)
{
    struct calltree t;
    struct call_totals totals = { 0, 0, 0 };
    ck_assert_int_eq(calls_init(&t, &totals, 0x100, 0), 0);
    machine_spends(&totals, 5, 50, 0);
    calls_enter(&t, CALL_NEAR, 0x100, 0x200, 0x900, 0xFFFC, 0);     /* f: node 1 */
    machine_spends(&totals, 2, 20, 1);
    calls_pause(&t, 1);
    machine_spends(&totals, 7, 70, 1);
    calls_enter(&t, CALL_NEAR, 0x100, 0x300, 0x900, 0xFFFA, 0);     /* g: node 2, made while paused */
    machine_spends(&totals, 11, 110, 1);
    calls_leave(&t, 0x900, 0xFFFA);
    calls_pause(&t, 0);
    machine_spends(&totals, 13, 130, 1);
    calls_leave(&t, 0x900, 0xFFFC);
    machine_spends(&totals, 17, 170, 1);
    calls_account(&t);
    ck_assert_uint_eq(t.n, 3);
    ck_assert_uint_eq(t.node[0].insns, 22);
    ck_assert_uint_eq(t.node[0].cycles, 220);
    ck_assert_uint_eq(t.node[0].stalls, 1);
    ck_assert_uint_eq(t.node[1].insns, 15);
    ck_assert_uint_eq(t.node[1].cycles, 150);
    ck_assert_uint_eq(t.node[1].stalls, 2);
    ck_assert_uint_eq(t.node[1].calls, 1);
    ck_assert_uint_eq(t.node[2].insns, 0);
    ck_assert_uint_eq(t.node[2].cycles, 0);
    ck_assert_uint_eq(t.node[2].calls, 0);
    calls_free(&t);
}
END_TEST

/* ---- calls.com, traced ------------------------------------------------------ */

static const struct fn_stats *fn_named(const struct callgraph *g, const char *name)
{
    for (size_t i = 0; i < g->nfn; i++)
        if (strcmp(g->fn[i].name, name) == 0)
            return &g->fn[i];
    ck_abort_msg("no function %s", name);
    return NULL;
}

static const struct fn_arc *arc_named(const struct callgraph *g, const char *from, const char *to)
{
    const struct fn_stats *a = fn_named(g, from), *b = fn_named(g, to);
    for (size_t i = 0; i < g->narc; i++)
        if (&g->fn[g->arc[i].caller] == a && &g->fn[g->arc[i].callee] == b)
            return &g->arc[i];
    ck_abort_msg("no arc %s -> %s", from, to);
    return NULL;
}

static void traced_calls(struct prx *x, struct symtab *t, struct callgraph *g)
{
    struct run_result r;
    char err[600];
    struct profil_options o = fixture_options(FIX("calls.com"), TMP "/CALLS.PRF");
    o.trace = 1;
    o.timing = PROFIL_TIMING_TABLE;
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_str_eq(r.err, "");        /* nothing hinted: 8086 code only */
    ck_assert_msg(prx_read_file(TMP "/CALLS.prx", x, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(symtab_read_file(FIX("calls.map"), t, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(callgraph_build(x, t, g), 0);
}

START_TEST(calls_counted_exactly)
{
    struct prx x;
    struct symtab t;
    struct callgraph g;
    traced_calls(&x, &t, &g);
    const struct fn_stats *inner = fn_named(&g, "inner"), *outer = fn_named(&g, "outer"), *rec = fn_named(&g, "rec");
    ck_assert_uint_eq(inner->calls, 31);
    ck_assert_uint_eq(inner->self[METRIC_CYCLES], 31 * 97);
    ck_assert_uint_eq(inner->self[METRIC_INSTRUCTIONS], 31 * 7);
    ck_assert_uint_eq(inner->incl[METRIC_CYCLES], 31 * 97);
    ck_assert_uint_eq(outer->calls, 10);
    ck_assert_uint_eq(outer->self[METRIC_CYCLES], 10 * 89);
    ck_assert_uint_eq(outer->incl[METRIC_CYCLES], 10 * 89 + 30 * 97);   /* no interrupt came in between */
    ck_assert_uint_eq(arc_named(&g, "outer", "inner")->calls, 30);
    ck_assert_uint_eq(arc_named(&g, "outer", "inner")->incl[METRIC_CYCLES], 30 * 97);
    ck_assert_uint_eq(arc_named(&g, "start", "inner")->calls, 1);
    /* Recursion: five activations, time counted once. */
    ck_assert_uint_eq(rec->calls, 5);
    ck_assert_uint_eq(rec->self[METRIC_CYCLES], 234);
    ck_assert_uint_eq(rec->self[METRIC_INSTRUCTIONS], 19);
    ck_assert_uint_eq(rec->incl[METRIC_CYCLES], 234);
    ck_assert_uint_eq(arc_named(&g, "rec", "rec")->calls, 4);
    ck_assert_uint_eq(arc_named(&g, "rec", "rec")->incl[METRIC_CYCLES], 0);
    ck_assert_uint_eq(arc_named(&g, "start", "rec")->incl[METRIC_CYCLES], 234);
    /* The longjmp: try -> deep1 -> deep2 -> deep3, escaping to try's RET. */
    ck_assert_uint_eq(fn_named(&g, "try")->self[METRIC_CYCLES], 42);
    ck_assert_uint_eq(fn_named(&g, "deep3")->self[METRIC_CYCLES], 53);
    ck_assert_uint_eq(fn_named(&g, "try")->incl[METRIC_CYCLES], 42 + 23 + 23 + 53);
    ck_assert_uint_eq(fn_named(&g, "popper")->self[METRIC_CYCLES], 23);
    /* RET 2, CALL FAR/RETF, INT 60h/IRET: each returned to its caller. */
    ck_assert_uint_eq(fn_named(&g, "retn_fn")->self[METRIC_CYCLES], 24);
    ck_assert_uint_eq(fn_named(&g, "far_fn")->self[METRIC_CYCLES], 34);
    ck_assert_uint_eq(fn_named(&g, "isr")->calls, 4);
    ck_assert_uint_eq(arc_named(&g, "start", "isr")->calls, 4);
    /* What the shadow stack could not match: deep1-3 unwound, the PUSH +
     * RET, and the exit call still open (popper returned by its JMP). */
    ck_assert_uint_eq(x.unwound, 3);
    ck_assert_uint_eq(x.unmatched, 1);
    ck_assert_uint_eq(x.open, 1);
    ck_assert_uint_eq(x.lost, 0);
    ck_assert_uint_eq(x.max_depth, 5);      /* start -> rec x 5 */
    /* Every cycle of the run is in the tree once. */
    ck_assert_uint_eq(g.total[METRIC_CYCLES], x.total_cycles);
    ck_assert_uint_eq(g.total[METRIC_INSTRUCTIONS], x.total_insns);
    ck_assert_uint_eq(g.fn[0].incl[METRIC_CYCLES], x.total_cycles);
    callgraph_free(&g);
    symtab_free(&t);
    prx_free(&x);
}
END_TEST

/* The call tree's instructions, cycles and stalls are the machine's
 * running totals shared out at each call, return and pause: summed over
 * the nodes they are the trace's, summed over its addresses, and the
 * run's, with programs EXECed under it (family: a child; nest: a child
 * calling its own routines; deep: five levels), on both clocks (the bus
 * clock's stalls), with and without the 8086.  --stacks without --trace
 * (its own hooks) gives the tree the same sums. */
static void tree_sums(const char *mode, int bus, const char *program, int cpu8086, struct prx *x, uint64_t sum[3])
{
    struct run_result r;
    char cmd[600], err[300];
    if (system("rm -rf " TMP "/sums && mkdir -p " TMP "/sums") != 0)
        ck_abort();
    snprintf(cmd, sizeof cmd, "run -q %s --timing %s %s --drive C=" FIXTURE_DIR " -o " TMP "/sums/S.PRF " FIXTURE_DIR
             "/%s", mode, bus ? "bus" : "table", cpu8086 ? "--cpu 8086" : "", program);
    run_profil(&r, cmd, NULL);
    ck_assert_msg(prx_read_file(TMP "/sums/S.prx", x, err, sizeof err) == 0, "%s: %s", cmd, err);
    ck_assert_msg(x->ncalls > 2, "%s: %zu nodes", cmd, x->ncalls);
    sum[0] = sum[1] = sum[2] = 0;
    for (size_t i = 0; i < x->ncalls; i++) {
        sum[0] += x->calls[i].insns;
        sum[1] += x->calls[i].cycles;
        sum[2] += x->calls[i].stalls;
    }
}

START_TEST(call_tree_sums_to_the_trace_and_the_run)
{
    static const char *const programs[] = { "calls.com", "family.com", "nest.com", "deep.com 5" };
    for (size_t p = 0; p < sizeof programs / sizeof *programs; p++)
        for (int bus = 0; bus < 2; bus++) {
            struct prx x;
            uint64_t tree[3], stacks[3];
            tree_sums("--trace", bus, programs[p], p == 1, &x, tree);
            uint64_t insns = 0, cycles = 0, stalls = 0;
            for (size_t i = 0; i < x.n; i++) {
                insns += x.e[i].insns;
                cycles += x.e[i].cycles;
                stalls += x.e[i].stalls;
            }
            ck_assert_msg(tree[0] == insns && insns == x.total_insns, "%s %d: instructions: tree %llu, trace %llu, run %llu",
                          programs[p], bus, (unsigned long long)tree[0], (unsigned long long)insns,
                          (unsigned long long)x.total_insns);
            ck_assert_msg(tree[1] == cycles && cycles == x.total_cycles, "%s %d: cycles: tree %llu, trace %llu, run %llu",
                          programs[p], bus, (unsigned long long)tree[1], (unsigned long long)cycles,
                          (unsigned long long)x.total_cycles);
            ck_assert_msg(tree[2] == stalls, "%s %d: stalls: tree %llu, trace %llu", programs[p], bus,
                          (unsigned long long)tree[2], (unsigned long long)stalls);
            ck_assert_msg(bus ? stalls > 0 : stalls == 0, "%s %d: %llu stalls", programs[p], bus,
                          (unsigned long long)stalls);
            prx_free(&x);
            tree_sums("--stacks", bus, programs[p], p == 1, &x, stacks);
            for (int k = 0; k < 3; k++)
                ck_assert_msg(stacks[k] == tree[k], "%s %d: --stacks' tree: %s %llu, --trace's %llu", programs[p], bus,
                              k == 0 ? "instructions" : k == 1 ? "cycles" : "stalls", (unsigned long long)stacks[k],
                              (unsigned long long)tree[k]);
            prx_free(&x);
        }
}
END_TEST

START_TEST(function_reports)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("calls.com"), TMP "/CALLS.PRF");
    o.trace = 1;
    o.timing = PROFIL_TIMING_TABLE;
    run_session(&r, &o, NULL);
    run_profil(&r, "hist --by function --map " FIX("calls.map") " " TMP "/CALLS.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    /* 31 of the 58 calls, 3007 of 6115 cycles: importance 100 x 31/58 x 3007/6115 = 26.28. */
    ck_assert_msg(strstr(r.out, "        31   53.4%           3007  49.2%           3007  49.2%      26.28  inner\n")
                  != NULL, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "        58 calls, 6115 cycles (calls.com, trace, 8088)\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "shadow stack: deepest 5; 1 unmatched return(s), 3 frame(s) unwound"));
    run_profil(&r, "hist --callgraph --map " FIX("calls.map") " " TMP "/CALLS.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "                                          0       4/5            rec [6]\n"
                                "[6]      3.8%            234            234               5  rec [6]\n") != NULL,
                  "%s", r.out);
    run_profil(&r, "hist --format folded --metric instructions --map " FIX("calls.map") " " TMP "/CALLS.prx", NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "\nstart;outer;inner 210\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "\nstart;rec;rec;rec;rec;rec 3\n"));
    run_profil(&r, "hist --format callgrind --map " FIX("calls.map") " " TMP "/CALLS.prx", NULL);
    /* Cycles, instructions, then the samples the 100 us clock took in trace mode too. */
    ck_assert_msg(strstr(r.out, "fn=outer\n0 890 40 ") && strstr(r.out, "\ncfn=inner\ncalls=30 0\n0 2910 210 "),
                  "%s", r.out);
    /* Errors: what a file cannot answer. */
    run_profil(&r, "hist --by function " TMP "/CALLS.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "CALLS.PRF: a .PRF has no calls or memory"));
    run_profil(&r, "hist --by site " TMP "/CALLS.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "fixtures/calls.map (NASM)\nprofil: --by site: " TMP "/CALLS.prx has no memory figures "
                                "(profil run --memory)\n"), "%s", r.err);
    run_profil(&r, "hist --by fn " TMP "/CALLS.prx", NULL);
    ck_assert_str_eq(r.err, "profil: --by fn: want bucket, symbol, line, function, site, service, zone, frame or label\n");
}
END_TEST

/* run --stacks: a sampling run with the call tree; heavy is 3x light. */
START_TEST(sampling_with_stacks)
{
    struct run_result r;
    struct prx x;
    struct callgraph g;
    char err[600];
    run_profil(&r, "run --stacks --timing table -o " TMP "/STACKS.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, "STACKS.prx (call stacks)"));
    ck_assert_msg(prx_read_file(TMP "/STACKS.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(x.mode, "sampling");
    ck_assert_uint_eq(x.n, 0);
    ck_assert_int_eq(callgraph_build(&x, NULL, &g), 0);
    struct prf p;
    read_prf(TMP "/STACKS.PRF", &p);
    uint64_t samples = p.hit_io + p.hit_dos + p.hit_high;
    for (unsigned b = 0; b < p.bucket_num; b++)
        samples += p.bucket[b];
    ck_assert_uint_eq(g.total[METRIC_SAMPLES], samples);     /* every sample has its stack */
    const struct fn_stats *heavy = NULL, *light = NULL;
    for (size_t i = 0; i < g.nfn; i++) {
        heavy = g.fn[i].entry == x.prog_low_pa * 16u + 0x70 ? &g.fn[i] : heavy;
        light = g.fn[i].entry == x.prog_low_pa * 16u + 0x80 ? &g.fn[i] : light;
    }
    ck_assert_ptr_nonnull(heavy);
    ck_assert_uint_eq(heavy->calls, 100);
    double ratio = (double)heavy->self[METRIC_SAMPLES] / (double)light->self[METRIC_SAMPLES];
    ck_assert_msg(ratio > 2.9 && ratio < 3.1, "heavy/light %.3f", ratio);
    callgraph_free(&g);
    prf_free(&p);
    prx_free(&x);
    run_profil(&r, "hist " TMP "/STACKS.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "is from a sampling run"));
}
END_TEST

/* run --memory on memuse.com: each site's blocks, by hand from its source. */
START_TEST(memory_per_call_site)
{
    struct run_result r;
    struct prx x;
    char err[600];
    struct profil_options o = fixture_options(FIX("memuse.com"), TMP "/MEM.PRF");
    o.memory = 1;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(prx_read_file(TMP "/MEM.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_ptr_null(x.calls);
    ck_assert_uint_eq(x.nsites, 6);
    const struct alloc_site *s = x.sites;
    /* The loader's: 4 + 9E7Ah paragraphs; shrunk to 100h by site A. */
    ck_assert_uint_eq(s[0].linear, PRX_SITE_EXEC);
    ck_assert_uint_eq(s[0].allocated, (4 + 0x9E7A) * 16);
    ck_assert_uint_eq(s[0].freed, (0x9E7A - 0x100) * 16);
    ck_assert_uint_eq(s[0].live, (4 + 0x100) * 16);
    ck_assert_uint_eq(s[0].peak, (4 + 0x9E7A) * 16);
    ck_assert_uint_eq(s[1].ip, 0x105);      /* A: INT 21h at start + 5 */
    ck_assert_uint_eq(s[1].resizes, 1);
    /* B: three blocks of 512 bytes, one freed (by C), one grown to 1024 (by D). */
    ck_assert_uint_eq(s[2].allocs, 3);
    ck_assert_uint_eq(s[2].allocated, 3 * 512 + 512);
    ck_assert_uint_eq(s[2].freed, 512);
    ck_assert_uint_eq(s[2].peak, 1536);
    ck_assert_uint_eq(s[2].live, 1536);
    ck_assert_uint_eq(s[3].frees, 1);
    ck_assert_uint_eq(s[4].resizes, 1);
    ck_assert_uint_eq(s[5].failures, 1);
    ck_assert_uint_eq(s[5].allocs, 0);
    prx_free(&x);
    run_profil(&r, "hist --by site --map " FIX("memuse.map") " " TMP "/MEM.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "       3        0        0        0       2048        512       1536       1536  "
                                        "0186:010F start+F\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "6 site(s); 5696 bytes live when the run ended (memuse.com, exit)\n"));
}
END_TEST

/* A call tree in a .prx: read back, and a bad one named. */
START_TEST(prx_call_tree_round_trip)
{
    struct call_node nodes[2] = { { CALLS_NO_PARENT, 0x1960, 0x196, 0, CALL_ROOT, 1, 10, 100, 1, 0, 0 },
                                  { 0, 0x1970, 0x196, 0x10, CALL_FAR, 7, 1ull << 40, 5, 0, 0,
                                    service_id(0x21, 0x3F, 0) } };
    struct alloc_site site = { PRX_SITE_EXEC, 0, 0, 2, 0, 0, 0, 64, 0, 64, 64 };
    struct prx x = { .program = "T.COM", .mode = "trace", .bucket_size = 1, .calls = nodes, .ncalls = 2,
                     .unmatched = 3, .open = 1, .max_depth = 1, .sites = &site, .nsites = 1 }, y;
    char err[600];
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    ck_assert_int_eq(prx_write_file(TMP "/ct.prx", &x, err, sizeof err), 0);
    ck_assert_msg(prx_read_file(TMP "/ct.prx", &y, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(y.ncalls, 2);
    ck_assert_uint_eq(y.calls[0].parent, CALLS_NO_PARENT);
    ck_assert_uint_eq(y.calls[1].kind, CALL_FAR);
    ck_assert_uint_eq(y.calls[1].insns, 1ull << 40);
    ck_assert_uint_eq(y.calls[0].service, 0);
    ck_assert_uint_eq(y.calls[1].service, service_id(0x21, 0x3F, 0));      /* the "services" rows */
    ck_assert_uint_eq(y.unmatched, 3);
    ck_assert_uint_eq(y.sites[0].linear, PRX_SITE_EXEC);
    ck_assert_uint_eq(y.sites[0].live, 64);
    prx_free(&y);
    /* A child before its parent is refused with the row named. */
    char *text;
    size_t n;
    ck_assert_int_eq(read_file(TMP "/ct.prx", (uint8_t **)&text, &n, err, sizeof err), 0);
    char *row = strstr(text, "[0, 6512, 406, 16, \"far\"");
    ck_assert_ptr_nonnull(row);
    row[1] = '1';
    FILE *f = fopen(TMP "/ct.prx", "wb");
    fwrite(text, 1, n, f);
    fclose(f);
    free(text);
    ck_assert_int_eq(prx_read_file(TMP "/ct.prx", &y, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "ct.prx: call node 1 is not [parent, entry, cs, ip, kind,") != NULL, "%s", err);
}
END_TEST

/* A chain of n nodes (node i calls node i + 1), each with 1 cycle of its own. */
static struct call_node *chain_of(size_t n)
{
    struct call_node *c = calloc(n, sizeof *c);
    for (size_t i = 0; i < n; i++)
        c[i] = (struct call_node){ i ? (uint32_t)(i - 1) : CALLS_NO_PARENT, 0x1960, 0x196, 0, i ? CALL_NEAR : CALL_ROOT,
                                   1, 1, 1, 0, 0, 0 };
    return c;
}

/* The reader holds a .prx to the depth run writes (PRX_CALL_DEPTH_MAX
 * calls below the root): 4097 nodes in a chain read back, 4098 are
 * refused with the deepest named.  Before, any depth was read, and
 * --format folded (a line per node with its whole chain) grew as
 * nodes x depth. */
START_TEST(prx_call_depth_is_capped_on_read)
{
    struct prx x = { .program = "T.COM", .mode = "trace", .bucket_size = 1, .max_depth = PRX_CALL_DEPTH_MAX }, y;
    char err[600];
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    x.ncalls = PRX_CALL_DEPTH_MAX + 1;
    x.calls = chain_of(x.ncalls);
    ck_assert_int_eq(prx_write_file(TMP "/deep.prx", &x, err, sizeof err), 0);
    ck_assert_msg(prx_read_file(TMP "/deep.prx", &y, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(y.ncalls, PRX_CALL_DEPTH_MAX + 1);
    prx_free(&y);
    free(x.calls);
    x.ncalls = PRX_CALL_DEPTH_MAX + 2;
    x.calls = chain_of(x.ncalls);
    ck_assert_int_eq(prx_write_file(TMP "/deep.prx", &x, err, sizeof err), 0);
    ck_assert_int_eq(prx_read_file(TMP "/deep.prx", &y, err, sizeof err), -1);
    ck_assert_str_eq(err, TMP "/deep.prx: call node 4097 is 4097 calls deep, past the 4096 a .prx holds");
    free(x.calls);
}
END_TEST

/* --format folded is bounded by its size: a chain of 4097 nodes of the
 * same function (name of L bytes) writes, for node i (0 first), its
 * i + 1 names each followed by ';' (the last by ' '), then "1\n":
 * sum over i of (i + 1)(L + 1) + 2 bytes.  With that as the limit it is
 * all written; one byte less and nothing is, with the reason. */
START_TEST(folded_stacks_are_bounded_by_size)
{
    struct prx x = { .program = "T.COM", .mode = "trace", .bucket_size = 1, .ncalls = PRX_CALL_DEPTH_MAX + 1 };
    struct callgraph g;
    char err[300];
    x.calls = chain_of(x.ncalls);
    ck_assert_int_eq(callgraph_build(&x, NULL, &g), 0);
    uint64_t L = strlen(g.fn[g.fn_of[0]].name), want = 0;
    for (uint64_t i = 0; i < x.ncalls; i++)
        want += (i + 1) * (L + 1) + 2;
    FILE *f = tmpfile();
    ck_assert_int_eq(callgraph_folded(f, &x, &g, METRIC_CYCLES, want, err, sizeof err), 0);
    ck_assert_int_eq(ftell(f), (long)want);
    rewind(f);
    ck_assert_int_eq(ftruncate(fileno(f), 0), 0);
    ck_assert_int_eq(callgraph_folded(f, &x, &g, METRIC_CYCLES, want - 1, err, sizeof err), -1);
    ck_assert_int_eq(ftell(f), 0);
    char msg[300];
    snprintf(msg, sizeof msg, "the folded stacks would be %llu bytes (each of 4097 nodes with its whole chain), "
             "past the limit of %llu: use --format callgrind", (unsigned long long)want, (unsigned long long)want - 1);
    ck_assert_str_eq(err, msg);
    fclose(f);
    callgraph_free(&g);
    free(x.calls);
}
END_TEST

/* DOS and BIOS frames are named by service (emu/services.c's table), one
 * function per service: hotloop.com calls INT 21h/09h twice (its two
 * messages) and INT 21h/4Ch once; the timer's IRQ 0 (INT 08h, which calls
 * INT 1Ch) comes every 65536 PIT clocks x 4 = 262144 cycles: 26 times in
 * the traced run's 6902941 cycles (floor(6902941 / 262144) = 26).  The
 * .prx keeps each node's service ("calls"' "services" rows). */
START_TEST(dos_frames_named_by_service)
{
    struct run_result r;
    struct prx x;
    char err[300];
    run_profil(&r, "run -q --trace --timing table -o " TMP "/svcn.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(prx_read_file(TMP "/svcn.prx", &x, err, sizeof err), 0);
    ck_assert_uint_eq(x.total_cycles / 262144, 26);
    int dos09 = 0;
    for (size_t i = 0; i < x.ncalls; i++)
        dos09 += x.calls[i].service == service_id(0x21, 0x09, 0);
    ck_assert_int_eq(dos09, 1);                 /* one node: both calls are from the program's entry */
    prx_free(&x);
    run_profil(&r, "hist --by function --map " FIX("hotloop.map") " " TMP "/svcn.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "\n         2    0.8%") && strstr(r.out, "  INT 21h/09h write string\n"), "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "  INT 21h/4Ch exit\n"));
    const char *timer = strstr(r.out, "  INT 08h timer\n");
    ck_assert_ptr_nonnull(timer);
    while (timer[-1] != '\n')
        timer--;
    ck_assert_int_eq(atoi(timer), 26);
    ck_assert_ptr_null(strstr(r.out, "DOS 00C0:"));
    ck_assert_ptr_null(strstr(r.out, "BIOS 0070:"));
}
END_TEST

Suite *calls_suite(void)
{
    Suite *s = suite_create("calls");
    TCase *tc = tcase_create("calls");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, shadow_stack_matches_by_slot);
    tcase_add_test(tc, observer_gives_the_tree_calls_enter_gives);
    tcase_add_test(tc, program_frames_end_with_the_program);
    tcase_add_test(tc, shadow_stack_sees_a_return_by_jump);
    tcase_add_test(tc, ms_c_chkstk_returns_by_jump);
    tcase_add_test(tc, shadow_stack_survives_a_stack_switch);
    tcase_add_test(tc, shadow_stack_depth_limit);
    tcase_add_test(tc, counters_follow_a_growing_tree);
    tcase_add_test(tc, call_tree_sums_to_the_trace_and_the_run);
    tcase_add_test(tc, counters_pause_and_resume);
    tcase_add_test(tc, calls_counted_exactly);
    tcase_add_test(tc, function_reports);
    tcase_add_test(tc, sampling_with_stacks);
    tcase_add_test(tc, memory_per_call_site);
    tcase_add_test(tc, prx_call_tree_round_trip);
    tcase_add_test(tc, prx_call_depth_is_capped_on_read);
    tcase_add_test(tc, folded_stacks_are_bounded_by_size);
    tcase_add_test(tc, dos_frames_named_by_service);
    suite_add_tcase(s, tc);
    return s;
}
