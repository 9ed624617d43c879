/*
 * formats/prf.c: .PRF encoding, decoding and atomic file I/O (see prf.h).
 */
#include "prf.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fileio.h"

size_t prf_size(const struct prf *p) { return PRF_HEADER_BYTES + 2u * p->bucket_num; }

static void put16(uint8_t *b, uint16_t v) { b[0] = (uint8_t)v; b[1] = (uint8_t)(v >> 8); }
static uint16_t get16(const uint8_t *b) { return (uint16_t)(b[0] | b[1] << 8); }

void prf_encode(const struct prf *p, uint8_t *buf)
{
    const uint16_t hdr[9] = { p->clock_grain, p->bucket_num, p->bucket_size, p->prog_low_pa,
                              p->prog_high_pa, p->dos_pa, p->hit_io, p->hit_dos, p->hit_high };
    for (int i = 0; i < 9; i++)
        put16(buf + 2 * i, hdr[i]);
    for (unsigned i = 0; i < p->bucket_num; i++)
        put16(buf + PRF_HEADER_BYTES + 2 * i, p->bucket[i]);
}

int prf_decode(const uint8_t *buf, size_t n, struct prf *p, char *err, size_t errn)
{
    memset(p, 0, sizeof *p);
    if (n < PRF_HEADER_BYTES) {
        snprintf(err, errn, "not a .PRF file: %zu bytes, shorter than the 18-byte header", n);
        return -1;
    }
    uint16_t *fields[9] = { &p->clock_grain, &p->bucket_num, &p->bucket_size, &p->prog_low_pa,
                            &p->prog_high_pa, &p->dos_pa, &p->hit_io, &p->hit_dos, &p->hit_high };
    for (int i = 0; i < 9; i++)
        *fields[i] = get16(buf + 2 * i);
    if (n % 2) {
        snprintf(err, errn, "corrupt .PRF: odd size %zu bytes (the file is 16-bit words)", n);
        return -1;
    }
    size_t expect = prf_size(p);
    if (n != expect) {
        snprintf(err, errn, "corrupt .PRF: header says %u buckets (%zu bytes) but the file has %zu bytes",
                 p->bucket_num, expect, n);
        return -1;
    }
    if (p->bucket_size == 0) {
        snprintf(err, errn, "corrupt .PRF: bucket size 0");
        return -1;
    }
    p->bucket = calloc(p->bucket_num ? p->bucket_num : 1, sizeof *p->bucket);
    if (!p->bucket) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    for (unsigned i = 0; i < p->bucket_num; i++)
        p->bucket[i] = get16(buf + PRF_HEADER_BYTES + 2 * i);
    return 0;
}

int prf_write_file(const char *path, const struct prf *p, char *err, size_t errn)
{
    return prf_write_file_into(NULL, path, p, err, errn);
}

int prf_write_file_into(struct file_set *set, const char *path, const struct prf *p, char *err, size_t errn)
{
    size_t n = prf_size(p);
    uint8_t *buf = malloc(n);
    if (!buf) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    prf_encode(p, buf);
    int rc = write_file_into(set, path, buf, n, err, errn);
    free(buf);
    return rc;
}

int prf_read_file(const char *path, struct prf *p, char *err, size_t errn)
{
    uint8_t *buf;
    size_t n;
    char why[256];
    if (read_file(path, &buf, &n, err, errn) != 0)
        return -1;
    int rc = prf_decode(buf, n, p, why, sizeof why);
    if (rc != 0)
        snprintf(err, errn, "%s: %s", path, why);
    free(buf);
    return rc;
}

uint64_t prf_total(const struct prf *p)
{
    uint64_t t = prf_io(p) + prf_dos(p) + prf_high(p);
    for (uint32_t i = 0; i < p->bucket_num; i++)
        t += prf_hits(p, i);
    return t;
}

int prf_at_from_counts(const uint64_t *count, uint32_t n, struct prf_at **at, size_t *nat)
{
    size_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        k += count[i] != 0;
    if (!(*at = calloc(k ? k : 1, sizeof **at)))
        return -1;
    *nat = 0;
    for (uint32_t i = 0; i < n; i++)
        if (count[i])
            (*at)[(*nat)++] = (struct prf_at){ i, count[i] };
    return 0;
}

int prf_at_add(const struct prf_at *a, size_t na, const struct prf_at *b, size_t nb, struct prf_at **out,
               size_t *nout)
{
    size_t i = 0, j = 0, k = 0;
    if (!(*out = calloc(na + nb ? na + nb : 1, sizeof **out)))
        return -1;
    while (i < na || j < nb) {
        if (j == nb || (i < na && a[i].offset < b[j].offset))
            (*out)[k++] = a[i++];
        else if (i == na || b[j].offset < a[i].offset)
            (*out)[k++] = b[j++];
        else {
            (*out)[k] = a[i++];
            (*out)[k++].count += b[j++].count;
        }
    }
    *nout = k;
    return 0;
}

void prf_free(struct prf *p)
{
    free(p->bucket);
    free(p->exact);
    free(p->at);
    p->bucket = NULL;
    p->exact = NULL;
    p->at = NULL;
    p->nat = 0;
}
