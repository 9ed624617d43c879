/*
 * report/prfdiff.h: comparing two profiles, for `profil diff`.
 *
 * First the totals: emulated time, and the samples (or instructions) of
 * a .PRF, or the cycles and instructions of a .prx trace; a total that
 * grew is a slowdown however the shares stay.  Exact figures come from
 * a .PRF's NAME.prc (formats/prc.h) when it was attached, or from the
 * .prx; a .PRF alone gives its time as samples x interval (estimated).
 * Then the rows: buckets (the same layout on both sides), or with maps
 * the symbols, each side named by its own map and rows matched by name;
 * for two .prx files per symbol (exact cycles), per bucket, or per
 * function of the call tree (with calls).  A row is judged by its own
 * cost (diff_row_cost): a trace's cycles (or instructions), a sampling
 * run's emulated time (its samples x the run's seconds per sample); its
 * share of each profile is context only.
 */
#ifndef PROFIL_FORMATS_PRFDIFF_H
#define PROFIL_FORMATS_PRFDIFF_H

#include <stddef.h>
#include <stdint.h>

#include "../formats/prc.h"
#include "../formats/prf.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"

struct diff_total {
    const char *what;               /* "emulated time" (seconds), "samples", "instructions", "cycles" */
    double old_value, new_value;
    int estimated;                  /* a side's time is samples x interval (no NAME.prc) */
};

struct diff_row {
    char label[80];
    double old_share, new_share;    /* percent of each side's total */
    double old_count, new_count;    /* in the rows' unit */
    double old_cost, new_cost;      /* its own cost, in cost_unit (diff_row_cost) */
    uint64_t old_calls, new_calls;  /* per function of a call tree */
};

#define DIFF_MAX_TOTALS 3
struct prf_diff {
    struct diff_total total[DIFF_MAX_TOTALS];
    size_t ntotal;
    const char *unit;               /* what the rows count */
    const char *cost_unit;          /* what a row's own cost is in: "cycles", "instructions", "ms" */
    double per_count[2];            /* each side's cost of one count (ms per sample; 1 for cycles) */
    double old_whole;               /* the old side's total cost: what a row's growth is weighed against */
    int calls;                      /* the rows have calls */
    int estimated;                  /* a side's symbol rows are buckets split by bytes (attrib.h) */
    struct diff_row *rows;          /* sorted: largest change of own cost first */
    size_t n;
};

/* How a row is judged: its own cost grew more than `threshold` percent of
 * itself (from 0: any growth) and by at least DIFF_ROW_FLOOR percent of
 * the old profile's whole cost (a row too small to move the run's time is
 * shown, never flagged).  A share that moved, or a cost that shrank, is
 * never flagged. */
#define DIFF_ROW_FLOOR 0.5
int diff_row_grew(const struct prf_diff *d, const struct diff_row *r, double threshold);
/* A row's own cost's change in percent (HUGE_VAL from 0). */
double diff_row_change(const struct diff_row *r);
/* Whether a row is shown: its own cost moved by 0.05% of the old run or
 * more, or its calls changed. */
int diff_row_shown(const struct prf_diff *d, const struct diff_row *r);

/* One side: a .PRF (prc: its attached NAME.prc, or NULL) or a .prx, and
 * the map that names its code (NULL: rows are buckets). */
struct diff_side {
    const struct prf *prf;
    const struct prc *prc;
    const struct prx *prx;
    const struct symtab *map;
};

/* -1 with a reason when the two cannot be compared (a .PRF and a .prx,
 * different bucket layouts without maps, samples against instructions). */
int profile_compare(const struct diff_side *a, const struct diff_side *b, int by_function, struct prf_diff *out,
                    char *err, size_t errn);
/* How much a total grew, in percent (negative: it shrank); HUGE_VAL when
 * it grew from 0. */
double diff_growth(const struct diff_total *t);
void prf_diff_free(struct prf_diff *d);
/* The first field in which the two files' bytes differ, or "" when equal. */
void prf_first_difference(const struct prf *a, const struct prf *b, char *out, size_t n);

#endif
