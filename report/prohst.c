/*
 * report/prohst.c: PROHST 1.0's listing (see prohst.h).
 *
 * Reals are printed as Turbo Pascal's Str(x:w:1) prints them: rounded half
 * away from zero.  They are computed here from integers, so no binary
 * floating point rounding decides a digit.
 */
#include "prohst.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/fileio.h"
#include "../formats/prf.h"
#include "../util/grow.h"

/* ---- the map --------------------------------------------------------------- */

const char *const hist_style_names[NSTYLES] = { "default", "prohst", "inferno" };

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
}

int prohst_map_parse(const char *text, size_t len, struct prohst_map *map)
{
    const char *p = text, *end = text + len;
    int in_table = 0;
    map->n = 0;
    while (p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        if (n && p[n - 1] == '\r')
            n--;
        if (!in_table) {
            in_table = n >= 6 && memcmp(p, " Start", 6) == 0;
        } else {
            /* Stop at a short line or one whose column 2 is not a digit. */
            if (n < 6 || p[1] < '0' || p[1] > '9' || map->n >= PROHST_MAX_SEGMENTS)
                break;
            struct prohst_segment *s = &map->seg[map->n];
            unsigned para = 0;
            for (int i = 1; i <= 4; i++) {
                int v = hexval((unsigned char)p[i]);
                para = para * 16 + (unsigned)(v < 0 ? 0 : v);
            }
            s->para = (uint16_t)para;
            memset(s->name, ' ', 15);
            s->name[15] = 0;
            for (size_t i = 22; i < 37 && i < n; i++)
                s->name[i - 22] = p[i];
            map->n++;
        }
        p += (nl ? (size_t)(nl - p) + 1 : (size_t)(end - p));
    }
    return 0;
}

int prohst_map_read_file(const char *path, struct prohst_map *map, char *err, size_t errn)
{
    uint8_t *text;
    size_t n;
    map->n = 0;
    if (!path)
        return 0;
    if (read_file(path, &text, &n, err, errn) != 0)
        return -1;
    prohst_map_parse((const char *)text, n, map);
    free(text);
    return 0;
}

/* ---- output buffer --------------------------------------------------------- */

struct buf {
    char *s;
    size_t len, cap;
    int failed;
};

static void put(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void put(struct buf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->failed = 1;
            return;
        }
        if (b->s && b->len + (size_t)n < b->cap) {
            b->len += (size_t)n;
            return;
        }
        if (grow_array(&b->s, &b->cap, b->len + (size_t)n + 1, 1) != 0) {
            b->failed = 1;
            return;
        }
    }
}

/* Room for n more bytes. */
static int reserve(struct buf *b, size_t n)
{
    if (grow_array(&b->s, &b->cap, b->len + n + 1, 1) != 0) {
        b->failed = 1;
        return 0;
    }
    return 1;
}

/* Hand-made formatting for the per-bucket rows (a 65535-bucket listing is
 * 65535 of them): right-aligned decimal, fixed hex, spaces. */
static void append_char(struct buf *b, char c, size_t count)
{
    if (reserve(b, count))
        for (size_t i = 0; i < count; i++)
            b->s[b->len++] = c;
}

static void append_dec(struct buf *b, uint64_t v, int width, int tenths)
{
    char digits[24];
    int n = 0;
    if (tenths) {
        digits[n++] = (char)('0' + v % 10);
        digits[n++] = '.';
        v /= 10;
    }
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    if (width > n)
        append_char(b, ' ', (size_t)(width - n));
    if (reserve(b, (size_t)n))
        while (n)
            b->s[b->len++] = digits[--n];
}

static void append_hex(struct buf *b, unsigned v, int digits)
{
    static const char hex[] = "0123456789ABCDEF";
    if (reserve(b, (size_t)digits))
        for (int i = digits - 1; i >= 0; i--)
            b->s[b->len++] = hex[(v >> (4 * i)) & 15];
}

static void append_str(struct buf *b, const char *s)
{
    size_t n = strlen(s);
    if (reserve(b, n)) {
        memcpy(b->s + b->len, s, n);
        b->len += n;
    }
}

static uint64_t tenths_of(uint64_t num, uint64_t den, uint64_t scale)
{
    return den ? (2 * num * scale * 10 + den) / (2 * den) : 0;
}

static void line(struct buf *b) { append_str(b, "\r\n"); }

/* Str(num/den : width : 1), scaled by `scale` (100 for percentages),
 * rounded half up; an empty denominator prints 0.0. */
static void real1(struct buf *b, int width, uint64_t num, uint64_t den, uint64_t scale)
{
    append_dec(b, tenths_of(num, den, scale), width, 1);
}

/* ---- the listing ------------------------------------------------------------ */

/* Bucket i's row, after the names of the map segments its address reaches:
 * hits, address, the offset into the next segment (or blanks), cumulative
 * % and its own %, the bar's star. */
static void bucket_row(struct buf *b, const struct prf *p, const struct prohst_map *map, unsigned i,
                       int *next_seg, uint64_t cumul, uint64_t total, unsigned max)
{
    uint32_t para = (uint32_t)p->bucket_size * i;
    while (*next_seg < map->n && para >= map->seg[*next_seg].para) {
        put(b, "      %s", map->seg[*next_seg].name);
        line(b);
        (*next_seg)++;
    }
    unsigned star = max ? (unsigned)((2ull * p->bucket[i] * 45 + max) / (2ull * max)) : 0;
    append_dec(b, p->bucket[i], 5, 0);
    append_str(b, ". ");
    append_hex(b, (uint16_t)(para * 16u), 6);
    if (*next_seg < map->n) {
        append_str(b, " #");
        append_hex(b, (uint16_t)(para - map->seg[*next_seg].para), 4);
    } else {
        append_char(b, ' ', 6);
    }
    append_char(b, ' ', 1);
    append_dec(b, tenths_of(cumul, total, 100), 5, 1);
    append_char(b, ' ', 1);
    append_dec(b, tenths_of(p->bucket[i], total, 100), 4, 1);
    append_str(b, " |");
    if (star) {
        append_char(b, ' ', star - 1);
        append_char(b, '*', 1);
    }
    line(b);
}

int prohst_render(const struct prf *p, const struct prohst_map *map, char **out, size_t *outlen)
{
    struct buf b = { 0 };
    uint64_t total = 0;
    unsigned max = 0;
    for (unsigned i = 0; i < p->bucket_num; i++) {
        total += p->bucket[i];
        if (p->bucket[i] > max)
            max = p->bucket[i];
    }

    put(&b, "Microsoft Profiler Output Listing");
    line(&b); line(&b);
    put(&b, "%6u%4u-byte buckets.", p->bucket_num, p->bucket_size);
    line(&b); line(&b);
    put(&b, "Profile taken between %014X and %014X.", (uint16_t)(p->prog_low_pa * 16u),
        (uint16_t)(p->prog_high_pa * 16u));
    line(&b); line(&b);
    put(&b, "DOS program address:%014X", p->dos_pa);
    line(&b); line(&b);
    static const char *const what[3] = { "DOS", "I/O", "high  " };
    const unsigned hits[3] = { p->hit_dos, p->hit_io, p->hit_high };
    for (int k = 0; k < 3; k++) {
        put(&b, "Number of hits %s%s:%6u or ", k == 2 ? "" : "in ", what[k], hits[k]);
        real1(&b, 4, hits[k], total, 100);
        put(&b, "%%.");
        line(&b);
    }
    line(&b);
    put(&b, " Hits  Addr.  Line/ Cumul.  %% 0.0%40s", "");
    real1(&b, 3, total, 100, 1);
    line(&b);
    put(&b, "              Offset           +--------------------------------------------");
    line(&b);
    line(&b);

    uint64_t cumul = 0;
    int next_seg = 0;
    unsigned zeros = 0;             /* the zero run the buckets end in */
    for (unsigned i = 0; i < p->bucket_num; i++) {
        if (p->bucket[i] == 0) {
            if (!zeros++)
                line(&b);
            continue;
        }
        zeros = 0;
        cumul += p->bucket[i];
        bucket_row(&b, p, map, i, &next_seg, cumul, total, max);
    }
    /* PROHST 1.0's scan for the next non-zero bucket stops at the last
     * one: after a final run of two or more zeros it prints that bucket's
     * row with 0 hits (seen in its output; a run of one is its garbage row,
     * left out here, as is every row of an all-zero profile). */
    if (zeros >= 2 && total)
        bucket_row(&b, p, map, p->bucket_num - 1, &next_seg, cumul, total, max);
    put(&b, "%31s+-----------------------------------", "");
    line(&b);
    put(&b, "\x1a");
    if (b.failed) {
        free(b.s);
        return -1;
    }
    *out = b.s;
    *outlen = b.len;
    return 0;
}
