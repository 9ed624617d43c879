/*
 * formats/prf.h: the MS-DOS PROFIL .PRF file.
 *
 * Nine little-endian 16-bit words, then bucket_num words; nothing else
 * (../shared/spec/PROFIL.md, section 1).  Reading validates the size
 * against bucket_num; writing is atomic (a temporary file renamed into
 * place), so a failed or interrupted write never leaves a partial file.
 */
#ifndef PROFIL_FORMATS_PRF_H
#define PROFIL_FORMATS_PRF_H

#include <stddef.h>
#include <stdint.h>

#define PRF_HEADER_BYTES 18u

/* One program address's count: its offset in the load module (from
 * prog_low_pa) and the samples (or a trace's instructions) there. */
struct prf_at {
    uint32_t offset;
    uint64_t count;
};

struct prf {
    uint16_t clock_grain;       /* sample interval, microseconds          */
    uint16_t bucket_num;
    uint16_t bucket_size;       /* paragraphs per bucket                  */
    uint16_t prog_low_pa;
    uint16_t prog_high_pa;
    uint16_t dos_pa;
    uint16_t hit_io;
    uint16_t hit_dos;
    uint16_t hit_high;
    uint16_t *bucket;           /* bucket_num counters                    */
    /* Not in the file: the exact counts of its companion NAME.prc when a
     * reader attached them (formats/prc.h), bucket_num buckets then io,
     * dos and high; NULL: the 16-bit words above are all there is. */
    uint64_t *exact;
    const char *unit;           /* what the counters count; NULL: "samples" */
    /* Not in the file either: each counted program address, by offset, the
     * non-zero ones (NAME.prc's "addresses", or the run's own); NULL: the
     * buckets are all there is, and a symbol's share of one is an estimate. */
    struct prf_at *at;
    size_t nat;
};

/* A counter as the run counted it: exact when attached, else the .PRF's. */
static inline uint64_t prf_hits(const struct prf *p, uint32_t i)
{
    return p->exact ? p->exact[i] : p->bucket[i];
}
static inline uint64_t prf_io(const struct prf *p) { return p->exact ? p->exact[p->bucket_num] : p->hit_io; }
static inline uint64_t prf_dos(const struct prf *p) { return p->exact ? p->exact[p->bucket_num + 1] : p->hit_dos; }
static inline uint64_t prf_high(const struct prf *p) { return p->exact ? p->exact[p->bucket_num + 2] : p->hit_high; }
static inline const char *prf_unit(const struct prf *p) { return p->unit ? p->unit : "samples"; }
/* Every counter summed: buckets, io, dos and high. */
uint64_t prf_total(const struct prf *p);

/* The non-zero counts of count[0..n-1] (one per program offset) as a
 * sorted list in *at (allocated, at least one element so that an empty
 * list is not NULL); -1 when out of memory. */
int prf_at_from_counts(const uint64_t *count, uint32_t n, struct prf_at **at, size_t *nat);
/* The sum of two sorted lists (merging runs): *out allocated; -1 when out
 * of memory. */
int prf_at_add(const struct prf_at *a, size_t na, const struct prf_at *b, size_t nb, struct prf_at **out,
               size_t *nout);

size_t prf_size(const struct prf *p);
/* Encode into buf (prf_size bytes). */
void prf_encode(const struct prf *p, uint8_t *buf);
/* Decode; returns 0 or -1 with a reason (the buckets are allocated). */
int prf_decode(const uint8_t *buf, size_t n, struct prf *p, char *err, size_t errn);
int prf_write_file(const char *path, const struct prf *p, char *err, size_t errn);
/* The same, staged in a set of files renamed together (fileio.h). */
struct file_set;
int prf_write_file_into(struct file_set *set, const char *path, const struct prf *p, char *err, size_t errn);
/* Read and decode; an error message always starts with the path. */
int prf_read_file(const char *path, struct prf *p, char *err, size_t errn);
void prf_free(struct prf *p);

#endif
