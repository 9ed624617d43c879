/*
 * formats/prx.h: trace mode's extended profile, NAME.prx (JSON, version 1).
 *
 * Beside the .PRF that `profil run --trace` writes in PROFIL's layout, the
 * .prx holds the exact counts the .PRF cannot: per executed address, the
 * instructions that started there and the emulated cycles spent there, in
 * 64-bit numbers.  The schema is in docs/formats.md; readers reject other
 * versions with a message naming the file.  Written atomically.
 */
#ifndef PROFIL_FORMATS_PRX_H
#define PROFIL_FORMATS_PRX_H

#include <stddef.h>
#include <stdint.h>

#define PRX_VERSION 1

/* PROFIL's classes of an address (sampler/sampler.h's order). */
enum prx_class { PRX_IO, PRX_DOS, PRX_HIGH, PRX_PROGRAM };

struct prx_entry {
    uint32_t linear;
    uint16_t cs, ip;            /* the CS it last ran with; ip = linear - 16 cs */
    uint8_t cls;                /* enum prx_class */
    uint8_t length;             /* instruction bytes (as last decoded)  */
    uint64_t insns, cycles;
};

struct prx {
    char program[64];
    char cpu[8];
    char timing[8];             /* "table" */
    char stop[16];              /* how the run ended: exit, timeout, ... */
    uint64_t total_insns, total_cycles;
    /* The .PRF layout: bucket i covers program offsets i*bucket_size*16... */
    uint16_t clock_grain, bucket_size, prog_low_pa, prog_high_pa, dos_pa;
    uint32_t bucket_num;
    struct prx_entry *e;        /* by linear address, each once */
    size_t n;
};

int prx_write_file(const char *path, const struct prx *x, char *err, size_t errn);
int prx_read_file(const char *path, struct prx *x, char *err, size_t errn);
/* Whether the file's first bytes look like a .prx (JSON) rather than a .PRF. */
int prx_looks_like(const uint8_t *buf, size_t n);
void prx_free(struct prx *x);
const char *prx_class_name(unsigned cls);
/* The load-module offset of a program entry (linear - 16 prog_low_pa). */
static inline uint32_t prx_offset(const struct prx *x, const struct prx_entry *e)
{
    return e->linear - (uint32_t)x->prog_low_pa * 16u;
}

#endif
