/*
 * formats/tdinfo.c: Turbo Debugger's information at the end of an .EXE
 * (see tdinfo.h and docs/debuginfo.md) into formats/symtab's table.  Every
 * address becomes a byte offset from the start of the load module, as a
 * map's SSSS:OOOO does: 16 * SSSS + OOOO, SSSS a frame relative to it.
 */
#include "tdinfo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "span.h"
#include "symtab.h"

#define TD_MAGIC 0x52FBu
#define TD_HEADER 48u           /* the header's bytes, before its extension */
/* Record sizes (bytes) of the tables this reader walks. */
#define SYM_SIZE 9u             /* name, type, offset, segment (words), flags */
#define MOD_SIZE 16u            /* name, language, flags, 6 index/count words */
#define SRC_SIZE 6u             /* name (word), time stamp (dword) */
#define SCOPE_SIZE 12u          /* six words */
#define LINE_SIZE 4u            /* line number, offset */
#define SEG_SIZE 16u            /* module, segment, offset, length, scopes, correlations */
#define CORR_SIZE 8u            /* segment, file, first line record, count */
#define LANG_PASCAL 2u          /* a module's language byte */

/* The header's counts, by their offsets in it. */
struct td_counts {
    uint32_t names_size;        /* +04: the names pool's bytes */
    unsigned names, symbols, modules, scopes, lines, sources, segments, correlations;
};

struct range {
    uint32_t start, stop;       /* bytes, stop inclusive */
    unsigned module;            /* 1-based */
};

struct reader {
    struct span info;           /* from the header to the end of the file */
    struct td_counts c;
    unsigned major, minor;
    char what[48];              /* "<format> <major>.<minor>", errors' prefix */
    size_t sym_at, mod_at, src_at, scope_at, line_at, seg_at, corr_at;   /* tables, from the header */
    uint32_t *sym_end;          /* sym_end[i]: where symbol i + 1's procedure ends (its scope), 0: not known */
    struct span pool;           /* the names */
    uint32_t *name_off;         /* name i (1-based) at pool.p + name_off[i - 1] */
    struct range *code;         /* the segment records' code, by start */
    uint32_t *reach;            /* reach[i]: the highest stop of code[0..i] */
    size_t ncode;
    struct symtab *t;
    char *err;
    size_t errn;
};

#define BAD(r, ...) return symtab_debug_error((r)->err, (r)->errn, (r)->what, __VA_ARGS__)

/* Where the MZ image ends: pages * 512, less what the last page lacks. */
static int image_end(const uint8_t *file, size_t n, size_t *end)
{
    struct span all = { file, n };
    unsigned last, pages;
    if (n < 28 || !((file[0] == 'M' && file[1] == 'Z') || (file[0] == 'Z' && file[1] == 'M')) ||
        span_u16(all, 2, &last) != 0 || span_u16(all, 4, &pages) != 0 || pages == 0 || last >= 512)
        return -1;
    *end = (size_t)pages * 512u - (last ? 512u - last : 0u);
    return 0;
}

int tdinfo_present(const uint8_t *file, size_t n, unsigned *version)
{
    size_t at;
    unsigned magic, v;
    struct span all = { file, n };
    if (image_end(file, n, &at) != 0 || at > n || n - at < TD_HEADER || span_u16(all, at, &magic) != 0 ||
        magic != TD_MAGIC || span_u16(all, at + 2, &v) != 0)
        return 0;
    if (version)
        *version = v;          /* stored minor, then major: major * 256 + minor */
    return 1;
}

/* Name i (1-based) of the pool: its bytes and length; -1 if there is none. */
static int name_of(const struct reader *r, unsigned i, const char **name, size_t *len)
{
    if (i == 0 || i > r->c.names)
        return -1;
    *name = (const char *)r->pool.p + r->name_off[i - 1];
    *len = strlen(*name);
    return 0;
}

/* The names pool: names_count ASCIIZ strings, the last bytes of the file. */
static int read_names(struct reader *r, size_t tables_end)
{
    if (r->c.names_size > r->info.n || r->info.n - r->c.names_size < tables_end)
        BAD(r, "its names pool (%lu bytes) overlaps its tables", (unsigned long)r->c.names_size);
    span_sub(r->info, r->info.n - r->c.names_size, r->c.names_size, &r->pool);
    r->name_off = malloc(((size_t)r->c.names + 1) * sizeof *r->name_off);
    if (!r->name_off)
        BAD(r, "out of memory");
    size_t at = 0;
    for (unsigned i = 0; i < r->c.names; i++) {
        const uint8_t *end = at < r->pool.n ? memchr(r->pool.p + at, 0, r->pool.n - at) : NULL;
        if (!end)
            BAD(r, "name %u of %u runs past the end of the file", i + 1, r->c.names);
        r->name_off[i] = (uint32_t)at;
        at = (size_t)(end - r->pool.p) + 1;
    }
    return 0;
}

/* Word k of record i (0-based) of the table at `table`, records of `size`. */
static unsigned word(const struct reader *r, size_t table, unsigned size, unsigned i, unsigned k)
{
    unsigned v = 0;
    span_u16(r->info, table + (size_t)size * i + k, &v);   /* the tables were checked to fit */
    return v;
}

/* Module m's name (1-based), printable, for segments and messages. */
static void module_name(const struct reader *r, unsigned m, char out[40])
{
    const char *name;
    size_t len;
    if (name_of(r, word(r, r->mod_at, MOD_SIZE, m - 1, 0), &name, &len) != 0) {
        snprintf(out, 40, "module %u", m);
        return;
    }
    span_printable(name, len, out);
}

/* Module m's name without its folder and extension (GRAPHU.PAS: GRAPHU),
 * as a Pascal unit qualifies its procedures; 0 when it has none. */
static int module_base(const struct reader *r, unsigned m, char out[40])
{
    const char *name;
    size_t len;
    if (name_of(r, word(r, r->mod_at, MOD_SIZE, m - 1, 0), &name, &len) != 0 || len == 0)
        return 0;
    span_base_name(name, len, out, 40);
    char *dot = strrchr(out, '.');
    if (dot && dot != out)
        *dot = 0;
    return 1;
}

static int by_start(const void *a, const void *b)
{
    const struct range *x = a, *y = b;
    return x->start != y->start ? (x->start < y->start ? -1 : 1) : (x->stop < y->stop ? -1 : x->stop > y->stop);
}

/* Segment records: each module's code, a segment of the table named by
 * the module; their correlations must lie in the table. */
static int read_segments(struct reader *r)
{
    r->code = malloc(((size_t)r->c.segments + 1) * sizeof *r->code);
    r->reach = malloc(((size_t)r->c.segments + 1) * sizeof *r->reach);
    if (!r->code || !r->reach)
        BAD(r, "out of memory");
    for (unsigned i = 0; i < r->c.segments; i++) {
        unsigned mod = word(r, r->seg_at, SEG_SIZE, i, 0), frame = word(r, r->seg_at, SEG_SIZE, i, 2);
        unsigned off = word(r, r->seg_at, SEG_SIZE, i, 4), len = word(r, r->seg_at, SEG_SIZE, i, 6);
        unsigned ci = word(r, r->seg_at, SEG_SIZE, i, 12), cn = word(r, r->seg_at, SEG_SIZE, i, 14);
        char name[40];
        if (mod == 0 || mod > r->c.modules)
            BAD(r, "segment record %u names module %u of %u", i + 1, mod, r->c.modules);
        if (cn && (ci == 0 || ci - 1u + cn > r->c.correlations))
            BAD(r, "segment record %u: correlations %u-%u of %u", i + 1, ci, ci + cn - 1, r->c.correlations);
        if (len == 0)
            continue;
        uint32_t start = frame * 16u + off;
        module_name(r, mod, name);
        if (symtab_add_segment(r->t, name, "CODE", start, start + len - 1) != 0)
            BAD(r, "out of memory");
        r->code[r->ncode++] = (struct range){ start, start + len - 1, mod };
    }
    qsort(r->code, r->ncode, sizeof *r->code, by_start);
    for (size_t i = 0; i < r->ncode; i++)
        r->reach[i] = i && r->reach[i - 1] > r->code[i].stop ? r->reach[i - 1] : r->code[i].stop;
    return 0;
}

/* The module whose code holds addr (0: in code, module not found in the
 * few ranges looked at), or -1 when addr is in no module's code. */
static long module_at(const struct reader *r, uint32_t addr)
{
    size_t lo = 0, hi = r->ncode;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (r->code[mid].start <= addr)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0 || r->reach[lo - 1] < addr)
        return -1;
    for (size_t k = lo, seen = 0; k > 0 && seen < 64; k--, seen++)
        if (r->code[k - 1].stop >= addr)
            return (long)r->code[k - 1].module;
    return 0;
}

/* Static symbols (class 0) in some module's code: procedures, functions,
 * labels.  A Pascal module's are qualified by the unit: CRT.DELAY. */
static int read_symbols(struct reader *r)
{
    for (unsigned i = 0; i < r->c.symbols; i++) {
        unsigned ni = word(r, r->sym_at, SYM_SIZE, i, 0), off = word(r, r->sym_at, SYM_SIZE, i, 4);
        unsigned frame = word(r, r->sym_at, SYM_SIZE, i, 6);
        unsigned flags = r->info.p[r->sym_at + (size_t)SYM_SIZE * i + 8];
        const char *name;
        size_t len;
        if ((flags & 7u) != 0)
            continue;                           /* autos, registers, constants, types */
        if (name_of(r, ni, &name, &len) != 0)
            BAD(r, "symbol %u names name %u of %u", i + 1, ni, r->c.names);
        uint32_t addr = frame * 16u + off;
        long mod = module_at(r, addr);
        if (mod < 0 || len == 0)
            continue;                           /* data, absolute */
        char full[64], base[40];
        if (mod > 0 && (r->info.p[r->mod_at + (size_t)MOD_SIZE * (size_t)(mod - 1) + 2] & 0xFFu) == LANG_PASCAL &&
            module_base(r, (unsigned)mod, base)) {
            int k = snprintf(full, sizeof full, "%s.%.*s", base, (int)len, name);
            if (k > 0)
                len = (size_t)k < sizeof full ? (size_t)k : sizeof full - 1;
            name = full;
        }
        if (symtab_add_proc(r->t, name, len, addr, r->sym_end[i]) != 0)
            BAD(r, "out of memory");
    }
    return 0;
}

/* Scopes: a procedure's code is its top-level scope (parent 0), offset and
 * length in its segment record's frame: the function symbol's end.  A
 * top-level scope without a function is a main program's body (Turbo
 * Pascal's begin ... end.): named by its module, the program.  Checked
 * first: each segment record's scopes in the table, each function a
 * symbol. */
static int read_scopes(struct reader *r)
{
    r->sym_end = calloc((size_t)r->c.symbols + 1, sizeof *r->sym_end);
    if (!r->sym_end)
        BAD(r, "out of memory");
    for (unsigned i = 0; i < r->c.segments; i++) {
        unsigned mod = word(r, r->seg_at, SEG_SIZE, i, 0), frame = word(r, r->seg_at, SEG_SIZE, i, 2);
        unsigned si = word(r, r->seg_at, SEG_SIZE, i, 8), sn = word(r, r->seg_at, SEG_SIZE, i, 10);
        if (sn && (si == 0 || si - 1u + sn > r->c.scopes))
            BAD(r, "segment record %u: scopes %u-%u of %u", i + 1, si, si + sn - 1, r->c.scopes);
        for (unsigned k = 0; k < sn; k++) {
            unsigned s = si - 1 + k, parent = word(r, r->scope_at, SCOPE_SIZE, s, 4);
            unsigned fn = word(r, r->scope_at, SCOPE_SIZE, s, 6), off = word(r, r->scope_at, SCOPE_SIZE, s, 8);
            unsigned len = word(r, r->scope_at, SCOPE_SIZE, s, 10);
            if (fn > r->c.symbols)
                BAD(r, "scope %u names symbol %u of %u", s + 1, fn, r->c.symbols);
            if (parent != 0 || len == 0)
                continue;       /* a block inside a procedure, or empty */
            uint32_t start = frame * 16u + off;
            char base[40];
            if (fn)
                r->sym_end[fn - 1] = start + len;
            else if (module_base(r, mod, base) && symtab_add_proc(r->t, base, strlen(base), start, start + len) != 0)
                BAD(r, "out of memory");
        }
    }
    return 0;
}

/* Code no symbol names (a runtime module linked without its symbols: the
 * C startup, Turbo Pascal's System unit): each such segment record's code
 * named by its module, one row for it. */
static int name_runtime(struct reader *r)
{
    size_t named = r->t->nsym;
    for (unsigned i = 0; i < r->c.segments; i++) {
        unsigned mod = word(r, r->seg_at, SEG_SIZE, i, 0), frame = word(r, r->seg_at, SEG_SIZE, i, 2);
        unsigned off = word(r, r->seg_at, SEG_SIZE, i, 4), len = word(r, r->seg_at, SEG_SIZE, i, 6);
        uint32_t start = frame * 16u + off;
        int any = len == 0;
        for (size_t k = 0; k < named && !any; k++)
            any = r->t->sym[k].addr >= start && r->t->sym[k].addr - start < len;
        char base[40];
        if (!any && module_base(r, mod, base)) {
            if (symtab_add_proc(r->t, base, strlen(base), start, start + len) != 0)
                BAD(r, "out of memory");
            r->t->sym[r->t->nsym - 1].group = 1;
        }
    }
    return 0;
}

/* How many of the line records the correlations give lie in their
 * segment's code, the line records taken at line_at. */
static unsigned long lines_fitting(const struct reader *r, size_t line_at)
{
    unsigned long fit = 0;
    for (unsigned i = 0; i < r->c.correlations; i++) {
        unsigned seg = word(r, r->corr_at, CORR_SIZE, i, 0), li = word(r, r->corr_at, CORR_SIZE, i, 4);
        unsigned ln = word(r, r->corr_at, CORR_SIZE, i, 6);
        unsigned off = word(r, r->seg_at, SEG_SIZE, seg - 1, 4), len = word(r, r->seg_at, SEG_SIZE, seg - 1, 6);
        for (unsigned k = 0; k < ln; k++) {
            unsigned at = word(r, line_at, LINE_SIZE, li - 1 + k, 2);
            fit += word(r, line_at, LINE_SIZE, li - 1 + k, 0) != 0 && at >= off && at - off <= len;
        }
    }
    return fit;
}

/* Correlations: a file's line records in one segment.  Their indices are
 * checked here; where the line table lies is chosen after (see below). */
static int check_correlations(struct reader *r, unsigned long *claimed)
{
    *claimed = 0;
    for (unsigned i = 0; i < r->c.correlations; i++) {
        unsigned seg = word(r, r->corr_at, CORR_SIZE, i, 0), file = word(r, r->corr_at, CORR_SIZE, i, 2);
        unsigned li = word(r, r->corr_at, CORR_SIZE, i, 4), ln = word(r, r->corr_at, CORR_SIZE, i, 6);
        if (seg == 0 || seg > r->c.segments)
            BAD(r, "correlation %u names segment record %u of %u", i + 1, seg, r->c.segments);
        if (file == 0 || file > r->c.sources)
            BAD(r, "correlation %u names source file %u of %u", i + 1, file, r->c.sources);
        if (ln && (li == 0 || li - 1u + ln > r->c.lines))
            BAD(r, "correlation %u: line records %u-%u of %u", i + 1, li, li + ln - 1, r->c.lines);
        *claimed += ln;
    }
    if (*claimed > r->c.lines)
        BAD(r, "its correlations claim %lu line records, more than its %u", *claimed, r->c.lines);
    return 0;
}

static int read_lines(struct reader *r)
{
    for (unsigned i = 0; i < r->c.correlations; i++) {
        unsigned seg = word(r, r->corr_at, CORR_SIZE, i, 0), file = word(r, r->corr_at, CORR_SIZE, i, 2);
        unsigned li = word(r, r->corr_at, CORR_SIZE, i, 4), ln = word(r, r->corr_at, CORR_SIZE, i, 6);
        unsigned frame = word(r, r->seg_at, SEG_SIZE, seg - 1, 2);
        const char *name;
        size_t len;
        size_t src;
        if (name_of(r, word(r, r->src_at, SRC_SIZE, file - 1, 0), &name, &len) != 0)
            BAD(r, "source file %u has no name", file);
        if (symtab_add_source(r->t, name, len, &src) != 0)
            BAD(r, "out of memory");
        for (unsigned k = 0; k < ln; k++) {
            unsigned line = word(r, r->line_at, LINE_SIZE, li - 1 + k, 0);
            unsigned off = word(r, r->line_at, LINE_SIZE, li - 1 + k, 2);
            if (symtab_add_line(r->t, src, line, frame * 16u + off) != 0)
                BAD(r, "out of memory");
        }
    }
    return 0;
}

static int read_info(struct reader *r)
{
    struct span s = r->info;
    unsigned ext, v[9];
    static const unsigned at[9] = { 8, 14, 18, 22, 24, 26, 28, 30, 46 };   /* names .. correlations, extension */
    span_u32(s, 4, &r->c.names_size);
    for (int i = 0; i < 9; i++)
        span_u16(s, at[i], &v[i]);
    r->c = (struct td_counts){ r->c.names_size, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7] };
    ext = v[8];
    if (r->major < 2 || r->major > 4)
        BAD(r, "a version this reader does not know (2.x to 4.x)");
    /* Symbols, modules, source files, then scopes and line numbers, then
     * segments and correlations: the tables' sizes from the counts. */
    uint64_t p = TD_HEADER + (uint64_t)ext;
    r->sym_at = (size_t)p;
    p += (uint64_t)SYM_SIZE * r->c.symbols;
    r->mod_at = (size_t)p;
    p += (uint64_t)MOD_SIZE * r->c.modules;
    r->src_at = (size_t)p;
    p += (uint64_t)SRC_SIZE * r->c.sources;
    size_t scopes_first = (size_t)(p + (uint64_t)SCOPE_SIZE * r->c.scopes), lines_first = (size_t)p;
    p += (uint64_t)SCOPE_SIZE * r->c.scopes + (uint64_t)LINE_SIZE * r->c.lines;
    r->seg_at = (size_t)p;
    p += (uint64_t)SEG_SIZE * r->c.segments;
    r->corr_at = (size_t)p;
    p += (uint64_t)CORR_SIZE * r->c.correlations;
    if (p > s.n)
        BAD(r, "its tables (%llu bytes) run past the end of the file (%zu bytes)", (unsigned long long)p, s.n);
    unsigned long claimed;
    if (read_names(r, (size_t)p) != 0 || read_segments(r) != 0 || check_correlations(r, &claimed) != 0)
        return -1;
    /* Borland's description puts the scopes before the line numbers; the
     * files TLINK writes have been read with the line numbers first (see
     * docs/debuginfo.md).  The order whose line records all lie in their
     * segments' code is the file's; the described one when both do. */
    r->line_at = scopes_first;
    r->scope_at = lines_first;
    if (r->c.scopes && claimed && lines_fitting(r, scopes_first) != claimed) {
        r->line_at = lines_first;
        r->scope_at = lines_first + (size_t)LINE_SIZE * r->c.lines;
        if (lines_fitting(r, lines_first) != claimed)
            BAD(r, "its line numbers lie outside their segments' code");
    } else if (claimed && lines_fitting(r, scopes_first) != claimed)
        BAD(r, "its line numbers lie outside their segments' code");
    return read_scopes(r) != 0 || read_symbols(r) != 0 || name_runtime(r) != 0 || read_lines(r) != 0 ? -1 : 0;
}

int tdinfo_parse(const uint8_t *file, size_t n, struct symtab *t, char *err, size_t errn)
{
    struct reader r = { .t = t, .err = err, .errn = errn };
    size_t at;
    unsigned version;
    memset(t, 0, sizeof *t);
    t->format = MAP_TDINFO;
    if (!tdinfo_present(file, n, &version)) {
        snprintf(err, errn, "no Turbo Debugger information (link with TLINK /v, compile with TPC /V or BCC -v)");
        return -1;
    }
    image_end(file, n, &at);
    r.info = (struct span){ file + at, n - at };
    r.major = version >> 8;
    r.minor = version & 0xFFu;
    snprintf(r.what, sizeof r.what, "Turbo Debugger information %u.%02u", r.major, r.minor);
    int rc = read_info(&r);
    free(r.name_off);
    free(r.sym_end);
    free(r.code);
    free(r.reach);
    return symtab_finish(t, rc, r.what, err, errn);
}
