/*
 * sampler/svcprof.c: time per DOS and BIOS service (see svcprof.h).
 */
#include "svcprof.h"

#include <stdlib.h>
#include <string.h>

#include "../emu/services.h"
#include "../util/grow.h"

static struct prx_service *row(struct svcprof *p, uint32_t id)
{
    for (size_t i = p->n; i-- > 0;)
        if (p->rows[i].id == id)
            return &p->rows[i];
    if (grow_array(&p->rows, &p->cap, p->n + 1, sizeof *p->rows) != 0) {
        p->failed = 1;
        return NULL;
    }
    struct prx_service *r = &p->rows[p->n++];
    memset(r, 0, sizeof *r);
    r->id = id;
    return r;
}

static void on_call(void *ctx, uint32_t id)
{
    if (((struct svcprof *)ctx)->paused)
        return;
    struct prx_service *r = row(ctx, id);
    if (r)
        r->calls++;
}

static void on_spent(void *ctx, uint32_t id, uint64_t cycles)
{
    if (((struct svcprof *)ctx)->paused)
        return;
    struct prx_service *r = row(ctx, id);
    if (r)
        r->cycles += cycles;
}

void svcprof_init(struct svcprof *p, struct machine *m)
{
    memset(p, 0, sizeof *p);
    p->m = m;
    p->obs = (struct service_observer){ p, on_call, on_spent };
}

void svcprof_free(struct svcprof *p)
{
    free(p->rows);
    p->rows = NULL;
    p->n = p->cap = 0;
}

void svcprof_clear(struct svcprof *p)
{
    for (size_t i = 0; i < p->n; i++)
        p->rows[i].samples = p->rows[i].calls = p->rows[i].cycles = p->rows[i].insns = 0;
    p->samples = 0;
}

void svcprof_sample(struct svcprof *p, int dos, uint16_t cs, uint16_t ip)
{
    uint32_t id = machine_service_at(p->m, cs, ip);
    struct prx_service *r = row(p, id ? id : service_other(dos));
    if (r)
        r->samples++;
}

void svcprof_add_code(struct svcprof *p, const struct exact_counts *c)
{
    int n;
    const struct code_service *services = machine_code_services(p->m, &n);
    for (int i = 0; i < n; i++) {
        const struct code_service *cs = &services[i];
        struct prx_service *r = row(p, cs->id);
        if (r)
            r->calls += c->addr[cs->lo & MEM_MASK].insns;   /* entries: its first instruction's count */
        for (uint32_t a = cs->lo; r && a < cs->lo + cs->len; a++) {
            r->insns += c->addr[a & MEM_MASK].insns;
            r->cycles += c->addr[a & MEM_MASK].cycles;
        }
    }
}

int svcprof_to_prx(struct svcprof *p, int by_cycles, struct prx *x)
{
    size_t kept = 0;
    for (size_t i = 0; i < p->n; i++)       /* a service entered but never timed: nothing to show */
        if (p->rows[i].samples || p->rows[i].calls || p->rows[i].cycles)
            p->rows[kept++] = p->rows[i];
    if (kept)
        prx_services_sort(p->rows, kept, by_cycles);
    for (size_t i = 0; i < kept; i++)
        service_label(p->rows[i].id, p->rows[i].label, sizeof p->rows[i].label);
    free(x->services);
    x->services = kept ? p->rows : calloc(1, sizeof *x->services);
    if (!kept)
        free(p->rows);
    x->nservices = kept;
    x->service_samples = p->samples;
    p->rows = NULL;
    p->n = p->cap = 0;
    return x->services ? 0 : -1;
}
