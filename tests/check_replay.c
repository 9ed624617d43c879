/*
 * tests/check_replay.c: `run --record` and `--replay` (lib/record.c,
 * formats/recording.c): a recording replays to the same bytes; one for
 * another program or other options, truncated, out of order or malformed
 * is refused with one line and nothing runs.
 */
#include "testutil.h"

#include "../emu/chips/keyboard.h"
#include "../formats/recording.h"

#define KEYS "a{F1}{WAIT 1000}b{CTRL-C}hix{BKSP}{ENTER}ok{ENTER}"

/* keys.com typed by --keys and recorded, then replayed without --keys:
 * the program's output, the .PRF, the .prc and the .prx the same bytes,
 * under both clocks.  The recording holds each scan code at the cycle it
 * was sent: 'a' make at 0 and break 5 ms (23863 cycles: 4772727 / 200)
 * later, as keyboard.c types them. */
START_TEST(a_recording_replays_to_the_same_bytes)
{
    static const char *const modes[] = { "--trace", "--timing table --stacks" };
    for (int i = 0; i < 2; i++) {
        struct run_result r1, r2;
        char args[1024];
        unlink(TMP "/rec.txt");
        snprintf(args, sizeof args, "run -q %s --keys '" KEYS "' --record " TMP "/rec.txt -o " TMP "/recA.PRF "
                 "--screen " TMP "/recA.scr " FIX("keys.com"), modes[i]);
        run_profil(&r1, args, NULL);
        ck_assert_msg(r1.status == 0, "%s", r1.err);
        snprintf(args, sizeof args, "run -q %s --replay " TMP "/rec.txt -o " TMP "/recB.PRF --screen " TMP
                 "/recB.scr " FIX("keys.com"), modes[i]);
        run_profil(&r2, args, NULL);
        ck_assert_msg(r2.status == 0, "%s", r2.err);
        static const char start[] = "1E61 3B00 12 3062 none ^C\r\n68 ix";    /* as check_bios.c has it */
        ck_assert_msg(strncmp(r1.out, start, sizeof start - 1) == 0, "%s", r1.out);
        ck_assert_str_eq(r1.out, r2.out);
        same_file_bytes(TMP "/recA.PRF", TMP "/recB.PRF");
        same_file_bytes(TMP "/recA.prc", TMP "/recB.prc");
        same_file_bytes(TMP "/recA.prx", TMP "/recB.prx");
        same_file_bytes(TMP "/recA.scr", TMP "/recB.scr");
    }
    struct recording rec;
    char err[300];
    ck_assert_msg(recording_read(TMP "/rec.txt", &rec, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_ge(rec.n, 4);
    ck_assert_uint_eq(rec.events[0].at, 0);
    ck_assert_uint_eq(rec.events[0].code, 0x1E);
    ck_assert_uint_eq(rec.events[0].ascii, 'a');
    ck_assert_uint_eq(rec.events[1].at, 23863);
    ck_assert_uint_eq(rec.events[1].code, 0x9E);
    ck_assert_str_eq(rec.end_reason, "exit");
    ck_assert_str_eq(recording_option(&rec, "timing"), "table");
    recording_free(&rec);
}
END_TEST

/* Held keys (held.com, see tests/check_bios.c): Ctrl down, A held 750
 * ms with its typematic repeats, recorded as the scan codes sent and
 * replayed without --keys: the same output, .PRF and .prc.  The
 * recording's A make codes are half a second, then a tenth of a second
 * apart (2386363 and 477272 cycles: 4772727 / 2 and / 10). */
START_TEST(held_keys_record_and_replay)
{
    struct run_result r1, r2;
    unlink(TMP "/held.rec");
    run_profil(&r1, "run -q --keys '{WAIT 50}{DOWN CTRL}{HOLD A 750}{UP CTRL}{DOWN RSHIFT}b{UP RSHIFT}' --record "
               TMP "/held.rec -o " TMP "/heldA.PRF " FIX("held.com"), NULL);
    ck_assert_msg(r1.status == 0, "%s", r1.err);
    run_profil(&r2, "run -q --replay " TMP "/held.rec -o " TMP "/heldB.PRF " FIX("held.com"), NULL);
    ck_assert_msg(r2.status == 0, "%s", r2.err);
    ck_assert_str_eq(r1.out, "1E01 1E01 1E01 1E01 3042 1D 04 1E 04 1E 04 1E 04 1E 04 9E 04 9D 00 36 01 30 01 B0 01 B6 00 ");
    ck_assert_str_eq(r1.out, r2.out);
    same_file_bytes(TMP "/heldA.PRF", TMP "/heldB.PRF");
    same_file_bytes(TMP "/heldA.prc", TMP "/heldB.prc");
    struct recording rec;
    char err[300];
    ck_assert_msg(recording_read(TMP "/held.rec", &rec, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(rec.n, 11);       /* the 11 codes */
    ck_assert_uint_eq(rec.events[1].code, 0x1E);
    ck_assert_uint_eq(rec.events[1].ascii, 0x01);
    ck_assert_uint_eq(rec.events[2].code, 0x1E);
    ck_assert_uint_eq(rec.events[2].at - rec.events[1].at, 2386363);
    ck_assert_uint_eq(rec.events[3].at - rec.events[2].at, 477272);
    ck_assert_uint_eq(rec.events[4].at - rec.events[3].at, 477272);
    ck_assert_uint_eq(rec.events[5].code, 0x9E);
    recording_free(&rec);
}
END_TEST

/* Sampling does not change the run: a recording of a sampling run
 * replayed under --trace -i 200 gives the bytes of a --trace -i 200 run
 * typed by --keys itself (the .PRF, .prc, .prx), and the same emulated
 * cycles as the recorded run (5362953 in both .prc files). */
START_TEST(a_sampling_recording_replays_under_trace)
{
    struct run_result r;
    unlink(TMP "/rec2.txt");
    run_profil(&r, "run -q --keys '" KEYS "' --record " TMP "/rec2.txt -o " TMP "/recS.PRF " FIX("keys.com"), NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    run_profil(&r, "run -q --replay " TMP "/rec2.txt --trace -i 200 -o " TMP "/recT.PRF " FIX("keys.com"), NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    run_profil(&r, "run -q --keys '" KEYS "' --trace -i 200 -o " TMP "/recK.PRF " FIX("keys.com"), NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    same_file_bytes(TMP "/recT.PRF", TMP "/recK.PRF");
    same_file_bytes(TMP "/recT.prc", TMP "/recK.prc");
    same_file_bytes(TMP "/recT.prx", TMP "/recK.prx");
    char a[4096], b[4096];
    slurp(TMP "/recS.prc", a, sizeof a);
    slurp(TMP "/recT.prc", b, sizeof b);
    ck_assert_ptr_nonnull(strstr(a, "\"cycles\": 5362953,"));
    ck_assert_ptr_nonnull(strstr(b, "\"cycles\": 5362953,"));
}
END_TEST

static void write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    ck_assert(f);
    fputs(text, f);
    fclose(f);
}

/* What a replay refuses: each a one-line error, nothing run (no .PRF). */
START_TEST(bad_recordings_are_refused_before_anything_runs)
{
    struct run_result r;
    unlink(TMP "/rec.txt");
    run_profil(&r, "run -q --keys 'x' --record " TMP "/rec.txt -o " TMP "/recA.PRF " FIX("keys.com"), NULL);
    char good[8192];
    slurp(TMP "/rec.txt", good, sizeof good);
    ck_assert_msg(strstr(good, "\nend "), "%s", good);
    static const struct { const char *what, *text_edit, *want; } cases[] = {
        { "another program", NULL, "recorded for another program" },
        { "another cpu", "option cpu 8088\n|option cpu 8086\n", ": recorded with cpu 8086, this run has cpu 8088" },
        { "truncated", "\nend |\n#end ", ": truncated: no 'end' line" },
        { "out of order", "\nkey 0 2d 78\n|\nkey 99 2d 78\nkey 5 ad 00\n", "comes before the event above it" },
        { "malformed", "\nkey 0 2d 78\n|\nkey 0 2d7 8\n", ": want 'key CYCLE CODE CHAR'" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char text[8300], args[512];
        snprintf(text, sizeof text, "%s", good);
        if (cases[i].text_edit) {
            const char *bar = strchr(cases[i].text_edit, '|');
            char from[64], to[64];
            snprintf(from, sizeof from, "%.*s", (int)(bar - cases[i].text_edit), cases[i].text_edit);
            snprintf(to, sizeof to, "%s", bar + 1);
            char *at = strstr(text, from);
            ck_assert_msg(at, "%s: no '%s' in %s", cases[i].what, from, good);
            char rest[8300];
            snprintf(rest, sizeof rest, "%s", at + strlen(from));
            snprintf(at, sizeof text - (size_t)(at - text), "%s%s", to, rest);
        }
        write_text(TMP "/bad.rec", text);
        unlink(TMP "/recB.PRF");
        snprintf(args, sizeof args, "run -q %s--replay " TMP "/bad.rec -o " TMP "/recB.PRF %s",
                 i == 1 ? "--cpu 8088 " : "", i == 0 ? FIX("tone.com") : FIX("keys.com"));
        run_profil(&r, args, NULL);
        ck_assert_msg(r.status == PROFIL_EXIT_BAD_INPUT, "%s: status %d", cases[i].what, r.status);
        ck_assert_msg(strstr(r.err, cases[i].want), "%s: %s", cases[i].what, r.err);
        ck_assert_msg(strstr(r.err, TMP "/bad.rec"), "%s: the file is named: %s", cases[i].what, r.err);
        ck_assert_msg(strchr(r.err, '\n') == r.err + strlen(r.err) - 1, "%s: one line: %s", cases[i].what, r.err);
        ck_assert_msg(!file_exists(TMP "/recB.PRF"), "%s: nothing runs", cases[i].what);
    }
}
END_TEST

/* The keyboard's timed events (a replay's, a window's): a code is sent at
 * its time when port 60h is free; the next, due at the same time, waits
 * until the program reads 60h, then goes at the next 5 ms step (23863
 * cycles: 4772727 / 200), as a key typed with interrupts off is held, not
 * lost; a control event is handed over at its time (kbd_event returns 2). */
START_TEST(timed_events_wait_for_port_60h)
{
    struct keyboard k;
    kbd_init(&k);
    static const struct input_event ev[] = {
        { .at = 1000, .kind = INPUT_KEY, .code = 0x1E, .ascii = 'a' },
        { .at = 1000, .kind = INPUT_KEY, .code = 0x9E },
        { .at = 90000, .kind = INPUT_MARK },
    };
    kbd_queue(&k, ev, 3);
    ck_assert(kbd_scripted(&k) && kbd_more_coming(&k));
    ck_assert_uint_eq(k.due, 1000);
    ck_assert_int_eq(kbd_event(&k, 1000, 0), 1);
    ck_assert_uint_eq(k.port60, 0x1E);
    ck_assert_uint_eq(k.ascii60, 'a');
    ck_assert_uint_eq(k.due, 1000);                 /* the break is due too, */
    ck_assert_int_eq(kbd_event(&k, 1000, 0), 0);    /* but 60h is not read yet */
    ck_assert_uint_eq(k.due, 1000 + 23863);
    ck_assert_uint_eq(kbd_read_data(&k), 0x1E);
    ck_assert_int_eq(kbd_event(&k, 1000 + 23863, 0), 1);
    ck_assert_uint_eq(k.port60, 0x9E);
    ck_assert_uint_eq(k.ascii60, 0);
    ck_assert_uint_eq(k.due, 90000);
    ck_assert_int_eq(kbd_event(&k, 90000, 0), 2);
    ck_assert_uint_eq(k.control.kind, INPUT_MARK);
    ck_assert_uint_eq(k.due, UINT64_MAX);
    kbd_free(&k);
}
END_TEST

/* The parser's messages name the line. */
START_TEST(parse_errors_name_the_line)
{
    struct recording r;
    char err[300];
    const char *text = "profil-recording 1\nprogram 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef "
                       "X.COM\noption cpu 8088\nkey 10 1e 61\nkey 9 9e 00\nend 20 exit\n";
    ck_assert_int_eq(recording_parse("R", text, strlen(text), &r, err, sizeof err), -1);
    ck_assert_str_eq(err, "R:5: key at cycle 9 comes before the event above it (cycle 10): events are in time order");
    text = "profil-recording 1\nkey 10 1e 61\n";
    ck_assert_int_eq(recording_parse("R", text, strlen(text), &r, err, sizeof err), -1);
    ck_assert_str_eq(err, "R:2: 'key' before the 'program' line");
    text = "profil-recording 1\nprogram 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef X\n"
           "key 10 1e 61\n";
    ck_assert_int_eq(recording_parse("R", text, strlen(text), &r, err, sizeof err), -1);
    ck_assert_str_eq(err, "R:4: truncated: no 'end' line");
    text = "PK\3\4";
    ck_assert_int_eq(recording_parse("R", text, strlen(text), &r, err, sizeof err), -1);
    ck_assert_str_eq(err, "R:1: truncated: the last line has no newline");
}
END_TEST

/* A replay ends at the recording's end: forever.com recorded under
 * --timeout 1 (it ends at cycle 4772732 by that timeout), the recording
 * edited to say it exited at cycle 100000 with no timeout: the replay
 * (no --timeout: it would loop for ever) stops 0.1 s (477272 cycles)
 * past that end, says it diverged, status 2, nothing written.  The
 * recording as made replays under a tighter --timeout 0.5 (status 124)
 * and is refused under a looser one. */
START_TEST(a_replay_ends_at_the_recordings_end)
{
    struct run_result r;
    char text[8192], *at;
    unlink(TMP "/rec.txt");
    run_profil(&r, "run -q --timeout 1 --record " TMP "/rec.txt -o " TMP "/recF.PRF " FIX("forever.com"), NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_RUN_LIMIT);
    slurp(TMP "/rec.txt", text, sizeof text);
    ck_assert_msg((at = strstr(text, "\nend 4772732 timeout\n")) != NULL, "%s", text);
    snprintf(at, sizeof text - (size_t)(at - text), "\nend 100000 exit\n");
    ck_assert_msg((at = strstr(text, "option timeout 1\n")) != NULL, "%s", text);
    char edited[8300];
    snprintf(edited, sizeof edited, "%.*soption timeout none\n%s", (int)(at - text), text,
             at + strlen("option timeout 1\n"));
    write_text(TMP "/diverge.rec", edited);
    unlink(TMP "/recG.PRF");
    run_profil_limited(&r, 10, "run -q --replay " TMP "/diverge.rec -o " TMP "/recG.PRF " FIX("forever.com"), NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_BAD_INPUT);
    ck_assert_str_eq(r.err, "profil: " TMP "/diverge.rec: the replay diverged: the recorded run ended at cycle 100000 "
                            "(exit), this one had not 477272 cycles (0.1 s) later; nothing written\n");
    ck_assert(!file_exists(TMP "/recG.PRF"));
    run_profil(&r, "run -q --timeout 0.5 --replay " TMP "/rec.txt -o " TMP "/recG.PRF " FIX("forever.com"), NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_RUN_LIMIT);
    ck_assert_str_eq(r.err, "profil: " FIX("forever.com") ": timeout after 0.500 s emulated\n");
    run_profil(&r, "run -q --timeout 2 --replay " TMP "/rec.txt -o " TMP "/recG.PRF " FIX("forever.com"), NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_BAD_INPUT);
    ck_assert_msg(strstr(r.err, "recorded with timeout 1, this run has timeout 2"), "%s", r.err);
}
END_TEST

Suite *replay_suite(void)
{
    Suite *s = suite_create("replay");
    TCase *tc = tcase_create("replay");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, a_recording_replays_to_the_same_bytes);
    tcase_add_test(tc, held_keys_record_and_replay);
    tcase_add_test(tc, bad_recordings_are_refused_before_anything_runs);
    tcase_add_test(tc, parse_errors_name_the_line);
    tcase_add_test(tc, a_replay_ends_at_the_recordings_end);
    tcase_add_test(tc, timed_events_wait_for_port_60h);
    tcase_add_test(tc, a_sampling_recording_replays_under_trace);
    suite_add_tcase(s, tc);
    return s;
}
