/*
 * sampler/sampler.c: PROFIL's layout, classification and counters (see
 * sampler.h).
 */
#include "sampler.h"

#include "calls.h"
#include "frames.h"
#include "procs.h"
#include "svcprof.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/prf.h"
#include "../formats/prx.h"
#include "../formats/samplelog.h"

_Static_assert((int)CLASS_IO == (int)PRX_IO && (int)CLASS_DOS == (int)PRX_DOS && (int)CLASS_HIGH == (int)PRX_HIGH &&
               (int)CLASS_BUCKET == (int)PRX_PROGRAM, "a sample log's classes are the .prx's");

static int has_exe_extension(const char *name)
{
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    const char *dot = strrchr(base, '.');
    return dot && tolower((unsigned char)dot[1]) == 'e' && tolower((unsigned char)dot[2]) == 'x' &&
           tolower((unsigned char)dot[3]) == 'e' && dot[4] == 0;
}

uint16_t sampler_program_paras(const char *name, const uint8_t *file, size_t size)
{
    if (has_exe_extension(name) && size >= 6)
        return (uint16_t)((file[4] | file[5] << 8) * 32u);  /* 16-bit, as PROFIL's MUL */
    return (uint16_t)((size + 15) >> 4);
}

int prf_layout_make(struct prf_layout *l, uint16_t clock_grain, uint16_t bucket_size,
                    uint16_t program_paras, uint16_t prog_low_pa, uint16_t dos_pa,
                    char *err, size_t errn)
{
    if (bucket_size == 0) {
        snprintf(err, errn, "bucket size 0: at least 1 paragraph per bucket");
        return -1;
    }
    l->clock_grain = clock_grain;
    l->bucket_size = bucket_size;
    l->bucket_num = (uint32_t)program_paras / bucket_size + 1;     /* always + 1 */
    if (l->bucket_num > 0xFFFF) {
        snprintf(err, errn, "%u buckets do not fit a .PRF (at most 65535): use a larger bucket size",
                 l->bucket_num);
        return -1;
    }
    l->prog_low_pa = prog_low_pa;
    l->prog_high_pa = (uint16_t)(prog_low_pa + program_paras);
    l->dos_pa = dos_pa;
    return 0;
}

uint16_t sample_ip_of(uint32_t a, uint16_t cs)
{
    return (uint16_t)((a + MEM_SIZE - (uint32_t)cs * 16u) & MEM_MASK);
}

enum sample_class sample_class_at(const struct prf_layout *l, uint32_t a, uint16_t cs, uint32_t *bucket)
{
    enum sample_class c = sample_classify(l, cs, sample_ip_of(a, cs), bucket);
    return c == CLASS_BUCKET && *bucket >= l->bucket_num ? CLASS_HIGH : c;
}

enum sample_class sample_classify(const struct prf_layout *l, uint16_t cs, uint16_t ip,
                                  uint32_t *bucket)
{
    uint16_t para = (uint16_t)(cs + (ip >> 4));
    if (para < l->dos_pa)
        return CLASS_IO;
    if (para < l->prog_low_pa)
        return CLASS_DOS;
    if (para >= l->prog_high_pa)
        return CLASS_HIGH;
    *bucket = (uint32_t)(para - l->prog_low_pa) / l->bucket_size;
    return CLASS_BUCKET;
}

int sampler_init(struct sampler *s, const struct prf_layout *l)
{
    memset(s, 0, sizeof *s);
    s->layout = *l;
    s->bucket = calloc(l->bucket_num, sizeof *s->bucket);
    s->nat = l->bucket_num * l->bucket_size * 16u;     /* under (2^16 + 2^16) x 16 paragraphs' bytes */
    s->at = calloc(s->nat ? s->nat : 1, sizeof *s->at);
    return s->bucket && s->at ? 0 : -1;
}

void sampler_free(struct sampler *s)
{
    free(s->bucket);
    free(s->at);
    s->bucket = NULL;
    s->at = NULL;
}

void sampler_tick(void *ctx, uint16_t cs, uint16_t ip)
{
    struct sampler *s = ctx;
    uint32_t b = 0;
    enum sample_class counted;
    if (s->paused)
        return;
    s->total++;
    if (s->stacks)
        calls_sample(s->stacks);
    if (s->services)
        s->services->samples++;
    if (s->procs)
        procs_sample(s->procs, cs, ip);
    switch (counted = sample_classify(&s->layout, cs, ip, &b)) {
    case CLASS_IO:
        s->hit_io++;
        if (s->services)
            svcprof_sample(s->services, 0, cs, ip);
        break;
    case CLASS_DOS:
        s->hit_dos++;
        if (s->services)
            svcprof_sample(s->services, 1, cs, ip);
        break;
    case CLASS_HIGH: s->hit_high++; break;
    case CLASS_BUCKET:
        /* prog_high_pa wraps past FFFF only for absurd layouts; stay inside. */
        if (b < s->layout.bucket_num) {
            uint32_t offset = sample_offset(&s->layout, cs, ip);
            s->bucket[b]++;
            if (s->at && offset < s->nat)
                s->at[offset]++;
        } else {
            s->hit_high++;
            counted = CLASS_HIGH;
        }
        break;
    }
    if (s->log)                 /* the class it was counted in (CLASS_* is the .prx's order) */
        samplelog_add(s->log, cs, ip, (unsigned)counted);
    if (s->frames)
        frames_sample(s->frames, cs, ip, counted);
}

void sampler_clear(struct sampler *s)
{
    s->hit_io = s->hit_dos = s->hit_high = s->total = 0;
    memset(s->bucket, 0, s->layout.bucket_num * sizeof *s->bucket);
    if (s->at)
        memset(s->at, 0, s->nat * sizeof *s->at);
}

static uint16_t wrap(uint64_t v, int *wrapped)
{
    *wrapped += v > 0xFFFF;
    return (uint16_t)v;
}

int sampler_to_prf(const struct sampler *s, struct prf *p)
{
    int wrapped = 0;
    memset(p, 0, sizeof *p);
    p->clock_grain = s->layout.clock_grain;
    p->bucket_num = (uint16_t)s->layout.bucket_num;
    p->bucket_size = s->layout.bucket_size;
    p->prog_low_pa = s->layout.prog_low_pa;
    p->prog_high_pa = s->layout.prog_high_pa;
    p->dos_pa = s->layout.dos_pa;
    p->hit_io = wrap(s->hit_io, &wrapped);
    p->hit_dos = wrap(s->hit_dos, &wrapped);
    p->hit_high = wrap(s->hit_high, &wrapped);
    p->bucket = calloc(s->layout.bucket_num, sizeof *p->bucket);
    if (!p->bucket)
        return -1;
    p->exact = calloc(s->layout.bucket_num + 3, sizeof *p->exact);
    if (!p->exact)
        return -1;
    for (uint32_t i = 0; i < s->layout.bucket_num; i++)
        p->bucket[i] = wrap(p->exact[i] = s->bucket[i], &wrapped);
    p->exact[s->layout.bucket_num] = s->hit_io;
    p->exact[s->layout.bucket_num + 1] = s->hit_dos;
    p->exact[s->layout.bucket_num + 2] = s->hit_high;
    if (s->at && prf_at_from_counts(s->at, s->nat, &p->at, &p->nat) != 0)
        return -1;
    return wrapped;
}
