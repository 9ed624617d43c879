/*
 * report/merge.c: see merge.h.  Owns the sum of two profiles of one
 * layout: their .PRF words, their exact counts and totals, and their time
 * per service (rows matched by id).
 */
#include "merge.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../formats/fileio.h"
#include "../emu/clockrate.h"      /* CPU_HZ_NUM / CPU_HZ_DEN: the summed cycles in seconds */

#define EXACT_MAX (UINT64_MAX >> 1)     /* a .prc count is at most 2^63 - 1 (docs/formats.md) */

int merge_read(const char *path, struct merge_side *m, char *err, size_t errn)
{
    memset(m, 0, sizeof *m);
    if (prx_file_looks_like(path)) {
        snprintf(err, errn, "%s: a .prx, not a .PRF (merge adds .PRF files and their NAME.prc)", path);
        return -1;
    }
    if (prf_read_file(path, &m->p, err, errn) != 0)
        return -1;
    m->exact = prc_attach_beside(path, &m->p, &m->c, m->note, sizeof m->note);
    free(m->p.exact);           /* the counts stay in m->c */
    m->p.exact = NULL;
    m->p.unit = NULL;
    if (m->exact) {             /* and the addresses (moved to p.at by the attaching) */
        m->c.at = m->p.at;
        m->c.nat = m->p.nat;
    } else {
        free(m->p.at);
    }
    m->p.at = NULL;
    m->p.nat = 0;
    return 0;
}

void merge_layout_diff(const struct merge_side *sum, const struct merge_side *b, char *why, size_t n)
{
    /* bucket_size before bucket_num: the cause before its consequence */
    static const char *const names[6] = { "clock_grain", "bucket_size", "bucket_num", "prog_low_pa",
                                          "prog_high_pa", "dos_pa" };
    const uint16_t x[6] = { sum->p.clock_grain, sum->p.bucket_size, sum->p.bucket_num, sum->p.prog_low_pa,
                            sum->p.prog_high_pa, sum->p.dos_pa };
    const uint16_t y[6] = { b->p.clock_grain, b->p.bucket_size, b->p.bucket_num, b->p.prog_low_pa,
                            b->p.prog_high_pa, b->p.dos_pa };
    why[0] = 0;
    for (int k = 0; k < 6; k++)
        if (x[k] != y[k]) {
            snprintf(why, n, "%s is %u, not %u", names[k], y[k], x[k]);
            return;
        }
    if (!sum->exact || !b->exact)
        return;
    const char *const what[3] = { "counts", "CPU is", "clock model is" };
    const char *const xs[3] = { sum->c.unit, sum->c.cpu, sum->c.timing }, *const ys[3] = { b->c.unit, b->c.cpu,
                                                                                           b->c.timing };
    for (int k = 0; k < 3; k++)
        if (strcmp(xs[k], ys[k]) != 0) {
            snprintf(why, n, "%s %s, not %s", what[k], ys[k], xs[k]);
            return;
        }
}

/* "bucket 7 (00070)" or "hit_io": counter i of p (bucket_num buckets, then the classes). */
static void counter_name(const struct prf *p, uint32_t i, char *out, size_t n)
{
    static const char *const classes[3] = { "hit_io", "hit_dos", "hit_high" };
    if (i < p->bucket_num)
        snprintf(out, n, "bucket %u (%05X)", i, i * p->bucket_size * 16u);
    else
        snprintf(out, n, "%s", classes[i - p->bucket_num]);
}

static uint16_t *word(struct prf *p, uint32_t i)
{
    uint16_t *cls[3] = { &p->hit_io, &p->hit_dos, &p->hit_high };
    return i < p->bucket_num ? &p->bucket[i] : cls[i - p->bucket_num];
}

static uint64_t *exact_count(struct prc *c, uint32_t i)
{
    uint64_t *cls[3] = { &c->io, &c->dos, &c->high };
    return i < c->header.bucket_num ? &c->bucket[i] : cls[i - c->header.bucket_num];
}

/* The services of both, rows of one id added; none unless both have them. */
static int add_services(struct prc *sum, const struct prc *b)
{
    if (!sum->services || !b->services) {
        free(sum->services);
        sum->services = NULL;
        sum->nservices = 0;
        return 0;
    }
    struct prx_service *rows = calloc(sum->nservices + b->nservices + 1, sizeof *rows);
    if (!rows)
        return -1;
    size_t n = sum->nservices;
    memcpy(rows, sum->services, n * sizeof *rows);
    for (size_t i = 0; i < b->nservices; i++) {
        const struct prx_service *r = &b->services[i];
        size_t k = 0;
        while (k < n && rows[k].id != r->id)
            k++;
        if (k == n)
            rows[n++] = *r;
        else {
            rows[k].samples += r->samples;
            rows[k].calls += r->calls;
            rows[k].cycles += r->cycles;
            rows[k].insns += r->insns;
        }
    }
    prx_services_sort(rows, n, strcmp(sum->mode, "trace") == 0);
    free(sum->services);
    sum->services = rows;
    sum->nservices = n;
    sum->service_samples += b->service_samples;
    return 0;
}

/* The counted addresses of both, added; none unless both have them. */
static int add_addresses(struct prc *sum, const struct prc *b)
{
    struct prf_at *at = NULL;
    size_t n = 0;
    if (sum->at && b->at && prf_at_add(sum->at, sum->nat, b->at, b->nat, &at, &n) != 0)
        return -1;
    free(sum->at);
    sum->at = at;
    sum->nat = n;
    return 0;
}

int merge_add(struct merge_side *sum, const struct merge_side *b, char *why, size_t n)
{
    char name[40];
    uint32_t count = sum->p.bucket_num + 3u;
    int exact = sum->exact && b->exact;
    for (uint32_t i = 0; i < count; i++) {
        uint64_t x = exact ? *exact_count(&sum->c, i) : *word(&sum->p, i);
        uint64_t y = exact ? *exact_count((struct prc *)&b->c, i) : *word((struct prf *)&b->p, i);
        if ((exact && x + y > EXACT_MAX) || (!exact && x + y > 0xFFFF)) {
            counter_name(&sum->p, i, name, sizeof name);
            snprintf(why, n, "%s: %llu + %llu = %llu passes %s", name, (unsigned long long)x, (unsigned long long)y,
                     (unsigned long long)(x + y),
                     exact ? "2^63 - 1, a .prc count's limit"
                           : "65535, a .PRF counter's limit, and without exact counts (NAME.prc) on every side "
                             "the sum cannot be kept");
            return -1;
        }
    }
    for (uint32_t i = 0; i < count; i++) {
        if (exact) {
            uint64_t *x = exact_count(&sum->c, i);
            *x += *exact_count((struct prc *)&b->c, i);
            *word(&sum->p, i) = (uint16_t)*x;
        } else {
            *word(&sum->p, i) = (uint16_t)(*word(&sum->p, i) + *word((struct prf *)&b->p, i));
        }
    }
    if (exact) {
        struct prc *c = &sum->c;
        c->run[0] = 0;          /* a sum of runs is no one run */
        c->cycles += b->c.cycles;
        c->seconds = (double)c->cycles * (double)CPU_HZ_DEN / (double)CPU_HZ_NUM;
        c->instructions += b->c.instructions;
        c->samples += b->c.samples;
        if (add_services(c, &b->c) != 0 || add_addresses(c, &b->c) != 0) {
            snprintf(why, n, "out of memory");
            return -1;
        }
    } else if (sum->exact) {
        prc_free(&sum->c);
        sum->exact = 0;
    }
    return 0;
}

int merge_write(const char *prf_path, const struct merge_side *sum, char *err, size_t errn)
{
    char path[4200];
    struct stat st;
    if (prf_write_file(prf_path, &sum->p, err, errn) != 0)
        return -1;
    if (stat(prf_path, &st) != 0 || !S_ISREG(st.st_mode))
        return 0;               /* a device: no companion */
    prc_path(prf_path, path, sizeof path);
    if (!sum->exact) {
        if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && unlink(path) != 0) {
            snprintf(err, errn, "%s: cannot remove the old exact counts, which are not the sum's", path);
            return -1;
        }
        return 0;
    }
    if (prc_write_file(path, &sum->c, err, errn) != 0) {
        unlink(path);
        return -1;
    }
    int wrapped = 0;
    for (uint32_t i = 0; i < sum->p.bucket_num + 3u; i++)
        wrapped += *exact_count((struct prc *)&sum->c, i) > 0xFFFF;
    return wrapped;
}

void merge_free(struct merge_side *m)
{
    prf_free(&m->p);
    if (m->exact)
        prc_free(&m->c);
    m->exact = 0;
}
