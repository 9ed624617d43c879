/*
 * tests/check_summary.c: reports that say what happened (report/summary, cmd/hist): hist
 * --top ranks the busiest buckets, trace reports rank by cycles, exports
 * the call tree cannot give are refused, the run summary marks estimates
 * and says what timing a --cpu uses, and the README's demo output is what
 * `make demo` prints.
 */
#include "testutil.h"

#include "../formats/prx.h"

/* A .PRF with 16-byte buckets: 0: 10, 1: 0, 2: 50, 3: 30, 4: 5; io 5. */
static void write_small_prf(const char *path)
{
    uint16_t b[5] = { 10, 0, 50, 30, 5 };
    struct prf p = { 100, 5, 1, 0x200, 0x205, 0xC0, 5, 0, 0, b, NULL, NULL, NULL, 0 };
    char err[256];
    ck_assert_msg(prf_write_file(path, &p, err, sizeof err) == 0, "%s", err);
}

/* --top 2 shows buckets 2 and 3 (50, 30 of 100 samples): 50%, then cum
 * 80%; --sort address keeps address order (bucket 0 first, cum 10%). */
START_TEST(hist_top_is_busiest_first)
{
    struct run_result r;
    write_small_prf(TMP "/SMALL.PRF");
    run_profil(&r, "hist --top 2 --width 4 " TMP "/SMALL.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "    hits      %   cum%        address     \n"
                            "      50  50.0%  50.0%  ####  00020-0002F \n"
                            "      30  30.0%  80.0%  ##    00030-0003F \n"
                            "       5   5.0%               io\n"
                            "       0   0.0%               dos\n"
                            "       0   0.0%               high\n"
                            "     100 samples (1-paragraph buckets, 100 us; busiest first)\n");
    run_profil(&r, "hist --top 2 --width 4 --sort address " TMP "/SMALL.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "\n      10  10.0%  10.0%  #     00000-0000F \n"
                                        "      50  50.0%  60.0%  ####  00020-0002F \n"));
    run_profil(&r, "hist --sort size " TMP "/SMALL.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --sort size: want hits or address\n");
}
END_TEST

/* run names a profile in upper case (HELLO.PRF for hello.com): the
 * commands given the program's own case find it, and say so. */
START_TEST(commands_find_a_profile_in_either_case)
{
    struct run_result r;
    ck_assert(system("rm -rf " TMP "/case && mkdir -p " TMP "/case && cp " FIX("hotloop.com") " " TMP "/case/hello.com")
              == 0);
    run_profil(&r, "run -q --trace -o " TMP "/case/HELLO.PRF " TMP "/case/hello.com", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "hist --by bucket " TMP "/case/hello.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.err, "profil: " TMP "/case/hello.PRF: not there; reading " TMP "/case/HELLO.PRF\n") == r.err,
                  "%s", r.err);
    run_profil(&r, "cover " TMP "/case/hello.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.err, "reading " TMP "/case/HELLO.prx\n"), "%s", r.err);
    run_profil(&r, "hist " TMP "/case/nothere.PRF", NULL);        /* neither case: the reader's error */
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_null(strstr(r.err, "not there; reading"));
}
END_TEST

/* --trace over a sampling run's .PRF says so, -q or not (its NAME.prc
 * said "sampling"); over a trace's, or a new file, nothing. */
START_TEST(trace_over_a_sampled_profile_says_so)
{
    struct run_result r;
    ck_assert(system("rm -rf " TMP "/ov && mkdir -p " TMP "/ov") == 0);
    run_profil(&r, "run -q -o " TMP "/ov/H.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_null(strstr(r.err, "note:"));
    run_profil(&r, "run -q --trace -o " TMP "/ov/H.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "profil: note: " TMP "/ov/H.PRF was a sampling run's profile; this trace's instruction "
                            "counts replace its samples (-o names another file)\n");
    run_profil(&r, "run -q --trace -o " TMP "/ov/H.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "");
}
END_TEST

#define REALMAP_RUN "run --timing table --map tests/fixtures/realmap_link200.map -o " TMP "/RH.PRF "
#define SPIN "SPIN_ROUTINE_WITH_A_RATHER_LONG"

/* realmap.exe (tests/fixtures/realmap_exe.asm): NEVER_CALLED is one RET
 * that never runs, in the 16-byte bucket 20h-2Fh with 8 bytes of SPIN_,
 * which runs hot.  The run keeps each sample's address, so its summary
 * gives NEVER_CALLED nothing, exactly.  Its .PRF alone (no RH.prc) can
 * only be split by bytes: hist gives NEVER_CALLED 1/10 of the bucket's 732
 * samples (START's last byte 20h, SPIN_ 21h-28h, NEVER_CALLED 29h; the
 * bucket's last 6 bytes nobody's), 73 = 9.7% of 755, marked "~" with the
 * reason. */
START_TEST(summary_marks_split_shares_as_estimates)
{
    struct run_result r;
    run_profil(&r, REALMAP_RUN FIX("realmap.exe"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_null(strstr(r.err, "NEVER_CALLED"));
    ck_assert_ptr_null(strstr(r.err, "~"));
    ck_assert_ptr_nonnull(strstr(r.err, "\nprofil:   (exact: % of samples, each counted for the symbol at its "
                                        "address; symbols: tests/fixtures/realmap_link200.map (Microsoft LINK))\n"));
    ck_assert_int_eq(unlink(TMP "/RH.prc"), 0);
    run_profil(&r, "hist --map tests/fixtures/realmap_link200.map " TMP "/RH.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "\n      73  ~9.7%  99.1%  ") != NULL, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "\n~ estimates: each 16-byte bucket's samples split among its symbols by "
                                        "bytes, as the .PRF has no NAME.prc with each sample's address beside it\n"));
    /* --stacks: each sample for the function it was in; NEVER_CALLED none. */
    run_profil(&r, REALMAP_RUN "--stacks " FIX("realmap.exe"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_null(strstr(r.err, "NEVER_CALLED"));
    ck_assert_ptr_null(strstr(r.err, "~"));
    ck_assert_ptr_nonnull(strstr(r.err, "\nprofil:   (exact: % of samples, each counted for the function it was "
                                        "in (--stacks); symbols: tests/fixtures/realmap_link200.map (Microsoft "
                                        "LINK))\n"));
}
END_TEST

/* --trace: % of all cycles.  SPIN_ by hand from the 8088 table: PUSH CX
 * 15, MOV CX,imm 4, 99 taken LOOPs x 17, the last 5, POP CX 12, RET 20 =
 * 1739 a call, x 200 = 347800 of the 359827 cycles the .prx counts: 96.7%
 * (instructions would say 98.0%: 20800 of 21230). */
START_TEST(summary_of_a_trace_is_exact_cycles)
{
    struct run_result r;
    run_profil(&r, REALMAP_RUN "--trace " FIX("realmap.exe"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, "\nprofil:   " SPIN "  96.7%\n"));
    ck_assert_ptr_nonnull(strstr(r.err, "\nprofil:   (exact: % of all cycles, traced; symbols: "
                                        "tests/fixtures/realmap_link200.map (Microsoft LINK))\n"));
    ck_assert_ptr_null(strstr(r.err, "NEVER_CALLED"));
    ck_assert_ptr_nonnull(strstr(r.err, "(359827 cycles exactly)"));
}
END_TEST

/* hist over a trace counts cycles (time) unless --metric says otherwise:
 * SPIN_'s 347800 of 359827 (above), not its 20800 instructions. */
START_TEST(trace_reports_rank_by_cycles)
{
    struct run_result r;
    run_profil(&r, REALMAP_RUN "-q --trace " FIX("realmap.exe"), NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "hist --width 4 --map tests/fixtures/realmap_link200.map " TMP "/RH.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "  cycles      %   cum%") == r.out, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "\n  347800  96.7%  96.7%  ####  " SPIN " 00021-00028\n"));
    run_profil(&r, "hist --format json " TMP "/RH.prx", NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "\"unit\": \"cycles\",\n  \"total\": 359827,"));
    run_profil(&r, "hist --metric instructions --width 4 --map tests/fixtures/realmap_link200.map " TMP "/RH.prx",
               NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "\n   20800  98.0%  98.0%  ####  " SPIN " 00021-00028\n"));
}
END_TEST

/* --cpu 186/286 are timed with the 8086's table: the summary says so. */
START_TEST(summary_says_what_timing_a_cpu_gets)
{
    struct run_result r;
    run_profil(&r, "run --timing table --cpu 286 -o " TMP "/C.PRF " FIX("realmap.exe"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, " s emulated (286 timed as an 8086, table timing): "));
    run_profil(&r, "run --timing table --cpu 8086 -o " TMP "/C.PRF " FIX("realmap.exe"), NULL);
    ck_assert_ptr_nonnull(strstr(r.err, " s emulated (8086, table timing): "));
}
END_TEST

/* --format with the call tree: csv and json carry it (SPIN_: 200 calls,
 * 347800 cycles and 20800 instructions, as above; entry 1960h + 21h =
 * 6529, realmap loading at 0196:0000); svg, which has no call tree, and
 * --by site's table are refused before anything is read (report/hist.c's
 * table of views), never printed as text. */
START_TEST(call_tree_formats_are_exported_or_refused)
{
    struct run_result r;
    run_profil(&r, REALMAP_RUN "-q --trace " FIX("realmap.exe"), NULL);
    ck_assert_int_eq(r.status, 0);
#define CALLS_MAP "--map tests/fixtures/realmap_link200.map " TMP "/RH.prx"
    run_profil(&r, "hist --by function --format csv " CALLS_MAP, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "function,entry,calls,self_cycles,self_instructions,self_samples,inclusive_cycles,"
                                "inclusive_instructions,inclusive_samples\n\"START\",") == r.out, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "\n\"" SPIN "\",6529,200,347800,20800,"));
    run_profil(&r, "hist --callgraph --format csv " CALLS_MAP, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "\n\"START\",\"" SPIN "\",200,"));
    run_profil(&r, "hist --by function --format json " CALLS_MAP, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "{\"name\": \"" SPIN "\", \"entry\": 6529, \"calls\": 200, "
                                        "\"self\": {\"cycles\": 347800, \"instructions\": 20800, "));
    /* functions by first call: START 0, then INT 21h/4Ah, 48h and 49h (each a function of its own, named by
     * service; they were one "DOS 00C0:0001"), so SPIN_ is 4 */
    ck_assert_ptr_nonnull(strstr(r.out, "{\"caller\": 0, \"callee\": 4, \"calls\": 200, "));
    run_profil(&r, "hist --callgraph --format svg " CALLS_MAP, NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --format svg: --callgraph is printed as text, csv, json, callgrind or folded\n");
    ck_assert_str_eq(r.out, "");
    run_profil(&r, "hist --by function --format svg " CALLS_MAP, NULL);
    ck_assert_int_eq(r.status, 2);
    run_profil(&r, "hist --by site --format json " TMP "/RH.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --format json: --by site is printed as text only\n");
}
END_TEST

/* docs/formats.md's .prx example carries the version profil writes. */
START_TEST(formats_doc_shows_the_prx_version)
{
    uint8_t *text;
    size_t n;
    char err[256], want[32];
    ck_assert_msg(read_file("docs/formats.md", &text, &n, err, sizeof err) == 0, "%s", err);
    text[n - 1] = 0;
    snprintf(want, sizeof want, "\n  \"version\": %d,\n", PRX_VERSION);
    ck_assert_msg(strstr((char *)text, want) != NULL, "docs/formats.md lacks%s", want);
    free(text);
}
END_TEST

#ifndef BUILD_DIR
#define BUILD_DIR "build"
#endif

/* The README's "What `make demo` shows" is what `make demo` prints: its
 * standard output (CRs dropped, as a terminal shows them), then the
 * summary on stderr.  The make runs on its own (no jobserver of ours). */
/* `in` with every `from` replaced by `to`, into out (n bytes). */
static void replace_all(const char *in, char *out, size_t n, const char *from, const char *to)
{
    size_t m = 0, fl = strlen(from), tl = strlen(to);
    while (*in && m + tl + 1 < n) {
        if (strncmp(in, from, fl) == 0) {
            memcpy(out + m, to, tl);
            m += tl;
            in += fl;
        } else {
            out[m++] = *in++;
        }
    }
    out[m] = 0;
}

START_TEST(readme_demo_is_what_make_demo_prints)
{
    uint8_t *readme;
    size_t n;
    char err[256], got[2 * 8192 + 1] = "";
    ck_assert_msg(read_file("README.md", &readme, &n, err, sizeof err) == 0, "%s", err);
    readme[n - 1] = 0;
    const char *head = "What `make demo` shows:\n\n```\n";
    char *from = strstr((char *)readme, head), *to;
    ck_assert_ptr_nonnull(from);
    from += strlen(head);
    to = strstr(from, "```");
    ck_assert_ptr_nonnull(to);
    *to = 0;
    char make[600];             /* PROFIL as the Makefile names it: PROFIL_BIN without its "./" */
    snprintf(make, sizeof make, "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory demo B=" BUILD_DIR
             " PROFIL=%s > " TMP "/demo.out 2> " TMP "/demo.err", &PROFIL_BIN[2]);
    int st = system(make);
    ck_assert_int_eq(WIFEXITED(st) ? WEXITSTATUS(st) : -1, 0);
    char out[8192], errs[8192];
    slurp(TMP "/demo.out", out, sizeof out);
    slurp(TMP "/demo.err", errs, sizeof errs);
    size_t k = 0;
    for (const char *c = out; *c; c++)
        if (*c != '\r')
            got[k++] = *c;
    snprintf(got + k, sizeof got - k, "%s", errs);
    /* The README shows the default build, PROFIL=profil B=build. */
    char shown[2 * 8192 + 1];
    replace_all(got, shown, sizeof shown, PROFIL_BIN " ", "./profil ");
    snprintf(got, sizeof got, "%s", shown);
    replace_all(got, shown, sizeof shown, BUILD_DIR "/", "build/");
    ck_assert_str_eq(shown, from);
    /* Each "try next" line runs as shown (its command, before two spaces). */
    int tried = 0;
    for (const char *line = strstr(errs, "try next"); line && (line = strstr(line, "\n  ./")) != NULL; line++) {
        char cmd[600];
        const char *start = line + 3, *end = strstr(start, "  ");
        ck_assert_ptr_nonnull(end);
        snprintf(cmd, sizeof cmd, "%.*s > /dev/null 2> " TMP "/next.err", (int)(end - start), start);
        st = system(cmd);
        slurp(TMP "/next.err", errs, sizeof errs);
        ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: %s", cmd, errs);
        tried++;
    }
    ck_assert_int_eq(tried, 5);
    free(readme);
}
END_TEST

/* make builds on every core: its flags carry -j$(nproc) unless told. */
START_TEST(make_uses_every_core)
{
    int st = system("env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -pn demo B=" BUILD_DIR " PROFIL=" PROFIL_BIN
                    " 2>/dev/null | grep -q \"^MAKEFLAGS = .* -j$(nproc) \"");
    ck_assert_int_eq(WIFEXITED(st) ? WEXITSTATUS(st) : -1, 0);
}
END_TEST

Suite *summary_suite(void)
{
    Suite *s = suite_create("summary");
    TCase *tc = tcase_create("summary");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, hist_top_is_busiest_first);
    tcase_add_test(tc, commands_find_a_profile_in_either_case);
    tcase_add_test(tc, trace_over_a_sampled_profile_says_so);
    tcase_add_test(tc, summary_marks_split_shares_as_estimates);
    tcase_add_test(tc, summary_of_a_trace_is_exact_cycles);
    tcase_add_test(tc, summary_says_what_timing_a_cpu_gets);
    tcase_add_test(tc, trace_reports_rank_by_cycles);
    tcase_add_test(tc, formats_doc_shows_the_prx_version);
    tcase_add_test(tc, call_tree_formats_are_exported_or_refused);
    tcase_add_test(tc, readme_demo_is_what_make_demo_prints);
    tcase_add_test(tc, make_uses_every_core);
    suite_add_tcase(s, tc);
    return s;
}
