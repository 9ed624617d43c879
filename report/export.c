/*
 * report/export.c: CSV and JSON writers (see export.h).
 */
#include "export.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "../formats/jsonio.h"

const char *const export_format_names[NFORMATS] = { "text", "csv", "json", "callgrind", "folded", "svg" };

static void csv_string(FILE *f, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            putc('"', f);
        putc(*s, f);
    }
    putc('"', f);
}

/* Counts are exact when a NAME.prc is attached (formats/prc.h). */
static double total_samples(const struct prf *p)
{
    return (double)prf_total(p);
}

int export_csv(FILE *f, const struct prf *p, const struct symtab *t)
{
    double total = total_samples(p), t1 = total > 0 ? total : 1;
    fprintf(f, "kind,name,start,end,hits,percent\n");
    if (t) {
        struct unit_hits *rows;
        size_t n;
        if (attribute_hits(p, t, &rows, &n) != 0)
            return -1;
        const char *mark = attribute_is_estimate(p) ? "~" : "";
        for (size_t i = 0; i < n; i++) {
            fprintf(f, "%s%s,", mark, i + 1 < n ? "symbol" : "none");
            csv_string(f, rows[i].name);
            fprintf(f, ",%u,%u,%.2f,%.3f\n", rows[i].start, rows[i].end, rows[i].hits, 100.0 * rows[i].hits / t1);
        }
        free(rows);
    } else {
        for (unsigned i = 0; i < p->bucket_num; i++) {
            uint32_t lo = i * p->bucket_size * 16u;
            fprintf(f, "bucket,\"%u\",%u,%u,%llu,%.3f\n", i, lo, lo + p->bucket_size * 16u,
                    (unsigned long long)prf_hits(p, i), 100.0 * (double)prf_hits(p, i) / t1);
        }
    }
    const char *names[3] = { "io", "dos", "high" };
    const uint64_t hits[3] = { prf_io(p), prf_dos(p), prf_high(p) };
    for (int k = 0; k < 3; k++)
        fprintf(f, "%s,\"%s\",,,%llu,%.3f\n", names[k], names[k], (unsigned long long)hits[k],
                100.0 * (double)hits[k] / t1);
    if (t && attribute_is_estimate(p)) {     /* why the rows above are marked "~" */
        char note[300];
        attribute_estimate_note(p, note, sizeof note);
        fprintf(f, "~,");
        csv_string(f, note);
        fprintf(f, ",,,,\n");
    }
    return 0;
}

int export_json(FILE *f, const struct prf *p, const struct symtab *t)
{
    fprintf(f, "{\n  \"profil\": 1,\n  \"exact\": %s,\n  \"header\": {", p->exact ? "true" : "false");
    fprintf(f, "\"clock_grain\": %u, \"bucket_num\": %u, \"bucket_size\": %u, "
               "\"prog_low_pa\": %u, \"prog_high_pa\": %u, \"dos_pa\": %u, \"hit_io\": %u, \"hit_dos\": %u, "
               "\"hit_high\": %u},\n",
            p->clock_grain, p->bucket_num, p->bucket_size, p->prog_low_pa, p->prog_high_pa, p->dos_pa,
            p->hit_io, p->hit_dos, p->hit_high);
    fprintf(f, "  \"total_samples\": %.0f,\n  \"buckets\": [", total_samples(p));
    for (unsigned i = 0; i < p->bucket_num; i++)
        fprintf(f, "%s%llu", i ? ", " : "", (unsigned long long)prf_hits(p, i));
    fprintf(f, "]");
    if (t) {
        struct unit_hits *rows;
        size_t n;
        if (attribute_hits(p, t, &rows, &n) != 0)
            return -1;
        fprintf(f, ",\n  \"map_format\": ");
        json_put_text(f, map_format_name(t->format));
        if (attribute_is_estimate(p)) {     /* the symbols' hits are split buckets: say so */
            char note[300];
            attribute_estimate_note(p, note, sizeof note);
            fprintf(f, ",\n  \"estimate\": ");
            json_put_text(f, note);
        }
        fprintf(f, ",\n  \"symbols\": [");
        for (size_t i = 0; i + 1 < n; i++) {
            fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
            json_put_text(f, rows[i].name);
            fprintf(f, ", \"start\": %u, \"end\": %u, \"hits\": %.2f}", rows[i].start, rows[i].end, rows[i].hits);
        }
        fprintf(f, "\n  ],\n  \"unattributed\": %.2f", rows[n - 1].hits);
        free(rows);
    }
    fprintf(f, "\n}\n");
    return 0;
}

/* ---- callgrind and folded stacks: named rows with integer counts ---------- */

struct named { char name[80]; unsigned long long count; };

/* Rows for tools that want whole counts: symbols (rounded) or non-zero
 * buckets, then io, dos, high. */
static int named_rows(const struct prf *p, const struct symtab *t, struct named **out, size_t *n)
{
    size_t cap = (t ? (t->nsym ? t->nsym : t->nseg) + 1 : p->bucket_num) + 3, k = 0;
    struct named *rows = calloc(cap, sizeof *rows);
    if (!rows)
        return -1;
    if (t) {
        struct unit_hits *u;
        size_t un;
        if (attribute_hits(p, t, &u, &un) != 0) {
            free(rows);
            return -1;
        }
        for (size_t i = 0; i < un; i++) {
            unsigned long long c = (unsigned long long)(u[i].hits + 0.5);
            if (c) {
                snprintf(rows[k].name, sizeof rows[k].name, "%s", u[i].name);
                rows[k++].count = c;
            }
        }
        free(u);
    } else {
        for (unsigned i = 0; i < p->bucket_num; i++) {
            if (prf_hits(p, i)) {
                snprintf(rows[k].name, sizeof rows[k].name, "bucket %u (%05X)", i, i * p->bucket_size * 16u);
                rows[k++].count = prf_hits(p, i);
            }
        }
    }
    const char *names[3] = { "(io)", "(dos)", "(high)" };
    const uint64_t hits[3] = { prf_io(p), prf_dos(p), prf_high(p) };
    for (int j = 0; j < 3; j++) {
        if (hits[j]) {
            snprintf(rows[k].name, sizeof rows[k].name, "%s", names[j]);
            rows[k++].count = hits[j];
        }
    }
    *out = rows;
    *n = k;
    return 0;
}

int export_callgrind(FILE *f, const struct prf *p, const struct symtab *t, const char *cmd)
{
    struct named *rows;
    size_t n;
    unsigned long long total = 0;
    if (named_rows(p, t, &rows, &n) != 0)
        return -1;
    for (size_t i = 0; i < n; i++)
        total += rows[i].count;
    fprintf(f, "# callgrind format\nversion: 1\ncreator: profil\ncmd: %s\n\n", cmd);
    fprintf(f, "positions: line\nevents: Samples\nsummary: %llu\n\nfl=%s\n", total, cmd);
    for (size_t i = 0; i < n; i++) {
        for (char *s = rows[i].name; *s; s++)
            if ((unsigned char)*s < 0x20)
                *s = '?';       /* one name, one line */
        fprintf(f, "fn=%s\n0 %llu\n", rows[i].name, rows[i].count);
    }
    free(rows);
    return 0;
}

int export_folded(FILE *f, const struct prf *p, const struct symtab *t)
{
    struct named *rows;
    size_t n;
    if (named_rows(p, t, &rows, &n) != 0)
        return -1;
    for (size_t i = 0; i < n; i++) {
        for (char *s = rows[i].name; *s; s++)
            if (*s == ';' || *s == ' ' || (unsigned char)*s < 0x20)
                *s = *s == ';' ? ':' : '_';   /* frame and count separators */
        fprintf(f, "%s%s %llu\n", rows[i].name[0] == '(' ? "" : "program;", rows[i].name, rows[i].count);
    }
    free(rows);
    return 0;
}

/* ---- SVG ------------------------------------------------------------------- */

void xml_put_text(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        case '\'': fputs("&apos;", f); break;
        default:
            /* XML 1.0 forbids most control bytes; map names are bytes. */
            putc((unsigned char)*s < 0x20 || (unsigned char)*s >= 0x7F ? '?' : *s, f);
            break;
        }
    }
}

static int by_count(const void *a, const void *b)
{
    const struct named *x = a, *y = b;
    return x->count < y->count ? 1 : x->count > y->count ? -1 : strcmp(x->name, y->name);
}

#define SVG_MAX_ROWS 60

/* The chart of `rows` (any order; sorted here), counted in `unit`. */
static void svg_chart(FILE *f, struct named *rows, size_t n, const char *title, const char *unit)
{
    qsort(rows, n, sizeof *rows, by_count);
    unsigned long long total = 0, max = n ? rows[0].count : 0;
    for (size_t i = 0; i < n; i++)
        total += rows[i].count;
    size_t shown = n < SVG_MAX_ROWS ? n : SVG_MAX_ROWS;
    const int row_h = 20, top = 50, label_w = 220, bar_w = 480, width = 860;
    int height = top + (int)shown * row_h + (n > shown ? 30 : 10);
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
               "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
               "font-family=\"monospace\" font-size=\"13\">\n", width, height, width, height);
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n<text x=\"10\" y=\"22\" font-size=\"15\">");
    xml_put_text(f, title);
    fprintf(f, " \xe2\x80\x94 %llu %s</text>\n", total, unit);
    for (size_t i = 0; i < shown; i++) {
        int y = top + (int)i * row_h;
        double share = total ? 100.0 * (double)rows[i].count / (double)total : 0;
        int w = max ? (int)((double)rows[i].count * bar_w / (double)max + 0.5) : 0;
        const char *fill = rows[i].name[0] == '(' && rows[i].name[1] != 'n' ? "#c08040" : "#4070b0";
        fprintf(f, "<g><title>");
        xml_put_text(f, rows[i].name);
        fprintf(f, ": %llu %s (%.1f%%)</title>\n", rows[i].count, unit, share);
        fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">", label_w - 8, y + 14);
        xml_put_text(f, rows[i].name);
        fprintf(f, "</text>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>\n", label_w, y + 2,
                w, row_h - 4, fill);
        fprintf(f, "<text x=\"%d\" y=\"%d\">%llu (%.1f%%)</text></g>\n", label_w + w + 6, y + 14, rows[i].count, share);
    }
    if (n > shown)
        fprintf(f, "<text x=\"%d\" y=\"%d\">%zu more rows</text>\n", label_w, top + (int)shown * row_h + 18, n - shown);
    fprintf(f, "</svg>\n");
}

int export_svg(FILE *f, const struct prf *p, const struct symtab *t, const char *title)
{
    struct named *rows;
    size_t n;
    if (named_rows(p, t, &rows, &n) != 0)
        return -1;
    svg_chart(f, rows, n, title, "samples");
    free(rows);
    return 0;
}

/* ---- exact rows (a .prx) ----------------------------------------------------- */

static const char *row_kind(const struct export_rows *r, size_t i)
{
    return r->rows[i].name[0] == '(' && strcmp(r->kind, "bucket") != 0 ? "none" : r->kind;
}

/* A row's name; a bucket's is its number. */
static const char *row_name(const struct export_rows *r, size_t i, char *buf, size_t n)
{
    if (r->rows[i].name[0])
        return r->rows[i].name;
    snprintf(buf, n, "%zu", i);
    return buf;
}

static double rows_total(const struct export_rows *r)
{
    double t = r->io + r->dos + r->high;
    for (size_t i = 0; i < r->n; i++)
        t += r->rows[i].hits;
    return t;
}

int export_rows_csv(FILE *f, const struct export_rows *r)
{
    double total = rows_total(r), t1 = total > 0 ? total : 1;
    fprintf(f, "kind,name,start,end,%s,percent%s\n", r->unit, r->stalls ? ",stalls" : "");
    for (size_t i = 0; i < r->n; i++) {
        char buf[24];
        fprintf(f, "%s,", row_kind(r, i));
        csv_string(f, row_name(r, i, buf, sizeof buf));
        fprintf(f, ",%u,%u,%.0f,%.3f", r->rows[i].start, r->rows[i].end, r->rows[i].hits,
                100.0 * r->rows[i].hits / t1);
        if (r->stalls)
            fprintf(f, ",%.0f", r->rows[i].stalls);
        fputc('\n', f);
    }
    const char *names[3] = { "io", "dos", "high" };
    const double v[3] = { r->io, r->dos, r->high };
    for (int k = 0; k < 3; k++)
        fprintf(f, "%s,\"%s\",,,%.0f,%.3f%s\n", names[k], names[k], v[k], 100.0 * v[k] / t1, r->stalls ? "," : "");
    return 0;
}

int export_rows_json(FILE *f, const struct export_rows *r, const char *program)
{
    fprintf(f, "{\n  \"profil\": 1,\n  \"exact\": true,\n  \"program\": ");
    json_put_text(f, program);
    fprintf(f, ",\n  \"unit\": \"%s\",\n  \"total\": %.0f,\n  \"io\": %.0f,\n  \"dos\": %.0f,\n  \"high\": %.0f,\n"
               "  \"rows\": [", r->unit, rows_total(r), r->io, r->dos, r->high);
    for (size_t i = 0; i < r->n; i++) {
        char buf[24];
        fprintf(f, "%s\n    {\"kind\": \"%s\", \"name\": ", i ? "," : "", row_kind(r, i));
        json_put_text(f, row_name(r, i, buf, sizeof buf));
        fprintf(f, ", \"start\": %u, \"end\": %u, \"count\": %.0f", r->rows[i].start, r->rows[i].end,
                r->rows[i].hits);
        if (r->stalls)
            fprintf(f, ", \"stalls\": %.0f", r->rows[i].stalls);
        fputc('}', f);
    }
    fprintf(f, "\n  ]\n}\n");
    return 0;
}

int export_rows_svg(FILE *f, const struct export_rows *r, const char *title)
{
    struct named *rows = calloc(r->n + 3, sizeof *rows);
    size_t k = 0;
    if (!rows)
        return -1;
    for (size_t i = 0; i < r->n; i++) {
        if (r->rows[i].hits < 0.5)
            continue;
        if (strcmp(r->kind, "bucket") == 0 && r->rows[i].name[0] != '(')
            snprintf(rows[k].name, sizeof rows[k].name, "bucket %05X", r->rows[i].start);
        else
            snprintf(rows[k].name, sizeof rows[k].name, "%s", r->rows[i].name);
        rows[k++].count = (unsigned long long)(r->rows[i].hits + 0.5);
    }
    const char *names[3] = { "(io)", "(dos)", "(high)" };
    const double v[3] = { r->io, r->dos, r->high };
    for (int j = 0; j < 3; j++)
        if (v[j] >= 0.5) {
            snprintf(rows[k].name, sizeof rows[k].name, "%s", names[j]);
            rows[k++].count = (unsigned long long)(v[j] + 0.5);
        }
    svg_chart(f, rows, k, title, r->unit);
    free(rows);
    return 0;
}

/* ---- the call tree -------------------------------------------------------- */

static void csv_costs(FILE *f, const uint64_t c[3])
{
    fprintf(f, ",%llu,%llu,%llu", (unsigned long long)c[METRIC_CYCLES], (unsigned long long)c[METRIC_INSTRUCTIONS],
            (unsigned long long)c[METRIC_SAMPLES]);
}

int export_calls_csv(FILE *f, const struct callgraph *g, int arcs)
{
    if (arcs) {
        fputs("caller,callee,calls,inclusive_cycles,inclusive_instructions,inclusive_samples\n", f);
        for (size_t a = 0; a < g->narc; a++) {
            const struct fn_arc *r = &g->arc[a];
            csv_string(f, g->fn[r->caller].name);
            putc(',', f);
            csv_string(f, g->fn[r->callee].name);
            fprintf(f, ",%llu", (unsigned long long)r->calls);
            csv_costs(f, r->incl);
            putc('\n', f);
        }
        return 0;
    }
    fputs("function,entry,calls,self_cycles,self_instructions,self_samples,"
          "inclusive_cycles,inclusive_instructions,inclusive_samples\n", f);
    for (size_t i = 0; i < g->nfn; i++) {
        const struct fn_stats *fn = &g->fn[i];
        csv_string(f, fn->name);
        fprintf(f, ",%u,%llu", fn->entry, (unsigned long long)fn->calls);
        csv_costs(f, fn->self);
        csv_costs(f, fn->incl);
        putc('\n', f);
    }
    return 0;
}

static void json_costs(FILE *f, const char *key, const uint64_t c[3])
{
    fprintf(f, "\"%s\": {\"cycles\": %llu, \"instructions\": %llu, \"samples\": %llu}", key,
            (unsigned long long)c[METRIC_CYCLES], (unsigned long long)c[METRIC_INSTRUCTIONS],
            (unsigned long long)c[METRIC_SAMPLES]);
}

int export_calls_json(FILE *f, const struct prx *x, const struct callgraph *g)
{
    fputs("{\n  \"profil\": 1,\n  \"exact\": true,\n  \"program\": ", f);
    json_put_text(f, x->program);
    fputs(",\n  \"mode\": ", f);
    json_put_text(f, x->mode);
    fprintf(f, ",\n  \"calls\": %llu,\n  ", (unsigned long long)g->calls);
    json_costs(f, "total", g->total);
    fputs(",\n  \"functions\": [", f);
    for (size_t i = 0; i < g->nfn; i++) {
        const struct fn_stats *fn = &g->fn[i];
        fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", f);
        json_put_text(f, fn->name);
        fprintf(f, ", \"entry\": %u, \"calls\": %llu, ", fn->entry, (unsigned long long)fn->calls);
        json_costs(f, "self", fn->self);
        fputs(", ", f);
        json_costs(f, "inclusive", fn->incl);
        putc('}', f);
    }
    fputs("\n  ],\n  \"arcs\": [", f);
    for (size_t a = 0; a < g->narc; a++) {
        const struct fn_arc *r = &g->arc[a];
        fprintf(f, "%s{\"caller\": %zu, \"callee\": %zu, \"calls\": %llu, ", a ? ",\n    " : "\n    ", r->caller,
                r->callee, (unsigned long long)r->calls);
        json_costs(f, "inclusive", r->incl);
        putc('}', f);
    }
    fputs("\n  ]\n}\n", f);
    return 0;
}

/* ---- DOS and BIOS services ------------------------------------------------- */

uint64_t service_cost(const struct prx_service *v, enum metric m)
{
    return m == METRIC_SAMPLES ? v->samples : m == METRIC_INSTRUCTIONS ? v->insns : m == METRIC_CYCLES ? v->cycles : 0;
}

uint64_t services_total(const struct prx *x, enum metric m)
{
    return m == METRIC_SAMPLES ? x->service_samples : m == METRIC_INSTRUCTIONS ? x->total_insns
         : m == METRIC_CYCLES ? x->total_cycles : 0;
}

int services_ranked(const struct prx *x, enum metric m, struct prx_service **out)
{
    size_t n = x->nservices;
    *out = malloc((n ? n : 1) * sizeof **out);
    if (!*out)
        return -1;
    memcpy(*out, x->services, n * sizeof **out);
    for (size_t i = 1; i < n; i++) {        /* insertion sort: stable, few rows */
        struct prx_service v = (*out)[i];
        size_t j = i;
        for (; j > 0 && service_cost(&(*out)[j - 1], m) < service_cost(&v, m); j--)
            (*out)[j] = (*out)[j - 1];
        (*out)[j] = v;
    }
    return 0;
}

static double service_share(const struct prx *x, const struct prx_service *v, enum metric m)
{
    uint64_t total = services_total(x, m);
    return total ? 100.0 * (double)service_cost(v, m) / (double)total : 0.0;
}

int export_services_csv(FILE *f, const struct prx *x, const struct prx_service *rows, enum metric m)
{
    fputs("service,id,calls,samples,cycles,instructions,percent\n", f);
    for (size_t i = 0; i < x->nservices; i++) {
        const struct prx_service *v = &rows[i];
        csv_string(f, v->label);
        fprintf(f, ",%u,%llu,%llu,%llu,%llu,%.3f\n", v->id, (unsigned long long)v->calls,
                (unsigned long long)v->samples, (unsigned long long)v->cycles, (unsigned long long)v->insns,
                service_share(x, v, m));
    }
    return 0;
}

int export_services_json(FILE *f, const struct prx *x, const struct prx_service *rows, enum metric m)
{
    static const char *const unit[] = { "samples", "instructions", "cycles", "stalls" };
    fputs("{\n  \"profil\": 1,\n  \"program\": ", f);
    json_put_text(f, x->program);
    fputs(",\n  \"mode\": ", f);
    json_put_text(f, x->mode);
    fprintf(f, ",\n  \"metric\": \"%s\",\n  \"total\": %llu,\n  \"services\": [", unit[m],
            (unsigned long long)services_total(x, m));
    for (size_t i = 0; i < x->nservices; i++) {
        const struct prx_service *v = &rows[i];
        fputs(i ? ",\n    {\"service\": " : "\n    {\"service\": ", f);
        json_put_text(f, v->label);
        fprintf(f, ", \"id\": %u, \"calls\": %llu, \"samples\": %llu, \"cycles\": %llu, \"instructions\": %llu, "
                   "\"percent\": %.3f}", v->id, (unsigned long long)v->calls, (unsigned long long)v->samples,
                (unsigned long long)v->cycles, (unsigned long long)v->insns, service_share(x, v, m));
    }
    fputs("\n  ]\n}\n", f);
    return 0;
}

/* ---- zones ----------------------------------------------------------------- */

static double zone_mean(const struct prx_zone *z)
{
    return z->count ? (double)z->total / (double)z->count : 0.0;
}

/* "outer;inner": the names from the outermost zone down to zone i. */
static void zone_path(FILE *f, const struct prx *x, size_t i)
{
    uint32_t chain[PRX_ZONE_DEPTH_MAX];
    unsigned n = 0;
    for (uint32_t k = (uint32_t)i; k != PRX_NO_ZONE && k < x->nzones && n < PRX_ZONE_DEPTH_MAX; k = x->zones[k].parent)
        chain[n++] = k;
    while (n-- > 0)
        fprintf(f, "%s%s", x->zones[chain[n]].name, n ? ";" : "");
}

int export_zones_folded(FILE *f, const struct prx *x)
{
    for (size_t i = 0; i < x->nzones; i++) {
        fprintf(f, "%s;", x->program[0] ? x->program : "program");
        zone_path(f, x, i);
        fprintf(f, " %llu\n", (unsigned long long)prx_zone_self(x, i));
    }
    return 0;
}

int export_zones_callgrind(FILE *f, const struct prx *x, const char *cmd)
{
    uint64_t sum = 0;
    for (size_t i = 0; i < x->nzones; i++)
        sum += x->zones[i].parent == PRX_NO_ZONE ? x->zones[i].total : 0;
    fprintf(f, "# callgrind format\nversion: 1\ncreator: profil\ncmd: %s\n\npositions: line\nevents: Cycles\n"
               "summary: %llu\n\nfl=%s\n", cmd, (unsigned long long)sum, cmd);
    for (size_t i = 0; i < x->nzones; i++) {
        fprintf(f, "fn=%s\n0 %llu\n", x->zones[i].name, (unsigned long long)prx_zone_self(x, i));
        for (size_t k = i + 1; k < x->nzones; k++)
            if (x->zones[k].parent == i)
                fprintf(f, "cfn=%s\ncalls=%llu 0\n0 %llu\n", x->zones[k].name,
                        (unsigned long long)x->zones[k].count, (unsigned long long)x->zones[k].total);
    }
    return 0;
}

int export_zones_csv(FILE *f, const struct prx *x)
{
    fputs("zone,parent,depth,count,total,mean,min,max,self\n", f);
    for (size_t i = 0; i < x->nzones; i++) {
        const struct prx_zone *z = &x->zones[i];
        fprintf(f, "%s,%s,%u,%llu,%llu,%.1f,%llu,%llu,%llu\n", z->name,
                z->parent == PRX_NO_ZONE ? "" : x->zones[z->parent].name, prx_zone_depth(x, i),
                (unsigned long long)z->count, (unsigned long long)z->total, zone_mean(z), (unsigned long long)z->min,
                (unsigned long long)z->max, (unsigned long long)prx_zone_self(x, i));
    }
    return 0;
}

int export_zones_json(FILE *f, const struct prx *x)
{
    fputs("{\n  \"profil\": 1,\n  \"program\": ", f);
    json_put_text(f, x->program);
    fputs(",\n  \"unit\": \"cycles\",\n  \"zones\": [", f);
    for (size_t i = 0; i < x->nzones; i++) {
        const struct prx_zone *z = &x->zones[i];
        fputs(i ? ",\n    {\"zone\": " : "\n    {\"zone\": ", f);
        json_put_text(f, z->name);
        fprintf(f, ", \"parent\": %lld, \"count\": %llu, \"total\": %llu, \"mean\": %.1f, \"min\": %llu, "
                   "\"max\": %llu, \"self\": %llu}",
                z->parent == PRX_NO_ZONE ? -1LL : (long long)z->parent, (unsigned long long)z->count,
                (unsigned long long)z->total, zone_mean(z), (unsigned long long)z->min, (unsigned long long)z->max,
                (unsigned long long)prx_zone_self(x, i));
    }
    fputs("\n  ],\n  \"marks\": [", f);
    for (size_t i = 0; i < x->nmarks; i++) {
        const struct prx_mark *k = &x->marks[i];
        fputs(i ? ",\n    {\"mark\": " : "\n    {\"mark\": ", f);
        json_put_text(f, k->name);
        fprintf(f, ", \"count\": %llu, \"first\": %llu, \"last\": %llu}", (unsigned long long)k->count,
                (unsigned long long)k->first, (unsigned long long)k->last);
    }
    fputs("\n  ]\n}\n", f);
    return 0;
}
