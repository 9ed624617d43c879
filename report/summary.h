/*
 * report/summary.h: the busiest symbols a run's summary names, from the
 * best data the run has: a trace's exact cycles per address (% of all
 * cycles); with --stacks, the samples per function, each sample counted
 * for the function it was in (exact); otherwise the .PRF's samples, each
 * counted for the symbol at its address (exact: the run keeps every
 * sample's address), or, for a .PRF with no addresses, each bucket split
 * among its symbols by bytes, an estimate at the bucket's resolution.
 */
#ifndef PROFIL_FORMATS_SUMMARY_H
#define PROFIL_FORMATS_SUMMARY_H

#include <stddef.h>
#include <stdint.h>

#include "../formats/prf.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"

enum summary_basis { SUMMARY_SPLIT, SUMMARY_CYCLES, SUMMARY_STACKS, SUMMARY_SAMPLES };

struct summary_row {
    char name[80];
    double percent;
};

/* Up to `max` rows, busiest first; rows that would show 0.0% left out (a
 * trace with children: each child program's code also a row, by its name).  `x`
 * is the run's .prx or NULL; `children` NULL or its child programs' symbols
 * by process row (report/callgraph.h); `samples` all the run's samples (the
 * split's denominator).  -1 when out of memory. */
int summary_symbols(const struct prf *p, const struct prx *x, const struct symtab *t,
                    const struct symtab *const *children, uint64_t samples, struct summary_row *rows, size_t max,
                    size_t *n, enum summary_basis *basis);

/* The line that says what the rows are: "~ estimates: ..." or "exact ...". */
void summary_basis_note(enum summary_basis b, const struct prf *p, char *out, size_t n);

#endif
