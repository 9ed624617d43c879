/*
 * cmd/summary.c: the run's summary on stderr (`profil run` without -q):
 * the words and layout of what the library's profil_session_summary()
 * gathered (lib/profil.h), each line "profil: ...".
 */
#include "summary.h"

#include <string.h>

/* Each of n lines, prefixed "profil: ". */
static void notes(const char *const *line, size_t n, FILE *f)
{
    for (size_t i = 0; i < n; i++)
        fprintf(f, "profil: %s\n", line[i]);
}

/* Counts per class, in % of their total: "program %.1f%%  dos ...". */
static void classes(const struct profil_counts *c, FILE *f)
{
    double t = (double)(c->total ? c->total : 1);
    fprintf(f, "program %.1f%%  dos %.1f%%  io %.1f%%  high %.1f%%\n", 100.0 * (double)c->program / t,
            100.0 * (double)c->dos / t, 100.0 * (double)c->io / t, 100.0 * (double)c->high / t);
}

/* A program's busiest buckets, or its busiest symbols and what they are. */
static void top(const struct profil_summary_program *p, FILE *f)
{
    for (size_t k = 0; k < p->nbuckets; k++)
        fprintf(f, "profil:   bucket %u (%04X-%04X)  %.1f%%\n", p->bucket[k].bucket, p->bucket[k].low,
                p->bucket[k].high, p->bucket[k].percent);
    if (!p->has_symbols)
        return;
    for (size_t k = 0; k < p->nsymbols; k++) {
        char share[24];
        snprintf(share, sizeof share, "%s%.1f%%", p->estimate ? "~" : "", p->symbol[k].percent);
        fprintf(f, "profil:   %-20s %6s\n", p->symbol[k].name, share);
    }
    fprintf(f, "profil:   (%s; symbols: %s)\n", p->basis, p->sources);
}

/* A run with children: each program's time, with its children's and its
 * own, then each one's counts and busiest buckets or symbols. */
static void programs(const struct profil_summary *sum, FILE *f)
{
    static const char *const units[] = { [PROFIL_SUMMARY_SAMPLES] = "samples",
                                         [PROFIL_SUMMARY_TRACED] = "instructions traced",
                                         [PROFIL_SUMMARY_TRACED_CHILD] = "instructions from its EXEC to its end" };
    uint64_t samples = 0;           /* the samples (a trace's .PRF counts instructions) */
    for (size_t i = 0; i < sum->nprograms; i++)
        samples += sum->program[i].self;
    double all = (double)(samples ? samples : 1);
    fprintf(f, "profil: programs (%% of the run's samples, with their children's; self: their own):\n");
    for (size_t i = 0; i < sum->nprograms; i++) {
        const struct profil_summary_program *p = &sum->program[i];
        char ended[32];
        if (p->ended)
            snprintf(ended, sizeof ended, p->resident ? "resident, code %u" : "exit %u", (unsigned)p->exit_code);
        else
            snprintf(ended, sizeof ended, "running");
        fprintf(f, "profil:   %*s%-*s %5.1f%%  self %5.1f%%  %8.3f s  %s\n", (int)p->depth * 2, "",
                14 - (int)p->depth * 2, p->name, 100.0 * (double)p->inclusive / all, 100.0 * (double)p->self / all,
                p->seconds, ended);
    }
    if (sum->unrecorded)
        fprintf(f, "profil:   (%llu more program(s) past the first %u not profiled on their own: their samples are "
                "their nearest recorded parent's)\n", (unsigned long long)sum->unrecorded, sum->programs_max);
    if (!sum->figures) {
        fprintf(f, "profil: out of memory: no figures per program\n");
        return;
    }
    for (size_t i = 1; i < sum->nprograms; i++)
        notes(sum->program[i].notes, sum->program[i].nnotes, f);
    for (size_t i = 0; i < sum->nprograms; i++) {
        const struct profil_summary_program *p = &sum->program[i];
        fprintf(f, "profil: %s (%s): %llu %s: ", p->name, p->prf[0] ? p->prf : "no .PRF",
                (unsigned long long)p->counts.total, units[p->unit]);
        classes(&p->counts, f);
        top(p, f);
    }
}

/* The busiest DOS and BIOS services, when DOS and the I/O system took
 * SERVICE_NOTABLE % of the time or more: each one over 1%. */
#define SERVICE_NOTABLE 2.0
static void services(const struct profil_summary *sum, FILE *f)
{
    double whole = (double)sum->services_whole, dosio = 0;
    if (!sum->nservices || whole <= 0)
        return;
    for (size_t i = 0; i < sum->nservices; i++)
        dosio += (double)sum->service[i].amount;
    if (100.0 * dosio / whole < SERVICE_NOTABLE)
        return;
    for (size_t i = 0; i < sum->nservices; i++) {
        double pct = 100.0 * (double)sum->service[i].amount / whole;
        if (pct >= 1.0)
            fprintf(f, "profil:   %-26s %5.1f%%\n", sum->service[i].label, pct);
    }
}

/* The program's zones, the first five. */
static void zones(const struct profil_summary *sum, FILE *f)
{
    for (size_t i = 0; i < sum->nzones && i < 5; i++) {
        const struct profil_summary_zone *z = &sum->zone[i];
        fprintf(f, "profil:   zone %-15s %llu x, mean %.1f cycles (min %llu, max %llu)\n", z->name,
                (unsigned long long)z->count, z->count ? (double)z->total / (double)z->count : 0.0,
                (unsigned long long)z->min, (unsigned long long)z->max);
    }
    if (sum->nzones > 5)
        fprintf(f, "profil:   (%zu zones in all: profil hist --by zone)\n", sum->nzones);
}

/* The program's frames (docs/frames.md), or, when --frames named a kind,
 * that there were none. */
static void frames(const struct profil_summary *sum, FILE *f)
{
    if (sum->nframes == 0) {
        if (!sum->frames_auto || sum->frames_given)     /* the default says nothing: most programs have none */
            fprintf(f, "profil: no frames (%s): %s (docs/frames.md)\n", sum->frames_auto ? "auto" : sum->frame_kind,
                    sum->frames_why);
        return;
    }
    if (sum->frames_why[0])
        fprintf(f, "profil: frames (%s%s): %s\n", sum->frames_auto ? "auto -> " : "", sum->frame_kind,
                sum->frames_why);
    fprintf(f, "profil: %s", sum->frames_line ? sum->frames_line : "out of memory: no frame times");
    if (sum->frames_dropped)
        fprintf(f, "; more past the first %u not kept", sum->frames_max);
    fputc('\n', f);
}

/* The files written, as the summary's last lines. */
static void written(struct profil_session *s, const struct profil_summary *sum, FILE *f)
{
    static const char *const prx_holds[] = { [PROFIL_SUMMARY_PRX_STACKS_MEMORY] = "call stacks and memory",
                                             [PROFIL_SUMMARY_PRX_STACKS] = "call stacks",
                                             [PROFIL_SUMMARY_PRX_MEMORY] = "memory",
                                             [PROFIL_SUMMARY_PRX_ZONES] = "the program's zones and marks" };
    if (profil_session_stop(s) == PROFIL_STOP_EXIT)
        fprintf(f, "profil: program exited with code %d\n", profil_session_exit_code(s));
    if (sum->appended)
        fprintf(f, "profil: added to %s (%zu bytes): %llu %s in all\n", profil_session_prf_path(s), sum->prf_bytes,
                (unsigned long long)sum->appended_total, sum->traced ? "instructions" : "samples");
    else
        fprintf(f, "profil: wrote %s (%zu bytes)\n", profil_session_prf_path(s), sum->prf_bytes);
    for (size_t i = 0; i < sum->nwritten; i++) {
        const struct profil_summary_written *w = &sum->written[i];
        unsigned long long n = (unsigned long long)w->figure;
        switch (w->kind) {
        case PROFIL_SUMMARY_CHILD_PRF: fprintf(f, "profil: wrote %s (%s)\n", w->path, w->program); break;
        case PROFIL_SUMMARY_CHILD_PRX:
            fprintf(f, "profil: wrote %s (%s: its %llu cycles exactly)\n", w->path, w->program, n);
            break;
        case PROFIL_SUMMARY_SAMPLE_LOG: fprintf(f, "profil: wrote %s (%llu samples)\n", w->path, n); break;
        case PROFIL_SUMMARY_PRX_TRACE: fprintf(f, "profil: wrote %s (%llu cycles exactly)\n", w->path, n); break;
        default: fprintf(f, "profil: wrote %s (%s)\n", w->path, prx_holds[w->kind]); break;
        }
    }
}

void summary_write(struct profil_session *s, FILE *f)
{
    const struct profil_summary *sum = profil_session_summary(s);
    if (!sum)
        return;
    notes(sum->notes, sum->nnotes, f);
    /* 186 and 286 have no clock counts of their own here: say so. */
    fprintf(f, "profil: %llu %s in %.3f s emulated (%s%s, %s timing): ", (unsigned long long)sum->counts.total,
            sum->traced ? "instructions traced" : "samples", sum->seconds, sum->cpu,
            sum->own_clocks ? "" : " timed as an 8086", sum->timing);
    classes(&sum->counts, f);
    if (sum->nprograms <= 1)
        top(&sum->program[0], f);
    if (sum->hint[0])
        fprintf(f, "profil: %s\n", sum->hint);
    if (sum->nprograms > 1)
        programs(sum, f);
    services(sum, f);
    zones(sum, f);
    frames(sum, f);
    written(s, sum, f);
}
