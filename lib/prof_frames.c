/*
 * lib/prof_frames.c: the profiler row of the program's frames
 * (sampler/frames.h, docs/frames.md), always on: found by --frames's kind
 * (at=SYMBOL|SEG:OFF: an address watched), closed at the run's end, into
 * the .prx.
 */
#include "profiler.h"

#include <string.h>

#include "../formats/symtab.h"

/* --frames at=SYMBOL|SEG:OFF: the address (SEG:OFF as the CPU runs it,
 * a symbol by the one rule, symtab_load, from the load module's start),
 * watched by the frames. */
static enum profil_error start_frames_at(struct profil_session *s)
{
    const char *at = s->o.frames_at ? s->o.frames_at : "";
    unsigned seg, off;
    uint32_t linear;
    if (frame_at_address(at, &seg, &off) == 0) {
        linear = lin((uint16_t)seg, (uint16_t)off);
    } else {
        struct symtab t;
        char sources[600], err[600];
        int rc = symtab_load(s->files.map[0] ? s->files.map : NULL, s->o.program, &t, sources, sizeof sources, err,
                             sizeof err);
        if (rc < 0)
            return session_fail(s, PROFIL_ERR_INPUT, "--frames at=%s: %s", at, err);
        if (rc > 0)
            return session_fail(s, PROFIL_ERR_INPUT, "--frames at=%s: %s has no map (--map) or debug information "
                                "to find the symbol in", at, s->o.program);
        size_t i = 0;
        while (i < t.nsym && strcmp(t.sym[i].name, at) != 0)
            i++;
        if (i == t.nsym) {
            symtab_free(&t);
            return session_fail(s, PROFIL_ERR_INPUT, "--frames at=%s: no symbol %s in %s", at, at, sources);
        }
        linear = (uint32_t)s->layout.prog_low_pa * 16u + t.sym[i].addr;
        symtab_free(&t);
    }
    int rc = frames_at(&s->frames, linear & MEM_MASK, at);
    if (rc == -2)
        return session_fail(s, PROFIL_ERR_INPUT, "--frames at=%s: %05X is a DOS or BIOS service's entry, which "
                            "profil runs itself: name an address of the program's", at, (unsigned)(linear & MEM_MASK));
    if (rc != 0)
        return session_fail(s, PROFIL_ERR_MEMORY, "--frames at=%s: no room for the watch", at);
    return PROFIL_OK;
}

static enum profil_error install(struct profil_session *s)
{
    const struct profil_options *o = &s->o;
    struct machine *m = s->m;
    frames_init(&s->frames, (enum frame_kind)o->frames, m, &s->s, adapter_start(&m->adapter));
    frames_timer_every(&s->frames, o->frames_every);
    s->frames.mem = m->mem;
    s->frames.svc = &s->svc;
    if (o->frames == PROFIL_FRAMES_AT) {
        enum profil_error e = start_frames_at(s);
        if (e != PROFIL_OK)
            return e;
    }
    m->display = &s->frames.obs;
    s->s.frames = &s->frames;
    if (s->tracing && frames_trace(&s->frames, &s->tr.counts) != 0)
        return session_fail(s, PROFIL_ERR_MEMORY, "out of memory for --trace");
    return PROFIL_OK;
}

static void finish(struct profil_session *s)
{
    frames_finish(&s->frames, s->m->now);
}

static void write(struct profil_session *s, struct prx *x)
{
    frames_to_prx(&s->frames, x);
}

static void release(struct profil_session *s)
{
    frames_free(&s->frames);
}

const struct profiler profiler_frames = { "frames", install, finish, write, release };
