/*
 * formats/prx_read.c: reading a .prx (see prx.h), in one pass over the
 * file's text with no JSON tree: the rows go straight into struct prx, so
 * a .prx of any size run can write (PRX_READ_MAX) is read in memory a
 * little over its own size.  A JSON tree (jansson) took 6.3 bytes per
 * byte of text, and the reader refused files past 64 MiB that run writes
 * (a trace of every address with a deep call tree).
 *
 * Any JSON with the schema is read (keys in any order, any spacing,
 * unknown keys skipped); syntax errors name the line.
 */
#include "prx.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "../util/grow.h"

#define NEST_MAX 64             /* skipped values: arrays and objects this deep */

struct scan {
    const char *p, *end, *start;
    char *why;
    size_t whyn;
    int failed;
};

/* A syntax error: "line N: what" (once: the first error wins). */
static int syntax(struct scan *s, const char *what)
{
    if (!s->failed) {
        int line = 1;
        for (const char *q = s->start; q < s->p && q < s->end; q++)
            line += *q == '\n';
        snprintf(s->why, s->whyn, "line %d: %s", line, what);
        s->failed = 1;
    }
    return -1;
}

/* A schema error: the message, printf-style (once: the first wins). */
__attribute__((format(printf, 2, 3))) static int wrong(struct scan *s, const char *fmt, ...)
{
    if (!s->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(s->why, s->whyn, fmt, ap);
        va_end(ap);
        s->failed = 1;
    }
    return -1;
}

static char peek(struct scan *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\n' || *s->p == '\r' || *s->p == '\t'))
        s->p++;
    return s->p < s->end ? *s->p : 0;
}

static int take(struct scan *s, char c)
{
    if (peek(s) != c) {
        char what[40];
        snprintf(what, sizeof what, s->p < s->end ? "'%c' expected" : "unexpected end of input", c);
        return syntax(s, what);
    }
    s->p++;
    return 0;
}

/* A string into out (cut to n-1 bytes; \u escapes above FFh become '?'). */
static int string(struct scan *s, char *out, size_t n)
{
    size_t k = 0;
    if (take(s, '"') != 0)
        return -1;
    while (s->p < s->end && *s->p != '"') {
        unsigned char c = (unsigned char)*s->p++;
        if (c < 0x20)
            return syntax(s, "control character in a string");
        if (c == '\\') {
            if (s->p >= s->end)
                break;
            char e = *s->p++;
            const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t", *at = strchr(from, e);
            if (e == 'u') {
                unsigned v = 0;
                for (int i = 0; i < 4; i++, s->p++) {
                    char h = s->p < s->end ? *s->p : 0;
                    int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10
                          : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
                    if (d < 0)
                        return syntax(s, "bad \\u escape");
                    v = v * 16 + (unsigned)d;
                }
                c = v < 0x100 ? (unsigned char)v : '?';
            } else if (e && at) {
                c = (unsigned char)to[at - from];
            } else {
                return syntax(s, "bad escape in a string");
            }
        }
        if (out && k + 1 < n)
            out[k++] = (char)c;
    }
    if (out && n)
        out[k] = 0;
    return take(s, '"');
}

/* A number: 0 and *v, *neg for an integer; 1 for a number that is not
 * one (a fraction or exponent, or past 64 bits); -1 on a syntax error. */
static int number(struct scan *s, uint64_t *v, int *neg)
{
    int whole = 1;
    *v = 0;
    *neg = peek(s) == '-';
    s->p += *neg;
    if (s->p >= s->end || *s->p < '0' || *s->p > '9')
        return syntax(s, "a value expected");
    for (; s->p < s->end && *s->p >= '0' && *s->p <= '9'; s->p++) {
        unsigned d = (unsigned)(*s->p - '0');
        if (*v > (UINT64_MAX - d) / 10)
            whole = 0;
        *v = *v * 10 + d;
    }
    while (s->p < s->end && *s->p && strchr(".eE+-0123456789", *s->p)) {
        whole = 0;
        s->p++;
    }
    return whole ? 0 : 1;
}

/* The items of an array (open '[') or object ('{'): each() reads one
 * (for an object after its key, given as `key`; NULL in an array).  The
 * number of items, or -1. */
typedef int (*item_fn)(struct scan *s, const char *key, size_t i, void *ctx);

static long items(struct scan *s, char open, item_fn each, void *ctx)
{
    char close = open == '[' ? ']' : '}', key[32];
    size_t i = 0;
    if (take(s, open) != 0)
        return -1;
    if (peek(s) != close) {
        do {
            if (open == '{' && (string(s, key, sizeof key) != 0 || take(s, ':') != 0))
                return -1;
            if (each(s, open == '{' ? key : NULL, i++, ctx) < 0)
                return -1;
        } while (peek(s) == ',' && s->p++);
    }
    return take(s, close) == 0 ? (long)i : -1;
}

static int skip(struct scan *s, int depth);

static int skip_item(struct scan *s, const char *key, size_t i, void *ctx)
{
    (void)key;
    (void)i;
    return skip(s, *(int *)ctx + 1);
}

/* Any value, skipped. */
static int skip(struct scan *s, int depth)
{
    char c = peek(s);
    uint64_t v;
    int neg;
    if (depth > NEST_MAX)
        return syntax(s, "nested too deeply");
    if (c == '"')
        return string(s, NULL, 0);
    if (c == '[' || c == '{')
        return items(s, c, skip_item, &depth) < 0 ? -1 : 0;
    for (const char *const *w = (const char *const[]){ "true", "false", "null", NULL }; *w; w++)
        if ((size_t)(s->end - s->p) >= strlen(*w) && memcmp(s->p, *w, strlen(*w)) == 0) {
            s->p += strlen(*w);
            return 0;
        }
    return number(s, &v, &neg) < 0 ? -1 : 0;
}

/* ---- rows ------------------------------------------------------------------ */

/* A row's cells: whole numbers (neg: -1, as column 0 of nodes and sites
 * may be) and one short text. */
struct cells {
    uint64_t u[17];
    int neg[17];
    char text[40];              /* a service's label, at most 39 bytes */
};

/* A cell: a whole number, or at the text column a string.  0, 1 when it
 * is the wrong kind, -1 on a syntax error. */
static int cell(struct scan *s, int text, struct cells *c, size_t k)
{
    char first = peek(s);
    if (text ? first != '"' : first != '-' && (first < '0' || first > '9'))
        return skip(s, 0) < 0 ? -1 : 1;
    if (text)
        return string(s, c->text, sizeof c->text);
    int r = number(s, &c->u[k], &c->neg[k]);
    return r == 0 && c->neg[k] && (k > 0 || c->u[k] != 1) ? 1 : r;    /* only a first cell may be -1 */
}

struct row_shape {
    struct cells *c;
    size_t n;
    int text_col, bad;
    int more;           /* up to n + more cells are a row too (the bus
                           model's stalls, version 3, and video, version 4) */
};

static int cell_item(struct scan *s, const char *key, size_t k, void *ctx)
{
    struct row_shape *r = ctx;
    (void)key;
    int got = k < r->n + (size_t)r->more ? cell(s, (int)k == r->text_col, r->c, k) : (skip(s, 0) < 0 ? -1 : 1);
    r->bad |= got > 0;
    return got;
}

/* A row of n cells (or up to n + more: last cells absent read 0),
 * the text (if any) at text_col; 0, 1 when it does not have that shape,
 * -1 on a syntax error. */
static int row(struct scan *s, size_t n, int more, int text_col, struct cells *c)
{
    struct row_shape shape = { c, n, text_col, 0, more };
    memset(c, 0, sizeof *c);
    if (peek(s) != '[')
        return skip(s, 0) < 0 ? -1 : 1;
    long k = items(s, '[', cell_item, &shape);
    return k < 0 ? -1 : shape.bad || (size_t)k < n || (size_t)k > n + (size_t)more ? 1 : 0;
}

/* An array of rows, each handed to `one` (which stores it; -1 when it is
 * not a row of the kind, with the message); grows *v of *n elements. */
typedef int (*row_fn)(struct scan *s, void *v, size_t i);

struct row_array {
    void **v;
    size_t *n, size, cap;
    row_fn one;
};

static int row_item(struct scan *s, const char *key, size_t i, void *ctx)
{
    struct row_array *a = ctx;
    (void)key;
    if (grow_array(a->v, &a->cap, i + 1, a->size) != 0)
        return wrong(s, "out of memory");
    if (a->one(s, *a->v, i) != 0)
        return -1;
    *a->n = i + 1;
    return 0;
}

static int rows(struct scan *s, void **v, size_t *n, size_t size, row_fn one)
{
    struct row_array a = { v, n, size, 0, one };
    return items(s, '[', row_item, &a) < 0 ? -1 : 0;
}

/* Which of the n names name(0..n-1) t is; -1 if none. */
static int index_of(const char *t, const char *(*name)(unsigned), unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        if (strcmp(t, name(i)) == 0)
            return (int)i;
    return -1;
}

static int address_row(struct scan *s, void *v, size_t i)
{
    struct prx_entry *e = v;
    struct cells c;
    int r = row(s, 7, 2, 3, &c), cls = r == 0 ? index_of(c.text, prx_class_name, 4) : -1;
    if (r < 0)
        return -1;
    if (r || cls < 0 || c.u[0] > 0xFFFFF || c.u[1] > 0xFFFF || c.u[2] > 0xFFFF || c.u[4] > 255 || c.neg[0])
        return wrong(s, "address row %zu is not [linear, cs, ip, class, length, instructions, cycles]", i);
    e[i] = (struct prx_entry){ (uint32_t)c.u[0], (uint16_t)c.u[1], (uint16_t)c.u[2], (uint8_t)cls, (uint8_t)c.u[4],
                               c.u[5], c.u[6], c.u[7], c.u[8] };
    if (i && e[i].linear <= e[i - 1].linear)
        return wrong(s, "address row %zu is out of order", i);
    return 0;
}

static int node_row(struct scan *s, void *v, size_t i)
{
    struct call_node *nodes = v;
    struct cells c;
    int r = row(s, 9, 1, 4, &c), k = r == 0 ? index_of(c.text, call_kind_name, 5) : -1;
    if (r < 0)
        return -1;
    if (r || k < 0 || (i == 0) != (c.neg[0] != 0) || (i && c.u[0] >= i) || c.u[1] > 0xFFFFF || c.u[2] > 0xFFFF ||
        c.u[3] > 0xFFFF)
        return wrong(s, "call node %zu is not [parent, entry, cs, ip, kind, calls, instructions, cycles, samples] "
                        "with its parent before it", i);
    nodes[i] = (struct call_node){ c.neg[0] ? CALLS_NO_PARENT : (uint32_t)c.u[0], (uint32_t)c.u[1],
                                   (uint16_t)c.u[2], (uint16_t)c.u[3], (uint8_t)k, c.u[5], c.u[6], c.u[7], c.u[8], c.u[9],
                                   0 };
    return 0;
}

static int site_row(struct scan *s, void *v, size_t i)
{
    struct alloc_site *sites = v;
    struct cells c;
    int r = row(s, 11, 0, -1, &c);
    if (r < 0)
        return -1;
    if (r || c.u[0] > 0xFFFFF || c.u[1] > 0xFFFF || c.u[2] > 0xFFFF)
        return wrong(s, "memory site %zu is not [site, cs, ip, allocs, resizes, frees, failures, allocated, freed, "
                        "peak, live]", i);
    sites[i] = (struct alloc_site){ c.neg[0] ? PRX_SITE_EXEC : (uint32_t)c.u[0], (uint16_t)c.u[1], (uint16_t)c.u[2],
                                    c.u[3], c.u[4], c.u[5], c.u[6], c.u[7], c.u[8], c.u[9], c.u[10] };
    return 0;
}

static int service_row(struct scan *s, void *v, size_t i)
{
    struct prx_service *rows = v;
    struct cells c;
    int r = row(s, 6, 0, 1, &c);
    if (r < 0)
        return -1;
    if (r || c.u[0] > UINT32_MAX)
        return wrong(s, "service row %zu is not [id, service, samples, calls, cycles, instructions]", i);
    rows[i] = (struct prx_service){ (uint32_t)c.u[0], "", c.u[2], c.u[3], c.u[4], c.u[5] };
    memcpy(rows[i].label, c.text, sizeof rows[i].label);
    return 0;
}

static int process_row(struct scan *s, void *v, size_t i)
{
    struct prx_process *rows = v;
    struct cells c;
    int r = row(s, 17, 0, 1, &c);
    if (r < 0)
        return -1;
    int bad = r || (c.neg[0] ? i != 0 : c.u[0] >= i) || strlen(c.text) > 12 || c.u[2] > 0xFFFF ||
              c.u[3] > 0xFFFF || c.u[4] > 1 || c.u[5] > 255 || c.u[6] > 255 || c.u[14] == 0 || c.u[14] > 0xFFFF ||
              c.u[15] == 0 || c.u[15] > 0xFFFF || c.u[16] > 0xFFFF;
    if (bad)
        return wrong(s, "process row %zu is not [parent, name, psp, load_seg, ended, exit_code, exit_type, start, "
                        "end, samples, inclusive, io, dos, high, bucket_size, bucket_num, prog_high_pa]", i);
    struct prx_process *p = &rows[i];
    memset(p, 0, sizeof *p);
    p->parent = c.neg[0] ? -1 : (int32_t)c.u[0];
    memcpy(p->name, c.text, sizeof p->name - 1);
    p->psp = (uint16_t)c.u[2];
    p->load_seg = (uint16_t)c.u[3];
    p->ended = (uint8_t)c.u[4];
    p->exit_code = (uint8_t)c.u[5];
    p->exit_type = (uint8_t)c.u[6];
    p->start = c.u[7];
    p->end = c.u[8];
    p->samples = c.u[9];
    p->inclusive = c.u[10];
    p->io = c.u[11];
    p->dos = c.u[12];
    p->high = c.u[13];
    p->bucket_size = (uint16_t)c.u[14];
    p->bucket_num = (uint32_t)c.u[15];
    p->prog_high_pa = (uint16_t)c.u[16];
    return 0;
}

static int pbucket_row(struct scan *s, void *v, size_t i)
{
    struct prx_proc_bucket *rows = v;
    struct cells c;
    int r = row(s, 3, 0, -1, &c);
    if (r < 0)
        return -1;
    if (r || c.u[0] > UINT32_MAX || c.u[1] > 0xFFFF)
        return wrong(s, "process bucket %zu is not [process, bucket, samples]", i);
    rows[i] = (struct prx_proc_bucket){ (uint32_t)c.u[0], (uint32_t)c.u[1], c.u[2] };
    return 0;
}

static int zone_row(struct scan *s, void *v, size_t i)
{
    struct prx_zone *zones = v;
    struct cells c;
    int r = row(s, 6, 0, 1, &c);
    if (r < 0)
        return -1;
    if (r || (!c.neg[0] && c.u[0] >= i) || !c.text[0] || strlen(c.text) > PRX_NAME_MAX || c.u[4] > c.u[5])
        return wrong(s, "zone %zu is not [parent, zone, count, total, min, max] with its parent before it", i);
    zones[i] = (struct prx_zone){ "", c.neg[0] ? PRX_NO_ZONE : (uint32_t)c.u[0], c.u[2], c.u[3], c.u[4], c.u[5] };
    memcpy(zones[i].name, c.text, strlen(c.text) + 1);
    struct prx view = { .zones = zones, .nzones = i + 1 };
    if (prx_zone_depth(&view, i) >= PRX_ZONE_DEPTH_MAX)
        return wrong(s, "zone %zu is inside more than %u others", i, PRX_ZONE_DEPTH_MAX - 1);
    return 0;
}

static int mark_row(struct scan *s, void *v, size_t i)
{
    struct prx_mark *marks = v;
    struct cells c;
    int r = row(s, 4, 0, 0, &c);
    if (r < 0)
        return -1;
    if (r || !c.text[0] || strlen(c.text) > PRX_NAME_MAX)
        return wrong(s, "mark %zu is not [mark, count, first, last]", i);
    marks[i] = (struct prx_mark){ "", c.u[1], c.u[2], c.u[3] };
    memcpy(marks[i].name, c.text, strlen(c.text) + 1);
    return 0;
}

/* A frame: [start, cycles, instructions, samples, unfinished], and for a
 * marked one [..., 1, spent_cycles, "spent"], each after the one before
 * it; only the last may be unfinished (checked at the end). */
static int frame_row(struct scan *s, void *v, size_t i)
{
    struct prx_frame *frames = v;
    struct cells c;
    int r = row(s, 5, 3, 7, &c);
    if (r < 0)
        return -1;
    if (r || c.u[4] > 1 || c.u[1] > UINT64_MAX - c.u[0] || (c.u[5] && (c.u[5] > 1 || c.u[6] > c.u[1] || !c.text[0])) ||
        strlen(c.text) >= sizeof frames->spent || (i > 0 && frames[i - 1].start + frames[i - 1].cycles > c.u[0]))
        return wrong(s, "frame %zu is not [start, cycles, instructions, samples, unfinished] or those and "
                        "[marked, spent_cycles, spent] after the one before", i);
    frames[i] = (struct prx_frame){ c.u[0], c.u[1], c.u[2], c.u[3], (int)c.u[4], (int)c.u[5], c.u[6], "" };
    memcpy(frames[i].spent, c.text, strlen(c.text) + 1);
    return 0;
}

/* A row of a frame's own profile: [frame, linear, cs, class, count,
 * cycles, stalls, video], in order of frame and then address (the frame
 * rows it names are checked at the end). */
static int frame_profile_row(struct scan *s, void *v, size_t i)
{
    struct prx_frame_row *rows = v;
    struct cells c;
    if (i >= PRX_FRAME_ROWS_MAX)
        return wrong(s, "more than %u frame profile rows", PRX_FRAME_ROWS_MAX);
    int r = row(s, 8, 0, -1, &c);
    if (r < 0)
        return -1;
    if (r || c.u[0] > UINT32_MAX || c.u[1] >= 0x100000 || c.u[2] > 0xFFFF || c.u[3] > PRX_PROGRAM ||
        (i > 0 && (rows[i - 1].frame > c.u[0] || (rows[i - 1].frame == c.u[0] && rows[i - 1].linear >= c.u[1]))))
        return wrong(s, "frame profile row %zu is not [frame, linear, cs, class, count, cycles, stalls, video] "
                        "after the one before", i);
    rows[i] = (struct prx_frame_row){ (uint32_t)c.u[0], (uint32_t)c.u[1], (uint16_t)c.u[2], (uint8_t)c.u[3],
                                      c.u[4], c.u[5], c.u[6], c.u[7] };
    return 0;
}

/* "code": runs of [linear, "HEX"] into x->code and x->code_bytes, in
 * increasing order without overlap inside 1 MiB; "changed": addresses. */
struct code_read {
    struct prx *x;
    size_t cap_runs, cap_bytes, cap_changed;
};

static int hex_digit(char h)
{
    return h >= '0' && h <= '9' ? h - '0' : h >= 'A' && h <= 'F' ? h - 'A' + 10 : h >= 'a' && h <= 'f' ? h - 'a' + 10 : -1;
}

static int code_run(struct scan *s, const char *key, size_t i, void *ctx)
{
    struct code_read *r = ctx;
    struct prx *x = r->x;
    uint64_t linear;
    int neg;
    (void)key;
    if (take(s, '[') != 0 || number(s, &linear, &neg) != 0 || take(s, ',') != 0 || take(s, '"') != 0)
        return s->failed ? -1 : wrong(s, "code run %zu is not [linear, \"HEX\"]", i);
    size_t at = x->ncode_bytes;
    while (s->p + 1 < s->end && hex_digit(s->p[0]) >= 0 && hex_digit(s->p[1]) >= 0) {
        if (linear + (x->ncode_bytes - at) >= 0x100000)
            return wrong(s, "code run %zu passes 1 MiB", i);
        if (grow_array(&x->code_bytes, &r->cap_bytes, x->ncode_bytes + 1, 1) != 0)
            return wrong(s, "out of memory");
        x->code_bytes[x->ncode_bytes++] = (uint8_t)(hex_digit(s->p[0]) << 4 | hex_digit(s->p[1]));
        s->p += 2;
    }
    size_t n = x->ncode_bytes - at;
    if (take(s, '"') != 0 || take(s, ']') != 0)
        return -1;
    const struct prx_code *last = i ? &x->code[i - 1] : NULL;
    if (neg || n == 0 || linear + n > 0x100000 || (last && linear < (uint64_t)last->linear + last->n))
        return wrong(s, "code run %zu is not [linear, \"HEX\"] after the one before, inside 1 MiB", i);
    if (grow_array(&x->code, &r->cap_runs, i + 1, sizeof *x->code) != 0)
        return wrong(s, "out of memory");
    x->code[i] = (struct prx_code){ (uint32_t)linear, (uint32_t)n, at };
    x->ncode = i + 1;
    return 0;
}

static int code_changed(struct scan *s, const char *key, size_t i, void *ctx)
{
    struct code_read *r = ctx;
    uint64_t v;
    int neg;
    (void)key;
    if (number(s, &v, &neg) != 0 || neg || v > 0xFFFFF || (i && v <= r->x->changed[i - 1]))
        return s->failed ? -1 : wrong(s, "code changed %zu is not a linear address after the one before", i);
    if (grow_array(&r->x->changed, &r->cap_changed, i + 1, sizeof *r->x->changed) != 0)
        return wrong(s, "out of memory");
    r->x->changed[i] = (uint32_t)v;
    r->x->nchanged = i + 1;
    return 0;
}

static int code_member(struct scan *s, const char *key, size_t i, void *ctx)
{
    (void)i;
    if (strcmp(key, "runs") == 0 && peek(s) == '[')
        return items(s, '[', code_run, ctx) < 0 ? -1 : 0;
    if (strcmp(key, "changed") == 0 && peek(s) == '[')
        return items(s, '[', code_changed, ctx) < 0 ? -1 : 0;
    return skip(s, 0);
}

static int code_object(struct scan *s, struct prx *x)
{
    struct code_read r = { x, 0, 0, 0 };
    prx_free_code(x);          /* a second "code" member replaces the first */
    if (items(s, '{', code_member, &r) < 0)
        return -1;
    if (!x->code && !(x->code = calloc(1, sizeof *x->code)))
        return wrong(s, "out of memory");
    return 0;
}

/* ---- objects --------------------------------------------------------------- */

/* A whole number a key holds, if it holds one. */
struct field {
    int have;
    uint64_t v;
};

static int whole(struct scan *s, struct field *f)
{
    char c = peek(s);
    int neg;
    if (c != '-' && (c < '0' || c > '9'))
        return skip(s, 0);
    int r = number(s, &f->v, &neg);
    f->have = r == 0 && !neg;
    return r < 0 ? -1 : 0;
}

static int text(struct scan *s, char *out, size_t n)
{
    return peek(s) == '"' ? string(s, out, n) : skip(s, 0);
}

/* What the file says, gathered as it is read; checked at the end in the
 * order the messages go (and the header before the first rows). */
/* A call node's service (calls.h: an INT's or IRQ's), as the file pairs them. */
struct node_service {
    uint32_t node, id;
};

static int node_service_row(struct scan *s, void *v, size_t i)
{
    struct node_service *p = v;
    struct cells c;
    int r = row(s, 2, 0, -1, &c);
    if (r < 0)
        return -1;
    if (r || c.neg[0] || c.u[0] > UINT32_MAX || c.u[1] > UINT32_MAX || c.u[1] == 0)
        return wrong(s, "call service %zu is not [node, service id]", i);
    p[i] = (struct node_service){ (uint32_t)c.u[0], (uint32_t)c.u[1] };
    return 0;
}

struct doc {
    struct prx *x;
    char format[16];
    struct field version, insns, cycles;
    struct field layout[6];     /* clock_grain, bucket_size, bucket_num, prog_low_pa, prog_high_pa, dos_pa */
    int addresses, calls, calls_object, memory, sites, services, service_rows;
    int processes, process_rows, process_buckets;
    int zones, zone_rows, marks, mark_rows, frames, frame_rows, frame_profile;
    struct field service_samples, profiled, period;
    struct field counts[5];     /* unmatched, unwound, lost, max_depth, open */
    struct node_service *node_services;     /* "calls"'s "services": [node, id] rows */
    size_t nnode_services;
};

/* The members that are arrays of rows, each read into the prx by one row
 * reader: the object it sits in (NULL: the top level), its key, where its
 * rows and their count go in struct prx, and the flag in struct doc that
 * says it was there.  A second array of the same member replaces the first. */
struct row_member {
    const char *object, *key;
    int in_doc;                     /* the rows go to struct doc, not struct prx */
    size_t rows_at, count_at, row_size;
    row_fn one;
    ptrdiff_t seen_at;              /* -1: no flag */
};

#define ROWS(object, key, rows, count, one, seen)                                                                      \
    { object, key, 0, offsetof(struct prx, rows), offsetof(struct prx, count), sizeof *((struct prx *)0)->rows, one, \
      offsetof(struct doc, seen) }
#define DOC_ROWS(object, key, rows, count, one)                                                                        \
    { object, key, 1, offsetof(struct doc, rows), offsetof(struct doc, count), sizeof *((struct doc *)0)->rows, one, -1 }
static const struct row_member row_members[] = {
    ROWS(NULL, "addresses", e, n, address_row, addresses),
    ROWS("calls", "nodes", calls, ncalls, node_row, calls),
    DOC_ROWS("calls", "services", node_services, nnode_services, node_service_row),
    ROWS("memory", "sites", sites, nsites, site_row, sites),
    ROWS("services", "rows", services, nservices, service_row, service_rows),
    ROWS("processes", "rows", procs, nprocs, process_row, process_rows),
    ROWS("processes", "buckets", pbuckets, npbuckets, pbucket_row, process_buckets),
    ROWS("zones", "rows", zones, nzones, zone_row, zone_rows),
    ROWS("marks", "rows", marks, nmarks, mark_row, mark_rows),
    ROWS("frames", "rows", frames, nframes, frame_row, frame_rows),
    ROWS("frames", "profile", frame_rows, nframe_rows, frame_profile_row, frame_profile),
};
#undef ROWS
#undef DOC_ROWS

/* The whole numbers: the object (NULL: the top level), the key, the field
 * of struct doc that holds it. */
static const struct number_member {
    const char *object, *key;
    size_t at;
} number_members[] = {
    { NULL, "version", offsetof(struct doc, version) },
    { NULL, "instructions", offsetof(struct doc, insns) },
    { NULL, "cycles", offsetof(struct doc, cycles) },
    { "layout", "clock_grain", offsetof(struct doc, layout[0]) },
    { "layout", "bucket_size", offsetof(struct doc, layout[1]) },
    { "layout", "bucket_num", offsetof(struct doc, layout[2]) },
    { "layout", "prog_low_pa", offsetof(struct doc, layout[3]) },
    { "layout", "prog_high_pa", offsetof(struct doc, layout[4]) },
    { "layout", "dos_pa", offsetof(struct doc, layout[5]) },
    { "calls", "unmatched", offsetof(struct doc, counts[0]) },
    { "calls", "unwound", offsetof(struct doc, counts[1]) },
    { "calls", "lost", offsetof(struct doc, counts[2]) },
    { "calls", "max_depth", offsetof(struct doc, counts[3]) },
    { "calls", "open", offsetof(struct doc, counts[4]) },
    { "services", "samples", offsetof(struct doc, service_samples) },
    { "frames", "profiled", offsetof(struct doc, profiled) },
    { "frames", "period", offsetof(struct doc, period) },
};

/* The objects of the top level read member by member (calls: see
 * top_member), and the flag in struct doc that says each was there. */
static const struct object_member {
    const char *key;
    ptrdiff_t seen_at;              /* -1: none kept */
} object_members[] = {
    { "layout", -1 },
    { "memory", offsetof(struct doc, memory) },
    { "services", offsetof(struct doc, services) },
    { "processes", offsetof(struct doc, processes) },
    { "zones", offsetof(struct doc, zones) },
    { "marks", offsetof(struct doc, marks) },
    { "frames", offsetof(struct doc, frames) },
};

static int same_key(const char *a, const char *b)
{
    return a == b || (a && b && strcmp(a, b) == 0);
}

static int read_rows(struct scan *s, const struct row_member *m, struct doc *d)
{
    char *base = m->in_doc ? (char *)d : (char *)d->x;
    void **rows_of = (void **)(base + m->rows_at);
    size_t *count = (size_t *)(base + m->count_at);
    if (m->seen_at >= 0)
        *(int *)((char *)d + m->seen_at) = 1;
    free(*rows_of);
    *rows_of = NULL;
    *count = 0;
    return rows(s, rows_of, count, m->row_size, m->one);
}

/* One member `key` of `object` (NULL: the top level) by the tables: rows,
 * a whole number; 1 when the tables do not have it (the caller reads or
 * skips it), else 0 or -1. */
static int table_member(struct scan *s, const char *object, const char *key, struct doc *d)
{
    for (size_t i = 0; i < sizeof row_members / sizeof *row_members; i++)
        if (same_key(row_members[i].object, object) && strcmp(row_members[i].key, key) == 0 && peek(s) == '[')
            return read_rows(s, &row_members[i], d);
    for (size_t i = 0; i < sizeof number_members / sizeof *number_members; i++)
        if (same_key(number_members[i].object, object) && strcmp(number_members[i].key, key) == 0)
            return whole(s, (struct field *)((char *)d + number_members[i].at));
    return 1;
}

/* A member of an object the top level holds. */
struct members {
    const char *object;
    struct doc *d;
};

static int member_item(struct scan *s, const char *key, size_t i, void *ctx)
{
    struct members *m = ctx;
    (void)i;
    int r = table_member(s, m->object, key, m->d);
    return r == 1 ? skip(s, 0) : r;
}

static int object(struct scan *s, const char *name, struct doc *d)
{
    struct members m = { name, d };
    return items(s, '{', member_item, &m) < 0 ? -1 : 0;
}

/* The format and version, as far as they have been read: 0 or -1 with
 * the message. */
static int header(struct scan *s, const struct doc *d, int final)
{
    if ((final || d->format[0]) && strcmp(d->format, "profil-prx") != 0)
        return wrong(s, "not a profil .prx file (no \"format\": \"profil-prx\")");
    if ((final || d->version.have) && (!d->version.have || d->version.v < 1 || d->version.v > PRX_VERSION)) {
        return wrong(s, ".prx version %llu, this profil reads versions 1 to %d",
                     (unsigned long long)(d->version.have && d->version.v <= 1000 ? d->version.v : 0), PRX_VERSION);
    }
    return 0;
}

static int top_member(struct scan *s, const char *key, struct doc *d)
{
    struct prx *x = d->x;
    struct { const char *key; char *out; size_t n; } texts[] = {
        { "program", x->program, sizeof x->program }, { "cpu", x->cpu, sizeof x->cpu },
        { "program_path", x->program_path, sizeof x->program_path },
        { "program_sha256", x->program_sha256, sizeof x->program_sha256 },
        { "timing", x->timing, sizeof x->timing }, { "stop", x->stop, sizeof x->stop },
        { "mode", x->mode, sizeof x->mode }, { "format", d->format, sizeof d->format },
        { "run", x->run, sizeof x->run },
        { "frame_kind", x->frame_kind, sizeof x->frame_kind },
        { "frame_why", x->frame_why, sizeof x->frame_why },
    };
    for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
        if (strcmp(key, texts[i].key) == 0)
            return text(s, texts[i].out, texts[i].n);
    if (strcmp(key, "addresses") == 0 && peek(s) == '[' && header(s, d, 0) != 0)
        return -1;                  /* the header before the first rows */
    int r = table_member(s, NULL, key, d);
    if (r != 1)
        return r;
    if (strcmp(key, "calls") == 0) {
        d->calls_object = peek(s) == '{';
        if (d->calls_object && header(s, d, 0) != 0)
            return -1;
        d->calls_object |= 2;       /* present */
        return (d->calls_object & 1) ? object(s, "calls", d) : skip(s, 0);
    }
    if (strcmp(key, "code") == 0)
        return peek(s) == '{' ? code_object(s, x) : skip(s, 0);
    for (size_t i = 0; i < sizeof object_members / sizeof *object_members; i++)
        if (strcmp(key, object_members[i].key) == 0) {
            if (object_members[i].seen_at >= 0)
                *(int *)((char *)d + object_members[i].seen_at) = 1;
            return peek(s) == '{' ? object(s, key, d) : skip(s, 0);
        }
    return skip(s, 0);
}

static int top_item(struct scan *s, const char *key, size_t i, void *ctx)
{
    (void)i;
    return top_member(s, key, ctx);
}

/* Each call node at most PRX_CALL_DEPTH_MAX below the root, as run
 * writes them: a deeper tree would make --format folded (a line per node
 * with its whole chain) grow as nodes x depth. */
static int depth_check(struct scan *s, const struct prx *x)
{
    uint16_t *depth = calloc(x->ncalls ? x->ncalls : 1, sizeof *depth);
    if (!depth)
        return wrong(s, "out of memory");
    for (size_t i = 1; i < x->ncalls; i++) {
        depth[i] = (uint16_t)(depth[x->calls[i].parent] + 1);
        if (depth[i] > PRX_CALL_DEPTH_MAX) {
            wrong(s, "call node %zu is %u calls deep, past the %u a .prx holds", i, depth[i], PRX_CALL_DEPTH_MAX);
            free(depth);
            return -1;
        }
    }
    free(depth);
    return 0;
}

/* The processes: rows and buckets both there, each bucket in its row's layout. */
static int processes_check(struct scan *s, struct doc *d)
{
    struct prx *x = d->x;
    if (!d->processes)
        return 0;
    if (!d->process_rows || !d->process_buckets || x->nprocs == 0)
        return wrong(s, "\"processes\" lacks its \"rows\" or \"buckets\"");
    for (size_t i = 0; i < x->npbuckets; i++)
        if (x->pbuckets[i].proc >= x->nprocs || x->pbuckets[i].bucket >= x->procs[x->pbuckets[i].proc].bucket_num)
            return wrong(s, "process bucket %zu names no bucket of a process", i);
    if (!x->pbuckets && !(x->pbuckets = calloc(1, sizeof *x->pbuckets)))
        return wrong(s, "out of memory");
    return 0;
}

/* What must be there, in the order of the messages. */
static int complete(struct scan *s, struct doc *d)
{
    struct prx *x = d->x;
    if (header(s, d, 1) != 0)
        return -1;
    for (int i = 0; i < 6; i++)
        if (!d->layout[i].have || d->layout[i].v > 0xFFFF)
            d->insns.have = 0;
    if (!d->insns.have || !d->cycles.have || d->layout[1].v == 0)
        return wrong(s, "missing or bad totals or layout");
    x->total_insns = d->insns.v;
    x->total_cycles = d->cycles.v;
    x->clock_grain = (uint16_t)d->layout[0].v;
    x->bucket_size = (uint16_t)d->layout[1].v;
    x->bucket_num = (uint32_t)d->layout[2].v;
    x->prog_low_pa = (uint16_t)d->layout[3].v;
    x->prog_high_pa = (uint16_t)d->layout[4].v;
    x->dos_pa = (uint16_t)d->layout[5].v;
    if (!x->mode[0])
        snprintf(x->mode, sizeof x->mode, "trace");
    /* Version 3 files of the bus model carry stalls (in a last column),
     * version 4 files the video card's part of them after it. */
    x->has_stalls = d->version.v >= 3 && strcmp(x->timing, "bus") == 0;
    if (!d->addresses)
        return wrong(s, "no \"addresses\" array");
    if (!x->e && !(x->e = calloc(1, sizeof *x->e)))
        return wrong(s, "out of memory");
    if (d->calls_object) {
        for (int i = 0; i < 5; i++)
            if (!d->counts[i].have || (i == 3 && d->counts[i].v > UINT32_MAX))
                d->calls = 0;
        if (!d->calls || x->ncalls == 0)
            return wrong(s, "\"calls\" lacks its counts or nodes");
        x->unmatched = d->counts[0].v;
        x->unwound = d->counts[1].v;
        x->lost = d->counts[2].v;
        x->max_depth = (uint32_t)d->counts[3].v;
        x->open = d->counts[4].v;
        if (depth_check(s, x) != 0)
            return -1;
        for (size_t i = 0; i < d->nnode_services; i++) {
            if (d->node_services[i].node >= x->ncalls)
                return wrong(s, "call service %zu names no node (%u of %zu)", i, d->node_services[i].node, x->ncalls);
            x->calls[d->node_services[i].node].service = d->node_services[i].id;
        }
    }
    if (d->memory && !d->sites)
        return wrong(s, "\"memory\" has no \"sites\" array");
    if (d->sites && !x->sites && !(x->sites = calloc(1, sizeof *x->sites)))
        return wrong(s, "out of memory");
    if (d->services && (!d->service_rows || !d->service_samples.have))
        return wrong(s, "\"services\" lacks its \"samples\" or \"rows\"");
    x->service_samples = d->service_samples.v;
    if (d->service_rows && !x->services && !(x->services = calloc(1, sizeof *x->services)))
        return wrong(s, "out of memory");
    if ((d->zones && !d->zone_rows) || (d->marks && !d->mark_rows))
        return wrong(s, "\"%s\" has no \"rows\" array", d->zones && !d->zone_rows ? "zones" : "marks");
    if ((d->zone_rows && !x->zones && !(x->zones = calloc(1, sizeof *x->zones))) ||
        (d->mark_rows && !x->marks && !(x->marks = calloc(1, sizeof *x->marks))))
        return wrong(s, "out of memory");
    if (d->frames && !d->frame_rows)
        return wrong(s, "\"frames\" has no \"rows\" array");
    for (size_t i = 0; i + 1 < x->nframes; i++)
        if (x->frames[i].unfinished)
            return wrong(s, "frame %zu is unfinished but not the last", i);
    if (d->frame_rows && !x->frames && !(x->frames = calloc(1, sizeof *x->frames)))
        return wrong(s, "out of memory");
    if (d->frame_profile != d->profiled.have || (d->frame_profile && (!d->frame_rows || d->profiled.v > x->nframes)))
        return wrong(s, "\"frames\" has a \"profile\" without its \"profiled\" count of its rows, or the other way");
    x->profiled = (size_t)d->profiled.v;
    x->frame_period = d->period.v;
    if (x->nframe_rows && x->frame_rows[x->nframe_rows - 1].frame >= x->profiled)
        return wrong(s, "frame profile row %zu names frame %u of the %zu profiled", x->nframe_rows - 1,
                     x->frame_rows[x->nframe_rows - 1].frame, x->profiled);
    return processes_check(s, d);
}

int prx_read_file(const char *path, struct prx *x, char *err, size_t errn)
{
    uint8_t *buf;
    size_t n;
    char why[200];
    memset(x, 0, sizeof *x);
    if (read_file_max(path, PRX_READ_MAX, &buf, &n, err, errn) != 0)
        return -1;
    struct scan s = { (const char *)buf, (const char *)buf + n, (const char *)buf, why, sizeof why, 0 };
    struct doc d = { .x = x };
    int rc = items(&s, '{', top_item, &d) < 0 ? -1 : 0;
    if (rc == 0 && peek(&s))
        rc = syntax(&s, "end of file expected");
    if (rc == 0)
        rc = complete(&s, &d);
    free(d.node_services);
    free(buf);
    if (rc != 0) {
        snprintf(err, errn, "%s: %s", path, why);
        prx_free(x);
    }
    return rc;
}
