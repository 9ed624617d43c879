/*
 * lib/prof_sampler.c: the profiler row of PROFIL's sampler
 * (sampler/sampler.h): the layout as PROFIL makes it (DOS's paragraph read
 * from 0000:0082 as PROFIL reads it), the buckets the machine's tick fills
 * (the tick itself is the session's: lib/session.c), and a sampling run's
 * totals and layout in the .prx.
 */
#include "profiler.h"

#include "../emu/cpu/cpu.h"

static enum profil_error install(struct profil_session *s)
{
    char err[512];
    const struct profil_options *o = &s->o;
    size_t size;
    const uint8_t *bytes = session_program_bytes(s, &size);
    uint16_t dos_pa = mem_rw(s->m, 0x82);   /* the INT 20h vector's segment, as PROFIL reads it */
    if (prf_layout_make(&s->layout, o->interval_us, o->bucket_size, sampler_program_paras(o->program, bytes, size),
                        s->proc.load_seg, dos_pa, err, sizeof err) != 0)
        return session_fail(s, PROFIL_ERR_INPUT, "%s: %s", o->program, err);
    if (sampler_init(&s->s, &s->layout) != 0)
        return session_fail(s, PROFIL_ERR_MEMORY, "out of memory");
    if (s->following)
        s->s.stacks = &s->calls;
    s->s.services = &s->svc;
    return PROFIL_OK;
}

static void write(struct profil_session *s, struct prx *x)
{
    if (s->tracing)             /* the trace's .prx has them (tracer_to_prx) */
        return;
    x->total_insns = cpu_insn_count(s->m);
    x->total_cycles = s->m->now;
    prx_set_layout(x, &s->layout);
}

static void release(struct profil_session *s)
{
    sampler_free(&s->s);
}

const struct profiler profiler_sampler = { "sampler", install, NULL, write, release };
