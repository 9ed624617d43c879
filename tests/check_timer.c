/*
 * tests/check_timer.c: the guest's timer.  The BIOS INT 08h handler counts
 * 40:6Ch at 18.2 Hz of emulated time; a program that reprograms PIT
 * channel 0 and hooks INT 8 sees interrupts at its own rate; an
 * interrupt's frame wraps inside the stack segment.
 */
#include "testutil.h"

#include "../emu/bios/bios.h"
#include "../emu/cpu/timing.h"
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

/* reptick.com: pit1k's handler and rate through one REP LODSW of 65535
 * words.  The interrupts come between the string's iterations (before,
 * one came, after the whole 233 ms).  Under --timing table, from the PIT
 * load to the CLI: CLD 2 + XOR SI 3 + STI 2 + MOV CX 4 = 11, the string
 * 9 + 65535 x 17 (LODSW 13 + its word's 4 on the 8088's bus) + 2 =
 * 1114106, and each interrupt adds pit1k's H = 197, the cut string's end
 * 2 + 5 (the microcode's interrupt routine, TIMING_REP_INTERRUPTED) and
 * the resumed string's start 9: 213 (208 before the routine was
 * modelled: the same count).  N = floor((11 + 1114106) / (4772 - 213)) =
 * 244.  Under the bus model (the default) a word takes about 18.0 clocks
 * (docs/timing.md: 3.773 us, Abrash's REP LODSW), 65535 x 18.0 =
 * 1179630, and with the same 213 about 259 ticks (260 measured; 259
 * with 208).  On the 186 (timed as an 8086: even words cost nothing more)
 * the string is 9 + 65535 x 13 + 2 = 851966 and H = 61 + PUSH AX 11 + INC
 * 23 + MOV 4 + OUT 10 + POP AX 8 + IRET 24 = 141, 157 with the cut: N =
 * floor((11 + 851966) / (4772 - 157)) = 184. */
START_TEST(interrupts_come_between_rep_iterations)
{
    ck_assert_uint_eq(9 + 65535ull * 17 + 2, 1114106);
    ck_assert_uint_eq(197 + 2 + TIMING_REP_INTERRUPTED + 9, 213);
    ck_assert_uint_eq((11 + 1114106) / (4772 - 213), 244);
    ck_assert_uint_eq(1179630 / (4772 - 213), 258);
    ck_assert_uint_eq((11 + 9 + 65535ull * 13 + 2) / (4772 - 157), 184);
    static const struct { enum profil_cpu cpu; enum profil_timing timing; int lo, hi; } runs[] = {
        { PROFIL_CPU_8088, PROFIL_TIMING_TABLE, 243, 245 },
        { PROFIL_CPU_8088, PROFIL_TIMING_DEFAULT, 256, 262 },
        { PROFIL_CPU_186, PROFIL_TIMING_DEFAULT, 183, 185 },
    };
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("reptick.com"), TMP "/reptick.prf");
        o.timing = runs[k].timing;
        o.cpu = runs[k].cpu;
        run_session(&r, &o, NULL);
        ck_assert_int_eq(r.status, 0);
        int n = atoi(r.out);
        ck_assert_msg(n >= runs[k].lo && n <= runs[k].hi, "the program counted %d ticks, expected %d to %d", n,
                      runs[k].lo, runs[k].hi);
    }
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

/* wrapsp.com (see its comment): IRQ 0 taken with SP 1, 3, 5 and 0, its
 * frame's bytes read back at the wrapped offsets, SP and FLAGS after the
 * IRET, the linear byte after the segment untouched; then PUSHF at SP 1
 * (the 8086 layer's FLAGS bits 12-15 set in the wrapped high byte).  Every
 * clock and 8086-family CPU: none of it depends on timing.  Before the
 * wrap the frame went to the next linear bytes: the first line read
 * "0046 0000 0000 0001 F046 F2" (IF lost at the IRET), and at SP 3 the
 * IRET's CS came back with a high byte 00 and the program ran off. */
START_TEST(irq_frame_wraps_inside_the_stack_segment)
{
    static const enum profil_cpu cpus[2] = { PROFIL_CPU_8088, PROFIL_CPU_8086 };
    static const enum profil_timing clocks[2] = { PROFIL_TIMING_TABLE, PROFIL_TIMING_BUS };
    for (unsigned i = 0; i < 4; i++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("wrapsp.com"), TMP "/wrapsp.prf");
        o.cpu = cpus[i & 1];
        o.timing = clocks[i >> 1];
        run_session(&r, &o, NULL);
        ck_assert_msg(r.status == 0, "%u: %s", i, r.err);
        ck_assert_str_eq(r.out, "F246 0000 0000 0001 F246 EE \r\n"
                                "F246 0000 0000 0003 F246 EE \r\n"
                                "F246 0000 0000 0005 F246 EE \r\n"
                                "F246 0000 0000 0000 F246 EE \r\n"
                                "F046 EE \r\n");
    }
}
END_TEST

Suite *timer_suite(void)
{
    Suite *s = suite_create("timer");
    TCase *tc = tcase_create("irq0");
    tcase_add_test(tc, bios_counts_ticks_at_18_2_hz);
    tcase_add_test(tc, reprogrammed_pit_counts_match_emulated_time);
    tcase_add_test(tc, interrupts_come_between_rep_iterations);
    tcase_add_test(tc, prefixed_sti_lets_a_waiting_irq_in);
    tcase_add_test(tc, irq_frame_wraps_inside_the_stack_segment);
    suite_add_tcase(s, tc);
    return s;
}
