/*
 * fuzz/prf.c: the fuzz target of the .PRF reader (formats/prf.c) and of
 * what reads a decoded .PRF without a map: PROHST's listing
 * (report/prohst.c) and the CSV, JSON, callgrind, SVG and folded exports
 * (report/export.c).  A .PRF that decodes must encode to the same bytes.
 */
#include "../report/export.h"
#include "../formats/prf.h"
#include "../report/prohst.h"
#include "fuzz.h"

static FILE *sink;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct prf p;
    char err[512];
    if (!sink)
        sink = fuzz_null("w");
    if (prf_decode(data, size, &p, err, sizeof err) != 0) {
        FUZZ_REQUIRE(fuzz_one_line(err));
        return 0;
    }
    FUZZ_REQUIRE(prf_size(&p) == size);
    uint8_t *again = malloc(size);
    FUZZ_REQUIRE(again != NULL);
    prf_encode(&p, again);
    FUZZ_REQUIRE(memcmp(again, data, size) == 0);
    free(again);

    static struct prohst_map no_map;
    char *hst;
    size_t hst_len;
    FUZZ_REQUIRE(prohst_render(&p, &no_map, &hst, &hst_len) == 0);
    FUZZ_REQUIRE(hst_len > 0 && hst[hst_len - 1] == 0x1A);
    free(hst);
    FUZZ_REQUIRE(export_csv(sink, &p, NULL) == 0);
    FUZZ_REQUIRE(export_json(sink, &p, NULL) == 0);
    FUZZ_REQUIRE(export_callgrind(sink, &p, NULL, "fuzz") == 0);
    FUZZ_REQUIRE(export_svg(sink, &p, NULL, "fuzz") == 0);
    FUZZ_REQUIRE(export_folded(sink, &p, NULL) == 0);
    prf_free(&p);
    return 0;
}
