/*
 * report/hist_buckets.c: `profil hist FILE --buckets DEFS`: finds the
 * recorded run behind FILE (a sample log NAME.prs, or a trace's NAME.prx,
 * given or beside a .PRF), and prints the counts per row of the bucket
 * definitions (formats/buckets.h, counted by report/rebucket.h), then
 * what no bucket holds by class, then the groups; text or csv.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../formats/buckets.h"
#include "../formats/prc.h"
#include "rebucket.h"
#include "../formats/samplelog.h"
#include "hist_internal.h"

/* What FILE leads to: a sample log, or a trace read into *x. */
struct source {
    char prs[4200];             /* the sample log, or "" */
    char run[17];               /* its run's id, or "" (formats/samplelog.h) */
    struct prx x;               /* a trace (x.e != NULL) */
    int trace;
    uint16_t prog_low_pa;
    const char *what;           /* "samples", or the metric's name */
    FILE *msg;                  /* where the errors go */
};

static int use_samplelog(struct source *src, const char *path)
{
    char err[700];
    struct prf l;
    uint64_t n;
    snprintf(src->prs, sizeof src->prs, "%s", path);
    if (samplelog_read_file(path, &l, &n, src->run, NULL, NULL, err, sizeof err) != 0) {
        fprintf(src->msg, "profil: %s\n", err);
        return -1;
    }
    src->prog_low_pa = l.prog_low_pa;
    src->what = "samples";
    return 0;
}

static int use_prx(struct source *src, const char *path)
{
    char err[700];
    if (prx_read_file(path, &src->x, err, sizeof err) != 0) {
        fprintf(src->msg, "profil: %s\n", err);
        return -1;
    }
    src->trace = 1;
    src->prog_low_pa = src->x.prog_low_pa;
    return 0;
}

/* A trace at path: 1 used, 0 not a trace (a sampling .prx), -1 error. */
static int try_trace(struct source *src, const char *path)
{
    if (use_prx(src, path) != 0)
        return -1;
    if (strcmp(src->x.mode, "trace") == 0)
        return 1;
    prx_free(&src->x);
    src->trace = 0;
    return 0;
}

/* Whether the sample log found beside the .PRF `path` is another run's:
 * the .PRF's NAME.prc names another run id (formats/prc.h, as a .prx's
 * is checked); said on stderr, and the log is not used. */
static int other_run(const char *path, const struct source *src)
{
    char prc[4200], err[700];
    struct prc c;
    prc_path(path, prc, sizeof prc);
    if (!src->run[0] || access(prc, F_OK) != 0 || prc_read_file(prc, &c, err, sizeof err) != 0)
        return 0;
    int other = strlen(c.run) == 16 && strcmp(c.run, src->run) != 0;
    if (other)
        fprintf(src->msg, "profil: %s: the sample log beside it is another run's: %s and %s are from different runs "
                "(run %s and run %s); nothing re-bucketed (run the program again with --samples)\n", path, src->prs,
                prc, src->run, c.run);
    prc_free(&c);
    return other;
}

/* FILE itself (a sample log, or a trace's .prx), or beside it: NAME.prs
 * (of the .PRF's run), else (beside a .PRF) a trace's NAME.prx. */
static int find_source(const char *path, struct source *src, FILE *msg)
{
    char prs[4200], prx[4200];
    memset(src, 0, sizeof *src);
    src->msg = msg;
    if (samplelog_file_looks_like(path))
        return use_samplelog(src, path);
    int is_prx = prx_file_looks_like(path), rc;
    if (is_prx && (rc = try_trace(src, path)) != 0)
        return rc > 0 ? 0 : -1;
    prc_beside(path, ".prs", prs, sizeof prs);
    if (access(prs, F_OK) == 0)
        return use_samplelog(src, prs) != 0 || (!is_prx && other_run(path, src)) ? -1 : 0;
    prc_beside(path, ".prx", prx, sizeof prx);
    if (!is_prx && access(prx, F_OK) == 0 && (rc = try_trace(src, prx)) != 0)
        return rc > 0 ? 0 : -1;
    fprintf(src->msg, "profil: %s: no sample log beside it (%s, from profil run --samples)%s: nothing to re-bucket\n",
            path, prs, is_prx ? "" : " and no trace (NAME.prx of run --trace)");
    return -1;
}

/* "+0070-+007F" in the program, "00400-004FF" linear below it. */
static void range_text(const struct bucketset *s, uint32_t lo, uint32_t hi, char *out, size_t n)
{
    if (lo >= s->prog_lo)
        snprintf(out, n, "+%04X-+%04X", lo - s->prog_lo, hi - 1 - s->prog_lo);
    else
        snprintf(out, n, "%05X-%05X", lo, hi - 1);
}

static const char *const other_names[4] = { "(no bucket: io)", "(no bucket: dos)", "(no bucket: high)",
                                            "(no bucket: program)" };

static void print_text(FILE *f, const struct bucketset *s, const struct rebucket *r, const struct source *src,
                       const char *from, const char *defs)
{
    double t = r->total ? (double)r->total : 1.0;
    char range[80];
    fprintf(f, "%s in %s, by %s: %u bucket(s), %u row(s), %u group(s)\n", src->what, from, defs, s->nbucket, s->nrow,
            s->ngroup);
    fprintf(f, "%12s %6s  %-28s %s\n", src->trace ? src->what : "hits", "%", "row", "range");
    for (uint32_t i = 0; i < s->nrow; i++) {
        const struct bucket_row *w = &s->row[i];
        range_text(s, w->lo, w->hi, range, sizeof range);
        fprintf(f, "%12llu %5.1f%%  %-28s %s", (unsigned long long)r->row[i], 100.0 * (double)r->row[i] / t, w->name,
                range);
        if (w->nranges > 1)
            fprintf(f, " and %u more range(s)", w->nranges - 1);
        putc('\n', f);
    }
    static const int order[4] = { PRX_PROGRAM, PRX_IO, PRX_DOS, PRX_HIGH };
    for (int k = 0; k < 4; k++)
        fprintf(f, "%12llu %5.1f%%  %s\n", (unsigned long long)r->other[order[k]],
                100.0 * (double)r->other[order[k]] / t, other_names[order[k]]);
    fprintf(f, "%12llu %s\n", (unsigned long long)r->total, src->what);
    for (uint32_t g = 0; g < s->ngroup; g++) {
        uint64_t v = rebucket_group(s, r, g);
        fprintf(f, "%sgroup %-22s %12llu %5.1f%%  =", g ? "" : "\n", s->group[g].name, (unsigned long long)v,
                100.0 * (double)v / t);
        for (uint32_t k = 0; k < s->group[g].n; k++)
            fprintf(f, "%s %s", k ? "," : "", s->bucket[s->group[g].member[k]].name);
        putc('\n', f);
    }
}

/* A CSV field: the name quoted, '"' doubled. */
static void csv_name(FILE *f, const char *name)
{
    putc('"', f);
    for (const char *c = name; *c; c++) {
        if (*c == '"')
            putc('"', f);
        putc(*c, f);
    }
    putc('"', f);
}

static void print_csv(FILE *f, const struct bucketset *s, const struct rebucket *r, const struct source *src)
{
    double t = r->total ? (double)r->total : 1.0;
    fprintf(f, "kind,name,start,end,%s,percent\n", src->what);
    for (uint32_t i = 0; i < s->nrow; i++) {
        fprintf(f, "row,");
        csv_name(f, s->row[i].name);
        fprintf(f, ",%u,%u,%llu,%.3f\n", s->row[i].lo, s->row[i].hi, (unsigned long long)r->row[i],
                100.0 * (double)r->row[i] / t);
    }
    static const char *const cls[4] = { "io", "dos", "high", "program" };
    for (int k = 0; k < 4; k++)
        fprintf(f, "none,\"%s\",,,%llu,%.3f\n", cls[k], (unsigned long long)r->other[k],
                100.0 * (double)r->other[k] / t);
    for (uint32_t g = 0; g < s->ngroup; g++) {
        uint64_t v = rebucket_group(s, r, g);
        fprintf(f, "group,");
        csv_name(f, s->group[g].name);
        fprintf(f, ",,,%llu,%.3f\n", (unsigned long long)v, 100.0 * (double)v / t);
    }
}

enum hist_status hist_buckets(const struct hist_request *q, struct hist_data *unused)
{
    (void)unused;
    struct source src;
    struct symtab t;
    struct bucketset s;
    struct rebucket r;
    char err[1200];
    int rc = HIST_BAD_INPUT, have_map = 0;
    if (find_source(q->path, &src, q->msg) != 0)
        return rc;
    enum metric m = q->metric == METRIC_SAMPLES ? METRIC_CYCLES : q->metric;  /* a trace: time, unless asked */
    if (!src.trace && q->metric_given && q->metric != METRIC_SAMPLES) {
        fprintf(q->msg, "profil: --metric %s: %s holds samples; exact counts are in the .prx of profil run --trace\n",
                metric_name(q->metric), src.prs);
        return rc;
    }
    if (src.trace && q->metric_given && q->metric == METRIC_SAMPLES) {
        fprintf(q->msg, "profil: --metric samples: a trace's address rows count instructions, cycles and stalls\n");
        goto out;
    }
    if (src.trace)
        src.what = metric_name(m);
    if (q->map) {
        if (symtab_read_file(q->map, &t, err, sizeof err) != 0) {
            fprintf(q->msg, "profil: %s\n", err);
            goto out;
        }
        have_map = 1;
    }
    if (bucketset_read_file(q->buckets, have_map ? &t : NULL, src.prog_low_pa, &s, err, sizeof err) != 0) {
        fprintf(q->msg, "profil: %s\n", err);
        goto out;
    }
    int counted = src.trace ? rebucket_prx(&src.x, m, &s, &r) : rebucket_samples(src.prs, &s, &r, err, sizeof err);
    if (counted != 0)
        fprintf(q->msg, "profil: %s\n", src.trace ? "out of memory" : err);
    else {
        if (q->format == FORMAT_CSV)
            print_csv(q->out, &s, &r, &src);
        else
            print_text(q->out, &s, &r, &src, src.trace ? q->path : src.prs, q->buckets);
        rebucket_free(&r);
        rc = 0;
    }
    bucketset_free(&s);
out:
    if (have_map)
        symtab_free(&t);
    prx_free(&src.x);
    return rc;
}
