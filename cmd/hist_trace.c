/*
 * cmd/hist_trace.c: `profil hist` over a trace mode .prx (formats/prx.h):
 * the same tables as for a .PRF, with exact instructions or cycles, and
 * Inferno prof's "address count" listing for either file.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report/attrib.h"
#include "../report/export.h"
#include "../formats/prf.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"
#include "commands.h"
#include "report.h"
#include "session.h"

/* Inferno prof's listing of a .PRF: "offset count" per non-zero bucket. */
int hist_inferno_prf(const struct prf *p)
{
    uint32_t B = p->bucket_size * 16u;
    for (uint32_t i = 0; i < p->bucket_num; i++)
        if (prf_hits(p, i))
            printf("%05X %llu\n", i * B, (unsigned long long)prf_hits(p, i));
    return 0;
}

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

/* Whether the request is about the call tree, the memory sites or the services. */
static int wants_calls(const struct hist_request *q)
{
    return q->callgraph || q->by == BY_FUNCTION || q->by == BY_SITE || q->by == BY_SERVICE || q->by == BY_ZONE ||
           q->by == BY_FRAME || q->worst_frames ||
           q->format == FORMAT_FOLDED || q->format == FORMAT_CALLGRIND;
}

int hist_prx(const struct hist_request *asked)
{
    struct prx x;
    struct symtab t;
    char err[700];
    struct hist_request own = *asked;
    const struct hist_request *q = &own;
    const char *path = q->path;
    enum metric m = q->metric == METRIC_SAMPLES ? METRIC_CYCLES : q->metric;    /* time, unless asked */
    int calls = wants_calls(q);
    if (q->frame && calls) {
        fprintf(stderr, "profil: --frame %u: one frame's profile is a table by bucket, symbol or line (text, csv, "
                "json, svg), not %s\n", q->frame, q->worst_frames || q->by == BY_FRAME ? "the frames' list" : "this view");
        return EXIT_BAD_INPUT;
    }
    if (!calls && !q->frame && q->metric == METRIC_SAMPLES && q->metric_given) {
        fprintf(stderr, "profil: --metric samples: %s counts instructions and cycles (samples are per function: "
                "--by function)\n", path);
        return EXIT_BAD_INPUT;
    }
    if (q->style == STYLE_PROHST) {
        fprintf(stderr, "profil: %s: --style prohst reads a .PRF (the .PRF beside it)\n", path);
        return EXIT_BAD_INPUT;
    }
    if (prx_read_file(path, &x, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    int rc = q->frame ? hist_frame_select(&x, q, &m) : 0;
    if (rc) {
        prx_free(&x);
        return rc;
    }
    const struct profile_program pp = { x.program, x.program_path, x.program_sha256 };
    own.pp = &pp;
    if (!calls && !q->frame && strcmp(x.mode, "sampling") == 0) {
        fprintf(stderr, "profil: %s is from a sampling run: it has calls (--by function, --callgraph), "
                "memory (--by site) or the program's zones (--by zone); the samples are in the .PRF beside it\n", path);
        prx_free(&x);
        return EXIT_BAD_INPUT;
    }
    if (q->style == STYLE_INFERNO) {
        for (size_t i = 0; i < x.n; i++) {
            double v = prx_metric(&x.e[i], m);
            if (v > 0)
                printf("%05X %.0f\n", x.e[i].linear, v);
        }
        prx_free(&x);
        return 0;
    }
    char source[4200];
    int have_map = q->by == BY_BUCKET || q->by == BY_SERVICE || q->by == BY_ZONE ? 1 : hist_symbols(q, &t, source, sizeof source);
    if (have_map < 0) {
        prx_free(&x);
        return EXIT_BAD_INPUT;
    }
    have_map = have_map == 0;
    if (!have_map && (q->by == BY_SYMBOL || q->by == BY_LINE)) {
        fprintf(stderr, "profil: --by %s needs symbols: --map FILE.MAP, or the program, with a map or debug "
                "information, beside %s\n", attrib_unit_names[q->by], path);
        prx_free(&x);
        return EXIT_BAD_INPUT;
    }
    if (calls) {
        rc = hist_calls(&x, have_map ? &t : NULL, q);
        if (have_map)
            symtab_free(&t);
        prx_free(&x);
        return rc;
    }
    int by_line = q->by == BY_LINE;
    struct report r = { .column = have_map ? (by_line ? "line" : "symbol") : "bucket", .what = metric_name(m) };
    for (size_t i = 0; i < x.n; i++) {
        double v = prx_metric(&x.e[i], m);
        r.io += x.e[i].cls == PRX_IO ? v : 0;
        r.dos += x.e[i].cls == PRX_DOS ? v : 0;
        r.high += x.e[i].cls == PRX_HIGH ? v : 0;
    }
    if (by_line && have_map && t.nline == 0) {
        fprintf(stderr, "profil: --by line: %s has no line-number table\n", source);
        rc = EXIT_BAD_INPUT;
    } else if ((have_map ? attribute_exact(&x, &t, m, by_line, &r.rows, &r.n) : bucket_rows(&x, m, &r.rows, &r.n)) != 0) {
        fprintf(stderr, "profil: out of memory\n");
        rc = EXIT_PROFIL_FAILED;
    } else if (x.has_stalls && m == METRIC_CYCLES && add_stalls(&x, have_map ? &t : NULL, by_line, &r) != 0) {
        fprintf(stderr, "profil: out of memory\n");
        rc = EXIT_PROFIL_FAILED;
    } else if (x.has_stalls && m == METRIC_STALLS && q->format == FORMAT_TEXT &&
               add_video(&x, have_map ? &t : NULL, by_line, &r) != 0) {
        fprintf(stderr, "profil: out of memory\n");
        rc = EXIT_PROFIL_FAILED;
    } else if (q->format != FORMAT_TEXT) {
        struct export_rows e = { r.column, r.what, r.rows, r.n, r.io, r.dos, r.high, r.stall_column };
        int w = q->format == FORMAT_CSV    ? export_rows_csv(stdout, &e)
                : q->format == FORMAT_JSON ? export_rows_json(stdout, &e, x.program)
                                           : export_rows_svg(stdout, &e, path);
        rc = w == 0 ? 0 : EXIT_BAD_INPUT;
    } else {
        char frame[120] = "";
        if (q->frame)
            snprintf(frame, sizeof frame, "frame %u of %zu from cycle %llu%s; ", q->frame, x.nframes,
                     (unsigned long long)x.frames[q->frame - 1].start, x.frames[q->frame - 1].unfinished ? ", unfinished" : "");
        if (m == METRIC_SAMPLES && q->frame)
            snprintf(r.footer, sizeof r.footer, "%ssampled; %s, %s: %llu samples, %llu cycles%s%s", frame, x.program,
                     x.cpu, (unsigned long long)x.frames[q->frame - 1].samples, (unsigned long long)x.total_cycles,
                     have_map ? "; " : "", have_map ? map_format_name(t.format) : "");
        else
            snprintf(r.footer, sizeof r.footer, "%sexact, traced; %s, %s: %llu instructions, %llu cycles%s%s", frame,
                     x.program, x.cpu, (unsigned long long)x.total_insns, (unsigned long long)x.total_cycles,
                     have_map ? "; " : "", have_map ? map_format_name(t.format) : "");
        r.more_hint = q->terminal;
        report_print(&r, q->top, q->width);
    }
    free(r.rows);
    if (have_map)
        symtab_free(&t);
    prx_free(&x);
    return rc;
}
