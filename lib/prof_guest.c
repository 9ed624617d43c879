/*
 * lib/prof_guest.c: the profiler row of the program's own interface
 * (ports ECh/EDh, sampler/guestprof.h, docs/guestapi.md), installed last,
 * over every profiler the run has: START and STOP, CLEAR, DUMP
 * (lib/outputs.c's session_dump), zones and marks, the latter into the .prx.
 */
#include "profiler.h"

#include "../emu/cpu/cpu.h"

/* Trace mode counts while the program has profiling started. */
static void set_tracing(void *ctx, int on)
{
    struct profil_session *s = ctx;
    cpu_observe(s->m, on ? &s->tr.counts : NULL, s->m->calls);
}

static enum profil_error install(struct profil_session *s)
{
    struct guestprof *g = &s->guest;
    guestprof_init(g, s->o.start_stopped);
    g->s = &s->s;
    g->calls = s->following ? &s->calls : NULL;
    g->svc = &s->svc;
    g->frames = &s->frames;
    g->exact = s->tracing ? &s->tr.counts : NULL;
    g->set_tracing = s->tracing ? set_tracing : NULL;
    g->dump = session_dump;
    g->ctx = s;
    s->m->guest.obs = &g->obs;
    if (s->o.start_stopped)
        guestprof_collect(g, 0);
    return PROFIL_OK;
}

static void write(struct profil_session *s, struct prx *x)
{
    guestprof_to_prx(&s->guest, x);
}

static void release(struct profil_session *s)
{
    guestprof_free(&s->guest);
}

const struct profiler profiler_guest = { "guest", install, NULL, write, release };
