/*
 * tests/check_speaker.c: the PC speaker (emu/chips/speaker.c) and
 * `run --audio-wav` (formats/wav.c): samples derived from port 61h and
 * PIT channel 2 by hand.
 */
#include "testutil.h"

#include "../emu/chips/speaker.h"
#include "../formats/wav.h"

/* A sample spans 14318180 / 3 / 44100 = 108.2251 cycles: sample k ends at
 * floor(k x 14318180 / 132300), so the first four end at 108, 216, 324,
 * 432.  Channel 2 as the BIOS leaves it (mode 3) and port 61h bit 1 alone
 * with the gate low (channel 2's output stays high): the cone follows the bit, the PWM playback of some games.  Out
 * for cycles 0-53 of the first sample (54 of 108): 64 + 54 x 128 / 108 =
 * 128; out for all of the second: 192; in for the third: 64; out from
 * cycle 405 of the fourth, 27 of its 108 cycles: 64 + 32 = 96. */
START_TEST(bit_1_alone_drives_the_cone)
{
    struct speaker sp;
    struct pit pit;
    pit_init(&pit);
    pit_bios_setup(&pit, 0);
    speaker_init(&sp);
    speaker_enable(&sp, 0, 100);
    speaker_port61(&sp, 2, 0);
    speaker_render(&sp, &pit, 54);
    speaker_port61(&sp, 0, 54);
    speaker_render(&sp, &pit, 108);
    speaker_port61(&sp, 2, 108);
    speaker_render(&sp, &pit, 216);
    speaker_port61(&sp, 0, 216);
    speaker_render(&sp, &pit, 405);
    speaker_port61(&sp, 2, 405);
    speaker_render(&sp, &pit, 432);
    ck_assert_uint_eq(sp.n, 4);
    ck_assert_uint_eq(sp.samples[0], 128);
    ck_assert_uint_eq(sp.samples[1], 192);
    ck_assert_uint_eq(sp.samples[2], 64);
    ck_assert_uint_eq(sp.samples[3], 96);
    speaker_free(&sp);
}
END_TEST

/* Channel 2 in mode 3 with count 4, gated and driven from cycle 0: high
 * for 2 PIT clocks (8 cycles), low for 2 (8), so each 108-cycle sample
 * holds 6 whole periods (96 cycles, 48 out) and 12 more cycles from where
 * the last one ended.  The first sample: cycles 96-107 are 8 out and 4 in,
 * 56 of 108: 64 + 56 x 128 / 108 = 130.4 -> 130.  Gate low: the output
 * stays high, and with bit 1 set the cone stays out: 192.  Bit 1 clear,
 * gate high: the cone stays in: 64. */
START_TEST(channel_2_gated_by_bit_0_and_bit_1)
{
    struct speaker sp;
    struct pit pit;
    pit_init(&pit);
    pit_write(&pit, 0x43, 0xB6, 0);
    pit_write(&pit, 0x42, 4, 0);
    pit_write(&pit, 0x42, 0, 0);
    speaker_init(&sp);
    speaker_enable(&sp, 0, 100);
    speaker_port61(&sp, 3, 0);
    speaker_render(&sp, &pit, 108);
    speaker_port61(&sp, 2, 108);
    speaker_render(&sp, &pit, 216);
    speaker_port61(&sp, 1, 216);
    speaker_render(&sp, &pit, 324);
    ck_assert_uint_eq(sp.n, 3);
    ck_assert_uint_eq(sp.samples[0], 130);
    ck_assert_uint_eq(sp.samples[1], 192);
    ck_assert_uint_eq(sp.samples[2], 64);
    speaker_free(&sp);
}
END_TEST

/* Past `max`, samples are counted, not kept. */
START_TEST(samples_past_the_limit_are_counted)
{
    struct speaker sp;
    struct pit pit;
    pit_init(&pit);
    speaker_init(&sp);
    speaker_enable(&sp, 1000, 10);
    /* Sample 44100 ends at floor(44100 x 14318180 / 132300) = 4772726
     * cycles after the start: one cycle short of it, 44099 are complete. */
    speaker_render(&sp, &pit, 1000 + 4772725);
    ck_assert_uint_eq(sp.n, 10);
    ck_assert_uint_eq(sp.dropped, 44099 - 10);
    speaker_free(&sp);
}
END_TEST

/* tone.com (see its comment): the WAV's header, and its tone's periods
 * and length derived by hand. */
START_TEST(tone_gives_a_wav_of_known_frequency_and_length)
{
    struct run_result r;
    const char *wav = TMP "/tone.wav";
    unlink(wav);
    struct profil_options o = fixture_options(FIX("tone.com"), TMP "/tone.prf");
    o.audio_wav = wav;
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "%d %s", r.status, r.err);
    uint8_t *b;
    size_t n;
    char err[256];
    ck_assert_msg(read_file(wav, &b, &n, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_gt(n, WAV_HEADER);
    uint8_t head[WAV_HEADER];
    wav_header(head, 44100, (uint32_t)(n - WAV_HEADER));
    ck_assert_int_eq(memcmp(b, head, WAV_HEADER), 0);
    ck_assert_int_eq(memcmp(b, "RIFF", 4), 0);
    ck_assert_uint_eq(b[24] | b[25] << 8 | b[26] << 16, 44100);
    const uint8_t *d = b + WAV_HEADER;
    size_t count = n - WAV_HEADER, first = count, last = 0, rising = 0, sum = 0;
    for (size_t i = 0; i < count; i++) {
        ck_assert_uint_ge(d[i], SPEAKER_LOW);
        ck_assert_uint_le(d[i], SPEAKER_HIGH);
        if (d[i] != SPEAKER_LOW) {
            if (first == count)
                first = i;
            last = i;
            sum += d[i] - SPEAKER_LOW;
        }
        if (i && d[i - 1] < 128 && d[i] >= 128)
            rising++;
    }
    /* A period starts (high) at each multiple of 10848 cycles in the
     * tone's 4718592: 0, 10848, ... 434 x 10848: 435 rising edges.  The
     * last high half ends 434 x 10848 + 5424 = 4713456 cycles after the
     * first starts: 4713456 x 132300 / 14318180 = 43551.4 samples, plus
     * the partial samples at both ends. */
    ck_assert_uint_eq(rising, 435);
    ck_assert_msg(last - first + 1 >= 43551 && last - first + 1 <= 43554, "tone of %zu samples", last - first + 1);
    /* The cone is out 435 x 5424 = 2359440 cycles: 2359440 x 132300 /
     * 14318180 = 21800.9 samples' worth, each sample adding 128 x its
     * share (rounded, +-0.5/128 at each of the 870 edges). */
    double out_samples = (double)sum / 128.0;
    ck_assert_msg(out_samples > 21800.9 - 4 && out_samples < 21800.9 + 4, "%.1f samples out", out_samples);
    /* The same run gives the same bytes. */
    free(b);
    uint8_t *again;
    size_t n2;
    unlink(wav);
    o = fixture_options(FIX("tone.com"), TMP "/tone.prf");
    o.audio_wav = wav;
    run_session(&r, &o, NULL);
    ck_assert_msg(read_file(wav, &again, &n2, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(n2, n);
    free(again);
}
END_TEST

/* --audio-wav is an output: never the program or another output. */
START_TEST(audio_wav_over_an_input_is_refused)
{
    struct run_result r;
    run_profil(&r, "run -q -o " TMP "/tone.prf --audio-wav " TMP "/tone.prf " FIX("tone.com"), NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_FAILED);
    ck_assert_msg(strstr(r.err, "both the .PRF and --audio-wav would be written there; nothing was run"), "%s", r.err);
    run_profil(&r, "run -q -o " TMP "/tone.prf --audio-wav " FIX("tone.com") " " FIX("tone.com"), NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_FAILED);
    ck_assert_msg(strstr(r.err, "--audio-wav would overwrite the program; nothing was run"), "%s", r.err);
}
END_TEST

Suite *speaker_suite(void)
{
    Suite *s = suite_create("speaker");
    TCase *tc = tcase_create("speaker");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, bit_1_alone_drives_the_cone);
    tcase_add_test(tc, channel_2_gated_by_bit_0_and_bit_1);
    tcase_add_test(tc, samples_past_the_limit_are_counted);
    tcase_add_test(tc, tone_gives_a_wav_of_known_frequency_and_length);
    tcase_add_test(tc, audio_wav_over_an_input_is_refused);
    suite_add_tcase(s, tc);
    return s;
}
