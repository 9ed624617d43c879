/*
 * formats/prc.c: see prc.h.  Written with stdio, read with jansson, like
 * the .prx.
 */
#include "prc.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileio.h"
#include "jsonio.h"
#include "prx.h"

#include "../emu/clockrate.h"      /* CPU_HZ_NUM / CPU_HZ_DEN: a .prx's cycles in seconds */

void prc_beside(const char *prf_path, const char *ext, char *out, size_t n)
{
    const char *slash = strrchr(prf_path, '/'), *dot = strrchr(prf_path, '.');
    size_t len = dot && (!slash || dot > slash) ? (size_t)(dot - prf_path) : strlen(prf_path);
    if (strcmp(prf_path + len, ext) == 0)
        len = strlen(prf_path);
    snprintf(out, n, "%.*s%s", (int)len, prf_path, ext);
}

void prc_path(const char *prf_path, char *out, size_t n)
{
    prc_beside(prf_path, ".prc", out, n);
}

static const char *const layout_keys[6] = { "clock_grain", "bucket_num", "bucket_size", "prog_low_pa",
                                            "prog_high_pa", "dos_pa" };

static void layout_words(const struct prf *p, uint16_t *w)
{
    const uint16_t v[6] = { p->clock_grain, p->bucket_num, p->bucket_size, p->prog_low_pa, p->prog_high_pa,
                            p->dos_pa };
    memcpy(w, v, sizeof v);
}

static void write_prc(FILE *f, const void *ctx)
{
    const struct prc *c = ctx;
    uint64_t prog = 0;
    for (uint32_t i = 0; i < c->header.bucket_num; i++)
        prog += c->bucket[i];
    fprintf(f, "{\n  \"format\": \"profil-prc\",\n  \"version\": %d,\n  \"program\": ", PRC_VERSION);
    json_put_text(f, c->program);
    if (c->program_path[0]) {
        fprintf(f, ",\n  \"program_path\": ");
        json_put_text(f, c->program_path);
    }
    if (c->program_sha256[0]) {
        fprintf(f, ",\n  \"program_sha256\": ");
        json_put_text(f, c->program_sha256);
    }
    if (c->run[0]) {
        fprintf(f, ",\n  \"run\": ");
        json_put_text(f, c->run);
    }
    const char *texts[4] = { "mode", "unit", "cpu", "timing" };
    const char *values[4] = { c->mode, c->unit, c->cpu, c->timing };
    for (int k = 0; k < 4; k++) {
        fprintf(f, ",\n  \"%s\": ", texts[k]);
        json_put_text(f, values[k]);
    }
    fprintf(f, ",\n  \"cycles\": %llu,\n  \"seconds\": %.9f,\n  \"instructions\": %llu,\n  \"samples\": %llu,\n"
               "  \"layout\": {",
            (unsigned long long)c->cycles, c->seconds, (unsigned long long)c->instructions,
            (unsigned long long)c->samples);
    uint16_t w[6];
    layout_words(&c->header, w);
    for (int k = 0; k < 6; k++)
        fprintf(f, "%s\"%s\": %u", k ? ", " : "", layout_keys[k], w[k]);
    fprintf(f, "},\n  \"total\": %llu,\n  \"io\": %llu,\n  \"dos\": %llu,\n  \"high\": %llu,\n  \"buckets_total\": %llu,\n"
               "  \"buckets\": [",
            (unsigned long long)(prog + c->io + c->dos + c->high), (unsigned long long)c->io,
            (unsigned long long)c->dos, (unsigned long long)c->high, (unsigned long long)prog);
    for (uint32_t i = 0; i < c->header.bucket_num; i++)
        fprintf(f, "%s%s%llu", i ? "," : "", i % 16 ? " " : "\n    ", (unsigned long long)c->bucket[i]);
    fprintf(f, "\n  ]");
    if (c->at) {
        fprintf(f, ",\n  \"addresses\": [");
        for (size_t i = 0; i < c->nat; i++)
            fprintf(f, "%s%s[%u, %llu]", i ? "," : "", i % 8 ? " " : "\n    ", c->at[i].offset,
                    (unsigned long long)c->at[i].count);
        fprintf(f, "\n  ]");
    }
    if (c->services)
        prx_write_services(f, c->services, c->nservices, c->service_samples);
    if (c->has_frames) {
        const struct prx_frame_stats *st = &c->frame_stats;
        fprintf(f, ",\n  \"frames\": {\"kind\": ");
        json_put_text(f, c->frame_kind);
        fprintf(f, ", \"count\": %llu, \"finished\": %llu, \"median\": %llu, \"p95\": %llu, \"worst\": %llu, "
                   "\"worst_frame\": %llu}", (unsigned long long)c->frames, (unsigned long long)st->finished,
                (unsigned long long)st->median, (unsigned long long)st->p95, (unsigned long long)st->worst,
                (unsigned long long)st->worst_frame);
    }
    fprintf(f, "\n}\n");
}

int prc_write_file(const char *path, const struct prc *c, char *err, size_t errn)
{
    return write_text_atomic(path, write_prc, c, err, errn);
}

int prc_write_file_into(struct file_set *set, const char *path, const struct prc *c, char *err, size_t errn)
{
    return write_text_into(set, path, write_prc, c, err, errn);
}

static int parse_layout(json_t *layout, struct prf *h)
{
    uint64_t u[6];
    for (int k = 0; k < 6; k++)
        if (json_get_uint(layout, layout_keys[k], 0xFFFF, &u[k]) != 0)
            return -1;
    *h = (struct prf){ (uint16_t)u[0], (uint16_t)u[1], (uint16_t)u[2], (uint16_t)u[3], (uint16_t)u[4],
                       (uint16_t)u[5], 0, 0, 0, NULL, NULL, NULL, NULL, 0 };
    return h->bucket_size ? 0 : -1;
}

/* "services" (optional): {"samples": N, "rows": [[id, "label", samples, calls, cycles, instructions]...]}. */
static int parse_services(json_t *o, struct prc *c, char *why, size_t whyn)
{
    json_t *rows = json_object_get(o, "rows");
    if (json_get_uint(o, "samples", UINT64_MAX, &c->service_samples) != 0 || !json_is_array(rows)) {
        snprintf(why, whyn, "\"services\" lacks its \"samples\" or \"rows\"");
        return -1;
    }
    size_t n = json_array_size(rows);
    c->services = calloc(n ? n : 1, sizeof *c->services);
    if (!c->services) {
        snprintf(why, whyn, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        json_t *r = json_array_get(rows, i);
        uint64_t u[6] = { 0 };
        int ok = json_is_array(r) && json_array_size(r) == 6 && json_is_string(json_array_get(r, 1));
        for (size_t k = 0; ok && k < 6; k++) {
            json_t *v = json_array_get(r, k);
            ok = k == 1 || (json_is_integer(v) && json_integer_value(v) >= 0 &&
                            (k != 0 || json_integer_value(v) <= (json_int_t)UINT32_MAX));
            u[k] = k == 1 ? 0 : (uint64_t)json_integer_value(v);
        }
        if (!ok) {
            snprintf(why, whyn, "service row %zu is not [id, service, samples, calls, cycles, instructions]", i);
            return -1;
        }
        c->services[i] = (struct prx_service){ (uint32_t)u[0], "", u[2], u[3], u[4], u[5] };
        snprintf(c->services[i].label, sizeof c->services[i].label, "%s", json_string_value(json_array_get(r, 1)));
    }
    c->nservices = n;
    return 0;
}

/* "addresses" (optional): [[offset, count]...], offsets ascending inside
 * the buckets, counts not 0, each bucket's adding up to its count. */
static int parse_addresses(json_t *a, struct prc *c, char *why, size_t whyn)
{
    uint32_t B = c->header.bucket_size * 16u, limit = (uint32_t)c->header.bucket_num * B;
    size_t n = json_array_size(a);
    uint64_t *sum = calloc(c->header.bucket_num ? c->header.bucket_num : 1, sizeof *sum);
    c->at = calloc(n ? n : 1, sizeof *c->at);
    if (!sum || !c->at) {
        free(sum);
        snprintf(why, whyn, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        json_t *r = json_array_get(a, i), *o = json_array_get(r, 0), *v = json_array_get(r, 1);
        if (!json_is_array(r) || json_array_size(r) != 2 || !json_is_integer(o) || !json_is_integer(v) ||
            json_integer_value(o) < 0 || json_integer_value(o) >= (json_int_t)limit || json_integer_value(v) <= 0 ||
            (i && (uint32_t)json_integer_value(o) <= c->at[i - 1].offset)) {
            free(sum);
            snprintf(why, whyn, "address %zu is not [offset, count] above the last, inside the buckets", i);
            return -1;
        }
        c->at[i] = (struct prf_at){ (uint32_t)json_integer_value(o), (uint64_t)json_integer_value(v) };
        sum[c->at[i].offset / B] += c->at[i].count;
    }
    c->nat = n;
    for (uint32_t b = 0; b < c->header.bucket_num; b++) {
        if (sum[b] != c->bucket[b]) {
            snprintf(why, whyn, "the addresses in bucket %u add up to %llu, not its %llu", b,
                     (unsigned long long)sum[b], (unsigned long long)c->bucket[b]);
            free(sum);
            return -1;
        }
    }
    free(sum);
    return 0;
}

/* "frames" (optional): {"kind", "count", "finished", "median", "p95", "worst", "worst_frame"}. */
static int parse_frames(json_t *o, struct prc *c, char *why, size_t whyn)
{
    struct prx_frame_stats *st = &c->frame_stats;
    uint64_t finished, worst_frame;
    if (!json_is_object(o) || json_get_uint(o, "count", UINT64_MAX, &c->frames) != 0 ||
        json_get_uint(o, "finished", c->frames, &finished) != 0 || json_get_uint(o, "median", UINT64_MAX, &st->median) != 0 ||
        json_get_uint(o, "p95", UINT64_MAX, &st->p95) != 0 || json_get_uint(o, "worst", UINT64_MAX, &st->worst) != 0 ||
        json_get_uint(o, "worst_frame", finished ? c->frames : 0, &worst_frame) != 0 ||
        !json_is_string(json_object_get(o, "kind")) || finished + 1 < c->frames || st->median > st->p95 ||
        st->p95 > st->worst) {
        snprintf(why, whyn, "\"frames\" is not {kind, count, finished, median, p95, worst, worst_frame} with "
                 "median <= p95 <= worst");
        return -1;
    }
    st->finished = (size_t)finished;
    st->worst_frame = (size_t)worst_frame;
    json_get_text(o, "kind", c->frame_kind, sizeof c->frame_kind);
    c->has_frames = 1;
    return 0;
}

static int parse(json_t *root, void *out, char *why, size_t whyn)
{
    struct prc *c = out;
    uint64_t version, total, prog, sum = 0;
    json_t *seconds = json_object_get(root, "seconds"), *buckets = json_object_get(root, "buckets");
    const char *fmt = json_string_value(json_object_get(root, "format"));
    if (!fmt || strcmp(fmt, "profil-prc") != 0) {
        snprintf(why, whyn, "not a profil .prc file (no \"format\": \"profil-prc\")");
        return -1;
    }
    if (json_get_uint(root, "version", 1000, &version) != 0 || version != PRC_VERSION) {
        snprintf(why, whyn, ".prc version %llu, this profil reads version %d",
                 (unsigned long long)(json_is_integer(json_object_get(root, "version")) ? version : 0), PRC_VERSION);
        return -1;
    }
    if (json_get_uint(root, "cycles", UINT64_MAX, &c->cycles) != 0 || !json_is_number(seconds) ||
        json_get_uint(root, "instructions", UINT64_MAX, &c->instructions) != 0 ||
        json_get_uint(root, "samples", UINT64_MAX, &c->samples) != 0 ||
        json_get_uint(root, "total", UINT64_MAX, &total) != 0 || json_get_uint(root, "io", UINT64_MAX, &c->io) != 0 ||
        json_get_uint(root, "dos", UINT64_MAX, &c->dos) != 0 || json_get_uint(root, "high", UINT64_MAX, &c->high) != 0 ||
        json_get_uint(root, "buckets_total", UINT64_MAX, &prog) != 0 ||
        parse_layout(json_object_get(root, "layout"), &c->header) != 0) {
        snprintf(why, whyn, "missing or bad totals or layout");
        return -1;
    }
    c->seconds = json_number_value(seconds);
    json_get_text(root, "program", c->program, sizeof c->program);
    json_get_text(root, "program_path", c->program_path, sizeof c->program_path);
    json_get_text(root, "program_sha256", c->program_sha256, sizeof c->program_sha256);
    json_get_text(root, "mode", c->mode, sizeof c->mode);
    json_get_text(root, "run", c->run, sizeof c->run);
    json_get_text(root, "unit", c->unit, sizeof c->unit);
    json_get_text(root, "cpu", c->cpu, sizeof c->cpu);
    json_get_text(root, "timing", c->timing, sizeof c->timing);
    if (!json_is_array(buckets) || json_array_size(buckets) != c->header.bucket_num) {
        snprintf(why, whyn, "want \"buckets\": an array of %u counts (layout.bucket_num)", c->header.bucket_num);
        return -1;
    }
    c->bucket = calloc(c->header.bucket_num ? c->header.bucket_num : 1, sizeof *c->bucket);
    if (!c->bucket) {
        snprintf(why, whyn, "out of memory");
        return -1;
    }
    for (uint32_t i = 0; i < c->header.bucket_num; i++) {
        json_t *v = json_array_get(buckets, i);
        if (!json_is_integer(v) || json_integer_value(v) < 0) {
            snprintf(why, whyn, "bucket %u is not a count", i);
            return -1;
        }
        sum += c->bucket[i] = (uint64_t)json_integer_value(v);
    }
    if (sum != prog || prog + c->io + c->dos + c->high != total) {
        snprintf(why, whyn, "the counts do not add up to \"buckets_total\" and \"total\"");
        return -1;
    }
    json_t *services = json_object_get(root, "services"), *addresses = json_object_get(root, "addresses");
    if (services && parse_services(services, c, why, whyn) != 0)
        return -1;
    if (addresses && (!json_is_array(addresses) || parse_addresses(addresses, c, why, whyn) != 0)) {
        if (!json_is_array(addresses))
            snprintf(why, whyn, "\"addresses\" is not an array");
        return -1;
    }
    json_t *frames = json_object_get(root, "frames");
    if (frames && parse_frames(frames, c, why, whyn) != 0)
        return -1;
    return 0;
}

int prc_read_file(const char *path, struct prc *c, char *err, size_t errn)
{
    memset(c, 0, sizeof *c);
    int rc = json_read_file(path, parse, c, err, errn);
    if (rc != 0)
        prc_free(c);
    return rc;
}

void prc_free(struct prc *c)
{
    free(c->bucket);
    free(c->services);
    free(c->at);
    c->bucket = NULL;
    c->services = NULL;
    c->at = NULL;
    c->nservices = c->nat = 0;
}

void prc_mismatch(const struct prc *c, const struct prf *p, char *why, size_t n)
{
    static const char *const classes[3] = { "hit_io", "hit_dos", "hit_high" };
    uint16_t a[6], b[6];
    layout_words(&c->header, a);
    layout_words(p, b);
    why[0] = 0;
    for (int k = 0; k < 6; k++) {
        if (a[k] != b[k]) {
            snprintf(why, n, "its %s is %u, the .PRF's %u", layout_keys[k], a[k], b[k]);
            return;
        }
    }
    const uint64_t exact[3] = { c->io, c->dos, c->high };
    const uint16_t word[3] = { p->hit_io, p->hit_dos, p->hit_high };
    for (int k = 0; k < 3; k++) {
        if ((uint16_t)exact[k] != word[k]) {
            snprintf(why, n, "its %s %llu is not the .PRF's %u modulo 65536 (from another run)", classes[k],
                     (unsigned long long)exact[k], word[k]);
            return;
        }
    }
    for (uint32_t i = 0; i < p->bucket_num; i++) {
        if ((uint16_t)c->bucket[i] != p->bucket[i]) {
            snprintf(why, n, "its bucket %u, %llu, is not the .PRF's %u modulo 65536 (from another run)", i,
                     (unsigned long long)c->bucket[i], p->bucket[i]);
            return;
        }
    }
}

/* ", wrapped in the .PRF: bucket 7, bucket 8, ... (N in all)" for the
 * counters past 65535, or "". */
static void wrapped_list(const struct prf *p, const uint64_t *exact, char *out, size_t n)
{
    static const char *const classes[3] = { "io", "dos", "high" };
    size_t len = 0, shown = 0, count = 0;
    out[0] = 0;
    for (uint32_t i = 0; i < p->bucket_num + 3u; i++) {
        if (exact[i] <= 0xFFFF)
            continue;
        count++;
        if (shown < 8 && len < n) {
            if (i < p->bucket_num)
                len += (size_t)snprintf(out + len, n - len, "%s bucket %u", shown ? "," : "; the .PRF's wrapped:", i);
            else
                len += (size_t)snprintf(out + len, n - len, "%s %s", shown ? "," : "; the .PRF's wrapped:",
                                        classes[i - p->bucket_num]);
            shown++;
        }
    }
    if (count > shown && len < n)
        snprintf(out + len, n - len, " and %zu more", count - shown);
}

/* A trace's NAME.prx in the .prc's terms: its instructions per bucket
 * and class, for a .PRF whose NAME.prc is gone (or from before it). */
static int prc_from_prx(const char *path, struct prc *c, char *err, size_t errn)
{
    struct prx x;
    memset(c, 0, sizeof *c);
    if (prx_read_file(path, &x, err, errn) != 0)
        return -1;
    if (strcmp(x.mode, "trace") != 0 || !(c->bucket = calloc(x.bucket_num ? x.bucket_num : 1, sizeof *c->bucket))) {
        snprintf(err, errn, "%s", strcmp(x.mode, "trace") ? "not a trace" : "out of memory");
        prx_free(&x);
        return -1;
    }
    uint64_t *cls[3] = { &c->io, &c->dos, &c->high };
    uint32_t B = x.bucket_size * 16u;
    if (!(c->at = calloc(x.n ? x.n : 1, sizeof *c->at))) {
        snprintf(err, errn, "out of memory");
        prx_free(&x);
        return -1;
    }
    for (size_t i = 0; i < x.n; i++) {
        uint32_t b = prx_offset(&x, &x.e[i]) / B;
        if (x.e[i].cls == PRX_PROGRAM && b < x.bucket_num) {
            c->bucket[b] += x.e[i].insns;
            if (x.e[i].insns)       /* rows come by linear address: offsets ascending */
                c->at[c->nat++] = (struct prf_at){ prx_offset(&x, &x.e[i]), x.e[i].insns };
        } else
            *cls[x.e[i].cls == PRX_PROGRAM ? PRX_HIGH : x.e[i].cls] += x.e[i].insns;
    }
    c->header = (struct prf){ x.clock_grain, (uint16_t)x.bucket_num, x.bucket_size, x.prog_low_pa, x.prog_high_pa,
                              x.dos_pa, 0, 0, 0, NULL, NULL, NULL, NULL, 0 };
    c->cycles = x.total_cycles;
    c->seconds = (double)x.total_cycles * (double)CPU_HZ_DEN / (double)CPU_HZ_NUM;
    c->instructions = x.total_insns;
    snprintf(c->program, sizeof c->program, "%s", x.program);
    snprintf(c->program_path, sizeof c->program_path, "%s", x.program_path);
    snprintf(c->program_sha256, sizeof c->program_sha256, "%s", x.program_sha256);
    snprintf(c->mode, sizeof c->mode, "trace");
    snprintf(c->unit, sizeof c->unit, "instructions");
    snprintf(c->cpu, sizeof c->cpu, "%s", x.cpu);
    snprintf(c->timing, sizeof c->timing, "%s", x.timing);
    c->services = x.services;           /* moved */
    c->nservices = x.nservices;
    c->service_samples = x.service_samples;
    x.services = NULL;
    prx_free(&x);
    return 0;
}

/* NAME.prc beside the .PRF, or a trace's NAME.prx; 0 read, 1 neither is
 * there, -1 unreadable (err).  *path gets the one used. */
static int read_beside(const char *prf_path, struct prc *c, char *path, size_t pathn, char *err, size_t errn)
{
    char prx[4200];
    prc_path(prf_path, path, pathn);
    if (access(path, F_OK) == 0)
        return prc_read_file(path, c, err, errn);
    prc_beside(prf_path, ".prx", prx, sizeof prx);
    if (access(prx, F_OK) != 0 || prc_from_prx(prx, c, err, errn) != 0)
        return 1;
    snprintf(path, pathn, "%s", prx);
    return 0;
}

int prc_attach_beside(const char *prf_path, struct prf *p, struct prc *keep, char *note, size_t n)
{
    char path[4200], err[600], why[300], wrapped[300];
    struct prc c;
    int rc = read_beside(prf_path, &c, path, sizeof path, err, sizeof err);
    if (rc > 0) {
        snprintf(note, n, "%s alone (no %s): its counters are 16-bit, so figures are modulo 65536 if any wrapped",
                 prf_path, path);
        return 0;
    }
    if (rc < 0) {
        snprintf(note, n, "%s (using the .PRF's 16-bit counters, modulo 65536)", err);
        return 0;
    }
    prc_mismatch(&c, p, why, sizeof why);
    if (why[0] || !(p->exact = calloc(p->bucket_num + 3u, sizeof *p->exact))) {
        snprintf(note, n, "%s does not match %s: %s (using the .PRF's 16-bit counters, modulo 65536)", path,
                 prf_path, why[0] ? why : "out of memory");
        prc_free(&c);
        return 0;
    }
    memcpy(p->exact, c.bucket, p->bucket_num * sizeof *p->exact);
    free(p->at);
    p->at = c.at;               /* moved: NULL when the .prc has none */
    p->nat = c.nat;
    c.at = NULL;
    c.nat = 0;
    p->exact[p->bucket_num] = c.io;
    p->exact[p->bucket_num + 1] = c.dos;
    p->exact[p->bucket_num + 2] = c.high;
    p->unit = strcmp(c.unit, "instructions") == 0 ? "instructions" : "samples";
    wrapped_list(p, p->exact, wrapped, sizeof wrapped);
    snprintf(note, n, "exact counts from %s%s", path, wrapped);
    if (keep)
        *keep = c;
    else
        prc_free(&c);
    return 1;
}

void prc_run_id(const uint8_t *program, size_t n, const uint64_t *facts, size_t nfacts, char out[17])
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ program[i]) * 0x100000001b3ull;
    for (size_t i = 0; i < nfacts; i++)
        for (int k = 0; k < 64; k += 8)
            h = (h ^ ((facts[i] >> k) & 0xFF)) * 0x100000001b3ull;
    snprintf(out, 17, "%016llx", (unsigned long long)h);
}

/* 16 hex digits, as prc_run_id writes them (a file's may be anything). */
static int run_id_valid(const char *id)
{
    return strlen(id) == 16 && strspn(id, "0123456789abcdef") == 16;
}

void prc_prx_same_run(const struct prc *c, const char *prc_path, const struct prx *x, const char *prx_path,
                      char *why, size_t n)
{
    why[0] = 0;
    if (run_id_valid(c->run) && run_id_valid(x->run) && strcmp(c->run, x->run) != 0)
        snprintf(why, n, "%s and %s are from different runs (run %s and run %s)", prx_path, prc_path, x->run, c->run);
}
