/*
 * lib/prof_trace.c: the profiler row of --trace (sampler/trace.h): every
 * instruction and cycle counted per address; after the run, the counts
 * become the sampler's (the .PRF counts instructions).  The .prx of a trace
 * is built from them (lib/outputs.c).
 */
#include "profiler.h"

#include "../emu/cpu/cpu.h"

static enum profil_error install(struct profil_session *s)
{
    if (!s->o.trace)
        return PROFIL_OK;
    if (tracer_init(&s->tr) != 0)
        return session_fail(s, PROFIL_ERR_MEMORY, "out of memory for --trace");
    s->tracing = 1;
    cpu_observe(s->m, &s->tr.counts, s->m->calls);
    return PROFIL_OK;
}

static void finish(struct profil_session *s)
{
    if (s->tracing)
        tracer_to_sampler(&s->tr, &s->s);
}

static void release(struct profil_session *s)
{
    tracer_free(&s->tr);
}

const struct profiler profiler_trace = { "trace", install, finish, NULL, release };
