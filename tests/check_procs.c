/*
 * tests/check_procs.c: per-program profiles (sampler/procs.h).  family.com
 * runs kid.com through EXEC, both with the timer masked and interrupts
 * off (tests/fixtures/family.asm, kid.asm); --timing table, 100 us: a
 * tick every 476 cycles (tests/check_sampling.c).  A tick goes to the
 * CS:IP of the instruction after the one it falls in.
 *
 * kid.com's bucket 1 (offsets 10h-1Fh of its load module) receives
 *   JMP work 15 (its next is work) + MOV DX 4
 *   + 10 x (MOV CX 4 + 65535 x LOOP 17 + LOOP 5 + DEC DX 2)
 *   + 9 x JNZ taken 16 + 1 x 4 + MOV AX 4 (the INT 21h is in bucket 1 too)
 *   = 11141231 cycles -> 23405.1 ticks: 23405 or 23406.
 * Its other samples: the stub's IRET 44 and its CLI 2 (bucket 0), its
 * exit, INT 21h 71 + COST_DOS_CALL 350 (DOS): windows under 476 cycles,
 * a tick at most in each.
 *
 * family.com's bucket 1 receives CALL work 23 + MOV DX 4
 *   + 5 x 1114106 + 4 x 16 + 4 (its RET's next is back in bucket 3)
 *   = 5570625 cycles -> 11703.0 ticks: 11703 or 11704.
 * Its DOS time: 4Ah 71 + 350 + 600, EXEC 71 + 350 + 2400, 4Dh and 4Ch
 * 71 + 350 each = 4684 cycles -> 9.8 ticks: 9 or 10.  The EXEC's read of
 * the 32-byte KID.COM is the fixed disk's time, in the I/O system
 * (docs/costs.md): KID.COM is the disk's first file, so the open reads
 * directory sector 34 (slot 0), the read FAT sector 18 (slot 6) and the
 * file's sector 66 (slot 5), all on cylinder 0, each its command C 2386,
 * the wait for its slot, the sector S 4679 and the turnaround T 4 S: the
 * first read ends at 5 S past slot 0, the second waits 2293 (to 6 S)
 * and ends at 11 S, the third waits 49083 (to 5 S on): 3 x (C + S + T) +
 * 2293 + 49083 = 128719 cycles, and the first one's wait, 0 to 79542:
 * 270.4 to 437.5 ticks of hit_io, all the parent's.
 *
 * PROFIL's view of the run (FAMILY.PRF) is unchanged: kid's samples in
 * its memory are the parent's "high", exactly.
 */
#include "testutil.h"

#include "../formats/prc.h"
#include "../formats/prx.h"
#include "../sampler/procs.h"

#include <signal.h>
#include <sys/stat.h>

#define PERIOD 476u

static void family(struct run_result *r, const char *opts, const char *out)
{
    char args[700];
    snprintf(args, sizeof args, "run --timing table --drive C=" FIXTURE_DIR " %s -o %s " FIX("family.com"), opts,
             out);
    run_profil(r, args, NULL);
    ck_assert_msg(r->status == 7, "exit %d: %s", r->status, r->err);    /* the child's code, passed on */
}

START_TEST(each_program_has_its_own_profile)
{
    struct run_result r;
    struct prf parent, kid;
    if (system("rm -rf " TMP "/fam && mkdir -p " TMP "/fam") != 0)
        ck_abort();
    family(&r, "", TMP "/fam/FAMILY.PRF");
    read_prf(TMP "/fam/FAMILY.PRF", &parent);
    read_prf(TMP "/fam/KID.PRF", &kid);
    uint64_t kid_loop = 15 + 4 + 10 * (4 + 65535ull * 17 + 5 + 2) + 9 * 16 + 4 + 4;
    uint64_t fam_loop = 23 + 4 + 5 * (4 + 65535ull * 17 + 5 + 2) + 4 * 16 + 4;
    ck_assert_uint_eq(kid_loop, 11141231);
    ck_assert_uint_eq(fam_loop, 5570625);
    /* The child's own layout: its 32 bytes, 2 paragraphs + 1 bucket, at its load segment. */
    ck_assert_uint_eq(kid.bucket_num, 3);
    ck_assert_uint_eq(kid.prog_high_pa - kid.prog_low_pa, 2);
    ck_assert_uint_gt(kid.prog_low_pa, parent.prog_high_pa);
    ck_assert_uint_eq(kid.dos_pa, parent.dos_pa);
    ck_assert_uint_eq(kid.clock_grain, 100);
    ck_assert_msg(kid.bucket[1] >= kid_loop / PERIOD && kid.bucket[1] <= kid_loop / PERIOD + 1, "kid %u",
                  kid.bucket[1]);
    ck_assert_uint_le(kid.bucket[0] + kid.hit_dos + kid.hit_io + kid.hit_high, 2);
    ck_assert_uint_eq(kid.bucket[2], 0);
    /* The parent's .PRF: its loop in bucket 1, the child's samples in its memory all "high". */
    ck_assert_msg(parent.bucket[1] >= fam_loop / PERIOD && parent.bucket[1] <= fam_loop / PERIOD + 1, "family %u",
                  parent.bucket[1]);
    ck_assert_uint_eq(parent.hit_high, kid.bucket[0] + kid.bucket[1] + kid.bucket[2] + kid.hit_high);
    ck_assert_uint_ge(parent.hit_io, 270);
    ck_assert_uint_le(parent.hit_io, 438 + kid.hit_io);
    ck_assert_uint_ge(parent.hit_dos, 9 + kid.hit_dos);
    ck_assert_uint_le(parent.hit_dos, 10 + kid.hit_dos);
    /* The summary: the programs first, inclusive and self. */
    uint64_t total = prf_hits(&parent, 0);
    for (uint32_t i = 1; i < parent.bucket_num; i++)
        total += prf_hits(&parent, i);
    total += parent.hit_io + parent.hit_dos + parent.hit_high;
    uint64_t kid_all = kid.bucket[0] + kid.bucket[1] + kid.hit_io + kid.hit_dos + kid.hit_high;
    char line[200];
    snprintf(line, sizeof line, "profil:     KID.COM      %5.1f%%  self %5.1f%%", 100.0 * (double)kid_all / (double)total,
             100.0 * (double)kid_all / (double)total);
    ck_assert_msg(strstr(r.err, line) != NULL, "%s\nnot in\n%s", line, r.err);
    snprintf(line, sizeof line, "profil:   FAMILY.COM     100.0%%  self %5.1f%%",
             100.0 * (double)(total - kid_all) / (double)total);
    ck_assert_msg(strstr(r.err, line) != NULL, "%s\nnot in\n%s", line, r.err);
    ck_assert(strstr(r.err, "exit 7\n") != NULL);
    ck_assert(strstr(r.err, "profil: wrote " TMP "/fam/KID.PRF (KID.COM)\n") != NULL);
    /* The programs come before each one's busiest rows (symbols: kid.map is beside kid.com). */
    ck_assert_ptr_nonnull(strstr(r.err, "profil: KID.COM (" TMP "/fam/KID.PRF): "));
    ck_assert(strstr(r.err, "KID.COM       ") < strstr(r.err, "profil: FAMILY.COM ("));
    prf_free(&parent);
    prf_free(&kid);
}
END_TEST

/* The parent's .PRF is PROFIL's: the same bytes as the run's, whatever
 * the children; and a child's name never takes a file the run reads or
 * writes, nor a file that is not a profile. */
START_TEST(child_profiles_never_take_a_file)
{
    struct run_result r;
    if (system("rm -rf " TMP "/fam && mkdir -p " TMP "/fam && echo keep > " TMP "/fam/KID.PRF") != 0)
        ck_abort();
    family(&r, "", TMP "/fam/FAMILY.PRF");
    char text[64];
    slurp(TMP "/fam/KID.PRF", text, sizeof text);
    ck_assert_str_eq(text, "keep\n");
    ck_assert(strstr(r.err, "profil: wrote " TMP "/fam/KID-2.PRF (KID.COM)\n") != NULL);
    struct prf p;
    read_prf(TMP "/fam/KID-2.PRF", &p);
    ck_assert_uint_eq(p.bucket_num, 3);
    prf_free(&p);
    /* The parent's output is KID.PRF itself: the child's goes to KID-2.PRF. */
    if (system("rm -f " TMP "/fam/KID*.PRF") != 0)
        ck_abort();
    family(&r, "-q", TMP "/fam/KID.PRF");
    read_prf(TMP "/fam/KID.PRF", &p);
    ck_assert_uint_eq(p.bucket_num, 8);          /* family.com's */
    prf_free(&p);
    read_prf(TMP "/fam/KID-2.PRF", &p);
    ck_assert_uint_eq(p.bucket_num, 3);
    prf_free(&p);
    /* Beside a device, none. */
    family(&r, "", "/dev/null");
    ck_assert(strstr(r.err, "KID.COM)") == NULL);
}
END_TEST

/* manykids.com EXECs tiny.com (5 bytes: MOV AX,4C00h / INT 21h) N times.
 * Each child's .PRF name is found in a set of the names taken (was: every
 * candidate stat()ed against every earlier child's, cubic: 600 children
 * took 75-83 s of CPU); 600 children, each a .PRF and a .prc, under 5 s
 * of CPU (measured: 0.3 s). */
static void many_kids(struct run_result *r, const char *opts, unsigned n)
{
    char args[700];
    snprintf(args, sizeof args, "run --drive C=" FIXTURE_DIR " %s -o " TMP "/kids/MANY.PRF " FIX("manykids.com") " %u",
             opts, n);
    if (system("rm -rf " TMP "/kids && mkdir -p " TMP "/kids") != 0)
        ck_abort();
    run_profil(r, args, NULL);
}

static unsigned count_files(const char *pattern)
{
    char cmd[300], out[32];
    snprintf(cmd, sizeof cmd, "ls " TMP "/kids/%s 2>/dev/null | wc -l > " TMP "/count", pattern);
    if (system(cmd) != 0)
        ck_abort();
    slurp(TMP "/count", out, sizeof out);
    return (unsigned)atoi(out);
}

START_TEST(six_hundred_children_cost_little)
{
    struct run_result r;
    double before = children_cpu_seconds();
    many_kids(&r, "-q", 600);
    double cpu = children_cpu_seconds() - before;
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    ck_assert_msg(cpu < cpu_budget(5.0), "600 children took %.2f s of CPU", cpu);
    ck_assert_uint_eq(count_files("TINY*.PRF"), 600);
    ck_assert_uint_eq(count_files("TINY*.prc"), 600);
    ck_assert(file_exists(TMP "/kids/TINY.PRF") && file_exists(TMP "/kids/TINY-600.PRF"));
    ck_assert(!file_exists(TMP "/kids/TINY-601.PRF"));
}
END_TEST

/* Past PROCS_MAX programs (the first counts), a child is not recorded:
 * 1100 children give 999 profiles, and the summary says where the other
 * 101's samples went. */
START_TEST(children_past_the_cap_go_to_their_parent)
{
    struct run_result r;
    ck_assert_uint_eq(PROCS_MAX, 1000);
    many_kids(&r, "", 1100);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    ck_assert_uint_eq(count_files("TINY*.PRF"), 999);
    ck_assert_int_eq(system("grep -qx \"profil:   (101 more program(s) past the first 1000 not profiled on their "
                            "own: their samples are their nearest recorded parent's)\" " TMP "/err"), 0);
}
END_TEST

/* The children's .PRF and .prc come off --disk-free's budget: each is 22
 * bytes (a 5-byte program: 1 bucket of 4 paragraphs; PROFIL's 20-byte
 * header + 2) and a 506-byte .prc (455 before the run id's line, 29
 * bytes, and the sample addresses' array, empty here, 22), 528 bytes; a
 * budget of 5280 bytes holds 10 children, the 11th's 22 bytes no longer
 * fit. */
START_TEST(children_count_in_the_disk_budget)
{
    struct run_result r;
    many_kids(&r, "", 30);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    struct stat st;
    ck_assert_int_eq(stat(TMP "/kids/TINY-2.PRF", &st), 0);
    ck_assert_int_eq(st.st_size, 22);
    ck_assert_int_eq(stat(TMP "/kids/TINY-2.prc", &st), 0);
    ck_assert_int_eq(st.st_size, 506);
    many_kids(&r, "--disk-free 5280", 30);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    ck_assert_uint_eq(count_files("TINY*.PRF"), 10);
    ck_assert_uint_eq(count_files("TINY*.prc"), 10);
    ck_assert_msg(strstr(r.err, "profil: 20 child program profile(s) not written: the disk budget (--disk-free) is "
                                "spent\n"), "%s", r.err);
}
END_TEST

/* deep.com runs itself 500 levels deep (each keeps 30h paragraphs; the
 * emulated 640 KiB hold 764 levels): 501 programs, a chain.  Each one's
 * samples with its descendants' are summed in one pass (was: each
 * program's descendants found by scanning all later programs, again for
 * each, cubic: 1,067 levels took about 550 s of CPU); 500 profiles, under
 * 5 s of CPU (measured: 0.7 s, most of it the 1000 files' writing). */
START_TEST(a_deep_chain_of_children_costs_little)
{
    struct run_result r;
    if (system("rm -rf " TMP "/kids && mkdir -p " TMP "/kids") != 0)
        ck_abort();
    double before = children_cpu_seconds();
    run_profil(&r, "run -q --drive C=" FIXTURE_DIR " -o " TMP "/kids/D.PRF " FIX("deep.com") " 500", NULL);
    double cpu = children_cpu_seconds() - before;
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    ck_assert_uint_eq(count_files("DEEP*.PRF"), 500);
    ck_assert(file_exists(TMP "/kids/DEEP-500.PRF"));
    ck_assert_msg(cpu < cpu_budget(5.0), "500 nested children took %.2f s of CPU", cpu);
}
END_TEST

/* A stop signal after the run (here raised between the run and the
 * writing) cuts the children's profiles; the .PRF and .prc are written,
 * and the exit status is the signal's. */
START_TEST(a_signal_after_the_run_stops_the_writing)
{
    struct profil_options o = fixture_options(FIX("manykids.com"), TMP "/kids/MANY.PRF");
    struct profil_session *s;
    FILE *err = tmpfile();
    char text[4096];
    struct sigaction before, after;
    sigaction(SIGTERM, NULL, &before);
    if (system("rm -rf " TMP "/kids && mkdir -p " TMP "/kids") != 0)
        ck_abort();
    o.tail = " 40";
    o.catch_signals = 1;
    o.drives[2] = FIXTURE_DIR;
    o.err = err;
    ck_assert_int_eq(profil_session_new(&o, &s), PROFIL_OK);
    ck_assert_int_eq(profil_session_run(s), PROFIL_STOP_EXIT);
    raise(SIGTERM);
    ck_assert_int_eq(profil_session_write(s), PROFIL_OK);
    ck_assert_int_eq(profil_session_exit_status(s), PROFIL_EXIT_SIGNAL_BASE + SIGTERM);
    profil_session_free(s);
    slurp_stream(err, text, sizeof text);
    ck_assert_msg(strstr(text, "profil: 40 child program profile(s) not written: stopped by a signal\n"), "%s", text);
    ck_assert_uint_eq(count_files("TINY*"), 0);
    ck_assert(file_exists(TMP "/kids/MANY.PRF") && file_exists(TMP "/kids/MANY.prc"));
    sigaction(SIGTERM, NULL, &after);
    ck_assert(after.sa_handler == before.sa_handler);   /* the session gave the handler back */
}
END_TEST

/* A child's NAME.prc never replaces a file that is not a .prc (issue 34:
 * a user's KID.prc became profil's JSON): KID.PRF is taken then, and
 * KID-2.PRF with KID-2.prc is the child's.  A .prc of an earlier run is
 * profil's own, replaced as its .PRF is. */
START_TEST(a_childs_prc_never_takes_a_file)
{
    struct run_result r;
    if (system("rm -rf " TMP "/fam && mkdir -p " TMP "/fam && echo keep > " TMP "/fam/KID.prc") != 0)
        ck_abort();
    family(&r, "", TMP "/fam/FAMILY.PRF");
    char text[64];
    slurp(TMP "/fam/KID.prc", text, sizeof text);
    ck_assert_str_eq(text, "keep\n");
    ck_assert(!file_exists(TMP "/fam/KID.PRF"));
    ck_assert_msg(strstr(r.err, "profil: wrote " TMP "/fam/KID-2.PRF (KID.COM)\n"), "%s", r.err);
    ck_assert(file_exists(TMP "/fam/KID-2.prc"));
    if (system("rm -f " TMP "/fam/KID.prc && cp " TMP "/fam/KID-2.prc " TMP "/fam/KID.prc") != 0)
        ck_abort();
    family(&r, "", TMP "/fam/FAMILY.PRF");
    ck_assert_msg(strstr(r.err, "profil: wrote " TMP "/fam/KID.PRF (KID.COM)\n"), "%s", r.err);
}
END_TEST

/* One program run twice: two processes, two profiles, KID.PRF and
 * KID-2.PRF, the same counts of the same loop (within a tick each). */
START_TEST(a_program_run_twice_has_two_profiles)
{
    struct run_result r;
    struct prf a, b;
    struct prx x;
    char err[300];
    if (system("rm -rf " TMP "/fam && mkdir -p " TMP "/fam") != 0)
        ck_abort();
    run_profil(&r, "run --stacks --timing table --drive C=" FIXTURE_DIR " -o " TMP "/fam/TWINS.PRF " FIX("twins.com"),
               NULL);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    ck_assert(strstr(r.err, "profil: wrote " TMP "/fam/KID.PRF (KID.COM)\nprofil: wrote " TMP
                            "/fam/KID-2.PRF (KID.COM)\n") != NULL);
    read_prf(TMP "/fam/KID.PRF", &a);
    read_prf(TMP "/fam/KID-2.PRF", &b);
    ck_assert_uint_eq(a.prog_low_pa, b.prog_low_pa);     /* the same block, freed and taken again */
    ck_assert_uint_ge(a.bucket[1], 23405);
    ck_assert_uint_le(a.bucket[1], 23406);
    ck_assert_uint_ge(b.bucket[1], 23405);
    ck_assert_uint_le(b.bucket[1], 23406);
    ck_assert_msg(prx_read_file(TMP "/fam/TWINS.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(x.nprocs, 3);
    ck_assert_int_eq(prx_find_process(&x, "kid"), 1);
    ck_assert_int_eq(prx_find_process(&x, "kid:2"), 2);
    ck_assert_int_eq(x.procs[2].parent, 0);
    ck_assert_uint_gt(x.procs[2].start, x.procs[1].end);
    prx_free(&x);
    prf_free(&a);
    prf_free(&b);
}
END_TEST

/* The .prx holds every program, and hist --process shows one as its .PRF. */
START_TEST(prx_lists_the_programs)
{
    struct run_result r, from_prf;
    struct prx x;
    char err[300];
    if (system("rm -rf " TMP "/fam && mkdir -p " TMP "/fam") != 0)
        ck_abort();
    family(&r, "-q --stacks", TMP "/fam/FAMILY.PRF");
    ck_assert_msg(prx_read_file(TMP "/fam/FAMILY.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(x.nprocs, 2);
    ck_assert_str_eq(x.procs[0].name, "FAMILY.COM");
    ck_assert_int_eq(x.procs[0].parent, -1);
    ck_assert_str_eq(x.procs[1].name, "KID.COM");
    ck_assert_int_eq(x.procs[1].parent, 0);
    ck_assert_uint_eq(x.procs[1].ended, 1);
    ck_assert_uint_eq(x.procs[1].exit_code, 7);
    ck_assert_uint_eq(x.procs[1].load_seg, x.procs[1].psp + 0x10);
    ck_assert_uint_eq(x.procs[0].inclusive, x.procs[0].samples + x.procs[1].samples);
    ck_assert_uint_eq(x.procs[0].inclusive, x.service_samples);
    /* The child's time from EXEC to its end: its loop and a little more. */
    ck_assert_uint_gt(x.procs[1].end - x.procs[1].start, 11141231);
    ck_assert_uint_lt(x.procs[1].end - x.procs[1].start, 11141231 + 2000);
    struct prc c;               /* KID.prc: its exact counts and its time */
    ck_assert_msg(prc_read_file(TMP "/fam/KID.prc", &c, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(c.cycles, x.procs[1].end - x.procs[1].start);
    ck_assert_uint_eq(c.samples, x.procs[1].samples);
    ck_assert_uint_eq(c.high, x.procs[1].high);
    ck_assert_uint_eq(c.instructions, 0);
    prc_free(&c);
    ck_assert_int_eq(prx_find_process(&x, "kid"), 1);
    ck_assert_int_eq(prx_find_process(&x, "KID.COM:1"), 1);
    ck_assert_int_eq(prx_find_process(&x, "KID.COM:2"), -1);
    ck_assert_int_eq(prx_find_process(&x, "0"), 0);
    prx_free(&x);
    run_profil(&r, "hist --process KID " TMP "/fam/FAMILY.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&from_prf, "hist " TMP "/fam/KID.PRF", NULL);
    ck_assert_str_eq(r.out, from_prf.out);
    run_profil(&r, "hist --process NOPE " TMP "/fam/FAMILY.prx", NULL);
    ck_assert_int_ne(r.status, 0);
    ck_assert_str_eq(r.err, "profil: --process NOPE: " TMP "/fam/FAMILY.prx has only 0 FAMILY.COM, 1 KID.COM\n");
}
END_TEST

/* Microsoft C 5.1 (not in the repository: the MS-DOS repository's
 * v4.0/src/TOOLS holds it): with PROFIL_CL51 naming a folder that has
 * CL.EXE, C1.EXE, C1L.EXE, C2.EXE, C3.EXE, LINK.EXE, the .ERR files and
 * BLD's INC and LIB folders (copied: the drive's sandbox follows no link
 * out of its folder), CL compiles and links a small C file, and
 * each of its children has its own profile.  Skipped, saying so, without
 * it.  What holds exactly: CL's .PRF (PROFIL's) counts as "high" the
 * children's samples in their own memory and CL's own high (EXEPACK's
 * unpacker, at the top of CL's block), and as DOS and I/O system time
 * every program's. */
START_TEST(cl51_runs_its_passes_as_children)
{
    const char *dir = getenv("PROFIL_CL51");
    if (!dir || !*dir) {
        fprintf(stderr, "check_procs: PROFIL_CL51 not set: the Microsoft C 5.1 run is skipped\n");
        return;
    }
    char cmd[1400];
    snprintf(cmd, sizeof cmd, "rm -rf " TMP "/cl && mkdir -p " TMP "/cl && cd " TMP "/cl && "
             "for f in CL.EXE C1.EXE C1L.EXE C2.EXE C3.EXE LINK.EXE CL.ERR C1.ERR C23.ERR INC LIB; do "
             "cp -r \"%s/$f\" $f || exit 1; done && "
             "printf 'int square(int x) { return x * x; }\\nint main(void)\\n{\\n    int i, s = 0;\\n"
             "    for (i = 0; i < 100; i++)\\n        s += square(i);\\n    return s & 127;\\n}\\n' > HELLO.C",
             dir);
    ck_assert_int_eq(system(cmd), 0);
    struct run_result r;
    run_profil(&r, "run --stacks --timeout 60 --drive C=" TMP "/cl --env INCLUDE=C:\\\\INC --env LIB=C:\\\\LIB -o " TMP
               "/cl/CL.PRF " TMP "/cl/CL.EXE HELLO.C", NULL);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    ck_assert(file_exists(TMP "/cl/HELLO.EXE"));
    run_profil(&r, "run -q --drive C=" TMP "/cl " TMP "/cl/HELLO.EXE", NULL);
    ck_assert_int_eq(r.status, 328350 & 127);  /* the sum of i*i below 100, as the compiled code says */
    struct prx x;
    struct prf cl;
    char err[300];
    ck_assert_msg(prx_read_file(TMP "/cl/CL.prx", &x, err, sizeof err) == 0, "%s", err);
    read_prf(TMP "/cl/CL.PRF", &cl);
    ck_assert_uint_eq(x.nprocs, 5);
    const char *names[5] = { "CL.EXE", "C1.EXE", "C2.EXE", "C3.EXE", "LINK.EXE" };
    uint64_t high = x.procs[0].high, dosio = 0, all = 0;
    for (size_t i = 0; i < 5; i++) {
        ck_assert_str_eq(x.procs[i].name, names[i]);
        ck_assert_int_eq(x.procs[i].parent, i ? 0 : -1);
        ck_assert_uint_eq(x.procs[i].ended, 1);
        ck_assert_uint_eq(x.procs[i].exit_code, 0);
        if (i)
            high += x.procs[i].samples - x.procs[i].io - x.procs[i].dos;
        dosio += x.procs[i].io + x.procs[i].dos;
        all += x.procs[i].samples;
    }
    ck_assert_uint_eq(x.procs[0].inclusive, all);
    ck_assert_uint_eq(all, x.service_samples);
    char prc[200];
    prc_attach_beside(TMP "/cl/CL.PRF", &cl, NULL, prc, sizeof prc);   /* its exact counts */
    ck_assert_uint_eq(prf_high(&cl), high);
    ck_assert_uint_eq(prf_io(&cl) + prf_dos(&cl), dosio);
    ck_assert(file_exists(TMP "/cl/C1.PRF") && file_exists(TMP "/cl/C2.PRF") && file_exists(TMP "/cl/C3.PRF") &&
              file_exists(TMP "/cl/LINK.PRF"));
    prf_free(&cl);
    prx_free(&x);
    /* The call tree names each pass's code under its name (LINK.EXE
     * 0C4C:C2BC, which issue 30 saw as "high 0C4C:C2BC"), each pass a
     * frame under CL's EXEC; nothing is "high". */
    run_profil(&r, "hist --format folded " TMP "/cl/CL.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_int_ne(system("grep -q high " TMP "/out"), 0);
    for (size_t i = 1; i < 5; i++) {
        snprintf(cmd, sizeof cmd, "grep -q ';INT_21h/4Bh/00h_exec;%s;' " TMP "/out", names[i]);
        ck_assert_msg(system(cmd) == 0, "no frames under %s", names[i]);
    }
}
END_TEST

/* nest.com runs nestkid.com, which calls spin twice (tests/fixtures/
 * nestkid.asm derives the counts).  In the call tree the child is a frame
 * of its own, named as the program, and its code is named under it with
 * its own map's symbols (nestkid.map beside the program), never "high":
 * in the folded stacks, the function table, and the run's summary. */
START_TEST(a_childs_code_is_named_under_its_name)
{
    struct run_result r;
    if (system("rm -rf " TMP "/nest && mkdir -p " TMP "/nest") != 0)
        ck_abort();
    run_profil(&r, "run --trace --timing table --drive C=" FIXTURE_DIR " -o " TMP "/nest/N.PRF " FIX("nest.com"), NULL);
    ck_assert_msg(r.status == 5, "exit %d: %s", r.status, r.err);
    run_profil(&r, "hist --format folded " TMP "/nest/N.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, ";INT_21h/4Bh/00h_exec;NESTKID.COM;NESTKID.COM!spin 34024\n"), "%s", r.out);
    ck_assert_msg(strstr(r.out, ";INT_21h/4Bh/00h_exec;NESTKID.COM;INT_21h/4Ch_exit 350\n"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "high") == NULL, "%s", r.out);
    ck_assert_msg(strstr(r.err, "profil: symbols of NESTKID.COM: "), "%s", r.err);
    run_profil(&r, "hist --format folded --metric instructions " TMP "/nest/N.prx", NULL);
    /* its top level: EXEC's IRET, CLI, CALL, CMP, JE, CALL, MOV AX, INT 21h */
    ck_assert_msg(strstr(r.out, ";INT_21h/4Bh/00h_exec;NESTKID.COM 8\n"), "%s", r.out);
    ck_assert_msg(strstr(r.out, ";INT_21h/4Bh/00h_exec;NESTKID.COM;NESTKID.COM!spin 2004\n"), "%s", r.out);
    run_profil(&r, "hist --by function " TMP "/nest/N.prx", NULL);
    ck_assert_msg(strstr(r.out, "  NESTKID.COM!spin\n") && strstr(r.out, "  NESTKID.COM\n"), "%s", r.out);
    /* The run's summary names it so too (--stacks: the functions by their samples). */
    run_profil(&r, "run --stacks --timing table --drive C=" FIXTURE_DIR " -o " TMP "/nest/N.PRF " FIX("nest.com"), NULL);
    ck_assert_msg(strstr(r.err, "\nprofil:   NESTKID.COM!spin      "), "%s", r.err);
    /* A sampling run with --stacks: the child's samples under its name in the summary. */
    /* (23407 of 35544 samples: EXEC's load of KID.COM through the disk
     * model, 128,719 cycles plus 0-79,542 for the platter, is FAMILY's.) */
    family(&r, "--stacks", TMP "/nest/FAMILY.PRF");
    ck_assert_msg(strstr(r.err, "profil:   KID.COM               65.9%\n"), "%s", r.err);
    ck_assert_msg(strstr(r.err, "exec  66.") == NULL, "%s", r.err);
}
END_TEST

/* Under --trace each child has exact counts: its instructions from its
 * EXEC to its end, in its own layout (family.com's kid.com: the loop
 * derived at the top of this file, counted by instructions: MOV DX 1 +
 * 10 x (MOV CX 1 + 65536 LOOP + DEC 1 + JNZ 1) + MOV AX 1 + INT 21h 1 =
 * 655393 in bucket 1; CLI and JMP in bucket 0; EXEC's IRET in DOS).  Its
 * .PRF's bucket 1 wraps, as PROFIL's would: 655393 mod 65536 = 33. */
START_TEST(trace_counts_each_child_exactly)
{
    struct run_result r;
    struct prc c;
    struct prf kid;
    char err[300];
    if (system("rm -rf " TMP "/fam && mkdir -p " TMP "/fam") != 0)
        ck_abort();
    family(&r, "--trace", TMP "/fam/FAMILY.PRF");
    ck_assert_msg(prc_read_file(TMP "/fam/KID.prc", &c, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(c.mode, "trace");
    ck_assert_str_eq(c.unit, "instructions");
    ck_assert_uint_eq(c.bucket[0], 2);
    ck_assert_uint_eq(c.bucket[1], 1 + 10 * (1 + 65536 + 1 + 1) + 1 + 1);
    ck_assert_uint_eq(c.bucket[1], 655393);
    ck_assert_uint_eq(c.bucket[2], 0);
    ck_assert_uint_eq(c.dos, 1);
    ck_assert_uint_eq(c.io + c.high, 0);
    ck_assert_uint_eq(c.instructions, 655396);
    ck_assert_uint_eq(c.samples, 0);
    uint64_t c_cycles = c.cycles;
    prc_free(&c);
    read_prf(TMP "/fam/KID.PRF", &kid);
    uint16_t kid_low = kid.prog_low_pa;
    ck_assert_uint_eq(kid.bucket[1], 655393 & 0xFFFF);
    ck_assert_uint_eq(kid.bucket[1], 33);
    prf_free(&kid);
    ck_assert_msg(strstr(r.err, "profil: KID.COM (" TMP "/fam/KID.PRF): 655396 instructions from its EXEC to its end"),
                  "%s", r.err);
    /* The first program's line gives what its .PRF holds, the whole run's
     * instructions (was: "12826 samples", with the sampled classes). */
    ck_assert_msg(prc_read_file(TMP "/fam/FAMILY.prc", &c, err, sizeof err) == 0, "%s", err);
    char line[200];
    snprintf(line, sizeof line, "profil: FAMILY.COM (" TMP "/fam/FAMILY.PRF): %llu instructions traced: program ",
             (unsigned long long)c.instructions);
    prc_free(&c);
    ck_assert_msg(strstr(r.err, line), "%s\nnot in:\n%s", line, r.err);
    /* Its own .prx: every address from its EXEC to its end.  Cycles: bucket
     * 1 11141287 (the loop's 11141231 above less the JMP's 15, with its
     * INT 21h's 71), bucket 0 17 (CLI 2, JMP 15), DOS 394 (the EXEC stub's
     * IRET 44, the exit's COST_DOS_CALL 350): 11141698, its .prc's time. */
    struct prx x, run;
    ck_assert_msg(prx_read_file(TMP "/fam/KID.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(prx_read_file(TMP "/fam/FAMILY.prx", &run, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(x.mode, "trace");
    ck_assert_str_eq(x.program, "KID.COM");
    ck_assert_str_eq(x.run, run.run);
    ck_assert_uint_eq(x.total_insns, 655396);
    ck_assert_uint_eq(x.total_cycles, 11141287 + 17 + 394);
    ck_assert_uint_eq(x.total_cycles, c_cycles);
    ck_assert_uint_eq(x.prog_low_pa, kid_low);
    prx_free(&x);
    prx_free(&run);
    ck_assert_msg(strstr(r.err, "profil: wrote " TMP "/fam/KID.prx (KID.COM: its 11141698 cycles exactly)\n"), "%s",
                  r.err);
    /* The first program's rows name the child's code as the child: its
     * loop's 11141231 cycles and a few more of the run's 16919157, 65.9%
     * (16717535 before EXEC's load went through the disk model: 128,719
     * cycles plus 201,622 - 128,719 = 72,903 of the 0-79,542 platter wait). */
    ck_assert_msg(strstr(r.err, "\nprofil:   KID.COM               65.9%\n"), "%s", r.err);
    /* annotate reads it with the child's map: 10 x 65536 LOOPs, 10 x (65535 x 17 + 5) cycles. */
    run_profil(&r, "annotate --map " FIX("kid.map") " " TMP "/fam/KID.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_msg(strstr(r.out, "655360     11141000  100.0%  loop 0x116 <inner>"), "%s", r.out);
    /* nestkid.com: its spin in bucket 2, its top level in buckets 0 and 1 (nestkid.asm). */
    run_profil(&r, "run -q --trace --timing table --drive C=" FIXTURE_DIR " -o " TMP "/fam/N.PRF " FIX("nest.com"), NULL);
    ck_assert_msg(prc_read_file(TMP "/fam/NESTKID.prc", &c, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(c.bucket[0], 4);
    ck_assert_uint_eq(c.bucket[1], 3);
    ck_assert_uint_eq(c.bucket[2], 2004);
    ck_assert_uint_eq(c.dos, 1);
    ck_assert_uint_eq(c.io + c.high, 0);
    ck_assert_uint_eq(c.instructions, 2012);
    prc_free(&c);
    /* The program's CLEAR while the child runs: its window restarts with
     * the counts (was: the counts at its EXEC taken from the zeroed ones). */
    run_profil(&r, "run -q --trace --timing table --drive C=" FIXTURE_DIR " -o " TMP "/fam/N.PRF " FIX("nest.com")
               " clear", NULL);
    ck_assert_msg(r.status == 5, "exit %d: %s", r.status, r.err);
    ck_assert_msg(prc_read_file(TMP "/fam/NESTKID.prc", &c, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(c.bucket[0], 2);
    ck_assert_uint_eq(c.bucket[1], 3);
    ck_assert_uint_eq(c.bucket[2], 1002);
    ck_assert_uint_eq(c.io + c.dos + c.high, 0);
    ck_assert_uint_eq(c.instructions, 1007);
    prc_free(&c);
    /* Sampling, the same CLEAR: the child's samples start again there too
     * (was: its .PRF kept both calls').  One call of spin is 17012 cycles
     * (nestkid.asm) and a 100 us tick 477.27 (4.7727 MHz), so 35.6 ticks
     * fall in it: 35 or 36 samples in bucket 2, against 71-72 for both. */
    run_profil(&r, "run -q --timing table --drive C=" FIXTURE_DIR " -o " TMP "/fam/N.PRF " FIX("nest.com") " clear",
               NULL);
    ck_assert_msg(r.status == 5, "exit %d: %s", r.status, r.err);
    read_prf(TMP "/fam/NESTKID.PRF", &kid);
    ck_assert_uint_ge(kid.bucket[2], 35);
    ck_assert_uint_le(kid.bucket[2], 36);
    ck_assert_uint_le(prf_total(&kid), 36 + 2);     /* the CLEAR's bucket 0 and its exit in DOS at most */
    prf_free(&kid);
    /* Sampling, as before: samples, no instructions. */
    family(&r, "-q", TMP "/fam/FAMILY.PRF");
    ck_assert_msg(prc_read_file(TMP "/fam/KID.prc", &c, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(c.mode, "sampling");
    ck_assert_uint_eq(c.instructions, 0);
    prc_free(&c);
}
END_TEST

/* Each child's own .prx under --trace: twins.com runs KID.COM twice at one
 * address; each .prx counts its own run alone (655396 instructions each,
 * not the second with the first's).  Past PROCS_PRX_MAX children (70 of
 * manykids.com's tiny.com) the rest have none, and the run says so. */
START_TEST(each_traced_child_has_its_own_prx)
{
    struct run_result r;
    struct prx a, b;
    char err[300];
    if (system("rm -rf " TMP "/fam && mkdir -p " TMP "/fam") != 0)
        ck_abort();
    run_profil(&r, "run -q --trace --timing table --drive C=" FIXTURE_DIR " -o " TMP "/fam/TWINS.PRF "
               FIX("twins.com"), NULL);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    ck_assert_msg(prx_read_file(TMP "/fam/KID.prx", &a, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(prx_read_file(TMP "/fam/KID-2.prx", &b, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(a.total_insns, 655396);
    ck_assert_uint_eq(b.total_insns, 655396);
    ck_assert_uint_eq(a.prog_low_pa, b.prog_low_pa);
    prx_free(&a);
    prx_free(&b);
    ck_assert_uint_eq(PROCS_PRX_MAX, 64);
    many_kids(&r, "--trace", 70);
    ck_assert_msg(r.status == 0, "exit %d: %s", r.status, r.err);
    ck_assert_uint_eq(count_files("TINY*.prx"), 64);
    ck_assert_uint_eq(count_files("TINY*.PRF"), 70);
    ck_assert_msg(strstr(r.err, "profil: 6 child program(s) under --trace without a .prx of their own: past 64 in a "
                                "run or 4 running at once"), "%s", r.err);
}
END_TEST

Suite *procs_suite(void)
{
    Suite *s = suite_create("procs");
    TCase *tc = tcase_create("procs");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, each_program_has_its_own_profile);
    tcase_add_test(tc, child_profiles_never_take_a_file);
    tcase_add_test(tc, prx_lists_the_programs);
    tcase_add_test(tc, a_program_run_twice_has_two_profiles);
    tcase_add_test(tc, cl51_runs_its_passes_as_children);
    tcase_add_test(tc, six_hundred_children_cost_little);
    tcase_add_test(tc, children_past_the_cap_go_to_their_parent);
    tcase_add_test(tc, a_deep_chain_of_children_costs_little);
    tcase_add_test(tc, children_count_in_the_disk_budget);
    tcase_add_test(tc, a_signal_after_the_run_stops_the_writing);
    tcase_add_test(tc, a_childs_prc_never_takes_a_file);
    tcase_add_test(tc, a_childs_code_is_named_under_its_name);
    tcase_add_test(tc, trace_counts_each_child_exactly);
    tcase_add_test(tc, each_traced_child_has_its_own_prx);
    suite_add_tcase(s, tc);
    return s;
}
