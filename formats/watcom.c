/*
 * formats/watcom.c: Watcom's own debugging information (version 3.0, as
 * Open Watcom's wlink writes it) into formats/symtab's table: modules'
 * code, code symbols and where their procedures end, line numbers.  The
 * layout is Open Watcom's, read in its source tree (docs/debuginfo.md
 * lists the files): the master header, the section header, mod_info,
 * v3_gbl_info, seg_info and addr_info, v3_line_segment and line_info, the
 * locals' routine and new-base records, and the demand-load link tables.
 */
#include "watcom.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/grow.h"
#include "span.h"
#include "symtab.h"

#define WAT_SIGNATURE 0x8386u   /* the debugging information's master header */
#define RES_SIGNATURE_LO 0x8300u /* 8300h-8302h: a resource block after it, its size at its end */
#define RES_SIGNATURE_HI 0x8302u
#define RES_BLOCKS_MAX 16u      /* resource blocks looked past, at most */
#define MASTER_SIZE 14u         /* signature, 4 version bytes, 2 table sizes (words), the whole size (dword) */
#define SECTION_SIZE 18u        /* module, global and address offsets, section size (dwords), its id (word) */
#define MOD_FIXED 21u           /* language (word), 3 x demand info (dword offset, word count), name length */
#define MOD_LOCALS 2u           /* the first demand info, locals: link table offset, entries */
#define MOD_LINES 14u           /* the third demand info, line numbers: link table offset, entries */
#define GBL_FIXED 10u           /* offset (dword), segment, module (words), kind, name length */
#define GBL_KIND_CODE 0x04u
#define GBL_KIND_DATA 0x02u
#define SEG_FIXED 8u            /* base offset (dword), base segment, count (words) */
#define SEG_COUNT_MASK 0x7FFFu  /* the count's top bit flags the non-overlay section's */
#define ADDR_SIZE 6u            /* size (dword), module (word) */
#define LINESEG_FIXED 6u        /* the address block's offset in the address table (dword), count (word) */
#define LINE_SIZE 6u            /* line (word), offset in the address block (dword) */
#define SPECIAL_CUE 0x8000u     /* line numbers from here index a cue table (an #included file's lines) */
#define NO_MODULE 0xFFFFu
/* The locals: records of a length byte (the whole record's), a class byte
 * and its fields.  Routines (16-bit: start and size words, 386: dwords,
 * from the base) give their procedure's code; a new base record sets the
 * base of the records after it; the rest (variables, nested blocks, C++
 * member scopes) are stepped over by their length. */
#define LCL_ADD_PREV_SEG 0x30u  /* segment += word, offset 0 */
#define LCL_SET_BASE 0x31u      /* offset word, segment word */
#define LCL_SET_BASE386 0x32u   /* offset dword, segment word */
#define LCL_NEAR_ROUT 0x21u
#define LCL_FAR_ROUT 0x22u
#define LCL_NEAR_ROUT386 0x24u
#define LCL_FAR_ROUT386 0x25u
#define LCL_ROUT_FIXED 12u      /* length, class, start, size, parent (words), prologue, epilogue (bytes), return (word) */
#define LCL_ROUT386_FIXED 18u   /* the same with start, size and return address offset dwords */

struct module {
    char file[40];              /* its source file, without the directory */
    size_t src;                 /* that file in the table (symtab_add_source) */
    uint32_t lines_link;        /* its first line link, from the section's start */
    unsigned lines;             /* how many line blocks */
    uint32_t locals_link;       /* the same for its locals */
    unsigned locals;
};

struct block {
    uint32_t ref;               /* its addr_info's offset in the address table */
    uint32_t start, size;       /* bytes in the load module */
    unsigned seg;               /* its segment (start is seg x 16 + an offset) */
    unsigned module;            /* NO_MODULE: none */
    int code, data;             /* seen to hold code (a code symbol, a line) or data */
};

/* A block's place in the order of (module, start): block_at()'s binary
 * search. */
struct block_key {
    uint32_t module, start, index;
};

struct reader {
    unsigned major, minor;
    char what[48];              /* "<format> <major>.<minor>", errors' prefix */
    struct span sect;           /* the section being read */
    uint32_t sect_at;           /* its offset from the information's start, for messages */
    struct module *mod;
    size_t nmod, mod_cap;
    struct block *blk;
    size_t nblk, blk_cap;
    struct block_key *order;        /* the blocks by (module, start) */
    struct routine { uint32_t start, end; } *rout;  /* the locals' routines, by start */
    size_t nrout, rout_cap;
    uint64_t budget;                /* entries left: no more than the information has bytes */
    struct symtab *t;
    char *err;
    size_t errn;
};

#define BAD(r, ...) return symtab_debug_error((r)->err, (r)->errn, (r)->what, __VA_ARGS__)

/* One more entry (a block, a symbol, a line): tables that share their
 * bytes (line links of many modules to one block) could otherwise make a
 * small file ask for more entries, and time, than it holds. */
static int spend(struct reader *r)
{
    if (r->budget == 0)
        BAD(r, "more entries than its bytes can hold (its tables overlap)");
    r->budget--;
    return 0;
}

/* Where the master header ends (the file's end, or the start of the
 * resource blocks after it), or 0 when there is none. */
static size_t master_end(const uint8_t *file, size_t n)
{
    struct span all = { file, n };
    size_t end = n;
    for (unsigned k = 0; k <= RES_BLOCKS_MAX; k++) {
        unsigned sig = 0;
        uint32_t size = 0;
        if (end < MASTER_SIZE || span_u16(all, end - MASTER_SIZE, &sig) != 0)
            return 0;
        if (sig == WAT_SIGNATURE)
            return end;
        if (sig < RES_SIGNATURE_LO || sig > RES_SIGNATURE_HI || span_u32(all, end - 4, &size) != 0 ||
            size < MASTER_SIZE || size > end)
            return 0;
        end -= size;
    }
    return 0;
}

int watcom_present(const uint8_t *file, size_t n, unsigned *version)
{
    if (n < 2 || !(memcmp(file, "MZ", 2) == 0 || memcmp(file, "ZM", 2) == 0))
        return 0;
    size_t end = master_end(file, n);
    if (end == 0)
        return 0;
    if (version)
        *version = (unsigned)file[end - MASTER_SIZE + 2] << 8 | file[end - MASTER_SIZE + 3];
    return 1;
}

/* The module table, from mod_off to gbl_off of the section. */
static int read_modules(struct reader *r, uint32_t from, uint32_t to)
{
    for (uint32_t at = from; at < to;) {
        unsigned len = 0;
        struct span m;
        if (span_sub(r->sect, at, to - at, &m) != 0 || span_u8(m, MOD_FIXED - 1, &len) != 0 || MOD_FIXED + len > m.n)
            BAD(r, "section at +%X: module %zu is cut short", (unsigned)r->sect_at, r->nmod);
        if (grow_array(&r->mod, &r->mod_cap, r->nmod + 1, sizeof *r->mod) != 0)
            BAD(r, "out of memory");
        struct module *d = &r->mod[r->nmod++];
        span_u32(m, MOD_LINES, &d->lines_link);
        span_u16(m, MOD_LINES + 4, &d->lines);
        span_u32(m, MOD_LOCALS, &d->locals_link);
        span_u16(m, MOD_LOCALS + 4, &d->locals);
        const char *name = (const char *)m.p + MOD_FIXED;
        span_base_name(name, len, d->file, sizeof d->file);
        if (!d->file[0]) {      /* a module without a name: its lines are "module N"'s */
            snprintf(d->file, sizeof d->file, "module %zu", r->nmod - 1);
            name = d->file;
            len = (unsigned)strlen(name);
        }
        if (symtab_add_source(r->t, name, len, &d->src) != 0)
            BAD(r, "out of memory");
        at += MOD_FIXED + len;
    }
    return 0;
}

/* The address table, from addr_off to the section's end: each segment's
 * base and the pieces of it each module has, one after another. */
static int read_blocks(struct reader *r, uint32_t from, uint32_t to)
{
    for (uint32_t at = from; at < to;) {
        struct span s;
        uint32_t off = 0;
        unsigned seg = 0, count = 0;
        if (span_sub(r->sect, at, to - at, &s) != 0 || span_u32(s, 0, &off) != 0 || span_u16(s, 4, &seg) != 0 ||
            span_u16(s, 6, &count) != 0 || SEG_FIXED + (uint64_t)(count & SEG_COUNT_MASK) * ADDR_SIZE > s.n)
            BAD(r, "section at +%X: the address table's segment at +%X is cut short", (unsigned)r->sect_at,
                (unsigned)(at - from));
        count &= SEG_COUNT_MASK;
        uint64_t start = (uint64_t)seg * 16u + off;
        for (unsigned i = 0; i < count; i++) {
            uint32_t size = 0;
            unsigned mod = 0;
            span_u32(s, SEG_FIXED + i * ADDR_SIZE, &size);
            span_u16(s, SEG_FIXED + i * ADDR_SIZE + 4, &mod);
            if (mod != NO_MODULE && mod >= r->nmod)
                BAD(r, "section at +%X: address block %04X:%04X names module %u of %zu", (unsigned)r->sect_at, seg,
                    (unsigned)off, mod, r->nmod);
            if (start + size > UINT32_MAX)
                BAD(r, "section at +%X: address block %04X:%04X runs past 4 GiB", (unsigned)r->sect_at, seg,
                    (unsigned)off);
            if (spend(r) != 0)
                return -1;
            if (grow_array(&r->blk, &r->blk_cap, r->nblk + 1, sizeof *r->blk) != 0)
                BAD(r, "out of memory");
            r->blk[r->nblk++] = (struct block){ .ref = (uint32_t)(at - from + SEG_FIXED + i * ADDR_SIZE),
                                                .start = (uint32_t)start, .size = size, .seg = seg,
                                                .module = mod };
            start += size;
        }
        at += SEG_FIXED + count * ADDR_SIZE;
    }
    return 0;
}

static int by_module_start(const void *a, const void *b)
{
    const struct block_key *x = a, *y = b;
    if (x->module != y->module)
        return x->module < y->module ? -1 : 1;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return x->index < y->index ? -1 : x->index > y->index;
}

/* The blocks in the order of (module, start), for block_at(). */
static int order_blocks(struct reader *r)
{
    free(r->order);
    if (!(r->order = malloc((r->nblk ? r->nblk : 1) * sizeof *r->order)))
        BAD(r, "out of memory");
    for (size_t i = 0; i < r->nblk; i++)
        r->order[i] = (struct block_key){ r->blk[i].module, r->blk[i].start, (uint32_t)i };
    qsort(r->order, r->nblk, sizeof *r->order, by_module_start);
    return 0;
}

/* The block a code or data symbol of module mod lies in, or NULL: the
 * last of the module's to start at or before addr (blocks of one module
 * do not overlap in what wlink writes). */
static struct block *block_at(struct reader *r, unsigned mod, uint64_t addr)
{
    size_t lo = 0, hi = r->nblk;    /* the first key past (mod, addr) */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const struct block_key *k = &r->order[mid];
        if (k->module < mod || (k->module == mod && k->start <= addr))
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return NULL;
    struct block *b = &r->blk[r->order[lo - 1].index];
    return b->module == mod && addr - b->start < b->size ? b : NULL;
}

/* The address block whose addr_info is at offset ref of the address table. */
static struct block *block_by_ref(struct reader *r, uint32_t ref)
{
    size_t lo = 0, hi = r->nblk;    /* read in order: refs ascend */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (r->blk[mid].ref < ref)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < r->nblk && r->blk[lo].ref == ref ? &r->blk[lo] : NULL;
}

/* One line block of module m, [from, to) of the section: line segments,
 * each an address block and its (line, offset) pairs. */
static int read_line_block(struct reader *r, const struct module *m, uint32_t from, uint32_t to)
{
    for (uint32_t at = from; at < to;) {
        struct span s;
        uint32_t ref = 0;
        unsigned count = 0;
        if (span_sub(r->sect, at, to - at, &s) != 0 || span_u32(s, 0, &ref) != 0 || span_u16(s, 4, &count) != 0 ||
            LINESEG_FIXED + (uint64_t)count * LINE_SIZE > s.n)
            BAD(r, "%s: its line numbers at +%X are cut short", m->file, (unsigned)at);
        if (spend(r) != 0)
            return -1;
        struct block *b = block_by_ref(r, ref);
        if (!b)
            BAD(r, "%s: its line numbers name the address block at +%X, which is not one", m->file, (unsigned)ref);
        b->code = 1;
        for (unsigned i = 0; i < count; i++) {
            unsigned line = 0;
            uint32_t off = 0;
            span_u16(s, LINESEG_FIXED + i * LINE_SIZE, &line);
            span_u32(s, LINESEG_FIXED + i * LINE_SIZE + 2, &off);
            if (line >= SPECIAL_CUE)
                continue;
            if (off > b->size)
                BAD(r, "%s: line %u at +%X lies past its block's %u bytes", m->file, line, (unsigned)off,
                    (unsigned)b->size);
            if (spend(r) != 0)
                return -1;
            if (symtab_add_line(r->t, m->src, line, b->start + off) != 0)
                BAD(r, "out of memory");
        }
        at += LINESEG_FIXED + count * LINE_SIZE;
    }
    return 0;
}

/* A module's demand-loaded blocks of one kind (its lines, its locals),
 * through its entries of that kind's link table (offsets from the
 * section's start; entry i + 1 is where block i ends). */
static int read_demand(struct reader *r, const struct module *m, uint32_t link, unsigned count, const char *what,
                       int (*read)(struct reader *, const struct module *, uint32_t, uint32_t))
{
    for (unsigned i = 0; i < count; i++) {
        uint32_t from = 0, to = 0;
        if (span_u32(r->sect, (uint64_t)link + 4u * i, &from) != 0 ||
            span_u32(r->sect, (uint64_t)link + 4u * (i + 1), &to) != 0)
            BAD(r, "%s: its %s link %u lies past its section", m->file, what, i);
        if (from > to || to > r->sect.n)
            BAD(r, "%s: its %s block %u (+%X to +%X) lies outside its section's %u bytes", m->file, what, i,
                (unsigned)from, (unsigned)to, (unsigned)r->sect.n);
        if (read(r, m, from, to) != 0)
            return -1;
    }
    return 0;
}

static int read_lines(struct reader *r)
{
    for (size_t k = 0; k < r->nmod; k++)
        if (read_demand(r, &r->mod[k], r->mod[k].lines_link, r->mod[k].lines, "line", read_line_block) != 0)
            return -1;
    return 0;
}

/* Where a module's locals count from until a new base record: its first
 * address block's start (the debugger's FindModBase); 0 when it has none. */
static int module_base(const struct reader *r, const struct module *m, uint64_t *off, unsigned *seg)
{
    for (size_t i = 0; i < r->nblk; i++)
        if (r->blk[i].module == (unsigned)(m - r->mod)) {
            *seg = r->blk[i].seg;
            *off = r->blk[i].start - (uint64_t)r->blk[i].seg * 16u;
            return 1;
        }
    return 0;
}

/* The bytes a locals record of class cls must have for what is read of it. */
static unsigned record_size(unsigned cls)
{
    switch (cls) {
    case LCL_ADD_PREV_SEG: return 4;
    case LCL_SET_BASE: return 6;
    case LCL_SET_BASE386: return 8;
    case LCL_NEAR_ROUT: case LCL_FAR_ROUT: return LCL_ROUT_FIXED;
    case LCL_NEAR_ROUT386: case LCL_FAR_ROUT386: return LCL_ROUT386_FIXED;
    default: return 2;
    }
}

/* One locals block of module m, [from, to) of the section: its routines'
 * code, from the base then in force, into r->rout. */
static int read_locals_block(struct reader *r, const struct module *m, uint32_t from, uint32_t to)
{
    uint64_t off = 0;
    unsigned seg = 0;
    int based = module_base(r, m, &off, &seg);
    for (uint32_t at = from; at < to;) {
        struct span s;
        unsigned len = 0, cls = 0, v = 0;
        if (span_sub(r->sect, at, to - at, &s) != 0 || span_u8(s, 0, &len) != 0 || span_u8(s, 1, &cls) != 0 ||
            len < 2 || len > s.n)
            BAD(r, "%s: its local symbol at +%X is cut short", m->file, (unsigned)at);
        s.n = len;
        int is386 = cls == LCL_NEAR_ROUT386 || cls == LCL_FAR_ROUT386;
        unsigned need = record_size(cls);
        if (len < need)
            BAD(r, "%s: its local symbol at +%X (class %02X) has %u bytes of at least %u", m->file, (unsigned)at, cls,
                len, need);
        if (cls == LCL_ADD_PREV_SEG) {
            span_u16(s, 2, &v);
            seg = (seg + v) & 0xFFFFu;
            off = 0;
            based = 1;
        } else if (cls == LCL_SET_BASE || cls == LCL_SET_BASE386) {
            uint32_t o = 0;
            if (cls == LCL_SET_BASE)
                span_u16(s, 2, &v), o = v;
            else
                span_u32(s, 2, &o);
            span_u16(s, cls == LCL_SET_BASE ? 4 : 6, &seg);
            off = o;
            based = 1;
        } else if (need == LCL_ROUT_FIXED || need == LCL_ROUT386_FIXED) {
            uint32_t start = 0, size = 0;
            if (is386) {
                span_u32(s, 2, &start);
                span_u32(s, 6, &size);
            } else {
                span_u16(s, 2, &v), start = v;
                span_u16(s, 4, &v), size = v;
            }
            uint64_t a = (uint64_t)seg * 16u + off + start;
            if (!based)
                BAD(r, "%s: its routine at +%X has no base (no new base record, no address block)", m->file,
                    (unsigned)at);
            if (a + size > UINT32_MAX)
                BAD(r, "%s: its routine at +%X runs past 4 GiB", m->file, (unsigned)at);
            if (spend(r) != 0)
                return -1;
            if (grow_array(&r->rout, &r->rout_cap, r->nrout + 1, sizeof *r->rout) != 0)
                BAD(r, "out of memory");
            r->rout[r->nrout++] = (struct routine){ (uint32_t)a, (uint32_t)(a + size) };
        }
        at += len;
    }
    return 0;
}

static int by_start(const void *a, const void *b)
{
    const struct routine *x = a, *y = b;
    if (x->start != y->start)
        return x->start < y->start ? -1 : 1;
    return x->end < y->end ? 1 : x->end > y->end ? -1 : 0;     /* the widest first */
}

/* Every module's routines, sorted by start for routine_end(), one a start. */
static int read_locals(struct reader *r)
{
    r->nrout = 0;
    for (size_t k = 0; k < r->nmod; k++)
        if (read_demand(r, &r->mod[k], r->mod[k].locals_link, r->mod[k].locals, "locals", read_locals_block) != 0)
            return -1;
    if (!r->nrout)
        return 0;
    qsort(r->rout, r->nrout, sizeof *r->rout, by_start);
    size_t k = 1;               /* one routine a start, the widest */
    for (size_t i = 1; i < r->nrout; i++)
        if (r->rout[i].start != r->rout[k - 1].start)
            r->rout[k++] = r->rout[i];
    r->nrout = k;
    return 0;
}

static int start_is(const void *key, const void *elem)
{
    uint32_t a = *(const uint32_t *)key, b = ((const struct routine *)elem)->start;
    return (a > b) - (a < b);
}

/* Where the routine that starts at addr ends (exclusive), or 0 when the
 * locals have none there. */
static uint32_t routine_end(const struct reader *r, uint32_t addr)
{
    const struct routine *hit = r->nrout ? bsearch(&addr, r->rout, r->nrout, sizeof *r->rout, start_is) : NULL;
    return hit ? hit->end : 0;
}

/* The global symbols, from gbl_off to addr_off: code ones become symbols,
 * ending where the locals' routine at their address ends. */
static int read_globals(struct reader *r, uint32_t from, uint32_t to)
{
    size_t k = 0;
    for (uint32_t at = from; at < to; k++) {
        struct span g;
        uint32_t off = 0;
        unsigned seg = 0, mod = 0, kind = 0, len = 0;
        if (span_sub(r->sect, at, to - at, &g) != 0 || span_u8(g, GBL_FIXED - 1, &len) != 0 || GBL_FIXED + len > g.n)
            BAD(r, "section at +%X: global symbol %zu is cut short", (unsigned)r->sect_at, k);
        span_u32(g, 0, &off);
        span_u16(g, 4, &seg);
        span_u16(g, 6, &mod);
        span_u8(g, 8, &kind);
        if (mod >= r->nmod) {
            char name[40];
            span_printable((const char *)g.p + GBL_FIXED, len, name);
            BAD(r, "section at +%X: global symbol %s names module %u of %zu", (unsigned)r->sect_at, name, mod, r->nmod);
        }
        uint64_t addr = (uint64_t)seg * 16u + off;
        struct block *b = block_at(r, mod, addr);
        if ((kind & GBL_KIND_CODE) && addr <= UINT32_MAX) {
            if (spend(r) != 0)
                return -1;
            if (symtab_add_proc(r->t, (const char *)g.p + GBL_FIXED, len, (uint32_t)addr,
                                routine_end(r, (uint32_t)addr)) != 0)
                BAD(r, "out of memory");
            if (b)
                b->code = 1;
        } else if ((kind & GBL_KIND_DATA) && b) {
            b->data = 1;
        }
        at += GBL_FIXED + len;
    }
    return 0;
}

/* One section: its header's offsets (from the section's start) delimit
 * the module, global and address tables; a section whose module table
 * is empty holds an overlay's place and nothing else. */
static int read_section(struct reader *r)
{
    uint32_t mod_off = 0, gbl_off = 0, addr_off = 0;
    span_u32(r->sect, 0, &mod_off);
    span_u32(r->sect, 4, &gbl_off);
    span_u32(r->sect, 8, &addr_off);
    if (mod_off == gbl_off)
        return 0;
    if (mod_off < SECTION_SIZE || mod_off > gbl_off || gbl_off > addr_off || addr_off > r->sect.n)
        BAD(r, "section at +%X: its tables (modules +%X, globals +%X, addresses +%X) are not in order within its "
               "%u bytes", (unsigned)r->sect_at, (unsigned)mod_off, (unsigned)gbl_off, (unsigned)addr_off,
            (unsigned)r->sect.n);
    r->nmod = r->nblk = 0;
    if (read_modules(r, mod_off, gbl_off) != 0 || read_blocks(r, addr_off, (uint32_t)r->sect.n) != 0 ||
        order_blocks(r) != 0 || read_locals(r) != 0 || read_globals(r, gbl_off, addr_off) != 0 || read_lines(r) != 0)
        return -1;
    for (size_t i = 0; i < r->nblk; i++) {
        const struct block *b = &r->blk[i];
        if (b->module == NO_MODULE || b->size == 0 || !(b->code || b->data))
            continue;
        if (symtab_add_segment(r->t, r->mod[b->module].file, b->code ? "CODE" : "DATA", b->start,
                               b->start + b->size - 1) != 0)
            BAD(r, "out of memory");
    }
    return 0;
}

static int read_info(struct reader *r, struct span info, unsigned lang_size, unsigned seg_size)
{
    uint32_t at = lang_size + seg_size;
    while (at < info.n) {
        uint32_t size = 0;
        r->sect_at = at;
        if (span_u32(info, at + 12, &size) != 0 || info.n - at < SECTION_SIZE)
            BAD(r, "the section at +%X is cut short", (unsigned)at);
        if (size < SECTION_SIZE || size > info.n - at)
            BAD(r, "the section at +%X says %u bytes, and %u are left", (unsigned)at, (unsigned)size,
                (unsigned)(info.n - at));
        span_sub(info, at, size, &r->sect);
        if (read_section(r) != 0)
            return -1;
        at += size;
    }
    return 0;
}

int watcom_parse(const uint8_t *file, size_t n, struct symtab *t, char *err, size_t errn)
{
    struct reader r = { .t = t, .err = err, .errn = errn };
    memset(t, 0, sizeof *t);
    t->format = MAP_WATCOM;
    size_t end = watcom_present(file, n, NULL) ? master_end(file, n) : 0;
    if (end == 0) {
        snprintf(err, errn, "no Watcom debugging information (link with wlink debug watcom all)");
        return -1;
    }
    struct span all = { file, end };
    size_t h = end - MASTER_SIZE;
    unsigned lang_size = 0, seg_size = 0;
    uint32_t size = 0;
    r.major = file[h + 2];
    r.minor = file[h + 3];
    snprintf(r.what, sizeof r.what, "Watcom debugging information %u.%u", r.major, r.minor);
    span_u16(all, h + 6, &lang_size);
    span_u16(all, h + 8, &seg_size);
    span_u32(all, h + 10, &size);
    int rc;
    if (r.major != 3 || r.minor != 0) {
        rc = symtab_debug_error(err, errn, r.what, "this reader reads version 3.0, what wlink writes");
    } else if (size < MASTER_SIZE + (uint32_t)lang_size + seg_size || size > end) {
        rc = symtab_debug_error(err, errn, r.what, "its size (%u bytes, with %u of languages and %u of segments) "
                                "does not fit the file's %zu", (unsigned)size, lang_size, seg_size, end);
    } else {
        r.budget = size;
        rc = read_info(&r, (struct span){ file + end - size, size - MASTER_SIZE }, lang_size, seg_size);
    }
    free(r.mod);
    free(r.blk);
    free(r.order);
    free(r.rout);
    return symtab_finish(t, rc, r.what, err, errn);
}
