/*
 * tests/check_video.c: the display adapters (--video): what a program
 * finds of each card (videoid.com), the 6845 and the cards' registers,
 * their status ports in emulated time (retrace.com), memory mirroring,
 * absurd CRTC values.
 */
#include "testutil.h"

#include "../emu/bios/bios.h"
#include "../emu/machine.h"
#include "../emu/pc/adapter.h"
#include "../emu/pc/console.h"
#include "../emu/pc/crtc6845.h"
#include "../emu/pc/video.h"

static struct machine *new_pc_with(struct console *con, enum video_card card)
{
    struct machine *m = machine_new(CPU_8088);
    machine_set_video(m, card);
    console_init(con, stdin, stdout, NULL);
    ck_assert_int_eq(bios_install(m, con, 0), 0);
    return m;
}

/* ---- identity ----------------------------------------------------------- */

/* videoid.com under each card, its line as the fixture's comment orders
 * it.  CGA: equipment 0021h (bits 4-5 = 10); AX=1A00h and BX=0 come back
 * as they went (no VGA BIOS), 12h leaves BX=FF10h; mode 3, 80 columns,
 * 4 KiB pages, CRTC at 3D4h, 3D8h = 29h and 3D9h = 30h as the BIOS's
 * tables give mode 3, cursor 0607h; B000h is not decoded (FF FF), B800h
 * holds 55h and repeats it at B800:4000h (16 KiB mirrored); R15 reads
 * back 5Ah at 3D5h, and FFh at 3B5h.  MDA: 0031h (11), mode 7 with the
 * PC BIOS's 16 KiB page size (4000h, its table's quirk), 3B4h, cursor
 * 0B0Ch; AAh at B000:0 and at B000:1000h (4 KiB mirrored), B800h not
 * decoded.  Hercules: the same but B000:1000h is its own byte (32 KiB
 * pages, none mirrored; 00: mode 7 blanks only 4 KiB) and B800h not
 * decoded until 3BFh maps page 1.  EGA: 0001h (00: a card with its own
 * BIOS), 12h BL=10h answers BX=0003h (colour, 256 KiB), 1Ah does not
 * exist; A0000h-BFFFFh all memory; its CRTC answers at both ports.
 * VGA: also AX=1A1Ah BX=0008h (VGA, colour display). */
START_TEST(each_card_is_found_where_programs_look)
{
    static const struct { enum profil_video card; const char *line; } cases[] = {
        { PROFIL_VIDEO_CGA, "0021 1A00 0000 FF10 03 0050 1000 03D4 29 30 0607 FF FF 55 55 5A FF " },
        { PROFIL_VIDEO_MDA, "0031 1A00 0000 FF10 07 0050 4000 03B4 29 30 0B0C AA AA FF FF FF A5 " },
        { PROFIL_VIDEO_HERCULES, "0031 1A00 0000 FF10 07 0050 4000 03B4 29 30 0B0C AA 00 FF FF FF A5 " },
        { PROFIL_VIDEO_EGA, "0001 1A00 0000 0003 03 0050 1000 03D4 29 30 0607 AA 00 55 00 5A A5 " },
        { PROFIL_VIDEO_VGA, "0001 1A1A 0008 0003 03 0050 1000 03D4 29 30 0607 AA 00 55 00 5A A5 " },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("videoid.com"), TMP "/vid.prf");
        o.video = cases[i].card;
        run_session(&r, &o, NULL);
        ck_assert_int_eq(r.status, 0);
        ck_assert_msg(strcmp(r.out, cases[i].line) == 0, "card %d: %s", (int)cases[i].card, r.out);
        ck_assert_str_eq(r.err, "");
    }
}
END_TEST

/* The option: each name, and a one-line error for another. */
START_TEST(video_option_names_and_error)
{
    struct run_result r;
    run_profil(&r, "run -q --video hercules -o " TMP "/vid.prf " FIX("videoid.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "0031 1A00 0000 FF10 07 0050 4000 03B4 29 30 0B0C AA 00 FF FF FF A5 ");
    run_profil(&r, "run -q --video xyz -o " TMP "/vid.prf " FIX("videoid.com"), NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_FAILED);
    ck_assert_str_eq(r.err, "profil: --video xyz: want cga, mda, hercules, ega or vga\n");
}
END_TEST

/* ---- registers ------------------------------------------------------------ */

/* The 6845: the index port keeps 5 bits; R0-R13 are write-only (read 0),
 * R14/R15 read back, each register keeps its own width (R4 7 bits, R9 5,
 * R14 6); the light pen registers ignore writes. */
START_TEST(crtc_registers_keep_their_width)
{
    struct crtc6845 c = { 0 };
    crtc_write_index(&c, 0x24);                 /* index 4 */
    crtc_write_data(&c, 0xFF);
    ck_assert_uint_eq(c.reg[CRTC_V_TOTAL], 0x7F);
    ck_assert_uint_eq(crtc_read_data(&c), 0);
    crtc_write_index(&c, CRTC_MAX_SCAN);
    crtc_write_data(&c, 0xFF);
    ck_assert_uint_eq(crtc_lines_per_row(&c), 32);
    crtc_write_index(&c, CRTC_CURSOR_HI);
    crtc_write_data(&c, 0xFF);
    ck_assert_uint_eq(crtc_read_data(&c), 0x3F);
    crtc_write_index(&c, CRTC_PEN_LO);
    crtc_write_data(&c, 0x12);
    ck_assert_uint_eq(crtc_read_data(&c), 0);
}
END_TEST

/* Absurd values: all registers 0 make a frame of 1 character of 8 dots by
 * 1 line (no division by zero), all FFh one of 256 characters by 128 rows
 * of 32 lines + 31; a displayed count past the total is cut at it; the
 * status port still answers.  A start address past the memory wraps. */
START_TEST(absurd_crtc_values_make_a_frame)
{
    struct crtc6845 c = { 0 };
    struct crtc_frame f;
    struct crtc_beam b;
    crtc_frame_of(&c, 8, &f);
    ck_assert_uint_eq(f.line_dots, 8);
    ck_assert_uint_eq(f.lines, 1);
    crtc_beam_at(&f, 123456789, &b);
    ck_assert_uint_eq(b.line, 0);
    ck_assert_uint_eq(b.dot, 123456789 % 8);
    ck_assert(!b.display);
    for (uint8_t r = 0; r < 16; r++) {
        crtc_write_index(&c, r);
        crtc_write_data(&c, 0xFF);
    }
    crtc_frame_of(&c, 8, &f);
    ck_assert_uint_eq(f.line_dots, 256 * 8);
    ck_assert_uint_eq(f.lines, 128 * 32 + 31);
    ck_assert_uint_eq(f.shown_dots, 255 * 8);
    ck_assert_uint_eq(f.shown_lines, 127 * 32);
    ck_assert_uint_eq(f.vsync_from, 127 * 32);
    ck_assert_uint_eq(f.vsync_lines, 16);
    struct console con;
    struct machine *m = new_pc_with(&con, VIDEO_CGA);
    for (uint8_t r = 0; r < 16; r++) {
        port_out(m, 0x3D4, r);
        port_out(m, 0x3D5, 0);
    }
    m->now = 1000001;
    ck_assert_uint_eq(port_in(m, 0x3DA) & 0x09, 0x09);      /* no picture; sync on its only row */
    machine_free(m);
}
END_TEST

/* CGA memory: 16 KiB repeated through B8000h-BFFFFh, for the CPU's and
 * the host's writes alike; B0000h-B7FFFh reads FFh and keeps nothing. */
START_TEST(cga_memory_is_mirrored)
{
    struct console con;
    struct machine *m = new_pc_with(&con, VIDEO_CGA);
    mem_wb(m, 0xBFFFF, 0x42);
    ck_assert_uint_eq(mem_rb(m, 0xBBFFF), 0x42);
    machine_write_high(m, 0xB8010, 0x17);
    ck_assert_uint_eq(mem_rb(m, 0xBC010), 0x17);
    mem_wb(m, 0xB0000, 0x42);
    ck_assert_uint_eq(mem_rb(m, 0xB0000), 0xFF);
    ck_assert_uint_eq(mem_rb(m, 0xA1234), 0xFF);
    machine_free(m);
}
END_TEST

/* Hercules: 3BFh bit 1 maps the second page at B8000h; unmapped it reads
 * FFh, and mapped again it has its bytes back; 3B8h's graphics bit acts
 * only with 3BFh bit 0. */
START_TEST(hercules_config_maps_page_one)
{
    struct console con;
    struct machine *m = new_pc_with(&con, VIDEO_HERCULES);
    mem_wb(m, 0xB8000, 0x11);
    ck_assert_uint_eq(mem_rb(m, 0xB8000), 0xFF);
    port_out(m, 0x3BF, 0x03);
    mem_wb(m, 0xB8000, 0x22);
    ck_assert_uint_eq(mem_rb(m, 0xB8000), 0x22);
    ck_assert_uint_eq(mem_rb(m, 0xB0000), 0x20);            /* page 0: mode 7's blank */
    port_out(m, 0x3BF, 0x00);
    ck_assert_uint_eq(mem_rb(m, 0xB8000), 0xFF);
    port_out(m, 0x3B8, 0x8A);
    ck_assert_uint_eq(mda_mode(&m->adapter.mda), 0x08);
    port_out(m, 0x3BF, 0x03);
    ck_assert_uint_eq(mem_rb(m, 0xB8000), 0x22);
    ck_assert_uint_eq(mda_mode(&m->adapter.mda), 0x8A);
    machine_free(m);
}
END_TEST

/* INT 10h 0Bh on the CGA: BH=0 BL=1Ch sets background 12 and the bright
 * bit (3D9h = 30h -> 3Ch), BH=1 BL=0 palette 0 (-> 1Ch); kept at 40:66h.
 * The 320x200 palette is then 12, 10, 12, 14 (green, red, yellow bright).
 * CRTC: the BIOS's cursor at row 2, column 5 of page 0 is 2 x 80 + 5 =
 * 165 (00A5h) in R14/R15. */
START_TEST(cga_bios_programs_the_registers)
{
    struct console con;
    struct machine *m = new_pc_with(&con, VIDEO_CGA);
    ck_assert_uint_eq(m->adapter.cga.mode, 0x29);
    ck_assert_uint_eq(m->adapter.cga.colour, 0x30);
    ck_assert_uint_eq(m->adapter.cga.crtc.reg[CRTC_H_TOTAL], 0x71);
    video_set_cursor(m, 0, 2, 5);
    ck_assert_uint_eq(crtc_cursor_address(&m->adapter.cga.crtc), 165);
    ck_assert_int_eq(video_set_mode(m, 4), 0);
    ck_assert_uint_eq(m->adapter.cga.mode, 0x2A);
    ck_assert_uint_eq(m->adapter.cga.crtc.reg[CRTC_V_TOTAL], 0x7F);
    ck_assert_int_eq(video_set_mode(m, 7), -1);     /* no mode 7 on a CGA */
    ck_assert_uint_eq(video_mode(m), 4);
    port_out(m, 0x3D9, 0x30);
    video_put_pixel(m, 3, 1, 2);                    /* odd line: BA000h, bits 1-0 */
    ck_assert_uint_eq(mem_rb(m, 0xBA000), 0x02);
    ck_assert_uint_eq(video_get_pixel(m, 3, 1), 2);
    machine_free(m);
}
END_TEST

/* ---- status in emulated time ---------------------------------------------- */

/* retrace.com's four counts (its comment derives them). */
START_TEST(vertical_sync_counts_follow_the_crtc)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("retrace.com"), TMP "/vid.prf");
    o.timing = PROFIL_TIMING_TABLE;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "0098 0098 0000 0098 ");
}
END_TEST

/* The MDA's status in mode 7 (the BIOS's 6845 table: 98 characters of 9
 * dots = 882 dots a line, 26 rows of 14 lines + 6 = 370 lines, horizontal
 * sync from character 82 for 15 characters: dots 738-872) on its
 * 16.257 MHz clock: dots(t) = floor(t x 2438550 / 715909).  A frame is
 * 882 x 370 = 326340 dots (49.8 Hz), 326340 x 715909 / 2438550 = 95806.8
 * cycles.  The Hercules's bit 7 is low during the vertical sync, lines
 * 350-365 (row 25 x 14): dots 308700 to 322811, cycles t from
 * ceil(308700 x 715909 / 2438550) = 90629 to ceil(322812 x 715909 /
 * 2438550) - 1 = 94771: 4143 cycles.  Cycle 218 shows dot 742, in the
 * horizontal sync (bit 0).  The MDA's bits 4-7 are always set. */
START_TEST(mono_status_from_its_own_clock)
{
    struct console con;
    struct machine *m = new_pc_with(&con, VIDEO_HERCULES);
    unsigned low7 = 0, first = 0, last = 0;
    for (uint64_t t = 0; t < 95806; t++)
        if (!(mda_status(&m->adapter.mda, t) & 0x80)) {
            if (!low7++)
                first = (unsigned)t;
            last = (unsigned)t;
        }
    ck_assert_uint_eq(first, 90629);
    ck_assert_uint_eq(last, 94771);
    ck_assert_uint_eq(low7, 4143);
    ck_assert_uint_eq(mda_dots(715909), 2438550);
    ck_assert_uint_eq(mda_dots(715909ull * 1000000000), 2438550ull * 1000000000);   /* no overflow */
    m->now = 0;
    ck_assert_uint_eq(port_in(m, 0x3BA) & 0x81, 0x80);
    m->now = 218;
    ck_assert_uint_eq(port_in(m, 0x3BA) & 0x81, 0x81);
    machine_free(m);
    m = new_pc_with(&con, VIDEO_MDA);
    for (uint64_t t = 90629; t < 94772; t += 97)
        ck_assert_uint_eq(port_in(m, 0x3BA) & 0xF0, 0xF0);
    machine_free(m);
}
END_TEST

Suite *video_suite(void)
{
    Suite *s = suite_create("video");
    TCase *tc = tcase_create("cards");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, each_card_is_found_where_programs_look);
    tcase_add_test(tc, video_option_names_and_error);
    tcase_add_test(tc, crtc_registers_keep_their_width);
    tcase_add_test(tc, absurd_crtc_values_make_a_frame);
    tcase_add_test(tc, cga_memory_is_mirrored);
    tcase_add_test(tc, hercules_config_maps_page_one);
    tcase_add_test(tc, cga_bios_programs_the_registers);
    tcase_add_test(tc, vertical_sync_counts_follow_the_crtc);
    tcase_add_test(tc, mono_status_from_its_own_clock);
    suite_add_tcase(s, tc);
    return s;
}
