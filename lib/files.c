/*
 * lib/files.c: the files one session reads and writes (struct run_files in
 * session_internal.h): their names, and the checks, made before anything
 * runs, that no output is the program, an input or another output, that
 * the program is not a profile, and that every output can be written;
 * after the run, the names of the child programs' .PRFs.
 */
#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "session_internal.h"
#include "../emu/dos/folder.h"
#include "../formats/symfind.h"
#include "../formats/fileio.h"
#include "../formats/guard.h"
#include "../formats/prc.h"
#include "../report/merge.h"

void profil_default_output(const char *program, char *out, size_t n)
{
    const char *base = strrchr(program, '/');
    base = base ? base + 1 : program;
    size_t len = strcspn(base, ".");
    if (len > 8)
        len = 8;
    char name[9];
    for (size_t i = 0; i < len; i++)
        name[i] = (char)toupper((unsigned char)base[i]);
    name[len] = 0;
    snprintf(out, n, "%s.PRF", name);
}

/* A file beside a .PRF: its name with `ext` for the extension. */
static void with_extension(const char *prf_path, const char *ext, char *out, size_t n)
{
    const char *slash = strrchr(prf_path, '/'), *dot = strrchr(prf_path, '.');
    size_t len = dot && (!slash || dot > slash) ? (size_t)(dot - prf_path) : strlen(prf_path);
    snprintf(out, n, "%.*s%s", (int)len, prf_path, ext);
}

int profil_find_as_dos(const char *path, char *out, size_t n)
{
    return folder_find(path, out, n);
}

enum profil_error run_files_name(struct profil_session *s)
{
    const struct profil_options *o = &s->o;
    struct run_files *f = &s->files;
    memset(f, 0, sizeof *f);
    if (o->output)
        snprintf(f->prf, sizeof f->prf, "%s", o->output);
    else
        profil_default_output(o->program, f->prf, sizeof f->prf);
    if (o->map)
        snprintf(f->map, sizeof f->map, "%s", o->map);
    else
        symfind_map_beside(o->program, f->map, sizeof f->map);     /* the one rule's (formats/symfind.h) */
    if (o->samples && o->trace)
        return session_fail(s, PROFIL_ERR_INPUT, "--samples records a sampling run's ticks; with --trace the .prx "
                            "already holds every address's exact counts (profil hist FILE.prx --buckets reads it)");
    if (o->samples && path_is_device(f->prf))
        fprintf(s->err, "profil: %s: not a regular file, so no sample log is written beside it\n", f->prf);
    else if (o->samples)
        with_extension(f->prf, ".prs", f->prs, sizeof f->prs);
    if (!(o->trace || o->stacks || o->memory))
        return PROFIL_OK;
    if (o->prx)
        snprintf(f->prx, sizeof f->prx, "%s", o->prx);
    else if (path_is_device(f->prf))
        fprintf(s->err, "profil: %s: not a regular file, so no .prx is written beside it (--prx PATH names one)\n",
                f->prf);
    else
        with_extension(f->prf, ".prx", f->prx, sizeof f->prx);
    return PROFIL_OK;
}

void run_files_zone_prx(struct profil_session *s)
{
    struct run_files *f = &s->files;
    if (f->prx[0] || path_is_device(f->prf))
        return;
    with_extension(f->prf, ".prx", f->prx, sizeof f->prx);
    const char *inputs[] = { s->o.program, f->map, s->o.screen, s->o.screen_png, s->o.audio_wav, s->o.record,
                             s->o.replay };
    for (size_t i = 0; i < sizeof inputs / sizeof *inputs; i++)
        if (inputs[i] && inputs[i][0] && same_file(f->prx, inputs[i])) {
            fprintf(s->err, "profil: %s: the program's zones are not written there: it is %s\n", f->prx, inputs[i]);
            f->prx[0] = 0;
            return;
        }
}

struct named { const char *path, *what; enum output_kind kind; };

/* Output i against the inputs, the standard streams and the outputs before it. */
static enum profil_error check_output(struct profil_session *s, const struct named *out, size_t i,
                                      const struct named in[3])
{
    for (size_t j = 0; j < 3; j++)
        if (in[j].path[0] && same_file(out[i].path, in[j].path))
            return session_fail(s, PROFIL_ERR_OUTPUT, "%s: %s would overwrite %s; nothing was run", out[i].path,
                                out[i].what, in[j].what);
    for (int k = 0; k < 2; k++)     /* the program's input and output: stdin and stdout for the command */
        if (same_file_as_fd(out[i].path, fileno(k ? s->out : s->in)))
            return session_fail(s, PROFIL_ERR_OUTPUT, "%s: %s would overwrite the standard %s; nothing was run",
                                out[i].path, out[i].what, k ? "output (the program's)" : "input");
    for (size_t j = 0; j < i; j++)
        if (same_file(out[i].path, out[j].path))
            return session_fail(s, PROFIL_ERR_OUTPUT, "%s: both %s and %s would be written there; nothing was run",
                                out[i].path, out[j].what, out[i].what);
    return PROFIL_OK;
}

/* A picture's name of --screen-every's: NNNNNN.png. */
static int screen_every_name(const char *name)
{
    for (int i = 0; i < 6; i++)
        if (!isdigit((unsigned char)name[i]))
            return 0;
    return strcmp(name + 6, ".png") == 0;
}

/* --screen-every's folder (one it cannot list is refused later) may hold
 * only its own pictures, and temporaries of profil's: what else is there
 * is a user's, and is refused without --force. */
static enum profil_error check_screens_folder(struct profil_session *s, const char *dir)
{
    DIR *d = opendir(dir);
    enum profil_error e = PROFIL_OK;
    if (!d)
        return PROFIL_OK;
    for (struct dirent *de; e == PROFIL_OK && (de = readdir(d)) != NULL;) {
        char path[4400];
        const char *name = de->d_name, *why;
        if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0 || strstr(name, TEMP_STEM))
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, name);
        if (!screen_every_name(name))
            e = session_fail(s, PROFIL_ERR_OUTPUT, "%s: --screen-every's folder holds a file that is not one of its "
                             "pictures (NNNNNN.png); nothing was run (--force writes there anyway)", path);
        else if ((why = output_refusal(path, OUTPUT_PNG)))
            e = session_fail(s, PROFIL_ERR_OUTPUT, "%s: not replaced by --screen-every: it %s; nothing was run "
                             "(--force replaces it)", path, why);
    }
    closedir(d);
    return e;
}

int run_files_is_batch(const char *program)
{
    size_t n = strlen(program);
    return n > 4 && strcasecmp(program + n - 4, ".BAT") == 0 && program[n - 5] != '/';
}

static enum profil_error sampled_kept(struct profil_session *s, const char *prc);

enum profil_error run_files_check(struct profil_session *s)
{
    const struct profil_options *o = &s->o;
    const struct run_files *f = &s->files;
    const char *kind = profile_kind(s->file, s->size), *why;
    if (kind)
        return session_fail(s, PROFIL_ERR_INPUT, "%s: a %s profile, not a program (read it with %s)", o->program,
                            kind, strcmp(kind, ".PRF") == 0   ? "'profil show' or 'profil hist'"
                                  : strcmp(kind, ".prs") == 0 ? "'profil hist --buckets'"
                                                              : "'profil hist' or 'profil cover'");
    if (!run_files_is_batch(o->program) && (why = program_refusal(o->program, s->file, s->size)))
        return session_fail(s, PROFIL_ERR_INPUT, "%s: %s; nothing was run", o->program, why);
    struct named out[8], in[3] = { { o->program, "the program", 0 }, { f->map, "the map", 0 },
                                   { o->replay ? o->replay : "", "the recording replayed", 0 } };
    size_t nout = 0;
    char prc[4200];
    out[nout++] = (struct named){ f->prf, "the .PRF", OUTPUT_PRF };
    if (!path_is_device(f->prf)) {
        prc_path(f->prf, prc, sizeof prc);
        out[nout++] = (struct named){ prc, "the exact counts (NAME.prc)", OUTPUT_PRC };
    }
    if (f->prx[0])
        out[nout++] = (struct named){ f->prx, "the .prx", OUTPUT_PRX };
    if (f->prs[0])
        out[nout++] = (struct named){ f->prs, "the sample log", OUTPUT_PRS };
    if (o->screen && strcmp(o->screen, "-") != 0)
        out[nout++] = (struct named){ o->screen, "--screen", OUTPUT_SCREEN };
    if (o->screen_png)
        out[nout++] = (struct named){ o->screen_png, "--screen-png", OUTPUT_PNG };
    if (o->audio_wav)
        out[nout++] = (struct named){ o->audio_wav, "--audio-wav", OUTPUT_WAV };
    if (o->record)
        out[nout++] = (struct named){ o->record, "--record", OUTPUT_RECORDING };
    for (size_t i = 0; i < nout; i++) {
        enum profil_error e = check_output(s, out, i, in);
        if (e != PROFIL_OK)
            return e;
        if (!o->force && (why = output_refusal(out[i].path, out[i].kind)))
            return session_fail(s, PROFIL_ERR_OUTPUT, "%s: not replaced by %s: it %s; nothing was run (--force "
                                "replaces it)", out[i].path, out[i].what, why);
    }
    if (o->screen_every_dir && !o->force) {
        enum profil_error e = check_screens_folder(s, o->screen_every_dir);
        if (e != PROFIL_OK)
            return e;
    }
    return sampled_kept(s, prc);
}

/* --trace over a sampling run's profile (its NAME.prc says "sampling"):
 * noted, so that the summary's "wrote" line says what it replaced; a
 * sampled profile is never replaced by instruction counts without a word. */
static enum profil_error sampled_kept(struct profil_session *s, const char *prc)
{
    struct prc c;
    char err[600];
    if (!s->o.trace || s->o.append || path_is_device(s->files.prf) || prc_read_file(prc, &c, err, sizeof err) != 0)
        return PROFIL_OK;
    s->over_sampled = strcmp(c.mode, "sampling") == 0;
    prc_free(&c);
    return PROFIL_OK;
}

enum profil_error run_files_writable(struct profil_session *s)
{
    char err[600];
    const struct profil_options *o = &s->o;
    if (check_writable(s->files.prf, err, sizeof err) != 0 ||
        (s->files.prx[0] && check_writable(s->files.prx, err, sizeof err) != 0) ||
        (s->files.prs[0] && check_writable(s->files.prs, err, sizeof err) != 0) ||
        (o->screen && strcmp(o->screen, "-") != 0 && check_writable(o->screen, err, sizeof err) != 0) ||
        (o->screen_png && check_writable(o->screen_png, err, sizeof err) != 0) ||
        (o->audio_wav && check_writable(o->audio_wav, err, sizeof err) != 0) ||
        (o->record && check_writable(o->record, err, sizeof err) != 0))
        return session_fail(s, PROFIL_ERR_OUTPUT, "%s", err);
    return PROFIL_OK;
}

/* Why a file of kind `kind` (".PRF", ".prc") the run was not asked for may
 * not go to `path`: one of the run's own files, or a file there that is
 * not that kind of profile (what profil wrote before). */
static const char *refused_as(const struct profil_session *s, const char *path, const char *kind)
{
    char prc[4200];
    prc_path(s->files.prf, prc, sizeof prc);
    const char *others[] = { s->o.program, s->files.map, s->files.prf, s->files.prx, s->files.prs,
                             s->o.screen,  s->o.screen_png, s->o.audio_wav, s->o.record, s->o.replay,
                             path_is_device(s->files.prf) ? NULL : prc };
    for (size_t i = 0; i < sizeof others / sizeof *others; i++)
        if (others[i] && others[i][0] && same_file(path, others[i]))
            return "it is one of the run's own files";
    if (access(path, F_OK) != 0)
        return NULL;
    if (strcmp(kind, ".prx") == 0)      /* by its opening: a .prx may be large */
        return prx_file_looks_like(path) ? NULL : "a file that is not a profile is there";
    uint8_t *buf;
    size_t n;
    char err[600];
    /* A .PRF: 65535 buckets at most; a .prc: 65535 counts and the services, well under 16 MiB. */
    if (read_file_max(path, strcmp(kind, ".PRF") == 0 ? 1u << 20 : 1u << 24, &buf, &n, err, sizeof err) != 0)
        return "a file that is not a profile is there";
    const char *found = profile_kind(buf, n);
    free(buf);
    return found && strcmp(found, kind) == 0 ? NULL : "a file that is not a profile is there";
}

const char *run_files_refused(const struct profil_session *s, const char *path)
{
    return refused_as(s, path, ".PRF");
}

void child_names_init(struct child_names *c)
{
    strset_init(&c->taken);
    strset_init(&c->next);
}

void child_names_free(struct child_names *c)
{
    strset_free(&c->taken);
    strset_free(&c->next);
}

/* Whether a child's .PRF may not go to `path`: a name another child took,
 * refused as a DUMP is, its NAME.prc refused likewise (absent or a .prc),
 * and so its NAME.prx when it has one (--trace), or the standard input or
 * output. */
static int taken_path(const struct profil_session *s, size_t i, const char *path, const struct child_names *names)
{
    char prc[4200], prx[4200];
    if (strset_find(&names->taken, path) || run_files_refused(s, path))
        return 1;
    prc_path(path, prc, sizeof prc);
    prc_beside(path, ".prx", prx, sizeof prx);
    int has_prx = s->procs.p[i].x != NULL;
    if (refused_as(s, prc, ".prc") || (has_prx && refused_as(s, prx, ".prx")))
        return 1;
    for (int k = 0; k < 2; k++)
        if (same_file_as_fd(path, fileno(k ? s->out : s->in)) || same_file_as_fd(prc, fileno(k ? s->out : s->in)) ||
            (has_prx && same_file_as_fd(prx, fileno(k ? s->out : s->in))))
            return 1;
    return 0;
}

void run_files_child(const struct profil_session *s, size_t i, struct child_names *names, char *out, size_t n)
{
    const char *prf = s->files.prf, *slash = strrchr(prf, '/');
    char name[16];
    int added;
    out[0] = 0;
    if (path_is_device(prf))
        return;
    profil_default_output(s->procs.p[i].name, name, sizeof name);
    name[strcspn(name, ".")] = 0;
    int dir = slash ? (int)(slash - prf + 1) : 0;
    struct strset_slot *next = strset_add(&names->next, name, &added);      /* NAME-k: the k to try next */
    if (!next)
        return;
    for (uint64_t k = next->value ? next->value : 1; k < CHILD_NAME_NUMBERS; k++) {
        if (k == 1)
            snprintf(out, n, "%.*s%s.PRF", dir, prf, name);
        else
            snprintf(out, n, "%.*s%s-%llu.PRF", dir, prf, name, (unsigned long long)k);
        if (!taken_path(s, i, out, names)) {
            next->value = k + 1;
            if (!strset_add(&names->taken, out, &added))
                break;
            return;
        }
    }
    next->value = CHILD_NAME_NUMBERS;
    out[0] = 0;
}

enum profil_error run_files_append_check(struct profil_session *s)
{
    char err[1200], why[300];
    const char *path = s->files.prf;
    if (!s->o.append || access(path, F_OK) != 0 || path_is_device(path))
        return PROFIL_OK;
    struct merge_side old, run = { .exact = 0 };
    if (merge_read(path, &old, err, sizeof err) != 0)
        return session_fail(s, PROFIL_ERR_OUTPUT, "%s (--append adds to a .PRF); nothing was run", err);
    const struct prf_layout *l = &s->layout;
    run.p = (struct prf){ l->clock_grain, (uint16_t)l->bucket_num, l->bucket_size, l->prog_low_pa,
                          l->prog_high_pa, l->dos_pa, 0, 0, 0, NULL, NULL, NULL, NULL, 0 };
    run.exact = old.exact;      /* then the unit, CPU and clock must match too */
    snprintf(run.c.unit, sizeof run.c.unit, "%s", s->o.trace ? "instructions" : "samples");
    snprintf(run.c.cpu, sizeof run.c.cpu, "%s", profil_cpu_name(s->o.cpu) ? profil_cpu_name(s->o.cpu) : "?");
    snprintf(run.c.timing, sizeof run.c.timing, "%s", machine_timing_name(s->m));
    merge_layout_diff(&old, &run, why, sizeof why);
    merge_free(&old);
    if (why[0])
        return session_fail(s, PROFIL_ERR_OUTPUT, "%s: --append: not this run's layout: this run's %s; nothing was run",
                            path, why);
    return PROFIL_OK;
}
