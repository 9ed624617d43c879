/*
 * fuzz/fuzz.h: what every fuzz target shares.  Each fuzz/NAME.c defines
 * LLVMFuzzerTestOneInput for one reader of untrusted input; `make fuzz`
 * links it with libFuzzer (clang, -fsanitize=fuzzer,address,undefined)
 * and `make check` links it with fuzz/replay.c (the normal compiler) to
 * replay tests/fuzz-regressions/NAME/ and fuzz/corpus/NAME/.
 *
 * FUZZ_REQUIRE(c) states an invariant of the code under test: when it
 * does not hold the input found a bug, so the target aborts (a crash to
 * libFuzzer, a failure to the replay).
 */
#ifndef PROFIL_FUZZ_H
#define PROFIL_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define FUZZ_REQUIRE(c)                                                                 \
    do {                                                                                \
        if (!(c)) {                                                                     \
            fprintf(stderr, "fuzz: %s:%d: invariant failed: %s\n", __FILE__, __LINE__, #c); \
            abort();                                                                    \
        }                                                                               \
    } while (0)

/* A stream that discards what is written (reads see end of file). */
static inline FILE *fuzz_null(const char *mode)
{
    FILE *f = fopen("/dev/null", mode);
    FUZZ_REQUIRE(f != NULL);
    return f;
}

/* An error message is one non-empty line (COMMON.md's rule for errors). */
static inline int fuzz_one_line(const char *msg)
{
    return msg[0] != 0 && strchr(msg, '\n') == NULL;
}

#endif
