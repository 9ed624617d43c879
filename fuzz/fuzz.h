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
#include <unistd.h>

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

/* For readers that take a path: the input written to this process's
 * scratch file (made in $TMPDIR or /tmp on first use, removed at exit);
 * returns its path. */
static inline char *fuzz_scratch_path(void)
{
    static char path[64];
    return path;
}
static inline void fuzz_remove_scratch(void) { unlink(fuzz_scratch_path()); }
static inline const char *fuzz_input_file(const uint8_t *data, size_t size)
{
    char *path = fuzz_scratch_path();
    if (!path[0]) {
        const char *tmp = getenv("TMPDIR");
        snprintf(path, 64, "%s/profil-fuzz-XXXXXX", tmp && strlen(tmp) < 40 ? tmp : "/tmp");
        int fd = mkstemp(path);
        FUZZ_REQUIRE(fd >= 0);
        close(fd);
        atexit(fuzz_remove_scratch);
    }
    FILE *f = fopen(path, "wb");
    FUZZ_REQUIRE(f && fwrite(data, 1, size, f) == size && fclose(f) == 0);
    return path;
}

/* An error message is one non-empty line (COMMON.md's rule for errors). */
static inline int fuzz_one_line(const char *msg)
{
    return msg[0] != 0 && strchr(msg, '\n') == NULL;
}

#endif
