/*
 * report/hist_zones.c: `profil hist X.prx --by zone`: the program's own zones
 * (docs/guestapi.md) per zone: count, total, mean, min and max emulated
 * cycles, inner zones indented under theirs, then the marks; and their
 * exports (report/export.h).
 */
#include <stdio.h>
#include <string.h>

#include "export.h"
#include "../formats/prx.h"
#include "hist_internal.h"

/* Zone i and the zones inside it, depth-first. */
static void zone_rows(FILE *f, const struct prx *x, size_t i, unsigned depth)
{
    const struct prx_zone *z = &x->zones[i];
    fprintf(f, "%8llu %14llu %14.1f %12llu %12llu  %*s%s\n", (unsigned long long)z->count, (unsigned long long)z->total,
            z->count ? (double)z->total / (double)z->count : 0.0, (unsigned long long)z->min,
            (unsigned long long)z->max, (int)(2 * depth), "", z->name);
    for (size_t k = i + 1; k < x->nzones; k++)
        if (x->zones[k].parent == i)
            zone_rows(f, x, k, depth + 1);
}

enum hist_status hist_prx_zones(const struct hist_request *q, struct hist_data *d)
{
    return hist_zones(d->x, q);
}

/* The zones' table, or their csv, json, folded or callgrind (the formats
 * report/hist.c's table gives --by zone). */
enum hist_status hist_zones(const struct prx *x, const struct hist_request *q)
{
    FILE *f = q->out;
    if (!x->zones && !x->marks) {
        fprintf(q->msg, "profil: --by zone: %s has no zones or marks (the program's ENTER, LEAVE and MARK calls, "
                "docs/guestapi.md)\n", q->path);
        return HIST_BAD_INPUT;
    }
    int w = 0;
    if (q->format == FORMAT_CSV)
        w = export_zones_csv(f, x);
    else if (q->format == FORMAT_JSON)
        w = export_zones_json(f, x);
    else if (q->format == FORMAT_FOLDED)
        w = export_zones_folded(f, x);
    else if (q->format == FORMAT_CALLGRIND)
        w = export_zones_callgrind(f, x, q->path);
    if (q->format != FORMAT_TEXT)
        return w ? HIST_BAD_INPUT : HIST_OK;
    if (x->nzones) {
        fprintf(f, "%8s %14s %14s %12s %12s  %s\n", "count", "total", "mean", "min", "max", "zone (cycles)");
        for (size_t i = 0; i < x->nzones; i++)
            if (x->zones[i].parent == PRX_NO_ZONE)
                zone_rows(f, x, i, 0);
    }
    if (x->nmarks) {
        fprintf(f, "%s%8s %14s %14s  %s\n", x->nzones ? "\n" : "", "count", "first", "last", "mark (cycle)");
        for (size_t i = 0; i < x->nmarks; i++)
            fprintf(f, "%8llu %14llu %14llu  %s\n", (unsigned long long)x->marks[i].count,
                    (unsigned long long)x->marks[i].first, (unsigned long long)x->marks[i].last, x->marks[i].name);
    }
    fprintf(f, "%zu zone(s), %zu mark(s), in emulated cycles (%s, %s %s timing: %llu cycles in all)\n", x->nzones,
            x->nmarks, x->program, x->cpu, x->timing, (unsigned long long)x->total_cycles);
    return 0;
}
