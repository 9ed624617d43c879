/*
 * formats/prfdiff.c: see prfdiff.h.
 */
#include "prfdiff.h"

#include "attrib.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double total_of(const struct prf *p)
{
    double t = (double)p->hit_io + p->hit_dos + p->hit_high;
    for (unsigned i = 0; i < p->bucket_num; i++)
        t += p->bucket[i];
    return t > 0 ? t : 1;
}

static int by_move(const void *x, const void *y)
{
    const struct diff_row *a = x, *b = y;
    double da = fabs(a->new_share - a->old_share), db = fabs(b->new_share - b->old_share);
    if (da != db)
        return da < db ? 1 : -1;
    return strcmp(a->label, b->label);
}

int prf_compare(const struct prf *a, const struct prf *b, const struct symtab *map,
                struct prf_diff *out, char *err, size_t errn)
{
    memset(out, 0, sizeof *out);
    if (a->bucket_size != b->bucket_size || a->bucket_num != b->bucket_num) {
        snprintf(err, errn, "the profiles have different bucket layouts (%u buckets of %u paragraphs vs "
                 "%u of %u): profile both with the same -b on the same program",
                 a->bucket_num, a->bucket_size, b->bucket_num, b->bucket_size);
        return -1;
    }
    struct unit_hits *ua = NULL, *ub = NULL;
    size_t nprog = a->bucket_num;
    if (map && (attribute_hits(a, map, &ua, &nprog) != 0 || attribute_hits(b, map, &ub, &nprog) != 0)) {
        free(ua);
        snprintf(err, errn, "out of memory");
        return -1;
    }
    out->rows = calloc(nprog + 3, sizeof *out->rows);
    if (!out->rows) {
        free(ua);
        free(ub);
        snprintf(err, errn, "out of memory");
        return -1;
    }
    double ta = total_of(a), tb = total_of(b);
    for (size_t r = 0; r < nprog; r++) {
        struct diff_row *row = &out->rows[r];
        if (map) {
            snprintf(row->label, sizeof row->label, "%s", ua[r].name);
            row->old_share = 100.0 * ua[r].hits / ta;
            row->new_share = 100.0 * ub[r].hits / tb;
        } else {
            snprintf(row->label, sizeof row->label, "bucket %zu (%05X)", r, (unsigned)(r * a->bucket_size * 16u));
            row->old_share = 100.0 * a->bucket[r] / ta;
            row->new_share = 100.0 * b->bucket[r] / tb;
        }
    }
    free(ua);
    free(ub);
    const char *names[3] = { "io", "dos", "high" };
    const unsigned va[3] = { a->hit_io, a->hit_dos, a->hit_high };
    const unsigned vb[3] = { b->hit_io, b->hit_dos, b->hit_high };
    for (int k = 0; k < 3; k++) {
        struct diff_row *row = &out->rows[nprog + (size_t)k];
        snprintf(row->label, sizeof row->label, "%s", names[k]);
        row->old_share = 100.0 * va[k] / ta;
        row->new_share = 100.0 * vb[k] / tb;
    }
    out->n = nprog + 3;
    qsort(out->rows, out->n, sizeof *out->rows, by_move);
    return 0;
}

void prf_diff_free(struct prf_diff *d)
{
    free(d->rows);
    d->rows = NULL;
}

void prf_first_difference(const struct prf *a, const struct prf *b, char *out, size_t n)
{
    static const char *names[9] = { "clock_grain", "bucket_num", "bucket_size", "prog_low_pa",
                                    "prog_high_pa", "dos_pa", "hit_io", "hit_dos", "hit_high" };
    const uint16_t ha[9] = { a->clock_grain, a->bucket_num, a->bucket_size, a->prog_low_pa,
                             a->prog_high_pa, a->dos_pa, a->hit_io, a->hit_dos, a->hit_high };
    const uint16_t hb[9] = { b->clock_grain, b->bucket_num, b->bucket_size, b->prog_low_pa,
                             b->prog_high_pa, b->dos_pa, b->hit_io, b->hit_dos, b->hit_high };
    out[0] = 0;
    for (int i = 0; i < 9; i++) {
        if (ha[i] != hb[i]) {
            snprintf(out, n, "%s (offset %d): %u vs %u", names[i], 2 * i, ha[i], hb[i]);
            return;
        }
    }
    for (unsigned i = 0; i < a->bucket_num; i++) {
        if (a->bucket[i] != b->bucket[i]) {
            snprintf(out, n, "bucket %u (offset %u): %u vs %u", i, PRF_HEADER_BYTES + 2 * i,
                     a->bucket[i], b->bucket[i]);
            return;
        }
    }
}
