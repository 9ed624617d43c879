/*
 * lib/prof_memory.c: the profiler row of --memory (sampler/memprof.h): the
 * DOS's memory calls per call site, from the program's own blocks (its
 * environment and PSP), its sites into the .prx.
 */
#include "profiler.h"

#include "../emu/dos/dos_mem.h"

static enum profil_error install(struct profil_session *s)
{
    if (!s->o.memory)
        return PROFIL_OK;
    memprof_init(&s->mem);
    s->memory = 1;
    memprof_exec_block(&s->mem, s->proc.env_seg, mcb_size(s->m, s->proc.env_seg) * 16u);
    memprof_exec_block(&s->mem, s->proc.psp, mcb_size(s->m, s->proc.psp) * 16u);
    s->dos.mem_calls = &s->mem.obs;
    return PROFIL_OK;
}

static void write(struct profil_session *s, struct prx *x)
{
    if (!s->memory)
        return;
    x->sites = s->mem.sites;
    x->nsites = s->mem.nsites;
    s->mem.sites = NULL;
}

static void release(struct profil_session *s)
{
    memprof_free(&s->mem);
}

const struct profiler profiler_memory = { "memory", install, NULL, write, release };
