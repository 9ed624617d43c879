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
    int video_column;           /* --metric stalls: the rows' `stalls` are the
                                   video card's wait states among them: a
                                   video% column, their share of the stalls */
    char footer[240];           /* in brackets after the total */
};

void report_print(struct report *r, unsigned top, unsigned width);

#endif
