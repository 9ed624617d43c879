/*
 * tests/check_decode.c: the one decoder (emu/cpu/decode.c) and its
 * consumers agree.  Every opcode 00-FF with every ModR/M byte, alone and
 * behind prefix runs (each segment override, F0, F1, F2, F3, several):
 * coverage's length (insnlen.c), the clock table's view (prefix clocks,
 * REP, its ModR/M flag), the hot loop's inline fast path (timing_quick)
 * and the 8086-only layer (the IP it leaves) see what decode_insn() says.
 */
#include "testutil.h"

#include <string.h>

#include "../emu/cpu/decode.h"
#include "../emu/cpu/insnlen.h"
#include "../emu/cpu/timing.h"
#include "../emu/machine.h"

/* Prefix runs tried before each opcode. */
static const struct {
    uint8_t n, b[3];
} runs[] = {
    { 0, { 0 } },
    { 1, { 0x26 } }, { 1, { 0x2E } }, { 1, { 0x36 } }, { 1, { 0x3E } },
    { 1, { 0xF0 } }, { 1, { 0xF1 } }, { 1, { 0xF2 } }, { 1, { 0xF3 } },
    { 2, { 0x2E, 0xF3 } }, { 3, { 0xF1, 0x26, 0xF2 } }, { 3, { 0x36, 0xF0, 0x3E } },
};
#define NRUNS (sizeof runs / sizeof runs[0])

/* Bytes at mem[0x100]: the run, the opcode, the ModR/M byte, then 11 22 33 44. */
static void place(uint8_t *mem, unsigned r, uint8_t op, uint8_t modrm)
{
    static const uint8_t tail[4] = { 0x11, 0x22, 0x33, 0x44 };
    memcpy(mem + 0x100, runs[r].b, runs[r].n);
    mem[0x100 + runs[r].n] = op;
    mem[0x101 + runs[r].n] = modrm;
    memcpy(mem + 0x102 + runs[r].n, tail, sizeof tail);
}

/* Hand-checked lengths, from Intel's 8086 opcode map (8086 Family User's
 * Manual, table 4-13): opcode byte + ModR/M (1) + displacement (mod 01: 1,
 * mod 10 or mod 00 r/m 110: 2) + immediate + prefixes. */
START_TEST(hand_checked_lengths)
{
    static const struct {
        uint8_t b[8];
        unsigned len, prefixes;
    } cases[] = {
        { { 0x90 }, 1, 0 },                               /* NOP: opcode only */
        { { 0x00, 0xC0 }, 2, 0 },                         /* ADD AL,AL: + ModR/M mod 11 */
        { { 0x01, 0x06, 0x34, 0x12 }, 4, 0 },             /* ADD [1234],AX: + ModR/M + disp16 (mod 00 r/m 110) */
        { { 0x8B, 0x47, 0x05 }, 3, 0 },                   /* MOV AX,[BX+5]: + ModR/M + disp8 (mod 01) */
        { { 0x8B, 0x87, 0x00, 0x01 }, 4, 0 },             /* MOV AX,[BX+100]: + disp16 (mod 10) */
        { { 0x81, 0x87, 0x00, 0x01, 0x34, 0x12 }, 6, 0 }, /* ADD w[BX+100],1234: + disp16 + imm16 */
        { { 0x83, 0xC0, 0x05 }, 3, 0 },                   /* ADD AX,+5: + ModR/M + imm8 */
        { { 0xF6, 0xC0, 0x01 }, 3, 0 },                   /* TEST AL,1: F6 /0 has an imm8 */
        { { 0xF6, 0xD0 }, 2, 0 },                         /* NOT AL: F6 /2 has none */
        { { 0xF7, 0x06, 0x00, 0x01, 0x34, 0x12 }, 6, 0 }, /* TEST w[100],1234: disp16 + imm16 */
        { { 0x9A, 0x00, 0x01, 0x00, 0x20 }, 5, 0 },       /* CALL far: ptr16:16 */
        { { 0xC2, 0x04, 0x00 }, 3, 0 },                   /* RET 4: imm16 */
        { { 0xC0, 0x04, 0x00 }, 3, 0 },                   /* C0: the 8086's RET imm16 alias */
        { { 0xC9 }, 1, 0 },                               /* C9: the 8086's RETF alias */
        { { 0x0F }, 1, 0 },                               /* POP CS */
        { { 0x65, 0xFE }, 2, 0 },                         /* 65: the 8086's JNZ alias, rel8 */
        { { 0xD8, 0x47, 0x02 }, 3, 0 },                   /* ESC: a ModR/M operand, disp8 */
        { { 0xD4, 0x0A }, 2, 0 },                         /* AAM: imm8 */
        { { 0xE4, 0x60 }, 2, 0 },                         /* IN AL,60: imm8 */
        { { 0xB8, 0x34, 0x12 }, 3, 0 },                   /* MOV AX,1234: imm16 */
        { { 0xC7, 0x06, 0x00, 0x01, 0x34, 0x12 }, 6, 0 }, /* MOV w[100],1234 */
        { { 0x2E, 0xF3, 0xA5 }, 3, 2 },                   /* CS: REP MOVSW: two prefixes + opcode */
        { { 0xF1, 0x90 }, 2, 1 },                         /* F1 NOP: F1 is a LOCK prefix */
        { { 0x2E, 0xF1, 0xA0, 0x00, 0x01 }, 5, 2 },       /* CS: F1 MOV AL,[100]: 2 prefixes + addr16 */
    };
    uint8_t *mem = calloc(1, 0x100000);
    ck_assert_ptr_nonnull(mem);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memcpy(mem + 0x100, cases[i].b, sizeof cases[i].b);
        struct insn d;
        decode_insn(mem, 0x100, &d);
        ck_assert_msg(d.length == cases[i].len && d.prefixes == cases[i].prefixes, "case %zu: %u/%u, want %u/%u",
                      i, d.length, d.prefixes, cases[i].len, cases[i].prefixes);
    }
    /* CS: F1 MOV AL,[100]: the override is CS's, one LOCK, the address 0100. */
    struct insn d;
    decode_insn(mem, 0x100, &d);
    ck_assert_uint_eq(d.seg, 0x2E);
    ck_assert_uint_eq(d.lock, 1);
    ck_assert_uint_eq(d.imm, 0x0100);
    /* 15 prefixes end the instruction there (its length is the 15). */
    memset(mem + 0x100, 0x26, 16);
    decode_insn(mem, 0x100, &d);
    ck_assert_uint_eq(d.length, 15);
    ck_assert_uint_eq(d.overlong, 1);
    free(mem);
}
END_TEST

/* An assertion in the inner loops, checked without Check's bookkeeping
 * (a ck_assert costs a write to the parent process in fork mode, and these
 * loops make millions): only a failure reaches Check, naming both values. */
#define SAME(a, b)                                                                                        \
    do {                                                                                                  \
        long long a_ = (long long)(a), b_ = (long long)(b);                                               \
        if (a_ != b_)                                                                                     \
            ck_abort_msg("%s == %s: %lld != %lld (opcode %02X, ModR/M %02X)", #a, #b, a_, b_, op, modrm); \
    } while (0)

/* Coverage's length, the prefix count, REP, the table's ModR/M flag and
 * its 2 clocks a prefix: as the decoder says, for every opcode, ModR/M
 * byte and prefix run. */
START_TEST(consumers_agree_with_the_decoder)
{
    uint8_t *mem = calloc(1, 0x100000);
    ck_assert_ptr_nonnull(mem);
    for (unsigned r = 0; r < NRUNS; r++)
        for (unsigned op = 0; op < 256; op++) {
            if (decode_is_prefix((uint8_t)op))
                continue;                           /* a prefix, not an opcode */
            for (unsigned modrm = 0; modrm < 256; modrm++) {
                place(mem, r, (uint8_t)op, (uint8_t)modrm);
                struct insn d, bare;
                decode_insn(mem, 0x100, &d);
                decode_insn(mem, 0x100 + runs[r].n, &bare);
                SAME(d.prefixes, runs[r].n);
                SAME(d.opcode, op);
                SAME(d.length, runs[r].n + bare.length);
                SAME(insn_length(mem, 0x100), d.length);
                SAME(prefix_length(mem, 0x100), d.prefixes);
                SAME(rep_prefixed(mem, 0x100), d.rep != 0);
                SAME(timing_ops[op].modrm, d.has_modrm);
                struct insn_cost with, without;
                timing_decode(&d, 0, 5, &with);
                timing_decode(&bare, 0, 5, &without);
                int rep_string = d.rep && timing_ops[op].kind == K_STRING;
                SAME(with.rep, rep_string);
                if (!rep_string)
                    SAME(with.fixed, without.fixed + 2u * d.prefixes);
            }
        }
    free(mem);
}
END_TEST

/* The hot loop's inline cost, where it gives one: the table's cost of the
 * decoded instruction, which has no prefix.  Jcc under every combination
 * of the five flags it reads (the quick table's jcc_taken[]), with the
 * other FLAGS bits either way.  MUL, IMUL, DIV, IDIV (F6h/F7h /4-/7) and
 * CWD, and only they, are QUICK_MULDIV (cpu_quick_muldiv prices them). */
START_TEST(fast_path_agrees_with_the_decoder)
{
    static const uint16_t flags[] = { 0x0000, 0x08C5 };
    static const uint16_t cx[] = { 0, 1, 7 };
    uint8_t *mem = calloc(1, 0x100000);
    struct timing_quick_table *q = timing_quick_table_new();
    ck_assert_ptr_nonnull(mem);
    ck_assert_ptr_nonnull(q);
    unsigned quick = 0, muldiv = 0;
    for (unsigned op = 0; op < 256; op++)
        for (unsigned modrm = 0; modrm < 256; modrm++) {
            place(mem, 0, (uint8_t)op, (uint8_t)modrm);
            int want = op == 0x99 || ((op == 0xF6 || op == 0xF7) && ((modrm >> 3) & 7) > 3);
            if (want != (timing_quick_entry(q, mem, 0x100) == QUICK_MULDIV))
                ck_abort_msg("%02X %02X: quick entry %u", op, modrm, timing_quick_entry(q, mem, 0x100));
            muldiv += want;
            int jcc = op >= 0x70 && op <= 0x7F;
            unsigned nflags = jcc ? 64 : 2;
            for (unsigned f = 0; f < nflags; f++)
                for (unsigned k = 0; k < 3; k++) {
                    /* for Jcc: CF, PF, ZF, SF, OF from f's low 5 bits,
                     * and bit 5 the rest of FLAGS (AF, TF, IF, DF) */
                    uint16_t fl = !jcc ? flags[f]
                                       : (uint16_t)((f & 1) | (f & 2) << 1 | (f & 4) << 4 | (f & 8) << 4 |
                                                    (f & 16) << 7 | (f & 32 ? 0x0710 : 0));
                    place(mem, 0, (uint8_t)op, (uint8_t)modrm);
                    int32_t t = timing_quick(q, mem, 0x100, fl, cx[k]);
                    if (t < 0)
                        continue;
                    quick++;
                    struct insn d;
                    struct insn_cost c;
                    decode_insn(mem, 0x100, &d);
                    timing_decode(&d, fl, cx[k], &c);
                    SAME(d.prefixes, 0);
                    if (!((uint32_t)t == c.fixed && !c.rep && !c.mul))
                        ck_abort_msg("%02X %02X flags %04X cx %u: quick %d, decoder %u", op, modrm, fl, cx[k], t,
                                     c.fixed);
                }
        }
    ck_assert_uint_gt(quick, 0);
    ck_assert_uint_eq(muldiv, 256u + 2u * 4u * 32u);     /* CWD whole, F6/F7 /4-/7 */
    /* Opcodes that price alike share a row: far fewer than 256. */
    ck_assert_uint_lt(q->rows, 128);
    free(q);
    free(mem);
}
END_TEST

/* The group opcodes take the inline path (issue 33 item 2) but for the
 * forms the wrapper must look at: SAR by 1 (OF fixed up), MUL/IMUL/DIV/IDIV
 * (operands settled), FEh /2-/7 (the 8086's aliases), CALL SP and PUSH SP. */
START_TEST(group_opcodes_take_the_fast_path)
{
    uint8_t *mem = calloc(1, 0x100000);
    struct timing_quick_table *q = timing_quick_table_new();
    ck_assert_ptr_nonnull(mem);
    ck_assert_ptr_nonnull(q);
    static const uint8_t groups[] = { 0x80, 0x81, 0x82, 0x83, 0xD0, 0xD1, 0xF6, 0xF7, 0xFE, 0xFF };
    unsigned quick = 0;
    for (size_t g = 0; g < sizeof groups; g++)
        for (unsigned modrm = 0; modrm < 256; modrm++) {
            uint8_t op = groups[g];
            unsigned reg = (modrm >> 3) & 7;
            int slow = ((op == 0xD0 || op == 0xD1) && reg == 7) || ((op == 0xF6 || op == 0xF7) && reg > 3) ||
                       (op == 0xFE && reg > 1) || (op == 0xFF && (modrm == 0xD4 || modrm == 0xF4 || modrm == 0xFC));
            place(mem, 0, op, (uint8_t)modrm);
            int32_t t = timing_quick(q, mem, 0x100, 0, 1);
            if (slow != (t < 0))
                ck_abort_msg("%02X %02X: quick %d, expected the %s path", op, modrm, t, slow ? "slow" : "fast");
            quick += t >= 0;
        }
    /* 80-83 whole (1024), D0/D1 but /7 (448), F6/F7 /0-/3 (256), FE /0-/1
     * (64), FF but 3 ModR/M bytes (253). */
    ck_assert_uint_eq(quick, 1024u + 448u + 256u + 64u + 253u);
    free(q);
    free(mem);
}
END_TEST

/* The 8086-only layer (emu/cpu/cpu.c, cpu8086.c) leaves IP after the
 * instruction the decoder measured: its own forms (POP CS, ESC, the 60-6F
 * jumps with rel8 0, shifts by CL, segment moves with reg 4-7, MOV r/m,imm
 * and POP r/m with reg 1-7, DAA/DAS/AAA/AAS/AAM) behind each prefix run,
 * with register, disp8, disp16 and direct operands. */
START_TEST(the_8086_layer_agrees_with_the_decoder)
{
    static const uint8_t forms[][2] = {
        { 0x0F, 0 }, { 0xD8, 0x47 }, { 0xDF, 0x86 }, { 0x60, 0x00 }, { 0x6F, 0x00 },
        { 0xD2, 0xE0 }, { 0xD3, 0x6F }, { 0xD3, 0xBE }, { 0x8C, 0xE0 }, { 0x8C, 0x26 },
        { 0x8E, 0xF0 }, { 0x8E, 0x67 }, { 0xC6, 0x08 }, { 0xC7, 0x4F }, { 0xC7, 0x96 },
        { 0x8F, 0xC8 }, { 0x8F, 0x16 }, { 0x27, 0 }, { 0x2F, 0 }, { 0x37, 0 }, { 0x3F, 0 }, { 0xD4, 0x0A },
    };
    for (unsigned r = 0; r < NRUNS; r++)
        for (size_t i = 0; i < sizeof forms / sizeof forms[0]; i++) {
            struct machine *m = machine_new(CPU_8088);
            ck_assert_ptr_nonnull(m);
            m->hinted = 1;
            uint8_t code[12] = { 0 };
            memcpy(code, runs[r].b, runs[r].n);
            code[runs[r].n] = forms[i][0];
            code[runs[r].n + 1] = forms[i][1];
            mem_write(m, lin(0x1000, 0), code, sizeof code);
            mem_wb(m, lin(0x1000, 0x40), 0xF4);
            cpu_set(m, REG_CS, 0x1000);
            cpu_set(m, REG_IP, 0);
            cpu_set(m, REG_SS, 0x3000);
            cpu_set(m, REG_SP, 0x1000);
            cpu_set(m, REG_DS, 0x2000);
            cpu_set(m, REG_FLAGS, 0);
            struct insn d;
            decode_insn(m->mem, lin(0x1000, 0), &d);
            machine_set_max_insn(m, 1);
            machine_run(m);
            ck_assert_msg(cpu_get(m, REG_IP) == d.length, "run %u, %02X %02X: IP %04X, decoded %u", r,
                          forms[i][0], forms[i][1], cpu_get(m, REG_IP), d.length);
            machine_free(m);
        }
}
END_TEST

Suite *decode_suite(void)
{
    Suite *s = suite_create("decode");
    TCase *tc = tcase_create("agreement");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, hand_checked_lengths);
    tcase_add_test(tc, consumers_agree_with_the_decoder);
    tcase_add_test(tc, fast_path_agrees_with_the_decoder);
    tcase_add_test(tc, group_opcodes_take_the_fast_path);
    tcase_add_test(tc, the_8086_layer_agrees_with_the_decoder);
    suite_add_tcase(s, tc);
    return s;
}
