/*
 * profil.h: the public C API of profil's profiling session (docs/api.md).
 *
 * One session profiles one MS-DOS program in the emulated PC, as
 * `profil run` does: create it from options, run it, read the results,
 * write the outputs (.PRF, .prx, NAME.prc), read the summary, free it.  The
 * `profil` command, the test suite and any embedding program use this
 * header only; no emulator type appears in it.
 *
 * Errors: a function that can fail returns an enum profil_error (0 is
 * PROFIL_OK) and leaves one line in the session, profil_session_message(),
 * in the form "FILE: problem"; the caller prints it (the command prefixes
 * "profil: ").  Warnings, and failures that do not stop the run (a .prx or
 * --screen file that cannot be written), go to options.err as
 * "profil: ..." lines when they happen.
 */
#ifndef PROFIL_PROFIL_H
#define PROFIL_PROFIL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Up by one with every change an embedder must follow (docs/api.md): 2,
 * the summary's notes an array of lines. */
#define PROFIL_API_VERSION 2

enum profil_error {
    PROFIL_OK = 0,
    PROFIL_ERR_INPUT,   /* the program, the map, --keys or a --drive folder cannot be used */
    PROFIL_ERR_OUTPUT,  /* an output cannot be written, or would overwrite an input or output */
    PROFIL_ERR_MEMORY,  /* out of memory */
    PROFIL_ERR_SETUP,   /* the emulated PC could not be set up */
    PROFIL_ERR_STATE,   /* a call out of order (e.g. writing before running) */
};

/* The CPU models (emu/cpu/cpu_models.c's rows; profil_cpu_name() names
 * each, PROFIL_CPUS counts them). */
enum profil_cpu { PROFIL_CPU_8088, PROFIL_CPU_8086, PROFIL_CPU_186, PROFIL_CPU_286, PROFIL_CPUS };

/* The clock: the bus model (prefetch queue and bus, clock by clock) or the
 * table of instruction costs; DEFAULT is the bus model on the 8088 and
 * 8086, the table on the 186 and 286. */
enum profil_timing { PROFIL_TIMING_DEFAULT, PROFIL_TIMING_TABLE, PROFIL_TIMING_BUS };

/* The display adapter in the PC (docs/video.md): IBM's Color/Graphics
 * Adapter (the default), Monochrome Display Adapter, the Hercules Graphics
 * Card, the EGA, the VGA: the numbers of the emulator's table of cards
 * (profil_video_name(), profil_video_parse()). */
enum profil_video { PROFIL_VIDEO_CGA, PROFIL_VIDEO_MDA, PROFIL_VIDEO_HERCULES, PROFIL_VIDEO_EGA, PROFIL_VIDEO_VGA };
/* The time DOS's file reads and writes take (docs/costs.md): the PC/XT's
 * 10 MB fixed disk (the default), or COST_DISK_BYTE a byte, no disk. */
enum profil_disk_time { PROFIL_DISK_TIME_XT, PROFIL_DISK_TIME_NONE };

/* How the program's frames are found (docs/frames.md; named by
 * formats/framekind.h's table, which this follows): the kind that paces
 * the program (the default), the vertical sync seen at the status port, a
 * change of the CRTC's start address, the program's FRAME call, the
 * program's own timer interrupt (every options.frames_every-th), the
 * program leaving the wait loop it spends most time in, execution reaching
 * options.frames_at. */
enum profil_frames { PROFIL_FRAMES_AUTO, PROFIL_FRAMES_VSYNC, PROFIL_FRAMES_FLIP, PROFIL_FRAMES_MARK,
                     PROFIL_FRAMES_TIMER, PROFIL_FRAMES_POLL, PROFIL_FRAMES_AT };

/* Why the run stopped. */
enum profil_stop {
    PROFIL_STOP_NONE = 0,       /* not run yet */
    PROFIL_STOP_EXIT,           /* the program terminated; profil_session_exit_code() */
    PROFIL_STOP_TIMEOUT,        /* options.timeout_s of emulated time */
    PROFIL_STOP_MAX_INSN,       /* options.max_insn instructions */
    PROFIL_STOP_INTERRUPTED,    /* SIGINT (with options.catch_signals) */
    PROFIL_STOP_FAULT,          /* the guest crashed: profil_session_fault() */
    PROFIL_STOP_STRICT,         /* options.strict and an unimplemented service */
    PROFIL_STOP_SIGNAL,         /* SIGTERM or SIGHUP (with options.catch_signals) */
    PROFIL_STOP_OUTPUT_CLOSED,  /* the reader of the program's output went away */
    PROFIL_STOP_NO_INPUT,       /* a read waited for a key after the last one */
};

/* The exit status `profil run` gives for a session (README): the
 * program's own code when it exits, else one of these; 128 + N after
 * signal N. */
#define PROFIL_EXIT_BAD_INPUT     2     /* a command's bad input: options, a file it cannot use */
#define PROFIL_EXIT_NO_INPUT      123
#define PROFIL_EXIT_RUN_LIMIT     124
#define PROFIL_EXIT_FAILED        125
#define PROFIL_EXIT_GUEST_CRASHED 126
#define PROFIL_EXIT_SIGNAL_BASE   128
#define PROFIL_EXIT_INTERRUPTED   130
#define PROFIL_EXIT_OUTPUT_CLOSED 141

/* The most free space --disk-free may give the emulated disk, in bytes. */
#define PROFIL_DISK_BYTES (256u << 20)

/* What to run and how; profil_options_init() fills the defaults.  The
 * strings are borrowed: they must live until profil_session_free(). */
struct profil_options {
    const char *program;        /* host path of the .COM, .EXE or .BAT (required) */
    const char *tail;           /* command tail, at most 126 characters; NULL: none */
    const char *output;         /* .PRF path; NULL: NAME.PRF in the current directory */
    const char *prx;            /* the .prx path; NULL: beside a regular .PRF */
    const char *map;            /* symbols for the summary; NULL: NAME.MAP beside the program,
                                 * else the program's debug information (CodeView, Turbo Debugger's) */
    uint16_t bucket_size;       /* paragraphs per bucket, 1 to 65529 (default 1) */
    uint16_t interval_us;       /* sample time, 60 to 65529 microseconds (default 100) */
    double timeout_s;           /* emulated seconds; 0: none */
    uint64_t max_insn;          /* instructions; 0: none */
    const char *drives[26];     /* host folders for A: to Z:; C: defaults to "." */
    const char *const *env;     /* NAME=VALUE strings for the environment */
    size_t nenv;
    enum profil_cpu cpu;
    enum profil_timing timing;
    int no_refresh;             /* the bus model without DRAM refresh */
    enum profil_video video;    /* the display adapter (default PROFIL_VIDEO_CGA) */
    enum profil_frames frames;  /* how frames are found (default PROFIL_FRAMES_AUTO) */
    int frames_given;           /* frames was asked for (the summary says why there are none) */
    unsigned frames_every;      /* PROFIL_FRAMES_TIMER: a frame every Nth interrupt (0 or 1: each) */
    const char *frames_at;      /* PROFIL_FRAMES_AT: a symbol of the map or debug information,
                                   or SEG:OFF (hex, as the CPU runs it) */
    enum profil_disk_time disk_time;    /* --disk-time (default PROFIL_DISK_TIME_XT) */
    int strict;                 /* stop at an unimplemented service */
    const char *keys;           /* a key script (README, --keys), or NULL */
    const char *screen;         /* write the final text screen here ("-": options.out) */
    const char *screen_png;     /* write the screen as the card shows it here, as a PNG */
    unsigned screen_scale;      /* each emulated pixel as N x N PNG pixels, 1-8 (0: 1) */
    int screen_border;          /* the PNGs with the border (overscan) around the picture */
    int screen_aspect;          /* the PNGs in the monitor's 4:3 shape (lines repeated) */
    unsigned screen_every_ms;   /* with screen_every_dir: a PNG every N emulated ms */
    const char *screen_every_dir;   /* ... into this folder, named NNNNNN.png (the Nth period) */
    const char *audio_wav;      /* write the PC speaker's sound here as a WAV */
    const char *record;         /* write every input event here (docs/recording.md) */
    const char *replay;         /* play this recording's input events back */
    int window;                 /* show the screen in a window, play the sound, take keys (docs/window.md) */
    double speed;               /* with window: emulated time runs this many times the wall clock's;
                                   0: as fast as the host can (profil_options_init: 1) */
    uint8_t window_keys[2];     /* with window: the host keys (set-1 codes) that start/stop
                                   sampling and drop a mark (default 57h F11, 58h F12) */
    uint16_t dos_version;       /* as INT 21h/30h returns it (AL major, AH minor); 0: 3.30 */
    int trace;                  /* count every instruction: .PRF of instructions + .prx */
    int stacks;                 /* follow calls: .prx with the call tree */
    int memory;                 /* DOS memory calls per call site, into the .prx */
    int disk_free_set;          /* disk_free given: */
    uint64_t disk_free;         /* the bytes the guest may add to its files */
    FILE *in, *out, *err;       /* the program's keys, its output, and warnings
                                   with its handle 2; NULL: stdin, stdout, stderr */
    int catch_signals;          /* SIGINT/SIGTERM/SIGHUP stop the run and SIGPIPE is
                                   ignored, from profil_session_run() to _free() */
    int progress;               /* a progress line on `err` every 2 s of host time */
    int append;                 /* add the counts to the .PRF and NAME.prc already there (same layout) */
    int samples;                /* write every sample's CS:IP and class to NAME.prs (sampling runs) */
    int start_stopped;          /* collect nothing until the program calls START
                                   (its interface at ports ECh/EDh, docs/guestapi.md) */
    int force;                  /* replace a file an output names even when it is not
                                   that kind of profil output (checked by content) */
};

/* Sample (or, in trace mode, instruction) counts per PROFIL class. */
struct profil_counts {
    uint64_t total, program, dos, io, high;
};

/* The .PRF's layout: which paragraphs the buckets cover. */
struct profil_layout {
    uint16_t interval_us, bucket_size;
    uint32_t bucket_num;
    uint16_t prog_low_pa, prog_high_pa, dos_pa;
};

struct profil_session;

void profil_options_init(struct profil_options *o);

/* Check the options' files, load the program, build the PC.  *out is set
 * whenever memory allowed (also on an error, for the message); free it. */
enum profil_error profil_session_new(const struct profil_options *o, struct profil_session **out);
/* Run to the end; returns why it stopped.  Once per session. */
enum profil_stop profil_session_run(struct profil_session *s);
/* Write --screen, --screen-png, the .prx, the .PRF and NAME.prc, after
 * the run, and each child program's (EXEC's) own .PRF beside the .PRF.
 * An error here is about the .PRF (nothing else stops it). */
enum profil_error profil_session_write(struct profil_session *s);
/* What the run's summary says (`profil run` prints it on stderr without
 * -q), after writing: profil_session_summary() gathers it once and keeps
 * it in the session (NULL before profil_session_write() or when memory ran
 * out).  The strings and arrays are the session's, valid until
 * profil_session_free(); `notes` are nnotes lines, each a string
 * without its '\n' (NULL when there are none). */
#define PROFIL_SUMMARY_TOP 5            /* buckets and symbols per program */
struct profil_summary_bucket {
    uint32_t bucket, low, high;         /* its number and its first and last byte (offsets of the layout) */
    double percent;                     /* of the program's counts */
};
struct profil_summary_symbol {
    char name[80];
    double percent;
};
/* What a program's counts are. */
enum profil_summary_unit {
    PROFIL_SUMMARY_SAMPLES,             /* samples */
    PROFIL_SUMMARY_TRACED,              /* the run's instructions, traced */
    PROFIL_SUMMARY_TRACED_CHILD,        /* a child's instructions from its EXEC to its end */
};
/* One program of the run: [0] the program run, then each child (EXEC),
 * a parent before its children. */
struct profil_summary_program {
    const char *name;                   /* its 8.3 name */
    const char *prf;                    /* its .PRF; "" when none was written */
    const char *const *notes;           /* a child's: what reading its symbols said, a line each */
    size_t nnotes;
    unsigned depth;                     /* 0 the first program, 1 its children, ... */
    int ended, resident, exit_code;     /* it ended (as a TSR: resident) with exit_code */
    double seconds;                     /* from its EXEC to its end */
    uint64_t self, inclusive;           /* its own samples, and with its descendants' */
    enum profil_summary_unit unit;
    struct profil_counts counts;        /* its .PRF's per class (the first program alone: the run's) */
    size_t nbuckets;                    /* its busiest buckets, when it has no symbols */
    struct profil_summary_bucket bucket[PROFIL_SUMMARY_TOP];
    int has_symbols;                    /* symbols found: the rows and lines below */
    size_t nsymbols;                    /* its busiest symbols (has_symbols and no row: none measured) */
    struct profil_summary_symbol symbol[PROFIL_SUMMARY_TOP];
    int estimate;                       /* the symbols' shares are estimates */
    char basis[200];                    /* what the shares are ("exact: % of all cycles, traced") */
    const char *sources;                /* where the symbols came from */
};
/* A DOS or BIOS service's share: `amount` of the summary's services_whole. */
struct profil_summary_service {
    const char *label;                  /* "INT 21h/40h write" */
    uint64_t amount;                    /* samples, or cycles in trace mode */
};
/* One of the program's zones (docs/guestapi.md), in the order first entered. */
struct profil_summary_zone {
    const char *name;
    uint64_t count, total, min, max;    /* times left, and cycles per stay */
};
/* A file the run wrote, besides the .PRF. */
enum profil_summary_file {
    PROFIL_SUMMARY_CHILD_PRF,           /* a child's .PRF (`program`) */
    PROFIL_SUMMARY_CHILD_PRX,           /* a traced child's .prx (`figure`: its cycles) */
    PROFIL_SUMMARY_SAMPLE_LOG,          /* NAME.prs (`figure`: its samples) */
    PROFIL_SUMMARY_PRX_TRACE,           /* the .prx of a trace (`figure`: the run's cycles) */
    PROFIL_SUMMARY_PRX_STACKS_MEMORY,   /* the .prx of --stacks and --memory */
    PROFIL_SUMMARY_PRX_STACKS,
    PROFIL_SUMMARY_PRX_MEMORY,
    PROFIL_SUMMARY_PRX_ZONES,           /* the .prx of the program's zones and marks */
};
struct profil_summary_written {
    enum profil_summary_file kind;
    const char *path, *program;
    uint64_t figure;
};
struct profil_summary {
    const char *const *notes;           /* what reading the program's symbols said, a line each */
    size_t nnotes;
    const char *hint;                   /* no symbols: where they could be; "" */
    struct profil_counts counts;        /* as profil_session_counts() */
    int traced;                         /* the counts are instructions (trace mode, still counting at the end) */
    double seconds;                     /* emulated */
    const char *cpu, *timing;           /* "8088", "bus" */
    int own_clocks;                     /* the CPU's own clock counts (0: the 186 and 286, timed as an 8086) */
    size_t nprograms;                   /* 1: no child ran */
    struct profil_summary_program *program;
    int figures;                        /* nprograms > 1: 0 when memory ran out for each one's figures */
    uint64_t unrecorded;                /* programs past the first `programs_max` not profiled on their own */
    unsigned programs_max;
    struct profil_summary_service *service;
    size_t nservices;
    uint64_t services_whole;            /* the run's samples, or its cycles in trace mode */
    struct profil_summary_zone *zone;
    size_t nzones;
    size_t nframes;                     /* frames found (docs/frames.md) */
    int frames_auto, frames_given;      /* the kind was auto; --frames was given */
    const char *frame_kind;             /* found: the kind that found them; none: the kind asked */
    const char *frames_why;             /* why this kind, or why none ("" when nothing to say) */
    const char *frames_line;            /* their times (report/frames.h's line); NULL: out of memory */
    uint64_t frames_dropped;            /* frames past the first frames_max not kept */
    unsigned frames_max;
    size_t prf_bytes;                   /* the .PRF's size */
    int appended;                       /* --append: added to the .PRF already there ... */
    uint64_t appended_total;            /* ... whose counts are now this many in all */
    struct profil_summary_written *written;
    size_t nwritten;
};
const struct profil_summary *profil_session_summary(struct profil_session *s);
void profil_session_free(struct profil_session *s);

/* The last error's text, "FILE: problem"; "" when none (s NULL: out of memory). */
const char *profil_session_message(const struct profil_session *s);

/* Results, after profil_session_run(). */
enum profil_stop profil_session_stop(const struct profil_session *s);
int profil_session_exit_code(const struct profil_session *s);      /* PROFIL_STOP_EXIT */
const char *profil_session_fault(const struct profil_session *s);  /* what stopped it otherwise */
int profil_session_exit_status(const struct profil_session *s);    /* `profil run`'s status */
void profil_session_counts(struct profil_session *s, struct profil_counts *c);
void profil_session_layout(const struct profil_session *s, struct profil_layout *l);
/* The program's buckets (layout.bucket_num of them), 64-bit. */
const uint64_t *profil_session_buckets(struct profil_session *s);
/* Trace mode: instructions started and cycles spent at a linear address;
 * -1 without options.trace. */
int profil_session_exact(struct profil_session *s, uint32_t linear, uint64_t *insns, uint64_t *cycles);
uint64_t profil_session_cycles(const struct profil_session *s);     /* emulated clock cycles */
double profil_session_seconds(const struct profil_session *s);      /* the same in seconds */
uint64_t profil_session_instructions(const struct profil_session *s);
const char *profil_session_prf_path(const struct profil_session *s);
const char *profil_session_prx_path(const struct profil_session *s);  /* "" when none */

/* Helpers the command shares. */
const char *profil_stop_name(enum profil_stop r);        /* "exit", "timeout", ... as in the .prx */
const char *profil_cpu_name(enum profil_cpu c);          /* "8088", "8086", "186", "286"; NULL past the models */
int profil_cpu_parse(const char *name, enum profil_cpu *out);
const char *profil_video_name(enum profil_video v);       /* "cga", ..., "vga"; NULL past the cards */
int profil_video_parse(const char *name, enum profil_video *out);
/* Whether --timing bus has plans for the model (the 8088's, the 8086's). */
int profil_cpu_has_bus(enum profil_cpu c);
/* --frames's text: a kind's name, timer/N or at=SYMBOL|SEG:OFF, into
 * o->frames, o->frames_every and o->frames_at (borrowing `text`); 0 or -1. */
int profil_frames_parse(const char *text, struct profil_options *o);
int profil_dos_version_parse(const char *s, uint16_t *out); /* "2.0" to "5.0" */
/* NAME.PRF for a program (8 characters, upper case), as PROFIL names it. */
void profil_default_output(const char *program, char *out, size_t n);
/* Whether a run with these options uses the bus model. */
int profil_uses_bus(const struct profil_options *o);
/* The host file that DOS would open for `path` (its last part matched by
 * its DOS 8.3 name, in any case, as profil's drives match it: PRIME.PRF
 * finds prime.prf) in `out`; 1 when one is there, else 0 with `path`
 * copied as it is. */
int profil_find_as_dos(const char *path, char *out, size_t n);

#ifdef __cplusplus
}
#endif

#endif
