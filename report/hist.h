/*
 * report/hist.h: `profil hist`, the histograms of a .PRF or a .prx, as one
 * table of views: each view (--by bucket, symbol, line, function, site,
 * service, zone, frame, --callgraph, --frame N, --worst-frames,
 * --buckets, --style prohst and inferno) says which input it reads and
 * which formats (--format, report/export.h) it writes; hist_run() finds
 * the view a request asks for in it and refuses a format the view does not
 * write, in one line naming both.  The command (cmd/hist.c) fills the
 * request from its options and gives the symbol rule.
 */
#ifndef PROFIL_REPORT_HIST_H
#define PROFIL_REPORT_HIST_H
#include <stddef.h>
#include <stdio.h>
#include "attrib.h"
#include "export.h"
#include "prohst.h"

/* --sort: a .PRF's bucket rows busiest first (the default) or by address;
 * hist_sort_names[] by enum value. */
enum hist_sort { SORT_DEFAULT, SORT_HITS, SORT_ADDRESS };
#define NSORTS 3
extern const char *const hist_sort_names[NSORTS];

/* What hist_run() ends with; the command turns it into its exit status
 * (README's table): bad options or input, or a failure of profil's. */
enum hist_status { HIST_OK, HIST_BAD_INPUT, HIST_FAILED };

struct symtab;
struct prx;
struct profile_program;

/* What hist's options fill (its table in cmd/hist.c), and where it writes. */
struct hist_request {
    FILE *out;                  /* the listing */
    FILE *msg;                  /* notes and errors, one "profil: ..." line each */
    const char *path, *map;
    const char *buckets;        /* --buckets FILE: re-bucket a recorded run */
    enum hist_style style;
    enum export_format format;
    enum attrib_unit by;        /* BY_LABEL: given as BY_SYMBOL and keep_labels */
    enum metric metric;
    int metric_given, callgraph;
    unsigned top, width;        /* top: UINT_MAX unless --top */
    int top_given;
    int terminal;               /* stdout is a terminal and no --top: HIST_TERMINAL_ROWS rows, then how many more */
    enum hist_sort sort;
    const char *process;        /* --process: one program of a .prx with children */
    const struct profile_program *pp;   /* what the profile recorded of its program; or NULL */
    int keep_labels;            /* --by label: per symbol, labels inside a procedure rows of their own */
    unsigned worst_frames;      /* --worst-frames K: the K slowest frames (0: not asked) */
    unsigned frame;             /* --frame N: frame N's own profile (0: not asked) */
    unsigned frames_from;       /* --frames-from N: frames N on only (0: all) */
    unsigned frames_to;         /* --frames-to M: frames up to M only (0: to the end) */
    /* The command's symbol rule (cmd/session.h): the request's symbols
     * (--map, else beside q->pp's program, else its debug information),
     * their source said on q->msg, the map or program read into source
     * (when not NULL); 0 read, 1 none, -1 said why.  And a .prx's child
     * programs' own symbols (NULL: none), freed by child_symbols_free. */
    int (*symbols)(const struct hist_request *q, struct symtab *t, char *source, size_t n);
    struct symtab **(*child_symbols)(const struct prx *x);
    void (*child_symbols_free)(struct symtab **t, size_t n);
};

/* The histogram q asks for, of q->path (a .PRF, a .prx, or with --buckets
 * a sample log), written to q->out. */
enum hist_status hist_run(const struct hist_request *q);

/* PROHST 1.0's listing of p with the map at map_path (NULL: none; read
 * PROHST's way, its segment table), to `hst` (written whole or not at
 * all) or, when NULL, to out. */
enum hist_status hist_listing(const struct prf *p, const char *map_path, const char *hst, FILE *out, FILE *msg);

/* The table of views, for the tests and the docs: each row's name as the
 * errors give it ("--by function"), the input it reads and the formats it
 * writes (bit 1 << enum export_format); a row that writes none is a view
 * that input does not have (said why). */
enum hist_input { HIST_INPUT_PRF = 1, HIST_INPUT_PRX = 2, HIST_INPUT_ANY = 3 };
struct hist_view;
size_t hist_views_count(void);
const struct hist_view *hist_view_at(size_t i);
const char *hist_view_name(const struct hist_view *v);
unsigned hist_view_inputs(const struct hist_view *v);
unsigned hist_view_formats(const struct hist_view *v);
/* The view q asks for of that input (never NULL: a table's last rows are
 * the histograms every input has). */
const struct hist_view *hist_view_of(const struct hist_request *q, enum hist_input input);
/* The options that ask for view v ("--by function"; "": none, the
 * histogram), as the command line gives them. */
const char *hist_view_args(const struct hist_view *v);

#endif
