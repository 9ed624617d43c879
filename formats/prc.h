/*
 * formats/prc.h: NAME.prc, the exact counts beside a .PRF.
 *
 * A .PRF's counters are 16 bits and wrap at 65536, as PROFIL's did; every
 * `profil run` also writes the run's 64-bit counts and totals in a small
 * JSON file whose name the .PRF's name gives (prc_path).  Readers use it
 * when its layout is the .PRF's and each of its counts, modulo 65536, is
 * the .PRF's (so a stale companion is never used); the schema is in
 * docs/formats.md.  Written atomically; never for a .PRF that is a device.
 */
#ifndef PROFIL_FORMATS_PRC_H
#define PROFIL_FORMATS_PRC_H

#include <stddef.h>
#include <stdint.h>

#include "prf.h"
#include "prx.h"

#define PRC_VERSION 1

struct prc {
    char program[64];
    char program_path[PRX_PATH_MAX];    /* as the .prx records them (formats/prx.h) */
    char program_sha256[65];
    char mode[12];              /* "sampling" or "trace" */
    char run[17];               /* the run's id (16 hex digits, as in its .prx); "": none */
    char unit[16];              /* what the counters count: "samples" or "instructions" */
    char cpu[8];
    char timing[8];             /* the clock model: "table" or "bus" */
    uint64_t cycles;            /* the run's emulated time */
    double seconds;             /* the same in seconds (cycles / 4.772727 MHz) */
    uint64_t instructions;      /* every instruction the run executed */
    uint64_t samples;           /* sampling ticks (0 in trace mode) */
    struct prf header;          /* the layout words; hit_* and bucket unused */
    uint64_t io, dos, high;     /* exact counts per class */
    uint64_t *bucket;           /* header.bucket_num exact counts */
    struct prf_at *at;          /* the counted program addresses, by offset (non-zero ones); NULL:
                                   none in the file (an older profil's) */
    size_t nat;
    struct prx_service *services;   /* time per DOS and BIOS service, as in a .prx; NULL: none */
    size_t nservices;
    uint64_t service_samples;
    int has_frames;             /* the run found frames (docs/frames.md): their totals */
    char frame_kind[PRX_FRAME_KIND_MAX];
    uint64_t frames;            /* frames found, the unfinished one too */
    struct prx_frame_stats frame_stats;
};

/* The companion's name: the .PRF's with its extension replaced by ".prc"
 * (NAME.PRF -> NAME.prc, NAME -> NAME.prc; a .PRF called NAME.prc gets
 * NAME.prc.prc). */
void prc_path(const char *prf_path, char *out, size_t n);
/* The same with another extension (".prx": a trace's NAME.prx, which
 * cmd/session.c names the same way). */
void prc_beside(const char *prf_path, const char *ext, char *out, size_t n);
int prc_write_file(const char *path, const struct prc *c, char *err, size_t errn);
/* The same, staged in a set of files renamed together (fileio.h). */
struct file_set;
int prc_write_file_into(struct file_set *set, const char *path, const struct prc *c, char *err, size_t errn);
int prc_read_file(const char *path, struct prc *c, char *err, size_t errn);
void prc_free(struct prc *c);
/* The id of one run, in its .prc and .prx: a 64-bit FNV-1a hash of what
 * makes the run what it is (the program's bytes, and `facts`: its totals,
 * layout and modes), in 16 hex digits.  Deterministic: the same run gives
 * the same id. */
void prc_run_id(const uint8_t *program, size_t n, const uint64_t *facts, size_t nfacts, char out[17]);
/* Whether a .prc and a .prx are of one run: "" when they are (or either
 * has no id), else why not, naming both files. */
void prc_prx_same_run(const struct prc *c, const char *prc_path, const struct prx *x, const char *prx_path,
                      char *why, size_t n);

/* Whether c is the exact form of p: "" or why not. */
void prc_mismatch(const struct prc *c, const struct prf *p, char *why, size_t n);

/* For readers of FILE.PRF: find FILE.prc and, when it matches, attach its
 * counts to *p (p->exact, p->unit) and, if c is not NULL, keep it in *c.
 * Without FILE.prc, a trace's FILE.prx gives the same counts.
 * Returns 1 when attached, 0 when not; `note` gets the one line to tell
 * the user: "exact counts from FILE.prc" (and which .PRF counters
 * wrapped), or why the figures are the .PRF's 16-bit ones. */
int prc_attach_beside(const char *prf_path, struct prf *p, struct prc *c, char *note, size_t n);


#endif
