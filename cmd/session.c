/*
 * cmd/session.c: see session.h.  Messages go to stderr as one line each,
 * prefixed "profil: "; the program's own output owns stdout.
 */
#include "session.h"
#include "summary.h"

#include "../formats/fileio.h"
#include "../formats/prx.h"
#include "../formats/symfind.h"
#include "../formats/symtab.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* After a run that wrote its profile: why it stopped, then PROFIL's
 * closing line or the summary. */
static void report(struct profil_session *s, const struct profil_options *o, const struct session_report *r)
{
    enum profil_stop stop = profil_session_stop(s);
    if (stop != PROFIL_STOP_EXIT && stop != PROFIL_STOP_INTERRUPTED)
        fprintf(stderr, "profil: %s: %s\n", o->program, profil_session_fault(s));
    if (r->dialogue) {
        fputs(stop == PROFIL_STOP_EXIT ? "\r\nProgram terminated normally\r\n" : "\r\nProgram aborted\r\n", stdout);
        return;
    }
    if (stop == PROFIL_STOP_INTERRUPTED)
        fprintf(stderr, "profil: Program aborted\n");
    if (!r->quiet)
        summary_write(s, stderr);
}

int session_run(struct profil_options *o, const struct session_report *r)
{
    struct profil_session *s;
    int status = -1;
    o->catch_signals = 1;
    o->progress = !r->quiet && !r->dialogue && isatty(STDERR_FILENO);
    enum profil_error e = profil_session_new(o, &s);
    if (e == PROFIL_OK) {
        profil_session_run(s);
        if ((e = profil_session_write(s)) == PROFIL_OK) {
            report(s, o, r);
            status = profil_session_exit_status(s);     /* after the summary: a stop signal heard in it counts */
        }
    }
    if (status < 0) {           /* profil's own failure: bad input 2, else 125; or --error-exitcode's */
        if (profil_session_message(s)[0])
            fprintf(stderr, "profil: %s\n", profil_session_message(s));
        status = r->error_exitcode ? (int)r->error_exitcode : e == PROFIL_ERR_INPUT ? EXIT_BAD_INPUT : EXIT_PROFIL_FAILED;
    }
    profil_session_free(s);
    return status;
}

int session_output_refused(const char *path, enum output_kind kind, const char *what, int force)
{
    const char *why = force ? NULL : output_refusal(path, kind);
    if (why)
        fprintf(stderr, "profil: %s: not replaced by %s: it %s; nothing was written (--force replaces it)\n", path,
                what, why);
    return why != NULL;
}

const char *session_profile_path(const char *path, char *buf, size_t n)
{
    if (!other_case_file(path, buf, n))
        return path;
    fprintf(stderr, "profil: %s: not there; reading %s\n", path, buf);
    return buf;
}

int session_symbols(const char *map, const char *profile, const struct profile_program *pp, struct symtab *t,
                    struct symfind *f, int keep_labels)
{
    char err[700];
    f->keep_labels = keep_labels;
    int rc = profile ? symfind_profile(map, profile, pp, t, f, err, sizeof err)
                     : symfind_program(map, NULL, NULL, t, f, err, sizeof err);
    for (const char *w = f->warn; *w;) {
        const char *nl = strchr(w, '\n');
        fprintf(stderr, "profil: %.*s\n", (int)(nl ? nl - w : (long)strlen(w)), w);
        w = nl ? nl + 1 : w + strlen(w);
    }
    if (rc < 0)
        fprintf(stderr, "profil: %s\n", err);
    else if (f->said[0])
        fprintf(stderr, "profil: %s\n", f->said);
    return rc;
}

static void folder_of(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    snprintf(out, n, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
}

void session_source_dirs(const char *source_dir, const struct symfind *f, const char *profile, struct source_dirs *d)
{
    snprintf(d->dir[0], sizeof d->dir[0], "%s", source_dir ? source_dir : "");
    d->dir[1][0] = d->dir[2][0] = 0;
    if (f->program[0])
        folder_of(f->program, d->dir[1], sizeof d->dir[1]);
    if (f->map[0])
        folder_of(f->map, d->dir[2], sizeof d->dir[2]);
    folder_of(profile, d->dir[3], sizeof d->dir[3]);
    for (int k = 0; k < 4; k++)
        d->at[k] = d->dir[k][0] ? d->dir[k] : NULL;
}

/* `folder` + `name` with its extension replaced by `ext` (NULL: kept), as
 * written or in lower case (lower 1), into out when the file is there. */
static int beside(const char *folder, const char *name, const char *ext, int lower, char *out, size_t n)
{
    size_t len = strlen(name);
    const char *dot = strrchr(name, '.');
    if (ext && dot)
        len = (size_t)(dot - name);
    int at = snprintf(out, n, "%s%.*s%s", folder, (int)len, name, ext ? ext : "");
    if (at < 0 || (size_t)at >= n)
        return 0;
    for (char *c = out + strlen(folder); lower && *c; c++)
        *c = (char)tolower((unsigned char)*c);
    return access(out, R_OK) == 0;
}

struct symtab **session_child_symbols(const struct prx *x)
{
    const char *slash = strrchr(x->program_path, '/');
    if (x->nprocs < 2 || !slash)
        return NULL;
    char folder[PRX_PATH_MAX];
    snprintf(folder, sizeof folder, "%.*s", (int)(slash - x->program_path + 1), x->program_path);
    struct symtab **t = calloc(x->nprocs, sizeof *t);
    size_t found = 0;
    for (size_t k = 1; t && k < x->nprocs; k++) {
        char map[PRX_PATH_MAX + 16], program[PRX_PATH_MAX + 16], err[700], sources[9000];
        const char *name = x->procs[k].name;
        int have_map = beside(folder, name, ".MAP", 0, map, sizeof map) || beside(folder, name, ".MAP", 1, map, sizeof map);
        int have_program = beside(folder, name, NULL, 0, program, sizeof program) ||
                           beside(folder, name, NULL, 1, program, sizeof program);
        for (size_t j = 1; j < k; j++)          /* a program run twice: its table once */
            if (t[j] && strcmp(x->procs[j].name, name) == 0)
                have_map = have_program = 0;
        if ((!have_map && !have_program) || !(t[k] = calloc(1, sizeof *t[k])))
            continue;
        int rc = symtab_load(have_map ? map : NULL, have_program ? program : NULL, t[k], sources, sizeof sources, err,
                             sizeof err);
        if (rc < 0)
            fprintf(stderr, "profil: %s\n", err);
        else if (rc == 0)
            fprintf(stderr, "profil: symbols of %s: %s\n", name, sources);
        if (rc != 0) {
            free(t[k]);
            t[k] = NULL;
        }
        found += t[k] != NULL;
    }
    if (!found) {
        free(t);
        return NULL;
    }
    return t;
}

void session_child_symbols_free(struct symtab **t, size_t n)
{
    for (size_t k = 0; t && k < n; k++)
        if (t[k]) {
            symtab_free(t[k]);
            free(t[k]);
        }
    free(t);
}
