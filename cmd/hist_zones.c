/*
 * cmd/hist_zones.c: `profil hist X.prx --by zone`: the program's own zones
 * (docs/guestapi.md) per zone: count, total, mean, min and max emulated
 * cycles, inner zones indented under theirs, then the marks; and their
 * exports (report/export.h).
 */
#include <stdio.h>
#include <string.h>

#include "../report/export.h"
#include "../formats/prx.h"
#include "commands.h"
#include "session.h"

/* Zone i and the zones inside it, depth-first. */
static void zone_rows(const struct prx *x, size_t i, unsigned depth)
{
    const struct prx_zone *z = &x->zones[i];
    printf("%8llu %14llu %14.1f %12llu %12llu  %*s%s\n", (unsigned long long)z->count, (unsigned long long)z->total,
           z->count ? (double)z->total / (double)z->count : 0.0, (unsigned long long)z->min,
           (unsigned long long)z->max, (int)(2 * depth), "", z->name);
    for (size_t k = i + 1; k < x->nzones; k++)
        if (x->zones[k].parent == i)
            zone_rows(x, k, depth + 1);
}

int hist_zones(const struct prx *x, const struct hist_request *q)
{
    if (!x->zones && !x->marks) {
        fprintf(stderr, "profil: --by zone: %s has no zones or marks (the program's ENTER, LEAVE and MARK calls, "
                "docs/guestapi.md)\n", q->path);
        return EXIT_BAD_INPUT;
    }
    switch (q->format) {
    case FORMAT_TEXT: break;
    case FORMAT_CSV: return export_zones_csv(stdout, x) ? EXIT_BAD_INPUT : 0;
    case FORMAT_JSON: return export_zones_json(stdout, x) ? EXIT_BAD_INPUT : 0;
    case FORMAT_FOLDED: return export_zones_folded(stdout, x) ? EXIT_BAD_INPUT : 0;
    case FORMAT_CALLGRIND: return export_zones_callgrind(stdout, x, q->path) ? EXIT_BAD_INPUT : 0;
    default:
        fprintf(stderr, "profil: --format %s: --by zone is printed as text, csv, json, folded or callgrind\n",
                export_format_names[q->format]);
        return 2;
    }
    if (x->nzones) {
        printf("%8s %14s %14s %12s %12s  %s\n", "count", "total", "mean", "min", "max", "zone (cycles)");
        for (size_t i = 0; i < x->nzones; i++)
            if (x->zones[i].parent == PRX_NO_ZONE)
                zone_rows(x, i, 0);
    }
    if (x->nmarks) {
        printf("%s%8s %14s %14s  %s\n", x->nzones ? "\n" : "", "count", "first", "last", "mark (cycle)");
        for (size_t i = 0; i < x->nmarks; i++)
            printf("%8llu %14llu %14llu  %s\n", (unsigned long long)x->marks[i].count,
                   (unsigned long long)x->marks[i].first, (unsigned long long)x->marks[i].last, x->marks[i].name);
    }
    printf("%zu zone(s), %zu mark(s), in emulated cycles (%s, %s %s timing: %llu cycles in all)\n", x->nzones,
           x->nmarks, x->program, x->cpu, x->timing, (unsigned long long)x->total_cycles);
    return 0;
}
