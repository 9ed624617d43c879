/*
 * sampler/exact.h: what a run leaves beside its .PRF besides the .PRF:
 * the exact 64-bit counts and the run's totals in NAME.prc
 * (formats/prc.h), and, when the .PRF's 16-bit counters wrapped, the
 * warning that names them and the -i (or, for a trace, -b) that would
 * keep every counter under 65536.
 */
#ifndef PROFIL_SAMPLER_EXACT_H
#define PROFIL_SAMPLER_EXACT_H

#include <stddef.h>

#include "../emu/machine.h"
#include "procs.h"
#include "sampler.h"
#include "trace.h"

/* The run's NAME.prc contents: the counts are lent from s, the counted
 * addresses from p (the .PRF sampler_to_prf made of s), the services
 * from `services` (NULL: none), and the totals of its frames when it has
 * them (`services->frames`, lent by the session); valid while they are. */
struct prc;
struct prf;
void exact_prc(const char *program, const struct sampler *s, const struct prf *p, struct machine *m, int tracing,
               const struct prx *services, struct prc *c);

/* After the .PRF at prf_path is written: its companion NAME.prc (none
 * when prf_path is a device such as /dev/null), staged in `set`
 * (formats/fileio.h) to be renamed with the run's other files, with the
 * run's id `run` (formats/prc.h, prc_run_id) and the time per service of
 * `services` (x->services, as in the .prx; NULL: none).  `t` is the tracer
 * of a --trace run, else NULL.  Returns 1 with one line in `say` (without
 * the "profil: warning: " prefix) when there is something to tell:
 * counters wrapped, or the companion could not be written; else 0. */
struct file_set;
int exact_finish_into(struct file_set *set, const char *prf_path, const char *program, const char *run,
                      const struct sampler *s, const struct prf *p, struct machine *m, const struct tracer *t,
                      const struct prx *services, char *say, size_t n);
/* The same for a child program's own .PRF (procs.h): its samples, or
 * under --trace its instructions (mode "trace"), its time from its EXEC to
 * its end, and no services. */
int exact_finish_child(const char *prf_path, const struct proc *child, const char *run, const struct prf *p,
                       struct machine *m, char *say, size_t n);

/* The smallest -i (microseconds, above the run's) at which counts this
 * large would stay under 65536, from the time they stand for; 0 when
 * none up to 65529 does. */
unsigned exact_fitting_interval(uint64_t largest, unsigned interval_us);
/* The largest -b below l's whose buckets of these paragraph counts all
 * stay under 65536; 0 when none does. */
unsigned exact_fitting_bucket_size(const uint64_t *para, uint32_t n, unsigned bucket_size);

#endif
