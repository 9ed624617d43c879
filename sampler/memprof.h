/*
 * sampler/memprof.h: --memory, Inferno prof's memory profiling for DOS.
 *
 * Follows the DOS memory calls (emu/dos/dos.h's struct mem_observer) and
 * keeps, per call site (the INT 21h instruction), the calls it made and
 * the bytes of the blocks it allocated: allocated, freed (by whoever
 * freed them), peak live and live when the run ended.  A block changes
 * size under 4Ah on behalf of the site that allocated it; the blocks the
 * loader made (the program's own and its environment) belong to the site
 * PRX_SITE_EXEC.
 */
#ifndef PROFIL_SAMPLER_MEMPROF_H
#define PROFIL_SAMPLER_MEMPROF_H

#include <stddef.h>
#include <stdint.h>

#include "../emu/dos/dos.h"
#include "../formats/prx.h"

struct memblock {
    uint16_t seg;
    uint32_t bytes;
    size_t site;                        /* index into sites */
};

struct memprof {
    struct alloc_site *sites;
    size_t nsites, cap_sites;
    struct memblock *blocks;            /* live blocks */
    size_t nblocks, cap_blocks;
    int oom;                            /* a table could not grow: figures are partial */
    struct mem_observer obs;            /* hand &obs to dos->mem_calls */
};

void memprof_init(struct memprof *p);
void memprof_free(struct memprof *p);
/* A block the loader made before the program ran. */
void memprof_exec_block(struct memprof *p, uint16_t seg, uint32_t bytes);
void memprof_call(struct memprof *p, enum mem_call what, uint16_t cs, uint16_t ip, uint16_t seg,
                  uint32_t old_bytes, uint32_t new_bytes, int failed);

#endif
