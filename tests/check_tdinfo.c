/*
 * tests/check_tdinfo.c: symbols and lines from Turbo Debugger's
 * information (formats/tdinfo.c).  tests/fixtures/tdinfo_exe.asm lays the
 * information out byte by byte after Borland's description (no Borland
 * tool could be run here: docs/debuginfo.md), with the names, addresses,
 * lines and cycles the tests below expect derived in its comments.
 */
#include <limits.h>
#include <stdlib.h>

#include "testutil.h"

#include "../formats/fileio.h"
#include "../formats/prx.h"
#include "../formats/sha256.h"
#include "../formats/symtab.h"
#include "../formats/tdinfo.h"
#include "../report/srcview.h"

#define TD_EXE FIX("tdinfo.exe")

static const struct symbol *find_symbol(const struct symtab *t, const char *name)
{
    for (size_t i = 0; i < t->nsym; i++)
        if (strcmp(t->sym[i].name, name) == 0)
            return &t->sym[i];
    return NULL;
}

/* The table the fixture's information gives (its comment): three code
 * symbols, two modules' code, eleven lines. */
static void check_fixture_table(const struct symtab *t)
{
    ck_assert_int_eq(t->format, MAP_TDINFO);
    ck_assert_uint_eq(t->nsym, 3);
    static const char *const names[3] = { "_main", "_spin", "GRAPHU.DRAW" };
    static const uint32_t at[3] = { 0x00, 0x11, 0x20 };
    static const uint32_t end[3] = { 0x11, 0x17, 0x26 };   /* their scopes: _main's stops where _spin starts */
    for (int i = 0; i < 3; i++) {
        ck_assert_str_eq(t->sym[i].name, names[i]);
        ck_assert_uint_eq(t->sym[i].addr, at[i]);
        ck_assert_uint_eq(t->sym[i].end, end[i]);
    }
    ck_assert_ptr_eq(find_symbol(t, "_counter"), NULL);     /* data: 0003:0000 is in no module's code */
    ck_assert_ptr_eq(find_symbol(t, "i"), NULL);            /* an auto */
    ck_assert_uint_eq(t->nseg, 2);
    ck_assert_str_eq(t->seg[0].name, "TDDEMO.C");
    ck_assert_str_eq(t->seg[0].cls, "CODE");
    ck_assert_uint_eq(t->seg[0].start, 0x00);
    ck_assert_uint_eq(t->seg[0].stop, 0x16);
    ck_assert_str_eq(t->seg[1].name, "GRAPHU.PAS");
    ck_assert_uint_eq(t->seg[1].start, 0x20);               /* frame 0002, offset 0 */
    ck_assert_uint_eq(t->seg[1].stop, 0x25);
    static const char *const labels[11] = { "TDDEMO.C:5", "TDDEMO.C:6", "TDDEMO.C:7", "TDDEMO.C:8",
                                            "TDDEMO.C:9", "TDDEMO.C:13", "TDDEMO.C:14", "TDDEMO.C:15",
                                            "GRAPHU.PAS:20", "GRAPHU.PAS:21", "GRAPHU.PAS:22" };
    static const uint32_t line_at[11] = { 0x00, 0x03, 0x06, 0x09, 0x0C, 0x11, 0x14, 0x16, 0x20, 0x23, 0x25 };
    ck_assert_uint_eq(t->nline, 11);
    for (int i = 0; i < 11; i++) {
        ck_assert_str_eq(t->line[i].label, labels[i]);     /* C:\TP\GRAPHU.PAS without its folder */
        ck_assert_uint_eq(t->line[i].addr, line_at[i]);
    }
}

START_TEST(fixture_symbols_and_lines)
{
    struct symtab t;
    char err[600];
    uint8_t *buf;
    size_t n;
    unsigned version = 0;
    ck_assert(read_file(TD_EXE, &buf, &n, err, sizeof err) == 0);
    ck_assert_int_eq(tdinfo_present(buf, n, &version), 1);
    ck_assert_uint_eq(version, 0x0300);
    ck_assert_int_eq(symtab_exe_debug(buf, n), MAP_TDINFO);
    free(buf);
    ck_assert_msg(symtab_read_file(TD_EXE, &t, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(map_format_name(t.format), "Turbo Debugger");
    check_fixture_table(&t);
    symtab_free(&t);
    /* A program without any: the one line says what would make some. */
    ck_assert_int_eq(symtab_read_file(FIX("realmap.exe"), &t, err, sizeof err), -1);
    ck_assert_str_eq(err, FIX("realmap.exe") ": no debug information: neither Turbo Debugger's (TLINK /v, TPC /V, "
                          "BCC -v), Watcom's (wlink debug watcom all) nor CodeView (CL /Zi, LINK /CO); or give the map");
}
END_TEST

/* Where the information starts: the header at the fixture's image end
 * (1 page, 0x160 bytes of it), and its tables from there. */
static size_t info_start(const uint8_t *buf)
{
    return (size_t)(buf[4] | buf[5] << 8) * 512 - (512 - (size_t)(buf[2] | buf[3] << 8));
}

/* Borland's description has the scopes before the line numbers; the
 * open reader written against TLINK's files has the line numbers first.
 * The same information in the other order gives the same table. */
START_TEST(line_numbers_before_scopes)
{
    uint8_t *buf;
    size_t n;
    char err[600];
    struct symtab t;
    ck_assert(read_file(TD_EXE, &buf, &n, err, sizeof err) == 0);
    size_t at = info_start(buf);
    ck_assert_uint_eq(at, 0x160);
    /* 48-byte header, 5 symbols x 9, 2 modules x 16, 2 files x 6: the
     * scopes (3 x 12) at +155, the lines (11 x 4) after them. */
    size_t scopes = at + 48 + 45 + 32 + 12;
    uint8_t swapped[36 + 44];
    memcpy(swapped, buf + scopes + 36, 44);
    memcpy(swapped + 44, buf + scopes, 36);
    memcpy(buf + scopes, swapped, sizeof swapped);
    ck_assert_msg(tdinfo_parse(buf, n, &t, err, sizeof err) == 0, "%s", err);
    check_fixture_table(&t);
    symtab_free(&t);
    free(buf);
}
END_TEST

/* Damaged information: a one-line error naming what is wrong, and no
 * table; every byte of it set to 00h and to FFh in turn gives a table or
 * one line, never a read outside the file (make asan checks that). */
START_TEST(damaged_information_is_refused)
{
    uint8_t *buf;
    size_t n;
    char err[600];
    struct symtab t;
    ck_assert(read_file(TD_EXE, &buf, &n, err, sizeof err) == 0);
    size_t at = info_start(buf);
    ck_assert_int_eq(tdinfo_parse(buf, at + 47, &t, err, sizeof err), -1);    /* a header cut short */
    ck_assert_str_eq(err, "no Turbo Debugger information (link with TLINK /v, compile with TPC /V or BCC -v)");
    ck_assert_int_eq(tdinfo_parse(buf, at + 100, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Turbo Debugger information 3.00: its tables (265 bytes) run past the end of the file "
                          "(100 bytes)");
    buf[at + 3] = 5;
    ck_assert_int_eq(tdinfo_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Turbo Debugger information 5.00: a version this reader does not know (2.x to 4.x)");
    buf[at + 3] = 3;
    size_t corr = at + 48 + 45 + 32 + 12 + 36 + 44 + 32;
    buf[corr + 8] = 3;                                      /* correlation 2 names segment record 3 */
    ck_assert_int_eq(tdinfo_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Turbo Debugger information 3.00: correlation 2 names segment record 3 of 2");
    buf[corr + 8] = 2;
    buf[corr + 14] = 4;                                     /* correlation 2 claims lines 9-12 of 11 */
    ck_assert_int_eq(tdinfo_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Turbo Debugger information 3.00: correlation 2: line records 9-12 of 11");
    buf[corr + 14] = 3;
    buf[at + 8] = 9;                                        /* nine names where the pool holds eight */
    ck_assert_int_eq(tdinfo_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Turbo Debugger information 3.00: name 9 of 9 runs past the end of the file");
    buf[at + 8] = 8;
    ck_assert_int_eq(tdinfo_parse(buf, n, &t, err, sizeof err), 0);
    symtab_free(&t);
    every_byte_damaged(tdinfo_parse, buf, n, at + 2, n);
    free(buf);
}
END_TEST

/* profil run, then every command, with no map (tests/testutil.h's
 * debug_fixture_commands: the fixture's derivation). */
START_TEST(commands_name_procedures_and_lines)
{
    static const struct debug_fixture td = { TMP "/td", TD_EXE, "TDINFO.EXE", "Turbo Debugger information",
                                             "_main", "_spin", "GRAPHU.DRAW", "TDDEMO.C:14", "GRAPHU.PAS:21" };
    debug_fixture_commands(&td);
}
END_TEST

/* Damaged information beside the profile: one warning naming the file
 * and the fault, and the command goes on without it (as without any). */
START_TEST(damaged_information_beside_is_a_warning)
{
    struct run_result r;
    ck_assert(system("rm -rf " TMP "/tdbad && mkdir -p " TMP "/tdbad && cp " TD_EXE " " TMP "/tdbad/TDINFO.EXE") == 0);
    FILE *f = fopen(TMP "/tdbad/TDINFO.EXE", "r+b");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0x160 + 3, SEEK_SET);
    fputc(9, f);                                            /* version 9.00 */
    fclose(f);
    run_profil(&r, "run --trace --timing table -o " TMP "/tdbad/TDINFO.PRF --drive C=" TMP "/tdbad " TMP
               "/tdbad/TDINFO.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.err, "profil: warning: " TMP "/tdbad/TDINFO.EXE: Turbo Debugger information 9.00: a "
                                "version this reader does not know (2.x to 4.x); going on without it\n"),
                  "%s", r.err);
    run_profil(&r, "hist --by function " TMP "/tdbad/TDINFO.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "profil: warning: " TMP "/tdbad/TDINFO.EXE: Turbo Debugger information 9.00: a version "
                            "this reader does not know (2.x to 4.x); going on without it\n");
    ck_assert_msg(strstr(r.out, "  0196:0011\n"), "%s", r.out);
}
END_TEST

/* FIPS 180-4's examples (and the empty message). */
START_TEST(sha256_of_the_standard_examples)
{
    char hex[SHA256_HEX];
    sha256_hex((const uint8_t *)"abc", 3, hex);
    ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const char *two = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";   /* 56 bytes: two blocks */
    sha256_hex((const uint8_t *)two, strlen(two), hex);
    ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    sha256_hex((const uint8_t *)"", 0, hex);
    ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}
END_TEST

/* The profile finds its program: the .prx and the .prc record its path
 * and SHA-256, so hist of the .PRF or .prx written elsewhere names its
 * procedures with no map, and says so when the program changed since. */
START_TEST(profile_finds_its_program)
{
    struct run_result r;
    ck_assert(system("rm -rf " TMP "/tdp && mkdir -p " TMP "/tdp/prog " TMP "/tdp/out && cp " TD_EXE " " TMP
                     "/tdp/prog/TDINFO.EXE") == 0);
    run_profil(&r, "run --trace --timing table -o " TMP "/tdp/out/RUN.PRF --drive C=" TMP "/tdp/prog " TMP
               "/tdp/prog/TDINFO.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    char *real = realpath(TMP "/tdp/prog/TDINFO.EXE", NULL), hex[SHA256_HEX], err[600];
    ck_assert_ptr_nonnull(real);
    ck_assert_int_eq(sha256_file_hex(real, hex), 0);
    struct prx x;
    ck_assert_msg(prx_read_file(TMP "/tdp/out/RUN.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(x.program, "TDINFO.EXE");
    ck_assert_str_eq(x.program_path, real);
    ck_assert_str_eq(x.program_sha256, hex);
    prx_free(&x);
    /* hist of the .PRF: its RUN.prc says where the program was. */
    run_profil(&r, "hist --by symbol " TMP "/tdp/out/RUN.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "  GRAPHU.DRAW              00020-00025\n"), "%s", r.out);
    /* Named from the working folder, not by the recorded host path. */
    ck_assert_msg(strstr(r.err, "profil: symbols: " TMP "/tdp/prog/TDINFO.EXE's Turbo Debugger information\n"), "%s",
                  r.err);
    ck_assert_ptr_null(strstr(r.err, real));
    run_profil(&r, "hist --by line --top 1 " TMP "/tdp/out/RUN.prx", NULL);
    ck_assert_msg(strstr(r.out, "  TDDEMO.C:14  "), "%s", r.out);
    /* The program rebuilt since: DRAW renamed PLOT in its names pool. */
    uint8_t *buf;
    size_t n;
    ck_assert(read_file(real, &buf, &n, err, sizeof err) == 0);
    uint8_t *draw = NULL;
    for (size_t i = 0; i + 5 <= n && !draw; i++)
        if (memcmp(buf + i, "DRAW", 5) == 0)
            draw = buf + i;
    ck_assert_ptr_nonnull(draw);
    memcpy(draw, "PLOT", 4);
    ck_assert(write_file_atomic(real, buf, n, err, sizeof err) == 0);
    free(buf);
    run_profil(&r, "hist --by symbol " TMP "/tdp/out/RUN.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "  GRAPHU.PLOT              00020-00025\n"), "%s", r.out);
    ck_assert_msg(strstr(r.err, "profil: warning: " TMP "/tdp/prog/TDINFO.EXE changed since the run (its SHA-256 is "
                                "not the one the profile recorded): its symbols may not be the run's\n"), "%s", r.err);
    ck_assert_msg(strstr(r.err, "profil: symbols: " TMP "/tdp/prog/TDINFO.EXE's Turbo Debugger information\n"), "%s",
                  r.err);
    /* A copy of the run's program beside the profile is preferred. */
    ck_assert(system("cp " TD_EXE " " TMP "/tdp/out/TDINFO.EXE") == 0);
    run_profil(&r, "hist --by symbol " TMP "/tdp/out/RUN.prx", NULL);
    ck_assert_msg(strstr(r.out, "  GRAPHU.DRAW              00020-00025\n"), "%s", r.out);
    ck_assert_str_eq(r.err, "profil: symbols: " TMP "/tdp/out/TDINFO.EXE's Turbo Debugger information\n");
    free(real);
}
END_TEST

#define TP_DIR TMP "/tp"
#define TP_PRX TP_DIR "/TPDEMO.prx"

/* tests/fixtures/tpdemo_exe.asm: a Turbo Pascal program's scopes.  The
 * table: WORK ends where its scope does (0006h), the main body (a scope
 * with no function) is the program's, TPDEMO, 0006h-0016h, SYSTEM's code
 * (no symbols) is named by its module, the absolute __AHSHIFT names
 * nothing, and the label WORKLOOP inside WORK is kept in the table (the
 * commands fold it: symtab_fold_labels). */
START_TEST(pascal_scopes_name_the_main_body)
{
    struct symtab t;
    char err[300];
    ck_assert_msg(symtab_read_file(FIX("tpdemo.exe"), &t, err, sizeof err) == 0, "%s", err);
    static const char *const names[4] = { "TPDEMO.WORK", "TPDEMO.WORKLOOP", "TPDEMO", "SYSTEM" };
    static const uint32_t at[4] = { 0x00, 0x03, 0x06, 0x20 }, end[4] = { 0x06, 0, 0x17, 0x26 };
    ck_assert_uint_eq(t.nsym, 4);
    for (int i = 0; i < 4; i++) {
        ck_assert_str_eq(t.sym[i].name, names[i]);
        ck_assert_uint_eq(t.sym[i].addr, at[i]);
        ck_assert_uint_eq(t.sym[i].end, end[i]);
    }
    ck_assert_ptr_null(find_symbol(&t, "__AHSHIFT"));
    ck_assert_ptr_null(find_symbol(&t, "TPDEMO.__AHSHIFT"));
    ck_assert_uint_eq(symtab_fold_labels(&t), 1);                 /* WORKLOOP: inside WORK's 0000-0005 */
    ck_assert_ptr_null(find_symbol(&t, "TPDEMO.WORKLOOP"));
    ck_assert_uint_eq(symtab_symbol_end(&t, 0, 0x100), 0x06);     /* WORK's own end */
    symtab_free(&t);
}
END_TEST

/* A traced run of it (--timing table), with no map: the cycles of the
 * fixture's comment.  WORK 4 x 97 = 388, the main body 323, charged to
 * the program (it was WORK's, 711), SYSTEM 4 x 63 = 252; the body is the
 * root of the call tree, 100% inclusive; --by label splits WORK at its
 * label: its MOV, 4 x 4 = 16, and WORKLOOP 372. */
START_TEST(pascal_main_body_is_the_programs)
{
    struct run_result r;
    ck_assert(system("rm -rf " TP_DIR " && mkdir -p " TP_DIR " && cp " FIX("tpdemo.exe") " " TP_DIR "/TPDEMO.EXE") == 0);
    run_profil(&r, "run -q --trace --timing table -o " TP_DIR "/TPDEMO.PRF " TP_DIR "/TPDEMO.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "hist --by symbol --metric cycles --width 4 " TP_PRX, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "\n     388  29.6%  29.6%  ####  TPDEMO.WORK              00000-00005\n"
                                "     323  24.6%  54.2%  ###   TPDEMO                   00006-00016\n"
                                "     252  19.2%  73.3%  ###   SYSTEM                   00020-00025\n"), "%s", r.out);
    ck_assert_ptr_null(strstr(r.out, "AHSHIFT"));
    ck_assert_ptr_null(strstr(r.out, "WORKLOOP"));
    ck_assert_ptr_null(strstr(r.out, "(no symbol)"));
    run_profil(&r, "hist --by function " TP_PRX, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "\n         4   44.4%            388  29.6%            388  29.6%      13.13  TPDEMO.WORK\n"),
                  "%s", r.out);
    ck_assert_msg(strstr(r.out, "\n         0    0.0%            323  24.6%           1313 100.0%       0.00  TPDEMO\n"),
                  "%s", r.out);
    run_profil(&r, "cover " TP_PRX, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "\nTPDEMO                       17      0  100.0%  00006-00016\n"), "%s", r.out);
    run_profil(&r, "hist --by label --metric cycles --width 4 " TP_PRX, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "\n     372  28.3%  28.3%  ####  TPDEMO.WORKLOOP          00003-00005\n"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "\n      16   1.2%  73.3%        TPDEMO.WORK              00000-00002\n"), "%s", r.out);
}
END_TEST

/* annotate --source: tests/fixtures/TPDEMO.PAS beside the program, each
 * line with its instructions and cycles (the fixture's comment): line 5
 * WORK's MOV CX,5 4 x (1, 4); 6 its LOOP 4 x (5, 73); 7 its RET 4 x (1,
 * 20); 10 MOV SI,4 (1, 4); 11 the CALL of WORK 4 x (1, 23); 12 the CALL of
 * SYSTEM, DEC SI and JNZ 4 x (3, 23 + 2) + 3 x 16 + 4; 13 MOV AX and INT
 * 21h (2, 4 + 71).  711 cycles, 47 instructions, of the run's 1313: 54.2%;
 * a line of 5% or more marked '>'.  Without the file: one line, and the
 * labels as before; --source-dir finds it elsewhere. */
START_TEST(annotate_shows_the_source_beside_its_counts)
{
    struct run_result r;
    ck_assert(system("rm -rf " TP_DIR " && mkdir -p " TP_DIR "/src && cp " FIX("tpdemo.exe") " " TP_DIR "/TPDEMO.EXE && "
                     "cp tests/fixtures/TPDEMO.PAS " TP_DIR "/") == 0);
    run_profil(&r, "run -q --trace --timing table -o " TP_DIR "/TPDEMO.PRF " TP_DIR "/TPDEMO.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "annotate --source " TP_PRX, NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    const char *view = strstr(r.out, "\nsource TPDEMO.PAS (" TP_DIR "/TPDEMO.PAS): 711 cycles, 47 instructions on its "
                                     "lines (54.2% of the run's cycles)\n");
    ck_assert_msg(view != NULL, "%s", r.out);
    ck_assert_msg(strstr(view, "\n   line      insns     cycles   time%  text\n"
                               "      1                                program TPDEMO;\n"), "%s", view);
    ck_assert_msg(strstr(view, "\n      5          4         16    1.2%  var N: Integer; begin N := 5;\n"
                               ">     6         20        292   22.2%    repeat Dec(N) until N = 0\n"
                               ">     7          4         80    6.1%  end;\n"), "%s", view);
    ck_assert_msg(strstr(view, "\n     10          1          4    0.3%  begin I := 4;\n"
                               ">    11          4         92    7.0%    repeat Work;\n"
                               ">    12         12        152   11.6%      Write(''); Dec(I) until I = 0;\n"
                               ">    13          2         75    5.7%    Halt(0)\n"
                               "     14                                end.\n"), "%s", view);
    /* The labels between the instructions, as before. */
    ck_assert_msg(strstr(r.out, "TPDEMO.PAS:6\n"), "%s", r.out);
    /* Not there: said, the labels stay; --source-dir finds it. */
    ck_assert(system("mv " TP_DIR "/TPDEMO.PAS " TP_DIR "/src/") == 0);
    run_profil(&r, "annotate --source " TP_PRX, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_null(strstr(r.out, "\nsource TPDEMO.PAS"));
    ck_assert_msg(strstr(r.out, "TPDEMO.PAS:6\n"), "%s", r.out);
    ck_assert_msg(strstr(r.err, "profil: TPDEMO.PAS: not found beside the program or the profile (--source-dir DIR "
                                "names its folder): its lines are shown by number\n"), "%s", r.err);
    run_profil(&r, "annotate --source --source-dir " TP_DIR "/src " TP_PRX, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "\nsource TPDEMO.PAS (" TP_DIR "/src/TPDEMO.PAS): 711 cycles"), "%s", r.out);
    /* The report: the same lines and counts in its source view, each
     * symbol linked to its first line (WORK to 5, the body to 10). */
    static char page[1 << 17];
    run_profil(&r, "report --source --source-dir " TP_DIR "/src -o " TP_DIR "/r.html " TP_PRX, NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    slurp(TP_DIR "/r.html", page, sizeof page);
    ck_assert_ptr_nonnull(strstr(page, "<a href=\"#source\">source</a>"));
    ck_assert_ptr_nonnull(strstr(page, "TPDEMO.WORK</a> <a class=\"src\" href=\"#src-TPDEMO.PAS-5\">TPDEMO.PAS:5</a>"));
    ck_assert_ptr_nonnull(strstr(page, " <a class=\"src\" href=\"#src-TPDEMO.PAS-10\">TPDEMO.PAS:10</a>"));
    ck_assert_ptr_nonnull(strstr(page, "<h3 id=\"src-TPDEMO.PAS\">TPDEMO.PAS</h3>\n<p>711 cycles, 47 instructions on its "
                                       "lines (54.2% of the run's cycles)"));
    ck_assert_ptr_nonnull(strstr(page, "<tr id=\"src-TPDEMO.PAS-6\" class=\"hot\"><td>6</td><td>20</td><td>292</td>"
                                       "<td>22.2%</td><td class=\"l\"><pre>  repeat Dec(N) until N = 0</pre></td></tr>"));
    ck_assert_ptr_nonnull(strstr(page, "<tr id=\"src-TPDEMO.PAS-12\" class=\"hot\"><td>12</td><td>12</td><td>152</td>"));
    ck_assert_ptr_nonnull(strstr(page, "<tr id=\"src-TPDEMO.PAS-14\"><td>14</td><td></td><td></td><td></td>"));
    /* Not found: no view, no link. */
    run_profil(&r, "report --source -o " TP_DIR "/r2.html " TP_PRX, NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    slurp(TP_DIR "/r2.html", page, sizeof page);
    ck_assert_ptr_null(strstr(page, "<a class=\"src\""));
    ck_assert_ptr_nonnull(strstr(page, "<tr class=\"src\"><td colspan=\"6\">TPDEMO.PAS:6</td>"));    /* the labels, as before */
    ck_assert_ptr_null(strstr(page, "<h3 id=\"src-"));
}
END_TEST

/* Two source files of one name in two folders (tests/fixtures/
 * tdclash_exe.asm: SRC\UTIL.C and LIB\UTIL.C, a line 12 each): their
 * labels are the shortest ends of their paths that tell them apart, and
 * every command keeps their counts apart (the fixture's derivation:
 * line 12 is 69 cycles in SRC\UTIL.C, 12 in LIB\UTIL.C; one UTIL.C:12
 * would say 81).  The source view takes each file from its own folder,
 * never a UTIL.C of the other name's place. */
#define CLASH_DIR TMP "/tdclash"
START_TEST(same_named_sources_keep_apart)
{
    struct symtab t;
    char err[600];
    ck_assert_msg(symtab_read_file(FIX("tdclash.exe"), &t, err, sizeof err) == 0, "%s", err);
    static const char *const labels[7] = { "SRC/UTIL.C:11", "SRC/UTIL.C:12", "SRC/UTIL.C:13", "SRC/UTIL.C:14",
                                           "LIB/UTIL.C:12", "LIB/UTIL.C:13", "LIB/UTIL.C:14" };
    static const uint32_t line_at[7] = { 0x00, 0x03, 0x06, 0x09, 0x10, 0x13, 0x15 };
    ck_assert_uint_eq(t.nline, 7);
    for (int i = 0; i < 7; i++) {
        ck_assert_str_eq(t.line[i].label, labels[i]);
        ck_assert_uint_eq(t.line[i].addr, line_at[i]);
    }
    ck_assert_uint_eq(t.nsrc, 2);
    ck_assert_str_eq(symtab_source_path(&t, "SRC/UTIL.C"), "SRC\\UTIL.C");
    ck_assert_str_eq(symtab_source_path(&t, "LIB/UTIL.C"), "LIB\\UTIL.C");
    ck_assert_ptr_null(symtab_source_path(&t, "UTIL.C"));
    symtab_free(&t);

    struct run_result r;
    ck_assert(system("rm -rf " CLASH_DIR " && mkdir -p " CLASH_DIR "/SRC " CLASH_DIR "/LIB && cp " FIX("tdclash.exe")
                     " " CLASH_DIR "/TDCLASH.EXE && echo decoy > " CLASH_DIR "/UTIL.C && "
                     "for d in SRC LIB; do seq 14 | sed \"s/^/$d /\" > " CLASH_DIR "/$d/UTIL.C; done") == 0);
    run_profil(&r, "run -q --trace --timing table -o " CLASH_DIR "/TDCLASH.PRF " CLASH_DIR "/TDCLASH.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "hist --by line --format csv " CLASH_DIR "/TDCLASH.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_msg(strstr(r.out, "\nline,\"SRC/UTIL.C:11\",0,3,4,0.590\n"
                                "line,\"SRC/UTIL.C:12\",3,6,69,10.177\n"
                                "line,\"SRC/UTIL.C:13\",6,9,42,6.195\n"
                                "line,\"SRC/UTIL.C:14\",9,14,75,11.062\n"
                                "line,\"LIB/UTIL.C:12\",16,19,12,1.770\n"
                                "line,\"LIB/UTIL.C:13\",19,21,66,9.735\n"
                                "line,\"LIB/UTIL.C:14\",21,22,60,8.850\n"
                                "none,\"(no line)\",0,0,0,0.000\n"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "\ndos,\"dos\",,,350,51.622\n"), "%s", r.out);     /* of the run's 678 */
    run_profil(&r, "hist --by line --metric instructions " CLASH_DIR "/TDCLASH.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_msg(strstr(r.out, "  SRC/UTIL.C:12            00003-00005\n") &&
                  strstr(r.out, "  LIB/UTIL.C:12            00010-00012\n"), "%s", r.out);
    ck_assert_msg(!strstr(r.out, " UTIL.C:"), "%s", r.out);
    /* annotate --source: each file from its folder, its own counts. */
    run_profil(&r, "annotate --source " CLASH_DIR "/TDCLASH.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    const char *src = strstr(r.out, "\nsource SRC/UTIL.C (" CLASH_DIR "/SRC/UTIL.C): 190 cycles, 12 instructions on its "
                                    "lines (28.0% of the run's cycles)\n");
    const char *lib = strstr(r.out, "\nsource LIB/UTIL.C (" CLASH_DIR "/LIB/UTIL.C): 138 cycles, 12 instructions on its "
                                    "lines (20.4% of the run's cycles)\n");
    ck_assert_msg(src && lib && src < lib, "%s", r.out);
    ck_assert_msg(strstr(src, ">    12          3         69   10.2%  SRC 12\n"), "%s", src);
    ck_assert_msg(strstr(lib, "     12          3         12    1.8%  LIB 12\n"), "%s", lib);
    ck_assert_msg(strstr(r.out, " SRC/UTIL.C:12\n") && strstr(r.out, " LIB/UTIL.C:12\n"), "%s", r.out);   /* between the instructions */
    /* LIB's file gone: said, and the UTIL.C beside the program (another
     * file, perhaps SRC's) is not shown for it. */
    ck_assert(system("rm " CLASH_DIR "/LIB/UTIL.C") == 0);
    run_profil(&r, "annotate --source " CLASH_DIR "/TDCLASH.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_msg(strstr(r.err, "profil: LIB/UTIL.C: not found beside the program or the profile"), "%s", r.err);
    ck_assert_ptr_null(strstr(r.out, "\nsource LIB/UTIL.C"));
    ck_assert_ptr_null(strstr(r.out, "decoy"));
    /* The report: a view and anchors per file. */
    static char page[1 << 17];
    ck_assert(system("seq 14 | sed 's/^/LIB /' > " CLASH_DIR "/LIB/UTIL.C") == 0);
    run_profil(&r, "report --source -o " CLASH_DIR "/r.html " CLASH_DIR "/TDCLASH.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    slurp(CLASH_DIR "/r.html", page, sizeof page);
    ck_assert_ptr_nonnull(strstr(page, "<a class=\"src\" href=\"#src-LIB/UTIL.C-12\">LIB/UTIL.C:12</a>"));
    ck_assert_ptr_nonnull(strstr(page, "<tr id=\"src-SRC/UTIL.C-12\" class=\"hot\"><td>12</td><td>3</td><td>69</td>"));
    ck_assert_ptr_nonnull(strstr(page, "<tr id=\"src-LIB/UTIL.C-12\"><td>12</td><td>3</td><td>12</td>"));
}
END_TEST

/* What the program's information names never leads outside the searched
 * folders (report/srcview.h, docs/annotate.md): a path that climbs is
 * looked for by its name alone (and so is a label that climbs, ../SIX.C
 * beside a SIX.C), an absolute one (a host path, /etc/passwd) under each
 * folder; a link outside them, reached by climbing, is never followed.
 * A link inside a folder counts only while it leads inside that folder:
 * src/tree -> ../secret is not read from src, but is when the tree's own
 * folder is searched (--source-dir). */
#define ESC_DIR TMP "/escape"
START_TEST(recorded_paths_never_leave_the_searched_folders)
{
    ck_assert(system("rm -rf " ESC_DIR " && mkdir -p " ESC_DIR "/secret " ESC_DIR "/src && cd " ESC_DIR " && "
                     "for f in ONE TWO THREE FIVE SIX SEVEN; do echo secret > secret/$f.C; done && "
                     "echo secret > SIX.C && echo root:x:0:0 > secret/passwd && ln -s secret link && ln -s ../secret src/tree") == 0);
    char real[PATH_MAX], map[2 * PATH_MAX + 1200];
    ck_assert_ptr_nonnull(realpath(ESC_DIR "/secret", real));
    snprintf(map, sizeof map,
             "\r\n Start  Stop   Length Name   Class\r\n 00000H 000FFH 00100H _TEXT CODE\r\n\r\n"
             "Line numbers for A.OBJ(..\\secret\\ONE.C) segment _TEXT\r\n\r\n     1 0000:0000\r\n\r\n"
             "Line numbers for B.OBJ(%s/TWO.C) segment _TEXT\r\n\r\n     1 0000:0010\r\n\r\n"
             "Line numbers for C.OBJ(C:\\..\\secret\\THREE.C) segment _TEXT\r\n\r\n     1 0000:0020\r\n\r\n"
             "Line numbers for D.OBJ(..\\link\\FIVE.C) segment _TEXT\r\n\r\n     1 0000:0030\r\n\r\n"
             "Line numbers for E.OBJ(..\\SIX.C) segment _TEXT\r\n\r\n     1 0000:0040\r\n\r\n"
             "Line numbers for F.OBJ(SIX.C) segment _TEXT\r\n\r\n     1 0000:0050\r\n\r\n"
             "Line numbers for G.OBJ(%s/passwd) segment _TEXT\r\n\r\n     1 0000:0060\r\n\r\n"
             "Line numbers for H.OBJ(/etc/passwd) segment _TEXT\r\n\r\n     1 0000:0070\r\n\r\n"
             "Line numbers for I.OBJ(tree\\SEVEN.C) segment _TEXT\r\n\r\n     1 0000:0080\r\n", real, real);
    struct symtab t;
    char err[256], path[4200];
    ck_assert_int_eq(symtab_parse(map, strlen(map), &t, err, sizeof err), 0);
    ck_assert_str_eq(t.line[4].label, "../SIX.C:1");    /* told from SIX.C by its climbing folder */
    ck_assert_str_eq(t.line[6].label, "secret/passwd:1");   /* two files named passwd, */
    ck_assert_str_eq(t.line[7].label, "etc/passwd:1");      /* told apart by their folders */
    const char *dirs[2] = { ESC_DIR "/src", NULL };
    static const char *const files[] = { "ONE.C", "TWO.C", "THREE.C", "FIVE.C", "../SIX.C", "SIX.C", "secret/passwd",
                                         "etc/passwd" };
    for (size_t i = 0; i < sizeof files / sizeof *files; i++)
        ck_assert_msg(!srcview_find(&t, files[i], dirs, 2, path, sizeof path), "%s: %s", files[i], path);
    ck_assert(!srcview_find(&t, "SEVEN.C", dirs, 2, path, sizeof path));    /* src/tree leads out of src */
    dirs[1] = ESC_DIR "/src/tree";                                          /* --source-dir src/tree */
    ck_assert(srcview_find(&t, "SEVEN.C", dirs, 2, path, sizeof path));
    ck_assert_str_eq(path, ESC_DIR "/src/tree/SEVEN.C");
    dirs[1] = NULL;
    /* Searched from the folder above: the absolute path's end is inside
     * it (secret/TWO.C), found; a climbing path is still its name alone,
     * which that folder does not hold. */
    dirs[0] = ESC_DIR;
    ck_assert(srcview_find(&t, "TWO.C", dirs, 2, path, sizeof path));
    ck_assert_str_eq(path, ESC_DIR "/secret/TWO.C");
    ck_assert(!srcview_find(&t, "ONE.C", dirs, 2, path, sizeof path));
    symtab_free(&t);
}
END_TEST

Suite *tdinfo_suite(void)
{
    Suite *s = suite_create("tdinfo");
    TCase *tc = tcase_create("tdinfo");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, fixture_symbols_and_lines);
    tcase_add_test(tc, line_numbers_before_scopes);
    tcase_add_test(tc, damaged_information_is_refused);
    tcase_add_test(tc, commands_name_procedures_and_lines);
    tcase_add_test(tc, damaged_information_beside_is_a_warning);
    tcase_add_test(tc, sha256_of_the_standard_examples);
    tcase_add_test(tc, profile_finds_its_program);
    tcase_add_test(tc, pascal_scopes_name_the_main_body);
    tcase_add_test(tc, pascal_main_body_is_the_programs);
    tcase_add_test(tc, annotate_shows_the_source_beside_its_counts);
    tcase_add_test(tc, same_named_sources_keep_apart);
    tcase_add_test(tc, recorded_paths_never_leave_the_searched_folders);
    suite_add_tcase(s, tc);
    return s;
}
