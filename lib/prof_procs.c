/*
 * lib/prof_procs.c: the profiler row of the programs the run starts
 * (sampler/procs.h): each child's (EXEC's) own samples, and with --trace
 * its instructions; their rows into the .prx when there are children.
 * Their own .PRF files are lib/outputs.c's.
 */
#include "profiler.h"

static enum profil_error install(struct profil_session *s)
{
    if (procs_init(&s->procs, s->m, &s->dos, s->dos_path, s->o.program, &s->layout, s->proc.psp) != 0)
        return session_fail(s, PROFIL_ERR_MEMORY, "out of memory");
    s->s.procs = &s->procs;
    s->procs.calls = s->following ? &s->calls : NULL;
    s->procs.trace = s->tracing ? &s->tr.counts : NULL;
    s->procs.mem = s->m->mem;
    s->dos.procs = &s->procs.obs;
    return PROFIL_OK;
}

static void finish(struct profil_session *s)
{
    procs_finish(&s->procs);
}

static void write(struct profil_session *s, struct prx *x)
{
    if (s->procs.n > 1 && procs_to_prx(&s->procs, x) != 0)
        fprintf(s->err, "profil: out of memory: no processes in the .prx\n");
}

static void release(struct profil_session *s)
{
    procs_free(&s->procs);
}

const struct profiler profiler_procs = { "procs", install, finish, write, release };
