/*
 * formats/fileio.h: whole-file reading and atomic whole-file writing, with
 * one-line error messages that name the file.
 */
#ifndef PROFIL_FORMATS_FILEIO_H
#define PROFIL_FORMATS_FILEIO_H

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
 * place, never replaced. */
int write_file_atomic(const char *path, const void *buf, size_t n, char *err, size_t errn);
/* The same for text made by write(f, ctx) into memory first, so a file
 * is written whole or not at all. */
typedef void (*text_writer)(FILE *f, const void *ctx);
int write_text_atomic(const char *path, text_writer write, const void *ctx, char *err, size_t errn);
/* Whether `path` exists and is neither a regular file nor a folder (a
 * device or FIFO: written in place, nothing is created beside it). */
int path_is_device(const char *path);
/* Whether `path` could be created or replaced (its folder is writable). */
int check_writable(const char *path, char *err, size_t errn);

#endif
