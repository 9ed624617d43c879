/*
 * report/srcview.h: the source beside its counts (annotate --source): each
 * source file the symbol table's line numbers name, read from the folders
 * given (--source-dir, the program's, the profile's), its text line by
 * line with the instructions, cycles (and bus stalls) a trace counted for
 * the line and its share of the run's cycles, the hottest lines marked.
 */
#ifndef PROFIL_REPORT_SRCVIEW_H
#define PROFIL_REPORT_SRCVIEW_H

#include <stddef.h>
#include <stdio.h>

#include "../formats/prx.h"
#include "../formats/symtab.h"

/* A line at or above this share of the run's cycles is marked '>'. */
#define SRCVIEW_HOT 5.0

/* Where `file` (a line label's file, "TPDEMO.PAS") is: the path t's
 * debug information or map gives it (symtab_source_path: a DOS path
 * "C:\SRC\SORTC.C" or a relative one, its drive left out), looked for
 * under each of dirs in turn, whole (SRC/SORTC.C) and then with fewer of
 * its leading folders down to the name alone, each part as named or in
 * any case, but never with fewer than the folders file keeps (a label
 * "LIB/UTIL.C" is not the UTIL.C of another folder).  A path that climbs
 * ("..") is looked for by file, or its name alone when file climbs too:
 * nothing the information names leads outside dirs' trees, and a file
 * found under a folder through a symbolic link counts only while its real
 * path stays inside that folder's (a program's folder, which the user may
 * have been sent, cannot link a report to ~/.ssh; a tree linked in from
 * elsewhere is read when its own folder is one of dirs, --source-dir).
 * t may be NULL.  Its path into out: 1 found, 0 not. */
int srcview_find(const struct symtab *t, const char *file, const char *const *dirs, size_t ndirs, char *out,
                 size_t n);

/* The view of every source file the table's lines name (labels
 * "FILE:LINE") whose code ran in the trace x; a file found in none of
 * dirs is one line on msg (when not NULL: "profil: TPDEMO.PAS: not found
 * ..."), and left out.  0, or -1 when memory ran out. */
int srcview_write(FILE *f, FILE *msg, const struct prx *x, const struct symtab *t, const char *const *dirs,
                  size_t ndirs);

/* The same views as HTML, for the report (report/html.c): per file an
 * <h3 id="src-FILE"> and a table whose rows are id "src-FILE-LINE", the
 * hot ones class "hot". */
int srcview_write_html(FILE *f, FILE *msg, const struct prx *x, const struct symtab *t, const char *const *dirs,
                       size_t ndirs);

/* Where a load-module offset's source line is: its label's file and line
 * ("TPDEMO.PAS", 6) from the table's line entries; 0 when none holds it. */
int srcview_line_of(const struct symtab *t, uint32_t off, char *file, size_t n, unsigned *line);

#endif
