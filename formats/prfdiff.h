/*
 * formats/prfdiff.h: comparing two PROFIL profiles, for `profil diff`.
 *
 * Rows are the program buckets (or, with a map, its symbols: see
 * formats/attrib.c) plus io, dos and high; each row's share is its samples over all samples of
 * its profile.  Two profiles compare when their buckets mean the same
 * thing: the same bucket size and count.
 */
#ifndef PROFIL_FORMATS_PRFDIFF_H
#define PROFIL_FORMATS_PRFDIFF_H

#include <stddef.h>

#include "prf.h"
#include "symtab.h"

struct diff_row {
    char label[40];
    double old_share, new_share;    /* percent */
};

struct prf_diff {
    struct diff_row *rows;          /* sorted: largest move first */
    size_t n;
};

/* -1 with a reason when the layouts differ. */
int prf_compare(const struct prf *a, const struct prf *b, const struct symtab *map,
                struct prf_diff *out, char *err, size_t errn);
void prf_diff_free(struct prf_diff *d);
/* The first field in which the two files' bytes differ, or "" when equal. */
void prf_first_difference(const struct prf *a, const struct prf *b, char *out, size_t n);

#endif
