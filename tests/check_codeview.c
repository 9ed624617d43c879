/*
 * tests/check_codeview.c: symbols and lines from an .EXE's CodeView
 * information (formats/codeview.c).  tests/fixtures/codeview/HELLO.EXE
 * was built from HELLO.C beside it by the real Microsoft C 5.10 (CL /c /Zi
 * /Od) and LINK 3.65 (/CO/MAP/LI), which wrote HELLO.MAP of the same link;
 * HELLOM.EXE and HELLOM.MAP are the medium model's (/AM)
 * (tools/codeview-fixture.sh rebuilds them): their NB00 information must
 * give what the maps give.  A hand-built NB09 blob (the layout is below;
 * fuzz/corpus/codeview/hand_nb09.bin is the same bytes) covers CV4.
 */
#include "testutil.h"
#include <ctype.h>

#include "../formats/codeview.h"
#include "../formats/symtab.h"

#define CVDIR "tests/fixtures/codeview/"

static const struct symbol *find_symbol(const struct symtab *t, const char *name)
{
    for (size_t i = 0; i < t->nsym; i++)
        if (strcmp(t->sym[i].name, name) == 0)
            return &t->sym[i];
    return NULL;
}

/* HELLO.MAP: _square 0000:0029, _sum 0000:0064, _main 0000:00BA; the line
 * table "Line numbers for HELLO.OBJ(HELLO.C) segment _TEXT" has 20
 * entries, from 6 at 0000:0010 to 32 at 0000:00EB.  The static twice()
 * (HELLO.C line 5) has no public: only sstSymbols names it, at 0010h,
 * where line 6 (its body) starts. */
START_TEST(hello_nb00_symbols_and_lines)
{
    struct symtab t;
    char err[600], sig[5];
    uint8_t *buf;
    size_t n;
    ck_assert(read_file(CVDIR "HELLO.EXE", &buf, &n, err, sizeof err) == 0);
    ck_assert_int_eq(codeview_present(buf, n, sig), 1);
    ck_assert_str_eq(sig, "NB00");
    free(buf);
    ck_assert_msg(symtab_read_file(CVDIR "HELLO.EXE", &t, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(t.format, MAP_CODEVIEW);
    ck_assert_str_eq(map_format_name(t.format), "CodeView");
    static const char *const names[4] = { "twice", "_square", "_sum", "_main" };
    static const uint32_t at[4] = { 0x10, 0x29, 0x64, 0xBA };
    /* Each procedure's length (its sstSymbols record) gives its end: main()
     * ends at 00F1, before the module's last byte, a pad. */
    static const uint32_t end[4] = { 0x29, 0x64, 0xBA, 0xF1 };
    for (int i = 0; i < 4; i++) {
        const struct symbol *s = find_symbol(&t, names[i]);
        ck_assert_msg(s != NULL, "%s missing", names[i]);
        ck_assert_uint_eq(s->addr, at[i]);
        ck_assert_uint_eq(s->end, end[i]);
    }
    ck_assert_ptr_eq(find_symbol(&t, "square"), NULL);     /* the public's name, not sstSymbols' */
    ck_assert_ptr_eq(find_symbol(&t, "_errno"), NULL);     /* data (0179:00BD) is left out */
    /* The first module's code: HELLO.OBJ, from twice() to main()'s end
     * (crt0's __astart, the entry point, follows at 00F2). */
    ck_assert_str_eq(t.seg[0].name, "HELLO.OBJ");
    ck_assert_str_eq(t.seg[0].cls, "CODE");
    ck_assert_uint_eq(t.seg[0].start, 0x10);
    ck_assert_uint_eq(t.seg[0].stop, 0xF1);
    ck_assert_uint_eq(t.nline, 20);
    ck_assert_str_eq(t.line[0].label, "HELLO.C:6");
    ck_assert_uint_eq(t.line[0].addr, 0x10);
    ck_assert_str_eq(t.line[4].label, "HELLO.C:12");    /* "int i, s = 0;" */
    ck_assert_uint_eq(t.line[4].addr, 0x34);
    ck_assert_str_eq(t.line[19].label, "HELLO.C:32");
    ck_assert_uint_eq(t.line[19].addr, 0xEB);
    symtab_free(&t);
}
END_TEST

/* Every line entry of the map is the CodeView one; every code public of
 * the map (not in a segment of class DATA, BSS, STACK or CONST) is a
 * CodeView symbol at the same address; CodeView adds only twice(). */
static void expect_agreement(const char *exe, const char *mapfile)
{
    struct symtab cv, map;
    char err[600];
    ck_assert_msg(symtab_read_file(exe, &cv, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(symtab_read_file(mapfile, &map, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(map.format, MAP_MSLINK);
    ck_assert_uint_eq(cv.nline, 20);
    ck_assert_uint_eq(cv.nline, map.nline);
    for (size_t i = 0; i < map.nline; i++) {
        ck_assert_str_eq(cv.line[i].label, map.line[i].label);
        ck_assert_uint_eq(cv.line[i].addr, map.line[i].addr);
    }
    size_t code = 0;
    for (size_t i = 0; i < map.nsym; i++) {
        if (symtab_is_data(&map, map.sym[i].addr))
            continue;
        const struct symbol *s = find_symbol(&cv, map.sym[i].name);
        ck_assert_msg(s != NULL, "%s missing", map.sym[i].name);
        ck_assert_uint_eq(s->addr, map.sym[i].addr);
        code++;
    }
    ck_assert_uint_eq(code, 48);
    ck_assert_uint_eq(cv.nsym, code + 1);
    ck_assert_ptr_ne(find_symbol(&cv, "twice"), NULL);
    symtab_free(&cv);
    symtab_free(&map);
}

START_TEST(hello_nb00_agrees_with_link_map)
{
    expect_agreement(CVDIR "HELLO.EXE", CVDIR "HELLO.MAP");
}
END_TEST

/* The medium model (CL /AM): HELLO_TEXT at 0, the library's _TEXT from
 * 000F2H, its publics in frame 000F: "000F:0012 __astart" is 0F0h + 12h
 * = 102h, "000F:05CE _printf" 0F0h + 5CEh = 6BEh; HELLO.C's lines start
 * at 0000:0000 ("6 0000:0000"). */
START_TEST(medium_model_frames)
{
    struct symtab t;
    char err[600];
    expect_agreement(CVDIR "HELLOM.EXE", CVDIR "HELLOM.MAP");
    ck_assert_msg(symtab_read_file(CVDIR "HELLOM.EXE", &t, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(find_symbol(&t, "__astart")->addr, 0x102);
    ck_assert_uint_eq(find_symbol(&t, "_printf")->addr, 0x6BE);
    ck_assert_str_eq(t.line[0].label, "HELLO.C:6");
    ck_assert_uint_eq(t.line[0].addr, 0);
    symtab_free(&t);
}
END_TEST

/* ---- a hand-built NB09 (CV4) blob ------------------------------------------ */

static void put(struct bytes *x, const void *p, size_t n) { bytes_put(x, p, n); }
static void w16(struct bytes *x, unsigned v) { bytes_u16(x, v); }
static void w32(struct bytes *x, uint32_t v) { bytes_u32(x, v); }
static void w8(struct bytes *x, unsigned v) { bytes_u8(x, v); }
static void pstr(struct bytes *x, const char *s) { w8(x, (unsigned)strlen(s)); put(x, s, strlen(s)); }

/* One subsection of a hand-built NB09: its type, module, place and size. */
struct nb09_entry {
    unsigned type, mod;
    size_t at, n;
};

/* The directory of `count` subsections after the (4-aligned) blob, its
 * place in the header's second dword, then the NB09 trailer. */
static void nb09_finish(struct bytes *x, const struct nb09_entry *e, unsigned count)
{
    while (x->n % 4)
        w8(x, 0);
    uint32_t dir = (uint32_t)x->n;
    for (int i = 0; i < 4; i++)
        x->b[4 + i] = (uint8_t)(dir >> (8 * i));
    w16(x, 16), w16(x, 12), w32(x, count), w32(x, 0), w32(x, 0);
    for (unsigned k = 0; k < count; k++)
        w16(x, e[k].type), w16(x, e[k].mod), w32(x, (uint32_t)e[k].at), w32(x, (uint32_t)e[k].n);
    put(x, "NB09", 4);
    w32(x, (uint32_t)x->n + 4);
}

/* S_LPROC16 (104h) / S_GPROC16 (105h): links, length 10h, offset, segment. */
static void proc16(struct bytes *x, unsigned type, unsigned off, unsigned seg, const char *name)
{
    w16(x, 2 + 12 + 2 + 4 + 2 + 2 + 2 + 1 + 1 + (unsigned)strlen(name));
    w16(x, type);
    w32(x, 0), w32(x, 0), w32(x, 0);
    w16(x, 0x10), w16(x, 0), w16(x, 0), w16(x, off), w16(x, seg), w16(x, 0), w8(x, 0);
    pstr(x, name);
}

static void pub16(struct bytes *x, unsigned off, unsigned seg, const char *name)
{
    w16(x, 2 + 6 + 1 + (unsigned)strlen(name));
    w16(x, 0x103), w16(x, off), w16(x, seg), w16(x, 0);
    pstr(x, name);
}

/* Module A.OBJ: logical segment 1 at offset 10h, 30h bytes; sstSegMap:
 * segment 1 has frame 0002h, segment 2 (data) frame 0100h; main() (a
 * public, _main) at 1:0010, the local helper() at 1:0030, _data at 2:0004;
 * SRC\A.C's lines 3 and 9 at 1:0010 and 1:0030.  So: A.OBJ's code is
 * 20h + 10h = 30h to 5Fh, _main 30h, helper 50h, A.C:3 30h, A.C:9 50h,
 * and _data (10004h) is not code. */
static void hand_nb09(struct bytes *x)
{
    /* sstModule, sstSegMap, sstAlignSym, sstGlobalPub, sstSrcModule */
    struct nb09_entry e[5] = {
        { 0x120, 1, 8, 0 }, { 0x12D, 0xFFFF, 0, 0 }, { 0x125, 1, 0, 0 }, { 0x12A, 0xFFFF, 0, 0 }, { 0x127, 1, 0, 0 },
    };
    memset(x, 0, sizeof *x);
    put(x, "NB09\0\0\0\0", 8);
    w16(x, 0), w16(x, 0), w16(x, 1), w16(x, 0x5643);
    w16(x, 1), w16(x, 0), w32(x, 0x10), w32(x, 0x30);
    pstr(x, "A.OBJ");
    for (int k = 0; k < 5; k++) {
        if (k > 0) {
            while (x->n % 4)
                w8(x, 0);
            e[k].at = x->n;
        }
        switch (k) {
        case 1:
            w16(x, 2), w16(x, 2);
            w16(x, 0x0D), w16(x, 0), w16(x, 0), w16(x, 0x0002), w16(x, 0xFFFF), w16(x, 0xFFFF), w32(x, 0x10), w32(x, 0x30);
            w16(x, 0x0B), w16(x, 0), w16(x, 0), w16(x, 0x0100), w16(x, 0xFFFF), w16(x, 0xFFFF), w32(x, 0), w32(x, 0x20);
            break;
        case 2:
            w32(x, 1);
            proc16(x, 0x105, 0x10, 1, "main");
            proc16(x, 0x104, 0x30, 1, "helper");
            break;
        case 3:
            w16(x, 0), w16(x, 0), w32(x, 0x20), w32(x, 0), w32(x, 0);
            pub16(x, 0x10, 1, "_main");
            pub16(x, 4, 2, "_data");
            break;
        case 4:                                         /* file at 18, its lines at 42 */
            w16(x, 1), w16(x, 1), w32(x, 18), w32(x, 0x10), w32(x, 0x3F), w16(x, 1);
            w16(x, 1), w16(x, 0), w32(x, 42), w32(x, 0x10), w32(x, 0x3F);
            pstr(x, "SRC\\A.C");
            w16(x, 1), w16(x, 2), w32(x, 0x10), w32(x, 0x30), w16(x, 3), w16(x, 9);
            break;
        }
        e[k].n = x->n - e[k].at;
    }
    nb09_finish(x, e, 5);
}

START_TEST(hand_built_nb09)
{
    struct bytes x;
    struct symtab t;
    char err[600];
    hand_nb09(&x);
    ck_assert_msg(codeview_parse(x.b, x.n, &t, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(t.nseg, 1);
    ck_assert_str_eq(t.seg[0].name, "A.OBJ");
    ck_assert_uint_eq(t.seg[0].start, 0x30);
    ck_assert_uint_eq(t.seg[0].stop, 0x5F);
    ck_assert_uint_eq(t.nsym, 2);
    ck_assert_str_eq(t.sym[0].name, "_main");
    ck_assert_uint_eq(t.sym[0].addr, 0x30);
    ck_assert_str_eq(t.sym[1].name, "helper");
    ck_assert_uint_eq(t.sym[1].addr, 0x50);
    ck_assert_uint_eq(t.nline, 2);
    ck_assert_str_eq(t.line[0].label, "A.C:3");
    ck_assert_uint_eq(t.line[0].addr, 0x30);
    ck_assert_str_eq(t.line[1].label, "A.C:9");
    ck_assert_uint_eq(t.line[1].addr, 0x50);
    symtab_free(&t);
    /* The fuzz seed is these bytes. */
    uint8_t *seed;
    size_t n;
    ck_assert(read_file("fuzz/corpus/codeview/hand_nb09.bin", &seed, &n, err, sizeof err) == 0);
    ck_assert_uint_eq(n, x.n);
    ck_assert(memcmp(seed, x.b, n) == 0);
    free(seed);
    free(x.b);
}
END_TEST

/* Damage: no trailer, a base or directory outside the file, a version
 * this reader does not know; and every byte of HELLO.EXE's information
 * set to 00h and to FFh in turn: a table or a one-line error, never a
 * read outside the file (make asan checks that). */
START_TEST(corrupt_information_is_refused)
{
    uint8_t *buf;
    size_t n;
    char err[600];
    struct symtab t;
    ck_assert(read_file(CVDIR "HELLO.EXE", &buf, &n, err, sizeof err) == 0);
    uint32_t back = buf[n - 4] | (uint32_t)buf[n - 3] << 8;
    ck_assert_int_eq(codeview_parse(buf, n - 1, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "no CodeView information (compile with /Zi and link with /CO)");
    buf[n - 3] ^= 0x40;                                 /* the base 16 KiB further back: before the file */
    ck_assert_int_eq(codeview_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "no CodeView information (compile with /Zi and link with /CO)");
    buf[n - 3] ^= 0x40;
    buf[n - back + 6] = 0x7F;                           /* the directory far past the end */
    ck_assert_int_eq(codeview_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "CodeView NB00: its subsection directory lies outside the file");
    buf[n - back + 6] = 0;
    buf[n - 5] = buf[n - back + 3] = '3';
    ck_assert_int_eq(codeview_parse(buf, n, &t, err, sizeof err), -1);
    ck_assert_str_eq(err, "CodeView NB03: a version this reader does not know (NB00, NB02, NB05, NB08, NB09, NB11)");
    buf[n - 5] = buf[n - back + 3] = '0';
    ck_assert_int_eq(codeview_parse(buf, n, &t, err, sizeof err), 0);
    symtab_free(&t);
    every_byte_damaged(codeview_parse, buf, n, n - back + 8, n - 8);
    free(buf);
}
END_TEST

/* profil run with no map: the summary names the program's CodeView
 * symbols; hist and cover of the .prx beside the program find them by
 * themselves, per line too.  The loop of square() (HELLO.C 13-14) is where the time goes. */
START_TEST(run_and_hist_without_a_map)
{
    struct run_result r;
    ck_assert(system("rm -rf " TMP "/cv && mkdir -p " TMP "/cv && cp " CVDIR "HELLO.EXE " TMP "/cv/") == 0);
    run_profil(&r, "run --trace -o " TMP "/cv/HELLO.PRF --drive C=" TMP "/cv " TMP "/cv/HELLO.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "sum 1467452\r\n");
    ck_assert_msg(strstr(r.err, "\nprofil:   _square  ") != NULL, "%s", r.err);
    run_profil(&r, "hist --top 1 " TMP "/cv/HELLO.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "  _square  ") != NULL, "%s", r.out);
    ck_assert_msg(strstr(r.out, "; CodeView)") != NULL, "%s", r.out);
    ck_assert_str_eq(r.err, "profil: symbols: " TMP "/cv/HELLO.EXE's CodeView\n");
    run_profil(&r, "hist --by line --top 2 " TMP "/cv/HELLO.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "HELLO.C:13 ") && strstr(r.out, "HELLO.C:14 "), "%s", r.out);
    /* cover finds it too: twice() (no public) runs from line 6 at 0010h
     * to _square at 0029h, 25 bytes, all of them run. */
    run_profil(&r, "cover " TMP "/cv/HELLO.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "\ntwice                        25      0  100.0%  00010-00028\n") != NULL, "%s", r.out);
    /* --by line on a program without CodeView still asks for a map. */
    ck_assert(system("rm " TMP "/cv/HELLO.EXE") == 0);
    run_profil(&r, "hist --by line " TMP "/cv/HELLO.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: no map or debug information for HELLO.EXE: --map, or build with /Zi, /V, -v, -d2\n"
                            "profil: --by line needs symbols: --map FILE.MAP, or the program, with a map or debug "
                            "information, beside " TMP "/cv/HELLO.prx\n");
}
END_TEST

/* One rule for symbols in every command (formats/symtab.h, symtab_load):
 * HELLO.MAP's publics merged with HELLO.EXE's CodeView, which adds the
 * static twice() (0010h-0028h; the map has no symbol there), the sources
 * named.  Before, run took the map alone (twice's 211 traced cycles were
 * "(no symbol)"), hist the CodeView alone, and annotate and report found
 * no symbols without --map. */
START_TEST(one_rule_for_symbols)
{
    struct run_result r;
    ck_assert(system("rm -rf " TMP "/cv1 && mkdir -p " TMP "/cv1 && cp " CVDIR "HELLO.EXE " CVDIR "HELLO.MAP " TMP
                     "/cv1/") == 0);
    run_profil(&r, "run --trace -o " TMP "/cv1/HELLO.PRF --drive C=" TMP "/cv1 " TMP "/cv1/HELLO.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.err, "; symbols: " TMP "/cv1/HELLO.MAP (Microsoft LINK) + " TMP "/cv1/HELLO.EXE's "
                                "CodeView)\n") != NULL, "%s", r.err);
    run_profil(&r, "hist --map " TMP "/cv1/HELLO.MAP " TMP "/cv1/HELLO.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "profil: symbols: " TMP "/cv1/HELLO.MAP (Microsoft LINK) + " TMP "/cv1/HELLO.EXE's "
                            "CodeView\n");
    ck_assert_msg(strstr(r.out, "  twice                    00010-00028\n") != NULL, "%s", r.out);
    ck_assert_ptr_null(strstr(r.out, "(no symbol)"));
    /* The .PRF: the program its NAME.prc names, beside it. */
    run_profil(&r, "hist --map " TMP "/cv1/HELLO.MAP --format csv " TMP "/cv1/HELLO.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "\nsymbol,\"twice\",16,41,") != NULL, "%s", r.out);
    /* annotate and report with no --map: HELLO.MAP beside the program, with its CodeView. */
    run_profil(&r, "annotate --symbol twice " TMP "/cv1/HELLO.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_str_eq(r.err, "profil: symbols: " TMP "/cv1/HELLO.MAP (Microsoft LINK) + " TMP "/cv1/HELLO.EXE's "
                            "CodeView\n");
    ck_assert_msg(strstr(r.out, "\ntwice  00010-00028: ") != NULL, "%s", r.out);
    run_profil(&r, "report -o " TMP "/cv1/r.html " TMP "/cv1/HELLO.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    char html[1 << 16];
    slurp(TMP "/cv1/r.html", html, sizeof html);
    ck_assert_ptr_nonnull(strstr(html, "_square"));
}
END_TEST

/* A crafted NB09 (built here) for the reader's bounds: two modules of
 * 50000 code segments each (sstModule: frame 0, offsets 0, 2, 4, ...
 * 2 x 99999, one byte each; no sstSegMap, so a segment's number is its
 * frame), then an sstGlobalPub of 10^5 S_PUB16s, p00000 ... p99999, at
 * 2i (frame 2i / 16, offset 2i % 16), each in the code: a scan of the
 * segments for each public looks at i + 1 of them (5 x 10^9 steps in
 * all), the sorted ranges at log n. */
static void crafted_nb09(struct bytes *x)
{
    struct nb09_entry e[3] = { { 0x120, 1, 0, 0 }, { 0x120, 2, 0, 0 }, { 0x12A, 0xFFFF, 0, 0 } };
    memset(x, 0, sizeof *x);
    bytes_put(x, "NB09\0\0\0\0", 8);
    for (unsigned m = 0; m < 2; m++) {
        e[m].at = x->n;
        bytes_u16(x, 0), bytes_u16(x, 0), bytes_u16(x, 50000), bytes_u16(x, 0x5643);
        for (unsigned i = 0; i < 50000; i++)
            bytes_u16(x, 0), bytes_u16(x, 0), bytes_u32(x, 2 * (50000 * m + i)), bytes_u32(x, 1);
        bytes_u8(x, 5), bytes_put(x, m ? "B.OBJ" : "A.OBJ", 5);
        e[m].n = x->n - e[m].at;
        while (x->n % 4)
            bytes_u8(x, 0);
    }
    e[2].at = x->n;
    bytes_u16(x, 0), bytes_u16(x, 0), bytes_u32(x, 100000 * 17), bytes_u32(x, 0), bytes_u32(x, 0);
    for (unsigned i = 0; i < 100000; i++) {
        char name[8];
        snprintf(name, sizeof name, "p%05u", i);
        bytes_u16(x, 2 + 6 + 1 + 6), bytes_u16(x, 0x103), bytes_u16(x, (2 * i) % 16), bytes_u16(x, (2 * i) / 16);
        bytes_u16(x, 0), bytes_u8(x, 6), bytes_put(x, name, 6);
    }
    e[2].n = x->n - e[2].at;
    nb09_finish(x, e, 3);
}

/* The 10^5 publics over 10^5 segments read in well under a second of CPU. */
START_TEST(crafted_information_reads_in_n_log_n)
{
    struct bytes x;
    struct symtab t;
    char err[600];
    crafted_nb09(&x);
    double before = self_cpu_seconds();
    ck_assert_msg(codeview_parse(x.b, x.n, &t, err, sizeof err) == 0, "%s", err);
    double cpu = self_cpu_seconds() - before;
    ck_assert_uint_eq(t.nseg, 100000);
    ck_assert_uint_eq(t.nsym, 100000);
    ck_assert_str_eq(t.sym[99999].name, "p99999");
    ck_assert_uint_eq(t.sym[99999].addr, 199998);
    ck_assert_msg(cpu < 1.0, "%.2f s of CPU", cpu);
    symtab_free(&t);
    free(x.b);
}
END_TEST

/* The names a command's output gives its code, in order, one a line: the
 * word before each "XXXXX-XXXXX" address range (hist), or the first of a
 * line with one (cover's rows, annotate's headings "NAME  XXXXX-XXXXX: "). */
static void names_of(const char *out, char *names, size_t n)
{
    size_t k = 0;
    names[0] = 0;
    for (const char *line = out; *line;) {
        const char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line) : strlen(line);
        for (size_t i = 0; i + 11 <= len; i++) {
            const char *a = line + i;
            if (a[5] != '-' || !isxdigit((unsigned char)a[0]) || !isxdigit((unsigned char)a[10]) ||
                (i > 0 && a[-1] != ' ') || (i + 11 < len && a[11] != ':' && a[11] != ' '))
                continue;
            const char *w = a, *b = line;
            if (line[0] != ' ')         /* the name first (cover, annotate) */
                w = line + strcspn(line, " ");
            else {                      /* the name before the range (hist) */
                while (w > line && w[-1] == ' ')
                    w--;
                b = w;
                while (b > line && b[-1] != ' ')
                    b--;
            }
            if (w > b && k + (size_t)(w - b) + 2 < n) {
                memcpy(names + k, b, (size_t)(w - b));
                k += (size_t)(w - b);
                names[k++] = '\n';
                names[k] = 0;
            }
            break;
        }
        line += len + (end != NULL);
    }
}

/* The one symbol rule (formats/symfind.h), the same names in every
 * command for one program traced three ways: HELLO.MAP beside HELLO.EXE
 * (the map merged with its CodeView), HELLO.EXE alone (its CodeView), and
 * HELLO.EXE alone with --map HELLO.MAP.  The names (in each output's
 * order) are the same; only the line saying which source was used differs. */
START_TEST(same_names_by_every_source)
{
    static const char *const commands[] = { "hist --by symbol", "cover", "annotate --symbol twice",
                                            "annotate --symbol _square", "hist --by function" };
    struct run_result r;
    static char names[3][sizeof r.out];   /* a row each, as long as an output */
    ck_assert(system("rm -rf " TMP "/rA " TMP "/rB && mkdir -p " TMP "/rA " TMP "/rB && cp " CVDIR "HELLO.EXE " CVDIR
                     "HELLO.MAP " TMP "/rA/ && cp " CVDIR "HELLO.EXE " TMP "/rB/") == 0);
    run_profil(&r, "run --trace --stacks -o " TMP "/rA/HELLO.PRF --drive C=" TMP "/rA " TMP "/rA/HELLO.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.err, "; symbols: " TMP "/rA/HELLO.MAP (Microsoft LINK) + " TMP "/rA/HELLO.EXE's CodeView)\n"),
                  "%s", r.err);
    ck_assert_msg(strstr(r.err, "\nprofil:   _square "), "%s", r.err);
    run_profil(&r, "run --trace --stacks -o " TMP "/rB/HELLO.PRF --drive C=" TMP "/rB " TMP "/rB/HELLO.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.err, "; symbols: " TMP "/rB/HELLO.EXE's CodeView)\n"), "%s", r.err);
    ck_assert_msg(strstr(r.err, "\nprofil:   _square "), "%s", r.err);
    for (size_t c = 0; c < sizeof commands / sizeof *commands; c++) {
        static const char *const how[3] = { "", "", "--map " CVDIR "HELLO.MAP " };
        static const char *const prx[3] = { TMP "/rA/HELLO.prx", TMP "/rB/HELLO.prx", TMP "/rB/HELLO.prx" };
        static const char *const said[3] = { "profil: symbols: " TMP "/rA/HELLO.MAP (Microsoft LINK) + " TMP
                                             "/rA/HELLO.EXE's CodeView\n",
                                             "profil: symbols: " TMP "/rB/HELLO.EXE's CodeView\n",
                                             "profil: symbols: " CVDIR "HELLO.MAP (Microsoft LINK) + " TMP
                                             "/rB/HELLO.EXE's CodeView\n" };
        for (int k = 0; k < 3; k++) {
            char args[600];
            snprintf(args, sizeof args, "%s %s%s", commands[c], how[k], prx[k]);
            run_profil(&r, args, NULL);
            ck_assert_msg(r.status == 0, "%s: %s", args, r.err);
            ck_assert_msg(strstr(r.err, said[k]) != NULL, "%s: %s", args, r.err);
            if (strstr(commands[c], "function"))    /* no ranges: the rows whole */
                snprintf(names[k], sizeof names[k], "%s", r.out);
            else
                names_of(r.out, names[k], sizeof names[k]);
            ck_assert_msg(strstr(names[k], "twice\n") || strstr(names[k], "  _square\n") || strstr(names[k], "_square\n"),
                          "%s:\n%.2000s", args, r.out);
        }
        ck_assert_msg(strcmp(names[0], names[1]) == 0, "%s: beside and alone differ:\n%.1500s\n--\n%.1500s", commands[c],
                      names[0], names[1]);
        ck_assert_msg(strcmp(names[0], names[2]) == 0, "%s: beside and --map differ:\n%.1500s\n--\n%.1500s", commands[c],
                      names[0], names[2]);
    }
    /* The report's symbol table: the same names, none by CS:IP. */
    static char page[3][1 << 18];
    static const char *const reports[3] = { "report -o " TMP "/rA/r.html " TMP "/rA/HELLO.prx",
                                            "report -o " TMP "/rB/r.html " TMP "/rB/HELLO.prx",
                                            "report -o " TMP "/rB/m.html --map " CVDIR "HELLO.MAP " TMP "/rB/HELLO.prx" };
    static const char *const pages[3] = { TMP "/rA/r.html", TMP "/rB/r.html", TMP "/rB/m.html" };
    for (int k = 0; k < 3; k++) {
        run_profil(&r, reports[k], NULL);
        ck_assert_msg(r.status == 0, "%s", r.err);
        slurp(pages[k], page[k], sizeof page[k]);
        ck_assert_msg(strstr(page[k], "data-v=\"_square\"") && strstr(page[k], "data-v=\"twice\""), "%s", reports[k]);
        ck_assert_msg(!strstr(page[k], "data-v=\"0195:"), "%s", reports[k]);     /* no code named by CS:IP */
    }
    /* diff: each side its own symbols (beside, alone): the same program,
     * so every row matches. */
    run_profil(&r, "diff " TMP "/rA/HELLO.prx " TMP "/rB/HELLO.prx", NULL);
    ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
    ck_assert_str_eq(r.err, "profil: symbols: " TMP "/rA/HELLO.MAP (Microsoft LINK) + " TMP "/rA/HELLO.EXE's CodeView\n"
                            "profil: symbols: " TMP "/rB/HELLO.EXE's CodeView\n");
}
END_TEST

/* diff --by function of two builds, each found with its own CodeView:
 * the old build has square()'s second load of n (MOV AX,[BP+4] at 004Fh,
 * 8B 46 04; AX already holds n from the compare's load at 0044h) made
 * three NOPs, so only _square differs: 19900 loads fewer.  The new build
 * (the compiler's) is slower in _square alone, which is the one row
 * flagged; _sum, _main and the runtime are the same. */
START_TEST(diff_by_function_flags_the_changed_function)
{
    struct run_result r;
    char err[300];
    uint8_t *buf;
    size_t n;
    ck_assert(system("rm -rf " TMP "/dO " TMP "/dN && mkdir -p " TMP "/dO " TMP "/dN && cp " CVDIR "HELLO.EXE " TMP
                     "/dO/ && cp " CVDIR "HELLO.EXE " TMP "/dN/") == 0);
    ck_assert(read_file(TMP "/dO/HELLO.EXE", &buf, &n, err, sizeof err) == 0);
    size_t at = (size_t)(buf[8] | buf[9] << 8) * 16 + 0x4F;
    ck_assert(at + 3 <= n && buf[at] == 0x8B && buf[at + 1] == 0x46 && buf[at + 2] == 0x04);
    memset(buf + at, 0x90, 3);
    ck_assert(write_file_atomic(TMP "/dO/HELLO.EXE", buf, n, err, sizeof err) == 0);
    free(buf);
    run_profil(&r, "run -q --trace -o " TMP "/dO/HELLO.PRF --drive C=" TMP "/dO " TMP "/dO/HELLO.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "sum 1467452\r\n");             /* the same answer */
    run_profil(&r, "run -q --trace -o " TMP "/dN/HELLO.PRF --drive C=" TMP "/dN " TMP "/dN/HELLO.EXE", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "diff --by function " TMP "/dO/HELLO.prx " TMP "/dN/HELLO.prx", NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.err, "profil: symbols: " TMP "/dO/HELLO.EXE's CodeView\nprofil: symbols: " TMP
                            "/dN/HELLO.EXE's CodeView\n");
    const char *flag = strstr(r.out, "<-- grew past the threshold");
    ck_assert_msg(flag != NULL, "%s", r.out);
    ck_assert_msg(strstr(flag + 1, "<-- grew past the threshold") == NULL, "more than one row flagged:\n%s", r.out);
    const char *row = flag;
    while (row > r.out && row[-1] != '\n')
        row--;
    ck_assert_msg(strncmp(flag - strlen("_square  "), "_square  ", 9) == 0, "%.*s", (int)(flag - row + 30), row);
    ck_assert_msg(strstr(r.out, "    19900     19900  _square") || strstr(r.out, "200       200  _square"), "%s", r.out);
}
END_TEST

Suite *codeview_suite(void)
{
    Suite *s = suite_create("codeview");
    TCase *tc = tcase_create("codeview");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, hello_nb00_symbols_and_lines);
    tcase_add_test(tc, hello_nb00_agrees_with_link_map);
    tcase_add_test(tc, medium_model_frames);
    tcase_add_test(tc, hand_built_nb09);
    tcase_add_test(tc, corrupt_information_is_refused);
    tcase_add_test(tc, run_and_hist_without_a_map);
    tcase_add_test(tc, one_rule_for_symbols);
    tcase_add_test(tc, crafted_information_reads_in_n_log_n);
    tcase_add_test(tc, same_names_by_every_source);
    tcase_add_test(tc, diff_by_function_flags_the_changed_function);
    suite_add_tcase(s, tc);
    return s;
}
