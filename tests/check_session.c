/*
 * tests/check_session.c: lib/session.c's run and its stops: an untrusted guest that crashes, loops forever,
 * calls what is not implemented or is stopped with Ctrl-C still leaves a
 * valid profile, and profil says what happened.
 */
#include "testutil.h"
#include "../emu/machine.h"

#include <signal.h>
#include <time.h>

static void expect_run(const char *fixture, const char *options, int status, const char *fragment)
{
    struct run_result r;
    struct prf p;
    char args[512];
    unlink(TMP "/g.prf");
    snprintf(args, sizeof args, "run -q %s -o " TMP "/g.prf %s", options, fixture);
    run_profil(&r, args, NULL);
    ck_assert_msg(r.status == status, "%s: exit %d, want %d (%s)", fixture, r.status, status, r.err);
    ck_assert_msg(strstr(r.err, fragment) != NULL, "%s: stderr '%s' lacks '%s'", fixture, r.err, fragment);
    read_prf(TMP "/g.prf", &p);     /* written, and valid */
    prf_free(&p);
}

START_TEST(invalid_opcode_is_a_crash_with_a_profile)
{
    expect_run(FIX("crash.com"), "--cpu 286", 126, "invalid opcode 0F at 0185:0106");
}
END_TEST

/* AAM 0 would kill profil with SIGFPE inside libx86emu: it must reach the
 * guest as INT 0 (whose default handler ends the run), returning past the
 * two-byte instruction as the 8086 does. */
START_TEST(aam_zero_is_a_guest_divide_error)
{
    expect_run(FIX("aam0.com"), "", 126, "divide overflow (INT 0, returning to 0185:0104)");
}
END_TEST

/* A 186 instruction on the default 8088: one hint naming it and CS:IP,
 * then the 8086's behaviour (6A is JPE there, printing '8'); --cpu 186
 * runs PUSH 3 and prints '1', with no hint. */
START_TEST(later_cpu_instruction_hints_once)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("later.com"), TMP "/g.prf");
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "8");
    ck_assert_str_eq(r.err, "profil: PUSH imm8 (6Ah) at 0185:0102 is a 186 instruction;"
                            " running it as the 8086 does (try --cpu 186)\n");
    o = fixture_options(FIX("later.com"), TMP "/g.prf");
    o.cpu = PROFIL_CPU_186;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "1");
    ck_assert_str_eq(r.err, "");
    run_profil(&r, "run -q --cpu 8087 " FIX("later.com"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --cpu 8087: want 8088, 8086, 186 or 286\n");
}
END_TEST

/* The CPU models' table (emu/cpu/cpu_models.c) answers every question
 * about a model: the names round-trip, the NEC V20's kind of row (8-bit
 * bus, 186 instructions) is expressible, only the 8088 has the 8-bit bus
 * and 4-byte queue, and a model past the table is refused. */
START_TEST(cpu_model_rows_answer_for_each_model)
{
    for (unsigned i = 0; i < PROFIL_CPUS; i++) {
        enum profil_cpu back;
        ck_assert_int_eq(profil_cpu_parse(profil_cpu_name((enum profil_cpu)i), &back), 0);
        ck_assert_int_eq(back, (int)i);
        const struct cpu_model_row *row = cpu_model_row((enum cpu_model)i);
        ck_assert_ptr_nonnull(row);
        ck_assert_uint_eq(row->queue, row->bus_bytes == 1 ? 4 : 6);
        ck_assert_int_eq(row->isa == CPU_ISA_8086, row->bus_plans);
        ck_assert_int_eq(row->resume_all_prefixes, row->isa != CPU_ISA_8086);
        ck_assert_int_eq(profil_cpu_has_bus((enum profil_cpu)i), row->bus_plans);
    }
    ck_assert_uint_eq(cpu_model_row(CPU_8088)->bus_bytes, 1);
    ck_assert_uint_eq(cpu_model_row(CPU_8086)->bus_bytes, 2);
    ck_assert_ptr_null(cpu_model_row(CPU_MODELS));
    ck_assert_ptr_null(profil_cpu_name(PROFIL_CPUS));
    ck_assert_ptr_null(machine_new(CPU_MODELS));
    struct run_result r;
    struct profil_options o = fixture_options(FIX("later.com"), TMP "/g.prf");
    o.cpu = PROFIL_CPUS;
    run_session(&r, &o, NULL);
    ck_assert_int_ne(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, "no such CPU model (4)"));
}
END_TEST

/* fpuprobe.asm: with no coprocessor, ESC instructions do nothing on every
 * --cpu model (libx86emu's 186 and 286 stopped at FNINIT as an invalid
 * opcode), so the program finds no 8087. */
START_TEST(esc_without_a_coprocessor_does_nothing_on_every_cpu)
{
    static const enum profil_cpu cpus[] = { PROFIL_CPU_8088, PROFIL_CPU_8086, PROFIL_CPU_186, PROFIL_CPU_286 };
    for (size_t i = 0; i < sizeof cpus / sizeof cpus[0]; i++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("fpuprobe.com"), TMP "/g.prf");
        o.cpu = cpus[i];
        run_session(&r, &o, NULL);
        ck_assert_msg(r.status == 0, "cpu %d: exit %d (%s)", (int)cpus[i], r.status, r.err);
        ck_assert_str_eq(r.out, "no 8087\r\n");
        ck_assert_str_eq(r.err, "");
    }
}
END_TEST

/* tstep.asm (its comment derives every count): the single-step trap after
 * the instruction that follows a POPF or IRET setting TF, once per REP
 * iteration, not between MOV SS and the next instruction, after a hardware
 * interrupt taken at the same boundary (INT 1 returns to the IRQ's
 * handler), and after INT 3 (returning to its handler).  DOSBox 0.74
 * prints "0007 0000 0006 0000 000B 0000 0000 0007 0000 0001" and
 * "0007 0000 0007 033A 1192 0006 FF9C 0001": it agrees on A, B, C and E,
 * and differs where it departs from the 8086 (docs/services.md): REPE
 * CMPSB traps once, not per iteration (D); the trap comes before the
 * waiting IRQ (F); no trap follows INT 3 (G).  Both timings. */
START_TEST(single_step_traps_as_the_8086)
{
    static const char *const timings[] = { "bus", "table" };
    for (int t = 0; t < 2; t++) {
        struct run_result r;
        char args[256];
        snprintf(args, sizeof args, "run -q --timing %s -o " TMP "/g.prf " FIX("tstep.com"), timings[t]);
        run_profil(&r, args, NULL);
        ck_assert_msg(r.status == 0, "exit %d (%s)", r.status, r.err);
        ck_assert_str_eq(r.out, "0007 0000 0006 0000 000B 0000 0000 000A 0000 0001 \r\n"
                                "0007 0000 0007 0000 0000 0007 0000 0001 ");
    }
}
END_TEST

/* A fixture's output under several sets of run options. */
struct fixture_run {
    const char *options, *out;
};

/* Run build/fixtures/`fixture` once per entry of `runs` with its options:
 * each must exit 0 and print exactly its `out`. */
static void fixture_prints(const char *fixture, const struct fixture_run *runs, size_t n)
{
    for (size_t k = 0; k < n; k++) {
        struct run_result r;
        char args[256];
        snprintf(args, sizeof args, "run -q %s -o " TMP "/g.prf " FIXTURE_DIR "%s", runs[k].options, fixture);
        run_profil(&r, args, NULL);
        ck_assert_msg(r.status == 0, "%s %s: exit %d (%s)", fixture, runs[k].options, r.status, r.err);
        ck_assert_msg(strcmp(r.out, runs[k].out) == 0, "%s %s: printed '%s', not '%s'", fixture, runs[k].options, r.out,
                      runs[k].out);
    }
}

/* prefloss.asm (its comment derives each line): a single-stepped REP with
 * two prefixes resumes from its last prefix on the NMOS 8088 and 8086 --
 * REP ES: MOVSB goes on as ES: MOVSB once (CX left 3, two bytes from ES),
 * ES: REP MOVSB as REP MOVSB from DS -- and whole on the 186 and 286. */
START_TEST(interrupted_rep_keeps_only_its_last_prefix)
{
    static const struct { const char *cpu, *out; } runs[] = {
        { "8088", "0003 EE.. 0000 EDDD NMOS 8088/8086\r\n" },
        { "8086", "0003 EE.. 0000 EDDD NMOS 8088/8086\r\n" },
        { "186", "0000 EEEE 0000 EEEE 186/286\r\n" },
        { "286", "0000 EEEE 0000 EEEE 186/286\r\n" },
    };
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        struct run_result r;
        char args[256];
        snprintf(args, sizeof args, "run -q --cpu %s -o " TMP "/g.prf " FIX("prefloss.com"), runs[k].cpu);
        run_profil(&r, args, NULL);
        ck_assert_msg(r.status == 0, "exit %d (%s)", r.status, r.err);
        ck_assert_str_eq(r.out, runs[k].out);
    }
}
END_TEST

/* repirq.asm (its comment derives each line): a REP string the timer
 * interrupts resumes from its last prefix on the NMOS 8088 and 8086 --
 * REP ES: LODSB goes on as ES: LODSB once (CX left non-zero), ES: REP
 * LODSB as REP LODSB from DS (its last byte a 'D') -- and whole on the
 * 186 and 286, under either clock. */
START_TEST(rep_cut_by_an_interrupt_keeps_only_its_last_prefix)
{
    static const struct fixture_run runs[] = {
        { "", "0001 45 0000 44 " },
        { "--timing table", "0001 45 0000 44 " },
        { "--cpu 8086", "0001 45 0000 44 " },
        { "--cpu 186", "0000 45 0000 45 " },
        { "--cpu 286", "0000 45 0000 45 " },
    };
    fixture_prints("repirq.com", runs, sizeof runs / sizeof runs[0]);
}
END_TEST

/* queue.asm (its comment derives each figure): under the bus model, a
 * write over the bytes the prefetch queue holds after the writing
 * instruction does not change what runs -- 4 bytes on the 8088, 6 on the
 * 8086; the table model (and the 186 and 286, which only have it) has no
 * queue. */
START_TEST(self_modifying_code_sees_the_queue)
{
    static const struct fixture_run runs[] = {
        { "", "0001 0000 0000 0000 4-byte queue: 8088\r\n" },
        { "--timing table", "0000 0000 0000 0000 no prefetch queue\r\n" },
        { "--cpu 8086", "0001 0001 0001 0000 6-byte queue: 8086\r\n" },
        { "--cpu 8086 --timing table", "0000 0000 0000 0000 no prefetch queue\r\n" },
        { "--cpu 186", "0000 0000 0000 0000 no prefetch queue\r\n" },
    };
    fixture_prints("queue.com", runs, sizeof runs / sizeof runs[0]);
}
END_TEST

/* jmpflush.asm (its comment derives each figure): a taken jump empties
 * the queue even when it goes to the very next byte, so a write over the
 * code ahead followed by JMP SHORT $+2 (or a taken JCXZ $+2) runs the new
 * bytes; a JCXZ not taken keeps the old ones in the queue.  The table
 * model has no queue. */
START_TEST(jump_to_the_next_byte_runs_the_new_code)
{
    static const struct fixture_run runs[] = {
        { "", "0000 0000 0001 \r\n" },
        { "--cpu 8086", "0000 0000 0001 \r\n" },
        { "--timing table", "0000 0000 0000 \r\n" },
        { "--cpu 8086 --timing table", "0000 0000 0000 \r\n" },
        { "--trace", "0000 0000 0001 \r\n" },
    };
    fixture_prints("jmpflush.com", runs, sizeof runs / sizeof runs[0]);
}
END_TEST

/* cpuid.asm (its comment gives each step's reading per CPU): the classic
 * identification names the 8088 by default, the 8086 with --cpu 8086, and
 * the 186 and 286 with those models, by FLAGS bits 12-15, the shift
 * count's mask, PUSH SP, an interrupted REP ES: LODSB (CX left non-zero:
 * the NMOS prefix loss; whole, it would read "NEC V20/V30"), the queue
 * and the 186's invalid-opcode INT 6. */
START_TEST(classic_detection_names_each_cpu)
{
    static const struct fixture_run runs[] = {
        { "", "0F 0000 FFFE 0001 0000 8088\r\n" },
        { "--timing table", "0F 0000 FFFE 0001 0000 8088\r\n" },
        { "--cpu 8086", "0F 0000 FFFE 0001 0001 8086\r\n" },
        { "--cpu 186", "0F 0002 FFFE 0000 0000 0001 80186\r\n" },
        { "--cpu 286", "00 0002 0000 0000 0000 80286\r\n" },
    };
    fixture_prints("cpuid.com", runs, sizeof runs / sizeof runs[0]);
}
END_TEST

/* stidelay.asm: an IRQ waiting when STI sets IF comes after the next
 * instruction (its handler sees AX=1: the INC ran); after a POPF that sets
 * IF it comes at once (AX=0).  Before the STI delay, both were 0000. */
START_TEST(sti_lets_interrupts_in_after_the_next_instruction)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("stidelay.com"), TMP "/g.prf");
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "exit %d (%s)", r.status, r.err);
    ck_assert_str_eq(r.out, "0001 0000 ");
}
END_TEST

START_TEST(unimplemented_function_reported_once)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("unimpl.com"), TMP "/g.prf");
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "carry set\r\n");
    ck_assert_str_eq(r.err, "profil: INT 21h AH=5Dh at 0186:0103 not implemented\n");
    expect_run(FIX("unimpl.com"), "--strict", 126, "INT 21h AH=5Dh at 0186:0103 not implemented (--strict)");
}
END_TEST

START_TEST(runaway_program_stops_at_the_limits)
{
    expect_run(FIX("forever.com"), "--timeout 2", 124, "timeout after 2.000 s emulated");
    expect_run(FIX("forever.com"), "--max-instructions 100000", 124, "stopped after 100000 instructions");
    expect_run(FIX("aliasloop.com"), "--max-instructions 1000", 124, "stopped after 1000 instructions");
}
END_TEST

/* The bytes of the last run's stdout and how many of them are 'x'. */
static long out_bytes(long *xs)
{
    FILE *f = fopen(TMP "/out", "rb");
    long n = 0;
    int c;
    *xs = 0;
    while (f && (c = getc(f)) != EOF) {
        n++;
        *xs += c == 'x';
    }
    if (f)
        fclose(f);
    return n;
}

/* nodollar.com prints 64 KiB without a '$' with INT 21h/09h, again and
 * again: before the fix --max-instructions 10000 let it print 34 MB in
 * 36 s of host time (each call is one instruction).  Now the characters
 * DOS writes count against the limit: exactly 10000 'x' (and nothing
 * else: -q), then the run stops.  --timeout 0.5 stops it too: 0.5 s at
 * 4.77 MHz is 2,386,364 cycles, each character costs at least 1020
 * (120 in DOS + 900 in the console driver, docs/costs.md), so at most
 * 2339 of them fit, plus the 256 of the piece in which the deadline
 * passes.  The run is killed after 10 s (the old code took 36). */
START_TEST(service_output_is_bounded_by_the_limits)
{
    struct run_result r;
    long xs;
    run_profil_limited(&r, 10, "run -q --timing table --max-instructions 10000 -o " TMP "/g.prf " FIX("nodollar.com"),
                       NULL);
    ck_assert_int_eq(r.status, 124);
    ck_assert_int_eq(out_bytes(&xs), 10000);
    ck_assert_int_eq(xs, 10000);
    ck_assert_str_eq(r.err, "profil: " FIX("nodollar.com") ": stopped after 10000 bytes of DOS and BIOS service output\n");
    run_profil_limited(&r, 10, "run -q --timing table --timeout 0.5 -o " TMP "/g.prf " FIX("nodollar.com"), NULL);
    ck_assert_int_eq(r.status, 124);
    ck_assert_int_le(out_bytes(&xs), 2339 + 256);
    ck_assert_int_gt(xs, 0);
}
END_TEST

/* Ctrl-C on the host: the profile so far is written, "Program aborted". */
START_TEST(host_ctrl_c_writes_the_profile)
{
    unlink(TMP "/c.prf");
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        if (!freopen(TMP "/c.err", "w", stderr) || !freopen("/dev/null", "r", stdin))
            _exit(99);
        execl(PROFIL_BIN, "profil", "run", "-o", TMP "/c.prf", FIX("forever.com"), (char *)NULL);
        _exit(98);
    }
    usleep(startup_wait_us(400000));
    kill(pid, SIGINT);
    int st;
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFEXITED(st));
    ck_assert_int_eq(WEXITSTATUS(st), 130);
    char err[4096];
    slurp(TMP "/c.err", err, sizeof err);
    ck_assert_ptr_nonnull(strstr(err, "profil: Program aborted\n"));
    struct prf p;
    read_prf(TMP "/c.prf", &p);
    ck_assert_uint_gt(p.bucket[0], 0);
    prf_free(&p);
}
END_TEST

Suite *session_suite(void)
{
    Suite *s = suite_create("session");
    TCase *tc = tcase_create("untrusted");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, invalid_opcode_is_a_crash_with_a_profile);
    tcase_add_test(tc, later_cpu_instruction_hints_once);
    tcase_add_test(tc, cpu_model_rows_answer_for_each_model);
    tcase_add_test(tc, rep_cut_by_an_interrupt_keeps_only_its_last_prefix);
    tcase_add_test(tc, aam_zero_is_a_guest_divide_error);
    tcase_add_test(tc, unimplemented_function_reported_once);
    tcase_add_test(tc, esc_without_a_coprocessor_does_nothing_on_every_cpu);
    tcase_add_test(tc, single_step_traps_as_the_8086);
    tcase_add_test(tc, interrupted_rep_keeps_only_its_last_prefix);
    tcase_add_test(tc, self_modifying_code_sees_the_queue);
    tcase_add_test(tc, jump_to_the_next_byte_runs_the_new_code);
    tcase_add_test(tc, classic_detection_names_each_cpu);
    tcase_add_test(tc, sti_lets_interrupts_in_after_the_next_instruction);
    tcase_add_test(tc, runaway_program_stops_at_the_limits);
    tcase_add_test(tc, service_output_is_bounded_by_the_limits);
    tcase_add_test(tc, host_ctrl_c_writes_the_profile);
    suite_add_tcase(s, tc);
    return s;
}
