/*
 * sampler/guestprof.h: the profiling interface of the program itself
 * (OS/2's DosProfile, Inferno's prof ctl, dbug's markers): what the guest's
 * functions at ports ECh/EDh do (emu/chips/guestport.h, docs/guestapi.md).
 *
 * Owns: whether the profilers collect (start, stop; `run --start-stopped`
 * begins stopped), clearing their counts, the zones (count, total, min and
 * max emulated cycles between ENTER and LEAVE, nested up to
 * GUESTPROF_MAX_OPEN deep), the marks (named points: times passed, first
 * and last cycle), the checks on names, and the status each call returns.
 * What it cannot do itself the session plugs in: turning trace mode's
 * counting on and off (the machine's), and writing a dump.
 */
#ifndef PROFIL_SAMPLER_GUESTPROF_H
#define PROFIL_SAMPLER_GUESTPROF_H

#include <stddef.h>
#include <stdint.h>

#include "../emu/chips/guestport.h"
#include "../formats/prx.h"
#include "calls.h"
#include "frames.h"
#include "sampler.h"
#include "svcprof.h"

#define GUESTPROF_MAX_ZONES 256     /* distinct zone names */
#define GUESTPROF_MAX_MARKS 256     /* distinct mark names */
#define GUESTPROF_MAX_OPEN  PRX_ZONE_DEPTH_MAX /* zones open at once (nesting) */
#define GUESTPROF_MAX_DUMPS 64      /* distinct files a run's DUMPs may write (the guest is untrusted) */

struct guestprof {
    int collecting;                 /* started (the default), or stopped */
    int started;                    /* the program called START at least once */
    struct sampler *s;              /* the profilers start/stop/clear act on */
    struct calltree *calls;         /* or NULL */
    struct svcprof *svc;            /* or NULL */
    struct frames *frames;          /* FRAME's, or NULL (then FRAME is no function) */
    struct exact_counts *exact;     /* trace mode's counts, or NULL */
    /* Trace mode: the machine counts into `exact` only while collecting. */
    void (*set_tracing)(void *ctx, int on);
    /* Dump: write the profile so far to NAME (a checked 8.3 name, upper
     * case); 0 when written, else the guest gets GUEST_E_WRITE. */
    int (*dump)(void *ctx, const char *name83);
    void *ctx;                      /* of set_tracing and dump */

    struct prx_zone *zones;         /* in the order first entered */
    size_t nzones;
    struct prx_mark *marks;         /* in the order first passed */
    size_t nmarks;
    struct { uint32_t zone; uint64_t since; } open[GUESTPROF_MAX_OPEN];
    unsigned depth;
    char dumped[GUESTPROF_MAX_DUMPS][13];   /* the names DUMP wrote */
    unsigned ndumped;
    uint64_t calls_made, errors;    /* functions called, and how many failed */
    struct guest_observer obs;      /* hand &obs to machine->guest.obs */
};

/* Collecting (started) unless start_stopped: the caller then pauses the
 * profilers it hands over (guestprof_collect). */
void guestprof_init(struct guestprof *g, int start_stopped);
void guestprof_free(struct guestprof *g);
/* Pause (on = 0) or resume every profiler g was given. */
void guestprof_collect(struct guestprof *g, int on);
/* One function of the guest (the observer's call). */
uint8_t guestprof_call(struct guestprof *g, uint8_t fn, const char *arg, unsigned len, uint64_t now);
/* Whether `arg` is a plain DOS file name, NAME or NAME.EXT (1-8 and 0-3
 * of A-Z 0-9 _ - $ ! # & ( ) @ ^ { } ~ ', either case); its upper-case
 * form with .PRF for a missing extension into out[13]. */
int guestprof_name83(const char *arg, char out[13]);
/* The zones and marks into the .prx (moved: g keeps none). */
void guestprof_to_prx(struct guestprof *g, struct prx *x);

#endif
