/*
 * sampler/memprof.c: see memprof.h.
 */
#include "memprof.h"

#include <stdlib.h>
#include <string.h>

#include "../emu/machine.h"
#include "../util/grow.h"


/* The site at `linear`, made on first use; SIZE_MAX when out of memory. */
static size_t site_at(struct memprof *p, uint32_t linear, uint16_t cs, uint16_t ip)
{
    for (size_t i = 0; i < p->nsites; i++)
        if (p->sites[i].linear == linear)
            return i;
    struct alloc_site *s = grow_array(&p->sites, &p->cap_sites, p->nsites + 1, sizeof *p->sites) == 0
                               ? &p->sites[p->nsites] : NULL;
    if (!s) {
        p->oom = 1;
        return SIZE_MAX;
    }
    *s = (struct alloc_site){ .linear = linear, .cs = cs, .ip = ip };
    return p->nsites++;
}

static struct memblock *block_at(struct memprof *p, uint16_t seg)
{
    for (size_t i = 0; i < p->nblocks; i++)
        if (p->blocks[i].seg == seg)
            return &p->blocks[i];
    return NULL;
}

/* The block's owner site gains (or, negative, loses) `delta` live bytes. */
static void account(struct alloc_site *s, int64_t delta)
{
    if (delta > 0)
        s->allocated += (uint64_t)delta;
    else
        s->freed += (uint64_t)-delta;
    s->live = (uint64_t)((int64_t)s->live + delta);
    if (s->live > s->peak)
        s->peak = s->live;
}

static void add_block(struct memprof *p, uint16_t seg, uint32_t bytes, size_t site)
{
    struct memblock *b = grow_array(&p->blocks, &p->cap_blocks, p->nblocks + 1, sizeof *p->blocks) == 0
                             ? &p->blocks[p->nblocks] : NULL;
    if (!b) {
        p->oom = 1;
        return;
    }
    *b = (struct memblock){ seg, bytes, site };
    p->nblocks++;
    account(&p->sites[site], bytes);
}

void memprof_exec_block(struct memprof *p, uint16_t seg, uint32_t bytes)
{
    size_t s = site_at(p, PRX_SITE_EXEC, 0, 0);
    if (s != SIZE_MAX) {
        p->sites[s].allocs++;
        add_block(p, seg, bytes, s);
    }
}

void memprof_call(struct memprof *p, enum mem_call what, uint16_t cs, uint16_t ip, uint16_t seg,
                  uint32_t old_bytes, uint32_t new_bytes, int failed)
{
    size_t s = site_at(p, lin(cs, ip), cs, ip);
    if (s == SIZE_MAX)
        return;
    struct alloc_site *caller = &p->sites[s];
    caller->failures += failed != 0;
    caller->allocs += what == MEM_ALLOC && !failed;
    caller->resizes += what == MEM_RESIZE;
    caller->frees += what == MEM_FREE;
    if (failed)
        return;
    if (what == MEM_ALLOC) {
        add_block(p, seg, new_bytes, s);
        return;
    }
    struct memblock *b = block_at(p, seg);
    if (!b && old_bytes) {          /* a block made before we looked: the loader's */
        memprof_exec_block(p, seg, old_bytes);
        b = block_at(p, seg);
    }
    if (!b)
        return;
    account(&p->sites[b->site], (int64_t)new_bytes - (int64_t)b->bytes);
    b->bytes = new_bytes;
    if (what == MEM_FREE)
        *b = p->blocks[--p->nblocks];
}

static void on_call(void *ctx, enum mem_call what, uint16_t cs, uint16_t ip, uint16_t seg,
                    uint32_t old_bytes, uint32_t new_bytes, int failed)
{
    memprof_call(ctx, what, cs, ip, seg, old_bytes, new_bytes, failed);
}

void memprof_init(struct memprof *p)
{
    memset(p, 0, sizeof *p);
    p->obs = (struct mem_observer){ p, on_call };
}

void memprof_free(struct memprof *p)
{
    free(p->sites);
    free(p->blocks);
    memset(p, 0, sizeof *p);
}
