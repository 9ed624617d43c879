/*
 * report/frames.c: frame times, the summary's line, hist --by frame and
 * --worst-frames, each frame's own profile and top symbols (see frames.h).
 */
#include "frames.h"

#include <stdlib.h>
#include <string.h>

#include "../emu/clockrate.h"
#include "../formats/jsonio.h"
#include "attrib.h"

double frame_ms(uint64_t cycles)
{
    return (double)cycles * 1e3 * (double)CPU_HZ_DEN / (double)CPU_HZ_NUM;
}

int frames_line(FILE *f, const struct prx *x)
{
    struct prx_frame_stats st;
    if (prx_frame_stats(x->frames, x->nframes, &st) != 0)
        return -1;
    fprintf(f, "%zu frame%s (%s%s", st.finished, st.finished == 1 ? "" : "s", x->frame_kind,
            x->frames_cut ? "" : ")");
    if (x->frames_cut)
        fprintf(f, ", frames %zu-%zu)", x->frame_base + 1, x->frame_base + x->nframes);
    if (st.finished)
        fprintf(f, ": median %.1f ms (%.1f fps), p95 %.1f ms, worst %.1f ms (frame %zu)", frame_ms(st.median),
                1e3 / frame_ms(st.median), frame_ms(st.p95), frame_ms(st.worst), x->frame_base + st.worst_frame);
    if (st.marked) {
        size_t longest = 0;
        for (size_t i = 1; i < x->nframes; i++)
            if (x->frames[i].marked && (!x->frames[longest].marked || x->frames[i].cycles > x->frames[longest].cycles))
                longest = i;
        const struct prx_frame *m = &x->frames[longest];
        fprintf(f, "; %zu more marked not gameplay (the longest frame %zu, %.1f ms: %s %.1f ms)", st.marked,
                x->frame_base + longest + 1, frame_ms(m->cycles), m->spent, frame_ms(m->spent_cycles));
    }
    const struct prx_frame *last = x->nframes ? &x->frames[x->nframes - 1] : NULL;
    if (last && last->unfinished)
        fprintf(f, "; frame %zu unfinished at the end (%.1f ms)", x->frame_base + x->nframes, frame_ms(last->cycles));
    return 0;
}

/* A frame's row number with its cycles, so that the comparator needs no
 * context: slowest first, then the earlier first. */
struct ranked { uint64_t cycles; size_t i; };
static int slowest_first(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->cycles != y->cycles)
        return x->cycles > y->cycles ? -1 : 1;
    return x->i < y->i ? -1 : x->i > y->i;
}

int frame_metric(const struct prx *x)
{
    return strcmp(x->mode, "trace") == 0 ? METRIC_CYCLES : METRIC_SAMPLES;
}

int frame_entries(const struct prx *x, size_t i, struct prx_entry **out, size_t *n)
{
    size_t k;
    const struct prx_frame_row *r = prx_frame_profile(x, i, &k);
    *n = 0;
    if (!(*out = malloc((k ? k : 1) * sizeof **out)))
        return -1;
    for (size_t j = 0; j < k; j++)
        (*out)[j] = (struct prx_entry){ r[j].linear, r[j].cs, (uint16_t)(r[j].linear - 16u * r[j].cs), r[j].cls, 0,
                                        r[j].count, r[j].cycles, r[j].stalls, r[j].video };
    *n = k;
    return 0;
}

static int most_first(const void *a, const void *b)
{
    const struct frame_spent *x = a, *y = b;
    if (x->key != y->key)
        return x->key > y->key ? -1 : 1;
    return x->order < y->order ? -1 : x->order > y->order;
}

int frame_spent(const struct prx *x, size_t i, const struct symtab *t, struct frame_spent **out, size_t *nout)
{
    int trace = frame_metric(x) == METRIC_CYCLES;
    struct prx_entry *e;
    size_t n, nrows = 0, k = 0;
    struct unit_hits *rows[3] = { NULL, NULL, NULL };  /* count, cycles, stalls: the same rows in the same order */
    *out = NULL;
    *nout = 0;
    if (frame_entries(x, i, &e, &n) != 0)
        return -1;
    struct prx view = *x;
    view.e = e;
    view.n = n;
    static const enum metric of[3] = { METRIC_INSTRUCTIONS, METRIC_CYCLES, METRIC_STALLS };
    for (int j = 0; t && j < 3; j++)
        if (attribute_exact(&view, t, of[j], 0, &rows[j], &nrows) != 0)
            goto fail;
    struct frame_spent *c = calloc(n + nrows + 3, sizeof *c);
    if (!c)
        goto fail;
    /* The program's code by symbol (or CS:IP); DOS, the I/O system and
     * high memory by their names, as --frame N's table gives them. */
    if (t)
        for (size_t j = 0; j < nrows; j++) {
            c[k] = (struct frame_spent){ "", PRX_PROGRAM, (uint64_t)rows[0][j].hits, (uint64_t)rows[1][j].hits,
                                         (uint64_t)rows[2][j].hits, 0, k };
            snprintf(c[k++].name, sizeof c->name, "%s", rows[0][j].name);
        }
    else
        for (size_t j = 0; j < n; j++)
            if (e[j].cls == PRX_PROGRAM) {
                c[k] = (struct frame_spent){ "", e[j].cls, e[j].insns, e[j].cycles, e[j].stalls, 0, k };
                snprintf(c[k++].name, sizeof c->name, "%04X:%04X", e[j].cs, e[j].ip);
            }
    for (unsigned cls = 0; cls < 3; cls++) {
        c[k] = (struct frame_spent){ "", (uint8_t)cls, 0, 0, 0, 0, k };
        snprintf(c[k].name, sizeof c->name, "%s", prx_class_name(cls));
        for (size_t j = 0; j < n; j++)
            if (e[j].cls == cls)
                c[k].count += e[j].insns, c[k].cycles += e[j].cycles, c[k].stalls += e[j].stalls;
        k++;
    }
    size_t kept = 0;
    for (size_t j = 0; j < k; j++) {
        c[j].key = trace ? c[j].cycles : c[j].count;
        if (c[j].count || c[j].cycles)
            c[kept++] = c[j];
    }
    qsort(c, kept, sizeof *c, most_first);
    *out = c;
    *nout = kept;
    for (int j = 0; j < 3; j++)
        free(rows[j]);
    free(e);
    return 0;
fail:
    for (int j = 0; j < 3; j++)
        free(rows[j]);
    free(e);
    return -1;
}

int frame_top(const struct prx *x, size_t i, const struct symtab *t, struct frame_top *top)
{
    enum metric m = (enum metric)frame_metric(x);
    size_t n;
    const struct prx_frame_row *r = prx_frame_profile(x, i, &n);
    *top = (struct frame_top){ 0 };
    for (size_t j = 0; j < n; j++) {
        top->total += m == METRIC_CYCLES ? r[j].cycles : r[j].count;
        top->stalls += r[j].stalls;
        top->video += r[j].video;
    }
    struct frame_spent *c;
    size_t nc;
    if (frame_spent(x, i, t, &c, &nc) != 0)
        return -1;
    for (size_t j = 0; j < nc && top->n < FRAME_TOP && c[j].key; j++) {
        memcpy(top->row[top->n].name, c[j].name, sizeof c[j].name);
        top->row[top->n++].count = c[j].key;
    }
    free(c);
    return 0;
}

/* A slow frame's top symbols, stalls and video waits after its row. */
static void top_of(FILE *f, const struct frame_top *top, int profiled, const char *unit, enum export_format format)
{
    switch (format) {
    case FORMAT_TEXT:
        if (!profiled) {
            fputs("          (no profile kept for this frame)\n", f);
            return;
        }
        fprintf(f, "          top %s:", unit);
        for (size_t k = 0; k < top->n; k++)
            fprintf(f, "%s %s %llu (%.1f%%)", k ? "," : "", top->row[k].name, (unsigned long long)top->row[k].count,
                    100.0 * (double)top->row[k].count / (double)top->total);
        fprintf(f, "; stalls %llu, video %llu\n", (unsigned long long)top->stalls, (unsigned long long)top->video);
        break;
    case FORMAT_CSV:
        fprintf(f, ",%llu,%llu,", (unsigned long long)top->stalls, (unsigned long long)top->video);
        for (size_t k = 0; k < top->n; k++) {
            fputs(k ? " " : "", f);
            for (const char *p = top->row[k].name; *p; p++)
                fputc(*p == ',' || *p == ' ' || *p == '"' ? '_' : *p, f);
            fprintf(f, "=%llu", (unsigned long long)top->row[k].count);
        }
        fputc('\n', f);
        break;
    case FORMAT_JSON:
        fprintf(f, ", \"stalls\": %llu, \"video\": %llu, \"top\": [", (unsigned long long)top->stalls,
                (unsigned long long)top->video);
        for (size_t k = 0; k < top->n; k++) {
            fputs(k ? ", {\"name\": " : "{\"name\": ", f);
            json_put_text(f, top->row[k].name);
            fprintf(f, ", \"count\": %llu}", (unsigned long long)top->row[k].count);
        }
        fputs("]}", f);
        break;
    default:            /* frames_report refuses the others */
        break;
    }
}

static void row(FILE *f, const struct prx_frame *r, size_t i, enum export_format format, int first, int more)
{
    unsigned long long start = r->start, cycles = r->cycles, insns = r->insns, samples = r->samples;
    switch (format) {
    case FORMAT_TEXT:
        fprintf(f, "%7zu %14llu %12llu %10.3f %13llu %9llu%s", i + 1, start, cycles, frame_ms(r->cycles), insns,
                samples, r->unfinished ? "  unfinished" : "");
        if (r->marked)
            fprintf(f, "  marked: %s %.1f ms", r->spent, frame_ms(r->spent_cycles));
        fputc('\n', f);
        break;
    case FORMAT_CSV:
        fprintf(f, "%zu,%llu,%llu,%.3f,%llu,%llu,%d%s", i + 1, start, cycles, frame_ms(r->cycles), insns, samples,
                r->unfinished ? 1 : 0, more ? "" : "\n");
        break;
    case FORMAT_JSON:
        fprintf(f, "%s\n    {\"frame\": %zu, \"start\": %llu, \"cycles\": %llu, \"ms\": %.3f, \"instructions\": %llu, "
                   "\"samples\": %llu, \"unfinished\": %s", first ? "" : ",", i + 1, start, cycles,
                frame_ms(r->cycles), insns, samples, r->unfinished ? "true" : "false");
        if (r->marked) {
            fputs(", \"marked\": true, \"spent\": ", f);
            json_put_text(f, r->spent);
            fprintf(f, ", \"spent_cycles\": %llu", (unsigned long long)r->spent_cycles);
        }
        fputs(more ? "" : "}", f);
        break;
    default:            /* frames_report refuses the others */
        break;
    }
}

int frames_report(FILE *f, const struct prx *x, unsigned worst, const struct symtab *t, enum export_format format)
{
    struct prx_frame_stats st;
    size_t n = x->nframes;
    if (format != FORMAT_TEXT && format != FORMAT_CSV && format != FORMAT_JSON)
        return -1;
    struct ranked *order = malloc((n ? n : 1) * sizeof *order);
    if (!order || prx_frame_stats(x->frames, n, &st) != 0) {
        free(order);
        return -1;
    }
    size_t rows = 0;
    for (size_t i = 0; i < n; i++)
        if (!worst || !x->frames[i].unfinished)
            order[rows++] = (struct ranked){ x->frames[i].cycles, i };
    if (worst) {
        qsort(order, rows, sizeof *order, slowest_first);
        if (rows > worst)
            rows = worst;
    }
    if (format == FORMAT_TEXT)
        fprintf(f, "%7s %14s %12s %10s %13s %9s\n", "frame", "start", "cycles", "ms", "instructions", "samples");
    else if (format == FORMAT_CSV)
        fprintf(f, "frame,start,cycles,ms,instructions,samples,unfinished%s\n", worst ? ",stalls,video,top" : "");
    else {
        fputs("{\"profil\": 1, \"program\": ", f);
        json_put_text(f, x->program);
        fputs(", \"frame_kind\": ", f);
        json_put_text(f, x->frame_kind);
        fprintf(f, ", \"unit\": \"cycles\", \"cpu_hz\": %llu, \"finished\": %zu, \"median\": %llu, \"p95\": %llu, "
                   "\"worst\": %llu, \"worst_frame\": %zu, \"marked\": %zu,\n  \"frames\": [", CPU_HZ_ROUND, st.finished,
                (unsigned long long)st.median, (unsigned long long)st.p95, (unsigned long long)st.worst,
                st.worst_frame ? x->frame_base + st.worst_frame : 0, st.marked);
    }
    for (size_t k = 0; k < rows; k++) {
        size_t i = order[k].i;
        row(f, &x->frames[i], x->frame_base + i, format, k == 0, worst != 0);
        struct frame_top top;
        if (worst && frame_top(x, i, t, &top) != 0) {
            free(order);
            return -1;
        }
        if (worst)
            top_of(f, &top, i < x->profiled, metric_name((enum metric)frame_metric(x)), format);
    }
    if (format == FORMAT_JSON)
        fputs("\n  ]\n}\n", f);
    else if (format == FORMAT_TEXT) {
        if (worst)
            fprintf(f, "the %zu slowest of ", rows);
        if (frames_line(f, x) != 0) {
            free(order);
            return -1;
        }
        fprintf(f, ", of %s\n", x->program);
    }
    free(order);
    return ferror(f) ? -1 : 0;
}

int frames_diff(FILE *f, const struct prx *old, const struct prx *new, double threshold, char *grew, size_t n)
{
    struct prx_frame_stats a, b;
    if (prx_frame_stats(old->frames, old->nframes, &a) != 0 || prx_frame_stats(new->frames, new->nframes, &b) != 0)
        return -1;
    const struct { const char *what; uint64_t old, new; } rows[] = {
        { "median", a.median, b.median }, { "p95", a.p95, b.p95 }, { "worst", a.worst, b.worst },
    };
    fprintf(f, "frames (%s -> %s): %zu -> %zu finished\n", old->frame_kind, new->frame_kind, a.finished, b.finished);
    int over = 0;
    if (n)
        grew[0] = 0;
    for (size_t i = 0; i < sizeof rows / sizeof *rows; i++) {
        /* growth in percent; from nothing to something is past any threshold */
        double g = rows[i].old ? 100.0 * ((double)rows[i].new - (double)rows[i].old) / (double)rows[i].old
                               : rows[i].new ? 1e9 : 0.0;
        int past = g > threshold;
        fprintf(f, "  %-7s %10.3f ms -> %10.3f ms  ", rows[i].what, frame_ms(rows[i].old), frame_ms(rows[i].new));
        if (rows[i].old)
            fprintf(f, "%+7.1f%%", g);
        else
            fprintf(f, "%8s", rows[i].new ? "new" : "");
        fprintf(f, "%s\n", past ? "  <-- grew past the frame threshold" : "");
        if (past && n) {
            size_t len = strlen(grew);
            snprintf(grew + len, n - len, "%s%s", len ? ", " : "", rows[i].what);
        }
        over |= past;
    }
    return over;
}
