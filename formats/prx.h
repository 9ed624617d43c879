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
#include <stdio.h>

#define PRX_VERSION 6                   /* reads 1 (no calls or memory), 2, 3 (bus stalls), 4 (video stalls), 5 (frames),
                                           6 (each frame's own profile) */
/* The largest .prx run can write, which every reader takes: at most 2^20
 * address rows (one per byte of memory) of under 96 bytes, 2^20 call nodes
 * (CALLS_MAX_NODES) of under 150 and 2^20 memory sites of under 220:
 * under 500 MiB. */
#define PRX_READ_MAX (1ull << 30)

/* PROFIL's classes of an address (sampler/sampler.h's order). */
enum prx_class { PRX_IO, PRX_DOS, PRX_HIGH, PRX_PROGRAM };

struct prx_entry {
    uint32_t linear;
    uint16_t cs, ip;            /* the CS it last ran with; ip = linear - 16 cs */
    uint8_t cls;                /* enum prx_class */
    uint8_t length;             /* instruction bytes (as last decoded)  */
    uint64_t insns, cycles;
    uint64_t stalls;            /* of those cycles, the EU waited for the queue
                                   or the bus (the bus model; 0 otherwise) */
    uint64_t video;             /* of those stalls, the video card's wait
                                   states (version 4; 0 before)          */
};

/* A node of the calling-context tree (sampler/calls.h): one distinct chain
 * of calls from the program's entry, and what was spent while it was the
 * innermost frame.  Nodes are in creation order: a parent comes before its
 * children, node 0 is the root. */
#define CALLS_NO_PARENT UINT32_MAX
#define PRX_CALL_DEPTH_MAX 4096u    /* the deepest node below the root (run's shadow stack); read refuses deeper */
enum call_kind { CALL_ROOT, CALL_NEAR, CALL_FAR, CALL_INT, CALL_IRQ };
struct call_node {
    uint32_t parent;                    /* CALLS_NO_PARENT for the root */
    uint32_t entry;                     /* linear address of the callee's first instruction */
    uint16_t cs, ip;                    /* as it was first entered */
    uint8_t kind;                       /* enum call_kind */
    uint64_t calls;                     /* times entered from its parent */
    uint64_t insns, cycles, samples;    /* self: while it was the innermost frame */
    uint64_t stalls;                    /* self: cycles waiting for the queue or bus */
    uint32_t service;                   /* an INT's or IRQ's service (emu/services.h id), or 0 */
};

/* --memory: the DOS memory blocks one call site allocated (INT 21h 48h,
 * and 4Ah/49h on those blocks), in bytes; the loader's blocks (the
 * program's own and its environment) belong to the site "exec". */
struct alloc_site {
    uint32_t linear;                    /* of the INT 21h instruction; PRX_SITE_EXEC for the loader */
    uint16_t cs, ip;
    uint64_t allocs, resizes, frees, failures;  /* calls made from this site */
    uint64_t allocated, freed, peak, live;      /* bytes of the blocks it allocated */
};
#define PRX_SITE_EXEC UINT32_MAX

/* Time per DOS or BIOS service (sampler/svcprof.h): the samples in DOS
 * or the I/O system that were the service's; the calls made to it and the
 * cycles it charged (its emulated cost, emu/costs.h), and in trace mode
 * the instructions and cycles of BIOS code doing its work (INT 08h). */
struct prx_service {
    uint32_t id;                        /* emu/services.h: vector, AH, AL */
    char label[40];                     /* "INT 21h/40h write" */
    uint64_t samples, calls, cycles, insns;
};

/* A run's programs, when it ran children (EXEC, sampler/procs.h): each
 * with its own PROFIL layout (at its load segment) and its own samples:
 * those whose CS:IP was in its memory, or in DOS and the I/O system while
 * it ran.  Inclusive: with its descendants'.  Rows in order of EXEC (a
 * parent before its children); their buckets in `pbuckets`, sparse. */
struct prx_process {
    int32_t parent;             /* row index, -1 for the first program */
    char name[13];              /* 8.3: "C1.EXE" */
    uint16_t psp, load_seg;     /* load_seg: its prog_low_pa */
    uint8_t ended, exit_code, exit_type;    /* ended 0: running when the run stopped */
    uint64_t start, end;        /* emulated cycles at its EXEC and its end */
    uint64_t samples, inclusive, io, dos, high;
    uint16_t bucket_size, prog_high_pa;
    uint32_t bucket_num;
};
struct prx_proc_bucket {
    uint32_t proc, bucket;
    uint64_t samples;
};

/* The program's own zones and marks (sampler/guestprof.h, docs/guestapi.md):
 * a zone is a span between ENTER NAME and LEAVE, a node of the tree of
 * zones open inside each other (parent: the enclosing zone's row, before
 * it, or PRX_NO_ZONE), timed in emulated cycles; a mark is a named point. */
#define PRX_NAME_MAX 32
#define PRX_NO_ZONE UINT32_MAX
#define PRX_ZONE_DEPTH_MAX 64           /* zones open inside each other; read refuses deeper */
struct prx_zone {
    char name[PRX_NAME_MAX + 1];
    uint32_t parent;
    uint64_t count, total, min, max;    /* times left, and cycles per stay */
};
struct prx_mark {
    char name[PRX_NAME_MAX + 1];
    uint64_t count, first, last;        /* times passed; the clock the first and last time */
};

/* Trace mode: the code as it ran (annotate disassembles it).  A run of
 * consecutive bytes of instructions that ran, each instruction's bytes as
 * they were the first time it ran: bytes[at .. at + n) of code_bytes. */
struct prx_code {
    uint32_t linear, n;
    size_t at;
};

#define PRX_PATH_MAX 1024               /* a program's host path, as recorded (a longer one is not) */
/* One frame of the program (sampler/frames.h): from `start` (CPU
 * cycles since power-on) for `cycles`, the instructions run and the
 * samples taken in it; `unfinished`: the run ended in it (its cycles run
 * to the end). */
struct prx_frame {
    uint64_t start, cycles, insns, samples;
    int unfinished;
    int marked;                 /* longer than PRX_FRAME_LONG x the others' median: not gameplay
                                   (a load, a menu, a wait for a key), apart from the percentiles */
    uint64_t spent_cycles;      /* marked: the cycles of what it spent most on, */
    char spent[40];             /* ... named ("INT 21h/3Fh read", "the program") */
};
/* A finished frame longer than this many times the median of the run's
 * finished frames is marked (sampler/frames.c). */
#define PRX_FRAME_LONG 4u
#define PRX_FRAME_WHY_MAX 200      /* "the loop at 0186:0110 waiting on 0040:006C" and a switch */
#define PRX_FRAME_KIND_MAX 72       /* formats/framekind.h's text: "vsync", "timer/3", "at=" and a symbol */

/* A frame's own profile (version 6): one row per address that frame
 * `frame` (its row in frames, from 0) sampled or ran, in order of frame
 * and then address: `count` is its samples in a sampling run, its
 * instructions in a trace, whose rows also carry the cycles, the bus
 * model's stalls and their video wait states spent there in that frame. */
struct prx_frame_row {
    uint32_t frame, linear;
    uint16_t cs;
    uint8_t cls;                    /* enum prx_class */
    uint64_t count, cycles, stalls, video;
};
/* Rows kept at most, over all frames (run stops a frame's profile there;
 * the reader takes no more): 2^20, as address rows. */
#define PRX_FRAME_ROWS_MAX (1u << 20)

/* Of the finished frames (nearest rank: the ceil(p x n / 100)-th
 * shortest); all 0 when there are none.  The reports' figures and the
 * .prc's frame totals. */
struct prx_frame_stats {
    size_t finished;                /* frames with an end, not marked */
    size_t marked;                  /* finished frames marked as not gameplay (not in the figures) */
    uint64_t median, p95, worst;    /* cycles */
    size_t worst_frame;             /* its number, from 1 (the first of the slowest) */
};
/* 0, or -1 out of memory. */
int prx_frame_stats(const struct prx_frame *f, size_t n, struct prx_frame_stats *st);

struct prx {
    char program[64];
    char program_path[PRX_PATH_MAX];    /* the program's absolute host path at the run; "": not recorded */
    char program_sha256[65];    /* its bytes' SHA-256 in hex (formats/sha256.h); "": not recorded */
    char cpu[8];
    char timing[8];             /* "bus" or "table" */
    int has_stalls;             /* the rows carry bus stalls (version 3, bus) */
    char stop[16];              /* how the run ended: exit, timeout, ... */
    char mode[12];              /* "trace", or "sampling": no addresses (run --stacks/--memory) */
    char run[17];               /* the run's id (16 hex digits, as in its NAME.prc); "": none */
    uint64_t total_insns, total_cycles;
    /* The .PRF layout: bucket i covers program offsets i*bucket_size*16... */
    uint16_t clock_grain, bucket_size, prog_low_pa, prog_high_pa, dos_pa;
    uint32_t bucket_num;
    struct prx_entry *e;        /* by linear address, each once */
    size_t n;
    struct call_node *calls;    /* NULL: no call data (version 1) */
    size_t ncalls;
    uint64_t unmatched, unwound, lost;  /* calls.h's counts of what the shadow stack could not follow */
    uint64_t open;              /* frames still open when the run ended (the exit call's, at least) */
    uint32_t max_depth;
    struct alloc_site *sites;   /* NULL: not run with --memory */
    size_t nsites;
    struct prx_service *services;   /* NULL: none in the file (before services were counted) */
    size_t nservices;
    uint64_t service_samples;   /* the run's samples (the services' % of time) */
    struct prx_process *procs;  /* NULL: the run ran no child (or the file predates them) */
    size_t nprocs;
    struct prx_proc_bucket *pbuckets;   /* by process then bucket, non-zero ones */
    size_t npbuckets;
    struct prx_zone *zones;     /* NULL: the program used none */
    size_t nzones;
    struct prx_mark *marks;     /* NULL: the program set none */
    size_t nmarks;
    struct prx_code *code;      /* NULL: no code in the file (sampling, or before annotate) */
    size_t ncode;
    uint8_t *code_bytes;
    size_t ncode_bytes;
    struct prx_frame *frames;   /* NULL: none found (or the file predates them) */
    size_t nframes;
    size_t frame_base;          /* frames dropped before frames[0] (prx_frames_range), for their numbers */
    int frames_cut;             /* prx_frames_range dropped some: the frames are a range of the run's */
    char frame_kind[PRX_FRAME_KIND_MAX];    /* how they were (or would have been) found; "auto": none came */
    char frame_why[PRX_FRAME_WHY_MAX];      /* what started them, when a kind says more (poll's loop); "" */
    struct prx_frame_row *frame_rows;       /* each frame's own profile (version 6), or NULL */
    size_t nframe_rows;
    uint64_t frame_period;      /* the video card's raster frame in cycles at the run's end
                                   (version 6; 0: none, or not recorded) */
    size_t profiled;            /* the first `profiled` frames have theirs (the rest passed
                                   PRX_FRAME_ROWS_MAX, or the file predates them: 0) */
    uint32_t *changed;          /* instructions whose bytes differed when the run ended */
    size_t nchanged;            /* (self-modifying code, overlays), by linear address */
};

struct prf;
/* Row i of x->procs as a .PRF of its samples in its own layout (16-bit
 * counters wrap; p->exact holds them whole).  0, or -1 out of memory. */
int prx_process_prf(const struct prx *x, size_t i, struct prf *p);
/* The row a name selects: NAME (with or without its extension, any case:
 * its first run), NAME:N (its N-th run) or the row number; -1 if none. */
int prx_find_process(const struct prx *x, const char *name);
/* The "processes" member (after a comma). */
void prx_write_processes(FILE *f, const struct prx *x);

int prx_write_file(const char *path, const struct prx *x, char *err, size_t errn);
/* The same, staged in a set of files renamed together (fileio.h). */
struct file_set;
int prx_write_file_into(struct file_set *set, const char *path, const struct prx *x, char *err, size_t errn);
/* The "services" member (after a comma), as the .prx and the .prc write it. */
void prx_write_services(FILE *f, const struct prx_service *rows, size_t n, uint64_t samples);
/* Services busiest first: by cycles (a trace) or by samples (a sampling
 * run), then the other, then by id. */
void prx_services_sort(struct prx_service *rows, size_t n, int by_cycles);
int prx_read_file(const char *path, struct prx *x, char *err, size_t errn);
/* Whether the file's first bytes look like a .prx (JSON) rather than a .PRF. */
int prx_looks_like(const uint8_t *buf, size_t n);
/* The same for a file, by its first bytes (0 when it cannot be read: the
 * reader that follows reports that). */
int prx_file_looks_like(const char *path);
void prx_free(struct prx *x);
/* Frees x's code (the runs, their bytes, the changed addresses) only. */
void prx_free_code(struct prx *x);
const char *prx_class_name(unsigned cls);
const char *call_kind_name(unsigned kind);
/* How many zones enclose zone i (0 for an outermost one). */
unsigned prx_zone_depth(const struct prx *x, size_t i);
/* A zone's own cycles: its total less its children's totals. */
uint64_t prx_zone_self(const struct prx *x, size_t i);

/* Only frames `first` to `last` (numbered from 1; last 0: to the end):
 * the others and their profile rows are dropped, x->frame_base counts the
 * ones before (frames keep their numbers in reports).  0, or -1 when
 * there is no frame `first` or last is before it. */
int prx_frames_range(struct prx *x, size_t first, size_t last);

/* Frame i's own rows (x->frame_rows is in frame order): *n of them from
 * the returned one; NULL and 0 when it has none (i >= x->profiled). */
const struct prx_frame_row *prx_frame_profile(const struct prx *x, size_t i, size_t *n);

/* The load-module offset of a program entry (linear - 16 prog_low_pa). */
static inline uint32_t prx_offset(const struct prx *x, const struct prx_entry *e)
{
    return e->linear - (uint32_t)x->prog_low_pa * 16u;
}

#endif
