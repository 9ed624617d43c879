/*
 * formats/symtab.c: linker map parsing (see symtab.h).
 */
#include "symtab.h"
#include "nasmlst.h"

#include <ctype.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "codeview.h"
#include "tdinfo.h"
#include "watcom.h"
#include "fileio.h"
#include "span.h"
#include "../util/grow.h"

/* ---- lines ------------------------------------------------------------------ */

struct lines {
    const char *p, *end;
    int number;
    char text[512];
};

static int next_line(struct lines *l)
{
    if (l->p >= l->end)
        return 0;
    const char *nl = memchr(l->p, '\n', (size_t)(l->end - l->p));
    size_t n = nl ? (size_t)(nl - l->p) : (size_t)(l->end - l->p);
    /* Form feeds are page breaks (LINK 2.00 starts each publics list on a
     * new page, "\f\r\n"): they carry no text. */
    size_t keep = 0;
    for (size_t i = 0; i < n && keep < sizeof l->text - 1; i++)
        if (l->p[i] != '\f')
            l->text[keep++] = l->p[i];
    while (keep && (l->text[keep - 1] == '\r' || l->text[keep - 1] == ' ' || l->text[keep - 1] == '\t'))
        keep--;
    l->text[keep] = 0;
    l->p += n + (nl != NULL);
    l->number++;
    return 1;
}

static int blank(const char *s) { return s[strspn(s, " \t")] == 0; }

/* ---- building the table ---------------------------------------------------- */

static int add_segment(struct symtab *t, const char *name, const char *cls, uint32_t start, uint32_t stop)
{
    if (grow_array(&t->seg, &t->seg_cap, t->nseg + 1, sizeof *t->seg) != 0)
        return -1;
    struct sym_segment *s = &t->seg[t->nseg++];
    snprintf(s->name, sizeof s->name, "%s", name);
    snprintf(s->cls, sizeof s->cls, "%s", cls);
    s->start = start;
    s->stop = stop;
    return 0;
}

/* A symbol listed twice (by name and by value) is kept once: the copies
 * go after sorting (sort_symbols()), not by a search per symbol. */
static int add_symbol_n(struct symtab *t, const char *name, size_t len, uint32_t addr)
{
    if (grow_array(&t->sym, &t->sym_cap, t->nsym + 1, sizeof *t->sym) != 0)
        return -1;
    struct symbol *s = &t->sym[t->nsym++];
    if (len > sizeof s->name - 1)
        len = sizeof s->name - 1;
    memcpy(s->name, name, len);
    s->name[len] = 0;
    s->addr = addr;
    s->end = 0;
    s->group = 0;
    return 0;
}

int symtab_add_source(struct symtab *t, const char *path, size_t len, size_t *src)
{
    char kept[sizeof t->src->path];
    len = strnlen(path, len);
    if (len >= sizeof kept) {           /* its tail: the end of a path tells files apart */
        path += len - (sizeof kept - 1);
        len = sizeof kept - 1;
    }
    memcpy(kept, path, len);
    kept[len] = 0;
    for (char *c = kept; *c; c++)
        if (*c < 0x20 || *c == 0x7F)
            *c = '?';
    /* A reader names a file for each of its line tables: the same one
     * again is found at once (the others are merged when named, at the
     * end: name_sources). */
    if (t->nsrc && strcmp(t->src[t->nsrc - 1].path, kept) == 0) {
        *src = t->nsrc - 1;
        return 0;
    }
    if (grow_array(&t->src, &t->src_cap, t->nsrc + 1, sizeof *t->src) != 0)
        return -1;
    struct sym_source *s = &t->src[t->nsrc];
    span_base_name(kept, len, s->name, sizeof s->name);
    memcpy(s->path, kept, len + 1);
    *src = t->nsrc++;
    return 0;
}

const char *symtab_source_path(const struct symtab *t, const char *file)
{
    for (size_t i = 0; i < t->nsrc; i++)
        if (strcmp(t->src[i].name, file) == 0)
            return strpbrk(t->src[i].path, "\\/:") ? t->src[i].path : NULL;
    return NULL;
}

/* ---- the files' names in line labels ----------------------------------------- */

/* A source's path as components (split at '\', '/' and after a drive's
 * ':', empty and "." ones left out but the last, its name) joined by '/',
 * with `fold` in upper case: the key two names of one file share
 * ("C:\SRC\Util.c" and "c:/src/./UTIL.C": "C:/SRC/UTIL.C").  Its
 * number of components into *n. */
static void source_key(const char *path, int fold, char *key, size_t keyn, size_t *n)
{
    size_t k = 0;
    *n = 0;
    for (const char *p = path;;) {
        size_t len = strcspn(p, "\\/:");
        int drive = p[len] == ':', last = !drive && p[len] == 0;
        len += drive;
        if (last || (len && !(len == 1 && p[0] == '.'))) {
            for (size_t i = 0; i < len && k + 2 < keyn; i++)
                key[k++] = fold ? (char)toupper((unsigned char)p[i]) : p[i];
            if (!last && k + 2 < keyn)
                key[k++] = '/';
            ++*n;
        }
        if (last)
            break;
        p += len + !drive;
    }
    key[k] = 0;
}

/* The last k components of a key (or of a path, by the same rule). */
static const char *key_tail(const char *key, size_t k)
{
    const char *p = key + strlen(key);
    while (p > key) {
        if (p[-1] == '/' && --k == 0)
            break;
        p--;
    }
    return p;
}

/* A key and the source it is: sorted by key, then index. */
struct keyed {
    const char *key;
    size_t i;
};

static int by_key(const void *a, const void *b)
{
    const struct keyed *x = a, *y = b;
    int c = strcmp(x->key, y->key);
    return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* The last k components of path, as a label names them ("SRC/UTIL.C"):
 * at most SYMTAB_FILE_MAX characters, the end kept. */
static void tail_name(const char *path, size_t k, char *out, size_t n)
{
    char joined[sizeof ((struct sym_source *)0)->path + 16];
    size_t all;
    source_key(path, 0, joined, sizeof joined, &all);
    const char *tail = key_tail(joined, k);
    size_t len = strlen(tail);
    snprintf(out, n, "%s", len > SYMTAB_FILE_MAX ? tail + len - SYMTAB_FILE_MAX : tail);
}

/* The table's files, once each (two names of one file, by source_key,
 * are the first named), and their names in the line labels: the bare
 * name when no other file has it, else the shortest tail of the path no
 * other file's path ends with (SRC/UTIL.C and LIB/UTIL.C); a path that
 * is the end of another's (UTIL.C beside SRC\UTIL.C) is named whole.
 * The lines are labelled again by their file's name.  0, or -1 when out
 * of memory. */
static int name_sources(struct symtab *t)
{
    size_t ns = t->nsrc;
    if (ns == 0)
        return 0;
    enum { KEY = sizeof t->src->path + 16 };
    char (*key)[KEY] = malloc(ns * sizeof *key);
    size_t *depth = malloc(ns * sizeof *depth), *to = malloc(ns * sizeof *to), *take = malloc(ns * sizeof *take);
    struct keyed *e = malloc(ns * sizeof *e);
    int rc = key && depth && to && e && take ? 0 : -1;
    for (size_t i = 0; rc == 0 && i < ns; i++) {
        source_key(t->src[i].path, 1, key[i], KEY, &depth[i]);
        e[i] = (struct keyed){ key[i], i };
    }
    if (rc == 0) {
        /* Each file once: to[i] is where source i goes, its first name's place. */
        qsort(e, ns, sizeof *e, by_key);
        for (size_t k = 0; k < ns; k++)
            to[e[k].i] = k > 0 && strcmp(e[k - 1].key, e[k].key) == 0 ? to[e[k - 1].i] : e[k].i;
        size_t kept = 0;
        for (size_t i = 0; i < ns; i++)
            if (to[i] == i) {
                t->src[kept] = t->src[i];
                memmove(key[kept], key[i], KEY);
                depth[kept] = depth[i];
                to[i] = kept++;
            } else
                to[i] = to[to[i]];
        for (size_t i = 0; i < t->nline; i++)
            if (t->line[i].src)
                t->line[i].src = (uint32_t)to[t->line[i].src - 1] + 1;
        ns = t->nsrc = kept;
        /* take[i]: how many of its last components name it, 0 while not known. */
        size_t most = 0;
        for (size_t i = 0; i < ns; i++) {
            take[i] = 0;
            most = depth[i] > most ? depth[i] : most;
        }
        for (size_t k = 1, open = ns; k <= most && open; k++) {
            size_t n = 0;
            for (size_t i = 0; i < ns; i++)
                if (depth[i] >= k)
                    e[n++] = (struct keyed){ key_tail(key[i], k), i };
            qsort(e, n, sizeof *e, by_key);
            for (size_t j = 0; j < n; j++) {
                size_t i = e[j].i;
                int alone = (j == 0 || strcmp(e[j - 1].key, e[j].key) != 0) &&
                            (j + 1 == n || strcmp(e[j + 1].key, e[j].key) != 0);
                if (!take[i] && (alone || depth[i] == k)) {
                    take[i] = k;
                    open--;
                }
            }
        }
        for (size_t i = 0; i < ns; i++)
            if (take[i] > 1)
                tail_name(t->src[i].path, take[i], t->src[i].name, sizeof t->src[i].name);
            else
                span_base_name(t->src[i].path, strlen(t->src[i].path), t->src[i].name, sizeof t->src[i].name);
        for (size_t i = 0; i < t->nline; i++) {
            struct sym_line *l = &t->line[i];
            const char *colon = strrchr(l->label, ':');
            if (l->src && colon)
                snprintf(l->label, sizeof l->label, "%s:%u", t->src[l->src - 1].name,
                         (unsigned)strtoul(colon + 1, NULL, 10));
        }
    }
    free(key);
    free(depth);
    free(to);
    free(take);
    free(e);
    return rc;
}

static int add_symbol(struct symtab *t, const char *name, uint32_t addr)
{
    return add_symbol_n(t, name, strlen(name), addr);
}

static int add_line(struct symtab *t, size_t src, unsigned line, uint32_t addr)
{
    if (src >= t->nsrc || grow_array(&t->line, &t->line_cap, t->nline + 1, sizeof *t->line) != 0)
        return -1;
    struct sym_line *s = &t->line[t->nline++];
    snprintf(s->label, sizeof s->label, "%s:%u", t->src[src].name, line);
    s->addr = addr;
    s->src = (uint32_t)src + 1;
    return 0;
}

#define FAIL(l, ...) do { \
        int k_ = snprintf(err, errn, "line %d: ", (l)->number); \
        if (k_ > 0 && (size_t)k_ < errn) snprintf(err + k_, errn - (size_t)k_, __VA_ARGS__); \
        return -1; } while (0)

/* ---- Microsoft LINK, Borland TLINK, Turbo Pascal ---------------------------- */

/* "Line numbers for HELLO.OBJ(hello.c) segment _TEXT": the source file's
 * name without its directory (the module's when there are no brackets);
 * its directory, when it has one, kept in t (symtab_add_source). */
static int line_table_file(const char *s, struct symtab *t, size_t *src)
{
    const char *from = s + strlen("Line numbers for"), *open = strchr(from, '('), *close;
    from += strspn(from, " ");
    size_t len = strcspn(from, " ");
    if (open && (close = strchr(open, ')')) != NULL) {
        from = open + 1;
        len = (size_t)(close - from);
    }
    return symtab_add_source(t, from, len, src);
}

/* "     4 0001:0010     5 0001:0013 ...": up to four entries a row. */
static int parse_line_row(struct lines *l, struct symtab *t, size_t src, char *err, size_t errn)
{
    const char *s = l->text;
    unsigned line, seg, off;
    int used, any = 0;
    while (sscanf(s, " %u %x:%x%n", &line, &seg, &off, &used) == 3) {
        if (add_line(t, src, line, seg * 16u + off) != 0)
            FAIL(l, "out of memory");
        s += used;
        any = 1;
    }
    if (!any || !blank(s))
        FAIL(l, "a line-number row should read '  LINE SSSS:OOOO ...': '%.60s'", l->text);
    return 0;
}

/* Hex digits at *s (at most 8): their value, *s moved past them; -1
 * when there is none. */
static long hex_at(const char **s)
{
    long v = 0;
    int n = 0;
    for (; n < 8; n++, (*s)++) {
        char c = **s;
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
              : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            break;
        v = v * 16 + d;
    }
    return n ? v : -1;
}

/* " SSSS:OOOO" at the start of s (blanks first): 0 and s moved past it,
 * or -1.  By hand, not sscanf(): a map has a line like this per symbol. */
static int seg_off_at(const char **s, unsigned *seg, unsigned *off)
{
    *s += strspn(*s, " \t");
    long a = hex_at(s);
    if (a < 0 || **s != ':')
        return -1;
    (*s)++;
    long b = hex_at(s);
    if (b < 0)
        return -1;
    *seg = (unsigned)a;
    *off = (unsigned)b;
    return 0;
}

static int parse_public(struct lines *l, struct symtab *t, char *err, size_t errn)
{
    const char *rest = l->text;
    unsigned seg, off;
    if (seg_off_at(&rest, &seg, &off) != 0)
        FAIL(l, "a public symbol line should read ' SSSS:OOOO  NAME': '%.60s'", l->text);
    rest += strspn(rest, " \t");
    if (!strncasecmp(rest, "Abs ", 4) || !strncasecmp(rest, "Imp ", 4) || !strncasecmp(rest, "Res ", 4))
        return 0;       /* absolute and imported symbols have no code address here */
    if (strncasecmp(rest, "Idle ", 5) == 0)
        rest += 5 + strspn(rest + 5, " \t");   /* Borland: an unreferenced public */
    size_t n = strcspn(rest, " \t");
    if (n == 0)
        FAIL(l, "a public symbol without a name");
    if (add_symbol_n(t, rest, n, seg * 16u + off) != 0)
        FAIL(l, "out of memory");
    return 0;
}

/* *heap: a segment of class HEAP was listed (Turbo Pascal's, length 0);
 * by_value: the map has a "Publics by Value" list. */
static int parse_mslink(struct lines *l, struct symtab *t, int by_value, int *heap, char *err, size_t errn)
{
    enum { NONE, SEGMENTS, PUBLICS, LINES } state = NONE;
    size_t src = 0;         /* the line table's file */
    while (next_line(l)) {
        const char *s = l->text;
        if (strncmp(s, " Start  Stop", 12) == 0) {
            state = SEGMENTS;
            continue;
        }
        if (strstr(s, "Publics by Name") || strstr(s, "Publics by Value")) {
            /* LINK lists every public twice, by name then by value: read
             * one list (the other would only be dropped as duplicates). */
            state = by_value && strstr(s, "Publics by Name") ? NONE : PUBLICS;
            continue;
        }
        if (strncmp(s, "Line numbers for", 16) == 0) {
            if (line_table_file(s, t, &src) != 0)
                FAIL(l, "out of memory");
            state = LINES;
            continue;
        }
        if (blank(s)) {
            if (state == SEGMENTS && t->nseg)
                state = NONE;
            continue;
        }
        if (strstr(s, "entry point") || strncmp(s, " Origin", 7) == 0 ||
            strncmp(s, "Detailed map of segments", 24) == 0 || strstr(s, "Warning:") || strstr(s, "Error:") ||
            strncasecmp(s, "Unresolved externals", 20) == 0) {
            state = NONE;
            continue;
        }
        if (state == SEGMENTS) {
            unsigned start, stop, length;
            char name[64], cls[32] = "";
            if (sscanf(s, " %xH %xH %xH %63s %31s", &start, &stop, &length, name, cls) < 4)
                FAIL(l, "a segment line should read ' 00000H 0001FH 00020H NAME CLASS': '%.60s'", s);
            *heap |= strcmp(cls, "HEAP") == 0;
            /* An empty segment has Stop = Start - 1 (or Start); it covers nothing. */
            if (length && add_segment(t, name, cls, start, stop) != 0)
                FAIL(l, "out of memory");
        } else if (state == PUBLICS) {
            if (parse_public(l, t, err, errn) != 0)
                return -1;
        } else if (state == LINES) {
            if (parse_line_row(l, t, src, err, errn) != 0)
                return -1;
        }
    }
    if (t->nseg == 0) {
        snprintf(err, errn, "no segment table (' Start  Stop ...') found");
        return -1;
    }
    return 0;
}

/* ---- Open Watcom WLINK ------------------------------------------------------- */

/* Boxed section titles ("|   Segments   |"), each table under a "====="
 * rule: segments as "NAME CLASS GROUP SSSS:OOOO SIZE", symbols as
 * "SSSS:OOOO[*+] NAME" between "Module: ..." lines. */
static int parse_wlink(struct lines *l, struct symtab *t, char *err, size_t errn)
{
    enum { NONE, SEGMENTS, SYMBOLS } section = NONE;
    int in_table = 0;
    while (next_line(l)) {
        const char *s = l->text;
        const char *bar = strchr(s, '|');
        if (bar && strchr(bar + 1, '|')) {
            section = strstr(s, "|   Segments   |") ? SEGMENTS : strstr(s, "|   Memory Map   |") ? SYMBOLS : NONE;
            in_table = 0;
            continue;
        }
        if (strncmp(s, "=====", 5) == 0) {
            in_table = 1;
            continue;
        }
        if (strncmp(s + strspn(s, " "), "+--", 3) == 0) {
            in_table = 0;       /* the top of the next section's box */
            continue;
        }
        if (!in_table || section == NONE || blank(s) || strncmp(s, "Module: ", 8) == 0)
            continue;
        if (section == SEGMENTS) {
            char name[64], cls[32], group[32];
            unsigned seg, off, size;
            if (sscanf(s, "%63s %31s %31s %x:%x %x", name, cls, group, &seg, &off, &size) != 6)
                FAIL(l, "a segment line should read 'NAME CLASS GROUP SSSS:OOOO SIZE': '%.60s'", s);
            if (size && add_segment(t, name, cls, seg * 16u + off, seg * 16u + off + size - 1) != 0)
                FAIL(l, "out of memory");
        } else {
            unsigned seg, off;
            int used = 0;
            char name[128];
            if (sscanf(s, "%x:%x%n", &seg, &off, &used) != 2)
                FAIL(l, "a symbol line should read 'SSSS:OOOO  NAME': '%.60s'", s);
            const char *rest = s + used;
            rest += strspn(rest, "*+ \t");   /* unreferenced, referenced only locally */
            if (sscanf(rest, "%127s", name) != 1)
                FAIL(l, "a symbol without a name");
            if (add_symbol(t, name, seg * 16u + off) != 0)
                FAIL(l, "out of memory");
        }
    }
    if (t->nseg == 0) {
        snprintf(err, errn, "no '|   Segments   |' table in the WLINK map");
        return -1;
    }
    return 0;
}

/* ---- NASM [map all] ------------------------------------------------------------ */

static int parse_nasm(struct lines *l, struct symtab *t, char *err, size_t errn)
{
    enum { NONE, ORIGIN, SECTIONS, SYMBOLS } state = NONE;
    unsigned long origin = 0;
    int in_symbols = 0;
    while (next_line(l)) {
        const char *s = l->text;
        if (strncmp(s, "-- Program origin", 17) == 0) { state = ORIGIN; continue; }
        if (strncmp(s, "-- Sections (summary)", 21) == 0) { state = NONE; continue; }
        if (strncmp(s, "-- Symbols", 10) == 0) { in_symbols = 1; state = NONE; continue; }
        if (strncmp(s, "--", 2) == 0) { if (!in_symbols) state = NONE; continue; }
        if (strncmp(s, "Vstart", 6) == 0) { state = SECTIONS; continue; }
        if (in_symbols && strncmp(s, "Real", 4) == 0) { state = SYMBOLS; continue; }
        if (blank(s)) {
            if (state == SECTIONS)
                state = NONE;
            continue;
        }
        switch (state) {
        case ORIGIN:
            if (sscanf(s, "%lx", &origin) != 1)
                FAIL(l, "the program origin should be a hex number: '%.60s'", s);
            state = NONE;
            break;
        case SECTIONS: {
            unsigned long vstart, start, stop, length;
            char cls[32], name[64];
            if (sscanf(s, " %lx %lx %lx %lx %31s %63s", &vstart, &start, &stop, &length, cls, name) != 6)
                FAIL(l, "a section line should read 'VSTART START STOP LENGTH CLASS NAME': '%.60s'", s);
            if (start < origin)
                FAIL(l, "section %s starts at %lXh, below the origin %lXh", name, start, origin);
            if (add_segment(t, name, cls, (uint32_t)(start - origin),
                            (uint32_t)(stop > start ? stop - origin - 1 : start - origin)) != 0)
                FAIL(l, "out of memory");
            break;
        }
        case SYMBOLS: {
            unsigned long real, virt;
            char name[128];
            if (sscanf(s, " %lx %lx %127s", &real, &virt, name) != 3)
                FAIL(l, "a symbol line should read 'REAL VIRTUAL NAME': '%.60s'", s);
            /* NASM's local labels (parent.local) are not functions. */
            if (strchr(name + 1, '.') || real < origin)
                break;
            if (add_symbol(t, name, (uint32_t)(real - origin)) != 0)
                FAIL(l, "out of memory");
            break;
        }
        default:
            break;
        }
    }
    if (t->nseg == 0) {
        snprintf(err, errn, "no sections in the NASM map");
        return -1;
    }
    return 0;
}

/* ---- dev86 ld86 -M -------------------------------------------------------------- */

/* One symbol line of an ld86 map: 0 for a blank or closing line, 1 for a
 * symbol, -1 for anything else. */
struct ld86_sym {
    char module[64], name[128], flags[16];
    unsigned seg;
    unsigned long value;
};

static int ld86_line(const char *s, struct ld86_sym *y)
{
    if (blank(s) || strncmp(s, "Total memory used", 17) == 0)
        return 0;
    y->flags[0] = 0;
    return sscanf(s, " %63s %127s %x %lx %15s", y->module, y->name, &y->seg, &y->value, y->flags) < 4 ? -1 : 1;
}

/* Whether a symbol line's value is an address: not an absolute (flag 'a')
 * and not dev86 libc's __segoff (a paragraph count, below). */
static int ld86_is_address(const struct ld86_sym *y)
{
    return !strchr(y->flags, 'a') && strcmp(y->name, "__segoff") != 0;
}

/* "   MODULE   SYMBOL  SEG  VALUE  FLAGS" per symbol, then "Total memory
 * used".  Values are the addresses ld86 linked at.  Two passes: the first
 * finds the text (segment 0) and data ranges, the second adds symbols as
 * program offsets.
 * - Absolute symbols (flag 'a': constants such as a structure offset) are
 *   not addresses and are left out.
 * - A .COM linked with -T100 (bcc -Md) has its text at 100h and up: that
 *   origin is taken off, so offsets count from the image's first byte as
 *   for every other map.  With all text at 100h or above the origin is
 *   100h, else 0 (ld86 -0 -d links at 0).
 * - dev86's DOS C library exports __segoff, flagged R in segment 0 like
 *   code, but it is the data segment's distance from CS in paragraphs
 *   (its start-up code does mov dx,cs / add dx,__segoff / mov ds,dx): not
 *   an address.  Taken for one, it sat below 100h and made the origin 0,
 *   which put every bcc -Md symbol 100h bytes early.  It is left out.
 * - Data symbols (segments 1-15) share the text's address space only when
 *   they lie above it (ld86 -d without separate I&D); bcc -Md gives data a
 *   segment of its own, whose offsets overlap the text's, and those are
 *   left out (a profile's addresses are code). */
static int parse_ld86(struct lines *l, struct symtab *t, char *err, size_t errn)
{
    struct lines first = *l;
    struct ld86_sym y;
    unsigned long text_lo = ULONG_MAX, text_hi = 0, data_lo = ULONG_MAX;
    int rc;
    while (next_line(l)) {
        if ((rc = ld86_line(l->text, &y)) < 0)
            FAIL(l, "a symbol line should read 'MODULE SYMBOL SEG VALUE FLAGS': '%.60s'", l->text);
        if (rc == 0 || !ld86_is_address(&y))
            continue;
        if (y.seg == 0) {
            if (y.value < text_lo) text_lo = y.value;
            if (y.value > text_hi) text_hi = y.value;
        } else if (y.value < data_lo) {
            data_lo = y.value;
        }
    }
    unsigned long origin = text_lo != ULONG_MAX && text_lo >= 0x100 ? 0x100 : 0;
    int data_too = text_lo == ULONG_MAX || data_lo == ULONG_MAX || data_lo > text_hi;
    uint32_t lo = UINT32_MAX, hi = 0;
    *l = first;
    while (next_line(l)) {
        if (ld86_line(l->text, &y) <= 0 || !ld86_is_address(&y) || (y.seg != 0 && !data_too) || y.value < origin)
            continue;
        uint32_t at = (uint32_t)(y.value - origin);
        if (add_symbol(t, y.name, at) != 0)
            FAIL(l, "out of memory");
        if (at < lo) lo = at;
        if (at > hi) hi = at;
    }
    if (t->nsym == 0) {
        snprintf(err, errn, "no symbols in the ld86 map");
        return -1;
    }
    return add_segment(t, "(ld86 image)", "", lo, hi) == 0 ? 0 : (snprintf(err, errn, "out of memory"), -1);
}

/* ---- interface ----------------------------------------------------------------- */

/* The needle is in text: memchr() to each place its first byte is, so a
 * big map is scanned at memchr's speed, not a memcmp() per byte. */
static int contains(const char *text, size_t len, const char *needle)
{
    size_t n = strlen(needle);
    const char *p = text, *end = text + len;
    while (n && (size_t)(end - p) >= n && (p = memchr(p, needle[0], (size_t)(end - p) - n + 1)) != NULL) {
        if (memcmp(p, needle, n) == 0)
            return 1;
        p++;
    }
    return 0;
}

static int by_addr(const void *a, const void *b)
{
    const struct symbol *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr ? 1 : strcmp(x->name, y->name);
}

static int line_by_addr(const void *a, const void *b)
{
    const struct sym_line *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr ? 1 : strcmp(x->label, y->label);
}

static int by_addr_ref(const void *a, const void *b)
{
    return by_addr(*(const struct symbol *const *)a, *(const struct symbol *const *)b);
}

/* The symbols in address order, each (address, name) once.  Sorting
 * pointers moves 8 bytes where the symbols are 68; the copies of a symbol
 * (LINK lists each by name and by value) end up side by side. */
static void sort_symbols(struct symtab *t)
{
    size_t k = 0, sorted = 1;
    while (sorted < t->nsym && by_addr(&t->sym[sorted - 1], &t->sym[sorted]) <= 0)
        sorted++;               /* a list by value is in order already */
    const struct symbol **ref = NULL;
    struct symbol *out = NULL;
    if (sorted < t->nsym && (!(ref = malloc(t->nsym * sizeof *ref)) || !(out = malloc(t->nsym * sizeof *out)))) {
        free(ref);
        free(out);
        qsort(t->sym, t->nsym, sizeof *t->sym, by_addr);    /* the slow way */
        sorted = t->nsym;
    }
    if (sorted == t->nsym) {
        for (size_t i = 0; i < t->nsym; i++)
            if (k == 0 || by_addr(&t->sym[i], &t->sym[k - 1]) != 0)
                t->sym[k++] = t->sym[i];
            else if (!t->sym[k - 1].end)        /* a copy: the end either knows */
                t->sym[k - 1].end = t->sym[i].end;
        t->nsym = k;
        return;
    }
    for (size_t i = 0; i < t->nsym; i++)
        ref[i] = &t->sym[i];
    qsort(ref, t->nsym, sizeof *ref, by_addr_ref);
    for (size_t i = 0; i < t->nsym; i++)
        if (k == 0 || by_addr(ref[i], &out[k - 1]) != 0)
            out[k++] = *ref[i];
        else if (!out[k - 1].end)
            out[k - 1].end = ref[i]->end;
    free(ref);
    free(t->sym);
    t->sym = out;
    t->nsym = k;
    t->sym_cap = 0;             /* out's size is not a grown one */
}

int symtab_parse(const char *text, size_t len, struct symtab *t, char *err, size_t errn)
{
    struct lines l = { text, text + len, 0, "" };
    int rc;
    memset(t, 0, sizeof *t);
    if (contains(text, len, "- NASM Map file")) {
        t->format = MAP_NASM;
        rc = parse_nasm(&l, t, err, errn);
    } else if (contains(text, len, "|   Segments   |") || contains(text, len, "|   Memory Map   |")) {
        t->format = MAP_WLINK;
        rc = parse_wlink(&l, t, err, errn);
    } else if (contains(text, len, " Start  Stop")) {
        int heap = 0;
        rc = parse_mslink(&l, t, contains(text, len, "Publics by Value"), &heap, err, errn);
        t->format = contains(text, len, "Detailed map of segments") ? MAP_TLINK
                  : heap ? MAP_TPASCAL : MAP_MSLINK;
    } else if (contains(text, len, "Total memory used")) {
        t->format = MAP_LD86;
        rc = parse_ld86(&l, t, err, errn);
    } else if (nasmlst_looks_like(text, len)) {
        struct nasm_listing lst;
        t->format = MAP_NASMLST;
        rc = nasmlst_parse(text, len, &lst, err, errn) == 0 ? nasmlst_to_symtab(&lst, t, err, errn) : -1;
    } else {
        snprintf(err, errn, "not a linker map this version reads (Microsoft LINK, TLINK, Turbo Pascal, WLINK, NASM [map all], ld86 -M, a NASM listing)");
        rc = -1;
    }
    return symtab_finish(t, rc, NULL, err, errn);
}

int symtab_finish(struct symtab *t, int rc, const char *what, char *err, size_t errn)
{
    if (rc == 0 && what && t->nsym == 0 && t->nline == 0) {
        snprintf(err, errn, "%s: no code symbols or line numbers", what);
        rc = -1;
    }
    if (rc == 0 && name_sources(t) != 0) {
        snprintf(err, errn, "%s%sout of memory", what ? what : "", what ? ": " : "");
        rc = -1;
    }
    if (rc != 0) {
        symtab_free(t);
        return -1;
    }
    symtab_sort(t);
    return 0;
}

int symtab_debug_error(char *err, size_t errn, const char *what, const char *fmt, ...)
{
    int k = snprintf(err, errn, "%s: ", what);
    if (k >= 0 && (size_t)k < errn) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err + k, errn - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

void symtab_sort(struct symtab *t)
{
    if (t->nsym)
        sort_symbols(t);
    if (t->nline)
        qsort(t->line, t->nline, sizeof *t->line, line_by_addr);
}

int symtab_add_segment(struct symtab *t, const char *name, const char *cls, uint32_t start, uint32_t stop)
{
    return add_segment(t, name, cls, start, stop);
}

int symtab_add_symbol(struct symtab *t, const char *name, size_t len, uint32_t addr)
{
    return add_symbol_n(t, name, len, addr);
}

int symtab_add_proc(struct symtab *t, const char *name, size_t len, uint32_t addr, uint32_t end)
{
    if (add_symbol_n(t, name, len, addr) != 0)
        return -1;
    t->sym[t->nsym - 1].end = end > addr ? end : 0;
    return 0;
}

size_t symtab_fold_labels(struct symtab *t)
{
    size_t k = 0;
    uint32_t start = 0, end = 0;        /* the last procedure kept whose end is known (end 0: none) */
    for (size_t i = 0; i < t->nsym; i++) {
        const struct symbol s = t->sym[i];
        if (end && s.addr > start && s.addr < end)
            continue;                   /* a label inside it */
        t->sym[k++] = s;
        if (s.end > s.addr) {
            start = s.addr;
            end = s.end;
        }
    }
    size_t dropped = t->nsym - k;
    t->nsym = k;
    return dropped;
}

int symtab_name_bare_segments(struct symtab *t)
{
    size_t nseg = t->nseg, added = 0;
    struct symtab more = { 0 };
    for (size_t k = 0; k < nseg; k++) {
        const struct sym_segment *s = &t->seg[k];
        size_t i = symtab_below(t, s->stop);        /* a symbol in [start, stop]? */
        char cls[sizeof s->cls];
        size_t c = 0;
        for (; s->cls[c] && c < sizeof cls - 1; c++)
            cls[c] = (char)toupper((unsigned char)s->cls[c]);
        cls[c] = 0;
        if (!strstr(cls, "CODE") || s->stop < s->start ||
            (i > 0 && t->sym[i - 1].addr >= s->start))
            continue;               /* not code (MS C's HDR, MSG, PAD: class MSG), or named already */
        char name[48];
        snprintf(name, sizeof name, "[%.40s]", s->name);
        if (symtab_add_proc(&more, name, strlen(name), s->start, s->stop + 1) != 0) {
            symtab_free(&more);
            return -1;
        }
        more.sym[more.nsym - 1].group = 1;
        added++;
    }
    for (size_t i = 0; i < more.nsym; i++)
        if (grow_array(&t->sym, &t->sym_cap, t->nsym + 1, sizeof *t->sym) != 0) {
            symtab_free(&more);
            return -1;
        } else
            t->sym[t->nsym++] = more.sym[i];
    symtab_free(&more);
    if (added)
        symtab_sort(t);
    return (int)added;
}

int symtab_add_line(struct symtab *t, size_t src, unsigned line, uint32_t addr)
{
    return add_line(t, src, line, addr);
}

int symtab_exe_debug(const uint8_t *file, size_t n)
{
    char sig[5];
    if (n < 2 || !(memcmp(file, "MZ", 2) == 0 || memcmp(file, "ZM", 2) == 0))
        return -1;
    if (tdinfo_present(file, n, NULL))
        return MAP_TDINFO;
    if (watcom_present(file, n, NULL))
        return MAP_WATCOM;
    return codeview_present(file, n, sig) ? MAP_CODEVIEW : -1;
}

int symtab_file_debug(const char *path)
{
    uint8_t *buf;
    size_t n;
    char err[300];
    if (read_file(path, &buf, &n, err, sizeof err) != 0)
        return -1;
    int f = symtab_exe_debug(buf, n);
    free(buf);
    return f;
}

int symtab_read_file(const char *path, struct symtab *t, char *err, size_t errn)
{
    uint8_t *text;
    size_t n;
    char why[400];
    if (read_file(path, &text, &n, err, errn) != 0)
        return -1;
    int exe = n >= 2 && (memcmp(text, "MZ", 2) == 0 || memcmp(text, "ZM", 2) == 0), rc;
    if (!exe)
        rc = symtab_parse((const char *)text, n, t, why, sizeof why);
    else if (symtab_exe_debug(text, n) == MAP_TDINFO)
        rc = tdinfo_parse(text, n, t, why, sizeof why);
    else if (symtab_exe_debug(text, n) == MAP_WATCOM)
        rc = watcom_parse(text, n, t, why, sizeof why);
    else if (symtab_exe_debug(text, n) == MAP_CODEVIEW)
        rc = codeview_parse(text, n, t, why, sizeof why);
    else {
        snprintf(why, sizeof why, "no debug information: neither Turbo Debugger's (TLINK /v, TPC /V, BCC -v), "
                 "Watcom's (wlink debug watcom all) nor CodeView (CL /Zi, LINK /CO); or give the map");
        rc = -1;
    }
    if (rc != 0)
        snprintf(err, errn, "%s: %s", path, why);
    free(text);
    return rc;
}

void symtab_free(struct symtab *t)
{
    free(t->seg);
    free(t->sym);
    free(t->line);
    free(t->src);
    memset(t, 0, sizeof *t);
}

const char *map_format_name(enum map_format f)
{
    static const char *const names[] = { "Microsoft LINK", "TLINK", "Turbo Pascal", "WLINK", "NASM", "ld86", "CodeView",
                                         "NASM listing", "Turbo Debugger", "Watcom" };
    return (unsigned)f < sizeof names / sizeof *names ? names[f] : "?";
}

uint32_t symtab_symbol_end(const struct symtab *t, size_t i, uint32_t limit)
{
    uint32_t end = i + 1 < t->nsym ? t->sym[i + 1].addr : limit;
    if (t->sym[i].end > t->sym[i].addr && t->sym[i].end < end)
        end = t->sym[i].end;
    for (size_t k = 0; k < t->nseg; k++) {
        const struct sym_segment *s = &t->seg[k];
        if (t->sym[i].addr >= s->start && t->sym[i].addr <= s->stop && s->stop + 1 < end)
            end = s->stop + 1;
    }
    return end < limit ? end : limit;
}

static int data_segment(const struct sym_segment *s)
{
    static const char *const classes[] = { "DATA", "BSS", "STACK", "CONST" };
    char cls[sizeof s->cls];
    size_t n = 0;
    for (; s->cls[n] && n < sizeof cls - 1; n++)
        cls[n] = (char)toupper((unsigned char)s->cls[n]);
    cls[n] = 0;
    for (size_t i = 0; i < sizeof classes / sizeof *classes; i++)
        if (strstr(cls, classes[i]))
            return 1;
    return strcasecmp(s->name, ".data") == 0 || strcasecmp(s->name, ".bss") == 0;
}

int symtab_is_data(const struct symtab *t, uint32_t addr)
{
    for (size_t k = 0; k < t->nseg; k++)
        if (addr >= t->seg[k].start && addr <= t->seg[k].stop)
            return data_segment(&t->seg[k]);
    return 0;
}

size_t symtab_below(const struct symtab *t, uint32_t addr)
{
    size_t lo = 0, hi = t->nsym;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (t->sym[mid].addr <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

uint32_t symtab_line_end(const struct symtab *t, size_t i, uint32_t limit)
{
    uint32_t a = t->line[i].addr, end = limit;
    for (size_t k = i + 1; k < t->nline; k++)
        if (t->line[k].addr > a) {
            end = t->line[k].addr;
            break;
        }
    /* The symbol it is in: the last one at or below it. */
    size_t lo = symtab_below(t, a);
    if (lo > 0) {
        uint32_t e = symtab_symbol_end(t, lo - 1, limit);
        if (e > a && e < end)
            end = e;
    }
    for (size_t k = 0; k < t->nseg; k++)
        if (a >= t->seg[k].start && a <= t->seg[k].stop && t->seg[k].stop + 1 < end)
            end = t->seg[k].stop + 1;
    return end < limit ? end : limit;
}

/* Adds to t (sorted) cv's symbols at addresses t has none at, and its
 * lines when t has none; then sorts t.  A sorted table's arrays may be
 * exactly full (symtab_sort: add nothing after), so the symbols and lines
 * are copied into arrays grown the usual way first. */
static int merge_debug(struct symtab *t, const struct symtab *cv)
{
    struct symtab m = { 0 };
    int rc = 0;
    for (size_t i = 0; rc == 0 && i < t->nsym; i++) {
        size_t at = symtab_below(cv, t->sym[i].addr);      /* the debug information's end for it */
        uint32_t end = t->sym[i].end;
        if (!end && at > 0 && cv->sym[at - 1].addr == t->sym[i].addr)
            end = cv->sym[at - 1].end;
        if ((rc = symtab_add_proc(&m, t->sym[i].name, strlen(t->sym[i].name), t->sym[i].addr, end)) == 0)
            m.sym[m.nsym - 1].group = t->sym[i].group;
    }
    for (size_t i = 0; rc == 0 && i < cv->nsym; i++) {
        size_t lo = symtab_below(t, cv->sym[i].addr);      /* t's symbols, sorted: is one at this address? */
        if (lo == 0 || t->sym[lo - 1].addr != cv->sym[i].addr)
            if ((rc = symtab_add_proc(&m, cv->sym[i].name, strlen(cv->sym[i].name), cv->sym[i].addr,
                                      cv->sym[i].end)) == 0)
                m.sym[m.nsym - 1].group = cv->sym[i].group;
    }
    const struct symtab *lines = t->nline ? t : cv;
    for (size_t i = 0; rc == 0 && i < lines->nline; i++) {
        if ((rc = grow_array(&m.line, &m.line_cap, m.nline + 1, sizeof *m.line)) == 0)
            m.line[m.nline++] = lines->line[i];     /* as it is ("HELLO.C:12", its file's number) */
    }
    free(t->sym);
    free(t->line);
    t->sym = m.sym;
    t->nsym = m.nsym;
    t->sym_cap = m.sym_cap;
    t->line = m.line;
    t->nline = m.nline;
    t->line_cap = m.line_cap;
    if (rc == 0)
        symtab_sort(t);
    return rc;
}

/* "CodeView", "Turbo Debugger information": what a program's own carries. */
static const char *debug_name(int format)
{
    return format == MAP_TDINFO   ? "Turbo Debugger information"
           : format == MAP_WATCOM ? "Watcom debugging information"
                                  : map_format_name((enum map_format)format);
}

int symtab_load(const char *map, const char *program, struct symtab *t, char *sources, size_t n, char *err,
                size_t errn)
{
    struct symtab cv;
    int have_map = 0, have_cv = 0, debug = -1;
    memset(t, 0, sizeof *t);
    sources[0] = 0;
    if (map && map[0]) {
        if (symtab_read_file(map, t, err, errn) != 0)
            return -1;
        have_map = 1;
        snprintf(sources, n, "%s (%s)", map, map_format_name(t->format));
    }
    if (program && program[0] && (!have_map || (t->format != MAP_CODEVIEW && t->format != MAP_TDINFO && t->format != MAP_WATCOM)) &&
        (debug = symtab_file_debug(program)) >= 0) {
        if (symtab_read_file(program, &cv, err, errn) != 0) {
            if (have_map)
                symtab_free(t);
            return -1;
        }
        have_cv = 1;
    }
    if (have_map && have_cv) {
        if (!t->nline) {            /* the lines are the debug information's, so are their files */
            struct sym_source *src = t->src;
            size_t cap = t->src_cap;
            t->src = cv.src, t->nsrc = cv.nsrc, t->src_cap = cv.src_cap;
            cv.src = src, cv.nsrc = 0, cv.src_cap = cap;
        } else                      /* the map's files named without a folder: the debug information's path */
            for (size_t i = 0; i < t->nsrc; i++)
                if (!strpbrk(t->src[i].path, "\\/:")) {
                    const char *path = symtab_source_path(&cv, t->src[i].name);
                    if (path)
                        snprintf(t->src[i].path, sizeof t->src[i].path, "%s", path);
                }
        int rc = merge_debug(t, &cv);
        symtab_free(&cv);
        if (rc != 0) {
            symtab_free(t);
            snprintf(err, errn, "out of memory");
            return -1;
        }
        size_t len = strlen(sources);
        snprintf(sources + len, n - len, " + %s's %s", program, debug_name(debug));
    } else if (have_cv) {
        *t = cv;
        snprintf(sources, n, "%s's %s", program, debug_name(debug));
    }
    return have_map || have_cv ? 0 : 1;
}
