/*
 * cmd/report.h: the text table `profil hist` prints for rows of a profile
 * (symbols, source lines, buckets), busiest first: count, % of the total
 * (io, dos and high included), cumulative %, a bar scaled to the largest
 * row, the name and address range; then the io/dos/high rows and the total.
 */
#ifndef PROFIL_CMD_REPORT_H
#define PROFIL_CMD_REPORT_H

#include <stddef.h>

#include "../formats/attrib.h"

struct report {
    struct unit_hits *rows;     /* reordered by report_print */
    size_t n;
    double io, dos, high;
    const char *column;         /* "symbol", "line", "bucket" */
    const char *what;           /* "samples", "instructions", "cycles", "stalls" */
    int stall_column;           /* rows carry bus stalls: a stall% column, the
                                   share of the row's cycles spent waiting */
    char footer[240];           /* in brackets after the total */
    char estimate[300];         /* "": exact rows; else the rows are estimates, their shares
                                   marked "~" and this line (why) printed after the total */
};

void report_print(struct report *r, unsigned top, unsigned width);

#endif
