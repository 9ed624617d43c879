/*
 * tests/check_timer.c: the guest's timer.  The BIOS INT 08h handler counts
 * 40:6Ch at 18.2 Hz of emulated time; a program that reprograms PIT
 * channel 0 and hooks INT 8 sees interrupts at its own rate.
 */
#include "testutil.h"

#include "../emu/bios/bios.h"
#include "../emu/pc/console.h"
#include "../emu/machine.h"

/* STI; JMP $ for one emulated second: IRQ0 every 65536 x 4 = 262144
 * cycles, and 18 x 262144 = 4718592 <= 4772727 < 19 x 262144, so the BIOS
 * handler (which must send EOI for the next one to come) counts 18. */
START_TEST(bios_counts_ticks_at_18_2_hz)
{
    struct machine *m = machine_new(CPU_8088);
    struct console con;
    console_init(&con, stdin, stdout, NULL);
    ck_assert_int_eq(bios_install(m, &con, 0), 0);
    static const uint8_t code[] = { 0xFB, 0xEB, 0xFE };
    mem_write(m, lin(0x1000, 0), code, sizeof code);
    cpu_set(m, REG_CS, 0x1000);
    cpu_set(m, REG_IP, 0);
    cpu_set(m, REG_SS, 0x2000);
    cpu_set(m, REG_SP, 0x100);
    machine_set_timeout(m, 4772727);
    ck_assert_int_eq(machine_run(m), STOP_TIMEOUT);
    ck_assert_uint_eq(mem_rw(m, 0x46C), 18);
    ck_assert_uint_eq(m->irq0_delivered, 18);
    machine_free(m);
}
END_TEST

/* pit1k.com: channel 0 reloaded with 1193, an IRQ every 1193 x 4 = 4772
 * cycles.  From the PIT load to the CLI after the busy loop:
 *   STI 2 + MOV DX 4 = 6
 *   5 x (MOV CX,0 4 + 65535 x LOOP 17 + LOOP 5 + DEC DX 2) + 4 x JNZ 16 + JNZ 4
 *     = 5570598
 * and each interrupt adds H = acknowledge 61 + 5 words x 4 = 81, PUSH AX
 * 15, INC WORD [CS:ticks] 2 + 15 + EA 6 + 2 words x 4 = 31, MOV AL 4,
 * OUT 10, POP AX 12, IRET 44 = 197.  N interrupts fit when
 * N x 4772 <= 5570604 + N x 197, i.e. N = floor(5570604 / 4575) = 1217. */
START_TEST(reprogrammed_pit_counts_match_emulated_time)
{
    struct run_result r;
    ck_assert_uint_eq(5ull * (4 + 65535 * 17 + 5 + 2) + 4 * 16 + 4, 5570598);
    ck_assert_uint_eq((6 + 5570598) / (4772 - 197), 1217);
    struct profil_options o = fixture_options(FIX("pit1k.com"), TMP "/pit1k.prf");
    o.timing = PROFIL_TIMING_TABLE;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    int n = atoi(r.out);
    ck_assert_msg(n >= 1216 && n <= 1218, "the program counted %d ticks, expected 1217 +-1", n);
}
END_TEST

/* pfxsti.com (see its comment): IRQ0 waits while IF is clear; STI lets
 * it in after the next instruction, with or without a prefix before STI
 * (the wrapper looked at the first byte for an instruction that may set
 * IF, so ES: STI let it in only at the next sampling tick or timer
 * deadline: "01 00 ").  Both clocks: the tick count does not depend on
 * them. */
START_TEST(prefixed_sti_lets_a_waiting_irq_in)
{
    for (int table = 0; table < 2; table++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("pfxsti.com"), TMP "/pfxsti.prf");
        if (table)
            o.timing = PROFIL_TIMING_TABLE;
        run_session(&r, &o, NULL);
        ck_assert_int_eq(r.status, 0);
        ck_assert_str_eq(r.out, "01 01 ");
    }
}
END_TEST

Suite *timer_suite(void)
{
    Suite *s = suite_create("timer");
    TCase *tc = tcase_create("irq0");
    tcase_add_test(tc, bios_counts_ticks_at_18_2_hz);
    tcase_add_test(tc, reprogrammed_pit_counts_match_emulated_time);
    tcase_add_test(tc, prefixed_sti_lets_a_waiting_irq_in);
    suite_add_tcase(s, tc);
    return s;
}
