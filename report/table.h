/*
 * report/table.h: the text table `profil hist` prints for rows of a profile
 * (symbols, source lines, buckets), busiest first: count, % of the total
 * (io, dos and high included), cumulative %, a bar scaled to the largest
 * row, the name and address range; then the io/dos/high rows and the total.
 */
#ifndef PROFIL_REPORT_TABLE_H
#define PROFIL_REPORT_TABLE_H

#include <stddef.h>

#include <stdio.h>

#include "attrib.h"

struct report {
    struct unit_hits *rows;     /* reordered by report_print */
    size_t n;
    double io, dos, high;
    const char *column;         /* "symbol", "line", "bucket" */
    const char *what;           /* "samples", "instructions", "cycles", "stalls" */
    int stall_column;           /* rows carry bus stalls: a stall% column, the
                                   share of the row's cycles spent waiting */
    int video_column;           /* --metric stalls: the rows' `stalls` are the
                                   video card's wait states among them: a
                                   video% column, their share of the stalls */
    char footer[240];           /* in brackets after the total */
    int more_hint;              /* rows were cut to a terminal's default: say how many more */
    char estimate[300];         /* "": exact rows; else the rows are estimates, their shares
                                   marked "~" and this line (why) printed after the total */
};

void report_print(FILE *f, struct report *r, unsigned top, unsigned width);
/* The line after a table cut to a terminal's default rows (HIST_TERMINAL_ROWS):
 * how many more there are and how to see them. */
#define HIST_TERMINAL_ROWS 20
void report_more(FILE *f, size_t more, size_t all);

#endif
