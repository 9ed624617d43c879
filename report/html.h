/*
 * report/html.h: `profil report`: one self-contained HTML page about a
 * run (no network, no external script or font): the run's summary, where
 * its time went (program, DOS, BIOS, high memory), a table per symbol
 * (report/annotate.h's units: a map's symbols, or runs of executed code),
 * the call tree's functions and a flame graph of it (an icicle, root on
 * top, zoomed by a click), the program's frames on a zoomable timeline
 * (a click shows a frame's own table and flame graph), and each hot
 * symbol's annotated code, all
 * cross-linked: a symbol's row to its code, a frame to its symbol, a
 * jump's target to the code it goes to.  The page's own CSS and script
 * are in report/html_assets.inc.  Deterministic: no date, no host path
 * but those given.
 */
#ifndef PROFIL_FORMATS_HTML_H
#define PROFIL_FORMATS_HTML_H

#include <stddef.h>
#include <stdio.h>

#include "../formats/nasmlst.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"

struct html_request {
    const char *path;                   /* the .prx, as given: the title */
    const struct symtab *map;           /* NULL: runs of executed code, functions by CS:IP */
    const char *map_path;               /* as given, for the summary */
    const struct nasm_listing *listing; /* source text (the map is a NASM listing), or NULL */
    int source;                         /* interleave source lines with the code */
    unsigned top;                       /* symbols whose code is shown, busiest first (0: all) */
    const struct symtab *const *children;   /* the child programs' symbols by process row, or NULL
                                               (report/callgraph.h, callgraph_build_programs) */
    const char *const *source_dirs;     /* with source: where the source files are looked for (report/srcview.h) */
    size_t nsource_dirs;
};

/* The figures a page shows, gathered before anything is written. */
struct html_report;

/* From a .prx (a trace: everything; a sampling run's, --stacks: the call
 * tree only).  NULL with a one-line err (out of memory, or a .prx with
 * neither per-address counts nor a call tree). */
struct html_report *html_prepare(const struct prx *x, const struct html_request *q, char *err, size_t errn);
/* The page (a text_writer, formats/fileio.h: write_text_atomic). */
void html_write(FILE *f, const void *report);
void html_free(struct html_report *r);

/* Most frames the flame graph keeps: past it, the smallest are left out
 * (the page says how many). */
#define HTML_MAX_FRAMES 20000u
/* The Programs section: a section of each of the first HTML_MAX_PROGRAMS
 * programs, with its HTML_PROGRAM_ROWS busiest buckets and functions. */
#define HTML_MAX_PROGRAMS 100u
#define HTML_PROGRAM_ROWS 5u
/* Most rows of the program's frames' own profiles the page carries (the
 * frames past them are drawn without theirs). */
#define HTML_MAX_FRAME_ROWS 200000u

#endif
