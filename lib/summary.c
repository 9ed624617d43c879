/*
 * lib/summary.c: what the run's summary says, gathered once after the
 * writing into profil.h's struct profil_summary (profil_session_summary):
 * the symbols by the one rule (formats/symfind.h) and each program's
 * busiest buckets or symbols (report/summary.h), the services, zones and
 * frames, the files written.  The words and layout are the command's
 * (cmd/summary.c).
 */
#include <stdlib.h>
#include <string.h>

#include "session_internal.h"
#include "../emu/cpu/cpu.h"
#include "../formats/framekind.h"
#include "../formats/prc.h"
#include "../formats/symfind.h"
#include "../formats/symtab.h"
#include "../report/frames.h"
#include "../report/summary.h"
#include "../util/grow.h"

/* Lines of warnings, each its own string: a summary's notes. */
struct notes {
    char **line;
    size_t n, cap;
    int oom;
};

/* The summary and what its pointers point into. */
struct summary_store {
    struct profil_summary pub;
    struct notes notes;                 /* the program's symbols' warnings */
    char hint[400];
    struct notes *child_notes;          /* per program */
    char **sources;                     /* per program */
    char *root_sources;
    char **child_prx;                   /* per program: its .prx's path, or NULL */
    size_t nchild_prx;
    char *frames_line;
};

static void notes_add(struct notes *l, const char *line, size_t n)
{
    char *copy = l->oom ? NULL : malloc(n + 1);
    if (!copy || grow_array(&l->line, &l->cap, l->n + 1, sizeof *l->line) != 0) {
        free(copy);
        l->oom = 1;
        return;
    }
    memcpy(copy, line, n);
    copy[n] = 0;
    l->line[l->n++] = copy;
}

/* Each line of `text` ('\n' after each but perhaps the last). */
static void notes_add_all(struct notes *l, const char *text)
{
    while (*text) {
        const char *nl = strchr(text, '\n');
        size_t len = nl ? (size_t)(nl - text) : strlen(text);
        notes_add(l, text, len);
        text += len + (nl != NULL);
    }
}

static void notes_free(struct notes *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->line[i]);
    free(l->line);
    memset(l, 0, sizeof *l);
}

/* The notes as the summary gives them (none when memory ran out). */
static void notes_publish(struct notes *l, const char *const **line, size_t *n)
{
    if (l->oom)
        notes_free(l);
    *line = (const char *const *)l->line;
    *n = l->n;
}

/* The symbols for the summary, by the one rule (formats/symfind.h: `map`,
 * --map or NULL, else the map beside the program, else its debug
 * information), their sources in `sources`: 0 when there are none, and
 * then the hint in `hint` (when not NULL); what reading them said in
 * `notes` (a map that does not parse is left out). */
static int read_map(const char *map, const char *program, struct symtab *t, char *sources, size_t n, char *hint,
                    size_t hintn, struct notes *notes)
{
    char err[600];
    struct symfind *sf = calloc(1, sizeof *sf);     /* keep_labels 0: labels count for their procedure */
    if (!sf) {
        notes_add_all(notes, "out of memory: the summary shows buckets");
        return 0;
    }
    int rc = symfind_program(map, program, NULL, t, sf, err, sizeof err);
    notes_add_all(notes, sf->warn);
    if (rc < 0) {
        char line[700];
        snprintf(line, sizeof line, "warning: %s (the summary shows buckets)", err);
        notes_add_all(notes, line);
    }
    else if (rc == 0)
        snprintf(sources, n, "%s", sf->sources);
    else if (hint)
        snprintf(hint, hintn, "%.390s", sf->said);
    free(sf);
    return rc == 0;
}

/* A sampler's counts per class. */
static struct profil_counts class_counts(const struct sampler *s)
{
    return (struct profil_counts){ s->total, s->total - s->hit_io - s->hit_dos - s->hit_high, s->hit_dos, s->hit_io,
                                   s->hit_high };
}

/* The five busiest buckets of a sampler, in % of its total. */
static void top_buckets(const struct sampler *s, struct profil_summary_program *p)
{
    double t = (double)(s->total ? s->total : 1);
    uint32_t top[PROFIL_SUMMARY_TOP];
    size_t ntop = 0;
    for (int k = 0; k < PROFIL_SUMMARY_TOP; k++) {
        uint32_t best = UINT32_MAX;
        for (uint32_t i = 0; i < s->layout.bucket_num; i++) {
            int taken = 0;
            for (size_t j = 0; j < ntop; j++)
                taken |= top[j] == i;
            if (!taken && s->bucket[i] && (best == UINT32_MAX || s->bucket[i] > s->bucket[best]))
                best = i;
        }
        if (best == UINT32_MAX)
            break;
        top[ntop] = best;
        uint32_t lo = best * s->layout.bucket_size * 16u;
        p->bucket[ntop++] = (struct profil_summary_bucket){ best, lo, lo + s->layout.bucket_size * 16u - 1,
                                                            100.0 * (double)s->bucket[best] / t };
    }
    p->nbuckets = ntop;
}

_Static_assert(sizeof ((struct summary_row *)0)->name == sizeof ((struct profil_summary_symbol *)0)->name,
               "a symbol's name as report/summary.h gives it");

/* The five busiest symbols, from the best data the run has
 * (report/summary.h), and what their shares are; none when out of memory. */
static void top_symbols(const struct prf *prf, const struct prx *x, const struct symtab *t,
                        const struct symtab *const *children, const char *sources, uint64_t total, int traced_child,
                        struct profil_summary_program *p)
{
    struct summary_row rows[PROFIL_SUMMARY_TOP];
    size_t n;
    enum summary_basis basis;
    if (summary_symbols(prf, x, t, children, total, rows, PROFIL_SUMMARY_TOP, &n, &basis) != 0)
        return;
    p->has_symbols = 1;
    p->nsymbols = n;
    for (size_t k = 0; k < n; k++) {
        memcpy(p->symbol[k].name, rows[k].name, sizeof p->symbol[k].name);
        p->symbol[k].percent = rows[k].percent;
    }
    p->estimate = basis == SUMMARY_SPLIT;
    summary_basis_note(basis, prf, p->basis, sizeof p->basis);
    if (traced_child)           /* its .PRF counts instructions (--trace) */
        snprintf(p->basis, sizeof p->basis, "exact: %% of its instructions, each counted for the symbol at its address");
    p->sources = sources;
}

/* A run with children: each program's time, then each one's busiest
 * buckets (or symbols, with its map). */
static void programs(struct profil_session *s, struct summary_store *st, const struct symtab *root_map)
{
    struct profil_summary *sum = &st->pub;
    const struct procs *t = &s->procs;
    for (size_t i = 0; i < t->n; i++) {
        const struct proc *p = &t->p[i];
        struct profil_summary_program *q = &sum->program[i];
        q->name = p->name;
        q->prf = i == 0 ? s->files.prf : s->child_prf && s->child_prf[i][0] ? s->child_prf[i] : "";
        q->depth = procs_depth(t, i);
        q->ended = p->ended;
        q->resident = p->exit_type == 3;
        q->exit_code = p->exit_code;
        q->seconds = cycles_to_seconds(p->end - p->start);
        q->self = p->s.total;
        q->inclusive = procs_inclusive(t, i);
    }
    sum->unrecorded = t->unrecorded;
    sum->programs_max = PROCS_MAX;
    /* Each child's symbols (its map beside its file, with its own debug
     * information): its rows below, and its code in the call tree's. */
    struct symtab *sym = calloc(t->n, sizeof *sym);
    const struct symtab **tables = calloc(t->n, sizeof *tables);
    st->sources = calloc(t->n, sizeof *st->sources);
    st->child_notes = calloc(t->n, sizeof *st->child_notes);
    if (!sym || !tables || !st->sources || !st->child_notes) {
        free(sym);
        free(tables);
        return;
    }
    sum->figures = 1;
    for (size_t i = 1; i < t->n; i++) {
        char said[9000];
        if (!s->late_signal) {
            if (read_map(NULL, t->p[i].host, &sym[i], said, sizeof said, NULL, 0, &st->child_notes[i]) &&
                !(st->sources[i] = strdup(said)))
                symtab_free(&sym[i]);
            else if (st->sources[i])
                tables[i] = &sym[i];
        }
        notes_publish(&st->child_notes[i], &sum->program[i].notes, &sum->program[i].nnotes);
    }
    for (size_t i = 0; i < t->n; i++) {
        /* --trace: a child's instructions; the first program's .PRF, the
         * whole run's instructions (its children's in its "high"). */
        struct profil_summary_program *q = &sum->program[i];
        int traced = t->p[i].traced || (i == 0 && s->m->exact);
        const struct sampler *ps = t->p[i].traced ? &t->p[i].exact : i == 0 && s->m->exact ? &s->s : &t->p[i].s;
        q->unit = !traced ? PROFIL_SUMMARY_SAMPLES : i == 0 ? PROFIL_SUMMARY_TRACED : PROFIL_SUMMARY_TRACED_CHILD;
        q->counts = class_counts(ps);
        struct prf p;
        int have_map = i == 0 ? root_map != NULL : tables[i] != NULL;
        if (!have_map)
            top_buckets(ps, q);
        else if (i == 0 && (s->o.trace || s->o.stacks))     /* exact figures, of the whole run */
            top_symbols(&s->p, &s->trace, root_map, tables, st->root_sources, s->s.total, 0, q);
        else {
            if (sampler_to_prf(ps, &p) >= 0)
                top_symbols(&p, NULL, i == 0 ? root_map : tables[i], NULL, i == 0 ? st->root_sources : st->sources[i],
                            ps->total, t->p[i].traced, q);
            prf_free(&p);
        }
    }
    for (size_t i = 1; i < t->n; i++)
        if (tables[i])
            symtab_free(&sym[i]);
    free(sym);
    free(tables);
}

/* The services, zones and frames the run's .prx holds. */
static void program_calls(struct profil_session *s, struct summary_store *st)
{
    struct profil_summary *sum = &st->pub;
    const struct prx *v = &s->services, *x = &s->trace;
    sum->services_whole = s->tracing ? s->m->now : v->service_samples;
    if (v->services && (sum->service = calloc(v->nservices + 1, sizeof *sum->service)) != NULL) {
        for (size_t i = 0; i < v->nservices; i++)
            sum->service[i] = (struct profil_summary_service){ v->services[i].label,
                                                               s->tracing ? v->services[i].cycles : v->services[i].samples };
        sum->nservices = v->nservices;
    }
    if ((sum->zone = calloc(x->nzones + 1, sizeof *sum->zone)) != NULL) {
        for (size_t i = 0; i < x->nzones; i++) {
            const struct prx_zone *z = &x->zones[i];
            sum->zone[i] = (struct profil_summary_zone){ z->name, z->count, z->total, z->min, z->max };
        }
        sum->nzones = x->nzones;
    }
    const struct profil_options *o = &s->o;
    sum->nframes = x->nframes;
    sum->frames_auto = o->frames == PROFIL_FRAMES_AUTO;
    sum->frames_given = o->frames_given;
    sum->frame_kind = x->nframes ? x->frame_kind : s->frames.text;
    sum->frames_why = x->nframes == 0 && !sum->frames_auto ? frame_kinds[(enum frame_kind)o->frames].none
                      : s->frames.why;
    sum->frames_dropped = s->frames.dropped;
    sum->frames_max = FRAMES_MAX;
    size_t n;
    FILE *f = x->nframes ? open_memstream(&st->frames_line, &n) : NULL;
    if (f) {
        int rc = frames_line(f, x);
        if (fclose(f) != 0 || rc != 0) {
            free(st->frames_line);
            st->frames_line = NULL;
        }
    }
    sum->frames_line = st->frames_line;
}

/* The files written besides the .PRF, in the order the summary names them. */
static void written(struct profil_session *s, struct summary_store *st)
{
    struct profil_summary *sum = &st->pub;
    const char *prx = s->files.prx;
    size_t n = s->procs.n;
    sum->prf_bytes = prf_size(&s->p);
    sum->appended = s->appended;
    sum->appended_total = s->appended_total;
    if (!(sum->written = calloc(2 * n + 2, sizeof *sum->written)) || !(st->child_prx = calloc(n + 1, sizeof *st->child_prx)))
        return;
    st->nchild_prx = n + 1;
    struct profil_summary_written *w = sum->written;
    for (size_t i = 1; s->child_prf && i < n; i++)
        if (s->child_prf[i][0]) {
            const struct proc *p = &s->procs.p[i];
            *w++ = (struct profil_summary_written){ PROFIL_SUMMARY_CHILD_PRF, s->child_prf[i], p->name, 0 };
            if (s->child_prx && s->child_prx[i] && (st->child_prx[i] = malloc(4200)) != NULL) {
                prc_beside(s->child_prf[i], ".prx", st->child_prx[i], 4200);
                *w++ = (struct profil_summary_written){ PROFIL_SUMMARY_CHILD_PRX, st->child_prx[i], p->name,
                                                        p->x->total_cycles };
            }
        }
    if (s->files.prs[0] && !s->prx_failed)
        *w++ = (struct profil_summary_written){ PROFIL_SUMMARY_SAMPLE_LOG, s->files.prs, NULL, s->log.count };
    enum profil_summary_file kind = s->o.trace ? PROFIL_SUMMARY_PRX_TRACE
                                    : s->following && s->memory ? PROFIL_SUMMARY_PRX_STACKS_MEMORY
                                    : s->following ? PROFIL_SUMMARY_PRX_STACKS
                                    : s->memory ? PROFIL_SUMMARY_PRX_MEMORY : PROFIL_SUMMARY_PRX_ZONES;
    if (prx[0] && !s->prx_failed && (kind != PROFIL_SUMMARY_PRX_ZONES || s->trace.nzones || s->trace.nmarks))
        *w++ = (struct profil_summary_written){ kind, prx, NULL, s->m->now };
    sum->nwritten = (size_t)(w - sum->written);
}

const struct profil_summary *profil_session_summary(struct profil_session *s)
{
    if (!s->written)
        return NULL;
    if (s->summary)
        return &s->summary->pub;
    struct summary_store *st = calloc(1, sizeof *st);
    size_t n = s->procs.n ? s->procs.n : 1;
    if (!st || !(st->pub.program = calloc(n, sizeof *st->pub.program))) {
        free(st);
        return NULL;
    }
    s->summary = st;
    struct profil_summary *sum = &st->pub;
    struct symtab t;
    char sources[9000];
    /* After a stop signal the summary reads no symbols (a program's debug
     * information may be large): its buckets are shown. */
    int have_map = !s->late_signal && read_map(s->o.map, s->o.program, &t, sources, sizeof sources, st->hint,
                                               sizeof st->hint, &st->notes);
    notes_publish(&st->notes, &sum->notes, &sum->nnotes);
    sum->hint = st->hint;
    if (have_map && !(st->root_sources = strdup(sources))) {
        symtab_free(&t);
        have_map = 0;
    }
    sum->counts = class_counts(&s->s);
    sum->traced = s->m->exact != NULL;
    sum->seconds = cycles_to_seconds(s->m->now);
    sum->cpu = cpu_model_name(s->m->model);
    sum->timing = machine_timing_name(s->m);
    sum->own_clocks = s->m->cpu_row->own_clocks;
    sum->nprograms = n;
    if (s->procs.n > 1)
        programs(s, st, have_map ? &t : NULL);
    else {
        struct profil_summary_program *q = &sum->program[0];
        q->name = s->procs.n ? s->procs.p[0].name : "";
        q->prf = s->files.prf;
        q->unit = sum->traced ? PROFIL_SUMMARY_TRACED : PROFIL_SUMMARY_SAMPLES;
        q->counts = sum->counts;
        q->self = q->inclusive = s->s.total;
        q->seconds = sum->seconds;
        if (have_map)
            top_symbols(&s->p, s->o.trace || s->o.stacks ? &s->trace : NULL, &t, NULL, st->root_sources, s->s.total,
                        0, q);
        else
            top_buckets(&s->s, q);
    }
    if (have_map)
        symtab_free(&t);
    program_calls(s, st);
    written(s, st);
    return sum;
}

void session_summary_free(struct profil_session *s)
{
    struct summary_store *st = s->summary;
    if (!st)
        return;
    for (size_t i = 0; i < st->pub.nprograms; i++) {
        if (st->child_notes)
            notes_free(&st->child_notes[i]);
        if (st->sources)
            free(st->sources[i]);
    }
    for (size_t i = 0; i < st->nchild_prx; i++)     /* the programs may be freed already */
        free(st->child_prx[i]);
    free(st->child_notes);
    free(st->sources);
    free(st->child_prx);
    notes_free(&st->notes);
    free(st->root_sources);
    free(st->frames_line);
    free(st->pub.program);
    free(st->pub.service);
    free(st->pub.zone);
    free(st->pub.written);
    free(st);
    s->summary = NULL;
}
