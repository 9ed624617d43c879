/*
 * tests/check_clock.c: the default clock (the bus model) as the program
 * sees it: the memo in front of the bus model gives what playing every
 * instruction clock by clock gives.
 */
#include "../emu/biu.h"
#include "../emu/biu_memo.h"
#include "../emu/machine.h"
#include "../formats/prx.h"
#include "testutil.h"

/* An instruction at 0x1000 in `mem` and the state of its BIU. */
struct memo_case {
    const uint8_t *code;
    unsigned n;
    unsigned queued;
    struct bus_access access[2];
    unsigned naccess;
};

static void setup_insn(struct eu_insn *in, uint8_t *mem, const struct memo_case *c)
{
    memset(in, 0, sizeof *in);
    memcpy(mem + 0x1000, c->code, c->n);
    in->mem = mem;
    in->linear = 0x1000;
    in->next = 0x1000 + c->n;
    in->table = 10;
    in->naccess = c->naccess;
    memcpy(in->access, c->access, c->naccess * sizeof c->access[0]);
}

static void same_biu(const struct biu *a, const struct biu *b)
{
    ck_assert_uint_eq(a->queued, b->queued);
    ck_assert_uint_eq(a->fetch_at, b->fetch_at);
    ck_assert_int_eq(a->busy, b->busy);
    ck_assert_uint_eq(a->t, b->t);
    ck_assert_int_eq(a->fetch_start, b->fetch_start);
}

START_TEST(memo_gives_what_the_model_gives)
{
    static uint8_t mem[MEM_SIZE];
    static const uint8_t push_ax[] = { 0x50 }, mov_ds[] = { 0x3E, 0xA2, 0xA1, 0xAB }, add_m[] = { 0x01, 0x07 };
    const struct memo_case cases[] = {
        { push_ax, 1, 4, { { 1, 2 } }, 1 },
        { push_ax, 1, 0, { { 1, 2 } }, 1 },
        { mov_ds, 4, 4, { { 1, 1 } }, 1 },
        { mov_ds, 4, 1, { { 1, 1 } }, 1 },
        { add_m, 2, 3, { { 0, 2 }, { 1, 2 } }, 2 },
    };
    struct biu_memo *memo = biu_memo_new();
    ck_assert_ptr_nonnull(memo);
    for (unsigned wide = 0; wide < 2; wide++)
        for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            struct eu_insn in;
            struct biu plain, first, again;
            unsigned s_plain, s_first, s_again;
            setup_insn(&in, mem, &cases[i]);
            biu_init(&plain, (int)wide, cases[i].queued, 0x1000 + cases[i].queued);
            first = again = plain;
            unsigned t_plain = biu_time(NULL, &plain, &in, &s_plain);
            setup_insn(&in, mem, &cases[i]);
            unsigned t_first = biu_time(memo, &first, &in, &s_first);
            setup_insn(&in, mem, &cases[i]);
            unsigned t_again = biu_time(memo, &again, &in, &s_again);
            ck_assert_uint_eq(t_first, t_plain);
            ck_assert_uint_eq(t_again, t_plain);
            ck_assert_uint_eq(s_first, s_plain);
            ck_assert_uint_eq(s_again, s_plain);
            same_biu(&first, &plain);
            same_biu(&again, &plain);
        }
    uint64_t lookups, misses;
    biu_memo_stats(memo, &lookups, &misses);
    ck_assert_uint_eq(lookups, 20);     /* 2 CPUs x 5 cases x 2 */
    ck_assert_uint_eq(misses, 10);      /* the first of each pair */
    biu_memo_free(memo);
}
END_TEST

START_TEST(memo_sees_code_change)
{
    static uint8_t mem[MEM_SIZE];
    static const uint8_t mov_ds[] = { 0x3E, 0xA2, 0xA1, 0xAB };
    const struct memo_case c = { mov_ds, 4, 2, { { 1, 1 } }, 1 };
    struct biu_memo *memo = biu_memo_new();
    struct eu_insn in;
    struct biu b;
    unsigned stall, t0, t1;
    uint64_t lookups, misses;
    setup_insn(&in, mem, &c);
    biu_init(&b, 0, 2, 0x1002);
    t0 = biu_time(memo, &b, &in, &stall);
    /* A byte after the instruction changes: still the same instruction. */
    mem[0x1004] = 0xCC;
    setup_insn(&in, mem, &c);
    biu_init(&b, 0, 2, 0x1002);
    ck_assert_uint_eq(biu_time(memo, &b, &in, &stall), t0);
    biu_memo_stats(memo, &lookups, &misses);
    ck_assert_uint_eq(misses, 1);
    /* Its prefix becomes a NOP (self-modifying code): a miss, and the
     * time of what is there now. */
    static const uint8_t nop_mov[] = { 0x90, 0xA2, 0xA1, 0xAB };
    const struct memo_case d = { nop_mov, 4, 2, { { 1, 1 } }, 1 };
    setup_insn(&in, mem, &d);
    in.next = 0x1001;   /* the NOP alone, as the CPU would run it */
    in.naccess = 0;
    biu_init(&b, 0, 2, 0x1002);
    t1 = biu_time(memo, &b, &in, &stall);
    biu_memo_stats(memo, &lookups, &misses);
    ck_assert_uint_eq(misses, 2);
    setup_insn(&in, mem, &d);
    in.next = 0x1001;
    in.naccess = 0;
    biu_init(&b, 0, 2, 0x1002);
    ck_assert_uint_eq(biu_time(NULL, &b, &in, &stall), t1);
    ck_assert_uint_ne(t1, t0);
    biu_memo_free(memo);
}
END_TEST

/* The cycles of each NOP of nopsled.com (its offsets 1-1024) under the
 * run's options; the summary in r. */
static void nop_cycles(const char *options, struct run_result *r, uint64_t *cycles)
{
    char args[512], err[512];
    struct prx x;
    snprintf(args, sizeof args, "run --trace %s -o " TMP "/NOPSLED.PRF " FIX("nopsled.com"), options);
    run_profil(r, args, NULL);
    ck_assert_msg(r->status == 0, "%s", r->err);
    ck_assert_msg(prx_read_file(TMP "/NOPSLED.prx", &x, err, sizeof err) == 0, "%s", err);
    memset(cycles, 0, 1025 * sizeof *cycles);
    for (size_t i = 0; i < x.n; i++) {
        uint32_t off = prx_offset(&x, &x.e[i]);
        if (x.e[i].cls == PRX_PROGRAM && off >= 1 && off <= 1024)
            cycles[off] = x.e[i].cycles;
    }
    prx_free(&x);
}

/* A NOP takes the EU 3 clocks, but the 8088 brings one byte per 4-clock
 * bus cycle: a run of NOPs drains the queue (a byte used every 3 clocks,
 * one arriving every 4), and from then on each NOP waits for its own
 * byte, 4 clocks from the last.  The table charges the EU's 3. */
START_TEST(default_clock_is_the_8088_bus)
{
    static uint64_t cycles[1025];
    struct run_result r;
    nop_cycles("", &r, cycles);
    ck_assert_ptr_nonnull(strstr(r.err, "(8088, bus timing)"));
    for (unsigned off = 16; off <= 1024; off++)
        ck_assert_msg(cycles[off] == 4, "NOP at offset %u: %llu cycles", off, (unsigned long long)cycles[off]);
    nop_cycles("--timing table", &r, cycles);
    ck_assert_ptr_nonnull(strstr(r.err, "(8088, table timing)"));
    for (unsigned off = 16; off <= 1024; off++)
        ck_assert_uint_eq(cycles[off], 3);
    /* The 186 and 286 have no bus model: the table is their default. */
    nop_cycles("--cpu 286", &r, cycles);
    ck_assert_ptr_nonnull(strstr(r.err, "(286, table timing)"));
}
END_TEST

Suite *clock_suite(void)
{
    Suite *s = suite_create("clock");
    TCase *tc = tcase_create("memo");
    tcase_add_test(tc, memo_gives_what_the_model_gives);
    tcase_add_test(tc, memo_sees_code_change);
    suite_add_tcase(s, tc);
    tc = tcase_create("default");
    tcase_add_test(tc, default_clock_is_the_8088_bus);
    suite_add_tcase(s, tc);
    return s;
}
