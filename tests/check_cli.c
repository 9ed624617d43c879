/*
 * tests/check_cli.c: the command as a user meets it: every bad input gives
 * one line naming the file and the problem, exit status 125, and no .PRF;
 * `show`, `--help` (as the README documents it) and PROFIL's dialogue.
 */
#include "testutil.h"

#include <sys/stat.h>

#define OUT TMP "/bad.prf"

static void expect_failure(const char *args, const char *fragment)
{
    struct run_result r;
    char cmd[1024];
    unlink(OUT);
    snprintf(cmd, sizeof cmd, "run -o " OUT " %s", args);
    run_profil(&r, cmd, NULL);
    ck_assert_msg(r.status == 2, "'%s': exit %d", args, r.status);
    ck_assert_msg(strstr(r.err, fragment) != NULL, "'%s': stderr '%s' lacks '%s'", args, r.err, fragment);
    ck_assert_msg(strchr(r.err, '\n') == r.err + strlen(r.err) - 1, "'%s': not one line: '%s'", args, r.err);
    ck_assert_msg(!file_exists(OUT), "'%s' left a .PRF behind", args);
}

static void write_bytes(const char *path, const void *data, size_t n)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, n, f), n);
    fclose(f);
}

START_TEST(bad_inputs)
{
    static const uint8_t truncated[40] = { 'M', 'Z', 0, 0, 4, 0, 0, 0, 2, 0 };  /* 4 pages claimed */
    static const uint8_t reloc_past[64] = { 'M', 'Z', 64, 0, 1, 0, 9, 0, 2, 0, 0, 0, 0xFF, 0xFF,
                                            0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0x30, 0 };
    static uint8_t huge[70000];
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    write_bytes(TMP "/empty.com", "", 0);
    write_bytes(TMP "/trunc.exe", truncated, sizeof truncated);
    write_bytes(TMP "/reloc.exe", reloc_past, sizeof reloc_past);
    write_bytes(TMP "/huge.com", huge, sizeof huge);

    expect_failure(TMP "/missing.com", TMP "/missing.com: File not found");
    expect_failure(TMP "/empty.com", TMP "/empty.com: empty file");
    expect_failure(TMP "/trunc.exe", TMP "/trunc.exe: EXE file bad: truncated");
    expect_failure(TMP "/reloc.exe", TMP "/reloc.exe: EXE file bad: relocation table");
    expect_failure(TMP "/huge.com", TMP "/huge.com: Program too big");
    expect_failure("-b 0 " FIX("tightlp.com"), "--bucket-size 0");
    expect_failure("-i 59 " FIX("tightlp.com"), "--interval 59");
    expect_failure("--timeout soon " FIX("tightlp.com"), "--timeout soon");
}
END_TEST

START_TEST(unwritable_output)
{
    struct run_result r;
    run_profil(&r, "run -o " TMP "/no/such/dir/X.PRF " FIX("tightlp.com"), NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_ptr_nonnull(strstr(r.err, TMP "/no/such/dir/X.PRF: Cannot open output file"));
}
END_TEST

START_TEST(show_reads_and_rejects)
{
    struct run_result r;
    run_profil(&r, "show tests/golden/TIGHTLP.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "prog_low_pa   0196"));
    ck_assert_ptr_nonnull(strstr(r.out, "     1  00010     46811"));
    write_bytes(TMP "/short.prf", "\x64\x00\x05", 3);
    run_profil(&r, "show " TMP "/short.prf", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, TMP "/short.prf: not a .PRF file"));
}
END_TEST

START_TEST(timeout_still_writes_the_profile)
{
    struct run_result r;
    struct prf p;
    unlink(TMP "/t.prf");
    run_profil(&r, "run -q --timeout 0.5 -o " TMP "/t.prf " FIX("tightlp.com"), NULL);
    ck_assert_int_eq(r.status, 124);
    ck_assert_ptr_nonnull(strstr(r.err, "timeout after 0.500 s emulated"));
    read_prf(TMP "/t.prf", &p);
    /* 0.5 s = 2386364 cycles (rounded up to the instruction): 5013 ticks. */
    ck_assert_uint_eq(p.bucket[1] + p.bucket[0] + p.hit_io + p.hit_dos + p.hit_high, 2386364 / 476);
    prf_free(&p);
    run_profil(&r, "run -q --max-instructions 1000 -o " TMP "/t.prf " FIX("tightlp.com"), NULL);
    ck_assert_int_eq(r.status, 124);
    ck_assert_int_eq(file_exists(TMP "/t.prf"), 1);
}
END_TEST

START_TEST(exit_code_and_output_pass_through)
{
    struct run_result r;
    run_profil(&r, "run -o " TMP "/r.prf " FIX("reloc.exe"), NULL);
    ck_assert_int_eq(r.status, 42);
    ck_assert_str_eq(r.out, "relocated\r\nrelocated\r\n");
    ck_assert_ptr_nonnull(strstr(r.err, "profil: wrote " TMP "/r.prf (84 bytes)"));
}
END_TEST

/* Arguments become the command tail (a leading space, as COMMAND.COM
 * passes it); --env strings follow COMSPEC and PATH; the program's DOS path
 * comes after the environment. */
START_TEST(arguments_and_environment_reach_the_program)
{
    struct run_result r;
    run_profil(&r, "run -q --env FOO=bar --env X=1 -o " TMP "/a.prf " FIX("args.com") " one TWO.txt", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "[ one TWO.txt]\r\n"
                            "COMSPEC=C:\\COMMAND.COM\r\n"
                            "PATH=C:\\\r\n"
                            "FOO=bar\r\n"
                            "X=1\r\n"
                            "C:\\ARGS.COM\r\n");
    run_profil(&r, "run -q --env NOEQUALS " FIX("args.com"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "--env NOEQUALS: want NAME=VALUE"));
}
END_TEST

/* The summary names symbols from NAME.MAP beside the program (NASM wrote
 * build/fixtures/hotloop.map), busiest first; a map that does not parse is
 * reported and the summary falls back to buckets. */
START_TEST(summary_names_symbols)
{
    struct run_result r;
    run_profil(&r, "run -o " TMP "/s.prf " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    char *heavy = strstr(r.err, "profil:   heavy                 74.0%\n");
    char *light = strstr(r.err, "profil:   light                 24.7%\n");
    ck_assert_ptr_nonnull(heavy);
    ck_assert_ptr_nonnull(light);
    ck_assert(heavy < light);
    run_profil(&r, "run --map tests/fixtures/tightlp.asm -o " TMP "/s.prf " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, "profil: warning: tests/fixtures/tightlp.asm: not a linker map"));
    ck_assert_ptr_nonnull(strstr(r.err, "profil:   bucket 7 (0070-007F)  74.0%\n"));
}
END_TEST

START_TEST(help_matches_readme)
{
    struct run_result r;
    char readme[65536];
    run_profil(&r, "--help", NULL);
    ck_assert_int_eq(r.status, 0);
    slurp("README.md", readme, sizeof readme);
    /* Every line of --help appears in the README's usage block. */
    char *line = r.out;
    while (*line) {
        char *nl = strchr(line, '\n');
        size_t len = nl ? (size_t)(nl - line) : strlen(line);
        char buf[256];
        snprintf(buf, sizeof buf, "%.*s\n", (int)len, line);
        ck_assert_msg(len == 0 || strstr(readme, buf), "README lacks: %s", buf);
        line += len + (nl != NULL);
    }
}
END_TEST

/* PROFIL's dialogue: a bad bucket size (0) and a bad interval (59, then
 * an empty line) re-ask; the run follows with the message framed by CR LF. */
START_TEST(dialogue)
{
    struct run_result r;
    struct prf p;
    static const char answers[] = "0\n 2x\n59\n\n  100\nfoo\n";
    write_bytes(TMP "/answers", answers, strlen(answers));
    ck_assert_int_eq(system("cp " FIX("tightlp.com") " " TMP "/TIGHTLP.COM"), 0);
    char cwd[2048], cmd[4200];
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    snprintf(cmd, sizeof cmd, "cd " TMP " && rm -f TIGHTLP.PRF && %s/" PROFIL_BIN " TIGHTLP.COM < answers > out 2> err", cwd);
    ck_assert_int_eq(system(cmd), 0);
    slurp(TMP "/out", r.out, sizeof r.out);
    ck_assert_str_eq(r.out,
                     "Number of paragraphs (16 bytes) per bucket? \r\n"
                     "Number of paragraphs (16 bytes) per bucket? \r\n"
                     "Sample time (micro-sec) >= 60 ? \r\n"
                     "Sample time (micro-sec) >= 60 ? \r\n"
                     "Sample time (micro-sec) >= 60 ? \r\n"
                     "Parameters to program? \r\n"
                     "\r\nProgram terminated normally\r\n");
    read_prf(TMP "/TIGHTLP.PRF", &p);
    ck_assert_uint_eq(p.bucket_size, 2);
    ck_assert_uint_eq(p.clock_grain, 100);
    prf_free(&p);
    snprintf(cmd, sizeof cmd, "cd " TMP " && %s/" PROFIL_BIN " NOSUCH.COM < /dev/null > out", cwd);
    ck_assert_int_eq(system(cmd), 125 << 8);
    slurp(TMP "/out", r.out, sizeof r.out);
    ck_assert_str_eq(r.out, "File not found\r\n");
}
END_TEST

/* An output that is a FIFO (as /dev/null or /dev/stdout are devices) is
 * written in place: the reader gets the whole .PRF and the FIFO is still
 * a FIFO, never renamed over (as root, that would replace /dev/null). */
START_TEST(output_to_a_device_is_written_in_place)
{
    struct run_result r;
    struct stat st;
    char got[256], want[256];
    if (system("rm -f " TMP "/fifo " TMP "/from-fifo && mkfifo " TMP "/fifo && "
               "(cat " TMP "/fifo > " TMP "/from-fifo &)") != 0)
        ck_abort();
    run_profil(&r, "run -q -o " TMP "/fifo " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(stat(TMP "/fifo", &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));
    run_profil(&r, "run -q -o " TMP "/regular.prf " FIX("hotloop.com"), NULL);
    for (int i = 0; i < 50 && (stat(TMP "/from-fifo", &st) != 0 || st.st_size < 38); i++)
        usleep(20000);
    FILE *a = fopen(TMP "/from-fifo", "rb"), *b = fopen(TMP "/regular.prf", "rb");
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    size_t na = fread(got, 1, sizeof got, a), nb = fread(want, 1, sizeof want, b);
    fclose(a);
    fclose(b);
    ck_assert_uint_eq(na, nb);
    ck_assert_int_eq(memcmp(got, want, na), 0);
}
END_TEST

/* The command a message points to, "use profil ARGS" up to " (" or the
 * line's end, run: it must work (exit 0). */
static void pointed_command_works(const char *message, const char *after)
{
    char cmd[1200];
    const char *at = strstr(message, after);
    ck_assert_msg(at != NULL, "no '%s' in %s", after, message);
    at += strlen(after);
    size_t len = strcspn(at, "\n");
    const char *paren = strstr(at, " (");
    if (paren && (size_t)(paren - at) < len)
        len = (size_t)(paren - at);
    snprintf(cmd, sizeof cmd, PROFIL_BIN " %.*s > /dev/null 2>&1", (int)len, at);
    ck_assert_msg(system(cmd) == 0, "'%s' (from: %s) fails", cmd, message);
}

/* First use (issue 30 item 7): bare profil is a short usage and exit 2;
 * --error-exitcode; --start-stopped with no START says so; what show
 * says of a .prc or .prx points to a command that works; hist on a
 * terminal shows a screenful and says how many more. */
START_TEST(first_use)
{
    struct run_result r;
    run_profil(&r, "", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.out, "");
    ck_assert_msg(strncmp(r.err, "usage: profil run ", 18) == 0, "%s", r.err);
    int lines = 0;
    for (const char *c = r.err; *c; c++)
        lines += *c == '\n';
    ck_assert_int_eq(lines, 9);         /* a line per command and one saying where the rest is */
    ck_assert_ptr_nonnull(strstr(r.err, "'profil --help' lists every option"));

    run_profil(&r, "run --error-exitcode 99 " TMP "/none.com", NULL);
    ck_assert_int_eq(r.status, 99);
    run_profil(&r, "run --error-exitcode 99 --bogus x.com", NULL);
    ck_assert_int_eq(r.status, 99);
    run_profil(&r, "run -q --error-exitcode 99 -o " TMP "/eu.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);      /* the program's own */
    run_profil(&r, "run " TMP "/none.com", NULL);
    ck_assert_int_eq(r.status, 2);

    run_profil(&r, "run -q --start-stopped -o " TMP "/eu.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "profil: warning: --start-stopped: the program never called START (ports ECh/EDh, "
                            "docs/guestapi.md), so the profile is empty\n");
    run_profil(&r, "run -q --start-stopped -o " TMP "/eu.PRF " FIX("guestapi.com"), NULL);
    ck_assert_ptr_null(strstr(r.err, "never called START"));

    run_profil(&r, "run -q --trace -o " TMP "/eu.PRF " FIX("hotloop.com"), NULL);
    run_profil(&r, "show " TMP "/eu.prc", NULL);
    ck_assert_int_eq(r.status, 2);
    pointed_command_works(r.err, "use profil ");
    run_profil(&r, "show " TMP "/eu.prx", NULL);
    pointed_command_works(r.err, "use profil ");
    run_profil(&r, "run -q --stacks -o " TMP "/eu.PRF " FIX("hotloop.com"), NULL);
    run_profil(&r, "show " TMP "/eu.prx", NULL);
    pointed_command_works(r.err, "use profil ");
    pointed_command_works(r.err, " or profil ");

    /* A terminal: script(1) gives profil a pseudo-terminal.  HELLO.EXE's
     * profile has more non-zero buckets than a screenful (20). */
    if (system("command -v script > /dev/null") != 0)
        return;
    ck_assert(system("rm -rf " TMP "/tt && mkdir -p " TMP "/tt && cp tests/fixtures/codeview/HELLO.EXE " TMP "/tt/") ==
              0);
    run_profil(&r, "run -q -o " TMP "/tt/H.PRF --drive C=" TMP "/tt " TMP "/tt/HELLO.EXE", NULL);
    run_profil(&r, "hist --by bucket " TMP "/tt/H.PRF", NULL);
    ck_assert_ptr_null(strstr(r.out, "more rows"));         /* a pipe gets every row */
    ck_assert(system("script -qec '" PROFIL_BIN " hist --by bucket " TMP "/tt/H.PRF' /dev/null > " TMP
                     "/tt/term.out 2>&1") == 0);
    char term[16384];
    slurp(TMP "/tt/term.out", term, sizeof term);
    unsigned more, all, nonzero = 0;
    const char *line = strstr(term, "... ");
    ck_assert_msg(line && sscanf(line, "... %u more rows: --top %u shows them all", &more, &all) == 2, "%s", term);
    struct prf p;
    read_prf(TMP "/tt/H.PRF", &p);
    for (unsigned i = 0; i < p.bucket_num; i++)
        nonzero += p.bucket[i] != 0;
    prf_free(&p);
    ck_assert_uint_eq(all, nonzero);    /* every non-zero bucket is a row */
    ck_assert_uint_eq(more, nonzero - 20);
}
END_TEST

Suite *cli_suite(void)
{
    Suite *s = suite_create("cli");
    TCase *tc = tcase_create("command");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, bad_inputs);
    tcase_add_test(tc, unwritable_output);
    tcase_add_test(tc, show_reads_and_rejects);
    tcase_add_test(tc, timeout_still_writes_the_profile);
    tcase_add_test(tc, exit_code_and_output_pass_through);
    tcase_add_test(tc, arguments_and_environment_reach_the_program);
    tcase_add_test(tc, summary_names_symbols);
    tcase_add_test(tc, first_use);
    tcase_add_test(tc, help_matches_readme);
    tcase_add_test(tc, dialogue);
    tcase_add_test(tc, output_to_a_device_is_written_in_place);
    suite_add_tcase(s, tc);
    return s;
}
