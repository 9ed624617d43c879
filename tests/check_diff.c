/*
 * tests/check_diff.c: `profil diff` catches a slowdown: totals first
 * (--time-threshold), rows by their own cost (--threshold), a map per
 * side, two .prx traces, and the README's CI recipe on a program made 2x
 * slower (tests/fixtures/work.com: N rounds of the same work, N read from
 * stdin) and on one whose routines trade time (tests/fixtures/tradeoff.com).
 * Runs use --timing table.
 */
#include "testutil.h"

#include "../formats/prx.h"

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* Two .PRFs of header p, one with buckets a, one with b (no .prc). */
static void write_pair(struct prf *p, uint16_t *a, uint16_t *b, const char *path_a, const char *path_b)
{
    char err[256];
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    p->bucket = a;
    ck_assert_int_eq(prf_write_file(path_a, p, err, sizeof err), 0);
    p->bucket = b;
    ck_assert_int_eq(prf_write_file(path_b, p, err, sizeof err), 0);
}

/* work.com once with N rounds: OUT.PRF, OUT.prc (and OUT.prx with --trace). */
static void work(const char *rounds, const char *opts, const char *out)
{
    char args[512];
    struct run_result r;
    write_text(TMP "/rounds", rounds);
    snprintf(args, sizeof args, "run -q --timing table %s -o %s " FIX("work.com"), opts, out);
    run_profil(&r, args, TMP "/rounds");
    ck_assert_msg(r.status == 0, "%s", r.err);
}

/* 2 rounds instead of 1: the same shares (first and second 49.9% each),
 * twice the work.  Start-up and exit are shared, so the time grows by a
 * little under 100%: 99.9%.  Before, diff said "profiles match", exit 0. */
START_TEST(doubled_work_exits_1)
{
    struct run_result r;
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    work("1", "", TMP "/W1.PRF");
    work("2", "", TMP "/W2.PRF");
    run_profil(&r, "diff " TMP "/W1.PRF " TMP "/W2.PRF", NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strncmp(r.out, "profil: totals, old -> new:\n  emulated time         0.214 s ->        0.428 s    "
                                 "+99.9%  <-- grew past the time threshold\n", 120) == 0, "%s", r.out);
    /* Each routine's own cost doubled too: both rows grew past --threshold. */
    ck_assert_ptr_nonnull(strstr(r.out, "\nprofil: profiles differ: emulated time grew 99.9%, past the time threshold "
                                        "(2.0%), and a row grew past the threshold\n"));
    /* Each side's symbols: the map beside its program (the one rule). */
    ck_assert_msg(strstr(r.err, "profil: exact counts from " TMP "/W1.prc\nprofil: symbols: ") == r.err &&
                  strstr(r.err, "fixtures/work.map (NASM)\nprofil: exact counts from " TMP "/W2.prc\nprofil: symbols: "),
                  "%s", r.err);
    /* Thresholds above the growths pass (the rows: about +100% each); a faster new run passes. */
    run_profil(&r, "diff --time-threshold 100 --threshold 101 " TMP "/W1.PRF " TMP "/W2.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "profil: profiles match"));
    run_profil(&r, "diff " TMP "/W2.PRF " TMP "/W1.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "-50.0%"));
    run_profil(&r, "diff --time-threshold x " TMP "/W2.PRF " TMP "/W1.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --time-threshold x: want a percentage, 0 to 1000000\n");
}
END_TEST

/* Without NAME.prc the time is samples x interval, said to be estimated:
 * 100 vs 103 samples at 100 us grew 3.0%, past 2; so did bucket 0's own
 * time, 10.0 ms (100 x 0.1) -> 10.3 ms, though its share stayed 100%. */
START_TEST(totals_without_companion)
{
    uint16_t a[2] = { 100, 0 }, b[2] = { 103, 0 };
    struct prf p = { 100, 2, 1, 0x200, 0x202, 0xC0, 0, 0, 0, a, NULL, NULL, NULL, 0 };
    struct run_result r;
    write_pair(&p, a, b, TMP "/ta.prf", TMP "/tb.prf");
    run_profil(&r, "diff " TMP "/ta.prf " TMP "/tb.prf", NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_str_eq(r.out, "profil: totals, old -> new:\n"
                            "  emulated time         0.010 s ->        0.010 s     +3.0%  (estimated: samples x interval)"
                            "  <-- grew past the time threshold\n"
                            "  samples                 100 ->          103     +3.0%  <-- grew past the time threshold\n"
                            "         old          new   change    old %   new %  row (own ms: samples x the run's ms "
                            "per sample; % of each profile)\n"
                            "      10.000       10.300    +3.0%    100.0   100.0  bucket 0 (00000)  <-- grew past the "
                            "threshold\n"
                            "profil: profiles differ: emulated time grew 3.0%, past the time threshold (2.0%), and a "
                            "row grew past the threshold\n");
    run_profil(&r, "diff --time-threshold 3 --threshold 4 " TMP "/ta.prf " TMP "/tb.prf", NULL);
    ck_assert_int_eq(r.status, 0);
}
END_TEST

/* After code moves, each side its own map: hotloop's HEAVY (3 parts) was
 * at 0070h and LIGHT (1 part) at 0080h; in the new build they swapped,
 * and so did their buckets.  One map for both calls it a 50-point move;
 * a map per side sees nothing moved. */
START_TEST(each_side_its_own_map)
{
    uint16_t a[10] = { [7] = 300, [8] = 100 }, b[10] = { [7] = 100, [8] = 300 };
    struct prf p = { 100, 10, 1, 0x196, 0x19F, 0xC0, 0, 0, 0, a, NULL, NULL, NULL, 0 };
    struct run_result r;
    write_pair(&p, a, b, TMP "/ma.prf", TMP "/mb.prf");
    write_text(TMP "/moved.map", "\n Start  Stop   Length Name                   Class\n"
                                 " 00000H 00085H 00086H _TEXT                  CODE\n\n"
                                 "  Address         Publics by Value\n\n"
                                 " 0000:000A       ROUND\n 0000:0070       LIGHT\n 0000:0080       HEAVY\n");
    run_profil(&r, "diff --map tests/fixtures/hotloop_ms.map " TMP "/ma.prf " TMP "/mb.prf", NULL);
    ck_assert_int_eq(r.status, 1);
    /* No NAME.prc: 0.1 ms a sample (-i 100).  HEAVY shrank, LIGHT grew: only LIGHT is flagged. */
    ck_assert_msg(strstr(r.out, "      10.000       30.000  +200.0%     25.0    75.0  LIGHT  <-- grew past the "
                                "threshold\n") != NULL, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "      30.000       10.000   -66.7%     75.0    25.0  HEAVY  (faster)\n"));
    run_profil(&r, "diff --old-map tests/fixtures/hotloop_ms.map --new-map " TMP "/moved.map " TMP "/ma.prf " TMP
                   "/mb.prf", NULL);
    ck_assert_msg(r.status == 0, "%s%s", r.out, r.err);
    ck_assert_ptr_nonnull(strstr(r.out, "profil: profiles match"));
    run_profil(&r, "diff --map tests/fixtures/hotloop_ms.map," TMP "/moved.map " TMP "/ma.prf " TMP "/mb.prf", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "diff --old-map tests/fixtures/hotloop_ms.map " TMP "/ma.prf " TMP "/mb.prf", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --old-map needs --new-map too (or --map for both)\n");
    run_profil(&r, "diff --map a.map, " TMP "/ma.prf " TMP "/mb.prf", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --map: want FILE.MAP or OLD.MAP,NEW.MAP\n");
}
END_TEST

/* Two traces: totals in exact cycles and instructions (read back from
 * the .prx files), per symbol; per function with calls, 1 -> 2 each.
 * first's self cycles per call: MOV CX 4 + 29999 x LOOP 17 + LOOP 5 +
 * RET 20 = 510012. */
START_TEST(two_traces)
{
    struct run_result r;
    struct prx x1, x2;
    char err[512], want[200];
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    work("1", "--trace", TMP "/X1.PRF");
    work("2", "--trace", TMP "/X2.PRF");
    work("2", "", TMP "/W2.PRF");
    ck_assert_int_eq(prx_read_file(TMP "/X1.prx", &x1, err, sizeof err), 0);
    ck_assert_int_eq(prx_read_file(TMP "/X2.prx", &x2, err, sizeof err), 0);
    run_profil(&r, "diff --map " FIX("work.map") " " TMP "/X1.prx " TMP "/X2.prx", NULL);
    ck_assert_int_eq(r.status, 1);
    snprintf(want, sizeof want, "  cycles         %12llu -> %12llu    +99.9%%  <-- grew past the time threshold\n"
             "  instructions   %12llu -> %12llu   +100.0%%", (unsigned long long)x1.total_cycles,
             (unsigned long long)x2.total_cycles, (unsigned long long)x1.total_insns, (unsigned long long)x2.total_insns);
    ck_assert_msg(strstr(r.out, want) != NULL, "%s\n---\n%s", want, r.out);
    run_profil(&r, "diff --by function --map " FIX("work.map") " " TMP "/X1.prx " TMP "/X2.prx", NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.out, "      510012      1020024  +100.0%     49.9    49.9          1         2  first  <-- grew "
                                "past the threshold\n") != NULL, "%s", r.out);
    run_profil(&r, "diff " TMP "/X1.prx " TMP "/X2.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "a .PRF and a .prx: compare two .PRF files or two .prx files\n"));
    run_profil(&r, "diff " TMP "/X1.PRF " TMP "/W2.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "one profile counts instructions, the other samples"));
    prx_free(&x1);
    prx_free(&x2);
}
END_TEST

/* The README's CI recipe, as written there (its "profil ..." lines, run
 * by sh in a scratch folder with profil on the PATH and GAME.EXE being
 * work.com as GAME.COM): the golden run with input 1, the CI run with 1
 * passes, with 2 (twice the work) the diff exits 1 and says why. */
static int recipe_lines(char lines[4][400])
{
    static char readme[65536];
    slurp("README.md", readme, sizeof readme);
    char *p = strstr(readme, "## Golden profiles in CI");
    ck_assert_ptr_nonnull(p);
    p = strstr(p, "```\n");
    ck_assert_ptr_nonnull(p);
    char *end = strstr(p + 4, "```");
    int n = 0;
    for (char *line = p + 4; line < end && n < 4; line = strchr(line, '\n') + 1) {
        size_t len = strcspn(line, "\n");
        if (strncmp(line, "profil ", 7) != 0)
            continue;
        char *hash = memchr(line, '#', len);
        len = hash ? (size_t)(hash - line) : len;
        snprintf(lines[n], 400, "%.*s", (int)len, line);
        char *exe = strstr(lines[n], "GAME.EXE");
        if (exe)
            memcpy(exe, "GAME.COM", 8);
        n++;
    }
    return n;
}

static int recipe_step(const char *line, const char *input, struct run_result *r)
{
    char cmd[1200];
    write_text(TMP "/ci/tests/input.txt", input);
    snprintf(cmd, sizeof cmd, "cd " TMP "/ci && PATH=\"$PWD/bin:$PATH\" %s > ../ci.out 2> ../ci.err", line);
    int st = system(cmd);
    slurp(TMP "/ci.out", r->out, sizeof r->out);
    slurp(TMP "/ci.err", r->err, sizeof r->err);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* A scratch folder for the recipe: GAME.COM and GAME.MAP being the
 * fixture's, profil on its PATH. */
static void recipe_folder(char lines[4][400], const char *fixture)
{
    char cmd[1200];
    ck_assert_int_eq(recipe_lines(lines), 4);
    ck_assert_ptr_nonnull(strstr(lines[0], "-o tests/GAME.PRF"));
    ck_assert_ptr_nonnull(strstr(lines[1], "-o build/GAME.PRF"));
    ck_assert_ptr_nonnull(strstr(lines[2], "profil diff --map GAME.MAP tests/GAME.PRF build/GAME.PRF"));
    snprintf(cmd, sizeof cmd, "rm -rf " TMP "/ci && mkdir -p " TMP "/ci/tests " TMP "/ci/build " TMP "/ci/bin && "
             "cp " FIXTURE_DIR "%s.com " TMP "/ci/GAME.COM && cp " FIXTURE_DIR "%s.map " TMP "/ci/GAME.MAP && "
             "ln -s \"$PWD/" PROFIL_BIN "\" " TMP "/ci/bin/profil", fixture, fixture);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(readme_ci_recipe_catches_a_2x_slowdown)
{
    char lines[4][400];
    struct run_result r;
    recipe_folder(lines, "work");
    ck_assert_int_eq(recipe_step(lines[0], "1", &r), 0);
    ck_assert_int_eq(recipe_step(lines[1], "1", &r), 0);
    ck_assert_msg(recipe_step(lines[2], "1", &r) == 0, "%s%s", r.out, r.err);
    ck_assert_int_eq(recipe_step(lines[3], "1", &r), 0);
    ck_assert_int_eq(recipe_step(lines[1], "2", &r), 0);
    ck_assert_int_eq(recipe_step(lines[2], "2", &r), 1);
    ck_assert_msg(strstr(r.out, "profil: profiles differ: emulated time grew 99.9%, past the time threshold (2.0%)")
                  != NULL, "%s", r.out);
}
END_TEST

/* The recipe on tradeoff.com (its comment derives the cycles): golden
 * input 22, first and second 20000 LOOPs each.  Input 31 makes first
 * slower (30000) and second faster (10000), the run's time the same:
 * first is flagged (+50.0%), second is shown faster, exit 1.  Input 32:
 * first slower, second unchanged though its share fell from 49.8% to
 * 39.9%: only first is flagged.  The same in a trace, in exact cycles:
 * first 340008 -> 510008 (17n + 8), second 340008 both times. */
START_TEST(readme_ci_recipe_flags_only_the_routine_that_grew)
{
    char lines[4][400];
    struct run_result r;
    recipe_folder(lines, "tradeoff");
    ck_assert_int_eq(recipe_step(lines[0], "22", &r), 0);
    ck_assert_int_eq(recipe_step(lines[1], "22", &r), 0);
    ck_assert_msg(recipe_step(lines[2], "22", &r) == 0, "%s%s", r.out, r.err);
    ck_assert_int_eq(recipe_step(lines[1], "31", &r), 0);
    ck_assert_int_eq(recipe_step(lines[2], "31", &r), 1);
    ck_assert_msg(strstr(r.out, "  emulated time         0.143 s ->        0.143 s     +0.0%\n") != NULL, "%s", r.out);
    const char *first = strstr(r.out, "   +50.0%     49.8    74.7  first  <-- grew past the threshold\n");
    const char *second = strstr(r.out, "   -50.0%     49.8    24.9  second  (faster)\n");
    ck_assert_msg(first && second && first < second, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "profil: profiles differ: a row grew past the threshold (a row's own cost may "
                                        "grow 2.0%)\n"));
    ck_assert_int_eq(recipe_step(lines[1], "32", &r), 0);
    ck_assert_int_eq(recipe_step(lines[2], "32", &r), 1);
    ck_assert_msg(strstr(r.out, "  first  <-- grew past the threshold\n") != NULL, "%s", r.out);
    const char *row = strstr(r.out, "  second");
    ck_assert_msg(row && strncmp(row, "  second\n", 9) == 0, "second flagged or faster: %s", r.out);

    /* Traces: own cycles exactly. */
    write_text(TMP "/rounds", "32");
    run_profil(&r, "run -q --timing table --trace -o " TMP "/D32.PRF " FIX("tradeoff.com"), TMP "/rounds");
    ck_assert_int_eq(r.status, 0);
    write_text(TMP "/rounds", "22");
    run_profil(&r, "run -q --timing table --trace -o " TMP "/D22.PRF " FIX("tradeoff.com"), TMP "/rounds");
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "diff --map " FIX("tradeoff.map") " " TMP "/D22.prx " TMP "/D32.prx", NULL);
    ck_assert_int_eq(r.status, 1);
    ck_assert_msg(strstr(r.out, "\n      340008       510008   +50.0%     49.8    59.8  first  <-- grew past the "
                                "threshold\n") != NULL, "%s", r.out);
    ck_assert_ptr_null(strstr(r.out, "second"));        /* 340008 both times: not even shown */
}
END_TEST

/* docs/ci.md's workflows: every "profil ..." command of its code blocks
 * (after a YAML list's "- " or "- run: "), in order: the golden run, then
 * GitHub's and GitLab's steps. */
static int ci_lines(char lines[12][400])
{
    static char page[32768];
    slurp("docs/ci.md", page, sizeof page);
    int n = 0, in_code = 0;
    for (char *line = page; *line && n < 12;) {
        size_t len = strcspn(line, "\n");
        if (strncmp(line, "```", 3) == 0)
            in_code = !in_code;
        else if (in_code) {
            const char *s = line + strspn(line, " ");
            if (strncmp(s, "- run: ", 7) == 0)
                s += 7;
            else if (strncmp(s, "- ", 2) == 0)
                s += 2;
            if (strncmp(s, "profil ", 7) == 0) {
                snprintf(lines[n], 400, "%.*s", (int)(len - (size_t)(s - line)), s);
                char *exe = strstr(lines[n], "GAME.EXE");
                if (exe)
                    memcpy(exe, "GAME.COM", 8);
                n++;
            }
        }
        line += len + (line[len] == '\n');
    }
    return n;
}

/* One step of a workflow in the scratch folder, its output in r. */
static int ci_step(const char *line, const char *input, struct run_result *r)
{
    char cmd[1400];
    write_text(TMP "/ci/tests/input.txt", input);
    snprintf(cmd, sizeof cmd, "cd " TMP "/ci && GITHUB_STEP_SUMMARY=\"$PWD/summary.md\" PATH=\"$PWD/bin:$PATH\" "
             "sh -c '{ %s ; }' > ../ci.out 2> ../ci.err", line);
    int st = system(cmd);
    slurp(TMP "/ci.out", r->out, sizeof r->out);
    slurp(TMP "/ci.err", r->err, sizeof r->err);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static int xmllint_valid(const char *xml)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "xmllint --noout --schema tests/junit.xsd %s > /dev/null 2>&1", xml);
    return system(cmd) == 0;
}

/* The workflows of docs/ci.md, run as written on work.com (as GAME.COM,
 * input 1 for the golden profile): with input 1 every step passes, the
 * JUnit XML of both validates against tests/junit.xsd (a schema of the
 * documented JUnit format), GitLab's report is [], GitHub's summary has the
 * Markdown tables; with 2 (twice the work) the failing steps exit 1: the
 * ::error lines, a JUnit failure per grown total (valid still), GitLab
 * issues with the time's growth, 99.9% (doubled_work_exits_1). */
START_TEST(ci_workflows_run_as_documented)
{
    char lines[12][400];
    struct run_result r;
    int have_xmllint = system("xmllint --version > /dev/null 2>&1") == 0;
    if (!have_xmllint)
        fprintf(stderr, "diff: xmllint (libxml2-utils) not installed: the JUnit XML is not checked against its schema\n");
    int n = ci_lines(lines);
    ck_assert_int_eq(n, 8);             /* the golden run, GitHub's four, GitLab's three */
    ck_assert_ptr_nonnull(strstr(lines[0], "-o tests/GAME.PRF"));
    ck_assert_ptr_nonnull(strstr(lines[4], "--format github"));
    ck_assert_ptr_nonnull(strstr(lines[6], "--format gitlab"));
    ck_assert_int_eq(system("rm -rf " TMP "/ci && mkdir -p " TMP "/ci/tests " TMP "/ci/build " TMP "/ci/bin && cp "
                            FIX("work.com") " " TMP "/ci/GAME.COM && ln -s \"$PWD/" PROFIL_BIN "\" " TMP "/ci/bin/profil"),
                     0);
    for (int i = 0; i < n; i++)
        ck_assert_msg(ci_step(lines[i], "1", &r) == 0, "%s: %s%s", lines[i], r.out, r.err);
    char text[16384];
    slurp(TMP "/ci/summary.md", text, sizeof text);
    ck_assert_msg(strstr(text, "### profil diff: tests/GAME.PRF -> build/GAME.PRF: no change past the thresholds\n\n"
                               "| total | old | new | change | |\n|---|---:|---:|---:|---|\n"), "%s", text);
    slurp(TMP "/ci/gl-code-quality-report.json", text, sizeof text);
    ck_assert_str_eq(text, "[]\n");
    slurp(TMP "/ci/profil-junit.xml", text, sizeof text);
    ck_assert_msg(strstr(text, "<testsuites name=\"profil diff\" tests=\"") && strstr(text, "failures=\"0\""), "%s", text);
    if (have_xmllint) {
        ck_assert(xmllint_valid(TMP "/ci/build/profil-junit.xml"));
        ck_assert(xmllint_valid(TMP "/ci/profil-junit.xml"));
    }
    /* Twice the work: GitHub's last step and GitLab's JUnit step fail. */
    ck_assert_int_eq(ci_step(lines[1], "2", &r), 0);
    ck_assert_int_eq(ci_step(lines[4], "2", &r), 1);
    ck_assert_msg(strstr(r.out, "::error title=profil diff::emulated time grew +99.9%25 (") == r.out, "%s", r.out);
    ck_assert_ptr_null(strstr(r.out, "::notice"));
    ck_assert_int_eq(ci_step(lines[6], "2", &r), 0);        /* || true */
    ck_assert_int_eq(ci_step(lines[7], "2", &r), 1);
    slurp(TMP "/ci/profil-junit.xml", text, sizeof text);
    ck_assert_msg(strstr(text, "<testcase classname=\"profil.diff.totals\" name=\"emulated time\">\n      <failure "
                               "type=\"slower\" message=\"emulated time grew +99.9% ("), "%s", text);
    if (have_xmllint)
        ck_assert(xmllint_valid(TMP "/ci/profil-junit.xml"));
    slurp(TMP "/ci/gl-code-quality-report.json", text, sizeof text);
    ck_assert_msg(strstr(text, "[\n  {\"description\": \"emulated time grew +99.9% (") == text, "%s", text);
    ck_assert_msg(strstr(text, "\"check_name\": \"profil-diff-total\", \"fingerprint\": \""), "%s", text);
    /* JSON and the same exit status. */
    ck_assert_int_eq(ci_step("profil diff --format json tests/GAME.PRF build/GAME.PRF", "2", &r), 1);
    ck_assert_msg(strstr(r.out, "\"outcome\": \"differ\"\n}\n"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "{\"what\": \"emulated time\", "), "%s", r.out);
    ck_assert_int_eq(ci_step("profil diff --format yaml tests/GAME.PRF build/GAME.PRF", "2", &r), 2);
    ck_assert_msg(strstr(r.err, "--format yaml: want text, json, markdown, junit, github or gitlab"), "%s", r.err);
    ck_assert_int_eq(ci_step("profil diff --exact --format json tests/GAME.PRF build/GAME.PRF", "2", &r), 2);
}
END_TEST

Suite *diff_suite(void)
{
    Suite *s = suite_create("diff");
    TCase *tc = tcase_create("core");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, doubled_work_exits_1);
    tcase_add_test(tc, totals_without_companion);
    tcase_add_test(tc, each_side_its_own_map);
    tcase_add_test(tc, two_traces);
    tcase_add_test(tc, readme_ci_recipe_catches_a_2x_slowdown);
    tcase_add_test(tc, readme_ci_recipe_flags_only_the_routine_that_grew);
    tcase_add_test(tc, ci_workflows_run_as_documented);
    suite_add_tcase(s, tc);
    return s;
}
