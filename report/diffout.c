/*
 * report/diffout.c: the table of diff's CI formats and what the writers
 * share (see diffout.h).
 */
#include "diffout.h"

#include <math.h>

const char *const diffout_names[DIFFOUT_FORMATS + 1] = { "text", "json", "markdown", "junit", "github", "gitlab", NULL };

/* The writer of each format (DIFFOUT_TEXT is cmd/diff.c's). */
static void (*const writers[DIFFOUT_FORMATS])(FILE *, const struct diffout *) = {
    [DIFFOUT_JSON] = diffout_json,     [DIFFOUT_MARKDOWN] = diffout_markdown, [DIFFOUT_JUNIT] = diffout_junit,
    [DIFFOUT_GITHUB] = diffout_github, [DIFFOUT_GITLAB] = diffout_gitlab,
};

int diffout_total_grew(const struct diffout *o, size_t i)
{
    return diff_growth(&o->d->total[i]) > o->time_threshold;
}

int diffout_row_grew(const struct diffout *o, size_t i)
{
    return diff_row_grew(o->d, &o->d->rows[i], o->threshold);
}

int diffout_differ(const struct diffout *o)
{
    for (size_t i = 0; i < o->d->ntotal; i++)
        if (diffout_total_grew(o, i))
            return 1;
    for (size_t i = 0; i < o->d->n; i++)
        if (diffout_row_grew(o, i))
            return 1;
    return 0;
}

void diffout_change(double pct, char *out, size_t n)
{
    if (isinf(pct))
        snprintf(out, n, "new");
    else
        snprintf(out, n, "%+.1f%%", pct);
}

void diffout_growth_text(char *out, size_t n, const char *what, double pct, double old_value, double new_value,
                         int decimals, const char *threshold_name, double threshold)
{
    char change[32];
    diffout_change(pct, change, sizeof change);
    snprintf(out, n, "%s grew %s (%.*f -> %.*f), past the %s (%.1f%%)", what, change, decimals, old_value, decimals,
             new_value, threshold_name, threshold);
}

void diffout_total_text(const struct diffout *o, size_t i, char *out, size_t n)
{
    const struct diff_total *t = &o->d->total[i];
    diffout_growth_text(out, n, t->what, diff_growth(t), t->old_value, t->new_value, t->what[0] == 'e' ? 3 : 0,
                        "time threshold", o->time_threshold);
}

void diffout_row_text(const struct diffout *o, size_t i, char *out, size_t n)
{
    const struct diff_row *r = &o->d->rows[i];
    char what[160];
    snprintf(what, sizeof what, "%s's own %s", r->label, o->d->cost_unit);
    diffout_growth_text(out, n, what, diff_row_change(r), r->old_cost, r->new_cost, o->d->cost_unit[0] == 'm' ? 3 : 0,
                        "threshold", o->threshold);
}

void diffout_write(FILE *f, enum diffout_format format, const struct diffout *o)
{
    if ((unsigned)format < DIFFOUT_FORMATS && writers[format])
        writers[format](f, o);
}
