/*
 * cmd/report_html.c: `profil report FILE.prx [-o FILE.html] [--map M]
 * [--source] [--top N]`: one self-contained HTML page about a run (tables,
 * flame graph, annotated code).  The work is report/html.c's.  (cmd/report.c
 * is hist's text table, another thing.)
 */
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>

#include "../formats/fileio.h"
#include "../report/html.h"
#include "../formats/symfind.h"
#include "../formats/symtab.h"
#include "commands.h"
#include "manpage.h"
#include "options.h"
#include "session.h"

/* What report's options fill. */
struct report_args {
    const char *output, *map, *source_dir;
    int source, force;
    unsigned top;
};

#define A struct report_args
static const struct opt report_table[] = {
    { "output", 'o', OPT_STRING, OPT_AT(A, output), .arg = "FILE",
      .help = "the page to write (default: standard output)" },
    { "map", 0, OPT_STRING, OPT_AT(A, map), .arg = "FILE.MAP",
      .help = "name the symbols and functions: any map hist --map reads,\n"
              "or a NASM listing (nasm -l); default: the map beside the\n"
              "program, else its debug information" },
    { "source", 0, OPT_FLAG, OPT_AT(A, source),
      .help = "source lines in the code, as annotate --source shows them,\n"
              "and each source file found with its lines' counts, linked\n"
              "from the symbol table" },
    { "source-dir", 0, OPT_STRING, OPT_AT(A, source_dir), .arg = "DIR",
      .help = "look for the source files in DIR first" },
    { "top", 0, OPT_UNSIGNED, OPT_AT(A, top), .min = 1, .max = UINT32_MAX, .unit = "symbols", .arg = "N",
      .help = "the code of the N busiest symbols only (default 20)" },
    { "force", 0, OPT_FLAG, OPT_AT(A, force),
      .help = "replace -o's file even when it is not a page profil report wrote" },
};
#undef A

const struct command_options report_options = {
    "report", "profil report FILE.prx [-o FILE.html] [--map M] [--source]  an HTML report",
    "report options:", 0, report_table, sizeof report_table / sizeof report_table[0],
};

/* For man profil-report and the completion (cmd/manpage.h), from README.md. */
const struct command_doc report_doc = {
    &report_options,
    "profil report writes one self-contained HTML page (no network, no external script or font) about the\n"
    ".prx of profil run --trace: the run's summary, where the time went (the program, DOS, BIOS, high\n"
    "memory), a sortable table of the symbols that ran with their exact instructions and cycles, the call\n"
    "tree's functions and a flame graph of it (zoomed by a click), and each busy symbol's code with every\n"
    "instruction's count, cycles and share, as profil annotate shows it. A symbol's row links to its code,\n"
    "a frame of the flame graph to its symbol, a jump to its target's code. The .prx of a sampling run\n"
    "(--stacks) gives the call tree only. The page holds no date and no path but those given.\n",
    "PRX",
};

int cmd_report(int argc, char **argv)
{
    struct report_args a = { .top = 20 };
    int first, parsed = options_parse(&report_options, argc, argv, &a, &first);
    if (parsed != 0)
        return parsed > 0 ? 0 : EXIT_BAD_INPUT;
    if (first != argc - 1) {
        fprintf(stderr, "profil report: want one .prx file (profil report [--map FILE.MAP] FILE.prx -o FILE.html)\n");
        return EXIT_BAD_INPUT;
    }
    char found[4200];
    const char *path = session_profile_path(argv[first], found, sizeof found);
    if (a.output && session_output_refused(a.output, OUTPUT_HTML, "report -o", a.force))
        return EXIT_PROFIL_FAILED;
    char err[800];
    struct prx x;
    struct symtab t;
    struct nasm_listing lst;
    int have_map = 0, have_lst = 0, rc = EXIT_BAD_INPUT;
    if (!prx_file_looks_like(path) && access(path, F_OK) == 0)     /* (a missing file: the reader says so) */
        snprintf(err, sizeof err, "%s: not a .prx (profil report reads the .prx of profil run --trace or --stacks)",
                 path);
    else if (prx_read_file(path, &x, err, sizeof err) != 0)
        ;
    else {
        struct symfind f;       /* the one rule (cmd/session.h) */
        int got = session_symbols(a.map, path, &(struct profile_program){ x.program, x.program_path, x.program_sha256 },
                                  &t, &f, 0);
        have_map = got == 0;
        if (got < 0)
            err[0] = 0;         /* said */
        else if (a.source && (!have_map || t.nline == 0))
            snprintf(err, sizeof err, "--source: %.600s has no source lines (a NASM listing, nasm -l, a map with line "
                     "numbers, or the program's debug information has)", have_map ? (f.map[0] ? f.map : f.program) : path);
        else if (have_map && a.source && t.format == MAP_NASMLST &&
                 !(have_lst = nasmlst_read_file(f.map, &lst, err, sizeof err) == 0))
            ;
        else {
            struct symtab **children = session_child_symbols(&x);   /* a child's code by its own symbols */
            struct source_dirs dirs;
            session_source_dirs(a.source_dir, &f, path, &dirs);
            struct html_request q = { path, have_map ? &t : NULL, have_map ? (f.map[0] ? f.map : f.program) : NULL,
                                      have_lst ? &lst : NULL, a.source, a.top,
                                      (const struct symtab *const *)children, dirs.at, 4 };
            struct html_report *r = html_prepare(&x, &q, err, sizeof err);
            if (r && !a.output) {
                html_write(stdout, r);
                rc = 0;
            } else if (r) {
                rc = write_text_atomic(a.output, html_write, r, err, sizeof err) == 0 ? 0 : EXIT_PROFIL_FAILED;
                if (rc == 0)
                    fprintf(stderr, "profil: wrote %s\n", a.output);
            }
            html_free(r);
            session_child_symbols_free(children, x.nprocs);
        }
        if (have_lst)
            nasmlst_free(&lst);
        if (have_map)
            symtab_free(&t);
        prx_free(&x);
    }
    if (rc != 0 && err[0])
        fprintf(stderr, "profil: %s\n", err);
    return rc;
}
