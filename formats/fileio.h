/*
 * formats/fileio.h: whole-file reading and atomic whole-file writing, with
 * one-line error messages that name the file.
 */
#ifndef PROFIL_FORMATS_FILEIO_H
#define PROFIL_FORMATS_FILEIO_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define READ_FILE_MAX (64u << 20)

/* Read all of `path` (at most READ_FILE_MAX); *buf is malloc'ed. */
int read_file(const char *path, uint8_t **buf, size_t *n, char *err, size_t errn);
/* The same with another limit (a .prx: PRX_READ_MAX). */
int read_file_max(const char *path, uint64_t max, uint8_t **buf, size_t *n, char *err, size_t errn);
/* Write `path` through a temporary file in the same folder and rename();
 * a path that is a device or FIFO (/dev/null, /dev/stdout) is written in
 * place, never replaced.  The temporary is NAME.profil-tmp-XXXXXX
 * (mkstemp: created with O_EXCL, never an existing file or link), and
 * SIGINT, SIGTERM and SIGHUP wait while it exists, so only SIGKILL or a
 * crash can leave one (stale_temps finds them). */
int write_file_atomic(const char *path, const void *buf, size_t n, char *err, size_t errn);
/* The same for text made by write(f, ctx) into memory first, so a file
 * is written whole or not at all. */
typedef void (*text_writer)(FILE *f, const void *ctx);
int write_text_atomic(const char *path, text_writer write, const void *ctx, char *err, size_t errn);

#define TEMP_STEM "profil-tmp-"         /* "profil-tmp-XXXXXX" beside a NAME too long for... */
#define TEMP_MARK "." TEMP_STEM         /* ...NAME.profil-tmp-XXXXXX */

/* The files of one run written as a set: each is written whole to its
 * temporary now (write_file_into, write_text_into with the set), and all
 * are renamed onto their names one after another by file_set_commit, so
 * they change together as far as POSIX allows: each rename is atomic, the
 * set is not (a crash between two renames, microseconds apart, leaves the
 * earlier files new and the later ones old; the .prc's check against its
 * .PRF tells them apart).  Stop signals wait from the first file staged
 * until the set is renamed or freed.  file_set_free removes what was not
 * renamed.  With set NULL, these are write_file_atomic and
 * write_text_atomic. */
struct staged_file {
    char *path, *tmp;           /* tmp NULL once renamed */
    int error;                  /* after file_set_commit: rename()'s errno, 0 when renamed */
};
struct file_set {
    struct staged_file *f;
    size_t n, cap;
    int holding;                /* stop signals held, old_mask to restore */
    sigset_t old_mask;
};
void file_set_init(struct file_set *set);
int write_file_into(struct file_set *set, const char *path, const void *buf, size_t n, char *err, size_t errn);
int write_text_into(struct file_set *set, const char *path, text_writer write, const void *ctx, char *err,
                    size_t errn);
/* Rename every staged file, in the order staged; -1 with err naming the
 * first that failed (each one's `error` says which; the others are still
 * renamed; the set must then be freed).  On success the set is freed. */
int file_set_commit(struct file_set *set, char *err, size_t errn);
void file_set_free(struct file_set *set);
/* Temporary files of that naming in the folder of `path` (left by a run
 * that was killed, or being written by one running now): each(ctx, path)
 * for each; how many.  They are never used nor removed. */
size_t stale_temps(const char *path, void (*each)(void *ctx, const char *stale), void *ctx);

/* Whether `path` exists and is neither a regular file nor a folder (a
 * device or FIFO: written in place, nothing is created beside it). */
int path_is_device(const char *path);
/* A file named in the other case: when `path` is not there, the same
 * folder's name in upper case (its extension as given, then it too), then
 * in lower case (`hello.PRF`: HELLO.PRF, as profil run names a profile;
 * hello.prx: HELLO.prx), into out: 1 when found so, 0 when path is there
 * or no other case is. */
int other_case_file(const char *path, char *out, size_t n);
/* Whether `path` could be created or replaced (its folder is writable). */
int check_writable(const char *path, char *err, size_t errn);

#endif
