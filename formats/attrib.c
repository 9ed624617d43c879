/*
 * formats/attrib.c: see attrib.h.
 */
#include "attrib.h"

#include <stdlib.h>

static int by_start(const void *a, const void *b)
{
    const struct unit_hits *x = a, *y = b;
    return (x->start > y->start) - (x->start < y->start);
}

int attribute_hits(const struct prf *p, const struct symtab *t, struct unit_hits **out, size_t *nout)
{
    uint32_t B = p->bucket_size * 16u, limit = (uint32_t)p->bucket_num * B;
    size_t n = t->nsym ? t->nsym : t->nseg;
    struct unit_hits *rows = calloc(n + 1, sizeof *rows);
    if (!rows)
        return -1;
    for (size_t i = 0; i < n; i++) {
        rows[i].name = t->nsym ? t->sym[i].name : t->seg[i].name;
        rows[i].start = t->nsym ? t->sym[i].addr : t->seg[i].start;
        rows[i].end = t->nsym ? symtab_symbol_end(t, i, limit) : t->seg[i].stop + 1;
    }
    /* Symbols are sorted and do not overlap; segments may: sort by start and
     * sweep, so each bucket looks only at the rows that can reach it. */
    qsort(rows, n, sizeof *rows, by_start);
    double prog = 0, covered = 0;
    size_t first = 0;
    for (unsigned b = 0; b < p->bucket_num; b++) {
        prog += p->bucket[b];
        if (!p->bucket[b])
            continue;
        uint32_t lo = b * B, hi = lo + B, inside = 0;
        while (first < n && rows[first].end <= lo)
            first++;
        for (size_t i = first; i < n && rows[i].start < hi; i++) {
            uint32_t s = rows[i].start > lo ? rows[i].start : lo, e = rows[i].end < hi ? rows[i].end : hi;
            inside += s < e ? e - s : 0;
        }
        for (size_t i = first; inside && i < n && rows[i].start < hi; i++) {
            uint32_t s = rows[i].start > lo ? rows[i].start : lo, e = rows[i].end < hi ? rows[i].end : hi;
            if (s < e) {
                double share = (double)p->bucket[b] * (e - s) / inside;
                rows[i].hits += share;
                covered += share;
            }
        }
    }
    rows[n].name = "(no symbol)";
    rows[n].hits = prog - covered;
    *out = rows;
    *nout = n + 1;
    return 0;
}
