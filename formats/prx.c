/*
 * formats/prx.c: see prx.h.  Written with stdio (numbers and short
 * strings), read with jansson.
 */
#include "prx.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"

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

/* A JSON string of plain text: quotes, backslashes and controls escaped. */
static void put_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c >= 0x7F)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

static void write_calls(FILE *f, const struct prx *x)
{
    if (!x->calls)
        return;
    fprintf(f, ",\n  \"calls\": {\"unmatched\": %llu, \"unwound\": %llu, \"lost\": %llu, \"open\": %llu, \"max_depth\": %u,\n"
               "    \"columns\": [\"parent\", \"entry\", \"cs\", \"ip\", \"kind\", \"calls\", \"instructions\", "
               "\"cycles\", \"samples\"],\n    \"nodes\": [",
            (unsigned long long)x->unmatched, (unsigned long long)x->unwound, (unsigned long long)x->lost,
            (unsigned long long)x->open, x->max_depth);
    for (size_t i = 0; i < x->ncalls; i++) {
        const struct call_node *c = &x->calls[i];
        fprintf(f, "%s\n      [%lld, %u, %u, %u, \"%s\", %llu, %llu, %llu, %llu]", i ? "," : "",
                c->parent == CALLS_NO_PARENT ? -1LL : (long long)c->parent, c->entry, c->cs, c->ip,
                call_kind_name(c->kind), (unsigned long long)c->calls, (unsigned long long)c->insns,
                (unsigned long long)c->cycles, (unsigned long long)c->samples);
    }
    fprintf(f, "\n    ]\n  }");
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

int prx_write_file(const char *path, const struct prx *x, char *err, size_t errn)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        snprintf(err, errn, "%s: out of memory", path);
        return -1;
    }
    fprintf(f, "{\n  \"format\": \"profil-prx\",\n  \"version\": %d,\n  \"program\": ", PRX_VERSION);
    put_string(f, x->program);
    fprintf(f, ",\n  \"cpu\": ");
    put_string(f, x->cpu);
    fprintf(f, ",\n  \"timing\": ");
    put_string(f, x->timing);
    fprintf(f, ",\n  \"stop\": ");
    put_string(f, x->stop);
    fprintf(f, ",\n  \"mode\": ");
    put_string(f, x->mode[0] ? x->mode : "trace");
    fprintf(f, ",\n  \"cpu_hz\": 4772727,\n  \"instructions\": %llu,\n  \"cycles\": %llu,\n",
            (unsigned long long)x->total_insns, (unsigned long long)x->total_cycles);
    fprintf(f, "  \"layout\": {\"clock_grain\": %u, \"bucket_size\": %u, \"bucket_num\": %u, "
               "\"prog_low_pa\": %u, \"prog_high_pa\": %u, \"dos_pa\": %u},\n",
            x->clock_grain, x->bucket_size, x->bucket_num, x->prog_low_pa, x->prog_high_pa, x->dos_pa);
    fprintf(f, "  \"columns\": [\"linear\", \"cs\", \"ip\", \"class\", \"length\", \"instructions\", \"cycles\"],\n"
               "  \"addresses\": [");
    for (size_t i = 0; i < x->n; i++) {
        const struct prx_entry *e = &x->e[i];
        fprintf(f, "%s\n    [%u, %u, %u, \"%s\", %u, %llu, %llu]", i ? "," : "", e->linear, e->cs, e->ip,
                prx_class_name(e->cls), e->length, (unsigned long long)e->insns, (unsigned long long)e->cycles);
    }
    fprintf(f, "\n  ]");
    write_calls(f, x);
    write_memory(f, x);
    fprintf(f, "\n}\n");
    if (fclose(f) != 0) {
        free(buf);
        snprintf(err, errn, "%s: out of memory", path);
        return -1;
    }
    int rc = write_file_atomic(path, buf, len, err, errn);
    free(buf);
    return rc;
}

int prx_looks_like(const uint8_t *buf, size_t n)
{
    size_t i = 0;
    while (i < n && (buf[i] == ' ' || buf[i] == '\n' || buf[i] == '\r' || buf[i] == '\t'))
        i++;
    return i < n && buf[i] == '{';
}

static int get_uint(json_t *o, const char *key, uint64_t max, uint64_t *out)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0 || (uint64_t)json_integer_value(v) > max)
        return -1;
    *out = (uint64_t)json_integer_value(v);
    return 0;
}

static void get_text(json_t *o, const char *key, char *out, size_t n)
{
    const char *s = json_string_value(json_object_get(o, key));
    snprintf(out, n, "%s", s ? s : "");
}

static int class_of(const char *s)
{
    for (int i = 0; s && i < 4; i++)
        if (strcmp(s, class_names[i]) == 0)
            return i;
    return -1;
}

/* One "addresses" row; -1 when it is malformed. */
static int read_entry(json_t *row, struct prx_entry *e)
{
    if (!json_is_array(row) || json_array_size(row) != 7)
        return -1;
    json_int_t v[7];
    for (int k = 0; k < 7; k++) {
        json_t *c = json_array_get(row, (size_t)k);
        if (k == 3)
            continue;
        if (!json_is_integer(c) || (v[k] = json_integer_value(c)) < 0)
            return -1;
    }
    int cls = class_of(json_string_value(json_array_get(row, 3)));
    if (v[0] > 0xFFFFF || v[1] > 0xFFFF || v[2] > 0xFFFF || v[4] > 255 || cls < 0)
        return -1;
    *e = (struct prx_entry){ (uint32_t)v[0], (uint16_t)v[1], (uint16_t)v[2], (uint8_t)cls, (uint8_t)v[4],
                             (uint64_t)v[5], (uint64_t)v[6] };
    return 0;
}

/* A row of n numbers (the first may be -1) with text at column `text_col`
 * (or none: -1); -1 when it is malformed. */
static int read_row(json_t *row, size_t n, int text_col, json_int_t *v, const char **text)
{
    if (!json_is_array(row) || json_array_size(row) != n)
        return -1;
    for (size_t k = 0; k < n; k++) {
        json_t *c = json_array_get(row, k);
        if ((int)k == text_col) {
            if (!(*text = json_string_value(c)))
                return -1;
        } else if (!json_is_integer(c) || (v[k] = json_integer_value(c)) < (k == 0 ? -1 : 0)) {
            return -1;
        }
    }
    return 0;
}

/* The nodes, each after its parent and at most PRX_CALL_DEPTH_MAX below
 * the root, as run writes them: a deeper tree would make --format folded
 * (a line per node with its whole chain) grow as nodes x depth. */
static int call_nodes(json_t *nodes, struct prx *x, uint16_t *depth, char *why, size_t whyn)
{
    for (size_t i = 0; i < x->ncalls; i++) {
        json_int_t v[9];
        const char *kind = NULL;
        int k = -1;
        if (read_row(json_array_get(nodes, i), 9, 4, v, &kind) == 0)
            for (k = 4; k >= 0 && strcmp(kind, kind_names[k]) != 0; k--)
                ;
        if (k < 0 || (i == 0) != (v[0] == -1) || (i && v[0] >= (json_int_t)i) || v[1] > 0xFFFFF || v[2] > 0xFFFF ||
            v[3] > 0xFFFF) {
            snprintf(why, whyn, "call node %zu is not [parent, entry, cs, ip, kind, calls, instructions, "
                     "cycles, samples] with its parent before it", i);
            return -1;
        }
        if (i && (depth[i] = (uint16_t)(depth[v[0]] + 1)) > PRX_CALL_DEPTH_MAX) {
            snprintf(why, whyn, "call node %zu is %u calls deep, past the %u a .prx holds", i, depth[i],
                     PRX_CALL_DEPTH_MAX);
            return -1;
        }
        x->calls[i] = (struct call_node){ v[0] < 0 ? CALLS_NO_PARENT : (uint32_t)v[0], (uint32_t)v[1],
                                          (uint16_t)v[2], (uint16_t)v[3], (uint8_t)k, (uint64_t)v[5],
                                          (uint64_t)v[6], (uint64_t)v[7], (uint64_t)v[8] };
    }
    return 0;
}

static int parse_calls(json_t *calls, struct prx *x, char *why, size_t whyn)
{
    uint64_t u[5];
    json_t *nodes = json_object_get(calls, "nodes");
    if (get_uint(calls, "unmatched", UINT64_MAX, &u[0]) != 0 || get_uint(calls, "unwound", UINT64_MAX, &u[1]) != 0 ||
        get_uint(calls, "lost", UINT64_MAX, &u[2]) != 0 || get_uint(calls, "max_depth", UINT32_MAX, &u[3]) != 0 ||
        get_uint(calls, "open", UINT64_MAX, &u[4]) != 0 ||
        !json_is_array(nodes) || json_array_size(nodes) == 0) {
        snprintf(why, whyn, "\"calls\" lacks its counts or nodes");
        return -1;
    }
    x->unmatched = u[0];
    x->unwound = u[1];
    x->lost = u[2];
    x->max_depth = (uint32_t)u[3];
    x->open = u[4];
    x->ncalls = json_array_size(nodes);
    uint16_t *depth = calloc(x->ncalls, sizeof *depth);     /* below the root */
    if (!depth || !(x->calls = calloc(x->ncalls, sizeof *x->calls))) {
        free(depth);
        snprintf(why, whyn, "out of memory");
        return -1;
    }
    int rc = call_nodes(nodes, x, depth, why, whyn);
    free(depth);
    return rc;
}

static int parse_memory(json_t *mem, struct prx *x, char *why, size_t whyn)
{
    json_t *sites = json_object_get(mem, "sites");
    if (!json_is_array(sites)) {
        snprintf(why, whyn, "\"memory\" has no \"sites\" array");
        return -1;
    }
    x->nsites = json_array_size(sites);
    if (!(x->sites = calloc(x->nsites ? x->nsites : 1, sizeof *x->sites))) {
        snprintf(why, whyn, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < x->nsites; i++) {
        json_int_t v[11];
        if (read_row(json_array_get(sites, i), 11, -1, v, NULL) != 0 || v[0] > 0xFFFFF || v[1] > 0xFFFF ||
            v[2] > 0xFFFF) {
            snprintf(why, whyn, "memory site %zu is not [site, cs, ip, allocs, resizes, frees, failures, "
                     "allocated, freed, peak, live]", i);
            return -1;
        }
        x->sites[i] = (struct alloc_site){ v[0] < 0 ? PRX_SITE_EXEC : (uint32_t)v[0], (uint16_t)v[1], (uint16_t)v[2],
                                           (uint64_t)v[3], (uint64_t)v[4], (uint64_t)v[5], (uint64_t)v[6],
                                           (uint64_t)v[7], (uint64_t)v[8], (uint64_t)v[9], (uint64_t)v[10] };
    }
    return 0;
}

static int parse(json_t *root, struct prx *x, char *why, size_t whyn)
{
    uint64_t version, u[6];
    json_t *layout = json_object_get(root, "layout"), *rows = json_object_get(root, "addresses");
    const char *fmt = json_string_value(json_object_get(root, "format"));
    if (!fmt || strcmp(fmt, "profil-prx") != 0) {
        snprintf(why, whyn, "not a profil .prx file (no \"format\": \"profil-prx\")");
        return -1;
    }
    if (get_uint(root, "version", 1000, &version) != 0 || version < 1 || version > PRX_VERSION) {
        snprintf(why, whyn, ".prx version %llu, this profil reads versions 1 to %d",
                 (unsigned long long)(json_is_integer(json_object_get(root, "version")) ? version : 0), PRX_VERSION);
        return -1;
    }
    if (get_uint(root, "instructions", UINT64_MAX, &x->total_insns) != 0 ||
        get_uint(root, "cycles", UINT64_MAX, &x->total_cycles) != 0 ||
        get_uint(layout, "clock_grain", 0xFFFF, &u[0]) != 0 || get_uint(layout, "bucket_size", 0xFFFF, &u[1]) != 0 ||
        get_uint(layout, "bucket_num", 0xFFFF, &u[2]) != 0 || get_uint(layout, "prog_low_pa", 0xFFFF, &u[3]) != 0 ||
        get_uint(layout, "prog_high_pa", 0xFFFF, &u[4]) != 0 || get_uint(layout, "dos_pa", 0xFFFF, &u[5]) != 0 ||
        u[1] == 0) {
        snprintf(why, whyn, "missing or bad totals or layout");
        return -1;
    }
    x->clock_grain = (uint16_t)u[0];
    x->bucket_size = (uint16_t)u[1];
    x->bucket_num = (uint32_t)u[2];
    x->prog_low_pa = (uint16_t)u[3];
    x->prog_high_pa = (uint16_t)u[4];
    x->dos_pa = (uint16_t)u[5];
    get_text(root, "program", x->program, sizeof x->program);
    get_text(root, "cpu", x->cpu, sizeof x->cpu);
    get_text(root, "timing", x->timing, sizeof x->timing);
    get_text(root, "stop", x->stop, sizeof x->stop);
    get_text(root, "mode", x->mode, sizeof x->mode);
    if (!x->mode[0])
        snprintf(x->mode, sizeof x->mode, "trace");
    if (!json_is_array(rows)) {
        snprintf(why, whyn, "no \"addresses\" array");
        return -1;
    }
    x->n = json_array_size(rows);
    x->e = calloc(x->n ? x->n : 1, sizeof *x->e);
    if (!x->e) {
        snprintf(why, whyn, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < x->n; i++) {
        if (read_entry(json_array_get(rows, i), &x->e[i]) != 0) {
            snprintf(why, whyn, "address row %zu is not [linear, cs, ip, class, length, instructions, cycles]", i);
            return -1;
        }
        if (i && x->e[i].linear <= x->e[i - 1].linear) {
            snprintf(why, whyn, "address row %zu is out of order", i);
            return -1;
        }
    }
    json_t *calls = json_object_get(root, "calls"), *mem = json_object_get(root, "memory");
    if (calls && parse_calls(calls, x, why, whyn) != 0)
        return -1;
    return mem ? parse_memory(mem, x, why, whyn) : 0;
}

int prx_read_file(const char *path, struct prx *x, char *err, size_t errn)
{
    uint8_t *buf;
    size_t n;
    char why[200];
    memset(x, 0, sizeof *x);
    if (read_file(path, &buf, &n, err, errn) != 0)
        return -1;
    json_error_t je;
    json_t *root = json_loadb((const char *)buf, n, 0, &je);
    free(buf);
    if (!root) {
        snprintf(err, errn, "%s: line %d: %s", path, je.line, je.text);
        return -1;
    }
    int rc = json_is_object(root) ? parse(root, x, why, sizeof why) : (snprintf(why, sizeof why, "not a JSON object"), -1);
    json_decref(root);
    if (rc != 0) {
        snprintf(err, errn, "%s: %s", path, why);
        prx_free(x);
    }
    return rc;
}

void prx_free(struct prx *x)
{
    free(x->e);
    free(x->calls);
    free(x->sites);
    x->e = NULL;
    x->calls = NULL;
    x->sites = NULL;
    x->n = x->ncalls = x->nsites = 0;
}
