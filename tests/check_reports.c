/*
 * tests/check_reports.c: `profil hist`.  PROHST 1.0's listing is compared
 * byte for byte with what the real PROHST.EXE printed for the hand-made
 * profiles in tests/prohst/ (README.md there says how each was made); the
 * inputs on which PROHST itself fails get a clean listing.
 */
#include "testutil.h"

#include "../report/prohst.h"
#include "../formats/symtab.h"
#include "../report/export.h"

#define PROHST_DATA "tests/prohst/"

static void expect_same(const char *listing_file, const char *golden)
{
    uint8_t *a, *b;
    size_t na, nb;
    char err[512];
    ck_assert_msg(read_file(listing_file, &a, &na, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(read_file(golden, &b, &nb, err, sizeof err) == 0, "%s", err);
    size_t i = 0;
    while (i < na && i < nb && a[i] == b[i])
        i++;
    ck_assert_msg(na == nb && i == na, "%s differs from %s at byte %zu", listing_file, golden, i);
    free(a);
    free(b);
}

START_TEST(prohst_listing_is_byte_identical)
{
    static const char *names[] = { "T1", "T4", "T5", "T6", "HELLO" };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        struct run_result r;
        char args[512], golden[256];
        int map = !strcmp(names[i], "HELLO");
        snprintf(args, sizeof args, "hist --style prohst %s%s%s " PROHST_DATA "%s.PRF",
                 map ? "--map " PROHST_DATA : "", map ? names[i] : "", map ? ".MAP" : "", names[i]);
        run_profil(&r, args, NULL);
        ck_assert_int_eq(r.status, 0);
        snprintf(golden, sizeof golden, PROHST_DATA "%s.HST", names[i]);
        expect_same(TMP "/out", golden);
    }
}
END_TEST

/* PROHST's own command form: "HELLO,,;" is HELLO.PRF, HELLO.HST, HELLO.MAP. */
START_TEST(prohst_command_form_writes_the_hst)
{
    struct run_result r;
    ck_assert_int_eq(system("mkdir -p " TMP "/ph && cp " PROHST_DATA "HELLO.PRF " PROHST_DATA "HELLO.MAP "
                            PROHST_DATA "T1.PRF " TMP "/ph/ && rm -f " TMP "/ph/*.HST"), 0);
    run_profil(&r, "hist '" TMP "/ph/HELLO,,;'", NULL);
    ck_assert_int_eq(r.status, 0);
    expect_same(TMP "/ph/HELLO.HST", PROHST_DATA "HELLO.HST");
    run_profil(&r, "hist '" TMP "/ph/T1;'", NULL);
    ck_assert_int_eq(r.status, 0);
    expect_same(TMP "/ph/T1.HST", PROHST_DATA "T1.HST");
    /* Without ';' the missing parts are asked for; empty answers take the defaults. */
    if (system("rm -f " TMP "/ph/T1.HST && printf '\\n\\n' > " TMP "/ph/answers") != 0)
        ck_abort();
    run_profil(&r, "hist " TMP "/ph/T1,", TMP "/ph/answers");
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "Map file  [NUL.map]: ");
    expect_same(TMP "/ph/T1.HST", PROHST_DATA "T1.HST");
}
END_TEST

/* The command form finds its files as DOS does, whatever their case:
 * PRIME,,; reads prime.prf and Prime.Map, and writes PRIME.HST. */
START_TEST(prohst_command_form_ignores_case)
{
    struct run_result r;
    ck_assert_int_eq(system("rm -rf " TMP "/pc && mkdir -p " TMP "/pc && cp " PROHST_DATA "HELLO.PRF " TMP
                            "/pc/prime.prf && cp " PROHST_DATA "HELLO.MAP " TMP "/pc/Prime.Map"), 0);
    run_profil(&r, "hist '" TMP "/pc/PRIME,,;'", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    expect_same(TMP "/pc/PRIME.HST", PROHST_DATA "HELLO.HST");
}
END_TEST

static char *render(uint16_t *buckets, uint16_t n)
{
    struct prf p = { 100, n, 1, 0x200, (uint16_t)(0x200 + n - 1), 0xC0, 0, 0, 0, buckets, NULL, NULL, NULL, 0 };
    struct prohst_map map = { .n = 0 };
    char *out;
    size_t len;
    ck_assert_int_eq(prohst_render(&p, &map, &out, &len), 0);
    ck_assert_uint_eq((uint8_t)out[len - 1], 0x1A);
    out[len - 1] = 0;
    return out;
}

/* Where PROHST 1.0 divides by zero, prints a garbage row, or hangs. */
START_TEST(prohst_failures_are_clean_here)
{
    uint16_t zeros[3] = { 0, 0, 0 };
    char *s = render(zeros, 3);
    ck_assert_ptr_nonnull(strstr(s, "Number of hits in DOS:     0 or  0.0%."));
    ck_assert_ptr_nonnull(strstr(s, "% 0.0                                        0.0\r\n"));
    free(s);
    uint16_t trailing[2] = { 4, 0 };        /* one zero last: PROHST's garbage row left out */
    s = render(trailing, 2);
    ck_assert_ptr_nonnull(strstr(s, "    4. 000000       100.0 100.0 |"
                                    "                                            *\r\n\r\n"
                                    "                               +---"));
    free(s);
}
END_TEST

/* ../shared/spec/PROFIL.md section 4: after a final run of two or more
 * zero buckets PROHST 1.0 prints the blank line, then the last bucket's
 * row with 0 hits at its own address (1-paragraph buckets: bucket 2 at
 * 20h, bucket 3 at 30h), cumulative 100.0, 0.0, no star. */
START_TEST(prohst_row_after_trailing_zeros)
{
    static const char *const want[2] = {
        "    4. 000000       100.0 100.0 |                                            *\r\n\r\n"
        "    0. 000020       100.0  0.0 |\r\n                               +---",
        "    4. 000000       100.0 100.0 |                                            *\r\n\r\n"
        "    0. 000030       100.0  0.0 |\r\n                               +---" };
    uint16_t two[3] = { 4, 0, 0 }, three[4] = { 4, 0, 0, 0 };
    char *s = render(two, 3);
    ck_assert_msg(strstr(s, want[0]) != NULL, "%s", s);
    free(s);
    s = render(three, 4);
    ck_assert_msg(strstr(s, want[1]) != NULL, "%s", s);
    free(s);
    uint16_t full[2] = { 65535, 1 };
    s = render(full, 2);
    ck_assert_ptr_nonnull(strstr(s, "65535. 000000       100.0 100.0 |"));
    ck_assert_ptr_nonnull(strstr(s, "    1. 000010       100.0  0.0 |\r\n"));
    free(s);
}
END_TEST

START_TEST(map_segments_read_as_prohst_reads_them)
{
    static const char text[] = "\r\n Start  Stop   Length  Name                   Class\r\n"
                               " 00000H 00130H 0131H  CODE                   \r\n"
                               " 00140H 001A3H 0064H  COD2                   \r\n"
                               "\r\n 00200H 00300H 0100H  AFTER                  \r\n";
    struct prohst_map map;
    prohst_map_parse(text, sizeof text - 1, &map);
    ck_assert_int_eq(map.n, 2);                     /* stops at the blank line */
    ck_assert_uint_eq(map.seg[1].para, 0x14);       /* columns 2-5: a paragraph */
    ck_assert_str_eq(map.seg[1].name, "COD2           ");
}
END_TEST

START_TEST(default_histogram)
{
    struct run_result r;
    run_profil(&r, "hist --width 10 tests/golden/TIGHTLP.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "   46811 100.0% 100.0%  ##########  00010-0001F \n"));
    ck_assert_ptr_nonnull(strstr(r.out, "       1   0.0%                     io\n"));
    /* Busiest first by default, into a pipe as on a terminal (--sort address for the other order). */
    ck_assert_ptr_nonnull(strstr(r.out, "   46813 samples (1-paragraph buckets, 100 us; busiest first)\n"));
    run_profil(&r, "hist --width 10 --sort address tests/golden/TIGHTLP.PRF", NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "   46813 samples (1-paragraph buckets, 100 us)\n"));
    run_profil(&r, "hist --style fancy tests/golden/TIGHTLP.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "--style fancy"));
}
END_TEST

static void write_prf(const char *path, uint16_t size, uint16_t b0, uint16_t b1, uint16_t dos)
{
    uint16_t b[2] = { b0, b1 };
    struct prf p = { 100, 2, size, 0x200, 0x202, 0xC0, 0, dos, 0, b, NULL, NULL, NULL, 0 };
    char err[256];
    ck_assert_msg(prf_write_file(path, &p, err, sizeof err) == 0, "%s", err);
}

/* diff's exit codes: 0 unmoved, 1 moved past the threshold, 2 incomparable. */
START_TEST(diff_exit_codes)
{
    struct run_result r;
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    write_prf(TMP "/a.prf", 1, 100, 0, 0);
    write_prf(TMP "/b.prf", 1, 50, 50, 0);      /* half the time moved to bucket 1 */
    write_prf(TMP "/c.prf", 1, 99, 1, 0);       /* one point moved */
    write_prf(TMP "/d.prf", 2, 100, 0, 0);      /* other bucket size */
    write_prf(TMP "/e.prf", 1, 100, 0, 1);      /* one more sample, in DOS */

    run_profil(&r, "diff " TMP "/a.prf " TMP "/a.prf", NULL);
    ck_assert_int_eq(r.status, 0);
    /* The totals first: 100 samples at 100 us, no NAME.prc: 0.010 s estimated. */
    ck_assert_str_eq(r.out, "profil: totals, old -> new:\n"
                            "  emulated time         0.010 s ->        0.010 s     +0.0%  (estimated: samples x interval)\n"
                            "  samples                 100 ->          100     +0.0%\n"
                            "profil: profiles match (a row's own cost may grow 2.0%)\n");

    /* Rows by their own time, 0.1 ms a sample: bucket 0 got faster (not
     * flagged), bucket 1 is new, 5 ms, past 0.5% of the old run's 10 ms. */
    run_profil(&r, "diff " TMP "/a.prf " TMP "/b.prf", NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.out, "      10.000        5.000   -50.0%    100.0    50.0  bucket 0 (00000)  (faster)\n") &&
                  strstr(r.out, "       0.000        5.000      new      0.0    50.0  bucket 1 (00010)  <-- grew past "
                                "the threshold\n"), "%s", r.out);

    /* One sample moved: bucket 1's new 0.1 ms is 1% of the old run's
     * 10 ms, past the 0.5% floor, so it fails whatever --threshold (a new
     * row grows without bound); bucket 0, 10 -> 9.9 ms, is a speed-up. */
    run_profil(&r, "diff --threshold 2 " TMP "/a.prf " TMP "/c.prf", NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "       9.900 "));
    run_profil(&r, "diff " TMP "/c.prf " TMP "/a.prf", NULL);
    ck_assert_int_eq(r.status, 0);      /* the other way round: faster, nothing grew */

    run_profil(&r, "diff " TMP "/a.prf " TMP "/d.prf", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "different bucket layouts (2 buckets of 1 paragraphs vs 2 of 2)"));
    run_profil(&r, "diff " TMP "/a.prf " TMP "/missing.prf", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, TMP "/missing.prf: File not found"));
}
END_TEST

/* With a map, rows are symbols: hotloop's HEAVY (bucket 7) and LIGHT
 * (bucket 8) trade a quarter of the samples: LIGHT's own time doubled
 * (flagged), HEAVY's shrank a third (shown faster). */
START_TEST(diff_per_symbol)
{
    uint16_t a[10] = { [7] = 300, [8] = 100 }, b[10] = { [7] = 200, [8] = 200 };
    struct prf pa = { 100, 10, 1, 0x196, 0x19F, 0xC0, 0, 0, 0, a, NULL, NULL, NULL, 0 }, pb = pa;
    char err[256];
    struct run_result r;
    pb.bucket = b;
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    ck_assert_int_eq(prf_write_file(TMP "/ha.prf", &pa, err, sizeof err), 0);
    ck_assert_int_eq(prf_write_file(TMP "/hb.prf", &pb, err, sizeof err), 0);
    run_profil(&r, "diff --map tests/fixtures/hotloop_ms.map " TMP "/ha.prf " TMP "/hb.prf", NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "      30.000       20.000   -33.3%     75.0    50.0  HEAVY  (faster)\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "      10.000       20.000  +100.0%     25.0    50.0  LIGHT  <-- grew past the "
                                        "threshold\n"));
    run_profil(&r, "diff --map tests/fixtures/tightlp.asm " TMP "/ha.prf " TMP "/hb.prf", NULL);
    ck_assert_int_eq(r.status, 2);
}
END_TEST

START_TEST(diff_exact_names_the_field)
{
    struct run_result r;
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    write_prf(TMP "/a.prf", 1, 100, 0, 0);
    write_prf(TMP "/e.prf", 1, 100, 0, 1);
    write_prf(TMP "/f.prf", 1, 100, 3, 0);
    run_profil(&r, "diff --exact " TMP "/a.prf " TMP "/a.prf", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "diff --exact " TMP "/a.prf " TMP "/e.prf", NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_ptr_nonnull(strstr(r.out, "differ: hit_dos (offset 14): 0 vs 1\n"));
    run_profil(&r, "diff --exact " TMP "/a.prf " TMP "/f.prf", NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "differ: bucket 1 (offset 20): 0 vs 3\n"));
}
END_TEST

/* tests/fixtures/hotloop_ms.map, written by hand in Microsoft LINK's
 * format to match hotloop.asm: publics listed by name and by value (one
 * symbol each), an absolute symbol (no code address, left out). */
START_TEST(mslink_map_parsed)
{
    struct symtab t;
    char err[512];
    ck_assert_msg(symtab_read_file("tests/fixtures/hotloop_ms.map", &t, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(t.format, MAP_MSLINK);
    ck_assert_uint_eq(t.nseg, 1);
    ck_assert_str_eq(t.seg[0].name, "_TEXT");
    ck_assert_str_eq(t.seg[0].cls, "CODE");
    ck_assert_uint_eq(t.seg[0].stop, 0x85);
    ck_assert_uint_eq(t.nsym, 3);
    ck_assert_str_eq(t.sym[0].name, "ROUND");
    ck_assert_uint_eq(t.sym[1].addr, 0x70);
    ck_assert_uint_eq(symtab_symbol_end(&t, 1, 0x1000), 0x80);  /* up to LIGHT */
    ck_assert_uint_eq(symtab_symbol_end(&t, 2, 0x1000), 0x86);  /* to the segment's end */
    symtab_free(&t);
}
END_TEST

/* The map NASM itself wrote for hotloop.com (the Makefile asks for it):
 * addresses less the 100h origin, local labels (heavy.l) left out. */
START_TEST(nasm_map_parsed)
{
    struct symtab t;
    char err[512];
    ck_assert_msg(symtab_read_file(FIX("hotloop.map"), &t, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(t.format, MAP_NASM);
    ck_assert_str_eq(t.seg[0].name, ".text");
    ck_assert_uint_eq(t.seg[0].start, 0);
    const char *want[5] = { "round", "hello", "done", "heavy", "light" };
    const uint32_t at[5] = { 0x0A, 0x1F, 0x5F, 0x70, 0x80 };
    ck_assert_uint_eq(t.nsym, 5);
    for (int i = 0; i < 5; i++) {
        ck_assert_str_eq(t.sym[i].name, want[i]);
        ck_assert_uint_eq(t.sym[i].addr, at[i]);
    }
    symtab_free(&t);
}
END_TEST

/* Borland's linkers mark unreferenced publics "Idle" before the name. */
START_TEST(borland_idle_publics)
{
    struct symtab t;
    char err[256];
    static const char map[] = "\r\n Start  Stop   Length Name               Class\r\n"
                              " 00000H 0024FH 00250H _TEXT              CODE\r\n\r\n"
                              "  Address         Publics by Value\r\n\r\n"
                              " 0000:0000       _main\r\n 0000:0010  Idle _unused\r\n";
    ck_assert_int_eq(symtab_parse(map, sizeof map - 1, &t, err, sizeof err), 0);
    ck_assert_uint_eq(t.nsym, 2);
    ck_assert_str_eq(t.sym[1].name, "_unused");
    ck_assert_uint_eq(t.sym[1].addr, 0x10);
    symtab_free(&t);
}
END_TEST

START_TEST(map_errors_name_the_line)
{
    struct symtab t;
    char err[512];
    static const char bad[] = "\r\n Start  Stop   Length Name   Class\r\n 00000H 00085H 00086H _TEXT CODE\r\n"
                              " 0001H oops\r\n";
    ck_assert_int_eq(symtab_parse(bad, sizeof bad - 1, &t, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "line 4: a segment line should read"));
    ck_assert_int_eq(symtab_parse("hello\n", 6, &t, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "not a linker map"));
}
END_TEST

/* tests/fixtures/ld86_prog.map is what dev86's ld86 -0 -d -M wrote for
 * this source (as86 -0), outside the repository:
 *   .text / export _main / _main: call _heavy / call _light / ret /
 *   export _heavy / _heavy: nop / ret / export _light / _light: nop / ret /
 *   .data / export _counter / _counter: .word 0 */
START_TEST(ld86_map_parsed)
{
    struct symtab t;
    char err[512];
    ck_assert_msg(symtab_read_file("tests/fixtures/ld86_prog.map", &t, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(t.format, MAP_LD86);
    ck_assert_uint_eq(t.nsym, 4);
    ck_assert_str_eq(t.sym[0].name, "_main");       /* sorted by address */
    ck_assert_uint_eq(t.sym[0].addr, 0);
    ck_assert_str_eq(t.sym[1].name, "_heavy");      /* call 3 + call 3 + ret 1 = 7 */
    ck_assert_uint_eq(t.sym[1].addr, 7);
    ck_assert_uint_eq(t.sym[2].addr, 9);
    ck_assert_str_eq(t.sym[3].name, "_counter");
    ck_assert_uint_eq(t.sym[3].addr, 0x0C);
    symtab_free(&t);
    static const char bad[] = "  prog  _main  0  zzzz  R\nTotal memory used: 00000134\n";
    ck_assert_int_eq(symtab_parse(bad, sizeof bad - 1, &t, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "line 1: a symbol line should read"));
}
END_TEST

/* What bcc -Md (dev86: a DOS .COM linked by ld86 with -T100 and a data
 * segment of its own) writes, cut from a Dhrystone build's map: text at
 * 100h and up, data offsets (segments 1 and 3) that overlap the text's, and
 * absolute constants (flag 'a').  Symbols are offsets in the image (the
 * .COM's first byte, PSP:0100h, is 0), so startup (100h) is 0 and _Proc_1
 * (633h) is 533h; data and constants are not code addresses and are left
 * out, and so is __segoff, dev86 libc's data segment distance in
 * paragraphs (flagged R in segment 0 like code: taken for an address it
 * made the origin 0). */
START_TEST(ld86_com_map_from_bcc)
{
    static const char map[] =
        "                crt0               startup  0  00000100  R N\n"
        "                crt0                 no_op  0  00000103  R\n"
        "                crt0             ZP_safety  1  00000000  r\n"
        "              dhry_1             _Int_Glob  3  00000910  R C\n"
        "              dhry_1                 _main  0  0000010c  R\n"
        "              dhry_1               _Proc_1  0  00000633  R\n"
        "               msdos              __segoff  0  000000e5  R\n"
        "              string            strchr.off  0  00000004  a\n"
        "Total memory used: 0000e40f\n";
    struct symtab t;
    char err[512];
    ck_assert_msg(symtab_parse(map, sizeof map - 1, &t, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(t.format, MAP_LD86);
    ck_assert_uint_eq(t.nsym, 4);
    ck_assert_str_eq(t.sym[0].name, "startup");
    ck_assert_uint_eq(t.sym[0].addr, 0);
    ck_assert_str_eq(t.sym[1].name, "no_op");
    ck_assert_uint_eq(t.sym[1].addr, 3);
    ck_assert_str_eq(t.sym[2].name, "_main");
    ck_assert_uint_eq(t.sym[2].addr, 0x0C);
    ck_assert_str_eq(t.sym[3].name, "_Proc_1");
    ck_assert_uint_eq(t.sym[3].addr, 0x533);
    symtab_free(&t);
}
END_TEST

/* PROHST's HELLO.MAP was written by the real MS-DOS 2.0 LINK. */
START_TEST(real_link_map_parsed)
{
    struct symtab t;
    char err[512];
    ck_assert_msg(symtab_read_file(PROHST_DATA "HELLO.MAP", &t, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(t.nseg, 4);
    ck_assert_str_eq(t.seg[1].name, "COD2");
    ck_assert_uint_eq(t.seg[1].start, 0x140);
    ck_assert_uint_eq(t.seg[3].stop, 0x25F);
    ck_assert_uint_eq(t.nsym, 0);
    symtab_free(&t);
}
END_TEST

/* hist --map: heavy and light each fill their own paragraph, so each gets
 * exactly its bucket's samples, from either map. */
START_TEST(hist_rows_per_symbol)
{
    struct run_result r;
    struct prf p;
    char want[128];
    struct profil_options o = fixture_options(FIX("hotloop.com"), TMP "/hm.prf");
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    read_prf(TMP "/hm.prf", &p);
    const char *maps[2] = { FIX("hotloop.map"), "tests/fixtures/hotloop_ms.map" };
    const char *heavy[2] = { "heavy", "HEAVY" };
    for (int k = 0; k < 2; k++) {
        char args[256];
        snprintf(args, sizeof args, "hist --width 10 --map %s " TMP "/hm.prf", maps[k]);
        run_profil(&r, args, NULL);
        ck_assert_int_eq(r.status, 0);
        snprintf(want, sizeof want, "%8u ", p.bucket[7]);
        ck_assert_ptr_nonnull(strstr(r.out, want));
        ck_assert_ptr_nonnull(strstr(r.out, heavy[k]));
        snprintf(want, sizeof want, "%8u ", p.bucket[8]);
        ck_assert_ptr_nonnull(strstr(r.out, want));
    }
    /* --by bucket: address order, each bucket named by its symbol. */
    run_profil(&r, "hist --by bucket --width 10 --map tests/fixtures/hotloop_ms.map " TMP "/hm.prf", NULL);
    ck_assert_int_eq(r.status, 0);
    snprintf(want, sizeof want, "%8u ", p.bucket[7]);
    char *h = strstr(r.out, want);
    ck_assert_ptr_nonnull(h);
    ck_assert_ptr_nonnull(strstr(h, "  00070-0007F HEAVY\n"));
    ck_assert_ptr_nonnull(strstr(h, "  00080-0008F LIGHT\n"));
    /* No --map: the map beside the program hm.prc names (the one rule). */
    run_profil(&r, "hist --by symbol --width 10 " TMP "/hm.prf", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, "profil: symbols: "));
    ck_assert_ptr_nonnull(strstr(r.err, "fixtures/hotloop.map (NASM)\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "##########  heavy                    00070-0007F\n"));
    run_profil(&r, "hist --width 10 --map tests/fixtures/hotloop_ms.map " TMP "/hm.prf", NULL);
    /* heavy's row comes first: it has the most samples. */
    ck_assert_ptr_nonnull(strstr(r.out, "##########  HEAVY                    00070-0007F\n"));
    prf_free(&p);
    run_profil(&r, "hist --map tests/fixtures/tightlp.asm " TMP "/hm.prf", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "tests/fixtures/tightlp.asm: not a linker map"));
}
END_TEST

/* Exports of a two-bucket profile; a symbol name with a quote, a
 * backslash and a control byte is escaped for each format. */
START_TEST(csv_and_json_exports)
{
    uint16_t b[2] = { 3, 1 };
    struct prf p = { 100, 2, 1, 0x200, 0x202, 0xC0, 0, 4, 0, b, NULL, NULL, NULL, 0 };
    static const char map[] = "\r\n Start  Stop   Length Name   Class\r\n 00000H 0001FH 00020H _TEXT CODE\r\n"
                              "\r\n  Address         Publics by Value\r\n\r\n 0000:0000       A\"B\\C\x01\r\n";
    struct symtab t;
    char err[256], text[2048];
    ck_assert_int_eq(symtab_parse(map, sizeof map - 1, &t, err, sizeof err), 0);
    FILE *f = fmemopen(text, sizeof text, "w");
    ck_assert_int_eq(export_csv(f, &p, NULL), 0);
    fclose(f);
    ck_assert_str_eq(text, "kind,name,start,end,hits,percent\n"
                           "bucket,\"0\",0,16,3,37.500\n"
                           "bucket,\"1\",16,32,1,12.500\n"
                           "io,\"io\",,,0,0.000\n"
                           "dos,\"dos\",,,4,50.000\n"
                           "high,\"high\",,,0,0.000\n");
    f = fmemopen(text, sizeof text, "w");
    ck_assert_int_eq(export_csv(f, &p, &t), 0);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(text, "symbol,\"A\"\"B\\C\x01\",0,32,4.00,50.000\n"));
    f = fmemopen(text, sizeof text, "w");
    ck_assert_int_eq(export_json(f, &p, &t), 0);
    fclose(f);
    ck_assert_ptr_nonnull(strstr(text, "\"header\": {\"clock_grain\": 100, \"bucket_num\": 2, \"bucket_size\": 1, "
                                       "\"prog_low_pa\": 512, \"prog_high_pa\": 514, \"dos_pa\": 192, "
                                       "\"hit_io\": 0, \"hit_dos\": 4, \"hit_high\": 0},\n"));
    ck_assert_ptr_nonnull(strstr(text, "\"total_samples\": 8,\n  \"buckets\": [3, 1],\n"));
    ck_assert_ptr_nonnull(strstr(text, "{\"name\": \"A\\\"B\\\\C\\u0001\", \"start\": 0, \"end\": 32, \"hits\": 4.00}"));
    ck_assert_ptr_nonnull(strstr(text, "\"unattributed\": 0.00\n}\n"));
    symtab_free(&t);
}
END_TEST

START_TEST(callgrind_and_folded_exports)
{
    uint16_t b[2] = { 3, 1 };
    struct prf p = { 100, 2, 1, 0x200, 0x202, 0xC0, 0, 4, 0, b, NULL, NULL, NULL, 0 };
    static const char map[] = "\r\n Start  Stop   Length Name   Class\r\n 00000H 0001FH 00020H _TEXT CODE\r\n"
                              "\r\n  Address         Publics by Value\r\n\r\n 0000:0000       MAIN\r\n"
                              " 0000:0010       do;it\r\n";
    struct symtab t;
    char err[256], text[2048];
    ck_assert_int_eq(symtab_parse(map, sizeof map - 1, &t, err, sizeof err), 0);
    FILE *f = fmemopen(text, sizeof text, "w");
    ck_assert_int_eq(export_callgrind(f, &p, &t, "X.PRF"), 0);
    fclose(f);
    ck_assert_str_eq(text, "# callgrind format\nversion: 1\ncreator: profil\ncmd: X.PRF\n\n"
                           "positions: line\nevents: Samples\nsummary: 8\n\nfl=X.PRF\n"
                           "fn=MAIN\n0 3\nfn=do;it\n0 1\nfn=(dos)\n0 4\n");
    f = fmemopen(text, sizeof text, "w");
    ck_assert_int_eq(export_folded(f, &p, &t), 0);
    fclose(f);
    ck_assert_str_eq(text, "program;MAIN 3\nprogram;do:it 1\n(dos) 4\n");
    symtab_free(&t);
}
END_TEST

/* The SVG is well-formed XML (checked with python3's parser when there is
 * one) and escapes names; bars are sorted by samples (ties by name: the
 * (dos) row, also 4, comes first), the largest 480 units wide. */
START_TEST(svg_export)
{
    uint16_t b[2] = { 3, 1 };
    struct prf p = { 100, 2, 1, 0x200, 0x202, 0xC0, 0, 4, 0, b, NULL, NULL, NULL, 0 };
    static const char map[] = "\r\n Start  Stop   Length Name   Class\r\n 00000H 0001FH 00020H _TEXT CODE\r\n"
                              "\r\n  Address         Publics by Value\r\n\r\n 0000:0000       a<b>&c\r\n";
    struct symtab t;
    char err[256];
    ck_assert_int_eq(symtab_parse(map, sizeof map - 1, &t, err, sizeof err), 0);
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    FILE *f = fopen(TMP "/x.svg", "w");
    ck_assert_int_eq(export_svg(f, &p, &t, "X<1>.PRF"), 0);
    fclose(f);
    symtab_free(&t);
    char text[8192];
    slurp(TMP "/x.svg", text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "X&lt;1&gt;.PRF \xe2\x80\x94 8 samples</text>"));
    ck_assert_ptr_nonnull(strstr(text, ">a&lt;b&gt;&amp;c</text>\n<rect x=\"220\" y=\"72\" width=\"480\""));
    ck_assert_ptr_nonnull(strstr(text, "<title>(dos): 4 samples (50.0%)</title>"));
    if (system("command -v python3 > /dev/null 2>&1") != 0) {
        fprintf(stderr, "check_reports: python3 not installed: SVG well-formedness not checked\n");
        return;
    }
    ck_assert_int_eq(system("python3 -c \"import xml.etree.ElementTree as E; E.parse('" TMP "/x.svg')\""), 0);
}
END_TEST

/* When valgrind's callgrind_annotate is installed, it reads our file. */
START_TEST(callgrind_annotate_reads_it)
{
    struct run_result r;
    if (system("command -v callgrind_annotate > /dev/null 2>&1") != 0) {
        fprintf(stderr, "check_reports: callgrind_annotate not installed: skipped\n");
        return;
    }
    run_profil(&r, "hist --format callgrind tests/golden/TIGHTLP.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(system("cp " TMP "/out " TMP "/callgrind.out && callgrind_annotate --auto=no " TMP
                            "/callgrind.out > " TMP "/annotated 2>&1"), 0);
    char out[8192];
    slurp(TMP "/annotated", out, sizeof out);
    ck_assert_ptr_nonnull(strstr(out, "46,813 (100.0%)  PROGRAM TOTALS"));
    ck_assert_ptr_nonnull(strstr(out, "46,811 (100.0%)  tests/golden/TIGHTLP.PRF:bucket 1 (00010)"));
}
END_TEST

Suite *reports_suite(void)
{
    Suite *s = suite_create("reports");
    TCase *tc = tcase_create("hist");
    tcase_add_test(tc, prohst_listing_is_byte_identical);
    tcase_add_test(tc, prohst_command_form_writes_the_hst);
    tcase_add_test(tc, prohst_failures_are_clean_here);
    tcase_add_test(tc, prohst_row_after_trailing_zeros);
    tcase_add_test(tc, prohst_command_form_ignores_case);
    tcase_add_test(tc, map_segments_read_as_prohst_reads_them);
    tcase_add_test(tc, default_histogram);
    tcase_add_test(tc, diff_exit_codes);
    tcase_add_test(tc, mslink_map_parsed);
    tcase_add_test(tc, nasm_map_parsed);
    tcase_add_test(tc, map_errors_name_the_line);
    tcase_add_test(tc, real_link_map_parsed);
    tcase_add_test(tc, ld86_map_parsed);
    tcase_add_test(tc, ld86_com_map_from_bcc);
    tcase_add_test(tc, borland_idle_publics);
    tcase_add_test(tc, hist_rows_per_symbol);
    tcase_add_test(tc, csv_and_json_exports);
    tcase_add_test(tc, callgrind_and_folded_exports);
    tcase_add_test(tc, callgrind_annotate_reads_it);
    tcase_add_test(tc, svg_export);
    tcase_add_test(tc, diff_exact_names_the_field);
    tcase_add_test(tc, diff_per_symbol);
    suite_add_tcase(s, tc);
    return s;
}
