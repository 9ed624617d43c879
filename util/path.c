/*
 * util/path.c: whether a host path stays inside a folder (see path.h).
 */
#include "path.h"

#include <stdlib.h>
#include <string.h>

int path_inside(const char *root, const char *path)
{
    size_t n = strlen(root);
    return strncmp(root, path, n) == 0 && (path[n] == 0 || path[n] == '/' || n == 1);
}

int path_really_inside(const char *root, const char *path)
{
    char *r = realpath(root, NULL), *p = r ? realpath(path, NULL) : NULL;
    int ok = p && path_inside(r, p);
    free(r);
    free(p);
    return ok;
}
