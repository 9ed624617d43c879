/*
 * lib/prof_stacks.c: the profiler row of the call tree (sampler/calls.h),
 * with --trace or --stacks: the shadow stack from the program's first
 * instruction, its nodes into the .prx.
 */
#include "profiler.h"

#include "../emu/cpu/cpu.h"

static enum profil_error install(struct profil_session *s)
{
    struct machine *m = s->m;
    if (!s->o.trace && !s->o.stacks)
        return PROFIL_OK;
    if (calls_init(&s->calls, &m->counted, cpu_get(m, REG_CS), cpu_get(m, REG_IP)) != 0)
        return session_fail(s, PROFIL_ERR_MEMORY, "out of memory for the call tree");
    s->following = 1;
    cpu_observe(m, m->exact, &s->calls.obs);
    return PROFIL_OK;
}

static void write(struct profil_session *s, struct prx *x)
{
    struct calltree *t = &s->calls;
    if (!s->following)
        return;
    calls_account(t);           /* the innermost node's last share */
    x->calls = t->node;
    x->ncalls = t->n;
    x->unmatched = t->unmatched;
    x->unwound = t->unwound;
    x->open = t->depth;
    x->lost = t->lost;
    x->max_depth = t->max_depth;
    t->node = NULL;
}

static void release(struct profil_session *s)
{
    calls_free(&s->calls);
}

const struct profiler profiler_stacks = { "stacks", install, NULL, write, release };
