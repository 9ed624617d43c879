/*
 * tests/check_realmaps.c: maps written by the real Microsoft linkers, as
 * they write them: LINK 2.00 (MS-DOS 2.0) starts each publics list on a new
 * page (a line holding a form feed), adds warnings and an "Unresolved
 * Externals" list; LINK 3.65 (MS-DOS 4.0) has five-digit lengths; MASM
 * keeps 31 characters of a long name.  tests/fixtures/realmap_link200.map
 * and realmap_link365.map describe tests/fixtures/realmap_exe.asm (its
 * comment says how they were made); profil_link200.map is LINK 2.00's map
 * of MS-DOS 2.0's PROFIL.OBJ.  Each report that takes a map reads them.
 */
#include "testutil.h"

#include "../formats/symtab.h"

#define MAP200 "tests/fixtures/realmap_link200.map"
#define MAP365 "tests/fixtures/realmap_link365.map"
#define LONGNAME "SPIN_ROUTINE_WITH_A_RATHER_LONG"

/* The layout both maps give (realmap_exe.asm's comment). */
static void expect_realmap(const char *path)
{
    struct symtab t;
    char err[512];
    ck_assert_msg(symtab_read_file(path, &t, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(t.format, MAP_MSLINK);
    ck_assert_uint_eq(t.nseg, 3);
    ck_assert_str_eq(t.seg[2].name, "STACK");
    ck_assert_uint_eq(t.seg[2].stop, 0x15F);
    static const char *const names[5] = { "START", LONGNAME, "NEVER_CALLED", "COUNTER", "TABLE" };
    static const uint32_t at[5] = { 0, 0x21, 0x29, 0x30, 0x32 };
    ck_assert_uint_eq(t.nsym, 5);
    for (int i = 0; i < 5; i++) {
        ck_assert_str_eq(t.sym[i].name, names[i]);
        ck_assert_uint_eq(t.sym[i].addr, at[i]);
    }
    /* CODE is code; DATA (class DATA) and STACK (class STACK) are not. */
    ck_assert_int_eq(symtab_is_data(&t, 0x21), 0);
    ck_assert_int_eq(symtab_is_data(&t, 0x30), 1);
    ck_assert_int_eq(symtab_is_data(&t, 0x100), 1);
    symtab_free(&t);
}

START_TEST(link200_and_link365_maps_parse)
{
    expect_realmap(MAP200);
    expect_realmap(MAP365);
    /* PROFIL.OBJ alone: a warning, three segments without a class, one
     * public, then the unresolved externals after the entry point. */
    struct symtab t;
    char err[512];
    ck_assert_msg(symtab_read_file("tests/fixtures/profil_link200.map", &t, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(t.nseg, 3);
    ck_assert_str_eq(t.seg[2].name, "INIT");
    ck_assert_uint_eq(t.nsym, 1);
    ck_assert_str_eq(t.sym[0].name, "CLK_INTER");
    ck_assert_uint_eq(t.sym[0].addr, 0x2FC);
    symtab_free(&t);
    /* A form feed mid-line is a page break too; an external listed after
     * the publics is not read as one. */
    static const char text[] = "\r\n Start  Stop   Length  Name                   Class\r\n"
                               " 00000H 0002FH 0030H  CODE                   CODE\r\n\f\r\n"
                               "\f  Address         Publics by Value\r\n\r\n 0000:0010       MAIN\r\n"
                               "Unresolved Externals:\r\n\r\nFOO in file(s): \r\n         X.OBJ(X)\r\n";
    ck_assert_msg(symtab_parse(text, sizeof text - 1, &t, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(t.nsym, 1);
    ck_assert_str_eq(t.sym[0].name, "MAIN");
    symtab_free(&t);
}
END_TEST

/* A trace of realmap.exe, with the .prx's exact counts per symbol.  By
 * hand from the source: SPIN_... runs 200 times PUSH, MOV, 100 x LOOP,
 * POP, RET = 104 instructions: 20800; START runs 10 before the loop, CALL
 * and LOOP 200 times, then MOV and INT: 412. */
static void trace_realmap(void)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("realmap.exe"), TMP "/RM.PRF");
    o.timing = PROFIL_TIMING_TABLE;
    o.trace = 1;
    o.memory = 1;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
}

START_TEST(hist_with_real_maps)
{
    struct run_result r;
    trace_realmap();
    run_profil(&r, "hist --metric instructions --map " MAP200 " " TMP "/RM.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "   20800  98.0%  98.0%"));
    ck_assert_ptr_nonnull(strstr(r.out, LONGNAME " 00021-00028\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "     412   1.9%  99.9%"));
    /* The name column widens to the 31-character name: addresses align. */
    ck_assert_ptr_nonnull(strstr(r.out, "  START                           00000-00020\n"));
    /* The sampled .PRF through LINK 3.65's map: a row per symbol. */
    run_profil(&r, "hist --map " MAP365 " " TMP "/RM.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, LONGNAME " 00021-00028\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "Microsoft LINK map, 5 symbols)\n"));
}
END_TEST

/* The run's summary reads the map (no "summary shows buckets" warning). */
START_TEST(summary_with_real_map)
{
    struct run_result r;
    run_profil(&r, "run --timing table --map " MAP200 " -o " TMP "/RS.PRF " FIX("realmap.exe"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_null(strstr(r.err, "warning"));
    ck_assert_ptr_nonnull(strstr(r.err, "profil:   " LONGNAME));
    ck_assert_ptr_nonnull(strstr(r.err, "profil:   START"));
}
END_TEST

/* --by site names the three INT 21h of START (at +5, +0Ch, +12h). */
START_TEST(sites_with_real_map)
{
    struct run_result r;
    trace_realmap();
    run_profil(&r, "hist --by site --map " MAP200 " " TMP "/RM.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "       0        1        0        0          0          0          0"
                                        "          0  0196:0005 START+5\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "       1        0        0        0         16         16         16"
                                        "          0  0196:000C START+C\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "START+12\n"));
}
END_TEST

/* cover: START's 33 bytes (00-20h) and SPIN_'s 8 ran, NEVER_CALLED's one
 * RET did not: 41 of 42 = 97.6%.  COUNTER and TABLE are in the DATA
 * segment: not code, not counted. */
START_TEST(cover_with_real_map)
{
    struct run_result r;
    trace_realmap();
    run_profil(&r, "cover --map " MAP200 " " TMP "/RM.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "START                        33      0  100.0%  00000-00020\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "NEVER_CALLED                  0      1    0.0%  00029-00029\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "total                        41      1   97.6%\n"
                                        "never executed (1): NEVER_CALLED\n"
                                        "data, not code (2): COUNTER TABLE\n"));
    ck_assert_ptr_null(strstr(r.out, "COUNTER   "));
}
END_TEST

/* cover refuses what has no per-address counts. */
START_TEST(cover_refuses_prf_and_sampling_prx)
{
    struct run_result r;
    trace_realmap();
    run_profil(&r, "cover " TMP "/RM.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: " TMP "/RM.PRF: not a .prx: coverage needs the .prx of profil run --trace\n");
    struct profil_options o = fixture_options(FIX("realmap.exe"), TMP "/RK.PRF");
    o.stacks = 1;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "cover " TMP "/RK.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: " TMP "/RK.prx: a sampling run's .prx has no per-address counts: "
                            "coverage needs the .prx of profil run --trace\n");
    ck_assert_str_eq(r.out, "");
    /* show on a .prx points to hist. */
    run_profil(&r, "show " TMP "/RM.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: " TMP "/RM.prx: a .prx, not a .PRF: use profil hist " TMP "/RM.prx\n");
    /* Also one of a version this profil does not read (was: "odd size"). */
    ck_assert_int_eq(system("printf '{\"format\": \"profil-prx\", \"version\": 99}\\n' > " TMP "/v99.prx"), 0);
    run_profil(&r, "show " TMP "/v99.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    /* (hist could not read it either: show says why rather than point there) */
    ck_assert_str_eq(r.err, "profil: " TMP "/v99.prx: .prx version 99, this profil reads versions 1 to 6\n");
}
END_TEST

Suite *realmaps_suite(void)
{
    Suite *s = suite_create("realmaps");
    TCase *tc = tcase_create("realmaps");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, link200_and_link365_maps_parse);
    tcase_add_test(tc, hist_with_real_maps);
    tcase_add_test(tc, summary_with_real_map);
    tcase_add_test(tc, sites_with_real_map);
    tcase_add_test(tc, cover_with_real_map);
    tcase_add_test(tc, cover_refuses_prf_and_sampling_prx);
    suite_add_tcase(s, tc);
    return s;
}
