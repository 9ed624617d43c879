/*
 * fuzz/map_ld86.c: the fuzz target of formats/symtab.c's parser of
 * dev86 ld86 -M maps (see fuzz/map.h).
 */
#include "map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_map(data, size, "Total memory used");
    return 0;
}
