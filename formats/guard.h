/*
 * formats/guard.h: what `profil run` checks before it runs, so that it never
 * destroys a user's file: whether two paths name the same file, and whether
 * a file's bytes are a profile (.PRF or .prx) rather than a program.
 */
#ifndef PROFIL_FORMATS_GUARD_H
#define PROFIL_FORMATS_GUARD_H

#include <stddef.h>
#include <stdint.h>

/* Whether `a` and `b` name the same regular file: by device and inode when
 * both exist, else by their resolved paths (the folder's real path and the
 * last name).  Devices and FIFOs (/dev/null, a terminal) never collide. */
int same_file(const char *a, const char *b);
/* Whether `path` is the file open on host descriptor `fd` (a regular file). */
int same_file_as_fd(const char *path, int fd);
/* ".PRF", ".prx", ".prc" (the exact counts beside a .PRF) or ".prs" (a
 * sample log) when the bytes are a profile profil reads, else NULL.
 * A .PRF: PROFIL's header with a size that matches its bucket count, a
 * sample time of at least 60 us and its paragraphs in order. */
const char *profile_kind(const uint8_t *buf, size_t n);

#endif
