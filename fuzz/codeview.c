/*
 * fuzz/codeview.c: the fuzz target of formats/codeview.c, the reader of
 * an .EXE's CodeView information.  An input without a CodeView trailer
 * gets one ("NB00", or "NB09" when its first byte is odd) whose base is
 * the input's start, so mutations reach the directory and subsections.
 * A table that parses is used as a map is (fuzz/map.h).
 */
#include "../formats/codeview.h"
#include "map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    uint8_t *buf = malloc(size + 8);
    char sig[5], err[600];
    FUZZ_REQUIRE(buf != NULL);
    memcpy(buf, data, size);
    size_t n = size;
    if (!codeview_present(data, size, sig)) {
        uint32_t back = (uint32_t)(size + 8);
        memcpy(buf + n, size && (data[0] & 1) ? "NB09" : "NB00", 4);
        for (int i = 0; i < 4; i++)
            buf[n + 4 + i] = (uint8_t)(back >> (8 * i));
        n += 8;
    }
    struct symtab t;
    fuzz_debug_outcome(codeview_parse(buf, n, &t, err, sizeof err), &t, MAP_CODEVIEW, err, buf);
    return 0;
}
