/*
 * report/diffout_json.c: `profil diff --format json` (see diffout.h): the
 * totals and the rows shown, each with its change and whether it grew past
 * its threshold, and the outcome.
 */
#include "diffout.h"

#include <math.h>

#include "../formats/jsonio.h"

/* A change for JSON: a number, or null from 0. */
static void put_change(FILE *f, double pct)
{
    if (isinf(pct))
        fputs("null", f);
    else
        fprintf(f, "%.3f", pct);
}

void diffout_json(FILE *f, const struct diffout *o)
{
    const struct prf_diff *d = o->d;
    fputs("{\n  \"old\": ", f);
    json_put_text(f, o->old_name);
    fputs(", \"new\": ", f);
    json_put_text(f, o->new_name);
    fprintf(f, ",\n  \"threshold\": %g, \"time_threshold\": %g, \"unit\": ", o->threshold, o->time_threshold);
    json_put_text(f, d->cost_unit);
    fprintf(f, ", \"estimated\": %s,\n  \"totals\": [", d->estimated ? "true" : "false");
    for (size_t i = 0; i < d->ntotal; i++) {
        const struct diff_total *t = &d->total[i];
        fprintf(f, "%s\n    {\"what\": ", i ? "," : "");
        json_put_text(f, t->what);
        fprintf(f, ", \"old\": %.15g, \"new\": %.15g, \"change\": ", t->old_value, t->new_value);
        put_change(f, diff_growth(t));
        fprintf(f, ", \"estimated\": %s, \"grew\": %s}", t->estimated ? "true" : "false",
                diffout_total_grew(o, i) ? "true" : "false");
    }
    fputs("\n  ],\n  \"rows\": [", f);
    size_t shown = 0;
    for (size_t i = 0; i < d->n; i++) {
        const struct diff_row *r = &d->rows[i];
        if (!diff_row_shown(d, r))
            continue;
        fprintf(f, "%s\n    {\"row\": ", shown++ ? "," : "");
        json_put_text(f, r->label);
        fprintf(f, ", \"old\": %.15g, \"new\": %.15g, \"change\": ", r->old_cost, r->new_cost);
        put_change(f, diff_row_change(r));
        fprintf(f, ", \"old_share\": %.3f, \"new_share\": %.3f", r->old_share, r->new_share);
        if (d->calls)
            fprintf(f, ", \"old_calls\": %llu, \"new_calls\": %llu", (unsigned long long)r->old_calls,
                    (unsigned long long)r->new_calls);
        fprintf(f, ", \"grew\": %s}", diffout_row_grew(o, i) ? "true" : "false");
    }
    fprintf(f, "\n  ],\n  \"outcome\": \"%s\"\n}\n", diffout_differ(o) ? "differ" : "match");
}
