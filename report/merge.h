/*
 * report/merge.h: adding profiles of the same layout together (`profil
 * merge`, and `profil run --append`, DEC PME's ACCUMCOUNTS): the .PRF's
 * 16-bit counters and, where both sides have them, the exact counts and
 * totals of their NAME.prc companions (formats/prc.h).
 *
 * The counters' width decides what a sum may be (docs/formats.md, "Adding
 * profiles"): with exact counts on every side the sum is exact in the
 * NAME.prc written beside the sum, and its .PRF words are the sums modulo
 * 65536, as every run's are (PROFIL wrapped them); without them a sum past
 * 65535 cannot be written truthfully and is refused, naming the counter.
 */
#ifndef PROFIL_FORMATS_MERGE_H
#define PROFIL_FORMATS_MERGE_H

#include <stddef.h>

#include "../formats/prc.h"
#include "../formats/prf.h"

/* One profile: its .PRF and, when `exact`, the NAME.prc that matches it. */
struct merge_side {
    struct prf p;               /* p.exact is not used: c holds the exact counts */
    struct prc c;
    int exact;
    char note[700];             /* which counts were used (prc_attach_beside's line) */
};

/* Read FILE.PRF and its companion (NAME.prc, or a trace's NAME.prx, when
 * it matches).  -1 with err "FILE: problem". */
int merge_read(const char *path, struct merge_side *m, char *err, size_t errn);

/* "" when the two have the same layout (the six header words, and, when
 * both have exact counts, the same unit, CPU and clock model), else the
 * first difference: "bucket_size is 2, not 1". */
void merge_layout_diff(const struct merge_side *sum, const struct merge_side *b, char *why, size_t n);

/* sum += b; both of one layout (merge_layout_diff).  The result is exact
 * only when both were.  -1 with why (no path) when a sum does not fit:
 * a 16-bit counter without exact counts, or 2^63 exactly. */
int merge_add(struct merge_side *sum, const struct merge_side *b, char *why, size_t n);

/* Write the sum to prf_path and, when exact, its NAME.prc; a NAME.prc
 * already there is removed otherwise (it is not this sum's).  Returns -1
 * with err; else the number of .PRF counters past 65535 (wrapped in the
 * .PRF, exact in the .prc). */
int merge_write(const char *prf_path, const struct merge_side *sum, char *err, size_t errn);

void merge_free(struct merge_side *m);

#endif
