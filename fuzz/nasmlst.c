/*
 * fuzz/nasmlst.c: the fuzz target of formats/nasmlst.c, NASM listings
 * (nasm -l) read for their source lines and labels, then used as `hist
 * --map FILE.lst` uses them (fuzz/map.h).
 */
#include "../formats/nasmlst.h"
#include "map.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct nasm_listing l;
    struct symtab t;
    char err[400];
    (void)nasmlst_looks_like((const char *)data, size);
    if (nasmlst_parse((const char *)data, size, &l, err, sizeof err) != 0)
        return 0;
    for (size_t i = 1; i < l.nline; i++)
        FUZZ_REQUIRE(l.line[i - 1].addr <= l.line[i].addr);
    memset(&t, 0, sizeof t);
    t.format = MAP_NASMLST;
    FUZZ_REQUIRE(nasmlst_to_symtab(&l, &t, err, sizeof err) == 0);
    fuzz_map_use(&t);
    symtab_free(&t);
    return 0;
}
