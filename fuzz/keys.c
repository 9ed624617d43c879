/*
 * fuzz/keys.c: the fuzz target of the --keys parser (emu/chips/keyboard.c).
 * The input is the option's text (up to its first NUL).  A script that
 * parses is then typed to the end as a run would: each due scan code is
 * sent and read from port 60h (a held key's repeats too), the BIOS buffer reported full on the
 * input's bits so the waits for room are taken too.
 */
#include "../emu/chips/keyboard.h"
#include "fuzz.h"

static void type_all(struct key_stroke *keys, size_t n, const uint8_t *data, size_t size)
{
    struct keyboard k;
    kbd_init(&k);
    kbd_start(&k, keys, n, 0);
    /* At most 8 scan codes a stroke, and each may wait once for room; a
     * held key's repeats, one each 100 ms it is held, may too. */
    size_t budget = 16 * n + 2, step = 0;
    for (size_t i = 0; i < n; i++)
        if (keys[i].kind == KEY_PRESS)
            budget += 2 * (keys[i].wait_ms / 100 + 2);
    while (kbd_more_coming(&k)) {
        FUZZ_REQUIRE(step++ < budget);
        int full = size && (data[step % size] >> (step % 8) & 1) && step % 2;
        if (kbd_event(&k, k.due, full)) {
            FUZZ_REQUIRE(kbd_read_status(&k) & 1);
            kbd_read_data(&k);
            FUZZ_REQUIRE(!(kbd_read_status(&k) & 1));
        }
    }
    kbd_free(&k);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1), err[512];
    FUZZ_REQUIRE(text != NULL);
    memcpy(text, data, size);
    text[size] = 0;
    struct key_stroke *keys;
    size_t n;
    if (keys_parse(text, &keys, &n, err, sizeof err) == 0) {
        FUZZ_REQUIRE(n <= strlen(text));
        for (size_t i = 0; i < n; i++)
            FUZZ_REQUIRE(keys[i].scan != 0 || keys[i].ascii == 0);
        type_all(keys, n, data, size);
    } else {
        FUZZ_REQUIRE(fuzz_one_line(err));
    }
    free(text);
    return 0;
}
