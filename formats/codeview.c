/*
 * formats/codeview.c: CodeView debug information of an .EXE (see
 * codeview.h and docs/codeview.md).  Every address becomes a byte offset
 * from the start of the load module, as a map's SSSS:OOOO does (SSSS a
 * paragraph frame relative to it: 16 * SSSS + OOOO).
 */
#include "codeview.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "span.h"
#include "../util/grow.h"
#include "symtab.h"

/* A name with an 8-bit length at off: its bytes and length, off moved past. */
static int name_at(struct span s, size_t *off, const char **name, size_t *len)
{
    unsigned n;
    if (span_u8(s, *off, &n) != 0 || n > s.n - *off - 1)
        return -1;
    *name = (const char *)s.p + *off + 1;
    *len = n;
    *off += 1 + n;
    return 0;
}

/* ---- the table being built ------------------------------------------------- */

/* One module's code: where its line numbers and procedures are. */
struct module {
    uint32_t code;              /* 16 * frame of its first code segment; UINT32_MAX: none yet */
    unsigned frame;             /* its first code segment's frame (or index in CV4) */
};

/* Where some module's code lies: [start, stop]. */
struct code_range {
    uint32_t start, stop;
};

struct reader {
    struct span all, base;      /* the file; the debug information from its base */
    int cv4;                    /* NB05 and later */
    struct module *mod;         /* by module index, 1-based; [0] unused */
    size_t nmod, cap_mod;
    struct span segmap;         /* CV4 sstSegMap, or empty */
    struct symtab *t;
    struct symtab procs;        /* procedures (only .sym), added after the publics */
    struct code_range *code;    /* the modules' code, sorted and merged: in_code() */
    size_t ncode;
    size_t budget;              /* entries left: no more than the information has bytes */
    uint64_t scanned;           /* bytes of subsections read: at most twice the information */
    char *err;
    size_t errn;
};

#define CORRUPT(r, ...) do { snprintf((r)->err, (r)->errn, __VA_ARGS__); return -1; } while (0)

/* One more entry (segment, symbol, line): subsections that overlap or
 * tables that share their bytes could otherwise make a small file give
 * more entries than memory holds. */
static int spend(struct reader *r)
{
    if (r->budget == 0)
        CORRUPT(r, "CodeView: more entries than its %zu bytes can hold (its tables overlap)", r->base.n);
    r->budget--;
    return 0;
}

/* A CV4 logical segment's frame from sstSegMap (the number itself when
 * there is no map, as in NB00 and NB02, where it is the frame already). */
static int frame_of(const struct reader *r, unsigned seg, unsigned *frame)
{
    unsigned count;
    if (!r->cv4 || r->segmap.n == 0) {
        *frame = seg;
        return 0;
    }
    if (seg == 0 || span_u16(r->segmap, 0, &count) != 0 || seg > count)
        return -1;
    return span_u16(r->segmap, 4 + 20 * (size_t)(seg - 1) + 6, frame);
}

static int linear(const struct reader *r, unsigned seg, uint32_t off, uint32_t *addr)
{
    unsigned frame;
    if (frame_of(r, seg, &frame) != 0)
        return -1;
    *addr = frame * 16u + off;
    return *addr >= off ? 0 : -1;
}

static int by_start(const void *a, const void *b)
{
    const struct code_range *x = a, *y = b;
    return x->start < y->start ? -1 : x->start > y->start;
}

/* The modules' code (every segment, once the modules are read) as
 * sorted ranges that do not overlap, for in_code(). */
static int code_ranges(struct reader *r)
{
    const struct symtab *t = r->t;
    if (!(r->code = malloc((t->nseg ? t->nseg : 1) * sizeof *r->code)))
        CORRUPT(r, "out of memory");
    for (size_t k = 0; k < t->nseg; k++)
        r->code[k] = (struct code_range){ t->seg[k].start, t->seg[k].stop };
    qsort(r->code, t->nseg, sizeof *r->code, by_start);
    r->ncode = 0;
    for (size_t k = 0; k < t->nseg; k++) {
        struct code_range *last = r->ncode ? &r->code[r->ncode - 1] : NULL;
        if (last && r->code[k].start <= last->stop)
            last->stop = r->code[k].stop > last->stop ? r->code[k].stop : last->stop;
        else
            r->code[r->ncode++] = r->code[k];
    }
    return 0;
}

/* A public at addr is kept when it is in some module's code. */
static int in_code(const struct reader *r, uint32_t addr)
{
    size_t lo = 0, hi = r->ncode;   /* the first range starting past addr */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->code[mid].start <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && addr <= r->code[lo - 1].stop;
}

/* A public with a name, when it lies in some module's code. */
static int add_public(struct reader *r, const char *name, size_t len, uint32_t addr)
{
    if (len == 0 || !in_code(r, addr))
        return 0;
    if (spend(r) != 0)
        return -1;
    if (symtab_add_symbol(r->t, name, len, addr) != 0)
        CORRUPT(r, "out of memory");
    return 0;
}

static int add_line(struct reader *r, size_t src, unsigned line, uint32_t addr)
{
    if (spend(r) != 0)
        return -1;
    if (symtab_add_line(r->t, src, line, addr) != 0)
        CORRUPT(r, "out of memory");
    return 0;
}

/* A procedure record: its name, address and length in bytes (its end). */
static int add_proc(struct reader *r, const char *name, size_t len, uint32_t addr, unsigned length)
{
    if (spend(r) != 0)
        return -1;
    if (symtab_add_proc(&r->procs, name, len, addr, addr + length) != 0)
        CORRUPT(r, "out of memory");
    return 0;
}

/* ---- subsections ----------------------------------------------------------- */

static int module_slot(struct reader *r, unsigned imod, struct module **m)
{
    if (imod == 0 || imod > 0xFFFE)
        CORRUPT(r, "CodeView: module index %u", imod);
    if (imod >= r->nmod) {
        size_t n = imod + 1u;
        if (grow_array(&r->mod, &r->cap_mod, n, sizeof *r->mod) != 0)
            CORRUPT(r, "out of memory");
        for (size_t i = r->nmod; i < n; i++)
            r->mod[i] = (struct module){ UINT32_MAX, 0 };
        r->nmod = n;
    }
    *m = &r->mod[imod];
    return 0;
}

static int add_module_code(struct reader *r, struct module *m, const char *name, size_t len, unsigned seg,
                           uint32_t off, uint32_t cb)
{
    uint32_t start;
    char shown[40];
    span_printable(name, len, shown);
    if (linear(r, seg, off, &start) != 0)
        CORRUPT(r, "CodeView: module %s: segment %u is not in the segment map", shown, seg);
    if (m->code == UINT32_MAX) {
        m->code = start - off;
        m->frame = seg;
    }
    if (cb == 0)
        return 0;
    char n[40];
    snprintf(n, sizeof n, "%.*s", (int)(len < 39 ? len : 39), name);
    if (spend(r) != 0)
        return -1;
    if (start + cb - 1 < start || symtab_add_segment(r->t, n, "CODE", start, start + cb - 1) != 0)
        CORRUPT(r, "CodeView: module %s: its code does not fit in 4 GiB", shown);
    return 0;
}

/* NB00/NB02 sstModules: seg, offset, size, overlay, library (words),
 * segment count, a spare byte, the name, then (count - 1) more segments. */
static int old_module(struct reader *r, unsigned imod, struct span s)
{
    struct module *m;
    unsigned seg, off, cb, nseg;
    size_t at = 12, len;
    const char *name;
    if (module_slot(r, imod, &m) != 0)
        return -1;
    if (span_u16(s, 0, &seg) || span_u16(s, 2, &off) || span_u16(s, 4, &cb) || span_u8(s, 10, &nseg) ||
        name_at(s, &at, &name, &len))
        CORRUPT(r, "CodeView: module %u: its sstModules entry is cut short", imod);
    if (add_module_code(r, m, name, len, seg, off, cb) != 0)
        return -1;
    for (unsigned k = 1; k < nseg; k++, at += 6) {
        if (span_u16(s, at, &seg) || span_u16(s, at + 2, &off) || span_u16(s, at + 4, &cb))
            CORRUPT(r, "CodeView: module %u: its segment list is cut short", imod);
        if (add_module_code(r, m, name, len, seg, off, cb) != 0)
            return -1;
    }
    return 0;
}

/* CV4 sstModule: overlay, library, segment count, style ("CV"), then per
 * segment (seg, pad, offset32, size32), then the name. */
static int cv4_module(struct reader *r, unsigned imod, struct span s)
{
    struct module *m;
    unsigned nseg, seg;
    uint32_t off, cb;
    size_t at, len;
    const char *name;
    if (module_slot(r, imod, &m) != 0)
        return -1;
    if (span_u16(s, 4, &nseg) != 0)
        CORRUPT(r, "CodeView: module %u: its sstModule is cut short", imod);
    at = 8 + 12 * (size_t)nseg;
    if (name_at(s, &at, &name, &len) != 0)
        CORRUPT(r, "CodeView: module %u: its sstModule is cut short", imod);
    for (unsigned k = 0; k < nseg; k++) {
        size_t e = 8 + 12 * (size_t)k;
        if (span_u16(s, e, &seg) || span_u32(s, e + 4, &off) || span_u32(s, e + 8, &cb))
            CORRUPT(r, "CodeView: module %u: its segment list is cut short", imod);
        if (add_module_code(r, m, name, len, seg, off, cb) != 0)
            return -1;
    }
    return 0;
}

/* NB00/NB02 sstPublics: offset, segment, type (words), the name. */
static int old_publics(struct reader *r, struct span s)
{
    for (size_t at = 0; at < s.n;) {
        unsigned off, seg;
        const char *name;
        size_t len, here = at + 6;
        uint32_t addr;
        if (span_u16(s, at, &off) || span_u16(s, at + 2, &seg) || name_at(s, &here, &name, &len))
            CORRUPT(r, "CodeView: a public symbol is cut short");
        at = here;
        if (linear(r, seg, off, &addr) == 0 && add_public(r, name, len, addr) != 0)
            return -1;
    }
    return 0;
}

/* NB00/NB02 sstSymbols: records of a length byte (not counting itself)
 * and a type byte.  Type 1 starts a procedure: offset, type, length,
 * debug start and end, a spare word, near/far, the name; in the module's
 * code segment, or the one the last type 0x11 (change segment) named. */
static int old_symbols(struct reader *r, const struct module *m, struct span s)
{
    unsigned frame = m->frame;
    for (size_t at = 0; at < s.n;) {
        unsigned len, type, off;
        struct span rec;
        if (span_u8(s, at, &len) != 0 || span_sub(s, at + 1, len, &rec) != 0)
            CORRUPT(r, "CodeView: a symbol record runs past its subsection");
        at += 1 + (size_t)len;
        if (span_u8(rec, 0, &type) != 0)
            continue;
        if (type == 0x11 && span_u16(rec, 1, &frame) != 0)
            CORRUPT(r, "CodeView: a change-segment record is cut short");
        if (type != 0x01)
            continue;
        size_t here = 14, nlen;
        const char *name;
        uint32_t addr;
        unsigned length;
        if (span_u16(rec, 1, &off) != 0 || span_u16(rec, 5, &length) != 0 || name_at(rec, &here, &name, &nlen) != 0)
            CORRUPT(r, "CodeView: a procedure record is cut short");
        if (nlen > 0 && linear(r, frame, off, &addr) == 0 && add_proc(r, name, nlen, addr, length) != 0)
            return -1;
    }
    return 0;
}

/* Line/offset pairs (words) of one file in the segment whose linear
 * start (16 * frame) is base. */
static int line_pairs(struct reader *r, struct span s, size_t at, unsigned count, const char *file, size_t src,
                      uint32_t base)
{
    struct span pairs;
    if (span_sub(s, at, 4 * (uint64_t)count, &pairs) != 0)
        CORRUPT(r, "CodeView: the line numbers of %s run past their subsection", file);
    for (unsigned k = 0; k < count; k++) {
        unsigned line = 0, off = 0;
        span_u16(pairs, 4 * (size_t)k, &line);
        span_u16(pairs, 4 * (size_t)k + 2, &off);
        if (add_line(r, src, line, base + off) != 0)
            return -1;
    }
    return 0;
}

/* NB00/NB02 sstSrcLines (the module's code segment) and sstSrcLnSeg (a
 * segment word after the name): the file name, a count, the pairs;
 * repeated for each file. */
static int old_lines(struct reader *r, const struct module *m, struct span s, int with_seg)
{
    for (size_t at = 0; at < s.n;) {
        const char *name;
        size_t len;
        unsigned seg = m->frame, count;
        char file[40];
        if (name_at(s, &at, &name, &len) != 0 || (with_seg && span_u16(s, at, &seg) != 0) ||
            span_u16(s, at + (with_seg ? 2 : 0), &count) != 0)
            CORRUPT(r, "CodeView: a line-number table is cut short");
        at += with_seg ? 4 : 2;
        size_t src;
        span_base_name(name, len, file, sizeof file);
        if (symtab_add_source(r->t, name, len, &src) != 0)
            CORRUPT(r, "out of memory");
        uint32_t base;
        if (linear(r, seg, 0, &base) != 0)
            CORRUPT(r, "CodeView: %s: line numbers in segment %u, which the segment map lacks", file, seg);
        if (line_pairs(r, s, at, count, file, src, base) != 0)
            return -1;
        at += 4 * (size_t)count;
    }
    return 0;
}

/* ---- CV4 (NB05 and later) ------------------------------------------------- */

/* CV4 symbol records: a length word (not counting itself), a type word.
 * S_PUB16 (103h): offset, segment, type, name; S_LPROC16 and S_GPROC16
 * (104h, 105h): three links (dwords), length, debug start and end,
 * offset, segment, type (words), flags (byte), name. */
static int cv4_symbols(struct reader *r, struct span s)
{
    for (size_t at = 0; at + 2 <= s.n;) {
        unsigned len, type, off, seg;
        struct span rec;
        const char *name;
        size_t nlen, here;
        uint32_t addr;
        if (span_u16(s, at, &len) != 0 || span_sub(s, at + 2, len, &rec) != 0)
            CORRUPT(r, "CodeView: a symbol record runs past its subsection");
        at += 2 + (size_t)len;
        if (span_u16(rec, 0, &type) != 0)
            continue;
        if (type == 0x103) {
            here = 8;
            if (span_u16(rec, 2, &off) || span_u16(rec, 4, &seg) || name_at(rec, &here, &name, &nlen))
                CORRUPT(r, "CodeView: a public symbol record is cut short");
            if (linear(r, seg, off, &addr) == 0 && add_public(r, name, nlen, addr) != 0)
                return -1;
        } else if (type == 0x104 || type == 0x105) {
            unsigned length;
            here = 27;
            if (span_u16(rec, 14, &length) || span_u16(rec, 20, &off) || span_u16(rec, 22, &seg) ||
                name_at(rec, &here, &name, &nlen))
                CORRUPT(r, "CodeView: a procedure record is cut short");
            if (nlen > 0 && linear(r, seg, off, &addr) == 0 && add_proc(r, name, nlen, addr, length) != 0)
                return -1;
        }
    }
    return 0;
}

/* CV4 sstSrcModule: file and segment counts, the files' offsets, the
 * module's ranges and segments; per file: its segment count, a pad, the
 * offsets of its line tables, their ranges, its name; per line table:
 * segment, pair count, the offsets (dwords), then the line numbers. */
static int cv4_lines(struct reader *r, struct span s)
{
    unsigned nfile;
    if (span_u16(s, 0, &nfile) != 0)
        CORRUPT(r, "CodeView: an sstSrcModule is cut short");
    for (unsigned f = 0; f < nfile; f++) {
        uint32_t fo;
        unsigned nseg;
        struct span fs;
        if (span_u32(s, 4 + 4 * (size_t)f, &fo) != 0 || span_sub(s, fo, s.n - (fo <= s.n ? fo : s.n), &fs) != 0 ||
            span_u16(fs, 0, &nseg) != 0)
            CORRUPT(r, "CodeView: an sstSrcModule's file %u lies outside it", f);
        size_t at = 4 + 12 * (size_t)nseg, len;
        const char *name;
        char file[40];
        if (name_at(fs, &at, &name, &len) != 0)
            CORRUPT(r, "CodeView: an sstSrcModule's file %u is cut short", f);
        size_t src;
        span_base_name(name, len, file, sizeof file);
        if (symtab_add_source(r->t, name, len, &src) != 0)
            CORRUPT(r, "out of memory");
        for (unsigned k = 0; k < nseg; k++) {
            uint32_t lo, addr;
            unsigned seg, count, line = 0;
            struct span ls, offs, lines;
            if (span_u32(fs, 4 + 4 * (size_t)k, &lo) != 0 || span_sub(s, lo, s.n - (lo <= s.n ? lo : s.n), &ls) != 0 ||
                span_u16(ls, 0, &seg) || span_u16(ls, 2, &count) || span_sub(ls, 4, 4 * (uint64_t)count, &offs) ||
                span_sub(ls, 4 + 4 * (uint64_t)count, 2 * (uint64_t)count, &lines))
                CORRUPT(r, "CodeView: %s: a line table runs past its subsection", file);
            for (unsigned i = 0; i < count; i++) {
                span_u32(offs, 4 * (size_t)i, &lo);
                span_u16(lines, 2 * (size_t)i, &line);
                if (linear(r, seg, lo, &addr) != 0)
                    CORRUPT(r, "CodeView: %s: line numbers in segment %u, which the segment map lacks", file, seg);
                if (add_line(r, src, line, addr) != 0)
                    return -1;
            }
        }
    }
    return 0;
}

static int cv4_subsection(struct reader *r, unsigned type, struct span s)
{
    struct span body;
    uint32_t v;
    switch (type) {
    case 0x122: case 0x123:     /* sstPublic, sstPublicSym */
        return cv4_symbols(r, s);
    case 0x124: case 0x125:     /* sstSymbols, sstAlignSym: a signature (1: C7) first */
        body = s;
        if (span_u32(s, 0, &v) == 0 && v <= 4)
            span_sub(s, 4, s.n - 4, &body);
        return cv4_symbols(r, body);
    case 0x129: case 0x12A:     /* sstGlobalSym, sstGlobalPub: a 16-byte header holds the symbols' size */
        if (span_u32(s, 4, &v) != 0 || span_sub(s, 16, v, &body) != 0)
            CORRUPT(r, "CodeView: a global symbol table runs past its subsection");
        return cv4_symbols(r, body);
    case 0x127:                 /* sstSrcModule */
        return cv4_lines(r, s);
    default:
        return 0;
    }
}

/* ---- the directory --------------------------------------------------------- */

struct entry {
    unsigned type, imod;
    uint32_t off, cb;
};

/* The directory's entry i. */
static int dir_entry(const struct reader *r, struct span dir, size_t first, size_t size, size_t i, struct entry *e)
{
    size_t at = first + size * i;
    if (span_u16(dir, at, &e->type) || span_u16(dir, at + 2, &e->imod) || span_u32(dir, at + 4, &e->off))
        return -1;
    if (r->cv4)
        return span_u32(dir, at + 8, &e->cb);
    unsigned cb;
    if (span_u16(dir, at + 8, &cb) != 0)
        return -1;
    e->cb = cb;
    return 0;
}

int codeview_present(const uint8_t *file, size_t n, char sig[5])
{
    struct span all = { file, n };
    uint32_t back;
    if (n < 16 || memcmp(file + n - 8, "NB", 2) != 0 || !isdigit(file[n - 6]) || !isdigit(file[n - 5]) ||
        span_u32(all, n - 4, &back) != 0 || back < 16 || back > n || memcmp(file + n - back, file + n - 8, 4) != 0)
        return 0;
    memcpy(sig, file + n - 8, 4);
    sig[4] = 0;
    return 1;
}

/* Pass 0 takes the segment map, pass 1 the modules, pass 2 the rest. */
static int walk(struct reader *r, struct span dir, size_t first, size_t size, size_t count, int pass)
{
    for (size_t i = 0; i < count; i++) {
        struct entry e;
        struct span s;
        if (dir_entry(r, dir, first, size, i, &e) != 0)
            CORRUPT(r, "CodeView: the subsection directory is cut short");
        if (span_sub(r->base, e.off, e.cb, &s) != 0)
            CORRUPT(r, "CodeView: subsection %zu (type %03Xh) lies outside the file", i, e.type);
        const struct module *m = e.imod && e.imod < r->nmod ? &r->mod[e.imod] : NULL;
        if (pass == 2 && (r->scanned += s.n) > 2 * (uint64_t)r->base.n)
            CORRUPT(r, "CodeView: its subsections overlap (%zu bytes hold more than twice that)", r->base.n);
        int rc = 0;
        if (pass == 0) {
            if (e.type == 0x12D && r->cv4)
                r->segmap = s;
        } else if (pass == 1) {
            if (e.type == 0x101 && !r->cv4)
                rc = old_module(r, e.imod, s);
            else if (e.type == 0x120 && r->cv4)
                rc = cv4_module(r, e.imod, s);
        } else if (!r->cv4) {
            if (e.type == 0x102)
                rc = old_publics(r, s);
            else if (m && m->code != UINT32_MAX && e.type == 0x104)
                rc = old_symbols(r, m, s);
            else if (m && m->code != UINT32_MAX && (e.type == 0x105 || e.type == 0x109))
                rc = old_lines(r, m, s, e.type == 0x109);
        } else
            rc = cv4_subsection(r, e.type, s);
        if (rc != 0)
            return -1;
    }
    return 0;
}

/* A public's address and its index in the table, ordered by address. */
struct pub_at {
    uint32_t addr;
    size_t i;
};

static int by_value(const void *a, const void *b)
{
    const struct pub_at *x = a, *y = b;
    return x->addr < y->addr ? -1 : x->addr > y->addr;
}

/* The procedures no public names (C's static functions): sstSymbols
 * names each procedure without the compiler's underscore.  A public at a
 * procedure's address takes the procedure's end (its length).  (The table
 * grows only by symtab_add_*: sorting it first would break its growth.) */
static int add_unnamed_procs(struct reader *r)
{
    size_t npub = r->t->nsym;
    struct pub_at *pub = malloc((npub ? npub : 1) * sizeof *pub);
    if (!pub)
        CORRUPT(r, "out of memory");
    for (size_t i = 0; i < npub; i++)
        pub[i] = (struct pub_at){ r->t->sym[i].addr, i };
    qsort(pub, npub, sizeof *pub, by_value);
    for (size_t i = 0; i < r->procs.nsym; i++) {
        const struct symbol *p = &r->procs.sym[i];
        struct pub_at key = { p->addr, 0 };
        const struct pub_at *hit = npub ? bsearch(&key, pub, npub, sizeof *pub, by_value) : NULL;
        if (hit) {
            while (hit > pub && hit[-1].addr == p->addr)
                hit--;
            for (; hit < pub + npub && hit->addr == p->addr; hit++)     /* every public there */
                if (!r->t->sym[hit->i].end)
                    r->t->sym[hit->i].end = p->end;
            continue;
        }
        if (symtab_add_proc(r->t, p->name, strlen(p->name), p->addr, p->end) != 0) {
            free(pub);
            CORRUPT(r, "out of memory");
        }
    }
    free(pub);
    return 0;
}

int codeview_parse(const uint8_t *file, size_t n, struct symtab *t, char *err, size_t errn)
{
    char sig[5];
    struct reader r = { .all = { file, n }, .t = t, .err = err, .errn = errn };
    memset(t, 0, sizeof *t);
    t->format = MAP_CODEVIEW;
    if (!codeview_present(file, n, sig)) {
        snprintf(err, errn, "no CodeView information (compile with /Zi and link with /CO)");
        return -1;
    }
    uint32_t back = 0, dirpos;
    span_u32(r.all, n - 4, &back);
    span_sub(r.all, n - back, back, &r.base);
    unsigned version = (unsigned)(sig[2] - '0') * 10 + (unsigned)(sig[3] - '0');
    if (version != 0 && version != 2 && version != 5 && version != 8 && version != 9 && version != 11) {
        snprintf(err, errn, "CodeView %s: a version this reader does not know (NB00, NB02, NB05, NB08, NB09, NB11)",
                 sig);
        return -1;
    }
    r.cv4 = version >= 5;
    r.budget = r.base.n;
    struct span dir;
    size_t first, size, count;
    unsigned c16 = 0, hsize = 0, esize = 0;      /* set by the reads below on the path that uses each */
    uint32_t c32 = 0;
    int rc = -1;
    if (span_u32(r.base, 4, &dirpos) != 0 || span_sub(r.base, dirpos, r.base.n - dirpos, &dir) != 0)
        snprintf(err, errn, "CodeView %s: its subsection directory lies outside the file", sig);
    else if (!r.cv4 && span_u16(dir, 0, &c16) != 0)
        snprintf(err, errn, "CodeView %s: its subsection directory is cut short", sig);
    else if (r.cv4 && (span_u16(dir, 0, &hsize) || span_u16(dir, 2, &esize) || span_u32(dir, 4, &c32) || esize < 12 ||
                       hsize < 8))
        snprintf(err, errn, "CodeView %s: its subsection directory header is cut short or wrong", sig);
    else {
        first = r.cv4 ? hsize : 2;
        size = r.cv4 ? esize : 10;
        count = r.cv4 ? c32 : c16;
        if (count > dir.n / size)
            snprintf(err, errn, "CodeView %s: %zu subsections do not fit in the file", sig, count);
        else if (walk(&r, dir, first, size, count, 0) == 0 &&
                 walk(&r, dir, first, size, count, 1) == 0 && code_ranges(&r) == 0 &&
                 walk(&r, dir, first, size, count, 2) == 0 &&
                 add_unnamed_procs(&r) == 0)
            rc = 0;
    }
    free(r.mod);
    free(r.code);
    symtab_free(&r.procs);
    char what[16];
    snprintf(what, sizeof what, "CodeView %s", sig);
    return symtab_finish(t, rc, what, err, errn);
}
