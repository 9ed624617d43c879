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

/* The folder holding `file` (a DOS name, "TPDEMO.PAS"): the first of dirs
 * where it is, as named, in upper or in lower case; its path into out.
 * 1 found, 0 not. */
int srcview_find(const char *file, const char *const *dirs, size_t ndirs, char *out, size_t n);

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
