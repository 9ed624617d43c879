/*
 * tools/revqsort.c: an LD_PRELOAD qsort for glibc that reverses the array
 * before glibc sorts it, so that elements its stable merge sort would keep
 * in order come out the other way round.  Output that depends on how
 * qsort orders equal elements (which differs on macOS, the BSDs, musl and
 * glibc 2.37+) then differs and the suite fails (docs/portability.md).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <string.h>

typedef int (*cmp_fn)(const void *, const void *);

void qsort(void *base, size_t n, size_t size, cmp_fn cmp)
{
    static void (*real)(void *, size_t, size_t, cmp_fn);
    if (!real)
        *(void **)&real = dlsym(RTLD_NEXT, "qsort");
    char tmp[256], *b = base;
    for (size_t i = 0; i < n / 2; i++)
        for (size_t done = 0; done < size; done += sizeof tmp) {
            size_t k = size - done < sizeof tmp ? size - done : sizeof tmp;
            memcpy(tmp, b + i * size + done, k);
            memcpy(b + i * size + done, b + (n - 1 - i) * size + done, k);
            memcpy(b + (n - 1 - i) * size + done, tmp, k);
        }
    real(base, n, size, cmp);
}
