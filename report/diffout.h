/*
 * report/diffout.h: `profil diff --format`: a comparison (report/prfdiff.h)
 * for CI systems, one writer per format, each in its own file, rows of one
 * table (diffout.c): JSON, Markdown (a pull request's comment), JUnit XML
 * (a test per total and per row; a failure where one grew past its
 * threshold), GitHub Actions' workflow commands (::error, ::notice) and
 * GitLab's code quality report (a JSON array of issues).  The text is
 * cmd/diff.c's own.  Every writer judges as the text does: a total by
 * --time-threshold (diff_growth), a row by --threshold (diff_row_grew).
 */
#ifndef PROFIL_REPORT_DIFFOUT_H
#define PROFIL_REPORT_DIFFOUT_H

#include <stdio.h>

#include "prfdiff.h"

/* The formats, in the order --format lists them (diffout_names). */
enum diffout_format { DIFFOUT_TEXT, DIFFOUT_JSON, DIFFOUT_MARKDOWN, DIFFOUT_JUNIT, DIFFOUT_GITHUB, DIFFOUT_GITLAB };
#define DIFFOUT_FORMATS 6
extern const char *const diffout_names[DIFFOUT_FORMATS + 1];    /* NULL-terminated */

/* A comparison and how it is judged. */
struct diffout {
    const struct prf_diff *d;
    const char *old_name, *new_name;    /* the files compared */
    double threshold, time_threshold;   /* percent */
};

/* Whether total i grew past the time threshold; row i past the threshold. */
int diffout_total_grew(const struct diffout *o, size_t i);
int diffout_row_grew(const struct diffout *o, size_t i);
/* Whether anything grew past its threshold (diff's exit 1). */
int diffout_differ(const struct diffout *o);
/* A change in percent as the outputs print it: "+8.1%", "-3.0%", "new". */
void diffout_change(double pct, char *out, size_t n);

/* What grew, as every format says it: "cycles grew +5.0% (3634394 ->
 * 3814538), past the time threshold (2.0%)"; decimals for the values. */
void diffout_growth_text(char *out, size_t n, const char *what, double pct, double old_value, double new_value,
                         int decimals, const char *threshold_name, double threshold);
/* The same for total i (the time threshold) or row i (the threshold, its own cost). */
void diffout_total_text(const struct diffout *o, size_t i, char *out, size_t n);
void diffout_row_text(const struct diffout *o, size_t i, char *out, size_t n);

/* Write o in `format` (not DIFFOUT_TEXT). */
void diffout_write(FILE *f, enum diffout_format format, const struct diffout *o);

/* The writers (one file each: diffout_json.c ...), the table's rows. */
void diffout_json(FILE *f, const struct diffout *o);
void diffout_markdown(FILE *f, const struct diffout *o);
void diffout_junit(FILE *f, const struct diffout *o);
void diffout_github(FILE *f, const struct diffout *o);
void diffout_gitlab(FILE *f, const struct diffout *o);

#endif
