/*
 * formats/fileio.c: see fileio.h.
 */
#include "fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

static void temp_name(const char *path, char *tmp, size_t n)
{
    snprintf(tmp, n, "%s.tmp%ld", path, (long)getpid());
}

/* An existing path that is not a regular file (/dev/null, /dev/stdout, a
 * FIFO): written in place, never renamed over. */
int path_is_device(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode);
}

int write_file_atomic(const char *path, const void *buf, size_t n, char *err, size_t errn)
{
    char tmp[4200];
    int device = path_is_device(path);
    temp_name(path, tmp, sizeof tmp);
    int fd = device ? open(path, O_WRONLY | O_TRUNC) : open(tmp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) {
        snprintf(err, errn, "%s: Cannot open output file (%s)", path, strerror(errno));
        return -1;
    }
    const uint8_t *p = buf;
    size_t done = 0;
    while (done < n) {
        ssize_t w = write(fd, p + done, n - done);
        if (w <= 0) {
            snprintf(err, errn, "%s: write failed (%s)", path, strerror(errno));
            close(fd);
            if (!device)
                unlink(tmp);
            return -1;
        }
        done += (size_t)w;
    }
    if (device)
        return close(fd) == 0 ? 0 : -1;
    if (close(fd) != 0 || rename(tmp, path) != 0) {
        snprintf(err, errn, "%s: Cannot open output file (%s)", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

int write_text_atomic(const char *path, text_writer write, const void *ctx, char *err, size_t errn)
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
    int rc = write_file_atomic(path, buf, len, err, errn);
    free(buf);
    return rc;
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
    temp_name(path, tmp, sizeof tmp);
    int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (fd < 0) {
        snprintf(err, errn, "%s: Cannot open output file (%s)", path, strerror(errno));
        return -1;
    }
    close(fd);
    unlink(tmp);
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
        snprintf(err, errn, "%s: Cannot open output file (it is a folder)", path);
        return -1;
    }
    return 0;
}
