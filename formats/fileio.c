/*
 * formats/fileio.c: see fileio.h.
 */
#include "fileio.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../util/grow.h"

int read_file(const char *path, uint8_t **buf, size_t *n, char *err, size_t errn)
{
    return read_file_max(path, READ_FILE_MAX, buf, n, err, errn);
}

int read_file_max(const char *path, uint64_t max, uint8_t **buf, size_t *n, char *err, size_t errn)
{
    FILE *f = fopen(path, "rb");
    struct stat st;
    *buf = NULL;
    *n = 0;
    if (!f) {
        snprintf(err, errn, "%s: %s", path, errno == ENOENT ? "File not found" : strerror(errno));
        return -1;
    }
    if (fstat(fileno(f), &st) != 0 || !S_ISREG(st.st_mode)) {
        snprintf(err, errn, "%s: not a regular file", path);
        fclose(f);
        return -1;
    }
    if ((uint64_t)st.st_size > max) {
        snprintf(err, errn, "%s: too large (%lld bytes)", path, (long long)st.st_size);
        fclose(f);
        return -1;
    }
    *buf = malloc((size_t)st.st_size + 1);
    if (!*buf) {
        snprintf(err, errn, "%s: out of memory", path);
        fclose(f);
        return -1;
    }
    *n = fread(*buf, 1, (size_t)st.st_size, f);
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        snprintf(err, errn, "%s: read error", path);
        free(*buf);
        *buf = NULL;
        return -1;
    }
    return 0;
}

/* A temporary file beside `path`, made by mkstemp (O_CREAT | O_EXCL: it
 * never opens a file or follows a link that is there): NAME.profil-tmp-
 * XXXXXX, or profil-tmp-XXXXXX in its folder when that name would be too
 * long; the descriptor, or -1.  Its mode is what open(0644) would give. */
static int make_temp(const char *path, char *tmp, size_t n)
{
    const char *slash = strrchr(path, '/'), *base = slash ? slash + 1 : path;
    if (strlen(base) + sizeof TEMP_MARK + 6 <= 255)
        snprintf(tmp, n, "%s%sXXXXXX", path, TEMP_MARK);
    else
        snprintf(tmp, n, "%.*s%sXXXXXX", (int)(base - path), path, TEMP_STEM);
    int fd = mkstemp(tmp);
    if (fd >= 0) {
        mode_t mask = umask(0);
        umask(mask);
        if (fchmod(fd, 0644 & ~mask) != 0) {
            close(fd);
            unlink(tmp);
            return -1;
        }
    }
    return fd;
}

/* SIGINT, SIGTERM and SIGHUP wait while a temporary file exists, so that
 * no stop signal leaves one behind (a caught one is delivered after). */
static void hold_signals(sigset_t *old)
{
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGHUP);
    sigprocmask(SIG_BLOCK, &stop, old);
}

/* An existing path that is not a regular file (/dev/null, /dev/stdout, a
 * FIFO): written in place, never renamed over. */
int other_case_file(const char *path, char *out, size_t n)
{
    struct stat st;
    if (stat(path, &st) == 0 || strlen(path) >= n)
        return 0;
    const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
    size_t base = slash ? (size_t)(slash - path + 1) : 0;
    size_t ext = dot && (size_t)(dot - path) > base ? (size_t)(dot - path) : strlen(path);
    /* The name in upper case, its extension as given (hello.prx: HELLO.prx),
     * then all of it; the same in lower case. */
    for (int v = 0; v < 4; v++) {
        snprintf(out, n, "%s", path);
        size_t stop = v % 2 == 0 ? ext : strlen(out);
        for (size_t i = base; i < stop; i++)
            out[i] = (char)(v < 2 ? toupper((unsigned char)out[i]) : tolower((unsigned char)out[i]));
        if (strcmp(out, path) != 0 && stat(out, &st) == 0)
            return 1;
    }
    return 0;
}

int path_is_device(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

static int write_all(int fd, const void *buf, size_t n)
{
    const uint8_t *p = buf;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, p + done, n - done);
        if (w <= 0)
            return -1;
        done += (size_t)w;
    }
    return 0;
}

void file_set_init(struct file_set *set)
{
    memset(set, 0, sizeof *set);
}

void file_set_free(struct file_set *set)
{
    for (size_t i = 0; i < set->n; i++) {
        if (set->f[i].tmp)
            unlink(set->f[i].tmp);
        free(set->f[i].tmp);
        free(set->f[i].path);
    }
    free(set->f);
    if (set->holding)
        sigprocmask(SIG_SETMASK, &set->old_mask, NULL);
    memset(set, 0, sizeof *set);
}

int file_set_commit(struct file_set *set, char *err, size_t errn)
{
    int rc = 0;
    for (size_t i = 0; i < set->n; i++) {
        if (rename(set->f[i].tmp, set->f[i].path) == 0) {
            free(set->f[i].tmp);
            set->f[i].tmp = NULL;       /* no longer a temporary */
            continue;
        }
        set->f[i].error = errno;
        if (rc == 0)
            snprintf(err, errn, "%s: Cannot open output file (%s)", set->f[i].path, strerror(errno));
        rc = -1;
    }
    if (rc == 0)
        file_set_free(set);
    return rc;
}

int write_file_into(struct file_set *set, const char *path, const void *buf, size_t n, char *err, size_t errn)
{
    char tmp[4200];
    struct stat st;
    if (path_is_device(path)) {
        int fd = open(path, O_WRONLY | O_TRUNC);
        if (fd < 0) {
            snprintf(err, errn, "%s: Cannot open output file (%s)", path, strerror(errno));
            return -1;
        }
        if (write_all(fd, buf, n) != 0) {
            snprintf(err, errn, "%s: write failed (%s)", path, strerror(errno));
            close(fd);
            return -1;
        }
        return close(fd) == 0 ? 0 : -1;
    }
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {     /* rename() would fail: say it now */
        snprintf(err, errn, "%s: Cannot open output file (%s)", path, strerror(EISDIR));
        return -1;
    }
    sigset_t old;
    hold_signals(&old);
    int fd = make_temp(path, tmp, sizeof tmp);
    if (fd < 0) {
        snprintf(err, errn, "%s: Cannot open output file (%s)", path, strerror(errno));
        sigprocmask(SIG_SETMASK, &old, NULL);
        return -1;
    }
    int rc = 0;
    if (write_all(fd, buf, n) != 0) {
        snprintf(err, errn, "%s: write failed (%s)", path, strerror(errno));
        rc = -1;
    }
    if (close(fd) != 0 && rc == 0) {
        snprintf(err, errn, "%s: write failed (%s)", path, strerror(errno));
        rc = -1;
    }
    if (rc == 0 && set) {               /* renamed with the others by file_set_commit */
        grow_array(&set->f, &set->cap, set->n + 1, sizeof *set->f);      /* else the check below fails */
        char *p = strdup(path), *t = strdup(tmp);
        if (set->n < set->cap && p && t) {
            set->f[set->n++] = (struct staged_file){ p, t, 0 };
            if (!set->holding) {        /* stop signals wait until the set is renamed or removed */
                set->holding = 1;
                set->old_mask = old;
            } else {
                sigprocmask(SIG_SETMASK, &old, NULL);
            }
            return 0;
        }
        free(p);
        free(t);
        snprintf(err, errn, "%s: out of memory", path);
        rc = -1;
    } else if (rc == 0 && rename(tmp, path) != 0) {
        snprintf(err, errn, "%s: Cannot open output file (%s)", path, strerror(errno));
        rc = -1;
    }
    if (rc != 0)
        unlink(tmp);
    sigprocmask(SIG_SETMASK, &old, NULL);
    return rc;
}

int write_file_atomic(const char *path, const void *buf, size_t n, char *err, size_t errn)
{
    return write_file_into(NULL, path, buf, n, err, errn);
}

int write_text_into(struct file_set *set, const char *path, text_writer write, const void *ctx, char *err,
                    size_t errn)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) {
        snprintf(err, errn, "%s: out of memory", path);
        return -1;
    }
    write(f, ctx);
    if (fclose(f) != 0) {
        free(buf);
        snprintf(err, errn, "%s: out of memory", path);
        return -1;
    }
    int rc = write_file_into(set, path, buf, len, err, errn);
    free(buf);
    return rc;
}

int write_text_atomic(const char *path, text_writer write, const void *ctx, char *err, size_t errn)
{
    return write_text_into(NULL, path, write, ctx, err, errn);
}

/* Whether a folder entry is a temporary file make_temp() names. */
static int temp_named(const char *name)
{
    size_t len = strlen(name), mark = sizeof TEMP_MARK - 1;
    if (len < mark - 1 + 6)
        return 0;
    const char *x = name + len - 6;
    for (int i = 0; i < 6; i++)
        if (!isalnum((unsigned char)x[i]))
            return 0;
    if (x - name == (ptrdiff_t)mark - 1 && memcmp(name, TEMP_STEM, mark - 1) == 0)
        return 1;                       /* profil-tmp-XXXXXX */
    return x - name > (ptrdiff_t)mark && memcmp(x - mark, TEMP_MARK, mark) == 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

size_t stale_temps(const char *path, void (*each)(void *ctx, const char *stale), void *ctx)
{
    const char *slash = strrchr(path, '/');
    char dir[4200], found[4500];
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + (slash == path) : 1, slash ? path : ".");
    DIR *d = opendir(dir);
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    if (!d)
        return 0;
    while ((e = readdir(d)) != NULL) {
        if (!temp_named(e->d_name))
            continue;
        if (grow_array(&names, &cap, n + 1, sizeof *names) != 0)
            break;
        if (!(names[n] = strdup(e->d_name)))
            break;
        n++;
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, by_name);    /* the folder's order is the host's: sorted, the same each time */
    for (size_t i = 0; i < n; i++) {
        snprintf(found, sizeof found, "%s%s%s", slash ? dir : "", slash && slash != path ? "/" : "", names[i]);
        each(ctx, found);
        free(names[i]);
    }
    free(names);
    return n;
}

int check_writable(const char *path, char *err, size_t errn)
{
    char tmp[4200];
    if (path_is_device(path)) {      /* not opened: a FIFO's reader would see its end */
        if (access(path, W_OK) != 0) {
            snprintf(err, errn, "%s: Cannot open output file (%s)", path, strerror(errno));
            return -1;
        }
        return 0;
    }
    sigset_t old;
    hold_signals(&old);
    int fd = make_temp(path, tmp, sizeof tmp);
    if (fd >= 0) {
        close(fd);
        unlink(tmp);
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (fd < 0) {
        snprintf(err, errn, "%s: Cannot open output file (%s)", path, strerror(errno));
        return -1;
    }
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errn, "%s: Cannot open output file (it is a folder)", path);
        return -1;
    }
    return 0;
}
