/*
 * formats/symfind.c: the one symbol rule (see symfind.h): which map or
 * debug information names a program's code, for every command.
 */
#include "symfind.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sha256.h"

static int regular_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, R_OK) == 0;
}

int symfind_map_beside(const char *program, char *out, size_t n)
{
    /* The extension, and whether the name is taken in lower case: maps first. */
    static const struct { const char *ext; int lower; } beside[] = {
        { ".MAP", 0 }, { ".map", 0 }, { ".map", 1 }, { ".lst", 0 }, { ".LST", 0 }, { ".lst", 1 },
    };
    const char *slash = strrchr(program, '/'), *dot = strrchr(program, '.');
    size_t len = dot && (!slash || dot > slash) ? (size_t)(dot - program) : strlen(program);
    size_t base = slash ? (size_t)(slash - program + 1) : 0;
    for (size_t i = 0; i < sizeof beside / sizeof *beside; i++) {
        int k = snprintf(out, n, "%.*s%s", (int)len, program, beside[i].ext);
        if (k < 0 || (size_t)k >= n)
            break;
        for (size_t c = base; beside[i].lower && out[c]; c++)
            out[c] = (char)tolower((unsigned char)out[c]);
        if (strcmp(out, program) != 0 && regular_file(out))
            return 1;
    }
    if (n)
        out[0] = 0;
    return 0;
}

static void add_warning(struct symfind *f, const char *fmt, const char *a, const char *b)
{
    size_t len = strlen(f->warn);
    snprintf(f->warn + len, sizeof f->warn - len, fmt, a, b);
}

static void start(struct symfind *f)
{
    f->program[0] = f->map[0] = f->said[0] = f->warn[0] = f->sources[0] = 0;
}

/* The rule once the program is placed: `program` the file (NULL: none
 * found), `beside_of` where a map beside it is looked for (the program,
 * or where it was when it is gone), `name` for the hint. */
static int find(const char *map, const char *program, const char *beside_of, const char *name, struct symtab *t,
                struct symfind *f, char *err, size_t errn)
{
    char why[800];
    int debug = program ? symtab_file_debug(program) >= 0 : 0, damaged = 0;
    memset(t, 0, sizeof *t);
    if (debug) {                /* damaged information found this way: said, and left out */
        struct symtab own;
        if (symtab_read_file(program, &own, why, sizeof why) != 0) {
            add_warning(f, "warning: %s; going on without it%s\n", why, "");
            debug = 0;
            damaged = 1;
        } else
            symtab_free(&own);
    }
    const char *with = debug ? program : NULL;
    int rc = 1;
    if (map && map[0]) {
        if ((rc = symtab_load(map, with, t, f->sources, sizeof f->sources, err, errn)) < 0)
            return -1;
        snprintf(f->map, sizeof f->map, "%s", map);
    } else if (beside_of && symfind_map_beside(beside_of, f->map, sizeof f->map)) {
        if ((rc = symtab_load(f->map, with, t, f->sources, sizeof f->sources, why, sizeof why)) < 0) {
            add_warning(f, "warning: %s; going on without it%s\n", why, "");
            f->map[0] = 0;
            damaged = 1;
            rc = 1;
        }
    }
    if (rc == 1 && with)
        rc = symtab_load(NULL, with, t, f->sources, sizeof f->sources, why, sizeof why) == 0 ? 0 : 1;
    if (program)
        snprintf(f->program, sizeof f->program, "%s", program);
    if (rc == 0 && !f->keep_labels)
        symtab_fold_labels(t);
    if (rc == 0 && symtab_name_bare_segments(t) < 0) {
        symtab_free(t);
        snprintf(err, errn, "out of memory");
        return -1;
    }
    if (rc == 0)
        snprintf(f->said, sizeof f->said, "symbols: %s", f->sources);
    else if (name && name[0] && !damaged)      /* (damaged: the warning said what there is) */
        snprintf(f->said, sizeof f->said, "no map or debug information for %s: --map, or build with /Zi, /V, -v, -d2",
                 name);
    return rc;
}

int symfind_program(const char *map, const char *program, const char *name, struct symtab *t, struct symfind *f,
                    char *err, size_t errn)
{
    start(f);
    const char *prog = program && program[0] && regular_file(program) ? program : NULL;
    if (!name && program && program[0]) {
        const char *slash = strrchr(program, '/');
        name = slash ? slash + 1 : program;
    }
    return find(map, prog, program && program[0] ? program : NULL, name, t, f, err, errn);
}

/* An absolute path as the user would give it from here: relative to the
 * working folder ("build/HELLO.EXE", "../prog/HELLO.EXE"), so that what
 * a command says names no host folder; kept as it is when it is not
 * absolute or the working folder is not known. */
static void relative_to_cwd(const char *path, char *out, size_t n)
{
    char cwd[SYMFIND_PATH];
    snprintf(out, n, "%s", path);
    if (path[0] != '/' || !getcwd(cwd, sizeof cwd) || cwd[0] != '/')
        return;
    size_t common = 0;          /* the length of the folders both start with */
    for (size_t i = 0;; i++) {
        int end_cwd = cwd[i] == 0 || cwd[i] == '/', end_path = path[i] == 0 || path[i] == '/';
        if (end_cwd && end_path)
            common = i;
        if (cwd[i] != path[i] || cwd[i] == 0)
            break;
    }
    if (path[common] != '/')
        return;                 /* the path is a folder the working one is in: keep it */
    size_t len = 0;
    for (const char *c = cwd + common; *c; c++)
        if (*c == '/' && c[1] && len + 3 < n) {
            memcpy(out + len, "../", 3);
            len += 3;
        }
    int k = snprintf(out + len, n - len, "%s", path + common + 1);
    if (k < 0 || (size_t)k >= n - len)
        snprintf(out, n, "%s", path);
}

/* Where the program may be, in order: in the profile's folder by its
 * name as it is, in upper and in lower case, then where it was run
 * (named from the working folder). */
static size_t program_candidates(const char *profile, const struct profile_program *p, char (*out)[SYMFIND_PATH])
{
    size_t k = 0;
    if (p->name && p->name[0] && !strchr(p->name, '/') && strlen(p->name) <= 255) {
        const char *slash = strrchr(profile, '/');
        int dir = slash ? (int)(slash - profile + 1) : 0;
        for (int v = 0; v < 3; v++) {
            int m = snprintf(out[k], sizeof *out, "%.*s", dir, profile);
            for (const char *c = p->name; m >= 0 && (size_t)m < sizeof *out - 1 && *c; c++)
                out[k][m++] = (char)(v == 0 ? *c : v == 1 ? toupper((unsigned char)*c) : tolower((unsigned char)*c));
            out[k][m] = 0;
            k++;
        }
    }
    if (p->path && p->path[0] && strlen(p->path) < sizeof *out)
        relative_to_cwd(p->path, out[k++], sizeof *out);
    return k;
}

int symfind_profile(const char *map, const char *profile, const struct profile_program *p, struct symtab *t,
                    struct symfind *f, char *err, size_t errn)
{
    char cand[4][SYMFIND_PATH], hex[SHA256_HEX], beside[SYMFIND_PATH];
    start(f);
    size_t nc = p ? program_candidates(profile, p, cand) : 0, pick = nc, gone = nc;
    for (size_t i = 0; i < nc; i++) {
        if (!regular_file(cand[i]) || strcmp(cand[i], profile) == 0) {
            if (gone == nc && symfind_map_beside(cand[i], beside, sizeof beside))
                gone = i;       /* the program is not there, its map may be */
            continue;
        }
        int same = !p->sha256 || !p->sha256[0] || (sha256_file_hex(cand[i], hex) == 0 && strcmp(hex, p->sha256) == 0);
        if (pick == nc || same)
            pick = i;
        if (same)
            break;
    }
    if (pick < nc && p->sha256 && p->sha256[0] && (sha256_file_hex(cand[pick], hex) != 0 || strcmp(hex, p->sha256) != 0))
        add_warning(f, "warning: %s changed since the run (its SHA-256 is not the one the profile recorded): its "
                    "symbols may not be the run's%s\n", cand[pick], "");
    const char *name = p && p->name && p->name[0] ? p->name : NULL;
    if (pick < nc)
        return find(map, cand[pick], cand[pick], name, t, f, err, errn);
    return find(map, NULL, gone < nc ? cand[gone] : NULL, name, t, f, err, errn);
}
