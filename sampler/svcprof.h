/*
 * sampler/svcprof.h: time per DOS and BIOS service (`INT 21h/40h write`).
 *
 * Owns the counts per service id (emu/services.h): the samples whose CS:IP
 * is in DOS or the I/O system, by the service the machine says that time
 * belongs to (machine_service_at(); time no service claims is "other DOS"
 * or "other I/O"); with the machine's service_observer installed, the
 * calls and the cycles the host services charged; in trace mode, the
 * instructions and cycles of the BIOS code that does a service's work
 * (the INT 08h handler: its entries are its calls), from the per-address counts.  The rows go into
 * the .prx's "services" section and the run summary.
 */
#ifndef PROFIL_SAMPLER_SVCPROF_H
#define PROFIL_SAMPLER_SVCPROF_H

#include <stddef.h>
#include <stdint.h>

#include "../emu/machine.h"
#include "../formats/prx.h"

struct svcprof {
    struct machine *m;
    struct prx_service *rows;       /* in the order first met */
    size_t n, cap;
    uint64_t samples;               /* all the run's samples */
    int failed;                     /* out of memory: some counts are missing */
    int paused;                     /* the program stopped profiling: nothing counted */
    struct service_observer obs;
};

/* Counting for machine m; install p->obs as m->services for calls and cycles. */
void svcprof_init(struct svcprof *p, struct machine *m);
void svcprof_free(struct svcprof *p);
/* Every row's counts back to 0 (the program's CLEAR). */
void svcprof_clear(struct svcprof *p);
/* A sample at CS:IP, in DOS (dos != 0) or the I/O system. */
void svcprof_sample(struct svcprof *p, int dos, uint16_t cs, uint16_t ip);
/* Trace mode: add the code services' per-address counts. */
void svcprof_add_code(struct svcprof *p, const struct exact_counts *c);
/* The rows, busiest first (by cycles when `by_cycles`, else samples), into
 * the .prx: x->services (moved, with labels) and x->service_samples. */
int svcprof_to_prx(struct svcprof *p, int by_cycles, struct prx *x);

#endif
