/*
 * report/diffout_gitlab.c: `profil diff --format gitlab` (see diffout.h):
 * GitLab's code quality report, a JSON array with an issue for each total
 * and row that grew past its threshold (description, check_name,
 * fingerprint, severity, location), [] when none did.  The fingerprint is
 * the SHA-256 of the check and the row, so an issue keeps it from run to run.
 */
#include "diffout.h"

#include <string.h>

#include "../formats/jsonio.h"
#include "../formats/sha256.h"

/* An issue: its text (diffout_growth_text), its fingerprint from the check and the total or row. */
static void issue(FILE *f, size_t *n, const struct diffout *o, const char *check, const char *what, const char *text)
{
    char key[400], hex[SHA256_HEX];
    snprintf(key, sizeof key, "%s\n%s", check, what);
    sha256_hex((const uint8_t *)key, strlen(key), hex);
    fprintf(f, "%s\n  {\"description\": ", (*n)++ ? "," : "");
    json_put_text(f, text);
    fprintf(f, ", \"check_name\": \"%s\", \"fingerprint\": \"%s\", \"severity\": \"major\", \"location\": {\"path\": ",
            check, hex);
    json_put_text(f, o->new_name);
    fputs(", \"lines\": {\"begin\": 1}}}", f);
}

void diffout_gitlab(FILE *f, const struct diffout *o)
{
    const struct prf_diff *d = o->d;
    size_t n = 0;
    fputs("[", f);
    char text[700];
    for (size_t i = 0; i < d->ntotal; i++)
        if (diffout_total_grew(o, i)) {
            diffout_total_text(o, i, text, sizeof text);
            issue(f, &n, o, "profil-diff-total", d->total[i].what, text);
        }
    for (size_t i = 0; i < d->n; i++)
        if (diffout_row_grew(o, i)) {
            diffout_row_text(o, i, text, sizeof text);
            issue(f, &n, o, "profil-diff-row", d->rows[i].label, text);
        }
    fputs(n ? "\n]\n" : "]\n", f);
}
