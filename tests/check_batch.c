/*
 * tests/check_batch.c: `profil run FILE.BAT` (formats/batch.c,
 * loader/batch.c, loader/batch_shell.asm): each line's program run in
 * turn through EXEC with its own profile, a resident driver serving the
 * next, ECHO, REM, CLS, PAUSE and %1; what it cannot run refused with
 * FILE:LINE before anything runs.
 *
 * tests/fixtures/ansigame.bat: @echo off, a REM, CLS, ansi.com (an
 * ANSI-like driver that stays resident with INT 21h/31h and strips ESC [
 * ... sequences from 09h and 02h), ECHO Loading %1..., esc.com %1 two
 * (escape sequences through 40h, 09h and 02h).  Under --trace, exact
 * instructions:
 *
 * The shell (ANSIGAME.PRF, loader/batch_shell.asm): its JMP and start 1 +
 * 6; each of the five entries read 7 (to the JE of kind 1); CLS 4 more
 * compares and 5; each program 8 + 8 (the registers set again) + JNC, MOV
 * SI and JMP 3; the ECHO 2 compares and 6; the end 6 compares and 2:
 * 1 + 6 + 5 x 7 + 9 + 2 x 19 + 8 + 8 = 105.
 *
 * ansi.com (ANSI.PRF) from its EXEC to its INT 21h/31h: 13 instructions
 * of its own, then the 31h through its own hook (CMP, JE, CMP, JE, JMP
 * FAR: 5): 18; DOS's: the EXEC's IRET it starts by and the IRETs of 09h,
 * 35h and 25h: 4.
 *
 * esc.com (ESC.PRF): 3 + 6 + 3 + 2 + 16 characters x 5 + 2 = 96 of its
 * own.  Below its layout (its "dos"), the driver's hook, resident under
 * it: each 02h 9 + the filter, 09h 10 + 5 a character + the filters, any
 * other call 5; the filter a character shown 13 (the far call to DOS's
 * 02h), an ESC 6, its [ 8, a parameter 6, the final byte 7.  02h '[': 22;
 * 40h: 5; 09h "]\r\n" ESC "[1;31mHello" ESC "[0m, world\r\n": 17 shown,
 * 2 ESC, 2 [, 5 parameters, 2 finals = 10 + 28 x 5 + 221 + 12 + 16 + 30
 * + 14 = 443; 16 x 02h ESC "[32mgreen" ESC "[0m\r\n": 16 x 9 + 7 x 13 + 2
 * x 6 + 2 x 8 + 3 x 6 + 2 x 7 = 295; 4Ch: 5; 770 in all; and DOS's IRETs:
 * the EXEC's, 40h's and the 25 characters' far calls, 27: 797.
 */
#include "testutil.h"

#include "../formats/batch.h"

#define BAT "tests/fixtures/ansigame.bat"
#define OUT TMP "/bat"

static uint64_t program_hits(const struct prf *p)
{
    uint64_t n = 0;
    for (uint32_t i = 0; i < p->bucket_num; i++)
        n += prf_hits(p, i);
    return n;
}

static void fresh(void)
{
    if (system("rm -rf " OUT " && mkdir -p " OUT) != 0)
        ck_abort();
}

/* The screen shows no escape sequence; every program has its profile. */
START_TEST(a_driver_loaded_first_serves_the_game)
{
    struct run_result r;
    fresh();
    run_profil(&r, "run --trace --drive C=" FIXTURE_DIR " -o " OUT "/ANSIGAME.PRF " BAT " level1", NULL);
    ck_assert_msg(r.status == 0, "%d %s", r.status, r.err);
    ck_assert_str_eq(r.out, "ANSI driver installed\r\nLoading level1...\r\n[ level1 two]\r\nHello, world\r\ngreen\r\n");
    ck_assert_ptr_nonnull(strstr(r.err, "ANSI.COM "));
    ck_assert_ptr_nonnull(strstr(r.err, "resident, code 0"));
    struct prf shell, ansi, esc;
    read_prf(OUT "/ANSIGAME.PRF", &shell);
    read_prf(OUT "/ANSI.PRF", &ansi);
    read_prf(OUT "/ESC.PRF", &esc);
    ck_assert_uint_eq(1 + 6 + 5 * 7 + 9 + 2 * 19 + 8 + 8, 105);
    ck_assert_uint_eq(program_hits(&shell), 105);
    ck_assert_uint_eq(program_hits(&ansi), 13 + 5);
    ck_assert_uint_eq(ansi.hit_dos, 4);
    ck_assert_uint_eq(3 + 6 + 3 + 2 + 16 * 5 + 2, 96);
    ck_assert_uint_eq(program_hits(&esc), 96);
    ck_assert_uint_eq(10 + 28 * 5 + 221 + 12 + 16 + 30 + 14, 443);
    ck_assert_uint_eq(16 * 9 + 7 * 13 + 2 * 6 + 2 * 8 + 3 * 6 + 2 * 7, 295);
    ck_assert_uint_eq(22 + 5 + 443 + 295 + 5 + 27, 797);
    ck_assert_uint_eq(esc.hit_dos, 797);
    /* The driver lies between the shell and the game, resident. */
    ck_assert_uint_lt(shell.prog_high_pa, ansi.prog_low_pa);
    ck_assert_uint_lt(ansi.prog_high_pa, esc.prog_low_pa);
    prf_free(&shell);
    prf_free(&ansi);
    prf_free(&esc);
    /* Sampled, the driver's time serving the game is its own (its memory's
     * owner); the screen, too, has no escape sequence. */
    fresh();
    run_profil(&r, "run -q -i 60 --drive C=" FIXTURE_DIR " --screen " OUT "/screen.txt -o " OUT "/ANSIGAME.PRF " BAT
               " level1", NULL);
    ck_assert_msg(r.status == 0, "%d %s", r.status, r.err);
    char screen[8192];
    slurp(OUT "/screen.txt", screen, sizeof screen);
    static const char shown[] = "ANSI driver installed\nLoading level1...\n[ level1 two]\nHello, world\ngreen\n\n";
    ck_assert_msg(strncmp(screen, shown, sizeof shown - 1) == 0, "%s", screen);
    read_prf(OUT "/ANSI.PRF", &ansi);
    ck_assert_uint_gt(program_hits(&ansi), 10);
    prf_free(&ansi);
    /* Without the driver, the sequences reach the screen. */
    run_profil(&r, "run -q -o " OUT "/ESC.PRF " FIX("esc.com") " x", NULL);
    ck_assert_str_eq(r.out, "[ x]\r\n\033[1;31mHello\033[0m, world\r\n\033[32mgreen\033[0m\r\n");
}
END_TEST

/* Echo on shows each line after C> (as COMMAND.COM does), ECHO. a blank
 * line, ECHO alone the state, %0 the file, %2 empty, %% a percent sign,
 * %NAME% from --env; a program that is not there is "Bad command or file
 * name" and the next line runs; PAUSE waits for a key. */
START_TEST(echo_pause_and_a_missing_program)
{
    struct run_result r;
    fresh();
    FILE *f = fopen(OUT "/T.BAT", "w");
    ck_assert_ptr_nonnull(f);
    fputs("echo %0 %1 [%2] 100%% %WHO%\r\n@echo.\r\n@echo off\r\necho\r\nnothere\r\n:label\r\npause\r\n"
          "esc A\r\n\x1Agarbage: goto x\r\n", f);
    fclose(f);
    run_profil(&r, "run -q --keys x --env WHO=me --drive C=" FIXTURE_DIR " -o " OUT "/T.PRF " OUT "/T.BAT one", NULL);
    ck_assert_msg(r.status == 0, "%d %s", r.status, r.err);
    ck_assert_str_eq(r.out, "\r\nC>echo T.BAT one [] 100% me\r\nT.BAT one [] 100% me\r\n\r\nECHO is off\r\n"
                     "Bad command or file name\r\nStrike a key when ready . . . \r\n[ A]\r\n"
                     "\033[1;31mHello\033[0m, world\r\n\033[32mgreen\033[0m\r\n");
}
END_TEST

/* keep27.com stays with INT 27h keeping 273 bytes (its code ends at
 * 111h): 18 paragraphs from its PSP; ask60.com, on the next line, finds
 * its INT 60h handler (2727h) and is placed above it: keep27's PSP + 18,
 * an MCB, its environment (COMSPEC's 23 bytes, PATH's 9, the empty
 * string, the word 1 and "C:\ASK60.COM": 48 bytes, 3 paragraphs), an
 * MCB.  Echo is on: each line after C>. */
START_TEST(a_program_kept_by_int27_serves_the_next_line)
{
    struct run_result r;
    fresh();
    FILE *f = fopen(OUT "/K.BAT", "w");
    ck_assert_ptr_nonnull(f);
    fputs("keep27\r\nask60\r\n", f);
    fclose(f);
    run_profil(&r, "run -q --drive C=" FIXTURE_DIR " -o " OUT "/K.PRF " OUT "/K.BAT", NULL);
    ck_assert_msg(r.status == 0, "%d %s", r.status, r.err);
    struct prf keep;
    read_prf(OUT "/KEEP27.PRF", &keep);
    ck_assert_uint_eq((273 + 15) / 16, 18);
    ck_assert_uint_eq(23 + 9 + 1 + 2 + 13, 48);
    char want[100];
    snprintf(want, sizeof want, "\r\nC>keep27\r\n\r\nC>ask60\r\n2727 %04X ", keep.prog_low_pa - 0x10 + 18 + 1 + 3 + 1);
    ck_assert_str_eq(r.out, want);
    prf_free(&keep);
}
END_TEST

/* What the shell does not run: one line naming FILE:LINE, exit 2, nothing
 * run or written. */
START_TEST(unsupported_lines_are_refused_before_anything_runs)
{
    static const struct { const char *line, *err; } bad[] = {
        { "goto end", "B.BAT:2: GOTO: a batch command profil does not run (it runs programs, ECHO, REM, CLS and PAUSE)" },
        { "IF EXIST X.DAT esc", "B.BAT:2: IF: a batch command profil does not run (it runs programs, ECHO, REM, CLS and "
                                "PAUSE)" },
        { "for %%a in (1 2) do esc", "B.BAT:2: FOR: a batch command profil does not run (it runs programs, ECHO, REM, "
                                     "CLS and PAUSE)" },
        { "call other", "B.BAT:2: CALL: a batch command profil does not run (it runs programs, ECHO, REM, CLS and "
                        "PAUSE)" },
        { "esc > out.txt", "B.BAT:2: '>': redirection and pipes are not supported" },
        { "other.bat", "B.BAT:2: other.bat: another batch file is not supported (profil runs one)" },
        { "readme.txt", "B.BAT:2: readme.txt: not a .COM or .EXE program" },
        { "/x", "B.BAT:2: '/' where a command should be" },
        { "d:", "B.BAT:2: d:: changing the drive is not supported (profil runs programs, ECHO, REM, CLS and PAUSE)" },
        { "echo %1%1%1%1%1%1%1%1%1%1%1%1%1%1%1%1%1%1%1%1",
          "B.BAT:2: longer than 127 characters once its %s are replaced" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        struct run_result r;
        fresh();
        FILE *f = fopen(OUT "/B.BAT", "w");
        ck_assert_ptr_nonnull(f);
        fprintf(f, "esc\r\n%s\r\n", bad[i].line);
        fclose(f);
        run_profil(&r, "run -q --drive C=" FIXTURE_DIR " -o " OUT "/B.PRF " OUT "/B.BAT abcdefgh", NULL);
        ck_assert_int_eq(r.status, 2);
        char want[300];
        snprintf(want, sizeof want, "profil: " OUT "/%s\n", bad[i].err);
        ck_assert_str_eq(r.err, want);
        ck_assert_str_eq(r.out, "");
        ck_assert_int_ne(access(OUT "/B.PRF", F_OK), 0);
    }
}
END_TEST

/* The parser alone: the steps and their lines. */
START_TEST(batch_steps)
{
    static const char text[] = "@ECHO OFF\nrem x\n\n  ansi\ngame.exe /x %1\ncls\r\npause\n";
    struct batch b;
    char err[200];
    ck_assert_int_eq(batch_parse("G.BAT", (const uint8_t *)text, sizeof text - 1, "lvl", NULL, 0, &b, err, sizeof err), 0);
    ck_assert_uint_eq(b.n, 4);
    ck_assert_int_eq(b.steps[0].kind, BATCH_RUN);
    ck_assert_str_eq(b.steps[0].text, "ansi");
    ck_assert_str_eq(b.steps[0].tail, "");
    ck_assert_int_eq(b.steps[0].has_ext, 0);
    ck_assert_uint_eq(b.steps[0].line, 4);
    ck_assert_str_eq(b.steps[1].text, "game.exe");
    ck_assert_str_eq(b.steps[1].tail, " /x lvl");
    ck_assert_int_eq(b.steps[1].has_ext, 1);
    ck_assert_int_eq(b.steps[2].kind, BATCH_CLS);
    ck_assert_int_eq(b.steps[3].kind, BATCH_PAUSE);
    ck_assert_uint_eq(b.steps[3].line, 7);
    batch_free(&b);
    ck_assert_int_eq(batch_parse("G.BAT", (const uint8_t *)"a\0b\n", 4, "", NULL, 0, &b, err, sizeof err), -1);
    ck_assert_str_eq(err, "G.BAT:1: a NUL byte: not a batch file");
}
END_TEST

Suite *batch_suite(void)
{
    Suite *s = suite_create("batch");
    TCase *tc = tcase_create("batch");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, a_driver_loaded_first_serves_the_game);
    tcase_add_test(tc, echo_pause_and_a_missing_program);
    tcase_add_test(tc, a_program_kept_by_int27_serves_the_next_line);
    tcase_add_test(tc, unsupported_lines_are_refused_before_anything_runs);
    tcase_add_test(tc, batch_steps);
    suite_add_tcase(s, tc);
    return s;
}
