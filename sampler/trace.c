/*
 * sampler/trace.c: see trace.h.
 */
#include "trace.h"

#include <stdlib.h>
#include <string.h>

#include "../emu/cpu/insnlen.h"

enum { LINE = 64 };     /* the host's cache line, at least on x86-64 and ARM64 */

int exact_addr_alloc(struct addr_counts **addr, void **block)
{
    /* calloc, not aligned_alloc and memset: a block this large comes
     * zeroed from the system, and only the pages written become resident. */
    *block = calloc(MEM_SIZE + LINE / sizeof **addr, sizeof **addr);
    *addr = *block ? (struct addr_counts *)(((uintptr_t)*block + LINE - 1) & ~(uintptr_t)(LINE - 1)) : NULL;
    return *block ? 0 : -1;
}

int tracer_init(struct tracer *t)
{
    memset(t, 0, sizeof *t);
    exact_addr_alloc(&t->counts.addr, &t->block);
    t->counts.video = calloc(MEM_SIZE, sizeof *t->counts.video);
    t->counts.code = calloc(MEM_SIZE, 1);
    if (t->counts.addr && t->counts.video && t->counts.code)
        return 0;
    tracer_free(t);
    return -1;
}

void tracer_free(struct tracer *t)
{
    free(t->block);
    free(t->counts.video);
    free(t->counts.code);
    memset(t, 0, sizeof *t);
}

void exact_counts_clear(struct exact_counts *x)
{
    for (uint32_t a = 0; a < MEM_SIZE; a++) {
        struct addr_counts *n = &x->addr[a];
        if (n->insns | n->cycles | n->stalls)
            n->insns = n->cycles = n->stalls = 0;
        if (x->video && x->video[a])
            x->video[a] = 0;
    }
}

void tracer_to_sampler(const struct tracer *t, struct sampler *s)
{
    s->hit_io = s->hit_dos = s->hit_high = s->total = 0;
    memset(s->bucket, 0, s->layout.bucket_num * sizeof *s->bucket);
    if (s->at)
        memset(s->at, 0, s->nat * sizeof *s->at);
    for (uint32_t a = 0; a < MEM_SIZE; a++) {
        uint64_t n = t->counts.addr[a].insns;
        if (!n)
            continue;
        uint32_t b = 0;
        switch (sample_class_at(&s->layout, a, t->counts.addr[a].cs, &b)) {
        case CLASS_IO: s->hit_io += n; break;
        case CLASS_DOS: s->hit_dos += n; break;
        case CLASS_HIGH: s->hit_high += n; break;
        case CLASS_BUCKET: {
            uint16_t cs = t->counts.addr[a].cs, ip = sample_ip_of(a, cs);
            uint32_t offset = sample_offset(&s->layout, cs, ip);
            s->bucket[b] += n;
            if (s->at && offset < s->nat)
                s->at[offset] += n;
            break;
        }
        }
        s->total += n;
    }
}

/* The code as it ran, into x->code: the bytes of every instruction that
 * ran as they were its first time (runs of consecutive bytes), and the
 * instructions whose bytes memory no longer holds. */
static int code_to_prx(const struct tracer *t, const uint8_t *mem, struct prx *x)
{
    const uint8_t *code = t->counts.code;
    uint8_t *ran = calloc(MEM_SIZE, 1);
    size_t nchanged = 0, nruns = 0, nbytes = 0;
    if (!ran)
        return -1;
    for (uint32_t a = 0; a < MEM_SIZE; a++) {
        if (!t->counts.addr[a].insns)
            continue;
        unsigned n = insn_length(code, a), same = 1;
        for (unsigned k = 0; k < n; k++) {
            ran[(a + k) & MEM_MASK] = 1;
            same &= code[(a + k) & MEM_MASK] == mem[(a + k) & MEM_MASK];
        }
        nchanged += !same;
    }
    for (uint32_t a = 0; a < MEM_SIZE; a++) {
        nbytes += ran[a];
        nruns += ran[a] && (a == 0 || !ran[a - 1]);
    }
    x->code = calloc(nruns ? nruns : 1, sizeof *x->code);
    x->code_bytes = malloc(nbytes ? nbytes : 1);
    x->changed = calloc(nchanged ? nchanged : 1, sizeof *x->changed);
    if (!x->code || !x->code_bytes || !x->changed) {
        free(ran);
        return -1;
    }
    for (uint32_t a = 0; a < MEM_SIZE; a++) {
        if (t->counts.addr[a].insns) {
            unsigned n = insn_length(code, a), same = 1;
            for (unsigned k = 0; k < n; k++)
                same &= code[(a + k) & MEM_MASK] == mem[(a + k) & MEM_MASK];
            if (!same)
                x->changed[x->nchanged++] = a;
        }
        if (!ran[a])
            continue;
        if (a == 0 || !ran[a - 1])
            x->code[x->ncode++] = (struct prx_code){ a, 0, x->ncode_bytes };
        x->code[x->ncode - 1].n++;
        x->code_bytes[x->ncode_bytes++] = code[a];
    }
    free(ran);
    return 0;
}

int tracer_to_prx(const struct tracer *t, const uint8_t *mem, const struct prf_layout *l, struct prx *x)
{
    size_t n = 0;
    for (uint32_t a = 0; a < MEM_SIZE; a++)
        n += (t->counts.addr[a].insns | t->counts.addr[a].cycles) != 0;
    x->e = calloc(n ? n : 1, sizeof *x->e);
    if (!x->e)
        return -1;
    x->n = 0;
    x->total_insns = x->total_cycles = 0;
    for (uint32_t a = 0; a < MEM_SIZE; a++) {
        if (!(t->counts.addr[a].insns | t->counts.addr[a].cycles))
            continue;
        struct prx_entry *e = &x->e[x->n++];
        uint32_t b = 0;
        e->linear = a;
        e->cs = t->counts.addr[a].cs;
        e->ip = sample_ip_of(a, e->cs);
        e->cls = (uint8_t)sample_class_at(l, a, e->cs, &b);
        e->length = t->counts.addr[a].insns ? (uint8_t)insn_length(mem, a) : 0;
        e->insns = t->counts.addr[a].insns;
        e->cycles = t->counts.addr[a].cycles;
        e->stalls = t->counts.addr[a].stalls;
        e->video = t->counts.video ? t->counts.video[a] : 0;
        x->total_insns += e->insns;
        x->total_cycles += e->cycles;
    }
    prx_set_layout(x, l);
    return t->counts.code ? code_to_prx(t, mem, x) : 0;
}

int tracer_paragraphs(const struct tracer *t, const struct prf_layout *l, uint64_t **out, uint32_t *n)
{
    struct prf_layout one = *l;
    *n = (uint16_t)(l->prog_high_pa - l->prog_low_pa);
    one.bucket_size = 1;
    one.bucket_num = *n;
    *out = calloc(*n ? *n : 1, sizeof **out);
    if (!*out)
        return -1;
    for (uint32_t a = 0; a < MEM_SIZE; a++) {
        uint32_t b = 0;
        if (t->counts.addr[a].insns && sample_class_at(&one, a, t->counts.addr[a].cs, &b) == CLASS_BUCKET)
            (*out)[b] += t->counts.addr[a].insns;
    }
    return 0;
}

void prx_set_layout(struct prx *x, const struct prf_layout *l)
{
    x->clock_grain = l->clock_grain;
    x->bucket_size = l->bucket_size;
    x->bucket_num = l->bucket_num;
    x->prog_low_pa = l->prog_low_pa;
    x->prog_high_pa = l->prog_high_pa;
    x->dos_pa = l->dos_pa;
}
