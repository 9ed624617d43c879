/*
 * formats/buckets.c: see buckets.h.  Owns the bucket language: its
 * tokens, its grammar (docs/buckets.md), resolving its addresses through
 * a map, its restrictions, and finding the row of an address.
 */
#include "buckets.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fileio.h"
#include "../util/strset.h"
#include "../util/grow.h"

#define MEM_TOP 0x100000u       /* 1 MiB: linear addresses are below it */

enum tok_kind { T_END, T_WORD, T_STRING, T_NUMBER, T_SEGOFF, T_EQ, T_COMMA, T_DOTDOT, T_PLUS, T_MINUS, T_BAD };

struct token {
    enum tok_kind kind;
    const char *s;              /* the token's text in the line */
    size_t len;
    uint32_t value;             /* T_NUMBER; T_SEGOFF: the linear address */
    unsigned col;               /* 1-based */
};

/* A range as written: where, and which bucket; for the overlap check. */
struct span {
    uint32_t lo, hi, bucket;
    unsigned line, col;
};

struct parser {
    const char *file;
    const struct symtab *map;
    uint32_t prog_lo;
    unsigned line;
    const char *p, *line_start, *end;
    struct token tok;           /* the current token */
    struct bucketset *set;
    struct span *span;
    size_t nspan, capspan;
    size_t caprow, cappiece, capbucket, capgroup;
    struct strset names;        /* buckets' and groups' names: NAME_BUCKET or NAME_GROUP | index */
    struct strset sym_exact, sym_folded;    /* the map's symbols by name, and lower-cased: first index + 1 */
    struct strset segs;         /* the map's segments by name: first index + 1 */
    int indexed;                /* those three built (at the first name looked up) */
    uint32_t *in_group;         /* per bucket, the group (index + 1) that listed it last */
    size_t capin;
    char *err;
    size_t errn;
};

static int fail(struct parser *ps, unsigned col, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(struct parser *ps, unsigned col, const char *fmt, ...)
{
    int k = snprintf(ps->err, ps->errn, "%s:%u:%u: ", ps->file, ps->line, col);
    va_list ap;
    va_start(ap, fmt);
    if (k >= 0 && (size_t)k < ps->errn)
        vsnprintf(ps->err + k, ps->errn - (size_t)k, fmt, ap);
    va_end(ap);
    return -1;
}

/* An address as the user thinks of it: "+0070" in the program (from
 * its load module), else linear "00400". */
static const char *addr_text(const struct parser *ps, uint32_t a, char buf[12])
{
    if (a >= ps->prog_lo)
        snprintf(buf, 12, "+%04X", a - ps->prog_lo);
    else
        snprintf(buf, 12, "%05X", a);
    return buf;
}

/* ---- tokens ---------------------------------------------------------------- */

static int name_char(int c)
{
    return isalnum(c) || c == '_' || c == '.' || c == '$' || c == '@' || c == '?';
}

static int hex_value(const char *s, size_t n, uint32_t max, uint32_t *out)
{
    uint64_t v = 0;
    if (!n)
        return -1;
    for (size_t i = 0; i < n; i++) {
        if (!isxdigit((unsigned char)s[i]))
            return -1;
        v = v * 16 + (uint64_t)(isdigit((unsigned char)s[i]) ? s[i] - '0' : (tolower((unsigned char)s[i]) - 'a' + 10));
        if (v > max)
            return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

/* 123, 0x7B or 7Bh. */
static int number_value(const char *s, size_t n, uint32_t *out)
{
    if (n > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        return hex_value(s + 2, n - 2, UINT32_MAX, out);
    if (n > 1 && (s[n - 1] == 'h' || s[n - 1] == 'H'))
        return hex_value(s, n - 1, UINT32_MAX, out);
    uint64_t v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        v = v * 10 + (uint64_t)(s[i] - '0');
        if (v > UINT32_MAX)
            return -1;
    }
    *out = (uint32_t)v;
    return 0;
}

/* The word at p: name characters, stopping before "..". */
static size_t word_len(const char *p, const char *end)
{
    size_t n = 0;
    while (p + n < end && name_char((unsigned char)p[n]) && !(p[n] == '.' && p + n + 1 < end && p[n + 1] == '.'))
        n++;
    return n;
}

static int next(struct parser *ps)
{
    const char *p = ps->p, *end = ps->end;
    while (p < end && (*p == ' ' || *p == '\t' || *p == '\r'))
        p++;
    struct token *t = &ps->tok;
    *t = (struct token){ T_END, p, 0, 0, (unsigned)(p - ps->line_start) + 1 };
    if (p >= end || *p == '#' || *p == ';') {
        ps->p = end;
        return 0;
    }
    if (p + 1 < end && p[0] == '.' && p[1] == '.') {
        t->kind = T_DOTDOT;
        t->len = 2;
    } else if (*p == '=' || *p == ',' || *p == '+' || *p == '-') {
        t->kind = *p == '=' ? T_EQ : *p == ',' ? T_COMMA : *p == '+' ? T_PLUS : T_MINUS;
        t->len = 1;
    } else if (*p == '"') {
        const char *q = memchr(p + 1, '"', (size_t)(end - p - 1));
        if (!q)
            return fail(ps, t->col, "a quoted name without its closing '\"'");
        t->kind = T_STRING;
        t->s = p + 1;
        t->len = (size_t)(q - p - 1);
        ps->p = q + 1;
        if (t->len == 0 || t->len >= 64)
            return fail(ps, t->col, "a quoted name of 1 to 63 characters");
        return 0;
    } else if (name_char((unsigned char)*p)) {
        size_t n = word_len(p, end);
        t->len = n;
        if (p + n < end && p[n] == ':') {               /* SEG:OFF, both hexadecimal */
            size_t m = word_len(p + n + 1, end);
            uint32_t seg, off;
            if (hex_value(p, n, 0xFFFF, &seg) != 0 || hex_value(p + n + 1, m, 0xFFFF, &off) != 0)
                return fail(ps, t->col, "want SEG:OFF, two hexadecimal numbers up to FFFF (e.g. 0040:006C)");
            t->kind = T_SEGOFF;
            t->value = seg * 16u + off;
            t->len = n + 1 + m;
        } else if (isdigit((unsigned char)*p)) {
            if (number_value(p, n, &t->value) != 0)
                return fail(ps, t->col, "'%.*s' is not a number (decimal, 0x1F or 1Fh)", (int)n, p);
            t->kind = T_NUMBER;
        } else {
            t->kind = T_WORD;
        }
    } else {
        return fail(ps, t->col, "unexpected '%c'", *p);
    }
    ps->p = p + t->len;
    return 0;
}

static int is_word(const struct token *t, const char *kw)
{
    return t->kind == T_WORD && t->len == strlen(kw) && strncasecmp(t->s, kw, t->len) == 0;
}

static int is_keyword(const struct token *t)
{
    static const char *const kws[] = { "bucket", "group", "symbol", "segment", "by" };
    for (size_t i = 0; i < sizeof kws / sizeof *kws; i++)
        if (is_word(t, kws[i]))
            return 1;
    return 0;
}

/* A name (a word that is not a keyword, or a quoted one) into out. */
static int take_name(struct parser *ps, const char *what, char *out, size_t n)
{
    const struct token *t = &ps->tok;
    if ((t->kind != T_WORD || is_keyword(t)) && t->kind != T_STRING)
        return fail(ps, t->col, "want %s%s", what, is_keyword(t) ? " (a keyword: quote it, \"by\")" : "");
    if (t->len >= n)
        return fail(ps, t->col, "%s '%.*s' is longer than %zu characters", what, (int)t->len, t->s, n - 1);
    snprintf(out, n, "%.*s", (int)t->len, t->s);
    return next(ps);
}

/* ---- the map ----------------------------------------------------------------- */

/* `name` lower-cased into out (names are under 64 characters). */
static void folded(const char *name, char out[64])
{
    size_t i = 0;
    for (; name[i] && i < 63; i++)
        out[i] = (char)tolower((unsigned char)name[i]);
    out[i] = 0;
}

/* key -> index + 1 of its first holder; -1 when out of memory. */
static int index_first(struct strset *t, const char *key, size_t i)
{
    int added;
    struct strset_slot *slot = strset_add(t, key, &added);
    if (!slot)
        return -1;
    if (added)
        slot->value = i + 1;
    return 0;
}

/* The map's names, indexed once per parse: a file naming n symbols costs
 * O(n + the map), not n scans of the map. */
static int index_map(struct parser *ps)
{
    const struct symtab *m = ps->map;
    char low[64];
    if (ps->indexed)
        return 0;
    ps->indexed = 1;
    for (size_t i = 0; i < m->nsym; i++) {
        folded(m->sym[i].name, low);
        if (index_first(&ps->sym_exact, m->sym[i].name, i) != 0 || index_first(&ps->sym_folded, low, i) != 0)
            return -1;
    }
    for (size_t i = 0; i < m->nseg; i++)
        if (index_first(&ps->segs, m->seg[i].name, i) != 0)
            return -1;
    return 0;
}

/* The first symbol of that name, else the first of that name in any case;
 * -1 when none, -2 out of memory. */
static long find_symbol(struct parser *ps, const char *name)
{
    char low[64];
    if (index_map(ps) != 0)
        return -2;
    const struct strset_slot *slot = strset_find(&ps->sym_exact, name);
    if (!slot) {
        folded(name, low);
        slot = strset_find(&ps->sym_folded, low);
    }
    return slot ? (long)slot->value - 1 : -1;
}

static int need_map(struct parser *ps, unsigned col, const char *what)
{
    if (!ps->map)
        return fail(ps, col, "%s needs a map (hist --map FILE.MAP)", what);
    return 0;
}

static int symbol_at(struct parser *ps, const char *name, unsigned col, long *i)
{
    if (need_map(ps, col, "a symbol") != 0)
        return -1;
    *i = find_symbol(ps, name);
    if (*i == -2)
        return fail(ps, col, "out of memory");
    if (*i < 0)
        return fail(ps, col, "no symbol '%s' in the map", name);
    return 0;
}

/* ---- the grammar ------------------------------------------------------------- */

/* address = SEG:OFF | "+" number | name [("+" | "-") number] */
static int address(struct parser *ps, uint32_t *out)
{
    struct token t = ps->tok;
    if (t.kind == T_SEGOFF) {
        *out = t.value;
        if (t.value > MEM_TOP)
            return fail(ps, t.col, "%.*s is past the 1 MiB address space", (int)t.len, t.s);
        return next(ps);
    }
    if (t.kind == T_PLUS) {
        if (next(ps) != 0)
            return -1;
        if (ps->tok.kind != T_NUMBER)
            return fail(ps, ps->tok.col, "want the program-relative offset after '+' (e.g. +0x40)");
        *out = ps->prog_lo + ps->tok.value;
        if (ps->tok.value > MEM_TOP || *out > MEM_TOP)
            return fail(ps, t.col, "+%u is past the 1 MiB address space", ps->tok.value);
        return next(ps);
    }
    char name[64];
    long i;
    if (take_name(ps, "an address (SEG:OFF, +OFFSET or a symbol)", name, sizeof name) != 0 ||
        symbol_at(ps, name, t.col, &i) != 0)
        return -1;
    *out = ps->prog_lo + ps->map->sym[i].addr;
    if (ps->tok.kind == T_PLUS || ps->tok.kind == T_MINUS) {
        int minus = ps->tok.kind == T_MINUS;
        if (next(ps) != 0)
            return -1;
        if (ps->tok.kind != T_NUMBER)
            return fail(ps, ps->tok.col, "want a number of bytes after '%c'", minus ? '-' : '+');
        if (minus ? ps->tok.value > *out : ps->tok.value > MEM_TOP - *out)
            return fail(ps, t.col, "%s %c %u is outside the 1 MiB address space", name, minus ? '-' : '+',
                        ps->tok.value);
        *out = minus ? *out - ps->tok.value : *out + ps->tok.value;
        if (next(ps) != 0)
            return -1;
    }
    if (*out > MEM_TOP)
        return fail(ps, t.col, "'%s' is past the 1 MiB address space", name);
    return 0;
}

/* The array p (n used of *cap elements of `size` bytes) with room for one
 * more; NULL after the error (p is still the caller's then). */
static void *room(struct parser *ps, void *p, size_t n, size_t *cap, size_t size, unsigned col)
{
    if (grow_array(&p, cap, n + 1, size) != 0) {
        fail(ps, col, "out of memory");
        return NULL;
    }
    return p;
}

static int add_span(struct parser *ps, uint32_t lo, uint32_t hi, unsigned col)
{
    struct span *sp = room(ps, ps->span, ps->nspan, &ps->capspan, sizeof *sp, col);
    if (!sp)
        return -1;
    ps->span = sp;
    ps->span[ps->nspan++] = (struct span){ lo, hi, ps->set->nbucket, ps->line, col };
    return 0;
}

/* range = SYMBOL name | SEGMENT name | address ".." address */
static int range(struct parser *ps)
{
    struct token t = ps->tok;
    uint32_t lo, hi;
    char name[64];
    if (is_word(&t, "symbol") || is_word(&t, "segment")) {
        int seg = is_word(&t, "segment");
        if (need_map(ps, t.col, seg ? "SEGMENT" : "SYMBOL") != 0 || next(ps) != 0)
            return -1;
        unsigned col = ps->tok.col;
        if (take_name(ps, seg ? "a segment's name" : "a symbol's name", name, sizeof name) != 0)
            return -1;
        const struct symtab *m = ps->map;
        if (seg) {
            if (index_map(ps) != 0)
                return fail(ps, col, "out of memory");
            const struct strset_slot *slot = strset_find(&ps->segs, name);
            if (!slot)
                return fail(ps, col, "no segment '%s' in the map", name);
            size_t i = (size_t)slot->value - 1;
            lo = ps->prog_lo + m->seg[i].start;
            hi = ps->prog_lo + m->seg[i].stop + 1;
        } else {
            long i;
            if (symbol_at(ps, name, col, &i) != 0)
                return -1;
            lo = ps->prog_lo + m->sym[i].addr;
            hi = ps->prog_lo + symtab_symbol_end(m, (size_t)i, MEM_TOP - ps->prog_lo);
        }
        if (hi > MEM_TOP)
            return fail(ps, col, "'%s' reaches past the 1 MiB address space", name);
    } else {
        if (address(ps, &lo) != 0)
            return -1;
        if (ps->tok.kind != T_DOTDOT)
            return fail(ps, ps->tok.col, "want '..' and the range's end (ranges are START .. END, END excluded)");
        if (next(ps) != 0 || address(ps, &hi) != 0)
            return -1;
    }
    char a[12], b[12];
    if (hi <= lo)
        return fail(ps, t.col, "empty range: it ends at %s, not after its start %s", addr_text(ps, hi, a),
                    addr_text(ps, lo, b));
    return add_span(ps, lo, hi, t.col);
}

static int grow_rows(struct parser *ps, unsigned col)
{
    struct bucketset *s = ps->set;
    if (s->nrow == BUCKETS_MAX_ROWS)
        return fail(ps, col, "more than %u rows (use a larger BY step)", BUCKETS_MAX_ROWS);
    struct bucket_row *r = room(ps, s->row, s->nrow, &ps->caprow, sizeof *r, col);
    if (!r)
        return -1;
    s->row = r;
    return 0;
}

static int add_piece(struct parser *ps, uint32_t lo, uint32_t hi, uint32_t row, unsigned col)
{
    struct bucketset *s = ps->set;
    struct bucket_piece *p = room(ps, s->piece, s->npiece, &ps->cappiece, sizeof *p, col);
    if (!p)
        return -1;
    s->piece = p;
    s->piece[s->npiece++] = (struct bucket_piece){ lo, hi, row };
    return 0;
}

/* A row of bucket b for [lo, hi), named "BUCKET/SUFFIX" (suffix NULL:
 * by its address, +OFFSET in the program or the linear address below it). */
static int add_row(struct parser *ps, const char *bucket, const char *suffix, uint32_t lo, uint32_t hi, unsigned col)
{
    if (grow_rows(ps, col) != 0)
        return -1;
    struct bucketset *s = ps->set;
    struct bucket_row *r = &s->row[s->nrow];
    *r = (struct bucket_row){ .lo = lo, .hi = hi, .nranges = 1, .bucket = s->nbucket };
    if (suffix)
        snprintf(r->name, sizeof r->name, "%s/%s", bucket, suffix);
    else if (lo >= ps->prog_lo)
        snprintf(r->name, sizeof r->name, "%s/+%04X", bucket, lo - ps->prog_lo);
    else
        snprintf(r->name, sizeof r->name, "%s/%05X", bucket, lo);
    s->nrow++;
    return add_piece(ps, lo, hi, s->nrow - 1, col);
}

/* The rows of one range split every `step` bytes (step 0: at each symbol). */
static int split(struct parser *ps, const char *bucket, const struct span *sp, uint32_t step)
{
    if (step) {
        for (uint32_t lo = sp->lo; lo < sp->hi; lo = sp->hi - lo > step ? lo + step : sp->hi)
            if (add_row(ps, bucket, NULL, lo, sp->hi - lo > step ? lo + step : sp->hi, sp->col) != 0)
                return -1;
        return 0;
    }
    /* The symbols are sorted by address: a binary search finds the first
     * one after lo, and only those inside the range are visited. */
    const struct symtab *m = ps->map;
    uint32_t lo = sp->lo;
    size_t i = 0, n = m->nsym;
    while (i < n) {
        size_t mid = i + (n - i) / 2;
        if (ps->prog_lo + m->sym[mid].addr <= lo)
            i = mid + 1;
        else
            n = mid;
    }
    /* The symbol covering lo: only the last one starting at or before it
     * can (an earlier one ends where the next begins, at lo or before). */
    const char *name = i > 0 && ps->prog_lo + symtab_symbol_end(m, i - 1, MEM_TOP - ps->prog_lo) > lo
                           ? m->sym[i - 1].name : NULL;
    for (; i < m->nsym && ps->prog_lo + m->sym[i].addr < sp->hi; i++) {
        uint32_t at = ps->prog_lo + m->sym[i].addr;
        if (at > lo && add_row(ps, bucket, name, lo, at, sp->col) != 0)
            return -1;
        lo = at;
        name = m->sym[i].name;
    }
    if (sp->hi > lo && add_row(ps, bucket, name, lo, sp->hi, sp->col) != 0)
        return -1;
    return 0;
}

#define NAME_BUCKET (1ull << 32)
#define NAME_GROUP  (2ull << 32)

static long find_bucket(const struct parser *ps, const char *name)
{
    const struct strset_slot *slot = strset_find(&ps->names, name);
    return slot && (slot->value & NAME_BUCKET) ? (long)(uint32_t)slot->value : -1;
}

/* A new bucket's or group's name: not defined before (one set of names,
 * so the check costs O(1), not a scan); `value` is its kind and index. */
static int define_name(struct parser *ps, const char *name, uint64_t value, unsigned col)
{
    const struct bucketset *s = ps->set;
    int added;
    struct strset_slot *slot = strset_add(&ps->names, name, &added);
    if (!slot)
        return fail(ps, col, "out of memory");
    if (added) {
        slot->value = value;
        return 0;
    }
    uint32_t i = (uint32_t)slot->value;
    if (slot->value & NAME_BUCKET)
        return fail(ps, col, "'%s' is defined already (bucket, line %u)", name, s->bucket[i].line);
    return fail(ps, col, "'%s' is defined already (group, line %u)", name, s->group[i].line);
}

/* BUCKET name "=" range {"," range} [BY (number | SYMBOL)] */
static int bucket_statement(struct parser *ps)
{
    struct bucketset *s = ps->set;
    struct bucket_def d = { .line = ps->line };
    unsigned col = ps->tok.col;
    if (take_name(ps, "the bucket's name", d.name, sizeof d.name) != 0)
        return -1;
    if (strset_find(&ps->names, d.name))            /* the error, with where */
        return define_name(ps, d.name, 0, col);
    if (ps->tok.kind != T_EQ)
        return fail(ps, ps->tok.col, "want '=' after the bucket's name");
    size_t first = ps->nspan;
    do {
        if (next(ps) != 0 || range(ps) != 0)
            return -1;
    } while (ps->tok.kind == T_COMMA);
    int by = 0;
    uint32_t step = 0;
    if (is_word(&ps->tok, "by")) {
        if (next(ps) != 0)
            return -1;
        by = 1;
        if (is_word(&ps->tok, "symbol")) {
            if (need_map(ps, ps->tok.col, "BY SYMBOL") != 0)
                return -1;
        } else if (ps->tok.kind != T_NUMBER || ps->tok.value == 0) {
            return fail(ps, ps->tok.col, "want BY and a step of 1 byte or more, or BY SYMBOL");
        } else {
            step = ps->tok.value;
        }
        if (next(ps) != 0)
            return -1;
    }
    if (ps->tok.kind != T_END)
        return fail(ps, ps->tok.col, "want ',' and another range, BY, or the end of the line");
    struct bucket_def *b = room(ps, s->bucket, s->nbucket, &ps->capbucket, sizeof *b, col);
    if (!b)
        return -1;
    s->bucket = b;
    if (define_name(ps, d.name, NAME_BUCKET | s->nbucket, col) != 0)
        return -1;
    d.first_row = s->nrow;
    if (!by) {
        if (grow_rows(ps, col) != 0)
            return -1;
        s->row[s->nrow] = (struct bucket_row){ .lo = ps->span[first].lo, .hi = ps->span[first].hi,
                                               .nranges = (uint32_t)(ps->nspan - first), .bucket = s->nbucket };
        snprintf(s->row[s->nrow].name, sizeof s->row[s->nrow].name, "%s", d.name);
        s->nrow++;
        for (size_t i = first; i < ps->nspan; i++)
            if (add_piece(ps, ps->span[i].lo, ps->span[i].hi, s->nrow - 1, ps->span[i].col) != 0)
                return -1;
    } else {
        for (size_t i = first; i < ps->nspan; i++)
            if (split(ps, d.name, &ps->span[i], step) != 0)
                return -1;
    }
    d.nrows = s->nrow - d.first_row;
    s->bucket[s->nbucket++] = d;
    return 0;
}

/* GROUP name "=" name {"," name}: buckets defined above. */
static int group_statement(struct parser *ps)
{
    struct bucketset *s = ps->set;
    struct bucket_group g = { .line = ps->line };
    unsigned col = ps->tok.col;
    char name[64];
    if (take_name(ps, "the group's name", g.name, sizeof g.name) != 0)
        return -1;
    if (strset_find(&ps->names, g.name))
        return define_name(ps, g.name, 0, col);     /* the error, with where */
    if (ps->tok.kind != T_EQ)
        return fail(ps, ps->tok.col, "want '=' after the group's name");
    if (ps->capin < s->nbucket) {                   /* which group listed each bucket last */
        size_t was = ps->capin;
        if (grow_array(&ps->in_group, &ps->capin, s->nbucket, sizeof *ps->in_group) != 0)
            return fail(ps, col, "out of memory");
        memset(ps->in_group + was, 0, (ps->capin - was) * sizeof *ps->in_group);
    }
    size_t capmember = 0;
    int rc = 0;
    do {
        unsigned at;
        if ((rc = next(ps)) != 0)
            break;
        at = ps->tok.col;
        if ((rc = take_name(ps, "a bucket's name", name, sizeof name)) != 0)
            break;
        long b = find_bucket(ps, name);
        if (b < 0) {
            rc = fail(ps, at, "no bucket '%s' above (a group lists buckets defined before it)", name);
            break;
        }
        if (ps->in_group[b] == s->ngroup + 1) {
            rc = fail(ps, at, "bucket '%s' is in the group already", name);
            break;
        }
        ps->in_group[b] = s->ngroup + 1;
        uint32_t *member = room(ps, g.member, g.n, &capmember, sizeof *member, at);
        if (!member) {
            rc = -1;
            break;
        }
        g.member = member;
        g.member[g.n++] = (uint32_t)b;
    } while (ps->tok.kind == T_COMMA);
    if (rc == 0 && ps->tok.kind != T_END)
        rc = fail(ps, ps->tok.col, "want ',' and another bucket, or the end of the line");
    struct bucket_group *gs = rc == 0 ? room(ps, s->group, s->ngroup, &ps->capgroup, sizeof *gs, col) : NULL;
    if (gs)
        s->group = gs;
    if (rc == 0 && (!gs || define_name(ps, g.name, NAME_GROUP | s->ngroup, col) != 0))
        rc = -1;
    if (rc != 0) {
        free(g.member);
        return -1;
    }
    s->group = gs;
    s->group[s->ngroup++] = g;
    return 0;
}

static int statement(struct parser *ps)
{
    if (next(ps) != 0)
        return -1;
    if (ps->tok.kind == T_END)
        return 0;
    int bucket = is_word(&ps->tok, "bucket");
    if (!bucket && !is_word(&ps->tok, "group"))
        return fail(ps, ps->tok.col, "want BUCKET or GROUP, not '%.*s'", (int)ps->tok.len, ps->tok.s);
    if (next(ps) != 0)
        return -1;
    return bucket ? bucket_statement(ps) : group_statement(ps);
}

static int by_lo(const void *a, const void *b)
{
    const struct span *x = a, *y = b;
    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    return x->line != y->line ? (x->line < y->line ? -1 : 1) : (x->col > y->col) - (x->col < y->col);
}

/* No address in two ranges: the later-defined of two that overlap is the error. */
static int check_overlaps(struct parser *ps)
{
    if (ps->nspan < 2)
        return 0;
    qsort(ps->span, ps->nspan, sizeof *ps->span, by_lo);
    size_t widest = 0;
    for (size_t i = 1; i < ps->nspan; i++) {
        const struct span *a = &ps->span[widest], *b = &ps->span[i];
        if (b->lo < a->hi) {
            int b_later = b->line > a->line || (b->line == a->line && b->col > a->col);
            const struct span *later = b_later ? b : a, *other = b_later ? a : b;
            char t[4][12];
            ps->line = later->line;
            return fail(ps, later->col, "this range (%s-%s) overlaps one of bucket '%s' (line %u, %s-%s): "
                        "a sample would count twice", addr_text(ps, later->lo, t[0]), addr_text(ps, later->hi - 1, t[1]),
                        ps->set->bucket[other->bucket].name, other->line, addr_text(ps, other->lo, t[2]),
                        addr_text(ps, other->hi - 1, t[3]));
        }
        if (b->hi > a->hi)
            widest = i;
    }
    return 0;
}

static int by_piece(const void *a, const void *b)
{
    const struct bucket_piece *x = a, *y = b;
    return (x->lo > y->lo) - (x->lo < y->lo);
}

int bucketset_parse(const char *text, size_t len, const char *file, const struct symtab *map, uint16_t prog_low_pa,
                    struct bucketset *out, char *err, size_t errn)
{
    memset(out, 0, sizeof *out);
    out->prog_lo = (uint32_t)prog_low_pa * 16u;
    struct parser ps = { .file = file, .map = map, .prog_lo = out->prog_lo, .set = out, .err = err, .errn = errn };
    const char *p = text, *end = text + len;
    int rc = 0;
    while (rc == 0 && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        ps.line++;
        ps.p = ps.line_start = p;
        ps.end = nl ? nl : end;
        if (memchr(p, 0, (size_t)(ps.end - p)))
            rc = fail(&ps, (unsigned)((const char *)memchr(p, 0, (size_t)(ps.end - p)) - p) + 1, "a NUL byte");
        else
            rc = statement(&ps);
        p = nl ? nl + 1 : end;
    }
    if (rc == 0 && out->nbucket == 0) {
        snprintf(err, errn, "%s: no BUCKET defined", file);
        rc = -1;
    }
    if (rc == 0)
        rc = check_overlaps(&ps);
    free(ps.span);
    free(ps.in_group);
    strset_free(&ps.names);
    strset_free(&ps.sym_exact);
    strset_free(&ps.sym_folded);
    strset_free(&ps.segs);
    if (rc != 0) {
        bucketset_free(out);
        return -1;
    }
    qsort(out->piece, out->npiece, sizeof *out->piece, by_piece);
    return 0;
}

int bucketset_read_file(const char *path, const struct symtab *map, uint16_t prog_low_pa, struct bucketset *out,
                        char *err, size_t errn)
{
    uint8_t *buf;
    size_t n;
    memset(out, 0, sizeof *out);
    if (read_file(path, &buf, &n, err, errn) != 0)
        return -1;
    int rc = bucketset_parse((const char *)buf, n, path, map, prog_low_pa, out, err, errn);
    free(buf);
    return rc;
}

void bucketset_free(struct bucketset *s)
{
    for (uint32_t i = 0; i < s->ngroup; i++)
        free(s->group[i].member);
    free(s->group);
    free(s->row);
    free(s->bucket);
    free(s->piece);
    memset(s, 0, sizeof *s);
}

long bucketset_find(const struct bucketset *s, uint32_t a)
{
    uint32_t lo = 0, hi = s->npiece;
    while (lo < hi) {
        uint32_t mid = lo + (hi - lo) / 2;
        if (s->piece[mid].hi <= a)
            lo = mid + 1;
        else if (s->piece[mid].lo > a)
            hi = mid;
        else
            return (long)s->piece[mid].row;
    }
    return -1;
}
