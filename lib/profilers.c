/*
 * lib/profilers.c: the table of the session's profilers (lib/profiler.h)
 * and the loops over it.  The order is what each needs of the others:
 * the services and the trace before the call tree (it keeps the trace's
 * observer), the sampler's layout before the programs' and the frames',
 * the program's interface (ports ECh/EDh) last, over all of them; the
 * finishing is the reverse (the frames and the programs close on the
 * trace's counts before the trace turns them into the sampler's, and the
 * services add the trace's code last).
 */
#include "profiler.h"

#include "../emu/cpu/cpu.h"

const struct profiler *const profilers_rows[] = {
    &profiler_services, &profiler_trace, &profiler_stacks, &profiler_memory, &profiler_sampler,
    &profiler_procs,    &profiler_frames, &profiler_samples, &profiler_guest, NULL,
};

enum profil_error profilers_install(struct profil_session *s)
{
    for (const struct profiler *const *p = profilers_rows; *p; p++) {
        enum profil_error e = (*p)->install ? (*p)->install(s) : PROFIL_OK;
        if (e != PROFIL_OK)
            return e;
    }
    return PROFIL_OK;
}

void profilers_finish(struct profil_session *s)
{
    if (!s->ran || s->finished)
        return;
    s->finished = 1;
    if (s->tracing || s->following)
        cpu_settle(s->m);       /* the last instruction, when a limit stopped the run */
    size_t n = 0;
    while (profilers_rows[n])
        n++;
    while (n-- > 0)
        if (profilers_rows[n]->finish)
            profilers_rows[n]->finish(s);
}

void profilers_write(struct profil_session *s, struct prx *x)
{
    for (const struct profiler *const *p = profilers_rows; *p; p++)
        if ((*p)->write)
            (*p)->write(s, x);
}

void profilers_release(struct profil_session *s)
{
    for (const struct profiler *const *p = profilers_rows; *p; p++)
        if ((*p)->release)
            (*p)->release(s);
}
