/*
 * fuzz/watcom.c: the fuzz target of formats/watcom.c, the reader of an
 * .EXE's Watcom debugging information.  An input that does not end with
 * the information gets an MZ signature before it and a master header
 * after it (signature 8386h, version 3.0, empty language and segment
 * tables, the input's size as the sections'), so mutations reach the
 * section headers, the tables and the line blocks.  A table that parses
 * is used as a map is (fuzz/map.h).
 */
#include "../formats/watcom.h"
#include "map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FUZZ_REQUIRE(size < UINT32_MAX - 16);
    uint8_t *buf = malloc(size + 16);
    char err[600];
    FUZZ_REQUIRE(buf != NULL);
    size_t n = 0;
    int wrap = !watcom_present(data, size, NULL);
    if (wrap) {
        buf[n++] = 'M';
        buf[n++] = 'Z';
    }
    memcpy(buf + n, data, size);
    n += size;
    if (wrap) {
        uint32_t all = (uint32_t)size + 14;
        const uint8_t master[14] = { 0x86, 0x83, 3, 0, 1, 3, 0, 0, 0, 0, (uint8_t)all, (uint8_t)(all >> 8),
                                     (uint8_t)(all >> 16), (uint8_t)(all >> 24) };
        memcpy(buf + n, master, sizeof master);
        n += sizeof master;
    }
    struct symtab t;
    fuzz_debug_outcome(watcom_parse(buf, n, &t, err, sizeof err), &t, MAP_WATCOM, err, buf);
    return 0;
}
