/*
 * formats/symtab.c: linker map parsing (see symtab.h).
 */
#include "symtab.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"

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
    size_t keep = n < sizeof l->text - 1 ? n : sizeof l->text - 1;
    memcpy(l->text, l->p, keep);
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
    struct sym_segment *s = realloc(t->seg, (t->nseg + 1) * sizeof *s);
    if (!s)
        return -1;
    t->seg = s;
    s = &t->seg[t->nseg++];
    snprintf(s->name, sizeof s->name, "%s", name);
    snprintf(s->cls, sizeof s->cls, "%s", cls);
    s->start = start;
    s->stop = stop;
    return 0;
}

static int add_symbol(struct symtab *t, const char *name, uint32_t addr)
{
    for (size_t i = 0; i < t->nsym; i++)
        if (t->sym[i].addr == addr && strcmp(t->sym[i].name, name) == 0)
            return 0;       /* listed by name and by value */
    struct symbol *s = realloc(t->sym, (t->nsym + 1) * sizeof *s);
    if (!s)
        return -1;
    t->sym = s;
    s = &t->sym[t->nsym++];
    snprintf(s->name, sizeof s->name, "%s", name);
    s->addr = addr;
    return 0;
}

#define FAIL(l, ...) do { \
        int k_ = snprintf(err, errn, "line %d: ", (l)->number); \
        if (k_ > 0 && (size_t)k_ < errn) snprintf(err + k_, errn - (size_t)k_, __VA_ARGS__); \
        return -1; } while (0)

/* ---- Microsoft LINK ----------------------------------------------------------- */

static int parse_mslink(struct lines *l, struct symtab *t, char *err, size_t errn)
{
    enum { NONE, SEGMENTS, PUBLICS } state = NONE;
    while (next_line(l)) {
        const char *s = l->text;
        if (strncmp(s, " Start  Stop", 12) == 0) {
            state = SEGMENTS;
            continue;
        }
        if (strstr(s, "Publics by Name") || strstr(s, "Publics by Value")) {
            state = PUBLICS;
            continue;
        }
        if (blank(s)) {
            if (state == SEGMENTS && t->nseg)
                state = NONE;
            continue;
        }
        if (strncmp(s, "Program entry point", 19) == 0 || strncmp(s, " Origin", 7) == 0 ||
            strncmp(s, "Line numbers", 12) == 0) {
            state = NONE;
            continue;
        }
        if (state == SEGMENTS) {
            unsigned start, stop, length;
            char name[64], cls[32] = "";
            if (sscanf(s, " %xH %xH %xH %63s %31s", &start, &stop, &length, name, cls) < 4)
                FAIL(l, "a segment line should read ' 00000H 0001FH 00020H NAME CLASS': '%.60s'", s);
            if (add_segment(t, name, cls, start, stop) != 0)
                FAIL(l, "out of memory");
        } else if (state == PUBLICS) {
            unsigned seg, off;
            int used = 0;
            char name[128];
            if (sscanf(s, " %x:%x%n", &seg, &off, &used) != 2)
                FAIL(l, "a public symbol line should read ' SSSS:OOOO  NAME': '%.60s'", s);
            const char *rest = s + used;
            rest += strspn(rest, " \t");
            if (strncmp(rest, "Abs ", 4) == 0 || strncmp(rest, "Imp ", 4) == 0 || strncmp(rest, "Res ", 4) == 0)
                continue;       /* absolute and imported symbols have no code address here */
            if (strncmp(rest, "Idle ", 5) == 0)
                rest += 5 + strspn(rest + 5, " \t");   /* Borland: an unreferenced public */
            if (sscanf(rest, "%127s", name) != 1)
                FAIL(l, "a public symbol without a name");
            if (add_symbol(t, name, seg * 16u + off) != 0)
                FAIL(l, "out of memory");
        }
    }
    if (t->nseg == 0) {
        snprintf(err, errn, "no segment table (' Start  Stop ...') found");
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

/* "   MODULE   SYMBOL  SEG  VALUE  FLAGS" per symbol, then "Total memory
 * used".  Values are the addresses ld86 linked at (a .COM linked with -T
 * has that base in them). */
static int parse_ld86(struct lines *l, struct symtab *t, char *err, size_t errn)
{
    uint32_t lo = UINT32_MAX, hi = 0;
    while (next_line(l)) {
        const char *s = l->text;
        if (blank(s) || strncmp(s, "Total memory used", 17) == 0)
            continue;
        char module[64], name[128], flags[16] = "";
        unsigned seg;
        unsigned long value;
        if (sscanf(s, " %63s %127s %x %lx %15s", module, name, &seg, &value, flags) < 4)
            FAIL(l, "a symbol line should read 'MODULE SYMBOL SEG VALUE FLAGS': '%.60s'", s);
        if (add_symbol(t, name, (uint32_t)value) != 0)
            FAIL(l, "out of memory");
        if (value < lo) lo = (uint32_t)value;
        if (value > hi) hi = (uint32_t)value;
    }
    if (t->nsym == 0) {
        snprintf(err, errn, "no symbols in the ld86 map");
        return -1;
    }
    return add_segment(t, "(ld86 image)", "", lo, hi) == 0 ? 0 : (snprintf(err, errn, "out of memory"), -1);
}

/* ---- interface ----------------------------------------------------------------- */

static int contains(const char *text, size_t len, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= len; i++)
        if (memcmp(text + i, needle, n) == 0)
            return 1;
    return 0;
}

static int by_addr(const void *a, const void *b)
{
    const struct symbol *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr ? 1 : strcmp(x->name, y->name);
}

int symtab_parse(const char *text, size_t len, struct symtab *t, char *err, size_t errn)
{
    struct lines l = { text, text + len, 0, "" };
    int rc;
    memset(t, 0, sizeof *t);
    if (contains(text, len, "- NASM Map file")) {
        t->format = MAP_NASM;
        rc = parse_nasm(&l, t, err, errn);
    } else if (contains(text, len, " Start  Stop")) {
        t->format = MAP_MSLINK;
        rc = parse_mslink(&l, t, err, errn);
    } else if (contains(text, len, "Total memory used")) {
        t->format = MAP_LD86;
        rc = parse_ld86(&l, t, err, errn);
    } else {
        snprintf(err, errn, "not a linker map this version reads (Microsoft LINK, NASM [map all], ld86 -M)");
        rc = -1;
    }
    if (rc != 0) {
        symtab_free(t);
        return -1;
    }
    if (t->nsym)
        qsort(t->sym, t->nsym, sizeof *t->sym, by_addr);
    return 0;
}

int symtab_read_file(const char *path, struct symtab *t, char *err, size_t errn)
{
    uint8_t *text;
    size_t n;
    char why[400];
    if (read_file(path, &text, &n, err, errn) != 0)
        return -1;
    int rc = symtab_parse((const char *)text, n, t, why, sizeof why);
    if (rc != 0)
        snprintf(err, errn, "%s: %s", path, why);
    free(text);
    return rc;
}

void symtab_free(struct symtab *t)
{
    free(t->seg);
    free(t->sym);
    memset(t, 0, sizeof *t);
}

const char *map_format_name(enum map_format f)
{
    return f == MAP_NASM ? "NASM" : f == MAP_LD86 ? "ld86" : "Microsoft LINK";
}

uint32_t symtab_symbol_end(const struct symtab *t, size_t i, uint32_t limit)
{
    uint32_t end = i + 1 < t->nsym ? t->sym[i + 1].addr : limit;
    for (size_t k = 0; k < t->nseg; k++) {
        const struct sym_segment *s = &t->seg[k];
        if (t->sym[i].addr >= s->start && t->sym[i].addr <= s->stop && s->stop + 1 < end)
            end = s->stop + 1;
    }
    return end < limit ? end : limit;
}
