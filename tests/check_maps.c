/*
 * tests/check_maps.c: the Borland, Turbo Pascal and Open Watcom link maps,
 * line-number tables and `profil hist --by line`.  Each fixture map in
 * tests/fixtures/hotloop_*.map is written by hand in its linker's layout
 * to match hotloop.asm (round at 0Ah, heavy at 70h, light at 80h, the
 * code ending at 85h); the line tables give hotloop.asm's own line
 * numbers (nasm -l lists them).
 */
#include <math.h>

#include "testutil.h"

#include "../report/attrib.h"
#include "../formats/symtab.h"
#include "genmap.h"

#include <time.h>

static void read_map(const char *path, struct symtab *t)
{
    char err[512];
    ck_assert_msg(symtab_read_file(path, t, err, sizeof err) == 0, "%s", err);
}

/* Symbol i has this name and address. */
static void expect_symbol(const struct symtab *t, size_t i, const char *name, uint32_t addr)
{
    ck_assert_uint_lt(i, t->nsym);
    ck_assert_str_eq(t->sym[i].name, name);
    ck_assert_uint_eq(t->sym[i].addr, addr);
}

/* TLINK: "Detailed map of segments" names it; an empty _DATA (length 0)
 * covers nothing; "idle" publics are kept; each public is listed twice
 * (by name, by value) and kept once. */
START_TEST(tlink_map_parsed)
{
    struct symtab t;
    read_map("tests/fixtures/hotloop_tlink.map", &t);
    ck_assert_int_eq(t.format, MAP_TLINK);
    ck_assert_str_eq(map_format_name(t.format), "TLINK");
    ck_assert_uint_eq(t.nseg, 1);
    ck_assert_uint_eq(t.seg[0].stop, 0x85);
    ck_assert_uint_eq(t.nsym, 3);
    expect_symbol(&t, 0, "ROUND", 0x0A);
    expect_symbol(&t, 1, "HEAVY", 0x70);
    expect_symbol(&t, 2, "LIGHT", 0x80);
    ck_assert_uint_eq(t.nline, 20);
    ck_assert_str_eq(t.line[0].label, "HOTLOOP.ASM:5");
    ck_assert_str_eq(t.line[19].label, "HOTLOOP.ASM:30");
    ck_assert_uint_eq(t.line[19].addr, 0x85);
    symtab_free(&t);
}
END_TEST

/* Turbo Pascal: the same family, told apart by its HEAP segment; the
 * module name in brackets gives the file. */
START_TEST(turbo_pascal_map_parsed)
{
    struct symtab t;
    read_map("tests/fixtures/hotloop_tp.map", &t);
    ck_assert_int_eq(t.format, MAP_TPASCAL);
    ck_assert_uint_eq(t.nseg, 3);                   /* HOTLOOP, DATA, STACK; HEAP is empty */
    ck_assert_str_eq(t.seg[2].cls, "STACK");
    ck_assert_uint_eq(t.seg[2].stop, 0x409F);
    ck_assert_uint_eq(t.nsym, 3);
    expect_symbol(&t, 1, "HEAVY", 0x70);
    ck_assert_uint_eq(t.nline, 9);
    ck_assert_str_eq(t.line[4].label, "HOTLOOP.PAS:8");
    ck_assert_uint_eq(t.line[4].addr, 0x70);
    symtab_free(&t);
}
END_TEST

/* WLINK: segments as SSSS:OOOO + size (hex without H), symbols with the
 * '*' (unreferenced) and '+' (local) marks; the Groups and Module
 * Segments tables are not segments. */
START_TEST(wlink_map_parsed)
{
    struct symtab t;
    read_map("tests/fixtures/hotloop_wlink.map", &t);
    ck_assert_int_eq(t.format, MAP_WLINK);
    ck_assert_uint_eq(t.nseg, 2);                   /* _BSS has size 0 */
    ck_assert_str_eq(t.seg[1].name, "_DATA");
    ck_assert_uint_eq(t.seg[1].start, 0x90);
    ck_assert_uint_eq(t.seg[1].stop, 0x9F);
    ck_assert_uint_eq(t.nsym, 4);
    expect_symbol(&t, 0, "round", 0x0A);
    expect_symbol(&t, 1, "heavy_", 0x70);
    expect_symbol(&t, 2, "light_", 0x80);
    expect_symbol(&t, 3, "_message", 0x90);
    ck_assert_uint_eq(t.nline, 0);
    symtab_free(&t);
}
END_TEST

/* A line's code runs to the next entry, but not past its symbol or
 * segment: line 17 (1Dh) runs into the messages up to heavy (70h); the
 * last, 30 (85h), stops at the segment's end (86h). */
START_TEST(line_ranges)
{
    struct symtab t;
    read_map("tests/fixtures/hotloop_ms.map", &t);
    ck_assert_uint_eq(t.nline, 20);
    ck_assert_uint_eq(symtab_line_end(&t, 0, 0xA0), 0x02);
    ck_assert_uint_eq(symtab_line_end(&t, 12, 0xA0), 0x70);
    ck_assert_uint_eq(symtab_line_end(&t, 19, 0xA0), 0x86);
    ck_assert_uint_eq(symtab_line_end(&t, 19, 0x80), 0x80);    /* the profile's end */
    symtab_free(&t);
}
END_TEST

/* Lines split a bucket by bytes: bucket 7 (70h-7Fh) holds lines 22 (10
 * NOPs), 23 (3 bytes), 24 (2) and 25 (1); a line listed twice sums. */
START_TEST(hits_per_line)
{
    uint16_t b[9] = { [0] = 4, [7] = 1600, [8] = 60 };
    struct prf p = { 100, 9, 1, 0x196, 0x19F, 0xC0, 0, 0, 0, b, NULL, NULL, NULL, 0 };
    static const char map[] =
        "\r\n Start  Stop   Length Name   Class\r\n 00000H 0007FH 00080H _TEXT CODE\r\n\r\n"
        "Line numbers for A.OBJ(a.c) segment _TEXT\r\n\r\n"
        "     7 0000:0000     8 0000:0002     7 0000:0003\r\n"
        "     2 0000:0070     3 0000:007A     4 0000:007D     5 0000:007F\r\n";
    struct symtab t;
    struct unit_hits *rows;
    size_t n;
    char err[256];
    ck_assert_int_eq(symtab_parse(map, sizeof map - 1, &t, err, sizeof err), 0);
    ck_assert_int_eq(attribute_lines(&p, &t, &rows, &n), 0);
    ck_assert_uint_eq(n, 7);                        /* 7, 8, 2, 3, 4, 5, (no line) */
    ck_assert_str_eq(rows[0].name, "a.c:7");        /* 0-1 and 3-6Fh: of bucket 0's 16 bytes, */
    ck_assert(rows[0].hits == 4.0 * 15 / 16);       /* all but byte 2 */
    ck_assert_uint_eq(rows[0].start, 0);
    ck_assert_uint_eq(rows[0].end, 2);              /* its first range */
    ck_assert_str_eq(rows[1].name, "a.c:8");
    ck_assert(rows[1].hits == 4.0 / 16);
    ck_assert_str_eq(rows[2].name, "a.c:2");
    ck_assert(rows[2].hits == 1600.0 * 10 / 16);
    ck_assert(rows[3].hits == 1600.0 * 3 / 16);
    ck_assert(rows[4].hits == 1600.0 * 2 / 16);
    ck_assert(rows[5].hits == 1600.0 / 16);
    ck_assert_str_eq(rows[6].name, "(no line)");    /* _TEXT ends at 7Fh: bucket 8 is nobody's */
    ck_assert(rows[6].hits == 60.0);
    free(rows);
    symtab_free(&t);
}
END_TEST

/* A line table's source file with its folder ("C:\SRC\B.C"): its
 * lines are labelled by the name, and the path is kept for the source
 * view (symtab_source_path); a name without a folder keeps nothing. */
START_TEST(line_table_keeps_the_source_folder)
{
    static const char map[] =
        "\r\n Start  Stop   Length Name   Class\r\n 00000H 0007FH 00080H _TEXT CODE\r\n\r\n"
        "Line numbers for A.OBJ(a.c) segment _TEXT\r\n\r\n     7 0000:0000\r\n\r\n"
        "Line numbers for B.OBJ(C:\\SRC\\B.C) segment _TEXT\r\n\r\n     3 0000:0010\r\n";
    struct symtab t;
    char err[256];
    ck_assert_int_eq(symtab_parse(map, sizeof map - 1, &t, err, sizeof err), 0);
    ck_assert_uint_eq(t.nline, 2);
    ck_assert_str_eq(t.line[1].label, "B.C:3");
    ck_assert_str_eq(symtab_source_path(&t, "B.C"), "C:\\SRC\\B.C");
    ck_assert_ptr_null(symtab_source_path(&t, "a.c"));
    symtab_free(&t);
}
END_TEST

/* Files of one name in several folders: each file's lines are labelled
 * by the shortest end of its path no other file's path ends with (a path
 * that is another's end, UTIL.C, SRC\UTIL.C, whole; a drive when only it
 * differs); names of one file (case, '/', ".") are one file; a name no
 * other file has stays bare. */
START_TEST(same_named_files_are_told_apart)
{
    static const char map[] =
        "\r\n Start  Stop   Length Name   Class\r\n 00000H 000FFH 00100H _TEXT CODE\r\n\r\n"
        "Line numbers for A.OBJ(SRC\\UTIL.C) segment _TEXT\r\n\r\n     1 0000:0000\r\n\r\n"
        "Line numbers for B.OBJ(LIB\\UTIL.C) segment _TEXT\r\n\r\n     2 0000:0010\r\n\r\n"
        "Line numbers for C.OBJ(UTIL.C) segment _TEXT\r\n\r\n     3 0000:0020\r\n\r\n"
        "Line numbers for D.OBJ(X\\A\\M.C) segment _TEXT\r\n\r\n     4 0000:0030\r\n\r\n"
        "Line numbers for E.OBJ(Y\\A\\M.C) segment _TEXT\r\n\r\n     5 0000:0040\r\n\r\n"
        "Line numbers for F.OBJ(c:\\proj\\src\\util.c) segment _TEXT\r\n\r\n     6 0000:0050\r\n\r\n"
        "Line numbers for G.OBJ(src/./util.c) segment _TEXT\r\n\r\n     7 0000:0060\r\n\r\n"
        "Line numbers for H.OBJ(HELLO.C) segment _TEXT\r\n\r\n     8 0000:0070\r\n\r\n"
        "Line numbers for I.OBJ(C:\\K\\V.C) segment _TEXT\r\n\r\n     9 0000:0080\r\n\r\n"
        "Line numbers for J.OBJ(D:\\K\\V.C) segment _TEXT\r\n\r\n    10 0000:0090\r\n";
    static const char *const labels[10] = { "SRC/UTIL.C:1", "LIB/UTIL.C:2", "UTIL.C:3", "X/A/M.C:4", "Y/A/M.C:5",
                                            "proj/src/util.c:6", "SRC/UTIL.C:7", "HELLO.C:8", "C:/K/V.C:9",
                                            "D:/K/V.C:10" };
    struct symtab t;
    char err[256];
    ck_assert_int_eq(symtab_parse(map, sizeof map - 1, &t, err, sizeof err), 0);
    ck_assert_uint_eq(t.nline, 10);
    for (int i = 0; i < 10; i++) {
        ck_assert_str_eq(t.line[i].label, labels[i]);
        ck_assert_uint_eq(t.line[i].addr, 16u * (unsigned)i);
    }
    ck_assert_uint_eq(t.nsrc, 9);                   /* src/./util.c is SRC\UTIL.C */
    ck_assert_str_eq(symtab_source_path(&t, "SRC/UTIL.C"), "SRC\\UTIL.C");
    ck_assert_str_eq(symtab_source_path(&t, "proj/src/util.c"), "c:\\proj\\src\\util.c");
    ck_assert_str_eq(symtab_source_path(&t, "D:/K/V.C"), "D:\\K\\V.C");
    ck_assert_ptr_null(symtab_source_path(&t, "UTIL.C"));     /* named without a folder */
    ck_assert_ptr_null(symtab_source_path(&t, "HELLO.C"));
    symtab_free(&t);
}
END_TEST

START_TEST(hist_by_line)
{
    struct run_result r;
    struct prf p;
    struct profil_options o = fixture_options(FIX("hotloop.com"), TMP "/hl.prf");
    o.timing = PROFIL_TIMING_TABLE;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    read_prf(TMP "/hl.prf", &p);
    run_profil(&r, "hist --by line --width 4 --map tests/fixtures/hotloop_tlink.map " TMP "/hl.prf", NULL);
    ck_assert_int_eq(r.status, 0);
    /* Each sample counts for the line at its address (hl.prc).  Of bucket
     * 7's ticks (check_sampling.c: 51045 cycles a call, each tick counted
     * for the next instruction), line 24 (the LOOP, 7Dh) has those in
     * MOV CX 4 + 2999 LOOPs x 17 = 50987; line 22 (the NOPs, 70h-79h)
     * those in CALL 23 + 9 NOPs x 3 = 50; lines 23 and 25 those in one
     * NOP (3) and the last LOOP (5): under a tick a call on average. */
    double loop_line = p.bucket[7] * 50987.0 / 51045, nops = p.bucket[7] * 50.0 / 51045;
    unsigned hits;
    const char *row = strstr(r.out, "\n") + 1;
    ck_assert_msg(sscanf(row, "%u", &hits) == 1 && fabs(hits - loop_line) <= 3 &&
                  strstr(row, "####  HOTLOOP.ASM:24           0007D-0007E\n") < strstr(row + 1, "\n"),
                  "want line 24 first, %.1f +-3: %s", loop_line, r.out);
    row = strstr(r.out, "HOTLOOP.ASM:22 ");
    ck_assert_ptr_nonnull(row);
    while (row[-1] != '\n')
        row--;
    ck_assert_msg(sscanf(row, "%u", &hits) == 1 && fabs(hits - nops) <= 1, "line 22 %.1f +-1: %s", nops, r.out);
    ck_assert_ptr_null(strstr(r.out, "~"));
    ck_assert_ptr_nonnull(strstr(r.out, "TLINK map, 20 line entries)\n"));
    prf_free(&p);
    run_profil(&r, "hist --by line --map tests/fixtures/hotloop_wlink.map " TMP "/hl.prf", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "hotloop_wlink.map has no line-number table"));
    /* No --map: hotloop.map beside the program, a NASM map with no lines. */
    run_profil(&r, "hist --by line " TMP "/hl.prf", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "fixtures/hotloop.map has no line-number table"), "%s", r.err);
    run_profil(&r, "hist --by file " TMP "/hl.prf", NULL);
    ck_assert_str_eq(r.err, "profil: --by file: want bucket, symbol, line, function, site, service, zone, frame or label\n");
}
END_TEST

/* A bad row in each new table names its line. */
START_TEST(new_map_errors_name_the_line)
{
    struct symtab t;
    char err[512];
    static const char lines[] = "\r\n Start  Stop   Length Name   Class\r\n 00000H 00085H 00086H _TEXT CODE\r\n\r\n"
                                "Line numbers for a.obj(a.c) segment _TEXT\r\n\r\n     4 0000:0000     5 junk\r\n";
    ck_assert_int_eq(symtab_parse(lines, sizeof lines - 1, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "line 7: a line-number row should read '  LINE SSSS:OOOO ...': "
                          "'     4 0000:0000     5 junk'");
    static const char wlink[] = "                        |   Segments   |\n"
                                "Segment  Class  Group  Address  Size\n=======  =====\n\n_TEXT CODE AUTO 0000\n";
    ck_assert_int_eq(symtab_parse(wlink, sizeof wlink - 1, &t, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "line 5: a segment line should read 'NAME CLASS GROUP SSSS:OOOO SIZE'"));
    static const char nosegs[] = "                        |   Memory Map   |\n";
    ck_assert_int_eq(symtab_parse(nosegs, sizeof nosegs - 1, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "no '|   Segments   |' table in the WLINK map");
}
END_TEST

/* 100,000 publics, each listed by name and by value (tests/genmap.h):
 * parsed once each, in address order, in well under 2 s of host time.
 * Before, each new symbol was compared with all earlier ones (2 x 10^10
 * comparisons here: tens of seconds). */
START_TEST(big_map_parses_in_linear_time)
{
    size_t len;
    char *text = gen_map(100000, &len), err[256];
    struct symtab t;
    ck_assert_ptr_nonnull(text);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    ck_assert_int_eq(symtab_parse(text, len, &t, err, sizeof err), 0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    ck_assert_msg(s < 2.0, "100,000 symbols took %.2f s", s);
    ck_assert_uint_eq(t.nsym, 100000);
    ck_assert_str_eq(t.sym[0].name, "S0000000");
    ck_assert_str_eq(t.sym[99999].name, "S0099999");
    ck_assert_uint_eq(t.sym[99999].addr, 99999);
    symtab_free(&t);
    free(text);
}
END_TEST

/* A code segment no public names (a library module linked without its
 * publics, a runtime's startup) is one row named by the segment, not
 * "(no symbol)": hotloop.com traced (--timing table) with a map whose
 * segment C0 holds its first four instructions (0000-0009: MOV AH 4, MOV
 * DX 4, INT 21h 71, MOV SI 4 = 83 cycles) and no public. */
START_TEST(bare_code_segment_is_one_row)
{
    struct run_result r;
    FILE *f = fopen(TMP "/seg.map", "w");
    ck_assert_ptr_nonnull(f);
    fputs("\n Start  Stop   Length Name                   Class\n"
          " 00000H 00009H 0000AH C0                     CODE\n"
          " 0000AH 00085H 0007CH _TEXT                  CODE\n\n"
          "  Address         Publics by Value\n\n"
          " 0000:000A       ROUND\n 0000:0070       HEAVY\n 0000:0080       LIGHT\n\n"
          "Program entry point at 0000:0000\n", f);
    fclose(f);
    run_profil(&r, "run -q --trace --timing table -o " TMP "/SEG.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "hist --by symbol --metric cycles --width 4 --map " TMP "/seg.map " TMP "/SEG.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "\n      83   0.0%  98.7%        [C0]                     00000-00009\n"), "%s", r.out);
    ck_assert_ptr_null(strstr(r.out, "(no symbol)"));
    run_profil(&r, "hist --by symbol --metric instructions --map " TMP "/seg.map " TMP "/SEG.prx", NULL);
    ck_assert_msg(strstr(r.out, "[C0]"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "\n       4 "), "%s", r.out);
}
END_TEST

Suite *maps_suite(void)
{
    Suite *s = suite_create("maps");
    TCase *tc = tcase_create("maps");
    tcase_set_timeout(tc, 30);
    tcase_add_test(tc, tlink_map_parsed);
    tcase_add_test(tc, big_map_parses_in_linear_time);
    tcase_add_test(tc, turbo_pascal_map_parsed);
    tcase_add_test(tc, wlink_map_parsed);
    tcase_add_test(tc, line_ranges);
    tcase_add_test(tc, hits_per_line);
    tcase_add_test(tc, hist_by_line);
    tcase_add_test(tc, line_table_keeps_the_source_folder);
    tcase_add_test(tc, same_named_files_are_told_apart);
    tcase_add_test(tc, new_map_errors_name_the_line);
    tcase_add_test(tc, bare_code_segment_is_one_row);
    suite_add_tcase(s, tc);
    return s;
}
