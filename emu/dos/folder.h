/*
 * emu/dos/folder.h: a host folder as DOS sees it.
 *
 * Owns the 8.3 names of a folder's entries: a host name that is already a
 * DOS name keeps it (upper-cased); any other (too long, characters DOS
 * refuses, several dots, a leading dot) gets a unique NAME~N.EXT made
 * from it, as Windows makes them.  Entries are taken in host-name order,
 * so the same folder always gives the same names; a host name starting
 * with '.' is hidden.  drive.c resolves paths and lists searches with it.
 */
#ifndef PROFIL_EMU_FOLDER_H
#define PROFIL_EMU_FOLDER_H

#include <stddef.h>
#include <stdint.h>

struct folder_entry {
    char host[256];             /* the host's name */
    char name83[13];            /* "NAME.EXT" as DOS sees it */
    uint8_t hidden;             /* DOS attribute 02h */
};

/* Every entry of `dir` but "." and "..", sorted by host name; *out is
 * malloc'ed (NULL when empty).  -1 when the folder cannot be read. */
int folder_list(const char *dir, struct folder_entry **out, size_t *n);
/* The host file a DOS name names, as DOS matches it (case-insensitively,
 * aliases included): `path` is "DIR/NAME.EXT"; *out gets DIR/host-name.
 * 1 when found, else 0 (*out is then `path` as given). */
int folder_find(const char *path, char *out, size_t n);
/* Whether a host name is a DOS name as it is (up to case): 1 and its
 * 8.3 form in out, else 0. */
int folder_name83(const char *name, char out[13]);
/* The alias for one host name that is not a DOS name, with tail ~n. */
void folder_alias(const char *host, unsigned n, char out[13]);

#endif
