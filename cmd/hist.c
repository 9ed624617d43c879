/*
 * cmd/hist.c: `profil hist`, histograms of a .PRF.
 *
 *   profil hist [--style default|prohst] [--map FILE.MAP] [--by bucket|symbol|line]
 *               [--top N] [--width W] [--format F] FILE.PRF
 *   profil hist prf[,hst[,map]][;]        PROHST's own command form: writes the .HST
 *
 * The default style is one row per non-zero bucket (hits, % of all
 * samples, cumulative %, a bar, the address range, the map segment it is
 * in), then the io/dos/high rows and the total.  --style prohst is PROHST
 * 1.0's listing, byte for byte (formats/prohst.c).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../emu/dos/folder.h"
#include "../formats/fileio.h"
#include "../formats/prc.h"
#include "../formats/prf.h"
#include "../formats/attrib.h"
#include "../formats/export.h"
#include "../formats/prohst.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"
#include "commands.h"
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


/* One row per symbol or line, busiest first (formats/attrib.c splits buckets). */
static int symbol_style(const struct prf *p, const struct symtab *t, unsigned top, unsigned width, int by_line)
{
    struct report r = { .io = (double)prf_io(p), .dos = (double)prf_dos(p), .high = (double)prf_high(p),
                        .column = by_line ? "line" : "symbol", .what = prf_unit(p) };
    if ((by_line ? attribute_lines(p, t, &r.rows, &r.n) : attribute_hits(p, t, &r.rows, &r.n)) != 0)
        return EXIT_PROFIL_FAILED;
    snprintf(r.footer, sizeof r.footer, "%u-paragraph buckets, %u us; %s map, %zu %s", p->bucket_size,
             p->clock_grain, map_format_name(t->format), by_line ? t->nline : t->nsym,
             by_line ? "line entries" : "symbols");
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
static const struct prf *sort_prf;
static int by_bucket_hits(const void *a, const void *b)
{
    unsigned i = *(const unsigned *)a, j = *(const unsigned *)b;
    if (prf_hits(sort_prf, i) != prf_hits(sort_prf, j))
        return prf_hits(sort_prf, i) > prf_hits(sort_prf, j) ? -1 : 1;
    return i < j ? -1 : 1;
}

/* One row per non-zero bucket, in address order or busiest first, named by
 * its symbol when there is a map; cum% accumulates in the order shown. */
static int bucket_style(const struct prf *p, const struct symtab *sym, unsigned top, unsigned width, int by_hits)
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
        sort_prf = p;
        qsort(order, n, sizeof *order, by_bucket_hits);
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
    folder_find(prf_path, found[0], sizeof found[0]);
    folder_find(hst, found[1], sizeof found[1]);
    if (map_path)
        map_path = folder_find(map, found[2], sizeof found[2]) ? found[2] : map;
    struct prf p;
    struct prohst_map m;
    char err[800];
    if (prf_read_file(found[0], &p, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_PROFIL_FAILED;
    }
    int rc = load_map(map_path, &m) != 0 ? EXIT_PROFIL_FAILED : write_listing(&p, &m, found[1]);
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
        return EXIT_PROFIL_FAILED;
    }
    int attached = prc_attach_beside(q->path, &p, &c, note, sizeof note), rc = EXIT_PROFIL_FAILED;
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

int cmd_hist(int argc, char **argv)
{
    static const struct option longs[] = {
        { "style", required_argument, 0, 's' }, { "map", required_argument, 0, 'm' },
        { "top", required_argument, 0, 't' }, { "width", required_argument, 0, 'w' },
        { "format", required_argument, 0, 'f' }, { "by", required_argument, 0, 'b' },
        { "metric", required_argument, 0, 'M' }, { "callgraph", no_argument, 0, 'G' },
        { "sort", required_argument, 0, 'S' },
        { "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 },
    };
    enum metric metric = METRIC_SAMPLES;
    int metric_given = 0, callgraph = 0;
    const char *style = "default", *map_path = NULL, *format = "text", *by = NULL, *sort = NULL;
    unsigned top = 0xFFFFFFFFu, width = 40;
    int c;
    optind = 1;
    if (argc == 2 && (strchr(argv[1], ',') || strchr(argv[1], ';')))
        return prohst_form(argv[1]);
    while ((c = getopt_long(argc, argv, "h", longs, NULL)) != -1) {
        switch (c) {
        case 's': style = optarg; break;
        case 'f': format = optarg; break;
        case 'b': by = optarg; break;
        case 'M':
            if (metric_parse(optarg, &metric) != 0) {
                fprintf(stderr, "profil: --metric %s: want instructions, cycles or samples\n", optarg);
                return EXIT_PROFIL_FAILED;
            }
            metric_given = 1;
            break;
        case 'm': map_path = optarg; break;
        case 'G': callgraph = 1; break;
        case 'S': sort = optarg; break;
        case 't': top = (unsigned)strtoul(optarg, NULL, 10); break;
        case 'w':
            width = (unsigned)strtoul(optarg, NULL, 10);
            if (width < 1 || width > 200) {
                fprintf(stderr, "profil: --width %s: want 1 to 200 columns\n", optarg);
                return EXIT_PROFIL_FAILED;
            }
            break;
        case 'h': usage(stdout); return 0;
        default: return EXIT_PROFIL_FAILED;
        }
    }
    if (strcmp(style, "default") != 0 && strcmp(style, "prohst") != 0 && strcmp(style, "inferno") != 0) {
        fprintf(stderr, "profil: --style %s: want default, prohst or inferno\n", style);
        return EXIT_PROFIL_FAILED;
    }
    if (strcmp(format, "text") != 0 && strcmp(format, "csv") != 0 && strcmp(format, "json") != 0 &&
        strcmp(format, "callgrind") != 0 && strcmp(format, "folded") != 0 && strcmp(format, "svg") != 0) {
        fprintf(stderr, "profil: --format %s: want text, csv, json, callgrind, folded or svg\n", format);
        return EXIT_PROFIL_FAILED;
    }
    if (by && strcmp(by, "bucket") != 0 && strcmp(by, "symbol") != 0 && strcmp(by, "line") != 0 &&
        strcmp(by, "function") != 0 && strcmp(by, "site") != 0 && strcmp(by, "service") != 0) {
        fprintf(stderr, "profil: --by %s: want bucket, symbol, line, function, site or service\n", by);
        return EXIT_PROFIL_FAILED;
    }
    if (by && (strcmp(by, "symbol") == 0 || strcmp(by, "line") == 0) && !map_path) {
        fprintf(stderr, "profil: --by %s needs --map\n", by);
        return EXIT_PROFIL_FAILED;
    }
    if (sort && strcmp(sort, "hits") != 0 && strcmp(sort, "address") != 0) {
        fprintf(stderr, "profil: --sort %s: want hits or address\n", sort);
        return EXIT_PROFIL_FAILED;
    }
    /* Bucket rows: busiest first when only the first N are wanted. */
    int by_hits = sort ? strcmp(sort, "hits") == 0 : top != 0xFFFFFFFFu;
    if (optind != argc - 1) {
        fprintf(stderr, "profil hist: want one .PRF file (profil hist [options] FILE.PRF)\n");
        return EXIT_PROFIL_FAILED;
    }
    if (prx_file_looks_like(argv[optind])) {
        struct hist_request q = { argv[optind], style, format, by, map_path, metric, metric_given, callgraph,
                                  top, width };
        return hist_prx(&q);
    }
    if (by && strcmp(by, "service") == 0) {
        struct hist_request q = { argv[optind], style, format, by, map_path, metric, metric_given, callgraph,
                                  top, width };
        return services_of_prf(&q);
    }
    if (metric != METRIC_SAMPLES) {
        fprintf(stderr, "profil: --metric %s: %s holds samples; exact counts are in the .prx of profil run --trace\n",
                metric_name(metric), argv[optind]);
        return EXIT_PROFIL_FAILED;
    }
    struct prf p;
    struct prohst_map m;
    char err[700];
    if (prf_read_file(argv[optind], &p, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_PROFIL_FAILED;
    }
    if (strcmp(style, "prohst") != 0) {        /* PROHST's listing is of the .PRF's own words */
        char note[700];
        prc_attach_beside(argv[optind], &p, NULL, note, sizeof note);
        fprintf(stderr, "profil: %s\n", note);
    }
    if (callgraph || (by && (strcmp(by, "function") == 0 || strcmp(by, "site") == 0))) {
        fprintf(stderr, "profil: %s: a .PRF has no calls or memory; they are in the .prx of profil run --trace, "
                "--stacks or --memory\n", argv[optind]);
        prf_free(&p);
        return EXIT_PROFIL_FAILED;
    }
    int rc = 0;
    if (strcmp(style, "inferno") == 0) {
        rc = hist_inferno_prf(&p);
    } else if (strcmp(format, "text") != 0) {
        struct symtab t;
        int have = map_path != NULL;
        if (have && symtab_read_file(map_path, &t, err, sizeof err) != 0) {
            fprintf(stderr, "profil: %s\n", err);
            rc = EXIT_PROFIL_FAILED;
        } else {
            const struct symtab *tp = have ? &t : NULL;
            int w;
            if (strcmp(format, "csv") == 0)
                w = export_csv(stdout, &p, tp);
            else if (strcmp(format, "json") == 0)
                w = export_json(stdout, &p, tp);
            else if (strcmp(format, "callgrind") == 0)
                w = export_callgrind(stdout, &p, tp, argv[optind]);
            else if (strcmp(format, "svg") == 0)
                w = export_svg(stdout, &p, tp, argv[optind]);
            else
                w = export_folded(stdout, &p, tp);
            rc = w == 0 ? 0 : EXIT_PROFIL_FAILED;
            if (have)
                symtab_free(&t);
        }
    } else if (strcmp(style, "prohst") == 0) {
        /* PROHST reads a map its own way: the " Start" segment table. */
        rc = load_map(map_path, &m) != 0 ? EXIT_PROFIL_FAILED : write_listing(&p, &m, NULL);
    } else if (map_path) {
        struct symtab t;
        if (symtab_read_file(map_path, &t, err, sizeof err) != 0) {
            fprintf(stderr, "profil: %s\n", err);
            rc = EXIT_PROFIL_FAILED;
        } else {
            int by_line = by && !strcmp(by, "line");
            if (by && !strcmp(by, "bucket"))
                rc = bucket_style(&p, &t, top, width, by_hits);
            else if (by_line && t.nline == 0) {
                fprintf(stderr, "profil: --by line: %s has no line-number table (LINK /LINENUMBERS, TLINK /l and Turbo Pascal write one)\n", map_path);
                rc = EXIT_PROFIL_FAILED;
            } else
                rc = symbol_style(&p, &t, top, width, by_line);
            symtab_free(&t);
        }
    } else {
        rc = bucket_style(&p, NULL, top, width, by_hits);
    }
    prf_free(&p);
    return rc;
}
