/*
 * report/rebucket.c: see rebucket.h.
 */
#include "rebucket.h"

#include <stdlib.h>
#include <string.h>

#include "../formats/samplelog.h"

static int start(const struct bucketset *s, struct rebucket *r)
{
    memset(r, 0, sizeof *r);
    r->row = calloc(s->nrow ? s->nrow : 1, sizeof *r->row);
    return r->row ? 0 : -1;
}

static void count(const struct bucketset *s, struct rebucket *r, uint32_t linear, unsigned cls, uint64_t v)
{
    long row = bucketset_find(s, linear);
    if (row >= 0)
        r->row[row] += v;
    else
        r->other[cls & 3] += v;
    r->total += v;
}

struct sample_ctx {
    const struct bucketset *s;
    struct rebucket *r;
};

static void each_sample(void *ctx, const struct sample *smp)
{
    struct sample_ctx *c = ctx;
    count(c->s, c->r, ((uint32_t)smp->cs * 16u + smp->ip) & 0xFFFFFu, smp->cls, 1);
}

int rebucket_samples(const char *prs_path, const struct bucketset *s, struct rebucket *r, char *err, size_t errn)
{
    struct prf layout;
    uint64_t n;
    struct sample_ctx ctx = { s, r };
    if (start(s, r) != 0) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    if (samplelog_read_file(prs_path, &layout, &n, NULL, each_sample, &ctx, err, errn) != 0) {
        rebucket_free(r);
        return -1;
    }
    return 0;
}

int rebucket_prx(const struct prx *x, enum metric m, const struct bucketset *s, struct rebucket *r)
{
    if (start(s, r) != 0)
        return -1;
    for (size_t i = 0; i < x->n; i++)
        count(s, r, x->e[i].linear, x->e[i].cls, (uint64_t)prx_metric(&x->e[i], m));
    return 0;
}

uint64_t rebucket_bucket(const struct bucketset *s, const struct rebucket *r, uint32_t b)
{
    uint64_t sum = 0;
    for (uint32_t k = 0; k < s->bucket[b].nrows; k++)
        sum += r->row[s->bucket[b].first_row + k];
    return sum;
}

uint64_t rebucket_group(const struct bucketset *s, const struct rebucket *r, uint32_t g)
{
    uint64_t sum = 0;
    for (uint32_t k = 0; k < s->group[g].n; k++)
        sum += rebucket_bucket(s, r, s->group[g].member[k]);
    return sum;
}

void rebucket_free(struct rebucket *r)
{
    free(r->row);
    r->row = NULL;
}
