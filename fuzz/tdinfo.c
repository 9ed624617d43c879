/*
 * fuzz/tdinfo.c: the fuzz target of formats/tdinfo.c, the reader of an
 * .EXE's Turbo Debugger information.  An input that is not an .EXE with
 * the information gets an MZ header whose image ends after it (32 bytes)
 * and the magic word 52FBh, so mutations reach the header's counts, the
 * tables and the names pool.  A table that parses is used as a map is
 * (fuzz/map.h).
 */
#include "../formats/tdinfo.h"
#include "map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint8_t mz[34] = { 'M', 'Z', 32, 0, 1, 0, 0, 0, 2, 0, [32] = 0xFB, 0x52 };
    uint8_t *buf = malloc(size + sizeof mz);
    char err[600];
    FUZZ_REQUIRE(buf != NULL);
    size_t n = 0;
    if (!tdinfo_present(data, size, NULL)) {
        memcpy(buf, mz, sizeof mz);
        n = sizeof mz;
    }
    memcpy(buf + n, data, size);
    n += size;
    struct symtab t;
    fuzz_debug_outcome(tdinfo_parse(buf, n, &t, err, sizeof err), &t, MAP_TDINFO, err, buf);
    return 0;
}
