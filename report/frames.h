/*
 * report/frames.h: the program's frames as reports show them (the .prx's
 * frames, sampler/frames.h; docs/frames.md).
 *
 * Owns (over formats/prx.h's statistics) the summary's line of them, `hist --by frame` and
 * `--worst-frames K` in text, CSV and JSON (with each slow frame's top
 * symbols, stalls and video waits), a frame's own profile as address rows
 * (`hist --frame N`, the HTML report's frames), and `diff`'s comparison of
 * two runs' frame times.
 */
#ifndef PROFIL_REPORT_FRAMES_H
#define PROFIL_REPORT_FRAMES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../formats/prx.h"
#include "../formats/symtab.h"
#include "export.h"

/* Emulated milliseconds of `cycles`. */
double frame_ms(uint64_t cycles);

/* "6 frames (vsync): median 16.7 ms (59.9 fps), p95 33.4 ms, worst 33.4 ms
 * (frame 3); frame 7 unfinished at the end (0.1 ms)" (no newline) of x's
 * frames; -1 out of memory. */
int frames_line(FILE *f, const struct prx *x);

/* Frame i's own profile (formats/prx.h) as address rows, for the tables
 * and attribute_exact(): a trace's instructions, cycles, stalls and video
 * waits per address; a sampling run's samples in `insns` (counted under
 * METRIC_SAMPLES).  *out malloc'ed (*n may be 0); -1 out of memory. */
int frame_entries(const struct prx *x, size_t i, struct prx_entry **out, size_t *n);

/* The metric a frame's profile counts: cycles in a trace, else samples. */
int frame_metric(const struct prx *x);      /* enum metric (report/attrib.h) */

/* Frame i's own profile by symbol of t (NULL: by address, "CS:IP"), the
 * program's code outside every symbol as "(no symbol)" and DOS, the I/O
 * system and high memory as "dos", "io" and "high"; the busiest first
 * (`key`: cycles in a trace, else samples; ties in address order), none
 * empty.  `count` is samples, or a trace's instructions.  *out malloc'ed;
 * 0, or -1 out of memory. */
struct frame_spent {
    char name[80];
    uint8_t cls;                    /* enum prx_class */
    uint64_t count, cycles, stalls;
    uint64_t key;
    size_t order;
};
int frame_spent(const struct prx *x, size_t i, const struct symtab *t, struct frame_spent **out, size_t *n);

/* What frame i spent most on: up to FRAME_TOP rows, the largest first
 * (ties: in address order), by symbol of t (NULL: by address, CS:IP),
 * the program's code outside every symbol as "(no symbol)" and DOS, the
 * I/O system and high memory as "dos", "io" and "high"; counted in
 * frame_metric()'s unit; with its stalls and video waits (a trace of the
 * bus model; 0 otherwise).  0, or -1 out of memory. */
#define FRAME_TOP 3
struct frame_top {
    size_t n;
    struct { char name[80]; uint64_t count; } row[FRAME_TOP];
    uint64_t total, stalls, video;
};
int frame_top(const struct prx *x, size_t i, const struct symtab *t, struct frame_top *top);

/* The frames, in order (worst = 0), or the `worst` slowest finished ones,
 * slowest first (ties: the earlier first), each of these with its top
 * symbols (t: NULL, by address), stalls and video waits: text, csv or
 * json (FORMAT_TEXT, FORMAT_CSV or FORMAT_JSON of report/export.h; any
 * other is -1); 0, or -1 out of memory or on a write error. */
int frames_report(FILE *f, const struct prx *x, unsigned worst, const struct symtab *t, enum export_format format);

/* profil diff: the frame times of two runs, old -> new (median, p95,
 * worst: ms and the change in percent), each one that grew more than
 * `threshold` percent marked.  1 when one did, with its names ("p95,
 * worst") in grew[n]; 0 when none did; -1 out of memory. */
int frames_diff(FILE *f, const struct prx *old, const struct prx *new, double threshold, char *grew, size_t n);

#endif
