/*
 * fuzz/prs.c: the fuzz target of the sample log reader (formats/samplelog.c,
 * NAME.prs of run --samples).  A log that reads has delivered exactly the
 * samples its header counts, each of a class 0-3; one that does not says
 * why in one line naming the file, and none holds more than
 * SAMPLELOG_MAX_SAMPLES (seeds inflate a thousandfold: fuzz/corpus/prs/
 * inflate*, claims*).  The reader takes a path, so each input goes
 * through a scratch file.
 */
#include "../formats/samplelog.h"
#include "fuzz.h"

static void each(void *ctx, const struct sample *s)
{
    FUZZ_REQUIRE(s->cls < 4);
    (*(uint64_t *)ctx)++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[600];
    const char *path = fuzz_input_file(data, size);
    struct prf l;
    uint64_t n, seen = 0;
    char run[17];
    if (samplelog_read_file(path, &l, &n, run, each, &seen, err, sizeof err) != 0) {
        FUZZ_REQUIRE(fuzz_one_line(err) && strncmp(err, path, strlen(path)) == 0);
        return 0;
    }
    FUZZ_REQUIRE(seen == n && l.bucket_size != 0 && n <= SAMPLELOG_MAX_SAMPLES);
    FUZZ_REQUIRE(run[0] == 0 || strlen(run) == 16);
    return 0;
}
