/*
 * report/attrib.c: see attrib.h.
 */
#include "attrib.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_start(const void *a, const void *b)
{
    const struct unit_hits *x = a, *y = b;
    return (x->start > y->start) - (x->start < y->start);
}

/* Splits each bucket's hits among rows[0..n-1] (whose ranges are set) in
 * proportion to the bytes they cover in it; returns what no row covered.
 * Leaves the rows sorted by start. */
static double split_buckets(const struct prf *p, struct unit_hits *rows, size_t n)
{
    uint32_t B = p->bucket_size * 16u;
    /* Symbols are sorted and do not overlap; segments may: sort by start and
     * sweep, so each bucket looks only at the rows that can reach it. */
    qsort(rows, n, sizeof *rows, by_start);
    double prog = 0, covered = 0;
    size_t first = 0;
    for (unsigned b = 0; b < p->bucket_num; b++) {
        double hits = (double)prf_hits(p, b);      /* exact when a NAME.prc is attached */
        prog += hits;
        if (!hits)
            continue;
        uint32_t lo = b * B, hi = lo + B, inside = 0;
        while (first < n && rows[first].end <= lo)
            first++;
        for (size_t i = first; i < n && rows[i].start < hi; i++) {
            uint32_t s = rows[i].start > lo ? rows[i].start : lo, e = rows[i].end < hi ? rows[i].end : hi;
            inside += s < e ? e - s : 0;
        }
        for (size_t i = first; inside && i < n && rows[i].start < hi; i++) {
            uint32_t s = rows[i].start > lo ? rows[i].start : lo, e = rows[i].end < hi ? rows[i].end : hi;
            if (s < e) {
                double share = hits * (e - s) / inside;
                rows[i].hits += share;
                covered += share;
            }
        }
    }
    return prog - covered;
}

/* Fills rows[0..n-1] (ranges set, sorted by start afterwards) with a
 * profile's counts; returns the count no row covered. */
typedef double (*fill_fn)(const void *profile, struct unit_hits *rows, size_t n);

/* The row holding offset off (rows sorted by start), or n. */
static size_t row_at(const struct unit_hits *rows, size_t n, uint32_t off)
{
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (rows[mid].start <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && off < rows[lo - 1].end ? lo - 1 : n;
}

/* A .PRF with its run's counted addresses: each goes whole to its row;
 * without them, each bucket is split by bytes. */
static double fill_from_buckets(const void *profile, struct unit_hits *rows, size_t n)
{
    const struct prf *p = profile;
    if (!p->at)
        return split_buckets(p, rows, n);
    double outside = 0;
    qsort(rows, n, sizeof *rows, by_start);
    for (size_t i = 0; i < p->nat; i++) {
        size_t r = row_at(rows, n, p->at[i].offset);
        if (r < n)
            rows[r].hits += (double)p->at[i].count;
        else
            outside += (double)p->at[i].count;
    }
    return outside;
}

int attribute_is_estimate(const struct prf *p)
{
    return !p->at;
}

void attribute_estimate_note(const struct prf *p, char *out, size_t n)
{
    snprintf(out, n, "~ estimates: each %u-byte bucket's %s split among its symbols by bytes, as the .PRF has no "
             "NAME.prc with each sample's address beside it", p->bucket_size * 16u, prf_unit(p));
}

static int symbol_rows(const struct symtab *t, uint32_t limit, fill_fn fill, const void *profile,
                       struct unit_hits **out, size_t *nout)
{
    size_t n = t->nsym ? t->nsym : t->nseg;
    struct unit_hits *rows = calloc(n + 1, sizeof *rows);
    if (!rows)
        return -1;
    for (size_t i = 0; i < n; i++) {
        rows[i].name = t->nsym ? t->sym[i].name : t->seg[i].name;
        rows[i].start = t->nsym ? t->sym[i].addr : t->seg[i].start;
        rows[i].end = t->nsym ? symtab_symbol_end(t, i, limit) : t->seg[i].stop + 1;
    }
    rows[n].name = "(no symbol)";
    rows[n].hits = fill(profile, rows, n);
    *out = rows;
    *nout = n + 1;
    return 0;
}

int attribute_hits(const struct prf *p, const struct symtab *t, struct unit_hits **out, size_t *nout)
{
    return symbol_rows(t, (uint32_t)p->bucket_num * p->bucket_size * 16u, fill_from_buckets, p, out, nout);
}

static int by_name_then_start(const void *a, const void *b)
{
    const struct unit_hits *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : (x->start > y->start) - (x->start < y->start);
}

static int line_rows(const struct symtab *t, uint32_t limit, fill_fn fill, const void *profile,
                     struct unit_hits **out, size_t *nout)
{
    size_t n = 0;
    struct unit_hits *rows = calloc(t->nline + 1, sizeof *rows);
    if (!rows)
        return -1;
    for (size_t i = 0; i < t->nline; i++) {
        uint32_t end = symtab_line_end(t, i, limit);
        if (end <= t->line[i].addr)
            continue;           /* a second entry at one address, or past the profile */
        rows[n].name = t->line[i].label;
        rows[n].start = t->line[i].addr;
        rows[n].end = end;
        n++;
    }
    double outside = fill(profile, rows, n);
    /* One row per label: sum its entries, keep its first range. */
    qsort(rows, n, sizeof *rows, by_name_then_start);
    size_t m = 0;
    for (size_t i = 0; i < n; i++) {
        if (m && strcmp(rows[m - 1].name, rows[i].name) == 0)
            rows[m - 1].hits += rows[i].hits;
        else
            rows[m++] = rows[i];
    }
    qsort(rows, m, sizeof *rows, by_start);
    rows[m] = (struct unit_hits){ "(no line)", 0, 0, outside, 0 };
    *out = rows;
    *nout = m + 1;
    return 0;
}

int attribute_lines(const struct prf *p, const struct symtab *t, struct unit_hits **out, size_t *nout)
{
    return line_rows(t, (uint32_t)p->bucket_num * p->bucket_size * 16u, fill_from_buckets, p, out, nout);
}

/* ---- exact counts (trace mode's .prx) ------------------------------------ */

struct exact_source {
    const struct prx *x;
    enum metric metric;
};

const char *const metric_names[NMETRICS] = { "samples", "instructions", "cycles", "stalls" };
const char *const attrib_unit_names[NUNITS] = { NULL, "bucket", "symbol", "line", "function", "site", "service", "zone", "frame", "label" };

const char *metric_name(enum metric m)
{
    return (unsigned)m < NMETRICS ? metric_names[m] : "?";
}

double prx_metric(const struct prx_entry *e, enum metric m)
{
    return (double)(m == METRIC_CYCLES ? e->cycles : m == METRIC_STALLS ? e->stalls : e->insns);
}

/* Each program address's count goes whole to the row whose range holds
 * it (the last row starting at or below it). */
static double fill_from_prx(const void *profile, struct unit_hits *rows, size_t n)
{
    const struct exact_source *src = profile;
    const struct prx *x = src->x;
    double outside = 0;
    qsort(rows, n, sizeof *rows, by_start);
    for (size_t i = 0; i < x->n; i++) {
        const struct prx_entry *e = &x->e[i];
        if (e->cls != PRX_PROGRAM)
            continue;
        double v = prx_metric(e, src->metric);
        size_t r = row_at(rows, n, prx_offset(x, e));
        if (r < n)
            rows[r].hits += v;
        else
            outside += v;
    }
    return outside;
}

int attribute_exact(const struct prx *x, const struct symtab *t, enum metric m, int by_line,
                    struct unit_hits **out, size_t *nout)
{
    struct exact_source src = { x, m };
    uint32_t limit = (uint32_t)x->bucket_num * x->bucket_size * 16u;
    return by_line ? line_rows(t, limit, fill_from_prx, &src, out, nout)
                   : symbol_rows(t, limit, fill_from_prx, &src, out, nout);
}
