/*
 * tests/check_bus.c: `--timing bus` (emu/cpu/biu.c, emu/cpu/biu_plan.c).
 *
 * Each expected count is a SingleStepTests 8086 hardware trace read by
 * hand (the test names the instruction, the queue it started with, and
 * what happened on the bus), or derived from the BIU's rules for a plan
 * written here.  Also: the 8088's byte-wide queue makes a run of NOPs
 * fetch-bound, and the command line's --timing.
 */
#include "../emu/cpu/biu.h"
#include "../emu/cpu/cpu.h"
#include "../emu/machine.h"
#include "testutil.h"

#define SEG 0x1000u

/* A PC with nothing but memory and ports that read FFh. */
static struct machine *bare_machine(enum cpu_model model)
{
    struct machine *m = machine_new(model);
    ck_assert_ptr_nonnull(m);
    m->bare_bus = 1;
    m->rom_start = MEM_SIZE;
    return m;
}

/* The clocks of `insns` instructions from CS:IP under --timing bus, the
 * queue holding `queued` bytes from CS:IP; frees m. */
static uint64_t bus_run(struct machine *m, unsigned queued, uint64_t insns)
{
    ck_assert_int_eq(cpu_set_bus_model(m, queued), 0);
    machine_set_max_insn(m, insns);
    machine_run(m);
    uint64_t t = m->now + cpu_settle(m);
    machine_free(m);
    return t;
}

/* A bare machine with `code` at CS:IP = SEG:ip, NOPs after it, SS:SP =
 * 2000h:sp (DS 0 and the other registers 0 unless the caller sets them). */
static struct machine *placed(enum cpu_model model, uint16_t ip, uint16_t sp, const uint8_t *code, size_t n)
{
    struct machine *m = bare_machine(model);
    mem_write(m, lin(SEG, ip), code, n);
    for (unsigned i = 0; i < 8; i++)
        mem_wb(m, lin(SEG, (uint16_t)(ip + n + i)), 0x90);
    cpu_set(m, REG_CS, SEG);
    cpu_set(m, REG_IP, ip);
    cpu_set(m, REG_SS, 0x2000);
    cpu_set(m, REG_SP, sp);
    return m;
}

/* One instruction's clocks under --timing bus on an 8086 whose queue holds
 * `queued` bytes from CS:IP (the instruction and what follows it). */
static unsigned run_one(enum cpu_model model, uint16_t ip, unsigned queued, uint16_t sp, const uint8_t *code,
                        size_t n)
{
    return (unsigned)bus_run(placed(model, ip, sp, code, n), queued, 1);
}

START_TEST(push_waits_for_a_fetch)
{
    static const uint8_t push_ax[] = { 0x50 };
    /* Queue full (6): reading the opcode leaves 5, no room for a word, no
     * fetch; the write's T1 at 7 as planned, the next byte read at 10. */
    ck_assert_uint_eq(run_one(CPU_8086, 0x100, 6, 0x200, push_ax, 1), 10);
    /* Queue 5: reading the opcode leaves room; the fetch runs T1-T4 at
     * clocks 2-5.  The EU asks for the bus at 4, after that fetch's T3
     * decision: its T1 comes 3 clocks after T4, at 8; done at 11. */
    ck_assert_uint_eq(run_one(CPU_8086, 0x100, 5, 0x200, push_ax, 1), 11);
}
END_TEST

START_TEST(store_after_a_prefix)
{
    /* MOV [disp16],AL with DS: and a full queue (the hardware's
     * "mov byte [ds:ABA1h], al", 13 clocks): the prefix and the opcode
     * read at 0 and 2 leave room, a fetch runs 4-7, the EU's request
     * misses its T3, the write's T1 at 10, done at 13. */
    static const uint8_t mov_ds[] = { 0x3E, 0xA2, 0xA1, 0xAB };
    ck_assert_uint_eq(run_one(CPU_8086, 0x100, 6, 0x200, mov_ds, 4), 13);
    /* Without the prefix ("mov byte [ds:E721h], al", 11): the fetch at 4-7
     * is still on the bus when the EU asks in time for its T3: the write
     * follows T4 at once, at 8; done at 11. */
    static const uint8_t mov[] = { 0xA2, 0x21, 0xE7 };
    ck_assert_uint_eq(run_one(CPU_8086, 0x100, 6, 0x200, mov, 3), 11);
}
END_TEST

START_TEST(no_fetch_just_after_a_bus_cycle)
{
    /* "mov bp, word [ss:bx+si-4E00h]", the queue holding only its 5 bytes
     * (21 clocks on the hardware): SS: read at 0, the opcode at 2, the
     * ModR/M at 3; fetches at 2-5 and 6-9; the displacement read at 9 (T4)
     * and 10.  The read at 10, the first clock after a T4, puts its fetch
     * off from 11 to 13, and the EU, asking at 12, goes first: its read
     * finds the bus idle at 2 + 11 (EA) + 2 = 15; done at 15 + 6 = 21. */
    static const uint8_t mov[] = { 0x36, 0x8B, 0xA8, 0x00, 0xB2 };
    ck_assert_uint_eq(run_one(CPU_8086, 0xF60D, 5, 0x200, mov, 5), 21);
}
END_TEST

START_TEST(a_fetch_wanted_in_t4)
{
    /* "add word [ds:si+3036h], bx", queue 6 (26 clocks on the hardware):
     * the opcode and ModR/M read at 0 and 1 leave room, a fetch runs 3-6,
     * the displacement is read at 5 and 6.  The read in T4 (6) makes room
     * for a fetch at 8, put off to 10; the EU, asking at 8 for its read
     * at 11 (1 + 9 + 1), goes first but pays a clock for it: the read at
     * 12, the write at 12 + 11, done at 26. */
    static const uint8_t add[] = { 0x01, 0x9C, 0x36, 0x30 };
    ck_assert_uint_eq(run_one(CPU_8086, 0x780A, 6, 0x200, add, 4), 26);
    /* "jmp word [ss:di-65h]", queue 6 (33): the displacement read in T4
     * (7) of the fetch at 4-7 wants a fetch at 9, put off to 11; the EU
     * asks at 10, before it, and pays nothing: its split word is read at
     * 13 and 17.  The queue, at 4, has room after the EU's reads, so a fetch
     * runs at 21-24 and the jump waits for it: flush at 26, refill at
     * 28-31, the target's first byte read at 33. */
    static const uint8_t jmp[] = { 0x36, 0xFF, 0x65, 0x9B };
    ck_assert_uint_eq(run_one(CPU_8086, 0xBF64, 6, 0x200, jmp, 4), 33);
}
END_TEST

START_TEST(jump_waits_for_the_fetch_then_refills)
{
    static const uint8_t jmp[] = { 0xEB, 0x09 };
    /* JMP short, queue full: nothing fetched; the queue is emptied at 8,
     * the target's first word fetched at 10-13, the next opcode read at 15
     * (the hardware's 15). */
    ck_assert_uint_eq(run_one(CPU_8086, 0x100, 6, 0x200, jmp, 2), 15);
    /* Queue 5 (the fetch address even): a fetch runs 2-5, and the jump
     * waits for its T4 before it stops prefetching: flush at 10, 17. */
    ck_assert_uint_eq(run_one(CPU_8086, 0x101, 5, 0x200, jmp, 2), 17);
}
END_TEST

START_TEST(far_call_stops_prefetching_before_its_pushes)
{
    /* "callf 2A53h:33D3h" at IP B85Ch, SP DC45h (odd), queue 6 (37 clocks
     * on the hardware): the opcode read at 0, the 4 immediates at 2-5; a
     * fetch at 4-7 (room after the read at 2).  Prefetching stops after
     * the immediates (the schedule's suspend, 10 clocks before the flush's
     * 20): the queue has room at that fetch's T3 (6) and after it, yet no
     * fetch follows.  CS is pushed at the odd SP-2 in two cycles, 13 and
     * 17; the flush at 24 (the schedule's 20, 4 late for the split), the
     * target fetched at 26-29, IP pushed at 30 and 34, done 37.  Counting
     * the split push (which comes after it) into the suspend's time let a
     * fetch run at 8-11 and made it 39. */
    static const uint8_t callf[] = { 0x9A, 0xD3, 0x33, 0x53, 0x2A };
    ck_assert_uint_eq(run_one(CPU_8086, 0xB85C, 6, 0xDC45, callf, 5), 37);
}
END_TEST

START_TEST(far_call_indirect_stops_prefetching_after_its_reads)
{
    /* "callf word [ds:bx+di+2F8Fh]" at IP 404Bh, the operand at an even
     * address, SP even, queue 5 (49 clocks on the hardware): opcode 0,
     * ModR/M 1, a fetch at 2-5, the displacement read at 8 and 9, a fetch
     * at 10-13; the offset read at 14, the segment at 23, CS pushed at 33,
     * the flush at 40, the target fetched at 42-45, IP pushed at 46, done
     * 49.  The schedule's suspend (9 after the EA's 12: 21) comes after
     * the segment read the EU asks for at 20 (3 clocks before its T1);
     * taken before that read, it came first and the read went a clock
     * late: 50. */
    static const uint8_t callf[] = { 0xFF, 0x99, 0x8F, 0x2F };
    struct machine *m = placed(CPU_8086, 0x404B, 0x98A2, callf, sizeof callf);
    cpu_set(m, REG_DS, 0x3000);
    cpu_set(m, REG_BX, 0x1000);
    cpu_set(m, REG_DI, 0x0001);     /* BX+DI+2F8Fh = 3F90h: even */
    ck_assert_uint_eq(bus_run(m, 5, 1), 49);
}
END_TEST

START_TEST(a_fetch_wanted_in_t4_runs_2_clocks_later)
{
    /* "mov word [ds:di+69DBh], bp" at IP B0FCh, the word at an odd address,
     * queue 6 (23 clocks on the hardware): opcode 0, ModR/M 1, a fetch at
     * 3-6; the displacement read at 5 and in that fetch's T4, 6.  The read
     * in T4 wants a fetch at 8, which does not start then but 2 clocks
     * later, at 10-13.  The EU asks at 12 (3 before 6 + 9 EA), in its T3:
     * the write's two cycles at 16 and 20, done 23.  With that fetch
     * dropped, the write came at 15: 22. */
    static const uint8_t mov[] = { 0x89, 0xAD, 0xDB, 0x69 };
    ck_assert_uint_eq(run_one(CPU_8086, 0xB0FC, 6, 0x200, mov, 4), 23);
    /* "mov byte [ds:si-5Bh], EAh" at IP ED9Ch, queue 6 (21): DS: read at
     * 0, the opcode at 2, ModR/M at 3; a fetch at 4-7, the displacement
     * read in its T4 (7): the fetch it wants runs at 11-14, its byte
     * readable after T3 (13) where the EU reads the immediate; the write,
     * asked for at 15 (2 + 2 + 9 EA + 2 = 15 + 3), at 18, done 21. */
    static const uint8_t mov_imm[] = { 0x3E, 0xC6, 0x54, 0xA5, 0xEA };
    ck_assert_uint_eq(run_one(CPU_8086, 0xED9C, 6, 0x200, mov_imm, 5), 21);
}
END_TEST

START_TEST(a_fetch_wanted_just_after_t4_runs_2_clocks_later)
{
    /* "mov word [ds:bx+si-30C9h], ss" at IP 5BCDh, the word at an even
     * address, queue 5 (22 clocks on the hardware): DS: read at 0, the
     * opcode at 2, ModR/M at 3; fetches at 2-5 and 6-9 fill the queue; the
     * displacement read in the second one's T4 (9, no room yet) and in the
     * clock after it (10, room).  The read just after T4 starts no fetch
     * at 12 but one at 13-16, 2 clocks later; the EU asks at 15 (3 before
     * 2 + 5 + 11 EA), in its T3: the write at 19, done 22.  With no fetch,
     * the write came at 18: 21. */
    static const uint8_t mov[] = { 0x3E, 0x8C, 0xB0, 0x37, 0xCF };
    struct machine *m = placed(CPU_8086, 0x5BCD, 0x200, mov, sizeof mov);
    cpu_set(m, REG_BX, 0x30C9);     /* BX+SI-30C9h = 0: even */
    ck_assert_uint_eq(bus_run(m, 5, 1), 22);
}
END_TEST

START_TEST(salc_takes_a_clock_more_with_cf)
{
    /* "salc" with a full queue: 3 clocks with CF clear (IP C33Eh), 4 with
     * CF set (IP 105Ch), as the hardware took them: nothing on the bus,
     * the next opcode already queued. */
    static const uint8_t salc[] = { 0xD6 };
    ck_assert_uint_eq(run_one(CPU_8086, 0xC33E, 6, 0x200, salc, 1), 3);
    struct machine *m = placed(CPU_8086, 0x105C, 0x200, salc, 1);
    cpu_set(m, REG_FLAGS, 0x0001);
    ck_assert_uint_eq(bus_run(m, 6, 1), 4);
}
END_TEST

START_TEST(eu_request_on_an_idle_bus)
{
    /* A plan by hand: one byte, a write wanted at 7, done at 10; the BIU
     * has a full queue, so nothing competes: exactly the plan. */
    struct biu b = { 0 };
    struct eu_plan p = { 0 };
    biu_init(&b, 1, 6, 0x10006);
    p.n = 2;
    p.kind[0] = EU_QUEUE_READ;
    p.at[0] = 0;
    p.kind[1] = EU_BUS;
    p.at[1] = 7;
    p.done = 10;
    ck_assert_uint_eq(biu_run(&b, &p), 10);
    /* The same with an empty queue: the first word is fetched at 0-3 and
     * readable after T3, so the byte is read at 3 and the plan runs 3 late.
     * The next fetch (4-7) brings the queue to 3; the EU asks at 7, on its
     * T4, too late for T3: T1 at 7+3 = 10, which is also where the plan,
     * 3 late, wants it.  Done at 3+10 = 13. */
    biu_init(&b, 1, 0, 0x10000);
    ck_assert_uint_eq(biu_run(&b, &p), 13);
}
END_TEST

START_TEST(refresh_served_while_the_bus_is_idle)
{
    /* An 8088 plan by hand: one byte read at 0, done at 40 (a long
     * instruction with nothing on the bus, as DIV's), the queue full (4).
     * The read leaves room: a fetch 2 clocks later, T1-T4 at 2-5, its byte
     * filling the queue at T3 (4), so no other; the bus is idle from 6.
     * The refresh requests at 20: HRQ at 22 finds the bus idle, the DMA
     * gets it at 22, READY is low at 24-29 and back at 30, when the next
     * request is set a period on, at 20 + 72 = 92.  Nothing of the CPU's
     * is on the bus, so the instruction takes its 40 clocks, and leaves the
     * next request 92 - 40 = 52 clocks on, none granted.  biu_run skips
     * the idle clocks (idle_until): without the refresh among their
     * wakes, the grant would be made at the last clock (39) instead, and
     * left under way. */
    struct biu b = { 0 };
    struct eu_plan p = { 0 };
    biu_init(&b, 0, 4, 0x10004);
    b.refresh_dreq = 20;
    b.refresh_period = 72;
    p.n = 1;
    p.kind[0] = EU_QUEUE_READ;
    p.at[0] = 0;
    p.done = 40;
    ck_assert_uint_eq(biu_run(&b, &p), 40);
    ck_assert_int_eq(b.refresh_grant, BIU_NO_REFRESH);
    ck_assert_int_eq(b.refresh_dreq, 52);
    ck_assert_uint_eq(b.queued, 4);
    /* A request at 37: HRQ at 39, the last clock, the grant made then and
     * under way at the end (-1: a clock before the next instruction's
     * first), the request 37 - 40 = -3. */
    biu_init(&b, 0, 4, 0x10004);
    b.refresh_dreq = 37;
    b.refresh_period = 72;
    ck_assert_uint_eq(biu_run(&b, &p), 40);
    ck_assert_int_eq(b.refresh_grant, -1);
    ck_assert_int_eq(b.refresh_dreq, -3);
}
END_TEST

/* Clocks of a run of `n` copies of an instruction of `len` bytes, from an
 * empty queue. */
static uint64_t repeated(enum cpu_model model, unsigned n, const uint8_t *insn, unsigned len)
{
    struct machine *m = bare_machine(model);
    for (unsigned i = 0; i < n * len; i++)
        mem_wb(m, lin(SEG, (uint16_t)i), insn[i % len]);
    mem_wb(m, lin(SEG, (uint16_t)(n * len)), 0xF4);
    cpu_set(m, REG_CS, SEG);
    cpu_set(m, REG_IP, 0);
    return bus_run(m, 0, n);
}

START_TEST(short_instructions_are_fetch_bound)
{
    /* NOP takes the EU 3 clocks.  The 8086's bus brings 2 bytes per 4
     * clocks: it keeps up, 3 a NOP.  The 8088's brings 1 per 4: 4 a NOP
     * (the table says 3 for both). */
    static const uint8_t nop[] = { 0x90 };
    uint64_t t86 = repeated(CPU_8086, 1000, nop, 1), t88 = repeated(CPU_8088, 1000, nop, 1);
    ck_assert_uint_ge(t86, 3000);
    ck_assert_uint_le(t86, 3010);
    ck_assert_uint_ge(t88, 4000);
    ck_assert_uint_le(t88, 4010);
    /* SHR AX,1: 2 bytes, 2 clocks of EU work, fetch-bound on both: 8 a go
     * on the 8088 (Abrash measured 8.64 on an IBM PC, DRAM refresh
     * included), 4 on the 8086, whose bus brings both bytes in 4 clocks. */
    static const uint8_t shr[] = { 0xD1, 0xE8 };
    uint64_t s88 = repeated(CPU_8088, 1000, shr, 2), s86 = repeated(CPU_8086, 1000, shr, 2);
    ck_assert_uint_ge(s88, 8000);
    ck_assert_uint_le(s88, 8010);
    ck_assert_uint_ge(s86, 4000);
    ck_assert_uint_le(s86, 4010);
}
END_TEST

/* The 8088's byte arrives in the queue after its fetch's T4 (MartyPC,
 * reenigne's XTCE; docs/timing.md, "The 8088's own schedules"), a clock
 * after the 8086's word, which the EU can read in T4.  MOV AL,[disp16]
 * (A0 lo hi) run over and over is bus-bound on the 8088: per instruction
 * 3 fetches and 1 read, 16 clocks, if the bus is never idle.  The EU
 * reads hi the clock after the T4 of the fetch that brought it, which is
 * the T1 of the next fetch (the BIU chose it at T3: the queue had room).
 * It asks for its read then, in T1, in time for that fetch's T3 decision:
 * its T1 follows that fetch's T4 at once.  So 16 a go (Abrash's
 * Listing 2-3 on an IBM PC: 3.619 us, 17.27 clocks, refresh included).
 * Had the EU read hi in T4 and asked then, too late for T3, its T1 would
 * come 3 clocks after T4: 2 idle clocks, 18 a go (the 8086's rule). */
START_TEST(mov_al_direct_is_bus_bound_on_the_8088)
{
    static const uint8_t mov_al[] = { 0xA0, 0x34, 0x12 };
    uint64_t t100 = repeated(CPU_8088, 100, mov_al, 3), t200 = repeated(CPU_8088, 200, mov_al, 3);
    ck_assert_uint_eq(t200 - t100, 100 * 16);
    /* A NOP after an empty queue: its byte's fetch runs T1-T4 at clocks
     * 0-3 and the EU reads it at 4, the clock after T4; then its 3
     * clocks, while the next byte's fetch runs 4-7 (its T1 2 clocks after
     * a read leaves room would be 6, but the BIU chose it at T3, 2): the
     * next NOP's byte readable at 8.  The first NOP ends at 8. */
    static const uint8_t nop[] = { 0x90 };
    ck_assert_uint_eq(repeated(CPU_8088, 1, nop, 1), 8);
}
END_TEST

START_TEST(command_line)
{
    struct run_result r;
    run_profil(&r, "run --timing bus --trace -o " TMP "/bus.prf " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.err, "(8088, bus timing)"));
    char prx[4096];
    slurp(TMP "/bus.prx", prx, sizeof prx);
    ck_assert_ptr_nonnull(strstr(prx, "\"timing\": \"bus\""));
    run_profil(&r, "run --timing clock " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --timing clock: want table or bus\n");
    run_profil(&r, "run --timing bus --cpu 286 " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --timing bus models the 8088 and 8086 only (not --cpu 286)\n");
    /* the models named are the CPU table's rows with bus plans (emu/cpu/cpu_models.c) */
    run_profil(&r, "run --timing bus --cpu 186 " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --timing bus models the 8088 and 8086 only (not --cpu 186)\n");
}
END_TEST

Suite *bus_suite(void)
{
    Suite *s = suite_create("bus");
    TCase *tc = tcase_create("bus");
    tcase_add_test(tc, push_waits_for_a_fetch);
    tcase_add_test(tc, store_after_a_prefix);
    tcase_add_test(tc, no_fetch_just_after_a_bus_cycle);
    tcase_add_test(tc, a_fetch_wanted_in_t4);
    tcase_add_test(tc, jump_waits_for_the_fetch_then_refills);
    tcase_add_test(tc, far_call_stops_prefetching_before_its_pushes);
    tcase_add_test(tc, far_call_indirect_stops_prefetching_after_its_reads);
    tcase_add_test(tc, a_fetch_wanted_in_t4_runs_2_clocks_later);
    tcase_add_test(tc, a_fetch_wanted_just_after_t4_runs_2_clocks_later);
    tcase_add_test(tc, salc_takes_a_clock_more_with_cf);
    tcase_add_test(tc, eu_request_on_an_idle_bus);
    tcase_add_test(tc, refresh_served_while_the_bus_is_idle);
    tcase_add_test(tc, short_instructions_are_fetch_bound);
    tcase_add_test(tc, mov_al_direct_is_bus_bound_on_the_8088);
    tcase_add_test(tc, command_line);
    suite_add_tcase(s, tc);
    return s;
}
