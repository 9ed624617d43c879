/*
 * tests/check_fuzz.c: what fuzzing found stays fixed.  Each fuzz target
 * (fuzz/NAME.c, built without libFuzzer as REPLAY_DIR/NAME) replays its
 * regression inputs (tests/fuzz-regressions/NAME/), its checked-in seeds
 * (fuzz/corpus/NAME/) and the files `make fuzz` seeds it with; a bug an
 * input still triggers aborts the replay (under `make asan`, or is
 * reported by the sanitizers).
 */
#include <sys/stat.h>

#include "testutil.h"

#ifndef REPLAY_DIR
#define REPLAY_DIR "build/replay/"
#endif

static const struct {
    const char *target, *seeds;
} replays[] = {
    { "loader", FIXTURE_DIR }, { "prf", "tests/golden" }, { "prc", NULL }, { "map_mslink", "tests/fixtures" },
    { "map_wlink", "tests/fixtures" }, { "map_nasm", FIXTURE_DIR }, { "map_ld86", "tests/fixtures" },
    { "nasmlst", FIXTURE_DIR }, { "prx", NULL }, { "keys", NULL }, { "buckets", NULL }, { "prs", NULL },
    { "codeview", "tests/fixtures/codeview" }, { "tdinfo", FIXTURE_DIR }, { "watcom", FIXTURE_DIR }, { "recording", NULL },
    { "frames", NULL },
    { "batch", NULL },
};

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

START_TEST(replay_target)
{
    const char *t = replays[_i].target;
    static char out[1 << 18];  /* the replay's messages (the loader's hints run long), then its count */
    char cmd[1024], dir[256];
    snprintf(cmd, sizeof cmd, REPLAY_DIR "%s", t);
    for (int k = 0; k < 2; k++) {
        snprintf(dir, sizeof dir, k ? "tests/fuzz-regressions/%s" : "fuzz/corpus/%s", t);
        if (is_dir(dir))
            snprintf(cmd + strlen(cmd), sizeof cmd - strlen(cmd), " %s", dir);
    }
    if (replays[_i].seeds)
        snprintf(cmd + strlen(cmd), sizeof cmd - strlen(cmd), " %s", replays[_i].seeds);
    snprintf(cmd + strlen(cmd), sizeof cmd - strlen(cmd), " > " TMP "/replay-%s.out 2>&1", t);
    ck_assert(system("mkdir -p " TMP) == 0);
    int st = system(cmd);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s failed: see " TMP "/replay-%s.out", cmd, t);
    snprintf(dir, sizeof dir, TMP "/replay-%s.out", t);
    slurp(dir, out, sizeof out);
    const char *count = strstr(out, "replay: ");
    ck_assert_msg(count && atoi(count + 8) > 0, "%s replayed no input: see %s", t, dir);
}
END_TEST

/* tests/fixtures/guestfuzz.asm: 300 random INT 21h/10h/16h calls from a
 * seed, on an empty C:.  Every seed must end with the program's own exit
 * (code 42: not a crash, a limit or an early end; under `make asan` a
 * sanitizer report would end it otherwise) and a .PRF that reads back
 * with the program's layout.  Seeds 1-200 were run once by hand. */
#define GUEST_SEEDS 12

START_TEST(guest_fuzzer)
{
    struct run_result r;
    char args[512];
    int seed = _i + 1;
    ck_assert(system("rm -rf " TMP "/gfuzz && mkdir -p " TMP "/gfuzz") == 0);
    remove(TMP "/gfuzz.PRF");
    snprintf(args, sizeof args, "run -q --timeout 60 --drive C=" TMP "/gfuzz -o " TMP "/gfuzz.PRF "
             FIX("guestfuzz.com") " %d", seed);
    run_profil(&r, args, NULL);
    ck_assert_msg(r.status == 42, "seed %d: exit %d: %s", seed, r.status, r.err);
    struct prf p;
    read_prf(TMP "/gfuzz.PRF", &p);
    ck_assert_uint_eq(p.clock_grain, 100);
    ck_assert_uint_eq(p.bucket_size, 1);
    /* guestfuzz.com is 3840 bytes: 240 paragraphs, PROFIL's 240 + 1 buckets. */
    ck_assert_uint_eq(p.prog_high_pa - p.prog_low_pa, 240);
    ck_assert_uint_eq(p.bucket_num, 241);
    uint32_t hits = p.hit_io + p.hit_dos + p.hit_high;
    for (unsigned i = 0; i < p.bucket_num; i++)
        hits += p.bucket[i];
    ck_assert_uint_gt(hits, 0);
    prf_free(&p);
}
END_TEST

/* Found by the loader target (valgrind on its corpus): a long run of
 * F0h/F2h/F3h prefixes overran libx86emu's disassembly buffer into the
 * host heap.  prefixes.com puts 16 REPs before a NOP (runs: "b"), then 17
 * (stops, as a crash, at the 17's first byte: 6 + 16 + 1 + 4 bytes after
 * 100h = 011Bh, in the program's segment). */
START_TEST(long_prefix_run)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("prefixes.com"), TMP "/prefixes.PRF");
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 126);
    ck_assert_str_eq(r.out, "ab");
    unsigned cs;
    char rest[128];
    const char *msg = strstr(r.err, "prefixes.com: more than 16 LOCK/REP prefixes in a row at ");
    ck_assert_msg(msg && sscanf(strstr(msg, " at ") + 4, "%4X:011B: %127[^\n]", &cs, rest) == 2, "%s", r.err);
    ck_assert_str_eq(rest, "the CPU core (libx86emu) cannot decode them safely");
    ck_assert(file_exists(TMP "/prefixes.PRF"));
}
END_TEST

Suite *fuzz_suite(void)
{
    Suite *s = suite_create("fuzz");
    TCase *tc = tcase_create("replay");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, replay_target, 0, (int)(sizeof replays / sizeof replays[0]));
    suite_add_tcase(s, tc);
    tc = tcase_create("found");
    tcase_add_test(tc, long_prefix_run);
    suite_add_tcase(s, tc);
    tc = tcase_create("guest");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, guest_fuzzer, 0, GUEST_SEEDS);
    suite_add_tcase(s, tc);
    return s;
}
