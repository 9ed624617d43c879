/*
 * cmd/hist.c: `profil hist`, histograms of a .PRF.
 *
 *   profil hist [options] FILE.PRF|FILE.prx   (options: the table below)
 *   profil hist prf[,hst[,map]][;]        PROHST's own command form: writes the .HST
 *
 * The default style is one row per non-zero bucket (hits, % of all
 * samples, cumulative %, a bar, the address range, the map segment it is
 * in), then the io/dos/high rows and the total.  --style prohst is PROHST
 * 1.0's listing, byte for byte (report/prohst.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../formats/fileio.h"
#include "../formats/prc.h"
#include "../formats/prf.h"
#include "../report/attrib.h"
#include "../report/export.h"
#include "../report/prohst.h"
#include "../formats/prx.h"
#include "../formats/samplelog.h"
#include "../formats/symtab.h"
#include "../formats/symfind.h"
#include "commands.h"
#include "manpage.h"
#include "options.h"
#include "report.h"
#include "session.h"

static int load_map(const char *path, struct prohst_map *map)
{
    char err[600];
    if (prohst_map_read_file(path, map, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return -1;
    }
    return 0;
}


/* One row per symbol or line, busiest first (report/attrib.c splits buckets). */
static int symbol_style(const struct prf *p, const struct symtab *t, unsigned top, unsigned width, int by_line,
                        int terminal)
{
    struct report r = { .io = (double)prf_io(p), .dos = (double)prf_dos(p), .high = (double)prf_high(p),
                        .column = by_line ? "line" : "symbol", .what = prf_unit(p), .more_hint = terminal };
    if ((by_line ? attribute_lines(p, t, &r.rows, &r.n) : attribute_hits(p, t, &r.rows, &r.n)) != 0)
        return EXIT_BAD_INPUT;
    snprintf(r.footer, sizeof r.footer, "%u-paragraph buckets, %u us; %s map, %zu %s", p->bucket_size,
             p->clock_grain, map_format_name(t->format), by_line ? t->nline : t->nsym,
             by_line ? "line entries" : "symbols");
    if (attribute_is_estimate(p))
        attribute_estimate_note(p, r.estimate, sizeof r.estimate);
    report_print(&r, top, width);
    free(r.rows);
    return 0;
}

/* The symbol covering most of [lo, hi), or NULL.  *first skips the sorted
 * symbols that end below lo: buckets taken in address order keep it from
 * one call to the next, others start it at 0. */
static const char *symbol_in(const struct symtab *t, size_t *first, uint32_t lo, uint32_t hi, uint32_t limit)
{
    const char *best = NULL;
    uint32_t best_bytes = 0;
    while (*first < t->nsym && symtab_symbol_end(t, *first, limit) <= lo)
        (*first)++;
    for (size_t i = *first; i < t->nsym && t->sym[i].addr < hi; i++) {
        uint32_t s = t->sym[i].addr > lo ? t->sym[i].addr : lo;
        uint32_t e = symtab_symbol_end(t, i, limit);
        e = e < hi ? e : hi;
        if (s < e && e - s > best_bytes) {
            best_bytes = e - s;
            best = t->sym[i].name;
        }
    }
    return best;
}

/* Non-zero bucket indexes, busiest first (ties by address). */
/* A bucket with its hits, busiest first, ties in address order: what
 * bucket_style sorts, so that the comparison needs no context. */
struct ranked_bucket {
    uint64_t hits;
    unsigned bucket;
};

static int by_bucket_hits(const void *a, const void *b)
{
    const struct ranked_bucket *x = a, *y = b;
    if (x->hits != y->hits)
        return x->hits > y->hits ? -1 : 1;
    return x->bucket < y->bucket ? -1 : 1;
}

/* One row per non-zero bucket, in address order or busiest first, named by
 * its symbol when there is a map; cum% accumulates in the order shown. */
static int bucket_style(const struct prf *p, const struct symtab *sym, unsigned top, unsigned width, int by_hits,
                        int terminal)
{
    uint64_t total = prf_total(p), max = 0, cumul = 0;
    unsigned *order = malloc((p->bucket_num ? p->bucket_num : 1) * sizeof *order), n = 0;
    if (!order) {
        fprintf(stderr, "profil: out of memory\n");
        return EXIT_PROFIL_FAILED;
    }
    for (unsigned i = 0; i < p->bucket_num; i++) {
        if (prf_hits(p, i) > max)
            max = prf_hits(p, i);
        if (prf_hits(p, i))
            order[n++] = i;
    }
    if (by_hits) {
        struct ranked_bucket *r = malloc((n ? n : 1) * sizeof *r);
        if (!r) {
            free(order);
            fprintf(stderr, "profil: out of memory\n");
            return EXIT_PROFIL_FAILED;
        }
        for (unsigned k = 0; k < n; k++)
            r[k] = (struct ranked_bucket){ prf_hits(p, order[k]), order[k] };
        qsort(r, n, sizeof *r, by_bucket_hits);
        for (unsigned k = 0; k < n; k++)
            order[k] = r[k].bucket;
        free(r);
    }
    double t = total ? (double)total : 1.0;
    uint32_t B = p->bucket_size * 16u, limit = (uint32_t)p->bucket_num * B;
    printf("%8s %6s %6s  %-*s  %-11s %s\n", "hits", "%", "cum%", (int)width, "", "address", sym ? "symbol" : "");
    size_t first = 0;
    for (unsigned k = 0; k < n && k < top; k++) {
        unsigned i = order[k];
        uint64_t hits = prf_hits(p, i);
        if (by_hits)
            first = 0;
        cumul += hits;
        unsigned len = max ? (unsigned)((hits * width + max / 2) / max) : 0;
        uint32_t lo = i * B;
        const char *name = sym ? symbol_in(sym, &first, lo, lo + B, limit) : NULL;
        printf("%8llu %5.1f%% %5.1f%%  ", (unsigned long long)hits, 100.0 * (double)hits / t,
               100.0 * (double)cumul / t);
        for (unsigned c = 0; c < width; c++)
            putchar(c < len ? '#' : ' ');
        printf("  %05X-%05X %s\n", lo, lo + B - 1, name ? name : "");
    }
    free(order);
    const char *names[3] = { "io", "dos", "high" };
    const uint64_t hits[3] = { prf_io(p), prf_dos(p), prf_high(p) };
    for (int k = 0; k < 3; k++)
        printf("%8llu %5.1f%%         %-*s  %s\n", (unsigned long long)hits[k], 100.0 * (double)hits[k] / t,
               (int)width, "", names[k]);
    printf("%8llu %s (%u-paragraph buckets, %u us%s)\n", (unsigned long long)total, prf_unit(p), p->bucket_size,
           p->clock_grain, by_hits ? "; busiest first" : "");
    if (terminal && n > top)
        report_more(n - top, n);
    return 0;
}

static int write_listing(const struct prf *p, const struct prohst_map *map, const char *hst)
{
    char *text, err[512];
    size_t n;
    if (prohst_render(p, map, &text, &n) != 0) {
        fprintf(stderr, "profil: out of memory\n");
        return EXIT_PROFIL_FAILED;
    }
    int rc = 0;
    if (!hst) {
        rc = fwrite(text, 1, n, stdout) == n ? 0 : EXIT_PROFIL_FAILED;
    } else if (write_file_atomic(hst, text, n, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        rc = EXIT_PROFIL_FAILED;
    }
    free(text);
    return rc;
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
    struct prohst_map m;
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
    int rc = load_map(map_path, &m) != 0 ? EXIT_BAD_INPUT : write_listing(&p, &m, found[1]);
    prf_free(&p);
    return rc;
}

/* --by service for a .PRF: the time per service its NAME.prc (or a
 * trace's NAME.prx) holds; a .PRF alone has DOS and I/O as two rows. */
static int services_of_prf(const struct hist_request *q)
{
    struct prf p;
    struct prc c;
    char err[700], note[700];
    if (prf_read_file(q->path, &p, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    int attached = prc_attach_beside(q->path, &p, &c, note, sizeof note), rc = EXIT_BAD_INPUT;
    fprintf(stderr, "profil: %s\n", note);
    if (!attached || !c.services) {
        fprintf(stderr, "profil: %s: a .PRF has DOS and BIOS time as two rows; the time per service is in the "
                "NAME.prc beside it (or a .prx) that profil run writes\n", q->path);
    } else {
        struct prx x = { .services = c.services, .nservices = c.nservices, .service_samples = c.service_samples,
                         .total_cycles = c.cycles, .total_insns = c.instructions };
        snprintf(x.program, sizeof x.program, "%s", c.program);
        snprintf(x.mode, sizeof x.mode, "%s", c.mode);
        rc = hist_services(&x, q);
    }
    if (attached)
        prc_free(&c);
    prf_free(&p);
    return rc;
}

/* --sort: a .PRF's bucket rows busiest first or by address (default: by
 * --top); hist_sort_names[] by enum value. */
enum hist_sort { SORT_DEFAULT, SORT_HITS, SORT_ADDRESS };
static const char *const hist_sort_names[] = { NULL, "hits", "address" };

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

int hist_symbols(const struct hist_request *q, struct symtab *t, char *source, size_t n)
{
    struct symfind f;
    int rc = session_symbols(q->map, q->path, q->pp, t, &f, q->keep_labels);
    if (source)
        snprintf(source, n, "%s", f.map[0] ? f.map : f.program);
    return rc;
}

/* A .PRF's exports (--format other than text). */
static int export_prf(const struct prf *p, const struct hist_request *q)
{
    struct symtab t;
    int have = hist_symbols(q, &t, NULL, 0);
    if (have < 0)
        return EXIT_BAD_INPUT;
    have = have == 0;
    const struct symtab *tp = have ? &t : NULL;
    int w;
    switch (q->format) {
    case FORMAT_CSV: w = export_csv(stdout, p, tp); break;
    case FORMAT_JSON: w = export_json(stdout, p, tp); break;
    case FORMAT_CALLGRIND: w = export_callgrind(stdout, p, tp, q->path); break;
    case FORMAT_SVG: w = export_svg(stdout, p, tp, q->path); break;
    default: w = export_folded(stdout, p, tp); break;
    }
    if (have)
        symtab_free(&t);
    return w == 0 ? 0 : EXIT_BAD_INPUT;
}

/* The rows of a .PRF with a map: per symbol or line, or per bucket named by its symbol. */
static int mapped_prf(const struct prf *p, const struct hist_request *q, int by_hits)
{
    struct symtab t;
    char source[4200];
    int rc = hist_symbols(q, &t, source, sizeof source);
    if (rc < 0)
        return EXIT_BAD_INPUT;
    if (rc == 1 && (q->by == BY_SYMBOL || q->by == BY_LINE)) {
        fprintf(stderr, "profil: --by %s needs symbols: --map FILE.MAP, or the program, with a map or debug "
                "information, beside %s\n", attrib_unit_names[q->by], q->path);
        return EXIT_BAD_INPUT;
    }
    if (rc == 1)
        return bucket_style(p, NULL, q->top, q->width, by_hits, q->terminal);
    if (q->by == BY_BUCKET)
        rc = bucket_style(p, &t, q->top, q->width, by_hits, q->terminal);
    else if (q->by == BY_LINE && t.nline == 0) {
        fprintf(stderr, "profil: --by line: %s has no line-number table (LINK /LINENUMBERS, TLINK /l and Turbo Pascal write one)\n", source);
        rc = EXIT_BAD_INPUT;
    } else
        rc = symbol_style(p, &t, q->top, q->width, q->by == BY_LINE, q->terminal);
    symtab_free(&t);
    return rc;
}

/* The rows of a .PRF (p, freed here): read from q->path, or a program's of a .prx. */
static int show_prf(struct prf *p, const struct hist_request *q)
{
    /* Bucket rows: busiest first when only the first N are wanted. */
    int by_hits = q->sort != SORT_ADDRESS;     /* busiest first wherever it writes, unless --sort address */
    struct prohst_map m;
    if (q->by == BY_FRAME || q->worst_frames || q->frame) {
        fprintf(stderr, "profil: %s: a .PRF has no frames; they are in the .prx beside it, of a program that had "
                "them (docs/frames.md)\n", q->path);
        prf_free(p);
        return EXIT_PROFIL_FAILED;
    }
    if (q->by == BY_ZONE) {
        fprintf(stderr, "profil: %s: a .PRF has no zones; they are in the .prx beside it, of a program that used "
                "them (docs/guestapi.md)\n", q->path);
        prf_free(p);
        return EXIT_BAD_INPUT;
    }
    if (q->callgraph || q->by == BY_FUNCTION || q->by == BY_SITE) {
        fprintf(stderr, "profil: %s: a .PRF has no calls or memory; they are in the .prx of profil run --trace, "
                "--stacks or --memory\n", q->path);
        prf_free(p);
        return EXIT_BAD_INPUT;
    }
    int rc;
    if (q->style == STYLE_INFERNO)
        rc = hist_inferno_prf(p);
    else if (q->format != FORMAT_TEXT)
        rc = export_prf(p, q);
    else if (q->style == STYLE_PROHST)  /* PROHST reads a map its own way: the " Start" segment table. */
        rc = load_map(q->map, &m) != 0 ? EXIT_BAD_INPUT : write_listing(p, &m, NULL);
    else
        rc = mapped_prf(p, q, by_hits);
    prf_free(p);
    return rc;
}

static int samples_only(const struct hist_request *q)
{
    if (q->metric == METRIC_SAMPLES)
        return 0;
    fprintf(stderr, "profil: --metric %s: %s holds samples; exact counts are in the .prx of profil run --trace\n",
            metric_name(q->metric), q->path);
    return EXIT_BAD_INPUT;
}

/* hist of a .PRF; the program its NAME.prc names, with CodeView
 * information, beside it gives symbols too (hist_symbols). */
static int hist_prf(const struct hist_request *asked)
{
    struct prf p;
    struct prc c;
    char err[700];
    struct hist_request own = *asked;
    const struct hist_request *q = &own;
    int attached = 0;
    if (samples_only(q))
        return EXIT_BAD_INPUT;
    if (prf_read_file(q->path, &p, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    if (q->style != STYLE_PROHST) {        /* PROHST's listing is of the .PRF's own words */
        char note[700];
        attached = prc_attach_beside(q->path, &p, &c, note, sizeof note);
        fprintf(stderr, "profil: %s\n", note);
    }
    const struct profile_program pp = { attached ? c.program : NULL, attached ? c.program_path : NULL,
                                        attached ? c.program_sha256 : NULL };
    own.pp = attached ? &pp : NULL;
    int rc = show_prf(&p, q);
    if (attached)
        prc_free(&c);
    return rc;
}

/* --process: one program of a .prx, as its .PRF. */
static int hist_process(const struct hist_request *q)
{
    struct prx x;
    struct prf p;
    char err[700];
    if (samples_only(q))
        return EXIT_BAD_INPUT;
    if (!prx_file_looks_like(q->path)) {
        fprintf(stderr, "profil: --process %s: %s is a .PRF; each program's .PRF is a file of its own, and the "
                "programs are in the .prx\n", q->process, q->path);
        return EXIT_BAD_INPUT;
    }
    if (prx_read_file(q->path, &x, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    int i = prx_find_process(&x, q->process);
    if (i < 0) {
        fprintf(stderr, "profil: --process %s: %s has %s", q->process, q->path, x.nprocs ? "only" : "no processes (the run "
                "ran no child program)\n");
        for (size_t k = 0; k < x.nprocs; k++)
            fprintf(stderr, "%s%zu %s", k ? ", " : " ", k, x.procs[k].name);
        if (x.nprocs)
            fputc('\n', stderr);
        prx_free(&x);
        return EXIT_BAD_INPUT;
    }
    int rc = prx_process_prf(&x, (size_t)i, &p);
    prx_free(&x);
    if (rc != 0) {
        fprintf(stderr, "profil: out of memory\n");
        return EXIT_PROFIL_FAILED;
    }
    return show_prf(&p, q);
}

int cmd_hist(int argc, char **argv)
{
    struct hist_request q = { .metric = METRIC_SAMPLES, .top = UINT32_MAX, .width = 40 };
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
    if (q.process)
        return hist_process(&q);
    if (q.buckets)
        return hist_buckets(&q);
    if (samplelog_file_looks_like(q.path)) {
        fprintf(stderr, "profil: %s: a sample log (run --samples): count it into buckets with --buckets FILE "
                "(docs/buckets.md)\n", q.path);
        return EXIT_BAD_INPUT;
    }
    if (prx_file_looks_like(q.path))
        return hist_prx(&q);    /* it may find the program's CodeView information */
    if (q.by == BY_SERVICE)
        return services_of_prf(&q);
    return hist_prf(&q);
}
