/*
 * fuzz/map_mslink.c: the fuzz target of formats/symtab.c's parser of
 * Microsoft LINK, TLINK and Turbo Pascal maps (one parser, see
 * fuzz/map.h), and of PROHST's own reading of their segment table
 * (report/prohst.c).
 */
#include "../report/prohst.h"
#include "map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_map(data, size, " Start  Stop");
    static struct prohst_map map;
    FUZZ_REQUIRE(prohst_map_parse((const char *)data, size, &map) == 0);
    FUZZ_REQUIRE(map.n >= 0 && map.n <= PROHST_MAX_SEGMENTS);
    return 0;
}
