/*
 * cmd/run_files.c: the files one run reads and writes (see session.h's
 * struct run_files): their names, and the check, made before anything
 * runs, that no output is the program, an input or another output, and
 * that the program is not a profile.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "session.h"
#include "../formats/fileio.h"
#include "../formats/guard.h"

/* NAME.MAP or NAME.map beside the program, when --map names none. */
static int map_beside(const char *program, char *out, size_t n)
{
    static const char *const exts[2] = { ".MAP", ".map" };
    size_t len = strlen(program);
    const char *dot = strrchr(program, '.'), *slash = strrchr(program, '/');
    if (dot && (!slash || dot > slash))
        len = (size_t)(dot - program);
    for (int i = 0; i < 2; i++) {
        snprintf(out, n, "%.*s%s", (int)len, program, exts[i]);
        if (access(out, R_OK) == 0)
            return 1;
    }
    out[0] = 0;
    return 0;
}

int run_files_name(const struct session_opts *o, struct run_files *f)
{
    memset(f, 0, sizeof *f);
    if (o->output)
        snprintf(f->prf, sizeof f->prf, "%s", o->output);
    else
        session_default_output(o->program, f->prf, sizeof f->prf);
    if (o->map)
        snprintf(f->map, sizeof f->map, "%s", o->map);
    else
        map_beside(o->program, f->map, sizeof f->map);
    if (!(o->trace || o->stacks || o->memory))
        return 0;
    if (o->prx) {
        snprintf(f->prx, sizeof f->prx, "%s", o->prx);
    } else if (path_is_device(f->prf)) {
        fprintf(stderr, "profil: %s: not a regular file, so no .prx is written beside it (--prx PATH names one)\n",
                f->prf);
    } else {
        session_trace_output(f->prf, f->prx, sizeof f->prx);
    }
    return 0;
}

struct named { const char *path, *what; };

int run_files_check(const struct session_opts *o, const struct run_files *f, const uint8_t *program, size_t size)
{
    const char *kind = profile_kind(program, size);
    if (kind) {
        fprintf(stderr, "profil: %s: a %s profile, not a program (read it with %s)\n", o->program, kind,
                strcmp(kind, ".PRF") == 0 ? "'profil show' or 'profil hist'" : "'profil hist' or 'profil cover'");
        return -1;
    }
    struct named out[4], in[2] = { { o->program, "the program" }, { f->map, "the map" } };
    size_t nout = 0;
    out[nout++] = (struct named){ f->prf, "the .PRF" };
    if (f->prx[0])
        out[nout++] = (struct named){ f->prx, "the .prx" };
    if (o->screen && strcmp(o->screen, "-") != 0)
        out[nout++] = (struct named){ o->screen, "--screen" };
    if (o->screen_png)
        out[nout++] = (struct named){ o->screen_png, "--screen-png" };
    for (size_t i = 0; i < nout; i++) {
        for (size_t j = 0; j < 2; j++)
            if (in[j].path[0] && same_file(out[i].path, in[j].path)) {
                fprintf(stderr, "profil: %s: %s would overwrite %s; nothing was run\n", out[i].path, out[i].what,
                        in[j].what);
                return -1;
            }
        for (int fd = STDIN_FILENO; fd <= STDOUT_FILENO; fd++)
            if (same_file_as_fd(out[i].path, fd)) {
                fprintf(stderr, "profil: %s: %s would overwrite the standard %s; nothing was run\n", out[i].path,
                        out[i].what, fd == STDIN_FILENO ? "input" : "output (the program's)");
                return -1;
            }
        for (size_t j = 0; j < i; j++)
            if (same_file(out[i].path, out[j].path)) {
                fprintf(stderr, "profil: %s: both %s and %s would be written there; nothing was run\n",
                        out[i].path, out[j].what, out[i].what);
                return -1;
            }
    }
    return 0;
}
