/*
 * lib/profiler.h: the one interface of the session's profilers.  Each is a
 * row (lib/prof_*.c) of profilers_rows (lib/profilers.c): the session
 * installs them in the table's order before the run, finishes them in the
 * reverse order after it, asks each for its part of the run's .prx, and
 * releases them with the session; it calls none of them by name.  A row
 * that has nothing to do at a step leaves it NULL; one whose option is not
 * set does nothing.  Not installed.
 */
#ifndef PROFIL_LIB_PROFILER_H
#define PROFIL_LIB_PROFILER_H

#include "session_internal.h"

struct profiler {
    const char *name;
    /* Before the run, once the process is loaded and the clock model set:
     * set up, and plug into the machine, the DOS and the profilers
     * installed before it; an error (the session's message set) stops the
     * session. */
    enum profil_error (*install)(struct profil_session *s);
    /* After the run, once, before anything is written. */
    void (*finish)(struct profil_session *s);
    /* Its part of the run's .prx (what it collected moves into x). */
    void (*write)(struct profil_session *s, struct prx *x);
    /* With the session (also after a failed install). */
    void (*release)(struct profil_session *s);
};

/* The rows, in the order they are installed; NULL after the last. */
extern const struct profiler *const profilers_rows[];

extern const struct profiler profiler_services, profiler_trace, profiler_stacks, profiler_memory, profiler_sampler,
    profiler_procs, profiler_frames, profiler_samples, profiler_guest;

/* Each row's step, in the order of that step (above); finishing after
 * the run, once (the results and the writing ask for it), settles the
 * last instruction first. */
enum profil_error profilers_install(struct profil_session *s);
void profilers_finish(struct profil_session *s);
void profilers_write(struct profil_session *s, struct prx *x);
void profilers_release(struct profil_session *s);

#endif
