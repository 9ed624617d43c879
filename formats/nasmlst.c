/*
 * formats/nasmlst.c: see nasmlst.h.
 */
#include "nasmlst.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"
#include "../util/grow.h"

#define TEXT_COL 40             /* where the source text starts */
#define LEVEL_MAX 32            /* %include and macro nesting followed */

/* One listing line's fields; 0 when it is not one. */
struct row {
    unsigned number, level;
    int has_addr;
    uint32_t addr;
    char bytes[24];
    const char *text;           /* into the line; NUL-free, `textn` bytes */
    size_t textn;
};

static int digits(const char *s, size_t n, unsigned base, uint32_t *v)
{
    *v = 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i], d = isdigit(c) ? c - '0' : base == 16 && isxdigit(c) ? tolower(c) - 'a' + 10 : -1;
        if (d < 0)
            return -1;
        *v = *v * base + (uint32_t)d;
    }
    return 0;
}

/* How many of the n bytes at s are blanks, from the first (the text is
 * not NUL-terminated). */
static size_t blanks(const char *s, size_t n)
{
    size_t k = 0;
    while (k < n && (s[k] == ' ' || s[k] == '\t'))
        k++;
    return k;
}

static int parse_row(const char *s, size_t n, struct row *r)
{
    size_t k = 0;
    uint32_t v;
    memset(r, 0, sizeof *r);
    if (n < 7 || s[6] != ' ')
        return 0;
    while (k < 6 && s[k] == ' ')
        k++;
    if (k == 6 || digits(s + k, 6 - k, 10, &v) != 0)
        return 0;
    r->number = v;
    if (n >= 16 && s[15] == ' ' && digits(s + 7, 8, 16, &r->addr) == 0)
        r->has_addr = 1;
    else if (blanks(s + 7, n < 16 ? n - 7 : 9) < (n < 16 ? n - 7 : 9))
        return 0;
    if (n > 16) {
        size_t b = n < 36 ? n - 16 : 20, e = b;
        while (e && s[16 + e - 1] == ' ')
            e--;
        snprintf(r->bytes, sizeof r->bytes, "%.*s", (int)e, s + 16);
    }
    if (n > 36 && s[36] == '<') {
        const char *gt = memchr(s + 37, '>', n - 37 < 4 ? n - 37 : 4);
        if (gt && digits(s + 37, (size_t)(gt - s - 37), 10, &v) == 0)
            r->level = v;
    }
    r->text = n > TEXT_COL ? s + TEXT_COL : s + n;
    r->textn = n > TEXT_COL ? n - TEXT_COL : 0;
    return 1;
}

/* The next line of text (without its end of line); 0 at the end. */
static int next_line(const char **p, const char *end, const char **s, size_t *n)
{
    if (*p >= end)
        return 0;
    const char *nl = memchr(*p, '\n', (size_t)(end - *p));
    *s = *p;
    *n = (size_t)((nl ? nl : end) - *p);
    if (*n && (*s)[*n - 1] == '\r')
        (*n)--;
    *p = nl ? nl + 1 : end;
    return 1;
}

int nasmlst_looks_like(const char *text, size_t len)
{
    const char *p = text, *end = text + len, *s;
    size_t n;
    struct row r;
    int seen = 0;
    while (seen < 5 && next_line(&p, end, &s, &n)) {
        if (!parse_row(s, n, &r) || (seen == 0 && r.number != 1))
            return 0;
        seen++;
    }
    return seen > 0;
}

/* The directive's word after "section"/"segment" ("[section .data]"
 * too), or NULL when the text is no such directive. */
static const char *section_name(const char *t, size_t n, char *out, size_t outn)
{
    size_t k = 0;
    while (k < n && (t[k] == ' ' || t[k] == '\t' || t[k] == '['))
        k++;
    if (n - k < 8 || (strncasecmp(t + k, "section", 7) != 0 && strncasecmp(t + k, "segment", 7) != 0) ||
        (t[k + 7] != ' ' && t[k + 7] != '\t'))
        return NULL;
    k += 7;
    while (k < n && (t[k] == ' ' || t[k] == '\t'))
        k++;
    size_t e = k;
    while (e < n && !strchr(" \t];", t[e]))
        e++;
    snprintf(out, outn, "%.*s", (int)(e - k), t + k);
    return out;
}

/* "heavy" of "heavy:  times 10 nop"; 0 when the line starts no label. */
static int label_of(const char *t, size_t n, char *out, size_t outn)
{
    size_t e = 0;
    if (!n || !(isalpha((unsigned char)t[0]) || t[0] == '_' || t[0] == '?' || t[0] == '$' || t[0] == '@'))
        return 0;
    while (e < n && (isalnum((unsigned char)t[e]) || strchr("_$#@~.?", t[e])))
        e++;
    if (e >= n || t[e] != ':' || e >= outn)
        return 0;
    snprintf(out, outn, "%.*s", (int)e, t);
    return 1;
}

/* "report.inc" of %include "report.inc"; 0 when it is not one. */
static int include_of(const char *t, size_t n, char *out, size_t outn)
{
    size_t k = blanks(t, n);
    if (n - k < 9 || strncasecmp(t + k, "%include", 8) != 0)
        return 0;
    const char *q = memchr(t + k + 8, '"', n - k - 8);
    if (!q)
        q = memchr(t + k + 8, '\'', n - k - 8);
    if (!q)
        return 0;
    const char *e = memchr(q + 1, *q, (size_t)(t + n - q - 1));
    if (!e)
        return 0;
    const char *base = q + 1;
    for (const char *c = q + 1; c < e; c++)
        if (*c == '/' || *c == '\\')
            base = c + 1;
    snprintf(out, outn, "%.*s", (int)(e - base), base);
    return 1;
}

/* Where each level's lines come from: an included file's name, or a
 * macro's invoking line (label and text). */
struct context {
    int macro;
    char file[32];
    char label[48];
    char text[104];
};

static int line_order(const void *a, const void *b)
{
    const struct lst_line *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static int symbol_order(const void *a, const void *b)
{
    const struct symbol *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr ? 1 : strcmp(x->name, y->name);
}

int nasmlst_parse(const char *text, size_t len, struct nasm_listing *l, char *err, size_t errn)
{
    const char *p = text, *end = text + len, *s;
    size_t n, cap_lines = 0, cap_syms = 0;
    struct context ctx[LEVEL_MAX + 1];
    struct row r, prev = { 0 };
    char name[64], pending[64] = "", section[40], prev_label[48] = "", prev_text[104] = "";
    int other = 0, have_prev = 0;
    unsigned level = 0;
    memset(l, 0, sizeof *l);
    memset(ctx, 0, sizeof ctx);
    while (next_line(&p, end, &s, &n)) {
        if (!parse_row(s, n, &r))
            continue;           /* not a listing line (a warning nasm wrote in it) */
        if (r.level > LEVEL_MAX)
            r.level = LEVEL_MAX;
        for (unsigned k = level + 1; k <= r.level; k++) {     /* deeper: from the line before */
            struct context *c = &ctx[k];
            if (k > level + 1) {
                *c = ctx[k - 1];
            } else if (have_prev && include_of(prev.text, prev.textn, c->file, sizeof c->file)) {
                c->macro = 0;
            } else {
                c->macro = 1;
                memcpy(c->label, prev_label, sizeof c->label);
                memcpy(c->text, prev_text, sizeof c->text);
            }
        }
        level = r.level;
        struct context *c = &ctx[level];
        int continued = have_prev && r.number == prev.number && r.level == prev.level && r.textn == 0;
        char label[48], t[104];
        if (c->macro) {
            snprintf(label, sizeof label, "%s", c->label);
            snprintf(t, sizeof t, "%s", c->text);
        } else {
            if (c->file[0])
                snprintf(label, sizeof label, "%s:%u", c->file, r.number);
            else
                snprintf(label, sizeof label, "line %u", r.number);
            snprintf(t, sizeof t, "%.*s", (int)(r.textn < sizeof t ? r.textn : sizeof t - 1), r.text);
        }
        if (!c->macro && section_name(r.text, r.textn, section, sizeof section))
            other = strcmp(section, ".text") != 0;
        if (!other && !c->macro && label_of(r.text, r.textn, name, sizeof name))
            snprintf(pending, sizeof pending, "%s", name);
        if (!other && r.has_addr && !continued && pending[0]) {
            if (grow_array(&l->sym, &cap_syms, l->nsym + 1, sizeof *l->sym) != 0)
                goto oom;
            struct symbol *y = &l->sym[l->nsym++];
            snprintf(y->name, sizeof y->name, "%s", pending);
            y->addr = r.addr;
            y->end = 0;
            y->group = 0;
            pending[0] = 0;
        }
        if (!other && r.has_addr && r.bytes[0] && !continued) {
            if (grow_array(&l->line, &cap_lines, l->nline + 1, sizeof *l->line) != 0)
                goto oom;
            struct lst_line *e = &l->line[l->nline++];
            e->addr = r.addr;
            memcpy(e->label, label, sizeof e->label);
            memcpy(e->text, t, sizeof e->text);
        }
        prev = r;
        have_prev = 1;
        memcpy(prev_label, label, sizeof prev_label);
        memcpy(prev_text, t, sizeof prev_text);
    }
    if (l->nline)
        qsort(l->line, l->nline, sizeof *l->line, line_order);
    if (l->nsym)
        qsort(l->sym, l->nsym, sizeof *l->sym, symbol_order);
    return 0;
oom:
    snprintf(err, errn, "out of memory");
    nasmlst_free(l);
    return -1;
}

int nasmlst_read_file(const char *path, struct nasm_listing *l, char *err, size_t errn)
{
    uint8_t *text;
    size_t n;
    char why[300];
    if (read_file(path, &text, &n, err, errn) != 0)
        return -1;
    int rc = nasmlst_parse((const char *)text, n, l, why, sizeof why);
    if (rc != 0)
        snprintf(err, errn, "%s: %s", path, why);
    free(text);
    return rc;
}

void nasmlst_free(struct nasm_listing *l)
{
    free(l->line);
    free(l->sym);
    memset(l, 0, sizeof *l);
}

int nasmlst_to_symtab(struct nasm_listing *l, struct symtab *t, char *err, size_t errn)
{
    t->sym = l->sym;
    t->nsym = l->nsym;
    t->sym_cap = 0;             /* l's capacity: 0 says "not known" (util/grow.h) */
    l->sym = NULL;
    if (l->nline && !(t->line = calloc(l->nline, sizeof *t->line))) {
        snprintf(err, errn, "out of memory");
        nasmlst_free(l);
        return -1;
    }
    for (size_t i = 0; i < l->nline; i++) {
        t->line[i].addr = l->line[i].addr;
        snprintf(t->line[i].label, sizeof t->line[i].label, "%s", l->line[i].label);
    }
    t->nline = l->nline;
    nasmlst_free(l);
    return 0;
}
