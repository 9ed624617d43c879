/*
 * tests/check_devices.c: the 8253 PIT and 8259 PIC models on their own.
 * One PIT clock is 4 CPU cycles.
 */
#include "testutil.h"

#include "../emu/chips/pic.h"
#include "../emu/chips/pit.h"

START_TEST(pit_bios_rate)
{
    struct pit p;
    pit_init(&p);
    pit_bios_setup(&p, 0);
    /* Count 65536 in mode 3: an edge every 65536 * 4 cycles (18.2 Hz). */
    ck_assert_uint_eq(p.next_irq, 262144);
    ck_assert_int_eq(pit_irq_due(&p, 262143), 0);
    ck_assert_int_eq(pit_irq_due(&p, 262144), 1);
    ck_assert_uint_eq(p.next_irq, 524288);
    /* Three periods missed collapse into one request (the PIC latches one). */
    ck_assert_int_eq(pit_irq_due(&p, 262144 * 4 + 5), 1);
    ck_assert_uint_eq(p.next_irq, 262144 * 5);
}
END_TEST

START_TEST(pit_mode2_word_access_and_latch)
{
    struct pit p;
    pit_init(&p);
    pit_write(&p, 0x43, 0x34, 0);       /* ch0, lo/hi, mode 2 */
    pit_write(&p, 0x40, 0xE8, 0);       /* 1000 = 03E8h */
    ck_assert_uint_eq(p.next_irq, UINT64_MAX);  /* not counting until the high byte */
    pit_write(&p, 0x40, 0x03, 100);
    ck_assert_uint_eq(p.next_irq, 100 + 4000);
    /* 40 cycles later = 10 PIT clocks: the count reads 990 = 03DEh. */
    pit_write(&p, 0x43, 0x00, 140);     /* latch */
    ck_assert_uint_eq(pit_read(&p, 0x40, 500), 0xDE);  /* latched: later reads ignore time */
    ck_assert_uint_eq(pit_read(&p, 0x40, 500), 0x03);
    /* Unlatched: count now at cycle 500 = 100 clocks in: 900 = 0384h. */
    ck_assert_uint_eq(pit_read(&p, 0x40, 500), 0x84);
    ck_assert_uint_eq(pit_read(&p, 0x40, 500), 0x03);
}
END_TEST

START_TEST(pit_lobyte_mode0_one_shot)
{
    struct pit p;
    pit_init(&p);
    pit_write(&p, 0x43, 0x10, 0);       /* ch0, lobyte only, mode 0 */
    pit_write(&p, 0x40, 50, 0);
    ck_assert_uint_eq(p.next_irq, 200);
    ck_assert_int_eq(pit_irq_due(&p, 200), 1);
    ck_assert_uint_eq(p.next_irq, UINT64_MAX);  /* mode 0 fires once */
    ck_assert_uint_eq(pit_count(&p, 0, 200 + 4 * 10), (uint16_t)(50 - 60));
}
END_TEST

START_TEST(pic_mask_priority_eoi)
{
    struct pic c;
    pic_init(&c);
    pic_raise(&c, 1);
    pic_raise(&c, 0);
    ck_assert_int_eq(pic_pending(&c), 0);           /* IRQ0 first */
    ck_assert_uint_eq(pic_ack(&c, 0), 8);
    ck_assert_int_eq(pic_pending(&c), -1);          /* IRQ0 in service blocks IRQ1 */
    pic_write(&c, 0x20, 0x20);                      /* non-specific EOI */
    ck_assert_int_eq(pic_pending(&c), 1);
    pic_write(&c, 0x21, 0x02);                      /* mask IRQ1 */
    ck_assert_int_eq(pic_pending(&c), -1);
    ck_assert_uint_eq(pic_read(&c, 0x21), 0x02);
    pic_write(&c, 0x20, 0x0A);                      /* OCW3: read IRR */
    ck_assert_uint_eq(pic_read(&c, 0x20), 0x02);
}
END_TEST

START_TEST(pic_reinitialise_vector_base)
{
    struct pic c;
    pic_init(&c);
    pic_write(&c, 0x20, 0x13);                      /* ICW1: single, ICW4 */
    pic_write(&c, 0x21, 0x50);                      /* ICW2: base 50h */
    pic_write(&c, 0x21, 0x01);                      /* ICW4 */
    pic_write(&c, 0x21, 0xFE);                      /* OCW1: only IRQ0 */
    pic_raise(&c, 0);
    ck_assert_uint_eq(pic_ack(&c, pic_pending(&c)), 0x50);
    ck_assert_uint_eq(c.imr, 0xFE);
}
END_TEST

Suite *devices_suite(void)
{
    Suite *s = suite_create("devices");
    TCase *tc = tcase_create("pit_pic");
    tcase_add_test(tc, pit_bios_rate);
    tcase_add_test(tc, pit_mode2_word_access_and_latch);
    tcase_add_test(tc, pit_lobyte_mode0_one_shot);
    tcase_add_test(tc, pic_mask_priority_eoi);
    tcase_add_test(tc, pic_reinitialise_vector_base);
    suite_add_tcase(s, tc);
    return s;
}
