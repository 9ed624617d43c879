/*
 * report/annotate.c: see annotate.h.  A unit is a map symbol's byte
 * range (without a map: a run of executed code, or for a .PRF a bucket);
 * units are listed busiest first.
 */
#include "annotate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "disasm.h"

#define IMAGE_SIZE 0x100000u

struct unit {
    char name[80];
    uint32_t start, end;        /* load-module offsets, end exclusive */
    double count;               /* cycles (a .prx) or samples (a .PRF) */
    uint64_t insns, stalls;
};

/* The source lines to interleave: the listing's (with text) or the map's. */
struct lines {
    const struct nasm_listing *lst;
    const struct symtab *map;
    size_t n, next;
};

static uint32_t line_addr(const struct lines *s, size_t i)
{
    return s->lst ? s->lst->line[i].addr : s->map->line[i].addr;
}

/* Start at the first line at or after load-module offset off. */
static void lines_from(struct lines *s, uint32_t off)
{
    size_t lo = 0, hi = s->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (line_addr(s, mid) < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    s->next = lo;
}

/* The lines whose code starts in [from, upto], handed out; those before
 * `from` skipped. */
static void source_upto(struct lines *s, uint32_t from, uint32_t upto, annotate_sink sink, void *ctx)
{
    for (; s->next < s->n && line_addr(s, s->next) <= upto; s->next++) {
        if (line_addr(s, s->next) < from)
            continue;
        struct annotate_item it = { .kind = ANNOTATE_SOURCE, .start = line_addr(s, s->next) };
        it.name = s->lst ? s->lst->line[s->next].label : s->map->line[s->next].label;
        it.text = s->lst ? s->lst->line[s->next].text : NULL;
        sink(ctx, &it);
    }
}

static int by_count(const void *a, const void *b)
{
    const struct unit *x = a, *y = b;
    return x->count > y->count ? -1 : x->count < y->count ? 1 : x->start < y->start ? -1 : x->start > y->start;
}

/* The symbol holding load-module offset off: "<heavy>", "<heavy+0xd>". */
static void name_target(const struct symtab *t, uint32_t off, uint32_t size, char *out, size_t n, uint32_t *unit)
{
    out[0] = 0;
    *unit = ANNOTATE_NO_UNIT;
    if (!t || off >= size)
        return;
    size_t lo = symtab_below(t, off);
    if (lo == 0 || off >= symtab_symbol_end(t, lo - 1, size))
        return;
    const struct symbol *y = &t->sym[lo - 1];
    *unit = y->addr;
    if (off == y->addr)
        snprintf(out, n, " <%s>", y->name);
    else
        snprintf(out, n, " <%s+0x%x>", y->name, off - y->addr);
}

static const char *heat(double pct, int color)
{
    return !color ? "" : pct >= ANNOTATE_RED ? "\033[31m" : pct >= ANNOTATE_GREEN ? "\033[32m" : "";
}

static int changed(const struct prx *x, uint32_t linear)
{
    for (size_t lo = 0, hi = x->nchanged; lo < hi;) {
        size_t mid = (lo + hi) / 2;
        if (x->changed[mid] == linear)
            return 1;
        if (x->changed[mid] < linear)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* The first address row at or after load-module offset off (the rows
 * are in increasing linear order). */
static size_t first_row(const struct prx *x, uint32_t off)
{
    uint32_t linear = (uint32_t)x->prog_low_pa * 16u + off;
    size_t lo = 0, hi = x->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (x->e[mid].linear < linear)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The program's exact totals in [v->start, v->end). */
static void prx_sum(const struct prx *x, struct unit *v)
{
    for (size_t j = first_row(x, v->start); j < x->n && prx_offset(x, &x->e[j]) < v->end; j++) {
        const struct prx_entry *e = &x->e[j];
        if (e->cls != PRX_PROGRAM)
            continue;
        v->count += (double)e->cycles;
        v->insns += e->insns;
        v->stalls += e->stalls;
    }
}

/* The units of a trace: the map's symbols, then the runs of executed
 * code no symbol covers (all of them without a map); with their exact
 * totals.  *n of them, busiest first. */
static struct unit *prx_units(const struct prx *x, const struct symtab *t, uint32_t size, size_t *n)
{
    size_t nsym = t ? t->nsym : 0, k = 0, cap = nsym + x->ncode * 2 + 1;
    struct unit *u = calloc(cap, sizeof *u);
    uint8_t *named = calloc(size ? size : 1, 1);
    if (!u || !named) {
        free(u);
        free(named);
        return NULL;
    }
    uint32_t base = (uint32_t)x->prog_low_pa * 16u;
    for (size_t i = 0; i < nsym; i++) {
        struct unit *v = &u[k];
        v->start = t->sym[i].addr;
        v->end = symtab_symbol_end(t, i, size);
        snprintf(v->name, sizeof v->name, "%s", t->sym[i].name);
        for (uint32_t a = v->start; a < v->end; a++)
            named[a] = 1;
        prx_sum(x, v);
        k += v->end > v->start && (v->insns || v->count > 0);
    }
    for (size_t i = 0; i < x->ncode && k < cap; i++) {
        const struct prx_code *c = &x->code[i];
        if (c->linear < base || c->linear - base >= size)
            continue;
        uint32_t lo = c->linear - base, hi = lo + c->n < size ? lo + c->n : size;
        for (uint32_t a = lo; a < hi && k < cap;) {
            if (named[a]) {
                a++;
                continue;
            }
            struct unit *v = &u[k];
            v->start = a;
            while (a < hi && !named[a])
                a++;
            v->end = a;
            snprintf(v->name, sizeof v->name, "%s", t ? "(no symbol)" : "code");
            prx_sum(x, v);
            k += v->insns || v->count > 0;
        }
    }
    free(named);
    qsort(u, k, sizeof *u, by_count);
    *n = k;
    return u;
}

static void gap(uint32_t from, uint32_t to, annotate_sink sink, void *ctx)
{
    struct annotate_item it = { .kind = ANNOTATE_GAP, .start = from, .end = to };
    if (to > from)
        sink(ctx, &it);
}

static void prx_unit(const struct prx *x, const struct unit *v, const uint8_t *image, const struct disasm *d,
                     const struct annotate_request *q, struct lines *src, uint32_t size, annotate_sink sink, void *ctx)
{
    double total = x->total_cycles ? (double)x->total_cycles : 1.0;
    struct annotate_item u = { .kind = ANNOTATE_UNIT, .name = v->name, .start = v->start, .end = v->end,
                               .insns = v->insns, .cycles = (uint64_t)v->count, .stalls = v->stalls,
                               .percent = 100.0 * v->count / total };
    sink(ctx, &u);
    int marked = 0;
    uint32_t next = v->start;
    lines_from(src, v->start);
    for (size_t j = first_row(x, v->start); j < x->n && prx_offset(x, &x->e[j]) < v->end; j++) {
        const struct prx_entry *e = &x->e[j];
        uint32_t off = prx_offset(x, e);
        if (e->cls != PRX_PROGRAM)
            continue;
        if (q->source)
            source_upto(src, v->start, off, sink, ctx);
        gap(next, off, sink, ctx);
        struct disasm_insn in = { 0, "(cycles charged here: a service, an interrupt's entry, HLT)", DISASM_NO_TARGET };
        struct annotate_item it = { .kind = ANNOTATE_INSN, .start = off, .insns = e->insns, .cycles = e->cycles,
                                    .stalls = e->stalls, .percent = 100.0 * (double)e->cycles / total, .cs = e->cs,
                                    .ip = e->ip, .target_unit = ANNOTATE_NO_UNIT, .target_at = ANNOTATE_NO_UNIT };
        if (e->insns) {
            disasm_one(d, image, e->cs, e->ip, &in);
            size_t used = 0;
            for (unsigned k = 0; k < in.length && used + 3 < sizeof it.bytes; k++)
                used += (size_t)snprintf(it.bytes + used, sizeof it.bytes - used, "%02X",
                                         image[(e->linear + k) % IMAGE_SIZE]);
            if (in.length * 2 >= sizeof it.bytes)
                snprintf(it.bytes + sizeof it.bytes - 3, 3, "..");
            if (in.target != DISASM_NO_TARGET) {
                name_target(q->map, in.target - (uint32_t)x->prog_low_pa * 16u, size, it.target, sizeof it.target,
                            &it.target_unit);
                if (it.target_unit != ANNOTATE_NO_UNIT)
                    it.target_at = in.target - (uint32_t)x->prog_low_pa * 16u;
            }
        }
        it.text = in.text;
        it.changed = e->insns && changed(x, e->linear);
        marked += it.changed;
        sink(ctx, &it);
        if (off + (e->insns ? in.length : 0) > next)
            next = off + (e->insns ? in.length : 0);
    }
    if (q->source)
        source_upto(src, v->start, v->end - 1, sink, ctx);
    gap(next, v->end, sink, ctx);
    struct annotate_item end = { .kind = ANNOTATE_END, .name = v->name, .start = v->start, .end = v->end,
                                 .changed = marked };
    sink(ctx, &end);
}

/* ---- the text: annotate's own writer of the items ------------------------ */

struct text_out {
    FILE *f;
    const struct prx *x;                /* NULL: a .PRF (source lines only) */
    const struct annotate_request *q;
};

static void text_item(void *ctx, const struct annotate_item *it)
{
    const struct text_out *o = ctx;
    FILE *f = o->f;
    const struct prx *x = o->x;
    int color = o->q->color;
    switch (it->kind) {
    case ANNOTATE_BEGIN:
        fprintf(f, "annotate %s: %s, a trace: exact counts per instruction (cpu %s, timing %s)\n", o->q->path,
                x->program, x->cpu, x->timing);
        fprintf(f, "%llu cycles, %llu instructions in all; time%% is of all cycles%s\n",
                (unsigned long long)x->total_cycles, (unsigned long long)x->total_insns,
                o->q->map ? "" : "; no map: a section per run of executed code");
        break;
    case ANNOTATE_UNIT:
        fprintf(f, "\n%s  %05X-%05X: %.0f cycles (%.1f%%), %llu instruction%s", it->name, it->start, it->end - 1,
                (double)it->cycles, it->percent, (unsigned long long)it->insns, it->insns == 1 ? "" : "s");
        if (x->has_stalls)
            fprintf(f, ", %.1f%% of them bus stalls",
                    it->cycles > 0 ? 100.0 * (double)it->stalls / (double)it->cycles : 0.0);
        fprintf(f, "\n  offset  cs:ip      bytes              count       cycles%s   time%%  instruction\n",
                x->has_stalls ? "     stalls" : "");
        break;
    case ANNOTATE_INSN:
        fprintf(f, "%s%c %05X   %04X:%04X  %-16s %7llu %12llu", heat(it->percent, color), it->changed ? '*' : ' ',
                it->start, it->cs, it->ip, it->bytes, (unsigned long long)it->insns, (unsigned long long)it->cycles);
        if (x->has_stalls)
            fprintf(f, " %10llu", (unsigned long long)it->stalls);
        fprintf(f, " %6.1f%%  %s%s%s\n", it->percent, it->text, it->target,
                color && heat(it->percent, 1)[0] ? "\033[m" : "");
        break;
    case ANNOTATE_SOURCE:
        fprintf(f, it->text ? "%s%38s%-14s " : "%s%38s%s", color ? "\033[2m" : "", "", it->name);
        if (it->text) {
            unsigned col = 0;
            for (const char *c = it->text; *c; c++) {
                if (*c == '\t') {
                    do fputc(' ', f); while (++col % 8);
                } else {
                    fputc(*c, f);
                    col++;
                }
            }
        }
        fprintf(f, "%s\n", color ? "\033[m" : "");
        break;
    case ANNOTATE_GAP:
        fprintf(f, "  %05X   ... %u byte%s not executed\n", it->start, it->end - it->start,
                it->end - it->start == 1 ? "" : "s");
        break;
    case ANNOTATE_END:
        if (it->changed)
            fprintf(f, "  * %d instruction%s whose bytes differed when the run ended (self-modifying code, or code "
                       "loaded over it): shown as they first ran\n", it->changed, it->changed == 1 ? "" : "s");
        break;
    }
}

static int check_symbol(const struct unit *u, size_t n, const struct annotate_request *q, char *err, size_t errn)
{
    if (!q->symbol)
        return n ? 0 : (snprintf(err, errn, "%s: no program code ran", q->path), -1);
    for (size_t i = 0; i < n; i++)
        if (strcmp(u[i].name, q->symbol) == 0)
            return 0;
    if (q->map)
        for (size_t i = 0; i < q->map->nsym; i++)
            if (strcmp(q->map->sym[i].name, q->symbol) == 0) {
                snprintf(err, errn, "--symbol %s: it never ran", q->symbol);
                return -1;
            }
    snprintf(err, errn, "--symbol %s: no such symbol%s", q->symbol, q->map ? " in the map" : " (give --map)");
    return -1;
}

static void init_lines(struct lines *s, const struct annotate_request *q)
{
    s->lst = q->listing;
    s->map = q->map;
    s->n = q->listing ? q->listing->nline : q->map ? q->map->nline : 0;
    s->next = 0;
}

int annotate_prx_each(const struct prx *x, const struct annotate_request *q, size_t max_units, annotate_sink sink,
                      void *ctx, char *err, size_t errn)
{
    if (strcmp(x->mode, "trace") != 0) {
        snprintf(err, errn, "%s: a sampling run's .prx has no per-instruction counts: annotate its .PRF (bucket "
                 "resolution), or profile with profil run --trace", q->path);
        return -1;
    }
    if (!x->code) {
        snprintf(err, errn, "%s: no code bytes in this .prx (written before profil kept them): run profil run "
                 "--trace again", q->path);
        return -1;
    }
    uint64_t bytes = (uint64_t)x->bucket_num * x->bucket_size * 16u;
    uint32_t size = bytes < IMAGE_SIZE ? (uint32_t)bytes : IMAGE_SIZE;     /* the program, inside 1 MiB */
    size_t n;
    struct unit *u = prx_units(x, q->map, size, &n);
    uint8_t *image = calloc(IMAGE_SIZE, 1);
    struct disasm d;
    int rc = -1;
    if (!u || !image) {
        snprintf(err, errn, "out of memory");
    } else if (check_symbol(u, n, q, err, errn) == 0) {
        if (disasm_open(&d, x->cpu) != 0) {
            snprintf(err, errn, "Capstone cannot disassemble x86 (libcapstone)");
        } else {
            for (size_t i = 0; i < x->ncode; i++)
                memcpy(image + x->code[i].linear, x->code_bytes + x->code[i].at, x->code[i].n);
            struct annotate_item begin = { .kind = ANNOTATE_BEGIN };
            sink(ctx, &begin);
            struct lines src;
            init_lines(&src, q);
            for (size_t i = 0, shown = 0; i < n && (!max_units || shown < max_units); i++)
                if (!q->symbol || strcmp(u[i].name, q->symbol) == 0) {
                    prx_unit(x, &u[i], image, &d, q, &src, size, sink, ctx);
                    shown++;
                }
            disasm_close(&d);
            rc = 0;
        }
    }
    free(image);
    free(u);
    return rc;
}

int annotate_prx(FILE *f, const struct prx *x, const struct annotate_request *q, char *err, size_t errn)
{
    struct text_out o = { f, x, q };
    return annotate_prx_each(x, q, 0, text_item, &o, err, errn);
}

/* ---- a .PRF: bucket resolution --------------------------------------------- */

static struct unit *prf_units(const struct prf *p, const struct symtab *t, size_t *n)
{
    struct unit_hits *rows = NULL;
    size_t nrows = 0, k = 0;
    if (t && attribute_hits(p, t, &rows, &nrows) != 0)
        return NULL;
    size_t cap = t ? nrows : p->bucket_num;
    struct unit *u = calloc(cap ? cap : 1, sizeof *u);
    uint32_t bytes = p->bucket_size * 16u;
    for (size_t i = 0; u && i < cap; i++) {
        struct unit *v = &u[k];
        if (t) {
            if (rows[i].end <= rows[i].start || rows[i].hits <= 0)
                continue;
            snprintf(v->name, sizeof v->name, "%s", rows[i].name);
            v->start = rows[i].start;
            v->end = rows[i].end;
            v->count = rows[i].hits;
        } else {
            if (!prf_hits(p, (uint32_t)i))
                continue;
            snprintf(v->name, sizeof v->name, "bucket %zu", i);
            v->start = (uint32_t)i * bytes;
            v->end = v->start + bytes;
            v->count = (double)prf_hits(p, (uint32_t)i);
        }
        k++;
    }
    free(rows);
    if (u)
        qsort(u, k, sizeof *u, by_count);
    *n = k;
    return u;
}

int annotate_prf(FILE *f, const struct prf *p, const struct annotate_request *q, char *err, size_t errn)
{
    size_t n;
    struct unit *u = prf_units(p, q->map, &n);
    if (!u) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    if (check_symbol(u, n, q, err, errn) != 0) {
        free(u);
        return -1;
    }
    double total = (double)prf_total(p);
    uint32_t bytes = p->bucket_size * 16u;
    struct lines src;
    struct text_out o = { f, NULL, q };
    init_lines(&src, q);
    fprintf(f, "annotate %s: bucket resolution: a .PRF counts %s per %u-byte bucket, not per instruction (profil run "
               "--trace for exact counts per instruction)\n", q->path, prf_unit(p), bytes);
    /* A symbol's own count is exact from the run's addresses (NAME.prc), else its bytes' share (~). */
    const char *mark = q->map && attribute_is_estimate(p) ? "~" : "";
    char why[300] = "";
    if (mark[0])
        attribute_estimate_note(p, why, sizeof why);
    else if (q->map)
        snprintf(why, sizeof why, "each symbol's count is exact: every sample counted for the symbol at its address");
    fprintf(f, "%.0f %s in all; time%% is of all of them%s%s\n", total, prf_unit(p), why[0] ? "; " : "", why);
    for (size_t i = 0; i < n; i++) {
        const struct unit *v = &u[i];
        if (q->symbol && strcmp(v->name, q->symbol) != 0)
            continue;
        fprintf(f, "\n%s  %05X-%05X: %s%.0f %s (%s%.1f%%)\n", v->name, v->start, v->end - 1, mark, v->count,
                prf_unit(p), mark, total > 0 ? 100.0 * v->count / total : 0.0);
        fprintf(f, "  bucket  offsets      %12s   time%%\n", prf_unit(p));
        lines_from(&src, v->start);
        for (uint32_t b = v->start / bytes; b < p->bucket_num && b * bytes < v->end; b++) {
            uint32_t lo = b * bytes, hi = lo + bytes - 1;
            double pct = total > 0 ? 100.0 * (double)prf_hits(p, b) / total : 0.0;
            fprintf(f, "%s  %6u  %05X-%05X  %12llu  %5.1f%%%s\n", heat(pct, q->color), b, lo, hi,
                    (unsigned long long)prf_hits(p, b), pct, q->color && heat(pct, 1)[0] ? "\033[m" : "");
            if (q->source)
                source_upto(&src, v->start > lo ? v->start : lo, hi < v->end - 1 ? hi : v->end - 1, text_item, &o);
        }
    }
    free(u);
    return 0;
}
