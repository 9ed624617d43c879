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
#include "../report/srcview.h"
#include "../formats/prc.h"
#include "../formats/symfind.h"
#include "../formats/symtab.h"
#include "commands.h"
#include "manpage.h"
#include "options.h"
#include "session.h"

/* What annotate's options fill. */
struct annotate_args {
    const char *map, *symbol, *source_dir;
    int source;
};

#define A struct annotate_args
static const struct opt annotate_table[] = {
    { "map", 0, OPT_STRING, OPT_AT(A, map), .arg = "FILE.MAP",
      .help = "name symbols and jump targets: any map hist --map reads, or a\n"
              "NASM listing (nasm -l FILE.lst: its labels and source lines);\n"
              "default: the map beside the program, else its debug information" },
    { "symbol", 0, OPT_STRING, OPT_AT(A, symbol), .arg = "NAME",
      .help = "only this symbol (default: every symbol that ran, busiest first)" },
    { "source", 0, OPT_FLAG, OPT_AT(A, source),
      .help = "interleave the source lines: a NASM listing's text, or a map's\n"
              "or the debug information's line numbers; then each source\n"
              "file (beside the program or the profile) with every line's\n"
              "instructions, cycles and share, the hottest marked '>'" },
    { "source-dir", 0, OPT_STRING, OPT_AT(A, source_dir), .arg = "DIR",
      .help = "look for the source files in DIR first" },
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

/* The symbols by the one rule (cmd/session.h), and with --source the
 * NASM listing's text when the table is a listing's: 0 read (*have_lst
 * says whether lst was), 1 none, -1 said why. */
static int symbols_for(const char *profile, const struct profile_program *pp, const struct annotate_args *a,
                       struct symtab *t, struct nasm_listing *lst, int *have_lst, struct source_dirs *d)
{
    struct symfind f;
    char err[800];
    *have_lst = 0;
    int rc = session_symbols(a->map, profile, pp, t, &f, 0);
    if (rc != 0 || !a->source)
        return rc;
    session_source_dirs(a->source_dir, &f, profile, d);
    if (t->nline == 0) {
        fprintf(stderr, "profil: --source: %s has no source lines (a NASM listing, nasm -l, a map with line numbers, "
                "or the program's debug information has)\n", f.map[0] ? f.map : f.program);
        symtab_free(t);
        return -1;
    }
    if (t->format == MAP_NASMLST) {
        if (nasmlst_read_file(f.map, lst, err, sizeof err) != 0) {
            fprintf(stderr, "profil: %s\n", err);
            symtab_free(t);
            return -1;
        }
        *have_lst = 1;
    }
    return 0;
}

static int annotate_file(const char *path, const struct annotate_args *a)
{
    char err[800], prf_path[4200];
    struct annotate_request q = { path, NULL, a->symbol, a->source, NULL, isatty(STDOUT_FILENO) };
    struct symtab t;
    struct nasm_listing lst;
    struct source_dirs dirs;
    int rc, have = 1, have_lst = 0;
    if (access(path, R_OK) == 0 && prx_file_looks_like(path)) {
        struct prx x;
        if (prx_read_file(path, &x, err, sizeof err) != 0) {
            fprintf(stderr, "profil: %s\n", err);
            return EXIT_BAD_INPUT;
        }
        int sampled = strcmp(x.mode, "trace") != 0, beside = sampled && prf_beside(path, prf_path, sizeof prf_path);
        if (!beside && (have = symbols_for(path, &(struct profile_program){ x.program, x.program_path, x.program_sha256 },
                                           a, &t, &lst, &have_lst, &dirs)) < 0) {
            prx_free(&x);
            return EXIT_BAD_INPUT;
        }
        if (!beside && have == 1 && a->source && !sampled) {
            fprintf(stderr, "profil: --source needs source lines: --map with a NASM listing (nasm -l) or a map with "
                    "line numbers, or the program, with line numbers in its debug information, beside %s\n", path);
            prx_free(&x);
            return EXIT_BAD_INPUT;
        }
        q.map = have == 0 ? &t : NULL;
        q.listing = have_lst ? &lst : NULL;
        rc = beside ? 1 : annotate_prx(stdout, &x, &q, err, sizeof err);
        if (rc == 0 && a->source && !have_lst && !a->symbol &&      /* the source beside its counts */
            srcview_write(stdout, stderr, &x, &t, dirs.at, 4) != 0) {
            snprintf(err, sizeof err, "out of memory");
            rc = -1;
        }
        if (rc == 1 && other_run(path, &x, prf_path))
            rc = -2;
        prx_free(&x);
        if (rc == 1) {              /* a sampling run: its .PRF, per bucket */
            fprintf(stderr, "profil: %s: a sampling run's .prx has no per-instruction counts: annotating %s, "
                    "its .PRF\n", path, prf_path);
            return annotate_file(prf_path, a);
        }
    } else {
        struct prf p;
        struct prc c;
        char note[700];
        if (prf_read_file(path, &p, err, sizeof err) != 0) {
            fprintf(stderr, "profil: %s\n", err);
            return EXIT_BAD_INPUT;
        }
        int attached = prc_attach_beside(path, &p, &c, note, sizeof note);
        fprintf(stderr, "profil: %s\n", note);
        have = symbols_for(path, attached ? &(struct profile_program){ c.program, c.program_path, c.program_sha256 }
                                          : NULL, a, &t, &lst, &have_lst, &dirs);
        if (attached)
            prc_free(&c);
        if (have < 0) {
            prf_free(&p);
            return EXIT_BAD_INPUT;
        }
        if (have == 1 && a->source) {
            fprintf(stderr, "profil: --source needs source lines: --map with a NASM listing (nasm -l) or a map with "
                    "line numbers, or the program, with line numbers in its debug information, beside %s\n", path);
            prf_free(&p);
            return EXIT_BAD_INPUT;
        }
        q.map = have == 0 ? &t : NULL;
        q.listing = have_lst ? &lst : NULL;
        rc = annotate_prf(stdout, &p, &q, err, sizeof err);
        prf_free(&p);
    }
    if (have == 0)
        symtab_free(&t);
    if (have_lst)
        nasmlst_free(&lst);
    if (rc == -2)
        return EXIT_BAD_INPUT;
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
    char found[4200];
    return annotate_file(session_profile_path(argv[first], found, sizeof found), &a);
}
