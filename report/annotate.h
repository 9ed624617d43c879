/*
 * report/annotate.h: `profil annotate`: each hot symbol's code
 * disassembled (report/disasm.h), every instruction with its exact
 * count, cycles, bus stalls and share of the run's time, from the code
 * bytes a trace's .prx holds as they ran; jump and call targets named by
 * the map's symbols; source lines between the instructions (--source: a
 * NASM listing's text, or a map's line-number labels).  A .PRF has only
 * samples per bucket: its annotation is at bucket resolution, and says so.
 */
#ifndef PROFIL_FORMATS_ANNOTATE_H
#define PROFIL_FORMATS_ANNOTATE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../formats/nasmlst.h"
#include "../formats/prf.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"

struct annotate_request {
    const char *path;                   /* the .prx or .PRF, for the header */
    const struct symtab *map;           /* NULL: per run of executed code (per bucket for a .PRF) */
    const char *symbol;                 /* NULL: every symbol that ran, busiest first */
    int source;                         /* interleave the map's source lines */
    const struct nasm_listing *listing; /* their text (the map is a NASM listing), or NULL */
    int color;                          /* highlight the hot lines (a terminal): red from
                                           ANNOTATE_RED% of the run's time, green from ANNOTATE_GREEN% */
};
#define ANNOTATE_RED 5.0
#define ANNOTATE_GREEN 0.5

/* The annotation of a trace's .prx; 0, or -1 with a one-line err (a
 * sampling run's .prx, a .prx without code, an unknown --symbol). */
int annotate_prx(FILE *f, const struct prx *x, const struct annotate_request *q, char *err, size_t errn);

/* The same annotation as items, for other writers (report/html.h): one
 * ANNOTATE_BEGIN; per symbol, busiest first, an ANNOTATE_UNIT, its lines
 * in address order (ANNOTATE_INSN, ANNOTATE_SOURCE, ANNOTATE_GAP), then
 * ANNOTATE_END.  max_units: at most that many symbols (0: all).  The same
 * errors as annotate_prx, before any item. */
enum annotate_kind { ANNOTATE_BEGIN, ANNOTATE_UNIT, ANNOTATE_INSN, ANNOTATE_SOURCE, ANNOTATE_GAP, ANNOTATE_END };
#define ANNOTATE_NO_UNIT UINT32_MAX
struct annotate_item {
    enum annotate_kind kind;
    const char *name;           /* UNIT: the symbol ("(no symbol)", "code" without a map); SOURCE: the line's label */
    uint32_t start, end;        /* UNIT: its load-module offsets, end exclusive; INSN: start = its offset;
                                   GAP: the bytes not executed */
    uint64_t insns, cycles, stalls;     /* UNIT: its totals; INSN: the instruction's */
    double percent;             /* UNIT, INSN: of all the run's cycles */
    uint16_t cs, ip;            /* INSN */
    char bytes[20];             /* INSN: "E2FE" ("" for cycles charged at an address no instruction started at) */
    const char *text;           /* INSN: the instruction; SOURCE: the listing's text, or NULL (a map's line) */
    char target[80];            /* INSN: " <light+0x3>", or "" */
    uint32_t target_unit;       /* INSN: the start of the symbol holding the target, or ANNOTATE_NO_UNIT */
    uint32_t target_at;         /* INSN: the target's load-module offset (there: target_unit), or ANNOTATE_NO_UNIT */
    int changed;                /* INSN: its bytes changed after it ran; END: how many of the unit's did */
};
typedef void (*annotate_sink)(void *ctx, const struct annotate_item *it);
int annotate_prx_each(const struct prx *x, const struct annotate_request *q, size_t max_units, annotate_sink sink,
                      void *ctx, char *err, size_t errn);

/* The same at bucket resolution for a .PRF (exact counts attached when
 * its .prc matched): per symbol, its buckets and their samples. */
int annotate_prf(FILE *f, const struct prf *p, const struct annotate_request *q, char *err, size_t errn);

#endif
