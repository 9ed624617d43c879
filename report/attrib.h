/*
 * report/attrib.h: samples per symbol (or, in a map without publics, per
 * segment) and per source line.  Each counted address goes whole to the
 * row holding it: a .prx's, or the run's sample addresses (NAME.prc's,
 * attached to the .PRF).  A .PRF alone has only buckets: each bucket's
 * hits are then split among the rows covering bytes in it, in proportion
 * to those bytes, and the figures are estimates (attribute_is_estimate),
 * which every output marks "~" with attribute_estimate_note's reason.
 * What no row holds counts as "(no symbol)" or "(no line)".  Shared by
 * `profil hist`, annotate, diff, the run summary and the exports.
 */
#ifndef PROFIL_FORMATS_ATTRIB_H
#define PROFIL_FORMATS_ATTRIB_H

#include <stddef.h>
#include <stdint.h>

#include "../formats/prf.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"

/* What a row counts: samples (a .PRF), or a .prx's exact instructions,
 * cycles, or the cycles the execution unit waited for the bus (stalls:
 * the bus model's prefetch starvation, bus contention and DRAM refresh). */
enum metric { METRIC_SAMPLES, METRIC_INSTRUCTIONS, METRIC_CYCLES, METRIC_STALLS };
#define NMETRICS 4

/* What a row of `profil hist --by` (or cover's) is; attrib_unit_names[]
 * are the names --by takes, by enum value (BY_DEFAULT: none given). */
enum attrib_unit { BY_DEFAULT, BY_BUCKET, BY_SYMBOL, BY_LINE, BY_FUNCTION, BY_SITE, BY_SERVICE, BY_ZONE, BY_FRAME, BY_LABEL };
#define NUNITS 10
extern const char *const attrib_unit_names[NUNITS];

struct unit_hits {
    const char *name;           /* points into the symtab, or a constant */
    uint32_t start, end;        /* bytes in the load module; end exclusive (0, 0: no range) */
    double hits;
    double stalls;              /* a .prx of the bus model: its bus stalls */
};

/* rows[0..n-1] in address order, then "(no symbol)" as the last row
 * (*n counts it).  Returns -1 when out of memory. */
int attribute_hits(const struct prf *p, const struct symtab *t, struct unit_hits **rows, size_t *n);

/* 1 when attribute_hits/attribute_lines can only split p's buckets by
 * bytes (no counted addresses attached), and the line that says so. */
int attribute_is_estimate(const struct prf *p);
void attribute_estimate_note(const struct prf *p, char *out, size_t n);

/* The same per source line of the map's line-number table: one row per
 * label ("HELLO.C:12", its entries' hits summed; start/end give its first
 * range), in address order, then "(no line)". */
int attribute_lines(const struct prf *p, const struct symtab *t, struct unit_hits **rows, size_t *n);

/* The same from a .prx, exactly: each program address's count goes whole
 * to the symbol (by_line: the source line) whose range holds it. */
int attribute_exact(const struct prx *x, const struct symtab *t, enum metric m, int by_line,
                    struct unit_hits **rows, size_t *n);
/* A metric's name ("samples", "instructions", "cycles", "stalls"), as
 * --metric takes it (metric_names[], by enum value) and the reports print it. */
extern const char *const metric_names[NMETRICS];
const char *metric_name(enum metric m);
/* An entry's count under a metric (instructions for METRIC_SAMPLES). */
double prx_metric(const struct prx_entry *e, enum metric m);

#endif
