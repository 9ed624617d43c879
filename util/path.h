/*
 * util/path.h: whether a host path stays inside a folder, symbolic links
 * followed.  For the places that open host files a guest or a program's
 * debug information names: emu/dos/drive.c (a DOS drive's folder) and
 * report/srcview.c (the folders source files are looked for in).
 */
#ifndef PROFIL_UTIL_PATH_H
#define PROFIL_UTIL_PATH_H

/* Whether `path` is `root` or a path under it, both canonical (as
 * realpath() gives them), compared as strings. */
int path_inside(const char *root, const char *path);

/* Whether the real path of `path` (every symbolic link on the way
 * followed) is inside the real path of the folder `root`; 0 when either
 * does not resolve. */
int path_really_inside(const char *root, const char *path);

#endif
