/*
 * sampler/procs.h: per-program profiles.  The programs a run starts (the
 * first, and each child of INT 21h/4Bh, from the DOS's proc_observer),
 * each with PROFIL's layout at its own load segment and its own counters.
 *
 * Each sample goes to one program: the owner of the memory block that
 * holds CS:IP (its MCB's owner, when that is a program of the run), else
 * the program running (the current PSP: its DOS and I/O system time).  A
 * program's counters are its own samples ("self"); a program's time
 * "inclusive of its children" adds its descendants'.  The session's
 * sampler keeps PROFIL's own profile of the first program untouched.
 *
 * A run records at most PROCS_MAX programs (the guest is untrusted: each
 * one is a .PRF and a .prc written after the run).  A program started past
 * that is not recorded: its samples go to its nearest recorded ancestor
 * (the newest recorded program still running: EXEC waits for its child),
 * and `unrecorded` counts them for the summary.
 *
 * With a call tree (--stacks, --trace), each child EXEC runs gets a
 * program frame there (calls_program_start), so its code is named under
 * its own name.  Under --trace each child also gets exact counts: the
 * instructions from its EXEC to its end at each address of its own
 * layout, as PROFIL --trace run on it would count them (its children's
 * code is its "high", as the first program's .PRF counts its children).
 */
#ifndef PROFIL_SAMPLER_PROCS_H
#define PROFIL_SAMPLER_PROCS_H

#include <stddef.h>
#include <stdint.h>

#include "../emu/dos/dos.h"
#include "../formats/prx.h"
#include "sampler.h"

#define PROCS_MAX 1000          /* programs recorded, the first included (README, Reliability) */
/* --trace: a child's own .prx takes the trace's counts at its EXEC (32 MiB)
 * until it ends; at most PROCS_PRX_LIVE children hold them at once (nested),
 * and PROCS_PRX_MAX children of a run get one (README, Reliability). */
#define PROCS_PRX_LIVE 4
#define PROCS_PRX_MAX 64

struct machine;
struct calltree;
struct exact_counts;
struct addr_counts;

struct proc {
    char name[13];              /* the 8.3 name of its DOS path: "C1.EXE" */
    char *host;                 /* its host file (a map is looked for beside it) */
    uint16_t psp, load_seg;
    int parent;                 /* index of the parent; -1 for the first program */
    int ended;                  /* terminated (a TSR: type 3, its memory kept) */
    uint8_t exit_code, exit_type;
    uint64_t start, end;        /* emulated cycles at its EXEC and its end (the run's end if running) */
    int profiled;               /* its layout fits a .PRF (else only its samples count) */
    uint64_t inclusive;         /* its samples with its descendants' (procs_finish) */
    struct sampler s;           /* its own samples in its own layout */
    struct sampler exact;       /* --trace: the instructions from its EXEC to its end, in its layout */
    uint64_t *at_start;         /* --trace, while it runs: the trace's counts at its addresses at its EXEC */
    uint64_t io_start, dos_start, all_start;    /* and in its I/O system and DOS classes, and in all */
    int traced;                 /* `exact` holds its instructions */
    struct addr_counts *snap;   /* --trace, while it runs: the trace's counts at its EXEC (only the
                                   pages of counted addresses written), in snap_block */
    uint64_t *snap_video;       /* and its video stalls */
    void *snap_block;
    struct prx *x;              /* --trace: its own .prx's rows and code (every address, from its EXEC to
                                   its end), or NULL (past PROCS_PRX_LIVE or PROCS_PRX_MAX) */
};

struct procs {
    struct proc *p;             /* in order of EXEC; p[0] the first program */
    size_t n, cap;
    const struct machine *m;
    const struct dos *d;
    uint16_t clock_grain, bucket_size, dos_pa;
    int oom;                    /* a child could not be recorded */
    uint64_t unrecorded;        /* programs started past PROCS_MAX: counted in an ancestor's samples */
    struct proc_observer obs;   /* hand &obs to dos->procs */
    struct calltree *calls;     /* or NULL: each child EXEC runs gets a program frame */
    const struct exact_counts *trace;  /* or NULL: --trace's counts, for each child's exact ones */
    const uint8_t *mem;         /* the machine's memory (MEM_SIZE bytes), for a child's own .prx */
    unsigned prx_live, prx_made;    /* children holding the counts at their EXEC now, and in all */
    uint64_t prx_skipped;       /* children under --trace without their own .prx (the limits above) */
};

/* The first program, with the session's layout. */
int procs_init(struct procs *t, const struct machine *m, const struct dos *d, const char *name,
               const char *host, const struct prf_layout *l, uint16_t psp);
void procs_free(struct procs *t);
/* One sample (sampler_tick calls it when the sampler has procs). */
void procs_sample(struct procs *t, uint16_t cs, uint16_t ip);
/* At the run's end: the end time of those still running, and each
 * program's inclusive samples (one pass: a child comes after its parent). */
void procs_finish(struct procs *t);
/* The program's CLEAR (guestprof.h): every program's samples start again
 * from zero, as the run's do. */
void procs_cleared(struct procs *t);
/* The program's CLEAR (guestprof.h) zeroed the trace's counts: the
 * windows of the children running start again from zero there. */
void procs_trace_cleared(struct procs *t);
/* A program's samples with its descendants' (after procs_finish). */
uint64_t procs_inclusive(const struct procs *t, size_t i);
/* The .prx's "processes": x->procs and x->pbuckets (allocated).  0, or
 * -1 out of memory. */
int procs_to_prx(const struct procs *t, struct prx *x);
/* Its depth below the first program (0 for it). */
unsigned procs_depth(const struct procs *t, size_t i);

#endif
