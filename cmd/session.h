/*
 * cmd/session.h: the command's side of one profiling run, shared by
 * `profil run` and the PROFIL dialogue; the run itself is the library's
 * (lib/profil.h).  Also the exit status names the subcommands use.
 */
#ifndef PROFIL_CMD_SESSION_H
#define PROFIL_CMD_SESSION_H

#include "../formats/guard.h"
#include "../lib/profil.h"

/* The exit status of a run (README's list): the program's own code when
 * it exits, else one of these; after signal N, 128 + N. */
#define EXIT_NO_INPUT      PROFIL_EXIT_NO_INPUT
#define EXIT_RUN_LIMIT     PROFIL_EXIT_RUN_LIMIT
#define EXIT_PROFIL_FAILED PROFIL_EXIT_FAILED     /* an output cannot be written (or profil failed) */
#define EXIT_BAD_INPUT     PROFIL_EXIT_BAD_INPUT  /* bad options or input, and bare `profil` */
#define EXIT_USAGE         EXIT_BAD_INPUT
#define EXIT_GUEST_CRASHED PROFIL_EXIT_GUEST_CRASHED
#define EXIT_SIGNAL_BASE   PROFIL_EXIT_SIGNAL_BASE
#define EXIT_INTERRUPTED   PROFIL_EXIT_INTERRUPTED
#define EXIT_OUTPUT_CLOSED PROFIL_EXIT_OUTPUT_CLOSED

/* How the command reports a run: `quiet` leaves out the summary;
 * `dialogue` says PROFIL's closing line on stdout instead. */
struct session_report {
    int quiet, dialogue;
    unsigned error_exitcode;    /* --error-exitcode N: profil's own failure exits N (0: 2 or 125) */
};

/* Run a session with these options, reporting on stderr ("profil: FILE:
 * problem" for an error); returns the process exit status. */
int session_run(struct profil_options *o, const struct session_report *r);

/* The one check of a command's output before anything runs or is read
 * (formats/guard.h, output_refusal; lib/files.c makes the same for run's):
 * 1, having said why on stderr, when `path` holds a file that is not that
 * kind of profil output and `force` is 0; `what` names the output ("-o"). */
int session_output_refused(const char *path, enum output_kind kind, const char *what, int force);

/* The profile a command was given: `path`, or when it is not there the
 * same name in upper or lower case (profil run writes HELLO.PRF for
 * hello.exe; formats/fileio.h, other_case_file), said on stderr. */
const char *session_profile_path(const char *path, char *buf, size_t n);

/* A command's symbols, by the one rule (formats/symfind.h): `map` (--map,
 * or NULL), else the map beside the program the profile names (`pp`: what
 * it recorded; NULL: nothing, or no profile: `profile` NULL), else the
 * program's debug information, a map merged with it; the warnings and the
 * one line saying which source was used (or the hint when none) said on
 * stderr; what was found in *f.  Labels inside a procedure count for it
 * unless keep_labels (hist --by label).  0 read, 1 none, -1 said why. */
struct profile_program;
struct symtab;
struct symfind;
int session_symbols(const char *map, const char *profile, const struct profile_program *pp, struct symtab *t,
                    struct symfind *f, int keep_labels);

/* Where a command looks for source files (report/srcview.h): --source-dir
 * (NULL: none), the folders of the program and the map the symbol rule
 * found (f), the profile's. */
struct source_dirs {
    char dir[4][4200];
    const char *at[4];          /* dir[k], or NULL when it is none */
};
void session_source_dirs(const char *source_dir, const struct symfind *f, const char *profile, struct source_dirs *d);

/* The child programs' symbols of a .prx's run (its processes): for each
 * child, the map beside the program the run recorded, named as the child
 * (KID.COM: KID.MAP or kid.map), read by the one rule with the child's own
 * file there (KID.COM or kid.com) when it has one; each table found said
 * on stderr.  An array of x->nprocs tables (NULL: none for that row, and
 * row 0, the program's own), or NULL when there are none; freed by
 * session_child_symbols_free. */
struct prx;
struct symtab **session_child_symbols(const struct prx *x);
void session_child_symbols_free(struct symtab **t, size_t n);

#endif
