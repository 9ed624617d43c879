/*
 * report/diffout_markdown.c: `profil diff --format markdown` (see
 * diffout.h): a heading with the outcome, a table of the totals and one of
 * the rows shown, for a pull request's comment.
 */
#include "diffout.h"

/* Text in a table cell: '|' and the bytes Markdown reads as markup escaped. */
static void put_cell(FILE *f, const char *s)
{
    for (; *s; s++) {
        if (*s == '|' || *s == '\\' || *s == '`' || *s == '*' || *s == '_' || *s == '<' || *s == '[' || *s == ']')
            putc('\\', f);
        putc((unsigned char)*s < 0x20 ? ' ' : *s, f);
    }
}

void diffout_markdown(FILE *f, const struct diffout *o)
{
    const struct prf_diff *d = o->d;
    char change[32];
    fputs("### profil diff: ", f);
    put_cell(f, o->old_name);
    fputs(" -> ", f);
    put_cell(f, o->new_name);
    fprintf(f, ": %s\n\n", diffout_differ(o) ? "**slower**" : "no change past the thresholds");
    fprintf(f, "| total | old | new | change | |\n|---|---:|---:|---:|---|\n");
    for (size_t i = 0; i < d->ntotal; i++) {
        const struct diff_total *t = &d->total[i];
        int secs = t->what[0] == 'e';           /* "emulated time" */
        diffout_change(diff_growth(t), change, sizeof change);
        fprintf(f, "| %s | %.*f%s | %.*f%s | %s | %s |\n", t->what, secs ? 3 : 0, t->old_value, secs ? " s" : "",
                secs ? 3 : 0, t->new_value, secs ? " s" : "", change,
                diffout_total_grew(o, i) ? "grew past the time threshold" : "");
    }
    int ms = d->cost_unit[0] == 'm';
    size_t shown = 0;
    for (size_t i = 0; i < d->n; i++) {
        const struct diff_row *r = &d->rows[i];
        if (!diff_row_shown(d, r))
            continue;
        if (!shown++) {
            fprintf(f, "\n| row | old %s | new %s | change | old %% | new %% |%s |\n|---|---:|---:|---:|---:|---:|%s---|\n",
                    d->cost_unit, d->cost_unit, d->calls ? " old calls | new calls |" : "", d->calls ? "---:|---:|" : "");
        }
        diffout_change(diff_row_change(r), change, sizeof change);
        fputs("| ", f);
        put_cell(f, r->label);
        fprintf(f, " | %.*f | %.*f | %s | %.1f | %.1f |", ms ? 3 : 0, r->old_cost, ms ? 3 : 0, r->new_cost, change,
                r->old_share, r->new_share);
        if (d->calls)
            fprintf(f, " %llu | %llu |", (unsigned long long)r->old_calls, (unsigned long long)r->new_calls);
        fprintf(f, " %s |\n", diffout_row_grew(o, i) ? "grew past the threshold" : r->new_cost < r->old_cost ? "faster" : "");
    }
    fprintf(f, "\nThresholds: a total may grow %.1f%%, a row's own %s %.1f%%.\n", o->time_threshold, d->cost_unit,
            o->threshold);
}
