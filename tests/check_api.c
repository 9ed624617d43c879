/*
 * tests/check_api.c: the library's public API (lib/profil.h, docs/api.md):
 * `make install`/`uninstall` into a temporary DESTDIR, the example of
 * docs/api.md compiled against the installed header and library with
 * pkg-config and run, and the API's errors and results in-process.
 */
#include "testutil.h"

#include "../lib/profil.h"

#include <sys/stat.h>

#ifndef EMBED_CC
#define EMBED_CC "cc"
#endif
#ifndef EMBED_FLAGS
#define EMBED_FLAGS ""
#endif

/* The install's folders are this file's, not those of the make that runs
 * the suite (debian/rules passes PREFIX and LIBDIR, which make exports). */
#define MAKE "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u PREFIX -u LIBDIR -u MANDIR -u BASHCOMPDIR -u ZSHCOMPDIR -u GUESTDIR -u DESTDIR make -s --no-print-directory B=" BUILD_DIR " PROFIL=" PROFIL_BIN
#define DEST TMP "/destdir"
#define INSTALLED(path) DEST "/opt/profil" path

static void install(void)
{
    ck_assert_int_eq(system("rm -rf " DEST), 0);
    ck_assert_int_eq(system(MAKE " install DESTDIR=$PWD/" DEST " PREFIX=/opt/profil > " TMP "/install.out 2>&1"), 0);
}

/* The subcommands, as `profil --help`'s synopsis names them ("profil run
 * [options] ...", "profil hist ..."; not PROGRAM.EXT nor --help), each
 * once, into words (space-separated); their number. */
static int subcommands(char *words, size_t n)
{
    struct run_result r;
    int count = 0;
    run_profil(&r, "--help", NULL);
    ck_assert_int_eq(r.status, 0);
    words[0] = 0;
    for (char *line = r.out; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        char w[32], pad[16];
        if (sscanf(line, "usage: profil %31[a-z]", w) != 1 && !(sscanf(line, "%15[ ]profil %31[a-z]", pad, w) == 2))
            continue;
        char key[40];
        snprintf(key, sizeof key, " %s ", w);
        char have[512];
        snprintf(have, sizeof have, " %s", words);
        if (strstr(have, key))
            continue;
        ck_assert_uint_lt(strlen(words) + strlen(w) + 2, n);
        strcat(words, w);
        strcat(words, " ");
        count++;
    }
    return count;
}

/* The whole tree of `make install DESTDIR=... PREFIX=P [LIBDIR=L]`: the
 * command, the header, the library and its .pc (naming P, whatever PREFIX
 * an earlier install used), profil(1) and profil-CMD(1) for every
 * subcommand --help lists, the bash and zsh completions as built, and no other
 * file; then `make uninstall` with the same variables leaves no file. */
static void install_tree_at(const char *prefix, const char *libdir, const char *pc_libdir)
{
    char cmd[1024], path[512], pc[2048], words[256], want[128];
    const char *lib = libdir ? libdir : "/lib";
    char vars[256];
    snprintf(vars, sizeof vars, "DESTDIR=$PWD/" DEST " PREFIX=%s%s%s%s", prefix, libdir ? " LIBDIR=" : "",
             libdir ? prefix : "", libdir ? libdir : "");
    ck_assert_int_eq(system("rm -rf " DEST), 0);
    snprintf(cmd, sizeof cmd, MAKE " install %s > " TMP "/install.out 2>&1", vars);
    ck_assert_int_eq(system(cmd), 0);
#define AT(fmt, ...) (snprintf(path, sizeof path, DEST "%s" fmt, prefix, __VA_ARGS__), path)
    ck_assert(access(AT("/bin/profil%s", ""), X_OK) == 0);
    ck_assert(file_exists(AT("/include/profil.h%s", "")));
    ck_assert(file_exists(AT("%s/libprofil.a", lib)));
    ck_assert(file_exists(AT("%s/libprofil-window.a", lib)));
    snprintf(cmd, sizeof cmd, "grep '#include' %s | grep -qv '<'", AT("/include/profil.h%s", ""));
    ck_assert_int_eq(system(cmd), 256);     /* the header includes nothing of the emulator's */
    slurp(AT("%s/pkgconfig/profil.pc", lib), pc, sizeof pc);
    snprintf(want, sizeof want, "prefix=%s\n", prefix);
    ck_assert_msg(strstr(pc, want), "profil.pc:\n%s", pc);
    snprintf(want, sizeof want, "libdir=%s\n", pc_libdir);
    ck_assert_msg(strstr(pc, want), "profil.pc:\n%s", pc);
    ck_assert_ptr_nonnull(strstr(pc, "Libs: -L${libdir} -lprofil\n"));
    ck_assert_ptr_nonnull(strstr(pc, "Requires.private: jansson zlib\n"));     /* no SDL (docs/api.md) */
    ck_assert_ptr_nonnull(strstr(pc, "Libs.private: -lx86emu -lcapstone -lm\n"));
    slurp(AT("%s/pkgconfig/profil-window.pc", lib), pc, sizeof pc);
    ck_assert_msg(strstr(pc, want), "profil-window.pc:\n%s", pc);
    ck_assert_ptr_nonnull(strstr(pc, "Libs: -L${libdir} -lprofil-window\n"));
    ck_assert_ptr_nonnull(strstr(pc, "Requires.private: jansson zlib sdl2\n"));
    ck_assert_ptr_nonnull(strstr(pc, "Libs.private: -lx86emu -lcapstone -lm\n"));
    /* the man pages: profil(1) and one per subcommand */
    int ncmds = subcommands(words, sizeof words);
    ck_assert_msg(ncmds >= 5 && !strncmp(words, "run show ", 9), "--help's subcommands: %s", words);
    ck_assert(file_exists(AT("/share/man/man1/profil.1%s", "")));
    for (char *w = words, *sp; (sp = strchr(w, ' ')) != NULL; w = sp + 1) {
        *sp = 0;
        ck_assert_msg(file_exists(AT("/share/man/man1/profil-%s.1", w)), "no %s", path);
        snprintf(cmd, sizeof cmd, PROFIL_BIN " --man %s | cmp -s - %s", w, path);
        ck_assert_msg(system(cmd) == 0, "%s is not profil-%s(1)", path, w);
    }
    /* the bash and zsh completions, as built */
    snprintf(cmd, sizeof cmd, "cmp -s " BUILD_DIR "/completion/profil %s",
             AT("/share/bash-completion/completions/profil%s", ""));
    ck_assert_int_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "cmp -s " BUILD_DIR "/completion/_profil %s", AT("/share/zsh/site-functions/_profil%s", ""));
    ck_assert_int_eq(system(cmd), 0);
    /* the DOS programs' include files, as they are in include/ */
    static const char *const guest[] = { "profdos.h", "profdos.inc", "profdos.mac" };
    for (size_t i = 0; i < 3; i++) {
        snprintf(cmd, sizeof cmd, "cmp -s include/%s %s", guest[i], AT("/share/profil/dos/%s", guest[i]));
        ck_assert_msg(system(cmd) == 0, "%s is not include/%s", path, guest[i]);
    }
    /* nothing else: the 6 files of the command and libraries, the pages,
     * the completions, the guest's 3 */
    snprintf(cmd, sizeof cmd, "test $(find " DEST " -type f | wc -l) -eq %d", 6 + 1 + ncmds + 2 + 3);
    ck_assert_msg(system(cmd) == 0, "the tree under " DEST " is not %d files", 6 + 1 + ncmds + 2 + 3);
#undef AT
    snprintf(cmd, sizeof cmd, MAKE " uninstall %s > " TMP "/install.out 2>&1", vars);
    ck_assert_int_eq(system(cmd), 0);
    ck_assert_int_eq(system("test -d " DEST " && test -z \"$(find " DEST " -type f)\""), 0);
}

/* Into /opt/profil; then /usr with the library in lib/<multiarch>, as the
 * Debian package installs it (debian/rules), after the first install wrote
 * a profil.pc naming /opt/profil. */
START_TEST(install_tree)
{
    install_tree_at("/opt/profil", NULL, "${prefix}/lib");
    install_tree_at("/usr", "/lib/x86_64-linux-gnu", "${prefix}/lib/x86_64-linux-gnu");
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
 * for the same run (hotloop.com, the defaults: 15362 samples, io 171,
 * dos 21, high 0, the rest in the program's buckets). */
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
    ck_assert_uint_eq(total, 15362);
    snprintf(want, sizeof want, ": exit: program %lu dos %u io %u high %u of %lu\n", program, p.hit_dos, p.hit_io,
             p.hit_high, total);
    prf_free(&p);
    ck_assert_ptr_nonnull(strstr(got, ": exit:"));
    ck_assert_str_eq(strstr(got, ": exit:"), want);
    ck_assert_str_eq(got + strlen(got) - strlen("program 15170 dos 21 io 171 high 0 of 15362\n"),
                     "program 15170 dos 21 io 171 high 0 of 15362\n");
}
END_TEST

/* The installed library exports the functions lib/profil.h declares and
 * no other name (the modules' own are local to it: Makefile), so a
 * program with its own read_file(), mem_rb() and machine_new() links with
 * it and keeps them. */
START_TEST(library_exports_only_the_api)
{
    char exports[8192], declared[8192];
    install();
    ck_assert_int_eq(system("nm -g --defined-only " INSTALLED("/lib/libprofil.a") " | awk 'NF == 3 { print $3 }'"
                            " | sort > " TMP "/exports"), 0);
    ck_assert_int_eq(system("nm -g --defined-only " INSTALLED("/lib/libprofil-window.a") " | awk 'NF == 3 { print $3 }'"
                            " | sort | cmp -s - " TMP "/exports"), 0);
    ck_assert_int_eq(system("grep -o '\\bprofil_[a-z_0-9]*(' lib/profil.h | tr -d '(' | sort -u > " TMP "/declared"),
                     0);
    slurp(TMP "/exports", exports, sizeof exports);
    slurp(TMP "/declared", declared, sizeof declared);
    ck_assert_msg(strstr(declared, "profil_session_new\n") && strstr(declared, "profil_options_init\n"),
                  "declared:\n%s", declared);
    ck_assert_str_eq(exports, declared);
    FILE *f = fopen(TMP "/clash.c", "w");
    ck_assert_ptr_nonnull(f);
    fputs("#include <profil.h>\n#include <stdio.h>\n"
          "int read_file(void) { return 1; }\nint mem_rb(void) { return 2; }\nint machine_new(void) { return 3; }\n"
          "int main(void)\n{\n    struct profil_options o;\n    profil_options_init(&o);\n"
          "    printf(\"%d %s\\n\", read_file() + mem_rb() + machine_new(), profil_cpu_name(PROFIL_CPU_8088));\n"
          "    return 0;\n}\n", f);
    fclose(f);
    ck_assert_int_eq(system("PKG_CONFIG_SYSROOT_DIR=$PWD/" DEST " PKG_CONFIG_PATH=$PWD/" INSTALLED("/lib/pkgconfig")
                            " sh -c '" EMBED_CC " " EMBED_FLAGS " -o " TMP "/clash " TMP "/clash.c"
                            " $(pkg-config --static --cflags --libs profil)' 2> " TMP "/clash.err"
                            " && " TMP "/clash > " TMP "/clash.out"), 0);
    slurp(TMP "/clash.out", exports, sizeof exports);
    ck_assert_str_eq(exports, "6 8088\n");
}
END_TEST

/* An embedder that shows no window links libprofil.a and no SDL: nm finds
 * no SDL name in docs/api.md's example linked with `pkg-config profil`, and
 * finds them with `pkg-config profil-window`; a session that asks
 * libprofil.a for a window fails before it runs, naming the library that
 * has one. */
START_TEST(library_without_the_window_links_no_sdl)
{
    char got[512], want[512];
    install();
    extract_example(TMP "/embed.c");
#define EMBED_WITH(pc, src, exe)                                                                                  \
    "PKG_CONFIG_SYSROOT_DIR=$PWD/" DEST " PKG_CONFIG_PATH=$PWD/" INSTALLED("/lib/pkgconfig") " sh -c '" EMBED_CC \
    " " EMBED_FLAGS " -o " TMP "/" exe " " TMP "/" src " $(pkg-config --static --cflags --libs " pc ")' 2> " TMP  \
    "/" exe ".err"
    ck_assert_int_eq(system(EMBED_WITH("profil", "embed.c", "embed-core")), 0);
    ck_assert_int_eq(system("nm " TMP "/embed-core | grep -c SDL_ > " TMP "/sdl-names"), 256);  /* none */
    ck_assert_int_eq(system(EMBED_WITH("profil-window", "embed.c", "embed-window")), 0);
    ck_assert_int_eq(system("nm " TMP "/embed-window | grep -q ' U SDL_CreateWindow'"), 0);
    FILE *f = fopen(TMP "/windowed.c", "w");
    ck_assert_ptr_nonnull(f);
    fputs("#include <profil.h>\n#include <stdio.h>\n"
          "int main(int argc, char **argv)\n{\n    struct profil_options o;\n    struct profil_session *s;\n"
          "    (void)argc;\n    profil_options_init(&o);\n    o.program = argv[1];\n    o.window = 1;\n"
          "    int e = profil_session_new(&o, &s);\n    printf(\"%d %s\\n\", e, profil_session_message(s));\n"
          "    profil_session_free(s);\n    return 0;\n}\n", f);
    fclose(f);
    ck_assert_int_eq(system(EMBED_WITH("profil", "windowed.c", "windowed")), 0);
    ck_assert_int_eq(system("cd " TMP " && ./windowed $OLDPWD/" FIX("hotloop.com") " > windowed.out"), 0);
    slurp(TMP "/windowed.out", got, sizeof got);
    snprintf(want, sizeof want, "%d --window: this library has no window (link libprofil-window: "
             "pkg-config profil-window)\n", PROFIL_ERR_SETUP);
    ck_assert_str_eq(got, want);
#undef EMBED_WITH
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

/* The summary of trace_results_in_process's run: its counts are the 1000
 * instructions, all the program's; --timing table's cycles: CLI 2, MOV DX
 * 4, 12 NOPs 36 before the first symbol, `outer` (110h, MOV CX: 4, 0.0%,
 * left out), `inner` (113h, the LOOP: 985 x 17), 16791 in all; so two
 * rows, exact shares of all the cycles: inner's, then "(no symbol)"'s 42;
 * besides the .PRF (its size on disk), the trace's .prx with the cycles. */
static void summary_of_tightlp(struct profil_session *s)
{
    const struct profil_summary *sum = profil_session_summary(s);
    ck_assert_ptr_nonnull(sum);
    ck_assert_ptr_eq(profil_session_summary(s), sum);   /* gathered once */
    ck_assert_uint_eq(sum->counts.total, 1000);
    ck_assert_uint_eq(sum->counts.program, 1000);
    ck_assert_int_eq(sum->traced, 1);
    ck_assert_str_eq(sum->cpu, "8088");
    ck_assert_str_eq(sum->timing, "table");
    ck_assert_int_eq(sum->own_clocks, 1);
    ck_assert_uint_eq(sum->nnotes, 0);
    ck_assert_ptr_null(sum->notes);
    ck_assert_str_eq(sum->hint, "");
    ck_assert_uint_eq(sum->nprograms, 1);
    const struct profil_summary_program *p = &sum->program[0];
    ck_assert_str_eq(p->name, "TIGHTLP.COM");
    ck_assert_int_eq(p->unit, PROFIL_SUMMARY_TRACED);
    ck_assert_uint_eq(p->nbuckets, 0);
    ck_assert_int_eq(p->has_symbols, 1);
    ck_assert_uint_eq(profil_session_cycles(s), 42 + 4 + 985 * 17);
    ck_assert_uint_eq(p->nsymbols, 2);
    ck_assert_str_eq(p->symbol[0].name, "inner");
    ck_assert_double_eq_tol(p->symbol[0].percent, 100.0 * 985 * 17 / 16791, 1e-9);
    ck_assert_str_eq(p->symbol[1].name, "(no symbol)");
    ck_assert_double_eq_tol(p->symbol[1].percent, 100.0 * 42 / 16791, 1e-9);
    ck_assert_int_eq(p->estimate, 0);
    ck_assert_str_eq(p->basis, "exact: % of all cycles, traced");
    ck_assert_ptr_nonnull(strstr(p->sources, "tightlp.map"));
    ck_assert_uint_eq(sum->nzones, 0);
    ck_assert_uint_eq(sum->nframes, 0);
    ck_assert_int_eq(sum->appended, 0);
    struct stat st;
    ck_assert_int_eq(stat(TMP "/api-t.prf", &st), 0);
    ck_assert_uint_eq(sum->prf_bytes, (uint64_t)st.st_size);
    ck_assert_uint_eq(sum->nwritten, 1);
    ck_assert_int_eq(sum->written[0].kind, PROFIL_SUMMARY_PRX_TRACE);
    ck_assert_str_eq(sum->written[0].path, TMP "/api-t.prx");
    ck_assert_uint_eq(sum->written[0].figure, 16791);
}

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
    ck_assert_ptr_null(profil_session_summary(s));     /* not written yet */
    ck_assert_int_eq(profil_session_write(s), PROFIL_OK);
    ck_assert_str_eq(profil_session_prx_path(s), TMP "/api-t.prx");
    ck_assert(file_exists(TMP "/api-t.prx"));
    summary_of_tightlp(s);
    profil_session_free(s);
}
END_TEST

/* A map that does not parse: the summary's one note is the line the
 * command prints after "profil: ", without its newline; the summary then
 * shows buckets (no symbols). */
START_TEST(summary_notes_are_lines)
{
    struct profil_options o;
    profil_options_init(&o);
    o.program = FIX("tightlp.com");
    o.map = "tests/fixtures/hotloop.asm";
    o.max_insn = 1000;
    o.output = TMP "/api-n.prf";
    struct profil_session *s = session(&o, PROFIL_OK);
    ck_assert_int_eq(profil_session_run(s), PROFIL_STOP_MAX_INSN);
    ck_assert_int_eq(profil_session_write(s), PROFIL_OK);
    const struct profil_summary *sum = profil_session_summary(s);
    ck_assert_ptr_nonnull(sum);
    ck_assert_uint_eq(sum->nnotes, 1);
    ck_assert_str_eq(sum->notes[0], "warning: tests/fixtures/hotloop.asm: not a linker map this version reads "
                                    "(Microsoft LINK, TLINK, Turbo Pascal, WLINK, NASM [map all], ld86 -M, a NASM "
                                    "listing) (the summary shows buckets)");
    ck_assert_int_eq(sum->program[0].has_symbols, 0);
    ck_assert_uint_eq(sum->program[0].nnotes, 0);
    profil_session_free(s);
}
END_TEST

/* The cards' names come from the emulator's one table (emu/video/cards.c),
 * whose rows are enum profil_video's values: each name parses to its value
 * and back; past the table there is no name, and an unknown name is -1. */
START_TEST(video_names_follow_the_enum)
{
    static const struct { enum profil_video v; const char *name; } cards[] = {
        { PROFIL_VIDEO_CGA, "cga" }, { PROFIL_VIDEO_MDA, "mda" }, { PROFIL_VIDEO_HERCULES, "hercules" },
        { PROFIL_VIDEO_EGA, "ega" }, { PROFIL_VIDEO_VGA, "vga" },
    };
    for (unsigned i = 0; i < sizeof cards / sizeof cards[0]; i++) {
        enum profil_video v = PROFIL_VIDEO_CGA;
        ck_assert_str_eq(profil_video_name(cards[i].v), cards[i].name);
        ck_assert_int_eq(profil_video_parse(cards[i].name, &v), 0);
        ck_assert_int_eq(v, cards[i].v);
    }
    ck_assert_ptr_null(profil_video_name((enum profil_video)(PROFIL_VIDEO_VGA + 1)));
    enum profil_video v = PROFIL_VIDEO_EGA;
    ck_assert_int_eq(profil_video_parse("pcjr", &v), -1);
    ck_assert_int_eq(v, PROFIL_VIDEO_EGA);
}
END_TEST

Suite *api_suite(void)
{
    Suite *s = suite_create("api");
    TCase *tc = tcase_create("api");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, install_tree);
    tcase_add_test(tc, example_compiles_and_runs);
    tcase_add_test(tc, library_exports_only_the_api);
    tcase_add_test(tc, library_without_the_window_links_no_sdl);
    tcase_add_test(tc, errors_are_codes_and_lines);
    tcase_add_test(tc, trace_results_in_process);
    tcase_add_test(tc, summary_notes_are_lines);
    tcase_add_test(tc, video_names_follow_the_enum);
    suite_add_tcase(s, tc);
    return s;
}
