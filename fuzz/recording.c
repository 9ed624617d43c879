/*
 * fuzz/recording.c: the fuzz target of the input recording's parser
 * (formats/recording.c, run --replay).  A recording that parses has its
 * events in time order, none after its end, and a SHA-256 of 64 hex
 * digits; one that does not says why in one line naming the file and line.
 */
#include "../formats/recording.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[600];
    struct recording r;
    if (recording_parse("R", (const char *)data, size, &r, err, sizeof err) != 0) {
        FUZZ_REQUIRE(fuzz_one_line(err) && strncmp(err, "R:", 2) == 0);
        return 0;
    }
    FUZZ_REQUIRE(strlen(r.sha256) == 64 && r.end_reason[0]);
    for (size_t i = 0; i < r.n; i++) {
        FUZZ_REQUIRE(r.events[i].at <= r.end && r.events[i].kind <= INPUT_MARK);
        FUZZ_REQUIRE(i == 0 || r.events[i - 1].at <= r.events[i].at);
    }
    recording_free(&r);
    return 0;
}
