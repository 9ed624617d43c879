/*
 * tests/check_fix8086.c: emu/cpu/cpu_fix8086.c: where libx86emu behaves as a 286, the wrapper makes
 * it an 8086 (LIBX86EMU.md's table).  Each test runs hand-written bytes at
 * 1000:0000 (SS:SP = 3000:1000, interrupts off) on a bare machine and
 * checks the 8086's result.
 */
#include "testutil.h"

#include "../emu/machine.h"
#include "../formats/prx.h"

static struct machine *run(const uint8_t *code, size_t n, uint16_t bx)
{
    struct machine *m = machine_new(CPU_8088);
    ck_assert_ptr_nonnull(m);
    m->hinted = 1;                                      /* no 186 hint here */
    mem_write(m, lin(0x1000, 0), code, n);
    mem_wb(m, lin(0x1000, (uint16_t)n), 0xF4);          /* HLT */
    mem_wb(m, lin(0x4000, 0), 0xF4);                    /* INT 0 / INT 60h handler: HLT */
    ivt_set(m, 0x00, 0x4000, 0);
    ivt_set(m, 0x60, 0x4000, 0);
    cpu_set(m, REG_CS, 0x1000);
    cpu_set(m, REG_IP, 0);
    cpu_set(m, REG_SS, 0x3000);
    cpu_set(m, REG_SP, 0x1000);
    cpu_set(m, REG_DS, 0x2000);
    cpu_set(m, REG_BX, bx);
    cpu_set(m, REG_FLAGS, 0);
    machine_run(m);
    return m;
}

/* Declares `name`, the machine after running the bytes given. */
#define RUN(name, bx, ...)                                         \
    static const uint8_t name##_code[] = { __VA_ARGS__ };          \
    struct machine *name = run(name##_code, sizeof name##_code, bx)

START_TEST(push_sp_pushes_the_decremented_value)
{
    RUN(m, 0, 0x54);                                            /* PUSH SP */
    ck_assert_uint_eq(mem_rw(m, lin(0x3000, 0x0FFE)), 0x0FFE);  /* a 286 pushes 1000 */
    machine_free(m);
    RUN(m2, 0, 0xFF, 0xF4);                                     /* PUSH SP via FF /6 */
    ck_assert_uint_eq(mem_rw(m2, lin(0x3000, 0x0FFE)), 0x0FFE);
    machine_free(m2);
}
END_TEST

START_TEST(pushf_sets_bits_12_to_15)
{
    RUN(m, 0, 0x9C);                                            /* PUSHF */
    ck_assert_uint_eq(mem_rw(m, lin(0x3000, 0x0FFE)) & 0xF000, 0xF000);
    machine_free(m);
    RUN(m2, 0, 0xCD, 0x60);                                     /* INT 60h: FLAGS in the frame */
    ck_assert_uint_eq(cpu_get(m2, REG_CS), 0x4000);
    ck_assert_uint_eq(mem_rw(m2, lin(0x3000, 0x0FFE)) & 0xF000, 0xF000);
    machine_free(m2);
}
END_TEST

START_TEST(popf_clears_the_reserved_bits)
{
    /* PUSH BX (BX = FFFF), POPF: bits 3 and 5 read 0, bit 1 reads 1.  IF
     * would be set too; the HLT after it then waits for an interrupt that
     * never comes (the run ends as a guest fault), which is fine here. */
    RUN(m, 0xFFFF, 0x53, 0x9D);
    ck_assert_uint_eq(cpu_get(m, REG_FLAGS) & 0x2A, 0x02);
    machine_free(m);
}
END_TEST

START_TEST(call_sp_jumps_to_sp_before_the_push)
{
    /* CALL SP with SP = 1000: the 8086 jumps to 1000, where a HLT waits (a
     * 286 jumps to 0FFE); the return address 0002 is pushed at 0FFE. */
    struct machine *m = machine_new(CPU_8088);
    static const uint8_t code[] = { 0xFF, 0xD4 };
    mem_write(m, lin(0x1000, 0), code, sizeof code);
    mem_wb(m, lin(0x1000, 0x1000), 0xF4);          /* HLT where the 8086 lands */
    cpu_set(m, REG_CS, 0x1000);
    cpu_set(m, REG_IP, 0);
    cpu_set(m, REG_SS, 0x3000);
    cpu_set(m, REG_SP, 0x1000);
    cpu_set(m, REG_FLAGS, 0);
    machine_run(m);
    ck_assert_uint_eq(cpu_get(m, REG_IP), 0x1001);  /* stopped after the HLT at 1000 */
    ck_assert_uint_eq(mem_rw(m, lin(0x3000, 0x0FFE)), 0x0002);
    machine_free(m);
}
END_TEST

START_TEST(divide_error_pushes_the_next_instruction)
{
    /* DIV BL with BL = 0 (F6 F3) at 1000:0000: INT 0 with return address
     * 1000:0002; a 286 pushes 0000. */
    RUN(m, 0, 0xF6, 0xF3);
    ck_assert_uint_eq(cpu_get(m, REG_CS), 0x4000);
    ck_assert_uint_eq(mem_rw(m, lin(0x3000, 0x0FFA)), 0x0002);
    ck_assert_uint_eq(mem_rw(m, lin(0x3000, 0x0FFC)), 0x1000);
    machine_free(m);
}
END_TEST

/* Opcodes libx86emu reads as 186/286 instructions or rejects, which the
 * 8086 runs as something else (emu/cpu/cpu.c's emulate_8086_only). */

/* SAR by 1 always clears OF on the 8086 (the sign cannot change);
 * libx86emu leaves OF as it was (SingleStepTests D0.7/D1.7 failed on the
 * half that started with OF=1).  OF is set first (MOV AX,0800h; PUSH AX;
 * POPF), then every byte value goes through SAR AL,1 and words in memory
 * through SAR WORD [BX],1. */
START_TEST(sar_by_one_clears_overflow)
{
    unsigned wrong = 0;
    for (unsigned v = 0; v < 256; v++) {
        const uint8_t code[] = { 0xB8, 0x00, 0x08, 0x50, 0x9D,         /* OF=1 */
                                 0xB0, (uint8_t)v, 0xD0, 0xF8 };      /* MOV AL,v; SAR AL,1 */
        struct machine *m = run(code, sizeof code, 0);
        ck_assert_uint_eq(cpu_get(m, REG_AX) & 0xFF, (uint8_t)((int8_t)v >> 1));
        wrong += (cpu_get(m, REG_FLAGS) & 0x800) != 0;
        machine_free(m);
    }
    ck_assert_uint_eq(wrong, 0);
    for (unsigned v = 0; v < 0x10000; v += 0x0F0F) {
        const uint8_t code[] = { 0xB8, 0x00, 0x08, 0x50, 0x9D,         /* OF=1 */
                                 0xC7, 0x07, (uint8_t)v, (uint8_t)(v >> 8), 0xD1, 0x3F };
        struct machine *m = run(code, sizeof code, 0x10);
        ck_assert_uint_eq(mem_rw(m, lin(0x2000, 0x10)), (uint16_t)((int16_t)v >> 1));
        wrong += (cpu_get(m, REG_FLAGS) & 0x800) != 0;
        machine_free(m);
    }
    ck_assert_uint_eq(wrong, 0);
}
END_TEST

/* The 8086 shifts by all of CL (a 286 masks it to 5 bits).  MOV AL,81h;
 * MOV CL,n; shift AL,CL: SHL by 8 leaves 0 with CF = bit 0 of 81h = 1;
 * by 9, 0 with CF 0; by 33 (a 286 shifts by 1: 02h, CF 1) 0, CF 0;
 * SAR by 40 leaves FFh with CF 1 (the sign); SHR of word 8001h at [BX]
 * by 16: 0, CF 1, ZF 1. */
START_TEST(shifts_by_cl_use_the_whole_count)
{
    static const struct { uint8_t kind, count, al, cf; } cases[] = {
        { 0xE0, 8, 0x00, 1 }, { 0xE0, 9, 0x00, 0 }, { 0xE0, 33, 0x00, 0 }, { 0xF8, 40, 0xFF, 1 },
        { 0xE8, 7, 0x01, 0 }, { 0xE0, 0, 0x81, 0 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const uint8_t code[] = { 0xB0, 0x81, 0xB1, cases[i].count, 0xD2, cases[i].kind };
        struct machine *m = run(code, sizeof code, 0);
        ck_assert_msg((cpu_get(m, REG_AX) & 0xFF) == cases[i].al, "case %zu: AL %02X", i, cpu_get(m, REG_AX) & 0xFF);
        ck_assert_msg((cpu_get(m, REG_FLAGS) & 1) == cases[i].cf, "case %zu: CF", i);
        machine_free(m);
    }
    RUN(m, 0x10, 0xC7, 0x07, 0x01, 0x80, 0xB1, 16, 0xD3, 0x2F);      /* SHR WORD [BX],CL */
    ck_assert_uint_eq(mem_rw(m, lin(0x2000, 0x10)), 0);
    ck_assert_uint_eq(cpu_get(m, REG_FLAGS) & 0x41, 0x41);
    machine_free(m);
}
END_TEST

/* 8C/8E read only the low two bits of reg: 8C /4 is MOV r/m,ES (a 286
 * reads FS), 8E /7 is MOV DS,r/m (a 286 faults: invalid opcode). */
START_TEST(segment_moves_use_two_bits_of_reg)
{
    RUN(m, 0, 0xB8, 0x34, 0x12, 0x8E, 0xC0, 0x8C, 0xE2);          /* MOV ES,AX; MOV DX,ES (8C /4) */
    ck_assert_uint_eq(cpu_get(m, REG_DX), 0x1234);
    machine_free(m);
    RUN(m2, 0, 0xBE, 0x78, 0x56, 0x8E, 0xFE);                      /* MOV SI,5678h; MOV DS,SI (8E /7) */
    ck_assert_uint_eq(cpu_get(m2, REG_DS), 0x5678);
    ck_assert_uint_eq(cpu_get(m2, REG_SP), 0x1000);                /* no interrupt frame */
    machine_free(m2);
}
END_TEST

/* MOV r/m,imm (C6, C7) and POP r/m (8F) ignore their ModR/M reg field on
 * the 8086 (a 286 faults: invalid opcode). */
START_TEST(mov_imm_and_pop_ignore_reg)
{
    /* MOV byte [0010h],5Ah (C6 /7); MOV DX,1234h (C7 /3, register form);
     * MOV AX,ABCDh; PUSH AX; POP word [0020h] (8F /5). */
    RUN(m, 0, 0xC6, 0x3E, 0x10, 0x00, 0x5A, 0xC7, 0xDA, 0x34, 0x12, 0xB8, 0xCD, 0xAB, 0x50, 0x8F, 0x2E, 0x20,
        0x00);
    ck_assert_uint_eq(mem_rb(m, lin(0x2000, 0x10)), 0x5A);
    ck_assert_uint_eq(cpu_get(m, REG_DX), 0x1234);
    ck_assert_uint_eq(mem_rw(m, lin(0x2000, 0x20)), 0xABCD);
    ck_assert_uint_eq(cpu_get(m, REG_SP), 0x1000);                 /* popped, no interrupt frame */
    ck_assert_uint_eq(cpu_get(m, REG_IP), 0x0012);                 /* at the HLT after them */
    machine_free(m);
}
END_TEST

/* IDIV: a quotient of -128 is a divide error on the 8086 (AX=FF80h / 1
 * would give it; a 286 returns it), with AX kept; REP before IDIV
 * negates the quotient (AX=0007h / 2 = 3 rem 1 gives FDh, AH 01h). */
START_TEST(idiv_limits_and_rep)
{
    RUN(m, 0, 0xB8, 0x80, 0xFF, 0xB3, 0x01, 0xF6, 0xFB);          /* MOV AX,FF80h; MOV BL,1; IDIV BL */
    ck_assert_uint_eq(cpu_get(m, REG_CS), 0x4000);
    ck_assert_uint_eq(cpu_get(m, REG_AX), 0xFF80);
    ck_assert_uint_eq(mem_rw(m, lin(0x3000, 0x0FFA)), 0x0007);     /* the next instruction */
    ck_assert_uint_eq(mem_rw(m, lin(0x3000, 0x0FFE)) & 0xF000, 0xF000);
    machine_free(m);
    RUN(m2, 0, 0xB8, 0x07, 0x00, 0xB3, 0x02, 0xF3, 0xF6, 0xFB);   /* REP IDIV BL */
    ck_assert_uint_eq(cpu_get(m2, REG_AX), 0x01FD);
    machine_free(m2);
}
END_TEST

/* The adjusts as the 8086 does them.  DAA with AL=9Ah, AF=1: 9Ah+6 =
 * A0h, and A0h stays (9Ah is not above 9Fh, the 8086's limit when AF was
 * set; a 286 adds 60h too).  AAA with AX=00FBh, AF=1: AL+6 = 01h, AH+1 =
 * 01h (a 286 also carries FBh+6 into AH: 0201h).  AAS with AX=0205h, AF=1:
 * AL-6 = FFh -> 0Fh, AH-1 = 01h.  AAM 1 with AL=0: ZF from AL (a 286 looks
 * at AX). */
START_TEST(adjusts_follow_the_8086)
{
    RUN(m, 0, 0xB8, 0x10, 0x00, 0x50, 0x9D, 0xB0, 0x9A, 0x27);    /* AF=1; MOV AL,9Ah; DAA */
    ck_assert_uint_eq(cpu_get(m, REG_AX) & 0xFF, 0xA0);
    ck_assert_uint_eq(cpu_get(m, REG_FLAGS) & 0x11, 0x10);          /* AF 1, CF 0 */
    machine_free(m);
    RUN(m2, 0, 0xB8, 0x10, 0x00, 0x50, 0x9D, 0xB8, 0xFB, 0x00, 0x37);   /* AF=1; MOV AX,00FBh; AAA */
    ck_assert_uint_eq(cpu_get(m2, REG_AX), 0x0101);
    machine_free(m2);
    RUN(m3, 0, 0xB8, 0x10, 0x00, 0x50, 0x9D, 0xB8, 0x05, 0x02, 0x3F);   /* AF=1; MOV AX,0205h; AAS */
    ck_assert_uint_eq(cpu_get(m3, REG_AX), 0x010F);
    machine_free(m3);
    RUN(m4, 0, 0xB8, 0x00, 0x01, 0xD4, 0x01);                      /* MOV AX,0100h; AAM 1 */
    ck_assert_uint_eq(cpu_get(m4, REG_AX), 0x0000);
    ck_assert_uint_eq(cpu_get(m4, REG_FLAGS) & 0x40, 0x40);
    machine_free(m4);
}
END_TEST

START_TEST(opcode_0f_is_pop_cs)
{
    /* MOV AX,3FFF; PUSH AX; 11 NOPs; POP CS at offset 0F: execution goes
     * on at 3FFF:0010 = linear 40000, where a HLT waits. */
    RUN(m, 0, 0xB8, 0xFF, 0x3F, 0x50, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x90, 0x0F);
    ck_assert_uint_eq(cpu_get(m, REG_CS), 0x3FFF);
    ck_assert_uint_eq(cpu_get(m, REG_IP), 0x0011);
    ck_assert_uint_eq(cpu_get(m, REG_SP), 0x1000);
    machine_free(m);
}
END_TEST

START_TEST(opcodes_60_to_6f_are_conditional_jumps)
{
    /* XOR AX,AX (ZF=1); 65 02 = JNZ +2, not taken: MOV BL,1 runs;
     * 64 02 = JZ +2, taken: MOV BH,1 is skipped. */
    RUN(m, 0, 0x31, 0xC0, 0x65, 0x02, 0xB3, 0x01, 0x64, 0x02, 0xB7, 0x01);
    ck_assert_uint_eq(cpu_get(m, REG_BX), 0x0001);
    ck_assert_uint_eq(cpu_get(m, REG_IP), 0x000B);
    machine_free(m);
}
END_TEST

START_TEST(opcodes_c0_c1_c8_c9_are_returns)
{
    /* PUSH AX; CALL 0007; MOV BL,7; HLT; 0007: C0 02 00 = RET 2. */
    RUN(m, 0, 0x50, 0xE8, 0x03, 0x00, 0xB3, 0x07, 0xF4, 0xC0, 0x02, 0x00);
    ck_assert_uint_eq(cpu_get(m, REG_BX), 7);
    ck_assert_uint_eq(cpu_get(m, REG_SP), 0x1000);
    machine_free(m);
    /* CALL 0006; MOV BL,7; HLT; 0006: C1 = RET. */
    RUN(m2, 0, 0xE8, 0x03, 0x00, 0xB3, 0x07, 0xF4, 0xC1);
    ck_assert_uint_eq(cpu_get(m2, REG_BX), 7);
    ck_assert_uint_eq(cpu_get(m2, REG_SP), 0x1000);
    machine_free(m2);
    /* PUSH CS; CALL 0007; MOV BL,7; HLT; 0007: C9 = RETF. */
    RUN(m3, 0, 0x0E, 0xE8, 0x03, 0x00, 0xB3, 0x07, 0xF4, 0xC9);
    ck_assert_uint_eq(cpu_get(m3, REG_BX), 7);
    ck_assert_uint_eq(cpu_get(m3, REG_CS), 0x1000);
    ck_assert_uint_eq(cpu_get(m3, REG_SP), 0x1000);
    machine_free(m3);
    /* PUSH AX; PUSH CS; CALL 0008; MOV BL,7; HLT; 0008: C8 02 00 = RETF 2. */
    RUN(m4, 0, 0x50, 0x0E, 0xE8, 0x03, 0x00, 0xB3, 0x07, 0xF4, 0xC8, 0x02, 0x00);
    ck_assert_uint_eq(cpu_get(m4, REG_BX), 7);
    ck_assert_uint_eq(cpu_get(m4, REG_SP), 0x1000);
    machine_free(m4);
}
END_TEST

START_TEST(esc_and_f1_decode_and_do_nothing)
{
    /* ESC [1234h] (D8 06 34 12, four bytes), FNINIT's form DB E3 (two),
     * then F1 MOV BL,5 (F1 a LOCK prefix): the escapes skipped exactly. */
    RUN(m, 0, 0xD8, 0x06, 0x34, 0x12, 0xDB, 0xE3, 0xF1, 0xB3, 0x05);
    ck_assert_uint_eq(cpu_get(m, REG_BX), 5);
    ck_assert_uint_eq(cpu_get(m, REG_IP), 0x000A);
    machine_free(m);
}
END_TEST

/* F1 is the 8086's other LOCK prefix (tests/fixtures/f1pref.asm): with
 * DS elsewhere, CS: F1 MOV AL,[val] reads val's 5Ah through CS (it read
 * through DS and printed 00 when F1 ended the prefixes); F1 NOP at offset
 * 20h and F0 NOP at 22h are one instruction each, 2 + 3 clocks in the
 * table (they were 2 instructions and 8 clocks for F1 NOP), and nothing
 * starts at 21h or 23h. */
START_TEST(f1_is_a_lock_prefix)
{
    struct run_result r;
    struct prx x;
    char err[512];
    uint64_t insns[4] = { 0 }, cycles[4] = { 0 };
    struct profil_options o = fixture_options(FIX("f1pref.com"), TMP "/F1.PRF");
    o.trace = 1;
    o.timing = PROFIL_TIMING_TABLE;
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_str_eq(r.out, "5A \r\n");
    ck_assert_msg(prx_read_file(TMP "/F1.prx", &x, err, sizeof err) == 0, "%s", err);
    for (size_t i = 0; i < x.n; i++) {
        uint32_t off = prx_offset(&x, &x.e[i]);
        if (x.e[i].cls == PRX_PROGRAM && off >= 0x20 && off < 0x24) {
            insns[off - 0x20] = x.e[i].insns;
            cycles[off - 0x20] = x.e[i].cycles;
        }
    }
    prx_free(&x);
    ck_assert_uint_eq(insns[0], 1);
    ck_assert_uint_eq(insns[2], 1);
    ck_assert_uint_eq(insns[1] + insns[3], 0);
    ck_assert_uint_eq(cycles[0], 5);
    ck_assert_uint_eq(cycles[2], 5);
}
END_TEST

/* A word at offset FFFFh wraps inside its segment on the 8088 and 8086
 * (tests/fixtures/wrapffff.asm): read, write, PUSH and POP at SP FFFFh,
 * CALL and JMP through the word, LES's two words.  libx86emu raised #GP
 * (INT 0Dh: the fixture prints GP and exits 13) and took the next linear
 * byte; the 286 keeps its interrupt 13.  Under the table clock the wrapping
 * MOV AX,ES:[FFFF] costs what MOV AX,ES:[FFFD] does: 2 + 10 + 4 = 16. */
START_TEST(word_at_offset_ffff_wraps_in_the_segment)
{
    static const enum profil_cpu cpus[2] = { PROFIL_CPU_8088, PROFIL_CPU_8086 };
    static const enum profil_timing clocks[2] = { PROFIL_TIMING_TABLE, PROFIL_TIMING_BUS };
    for (unsigned i = 0; i < 4; i++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("wrapffff.com"), TMP "/WRAP.PRF");
        o.cpu = cpus[i & 1];
        o.timing = clocks[i >> 1];
        o.trace = 1;
        run_session(&r, &o, NULL);
        ck_assert_msg(r.status == 0, "%u: %s", i, r.err);
        ck_assert_str_eq(r.out, "1234 56EE 9ABC FFFF 0CA1 0AB1 1234 7856 \r\n");
        if (o.timing != PROFIL_TIMING_TABLE)
            continue;
        struct prx x;
        char err[512];
        uint64_t insns[2] = { 0 }, cycles[2] = { 0 };
        ck_assert_msg(prx_read_file(TMP "/WRAP.prx", &x, err, sizeof err) == 0, "%s", err);
        for (size_t k = 0; k < x.n; k++) {
            uint32_t off = prx_offset(&x, &x.e[k]);
            if (x.e[k].cls == PRX_PROGRAM && (off == 0x40 || off == 0x50)) {
                insns[off == 0x50] = x.e[k].insns;
                cycles[off == 0x50] = x.e[k].cycles;
            }
        }
        prx_free(&x);
        ck_assert_uint_eq(insns[0], 1);
        ck_assert_uint_eq(insns[1], 1);
        ck_assert_uint_eq(cycles[0], 16);
        ck_assert_uint_eq(cycles[1], 16);
    }
    struct run_result r;
    struct profil_options o = fixture_options(FIX("wrapffff.com"), TMP "/WRAP.PRF");
    o.cpu = PROFIL_CPU_286;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 13);
    ck_assert_str_eq(r.out, "GP\r\n");
}
END_TEST

/* An instruction whose bytes straddle CS:FFFF takes the byte after
 * CS:FFFF from CS:0000 on the 8088 and 8086 (tests/fixtures/wrapip.asm):
 * MOV AX,imm16 and MOV AX,[moffs16] at IP FFFEh, their word's high byte
 * at CS:0000 (12h, 56h: the next linear byte holds EEh, where libx86emu
 * read it: "EE34 0000"), and MOV AX,imm16 at IP FFFFh, which libx86emu
 * already fetched from CS:0000.  IP wraps after each (the JMP FAR at
 * CS:0001 or CS:0002 runs, not the MOV AX,0BADh at the next linear
 * byte).  The 186 keeps libx86emu's fetch. */
START_TEST(code_word_across_ip_ffff_wraps_in_the_segment)
{
    static const enum profil_cpu cpus[3] = { PROFIL_CPU_8088, PROFIL_CPU_8086, PROFIL_CPU_186 };
    for (unsigned i = 0; i < 5; i++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("wrapip.com"), TMP "/WRAPIP.PRF");
        o.cpu = cpus[i < 4 ? (i & 1) : 2];
        o.timing = i < 2 || i == 4 ? PROFIL_TIMING_TABLE : PROFIL_TIMING_BUS;
        run_session(&r, &o, NULL);
        ck_assert_msg(r.status == 0, "%u: %s", i, r.err);
        ck_assert_str_eq(r.out, i < 4 ? "1234 ABCD 9876 \r\n" : "EE34 0000 9876 \r\n");
    }
}
END_TEST

Suite *fix8086_suite(void)
{
    Suite *s = suite_create("fix8086");
    TCase *tc = tcase_create("8086");
    tcase_add_test(tc, push_sp_pushes_the_decremented_value);
    tcase_add_test(tc, word_at_offset_ffff_wraps_in_the_segment);
    tcase_add_test(tc, code_word_across_ip_ffff_wraps_in_the_segment);
    tcase_add_test(tc, pushf_sets_bits_12_to_15);
    tcase_add_test(tc, popf_clears_the_reserved_bits);
    tcase_add_test(tc, call_sp_jumps_to_sp_before_the_push);
    tcase_add_test(tc, divide_error_pushes_the_next_instruction);
    tcase_add_test(tc, sar_by_one_clears_overflow);
    tcase_add_test(tc, opcode_0f_is_pop_cs);
    tcase_add_test(tc, opcodes_60_to_6f_are_conditional_jumps);
    tcase_add_test(tc, opcodes_c0_c1_c8_c9_are_returns);
    tcase_add_test(tc, esc_and_f1_decode_and_do_nothing);
    tcase_add_test(tc, f1_is_a_lock_prefix);
    tcase_add_test(tc, shifts_by_cl_use_the_whole_count);
    tcase_add_test(tc, segment_moves_use_two_bits_of_reg);
    tcase_add_test(tc, mov_imm_and_pop_ignore_reg);
    tcase_add_test(tc, idiv_limits_and_rep);
    tcase_add_test(tc, adjusts_follow_the_8086);
    suite_add_tcase(s, tc);
    return s;
}
