/*
 * report/frames.h: the program's frames as reports show them (the .prx's
 * frames, sampler/frames.h; docs/frames.md).
 *
 * Owns (over formats/prx.h's statistics) the summary's line of them, `hist --by frame` and
 * `--worst-frames K` in text, CSV and JSON, and `diff`'s comparison of
 * two runs' frame times.
 */
#ifndef PROFIL_REPORT_FRAMES_H
#define PROFIL_REPORT_FRAMES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "../formats/prx.h"

/* Emulated milliseconds of `cycles`. */
double frame_ms(uint64_t cycles);

/* "6 frames (vsync): median 16.7 ms (59.9 fps), p95 33.4 ms, worst 33.4 ms
 * (frame 3); frame 7 unfinished at the end (0.1 ms)" (no newline) of x's
 * frames; -1 out of memory. */
int frames_line(FILE *f, const struct prx *x);

/* The frames, in order (worst = 0), or the `worst` slowest finished ones,
 * slowest first (ties: the earlier first): text, csv or json (0, 1, 2);
 * 0, or -1 out of memory or on a write error. */
enum frames_format { FRAMES_TEXT, FRAMES_CSV, FRAMES_JSON };
int frames_report(FILE *f, const struct prx *x, unsigned worst, enum frames_format format);

/* profil diff: the frame times of two runs, old -> new (median, p95,
 * worst: ms and the change in percent), each one that grew more than
 * `threshold` percent marked.  1 when one did, with its names ("p95,
 * worst") in grew[n]; 0 when none did; -1 out of memory. */
int frames_diff(FILE *f, const struct prx *old, const struct prx *new, double threshold, char *grew, size_t n);

#endif
