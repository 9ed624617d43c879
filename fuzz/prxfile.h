/*
 * fuzz/prxfile.h: what the .prx targets (fuzz/prx.c, fuzz/frames.c)
 * share: the input read as a .prx through the scratch file, and a file
 * that does not read refused in one line that names it.
 */
#ifndef PROFIL_FUZZ_PRXFILE_H
#define PROFIL_FUZZ_PRXFILE_H

#include "../formats/prx.h"
#include "fuzz.h"

/* 0 with *x read (prx_free() it); -1 when it does not read. */
static inline int fuzz_read_prx(const uint8_t *data, size_t size, struct prx *x)
{
    char err[600];
    const char *path = fuzz_input_file(data, size);
    if (prx_read_file(path, x, err, sizeof err) == 0)
        return 0;
    FUZZ_REQUIRE(fuzz_one_line(err) && strncmp(err, path, strlen(path)) == 0);
    return -1;
}

#endif
