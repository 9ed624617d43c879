/*
 * lib/session_internal.h: the fields of struct profil_session, shared by
 * lib/session.c (set-up, run, results), the profilers' rows
 * (lib/profiler.h), lib/outputs.c (the files), lib/summary.c (what the
 * summary says), lib/files.c (the files' names and checks), lib/record.c
 * and the window's files.  Not installed.
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
#include "../formats/recording.h"
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
/* A replay of a run that ended by itself (an exit, a limit) has diverged
 * when it has not ended a tenth of an emulated second past that end. */
#define REPLAY_MARGIN (CPU_HZ_NUM / CPU_HZ_DEN / 10u)
/* --audio-wav keeps at most this many samples: 64 MiB, 25 minutes and
 * 21 seconds of emulated time at 44100 Hz (the rest is counted, not kept). */
#define SESSION_WAV_MAX (64u << 20)

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
    uint64_t budget;                /* the bytes left of SCREENS_BYTES_MAX */
};
#define SCREENS_MAX 100000u         /* pictures a run writes at most */
/* ... and bytes: 64 MiB, about 60 of the largest 8-bit picture (1024 x
 * 1024 of noise: 1 MiB and 30 ms of zlib each); a picture whose PNG could
 * take more than is left is not compressed, and none after it. */
#define SCREENS_BYTES_MAX (64ull << 20)

/* --window (lib/window.c): the host window and what the run keeps for it. */
struct host_window;
struct window_run {
    const struct window_ops *ops;   /* NULL: no window opened */
    struct host_window *host;       /* NULL: no window */
    tick_fn inner;                  /* the tick it wraps */
    void *inner_ctx;
    struct input_event *events;     /* the host's keys and controls, queued */
    size_t n, cap;
    uint64_t frame;                 /* the card's frame last shown */
    uint64_t work_at;               /* the emulated time of the last frame's work */
    int worked;
    double show_at, refresh;        /* the wall time a picture may be shown next; the host's refresh period */
    uint64_t emu0;                  /* pacing: emulated and wall time at the start */
    double wall0;
    uint8_t held;                   /* the key repeating (typematic), 0: none */
    uint64_t repeat_at;
    unsigned mods;                  /* KEY_SHIFT, KEY_CTRL, KEY_ALT held */
    unsigned marks;                 /* dropped with the control key */
    int title_state;
    unsigned title_marks;
    int sound, undrawn_said;
    size_t played;                  /* the speaker's samples played */
    unsigned underruns;
};

struct profil_session {
    struct profil_options o;
    FILE *in, *out, *err;           /* o's, or stdin, stdout, stderr */
    char msg[4700];                 /* the last error, "FILE: problem" */
    struct run_files files;
    char run_id[17];                /* the run's id in its NAME.prc and .prx (formats/prc.h) */
    uint8_t *file;                  /* the program's bytes (a batch file's text) */
    size_t size;
    uint8_t *shell;                 /* a batch file's: the program that runs it
                                       (loader/batch.h), NULL: not a batch */
    size_t shell_size;
    char dos_path[128];             /* the program as DOS names it: C:\\NAME.EXT */
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
    int over_sampled;               /* --trace replaces a sampling run's .PRF (said when written) */
    uint64_t appended_total;        /* the sum's counts, all classes */
    struct prf p;                   /* the .PRF as written (for the summary) */
    struct recording rec;           /* --record: what is being recorded */
    int rec_full;                   /* it reached RECORDING_MAX_EVENTS */
    struct recording replay;        /* --replay: the recording played */
    int diverged;                   /* it ran REPLAY_MARGIN past the recording's end */
    struct window_run win;          /* --window */
    int caught;
    volatile sig_atomic_t late_signal;  /* a stop signal heard after the run (0: none) */
    size_t children_skipped;        /* children's .PRFs not written: a signal, or the disk budget spent */
    uint8_t *child_prx;             /* per child: its own .prx written beside its .PRF (--trace) */
    int dump_full_said;             /* a DUMP past the disk budget was reported */
    struct sigaction old_signals[NSTOP_SIGNALS + 1];
    struct summary_store *summary;  /* profil_session_summary()'s, once asked for */
};

/* The bytes the PC runs: the program's, or a batch file's shell; their size in *size. */
const uint8_t *session_program_bytes(const struct profil_session *s, size_t *size);
/* Set the session's message (printf-style) and return `e`. */
enum profil_error session_fail(struct profil_session *s, enum profil_error e, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* lib/summary.c: the summary's storage, freed with the session. */
void session_summary_free(struct profil_session *s);

/* lib/outputs.c: the program's DUMP, the profile so far as NAME83 (a
 * checked 8.3 .PRF name) beside the .PRF; 0 when written. */
int session_dump(void *session, const char *name83);

/* lib/record.c: --record and --replay.  The recording read and checked
 * against this program and these options (before anything runs); the
 * keyboard hooked up (before the run); the recording written (after). */
enum profil_error record_check(struct profil_session *s);
void record_start(struct profil_session *s);
int record_write(struct profil_session *s);
/* lib/outputs.c: --screen-every: the tick (*tick, *ctx) wrapped into one
 * that, after it, writes a picture at each period. */
void session_screens_every(struct profil_session *s, tick_fn *tick, void **ctx);

/* --window: lib/window.c in the tree's programs and libprofil-window.a,
 * lib/window_none.c in libprofil.a (no SDL: docs/api.md).  window_open()
 * opens the window once the tick is set, or fails with a one-line error (no
 * display, or a library without the window), and sets `s->win.ops`, which
 * the run calls: start before it, close after it, release with the
 * session. */
struct window_ops {
    void (*start)(struct profil_session *s);
    void (*close)(struct profil_session *s);
    void (*release)(struct profil_session *s);
};
enum profil_error window_open(struct profil_session *s);

/* lib/files.c */
enum profil_error run_files_name(struct profil_session *s);
enum profil_error run_files_check(struct profil_session *s);
enum profil_error run_files_writable(struct profil_session *s);
/* The program is a batch file (NAME.BAT), run as COMMAND.COM would. */
int run_files_is_batch(const char *program);
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
