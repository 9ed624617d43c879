/*
 * tests/check_grow.c: util/grow.h, the one growable array: the capacity
 * doubles from GROW_FIRST until it holds what is asked, the elements kept;
 * a size that would overflow leaves the array and its capacity as they were.
 */
#include "testutil.h"

#include <stdint.h>

#include "../util/grow.h"

START_TEST(grows_by_doubling_and_keeps_elements)
{
    uint32_t *v = NULL;
    size_t cap = 0;
    ck_assert_int_eq(grow_array(&v, &cap, 0, sizeof *v), 0);      /* nothing needed: nothing done */
    ck_assert_ptr_null(v);
    ck_assert_uint_eq(cap, 0);
    ck_assert_int_eq(grow_array(&v, &cap, 1, sizeof *v), 0);
    ck_assert_uint_eq(cap, GROW_FIRST);
    for (uint32_t i = 0; i < 1000; i++) {
        ck_assert_int_eq(grow_array(&v, &cap, i + 1, sizeof *v), 0);
        v[i] = i * 7u;
    }
    ck_assert_uint_eq(cap, 1024);       /* 16, 32, ..., 1024: the first power-of-two multiple holding 1000 */
    for (uint32_t i = 0; i < 1000; i++)
        ck_assert_uint_eq(v[i], i * 7u);
    ck_assert_int_eq(grow_array(&v, &cap, 1024, sizeof *v), 0);   /* room already */
    ck_assert_uint_eq(cap, 1024);
    ck_assert_int_eq(grow_array(&v, &cap, 1025, sizeof *v), 0);
    ck_assert_uint_eq(cap, 2048);
    free(v);
}
END_TEST

START_TEST(overflow_leaves_the_array_whole)
{
    uint64_t *v = NULL;
    size_t cap = 0;
    ck_assert_int_eq(grow_array(&v, &cap, 3, sizeof *v), 0);
    v[2] = 42;
    uint64_t *before = v;
    ck_assert_int_eq(grow_array(&v, &cap, SIZE_MAX / 4, sizeof *v), -1);      /* bytes past SIZE_MAX */
    ck_assert_int_eq(grow_array(&v, &cap, SIZE_MAX, 1), -1);                  /* no power of two holds it */
    ck_assert_ptr_eq(v, before);
    ck_assert_uint_eq(cap, GROW_FIRST);
    ck_assert_uint_eq(v[2], 42);
    free(v);
}
END_TEST

Suite *grow_suite(void)
{
    Suite *s = suite_create("grow");
    TCase *tc = tcase_create("grow");
    tcase_add_test(tc, grows_by_doubling_and_keeps_elements);
    tcase_add_test(tc, overflow_leaves_the_array_whole);
    suite_add_tcase(s, tc);
    return s;
}
