/*
 * formats/symfind.h: the one rule that decides which symbols a command
 * shows, the same in every command that names code (run's summary, hist,
 * annotate, cover, report, diff, each side its own):
 *
 *   1. --map FILE, when given;
 *   2. else the map beside the program: NAME.MAP, NAME.map or name.map, else
 *      a NASM listing NAME.lst (or NAME.LST, name.lst);
 *   3. else the program's own debug information (CodeView, Turbo Debugger,
 *      Watcom);
 *
 * a map (1 or 2) merged with the program's debug information by symtab_load
 * (formats/symtab.h).  For a profile, the program is the one it recorded,
 * looked for in the profile's folder by its name (as recorded, in upper and
 * in lower case), then at the recorded host path; the one whose bytes are
 * the run's (SHA-256) is preferred.  What was used is said in one line, and
 * when nothing is found, a hint.
 */
#ifndef PROFIL_FORMATS_SYMFIND_H
#define PROFIL_FORMATS_SYMFIND_H

#include <stddef.h>

#include "symtab.h"

#define SYMFIND_PATH 4200

/* What the rule found, for the caller to say; keep_labels is the caller's. */
struct symfind {
    /* Set by the caller: 0 folds the labels inside a procedure into it
     * (symtab_fold_labels: the default view), 1 keeps them (--by label). */
    int keep_labels;
    char program[SYMFIND_PATH]; /* the program's host path, "" when not found */
    char map[SYMFIND_PATH];     /* the map or listing used (given or beside), "" none */
    /* The line to say: "symbols: HELLO.MAP (Microsoft LINK) + HELLO.EXE's
     * CodeView" (what the table holds), or, with no symbols, the hint "no map
     * or debug information for SORT.EXE: --map, or build with /Zi, /V, -v,
     * -d2"; "" when there is nothing to say (no program is known). */
    char said[9100];
    /* Warnings to say first, each line ending in '\n' ("warning: P changed
     * since the run ...", a damaged map or debug information found beside
     * the program: "warning: P: ...; going on without it"); "" none. */
    char warn[2000];
    char sources[9000];         /* the sources alone: "HELLO.MAP (Microsoft LINK)" */
};

/* The rule for a program whose host path is known (run's own program, a
 * child): `map` (NULL: not given), `program` (NULL or "": not known),
 * `name` the program's name for the hint (NULL: program's last part).
 * 0: read into *t (symtab_free it); 1: no symbols (*t empty); -1: --map
 * given and not readable, err naming the file. */
int symfind_program(const char *map, const char *program, const char *name, struct symtab *t, struct symfind *f,
                    char *err, size_t errn);

/* The rule for a profile: `profile` its path, `p` what it recorded of its
 * program (NULL or no name: nothing recorded, only `map` can name code). */
int symfind_profile(const char *map, const char *profile, const struct profile_program *p, struct symtab *t,
                    struct symfind *f, char *err, size_t errn);

/* The map beside a program (rule 2) into out: 1 found, 0 none. */
int symfind_map_beside(const char *program, char *out, size_t n);

#endif
