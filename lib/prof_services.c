/*
 * lib/prof_services.c: the profiler row of the time per DOS and BIOS
 * service (sampler/svcprof.h), always on: each call and the cycles spent
 * in it; after the run, with the trace's code cycles, the rows the .prx
 * and NAME.prc hold (s->services).
 */
#include "profiler.h"

static enum profil_error install(struct profil_session *s)
{
    svcprof_init(&s->svc, s->m);
    s->m->services = &s->svc.obs;
    return PROFIL_OK;
}

static void finish(struct profil_session *s)
{
    if (s->tracing)
        svcprof_add_code(&s->svc, &s->tr.counts);
    if (svcprof_to_prx(&s->svc, s->tracing, &s->services) != 0)
        fprintf(s->err, "profil: out of memory: no time per service\n");
}

static void release(struct profil_session *s)
{
    svcprof_free(&s->svc);
    prx_free(&s->services);
}

const struct profiler profiler_services = { "services", install, finish, NULL, release };
