/*
 * tests/sst_load.h: reading one gzipped SingleStepTests file (zlib +
 * jansson), for tests/conformance.c and tests/derive_plans.c.
 */
#ifndef PROFIL_TESTS_SST_LOAD_H
#define PROFIL_TESTS_SST_LOAD_H

#include <jansson.h>
#include <stdlib.h>
#include <zlib.h>

static json_t *load_gz(const char *path)
{
    gzFile g = gzopen(path, "rb");
    if (!g)
        return NULL;
    size_t cap = 1 << 20, len = 0;
    char *buf = malloc(cap);
    int n;
    while (buf && (n = gzread(g, buf + len, (unsigned)(cap - len))) > 0) {
        len += (size_t)n;
        if (len == cap) {
            char *b = realloc(buf, cap *= 2);
            if (!b) {
                free(buf);
                buf = NULL;
            } else {
                buf = b;
            }
        }
    }
    gzclose(g);
    json_error_t e;
    json_t *j = buf ? json_loadb(buf, len, 0, &e) : NULL;
    free(buf);
    return j;
}

#endif
