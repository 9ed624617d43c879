/*
 * cmd/annotate.c: `profil annotate FILE.prx|FILE.PRF [--map M] [--symbol
 * NAME] [--source]`: each hot symbol's code disassembled with every
 * instruction's exact count, cycles and share of the time, from a trace's
 * .prx; a .PRF at bucket resolution.  The work is report/annotate.c's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "../report/annotate.h"
#include "../formats/symtab.h"
#include "../formats/prc.h"
#include "../formats/symtab.h"
#include "commands.h"
#include "manpage.h"
#include "options.h"
#include "session.h"

/* What annotate's options fill. */
struct annotate_args {
    const char *map, *symbol;
    int source;
};

#define A struct annotate_args
static const struct opt annotate_table[] = {
    { "map", 0, OPT_STRING, OPT_AT(A, map), .arg = "FILE.MAP",
      .help = "name symbols and jump targets: any map hist --map reads, or a\n"
              "NASM listing (nasm -l FILE.lst: its labels and source lines)" },
    { "symbol", 0, OPT_STRING, OPT_AT(A, symbol), .arg = "NAME",
      .help = "only this symbol (default: every symbol that ran, busiest first)" },
    { "source", 0, OPT_FLAG, OPT_AT(A, source),
      .help = "interleave the source lines: a NASM listing's text, or a map's\n"
              "line-number table (LINK /LINENUMBERS)" },
};
#undef A

const struct command_options annotate_options = {
    "annotate", "profil annotate FILE.prx|FILE.PRF [--map M] [--symbol NAME] [--source]  code with its counts",
    "annotate options:", 0, annotate_table, sizeof annotate_table / sizeof annotate_table[0],
};

/* For man profil-annotate and the completion (cmd/manpage.h), from README.md. */
const struct command_doc annotate_doc = {
    &annotate_options,
    "profil annotate reads the .prx of profil run --trace and prints each symbol's code that ran,\n"
    "busiest first, disassembled from the bytes as they ran (8086 forms; 186/286 forms when the run\n"
    "had --cpu 186 or 286), every instruction with its exact count, cycles, bus stalls (bus model)\n"
    "and share of the run's time; jump and call targets named by the map's symbols; the hottest\n"
    "lines in colour on a terminal. Instructions whose bytes changed after they first ran\n"
    "(self-modifying code) are marked. On a .PRF it lists each symbol's buckets and their samples:\n"
    "bucket resolution, as its header says; given a sampling run's .prx, it takes the .PRF beside it.\n",
    "PRX PRF",
};

/* The .PRF a sampling run wrote beside its .prx (NAME.prx: NAME.PRF,
 * NAME.prf or NAME), into out; 0 when there is none. */
static int prf_beside(const char *prx_path, char *out, size_t n)
{
    size_t len = strlen(prx_path);
    if (len > 4 && strcasecmp(prx_path + len - 4, ".prx") == 0)
        len -= 4;
    for (int k = 0; k < 3; k++) {
        snprintf(out, n, "%.*s%s", (int)len, prx_path, k == 0 ? ".PRF" : k == 1 ? ".prf" : "");
        if (access(out, R_OK) == 0 && !prx_file_looks_like(out))
            return 1;
    }
    return 0;
}

/* Whether the .PRF beside a sampling .prx is another run's: its NAME.prc
 * names another run id (formats/prc.h); said on stderr, and neither is used. */
static int other_run(const char *prx_path, const struct prx *x, const char *prf_path)
{
    char prc[4200], err[700], why[9000];
    struct prc c;
    prc_path(prf_path, prc, sizeof prc);
    if (access(prc, F_OK) != 0 || prc_read_file(prc, &c, err, sizeof err) != 0)
        return 0;
    prc_prx_same_run(&c, prc, x, prx_path, why, sizeof why);
    prc_free(&c);
    if (why[0])
        fprintf(stderr, "profil: %s: the .PRF beside it is another run's: %s; annotating neither (run the program "
                "again to have both of one run)\n", prx_path, why);
    return why[0] != 0;
}

/* The symbols by the one rule (cmd/session.h) when the program the
 * profile names is found with debug information (session_program):
 * --map's merged with it, or it alone.  1 read into *t, 0 no such program
 * (--map's table, if any, stands), -1 said why. */
static int program_symbols(const char *profile, const struct profile_program *pp, const char *map, struct symtab *t,
                           char *program, size_t n)
{
    if (!session_program(profile, pp, program, n))
        return 0;
    int rc = session_symbols(map, program, t);
    return rc < 0 ? -1 : rc == 0;
}

static int annotate_file(const char *path, const struct annotate_args *a, const struct symtab *t,
                         const struct nasm_listing *lst)
{
    char err[800], prf_path[4200], program[4200];
    struct annotate_request q = { path, t, a->symbol, a->source, lst, isatty(STDOUT_FILENO) };
    struct symtab merged;
    int rc, have_merged = 0;
    if (access(path, R_OK) == 0 && prx_file_looks_like(path)) {
        struct prx x;
        if (prx_read_file(path, &x, err, sizeof err) != 0) {
            fprintf(stderr, "profil: %s\n", err);
            return EXIT_BAD_INPUT;
        }
        int sampled = strcmp(x.mode, "trace") != 0;
        if (!(sampled && prf_beside(path, prf_path, sizeof prf_path)) &&
            (have_merged = program_symbols(path, &(struct profile_program){ x.program, x.program_path, x.program_sha256 }, a->map,
                                           &merged, program, sizeof program)) < 0) {
            prx_free(&x);
            return EXIT_BAD_INPUT;
        }
        if (have_merged)
            q.map = &merged;
        if (a->source && !sampled && (!q.map || q.map->nline == 0)) {
            fprintf(stderr, "profil: --source needs --map: a NASM listing (nasm -l) or a map with line numbers (or "
                    "the program, with line numbers in its debug information, beside %s)\n", path);
            if (have_merged)
                symtab_free(&merged);
            prx_free(&x);
            return EXIT_BAD_INPUT;
        }
        rc = sampled && prf_beside(path, prf_path, sizeof prf_path) ? 1 : annotate_prx(stdout, &x, &q, err, sizeof err);
        if (have_merged)
            symtab_free(&merged);
        if (rc == 1 && other_run(path, &x, prf_path)) {
            prx_free(&x);
            return EXIT_BAD_INPUT;
        }
        prx_free(&x);
        if (rc == 1) {              /* a sampling run: its .PRF, per bucket */
            fprintf(stderr, "profil: %s: a sampling run's .prx has no per-instruction counts: annotating %s, "
                    "its .PRF\n", path, prf_path);
            return annotate_file(prf_path, a, t, lst);
        }
    } else {
        struct prf p;
        struct prc c;
        char note[700];
        if (prf_read_file(path, &p, err, sizeof err) != 0) {
            fprintf(stderr, "profil: %s\n", err);
            return EXIT_BAD_INPUT;
        }
        if (prc_attach_beside(path, &p, &c, note, sizeof note)) {
            have_merged = program_symbols(path, &(struct profile_program){ c.program, c.program_path, c.program_sha256 }, a->map,
                                            &merged, program, sizeof program);
            prc_free(&c);
        }
        fprintf(stderr, "profil: %s\n", note);
        if (have_merged < 0) {
            prf_free(&p);
            return EXIT_BAD_INPUT;
        }
        if (have_merged)
            q.map = &merged;
        rc = annotate_prf(stdout, &p, &q, err, sizeof err);
        if (have_merged)
            symtab_free(&merged);
        prf_free(&p);
    }
    if (rc != 0)
        fprintf(stderr, "profil: %s\n", err);
    return rc != 0 ? EXIT_BAD_INPUT : 0;
}

int cmd_annotate(int argc, char **argv)
{
    struct annotate_args a = { 0 };
    int first, parsed = options_parse(&annotate_options, argc, argv, &a, &first);
    if (parsed != 0)
        return parsed > 0 ? 0 : EXIT_BAD_INPUT;
    if (first != argc - 1) {
        fprintf(stderr, "profil annotate: want one .prx or .PRF file (profil annotate [--map FILE.MAP] FILE.prx)\n");
        return EXIT_BAD_INPUT;
    }
    struct symtab t = { 0 };
    struct nasm_listing lst;
    char err[700];
    if (a.source && !a.map && !prx_file_looks_like(argv[first])) {
        fprintf(stderr, "profil: --source needs --map: a NASM listing (nasm -l) or a map with line numbers\n");
        return EXIT_BAD_INPUT;
    }
    if (a.map && symtab_read_file(a.map, &t, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    int have_lst = 0, rc = EXIT_BAD_INPUT;
    if (a.source && a.map && t.nline == 0)
        fprintf(stderr, "profil: --source: %s has no source lines (a NASM listing, nasm -l, or a map with line "
                "numbers has)\n", a.map);
    else if (a.source && a.map && t.format == MAP_NASMLST && !(have_lst = nasmlst_read_file(a.map, &lst, err, sizeof err) == 0))
        fprintf(stderr, "profil: %s\n", err);
    else
        rc = annotate_file(argv[first], &a, a.map ? &t : NULL, have_lst ? &lst : NULL);
    if (have_lst)
        nasmlst_free(&lst);
    if (a.map)
        symtab_free(&t);
    return rc;
}
