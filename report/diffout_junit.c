/*
 * report/diffout_junit.c: `profil diff --format junit` (see diffout.h):
 * JUnit XML as CI systems read it (testsuites > testsuite > testcase,
 * failure), a test case per total and per row shown, failed where it grew
 * past its threshold.  No timestamp or host name: the same profiles give
 * the same bytes.
 */
#include "diffout.h"

#include "export.h"

static void put_failure(FILE *f, const char *text)
{
    fputs("\n      <failure type=\"slower\" message=\"", f);
    xml_put_text(f, text);
    fputs("\"/>\n    ", f);
}

void diffout_junit(FILE *f, const struct diffout *o)
{
    const struct prf_diff *d = o->d;
    size_t tests = d->ntotal, failures = 0;
    for (size_t i = 0; i < d->ntotal; i++)
        failures += (size_t)diffout_total_grew(o, i);
    for (size_t i = 0; i < d->n; i++)
        if (diff_row_shown(d, &d->rows[i])) {
            tests++;
            failures += (size_t)diffout_row_grew(o, i);
        }
    char name[600];
    snprintf(name, sizeof name, "%s -> %s", o->old_name, o->new_name);
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"profil diff\" tests=\"%zu\" "
               "failures=\"%zu\" errors=\"0\">\n  <testsuite name=\"", tests, failures);
    xml_put_text(f, name);
    fprintf(f, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"0\">\n", tests, failures);
    for (size_t i = 0; i < d->ntotal; i++) {
        char text[700];
        fputs("    <testcase classname=\"profil.diff.totals\" name=\"", f);
        xml_put_text(f, d->total[i].what);
        fputs("\">", f);
        if (diffout_total_grew(o, i)) {
            diffout_total_text(o, i, text, sizeof text);
            put_failure(f, text);
        }
        fputs("</testcase>\n", f);
    }
    for (size_t i = 0; i < d->n; i++) {
        const struct diff_row *r = &d->rows[i];
        if (!diff_row_shown(d, r))
            continue;
        fputs("    <testcase classname=\"profil.diff.rows\" name=\"", f);
        xml_put_text(f, r->label);
        fputs("\">", f);
        if (diffout_row_grew(o, i)) {
            char text[700];
            diffout_row_text(o, i, text, sizeof text);
            put_failure(f, text);
        }
        fputs("</testcase>\n", f);
    }
    fputs("  </testsuite>\n</testsuites>\n", f);
}
