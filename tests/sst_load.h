/*
 * tests/sst_load.h: reading one gzipped SingleStepTests file (zlib +
 * jansson), for tests/conformance.c and tests/derive_plans.c.
 */
#ifndef PROFIL_TESTS_SST_LOAD_H
#define PROFIL_TESTS_SST_LOAD_H

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
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

/* A test's instruction bytes into b[n] (at most 16, the rest zero, so the
 * decoders may read past 15 prefixes and an opcode); returns how many. */
static size_t test_bytes(json_t *test, uint8_t *b, size_t n)
{
    json_t *bytes = json_object_get(test, "bytes");
    size_t k = json_array_size(bytes);
    memset(b, 0, n);
    for (size_t i = 0; i < k && i < 16 && i < n; i++)
        b[i] = (uint8_t)json_integer_value(json_array_get(bytes, i));
    return k;
}

#endif
