/*
 * tests/check_exact.c: the exact counts beside a .PRF (NAME.prc,
 * formats/prc.h; sampler/exact.c): written by every run, used by show,
 * hist and diff when they match the .PRF, and the wrap warning's advice.
 * Figures are derived by hand from the fixtures with --timing table.
 */
#include "testutil.h"

#include "../formats/prc.h"

/* tightlp.com at -i 60: PROFIL's 60 us are round(60 x 1.193182) = 72 PIT
 * clocks = 288 cycles; bucket 1 holds the loop's stretch of 22282437
 * cycles (tests/check_sampling.c), (36, 22282473]: 22282473 / 288 =
 * 77369.7, so 77369 or 77370 ticks, past 65535: the .PRF's word wraps. */
static void tight60(struct run_result *r, const char *out)
{
    char args[512];
    snprintf(args, sizeof args, "run --timing table -i 60 -o %s " FIX("tightlp.com"), out);
    run_profil(r, args, NULL);
    ck_assert_msg(r->status == 0, "%s", r->err);
}

START_TEST(companion_holds_the_exact_counts)
{
    struct run_result r;
    struct prf p;
    struct prc c;
    char err[512];
    tight60(&r, TMP "/T.PRF");
    read_prf(TMP "/T.PRF", &p);
    ck_assert_uint_eq(prf_size(&p), 24);                /* the .PRF stays PROFIL's */
    ck_assert_int_eq(prc_read_file(TMP "/T.prc", &c, err, sizeof err), 0);
    ck_assert_msg(c.bucket[1] == 77369 || c.bucket[1] == 77370, "bucket 1 = %llu", (unsigned long long)c.bucket[1]);
    ck_assert_uint_eq(p.bucket[1], c.bucket[1] - 65536);
    ck_assert_uint_eq(c.bucket[0] + c.bucket[2], 0);
    ck_assert_uint_eq(c.io, p.hit_io);
    ck_assert_uint_eq(c.dos, p.hit_dos);
    ck_assert_uint_eq(c.samples, c.bucket[1] + c.io + c.dos + c.high);
    ck_assert_str_eq(c.mode, "sampling");
    ck_assert_str_eq(c.unit, "samples");
    ck_assert_str_eq(c.timing, "table");
    ck_assert_str_eq(c.program, "tightlp.com");
    ck_assert_uint_eq(c.header.clock_grain, 60);
    ck_assert_uint_eq(c.header.bucket_num, 3);
    /* The run is at least the stretch; seconds = cycles / (14318180 / 3). */
    ck_assert(c.cycles > 22282473 && c.cycles < 22282473 + 2000);
    ck_assert_double_eq_tol(c.seconds, (double)c.cycles * 3 / 14318180, 1e-9);
    ck_assert(c.instructions > 20 * 65536);
    char why[200];
    prc_mismatch(&c, &p, why, sizeof why);
    ck_assert_str_eq(why, "");
    prc_free(&c);
    prf_free(&p);
}
END_TEST

/* The warning names the wrapped bucket and the smallest -i that fits:
 * -i 71 is 85 PIT clocks = 340 cycles, and 77371 x 288 / 340 = 65537.8
 * ticks (still wraps); -i 72 is 86 x 4 = 344 cycles: 64776.  Both are
 * run to show it. */
START_TEST(wrap_warning_names_buckets_and_the_interval_that_fits)
{
    struct run_result r;
    tight60(&r, TMP "/T.PRF");
    ck_assert_msg(strstr(r.err, "profil: warning: 1 counter(s) passed 65535 and wrapped in the .PRF, as PROFIL's did: "
                                "bucket 1 (00010); exact counts in " TMP "/T.prc; -i 72 or more keeps every counter "
                                "under 65536\n") != NULL, "%s", r.err);
    struct profil_options o = fixture_options(FIX("tightlp.com"), TMP "/T72.PRF");
    o.timing = PROFIL_TIMING_TABLE;
    o.interval_us = 72;
    run_session(&r, &o, NULL);
    ck_assert_str_eq(r.err, "");
    o = fixture_options(FIX("tightlp.com"), TMP "/T71.PRF");
    o.timing = PROFIL_TIMING_TABLE;
    o.interval_us = 71;
    run_session(&r, &o, NULL);
    ck_assert_ptr_nonnull(strstr(r.err, "wrapped in the .PRF, as PROFIL's did: bucket 1 (00010);"));
}
END_TEST

/* The summary's symbol shares come from the exact counts and each
 * sample's address: outer (110h-112h, MOV CX) gets only the ticks in the
 * 19 JNZ taken before it (19 x 16 = 304 cycles: one tick at 288), under
 * 0.05% and so not shown; inner (113h-11Dh) the other 77369 of bucket
 * 1's 77370, 100.0% of 77372 (the wrapped word gave 12.0%, and a split
 * by bytes 11/14 of the bucket, 78.6%). */
START_TEST(summary_uses_exact_counts)
{
    struct run_result r;
    tight60(&r, TMP "/T.PRF");
    ck_assert_msg(strstr(r.err, "profil:   inner                100.0%\n") != NULL, "%s", r.err);
    ck_assert_ptr_null(strstr(r.err, "outer"));
    struct prc c;
    char err[300];
    ck_assert_int_eq(prc_read_file(TMP "/T.prc", &c, err, sizeof err), 0);
    ck_assert_uint_eq(c.nat, 4);
    ck_assert_uint_eq(c.at[0].offset, 0x10);    /* MOV CX,0: one tick, in a JNZ */
    ck_assert_uint_eq(c.at[0].count, 1);
    prc_free(&c);
}
END_TEST

/* --trace: instructions per bucket.  work.com with input 2 at -b 2: first
 * and second (paragraphs 4 and 5, bucket 2) run 2 x 30002 instructions
 * each, 120008 together: -b 1 gives each its own 60004.  hotloop's heavy
 * runs 301200 in one paragraph: no -b fits.  The run warns only where the
 * .PRF goes without its .prc (a device: whoever reads it has only the
 * 16-bit words); beside a file, the .prc has every count and the readers
 * of the .PRF say where it wrapped. */
START_TEST(trace_wrap_suggests_a_bucket_size)
{
    struct run_result r;
    struct prc c;
    char err[512];
    FILE *f = fopen(TMP "/in2", "w");
    ck_assert_ptr_nonnull(f);
    fputs("2", f);
    fclose(f);
    run_profil(&r, "run --trace -b 2 --timing table -o " TMP "/WT.PRF " FIX("work.com"), TMP "/in2");
    ck_assert_msg(strstr(r.err, "wrapped") == NULL, "%s", r.err);
    run_profil(&r, "show " TMP "/WT.PRF", NULL);
    ck_assert_msg(strstr(r.err, "profil: exact counts from " TMP "/WT.prc; the .PRF's wrapped: bucket 2\n"), "%s", r.err);
    run_profil(&r, "run --trace -b 2 --timing table -o /dev/null --prx " TMP "/WT2.prx " FIX("work.com"), TMP "/in2");
    ck_assert_msg(strstr(r.err, "1 counter(s) passed 65535 and wrapped in the .PRF, as PROFIL's did: bucket 2 (00040); "
                                "-b 1 keeps every counter under 65536\n") != NULL, "%s", r.err);
    ck_assert_int_eq(prc_read_file(TMP "/WT.prc", &c, err, sizeof err), 0);
    ck_assert_uint_eq(c.bucket[2], 4 * 30002);
    ck_assert_str_eq(c.unit, "instructions");
    ck_assert_uint_eq(c.samples, 0);
    prc_free(&c);
    run_profil(&r, "run --trace --timing table -o /dev/null --prx " TMP "/HT2.prx " FIX("hotloop.com"), NULL);
    ck_assert_ptr_nonnull(strstr(r.err, "bucket 7 (00070), bucket 8 (00080); no -b keeps every counter under 65536 (-i "
                                        "does not change instruction counts)\n"));
}
END_TEST

/* A .PRF written to a device gets no companion, and nothing fails. */
START_TEST(no_companion_for_a_device)
{
    struct run_result r;
    run_profil(&r, "run -o /dev/null " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_null(strstr(r.err, "warning"));
    ck_assert(!file_exists("/dev/null.prc"));
    ck_assert(!file_exists("/dev/null.prc"));
}
END_TEST

/* A companion that cannot be written is said; the .PRF and the exit
 * status stand, and no temporary file is left. */
START_TEST(companion_write_failure_is_said)
{
    struct run_result r;
    ck_assert_int_eq(system("rm -rf " TMP "/D.prc " TMP "/D.PRF && mkdir -p " TMP "/D.prc"), 0);
    struct profil_options o = fixture_options(FIX("hotloop.com"), TMP "/D.PRF");
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "profil: warning: " TMP "/D.prc: Cannot open output file (Is a directory): the exact "
                            "counts are not saved\n");
    ck_assert(file_exists(TMP "/D.PRF"));
    ck_assert_int_eq(system("ls " TMP " | grep -q 'D.prc.profil-tmp-'"), 256);
    ck_assert_int_eq(system("rmdir " TMP "/D.prc"), 0);
}
END_TEST

START_TEST(companion_name)
{
    char out[64];
    prc_path("A/B.PRF", out, sizeof out);
    ck_assert_str_eq(out, "A/B.prc");
    prc_path("a.b/SORT", out, sizeof out);
    ck_assert_str_eq(out, "a.b/SORT.prc");
    prc_path("x.prc", out, sizeof out);
    ck_assert_str_eq(out, "x.prc.prc");
}
END_TEST

/* show and hist use the companion and say so; the .PRF alone gives the
 * 16-bit words (77370 - 65536 = 11834) and says they are modulo 65536. */
START_TEST(show_and_hist_use_exact_counts)
{
    struct run_result r;
    struct prf p;
    tight60(&r, TMP "/T.PRF");
    read_prf(TMP "/T.PRF", &p);
    uint64_t exact = p.bucket[1] + 65536ull;
    char want[200];
    prf_free(&p);
    run_profil(&r, "show " TMP "/T.PRF", NULL);
    ck_assert_str_eq(r.err, "profil: exact counts from " TMP "/T.prc; the .PRF's wrapped: bucket 1\n");
    snprintf(want, sizeof want, "     1  00010  %8llu  100.0%%  (the .PRF holds %llu: wrapped)\n",
             (unsigned long long)exact, (unsigned long long)exact - 65536);
    ck_assert_msg(strstr(r.out, want) != NULL, "%s", r.out);
    run_profil(&r, "hist " TMP "/T.PRF", NULL);     /* then the symbols of the map beside the program */
    ck_assert_str_eq(r.err, "profil: exact counts from " TMP "/T.prc; the .PRF's wrapped: bucket 1\nprofil: no map or "
                            "debug information for tightlp.com: --map, or build with /Zi, /V, -v, -d2\n");
    snprintf(want, sizeof want, "%8llu 100.0%% 100.0%%  ", (unsigned long long)exact);
    ck_assert_msg(strstr(r.out, want) != NULL, "%s", r.out);

    ck_assert_int_eq(system("cp " TMP "/T.PRF " TMP "/alone.PRF && rm -f " TMP "/alone.prc"), 0);
    run_profil(&r, "hist " TMP "/alone.PRF", NULL);
    ck_assert_str_eq(r.err, "profil: " TMP "/alone.PRF alone (no " TMP "/alone.prc): its counters are 16-bit, so "
                            "figures are modulo 65536 if any wrapped\n");
    snprintf(want, sizeof want, "%8llu 100.0%% 100.0%%  ", (unsigned long long)exact - 65536);
    ck_assert_msg(strstr(r.out, want) != NULL, "%s", r.out);
}
END_TEST

/* A companion from another run is not used: a layout that differs, or a
 * count that is not the .PRF's word modulo 65536. */
START_TEST(stale_companion_is_refused)
{
    struct run_result r;
    struct prc c;
    char err[512];
    tight60(&r, TMP "/T.PRF");
    ck_assert_int_eq(prc_read_file(TMP "/T.prc", &c, err, sizeof err), 0);
    c.bucket[1] += 1;
    c.at[1].count += 1;             /* the loop's address: the companion adds up, but is not the .PRF's */
    ck_assert_int_eq(prc_write_file(TMP "/T.prc", &c, err, sizeof err), 0);
    run_profil(&r, "show " TMP "/T.PRF", NULL);
    char want[300];
    snprintf(want, sizeof want, "profil: " TMP "/T.prc does not match " TMP "/T.PRF: its bucket 1, %llu, is not the "
             ".PRF's %llu modulo 65536 (from another run) (using the .PRF's 16-bit counters, modulo 65536)\n",
             (unsigned long long)c.bucket[1], (unsigned long long)(c.bucket[1] - 1 - 65536));
    ck_assert_str_eq(r.err, want);
    c.header.clock_grain = 72;
    ck_assert_int_eq(prc_write_file(TMP "/T.prc", &c, err, sizeof err), 0);
    run_profil(&r, "hist " TMP "/T.PRF", NULL);
    ck_assert_ptr_nonnull(strstr(r.err, "T.prc does not match " TMP "/T.PRF: its clock_grain is 72, the .PRF's 60"));
    prc_free(&c);
}
END_TEST

/* hist of a trace's .PRF counts instructions, exactly: hotloop's 402201. */
START_TEST(trace_prf_hist_says_instructions)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("hotloop.com"), TMP "/HT.PRF");
    o.trace = 1;
    o.timing = PROFIL_TIMING_TABLE;
    run_session(&r, &o, NULL);
    run_profil(&r, "hist " TMP "/HT.PRF", NULL);
    ck_assert_msg(strstr(r.out, "  402201 instructions (1-paragraph buckets") != NULL, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "  301200  74.9%"));
    /* Without HT.prc, the trace's HT.prx gives the same exact counts. */
    ck_assert_int_eq(remove(TMP "/HT.prc"), 0);
    run_profil(&r, "hist " TMP "/HT.PRF", NULL);
    ck_assert_msg(strstr(r.err, "profil: exact counts from " TMP "/HT.prx; the .PRF's wrapped: bucket 7, bucket 8\n")
                  == r.err, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "  402201 instructions (1-paragraph buckets"));
}
END_TEST

Suite *exact_suite(void)
{
    Suite *s = suite_create("exact");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, companion_holds_the_exact_counts);
    tcase_add_test(tc, wrap_warning_names_buckets_and_the_interval_that_fits);
    tcase_add_test(tc, summary_uses_exact_counts);
    tcase_add_test(tc, trace_wrap_suggests_a_bucket_size);
    tcase_add_test(tc, no_companion_for_a_device);
    tcase_add_test(tc, companion_name);
    tcase_add_test(tc, companion_write_failure_is_said);
    tcase_add_test(tc, show_and_hist_use_exact_counts);
    tcase_add_test(tc, stale_companion_is_refused);
    tcase_add_test(tc, trace_prf_hist_says_instructions);
    suite_add_tcase(s, tc);
    return s;
}
