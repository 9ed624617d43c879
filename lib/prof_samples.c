/*
 * lib/prof_samples.c: the profiler row of --samples (formats/samplelog.h):
 * every sample's CS:IP and class, kept by the sampler for NAME.prs (which
 * lib/outputs.c writes with the .PRF).
 */
#include "profiler.h"

static enum profil_error install(struct profil_session *s)
{
    if (s->files.prs[0])
        s->s.log = &s->log;
    return PROFIL_OK;
}

static void release(struct profil_session *s)
{
    samplelog_free(&s->log);
}

const struct profiler profiler_samples = { "samples", install, NULL, NULL, release };
