/*
 * fuzz/batch.c: the fuzz target of the batch file reader (formats/batch.c)
 * and the program built from its steps (loader/batch.c).  The input is a
 * batch file, run with the arguments "a b" and one environment string.
 * One that reads has steps of known kinds with their lines, each
 * program's tail within DOS's 126 characters, and gives a .COM image
 * under 64 KiB or says why; one that does not says why in one line
 * naming the file and line.
 */
#include "../formats/batch.h"
#include "../loader/batch.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *const env[] = { "WHO=me" };
    char err[600];
    struct batch b;
    if (batch_parse("B.BAT", data, size, "a b", env, 1, &b, err, sizeof err) != 0) {
        FUZZ_REQUIRE(fuzz_one_line(err) && strncmp(err, "B.BAT:", 6) == 0);
        return 0;
    }
    for (size_t i = 0; i < b.n; i++) {
        FUZZ_REQUIRE(b.steps[i].kind <= BATCH_PAUSE && b.steps[i].line >= 1);
        FUZZ_REQUIRE(i == 0 || b.steps[i - 1].line <= b.steps[i].line);
        FUZZ_REQUIRE(b.steps[i].kind != BATCH_RUN || (b.steps[i].text[0] && strlen(b.steps[i].tail) <= 126));
    }
    uint8_t *image;
    size_t n;
    if (batch_shell(&b, &image, &n, err, sizeof err) == 0) {
        FUZZ_REQUIRE(n < 0x10000 - 0x100 && image[0] == 0xEB);
        free(image);
    } else {
        FUZZ_REQUIRE(fuzz_one_line(err));
    }
    batch_free(&b);
    return 0;
}
