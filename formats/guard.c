/*
 * formats/guard.c: see guard.h.
 */
#include "guard.h"

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "prf.h"
#include "prx.h"
#include "samplelog.h"

/* The real path of `path`, or of its folder followed by its last name when
 * it does not exist yet; 0 when neither resolves. */
static int resolve(const char *path, char *out, size_t n)
{
    char *real = realpath(path, NULL);
    if (!real) {
        char dir[PATH_MAX], base[PATH_MAX];
        snprintf(dir, sizeof dir, "%s", path);
        snprintf(base, sizeof base, "%s", path);
        real = realpath(dirname(dir), NULL);
        if (!real)
            return 0;
        snprintf(out, n, "%s/%s", real, basename(base));
    } else {
        snprintf(out, n, "%s", real);
    }
    free(real);
    return 1;
}

static int special(const struct stat *st) { return !S_ISREG(st->st_mode); }

int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    int ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if ((ea && special(&sa)) || (eb && special(&sb)))
        return 0;
    if (ea && eb)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    if (ea != eb)
        return 0;
    char ra[PATH_MAX + 256], rb[PATH_MAX + 256];
    if (resolve(a, ra, sizeof ra) && resolve(b, rb, sizeof rb))
        return strcmp(ra, rb) == 0;
    return strcmp(a, b) == 0;
}

int same_file_as_fd(const char *path, int fd)
{
    struct stat sp, sf;
    return fstat(fd, &sf) == 0 && S_ISREG(sf.st_mode) && stat(path, &sp) == 0 &&
           sp.st_dev == sf.st_dev && sp.st_ino == sf.st_ino;
}

const char *profile_kind(const uint8_t *buf, size_t n)
{
    if (prx_looks_like(buf, n)) {
        size_t head = n < 256 ? n : 256;
        for (size_t i = 0; i + 10 <= head; i++)
            if (memcmp(buf + i, "profil-prx", 10) == 0)
                return ".prx";
            else if (memcmp(buf + i, "profil-prc", 10) == 0)
                return ".prc";
    }
    if (samplelog_looks_like(buf, n))
        return ".prs";
    struct prf p;
    char err[200];
    if (prf_decode(buf, n, &p, err, sizeof err) != 0)
        return NULL;
    int looks = p.clock_grain >= 60 && p.dos_pa <= p.prog_low_pa && p.prog_low_pa <= p.prog_high_pa;
    prf_free(&p);
    return looks ? ".PRF" : NULL;
}
