/*
 * sampler/sampler.h: MS-DOS PROFIL's sampling rules.
 *
 * Owns the profile layout (bucket_num, prog_low_pa, prog_high_pa, dos_pa as
 * PROFIL computes them), the classification of one sample's CS:IP (I/O
 * system, DOS, high, or a program bucket: ../shared/spec/PROFIL.md section
 * 2), and the counters: 64-bit internally, 16-bit and wrapping in the .PRF.
 * It never touches the CPU: the machine calls sampler_tick().
 */
#ifndef PROFIL_SAMPLER_H
#define PROFIL_SAMPLER_H

#include <stddef.h>
#include <stdint.h>

struct prf;

struct prf_layout {
    uint16_t clock_grain;       /* usec, as given */
    uint16_t bucket_size;       /* paragraphs */
    uint32_t bucket_num;
    uint16_t prog_low_pa, prog_high_pa, dos_pa;
};

enum sample_class { CLASS_IO, CLASS_DOS, CLASS_HIGH, CLASS_BUCKET };

struct calltree;
struct svcprof;
struct procs;
struct samplelog;
struct frames;
struct sampler {
    struct prf_layout layout;
    uint64_t hit_io, hit_dos, hit_high, total;
    uint64_t *bucket;
    uint64_t *at;               /* per program offset (bucket_num x bucket_size x 16 of them):
                                   where each sample in a bucket was, for exact per-symbol
                                   figures; NULL: not kept */
    uint32_t nat;
    struct calltree *stacks;    /* --stacks: each sample also counts for the innermost call */
    struct svcprof *services;   /* or NULL: samples in DOS and the I/O system per service */
    struct procs *procs;        /* or NULL: each sample also counts for its program (procs.h) */
    struct samplelog *log;      /* or NULL: run --samples, each sample's CS:IP and class (NAME.prs) */
    struct frames *frames;      /* or NULL: each sample also counts for the open frame (frames.h) */
    int paused;                 /* the program stopped profiling (guestprof.h): ticks count nothing */
};

/* PROFIL's program size in paragraphs: .EXE (by extension) from the
 * header's page count x 32, anything else (file_size + 15) >> 4. */
uint16_t sampler_program_paras(const char *name, const uint8_t *file, size_t size);
/* The layout; -1 with a reason if bucket_num does not fit in 16 bits. */
int prf_layout_make(struct prf_layout *l, uint16_t clock_grain, uint16_t bucket_size,
                    uint16_t program_paras, uint16_t prog_low_pa, uint16_t dos_pa,
                    char *err, size_t errn);

enum sample_class sample_classify(const struct prf_layout *l, uint16_t cs, uint16_t ip,
                                  uint32_t *bucket);

/* The offset of linear address a in segment cs (both as the CPU formed them). */
uint16_t sample_ip_of(uint32_t a, uint16_t cs);
/* PROFIL's class of linear address a run with cs, a bucket number past
 * the end being high (*bucket: the bucket, for CLASS_BUCKET). */
enum sample_class sample_class_at(const struct prf_layout *l, uint32_t a, uint16_t cs, uint32_t *bucket);

/* A program address's offset from prog_low_pa (the .prc's "addresses"),
 * as PROFIL's classification forms its paragraph. */
static inline uint32_t sample_offset(const struct prf_layout *l, uint16_t cs, uint16_t ip)
{
    return (uint32_t)(uint16_t)(cs + (ip >> 4) - l->prog_low_pa) * 16u + (ip & 15u);
}

int sampler_init(struct sampler *s, const struct prf_layout *l);
void sampler_free(struct sampler *s);
void sampler_tick(void *sampler, uint16_t cs, uint16_t ip);
/* Every count back to 0 (the program's CLEAR). */
void sampler_clear(struct sampler *s);
/* Fill a .PRF from the counts (p->bucket allocated, and p->exact: the
 * 64-bit counts, and p->at: the counted addresses, for the summary); returns how many counters exceeded
 * 65535 and wrapped, or -1 when out of memory. */
int sampler_to_prf(const struct sampler *s, struct prf *p);

#endif
