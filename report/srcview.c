/*
 * report/srcview.c: the source beside its counts (see srcview.h).
 */
#include "srcview.h"

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "../formats/fileio.h"
#include "../util/path.h"
#include "attrib.h"
#include "export.h"

/* dir + the components comps[0..n) ("WATDEMO", "hello.c"), each matched
 * as named or else in any case (the first such name in byte order, so the
 * choice does not hang on the directory's order), into out when it is a
 * regular file. */
static int resolve(const char *dir, char comps[][64], size_t n, char *out, size_t outn)
{
    int k = snprintf(out, outn, "%s", dir);
    if (k < 0 || (size_t)k >= outn)
        return 0;
    size_t len = (size_t)k;
    for (size_t c = 0; c < n; c++) {
        const char *sep = len && out[len - 1] != '/' ? "/" : "";
        k = snprintf(out + len, outn - len, "%s%s", sep, comps[c]);
        if (k < 0 || (size_t)k >= outn - len)
            return 0;
        struct stat st;
        if (stat(out, &st) != 0) {
            out[len] = 0;
            DIR *d = opendir(len ? out : ".");
            if (!d)
                return 0;
            char best[256] = "";
            for (struct dirent *e; (e = readdir(d)) != NULL;)
                if (strcasecmp(e->d_name, comps[c]) == 0 && (!best[0] || strcmp(e->d_name, best) < 0))
                    snprintf(best, sizeof best, "%s", e->d_name);
            closedir(d);
            if (!best[0])
                return 0;
            k = snprintf(out + len, outn - len, "%s%s", sep, best);
            if (k < 0 || (size_t)k >= outn - len)
                return 0;
        }
        len += (size_t)k;
    }
    struct stat st;
    return stat(out, &st) == 0 && S_ISREG(st.st_mode);
}

/* The folders and name of a path ("C:\\SRC\\SORTC.C", "SRC/UTIL.C") as
 * components, its drive and "." left out: -1 when it climbs ("..") or
 * has more or longer components than comps holds. */
static int components(const char *p, char comps[][64], size_t max, size_t *nc)
{
    *nc = 0;
    if (p[0] && p[1] == ':')        /* its drive, "C:" */
        p += 2;
    while (*p) {
        size_t len = strcspn(p, "\\/");
        if (len && !(len == 1 && p[0] == '.')) {
            if ((len == 2 && p[0] == '.' && p[1] == '.') || len >= sizeof comps[0] || *nc == max)
                return -1;
            snprintf(comps[(*nc)++], sizeof comps[0], "%.*s", (int)len, p);
        }
        p += len + (p[len] != 0);
    }
    return 0;
}

int srcview_find(const struct symtab *t, const char *file, const char *const *dirs, size_t ndirs, char *out,
                 size_t n)
{
    /* The path the information names, as components: its drive left out;
     * when it climbs (".."), the label's file (a name, or the end of the
     * path that tells it from another file of that name, "SRC/UTIL.C"),
     * and when that climbs too its name alone: nothing outside a
     * folder's tree is looked at. */
    const char *path = t ? symtab_source_path(t, file) : NULL;
    char comps[16][64], named[16][64];
    size_t nc = 0, nn = 0;
    int label = components(file, named, 16, &nn) == 0 && nn > 0;
    if (!path || components(path, comps, 16, &nc) != 0 || nc == 0) {
        if (label) {
            memcpy(comps, named, sizeof named);
            nc = nn;
        } else {
            const char *base = file + strlen(file);
            while (base > file && base[-1] != '/' && base[-1] != '\\')
                base--;
            snprintf(comps[0], sizeof comps[0], "%.63s", base);
            nc = 1;
        }
    }
    /* In each folder: the whole path under it (SRC/SORTC.C), then with
     * fewer of its leading folders, down to the label's (the name alone,
     * or the folders that tell it from another file of its name). */
    size_t keep = label && nn < nc ? nn : label ? nc : 1;
    for (size_t d = 0; d < ndirs; d++)
        for (size_t k = 0; dirs[d] && k + keep <= nc; k++)
            if (resolve(dirs[d], comps + k, nc - k, out, n) && path_really_inside(dirs[d], out))
                return 1;
    return 0;
}

/* A row's label "FILE:LINE" split; 0 when it is not one (a listing's "line 24"). */
static int split_label(const char *label, char *file, size_t n, unsigned *line)
{
    const char *colon = strrchr(label, ':');
    if (!colon || colon == label || !colon[1] || strspn(colon + 1, "0123456789") != strlen(colon + 1) ||
        (size_t)(colon - label) >= n)
        return 0;
    snprintf(file, n, "%.*s", (int)(colon - label), label);
    *line = (unsigned)strtoul(colon + 1, NULL, 10);
    return 1;
}

int srcview_line_of(const struct symtab *t, uint32_t off, char *file, size_t n, unsigned *line)
{
    size_t lo = 0, hi = t->nline;       /* the last line entry at or below off */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (t->line[mid].addr <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && off < symtab_line_end(t, lo - 1, UINT32_MAX) && split_label(t->line[lo - 1].label, file, n, line);
}

/* One source line's counts. */
struct counted {
    unsigned line;
    double insns, cycles, stalls;
};

static int by_line(const void *a, const void *b)
{
    const struct counted *x = a, *y = b;
    return (x->line > y->line) - (x->line < y->line);
}

/* How a view is written: text (annotate) or HTML (the report), a row of
 * `styles`.  head: the file's line (its totals); row: one source line,
 * here its counts or NULL, pct its share of the run's cycles; foot. */
struct style {
    void (*head)(FILE *f, const char *name, const char *path, double cycles, double insns, double share, int stalls);
    void (*row)(FILE *f, const char *name, unsigned line, const char *text, size_t len, const struct counted *here,
                double pct, int stalls);
    void (*foot)(FILE *f);
};

static void text_head(FILE *f, const char *name, const char *path, double cycles, double insns, double share,
                      int stalls)
{
    fprintf(f, "\nsource %s (%s): %.0f cycles, %.0f instructions on its lines (%.1f%% of the run's cycles)\n", name,
            path, cycles, insns, share);
    fprintf(f, "   line      insns     cycles%s   time%%  text\n", stalls ? "     stalls" : "");
}

static void text_row(FILE *f, const char *name, unsigned line, const char *text, size_t len,
                     const struct counted *here, double pct, int stalls)
{
    (void)name;
    fprintf(f, "%c%6u", here && pct >= SRCVIEW_HOT ? '>' : ' ', line);
    if (here) {
        fprintf(f, " %10.0f %10.0f", here->insns, here->cycles);
        if (stalls)
            fprintf(f, " %10.0f", here->stalls);
        fprintf(f, " %6.1f%%", pct);
    } else
        fprintf(f, "%*s", stalls ? 41 : 30, "");
    fprintf(f, "  %.*s\n", (int)len, text);
}

static void text_foot(FILE *f)
{
    (void)f;
}

static void html_head(FILE *f, const char *name, const char *path, double cycles, double insns, double share,
                      int stalls)
{
    fputs("<h3 id=\"src-", f);
    xml_put_text(f, name);
    fputs("\">", f);
    xml_put_text(f, name);
    fprintf(f, "</h3>\n<p>%.0f cycles, %.0f instructions on its lines (%.1f%% of the run's cycles); <code>", cycles,
            insns, share);
    xml_put_text(f, path);
    fprintf(f, "</code></p>\n<table class=\"code src\">\n<thead><tr><th>line</th><th>instructions</th><th>cycles</th>"
               "%s<th>%%</th><th class=\"l\">source</th></tr></thead>\n<tbody>\n", stalls ? "<th>stalls</th>" : "");
}

static void html_row(FILE *f, const char *name, unsigned line, const char *text, size_t len,
                     const struct counted *here, double pct, int stalls)
{
    fputs("<tr id=\"src-", f);
    xml_put_text(f, name);
    fprintf(f, "-%u\"%s><td>%u</td>", line, here && pct >= SRCVIEW_HOT ? " class=\"hot\"" : "", line);
    if (here) {
        fprintf(f, "<td>%.0f</td><td>%.0f</td>", here->insns, here->cycles);
        if (stalls)
            fprintf(f, "<td>%.0f</td>", here->stalls);
        fprintf(f, "<td>%.1f%%</td>", pct);
    } else
        fputs(stalls ? "<td></td><td></td><td></td><td></td>" : "<td></td><td></td><td></td>", f);
    char buf[512];
    snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf ? len : sizeof buf - 1), text);
    fputs("<td class=\"l\"><pre>", f);
    xml_put_text(f, buf);
    fputs("</pre></td></tr>\n", f);
}

static void html_foot(FILE *f)
{
    fputs("</tbody>\n</table>\n", f);
}

static const struct style styles[2] = { { text_head, text_row, text_foot }, { html_head, html_row, html_foot } };

/* A file's view in a style: its text, each line with its counts (c, n of
 * them, sorted by line), the lines past its end that have counts too. */
static void write_view(FILE *f, const struct style *st, const char *name, const char *path, const uint8_t *text,
                       size_t len, const struct counted *c, size_t n, double whole, int stalls)
{
    double cycles = 0, insns = 0;
    for (size_t i = 0; i < n; i++) {
        cycles += c[i].cycles;
        insns += c[i].insns;
    }
    st->head(f, name, path, cycles, insns, whole > 0 ? 100.0 * cycles / whole : 0.0, stalls);
    size_t at = 0, k = 0;
    for (unsigned line = 1; at < len || k < n; line++) {
        const uint8_t *nl = at < len ? memchr(text + at, '\n', len - at) : NULL;
        size_t end = nl ? (size_t)(nl - text) : len, shown = end;
        while (shown > at && (text[shown - 1] == '\r' || text[shown - 1] == 0x1A))
            shown--;
        while (k < n && c[k].line < line)
            k++;
        const struct counted *here = k < n && c[k].line == line ? &c[k] : NULL;
        if (at >= len && !here)
            break;
        st->row(f, name, line, at < len ? (const char *)text + at : "", shown > at ? shown - at : 0, here,
                here && whole > 0 ? 100.0 * here->cycles / whole : 0, stalls);
        at = end < len ? end + 1 : len;
    }
    st->foot(f);
}

static int each_file(FILE *f, FILE *msg, const struct prx *x, const struct symtab *t, const char *const *dirs,
                     size_t ndirs, const struct style *st);

int srcview_write(FILE *f, FILE *msg, const struct prx *x, const struct symtab *t, const char *const *dirs,
                  size_t ndirs)
{
    return each_file(f, msg, x, t, dirs, ndirs, &styles[0]);
}

int srcview_write_html(FILE *f, FILE *msg, const struct prx *x, const struct symtab *t, const char *const *dirs,
                       size_t ndirs)
{
    return each_file(f, msg, x, t, dirs, ndirs, &styles[1]);
}

/* Each source file whose code ran, found and read, written in style st. */
static int each_file(FILE *f, FILE *msg, const struct prx *x, const struct symtab *t, const char *const *dirs,
                     size_t ndirs, const struct style *st)
{
    struct unit_hits *rows[3] = { NULL, NULL, NULL };
    size_t nrows[3] = { 0, 0, 0 };
    static const enum metric metrics[3] = { METRIC_INSTRUCTIONS, METRIC_CYCLES, METRIC_STALLS };
    int rc = 0;
    for (int m = 0; m < 3 && rc == 0; m++)
        rc = attribute_exact(x, t, metrics[m], 1, &rows[m], &nrows[m]);
    struct counted *c = rc == 0 ? malloc((nrows[1] + 1) * sizeof *c) : NULL;
    char (*files)[sizeof t->line->label] = rc == 0 ? calloc(nrows[1] + 1, sizeof *files) : NULL;
    if (!c || !files || nrows[0] != nrows[1] || nrows[1] != nrows[2])
        rc = -1;
    double whole = (double)x->total_cycles;
    /* Each file once, in the order its first line comes. */
    for (size_t i = 0; rc == 0 && i < nrows[1]; i++) {
        char file[sizeof t->line->label];
        unsigned line;
        if (rows[1][i].hits <= 0 || !split_label(rows[1][i].name, file, sizeof file, &line))
            continue;
        int seen = 0;
        for (size_t j = 0; j < i && !seen; j++)
            seen = strcmp(files[j], file) == 0;
        snprintf(files[i], sizeof files[i], "%s", file);
        if (seen)
            continue;
        size_t n = 0;
        for (size_t j = i; j < nrows[1]; j++) {
            char other[sizeof t->line->label];
            unsigned l;
            if (split_label(rows[1][j].name, other, sizeof other, &l) && strcmp(other, file) == 0)
                c[n++] = (struct counted){ l, rows[0][j].hits, rows[1][j].hits, rows[2][j].hits };
        }
        qsort(c, n, sizeof *c, by_line);
        char path[4200], err[600];
        uint8_t *text;
        size_t len;
        if (!srcview_find(t, file, dirs, ndirs, path, sizeof path)) {
            if (msg)
                fprintf(msg, "profil: %s: not found beside the program or the profile (--source-dir DIR names its "
                    "folder): its lines are shown by number\n", file);
            continue;
        }
        if (read_file(path, &text, &len, err, sizeof err) != 0) {
            if (msg)
                fprintf(msg, "profil: %s\n", err);
            continue;
        }
        write_view(f, st, file, path, text, len, c, n, whole, x->has_stalls);
        free(text);
    }
    for (int m = 0; m < 3; m++)
        free(rows[m]);
    free(c);
    free(files);
    return rc;
}
