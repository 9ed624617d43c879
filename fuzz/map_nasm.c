/*
 * fuzz/map_nasm.c: the fuzz target of formats/symtab.c's parser of
 * NASM [map all] maps (see fuzz/map.h).
 */
#include "map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_map(data, size, "- NASM Map file");
    return 0;
}
