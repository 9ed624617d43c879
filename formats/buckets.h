/*
 * formats/buckets.h: bucket definition files (docs/buckets.md), in the
 * spirit of DEC PME's PMEBUILD: named buckets made of address ranges
 * (absolute SEG:OFF, program-relative +OFFSET, a map's segments and public
 * symbols, or the bytes between two symbols), each one row or split into
 * finer rows BY a number of bytes or BY SYMBOL, and named groups of
 * buckets.  The parser checks what the language forbids (overlapping
 * buckets, empty ranges, unknown symbols, names defined twice) and says
 * where, as "FILE:LINE:COLUMN: problem".
 *
 * Every address is resolved to a linear one (20 bits), so a set counts a
 * sample's CS:IP, or a trace's address row, wherever it lies: in the
 * program, DOS or the BIOS.
 */
#ifndef PROFIL_FORMATS_BUCKETS_H
#define PROFIL_FORMATS_BUCKETS_H

#include <stddef.h>
#include <stdint.h>

#include "symtab.h"

#define BUCKETS_MAX_ROWS (1u << 20)     /* rows after BY, in all */

/* One row of the report: a bucket, or one piece of a bucket split BY. */
struct bucket_row {
    char name[128];             /* "heavy", "code/+0070", "code/heavy" */
    uint32_t lo, hi;            /* linear, hi exclusive: the row's first range */
    uint32_t nranges;           /* ranges the row covers (more than 1: a bucket of several) */
    uint32_t bucket;            /* index into bucketset.bucket */
};

struct bucket_def {
    char name[64];
    uint32_t first_row, nrows;  /* its rows, consecutive */
    unsigned line;              /* where it is defined */
};

struct bucket_group {
    char name[64];
    uint32_t *member;           /* bucket indexes, as listed */
    uint32_t n;
    unsigned line;
};

/* A piece of the address space that counts for one row; no two overlap. */
struct bucket_piece {
    uint32_t lo, hi;            /* linear, hi exclusive */
    uint32_t row;
};

struct bucketset {
    struct bucket_row *row;
    uint32_t nrow;
    struct bucket_def *bucket;
    uint32_t nbucket;
    struct bucket_group *group;
    uint32_t ngroup;
    struct bucket_piece *piece; /* sorted by lo */
    uint32_t npiece;
    uint32_t prog_lo;           /* linear address of the load module (program-relative 0) */
};

/* Parse a bucket file's text.  `file` names it in errors; `map` (NULL:
 * none) resolves SYMBOL, SEGMENT and symbol addresses; `prog_low_pa` is
 * the profile's (the load module's first paragraph), which places the
 * map's offsets and +OFFSET addresses.  -1 with one line in err. */
int bucketset_parse(const char *text, size_t len, const char *file, const struct symtab *map, uint16_t prog_low_pa,
                    struct bucketset *out, char *err, size_t errn);
int bucketset_read_file(const char *path, const struct symtab *map, uint16_t prog_low_pa, struct bucketset *out,
                        char *err, size_t errn);
void bucketset_free(struct bucketset *s);

/* The row that counts linear address a, or -1 when no bucket covers it. */
long bucketset_find(const struct bucketset *s, uint32_t a);

#endif
