/*
 * tests/check_files.c: lib/files.c and formats/guard.c: profil never destroys a user's file and always
 * leaves the profile: outputs that would overwrite the program, an input
 * or each other are refused before anything runs; a profile given as the
 * program is refused; SIGTERM, SIGHUP and a reader of stdout that goes
 * away stop the run with the .PRF written and a documented status; the
 * .prx of a device output; the guest's disk budget.
 */
#include "testutil.h"

#include <signal.h>
#include <sys/stat.h>

/* One line on stderr, exit `status` (125: an output refused; 2: the
 * program refused), and `victim` still has `size` bytes. */
static void expect_refusal_status(const char *args, const char *message, const char *victim, long size, int status)
{
    struct run_result r;
    struct stat st;
    run_profil(&r, args, NULL);
    ck_assert_msg(r.status == status, "'%s': exit %d (%s)", args, r.status, r.err);
    ck_assert_str_eq(r.err, message);
    ck_assert_int_eq(stat(victim, &st), 0);
    ck_assert_int_eq(st.st_size, size);
}

static void expect_refusal(const char *args, const char *message, const char *victim, long size)
{
    expect_refusal_status(args, message, victim, size, 125);
}

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

static long file_size(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

/* hotloop.com is 120 bytes (ls -l of the assembled fixture, checked here);
 * HOTLOOP.PRF from it is 38 bytes (18 + 2 x 10 buckets, the demo's). */
START_TEST(outputs_never_overwrite_the_program_or_inputs)
{
    struct run_result r;
    ck_assert_int_eq(system("mkdir -p " TMP "/g && cp " FIX("hotloop.com") " " TMP "/g/hot.com && "
                            "cp " FIX("hotloop.map") " " TMP "/g/hot.map"), 0);
    long com = file_size(TMP "/g/hot.com"), map = file_size(TMP "/g/hot.map");
    run_profil(&r, "run -q -o " TMP "/g/HOT.PRF " TMP "/g/hot.com", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(file_size(TMP "/g/HOT.PRF"), 38);

    expect_refusal("run -o " TMP "/g/hot.com " TMP "/g/hot.com",
                   "profil: " TMP "/g/hot.com: the .PRF would overwrite the program; nothing was run\n",
                   TMP "/g/hot.com", com);
    /* The same file by another name (./, a symlink) is still the same file. */
    ck_assert_int_eq(system("ln -sf hot.com " TMP "/g/link.com"), 0);
    expect_refusal("run -o " TMP "/g/./link.com " TMP "/g/hot.com",
                   "profil: " TMP "/g/./link.com: the .PRF would overwrite the program; nothing was run\n",
                   TMP "/g/hot.com", com);
    expect_refusal("run --screen " TMP "/g/hot.map -o " TMP "/g/x.prf " TMP "/g/hot.com",
                   "profil: " TMP "/g/hot.map: --screen would overwrite the map; nothing was run\n",
                   TMP "/g/hot.map", map);
    expect_refusal("run --trace --prx " TMP "/g/HOT.PRF -o " TMP "/g/HOT.PRF " TMP "/g/hot.com",
                   "profil: " TMP "/g/HOT.PRF: both the .PRF and the .prx would be written there; nothing was run\n",
                   TMP "/g/HOT.PRF", 38);
    /* A path that does not exist yet collides by its resolved name. */
    unlink(TMP "/g/new.txt");
    expect_refusal("run --screen " TMP "/g/new.txt --screen-png " TMP "/g/../g/new.txt " TMP "/g/hot.com",
                   "profil: " TMP "/g/../g/new.txt: both --screen and --screen-png would be written there; "
                   "nothing was run\n", TMP "/g/hot.com", com);
    ck_assert_int_eq(file_exists(TMP "/g/new.txt"), 0);
    /* Standard input is an input too. */
    run_profil(&r, "run -o " TMP "/g/HOT.PRF " TMP "/g/hot.com", TMP "/g/HOT.PRF");
    ck_assert_int_eq(r.status, 125);
    ck_assert_str_eq(r.err, "profil: " TMP "/g/HOT.PRF: the .PRF would overwrite the standard input; "
                            "nothing was run\n");
    /* And standard output: the .PRF renamed over it would lose the program's
     * output (-o /dev/stdout with stdout a file, or the same name). */
    int st = system(PROFIL_BIN " run -o /dev/stdout " TMP "/g/hot.com > " TMP "/g/o.txt 2> " TMP "/g/o.err");
    ck_assert_int_eq(WEXITSTATUS(st), 125);
    slurp(TMP "/g/o.err", r.err, sizeof r.err);
    ck_assert_str_eq(r.err, "profil: /dev/stdout: the .PRF would overwrite the standard output (the program's); "
                            "nothing was run\n");
    /* Devices never collide: /dev/null twice is fine. */
    run_profil(&r, "run -q -o /dev/null --screen /dev/null " TMP "/g/hot.com", NULL);
    ck_assert_int_eq(r.status, 0);
}
END_TEST

/* `profil run PRIME.PRF` (meaning show) used to run the profile as a .COM
 * and overwrite it; a .prx is refused the same way, whatever its name. */
START_TEST(a_profile_is_not_run)
{
    ck_assert_int_eq(system("cp " FIX("hotloop.com") " " TMP "/g/hot.com"), 0);
    ck_assert_int_eq(system("cp tests/golden/TIGHTLP.PRF " TMP "/g/TIGHTLP.PRF"), 0);
    long prf = file_size(TMP "/g/TIGHTLP.PRF");
    expect_refusal_status("run " TMP "/g/TIGHTLP.PRF",
                   "profil: " TMP "/g/TIGHTLP.PRF: a .PRF profile, not a program "
                   "(read it with 'profil show' or 'profil hist')\n", TMP "/g/TIGHTLP.PRF", prf, 2);
    struct run_result r;
    run_profil(&r, "run -q --stacks -o " TMP "/g/S.PRF " TMP "/g/hot.com", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_eq(system("cp " TMP "/g/S.prx " TMP "/g/trace.com"), 0);
    long prx = file_size(TMP "/g/trace.com");
    expect_refusal_status("run -o " TMP "/g/T.PRF " TMP "/g/trace.com",
                   "profil: " TMP "/g/trace.com: a .prx profile, not a program "
                   "(read it with 'profil hist' or 'profil cover')\n", TMP "/g/trace.com", prx, 2);
}
END_TEST

/* The bytes of `path` are `want` (n bytes). */
static void expect_bytes(const char *path, const char *want, size_t n)
{
    char got[4096];
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    size_t k = fread(got, 1, sizeof got, f);
    fclose(f);
    ck_assert_msg(k == n && memcmp(got, want, n) == 0, "%s changed", path);
}

#define SOURCE "#include <stdio.h>\nint main(void) { puts(\"hello\"); return 0; }\n"
#define G TMP "/nr/"

/* No output replaces a file that is not that kind of profil output
 * (formats/guard.h: checked by content, before anything runs): run's -o,
 * its NAME.prc, --prx, --screen, --screen-png, report -o and merge -o,
 * each refused with one line and the C source left byte for byte; the
 * same kind is replaced, and --force replaces anything. */
START_TEST(no_output_replaces_another_kind_of_file)
{
    struct run_result r;
    ck_assert_int_eq(system("rm -rf " G " && mkdir -p " G " && cp " FIX("hotloop.com") " " G "hot.com && cp "
                            FIX("mode13.com") " " G "m13.com"), 0);
    write_text(G "HELLO.C", SOURCE);
    static const struct { const char *args, *what, *kind; } cases[] = {
        { "run -o " G "HELLO.C " G "hot.com", "the .PRF", "is not a .PRF" },
        { "run --trace --prx " G "HELLO.C -o " G "T.PRF " G "hot.com", "the .prx", "is not a profil .prx" },
        { "run --screen " G "HELLO.C -o " G "T.PRF " G "hot.com", "--screen", "is not a text screen --screen wrote" },
        { "run --screen-png " G "HELLO.C -o " G "T.PRF " G "m13.com", "--screen-png",
          "is not an indexed-colour PNG --screen-png wrote" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char want[600];
        run_profil(&r, cases[i].args, NULL);
        snprintf(want, sizeof want, "profil: " G "HELLO.C: not replaced by %s: it %s; nothing was run (--force "
                 "replaces it)\n", cases[i].what, cases[i].kind);
        ck_assert_msg(r.status == 125, "%s: exit %d", cases[i].args, r.status);
        ck_assert_str_eq(r.err, want);
        ck_assert_str_eq(r.out, "");                /* nothing ran: the program printed nothing */
        expect_bytes(G "HELLO.C", SOURCE, strlen(SOURCE));
        ck_assert_int_eq(file_exists(G "T.PRF"), 0);
    }
    /* NAME.prc beside the .PRF is an output too. */
    write_text(G "HELLO.prc", SOURCE);
    run_profil(&r, "run -o " G "HELLO.PRF " G "hot.com", NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_str_eq(r.err, "profil: " G "HELLO.prc: not replaced by the exact counts (NAME.prc): it is not a profil "
                            ".prc; nothing was run (--force replaces it)\n");
    expect_bytes(G "HELLO.prc", SOURCE, strlen(SOURCE));
    ck_assert_int_eq(file_exists(G "HELLO.PRF"), 0);

    /* The same kind is replaced: a run's files twice, a screen, a PNG. */
    for (int k = 0; k < 2; k++) {
        run_profil(&r, "run -q --trace --screen " G "S.txt -o " G "T.PRF " G "hot.com", NULL);
        ck_assert_msg(r.status == 0, "%s", r.err);
        run_profil(&r, "run -q --video vga --screen-png " G "S.png -o " G "M.PRF " G "m13.com", NULL);
        ck_assert_msg(r.status == 1, "%s", r.err);     /* mode13.com exits 1 (check_bios.c) */
        run_profil(&r, "report -o " G "R.html " G "T.prx", NULL);
        ck_assert_msg(r.status == 0, "%s", r.err);
        run_profil(&r, "merge -o " G "SUM.PRF " G "T.PRF " G "T.PRF", NULL);
        ck_assert_msg(r.status == 0, "%s", r.err);
    }
    /* report -o and merge -o (and merge's SUM.prc) refuse the same way. */
    run_profil(&r, "report -o " G "HELLO.C " G "T.prx", NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_str_eq(r.err, "profil: " G "HELLO.C: not replaced by report -o: it is not a page profil report wrote; "
                            "nothing was written (--force replaces it)\n");
    expect_bytes(G "HELLO.C", SOURCE, strlen(SOURCE));
    run_profil(&r, "merge -o " G "HELLO.C " G "T.PRF " G "T.PRF", NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_str_eq(r.err, "profil: " G "HELLO.C: not replaced by merge -o: it is not a .PRF; nothing was written "
                            "(--force replaces it)\n");
    expect_bytes(G "HELLO.C", SOURCE, strlen(SOURCE));
    run_profil(&r, "merge -o " G "HELLO.PRF " G "T.PRF " G "T.PRF", NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_ptr_nonnull(strstr(r.err, G "HELLO.prc: not replaced by merge -o's exact counts: it is not a profil .prc"));
    expect_bytes(G "HELLO.prc", SOURCE, strlen(SOURCE));

    /* PROHST's own form and its .HST: a listing is replaced, anything else refused. */
    ck_assert_int_eq(system("cp tests/golden/TIGHTLP.PRF " G "TIGHTLP.PRF"), 0);
    write_text(G "HELLO.HST", SOURCE);
    run_profil(&r, "hist '" G "TIGHTLP," G "HELLO.HST,NUL;'", NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_str_eq(r.err, "profil: " G "HELLO.HST: not replaced by the listing: it is not a PROHST listing; "
                            "nothing was written (name another .HST)\n");
    expect_bytes(G "HELLO.HST", SOURCE, strlen(SOURCE));
    for (int k = 0; k < 2; k++) {
        run_profil(&r, "hist '" G "TIGHTLP," G "T.HST,NUL;'", NULL);
        ck_assert_msg(r.status == 0, "%s", r.err);
    }

    /* --force replaces. */
    run_profil(&r, "run -q --force -o " G "HELLO.C " G "hot.com", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_int_eq(file_size(G "HELLO.C"), 38);
}
END_TEST

/* `profil run HELLO.C` ran the C text as a .COM and wrote HELLO.PRF:
 * a file with no MZ header whose name is a text file's, or (any name but
 * .COM) whose bytes are text, is refused before anything is written. */
START_TEST(text_is_not_run)
{
    struct run_result r;
    ck_assert_int_eq(system("rm -rf " G " && mkdir -p " G " && cp tests/golden/TIGHTLP.PRF " G "HELLO.PRF"), 0);
    write_text(G "HELLO.C", SOURCE);
    write_text(G "NOTES", "buy milk\n");
    long prf = file_size(G "HELLO.PRF");
    run_profil(&r, "run -o " G "HELLO.PRF " G "HELLO.C", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: " G "HELLO.C: not a DOS program: no MZ header, and its name is a text file's; "
                            "nothing was run\n");
    ck_assert_int_eq(file_size(G "HELLO.PRF"), prf);
    ck_assert_int_eq(file_exists(G "HELLO.prc"), 0);
    run_profil(&r, "run -o " G "N.PRF " G "NOTES", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: " G "NOTES: not a DOS program: no MZ header, and its bytes are text; nothing "
                            "was run\n");
    ck_assert_int_eq(file_exists(G "N.PRF"), 0);
    /* A .COM may be anything, text too: NOTES as NOTES.COM runs (and
     * crashes or not; it is run). */
    ck_assert_int_eq(system("cp " G "NOTES " G "NOTES.COM"), 0);
    run_profil(&r, "run -q --timeout 0.01 -o " G "N.PRF " G "NOTES.COM", NULL);
    ck_assert_int_eq(file_exists(G "N.PRF"), 1);
}
END_TEST

/* Files of two runs are not mixed: a --stacks run's .prx, then a plain
 * run that rewrote the .PRF and its NAME.prc beside it; annotate of the
 * .prx (which takes the .PRF beside it) says so and uses neither. */
START_TEST(files_of_two_runs_are_not_mixed)
{
    struct run_result r;
    ck_assert_int_eq(system("rm -rf " G " && mkdir -p " G), 0);
    run_profil(&r, "run -q --stacks -o " G "MIX.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "annotate " G "MIX.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    run_profil(&r, "run -q -o " G "MIX.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "annotate " G "MIX.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.out, "");
    ck_assert_msg(strstr(r.err, "profil: " G "MIX.prx: the .PRF beside it is another run's: " G "MIX.prx and " G
                                "MIX.prc are from different runs (run ") != NULL, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.err, "); annotating neither (run the program again to have both of one run)\n"));
}
END_TEST
#undef G

/* Start "profil ARGS" in the background with stdin from /dev/null. */
static pid_t start_profil(const char *args)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "exec " PROFIL_BIN " %s < /dev/null > " TMP "/sig.out 2> " TMP "/sig.err", args);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    return pid;
}

/* forever.com never ends: SIGTERM and SIGHUP stop it like Ctrl-C does,
 * with the .PRF written, a one-line note and status 128 + the signal. */
static void stopped_by(int sig, const char *name)
{
    char err[4096], want[256];
    struct prf p;
    unlink(TMP "/sig.prf");
    pid_t pid = start_profil("run -q -i 60000 -o " TMP "/sig.prf " FIX("forever.com"));
    usleep(startup_wait_us(800000));     /* well after start-up (the handlers are set before the run) */
    ck_assert_int_eq(kill(pid, sig), 0);
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert_msg(WIFEXITED(st), "%s killed profil (status %x)", name, st);
    ck_assert_int_eq(WEXITSTATUS(st), 128 + sig);
    slurp(TMP "/sig.err", err, sizeof err);
    snprintf(want, sizeof want, "profil: " FIX("forever.com") ": stopped by %s\n", name);
    ck_assert_str_eq(err, want);
    read_prf(TMP "/sig.prf", &p);
    ck_assert_uint_gt(p.bucket[0], 0);
    prf_free(&p);
}

START_TEST(sigterm_and_sighup_leave_the_profile)
{
    stopped_by(SIGTERM, "SIGTERM");
    stopped_by(SIGHUP, "SIGHUP");
}
END_TEST

/* `profil run yes.com | head -1`: the reader goes away, profil ignores
 * SIGPIPE, sees EPIPE, stops the run and writes the .PRF: status 141. */
START_TEST(a_closed_stdout_leaves_the_profile)
{
    char err[4096];
    struct prf p;
    unlink(TMP "/pipe.prf");
    int st = system("bash -c '" PROFIL_BIN " run -q -o " TMP "/pipe.prf " FIX("yes.com")
                    " < /dev/null 2> " TMP "/pipe.err | head -1 > " TMP "/pipe.out; exit ${PIPESTATUS[0]}'");
    ck_assert(WIFEXITED(st));
    ck_assert_int_eq(WEXITSTATUS(st), 141);
    slurp(TMP "/pipe.err", err, sizeof err);
    ck_assert_str_eq(err, "profil: " FIX("yes.com") ": standard output closed: its reader went away\n");
    slurp(TMP "/pipe.out", err, sizeof err);
    ck_assert_str_eq(err, "y\r\n");
    read_prf(TMP "/pipe.prf", &p);
    prf_free(&p);
}
END_TEST

/* The summary names the program's exit code (3 here), so a program's 125
 * or 126 is not taken for profil's. */
START_TEST(summary_prints_the_exit_code)
{
    struct run_result r;
    run_profil(&r, "run -o " TMP "/e.prf " FIX("exit3.com"), NULL);
    ck_assert_int_eq(r.status, 3);
    ck_assert_ptr_nonnull(strstr(r.err, "\nprofil: program exited with code 3\nprofil: wrote " TMP "/e.prf"));
}
END_TEST

/* --trace -o /dev/null used to write /dev/null.prx: a device output gets
 * no derived .prx (and says so), --prx names one, and a .prx that cannot
 * be written does not cost the .PRF. */
START_TEST(prx_beside_a_device_and_prx_option)
{
    struct run_result r;
    run_profil(&r, "run -q --trace -o /dev/null " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    /* (the line that follows is the .PRF's wrap warning: a trace counts instructions) */
    static const char note[] = "profil: /dev/null: not a regular file, so no .prx is written beside it "
                               "(--prx PATH names one)\n";
    ck_assert_msg(strncmp(r.err, note, strlen(note)) == 0, "%s", r.err);
    ck_assert_int_eq(file_exists("/dev/null.prx"), 0);
    unlink(TMP "/chosen.prx");
    run_profil(&r, "run -q --trace --prx " TMP "/chosen.prx -o /dev/null " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_null(strstr(r.err, "no .prx"));
    ck_assert_int_eq(file_exists(TMP "/chosen.prx"), 1);
    run_profil(&r, "run -q --prx " TMP "/chosen.prx " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --prx " TMP "/chosen.prx: only with --trace, --stacks or --memory\n");
    /* A .prx that cannot be written (/dev/full: ENOSPC): reported, status
     * 125, and the .PRF is written all the same. */
    unlink(TMP "/kept.prf");
    run_profil(&r, "run -q --trace --prx /dev/full -o " TMP "/kept.prf " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_msg(strncmp(r.err, "profil: /dev/full: write failed (No space left on device)\n", 58) == 0,
                  "%s", r.err);
    ck_assert_int_eq(file_size(TMP "/kept.prf"), 38);
}
END_TEST

/* diskfull.com (see its comment) on an empty drive.  Default budget:
 * 128 MiB, but no more than the modelled ST-412 holds (docs/costs.md):
 * its 2592 (0A20h) clusters of 4 KiB, 10616832 bytes, all free; the seek
 * wraps to 10h; every write is whole; afterwards 17 + 3 x 16384 = 49169
 * bytes are used: 10616832 - 49169 = 10567663 bytes, 2579 (0A13h) whole
 * clusters; the FCB record is written (00).  --disk-free 20000: 36h says
 * 20000 / 4096 = 4 clusters; 17 bytes, then 16384, then the 3599 (0E0Fh)
 * left, then 0; 0 clusters free; the FCB write gets 01h, DOS's "disk
 * full".  The host
 * file is exactly as big as DOS says (not 4 GiB + 17 sparse). */
START_TEST(guest_writes_stop_at_the_disk_budget)
{
    struct run_result r;
    ck_assert_int_eq(system("rm -rf " TMP "/disk && mkdir -p " TMP "/disk"), 0);
    run_profil(&r, "run -q -o " TMP "/d.prf --drive C=" TMP "/disk " FIX("diskfull.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "0A20 0000 0010 0001 4000 4000 4000 0A13 00 ");
    ck_assert_int_eq(file_size(TMP "/disk/SEEK.TMP"), 49169);
    ck_assert_int_eq(file_size(TMP "/disk/FCB.TMP"), 128);
    ck_assert_int_eq(system("rm -rf " TMP "/disk && mkdir -p " TMP "/disk"), 0);
    run_profil(&r, "run -q --disk-free 20000 -o " TMP "/d.prf --drive C=" TMP "/disk " FIX("diskfull.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "0004 0000 0010 0001 4000 0E0F 0000 0000 01 ");
    ck_assert_int_eq(file_size(TMP "/disk/SEEK.TMP"), 20000);
    ck_assert_int_eq(file_size(TMP "/disk/FCB.TMP"), 0);
    /* 20K is 20480 bytes, 5 clusters: 3599 + 480 = 4079 (0FEFh) for the third write. */
    ck_assert_int_eq(system("rm -rf " TMP "/disk && mkdir -p " TMP "/disk"), 0);
    run_profil(&r, "run -q --disk-free 20K -o " TMP "/d.prf --drive C=" TMP "/disk " FIX("diskfull.com"), NULL);
    ck_assert_str_eq(r.out, "0005 0000 0010 0001 4000 0FEF 0000 0000 01 ");
    run_profil(&r, "run --disk-free 1G " FIX("diskfull.com"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --disk-free 1G: want 0 to 268435456 bytes (K and M suffixes: KiB, MiB)\n");
}
END_TEST

/* Options profil does not know, or that lack their value, get profil's
 * prefix and the way to the help. */
START_TEST(bad_options_say_where_help_is)
{
    struct run_result r;
    run_profil(&r, "run --bogus " FIX("exit3.com"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: run: unknown option '--bogus' (see 'profil run --help')\n");
    /* After the program, options are its arguments (the run's own output
     * goes to the scratch folder, not the current one). */
    run_profil(&r, "run -q -o " TMP "/args.prf " FIX("exit3.com") " -o", NULL);
    ck_assert_int_eq(r.status, 3);
    run_profil(&r, "run -o", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: run: option '-o' needs a value (see 'profil run --help')\n");
}
END_TEST

/* links.com (see its comment): every link out of the drive answers 03,
 * path not found, whether its target (a folder, SUB in it, a file) exists
 * or not; before, an outside folder answered 05 and a missing one 03, and
 * OUTDIR\SUB\X.TXT (05) against OUTDIR\NOSUB\X.TXT (03) mapped the host's
 * tree.  Nothing is created outside. */
START_TEST(links_out_of_the_drive_are_missing_paths)
{
    struct run_result r;
    ck_assert_int_eq(system("cd " TMP " && rm -rf lk && mkdir -p lk/drive lk/outside/SUB && "
                            "touch lk/outside/HERE.TXT lk/outside/file && cd lk/drive && "
                            "ln -s ../outside OUTDIR && ln -s ../none NODIR && ln -s ../outside/file OUTFILE && "
                            "ln -s ../outside/missing NOFILE && ln -s ../outside/new OUTNEW"), 0);
    run_profil(&r, "run -q -o " TMP "/lk/l.prf --drive C=" TMP "/lk/drive " FIX("links.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "0003 0003 0003 0003 0003 0003 0003 0003 0003 0003 ");
    ck_assert_int_eq(file_exists(TMP "/lk/outside/new"), 0);
}
END_TEST

/* The dialogue at the end of its input says why it stops. */
START_TEST(dialogue_at_end_of_input_says_so)
{
    char cwd[2048], cmd[4200], err[1024];
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    ck_assert_int_eq(system("mkdir -p " TMP " && cp " FIX("exit3.com") " " TMP "/EXIT3.COM"), 0);
    snprintf(cmd, sizeof cmd, "cd " TMP " && %s/" PROFIL_BIN " EXIT3.COM < /dev/null > out 2> err", cwd);
    ck_assert_int_eq(system(cmd), 125 << 8);
    slurp(TMP "/err", err, sizeof err);
    ck_assert_str_eq(err, "profil: EXIT3.COM: standard input ended before the bucket size and sample time "
                          "were answered; nothing was run\n");
}
END_TEST

/* Reports whose stdout cannot be written fail with one line. */
START_TEST(reports_fail_when_stdout_fails)
{
    static const char *const cmds[] = { "show tests/golden/TIGHTLP.PRF", "hist tests/golden/TIGHTLP.PRF",
                                        "diff tests/golden/TIGHTLP.PRF tests/golden/TIGHTLP.PRF", "--help",
                                        "cover " TMP "/rf.prx" };
    char cmd[1024], err[1024];
    struct run_result r;
    run_profil(&r, "run -q --trace --prx " TMP "/rf.prx -o " TMP "/rf.prf " FIX("exit3.com"), NULL);
    ck_assert_int_eq(r.status, 3);
    for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
        snprintf(cmd, sizeof cmd, PROFIL_BIN " %s > /dev/full 2> " TMP "/full.err", cmds[i]);
        int st = system(cmd);
        ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 125, "%s: status %x", cmds[i], st);
        slurp(TMP "/full.err", err, sizeof err);
        /* the last line (show and hist may first note that the .PRF has no .prc) */
        size_t len = strlen(err);
        ck_assert_msg(len >= 49 && strcmp(err + len - 49, "profil: standard output: No space left on device\n") == 0,
                      "%s", err);
    }
}
END_TEST

/* profil run PROG >&-: a file the guest opens would get host descriptor 1
 * and receive the program's console output (diskfull.com's FCB.TMP, made
 * after SEEK.TMP is closed, began "4000 0000 0010 ..."); fds 0-2 are
 * opened on /dev/null first, so FCB.TMP holds the DTA's record: the
 * command tail at PSP:80h, a 0 length and a CR. */
START_TEST(closed_standard_streams_are_not_reused)
{
    ck_assert_int_eq(system("rm -rf " TMP "/disk && mkdir -p " TMP "/disk"), 0);
    int st = system(PROFIL_BIN " run -q -o " TMP "/d.prf --drive C=" TMP "/disk " FIX("diskfull.com")
                    " >&-");
    ck_assert(WIFEXITED(st));
    ck_assert_int_eq(WEXITSTATUS(st), 0);
    ck_assert_int_eq(file_size(TMP "/disk/SEEK.TMP"), 49169);
    char rec[130];
    FILE *f = fopen(TMP "/disk/FCB.TMP", "rb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fread(rec, 1, sizeof rec, f), 128);
    fclose(f);
    ck_assert_int_eq(memcmp(rec, "\0\r\0", 3), 0);
}
END_TEST


/* ---- temporary files (issue 34) ---------------------------------------------- */

static unsigned temps_in(const char *dir)
{
    char cmd[300], out[32];
    snprintf(cmd, sizeof cmd, "ls -A %s | grep -c 'profil-tmp-' > " TMP "/count; true", dir);
    if (system(cmd) != 0)
        ck_abort();
    slurp(TMP "/count", out, sizeof out);
    return (unsigned)atoi(out);
}

/* kill -9 while a run's files are staged (a child process stages two and
 * kills itself): their temporaries stay, K.PRF and K.prc are not made.  A
 * later run with the same output does not trip over them: it writes
 * K.PRF, names each in a warning, and neither uses nor removes them. */
START_TEST(a_killed_run_leaves_nothing_to_trip_over)
{
    ck_assert_int_eq(system("rm -rf " TMP "/k && mkdir -p " TMP "/k"), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        struct file_set set;
        char err[300];
        file_set_init(&set);
        if (write_file_into(&set, TMP "/k/K.PRF", "half", 4, err, sizeof err) != 0 ||
            write_file_into(&set, TMP "/k/K.prc", "half", 4, err, sizeof err) != 0)
            _exit(1);
        raise(SIGKILL);
        _exit(2);
    }
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL);
    ck_assert_uint_eq(temps_in(TMP "/k"), 2);
    ck_assert(!file_exists(TMP "/k/K.PRF") && !file_exists(TMP "/k/K.prc"));
    struct run_result r;
    run_profil(&r, "run -q -o " TMP "/k/K.PRF " FIX("hotloop.com"), NULL);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    struct prf p;
    read_prf(TMP "/k/K.PRF", &p);
    prf_free(&p);
    ck_assert(file_exists(TMP "/k/K.prc"));
    ck_assert_uint_eq(temps_in(TMP "/k"), 2);
    const char *w = r.err;
    for (int i = 0; i < 2; i++) {
        w = strstr(w, "profil: warning: " TMP "/k/K.");
        ck_assert_msg(w != NULL, "%s", r.err);
        ck_assert_ptr_nonnull(strstr(w, ".profil-tmp-"));
        ck_assert_ptr_nonnull(strstr(w, ": a temporary file of a profil run that was killed (or is running now); "
                                        "not used, remove it\n"));
        w++;
    }
}
END_TEST

static volatile sig_atomic_t heard;
static void hear(int sig) { heard = sig; }

/* A stop signal waits while a temporary file exists: raised with a set
 * staged, it is heard once the set is renamed, and no temporary is left
 * (a default SIGTERM there would have left one). */
START_TEST(a_stop_signal_waits_for_the_renames)
{
    struct sigaction sa = { 0 }, old;
    struct file_set set;
    char err[300];
    sa.sa_handler = hear;
    sigaction(SIGTERM, &sa, &old);
    ck_assert_int_eq(system("rm -rf " TMP "/k && mkdir -p " TMP "/k"), 0);
    heard = 0;
    file_set_init(&set);
    ck_assert_int_eq(write_file_into(&set, TMP "/k/A.PRF", "a", 1, err, sizeof err), 0);
    ck_assert_int_eq(write_file_into(&set, TMP "/k/A.prc", "b", 1, err, sizeof err), 0);
    raise(SIGTERM);
    ck_assert_int_eq(heard, 0);
    ck_assert(!file_exists(TMP "/k/A.PRF"));
    ck_assert_int_eq(file_set_commit(&set, err, sizeof err), 0);
    ck_assert_int_eq(heard, SIGTERM);
    ck_assert(file_exists(TMP "/k/A.PRF") && file_exists(TMP "/k/A.prc"));
    ck_assert_uint_eq(temps_in(TMP "/k"), 0);
    /* Freed without a commit: the temporaries go, nothing is renamed. */
    file_set_init(&set);
    ck_assert_int_eq(write_file_into(&set, TMP "/k/B.PRF", "a", 1, err, sizeof err), 0);
    ck_assert_uint_eq(temps_in(TMP "/k"), 1);
    file_set_free(&set);
    ck_assert_uint_eq(temps_in(TMP "/k"), 0);
    ck_assert(!file_exists(TMP "/k/B.PRF"));
    sigaction(SIGTERM, &old, NULL);
}
END_TEST

/* An output that is a symbolic link is replaced by the rename, never
 * written through: the file it points at keeps its bytes. */
START_TEST(an_output_link_is_not_followed)
{
    char text[64], err[300];
    ck_assert_int_eq(system("rm -rf " TMP "/k && mkdir -p " TMP "/k && echo keep > " TMP "/k/user.txt && ln -s "
                            "user.txt " TMP "/k/L.PRF"), 0);
    ck_assert_int_eq(write_file_atomic(TMP "/k/L.PRF", "new", 3, err, sizeof err), 0);
    slurp(TMP "/k/user.txt", text, sizeof text);
    ck_assert_str_eq(text, "keep\n");
    slurp(TMP "/k/L.PRF", text, sizeof text);
    ck_assert_str_eq(text, "new");
}
END_TEST

Suite *files_suite(void)
{
    Suite *s = suite_create("files");
    TCase *tc = tcase_create("files");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, outputs_never_overwrite_the_program_or_inputs);
    tcase_add_test(tc, a_profile_is_not_run);
    tcase_add_test(tc, no_output_replaces_another_kind_of_file);
    tcase_add_test(tc, text_is_not_run);
    tcase_add_test(tc, files_of_two_runs_are_not_mixed);
    tcase_add_test(tc, sigterm_and_sighup_leave_the_profile);
    tcase_add_test(tc, a_closed_stdout_leaves_the_profile);
    tcase_add_test(tc, summary_prints_the_exit_code);
    tcase_add_test(tc, prx_beside_a_device_and_prx_option);
    tcase_add_test(tc, guest_writes_stop_at_the_disk_budget);
    tcase_add_test(tc, bad_options_say_where_help_is);
    tcase_add_test(tc, links_out_of_the_drive_are_missing_paths);
    tcase_add_test(tc, dialogue_at_end_of_input_says_so);
    tcase_add_test(tc, reports_fail_when_stdout_fails);
    tcase_add_test(tc, closed_standard_streams_are_not_reused);
    tcase_add_test(tc, a_killed_run_leaves_nothing_to_trip_over);
    tcase_add_test(tc, a_stop_signal_waits_for_the_renames);
    tcase_add_test(tc, an_output_link_is_not_followed);
    suite_add_tcase(s, tc);
    return s;
}
