/*
 * report/prfdiff.c: see prfdiff.h.
 */
#include "prfdiff.h"

#include "attrib.h"
#include "callgraph.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../emu/clockrate.h"      /* CPU_HZ_NUM / CPU_HZ_DEN: a trace's cycles in seconds */
#include "../util/grow.h"

/* One row of one side before the two are matched by label. */
struct side_row {
    char label[80];
    int side;                   /* 0 old, 1 new */
    double count;
    uint64_t calls;
};

struct rows {
    struct side_row *r;
    size_t n, cap;
};

static int add(struct rows *v, int side, const char *label, double count, uint64_t calls)
{
    if (grow_array(&v->r, &v->cap, v->n + 1, sizeof *v->r) != 0)
        return -1;
    struct side_row *row = &v->r[v->n++];
    snprintf(row->label, sizeof row->label, "%s", label);
    row->side = side;
    row->count = count;
    row->calls = calls;
    return 0;
}

static int add_units(struct rows *v, int side, struct unit_hits *u, size_t n)
{
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++)
        rc = add(v, side, u[i].name, u[i].hits, 0);
    free(u);
    return rc;
}

static int add_classes(struct rows *v, int side, const double cls[3])
{
    static const char *const names[3] = { "io", "dos", "high" };
    for (int k = 0; k < 3; k++)
        if (add(v, side, names[k], cls[k], 0) != 0)
            return -1;
    return 0;
}

static void bucket_label(char *out, size_t n, uint32_t i, unsigned bucket_size)
{
    snprintf(out, n, "bucket %u (%05X)", i, i * bucket_size * 16u);
}

/* A .PRF's rows: buckets or its map's symbols, then io, dos, high. */
static int prf_rows(struct rows *v, int side, const struct diff_side *s, double *total)
{
    const struct prf *p = s->prf;
    char label[40];
    *total = (double)prf_total(p);
    if (s->map) {
        struct unit_hits *u;
        size_t n;
        if (attribute_hits(p, s->map, &u, &n) != 0 || add_units(v, side, u, n) != 0)
            return -1;
    } else {
        for (uint32_t i = 0; i < p->bucket_num; i++) {
            bucket_label(label, sizeof label, i, p->bucket_size);
            if (add(v, side, label, (double)prf_hits(p, i), 0) != 0)
                return -1;
        }
    }
    const double cls[3] = { (double)prf_io(p), (double)prf_dos(p), (double)prf_high(p) };
    return add_classes(v, side, cls);
}

/* A trace's rows in exact cycles: symbols or buckets, then io, dos, high. */
static int prx_rows(struct rows *v, int side, const struct diff_side *s, double *total)
{
    const struct prx *x = s->prx;
    double cls[3] = { 0, 0, 0 };
    char label[40];
    *total = 0;
    for (size_t i = 0; i < x->n; i++) {
        *total += (double)x->e[i].cycles;
        if (x->e[i].cls != PRX_PROGRAM)
            cls[x->e[i].cls] += (double)x->e[i].cycles;
    }
    if (s->map) {
        struct unit_hits *u;
        size_t n;
        if (attribute_exact(x, s->map, METRIC_CYCLES, 0, &u, &n) != 0 || add_units(v, side, u, n) != 0)
            return -1;
    } else {
        uint32_t B = x->bucket_size * 16u;
        for (size_t i = 0; i < x->n; i++) {
            uint32_t off = prx_offset(x, &x->e[i]);
            if (x->e[i].cls != PRX_PROGRAM || off / B >= x->bucket_num)
                continue;
            bucket_label(label, sizeof label, off / B, x->bucket_size);
            if (add(v, side, label, (double)x->e[i].cycles, 0) != 0)
                return -1;
        }
    }
    return add_classes(v, side, cls);
}

/* Per function of a .prx's call tree: self cost and calls. */
static int function_rows(struct rows *v, int side, const struct diff_side *s, enum metric m, double *total)
{
    struct callgraph g;
    if (callgraph_build(s->prx, s->map, &g) != 0)
        return -1;
    int rc = 0;
    for (size_t i = 0; i < g.nfn && rc == 0; i++)
        rc = add(v, side, g.fn[i].name, (double)g.fn[i].self[m], g.fn[i].calls);
    *total = (double)g.total[m];
    callgraph_free(&g);
    return rc;
}

static int by_label(const void *x, const void *y)
{
    const struct side_row *a = x, *b = y;
    int c = strcmp(a->label, b->label);
    return c ? c : a->side - b->side;
}

static int by_move(const void *x, const void *y)
{
    const struct diff_row *a = x, *b = y;
    double da = fabs(a->new_cost - a->old_cost), db = fabs(b->new_cost - b->old_cost);
    if (da != db)
        return da < db ? 1 : -1;
    return strcmp(a->label, b->label);
}

/* Rows with one label summed per side, as shares of each side's total. */
static int match_rows(struct rows *v, const double total[2], struct prf_diff *out)
{
    qsort(v->r, v->n, sizeof *v->r, by_label);
    out->rows = calloc(v->n ? v->n : 1, sizeof *out->rows);
    if (!out->rows)
        return -1;
    for (size_t i = 0; i < v->n; i++) {
        struct diff_row *row = out->n && strcmp(out->rows[out->n - 1].label, v->r[i].label) == 0
                                   ? &out->rows[out->n - 1] : &out->rows[out->n++];
        snprintf(row->label, sizeof row->label, "%s", v->r[i].label);
        *(v->r[i].side ? &row->new_count : &row->old_count) += v->r[i].count;
        *(v->r[i].side ? &row->new_calls : &row->old_calls) += v->r[i].calls;
    }
    for (size_t i = 0; i < out->n; i++) {
        out->rows[i].old_share = 100.0 * out->rows[i].old_count / (total[0] > 0 ? total[0] : 1);
        out->rows[i].new_share = 100.0 * out->rows[i].new_count / (total[1] > 0 ? total[1] : 1);
        out->rows[i].old_cost = out->rows[i].old_count * out->per_count[0];
        out->rows[i].new_cost = out->rows[i].new_count * out->per_count[1];
    }
    out->old_whole = total[0] * out->per_count[0];
    qsort(out->rows, out->n, sizeof *out->rows, by_move);
    return 0;
}

static void put_total(struct prf_diff *d, const char *what, double a, double b, int estimated)
{
    d->total[d->ntotal++] = (struct diff_total){ what, a, b, estimated };
}

/* A .PRF's emulated time: NAME.prc's, else samples x interval; -1: none
 * (a trace's .PRF without its .prc counts instructions, not time). */
static double prf_seconds(const struct diff_side *s)
{
    if (s->prc)
        return s->prc->seconds;
    return strcmp(prf_unit(s->prf), "samples") == 0 ? (double)prf_total(s->prf) * s->prf->clock_grain / 1e6 : -1;
}

/* A sampling .PRF's milliseconds per sample: its run's (NAME.prc), else the interval. */
static double ms_per_sample(const struct diff_side *s)
{
    if (s->prc && s->prc->samples)
        return 1e3 * s->prc->seconds / (double)s->prc->samples;
    return s->prf->clock_grain / 1e3;
}

static int prf_totals(const struct diff_side *a, const struct diff_side *b, struct prf_diff *out, char *err,
                      size_t errn)
{
    const char *ua = prf_unit(a->prf), *ub = prf_unit(b->prf);
    if (strcmp(ua, ub) != 0) {
        snprintf(err, errn, "one profile counts %s, the other %s (a --trace run and a sampling run)", ua, ub);
        return -1;
    }
    if (!a->map && !b->map && (a->prf->bucket_size != b->prf->bucket_size || a->prf->bucket_num != b->prf->bucket_num)) {
        snprintf(err, errn, "the profiles have different bucket layouts (%u buckets of %u paragraphs vs "
                 "%u of %u): profile both with the same -b on the same program, or give each its map",
                 a->prf->bucket_num, a->prf->bucket_size, b->prf->bucket_num, b->prf->bucket_size);
        return -1;
    }
    double ta = prf_seconds(a), tb = prf_seconds(b);
    if (ta >= 0 && tb >= 0)
        put_total(out, "emulated time", ta, tb, !a->prc || !b->prc);
    if (strcmp(ua, "instructions") == 0 || a->prf->clock_grain == b->prf->clock_grain)
        put_total(out, ua, (double)prf_total(a->prf), (double)prf_total(b->prf), 0);
    out->unit = ua;
    int sampled = strcmp(ua, "samples") == 0;
    out->cost_unit = sampled ? "ms" : ua;
    out->per_count[0] = sampled ? ms_per_sample(a) : 1;
    out->per_count[1] = sampled ? ms_per_sample(b) : 1;
    out->estimated = (a->map && attribute_is_estimate(a->prf)) || (b->map && attribute_is_estimate(b->prf));
    return 0;
}

static void prx_totals(const struct prx *a, const struct prx *b, struct prf_diff *out)
{
    const double hz = (double)CPU_HZ_NUM / (double)CPU_HZ_DEN;
    put_total(out, "emulated time", (double)a->total_cycles / hz, (double)b->total_cycles / hz, 0);
    put_total(out, "cycles", (double)a->total_cycles, (double)b->total_cycles, 0);
    put_total(out, "instructions", (double)a->total_insns, (double)b->total_insns, 0);
}

/* Two .prx files: rows in exact cycles, or per function; samples when a
 * side is from a sampling run (its call tree has no cycles of its own). */
static int prx_compare(const struct diff_side *a, const struct diff_side *b, int by_function, struct rows *v,
                       double total[2], struct prf_diff *out, char *err, size_t errn)
{
    int sampled = strcmp(a->prx->mode, "sampling") == 0 || strcmp(b->prx->mode, "sampling") == 0;
    if (by_function && (!a->prx->calls || !b->prx->calls)) {
        snprintf(err, errn, "--by function needs a call tree in both .prx files (profil run --trace or --stacks)");
        return -1;
    }
    if (!by_function && sampled) {
        snprintf(err, errn, "a .prx of a sampling run has no addresses: diff the .PRFs beside them, or --by function");
        return -1;
    }
    prx_totals(a->prx, b->prx, out);
    enum metric m = sampled ? METRIC_SAMPLES : METRIC_CYCLES;
    out->unit = by_function && sampled ? "samples" : "cycles";
    out->cost_unit = sampled ? "ms" : "cycles";
    for (int k = 0; k < 2; k++) {       /* a sampling run's ms per sample: its time over its samples */
        const struct prx *x = k ? b->prx : a->prx;
        double ms = 1e3 * (double)x->total_cycles * (double)CPU_HZ_DEN / (double)CPU_HZ_NUM;
        out->per_count[k] = !sampled ? 1 : x->service_samples ? ms / (double)x->service_samples : x->clock_grain / 1e3;
    }
    out->calls = by_function;
    for (int k = 0; k < 2; k++) {
        const struct diff_side *s = k ? b : a;
        if ((by_function ? function_rows(v, k, s, m, &total[k]) : prx_rows(v, k, s, &total[k])) != 0) {
            snprintf(err, errn, "out of memory");
            return -1;
        }
    }
    return 0;
}

int profile_compare(const struct diff_side *a, const struct diff_side *b, int by_function, struct prf_diff *out,
                    char *err, size_t errn)
{
    struct rows v = { 0 };
    double total[2] = { 0, 0 };
    int rc = -1;
    memset(out, 0, sizeof *out);
    if (!a->prx != !b->prx) {
        snprintf(err, errn, "a .PRF and a .prx: compare two .PRF files or two .prx files");
        return -1;
    }
    if (a->prx) {
        rc = prx_compare(a, b, by_function, &v, total, out, err, errn);
    } else if (by_function) {
        snprintf(err, errn, "--by function compares two .prx files with call trees; a .PRF has no calls");
    } else if ((rc = prf_totals(a, b, out, err, errn)) == 0 &&
               (prf_rows(&v, 0, a, &total[0]) != 0 || prf_rows(&v, 1, b, &total[1]) != 0)) {
        snprintf(err, errn, "out of memory");
        rc = -1;
    }
    if (rc == 0 && match_rows(&v, total, out) != 0) {
        snprintf(err, errn, "out of memory");
        rc = -1;
    }
    free(v.r);
    if (rc != 0)
        prf_diff_free(out);
    return rc;
}

double diff_row_change(const struct diff_row *r)
{
    if (r->old_cost <= 0)
        return r->new_cost > 0 ? HUGE_VAL : 0;
    return 100.0 * (r->new_cost - r->old_cost) / r->old_cost;
}

int diff_row_shown(const struct prf_diff *d, const struct diff_row *r)
{
    return fabs(r->new_cost - r->old_cost) >= 0.0005 * d->old_whole || r->old_calls != r->new_calls;
}

int diff_row_grew(const struct prf_diff *d, const struct diff_row *r, double threshold)
{
    double grew = r->new_cost - r->old_cost;
    return grew > 0 && diff_row_change(r) > threshold && grew >= DIFF_ROW_FLOOR / 100.0 * d->old_whole;
}

double diff_growth(const struct diff_total *t)
{
    if (t->old_value <= 0)
        return t->new_value > 0 ? HUGE_VAL : 0;
    return 100.0 * (t->new_value - t->old_value) / t->old_value;
}

void prf_diff_free(struct prf_diff *d)
{
    free(d->rows);
    d->rows = NULL;
    d->n = 0;
}

void prf_first_difference(const struct prf *a, const struct prf *b, char *out, size_t n)
{
    static const char *const names[9] = { "clock_grain", "bucket_num", "bucket_size", "prog_low_pa",
                                    "prog_high_pa", "dos_pa", "hit_io", "hit_dos", "hit_high" };
    const uint16_t ha[9] = { a->clock_grain, a->bucket_num, a->bucket_size, a->prog_low_pa,
                             a->prog_high_pa, a->dos_pa, a->hit_io, a->hit_dos, a->hit_high };
    const uint16_t hb[9] = { b->clock_grain, b->bucket_num, b->bucket_size, b->prog_low_pa,
                             b->prog_high_pa, b->dos_pa, b->hit_io, b->hit_dos, b->hit_high };
    out[0] = 0;
    for (int i = 0; i < 9; i++) {
        if (ha[i] != hb[i]) {
            snprintf(out, n, "%s (offset %d): %u vs %u", names[i], 2 * i, ha[i], hb[i]);
            return;
        }
    }
    for (unsigned i = 0; i < a->bucket_num; i++) {
        if (a->bucket[i] != b->bucket[i]) {
            snprintf(out, n, "bucket %u (offset %u): %u vs %u", i, PRF_HEADER_BYTES + 2 * i,
                     a->bucket[i], b->bucket[i]);
            return;
        }
    }
}
