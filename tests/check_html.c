/*
 * tests/check_html.c: `profil report` (report/html.h), the HTML page's
 * content as written (what the page's script then draws is checked in a
 * browser by tools/browser_test.sh, `make browser-test`).
 *
 * hotloop.com traced with --timing table (tests/check_annotate.c derives
 * the same by hand): heavy (00070-0007F) is 10 NOPs (3 cycles), MOV CX,3000
 * (4), LOOP 3000 times (17 taken, 5 not) and RET (20), called 100 times:
 * 100 x (30 + 4 + 2999 x 17 + 5 + 20) = 5104200 cycles in 100 x 3012 =
 * 301200 instructions, the LOOP at 7Dh 300000 times in 5098800 cycles.
 * light (00080-00085): 100 x (4 + 999 x 17 + 5 + 20) = 1701200 cycles in
 * 100 x 1002 = 100200 instructions.  round's CALL heavy at 0Ah: 100 x 23
 * = 2300 cycles.  In the call tree heavy and light are each entered 100
 * times from the entry and spend those same cycles as the innermost frame.
 */
#include "testutil.h"

#include <time.h>
#include <unistd.h>

#include "../report/html.h"
#include "../formats/jsonio.h"

static char page[262144];

static void report_hotloop(const char *options, const char *out)
{
    struct run_result r;
    char args[512];
    run_profil(&r, "run -q --trace --timing table -o " TMP "/HTM.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    snprintf(args, sizeof args, "report %s -o %s " TMP "/HTM.prx", options, out);
    run_profil(&r, args, NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    slurp(out, page, sizeof page);
}

/* The number of times s occurs in page. */
static int count(const char *s)
{
    int n = 0;
    for (const char *p = page; (p = strstr(p, s)) != NULL; p += strlen(s))
        n++;
    return n;
}

#define HAS(s) ck_assert_msg(strstr(page, s) != NULL, "the page lacks: %s", s)
#define LACKS(s) ck_assert_msg(strstr(page, s) == NULL, "the page has: %s", s)

START_TEST(report_hotloop_tables)
{
    report_hotloop("--map " FIX("hotloop.map"), TMP "/hot.html");
    HAS("<title>profil report: " TMP "/HTM.prx</title>");
    HAS("<tr><th>program</th><td>hotloop.com</td></tr>");
    HAS("<tr><th>cpu, timing</th><td>8088, table</td></tr>");
    HAS("<tr><th>map</th><td>" FIX("hotloop.map") " (NASM, ");
    /* the symbols, busiest first, each row linked to its code */
    const char *heavy = strstr(page, "<tr id=\"sym-00070\"><td class=\"l\" data-v=\"heavy\"><a href=\"#code-00070\">"
                                     "heavy</a></td><td class=\"l\">00070-0007F</td><td>301200</td><td>5104200</td>");
    const char *light = strstr(page, "<tr id=\"sym-00080\"><td class=\"l\" data-v=\"light\"><a href=\"#code-00080\">"
                                     "light</a></td><td class=\"l\">00080-00085</td><td>100200</td><td>1701200</td>");
    const char *round = strstr(page, "<tr id=\"sym-0000A\"><td class=\"l\" data-v=\"round\"><a href=\"#code-0000A\">"
                                     "round</a></td><td class=\"l\">0000A-0001E</td><td>405</td>");
    ck_assert(heavy && light && round && heavy < light && light < round);
    LACKS("stall%");                                            /* table timing: no bus stalls */
    /* the functions: 100 calls each, self cycles as above */
    HAS("<tr><td class=\"l\" data-v=\"heavy\"><a href=\"#code-00070\">heavy</a></td><td>100</td><td>5104200</td>");
    HAS("<tr><td class=\"l\" data-v=\"light\"><a href=\"#code-00080\">light</a></td><td>100</td><td>1701200</td>");
    /* the flame graph's data: heavy and light under the root frame 0, linked to their code */
    HAS("\n[\"heavy\", \"code-00070\"]");
    HAS("\n[\"light\", \"code-00080\"]");
    HAS("\n[0, 2, 5104200, ");
    HAS("\n[0, 3, 1701200, ");
    HAS("\n[-1, 0, ");
    /* the code: every instruction with its count and cycles; targets linked */
    const char *code = strstr(page, "<section class=\"unit\" id=\"code-00070\">\n<h3>heavy ");
    ck_assert_ptr_nonnull(code);
    ck_assert_ptr_nonnull(strstr(code, "<p>5104200 cycles (73.9%), 301200 instructions &middot; "
                                       "<a href=\"#sym-00070\">in the table</a></p>"));
    HAS("<tr id=\"a-0007D\" class=\"hot\"><td>0007D</td><td>0186:017D</td><td>E2FE</td><td>300000</td><td>5098800</td>"
        "<td>73.9%</td><td class=\"l\">loop 0x17d <a href=\"#a-0007D\">&lt;heavy+0xd&gt;</a></td></tr>");
    HAS("<tr id=\"a-0000A\"><td>0000A</td><td>0186:010A</td><td>E86300</td><td>100</td><td>2300</td><td>0.0%</td>"
        "<td class=\"l\">call 0x170 <a href=\"#a-00070\">&lt;heavy&gt;</a></td></tr>");
    HAS("<tr id=\"a-00070\"><td>00070</td><td>0186:0170</td><td>90</td><td>100</td><td>300</td>");
    ck_assert_int_eq(count("<section class=\"unit\""), 4);     /* heavy, light, round, (no symbol) */
    /* self-contained: nothing to fetch */
    LACKS("http:");
    LACKS("https:");
    LACKS(" src=");
    LACKS("<link");
    ck_assert_int_eq(count("<script"), 2);                     /* the graph's JSON, the page's script */
}
END_TEST

/* The same .prx gives the same bytes; the only paths are those given. */
START_TEST(report_deterministic)
{
    static char first[sizeof page];
    char cwd[512];
    report_hotloop("--map " FIX("hotloop.map"), TMP "/a.html");
    memcpy(first, page, sizeof page);
    report_hotloop("--map " FIX("hotloop.map"), TMP "/b.html");
    ck_assert_int_eq(memcmp(first, page, sizeof page), 0);
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    LACKS(cwd);
    time_t now = time(NULL);
    struct tm *tm = gmtime(&now);
    char today[40];
    snprintf(today, sizeof today, "%04d-%02d-%02d", tm->tm_year + 1900, tm->tm_mon + 1, tm->tm_mday);
    LACKS(today);                                               /* no date */
}
END_TEST

/* --top 1: heavy's code only; light's row has no link, its function and
 * its frame lead to its row in the table. */
START_TEST(report_top_and_source)
{
    report_hotloop("--top 1 --source --map " FIX("hotloop.lst"), TMP "/top.html");
    ck_assert_int_eq(count("<section class=\"unit\""), 1);
    HAS("<p>The 1 busiest symbols' code");
    HAS("<a href=\"#code-00070\">heavy</a>");
    LACKS("href=\"#code-00080\"");
    HAS("<tr id=\"sym-00080\"><td class=\"l\" data-v=\"light\">light</td>");
    HAS("\n[\"light\", \"sym-00080\"]");                 /* its frame leads to its row */
    HAS("<a href=\"#sym-00080\">light</a></td><td>100</td><td>1701200</td>");     /* as its function does */
    /* the listing's lines between the instructions, escaped */
    HAS("<tr class=\"src\"><td colspan=\"6\">line 24</td><td class=\"l\">.l:     loop .l                 ; 17 / 5</td></tr>");
    HAS("; 10 x 3: makes the bucket time exactly 3x light&apos;s</td></tr>");
}
END_TEST

START_TEST(report_refuses)
{
    struct run_result r;
    run_profil(&r, "run -q --trace --timing table -o " TMP "/HTM.PRF " FIX("hotloop.com"), NULL);
    run_profil(&r, "report -o " TMP "/x.html " TMP "/HTM.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "HTM.PRF: not a .prx"));
    run_profil(&r, "report --source " TMP "/HTM.prx", NULL);     /* hotloop.map beside the program: no lines */
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "fixtures/hotloop.map has no source lines"), "%s", r.err);
    run_profil(&r, "report --top 0 " TMP "/HTM.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    run_profil(&r, "report -o " TMP "/y.html " TMP "/NOSUCH.prx", NULL);   /* missing: said so, nothing written */
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: " TMP "/NOSUCH.prx: File not found\n");
    ck_assert_int_eq(file_exists(TMP "/y.html"), 0);
}
END_TEST

/* A sampling run's .prx (--stacks): the call tree in samples, no code. */
START_TEST(report_stacks)
{
    struct run_result r;
    run_profil(&r, "run -q --stacks -o " TMP "/HTS.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "report --map " FIX("hotloop.map") " -o " TMP "/stk.html " TMP "/HTS.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    slurp(TMP "/stk.html", page, sizeof page);
    HAS("{\"unit\": \"samples\"");
    HAS("a sampling run&apos;s .prx has no per-instruction counts");
    HAS("<th>self samples</th>");
    LACKS("<section class=\"unit\"");
    LACKS("id=\"areas\"");
}
END_TEST

/* The program's frames (docs/frames.md): vsync.com traced (its frames
 * derived in tests/fixtures/vsync.asm) gives the section with the summary's
 * line, the CGA's retrace period (912 x 262 dots at 3 a cycle: 79648) and
 * each frame's own rows for the script: frame 3's busiest is .spin, the
 * LOOP at 0185:0139, 3 x 1765 = 5295 times in 3 x 29993 = 89979 cycles.
 * frameapi.com's sampling run has no per-address counts and no call
 * tree, but frames: its page is the frames alone, every sample of frame
 * 1 at its LOOP (0186:010C). */
START_TEST(report_frames)
{
    struct run_result r;
    /* From copies with no map beside them: code named by CS:IP. */
    ck_assert(system("rm -rf " TMP "/bare && mkdir " TMP "/bare && cp " FIX("vsync.com") " " FIX("frameapi.com") " "
                     TMP "/bare/") == 0);
    run_profil(&r, "run -q --trace --timing table -o " TMP "/HTF.PRF " TMP "/bare/vsync.com", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "report -o " TMP "/frames.html " TMP "/HTF.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    slurp(TMP "/frames.html", page, sizeof page);
    HAS("<a href=\"#frames\">frames</a>");
    HAS("<p id=\"frames-line\">6 frames (vsync): median 16.7 ms (59.9 fps), p95 33.4 ms, worst 33.4 ms (frame ");
    HAS("the line is the video card's retrace period (79648 cycles, 16.688 ms)");
    HAS("{\"unit\": \"cycles\", \"stalls\": false, \"period\": 79648, \"cpu_hz\": 4772727,");
    HAS("<input type=\"range\" id=\"frame-zoom\" min=\"1\" max=\"7\" value=\"7\">");
    HAS("<th class=\"l\">symbol</th><th>instructions</th><th>cycles</th><th>%</th>");
    const char *f3 = strstr(page, "\n[227");      /* frame 3 starts 227399 +-27 cycles after power-on */
    ck_assert_msg(f3 != NULL, "%s", page);
    ck_assert_msg(strstr(f3, ", 0, [[\"0185:0139\", 3, 5295, 89979, 0], ") != NULL, "%.300s", f3);
    ck_assert_int_eq(count("\"0185:0139\", 3, 1765, 29993, 0]"), 2);     /* frames 1 and 4: one unit */
    ck_assert_int_eq(count("\"0185:0139\", 3, 3530, 59986, 0]"), 2);     /* frames 2 and 5: two */
    ck_assert_int_eq(count("\"0185:0139\", 3, 5295, 89979, 0]"), 2);     /* frames 3 and 6: three */
    run_profil(&r, "run -q --timing table -o " TMP "/HTA.PRF " TMP "/bare/frameapi.com", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "report -o " TMP "/fa.html " TMP "/HTA.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    slurp(TMP "/fa.html", page, sizeof page);
    HAS("{\"unit\": \"samples\", \"stalls\": false, \"period\": 79648,");
    HAS("<th class=\"l\">symbol</th><th>samples</th><th>%</th>");
    HAS("\n[8, 1734, 106, 3, 0, [[\"0186:010C\", 3, 3, 0, 0]]],");
    LACKS("id=\"flame-data\"");
}
END_TEST

/* A call tree of more frames than the page draws: the root and 25000
 * functions called from it, function i spending i samples.  25001 frames:
 * the 20000 dearest are kept (the root, then 5002 to 25000: frame 1 is
 * function 5002, frame 19999 function 25000), the 5001 cheapest left out,
 * and the page says so. */
START_TEST(report_prunes_frames)
{
    enum { N = 25000 };
    struct prx x = { .prog_low_pa = 0x186, .prog_high_pa = 0x9000, .dos_pa = 0x70, .bucket_size = 1 };
    snprintf(x.mode, sizeof x.mode, "sampling");
    snprintf(x.program, sizeof x.program, "many.com");
    x.calls = calloc(N + 1, sizeof *x.calls);
    ck_assert_ptr_nonnull(x.calls);
    x.ncalls = N + 1;
    x.calls[0] = (struct call_node){ .parent = CALLS_NO_PARENT, .entry = 0x1960, .cs = 0x186, .ip = 0x100 };
    for (uint32_t i = 1; i <= N; i++)
        x.calls[i] = (struct call_node){ .parent = 0, .entry = 0x20000 + 2 * i, .cs = 0x2000, .ip = (uint16_t)(2 * i),
                                         .kind = CALL_NEAR, .calls = 1, .samples = i };
    struct html_request q = { "many.prx", NULL, NULL, NULL, 0, 20, NULL, NULL, 0 };
    char err[512];
    struct html_report *r = html_prepare(&x, &q, err, sizeof err);
    ck_assert_msg(r != NULL, "%s", err);
    FILE *f = tmpfile();
    html_write(f, r);
    html_free(r);
    free(x.calls);
    static char big[4 << 20];
    slurp_stream(f, big, sizeof big);
    ck_assert_ptr_nonnull(strstr(big, "<p class=\"note\">5001 frames of the least cost left out (at most 20000 are drawn).</p>"));
    ck_assert_ptr_nonnull(strstr(big, "\"total\": 312512500,"));          /* 25000 x 25001 / 2 */
    ck_assert_ptr_nonnull(strstr(big, "\n[-1, 0, 0, 312512500]"));
    ck_assert_ptr_nonnull(strstr(big, "\n[0, 5002, 5002, 5002],"));        /* the cheapest kept, first */
    ck_assert_ptr_nonnull(strstr(big, "\n[0, 25000, 25000, 25000]]}"));    /* the last frame */
    ck_assert_ptr_null(strstr(big, ", 5001, 5001]"));
}
END_TEST

/* JSON inside <script>: no "</script>" can end it early. */
START_TEST(json_in_html)
{
    char out[128];
    FILE *f = tmpfile();
    json_put_text_html(f, "a</script>&\"");
    slurp_stream(f, out, sizeof out);
    ck_assert_str_eq(out, "\"a\\u003c/script\\u003e\\u0026\\\"\"");
}
END_TEST

/* A run with a child (tests/check_procs.c derives its figures): the
 * programs table gives FAMILY.COM its own 12137 samples (its loop's 11703,
 * 10 in DOS and 424 in the I/O system, the fixed disk's time for the
 * EXEC's read of KID.COM, within check_procs's 270-438) and, with
 * KID.COM's 23407 (its loop's 23405 and 2 more), 35544; KID.COM is 23407 /
 * 35544 = 65.9% of the run. */
START_TEST(report_programs)
{
    struct run_result r;
    char page[65536];
    if (system("rm -rf " TMP "/hfam && mkdir -p " TMP "/hfam") != 0)
        ck_abort();
    run_profil(&r, "run -q --stacks --timing table --drive C=" FIXTURE_DIR " -o " TMP "/hfam/FAMILY.PRF "
               FIX("family.com"), NULL);
    ck_assert_int_eq(r.status, 7);
    run_profil(&r, "report -o " TMP "/hfam/f.html " TMP "/hfam/FAMILY.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    slurp(TMP "/hfam/f.html", page, sizeof page);
    ck_assert_ptr_nonnull(strstr(page, "<a href=\"#programs\">programs</a>"));
    ck_assert_ptr_nonnull(strstr(page, "<tr><td class=\"l\"><a href=\"#prog-0\">FAMILY.COM</a></td><td class=\"l\">"
                                       "</td><td>12137</td><td>35544</td><td>100.0%</td><td>34.1%</td>"));
    ck_assert_ptr_nonnull(strstr(page, "<tr><td class=\"l\"><a href=\"#prog-1\">KID.COM</a></td><td class=\"l\">"
                                       "<a href=\"#prog-0\">FAMILY.COM</a></td><td>23407</td><td>23407</td><td>65.9%</td>"
                                       "<td>65.9%</td>"));
    ck_assert_ptr_nonnull(strstr(page, "<td class=\"l\">exit 7</td></tr>"));
    /* Each name leads to the program's own section: who ran it and what it
     * ran, its busiest buckets (kid.com's loop in its bucket 1: 23405 or
     * 23406 of its 23407 samples, 99.99%) and its functions in the call
     * tree (its loop is its top level: the function KID.COM). */
    const char *fam = strstr(page, "<section class=\"program\" id=\"prog-0\">\n<h3>FAMILY.COM</h3>\n<p>The program "
                                   "run; ");
    const char *kid = strstr(page, "<section class=\"program\" id=\"prog-1\">\n<h3>KID.COM</h3>\n<p>Run by "
                                   "<a href=\"#prog-0\">FAMILY.COM</a>; ");
    ck_assert_ptr_nonnull(fam);
    ck_assert_ptr_nonnull(kid);
    ck_assert(fam < kid);
    ck_assert_ptr_nonnull(strstr(fam, "It ran <a href=\"#prog-1\">KID.COM</a>.</p>"));
    ck_assert_msg(strstr(kid, "<tr><td class=\"l\">1</td><td class=\"l\">00010-0001F</td><td>23405</td><td>100.0%"
                              "</td></tr>") ||
                  strstr(kid, "<tr><td class=\"l\">1</td><td class=\"l\">00010-0001F</td><td>23406</td><td>100.0%"
                              "</td></tr>"), "%.600s", kid);
    ck_assert_msg(strstr(kid, "<tr><td class=\"l\">KID.COM</td><td>"), "%.900s", kid);
}
END_TEST

/* Library code grouped (a code segment no symbol starts in: one row,
 * [C0]) opens on a click to its runs of executed code: a map whose
 * segment C0 holds the whole program and no public.  The runs: the main
 * code 00000-0001E, MOV AH, MOV DX, INT 21h, MOV SI (4 + 4 + 71 + 4), the
 * loop 100 x (CALL 23 + CALL 23 + DEC 2) + 99 x JNZ 16 + 4, and the end
 * (4 + 4 + 71 + 4 + 71): 6625 cycles, 4 + 400 + 5 = 409 instructions;
 * heavy and light, contiguous at 00070-00085: 5104200 + 1701200 cycles,
 * 301200 + 100200 instructions.  A row that is no group has none. */
START_TEST(report_group_opens_to_its_runs)
{
    FILE *f = fopen(TMP "/grp.map", "w");
    ck_assert_ptr_nonnull(f);
    fputs("\n Start  Stop   Length Name                   Class\n"
          " 00000H 00085H 00086H C0                     CODE\n\n"
          "  Address         Publics by Value\n\n\nProgram entry point at 0000:0000\n", f);
    fclose(f);
    report_hotloop("--map " TMP "/grp.map", TMP "/grp.html");
    HAS("<tr id=\"sym-00000\"><td class=\"l\" data-v=\"[C0]\"><details class=\"group\"><summary>"
        "<a href=\"#code-00000\">[C0]</a></summary>\n<table class=\"num group-rows\"><caption>2 runs of executed "
        "code</caption>\n<tbody>\n<tr><td class=\"l\">00000-0001E</td><td>409</td><td>6625</td><td>0.1%</td></tr>\n"
        "<tr><td class=\"l\">00070-00085</td><td>401400</td><td>6805400</td><td>98.6%</td></tr>\n</tbody></table>"
        "</details></td><td class=\"l\">00000-00085</td><td>401809</td><td>6812025</td>");
    HAS("A group (library code without symbols, named by its segment or module) opens on a click");
    report_hotloop("--map " FIX("hotloop.map"), TMP "/nogrp.html");
    LACKS("<details");
    LACKS("A group (");
}
END_TEST

Suite *html_suite(void)
{
    Suite *s = suite_create("html");
    TCase *tc = tcase_create("report");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, report_hotloop_tables);
    tcase_add_test(tc, report_deterministic);
    tcase_add_test(tc, report_top_and_source);
    tcase_add_test(tc, report_refuses);
    tcase_add_test(tc, report_stacks);
    tcase_add_test(tc, report_frames);
    tcase_add_test(tc, report_prunes_frames);
    tcase_add_test(tc, json_in_html);
    tcase_add_test(tc, report_programs);
    tcase_add_test(tc, report_group_opens_to_its_runs);
    suite_add_tcase(s, tc);
    return s;
}
