/*
 * cmd/hist.c: `profil hist`, histograms of a .PRF or a .prx: its options
 * and the call into report/hist.h (the table of views and formats), with
 * the command's symbol rule (cmd/session.h).
 *
 *   profil hist [options] FILE.PRF|FILE.prx   (options: the table below)
 *   profil hist prf[,hst[,map]][;]        PROHST's own command form: writes the .HST
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../formats/prf.h"
#include "../formats/symfind.h"
#include "../formats/symtab.h"
#include "../report/hist.h"
#include "../report/table.h"
#include "commands.h"
#include "manpage.h"
#include "options.h"
#include "session.h"

/* report/hist.h's status as the command's exit status (README's table). */
static int hist_exit(enum hist_status s)
{
    return s == HIST_OK ? 0 : s == HIST_BAD_INPUT ? EXIT_BAD_INPUT : EXIT_PROFIL_FAILED;
}

/* ---- PROHST's command form ------------------------------------------------ */

static void with_extension(char *out, size_t n, const char *name, const char *ext)
{
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    snprintf(out, n, "%s%s", name, strchr(base, '.') ? "" : ext);
}

static void strip_extension(char *name)
{
    char *base = strrchr(name, '/');
    char *dot = strrchr(base ? base : name, '.');
    if (dot)
        *dot = 0;
}

static int ask(const char *prompt, char *answer, size_t n)
{
    fputs(prompt, stdout);
    fflush(stdout);
    if (!fgets(answer, (int)n, stdin))
        answer[0] = 0;
    answer[strcspn(answer, "\r\n")] = 0;
    return 0;
}

static int prohst_form(const char *arg)
{
    char spec[512], field[3][512] = { "", "", "" };
    int nfields = 1, final = 0;
    snprintf(spec, sizeof spec, "%s", arg);
    size_t len = strlen(spec);
    if (len && spec[len - 1] == ';') {
        final = 1;
        spec[--len] = 0;
    }
    char *s = spec;
    for (int f = 0; f < 3; f++) {
        char *comma = f < 2 ? strchr(s, ',') : NULL;
        if (comma)
            *comma = 0;
        snprintf(field[f], sizeof field[f], "%s", s);
        if (!comma)
            break;
        nfields++;
        s = comma + 1;
    }
    if (!field[0][0] && !final)
        ask("Profile filename [.PRF]: ", field[0], sizeof field[0]);
    char prf_path[600], base[600], hst[620], map[620], def[700];
    with_extension(prf_path, sizeof prf_path, field[0], ".PRF");
    snprintf(base, sizeof base, "%s", field[0]);
    strip_extension(base);
    if (nfields < 2 && !final) {
        snprintf(def, sizeof def, "Histogram filename [%s.HST]: ", base);
        ask(def, field[1], sizeof field[1]);
        nfields = 2;
    }
    if (field[1][0])
        with_extension(hst, sizeof hst, field[1], ".HST");
    else
        snprintf(hst, sizeof hst, "%s.HST", base);
    if (nfields < 3 && !final) {
        ask("Map file  [NUL.map]: ", field[2], sizeof field[2]);
        if (!field[2][0])
            snprintf(field[2], sizeof field[2], "NUL");
        nfields = 3;
    }
    const char *map_path = NULL;
    if (nfields >= 3) {
        if (!field[2][0])
            snprintf(map, sizeof map, "%s.MAP", base);   /* "f,,;" */
        else
            with_extension(map, sizeof map, field[2], ".MAP");
        if (strcmp(field[2], "NUL") != 0 && strcmp(field[2], "nul") != 0)
            map_path = map;
    }

    /* As DOS finds them: PRIME,,; reads prime.prf and prime.map. */
    char found[3][700];
    profil_find_as_dos(prf_path, found[0], sizeof found[0]);
    profil_find_as_dos(hst, found[1], sizeof found[1]);
    if (map_path)
        map_path = profil_find_as_dos(map, found[2], sizeof found[2]) ? found[2] : map;
    struct prf p;
    char err[800];
    const char *why = output_refusal(found[1], OUTPUT_HST);    /* the one output check (formats/guard.h) */
    if (why) {
        fprintf(stderr, "profil: %s: not replaced by the listing: it %s; nothing was written (name another "
                ".HST)\n", found[1], why);
        return EXIT_PROFIL_FAILED;
    }
    if (prf_read_file(found[0], &p, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    int rc = hist_exit(hist_listing(&p, map_path, found[1], stdout, stderr));
    prf_free(&p);
    return rc;
}

#define Q struct hist_request
static const struct opt hist_table[] = {
    { "style", 0, OPT_ENUM, OPT_AT(Q, style), OPT_NAMES(hist_style_names), .arg = "default|prohst|inferno",
      .help = "one row per bucket; PROHST 1.0's listing byte for byte;\n"
              "or Inferno prof's 'address count' lines (non-zero, by address)" },
    { "metric", 0, OPT_ENUM, OPT_AT(Q, metric), OPT_NAMES(metric_names), OPT_SEEN(Q, metric_given),
      .want = "want instructions, cycles or samples", .arg = "instructions|cycles|samples|stalls",
      .help = "what a .prx row counts (default\n"
              "cycles, the time; per function from run --stacks: samples;\n"
              "stalls: the cycles spent waiting for the bus, bus model);\n"
              "a .PRF holds samples.  With the bus model, cycle reports\n"
              "add a stall% column, stall reports a video% column (the\n"
              "video card's wait states)" },
    { "map", 0, OPT_STRING, OPT_AT(Q, map), .arg = "FILE.MAP",
      .help = "one row per symbol (maps of Microsoft LINK, TLINK, Turbo\n"
              "Pascal, Open Watcom WLINK, NASM [map all], ld86 -M; an .EXE's\n"
              "CodeView, Turbo Debugger or Watcom information; a NASM\n"
              "listing, nasm -l: its labels and source lines); default: the\n"
              "map beside the program the profile names, else its debug\n"
              "information (docs/debuginfo.md)\n"
              "(with --style prohst: PROHST's own reading, segments only)" },
    { "format", 0, OPT_ENUM, OPT_AT(Q, format), OPT_NAMES(export_format_names), .arg = "FMT",
      .help = "text (default), csv, json, callgrind (KCachegrind), folded\n"
              "(flamegraph.pl, speedscope) or svg; see docs/formats.md" },
    { "by", 0, OPT_ENUM, OPT_AT(Q, by), OPT_NAMES(attrib_unit_names), .arg = "bucket|symbol|line",
      .help = "rows per bucket (named by their symbol with --map), per\n"
              "symbol (the default with --map) or per source line (a\n"
              "map with a line-number table, LINK /LINENUMBERS, or a\n"
              "NASM listing)" },
    { "by", 0, OPT_DOC, .arg = "label",
      .help = "per symbol, each label inside a procedure a row of its own\n"
              "(by default it counts for its procedure: a TASM label in a\n"
              "PROC, where the debug information gives the procedure's end)" },
    { "by", 0, OPT_DOC, .arg = "function",
      .help = "a .prx's call tree per function: calls, self and inclusive\n"
              "cost, importance (% calls x % time / 100); folded,\n"
              "callgrind (with calls=), csv and json export the call tree" },
    { "callgraph", 0, OPT_FLAG, OPT_AT(Q, callgraph),
      .help = "gprof's call graph: each function's callers and callees\n"
              "(csv and json: one row per arc)" },
    { "by", 0, OPT_DOC, .arg = "site", .help = "a .prx of run --memory: DOS memory per call site" },
    { "by", 0, OPT_DOC, .arg = "zone",
      .help = "the program's own zones (docs/guestapi.md) from a .prx: count,\n"
              "total, mean, min and max cycles per zone, then its marks\n"
              "(csv, json, folded, callgrind too)" },
    { "by", 0, OPT_DOC, .arg = "frame",
      .help = "the program's frames (docs/frames.md) from a .prx: each one's\n"
              "start, cycles, ms, instructions and samples, then the\n"
              "median, p95 and worst (csv, json too)" },
    { "worst-frames", 0, OPT_UNSIGNED, OPT_AT(Q, worst_frames), .min = 1, .max = UINT32_MAX, .unit = "frames",
      .arg = "K", .help = "the K slowest finished frames, slowest first (as --by frame),\n"
                          "each with its top symbols, stalls and video waits" },
    { "frames-from", 0, OPT_UNSIGNED, OPT_AT(Q, frames_from), .min = 1, .max = UINT32_MAX, .unit = "frame",
      .arg = "N", .help = "--by frame and --worst-frames of frames N on only (their\n"
                          "figures too; a loading screen left out)" },
    { "frames-to", 0, OPT_UNSIGNED, OPT_AT(Q, frames_to), .min = 1, .max = UINT32_MAX, .unit = "frame",
      .arg = "M", .help = "... and up to frame M only" },
    { "frame", 0, OPT_UNSIGNED, OPT_AT(Q, frame), .min = 1, .max = UINT32_MAX, .unit = "frame", .arg = "N",
      .help = "frame N's own profile from a .prx (as the whole run's: by\n"
              "bucket, symbol or line; its samples, or a trace's cycles)" },
    { "by", 0, OPT_DOC, .arg = "service",
      .help = "time per DOS and BIOS service (INT 21h/40h write,\n"
              "INT 10h/0Eh teletype, INT 08h timer): samples, calls,\n"
              "cycles, from a .prx or a .PRF's NAME.prc (csv, json too)" },
    { "top", 0, OPT_UNSIGNED, OPT_AT(Q, top), OPT_SEEN(Q, top_given), .min = 1, .max = UINT32_MAX, .unit = "rows",
      .arg = "N",
      .help = "only the first N rows (default style): a .PRF's buckets then\n"
              "come busiest first, cum% in that order" },
    { "sort", 0, OPT_ENUM, OPT_AT(Q, sort), OPT_NAMES(hist_sort_names), .arg = "hits|address",
      .help = "a .PRF's bucket rows busiest first (the default, into a\n"
              "pipe or a file as on a terminal) or by address" },
    { "buckets", 0, OPT_STRING, OPT_AT(Q, buckets), .arg = "FILE",
      .help = "count a recorded run into the buckets FILE defines\n"
              "(docs/buckets.md): the samples of run --samples (NAME.prs,\n"
              "given or beside the .PRF or .prx) or a trace's exact counts" },
    { "width", 0, OPT_UNSIGNED, OPT_AT(Q, width), .min = 1, .max = 200, .unit = "columns", .arg = "W",
      .help = "bar width in columns (default 40)" },
    { "process", 0, OPT_STRING, OPT_AT(Q, process), .arg = "NAME",
      .help = "one program of a run with children, from its .prx: its\n"
              "samples in its own layout, as a sampling run's .PRF\n"
              "(NAME, NAME:N its N-th run, or the row number; the first\n"
              "program is 0)" },
};
#undef Q

const struct command_options hist_options = {
    "hist",
    "profil hist [options] FILE.PRF|FILE.prx  a histogram of a .PRF, or of a trace's .prx\n"
    "profil hist prf[,hst[,map]][;]           PROHST's command form: write the .HST listing",
    "hist options:", 0, hist_table, sizeof hist_table / sizeof hist_table[0],
};

/* For man profil-hist and the completion (cmd/manpage.h), from README.md. */
const struct command_doc hist_doc = {
    &hist_options,
    "profil hist FILE.PRF prints one row per non-zero bucket (hits, % of all samples,\n"
    "cumulative %, a bar, the address range), then the io/dos/high rows: busiest first\n"
    "(--sort address: by address). With --map FILE.MAP it prints one row per\n"
    "symbol, busiest first; a bucket's samples are split among the symbols it overlaps in\n"
    "proportion to the bytes each covers in it; --by line does the same per source line.\n"
    "\n"
    "profil hist FILE.prx reads the .prx of run --trace, --stacks or --memory: exact cycles\n"
    "or instructions per address, symbol or line, the call tree per function (--by function,\n"
    "--callgraph), memory per call site (--by site), time per DOS and BIOS service (--by\n"
    "service), and exports as csv, json, callgrind, folded stacks or svg (--format).\n"
    "\n"
    "--style prohst prints MS-DOS 2.0 PROHST 1.0's listing byte for byte, and profil hist\n"
    "'NAME,,;' is PROHST's own command form, writing NAME.HST.\n",
    "PRF PRX",
};

/* The symbol rule of the command's (cmd/session.h), for report/hist.c. */
static int hist_symbols(const struct hist_request *q, struct symtab *t, char *source, size_t n)
{
    struct symfind f;
    int rc = session_symbols(q->map, q->path, q->pp, t, &f, q->keep_labels);
    if (source)
        snprintf(source, n, "%s", f.map[0] ? f.map : f.program);
    return rc;
}

int cmd_hist(int argc, char **argv)
{
    struct hist_request q = { .out = stdout, .msg = stderr, .metric = METRIC_SAMPLES, .top = UINT32_MAX, .width = 40,
                              .symbols = hist_symbols, .child_symbols = session_child_symbols,
                              .child_symbols_free = session_child_symbols_free };
    int first;
    if (argc == 2 && (strchr(argv[1], ',') || strchr(argv[1], ';')))
        return prohst_form(argv[1]);
    int parsed = options_parse(&hist_options, argc, argv, &q, &first);
    if (parsed != 0)
        return parsed > 0 ? 0 : EXIT_BAD_INPUT;
    if (first != argc - 1) {
        fprintf(stderr, "profil hist: want one .PRF file (profil hist [options] FILE.PRF)\n");
        return EXIT_BAD_INPUT;
    }
    char found[4200];
    q.path = session_profile_path(argv[first], found, sizeof found);
    if (q.by == BY_LABEL) {     /* per symbol, each label its own row */
        q.by = BY_SYMBOL;
        q.keep_labels = 1;
    }
    if (!q.top_given && q.format == FORMAT_TEXT && q.style == STYLE_DEFAULT && isatty(STDOUT_FILENO)) {
        q.terminal = 1;         /* a screenful, busiest first, then how many more */
        q.top = HIST_TERMINAL_ROWS;
        q.top_given = 1;
    }
    return hist_exit(hist_run(&q));
}
