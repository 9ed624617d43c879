/*
 * lib/session_internal.h: the fields of struct profil_session, shared by
 * lib/session.c (set-up, run, results), lib/outputs.c (the files and the
 * summary) and lib/files.c (the files' names and checks).  Not installed.
 */
#ifndef PROFIL_LIB_SESSION_INTERNAL_H
#define PROFIL_LIB_SESSION_INTERNAL_H

#include <signal.h>

#include "profil.h"
#include "../emu/dos/dos.h"
#include "../emu/machine.h"
#include "../emu/pc/console.h"
#include "../formats/prf.h"
#include "../formats/prx.h"
#include "../formats/samplelog.h"
#include "../util/strset.h"
#include "../loader/exe.h"
#include "../loader/process.h"
#include "../sampler/calls.h"
#include "../sampler/frames.h"
#include "../sampler/guestprof.h"
#include "../sampler/memprof.h"
#include "../sampler/procs.h"
#include "../sampler/sampler.h"
#include "../sampler/svcprof.h"
#include "../sampler/trace.h"

#define NSTOP_SIGNALS 3

/* The files of one run.  `prx` is empty when no .prx is written (no
 * trace/stacks/memory, or a .PRF that is a device with no prx option);
 * `map` is empty when there is no map. */
struct run_files {
    char prf[4096];
    char prx[4200];
    char map[4200];
    char prs[4200];             /* --samples: the sample log; empty when none */
};

/* Progress on long runs: a line every two seconds of host time (host
 * time never reaches the emulated machine). */
struct progress {
    struct sampler *s;
    const struct machine *m;
    FILE *f;
    double last;
    int shown;
};

/* --screen-every: a picture at the first tick at or after each period,
 * after the tick's own work (the sampler's, or the progress line's). */
struct screens {
    struct profil_session *s;
    tick_fn inner;
    void *inner_ctx;
    uint64_t period, next;
    unsigned written;
};
#define SCREENS_MAX 100000u         /* pictures a run writes at most */

struct profil_session {
    struct profil_options o;
    FILE *in, *out, *err;           /* o's, or stdin, stdout, stderr */
    char msg[4700];                 /* the last error, "FILE: problem" */
    struct run_files files;
    uint8_t *file;                  /* the program's bytes */
    size_t size;
    struct dos_image img;
    struct key_stroke *keys;
    size_t nkeys;
    struct machine *m;
    struct console con;
    struct dos dos;
    int have_dos;
    struct process proc;
    struct prf_layout layout;
    struct sampler s;
    struct progress prog;
    struct screens screens;
    struct tracer tr;               /* trace */
    struct calltree calls;          /* trace, stacks */
    struct memprof mem;             /* memory */
    struct svcprof svc;             /* time per DOS and BIOS service, always */
    struct procs procs;             /* the programs the run started, each with its samples */
    char (*child_prf)[4200];        /* after writing: each child's .PRF ("" when none) */
    struct samplelog log;           /* --samples */
    struct guestprof guest;         /* the program's own calls: start, stop, zones (always) */
    struct frames frames;           /* the program's frames (always; --frames) */
    struct prx services;            /* its rows, after the run (only .services) */
    struct prx trace;               /* the .prx as written (for the summary) */
    int tracing, following, memory;
    int ready, ran, finished, written, prx_failed;
    int appended;                   /* --append added this run to a .PRF already there */
    uint64_t appended_total;        /* the sum's counts, all classes */
    struct prf p;                   /* the .PRF as written (for the summary) */
    int caught;
    volatile sig_atomic_t late_signal;  /* a stop signal heard after the run (0: none) */
    size_t children_skipped;
    int dump_full_said;             /* a DUMP past the disk budget was reported */        /* children's .PRFs not written: a signal, or the disk budget spent */
    struct sigaction old_signals[NSTOP_SIGNALS + 1];
};

/* Set the session's message (printf-style) and return `e`. */
enum profil_error session_fail(struct profil_session *s, enum profil_error e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* After the run, once: settle the last instruction, move the trace's
 * counts into the sampler, tabulate the services. */
void session_finish(struct profil_session *s);

/* lib/outputs.c: the program's DUMP, the profile so far as NAME83 (a
 * checked 8.3 .PRF name) beside the .PRF; 0 when written. */
int session_dump(void *session, const char *name83);

/* lib/outputs.c: what the card shows now, as a PNG at `path`
 * (--screen-png, --screen-every: `option` names it in an error); 0 when
 * written. */
int session_write_picture(struct profil_session *s, const char *option, const char *path);

/* lib/files.c */
enum profil_error run_files_name(struct profil_session *s);
enum profil_error run_files_check(struct profil_session *s);
enum profil_error run_files_writable(struct profil_session *s);
/* The children's .PRF names so far, and per NAME the next number to try:
 * choosing one costs O(1) on average, not a scan of every earlier one. */
struct child_names {
    struct strset taken;        /* the paths given */
    struct strset next;         /* NAME -> the k of NAME-k.PRF to try next */
};
#define CHILD_NAME_NUMBERS 10000u   /* NAME.PRF, NAME-2.PRF ... NAME-9999.PRF */
void child_names_init(struct child_names *c);
void child_names_free(struct child_names *c);
/* Program i's .PRF (i >= 1, a child): NAME.PRF beside the first program's
 * .PRF, numbered NAME-2.PRF, NAME-3.PRF, ... when that is an input, another
 * output of the run, another child's, or an existing file that is not a
 * .PRF, or when its NAME.prc is one of those or an existing file that is
 * not a .prc.  "" beside a device, or past NAME-9999. */
void run_files_child(const struct profil_session *s, size_t i, struct child_names *names, char *out, size_t n);
/* NAME.MAP or NAME.map beside a program, else the program itself when it
 * has debug information (CodeView, Turbo Debugger's); "" when there is neither. */
int run_files_map_beside(const char *program, char *out, size_t n);
/* Why a file the run was not asked for (a program's DUMP, a child's .PRF)
 * may not be written at `path`, or NULL when it may: it must be absent or
 * a .PRF (a profile profil wrote), and none of the run's inputs or other
 * outputs. */
const char *run_files_refused(const struct profil_session *s, const char *path);
/* --append: a .PRF already there must have this run's layout (once the
 * layout is known, before the run). */
enum profil_error run_files_append_check(struct profil_session *s);
/* A .prx for the program's zones and marks when the run has none: the
 * .PRF's name with .prx (not beside a device, nor over an input). */
void run_files_zone_prx(struct profil_session *s);

#endif
