/*
 * fuzz/prc.c: the fuzz target of the NAME.prc reader (formats/prc.c): the
 * exact counts and the per-service times beside a .PRF.  A .prc that reads
 * must hold what its readers index without checking again: as many bucket
 * counts as its layout says, named services with their counts, and a
 * layout that prc_mismatch() can compare with a .PRF's.  The reader takes
 * a path, so each input goes through a scratch file.
 */
#include "../formats/prc.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[600], why[300];
    const char *path = fuzz_input_file(data, size);
    struct prc c;
    if (prc_read_file(path, &c, err, sizeof err) != 0) {
        FUZZ_REQUIRE(fuzz_one_line(err));
        return 0;
    }
    /* The .PRF it is the exact form of: every count modulo 65536.  Making
     * it reads every bucket count the layout promises. */
    struct prf p = c.header;
    p.hit_io = (uint16_t)c.io;
    p.hit_dos = (uint16_t)c.dos;
    p.hit_high = (uint16_t)c.high;
    p.bucket = malloc((c.header.bucket_num + 1) * sizeof *p.bucket);
    FUZZ_REQUIRE(p.bucket != NULL);
    for (uint32_t i = 0; i < c.header.bucket_num; i++)
        p.bucket[i] = (uint16_t)c.bucket[i];
    prc_mismatch(&c, &p, why, sizeof why);
    FUZZ_REQUIRE(why[0] == 0);
    free(p.bucket);
    for (size_t i = 0; i < c.nservices; i++)
        FUZZ_REQUIRE(c.services && memchr(c.services[i].label, 0, sizeof c.services[i].label));
    prc_free(&c);
    return 0;
}
