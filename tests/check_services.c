/*
 * tests/check_services.c: docs/services.md against the code.  For each
 * interrupt the table lists, every AH from 00h to FFh is called in a
 * fresh PC under --strict, as a one-line program (MOV AH,n; INT v; then
 * MOV AX,4C00h; INT 21h): a function the table lists must not stop the
 * run as unimplemented, and one it leaves out must.
 */
#include "testutil.h"

#include <ctype.h>

#include "../emu/bios/bios.h"
#include "../emu/pc/console.h"
#include "../emu/dos/dos.h"
#include "../emu/machine.h"
#include "../loader/exe.h"
#include "../loader/process.h"

#define SERVICES_DOC "docs/services.md"

static const uint8_t vectors[] = { 0x10, 0x13, 0x14, 0x15, 0x16, 0x17, 0x1A, 0x21 };

/* The AH values the doc lists for INT vec ("00-0C 0E 19"), as 256 flags;
 * -1 when the doc has no row for it. */
static int documented(uint8_t vec, uint8_t listed[256])
{
    char doc[32768], key[16];
    slurp(SERVICES_DOC, doc, sizeof doc);
    snprintf(key, sizeof key, "| INT %02Xh |", vec);
    const char *row = strstr(doc, key);
    if (!row)
        return -1;
    memset(listed, 0, 256);
    const char *p = row + strlen(key);
    while (*p && *p != '|' && *p != '\n') {
        unsigned lo, hi;
        int used;
        if (sscanf(p, " %2x-%2x%n", &lo, &hi, &used) == 2 || (sscanf(p, " %2x%n", &lo, &used) == 1 && (hi = lo, 1))) {
            for (unsigned a = lo; a <= hi && a < 256; a++)
                listed[a] = 1;
            p += used;
        } else {
            p++;
        }
    }
    return 0;
}

/* Whether INT vec with AH=ah runs without an "not implemented" stop. */
static int implemented(uint8_t vec, uint8_t ah)
{
    const uint8_t program[] = { 0xB4, ah, 0xCD, vec, 0xB8, 0x00, 0x4C, 0xCD, 0x21 };
    struct dos_image img;
    struct process proc;
    struct console con;
    struct dos dos;
    char err[256];
    FILE *null_in = fopen("/dev/null", "rb"), *null_out = fopen("/dev/null", "wb");
    struct machine *m = machine_new(CPU_8088);
    console_init(&con, null_in, null_out, null_out);
    ck_assert_int_eq(bios_install(m, &con, 0), 0);
    ck_assert_int_eq(dos_install(&dos, m, &con, null_out), 0);
    ck_assert_int_eq(drives_map(&dos.drives, 2, TMP "/services"), 0);
    ck_assert_int_eq(exe_parse(program, sizeof program, &img, err, sizeof err), 0);
    struct process_args a = { "C:\\PROBE.COM", "", NULL, 0 };
    ck_assert_int_eq(process_create(m, &dos, &img, &a, &proc, err, sizeof err), 0);
    m->strict = 1;
    machine_set_max_insn(m, 20000);
    machine_set_timeout(m, 4772727);
    machine_run(m);
    int ok = m->stop != STOP_STRICT;
    dos_free(&dos);
    machine_free(m);
    fclose(null_in);
    fclose(null_out);
    return ok;
}

START_TEST(services_table_matches_the_code)
{
    uint8_t vec = vectors[_i], listed[256];
    char got[1024] = "";
    size_t used = 0;
    int mismatch = 0;
    if (system("mkdir -p " TMP "/services") != 0)
        ck_abort();
    ck_assert_msg(documented(vec, listed) == 0, SERVICES_DOC " has no row \"| INT %02Xh |\"", vec);
    for (unsigned ah = 0; ah < 256; ah++) {
        int impl = implemented(vec, (uint8_t)ah);
        mismatch |= impl != listed[ah];
        if (impl)
            used += (size_t)snprintf(got + used, sizeof got - used, "%02X ", ah);
    }
    ck_assert_msg(!mismatch, "INT %02Xh: the code implements: %s", vec, got);
}
END_TEST

Suite *services_suite(void)
{
    Suite *s = suite_create("services");
    TCase *tc = tcase_create("table");
    tcase_set_timeout(tc, 120);
    tcase_add_loop_test(tc, services_table_matches_the_code, 0, (int)sizeof vectors);
    suite_add_tcase(s, tc);
    return s;
}
