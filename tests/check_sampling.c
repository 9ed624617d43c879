/*
 * tests/check_sampling.c: sample counts derived by hand from each
 * fixture's cycle budget (8088 table, docs/timing.md; service costs,
 * docs/costs.md).  Default interval 100 us: the sampling period is
 * 4 * round(100 * 1.193182) = 4 * 119 = 476 cycles, first tick at 476.
 *
 * A tick is attributed to the CS:IP a real interrupt would push: the
 * instruction after the one it falls in.  So a bucket receives the ticks
 * that fall in instructions whose *next* instruction lies in the bucket.
 */
#include <math.h>

#include "testutil.h"

#define PERIOD 476u

static void profile(const char *fixture, const char *out, struct prf *p)
{
    struct run_result r;
    char args[512];
    snprintf(args, sizeof args, "run -q --timing table -o %s %s", out, fixture);
    run_profil(&r, args, NULL);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    read_prf(out, p);
}

/* 1. tightlp.com (tests/fixtures/tightlp.asm), interrupts off.
 * Before the loop: CLI 2 + MOV DX 4 + 11 NOPs x 3 = 39 cycles; the last
 * NOP (starting at 36) already has the loop's first instruction as next.
 * Bucket 1 (offsets 110h-11Fh) then receives, in one stretch:
 *   last NOP                                     3
 *   20 x (MOV CX,0 4 + 65535 x LOOP 17 + LOOP 5 + DEC DX 2)  22282120
 *   19 x JNZ taken 16 + 1 x not taken 4          308
 *   STI 2 + MOV AX 4 (INT 21h at 11Ch is next)   6
 *   = 22282437 cycles, from 36 to 22282473.
 * Ticks in (36, 22282473]: floor(22282473/476) - floor(36/476) = 46811. */
START_TEST(tight_loop_bucket_equals_cycles_over_period)
{
    struct prf p;
    profile(FIX("tightlp.com"), TMP "/tight.prf", &p);
    uint64_t stretch = 3 + 20ull * (4 + 65535ull * 17 + 5 + 2) + 19 * 16 + 4 + 2 + 4;
    ck_assert_uint_eq(stretch, 22282437);
    uint64_t expect = (36 + stretch) / PERIOD - 36 / PERIOD;
    ck_assert_uint_eq(expect, 46811);
    ck_assert_uint_eq(p.bucket_num, 3);
    ck_assert_msg((uint64_t)p.bucket[1] + 1 >= expect && p.bucket[1] <= expect + 1,
                  "bucket 1 = %u, expected %llu +-1", p.bucket[1], (unsigned long long)expect);
    /* Start-up is 36 cycles: no tick falls in it, so bucket 0 has none. */
    ck_assert_uint_eq(p.bucket[0], 0);
    ck_assert_uint_eq(p.bucket[2], 0);
    ck_assert_uint_eq(p.hit_high, 0);
    prf_free(&p);
}
END_TEST

/* 2. hotloop.com: heavy (bucket 7) and light (bucket 8), each in its own
 * paragraph.  Per call, the bucket receives CALL 23 (its next instruction
 * is the routine's first) + the routine without its RET (whose next is
 * back in the caller):
 *   heavy: 23 + 10 NOPs x 3 + MOV CX 4 + 2999 x 17 + 5 = 51045
 *   light: 23 + MOV CX 4 + 999 x 17 + 5                   = 17015
 * exactly 3:1.  The timer runs (18.2 Hz): each IRQ's IRET (44) lands in
 * whichever routine was interrupted, in proportion to its time. */
START_TEST(three_to_one_routines)
{
    struct prf p;
    ck_assert_uint_eq(23 + 10 * 3 + 4 + 2999 * 17 + 5, 3 * (23 + 4 + 999 * 17 + 5));
    profile(FIX("hotloop.com"), TMP "/hot.prf", &p);
    double ratio = (double)p.bucket[7] / (double)p.bucket[8];
    ck_assert_msg(ratio > 3 * 0.99 && ratio < 3 * 1.01, "heavy %u / light %u = %.4f",
                  p.bucket[7], p.bucket[8], ratio);
    /* 100 rounds of 51045 + 17015 cycles: 6806000 / 476 = 14298 ticks. */
    ck_assert_uint_ge(p.bucket[7] + p.bucket[8], 14298 - 30);
    ck_assert_uint_le(p.bucket[7] + p.bucket[8], 14298 + 30);
    prf_free(&p);
}
END_TEST

/* 3. print.com, interrupts off.  From docs/costs.md:
 *   INT 21h/09h, 10 characters: INT 71 (its next is the DOS stub) + call 350
 *     + 10 x 120 in DOS; 10 x 900 in the console driver (I/O system)
 *   INT 10h/0Eh: INT 71 (next: the BIOS stub) + 120 + 900, all I/O system
 *   exit INT 21h/4Ch: 71 + 350 in DOS
 * dos = 200 x 1621 + 421 = 324621 cycles -> 681.98 ticks
 * io  = 200 x 9000 + 300 x 1091 = 2127300 cycles -> 4469.1 ticks */
START_TEST(service_time_lands_in_dos_and_io)
{
    struct prf p;
    profile(FIX("print.com"), TMP "/print.prf", &p);
    double dos = (200.0 * (71 + 350 + 10 * 120) + 71 + 350) / PERIOD;
    double io = (200.0 * 10 * 900 + 300.0 * (71 + 120 + 900)) / PERIOD;
    ck_assert_msg(p.hit_dos > dos * 0.99 && p.hit_dos < dos * 1.01, "hit_dos %u, expected %.1f",
                  p.hit_dos, dos);
    ck_assert_msg(p.hit_io > io * 0.99 && p.hit_io < io * 1.01, "hit_io %u, expected %.1f",
                  p.hit_io, io);
    ck_assert_uint_eq(p.hit_high, 0);
    prf_free(&p);
}
END_TEST

/* 4. high.com copies its routine to CS+1000h and RETFs there.  hit_high
 * gets RETF 34 (next: the copy) + MOV CX 4 + 19999 x 17 + 5 = 340026
 * cycles -> 714.3 ticks; the routine's RETF back is the program's. */
START_TEST(code_above_the_program_is_high)
{
    struct prf p;
    profile(FIX("high.com"), TMP "/high.prf", &p);
    double expect = (34 + 4 + 19999.0 * 17 + 5) / PERIOD;
    ck_assert_msg(p.hit_high >= (unsigned)expect - 1 && p.hit_high <= (unsigned)expect + 1,
                  "hit_high %u, expected %.1f", p.hit_high, expect);
    prf_free(&p);
}
END_TEST

/* 7. The golden file tests/golden/TIGHTLP.PRF, every word explained:
 *   clock_grain  100    -i default
 *   bucket_num   3      30-byte file: (30+15)>>4 = 2 paragraphs, 2/1 + 1
 *   bucket_size  1      -b default
 *   prog_low_pa  0196h  arena MCB at 0180h; the environment (50 bytes:
 *                       COMSPEC=C:\COMMAND.COM, PATH=C:\, an empty string,
 *                       word 1, C:\TIGHTLP.COM) takes 4 paragraphs at
 *                       0181h; the program's MCB at 0185h, PSP 0186h; + 10h
 *   prog_high_pa 0198h  0196h + 2
 *   dos_pa       00C0h  the INT 20h vector's segment
 *   hit_io       1      STI lets the IRQ0 that waited through the loop run
 *                       the BIOS INT 08h handler (~400 cycles): one tick
 *   hit_dos      1      the exit: INT 21h 71 + 350 cycles: one tick
 *   hit_high     0
 *   buckets      0, 46811 (test 1's derivation), 0 */
START_TEST(golden_prf_byte_for_byte)
{
    uint8_t *got, *want;
    size_t ngot, nwant;
    char err[256];
    struct prf p;
    profile(FIX("tightlp.com"), TMP "/golden.prf", &p);
    ck_assert_uint_eq(p.clock_grain, 100);
    ck_assert_uint_eq(p.bucket_num, 3);
    ck_assert_uint_eq(p.bucket_size, 1);
    ck_assert_uint_eq(p.prog_low_pa, 0x196);
    ck_assert_uint_eq(p.prog_high_pa, 0x198);
    ck_assert_uint_eq(p.dos_pa, 0xC0);
    ck_assert_uint_eq(p.hit_io, 1);
    ck_assert_uint_eq(p.hit_dos, 1);
    ck_assert_uint_eq(p.hit_high, 0);
    ck_assert_uint_eq(p.bucket[1], 46811);
    prf_free(&p);
    ck_assert_int_eq(read_file(TMP "/golden.prf", &got, &ngot, err, sizeof err), 0);
    ck_assert_int_eq(read_file("tests/golden/TIGHTLP.PRF", &want, &nwant, err, sizeof err), 0);
    ck_assert_uint_eq(ngot, 24);
    ck_assert_uint_eq(ngot, nwant);
    ck_assert_mem_eq(got, want, ngot);
    free(got);
    free(want);
}
END_TEST

/* The same program and options give the same bytes, timer and all. */
START_TEST(same_run_same_bytes)
{
    uint8_t *a, *b;
    size_t na, nb;
    char err[256];
    struct prf p;
    profile(FIX("hotloop.com"), TMP "/det1.prf", &p);
    prf_free(&p);
    profile(FIX("hotloop.com"), TMP "/det2.prf", &p);
    prf_free(&p);
    ck_assert_int_eq(read_file(TMP "/det1.prf", &a, &na, err, sizeof err), 0);
    ck_assert_int_eq(read_file(TMP "/det2.prf", &b, &nb, err, sizeof err), 0);
    ck_assert_uint_eq(na, nb);
    ck_assert_mem_eq(a, b, na);
    free(a);
    free(b);
}
END_TEST

/* The share of `name` in a `hist --format csv` table (kind `kind`), or -1. */
static double csv_share(const char *csv, const char *kind, const char *name, double *hits)
{
    char key[64];
    snprintf(key, sizeof key, "\n%s,\"%s\",", kind, name);
    const char *at = strstr(csv, key);
    unsigned start, end;
    double h, pc;
    if (!at || sscanf(at + strlen(key), "%u,%u,%lf,%lf", &start, &end, &h, &pc) != 4)
        return -1;
    if (hits)
        *hits = h;
    return pc;
}

/* 6. sharebkt.com (its comment derives the figures): HOT and COLD share
 * bucket 2; HOT loops three times as long.  The trace gives 2,556,000 and
 * 856,000 cycles, exactly as derived; a sampling run's figures, from each
 * sample's address (kept in NAME.prc), are within 2 points of the trace's
 * shares, in the run's summary and in hist --map.  The same .PRF without
 * its NAME.prc can only split the bucket by bytes, 6 and 6: half each,
 * marked "~" with the reason in text, CSV and JSON. */
START_TEST(shared_bucket_exact_per_symbol)
{
    struct run_result r;
    char csv[sizeof ((struct run_result *)0)->out + 2];
    double hot_cycles = 0, cold_cycles = 0, hot_hits = 0, cold_hits = 0;
    run_profil(&r, "run -q --trace --timing table -o " TMP "/sbt.PRF " FIX("sharebkt.com"), NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    run_profil(&r, "hist --map " FIX("sharebkt.map") " --metric cycles --format csv " TMP "/sbt.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    snprintf(csv, sizeof csv, "\n%s", r.out);
    double hot_trace = csv_share(csv, "symbol", "hot", &hot_cycles);
    double cold_trace = csv_share(csv, "symbol", "cold", &cold_cycles);
    ck_assert_double_eq(hot_cycles, 500.0 * (4 + 299 * 17 + 5 + 20));
    ck_assert_double_eq(cold_cycles, 500.0 * (4 + 99 * 17 + 5 + 20));
    ck_assert_double_eq_tol(hot_trace, 100.0 * 2556000 / 3449526, 0.001);

    run_profil(&r, "run --timing table -o " TMP "/sbs.PRF " FIX("sharebkt.com"), NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    double hot_run, cold_run;
    const char *h = strstr(r.err, "profil:   hot "), *c = strstr(r.err, "profil:   cold ");
    ck_assert_msg(h && c && sscanf(h + 14, " %lf%%", &hot_run) == 1 && sscanf(c + 15, " %lf%%", &cold_run) == 1,
                  "%s", r.err);
    ck_assert_msg(fabs(hot_run - hot_trace) <= 2 && fabs(cold_run - cold_trace) <= 2,
                  "summary hot %.1f cold %.1f, trace %.1f %.1f", hot_run, cold_run, hot_trace, cold_trace);
    ck_assert_ptr_nonnull(strstr(r.err, "(exact: % of samples, each counted for the symbol at its address; symbols: "
                                        FIX("sharebkt.map") " (NASM))"));
    ck_assert_ptr_null(strstr(r.err, "~"));

    run_profil(&r, "hist --map " FIX("sharebkt.map") " --format csv " TMP "/sbs.PRF", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    snprintf(csv, sizeof csv, "\n%s", r.out);
    double hot_s = csv_share(csv, "symbol", "hot", &hot_hits), cold_s = csv_share(csv, "symbol", "cold", &cold_hits);
    ck_assert_msg(fabs(hot_s - hot_trace) <= 2 && fabs(cold_s - cold_trace) <= 2, "hist hot %.2f cold %.2f", hot_s,
                  cold_s);
    ck_assert_double_eq(hot_hits, floor(hot_hits));        /* whole samples: nothing split */
    ck_assert_ptr_null(strstr(r.out, "~"));
    struct prf p;
    read_prf(TMP "/sbs.PRF", &p);
    ck_assert_double_eq(hot_hits + cold_hits, p.bucket[2]);     /* all of bucket 2 is theirs */

    /* The .PRF alone: PROFIL's buckets, split by bytes. */
    ck_assert_int_eq(system("cp " TMP "/sbs.PRF " TMP "/sba.PRF && rm -f " TMP "/sba.prc"), 0);
    run_profil(&r, "hist --map " FIX("sharebkt.map") " --format csv " TMP "/sba.PRF", NULL);
    snprintf(csv, sizeof csv, "\n%s", r.out);
    ck_assert_double_eq_tol(csv_share(csv, "~symbol", "hot", &hot_hits), 100.0 * p.bucket[2] / 2 / prf_total(&p),
                            0.001);
    ck_assert_double_eq(hot_hits, p.bucket[2] / 2.0);
    ck_assert_ptr_nonnull(strstr(csv, "\n~,\"~ estimates: each 16-byte bucket's samples split among its symbols by "
                                      "bytes, as the .PRF has no NAME.prc with each sample's address beside it\""));
    run_profil(&r, "hist --map " FIX("sharebkt.map") " " TMP "/sba.PRF", NULL);
    ck_assert_msg(strstr(r.out, "~49.6%") && strstr(r.out, "\n~ estimates: each 16-byte bucket's samples"), "%s",
                  r.out);
    run_profil(&r, "hist --map " FIX("sharebkt.map") " --format json " TMP "/sba.PRF", NULL);
    ck_assert_msg(strstr(r.out, "\"estimate\": \"~ estimates: each 16-byte bucket's samples"), "%s", r.out);
    run_profil(&r, "hist --map " FIX("sharebkt.map") " --format json " TMP "/sbs.PRF", NULL);
    ck_assert_ptr_null(strstr(r.out, "\"estimate\""));
    prf_free(&p);
}
END_TEST

Suite *sampling_suite(void)
{
    Suite *s = suite_create("sampling");
    TCase *tc = tcase_create("fixtures");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, tight_loop_bucket_equals_cycles_over_period);
    tcase_add_test(tc, three_to_one_routines);
    tcase_add_test(tc, shared_bucket_exact_per_symbol);
    tcase_add_test(tc, service_time_lands_in_dos_and_io);
    tcase_add_test(tc, code_above_the_program_is_high);
    tcase_add_test(tc, golden_prf_byte_for_byte);
    tcase_add_test(tc, same_run_same_bytes);
    suite_add_tcase(s, tc);
    return s;
}
