/*
 * sampler/exact.c: see exact.h.
 */
#include "exact.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../emu/cpu/cpu.h"
#include "../formats/prc.h"
#include "../formats/sha256.h"

#define INTERVAL_MAX 65529u     /* PROFIL's largest -i and -b */

unsigned exact_fitting_interval(uint64_t largest, unsigned interval_us)
{
    /* The counter stands for (largest + 1) periods at most; at a longer
     * period P' it would reach ceil(that time / P'). */
    uint64_t time = (largest + 1) * cycles_from_usec(interval_us);
    for (unsigned i = interval_us + 1; i <= INTERVAL_MAX; i++) {
        uint64_t p = cycles_from_usec(i);
        if ((time + p - 1) / p <= 0xFFFF)
            return i;
    }
    return 0;
}

static uint64_t largest_bucket(const uint64_t *para, uint32_t n, unsigned b)
{
    uint64_t max = 0;
    for (uint32_t lo = 0; lo < n; lo += b) {
        uint64_t sum = 0;
        for (uint32_t k = lo; k < n && k < lo + b; k++)
            sum += para[k];
        max = sum > max ? sum : max;
    }
    return max;
}

unsigned exact_fitting_bucket_size(const uint64_t *para, uint32_t n, unsigned bucket_size)
{
    for (unsigned b = bucket_size - 1; b >= 1; b--)
        if (largest_bucket(para, n, b) <= 0xFFFF)
            return b;
    return 0;
}

void exact_prc(const char *program, const struct sampler *s, const struct prf *p, struct machine *m, int tracing,
               const struct prx *services, struct prc *out)
{
    const char *base = strrchr(program, '/');
    struct prc c = { .cycles = machine_now(m), .seconds = cycles_to_seconds(machine_now(m)), .instructions = cpu_insn_count(m),
                     .samples = tracing ? 0 : s->total, .io = s->hit_io, .dos = s->hit_dos, .high = s->hit_high,
                     .bucket = s->bucket, .at = p->at, .nat = p->nat };
    if (services && services->services) {      /* lent for the writing */
        c.services = services->services;
        c.nservices = services->nservices;
        c.service_samples = services->service_samples;
    }
    if (services && services->frames &&         /* lent too: the frames' totals */
        prx_frame_stats(services->frames, services->nframes, &c.frame_stats) == 0) {
        c.has_frames = 1;
        c.frames = services->nframes;
        snprintf(c.frame_kind, sizeof c.frame_kind, "%s", services->frame_kind);
    }
    snprintf(c.program, sizeof c.program, "%s", base ? base + 1 : program);
    sha256_program(program, c.program_path, sizeof c.program_path, c.program_sha256);
    snprintf(c.mode, sizeof c.mode, "%s", tracing ? "trace" : "sampling");
    snprintf(c.unit, sizeof c.unit, "%s", tracing ? "instructions" : "samples");
    snprintf(c.cpu, sizeof c.cpu, "%s", cpu_model_name(machine_cpu_model(m)));
    snprintf(c.timing, sizeof c.timing, "%s", machine_timing_name(m));
    const struct prf_layout *l = &s->layout;
    c.header = (struct prf){ l->clock_grain, (uint16_t)l->bucket_num, l->bucket_size, l->prog_low_pa,
                             l->prog_high_pa, l->dos_pa, 0, 0, 0, NULL, NULL, NULL, NULL, 0 };
    *out = c;
}

/* The companion of the run; 1 when prf_path is a device (none written). */
static int write_companion(struct file_set *set, const char *prf_path, const char *program, const char *run,
                           const struct sampler *s, const struct prf *p, struct machine *m, int tracing,
                           const struct prx *services, const struct proc *child, char *err, size_t errn)
{
    struct stat st;
    char path[4200];
    struct prc c;
    if (stat(prf_path, &st) == 0 && !S_ISREG(st.st_mode))
        return 1;
    exact_prc(program, s, p, m, tracing, services, &c);
    snprintf(c.run, sizeof c.run, "%s", run);
    if (child) {                /* its time, from EXEC to its end; its instructions under --trace */
        c.cycles = child->end - child->start;
        c.seconds = cycles_to_seconds(c.cycles);
        c.instructions = child->traced ? child->exact.total : 0;
    }
    prc_path(prf_path, path, sizeof path);
    if (prc_write_file_into(set, path, &c, err, errn) != 0) {
        unlink(path);           /* an older one must not pass for this run's */
        return -1;
    }
    return 0;
}

/* "bucket 7 (00070), bucket 8 (00080)" and the like: the wrapped
 * counters, the first eight named.  Returns how many wrapped and the
 * largest count. */
static int name_wrapped(const struct sampler *s, char *out, size_t n, uint64_t *largest)
{
    static const char *const classes[3] = { "io", "dos", "high" };
    const uint64_t cls[3] = { s->hit_io, s->hit_dos, s->hit_high };
    size_t len = 0;
    int count = 0;
    *largest = 0;
    out[0] = 0;
    for (uint32_t i = 0; i < s->layout.bucket_num + 3; i++) {
        uint64_t v = i < s->layout.bucket_num ? s->bucket[i] : cls[i - s->layout.bucket_num];
        *largest = v > *largest ? v : *largest;
        if (v <= 0xFFFF)
            continue;
        if (count < 8 && len < n) {
            if (i < s->layout.bucket_num)
                len += (size_t)snprintf(out + len, n - len, "%sbucket %u (%05X)", count ? ", " : "", i,
                                        i * s->layout.bucket_size * 16u);
            else
                len += (size_t)snprintf(out + len, n - len, "%s%s", count ? ", " : "", classes[i - s->layout.bucket_num]);
        } else if (count == 8 && len < n) {
            len += (size_t)snprintf(out + len, n - len, ", ...");
        }
        count++;
    }
    return count;
}

/* Instructions per paragraph of a traced child's program, from its
 * counted addresses: *n of them, malloc'ed into *out. */
static int child_paragraphs(const struct sampler *s, uint64_t **out, uint32_t *n)
{
    *n = s->nat / 16u;
    if (!(*out = calloc(*n ? *n : 1, sizeof **out)))
        return -1;
    for (uint32_t k = 0; k < s->nat; k++)
        (*out)[k / 16u] += s->at[k];
    return 0;
}

/* What would fit: -i for samples, -b for instructions (the interval does
 * not change them); `traced`: a child's instructions (t is the run's). */
static void advice(const struct sampler *s, const struct tracer *t, int traced, uint64_t largest, char *out, size_t n)
{
    if (!t && !traced) {
        unsigned i = exact_fitting_interval(largest, s->layout.clock_grain);
        if (i)
            snprintf(out, n, "-i %u or more keeps every counter under 65536", i);
        else
            snprintf(out, n, "no -i up to 65529 keeps every counter under 65536 (shorten the run)");
        return;
    }
    uint64_t cls = s->hit_io > s->hit_dos ? s->hit_io : s->hit_dos;
    cls = s->hit_high > cls ? s->hit_high : cls;
    uint64_t *para;
    uint32_t np;
    unsigned b = 0;
    if (cls <= 0xFFFF && (t ? tracer_paragraphs(t, &s->layout, &para, &np) : child_paragraphs(s, &para, &np)) == 0) {
        b = exact_fitting_bucket_size(para, np, s->layout.bucket_size);
        free(para);
    }
    if (b)
        snprintf(out, n, "-b %u keeps every counter under 65536", b);
    else
        snprintf(out, n, "no -b keeps every counter under 65536 (-i does not change instruction counts)");
}

static int finish(struct file_set *set, const char *prf_path, const char *program, const char *run,
                  const struct sampler *s, const struct prf *p, struct machine *m, const struct tracer *t,
                  const struct prx *services, const struct proc *child, char *say, size_t n)
{
    char err[600], names[400], fit[160], path[4200];
    uint64_t largest;
    int traced = child && child->traced;
    int rc = write_companion(set, prf_path, program, run, s, p, m, t != NULL || traced, services, child, err,
                             sizeof err);
    int wrapped = name_wrapped(s, names, sizeof names, &largest);
    if (rc < 0) {
        snprintf(say, n, "%s: the exact counts are not saved%s", err,
                 wrapped ? " and the .PRF's counters wrapped" : "");
        return 1;
    }
    if (!wrapped || (rc == 0 && (t != NULL || traced)))
        return 0;       /* a trace's .PRF counts instructions, and its .prc and .prx keep every count: nothing is lost */
    advice(s, t, traced, largest, fit, sizeof fit);
    prc_path(prf_path, path, sizeof path);
    snprintf(say, n, "%d counter(s) passed 65535 and wrapped in the .PRF, as PROFIL's did: %s; %s%s%s", wrapped,
             names, rc == 0 ? "exact counts in " : "", rc == 0 ? path : "", rc == 0 ? "; " : "");
    size_t len = strlen(say);
    snprintf(say + len, n - len, "%s", fit);
    return 1;
}

int exact_finish_into(struct file_set *set, const char *prf_path, const char *program, const char *run,
                      const struct sampler *s, const struct prf *p, struct machine *m, const struct tracer *t,
                      const struct prx *services, char *say, size_t n)
{
    return finish(set, prf_path, program, run, s, p, m, t, services, NULL, say, n);
}

int exact_finish_child(const char *prf_path, const struct proc *child, const char *run, const struct prf *p,
                       struct machine *m, char *say, size_t n)
{
    return finish(NULL, prf_path, child->name, run, child->traced ? &child->exact : &child->s, p, m, NULL, NULL, child,
                  say, n);
}
