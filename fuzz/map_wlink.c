/*
 * fuzz/map_wlink.c: the fuzz target of formats/symtab.c's parser of
 * Open Watcom WLINK maps (see fuzz/map.h).
 */
#include "map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_map(data, size, "|   Segments   |");
    return 0;
}
