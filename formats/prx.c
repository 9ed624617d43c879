/*
 * formats/prx.c: see prx.h.  Written with stdio (numbers and short
 * strings); read by formats/prx_read.c.
 */
#include "prx.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../emu/clockrate.h"      /* CPU_HZ_ROUND: the .prx states the rate */
#include "fileio.h"
#include "jsonio.h"

static const char *const class_names[4] = { "io", "dos", "high", "program" };

const char *prx_class_name(unsigned cls)
{
    return cls < 4 ? class_names[cls] : "?";
}

static const char *const kind_names[5] = { "root", "near", "far", "int", "irq" };

const char *call_kind_name(unsigned kind)
{
    return kind < 5 ? kind_names[kind] : "?";
}

static void write_calls(FILE *f, const struct prx *x)
{
    if (!x->calls)
        return;
    fprintf(f, ",\n  \"calls\": {\"unmatched\": %llu, \"unwound\": %llu, \"lost\": %llu, \"open\": %llu, \"max_depth\": %u,\n"
               "    \"columns\": [\"parent\", \"entry\", \"cs\", \"ip\", \"kind\", \"calls\", \"instructions\", "
               "\"cycles\", \"samples\"%s],\n    \"nodes\": [",
            (unsigned long long)x->unmatched, (unsigned long long)x->unwound, (unsigned long long)x->lost,
            (unsigned long long)x->open, x->max_depth, x->has_stalls ? ", \"stalls\"" : "");
    for (size_t i = 0; i < x->ncalls; i++) {
        const struct call_node *c = &x->calls[i];
        fprintf(f, "%s\n      [%lld, %u, %u, %u, \"%s\", %llu, %llu, %llu, %llu", i ? "," : "",
                c->parent == CALLS_NO_PARENT ? -1LL : (long long)c->parent, c->entry, c->cs, c->ip,
                call_kind_name(c->kind), (unsigned long long)c->calls, (unsigned long long)c->insns,
                (unsigned long long)c->cycles, (unsigned long long)c->samples);
        if (x->has_stalls)
            fprintf(f, ", %llu", (unsigned long long)c->stalls);
        fputc(']', f);
    }
    fprintf(f, "\n    ]");
    size_t k = 0;               /* the INT and IRQ nodes' services, [node, id] */
    for (size_t i = 0; i < x->ncalls; i++)
        if (x->calls[i].service)
            fprintf(f, "%s[%zu, %u]", k++ ? ", " : ",\n    \"services\": [", i, x->calls[i].service);
    fprintf(f, "%s\n  }", k ? "]" : "");
}

static void write_memory(FILE *f, const struct prx *x)
{
    if (!x->sites)
        return;
    fprintf(f, ",\n  \"memory\": {\"columns\": [\"site\", \"cs\", \"ip\", \"allocs\", \"resizes\", \"frees\", "
               "\"failures\", \"allocated\", \"freed\", \"peak\", \"live\"],\n    \"sites\": [");
    for (size_t i = 0; i < x->nsites; i++) {
        const struct alloc_site *a = &x->sites[i];
        fprintf(f, "%s\n      [%lld, %u, %u, %llu, %llu, %llu, %llu, %llu, %llu, %llu, %llu]", i ? "," : "",
                a->linear == PRX_SITE_EXEC ? -1LL : (long long)a->linear, a->cs, a->ip,
                (unsigned long long)a->allocs, (unsigned long long)a->resizes, (unsigned long long)a->frees,
                (unsigned long long)a->failures, (unsigned long long)a->allocated, (unsigned long long)a->freed,
                (unsigned long long)a->peak, (unsigned long long)a->live);
    }
    fprintf(f, "\n    ]\n  }");
}

void prx_write_services(FILE *f, const struct prx_service *rows, size_t n, uint64_t samples)
{
    fprintf(f, ",\n  \"services\": {\"samples\": %llu, \"columns\": [\"id\", \"service\", \"samples\", \"calls\", "
               "\"cycles\", \"instructions\"],\n    \"rows\": [", (unsigned long long)samples);
    for (size_t i = 0; i < n; i++) {
        fprintf(f, "%s\n      [%u, ", i ? "," : "", rows[i].id);
        json_put_text(f, rows[i].label);
        fprintf(f, ", %llu, %llu, %llu, %llu]", (unsigned long long)rows[i].samples, (unsigned long long)rows[i].calls,
                (unsigned long long)rows[i].cycles, (unsigned long long)rows[i].insns);
    }
    fprintf(f, "\n    ]\n  }");
}

static int by_cycles_first(const void *a, const void *b)
{
    const struct prx_service *x = a, *y = b;
    if (x->cycles != y->cycles)
        return x->cycles < y->cycles ? 1 : -1;
    if (x->samples != y->samples)
        return x->samples < y->samples ? 1 : -1;
    return x->id < y->id ? -1 : x->id > y->id;
}

static int by_samples_first(const void *a, const void *b)
{
    const struct prx_service *x = a, *y = b;
    if (x->samples != y->samples)
        return x->samples < y->samples ? 1 : -1;
    return by_cycles_first(a, b);
}

void prx_services_sort(struct prx_service *rows, size_t n, int by_cycles)
{
    if (n)
        qsort(rows, n, sizeof *rows, by_cycles ? by_cycles_first : by_samples_first);
}

static void write_zones(FILE *f, const struct prx *x)
{
    if (x->zones) {
        fprintf(f, ",\n  \"zones\": {\"columns\": [\"parent\", \"zone\", \"count\", \"total\", \"min\", \"max\"],\n"
                   "    \"rows\": [");
        for (size_t i = 0; i < x->nzones; i++) {
            const struct prx_zone *z = &x->zones[i];
            fprintf(f, "%s\n      [%lld, ", i ? "," : "", z->parent == PRX_NO_ZONE ? -1LL : (long long)z->parent);
            json_put_text(f, z->name);
            fprintf(f, ", %llu, %llu, %llu, %llu]", (unsigned long long)z->count, (unsigned long long)z->total,
                    (unsigned long long)z->min, (unsigned long long)z->max);
        }
        fprintf(f, "\n    ]\n  }");
    }
    if (x->marks) {
        fprintf(f, ",\n  \"marks\": {\"columns\": [\"mark\", \"count\", \"first\", \"last\"],\n    \"rows\": [");
        for (size_t i = 0; i < x->nmarks; i++) {
            const struct prx_mark *k = &x->marks[i];
            fprintf(f, "%s\n      [", i ? "," : "");
            json_put_text(f, k->name);
            fprintf(f, ", %llu, %llu, %llu]", (unsigned long long)k->count, (unsigned long long)k->first,
                    (unsigned long long)k->last);
        }
        fprintf(f, "\n    ]\n  }");
    }
}

/* The program's frames (sampler/frames.h): how they were found, then a
 * row each. */
static void write_frames(FILE *f, const struct prx *x)
{
    if (!x->frames)
        return;
    fprintf(f, ",\n  \"frame_kind\": ");
    json_put_text(f, x->frame_kind);
    if (x->frame_why[0]) {
        fprintf(f, ",\n  \"frame_why\": ");
        json_put_text(f, x->frame_why);
    }
    fprintf(f, ",\n  \"frames\": {\"columns\": [\"start\", \"cycles\", \"instructions\", \"samples\", \"unfinished\", "
               "\"marked\", \"spent_cycles\", \"spent\"],\n"
               "    \"rows\": [");
    for (size_t i = 0; i < x->nframes; i++) {
        const struct prx_frame *r = &x->frames[i];
        fprintf(f, "%s\n      [%llu, %llu, %llu, %llu, %d", i ? "," : "", (unsigned long long)r->start,
                (unsigned long long)r->cycles, (unsigned long long)r->insns, (unsigned long long)r->samples,
                r->unfinished ? 1 : 0);
        if (r->marked) {
            fprintf(f, ", 1, %llu, ", (unsigned long long)r->spent_cycles);
            json_put_text(f, r->spent);
        }
        fputc(']', f);
    }
    fprintf(f, "\n    ],\n    \"period\": %llu,\n    \"profiled\": %zu,\n    \"profile_columns\": [\"frame\", \"linear\", \"cs\", \"class\", "
               "\"count\", \"cycles\", \"stalls\", \"video\"],\n    \"profile\": [",
            (unsigned long long)x->frame_period, x->profiled);
    for (size_t i = 0; i < x->nframe_rows; i++) {
        const struct prx_frame_row *r = &x->frame_rows[i];
        fprintf(f, "%s\n      [%u, %u, %u, %u, %llu, %llu, %llu, %llu]", i ? "," : "", r->frame, r->linear, r->cs, r->cls,
                (unsigned long long)r->count, (unsigned long long)r->cycles, (unsigned long long)r->stalls,
                (unsigned long long)r->video);
    }
    fprintf(f, "\n    ]\n  }");
}

static void write_code(FILE *f, const struct prx *x)
{
    if (!x->code)
        return;
    fprintf(f, ",\n  \"code\": {\"changed\": [");
    for (size_t i = 0; i < x->nchanged; i++)
        fprintf(f, "%s%u", i ? ", " : "", x->changed[i]);
    fprintf(f, "],\n    \"runs\": [");
    for (size_t i = 0; i < x->ncode; i++) {
        fprintf(f, "%s\n      [%u, \"", i ? "," : "", x->code[i].linear);
        for (uint32_t k = 0; k < x->code[i].n; k++)
            fprintf(f, "%02X", x->code_bytes[x->code[i].at + k]);
        fprintf(f, "\"]");
    }
    fprintf(f, "\n    ]\n  }");
}

static void write_prx(FILE *f, const void *ctx)
{
    const struct prx *x = ctx;
    fprintf(f, "{\n  \"format\": \"profil-prx\",\n  \"version\": %d,\n  \"program\": ", PRX_VERSION);
    json_put_text(f, x->program);
    if (x->program_path[0]) {
        fprintf(f, ",\n  \"program_path\": ");
        json_put_text(f, x->program_path);
    }
    if (x->program_sha256[0]) {
        fprintf(f, ",\n  \"program_sha256\": ");
        json_put_text(f, x->program_sha256);
    }
    if (x->run[0]) {
        fprintf(f, ",\n  \"run\": ");
        json_put_text(f, x->run);
    }
    fprintf(f, ",\n  \"cpu\": ");
    json_put_text(f, x->cpu);
    fprintf(f, ",\n  \"timing\": ");
    json_put_text(f, x->timing);
    fprintf(f, ",\n  \"stop\": ");
    json_put_text(f, x->stop);
    fprintf(f, ",\n  \"mode\": ");
    json_put_text(f, x->mode[0] ? x->mode : "trace");
    fprintf(f, ",\n  \"cpu_hz\": %llu,\n  \"instructions\": %llu,\n  \"cycles\": %llu,\n", CPU_HZ_ROUND,
            (unsigned long long)x->total_insns, (unsigned long long)x->total_cycles);
    fprintf(f, "  \"layout\": {\"clock_grain\": %u, \"bucket_size\": %u, \"bucket_num\": %u, "
               "\"prog_low_pa\": %u, \"prog_high_pa\": %u, \"dos_pa\": %u},\n",
            x->clock_grain, x->bucket_size, x->bucket_num, x->prog_low_pa, x->prog_high_pa, x->dos_pa);
    fprintf(f, "  \"columns\": [\"linear\", \"cs\", \"ip\", \"class\", \"length\", \"instructions\", \"cycles\"%s],\n"
               "  \"addresses\": [", x->has_stalls ? ", \"stalls\", \"video\"" : "");
    for (size_t i = 0; i < x->n; i++) {
        const struct prx_entry *e = &x->e[i];
        fprintf(f, "%s\n    [%u, %u, %u, \"%s\", %u, %llu, %llu", i ? "," : "", e->linear, e->cs, e->ip,
                prx_class_name(e->cls), e->length, (unsigned long long)e->insns, (unsigned long long)e->cycles);
        if (x->has_stalls)
            fprintf(f, ", %llu, %llu", (unsigned long long)e->stalls, (unsigned long long)e->video);
        fputc(']', f);
    }
    fprintf(f, "\n  ]");
    write_calls(f, x);
    write_memory(f, x);
    write_code(f, x);
    if (x->services)
        prx_write_services(f, x->services, x->nservices, x->service_samples);
    if (x->procs)
        prx_write_processes(f, x);
    write_zones(f, x);
    write_frames(f, x);
    fprintf(f, "\n}\n");
}

int prx_write_file(const char *path, const struct prx *x, char *err, size_t errn)
{
    return write_text_atomic(path, write_prx, x, err, errn);
}

int prx_write_file_into(struct file_set *set, const char *path, const struct prx *x, char *err, size_t errn)
{
    return write_text_into(set, path, write_prx, x, err, errn);
}

int prx_looks_like(const uint8_t *buf, size_t n)
{
    size_t i = 0;
    while (i < n && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\r' || buf[i] == '\t'))
        i++;
    return i < n && buf[i] == '{';
}

int prx_file_looks_like(const char *path)
{
    uint8_t head[16];
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    size_t n = fread(head, 1, sizeof head, f);
    fclose(f);
    return prx_looks_like(head, n);
}

unsigned prx_zone_depth(const struct prx *x, size_t i)
{
    unsigned d = 0;
    for (uint32_t p = x->zones[i].parent; p != PRX_NO_ZONE && p < x->nzones && d <= PRX_ZONE_DEPTH_MAX;
         p = x->zones[p].parent)
        d++;
    return d;
}

uint64_t prx_zone_self(const struct prx *x, size_t i)
{
    uint64_t self = x->zones[i].total;
    for (size_t k = i + 1; k < x->nzones; k++)
        if (x->zones[k].parent == i)
            self -= x->zones[k].total < self ? x->zones[k].total : self;
    return self;
}

void prx_free_code(struct prx *x)
{
    free(x->code);
    free(x->code_bytes);
    free(x->changed);
    x->code = NULL;
    x->code_bytes = NULL;
    x->changed = NULL;
    x->ncode = x->ncode_bytes = x->nchanged = 0;
}

void prx_free(struct prx *x)
{
    free(x->e);
    free(x->calls);
    free(x->sites);
    free(x->services);
    free(x->procs);
    free(x->pbuckets);
    x->procs = NULL;
    x->pbuckets = NULL;
    x->nprocs = x->npbuckets = 0;
    free(x->zones);
    free(x->marks);
    free(x->frames);
    x->frames = NULL;
    x->nframes = 0;
    free(x->frame_rows);
    x->frame_rows = NULL;
    x->nframe_rows = x->profiled = 0;
    x->zones = NULL;
    x->marks = NULL;
    x->nzones = x->nmarks = 0;
    prx_free_code(x);
    x->services = NULL;
    x->nservices = 0;
    x->e = NULL;
    x->calls = NULL;
    x->sites = NULL;
    x->n = x->ncalls = x->nsites = 0;
}

/* ---- the frames' statistics ---- */

const struct prx_frame_row *prx_frame_profile(const struct prx *x, size_t i, size_t *n)
{
    *n = 0;
    if (i >= x->profiled || !x->frame_rows)
        return NULL;
    /* the first row of frame i: rows are in frame order */
    size_t lo = 0, hi = x->nframe_rows;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (x->frame_rows[mid].frame < i)
            lo = mid + 1;
        else
            hi = mid;
    }
    size_t end = lo;
    while (end < x->nframe_rows && x->frame_rows[end].frame == i)
        end++;
    *n = end - lo;
    return *n ? &x->frame_rows[lo] : NULL;
}

static int frame_by_cycles(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The ceil(p x n / 100)-th of n sorted values. */
static uint64_t frame_rank(const uint64_t *v, size_t n, unsigned p)
{
    size_t k = (n * p + 99) / 100;
    return v[k ? k - 1 : 0];
}

int prx_frames_range(struct prx *x, size_t first, size_t last)
{
    if (first < 1 || first > x->nframes || (last && last < first))
        return -1;
    size_t drop = first - 1, keep = (last && last < x->nframes ? last : x->nframes) - drop, k = 0;
    memmove(x->frames, x->frames + drop, keep * sizeof *x->frames);
    x->frames_cut |= drop > 0 || keep < x->nframes;
    x->nframes = keep;
    x->frame_base += drop;
    for (size_t i = 0; i < x->nframe_rows; i++)
        if (x->frame_rows[i].frame >= drop && x->frame_rows[i].frame - drop < keep) {
            x->frame_rows[k] = x->frame_rows[i];
            x->frame_rows[k++].frame -= (uint32_t)drop;
        }
    x->nframe_rows = k;
    x->profiled = x->profiled > drop ? x->profiled - drop : 0;
    if (x->profiled > keep)
        x->profiled = keep;
    return 0;
}

int prx_frame_stats(const struct prx_frame *f, size_t n, struct prx_frame_stats *st)
{
    *st = (struct prx_frame_stats){ 0 };
    uint64_t *v = malloc((n ? n : 1) * sizeof *v);
    if (!v)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!f[i].unfinished && f[i].marked)
            st->marked++;
        else if (!f[i].unfinished) {
            v[st->finished++] = f[i].cycles;
            if (f[i].cycles > st->worst) {
                st->worst = f[i].cycles;
                st->worst_frame = i + 1;
            }
        }
    if (st->finished) {
        qsort(v, st->finished, sizeof *v, frame_by_cycles);
        st->median = frame_rank(v, st->finished, 50);
        st->p95 = frame_rank(v, st->finished, 95);
    }
    free(v);
    return 0;
}
