/*
 * report/table.c: see table.h.
 */
#include "table.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int by_hits(const void *a, const void *b)
{
    const struct unit_hits *x = a, *y = b;
    return x->hits < y->hits ? 1 : x->hits > y->hits ? -1 : (x->start > y->start) - (x->start < y->start);
}

void report_more(FILE *f, size_t more, size_t all)
{
    fprintf(f, "... %zu more rows: --top %zu shows them all (so does a pipe or a file: profil hist FILE | less)\n",
            more, all);
}

void report_print(FILE *f, struct report *r, unsigned top, unsigned width)
{
    double max = 0, total = r->io + r->dos + r->high;
    for (size_t i = 0; i < r->n; i++) {
        total += r->rows[i].hits;
        if (r->rows[i].hits > max)
            max = r->rows[i].hits;
    }
    qsort(r->rows, r->n, sizeof *r->rows, by_hits);
    int col = 24;                   /* the name column: as wide as the longest name shown */
    for (size_t i = 0; i < r->n && i < top && r->rows[i].hits >= 0.5; i++)
        if (strlen(r->rows[i].name) > (size_t)col)
            col = (int)strlen(r->rows[i].name);
    double t1 = total > 0 ? total : 1, cumul = 0;
    fprintf(f, "%8s %6s %6s%s  %-*s  %-*s %s\n",
            strcmp(r->what, "instructions") == 0 ? "insns" : strcmp(r->what, "samples") == 0 ? "hits" : r->what,
            "%", "cum%", r->stall_column ? " stall%" : r->video_column ? " video%" : "", (int)width, "", col, r->column,
            "address");
    for (size_t i = 0; i < r->n && i < top; i++) {
        if (r->rows[i].hits < 0.5)
            break;
        cumul += r->rows[i].hits;
        unsigned len = max > 0 ? (unsigned)(r->rows[i].hits * width / max + 0.5) : 0;
        char share[16];
        snprintf(share, sizeof share, "%s%.1f%%", r->estimate[0] ? "~" : "", 100.0 * r->rows[i].hits / t1);
        fprintf(f, "%8.0f %6s %5.1f%%", r->rows[i].hits, share, 100.0 * cumul / t1);
        if (r->stall_column || r->video_column)
            fprintf(f, " %5.1f%%", r->rows[i].hits > 0 ? 100.0 * r->rows[i].stalls / r->rows[i].hits : 0.0);
        fprintf(f, "  ");
        for (unsigned k = 0; k < width; k++)
            putc(k < len ? '#' : ' ', f);
        if (r->rows[i].end > r->rows[i].start)
            fprintf(f, "  %-*s %05X-%05X\n", col, r->rows[i].name, r->rows[i].start, r->rows[i].end - 1);
        else
            fprintf(f, "  %s\n", r->rows[i].name);
    }
    const char *names[3] = { "io", "dos", "high" };
    const double other[3] = { r->io, r->dos, r->high };
    for (int k = 0; k < 3; k++)
        fprintf(f, "%8.0f %5.1f%%       %s  %-*s  %s\n", other[k], 100.0 * other[k] / t1,
                r->stall_column || r->video_column ? "       " : "",
                (int)width, "", names[k]);
    fprintf(f, "%8.0f %s (%s)\n", total, r->what, r->footer);
    size_t rows = 0;
    for (size_t i = 0; i < r->n; i++)
        rows += r->rows[i].hits >= 0.5;
    if (r->more_hint && rows > top)
        report_more(f, rows - top, rows);
    if (r->estimate[0])
        fprintf(f, "%s\n", r->estimate);
}
