/*
 * report/hist_prf.c: `profil hist` of a .PRF (or a .prx's program as its
 * .PRF, --process): one row per non-zero bucket (hits, % of all samples,
 * cumulative %, a bar, the address range, its symbol), per symbol or per
 * source line, then the io/dos/high rows and the total; the exports of the
 * same rows (report/export.h); PROHST 1.0's listing byte for byte
 * (report/prohst.h); Inferno prof's "offset count" lines; and the time per
 * service of the NAME.prc beside it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/fileio.h"
#include "../formats/prc.h"
#include "../formats/prf.h"
#include "../formats/symtab.h"
#include "attrib.h"
#include "export.h"
#include "hist_internal.h"
#include "prohst.h"
#include "table.h"

static int load_map(const char *path, struct prohst_map *map, FILE *msg)
{
    char err[600];
    if (prohst_map_read_file(path, map, err, sizeof err) != 0) {
        fprintf(msg, "profil: %s\n", err);
        return -1;
    }
    return 0;
}

/* One row per symbol or line, busiest first (report/attrib.c splits buckets). */
static enum hist_status symbol_style(const struct hist_request *q, const struct prf *p, const struct symtab *t,
                                     int by_line)
{
    struct report r = { .io = (double)prf_io(p), .dos = (double)prf_dos(p), .high = (double)prf_high(p),
                        .column = by_line ? "line" : "symbol", .what = prf_unit(p), .more_hint = q->terminal };
    if ((by_line ? attribute_lines(p, t, &r.rows, &r.n) : attribute_hits(p, t, &r.rows, &r.n)) != 0)
        return HIST_BAD_INPUT;
    snprintf(r.footer, sizeof r.footer, "%u-paragraph buckets, %u us; %s map, %zu %s", p->bucket_size,
             p->clock_grain, map_format_name(t->format), by_line ? t->nline : t->nsym,
             by_line ? "line entries" : "symbols");
    if (attribute_is_estimate(p))
        attribute_estimate_note(p, r.estimate, sizeof r.estimate);
    report_print(q->out, &r, q->top, q->width);
    free(r.rows);
    return HIST_OK;
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

/* A bucket with its hits, busiest first, ties in address order: what
 * bucket_order sorts, so that the comparison needs no context. */
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

/* The non-zero buckets' indexes into order[] (*n of them), in address
 * order or busiest first (ties by address), and the largest count; -1 out
 * of memory. */
static int bucket_order(const struct prf *p, int by_hits, unsigned *order, unsigned *n, uint64_t *max)
{
    *n = 0;
    *max = 0;
    for (unsigned i = 0; i < p->bucket_num; i++) {
        if (prf_hits(p, i) > *max)
            *max = prf_hits(p, i);
        if (prf_hits(p, i))
            order[(*n)++] = i;
    }
    if (!by_hits)
        return 0;
    struct ranked_bucket *r = malloc((*n ? *n : 1) * sizeof *r);
    if (!r)
        return -1;
    for (unsigned k = 0; k < *n; k++)
        r[k] = (struct ranked_bucket){ prf_hits(p, order[k]), order[k] };
    qsort(r, *n, sizeof *r, by_bucket_hits);
    for (unsigned k = 0; k < *n; k++)
        order[k] = r[k].bucket;
    free(r);
    return 0;
}

/* One row per non-zero bucket, in address order or busiest first, named by
 * its symbol when there is a map; cum% accumulates in the order shown. */
static enum hist_status bucket_style(const struct hist_request *q, const struct prf *p, const struct symtab *sym,
                                     int by_hits)
{
    FILE *f = q->out;
    uint64_t total = prf_total(p), max, cumul = 0;
    unsigned *order = malloc((p->bucket_num ? p->bucket_num : 1) * sizeof *order), n = 0;
    if (!order || bucket_order(p, by_hits, order, &n, &max) != 0) {
        free(order);
        fprintf(q->msg, "profil: out of memory\n");
        return HIST_FAILED;
    }
    double t = total ? (double)total : 1.0;
    uint32_t B = p->bucket_size * 16u, limit = (uint32_t)p->bucket_num * B;
    fprintf(f, "%8s %6s %6s  %-*s  %-11s %s\n", "hits", "%", "cum%", (int)q->width, "", "address",
            sym ? "symbol" : "");
    size_t first = 0;
    for (unsigned k = 0; k < n && k < q->top; k++) {
        unsigned i = order[k];
        uint64_t hits = prf_hits(p, i);
        if (by_hits)
            first = 0;
        cumul += hits;
        unsigned len = max ? (unsigned)((hits * q->width + max / 2) / max) : 0;
        uint32_t lo = i * B;
        const char *name = sym ? symbol_in(sym, &first, lo, lo + B, limit) : NULL;
        fprintf(f, "%8llu %5.1f%% %5.1f%%  ", (unsigned long long)hits, 100.0 * (double)hits / t,
                100.0 * (double)cumul / t);
        for (unsigned c = 0; c < q->width; c++)
            putc(c < len ? '#' : ' ', f);
        fprintf(f, "  %05X-%05X %s\n", lo, lo + B - 1, name ? name : "");
    }
    free(order);
    const char *names[3] = { "io", "dos", "high" };
    const uint64_t hits[3] = { prf_io(p), prf_dos(p), prf_high(p) };
    for (int k = 0; k < 3; k++)
        fprintf(f, "%8llu %5.1f%%         %-*s  %s\n", (unsigned long long)hits[k], 100.0 * (double)hits[k] / t,
                (int)q->width, "", names[k]);
    fprintf(f, "%8llu %s (%u-paragraph buckets, %u us%s)\n", (unsigned long long)total, prf_unit(p), p->bucket_size,
            p->clock_grain, by_hits ? "; busiest first" : "");
    if (q->terminal && n > q->top)
        report_more(f, n - q->top, n);
    return HIST_OK;
}

enum hist_status hist_listing(const struct prf *p, const char *map_path, const char *hst, FILE *out, FILE *msg)
{
    struct prohst_map map;
    char *text, err[512];
    size_t n;
    if (load_map(map_path, &map, msg) != 0)
        return HIST_BAD_INPUT;
    if (prohst_render(p, &map, &text, &n) != 0) {
        fprintf(msg, "profil: out of memory\n");
        return HIST_FAILED;
    }
    enum hist_status rc = HIST_OK;
    if (!hst) {
        rc = fwrite(text, 1, n, out) == n ? HIST_OK : HIST_FAILED;
    } else if (write_file_atomic(hst, text, n, err, sizeof err) != 0) {
        fprintf(msg, "profil: %s\n", err);
        rc = HIST_FAILED;
    }
    free(text);
    return rc;
}

/* --style prohst: PROHST reads a map its own way, the " Start" segment table. */
enum hist_status hist_prf_prohst(const struct hist_request *q, struct hist_data *d)
{
    return hist_listing(d->p, q->map, NULL, q->out, q->msg);
}

/* --style inferno: Inferno prof's listing of a .PRF, "offset count" per non-zero bucket. */
enum hist_status hist_prf_inferno(const struct hist_request *q, struct hist_data *d)
{
    const struct prf *p = d->p;
    uint32_t B = p->bucket_size * 16u;
    for (uint32_t i = 0; i < p->bucket_num; i++)
        if (prf_hits(p, i))
            fprintf(q->out, "%05X %llu\n", i * B, (unsigned long long)prf_hits(p, i));
    return HIST_OK;
}

/* A .PRF's exports (--format other than text): per symbol, or per bucket
 * without symbols or with --by bucket. */
static enum hist_status export_prf(const struct hist_request *q, const struct prf *p, const struct symtab *t)
{
    int w;
    switch (q->format) {
    case FORMAT_CSV: w = export_csv(q->out, p, t); break;
    case FORMAT_JSON: w = export_json(q->out, p, t); break;
    case FORMAT_CALLGRIND: w = export_callgrind(q->out, p, t, q->path); break;
    case FORMAT_SVG: w = export_svg(q->out, p, t, q->path); break;
    case FORMAT_FOLDED: w = export_folded(q->out, p, t); break;
    case FORMAT_TEXT: default: w = -1; break;       /* the view table sends text to the tables */
    }
    return w == 0 ? HIST_OK : HIST_BAD_INPUT;
}

/* The rows of a .PRF: per bucket (named by its symbol when there is one),
 * per symbol or per line; or their exports. */
enum hist_status hist_prf_rows(const struct hist_request *q, struct hist_data *d)
{
    int by_hits = q->sort != SORT_ADDRESS;     /* busiest first wherever it writes, unless --sort address */
    const struct symtab *t = d->t;
    if (q->format != FORMAT_TEXT)
        return export_prf(q, d->p, q->by == BY_BUCKET ? NULL : t);
    if (!t || q->by == BY_BUCKET)
        return bucket_style(q, d->p, t, by_hits);
    if (q->by == BY_LINE && t->nline == 0) {
        fprintf(q->msg, "profil: --by line: %s has no line-number table (LINK /LINENUMBERS, TLINK /l and Turbo "
                "Pascal write one)\n", d->source);
        return HIST_BAD_INPUT;
    }
    return symbol_style(q, d->p, t, q->by == BY_LINE);
}

/* --by service for a .PRF: the time per service its NAME.prc (or a
 * trace's NAME.prx) holds; a .PRF alone has DOS and I/O as two rows. */
enum hist_status hist_prf_services(const struct hist_request *q, struct hist_data *d)
{
    const struct prc *c = d->c;
    if (!c || !c->services) {
        fprintf(q->msg, "profil: %s: a .PRF has DOS and BIOS time as two rows; the time per service is in the "
                "NAME.prc beside it (or a .prx) that profil run writes\n", q->path);
        return HIST_BAD_INPUT;
    }
    struct prx x = { .services = c->services, .nservices = c->nservices, .service_samples = c->service_samples,
                     .total_cycles = c->cycles, .total_insns = c->instructions };
    snprintf(x.program, sizeof x.program, "%s", c->program);
    snprintf(x.mode, sizeof x.mode, "%s", c->mode);
    return hist_services(&x, q);
}
