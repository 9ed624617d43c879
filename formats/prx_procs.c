/*
 * formats/prx_procs.c: the .prx's "processes" (see prx.h): writing them,
 * a process's samples as a .PRF, and finding one by name.  Read by
 * formats/prx_read.c.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "jsonio.h"
#include "prf.h"
#include "prx.h"

void prx_write_processes(FILE *f, const struct prx *x)
{
    fprintf(f, ",\n  \"processes\": {\"columns\": [\"parent\", \"name\", \"psp\", \"load_seg\", \"ended\", "
               "\"exit_code\", \"exit_type\", \"start\", \"end\", \"samples\", \"inclusive\", \"io\", \"dos\", "
               "\"high\", \"bucket_size\", \"bucket_num\", \"prog_high_pa\"],\n    \"rows\": [");
    for (size_t i = 0; i < x->nprocs; i++) {
        const struct prx_process *p = &x->procs[i];
        fprintf(f, "%s\n      [%d, ", i ? "," : "", (int)p->parent);
        json_put_text(f, p->name);
        fprintf(f, ", %u, %u, %u, %u, %u, %llu, %llu, %llu, %llu, %llu, %llu, %llu, %u, %u, %u]", p->psp,
                p->load_seg, p->ended, p->exit_code, p->exit_type, (unsigned long long)p->start,
                (unsigned long long)p->end, (unsigned long long)p->samples, (unsigned long long)p->inclusive,
                (unsigned long long)p->io, (unsigned long long)p->dos, (unsigned long long)p->high,
                p->bucket_size, p->bucket_num, p->prog_high_pa);
    }
    fprintf(f, "\n    ],\n    \"bucket_columns\": [\"process\", \"bucket\", \"samples\"],\n    \"buckets\": [");
    for (size_t i = 0; i < x->npbuckets; i++)
        fprintf(f, "%s[%u, %u, %llu]", i % 6 ? ", " : i ? ",\n      " : "\n      ", x->pbuckets[i].proc,
                x->pbuckets[i].bucket, (unsigned long long)x->pbuckets[i].samples);
    fprintf(f, "\n    ]\n  }");
}

int prx_process_prf(const struct prx *x, size_t i, struct prf *p)
{
    const struct prx_process *r = &x->procs[i];
    memset(p, 0, sizeof *p);
    p->clock_grain = x->clock_grain;
    p->bucket_num = (uint16_t)r->bucket_num;
    p->bucket_size = r->bucket_size;
    p->prog_low_pa = r->load_seg;
    p->prog_high_pa = r->prog_high_pa;
    p->dos_pa = x->dos_pa;
    p->hit_io = (uint16_t)r->io;
    p->hit_dos = (uint16_t)r->dos;
    p->hit_high = (uint16_t)r->high;
    p->bucket = calloc(r->bucket_num ? r->bucket_num : 1, sizeof *p->bucket);
    p->exact = calloc(r->bucket_num + 3, sizeof *p->exact);
    if (!p->bucket || !p->exact) {
        prf_free(p);
        return -1;
    }
    for (size_t k = 0; k < x->npbuckets; k++)
        if (x->pbuckets[k].proc == i) {
            p->exact[x->pbuckets[k].bucket] = x->pbuckets[k].samples;
            p->bucket[x->pbuckets[k].bucket] = (uint16_t)x->pbuckets[k].samples;
        }
    p->exact[r->bucket_num] = r->io;
    p->exact[r->bucket_num + 1] = r->dos;
    p->exact[r->bucket_num + 2] = r->high;
    return 0;
}

/* Whether `name` is the row's name, or its name without the extension. */
static int names(const struct prx_process *p, const char *name, size_t len)
{
    size_t stem = strcspn(p->name, ".");
    return (len == strlen(p->name) && strncasecmp(p->name, name, len) == 0) ||
           (len == stem && strncasecmp(p->name, name, len) == 0);
}

int prx_find_process(const struct prx *x, const char *name)
{
    char *end;
    unsigned long row = strtoul(name, &end, 10);
    if (isdigit((unsigned char)name[0]) && !*end)
        return row < x->nprocs ? (int)row : -1;
    const char *colon = strchr(name, ':');
    size_t len = colon ? (size_t)(colon - name) : strlen(name);
    unsigned long nth = 1;
    if (colon) {
        nth = strtoul(colon + 1, &end, 10);
        if (!isdigit((unsigned char)colon[1]) || *end || nth == 0)
            return -1;
    }
    for (size_t i = 0; i < x->nprocs; i++)
        if (names(&x->procs[i], name, len) && --nth == 0)
            return (int)i;
    return -1;
}
