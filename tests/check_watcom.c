/*
 * tests/check_watcom.c: symbols and lines from Watcom's own debugging
 * information (formats/watcom.c).  tests/fixtures/watcom_exe.asm lays the
 * information out byte by byte after Open Watcom's description of it (no
 * file a real Watcom linker wrote was available: docs/debuginfo.md), with
 * the names, addresses, lines and cycles the tests below expect derived
 * in its comments.
 */
#include <time.h>

#include "testutil.h"

#include "../formats/fileio.h"
#include "../formats/symtab.h"
#include "../formats/watcom.h"
#include "../report/srcview.h"

#define WAT_EXE FIX("watcom.exe")

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* The table the fixture's information gives (its comment). */
static void check_fixture_table(const struct symtab *t)
{
    ck_assert_int_eq(t->format, MAP_WATCOM);
    ck_assert_uint_eq(t->nsym, 3);
    static const char *const names[3] = { "main_", "spin_", "draw_" };
    static const uint32_t at[3] = { 0x00, 0x11, 0x20 }, end[3] = { 0x11, 0x17, 0x26 };
    for (int i = 0; i < 3; i++) {
        ck_assert_str_eq(t->sym[i].name, names[i]);     /* counter_ is data: left out */
        ck_assert_uint_eq(t->sym[i].addr, at[i]);
        ck_assert_uint_eq(t->sym[i].end, end[i]);       /* their routines in the locals */
    }
    ck_assert_uint_eq(symtab_symbol_end(t, 2, 0x1000), 0x26);  /* draw_'s jump table is not draw_'s */
    static const char *const seg[3] = { "hello.c", "draw.c", "hello.c" }, *const cls[3] = { "CODE", "CODE", "DATA" };
    static const uint32_t start[3] = { 0x00, 0x20, 0x30 }, stop[3] = { 0x16, 0x29, 0x31 };
    ck_assert_uint_eq(t->nseg, 3);                      /* the padding's block names no module */
    for (int i = 0; i < 3; i++) {
        ck_assert_str_eq(t->seg[i].name, seg[i]);       /* C:\WATDEMO\hello.c without its folder */
        ck_assert_str_eq(t->seg[i].cls, cls[i]);
        ck_assert_uint_eq(t->seg[i].start, start[i]);
        ck_assert_uint_eq(t->seg[i].stop, stop[i]);
    }
    static const char *const labels[11] = { "hello.c:5", "hello.c:6", "hello.c:7", "hello.c:8", "hello.c:9",
                                            "hello.c:13", "hello.c:14", "hello.c:15",
                                            "draw.c:20", "draw.c:21", "draw.c:22" };
    static const uint32_t line_at[11] = { 0x00, 0x03, 0x06, 0x09, 0x0C, 0x11, 0x14, 0x16, 0x20, 0x23, 0x25 };
    ck_assert_uint_eq(t->nline, 11);                    /* the special cue 8001h is not one */
    for (int i = 0; i < 11; i++) {
        ck_assert_str_eq(t->line[i].label, labels[i]);
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
    ck_assert(read_file(WAT_EXE, &buf, &n, err, sizeof err) == 0);
    ck_assert_int_eq(watcom_present(buf, n, &version), 1);
    ck_assert_uint_eq(version, 0x0300);
    ck_assert_int_eq(symtab_exe_debug(buf, n), MAP_WATCOM);
    ck_assert_int_eq(watcom_present(buf, n - 1, NULL), 0);  /* the master header must end the file */
    free(buf);
    ck_assert_msg(symtab_read_file(WAT_EXE, &t, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(map_format_name(t.format), "Watcom");
    check_fixture_table(&t);
    symtab_free(&t);
}
END_TEST

/* A resource block after the information (signature 8302h, its size in
 * its last dword, as Open Watcom's wres appends one) is stepped over. */
START_TEST(resource_block_after_is_stepped_over)
{
    uint8_t *buf;
    size_t n;
    char err[600];
    struct symtab t;
    ck_assert(read_file(WAT_EXE, &buf, &n, err, sizeof err) == 0);
    static const uint8_t res[20] = { 'R', 'E', 'S', [6] = 0x02, 0x83, [16] = 20 };   /* 8302h at its end - 14 */
    uint8_t *more = malloc(n + sizeof res);
    ck_assert_ptr_nonnull(more);
    memcpy(more, buf, n);
    memcpy(more + n, res, sizeof res);
    ck_assert_int_eq(symtab_exe_debug(more, n + sizeof res), MAP_WATCOM);
    ck_assert_msg(watcom_parse(more, n + sizeof res, &t, err, sizeof err) == 0, "%s", err);
    check_fixture_table(&t);
    symtab_free(&t);
    more[n + 16] = 200;                                     /* a size that does not fit: no information */
    ck_assert_int_eq(watcom_present(more, n + sizeof res, NULL), 0);
    free(more);
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
    ck_assert(read_file(WAT_EXE, &buf, &n, err, sizeof err) == 0);
    size_t master = n - 14, info = n - le32(buf + n - 4);
    ck_assert_uint_eq(info, 0x160);                         /* right after the 0x160-byte image */
    size_t sect = info + 2 + 4;                             /* after "C\0" and two segments */
    size_t gbls = sect + le32(buf + sect + 4);
    buf[master + 2] = 2;                                    /* version 2.0: older linkers' */
    ck_assert_int_eq(watcom_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Watcom debugging information 2.0: this reader reads version 3.0, what wlink writes");
    buf[master + 2] = 3;
    buf[n - 3] = 0x11;                                      /* 1191h bytes claimed of a 753-byte file */
    ck_assert_int_eq(watcom_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Watcom debugging information 3.0: its size (4497 bytes, with 2 of languages and 4 of "
                          "segments) does not fit the file's 753");
    buf[n - 3] = 0x01;
    buf[gbls + 6] = 5;                                      /* main_ of module 5 */
    ck_assert_int_eq(watcom_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Watcom debugging information 3.0: section at +6: global symbol main_ names module 5 of 2");
    buf[gbls + 6] = 0;
    size_t hello_lines = sect + le32(buf + sect + 30);      /* the first line link, after the 3 locals links */
    buf[hello_lines] = 9;                                   /* not an addr_info's offset (8, 14h, 1Ah...) */
    ck_assert_int_eq(watcom_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Watcom debugging information 3.0: hello.c: its line numbers name the address block at "
                          "+9, which is not one");
    buf[hello_lines] = 8;
    buf[sect + 12] = 0xFF;                                  /* a section bigger than what is left */
    ck_assert_int_eq(watcom_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Watcom debugging information 3.0: the section at +6 says 511 bytes, and 381 are left");
    buf[sect + 12] = 0x7D;
    /* The locals: hello.c's block at section offset 2Ah (after the header
     * and the two link tables), its routine main_ 15 bytes in (after the
     * variable counter_), at +39h. */
    size_t hello_locals = sect + le32(buf + sect + 18), draw_locals = sect + le32(buf + sect + 22);
    ck_assert_uint_eq(hello_locals - sect, 0x2A);
    ck_assert_uint_eq(buf[hello_locals + 15 + 1], 0x21);
    buf[hello_locals + 15] = 5;                             /* a routine of 5 bytes */
    ck_assert_int_eq(watcom_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Watcom debugging information 3.0: hello.c: its local symbol at +39 (class 21) has 5 "
                          "bytes of at least 12");
    buf[hello_locals + 15] = 0xF0;                          /* one past its block */
    ck_assert_int_eq(watcom_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "Watcom debugging information 3.0: hello.c: its local symbol at +39 is cut short");
    buf[hello_locals + 15] = 19;
    ck_assert_uint_eq(buf[draw_locals + 1], 0x31);          /* draw.c's new base 0002:0000 */
    buf[draw_locals + 4] = 3;                               /* 0003:0000: draw_'s routine at 0030, not 0020 */
    ck_assert_int_eq(watcom_parse(buf, n, &t, err, sizeof err), 0);
    ck_assert_str_eq(t.sym[2].name, "draw_");
    ck_assert_uint_eq(t.sym[2].end, 0);                     /* no routine starts at 0020: to the next symbol */
    ck_assert_uint_eq(t.sym[1].end, 0x17);
    symtab_free(&t);
    buf[draw_locals + 4] = 2;
    ck_assert_int_eq(watcom_parse(buf, n, &t, err, sizeof err), 0);
    symtab_free(&t);
    every_byte_damaged(watcom_parse, buf, n, info, n);
    free(buf);
}
END_TEST

/* profil run, then every command, with no map (tests/testutil.h's
 * debug_fixture_commands: the fixture's derivation). */
START_TEST(commands_name_functions_and_lines)
{
    static const struct debug_fixture wat = { TMP "/wat", WAT_EXE, "WATCOM.EXE", "Watcom debugging information",
                                              "main_", "spin_", "draw_", "hello.c:14", "draw.c:21" };
    debug_fixture_commands(&wat);
}
END_TEST

/* Damaged information beside the profile: one warning naming the file
 * and the fault, and the command goes on without it. */
START_TEST(damaged_information_beside_is_a_warning)
{
    struct run_result r;
    ck_assert(system("rm -rf " TMP "/watbad && mkdir -p " TMP "/watbad && cp " WAT_EXE " " TMP
                     "/watbad/WATCOM.EXE") == 0);
    FILE *f = fopen(TMP "/watbad/WATCOM.EXE", "r+b");
    ck_assert_ptr_nonnull(f);
    fseek(f, -12, SEEK_END);
    fputc(4, f);                                            /* version 4.0 */
    fclose(f);
    run_profil(&r, "run --trace --timing table -o " TMP "/watbad/WATCOM.PRF --drive C=" TMP "/watbad " TMP
               "/watbad/WATCOM.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.err, "profil: warning: " TMP "/watbad/WATCOM.EXE: Watcom debugging information 4.0: this "
                                "reader reads version 3.0, what wlink writes; going on without it\n"),
                  "%s", r.err);
    run_profil(&r, "hist --by function " TMP "/watbad/WATCOM.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "profil: warning: " TMP "/watbad/WATCOM.EXE: Watcom debugging information 4.0: this "
                            "reader reads version 3.0, what wlink writes; going on without it\n");
}
END_TEST

/* A crafted EXE (built here) for the reader's bounds: a 16-byte program
 * that loops (JMP $), then Watcom information 3.0 of one module, a.c,
 * whose address table has `n` blocks of one byte at 0, 1, ... n - 1 (four
 * segment entries, each at most 32767) and whose global table has `n`
 * code symbols f00000, f00001, ... at 2n, 2n + 1, ...: in no block, so a
 * search of the blocks by scanning looks at all n for each (10^10 steps
 * for n = 10^5, where the sorted blocks take n log n). */
static void crafted_watcom_exe(struct bytes *x, unsigned n)
{
    static const uint8_t mz[32] = { 'M', 'Z', 48, 0, 1, 0, 0, 0, 2, 0, 0x11, 0, 0xFF, 0xFF, 1, 0, 0, 1, 0, 0,
                                    0, 0, 0, 0, 0x1C };
    static const uint8_t image[16] = { 0xEB, 0xFE };       /* JMP $ */
    memset(x, 0, sizeof *x);
    bytes_put(x, mz, sizeof mz);
    bytes_put(x, image, sizeof image);
    size_t info = x->n, segs = (n + 24999) / 25000;
    uint32_t mod_off = 18, gbl_off = mod_off + 21 + 3, addr_off = gbl_off + 16u * n;
    uint32_t sect = addr_off + (uint32_t)(8 * segs + 6u * n);
    bytes_u32(x, mod_off), bytes_u32(x, gbl_off), bytes_u32(x, addr_off), bytes_u32(x, sect), bytes_u16(x, 0);
    bytes_u16(x, 0);                                        /* a.c: no demand-loaded tables */
    for (int k = 0; k < 3; k++)
        bytes_u32(x, 0), bytes_u16(x, 0);
    bytes_u8(x, 3), bytes_put(x, "a.c", 3);
    for (unsigned i = 0; i < n; i++) {
        char name[8];
        snprintf(name, sizeof name, "f%05u", i);
        bytes_u32(x, 2 * n + i), bytes_u16(x, 0), bytes_u16(x, 0), bytes_u8(x, 0x04), bytes_u8(x, 6);
        bytes_put(x, name, 6);
    }
    for (unsigned i = 0; i < n; i += 25000) {
        unsigned count = n - i < 25000 ? n - i : 25000;
        bytes_u32(x, i), bytes_u16(x, 0), bytes_u16(x, count);
        for (unsigned k = 0; k < count; k++)
            bytes_u32(x, 1), bytes_u16(x, 0);
    }
    ck_assert_uint_eq(x->n - info, sect);
    bytes_u16(x, 0x8386), bytes_u8(x, 3), bytes_u8(x, 0), bytes_u16(x, 0), bytes_u16(x, 0), bytes_u16(x, 0);
    bytes_u32(x, (uint32_t)(x->n + 4 - info));
}

/* 10^5 symbols over 10^5 blocks read in well under a second of CPU (the
 * scan of every block for every symbol took about a minute); `profil run`
 * of that EXE, stopped by SIGINT, writes its profile, reads the
 * information for its summary and exits 130 within a few seconds. */
START_TEST(crafted_information_reads_in_n_log_n)
{
    struct bytes x;
    struct symtab t;
    char err[600];
    crafted_watcom_exe(&x, 100000);
    double before = self_cpu_seconds();
    ck_assert_msg(watcom_parse(x.b, x.n, &t, err, sizeof err) == 0, "%s", err);
    double cpu = self_cpu_seconds() - before;
    ck_assert_uint_eq(t.nsym, 100000);
    ck_assert_str_eq(t.sym[99999].name, "f99999");
    ck_assert_uint_eq(t.sym[99999].addr, 299999);
    ck_assert_msg(cpu < 1.0, "%.2f s of CPU", cpu);
    symtab_free(&t);
    ck_assert(system("rm -rf " TMP "/wbig && mkdir -p " TMP "/wbig") == 0);
    FILE *f = fopen(TMP "/wbig/BIG.EXE", "wb");
    ck_assert(f && fwrite(x.b, 1, x.n, f) == x.n && fclose(f) == 0);
    free(x.b);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int st = system("timeout -k 10 --preserve-status -s INT 1 " PROFIL_BIN " run -o " TMP "/wbig/BIG.PRF " TMP
                    "/wbig/BIG.EXE < /dev/null > /dev/null 2> " TMP "/wbig/err");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double wall = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    char said[4096];
    slurp(TMP "/wbig/err", said, sizeof said);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == PROFIL_EXIT_INTERRUPTED, "status %d: %s", st, said);
    ck_assert_msg(wall < 4.0, "%.1f s after the start, the signal at 1 s", wall);
    ck_assert_msg(strstr(said, "Watcom") != NULL, "%s", said);     /* the summary read the information */
    ck_assert(file_exists(TMP "/wbig/BIG.PRF"));
}
END_TEST

/* The folder the information names: hello.c is C:\WATDEMO\hello.c, so
 * its text is WATDEMO/HELLO.C under the program's folder (any case), not
 * the hello.c beside the program; draw.c names none.  The figures are
 * the fixture's, by line: 5 MOV SI,3 (1, 4); 6 and 7 a CALL 3 x (1, 23);
 * 8 DEC SI and JNZ 3 x 2 + 2 x 16 + 4 = 42 (6 instructions); 9 MOV AX and
 * INT 21h (2, 4 + 71); 13 MOV CX,4 3 x (1, 4); 14 the LOOPs 3 x (4, 56);
 * 15 RET 3 x (1, 20): 499 cycles, 33 instructions, of the run's 987. */
START_TEST(source_found_in_the_folder_the_information_names)
{
    struct run_result r;
    struct symtab t;
    char err[600], path[4200];
    ck_assert_msg(symtab_read_file(WAT_EXE, &t, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(symtab_source_path(&t, "hello.c"), "C:\\WATDEMO\\hello.c");
    ck_assert_ptr_null(symtab_source_path(&t, "draw.c"));         /* named without a folder */
    ck_assert(system("rm -rf " TMP "/wsrc && mkdir -p " TMP "/wsrc/WATDEMO " TMP "/wsrc/up && cp " WAT_EXE " " TMP
                     "/wsrc/WATCOM.EXE && cp tests/fixtures/WATDEMO/HELLO.C " TMP "/wsrc/WATDEMO/ && "
                     "echo decoy > " TMP "/wsrc/hello.c") == 0);
    const char *dirs[2] = { NULL, TMP "/wsrc" };
    ck_assert(srcview_find(&t, "hello.c", dirs, 2, path, sizeof path));
    ck_assert_str_eq(path, TMP "/wsrc/WATDEMO/HELLO.C");
    ck_assert(srcview_find(NULL, "hello.c", dirs, 2, path, sizeof path));        /* no path: the name alone */
    ck_assert_str_eq(path, TMP "/wsrc/hello.c");
    /* A path that climbs is looked for by its name only: never ../x.c. */
    struct symtab up = { 0 };
    const char *climb = "..\\up\\X.C", *deep = "C:\\A\\B\\HELLO.C";
    size_t src;
    ck_assert_int_eq(symtab_add_source(&up, climb, strlen(climb), &src), 0);
    ck_assert_int_eq(symtab_add_source(&up, deep, strlen(deep), &src), 0);
    ck_assert(system("echo x > " TMP "/wsrc/up/X.C") == 0);
    const char *inner[1] = { TMP "/wsrc/WATDEMO" };
    ck_assert(!srcview_find(&up, "X.C", inner, 1, path, sizeof path));
    ck_assert(srcview_find(&up, "HELLO.C", inner, 1, path, sizeof path));   /* A\B\HELLO.C, then B\HELLO.C, then HELLO.C */
    ck_assert_str_eq(path, TMP "/wsrc/WATDEMO/HELLO.C");
    symtab_free(&up);
    symtab_free(&t);
    run_profil(&r, "run -q --trace --timing table -o " TMP "/wsrc/WATCOM.PRF " TMP "/wsrc/WATCOM.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "annotate --source " TMP "/wsrc/WATCOM.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    const char *view = strstr(r.out, "\nsource hello.c (" TMP "/wsrc/WATDEMO/HELLO.C): 499 cycles, 33 instructions on "
                                     "its lines (50.6% of the run's cycles)\n");
    ck_assert_msg(view != NULL, "%s", r.out);
    ck_assert_msg(strstr(view, "\n      5          1          4    0.4%      int i = 3;\n"
                               ">     6          3         69    7.0%      do { spin();\n"
                               ">     7          3         69    7.0%           draw();\n"
                               "      8          6         42    4.3%      } while (--i);\n"
                               ">     9          2         75    7.6%      return 0;\n"), "%s", view);
    ck_assert_msg(strstr(view, "\n     13          3         12    1.2%      int n = 4;\n"
                               ">    14         12        168   17.0%      while (--n) ;\n"
                               ">    15          3         60    6.1%  }\n"), "%s", view);
    ck_assert_msg(strstr(r.err, "profil: draw.c: not found"), "%s", r.err);
    /* The profile elsewhere: the program found where the run recorded it
     * (an absolute path), and named from the working folder, as a user
     * gives it, not by its host folders. */
    ck_assert(system("mkdir -p " TMP "/wsrc/away && cp " TMP "/wsrc/WATCOM.prx " TMP "/wsrc/away/W.prx") == 0);
    run_profil(&r, "hist --by function " TMP "/wsrc/away/W.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "profil: symbols: " TMP "/wsrc/WATCOM.EXE's Watcom debugging information\n");
}
END_TEST

Suite *watcom_suite(void)
{
    Suite *s = suite_create("watcom");
    TCase *tc = tcase_create("watcom");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, fixture_symbols_and_lines);
    tcase_add_test(tc, resource_block_after_is_stepped_over);
    tcase_add_test(tc, damaged_information_is_refused);
    tcase_add_test(tc, commands_name_functions_and_lines);
    tcase_add_test(tc, damaged_information_beside_is_a_warning);
    tcase_add_test(tc, crafted_information_reads_in_n_log_n);
    tcase_add_test(tc, source_found_in_the_folder_the_information_names);
    suite_add_tcase(s, tc);
    return s;
}
