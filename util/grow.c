/*
 * util/grow.c: see grow.h.
 */
#include "grow.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int grow_array(void *array, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : GROW_FIRST;
    while (c < need) {
        if (c > SIZE_MAX / 2)
            return -1;
        c *= 2;
    }
    if (size && c > SIZE_MAX / size)
        return -1;
    void *old, *grown;
    memcpy(&old, array, sizeof old);        /* the caller's T *, as a void * */
    if (!(grown = realloc(old, c * size)))
        return -1;
    memcpy(array, &grown, sizeof grown);
    *cap = c;
    return 0;
}
