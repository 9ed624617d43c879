/*
 * tests/check_timing.c: the emulated clock charges each instruction its
 * 8088 cost (../shared/spec/TIMING-8088.md).  Each test runs real bytes
 * through the same CPU wrapper `profil run` uses, on a bare machine with
 * interrupts off, and compares the clock with the table's figure.
 */
#include "testutil.h"

#include "../emu/machine.h"
#include "../emu/cpu/timing.h"

#define CODE_SEG 0x1000u
#define DATA_SEG 0x2000u

/* Run `code` (then HLT) at 1000:0000 with DS=ES=2000h, SS:SP=3000:1000.
 * Returns the cycles charged before the HLT. */
static uint64_t run_code(const uint8_t *code, size_t n, uint16_t ax, uint16_t bx, uint16_t cx,
                         uint16_t si, uint16_t di)
{
    struct machine *m = machine_new(CPU_8088);
    ck_assert_ptr_nonnull(m);
    mem_write(m, lin(CODE_SEG, 0), code, n);
    mem_wb(m, lin(CODE_SEG, (uint16_t)n), 0xF4);            /* HLT */
    mem_wb(m, lin(0x4000, 0), 0xCF);                        /* IRET for INT 60h */
    ivt_set(m, 0x60, 0x4000, 0);
    mem_wb(m, lin(0x4000, 0x10), 0xC3);                     /* RET at 4000:0010 */
    mem_wb(m, lin(0x4000, 0x20), 0xCB);                     /* RETF at 4000:0020 */
    cpu_set(m, REG_CS, CODE_SEG);
    cpu_set(m, REG_IP, 0);
    cpu_set(m, REG_DS, DATA_SEG);
    cpu_set(m, REG_ES, DATA_SEG);
    cpu_set(m, REG_SS, 0x3000);
    cpu_set(m, REG_SP, 0x1000);
    cpu_set(m, REG_AX, ax);
    cpu_set(m, REG_BX, bx);
    cpu_set(m, REG_CX, cx);
    cpu_set(m, REG_SI, si);
    cpu_set(m, REG_DI, di);
    cpu_set(m, REG_FLAGS, 0);
    machine_run(m);
    ck_assert_int_eq(m->stop, STOP_FAULT);      /* the HLT with IF=0 */
    uint64_t t = m->now;
    machine_free(m);
    return t;
}

#define CYCLES(expect, ax, bx, cx, si, di, ...) do {                         \
        static const uint8_t code_[] = { __VA_ARGS__ };                    \
        ck_assert_uint_eq(run_code(code_, sizeof code_, ax, bx, cx, si, di), expect); \
    } while (0)

START_TEST(mov_forms)
{
    CYCLES(2, 0, 0, 0, 0, 0, 0x89, 0xD8);                   /* MOV AX,BX          2 */
    CYCLES(8 + 5, 0, 0x10, 0, 0, 0, 0x8A, 0x07);            /* MOV AL,[BX]   8+EA 5 */
    CYCLES(12 + 5, 0, 0x10, 0, 0, 0, 0x8B, 0x07);           /* MOV AX,[BX]  12+EA   */
    CYCLES(13 + 5, 0, 0x10, 0, 0, 0, 0x89, 0x07);           /* MOV [BX],AX  13+EA   */
    CYCLES(14, 0, 0, 0, 0, 0, 0xA1, 0x00, 0x02);            /* MOV AX,[0200]    14 */
    CYCLES(4, 0, 0, 0, 0, 0, 0xB8, 0x34, 0x12);             /* MOV AX,1234h      4 */
}
END_TEST

START_TEST(effective_address_clocks)
{
    CYCLES(8 + 6, 0, 0, 0, 0, 0, 0x8A, 0x06, 0x00, 0x02);   /* [disp16]          6 */
    CYCLES(8 + 7, 0, 0, 0, 0, 0, 0x8A, 0x00);               /* [BX+SI]           7 */
    CYCLES(8 + 8, 0, 0, 0, 0, 0, 0x8A, 0x01);               /* [BX+DI]           8 */
    CYCLES(8 + 9, 0, 0, 0, 0, 0, 0x8A, 0x47, 0x05);         /* [BX+5]            9 */
    CYCLES(8 + 11, 0, 0, 0, 0, 0, 0x8A, 0x40, 0x05);        /* [BX+SI+5]        11 */
    CYCLES(8 + 12, 0, 0, 0, 0, 0, 0x8A, 0x41, 0x05);        /* [BX+DI+5]        12 */
    CYCLES(2 + 12 + 5, 0, 0x10, 0, 0, 0, 0x26, 0x8B, 0x07); /* ES: prefix       +2 */
    ck_assert_uint_eq(timing_ea(0xC0), 0);
    /* The inline fast path's table agrees with timing_ea() for every byte. */
    for (unsigned b = 0; b < 256; b++)
        ck_assert_uint_eq(timing_ea_by_modrm[b], timing_ea((uint8_t)b));
    ck_assert_uint_eq(timing_ops[0xFF].kind, K_GRPFF);     /* 256 entries, in order */
    ck_assert_uint_eq(timing_ops[0xD4].kind, K_AAM);
}
END_TEST

START_TEST(alu_forms)
{
    CYCLES(3, 0, 0, 0, 0, 0, 0x01, 0xD8);                   /* ADD AX,BX         3 */
    CYCLES(13 + 5, 0, 0x10, 0, 0, 0, 0x03, 0x07);           /* ADD AX,[BX] 13+EA   */
    CYCLES(16 + 5, 0, 0x10, 0, 0, 0, 0x00, 0x07);           /* ADD [BX],AL 16+EA   */
    CYCLES(24 + 5, 0, 0x10, 0, 0, 0, 0x01, 0x07);           /* ADD [BX],AX 24+EA   */
    CYCLES(4, 0, 0, 0, 0, 0, 0x05, 0x01, 0x00);             /* ADD AX,1          4 */
    CYCLES(2, 0, 0, 0, 0, 0, 0x40);                         /* INC AX            2 */
}
END_TEST

START_TEST(multiply_divide)
{
    /* MUL: 69 (r8) / 117 (r16), + 1 per 1 bit of AL/AX, + 1 when the high
     * half of the product is 0 (SingleStepTests 8086).  AL=3 (2 bits),
     * 3*5=15: 69+2+1.  AL=FFh (8 bits), FFh*FFh=FE01h: 69+8, Intel's 77. */
    CYCLES(69 + 2 + 1, 3, 5, 0, 0, 0, 0xF6, 0xE3);          /* MUL BL */
    CYCLES(69 + 8, 0xFF, 0xFF, 0, 0, 0, 0xF6, 0xE3);        /* MUL BL */
    /* IMUL: 79, + 1 per 1 bit of |AL|, + 1 when the product fits AL, + 14
     * when only AL is negative, 11 when only the source is, 1 when both.
     * |AL|=3 (2 bits), the product +-15 fits. */
    CYCLES(79 + 2 + 1 + 14, 0xFD, 5, 0, 0, 0, 0xF6, 0xEB);  /* IMUL BL: -3*5    */
    CYCLES(79 + 2 + 1 + 11, 3, 0xFB, 0, 0, 0, 0xF6, 0xEB);  /* IMUL BL: 3*-5    */
    CYCLES(79 + 2 + 1 + 1, 0xFD, 0xFB, 0, 0, 0, 0xF6, 0xEB); /* IMUL BL: -3*-5  */
    /* DIV BX, DX:AX=100, BX=7: 10 + the division loop.  Quotient 14 =
     * 0000000000001110b: 16 bits of 4 each, + 5 for each of the three 1s
     * (no remainder top bit ever shifts out), + 4 for each of the twelve
     * 0s before the last, + 3 for the last (a 0); 3 to start, 4 to finish:
     * 3+64+15+48+3+4 = 137, DIV 147 (Intel: 144-162).
     * MUL m16: 122+EA+4 (the 8088's word), AX=0: no 1 bits, the high half
     * 0: +1. */
    CYCLES(10 + 137, 100, 7, 0, 0, 0, 0xF7, 0xF3);          /* DIV BX (DX=0) */
    /* IDIV BL, AX=-100, BL=7: |100| / 7 = 14 = 00001110b in the 8-bit
     * loop: 3 + 8x4 + 3x5 + 4x4 (the 0s before the last) + 3 + 4 = 73;
     * negating the dividend, a positive divisor: 3+5+3+3 = 14; 21 + 14 + 73
     * (Intel: 101-112). */
    CYCLES(21 + 14 + 73, 0xFF9C, 7, 0, 0, 0, 0xF6, 0xFB);
    /* AAM 10 with AL=0: quotient 0, 8 bits that cannot subtract: 3 + 8x4
     * + 7x4 + 3 + 4 = 70; 7 + 70. */
    CYCLES(7 + 70, 0, 0, 0, 0, 0, 0xD4, 0x0A);
    /* AAD 10: 59 + the immediate's 1 bits (1010b: 2). */
    CYCLES(59 + 2, 0x0102, 0, 0, 0, 0, 0xD5, 0x0A);
    /* AAA: 8 when it adjusts AL (low digit above 9, or AF), 9 when not. */
    CYCLES(8, 0x0B, 0, 0, 0, 0, 0x37);
    CYCLES(9, 0x05, 0, 0, 0, 0, 0x37);
    /* CWD: 5, and 1 more when AX is negative. */
    CYCLES(5, 0x7FFF, 0, 0, 0, 0, 0x99);
    CYCLES(5 + 1, 0x8000, 0, 0, 0, 0, 0x99);
    CYCLES(122 + 5 + 4 + 1, 0, 0x10, 0, 0, 0, 0xF7, 0x27);  /* MUL WORD [BX] */
    /* The quick path reads a register divisor itself (cpu_quick_muldiv):
     * DIV CH, AX=100, CX=0703h: 10 + the 8-bit loop of 100/7 (73, above);
     * CL in its place would price 100/3, quotient 00100001b: 3 + 8x4 +
     * 6x4 (the 0s) + 5 (the first 1) + 6 (the last, a 1) + 4 = 74. */
    CYCLES(10 + 73, 100, 0, 0x0703, 0, 0, 0xF6, 0xF5);
    /* IDIV BX, DX:AX=100, BX=-7: 21, + 3 + 1 (a positive dividend) + 3 + 2
     * (a negative divisor), + the 16-bit loop of 100/7 (137, above). */
    CYCLES(21 + 9 + 137, 100, 0xFFF9, 0, 0, 0, 0xF7, 0xFB);
    /* A memory divisor, read through the decoder: MOV BYTE [BX],7 (10+EA),
     * then DIV BYTE [BX] (15+EA + 73); MOV WORD [BX],7 (10+EA+4), then DIV
     * WORD [BX] (15+EA+4 + 137).  EA [BX] 5. */
    CYCLES(15 + 20 + 73, 100, 0x10, 0, 0, 0, 0xC6, 0x07, 0x07, 0xF6, 0x37);
    CYCLES(19 + 24 + 137, 100, 0x10, 0, 0, 0, 0xC7, 0x07, 0x07, 0x00, 0xF7, 0x37);
    /* SALC (D6, undocumented): 3, and 1 more when CF is set, AL = FFh
     * (SingleStepTests 8086, every test); after STC (2). */
    CYCLES(3, 0, 0, 0, 0, 0, 0xD6);
    CYCLES(2 + 3 + 1, 0, 0, 0, 0, 0, 0xF9, 0xD6);
}
END_TEST

START_TEST(strings_and_rep)
{
    CYCLES(18, 0, 0, 0, 0x10, 0x40, 0xA4);                  /* MOVSB            18 */
    CYCLES(26, 0, 0, 0, 0x10, 0x40, 0xA5);                  /* MOVSW            26 */
    /* REP: 9 + n x per-iteration, + 2 when CX runs out (the 8086's
     * SingleStepTests: Intel's table leaves out those last 2 clocks). */
    CYCLES(9 + 17 * 10 + 2, 0, 0, 10, 0x10, 0x40, 0xF3, 0xA4);  /* REP MOVSB   9+17n+2 */
    CYCLES(9 + 25 * 10 + 2, 0, 0, 10, 0x10, 0x80, 0xF3, 0xA5);  /* REP MOVSW   9+25n+2 */
    CYCLES(9 + 10 * 7 + 2, 0, 0, 7, 0, 0x40, 0xF3, 0xAA);       /* REP STOSB   9+10n+2 */
    CYCLES(9 + 13 * 7 + 2, 0, 0, 7, 0x10, 0, 0xF3, 0xAC);       /* REP LODSB   9+13n+2 */
    /* REPNE SCASB over zeros looking for 1: all 10 iterations, 9+15n+2. */
    CYCLES(9 + 15 * 10 + 2, 1, 0, 10, 0, 0x100, 0xF2, 0xAE);
    /* REPE SCASB over zeros with AL=1: the first compare differs and ends
     * it, CX 9 left: 9+15+1. */
    CYCLES(9 + 15 * 1 + 1, 1, 0, 10, 0, 0x100, 0xF3, 0xAE);
    /* REPE CMPSB over equal (zero) bytes: 9+22n+2. */
    CYCLES(9 + 22 * 10 + 2, 0, 0, 10, 0x100, 0x200, 0xF3, 0xA6);
    CYCLES(9, 0, 0, 0, 0x10, 0x40, 0xF3, 0xA4);             /* REP with CX=0      9 */
}
END_TEST

START_TEST(control_transfer)
{
    CYCLES(71 + 44, 0, 0, 0, 0, 0, 0xCD, 0x60);             /* INT 60h, IRET  71+44 */
    /* CALL 4000:0020 (far, 36) to a RETF (34). */
    CYCLES(36 + 34, 0, 0, 0, 0, 0, 0x9A, 0x20, 0x00, 0x00, 0x40);
    /* CALL near (23) to a RET (20), then JMP short (15) over it. */
    CYCLES(23 + 20 + 15, 0, 0, 0, 0, 0, 0xE8, 0x02, 0x00, 0xEB, 0x01, 0xC3);
    CYCLES(15, 0, 0, 0, 0, 0, 0xEB, 0x00);                  /* JMP short        15 */
}
END_TEST

START_TEST(conditional_jumps)
{
    /* FLAGS start at 0: ZF=0. */
    CYCLES(4, 0, 0, 0, 0, 0, 0x74, 0x00);                   /* JZ not taken      4 */
    CYCLES(16, 0, 0, 0, 0, 0, 0x75, 0x00);                  /* JNZ taken        16 */
    CYCLES(17 + 17 + 5, 0, 0, 3, 0, 0, 0xE2, 0xFE);         /* LOOP x3   17,17,5   */
    CYCLES(18, 0, 0, 0, 0, 0, 0xE3, 0x00);                  /* JCXZ taken       18 */
    CYCLES(6, 0, 0, 1, 0, 0, 0xE3, 0x00);                   /* JCXZ not taken    6 */
}
END_TEST

START_TEST(stack_and_shifts)
{
    CYCLES(15 + 12, 0, 0, 0, 0, 0, 0x50, 0x58);             /* PUSH AX, POP AX     */
    CYCLES(14, 0, 0, 0, 0, 0, 0x9C);                        /* PUSHF            14 */
    CYCLES(8 + 4 * 5, 1, 0, 5, 0, 0, 0xD3, 0xE0);           /* SHL AX,CL  8+4/bit  */
    CYCLES(2, 1, 0, 0, 0, 0, 0xD1, 0xE0);                   /* SHL AX,1          2 */
}
END_TEST

Suite *timing_suite(void)
{
    Suite *s = suite_create("timing");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, mov_forms);
    tcase_add_test(tc, effective_address_clocks);
    tcase_add_test(tc, alu_forms);
    tcase_add_test(tc, multiply_divide);
    tcase_add_test(tc, strings_and_rep);
    tcase_add_test(tc, control_transfer);
    tcase_add_test(tc, conditional_jumps);
    tcase_add_test(tc, stack_and_shifts);
    suite_add_tcase(s, tc);
    return s;
}
