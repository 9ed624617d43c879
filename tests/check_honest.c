/*
 * tests/check_honest.c: reports that say what happened (issue 15): hist
 * --top ranks the busiest buckets, trace reports rank by cycles, exports
 * the call tree cannot give are refused, the run summary marks estimates
 * and says what timing a --cpu uses, and the README's demo output is what
 * `make demo` prints.
 */
#include "testutil.h"

/* A .PRF with 16-byte buckets: 0: 10, 1: 0, 2: 50, 3: 30, 4: 5; io 5. */
static void write_small_prf(const char *path)
{
    uint16_t b[5] = { 10, 0, 50, 30, 5 };
    struct prf p = { 100, 5, 1, 0x200, 0x205, 0xC0, 5, 0, 0, b };
    char err[256];
    ck_assert_msg(prf_write_file(path, &p, err, sizeof err) == 0, "%s", err);
}

/* --top 2 shows buckets 2 and 3 (50, 30 of 100 samples): 50%, then cum
 * 80%; --sort address keeps address order (bucket 0 first, cum 10%). */
START_TEST(hist_top_is_busiest_first)
{
    struct run_result r;
    write_small_prf(TMP "/SMALL.PRF");
    run_profil(&r, "hist --top 2 --width 4 " TMP "/SMALL.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "    hits      %   cum%        address     \n"
                            "      50  50.0%  50.0%  ####  00020-0002F \n"
                            "      30  30.0%  80.0%  ##    00030-0003F \n"
                            "       5   5.0%               io\n"
                            "       0   0.0%               dos\n"
                            "       0   0.0%               high\n"
                            "     100 samples (1-paragraph buckets, 100 us; busiest first)\n");
    run_profil(&r, "hist --top 2 --width 4 --sort address " TMP "/SMALL.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "\n      10  10.0%  10.0%  #     00000-0000F \n"
                                        "      50  50.0%  60.0%  ####  00020-0002F \n"));
    run_profil(&r, "hist --sort size " TMP "/SMALL.PRF", NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_str_eq(r.err, "profil: --sort size: want hits or address\n");
}
END_TEST

Suite *honest_suite(void)
{
    Suite *s = suite_create("honest");
    TCase *tc = tcase_create("honest");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, hist_top_is_busiest_first);
    suite_add_tcase(s, tc);
    return s;
}
