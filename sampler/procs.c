/*
 * sampler/procs.c: per-program profiles (see procs.h).
 */
#include "procs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../emu/dos/dos_mem.h"
#include "../emu/machine.h"
#include "../util/grow.h"
#include "calls.h"
#include "trace.h"

static void base_name(const char *path, char out[13])
{
    const char *b = path;
    for (const char *c = path; *c; c++)
        if (*c == '\\' || *c == '/' || *c == ':')
            b = c + 1;
    snprintf(out, 13, "%s", b);
}

static struct proc *add(struct procs *t)
{
    if (grow_array(&t->p, &t->cap, t->n + 1, sizeof *t->p) != 0)
        return NULL;
    struct proc *p = &t->p[t->n];
    memset(p, 0, sizeof *p);
    return p;
}

/* The trace's instructions now in the I/O system and DOS classes of a
 * program's layout and in all memory, and at each of its program's
 * addresses (into `at`, s->nat of them, from prog_low_pa), by linear address. */
static void trace_counts(const struct exact_counts *e, const struct sampler *s, uint64_t *at, uint64_t *io,
                         uint64_t *dos, uint64_t *all)
{
    uint32_t dos_lo = (uint32_t)s->layout.dos_pa * 16u, low = (uint32_t)s->layout.prog_low_pa * 16u;
    *io = *dos = *all = 0;
    for (uint32_t a = 0; a < MEM_SIZE; a++) {
        uint64_t n = e->addr[a].insns;
        *all += n;
        if (a < dos_lo)
            *io += n;
        else if (a < low)
            *dos += n;
    }
    for (uint32_t k = 0; k < s->nat; k++)
        at[k] = low + k < MEM_SIZE ? e->addr[low + k].insns : 0;
}

/* A child's snapshot of the trace's counts gone (none: nothing to do). */
static void free_snapshot(struct proc *p)
{
    free(p->snap_block);
    free(p->snap_video);
    p->snap = NULL;
    p->snap_block = p->snap_video = NULL;
}

/* The trace's counts at a child's EXEC, for its own .prx (within the limits). */
static void snapshot(struct procs *t, struct proc *p)
{
    const struct exact_counts *e = t->trace;
    if (!t->mem || t->prx_live >= PROCS_PRX_LIVE || t->prx_made >= PROCS_PRX_MAX) {
        t->prx_skipped++;
        return;
    }
    exact_addr_alloc(&p->snap, &p->snap_block);
    p->snap_video = calloc(MEM_SIZE, sizeof *p->snap_video);
    if (!p->snap || !p->snap_video) {
        free_snapshot(p);
        t->prx_skipped++;
        return;
    }
    for (uint32_t a = 0; a < MEM_SIZE; a++) {       /* the counts that are not 0 (the rest are) */
        const struct addr_counts *n = &e->addr[a];
        if (n->insns | n->cycles | n->stalls)
            p->snap[a] = *n;
        if (e->video && e->video[a])
            p->snap_video[a] = e->video[a];
    }
    t->prx_live++;
    t->prx_made++;
}

/* ...and at its end, its own .prx: the counts since, at every address, in
 * its layout; its code as memory holds it at its end. */
static void snapshot_end(struct procs *t, struct proc *p)
{
    if (!p->snap)
        return;
    const struct exact_counts *e = t->trace;
    for (uint32_t a = 0; a < MEM_SIZE; a++) {       /* (0 less 0 left unwritten) */
        const struct addr_counts *n = &e->addr[a];
        struct addr_counts *d = &p->snap[a];
        if (n->insns | n->cycles | n->stalls | d->insns | d->cycles | d->stalls)
            *d = (struct addr_counts){ n->insns - d->insns, n->cycles - d->cycles, n->stalls - d->stalls, n->cs };
        uint64_t video = e->video ? e->video[a] : 0;
        if (video | p->snap_video[a])
            p->snap_video[a] = video - p->snap_video[a];
    }
    struct tracer since = { { p->snap, p->snap_video, (uint8_t *)t->mem, NULL, NULL, 0 }, NULL };
    if ((p->x = calloc(1, sizeof *p->x)) && tracer_to_prx(&since, t->mem, &p->s.layout, p->x) != 0) {
        prx_free(p->x);
        free(p->x);
        p->x = NULL;
    }
    if (!p->x)
        t->prx_skipped++;
    free_snapshot(p);
    t->prx_live--;
}

/* A child's window starts at its EXEC (--trace). */
static void trace_start(struct procs *t, struct proc *p)
{
    if (!t->trace || sampler_init(&p->exact, &p->s.layout) != 0)
        return;
    if (!(p->at_start = calloc(p->exact.nat ? p->exact.nat : 1, sizeof *p->at_start))) {
        sampler_free(&p->exact);
        return;
    }
    snapshot(t, p);
    trace_counts(t->trace, &p->exact, p->at_start, &p->io_start, &p->dos_start, &p->all_start);
    p->traced = 1;
}

/* ...and ends at its end (or the run's): its instructions, in its layout. */
static void trace_end(struct procs *t, struct proc *p)
{
    if (!p->at_start)
        return;
    snapshot_end(t, p);
    struct sampler *x = &p->exact;
    uint64_t io, dos, all, program = 0;
    trace_counts(t->trace, x, x->at, &io, &dos, &all);
    for (uint32_t k = 0; k < x->nat; k++) {
        x->at[k] -= p->at_start[k];
        x->bucket[k / (x->layout.bucket_size * 16u)] += x->at[k];
        program += x->at[k];
    }
    x->hit_io = io - p->io_start;
    x->hit_dos = dos - p->dos_start;
    x->total = all - p->all_start;
    x->hit_high = x->total - x->hit_io - x->hit_dos - program;
    free(p->at_start);
    p->at_start = NULL;
}

static void on_started(void *ctx, uint16_t psp, uint16_t parent, const char *dos_path, const char *host,
                       const uint8_t *file, size_t size, int runs, uint16_t cs, uint16_t ip)
{
    struct procs *t = ctx;
    char err[200];
    if (t->n >= PROCS_MAX) {
        t->unrecorded++;
        return;
    }
    struct proc *p = add(t);
    if (!p) {
        t->oom = 1;
        return;
    }
    base_name(dos_path, p->name);
    p->host = strdup(host);
    p->psp = psp;
    p->load_seg = (uint16_t)(psp + 0x10);
    p->parent = 0;
    for (size_t i = t->n; i-- > 0;)         /* the newest process with that PSP */
        if (t->p[i].psp == parent && !t->p[i].ended) {
            p->parent = (int)i;
            break;
        }
    p->start = p->end = machine_now(t->m);
    struct prf_layout l;
    p->profiled = prf_layout_make(&l, t->clock_grain, t->bucket_size, sampler_program_paras(p->name, file, size),
                                  p->load_seg, t->dos_pa, err, sizeof err) == 0;
    if (!p->profiled)       /* too many buckets: one bucket, all its samples "high" */
        l = (struct prf_layout){ t->clock_grain, t->bucket_size, 1, p->load_seg, p->load_seg, t->dos_pa };
    if (!p->host || sampler_init(&p->s, &l) != 0) {
        free(p->host);
        t->oom = 1;
        return;
    }
    trace_start(t, p);
    if (runs && t->calls)       /* its code under its name in the call tree */
        calls_program_start(t->calls, (uint32_t)t->n, cs, ip);
    t->n++;
}

static void on_ended(void *ctx, uint16_t psp, uint8_t code, uint8_t type)
{
    struct procs *t = ctx;
    for (size_t i = t->n; i-- > 0;)
        if (t->p[i].psp == psp && !t->p[i].ended) {
            t->p[i].ended = 1;
            t->p[i].exit_code = code;
            t->p[i].exit_type = type;
            t->p[i].end = machine_now(t->m);
            trace_end(t, &t->p[i]);
            if (t->calls && i > 0)
                calls_program_end(t->calls, (uint32_t)i);
            return;
        }
}

int procs_init(struct procs *t, const struct machine *m, const struct dos *d, const char *name,
               const char *host, const struct prf_layout *l, uint16_t psp)
{
    memset(t, 0, sizeof *t);
    t->m = m;
    t->d = d;
    t->clock_grain = l->clock_grain;
    t->bucket_size = l->bucket_size;
    t->dos_pa = l->dos_pa;
    t->obs = (struct proc_observer){ t, on_started, on_ended };
    struct proc *p = add(t);
    if (!p)
        return -1;
    base_name(name, p->name);
    p->host = strdup(host);
    p->psp = psp;
    p->load_seg = l->prog_low_pa;
    p->parent = -1;
    p->profiled = 1;
    p->start = p->end = machine_now(m);
    if (!p->host || sampler_init(&p->s, l) != 0) {
        free(p->host);
        return -1;
    }
    t->n = 1;
    return 0;
}

void procs_free(struct procs *t)
{
    for (size_t i = 0; i < t->n; i++) {
        free(t->p[i].host);
        free(t->p[i].at_start);
        sampler_free(&t->p[i].s);
        sampler_free(&t->p[i].exact);
        free_snapshot(&t->p[i]);
        if (t->p[i].x) {
            prx_free(t->p[i].x);
            free(t->p[i].x);
        }
    }
    free(t->p);
    memset(t, 0, sizeof *t);
}

/* The newest recorded program still running: the nearest recorded
 * ancestor of one that was not recorded (EXEC waits for its child). */
static int running(const struct procs *t)
{
    for (size_t i = t->n; i-- > 0;)
        if (!t->p[i].ended)
            return (int)i;
    return 0;
}

/* The newest program with that PSP whose memory is still its own. */
static int find(const struct procs *t, uint16_t psp)
{
    for (size_t i = t->n; i-- > 0;)
        if (t->p[i].psp == psp && (!t->p[i].ended || t->p[i].exit_type == 3))
            return (int)i;
    return -1;
}

void procs_sample(struct procs *t, uint16_t cs, uint16_t ip)
{
    uint16_t para = (uint16_t)(cs + (ip >> 4));
    int i = -1;
    if (t->n > 1) {
        uint16_t owner = mcb_owner_at(t->m, t->d->arena, para);
        if (owner)
            i = find(t, owner);
        if (i < 0)
            i = find(t, t->d->psp);
        if (i < 0 && t->unrecorded)
            i = running(t);
    }
    sampler_tick(&t->p[i < 0 ? 0 : i].s, cs, ip);
}

void procs_finish(struct procs *t)
{
    for (size_t i = 0; i < t->n; i++) {
        if (!t->p[i].ended)
            t->p[i].end = machine_now(t->m);
        trace_end(t, &t->p[i]);
        t->p[i].inclusive = t->p[i].s.total;
    }
    for (size_t i = t->n; i-- > 1;)         /* children come after their parent */
        if (t->p[i].parent >= 0 && (size_t)t->p[i].parent < i)
            t->p[t->p[i].parent].inclusive += t->p[i].inclusive;
}

void procs_cleared(struct procs *t)
{
    for (size_t i = 0; i < t->n; i++)
        sampler_clear(&t->p[i].s);
}

void procs_trace_cleared(struct procs *t)
{
    for (size_t i = 1; i < t->n; i++) {
        struct proc *p = &t->p[i];
        if (p->at_start) {
            memset(p->at_start, 0, (p->exact.nat ? p->exact.nat : 1) * sizeof *p->at_start);
            p->io_start = p->dos_start = p->all_start = 0;
        }
        if (p->snap)
            exact_counts_clear(&(struct exact_counts){ .addr = p->snap, .video = p->snap_video });
    }
}

uint64_t procs_inclusive(const struct procs *t, size_t i)
{
    return t->p[i].inclusive;
}

unsigned procs_depth(const struct procs *t, size_t i)
{
    unsigned d = 0;
    for (int k = t->p[i].parent; k >= 0 && d < 64; k = t->p[k].parent)
        d++;
    return d;
}

int procs_to_prx(const struct procs *t, struct prx *x)
{
    size_t nb = 0;
    for (size_t i = 0; i < t->n; i++)
        for (uint32_t b = 0; b < t->p[i].s.layout.bucket_num; b++)
            nb += t->p[i].s.bucket[b] != 0;
    x->procs = calloc(t->n, sizeof *x->procs);
    x->pbuckets = calloc(nb ? nb : 1, sizeof *x->pbuckets);
    if (!x->procs || !x->pbuckets)
        return -1;
    x->nprocs = t->n;
    for (size_t i = 0; i < t->n; i++) {
        const struct proc *p = &t->p[i];
        const struct prf_layout *l = &p->s.layout;
        struct prx_process *r = &x->procs[i];
        r->parent = p->parent;
        snprintf(r->name, sizeof r->name, "%s", p->name);
        r->psp = p->psp;
        r->load_seg = p->load_seg;
        r->ended = (uint8_t)p->ended;
        r->exit_code = p->exit_code;
        r->exit_type = p->exit_type;
        r->start = p->start;
        r->end = p->end;
        r->samples = p->s.total;
        r->inclusive = procs_inclusive(t, i);
        r->io = p->s.hit_io;
        r->dos = p->s.hit_dos;
        r->high = p->s.hit_high;
        r->bucket_size = l->bucket_size;
        r->bucket_num = l->bucket_num;
        r->prog_high_pa = l->prog_high_pa;
        for (uint32_t b = 0; b < l->bucket_num; b++)
            if (p->s.bucket[b])
                x->pbuckets[x->npbuckets++] = (struct prx_proc_bucket){ (uint32_t)i, b, p->s.bucket[b] };
    }
    return 0;
}
