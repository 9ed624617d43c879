/*
 * sampler/trace.h: trace mode, `profil run --trace`.
 *
 * Owns the exact counts the machine fills when m->exact points at them
 * (emu/machine.h: instructions and cycles per linear address), and turns
 * them into the two files of a traced run: the .PRF in PROFIL's layout,
 * whose counters are instructions executed per class and bucket (wrapping
 * at 65536 as PROFIL's would), and the .prx with every count exact.
 */
#ifndef PROFIL_SAMPLER_TRACE_H
#define PROFIL_SAMPLER_TRACE_H

#include <stdint.h>

#include "../emu/machine.h"
#include "../formats/prx.h"
#include "sampler.h"

struct tracer {
    struct exact_counts counts;
    void *block;                /* what counts.addr was carved from (to free) */
};

int tracer_init(struct tracer *t);
void tracer_free(struct tracer *t);
/* MEM_SIZE per-address counts, zeroed and aligned to a cache line, into
 * *addr; the block to free into *block.  The pages are the allocator's
 * zeroed ones: only those of counted addresses are ever touched. */
int exact_addr_alloc(struct addr_counts **addr, void **block);
/* Every count back to 0 (the CS each address last ran with stays); the
 * pages of addresses never counted stay untouched. */
void exact_counts_clear(struct exact_counts *x);

/* Replace the sampler's counts with instructions per class and bucket. */
void tracer_to_sampler(const struct tracer *t, struct sampler *s);

/* The .prx of the run: every address where an instruction started or
 * cycles were spent, with its class under `l` and its instruction length
 * decoded from `mem` as it is now; and the code as it ran (x->code), with
 * the instructions whose bytes `mem` no longer holds (x->changed).  Text
 * fields are left to the caller. */
int tracer_to_prx(const struct tracer *t, const uint8_t *mem, const struct prf_layout *l, struct prx *x);
/* Instructions per paragraph of the program (paragraph offsets from
 * prog_low_pa, up to prog_high_pa), *n of them, malloc'ed into *out. */
int tracer_paragraphs(const struct tracer *t, const struct prf_layout *l, uint64_t **out, uint32_t *n);
/* The .PRF layout, in a .prx (a sampling run's too). */
void prx_set_layout(struct prx *x, const struct prf_layout *l);

#endif
