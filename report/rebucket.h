/*
 * report/rebucket.h: counting a recorded run into the rows of a bucket
 * definition (formats/buckets.h) without running it again: a sample log's
 * samples (NAME.prs of run --samples) or a trace's exact per-address
 * counts (NAME.prx of run --trace).  What no bucket covers is kept by its
 * PROFIL class.
 */
#ifndef PROFIL_FORMATS_REBUCKET_H
#define PROFIL_FORMATS_REBUCKET_H

#include <stddef.h>
#include <stdint.h>

#include "attrib.h"
#include "../formats/buckets.h"
#include "../formats/prx.h"

struct rebucket {
    uint64_t *row;              /* per row of the set */
    uint64_t other[4];          /* in no bucket, by enum prx_class: io, dos, high, program */
    uint64_t total;             /* all of it: rows + other */
};

/* The counts of a sample log, one per sample.  -1 with err "FILE: problem". */
int rebucket_samples(const char *prs_path, const struct bucketset *s, struct rebucket *r, char *err, size_t errn);
/* The counts of a trace's address rows under metric m (instructions,
 * cycles or stalls).  -1 when out of memory. */
int rebucket_prx(const struct prx *x, enum metric m, const struct bucketset *s, struct rebucket *r);
/* A bucket's count (its rows summed) and a group's (its buckets summed). */
uint64_t rebucket_bucket(const struct bucketset *s, const struct rebucket *r, uint32_t b);
uint64_t rebucket_group(const struct bucketset *s, const struct rebucket *r, uint32_t g);
void rebucket_free(struct rebucket *r);

#endif
