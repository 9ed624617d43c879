/*
 * report/diffout_github.c: `profil diff --format github` (see diffout.h):
 * GitHub Actions' workflow commands, one line each: an ::error for each
 * total and row that grew past its threshold, or one ::notice that the
 * profiles match; the job's log and the run's summary show them.
 */
#include "diffout.h"

/* A workflow command's message: %, CR and LF escaped as GitHub reads them. */
static void put_message(FILE *f, const char *s)
{
    for (; *s; s++)
        if (*s == '%')
            fputs("%25", f);
        else if (*s == '\r')
            fputs("%0D", f);
        else if (*s == '\n')
            fputs("%0A", f);
        else
            putc(*s, f);
}

static void error_line(FILE *f, const char *text)
{
    fputs("::error title=profil diff::", f);
    put_message(f, text);
    putc('\n', f);
}

void diffout_github(FILE *f, const struct diffout *o)
{
    const struct prf_diff *d = o->d;
    char text[700];
    for (size_t i = 0; i < d->ntotal; i++)
        if (diffout_total_grew(o, i)) {
            diffout_total_text(o, i, text, sizeof text);
            error_line(f, text);
        }
    for (size_t i = 0; i < d->n; i++)
        if (diffout_row_grew(o, i)) {
            diffout_row_text(o, i, text, sizeof text);
            error_line(f, text);
        }
    if (!diffout_differ(o)) {
        snprintf(text, sizeof text, "profiles match: %s -> %s (thresholds %.1f%% per total, %.1f%% per row)",
                 o->old_name, o->new_name, o->time_threshold, o->threshold);
        fputs("::notice title=profil diff::", f);
        put_message(f, text);
        putc('\n', f);
    }
}
