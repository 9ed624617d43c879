/*
 * cmd/commands.h: the subcommands main() dispatches to, one file each.
 */
#ifndef PROFIL_CMD_COMMANDS_H
#define PROFIL_CMD_COMMANDS_H

int cmd_run(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_hist(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_cover(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_dialogue(const char *program);
void usage(FILE *f);

/* cmd/hist_trace.c: hist over a .prx, and the Inferno listing of a .PRF. */
#include "../report/attrib.h"
#include "../report/export.h"
#include "../report/prohst.h"
struct prf;
struct profile_program;
/* What hist's options fill (its table in cmd/hist.c). */
struct hist_request {
    const char *path, *map;
    const char *buckets;        /* --buckets FILE: re-bucket a recorded run (cmd/hist_buckets.c) */
    enum hist_style style;
    enum export_format format;
    enum attrib_unit by;
    enum metric metric;
    int metric_given, callgraph;
    unsigned top, width;        /* top: UINT_MAX unless --top */
    int top_given;
    int terminal;               /* stdout is a terminal and no --top: HIST_TERMINAL_ROWS rows, then how many more */
    int sort;                   /* enum hist_sort (cmd/hist.c) */
    const char *process;        /* --process: one program of a .prx with children */
    const struct profile_program *pp;   /* what the profile recorded of its program; or NULL */
    int keep_labels;            /* --by label: per symbol, labels inside a procedure rows of their own */
    unsigned worst_frames;      /* --worst-frames K: the K slowest frames (0: not asked) */
    unsigned frame;             /* --frame N: frame N's own profile (0: not asked) */
    unsigned frames_from;       /* --frames-from N: frames N on only (0: all) */
    unsigned frames_to;         /* --frames-to M: frames up to M only (0: to the end) */
};
/* The symbols of a request, by the one rule (cmd/session.h, session_symbols:
 * --map, else the map beside q->pp's program, else its debug information),
 * their source said on stderr ("profil: symbols: ..."), the map or the
 * program read into source (when not NULL); 0 read, 1 none, -1 said why. */
int hist_symbols(const struct hist_request *q, struct symtab *t, char *source, size_t n);
int hist_prx(const struct hist_request *q);
/* cmd/hist_zones.c: --by zone, the program's own zones and marks, and their exports. */
int hist_zones(const struct prx *x, const struct hist_request *q);
/* cmd/hist_frames.c: --by frame and --worst-frames K, the program's frames. */
int hist_frames(const struct prx *x, const struct symtab *t, const struct hist_request *q);
/* --frame N: x's address rows become frame N's own (formats/prx.h, its
 * totals x's), *m the metric its table counts; 0, or an exit status
 * after the message. */
int hist_frame_select(struct prx *x, const struct hist_request *q, enum metric *m);
/* cmd/hist_calls.c: --by function, --callgraph, --by site, folded/callgrind of the call tree. */
struct prx;
struct symtab;
int hist_calls(const struct prx *x, const struct symtab *t, const struct hist_request *q);
/* --by service: the time in each DOS and BIOS service of x->services,
 * busiest first under the metric (samples for a sampling run, else
 * cycles); text, csv or json.  Also for a .PRF, from its NAME.prc. */
int hist_services(const struct prx *x, const struct hist_request *q);
int hist_inferno_prf(const struct prf *p);
int hist_buckets(const struct hist_request *q);

#define PROFIL_VERSION "0.1.0"
/* The man pages' date (.TH): a constant, not the build's, so that the
 * pages are the same bytes on every build; update it with the version. */
#define PROFIL_DATE "2026-11-23"

#endif
