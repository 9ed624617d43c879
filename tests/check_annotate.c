/*
 * tests/check_annotate.c: `profil annotate` (report/annotate.h), the
 * disassembler's 8086 forms (report/disasm.h, docs/annotate.md), the code
 * a trace's .prx keeps, and NASM listings (formats/nasmlst.h).
 *
 * hotloop.com's figures by hand (tests/check_trace.c derives the same,
 * --timing table): heavy is 10 NOPs (3 cycles), MOV CX,3000 (4), LOOP run
 * 3000 times (17 taken, 5 not) and RET (20), called 100 times: the LOOP at
 * 7Dh starts 300000 times in 100 x (2999 x 17 + 5) = 5098800 cycles, and
 * heavy takes 3000 + 400 + 5098800 + 2000 = 5104200 cycles in 301200
 * instructions.  light: LOOP at 83h 100000 times, 100 x (999 x 17 + 5) =
 * 1698800 cycles.  CALL (23) at 0Ah 100 times: 2300 cycles.
 */
#include "testutil.h"

#include "../report/annotate.h"
#include "../report/disasm.h"
#include "../formats/nasmlst.h"
#include "../formats/prx.h"

static uint8_t image[0x100000];

/* The text of the instruction `bytes` at 0100:0100 under cpu. */
static struct disasm_insn one(const char *cpu, const uint8_t *bytes, size_t n)
{
    struct disasm d;
    struct disasm_insn in;
    ck_assert_int_eq(disasm_open(&d, cpu), 0);
    memset(image + 0x1100, 0x90, 32);
    memcpy(image + 0x1100, bytes, n);
    disasm_one(&d, image, 0x100, 0x100, &in);
    disasm_close(&d);
    return in;
}

#define CHECK_FORM(cpu_, want_, len_, ...)                                                                  \
    do {                                                                                                    \
        static const uint8_t b_[] = { __VA_ARGS__ };                                                        \
        struct disasm_insn in_ = one(cpu_, b_, sizeof b_);                                                  \
        ck_assert_msg(strcmp(in_.text, want_) == 0, "%s %02X: got \"%s\"", cpu_, b_[0], in_.text);         \
        ck_assert_uint_eq(in_.length, len_);                                                                \
    } while (0)

/* What Capstone 4 prints for the 8086-only forms, put right where it is
 * not the 8086 (docs/annotate.md has the table). */
START_TEST(disasm_8086_forms)
{
    CHECK_FORM("8088", "pop cs", 1, 0x0F, 0x90, 0x90);
    CHECK_FORM("8088", "jo 0x107  ; 8086: 60h as 70h", 2, 0x60, 0x05);
    CHECK_FORM("8088", "jg 0x100  ; 8086: 6Fh as 7Fh", 2, 0x6F, 0xFE);
    CHECK_FORM("8088", "ret 4  ; 8086: C0h as C2h", 3, 0xC0, 0x04, 0x00);
    CHECK_FORM("8088", "ret  ; 8086: C1h as C3h", 1, 0xC1);
    CHECK_FORM("8086", "retf 4  ; 8086: C8h as CAh", 3, 0xC8, 0x04, 0x00);
    CHECK_FORM("8086", "retf  ; 8086: C9h as CBh", 1, 0xC9);
    CHECK_FORM("8088", "salc", 1, 0xD6);
    CHECK_FORM("8088", "fadd dword ptr [0x1234]", 4, 0xD8, 0x06, 0x34, 0x12);     /* ESC 0, mem */
    CHECK_FORM("8088", "fld qword ptr [bx + 2]", 3, 0xDD, 0x47, 0x02);            /* ESC 28h, disp8 */
    CHECK_FORM("8088", "fninit", 2, 0xDB, 0xE3);
    CHECK_FORM("8088", "esc 0x09, word ptr [bx + si]", 2, 0xD9, 0x08);            /* no 8087 instruction */
    CHECK_FORM("8088", "esc 0x1c, word ptr [bx + si]", 2, 0xDB, 0x20);
    CHECK_FORM("8088", "lock nop  ; 8086: F1h as F0h", 2, 0xF1, 0x90);
    CHECK_FORM("8088", "mov es, ax  ; 8086: 8Eh /4 as /0", 2, 0x8E, 0xE0);
    CHECK_FORM("8088", "mov ax, ds  ; 8086: 8Ch /7 as /3", 2, 0x8C, 0xF8);
    CHECK_FORM("8088", "mov al, 5  ; 8086: C6h /1 as /0", 3, 0xC6, 0xC8, 0x05);
    CHECK_FORM("8088", "pop ax  ; 8086: 8Fh /1 as /0", 2, 0x8F, 0xC8);
    CHECK_FORM("8088", "db 0xfe, 0xd0", 2, 0xFE, 0xD0);                           /* nobody's form */
    CHECK_FORM("8088", "call far 0x2000:0x1234", 5, 0x9A, 0x34, 0x12, 0x00, 0x20);
    /* targets: 0100:0100 + 2 + 5 */
    static const uint8_t jo[] = { 0x60, 0x05 };
    ck_assert_uint_eq(one("8088", jo, 2).target, 0x1107);
}
END_TEST

/* With --cpu 186 or 286 Capstone's forms stand, but not a 386's. */
START_TEST(disasm_186_forms)
{
    CHECK_FORM("186", "pushaw", 1, 0x60);
    CHECK_FORM("186", "enter 4, 0", 4, 0xC8, 0x04, 0x00, 0x00);
    CHECK_FORM("186", "shl ax, 3", 3, 0xC1, 0xE0, 0x03);
    CHECK_FORM("186", "db 0x0f", 1, 0x0F, 0x90, 0x90);
    CHECK_FORM("286", "db 0x0f", 1, 0x0F, 0x90, 0x90);
    CHECK_FORM("286", "esc 0x09, word ptr [bx + si]", 2, 0xD9, 0x08);
    CHECK_FORM("186", "fninit", 2, 0xDB, 0xE3);
}
END_TEST

static void trace_fixture(const char *fixture, const char *prf)
{
    struct run_result r;
    char args[512];
    snprintf(args, sizeof args, "run -q --trace --timing table -o " TMP "/%s %s", prf, fixture);
    run_profil(&r, args, NULL);
    ck_assert_int_eq(r.status, 0);
}

START_TEST(annotate_hotloop_counts)
{
    struct run_result r;
    trace_fixture(FIX("hotloop.com"), "ANN.PRF");
    run_profil(&r, "annotate --map " FIX("hotloop.map") " " TMP "/ANN.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "a trace: exact counts per instruction (cpu 8088, timing table)\n"));
    const char *heavy = strstr(r.out, "\nheavy  00070-0007F: 5104200 cycles (73.9%), 301200 instructions\n");
    const char *light = strstr(r.out, "\nlight  00080-00085: 1701200 cycles (24.6%), 100200 instructions\n");
    const char *round = strstr(r.out, "\nround  0000A-0001E: 6542 cycles (0.1%), 405 instructions\n");
    ck_assert(heavy && light && round && heavy < light && light < round);      /* busiest first */
    ck_assert_ptr_nonnull(strstr(heavy, ":0170  90                   100          300    0.0%  nop\n"));
    ck_assert_ptr_nonnull(strstr(heavy, ":017A  B9B80B               100          400    0.0%  mov cx, 0xbb8\n"));
    ck_assert_ptr_nonnull(strstr(heavy, ":017D  E2FE              300000      5098800   73.9%  loop 0x17d <heavy+0xd>\n"));
    ck_assert_ptr_nonnull(strstr(light, ":0183  E2FE              100000      1698800   24.6%  loop 0x183 <light+0x3>\n"));
    ck_assert_ptr_nonnull(strstr(round, ":010A  E86300               100         2300    0.0%  call 0x170 <heavy>\n"));
    ck_assert_ptr_nonnull(strstr(round, ":0111  75F7                 100         1588    0.0%  jne 0x10a <round>\n"));
    ck_assert_ptr_null(strchr(r.out, '\033'));                                   /* piped: no colours */
    /* one symbol */
    run_profil(&r, "annotate --symbol light --map " FIX("hotloop.map") " " TMP "/ANN.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_null(strstr(r.out, "heavy"));
    ck_assert_ptr_nonnull(strstr(r.out, "\nlight  00080-00085: "));
    run_profil(&r, "annotate --symbol nope --map " FIX("hotloop.map") " " TMP "/ANN.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: symbols: " FIX("hotloop.map") " (NASM)\nprofil: --symbol nope: no such symbol in the "
                            "map\n");
    run_profil(&r, "annotate --symbol hello --map " FIX("hotloop.map") " " TMP "/ANN.prx", NULL);
    ck_assert_str_eq(r.err, "profil: symbols: " FIX("hotloop.map") " (NASM)\nprofil: --symbol hello: it never ran\n");
}
END_TEST

/* On a terminal: red from 5% of the time, green from 0.5%, else plain. */
START_TEST(annotate_colours)
{
    struct prx x;
    struct symtab t;
    char err[512], out[16384];
    trace_fixture(FIX("hotloop.com"), "ANN.PRF");
    ck_assert_msg(prx_read_file(TMP "/ANN.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(symtab_read_file(FIX("hotloop.map"), &t, err, sizeof err) == 0, "%s", err);
    struct annotate_request q = { "ANN.prx", &t, "heavy", 0, NULL, 1 };
    FILE *f = tmpfile();
    ck_assert_int_eq(annotate_prx(f, &x, &q, err, sizeof err), 0);
    slurp_stream(f, out, sizeof out);
    ck_assert_ptr_nonnull(strstr(out, "\n\033[31m  0007D   "));
    ck_assert_ptr_nonnull(strstr(out, "loop 0x17d <heavy+0xd>\033[m\n"));
    ck_assert_ptr_nonnull(strstr(out, "\n  0007F   "));                  /* RET: 0.0% */
    symtab_free(&t);
    prx_free(&x);
}
END_TEST

/* The .prx keeps the code as it ran: hotloop's heavy, byte for byte. */
START_TEST(prx_keeps_code)
{
    struct prx x;
    char err[512];
    trace_fixture(FIX("hotloop.com"), "ANN.PRF");
    ck_assert_msg(prx_read_file(TMP "/ANN.prx", &x, err, sizeof err) == 0, "%s", err);
    static const uint8_t heavy[] = { 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90,
                                     0xB9, 0xB8, 0x0B, 0xE2, 0xFE, 0xC3 };
    uint32_t at = x.prog_low_pa * 16u + 0x70;
    int found = 0;
    for (size_t i = 0; i < x.ncode; i++)
        if (x.code[i].linear <= at && at + sizeof heavy <= x.code[i].linear + x.code[i].n)
            found = memcmp(x.code_bytes + x.code[i].at + (at - x.code[i].linear), heavy, sizeof heavy) == 0;
    ck_assert(found);
    ck_assert_uint_eq(x.nchanged, 0);
    prx_free(&x);
    /* what the reader refuses: runs that overlap, odd hex, changed out of order */
    static const char *const bad[][2] = {
        { "\"runs\": [[16, \"9090\"], [17, \"90\"]]", "code run 1 is not [linear, \"HEX\"] after the one before" },
        { "\"runs\": [[16, \"909\"]]", "'\"' expected" },
        { "\"runs\": [[1048575, \"9090\"]]", "code run 0 passes 1 MiB" },
        { "\"changed\": [5, 4]", "code changed 1 is not a linear address after the one before" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        FILE *f = fopen(TMP "/BAD.prx", "w");
        ck_assert_ptr_nonnull(f);
        fprintf(f, "{\"format\": \"profil-prx\", \"version\": 3, \"instructions\": 0, \"cycles\": 0, "
                   "\"layout\": {\"clock_grain\": 100, \"bucket_size\": 1, \"bucket_num\": 1, \"prog_low_pa\": 0, "
                   "\"prog_high_pa\": 1, \"dos_pa\": 0}, \"addresses\": [], \"code\": {%s}}\n", bad[i][0]);
        fclose(f);
        ck_assert_int_ne(prx_read_file(TMP "/BAD.prx", &x, err, sizeof err), 0);
        ck_assert_msg(strstr(err, bad[i][1]) != NULL, "%zu: %s", i, err);
    }
}
END_TEST

/* selfmod.com patches the immediate of the MOV it runs 5 times. */
START_TEST(annotate_self_modifying)
{
    struct run_result r;
    struct prx x;
    char err[512];
    trace_fixture(FIX("selfmod.com"), "SELF.PRF");
    ck_assert_msg(prx_read_file(TMP "/SELF.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(x.nchanged, 1);
    ck_assert_uint_eq(x.changed[0], x.prog_low_pa * 16u + 3);
    prx_free(&x);
    run_profil(&r, "annotate --map " FIX("selfmod.map") " " TMP "/SELF.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, ":0103  B001                   5           20    3.2%  mov al, 1\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "\n* 00003   "));
    ck_assert_ptr_nonnull(strstr(r.out, ":0105  FE060401               5          105   16.7%  inc byte ptr [0x104]\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "  * 1 instruction whose bytes differed when the run ended"));
}
END_TEST

START_TEST(annotate_refuses)
{
    struct run_result r;
    struct prx x = { 0 };
    char err[512];
    run_profil(&r, "run -q --stacks -o " TMP "/STK.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "annotate " TMP "/STK.prx", NULL);                 /* its .PRF instead */
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, "STK.prx: a sampling run's .prx has no per-instruction counts: annotating "
                                        TMP "/STK.PRF, its .PRF\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "annotate " TMP "/STK.PRF: bucket resolution: "));
    ck_assert_int_eq(remove(TMP "/STK.PRF"), 0);
    run_profil(&r, "annotate " TMP "/STK.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "STK.prx: a sampling run's .prx has no per-instruction counts"));
    snprintf(x.mode, sizeof x.mode, "trace");
    x.bucket_size = 1;
    ck_assert(prx_write_file(TMP "/OLD.prx", &x, err, sizeof err) == 0);
    run_profil(&r, "annotate " TMP "/OLD.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "OLD.prx: no code bytes in this .prx"));
    run_profil(&r, "annotate --source " TMP "/OLD.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "--source needs source lines: --map with a NASM listing"), "%s", r.err);
}
END_TEST

/* A .PRF: bucket resolution, said in the header; each symbol's own count
 * exact from the run's sample addresses (BKT.prc), so not marked "~". */
START_TEST(annotate_prf_buckets)
{
    struct run_result r;
    run_profil(&r, "run -q -b 1 -o " TMP "/BKT.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "annotate --map " FIX("hotloop.lst") " --source " TMP "/BKT.PRF", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, ": bucket resolution: a .PRF counts samples per 16-byte bucket, not per "
                                        "instruction"));
    const char *heavy = strstr(r.out, "\nheavy  00070-0007F: ");
    ck_assert_ptr_nonnull(heavy);
    ck_assert_ptr_null(strstr(r.out, "~"));
    ck_assert_ptr_nonnull(strstr(r.out, "; each symbol's count is exact: every sample counted for the symbol at its "
                                        "address\n"));
    ck_assert_ptr_nonnull(strstr(heavy, "\n       7  00070-0007F  "));
    ck_assert_ptr_nonnull(strstr(heavy, "line 24        .l:     loop .l"));
}
END_TEST

/* nasm -l: line -> address; labels as symbols; an %include's lines. */
START_TEST(nasm_listing_reader)
{
    struct nasm_listing l;
    char err[400];
    ck_assert_msg(nasmlst_read_file(FIX("hotloop.lst"), &l, err, sizeof err) == 0, "%s", err);
    static const struct { const char *name; uint32_t addr; } syms[] = {
        { "round", 0x0A }, { "hello", 0x1F }, { "done", 0x5F }, { "heavy", 0x70 }, { "light", 0x80 },
    };
    ck_assert_uint_eq(l.nsym, 5);
    for (size_t i = 0; i < 5; i++) {
        ck_assert_str_eq(l.sym[i].name, syms[i].name);
        ck_assert_uint_eq(l.sym[i].addr, syms[i].addr);
    }
    int seen = 0;
    for (size_t i = 0; i < l.nline; i++)
        if (l.line[i].addr == 0x7D) {
            ck_assert_str_eq(l.line[i].label, "line 24");
            ck_assert_str_eq(l.line[i].text, ".l:     loop .l                 ; 17 / 5");
            seen++;
        }
    ck_assert_int_eq(seen, 1);
    ck_assert_uint_eq(l.line[0].addr, 0);
    ck_assert_str_eq(l.line[0].label, "line 5");
    nasmlst_free(&l);
    /* crit.asm: report.inc's lines by their own file and number */
    ck_assert_msg(nasmlst_read_file(FIX("crit.lst"), &l, err, sizeof err) == 0, "%s", err);
    int dos = 0, handler = 0;
    for (size_t i = 0; i < l.nsym; i++) {
        dos |= !strcmp(l.sym[i].name, "dos") && l.sym[i].addr == 0x79;
        handler |= !strcmp(l.sym[i].name, "handler") && l.sym[i].addr == 0x5E;     /* a label on a line of its own */
    }
    ck_assert(dos && handler);
    for (size_t i = 0; i < l.nline; i++)
        if (l.line[i].addr == 0x79)
            ck_assert_str_eq(l.line[i].label, "report.inc:7");
    nasmlst_free(&l);
    /* a macro's lines are its invocation's; another section's are skipped */
    static const char text[] =
        "     1                                  %macro twice 0\n"
        "     2                                          nop\n"
        "     3                                          nop\n"
        "     4                                  %endmacro\n"
        "     5 00000000 B409                    start:  mov ah, 9\n"
        "     6                                          twice\n"
        "     6 00000002 90                  <1>  nop\n"
        "     6 00000003 90                  <1>  nop\n"
        "     7                                  section .data\n"
        "     8 00000000 01                      one:    db 1\n";
    ck_assert_msg(nasmlst_parse(text, sizeof text - 1, &l, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(l.nline, 3);
    ck_assert_str_eq(l.line[1].label, "line 6");
    ck_assert_str_eq(l.line[1].text, "        twice");
    ck_assert_uint_eq(l.line[2].addr, 3);
    ck_assert_uint_eq(l.nsym, 1);
    ck_assert_str_eq(l.sym[0].name, "start");
    nasmlst_free(&l);
}
END_TEST

/* hist --by line and cover --by line take a listing as the map; annotate
 * --source puts its lines between the instructions. */
START_TEST(listing_as_map)
{
    struct run_result r;
    trace_fixture(FIX("hotloop.com"), "ANN.PRF");
    run_profil(&r, "hist --by line --map " FIX("hotloop.lst") " " TMP "/ANN.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "\n 5098800  73.9%  73.9%  "));
    ck_assert_ptr_nonnull(strstr(r.out, "line 24                  0007D-0007E\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "; NASM listing)"));
    run_profil(&r, "cover --by line --map " FIX("hotloop.lst") " " TMP "/ANN.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "line 24                       2      0  100.0%  0007D-0007E\n"));
    run_profil(&r, "annotate --source --symbol heavy --map " FIX("hotloop.lst") " " TMP "/ANN.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    const char *src = strstr(r.out, "line 24        .l:     loop .l                 ; 17 / 5\n");
    const char *loop = strstr(r.out, ":017D  E2FE ");
    ck_assert(src && loop && src < loop && strstr(r.out, "line 23        ") < src);
    ck_assert_ptr_null(strstr(r.out, "\nlight  "));
    /* a LINK map's line-number table: the labels */
    run_profil(&r, "annotate --source --symbol HEAVY --map tests/fixtures/hotloop_ms.map " TMP "/ANN.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    src = strstr(r.out, "\n                                      hotloop.asm:24\n");
    loop = strstr(r.out, ":017D  E2FE ");
    ck_assert(src && loop && src < loop);
    run_profil(&r, "annotate --source --map " FIX("hotloop.map") " " TMP "/ANN.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: symbols: " FIX("hotloop.map") " (NASM)\nprofil: --source: " FIX("hotloop.map")
                            " has no source lines (a NASM listing, nasm -l, a map with line numbers, or the program's "
                            "debug information has)\n");
}
END_TEST

Suite *annotate_suite(void)
{
    Suite *s = suite_create("annotate");
    TCase *tc = tcase_create("annotate");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, disasm_8086_forms);
    tcase_add_test(tc, disasm_186_forms);
    tcase_add_test(tc, annotate_hotloop_counts);
    tcase_add_test(tc, annotate_colours);
    tcase_add_test(tc, prx_keeps_code);
    tcase_add_test(tc, annotate_self_modifying);
    tcase_add_test(tc, annotate_refuses);
    tcase_add_test(tc, annotate_prf_buckets);
    tcase_add_test(tc, nasm_listing_reader);
    tcase_add_test(tc, listing_as_map);
    suite_add_tcase(s, tc);
    return s;
}
