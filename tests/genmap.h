/*
 * tests/genmap.h: a Microsoft LINK map with n public symbols, for the
 * map-parsing test (tests/check_maps.c) and `make bench` (tests/bench.c).
 * Symbol i is "S%07u" at address i (as SSSS:OOOO = i/16:i%16), listed by
 * name and again by value, as LINK lists them; one segment covers all.
 */
#ifndef PROFIL_TESTS_GENMAP_H
#define PROFIL_TESTS_GENMAP_H

#include <stdio.h>
#include <stdlib.h>

/* The map's text (malloc'ed, NULL when out of memory); *len its length. */
static inline char *gen_map(unsigned n, size_t *len)
{
    size_t cap = 256 + 2 * (size_t)n * 32, used = 0;
    char *text = malloc(cap);
    if (!text)
        return NULL;
    used += (size_t)snprintf(text + used, cap - used,
                             "\n Start  Stop   Length Name                   Class\n"
                             " 00000H %05XH %05XH _TEXT                  CODE\n\n", n ? n - 1 : 0, n);
    for (int pass = 0; pass < 2; pass++) {
        used += (size_t)snprintf(text + used, cap - used, "\n  Address         Publics by %s\n\n",
                                 pass ? "Value" : "Name");
        for (unsigned i = 0; i < n; i++)
            used += (size_t)snprintf(text + used, cap - used, " %04X:%04X       S%07u\n", i >> 4, i & 15, i);
    }
    *len = used;
    return text;
}

#endif
