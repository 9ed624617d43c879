/*
 * tests/check_api.c: the library's public API (lib/profil.h, docs/api.md):
 * `make install`/`uninstall` into a temporary DESTDIR, the example of
 * docs/api.md compiled against the installed header and library with
 * pkg-config and run, and the API's errors and results in-process.
 */
#include "testutil.h"

#include "../lib/profil.h"

#ifndef EMBED_CC
#define EMBED_CC "cc"
#endif
#ifndef EMBED_FLAGS
#define EMBED_FLAGS ""
#endif

#define MAKE "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s --no-print-directory B=" BUILD_DIR " PROFIL=" PROFIL_BIN
#define DEST TMP "/destdir"
#define INSTALLED(path) DEST "/opt/profil" path

static void install(void)
{
    ck_assert_int_eq(system("rm -rf " DEST), 0);
    ck_assert_int_eq(system(MAKE " install DESTDIR=$PWD/" DEST " PREFIX=/opt/profil > " TMP "/install.out 2>&1"), 0);
}

/* The tree: the command, the header, the library, the .pc; the header
 * includes nothing of the emulator's; uninstall removes all four. */
START_TEST(install_tree)
{
    char pc[2048];
    install();
    ck_assert(access(INSTALLED("/bin/profil"), X_OK) == 0);
    ck_assert(file_exists(INSTALLED("/include/profil.h")));
    ck_assert(file_exists(INSTALLED("/lib/libprofil.a")));
    ck_assert_int_eq(system("grep '#include' " INSTALLED("/include/profil.h") " | grep -qv '<'"), 256);
    slurp(INSTALLED("/lib/pkgconfig/profil.pc"), pc, sizeof pc);
    ck_assert_ptr_nonnull(strstr(pc, "prefix=/opt/profil\n"));
    ck_assert_ptr_nonnull(strstr(pc, "Libs: -L${libdir} -lprofil\n"));
    ck_assert_ptr_nonnull(strstr(pc, "Requires.private: jansson zlib\n"));
    ck_assert_ptr_nonnull(strstr(pc, "Libs.private: -lx86emu -lcapstone -lm\n"));
    ck_assert_int_eq(system(MAKE " uninstall DESTDIR=$PWD/" DEST " PREFIX=/opt/profil"), 0);
    ck_assert_int_eq(system("test -z \"$(find " DEST " -type f)\""), 0);
}
END_TEST

/* docs/api.md's C block, as a file. */
static void extract_example(const char *to)
{
    char docs[32768];
    slurp("docs/api.md", docs, sizeof docs);
    char *from = strstr(docs, "```c\n"), *end;
    ck_assert_ptr_nonnull(from);
    from += 5;
    end = strstr(from, "```");
    ck_assert_ptr_nonnull(end);
    FILE *f = fopen(to, "w");
    ck_assert_ptr_nonnull(f);
    fwrite(from, 1, (size_t)(end - from), f);
    fclose(f);
}

/* The example prints the class counts the command writes into the .PRF
 * for the same run (hotloop.com, the defaults: 15361 samples, io 172,
 * dos 22, high 0, the rest in the program's buckets). */
START_TEST(example_compiles_and_runs)
{
    struct run_result r;
    struct prf p;
    char want[512], got[512];
    install();
    extract_example(TMP "/embed.c");
    ck_assert_int_eq(system("PKG_CONFIG_SYSROOT_DIR=$PWD/" DEST " PKG_CONFIG_PATH=$PWD/" INSTALLED("/lib/pkgconfig")
                            " sh -c '" EMBED_CC " " EMBED_FLAGS " -o " TMP "/embed " TMP "/embed.c"
                            " $(pkg-config --static --cflags --libs profil)' 2> " TMP "/embed.err"), 0);
    ck_assert_int_eq(system("cd " TMP " && ./embed $OLDPWD/" FIX("hotloop.com") " > embed.out 2> embed.log"), 0);
    slurp(TMP "/embed.out", got, sizeof got);
    run_profil(&r, "run -q -o " TMP "/api.prf " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    read_prf(TMP "/api.prf", &p);
    unsigned long total = (unsigned long)p.hit_io + p.hit_dos + p.hit_high, program = 0;
    for (unsigned i = 0; i < p.bucket_num; i++)
        program += p.bucket[i];
    total += program;
    ck_assert_uint_eq(total, 15361);
    snprintf(want, sizeof want, ": exit: program %lu dos %u io %u high %u of %lu\n", program, p.hit_dos, p.hit_io,
             p.hit_high, total);
    prf_free(&p);
    ck_assert_ptr_nonnull(strstr(got, ": exit:"));
    ck_assert_str_eq(strstr(got, ": exit:"), want);
    ck_assert_str_eq(got + strlen(got) - strlen("program 15167 dos 22 io 172 high 0 of 15361\n"),
                     "program 15167 dos 22 io 172 high 0 of 15361\n");
}
END_TEST

static struct profil_session *session(struct profil_options *o, enum profil_error want)
{
    struct profil_session *s;
    ck_assert_int_eq(profil_session_new(o, &s), want);
    ck_assert_ptr_nonnull(s);
    return s;
}

/* Errors come back as a code and one line, and nothing is written. */
START_TEST(errors_are_codes_and_lines)
{
    struct profil_options o;
    profil_options_init(&o);
    o.program = TMP "/no-such.com";
    struct profil_session *s = session(&o, PROFIL_ERR_INPUT);
    ck_assert_str_eq(profil_session_message(s), TMP "/no-such.com: File not found");
    profil_session_free(s);
    o.program = "tests/golden/TIGHTLP.PRF";
    s = session(&o, PROFIL_ERR_INPUT);
    ck_assert_str_eq(profil_session_message(s), "tests/golden/TIGHTLP.PRF: a .PRF profile, not a program "
                                                "(read it with 'profil show' or 'profil hist')");
    profil_session_free(s);
    o.program = FIX("hotloop.com");
    o.output = FIX("hotloop.com");
    s = session(&o, PROFIL_ERR_OUTPUT);
    ck_assert_str_eq(profil_session_message(s), FIX("hotloop.com") ": the .PRF would overwrite the program; "
                                                "nothing was run");
    ck_assert_int_eq(profil_session_write(s), PROFIL_ERR_STATE);
    profil_session_free(s);
    /* A session that failed after its PC was built does not run. */
    o.output = TMP "/api-e.prf";
    o.drives[3] = TMP "/no-such-folder";
    s = session(&o, PROFIL_ERR_INPUT);
    ck_assert_str_eq(profil_session_message(s), "--drive D=" TMP "/no-such-folder: not a folder");
    ck_assert_int_eq(profil_session_run(s), PROFIL_STOP_NONE);
    ck_assert_uint_eq(profil_session_instructions(s), 0);
    ck_assert_int_eq(profil_session_write(s), PROFIL_ERR_STATE);
    ck_assert(!file_exists(TMP "/api-e.prf"));
    profil_session_free(s);
    ck_assert_str_eq(profil_session_message(NULL), "out of memory");
}
END_TEST

/* Trace mode in-process: the class counts are instructions, and the
 * exact counts are read back by address.  tightlp.com (--timing table,
 * --max-instructions 1000) runs CLI, MOV DX, 12 NOPs (104h-10Fh) and MOV CX (15
 * instructions, interrupts off) before its LOOP at offset 113h, which
 * takes the other 985; a .COM's offset 100h is prog_low_pa's paragraph. */
START_TEST(trace_results_in_process)
{
    struct profil_options o;
    struct profil_counts c;
    struct profil_layout l;
    profil_options_init(&o);
    o.program = FIX("tightlp.com");
    o.trace = 1;
    o.max_insn = 1000;
    o.timing = PROFIL_TIMING_TABLE;
    o.output = TMP "/api-t.prf";
    struct profil_session *s = session(&o, PROFIL_OK);
    ck_assert_int_eq(profil_session_run(s), PROFIL_STOP_MAX_INSN);
    ck_assert_int_eq(profil_session_exit_status(s), PROFIL_EXIT_RUN_LIMIT);
    ck_assert_uint_eq(profil_session_instructions(s), 1000);
    profil_session_counts(s, &c);
    ck_assert_uint_eq(c.total, 1000);
    ck_assert_uint_eq(c.program, 1000);
    profil_session_layout(s, &l);
    uint64_t sum = 0, insns, cycles, at = 0;
    const uint64_t *b = profil_session_buckets(s);
    for (uint32_t i = 0; i < l.bucket_num; i++)
        sum += b[i];
    ck_assert_uint_eq(sum, 1000);
    for (uint32_t a = l.prog_low_pa * 16u; a < l.prog_high_pa * 16u; a++) {
        ck_assert_int_eq(profil_session_exact(s, a, &insns, &cycles), 0);
        at += insns;
    }
    ck_assert_uint_eq(at, 1000);
    ck_assert_int_eq(profil_session_exact(s, l.prog_low_pa * 16u + 0x13, &insns, &cycles), 0);
    ck_assert_uint_eq(insns, 985);
    ck_assert_int_eq(profil_session_write(s), PROFIL_OK);
    ck_assert_str_eq(profil_session_prx_path(s), TMP "/api-t.prx");
    ck_assert(file_exists(TMP "/api-t.prx"));
    profil_session_free(s);
}
END_TEST

Suite *api_suite(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("api");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, install_tree);
    tcase_add_test(tc, example_compiles_and_runs);
    tcase_add_test(tc, errors_are_codes_and_lines);
    tcase_add_test(tc, trace_results_in_process);
    suite_add_tcase(s, tc);
    return s;
}
