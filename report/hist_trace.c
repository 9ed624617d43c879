/*
 * report/hist_trace.c: `profil hist` over a trace mode .prx (formats/prx.h):
 * the same tables as for a .PRF, with exact instructions or cycles (or
 * one frame's own, --frame N), their exports, and Inferno prof's
 * "address count" listing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "export.h"
#include "../formats/prf.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"
#include "hist_internal.h"
#include "table.h"

/* One row per bucket of the .prx's layout (no map, or --by bucket). */
static int bucket_rows(const struct prx *x, enum metric m, struct unit_hits **out, size_t *n)
{
    uint32_t B = x->bucket_size * 16u;
    struct unit_hits *rows = calloc(x->bucket_num ? x->bucket_num : 1, sizeof *rows);
    if (!rows)
        return -1;
    for (uint32_t i = 0; i < x->bucket_num; i++)
        rows[i] = (struct unit_hits){ "", i * B, (i + 1) * B, 0, 0 };
    for (size_t i = 0; i < x->n; i++) {
        uint32_t off = prx_offset(x, &x->e[i]);
        if (x->e[i].cls == PRX_PROGRAM && off / B < x->bucket_num)
            rows[off / B].hits += prx_metric(&x->e[i], m);
    }
    *out = rows;
    *n = x->bucket_num;
    return 0;
}

/* The bus model's stalls of each row, beside its cycles (the same rows in
 * the same order, counted under METRIC_STALLS). */
static int add_stalls(const struct prx *x, const struct symtab *t, int by_line, struct report *r)
{
    struct unit_hits *s;
    size_t n;
    if ((t ? attribute_exact(x, t, METRIC_STALLS, by_line, &s, &n) : bucket_rows(x, METRIC_STALLS, &s, &n)) != 0)
        return -1;
    for (size_t i = 0; i < n && i < r->n; i++)
        r->rows[i].stalls = s[i].hits;
    free(s);
    r->stall_column = 1;
    return 0;
}

/* --metric stalls: the video card's wait states among each row's stalls
 * (the stall cause "video"), in the rows' `stalls`, counted as the stalls
 * are on a copy of the .prx whose stalls are its video waits. */
static int add_video(const struct prx *x, const struct symtab *t, int by_line, struct report *r)
{
    struct prx v = *x;
    struct unit_hits *s;
    size_t n;
    v.e = malloc((x->n ? x->n : 1) * sizeof *v.e);
    if (!v.e)
        return -1;
    for (size_t i = 0; i < x->n; i++) {
        v.e[i] = x->e[i];
        v.e[i].stalls = x->e[i].video;
    }
    int rc = t ? attribute_exact(&v, t, METRIC_STALLS, by_line, &s, &n) : bucket_rows(&v, METRIC_STALLS, &s, &n);
    free(v.e);
    if (rc != 0)
        return -1;
    for (size_t i = 0; i < n && i < r->n; i++)
        r->rows[i].stalls = s[i].hits;
    free(s);
    r->video_column = 1;
    return 0;
}

/* --style inferno of a trace: "address count" per address that has any. */
enum hist_status hist_prx_inferno(const struct hist_request *q, struct hist_data *d)
{
    const struct prx *x = d->x;
    for (size_t i = 0; i < x->n; i++) {
        double v = prx_metric(&x->e[i], d->m);
        if (v > 0)
            fprintf(q->out, "%05X %.0f\n", x->e[i].linear, v);
    }
    return HIST_OK;
}

/* The rows of the .prx (per symbol or line of t, else per bucket) under
 * the metric into r, with the bus model's stall% (cycles) or video%
 * (stalls, text) column; -1 out of memory. */
static int exact_rows(const struct hist_request *q, const struct hist_data *d, struct report *r)
{
    const struct prx *x = d->x;
    const struct symtab *t = d->t;
    int by_line = q->by == BY_LINE;
    for (size_t i = 0; i < x->n; i++) {
        double v = prx_metric(&x->e[i], d->m);
        r->io += x->e[i].cls == PRX_IO ? v : 0;
        r->dos += x->e[i].cls == PRX_DOS ? v : 0;
        r->high += x->e[i].cls == PRX_HIGH ? v : 0;
    }
    if ((t ? attribute_exact(x, t, d->m, by_line, &r->rows, &r->n) : bucket_rows(x, d->m, &r->rows, &r->n)) != 0)
        return -1;
    if (x->has_stalls && d->m == METRIC_CYCLES)
        return add_stalls(x, t, by_line, r);
    if (x->has_stalls && d->m == METRIC_STALLS && q->format == FORMAT_TEXT)
        return add_video(x, t, by_line, r);
    return 0;
}

/* The table's footer: frame N's, "exact, traced" or "sampled", the run's totals, the map's kind. */
static void rows_footer(const struct hist_request *q, const struct hist_data *d, struct report *r)
{
    const struct prx *x = d->x;
    const char *map = d->t ? map_format_name(d->t->format) : "", *sep = d->t ? "; " : "";
    char frame[120] = "";
    if (q->frame)
        snprintf(frame, sizeof frame, "frame %u of %zu from cycle %llu%s; ", q->frame, x->nframes,
                 (unsigned long long)x->frames[q->frame - 1].start,
                 x->frames[q->frame - 1].unfinished ? ", unfinished" : "");
    if (d->m == METRIC_SAMPLES && q->frame)
        snprintf(r->footer, sizeof r->footer, "%ssampled; %s, %s: %llu samples, %llu cycles%s%s", frame, x->program,
                 x->cpu, (unsigned long long)x->frames[q->frame - 1].samples, (unsigned long long)x->total_cycles, sep,
                 map);
    else
        snprintf(r->footer, sizeof r->footer, "%sexact, traced; %s, %s: %llu instructions, %llu cycles%s%s", frame,
                 x->program, x->cpu, (unsigned long long)x->total_insns, (unsigned long long)x->total_cycles, sep, map);
}

/* A trace's rows per bucket, symbol or line (or frame N's): the table, or its csv, json or svg. */
enum hist_status hist_prx_rows(const struct hist_request *q, struct hist_data *d)
{
    struct report r = { .column = d->t ? (q->by == BY_LINE ? "line" : "symbol") : "bucket", .what = metric_name(d->m) };
    enum hist_status rc = HIST_OK;
    if (d->t && q->by == BY_LINE && d->t->nline == 0) {
        fprintf(q->msg, "profil: --by line: %s has no line-number table\n", d->source);
        return HIST_BAD_INPUT;
    }
    if (exact_rows(q, d, &r) != 0) {
        fprintf(q->msg, "profil: out of memory\n");
        rc = HIST_FAILED;
    } else if (q->format != FORMAT_TEXT) {
        struct export_rows e = { r.column, r.what, r.rows, r.n, r.io, r.dos, r.high, r.stall_column };
        int w = q->format == FORMAT_CSV    ? export_rows_csv(q->out, &e)
                : q->format == FORMAT_JSON ? export_rows_json(q->out, &e, d->x->program)
                                           : export_rows_svg(q->out, &e, q->path);
        rc = w == 0 ? HIST_OK : HIST_BAD_INPUT;
    } else {
        rows_footer(q, d, &r);
        r.more_hint = q->terminal;
        report_print(q->out, &r, q->top, q->width);
    }
    free(r.rows);
    return rc;
}
