/*
 * tests/check_prf.c: the .PRF codec, PROFIL's layout rules and the
 * classification boundaries of ../shared/spec/PROFIL.md sections 1-2.
 */
#include "testutil.h"

#include "../sampler/sampler.h"

START_TEST(encode_decode_round_trip)
{
    uint16_t b[3] = { 1, 0xFFFF, 0x1234 };
    struct prf p = { 100, 3, 2, 0x196, 0x19C, 0xC0, 7, 8, 9, b, NULL, NULL, NULL, 0 }, q;
    uint8_t buf[24];
    char err[128];
    ck_assert_uint_eq(prf_size(&p), 18 + 2 * 3);
    prf_encode(&p, buf);
    /* Little-endian words in PROFIL's order. */
    static const uint8_t want[24] = { 100, 0, 3, 0, 2, 0, 0x96, 1, 0x9C, 1, 0xC0, 0, 7, 0, 8, 0, 9, 0,
                                      1, 0, 0xFF, 0xFF, 0x34, 0x12 };
    ck_assert_mem_eq(buf, want, 24);
    ck_assert_int_eq(prf_decode(buf, 24, &q, err, sizeof err), 0);
    ck_assert_uint_eq(q.prog_high_pa, 0x19C);
    ck_assert_uint_eq(q.bucket[1], 0xFFFF);
    prf_free(&q);
}
END_TEST

START_TEST(decode_rejects_corrupt_files)
{
    uint8_t buf[24] = { 100, 0, 3, 0, 1, 0 };
    struct prf q;
    char err[256];
    ck_assert_int_eq(prf_decode(buf, 10, &q, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "shorter than the 18-byte header"));
    ck_assert_int_eq(prf_decode(buf, 23, &q, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "odd size"));
    buf[2] = 200;   /* bucket_num 200, file has 3 */
    ck_assert_int_eq(prf_decode(buf, 24, &q, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "header says 200 buckets"));
    buf[2] = 3;
    buf[4] = 0;     /* bucket size 0 */
    ck_assert_int_eq(prf_decode(buf, 24, &q, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "bucket size 0"));
}
END_TEST

START_TEST(layout_rules)
{
    struct prf_layout l;
    char err[128];
    uint8_t exe[6] = { 'M', 'Z', 0x10, 0, 3, 0 };    /* 3 pages */
    /* .COM: (size + 15) >> 4; .EXE by extension: pages * 32, the last-page count ignored. */
    ck_assert_uint_eq(sampler_program_paras("A.COM", exe, 33), 3);
    ck_assert_uint_eq(sampler_program_paras("dir/a.exe", exe, 6), 96);
    ck_assert_uint_eq(sampler_program_paras("A.EXE.COM", exe, 6), 1);
    /* bucket_num = paras / size + 1, even when it divides exactly. */
    ck_assert_int_eq(prf_layout_make(&l, 100, 4, 96, 0x196, 0xC0, err, sizeof err), 0);
    ck_assert_uint_eq(l.bucket_num, 25);
    ck_assert_uint_eq(l.prog_high_pa, 0x196 + 96);
    ck_assert_int_eq(prf_layout_make(&l, 100, 5, 96, 0x196, 0xC0, err, sizeof err), 0);
    ck_assert_uint_eq(l.bucket_num, 20);
    ck_assert_int_eq(prf_layout_make(&l, 100, 0, 96, 0x196, 0xC0, err, sizeof err), -1);
    ck_assert_int_eq(prf_layout_make(&l, 100, 1, 0xFFFF, 0x196, 0xC0, err, sizeof err), -1);
}
END_TEST

START_TEST(classification_boundaries)
{
    struct prf_layout l;
    char err[128];
    uint32_t b = 99;
    ck_assert_int_eq(prf_layout_make(&l, 100, 2, 8, 0x200, 0x0C0, err, sizeof err), 0);
    /* para = CS + (IP >> 4) */
    ck_assert_int_eq(sample_classify(&l, 0x00BF, 0x000F, &b), CLASS_IO);    /* dos_pa - 1 */
    ck_assert_int_eq(sample_classify(&l, 0x00C0, 0x0000, &b), CLASS_DOS);   /* dos_pa     */
    ck_assert_int_eq(sample_classify(&l, 0x00B0, 0x0100, &b), CLASS_DOS);   /* via IP     */
    ck_assert_int_eq(sample_classify(&l, 0x01FF, 0x000F, &b), CLASS_DOS);   /* low - 1    */
    ck_assert_int_eq(sample_classify(&l, 0x0200, 0x0000, &b), CLASS_BUCKET);/* low        */
    ck_assert_uint_eq(b, 0);
    ck_assert_int_eq(sample_classify(&l, 0x01F0, 0x0110, &b), CLASS_BUCKET);/* 1F0+11=201 */
    ck_assert_uint_eq(b, 0);
    ck_assert_int_eq(sample_classify(&l, 0x0200, 0x0020, &b), CLASS_BUCKET);/* low + 2    */
    ck_assert_uint_eq(b, 1);
    ck_assert_int_eq(sample_classify(&l, 0x0207, 0x000F, &b), CLASS_BUCKET);/* high - 1   */
    ck_assert_uint_eq(b, 3);
    ck_assert_int_eq(sample_classify(&l, 0x0208, 0x0000, &b), CLASS_HIGH);  /* high       */
    ck_assert_int_eq(sample_classify(&l, 0xF000, 0xFFF0, &b), CLASS_HIGH);  /* ROM BIOS   */
    /* The sum wraps at 16 bits, as PROFIL's ADD: FFFF + (0FFF >> 4) -> 00FE,
     * which is in [dos_pa, prog_low_pa): DOS, not high. */
    ck_assert_int_eq(sample_classify(&l, 0xFFFF, 0x0FFF, &b), CLASS_DOS);
    ck_assert_int_eq(sample_classify(&l, 0xFFFF, 0x0BF0, &b), CLASS_IO);   /* -> 00BE */
}
END_TEST

START_TEST(counters_wrap_at_65536)
{
    struct prf_layout l;
    struct sampler s;
    struct prf p;
    char err[128];
    ck_assert_int_eq(prf_layout_make(&l, 100, 1, 1, 0x200, 0xC0, err, sizeof err), 0);
    ck_assert_int_eq(sampler_init(&s, &l), 0);
    for (unsigned i = 0; i < 65536 + 5; i++)
        sampler_tick(&s, 0x200, 0);
    sampler_tick(&s, 0x100, 0);
    ck_assert_int_eq(sampler_to_prf(&s, &p), 1);
    ck_assert_uint_eq(p.bucket[0], 5);          /* 65541 mod 65536 */
    ck_assert_uint_eq(s.bucket[0], 65541);      /* full count kept */
    ck_assert_uint_eq(p.hit_dos, 1);
    prf_free(&p);
    sampler_free(&s);
}
END_TEST

Suite *prf_suite(void)
{
    Suite *s = suite_create("prf");
    TCase *tc = tcase_create("format");
    tcase_add_test(tc, encode_decode_round_trip);
    tcase_add_test(tc, decode_rejects_corrupt_files);
    tcase_add_test(tc, layout_rules);
    tcase_add_test(tc, classification_boundaries);
    tcase_add_test(tc, counters_wrap_at_65536);
    suite_add_tcase(s, tc);
    return s;
}
