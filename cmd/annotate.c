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

/* No --map: the program's own debug information, beside the profile; 1
 * and its table in *t when it reads. */
static int own_table(const char *profile, const struct profile_program *program, struct symtab *t)
{
    char found[4200], note[1800];
    int ok = symtab_debug_for_profile(profile, program, found, sizeof found, note, sizeof note, t);
    if (note[0])
        fprintf(stderr, "profil: %s\n", note);
    return ok;
}

static int annotate_file(const char *path, const struct annotate_args *a, const struct symtab *t,
                         const struct nasm_listing *lst)
{
    char err[800], prf_path[4200];
    struct annotate_request q = { path, t, a->symbol, a->source, lst, isatty(STDOUT_FILENO) };
    int rc;
    if (access(path, R_OK) == 0 && prx_file_looks_like(path)) {
        struct prx x;
        struct symtab own;
        int have_own = 0;
        if (prx_read_file(path, &x, err, sizeof err) != 0) {
            fprintf(stderr, "profil: %s\n", err);
            return EXIT_PROFIL_FAILED;
        }
        int sampled = strcmp(x.mode, "trace") != 0;
        if (!t && !sampled && (have_own = own_table(path, &(struct profile_program){ x.program, x.program_path, x.program_sha256 }, &own)) != 0)
            q.map = &own;
        if (a->source && !sampled && (!q.map || q.map->nline == 0)) {
            fprintf(stderr, "profil: --source needs --map: a NASM listing (nasm -l) or a map with line numbers (or "
                    "the program, with line numbers in its debug information, beside %s)\n", path);
            if (have_own)
                symtab_free(&own);
            prx_free(&x);
            return EXIT_PROFIL_FAILED;
        }
        rc = sampled && prf_beside(path, prf_path, sizeof prf_path) ? 1 : annotate_prx(stdout, &x, &q, err, sizeof err);
        if (have_own)
            symtab_free(&own);
        prx_free(&x);
        if (rc == 1) {              /* a sampling run: its .PRF, per bucket */
            fprintf(stderr, "profil: %s: a sampling run's .prx has no per-instruction counts: annotating %s, "
                    "its .PRF\n", path, prf_path);
            return annotate_file(prf_path, a, t, lst);
        }
    } else {
        struct prf p;
        char note[700];
        if (prf_read_file(path, &p, err, sizeof err) != 0) {
            fprintf(stderr, "profil: %s\n", err);
            return EXIT_PROFIL_FAILED;
        }
        prc_attach_beside(path, &p, NULL, note, sizeof note);
        fprintf(stderr, "profil: %s\n", note);
        struct symtab own;
        char found[4200], said[1800];
        int have_own = !t && prc_program_debug(path, found, sizeof found, said, sizeof said, &own);
        if (!t && said[0])
            fprintf(stderr, "profil: %s\n", said);
        if (have_own)
            q.map = &own;
        rc = annotate_prf(stdout, &p, &q, err, sizeof err);
        if (have_own)
            symtab_free(&own);
        prf_free(&p);
    }
    if (rc != 0)
        fprintf(stderr, "profil: %s\n", err);
    return rc != 0 ? EXIT_PROFIL_FAILED : 0;
}

int cmd_annotate(int argc, char **argv)
{
    struct annotate_args a = { 0 };
    int first, parsed = options_parse(&annotate_options, argc, argv, &a, &first);
    if (parsed != 0)
        return parsed > 0 ? 0 : EXIT_PROFIL_FAILED;
    if (first != argc - 1) {
        fprintf(stderr, "profil annotate: want one .prx or .PRF file (profil annotate [--map FILE.MAP] FILE.prx)\n");
        return EXIT_PROFIL_FAILED;
    }
    struct symtab t;
    struct nasm_listing lst;
    char err[700];
    if (a.source && !a.map && !prx_file_looks_like(argv[first])) {
        fprintf(stderr, "profil: --source needs --map: a NASM listing (nasm -l) or a map with line numbers\n");
        return EXIT_PROFIL_FAILED;
    }
    if (a.map && symtab_read_file(a.map, &t, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_PROFIL_FAILED;
    }
    int have_lst = 0, rc = EXIT_PROFIL_FAILED;
    if (a.source && t.nline == 0)
        fprintf(stderr, "profil: --source: %s has no source lines (a NASM listing, nasm -l, or a map with line "
                "numbers has)\n", a.map);
    else if (a.source && t.format == MAP_NASMLST && !(have_lst = nasmlst_read_file(a.map, &lst, err, sizeof err) == 0))
        fprintf(stderr, "profil: %s\n", err);
    else
        rc = annotate_file(argv[first], &a, a.map ? &t : NULL, have_lst ? &lst : NULL);
    if (have_lst)
        nasmlst_free(&lst);
    if (a.map)
        symtab_free(&t);
    return rc;
}
