/*
 * cmd/session.h: one profiling run, shared by `profil run` and the PROFIL
 * dialogue: build the PC, load the program, sample, write the .PRF.
 */
#ifndef PROFIL_CMD_SESSION_H
#define PROFIL_CMD_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "../emu/machine.h"

/* The exit status of a run (README's list): the program's own code when
 * it exits, else one of these; after signal N, 128 + N. */
#define EXIT_NO_INPUT      123  /* a read waited for a key after the last one */
#define EXIT_RUN_LIMIT     124
#define EXIT_PROFIL_FAILED 125
#define EXIT_GUEST_CRASHED 126
#define EXIT_SIGNAL_BASE   128
#define EXIT_INTERRUPTED   130  /* Ctrl-C: 128 + SIGINT */
#define EXIT_OUTPUT_CLOSED 141  /* stdout's reader went away: 128 + SIGPIPE */

/* The clock: the bus model (the prefetch queue and the bus clock by clock,
 * emu/cpu/biu.h) or the table of instruction costs (emu/cpu/timing.h). */
enum session_timing { TIMING_DEFAULT, TIMING_TABLE, TIMING_BUS };

struct session_opts {
    const char *program;        /* host path */
    const char *tail;           /* command tail */
    const char *output;         /* .PRF path; NULL: NAME.PRF in the current directory */
    const char *prx;            /* --prx: the .prx path; NULL: beside a regular .PRF */
    const char *map;            /* symbols for the summary; NULL: NAME.MAP beside the program */
    uint16_t bucket_size;
    uint16_t interval_us;
    double timeout_s;           /* 0: none */
    uint64_t max_insn;          /* 0: none */
    const char *drives[26];     /* host folders; C: defaults to "." */
    const char *const *env;
    size_t nenv;
    enum cpu_model cpu;         /* CPU_8088 unless --cpu */
    enum session_timing timing; /* --timing; the default is the bus model on the
                                   8088 and 8086, the table on the 186 and 286 */
    int no_refresh;             /* --no-refresh: the bus model without DRAM refresh */
    int strict;
    const char *keys;           /* --keys script, or NULL */
    const char *screen;         /* --screen: where the final text screen goes ("-": stdout) */
    const char *screen_png;     /* --screen-png: mode 13h as a PNG */
    uint16_t dos_version;       /* 0: DOS_VERSION_DEFAULT */
    int trace;                  /* count every instruction: .PRF of instructions + NAME.prx */
    int stacks;                 /* follow calls in a sampling run: NAME.prx with the call tree */
    int memory;                 /* DOS memory calls per call site, into NAME.prx */
    int quiet;                  /* no summary */
    int disk_free_set;          /* --disk-free given: */
    uint64_t disk_free;         /* the bytes the guest may add to its files */
    int dialogue;               /* PROFIL's messages instead of the summary */
};

/* The default output name: the program's 8-character name + ".PRF". */
void session_default_output(const char *program, char *out, size_t n);
/* The trace file beside a .PRF: its name with ".prx" for the extension. */
void session_trace_output(const char *prf_path, char *out, size_t n);
/* Whether a run with these options uses the bus model. */
int session_uses_bus(const struct session_opts *o);
/* The files of one run (cmd/run_files.c).  `prx` is empty when no .prx is
 * written (no --trace/--stacks/--memory, or a .PRF that is a device with
 * no --prx); `map` is empty when there is no map. */
struct run_files {
    char prf[4096];
    char prx[4200];
    char map[4200];
};
int run_files_name(const struct session_opts *o, struct run_files *f);
/* Refuse (one line on stderr, -1) a program whose bytes are a profile, and
 * any output that is the program, the map, standard input or output, or
 * another output. */
int run_files_check(const struct session_opts *o, const struct run_files *f, const uint8_t *program, size_t size);
/* Run; returns the process exit status. */
int session_run(const struct session_opts *o);

#endif
