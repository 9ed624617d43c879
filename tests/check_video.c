/*
 * tests/check_video.c: the display adapters (--video): what a program
 * finds of each card (videoid.com), the 6845 and the cards' registers,
 * their status ports in emulated time (retrace.com), memory mirroring,
 * absurd CRTC values.
 */
#include <dirent.h>
#include <sys/stat.h>

#include "testutil.h"

#include "../emu/bios/bios.h"
#include "../emu/machine.h"
#include "../emu/video/adapter.h"
#include "../emu/pc/console.h"
#include "../emu/video/crtc6845.h"
#include "../emu/video/cards.h"
#include "../emu/video/cga.h"
#include "../emu/video/video.h"
#include "../emu/video/video_draw.h"
#include "../emu/video/video_font.h"

static struct machine *new_pc_with(struct console *con, const struct video_card *card)
{
    struct machine *m = machine_new(CPU_8088);
    machine_set_video(m, card);
    console_init(con, stdin, stdout, NULL);
    ck_assert_int_eq(bios_install(m, con, 0), 0);
    return m;
}

/* ---- identity ----------------------------------------------------------- */

/* videoid.com under each card, its line as the fixture's comment orders
 * it.  CGA: equipment 002Dh (bits 4-5 = 10; bits 0 and 2-3 the XT's
 * diskette drive and full 256 KiB planar, emu/bios/bios.c); AX=1A00h and BX=0 come back
 * as they went (no VGA BIOS), 12h leaves BX=FF10h; mode 3, 80 columns,
 * 4 KiB pages, CRTC at 3D4h, 3D8h = 29h and 3D9h = 30h as the BIOS's
 * tables give mode 3, cursor 0607h; B000h is not decoded (FF FF), B800h
 * holds 55h and repeats it at B800:4000h (16 KiB mirrored); R15 reads
 * back 5Ah at 3D5h, and FFh at 3B5h.  MDA: 003Dh (11), mode 7 with the
 * PC BIOS's 16 KiB page size (4000h, its table's quirk), 3B4h, cursor
 * 0B0Ch; AAh at B000:0 and at B000:1000h (4 KiB mirrored), B800h not
 * decoded.  Hercules: the same but B000:1000h is its own byte (32 KiB
 * pages, none mirrored; 00: mode 7 blanks only 4 KiB) and B800h not
 * decoded until 3BFh maps page 1.  EGA: 000Dh (00: a card with its own
 * BIOS), 12h BL=10h answers BX=0003h (colour, 256 KiB), 1Ah does not
 * exist; in mode 3 its graphics controller's memory map select (3 in
 * the BIOS's table: B8000h-BFFFFh) leaves B000h undecoded (FF FF), and
 * B800:4000h is its own byte (00: the planes hold 32 KiB there, odd/even;
 * the mode set blanked 16 KiB); its CRTC answers at both ports; its
 * 16 KiB ROM at C000h (55h AAh 20h) ignores the write.  VGA: also
 * AX=1A1Ah BX=0008h (VGA, colour display), a 32 KiB ROM (40h).  Without
 * one, C000h is RAM as before.  Only the Hercules's 3BAh bit 7 moves (its
 * vertical sync, every 95807 cycles: the loop's 32768 reads take at least
 * 36 cycles each, IN 8 + AND 4 + CMP 3 + JNE untaken 4 + LOOP 17 by the
 * table, 1.18 M cycles, more than twelve frames). */
START_TEST(each_card_is_found_where_programs_look)
{
    static const struct { enum profil_video card; const char *line; } cases[] = {
        { PROFIL_VIDEO_CGA, "002D 1A00 0000 FF10 03 0050 1000 03D4 29 30 0607 FF FF 55 55 5A FF 1234 00 00 " },
        { PROFIL_VIDEO_MDA, "003D 1A00 0000 FF10 07 0050 4000 03B4 29 30 0B0C AA AA FF FF FF A5 1234 00 00 " },
        { PROFIL_VIDEO_HERCULES, "003D 1A00 0000 FF10 07 0050 4000 03B4 29 30 0B0C AA 00 FF FF FF A5 1234 00 01 " },
        { PROFIL_VIDEO_EGA, "000D 1A00 0000 0003 03 0050 1000 03D4 29 30 0607 FF FF 55 00 5A A5 AA55 20 00 " },
        { PROFIL_VIDEO_VGA, "000D 1A1A 0008 0003 03 0050 1000 03D4 29 30 0607 FF FF 55 00 5A A5 AA55 40 00 " },
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
    ck_assert_str_eq(r.out, "003D 1A00 0000 FF10 07 0050 4000 03B4 29 30 0B0C AA 00 FF FF FF A5 1234 00 01 ");
    run_profil(&r, "run -q --video xyz -o " TMP "/vid.prf " FIX("videoid.com"), NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_BAD_INPUT);
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
    struct machine *m = new_pc_with(&con, &video_card_cga);
    for (uint8_t r = 0; r < 16; r++) {
        port_out(m, 0x3D4, r);
        port_out(m, 0x3D5, 0);
    }
    m->now = 1000001;
    ck_assert_uint_eq(port_in(m, 0x3DA) & 0x09, 0x09);      /* no picture; sync on its only row */
    machine_free(m);
}
END_TEST

/* Any register values: 2000 sets from a fixed generator (the 6845's 16
 * registers, 3D8h/3D9h, 3B8h/3BFh, start addresses anywhere) give every
 * card a status and a picture (or a reason) without a crash, and the
 * picture is never more than the 6845 can describe: R1 x 16 by R6 x 32. */
START_TEST(random_registers_never_break_status_or_drawing)
{
    struct console con;
    static const struct video_card *const cards[3] = { &video_card_cga, &video_card_mda, &video_card_hercules };
    uint32_t x = 12345;
    for (unsigned c = 0; c < 3; c++) {
        struct machine *m = new_pc_with(&con, cards[c]);
        uint16_t base = cards[c] == &video_card_cga ? 0x3D0 : 0x3B0;
        for (unsigned round = 0; round < 2000 / 3; round++) {
            for (uint8_t r = 0; r < 16; r++) {
                x = x * 1103515245u + 12345u;
                port_out(m, (uint16_t)(base + 4), r);
                port_out(m, (uint16_t)(base + 5), (uint8_t)(x >> 16));
            }
            x = x * 1103515245u + 12345u;
            port_out(m, (uint16_t)(base + 8), (uint8_t)(x >> 16));
            port_out(m, (uint16_t)(base + (cards[c] == &video_card_cga ? 9 : 0xF)), (uint8_t)(x >> 24));
            m->now += x % 1000003u;
            (void)port_in(m, (uint16_t)(base + 0xA));
            struct video_picture p;
            char why[300];
            if (video_draw(m, &p, why, sizeof why) == 0) {
                ck_assert_uint_le(p.width, 255u * 16u);
                ck_assert_uint_le(p.height, 127u * 32u);
                video_picture_free(&p);
            } else {
                ck_assert_ptr_nonnull(strstr(why, "R1 or R6 is 0"));
            }
        }
        machine_free(m);
    }
}
END_TEST

/* CGA memory: 16 KiB repeated through B8000h-BFFFFh, for the CPU's and
 * the host's writes alike; B0000h-B7FFFh reads FFh and keeps nothing. */
START_TEST(cga_memory_is_mirrored)
{
    struct console con;
    struct machine *m = new_pc_with(&con, &video_card_cga);
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
    struct machine *m = new_pc_with(&con, &video_card_hercules);
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
    struct machine *m = new_pc_with(&con, &video_card_cga);
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
    struct machine *m = new_pc_with(&con, &video_card_hercules);
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
    m = new_pc_with(&con, &video_card_mda);
    for (uint64_t t = 90629; t < 94772; t += 97)
        ck_assert_uint_eq(port_in(m, 0x3BA) & 0xF0, 0xF0);
    machine_free(m);
}
END_TEST

/* ---- pictures ------------------------------------------------------------- */

static uint8_t px(const struct video_picture *p, unsigned x, unsigned y)
{
    ck_assert(x < p->width && y < p->height);
    return p->pixels[(size_t)y * p->width + x];
}

static void draw(const struct machine *m, struct video_picture *p)
{
    char why[300];
    ck_assert_msg(video_draw(m, p, why, sizeof why) == 0, "%s", why);
}

/* CGA 320x200 (mode 4 by the BIOS: 3D9h = 30h, palette 1 bright,
 * background 0): 1Bh at B8000h is pixels 0-3 of line 0 in colours 0-3 of
 * the palette: RGBI 0, 11 (bright cyan), 13 (bright magenta), 15; E4h at
 * BA000h (line 1) the same backwards.  3D9h = 02h: palette 0 dim,
 * background 2: 2, 2, 4, 6 (brown, AA 55 00 in the palette: the 5153's
 * fix).  The B/W bit (mode 5, 3D8h = 2Eh) with 3D9h = 30h: 0, 11, 12
 * (bright red), 15.  Mode 6 (3D9h = 3Fh: foreground 15): A5h at B8000h is
 * pixels 15, 0, 15, 0, 0, 15, 0, 15 of a 640-wide line. */
START_TEST(cga_graphics_pixels)
{
    struct console con;
    struct video_picture p;
    struct machine *m = new_pc_with(&con, &video_card_cga);
    ck_assert_int_eq(video_set_mode(m, 4), 0);
    mem_wb(m, 0xB8000, 0x1B);
    mem_wb(m, 0xBA000, 0xE4);
    draw(m, &p);
    ck_assert_uint_eq(p.width, 320);
    ck_assert_uint_eq(p.height, 200);
    const uint8_t line0[4] = { 0, 11, 13, 15 }, line1[4] = { 15, 13, 11, 0 };
    for (unsigned x = 0; x < 4; x++) {
        ck_assert_uint_eq(px(&p, x, 0), line0[x]);
        ck_assert_uint_eq(px(&p, x, 1), line1[x]);
    }
    ck_assert_uint_eq(px(&p, 4, 0), 0);
    ck_assert_int_eq(memcmp(p.palette + 6 * 3, "\xAA\x55\x00", 3), 0);
    ck_assert_int_eq(memcmp(p.palette + 11 * 3, "\x55\xFF\xFF", 3), 0);
    video_picture_free(&p);
    port_out(m, 0x3D9, 0x02);
    draw(m, &p);
    const uint8_t dim0[4] = { 2, 2, 4, 6 };
    for (unsigned x = 0; x < 4; x++)
        ck_assert_uint_eq(px(&p, x, 0), dim0[x]);
    video_picture_free(&p);
    ck_assert_int_eq(video_set_mode(m, 5 | 0x80), 0);
    draw(m, &p);
    const uint8_t bw[4] = { 0, 11, 12, 15 };
    for (unsigned x = 0; x < 4; x++)
        ck_assert_uint_eq(px(&p, x, 0), bw[x]);
    video_picture_free(&p);
    ck_assert_int_eq(video_set_mode(m, 6), 0);
    mem_wb(m, 0xB8000, 0xA5);
    draw(m, &p);
    ck_assert_uint_eq(p.width, 640);
    const uint8_t hi[8] = { 15, 0, 15, 0, 0, 15, 0, 15 };
    for (unsigned x = 0; x < 8; x++)
        ck_assert_uint_eq(px(&p, x, 0), hi[x]);
    video_picture_free(&p);
    machine_free(m);
}
END_TEST

/* CGA text, mode 3 (640x200, cells of 8x8): DDh (the left half block,
 * drawn by tools/psf2font.c: F0h every row) in 1Eh is 4 pixels of 14
 * (yellow) then 4 of 1 (blue) on each of its 8 lines.  The cursor (the
 * BIOS's 0607h: lines 6-7) on that cell is yellow on all 8 pixels of
 * lines 6 and 7 in frames 0-7 and gone in frames 8-15 (frame = 79648
 * cycles).  9Eh with blink on (3D8h = 29h): the background is 1 (bit 7
 * blinks), the character shown in frames 0-15, hidden in 16-31. */
START_TEST(cga_text_cells_cursor_blink)
{
    struct console con;
    struct video_picture p;
    struct machine *m = new_pc_with(&con, &video_card_cga);
    mem_ww(m, 0xB8000, 0x1EDD);
    mem_ww(m, 0xB8002, 0x9EDB);
    m->now = 0;
    draw(m, &p);
    ck_assert_uint_eq(p.width, 640);
    ck_assert_uint_eq(p.height, 200);
    for (unsigned y = 0; y < 6; y++) {
        ck_assert_uint_eq(px(&p, 3, y), 14);
        ck_assert_uint_eq(px(&p, 4, y), 1);
    }
    ck_assert_uint_eq(px(&p, 7, 6), 14);                    /* the cursor */
    ck_assert_uint_eq(px(&p, 8 + 5, 3), 14);                /* DBh, shown */
    video_picture_free(&p);
    m->now = 8 * 79648;
    draw(m, &p);
    ck_assert_uint_eq(px(&p, 7, 6), 1);                     /* cursor off */
    ck_assert_uint_eq(px(&p, 8 + 5, 3), 14);
    video_picture_free(&p);
    m->now = 16 * 79648;
    draw(m, &p);
    ck_assert_uint_eq(px(&p, 8 + 5, 3), 1);                 /* blinked off: background */
    ck_assert_uint_eq(px(&p, 3, 3), 14);                    /* no blink bit: shown */
    video_picture_free(&p);
    /* A start address past the memory (3FFFh characters = byte 7FFEh)
     * wraps in the 16 KiB: the first cell is the bytes at 3FFEh.  The
     * 6845 latches it at the frame's start: written in frame 16, it shows
     * in frame 17's lines (drawn after its first row, 8 lines of 304
     * cycles). */
    port_out(m, 0x3D4, CRTC_START_HI);
    port_out(m, 0x3D5, 0x3F);
    port_out(m, 0x3D4, CRTC_START_LO);
    port_out(m, 0x3D5, 0xFF);
    mem_ww(m, 0xB8000 + 0x3FFE, 0x2FDB);                    /* DBh in 2Fh: white */
    m->now = 17 * 79648 + 8 * 304;
    draw(m, &p);
    ck_assert_uint_eq(px(&p, 0, 0), 15);
    ck_assert_uint_eq(px(&p, 8 + 3, 0), 14);                /* then the cell at 0000h */
    video_picture_free(&p);
    machine_free(m);
}
END_TEST

/* The 160x100 tweak: mode 3's 6845 with 100 rows of 2 lines (R4 7Fh,
 * R6 64h, R7 70h, R9 1), blink off (3D8h = 09h), cells of DEh (the right
 * half block: 0Fh) in 4Ch: a 640x200 picture whose cell (0,0) is 4 pixels
 * of 4 (red) and 4 of 12 (bright red) on lines 0 and 1, and whose second
 * row (line 2) starts at character 80. */
START_TEST(cga_160x100_tweak)
{
    struct console con;
    struct video_picture p;
    struct machine *m = new_pc_with(&con, &video_card_cga);
    static const uint8_t regs[][2] = { { 4, 0x7F }, { 6, 0x64 }, { 7, 0x70 }, { 9, 0x01 } };
    for (unsigned i = 0; i < 4; i++) {
        port_out(m, 0x3D4, regs[i][0]);
        port_out(m, 0x3D5, regs[i][1]);
    }
    port_out(m, 0x3D8, 0x09);
    mem_ww(m, 0xB8000, 0x4CDE);
    mem_ww(m, 0xB8000 + 160, 0xF1DE);                       /* row 1: bg 15 (no blink), fg 1 */
    draw(m, &p);
    ck_assert_uint_eq(p.width, 640);
    ck_assert_uint_eq(p.height, 200);
    for (unsigned y = 0; y < 2; y++) {
        ck_assert_uint_eq(px(&p, 0, y), 4);
        ck_assert_uint_eq(px(&p, 4, y), 12);
    }
    ck_assert_uint_eq(px(&p, 0, 2), 15);
    ck_assert_uint_eq(px(&p, 7, 3), 1);
    video_picture_free(&p);
    machine_free(m);
}
END_TEST

/* MDA text (720x350, cells of 9x14; levels 0 black, 1 normal, 2 bright):
 * DBh in 07h fills its 9 columns (C0h-DFh repeat the eighth) in normal on
 * all 14 lines; 'x' in 01h is underlined: line 12 all normal; 20h in 70h
 * (reverse) is a normal background; DBh in 0Fh bright; DBh in 00h
 * invisible.  The cursor is hidden here (R10 = 20h). */
START_TEST(mda_text_attributes)
{
    struct console con;
    struct video_picture p;
    struct machine *m = new_pc_with(&con, &video_card_mda);
    video_set_cursor_type(m, 0x2000);
    mem_ww(m, 0xB0000, 0x07DB);
    mem_ww(m, 0xB0002, 0x0178);
    mem_ww(m, 0xB0004, 0x7020);
    mem_ww(m, 0xB0006, 0x0FDB);
    mem_ww(m, 0xB0008, 0x00DB);
    draw(m, &p);
    ck_assert_uint_eq(p.width, 720);
    ck_assert_uint_eq(p.height, 350);
    for (unsigned y = 0; y < 14; y++) {
        ck_assert_uint_eq(px(&p, 8, y), 1);
        ck_assert_uint_eq(px(&p, 18 + 4, y), 1);
        ck_assert_uint_eq(px(&p, 27 + 4, y), 2);
        ck_assert_uint_eq(px(&p, 36 + 4, y), 0);
    }
    for (unsigned x = 9; x < 18; x++)
        ck_assert_uint_eq(px(&p, x, 12), 1);
    ck_assert_uint_eq(px(&p, 9, 0), 0);                     /* 'x' has nothing on line 0 */
    ck_assert_int_eq(memcmp(p.palette, "\x00\x00\x00\xAA\xAA\xAA\xFF\xFF\xFF", 9), 0);
    video_picture_free(&p);
    machine_free(m);
}
END_TEST

/* Hercules graphics (3BFh = 03h, 3B8h = 0Ah, the 6845 as its programs set
 * it: 35h 2Dh 2Eh 07h 5Bh 02h 57h 57h 02h 03h: 45 characters of 16 pixels
 * by 87 rows of 4 lines = 720x348): line y at bank (y mod 4) x 2000h +
 * 90 x (y / 4).  80h at B0000h: pixel (0,0); 01h at B2001h: pixel 15 of
 * line 1; 40h at B005Ah (90): pixel 1 of line 4.  3B8h bit 7: page 1 at
 * B8000h. */
START_TEST(hercules_graphics_pixels)
{
    struct console con;
    struct video_picture p;
    struct machine *m = new_pc_with(&con, &video_card_hercules);
    static const uint8_t regs[12] = { 0x35, 0x2D, 0x2E, 0x07, 0x5B, 0x02, 0x57, 0x57, 0x02, 0x03, 0x00, 0x00 };
    port_out(m, 0x3BF, 0x03);
    port_out(m, 0x3B8, 0x0A);
    for (uint8_t r = 0; r < 12; r++) {
        port_out(m, 0x3B4, r);
        port_out(m, 0x3B5, regs[r]);
    }
    memset(m->mem + 0xB0000, 0, 0x10000);
    mem_wb(m, 0xB0000, 0x80);
    mem_wb(m, 0xB2001, 0x01);
    mem_wb(m, 0xB005A, 0x40);
    mem_wb(m, 0xB8000, 0xFF);
    draw(m, &p);
    ck_assert_uint_eq(p.width, 720);
    ck_assert_uint_eq(p.height, 348);
    ck_assert_uint_eq(px(&p, 0, 0), 1);
    ck_assert_uint_eq(px(&p, 1, 0), 0);
    ck_assert_uint_eq(px(&p, 15, 1), 1);
    ck_assert_uint_eq(px(&p, 14, 1), 0);
    ck_assert_uint_eq(px(&p, 1, 4), 1);
    ck_assert_uint_eq(px(&p, 0, 4), 0);
    video_picture_free(&p);
    port_out(m, 0x3B8, 0x8A);
    draw(m, &p);
    ck_assert_uint_eq(px(&p, 7, 0), 1);
    ck_assert_uint_eq(px(&p, 8, 0), 0);
    video_picture_free(&p);
    machine_free(m);
}
END_TEST

/* The EGA's and VGA's text from the BIOS's state: mode 3 on the EGA is
 * 640x350, DBh in 1Eh fills an 8x14 cell with 14 (yellow); on the VGA
 * 720x400 in 9x16 cells, DDh (F0h every row, C0h-DFh repeating the eighth
 * column) is 4 pixels of 14 then 5 of 1 (blue) on all 16 lines. */
START_TEST(ega_vga_text_cells)
{
    struct console con;
    struct video_picture p;
    struct machine *m = new_pc_with(&con, &video_card_ega);
    mem_ww(m, 0xB8000, 0x1EDB);
    draw(m, &p);
    ck_assert_uint_eq(p.width, 640);
    ck_assert_uint_eq(p.height, 350);
    ck_assert_uint_eq(px(&p, 0, 0), 14);
    ck_assert_uint_eq(px(&p, 7, 13), 14);
    ck_assert_uint_eq(px(&p, 8, 0), 0);                     /* the next cell: blank 0720h */
    video_picture_free(&p);
    machine_free(m);
    m = new_pc_with(&con, &video_card_vga);
    mem_ww(m, 0xB8000, 0x1EDD);
    draw(m, &p);
    ck_assert_uint_eq(p.width, 720);
    ck_assert_uint_eq(p.height, 400);
    for (unsigned y = 0; y < 16; y++) {
        ck_assert_uint_eq(px(&p, 3, y), 14);
        ck_assert_uint_eq(px(&p, 4, y), 1);
        ck_assert_uint_eq(px(&p, 8, y), 1);
    }
    video_picture_free(&p);
    machine_free(m);
}
END_TEST

/* What is not drawn says so: a mode number the EGA's BIOS has no table
 * for (11h, the VGA's, written into the BIOS's data area by a program
 * after mode 0Dh); a 6845 that shows no characters (R1 = 0). */
START_TEST(undrawn_modes_say_which)
{
    struct console con;
    struct video_picture p;
    char why[300];
    struct machine *m = new_pc_with(&con, &video_card_ega);
    ck_assert_int_eq(video_set_mode(m, 0x0F), 0);
    ck_assert_int_eq(video_set_mode(m, 0x11), -1);
    mem_wb(m, 0x449, 0x11);
    ck_assert_int_eq(video_draw(m, &p, why, sizeof why), -1);
    ck_assert_ptr_nonnull(strstr(why, "the EGA is in mode 11h, which profil does not draw"));
    ck_assert_ptr_null(p.pixels);
    machine_free(m);
    m = new_pc_with(&con, &video_card_cga);
    port_out(m, 0x3D4, 1);
    port_out(m, 0x3D5, 0);
    ck_assert_int_eq(video_draw(m, &p, why, sizeof why), -1);
    ck_assert_ptr_nonnull(strstr(why, "R1 or R6 is 0"));
    machine_free(m);
}
END_TEST

/* ---- text in graphics modes, the fonts ---------------------------------- */

/* Every glyph of code page 437 that has ink there has ink in every font
 * (8x8, 8x14, 8x16; the 9x14 and 9x16 cells add a column to the 8x14 and
 * 8x16): only 00h, 20h (space) and FFh (no-break space) are empty; none is
 * the hollow box the fonts once had for what Terminus lacks (03h, 05h,
 * 06h, 0Bh-0Eh), and the drawn heart 03h has its 8x8 rows. */
START_TEST(every_cp437_glyph_has_ink)
{
    static const unsigned heights[3] = { 8, 14, 16 };
    for (unsigned k = 0; k < 3; k++) {
        unsigned h = heights[k];
        for (unsigned c = 0; c < 256; c++) {
            const uint8_t *g = video_glyph(h, (uint8_t)c);
            unsigned ink = 0, box = 1;
            for (unsigned y = 0; y < h; y++) {
                ink += g[y] != 0;
                box &= g[y] == (y < 2 || y > h - 3 ? 0 : y == 2 || y == h - 3 ? 0x7E : 0x42);
            }
            int blank = c == 0 || c == 0x20 || c == 0xFF;
            ck_assert_msg(blank ? ink == 0 : ink > 0, "8x%u: %02Xh has %u rows of ink", h, c, ink);
            ck_assert_msg(!box, "8x%u: %02Xh is a hollow box", h, c);
        }
    }
    ck_assert_int_eq(memcmp(video_glyph(8, 3), "\x6C\xFE\xFE\xFE\x7C\x38\x10\x00", 8), 0);
    ck_assert_ptr_null(video_glyph(9, 'A'));
}
END_TEST

/* The fonts where the machine has them: characters 0-127 of the 8x8 at
 * F000:FA6E on every card (the IBM BIOS's place); the CGA's INT 1Fh
 * 0000:0000 (the PC BIOS sets nothing there); the EGA's and VGA's ROM
 * keeps its fonts (card.h: 8x14 at C000:0400, 8x8 at C000:1200, the VGA's
 * 8x16 at C000:1A00), INT 1Fh at the 8x8's character 128 (C000:1600),
 * INT 43h at the font of the mode's character height (8 in mode 3 and
 * 0Dh, 14 in 10h, 16 in 12h), and the option ROM still sums to 0. */
START_TEST(rom_fonts_and_their_vectors)
{
    struct console con;
    struct machine *m = new_pc_with(&con, &video_card_cga);
    for (unsigned c = 0; c < 128; c++)
        for (unsigned y = 0; y < 8; y++)
            ck_assert_uint_eq(mem_rb(m, 0xFFA6E + c * 8 + y), video_glyph(8, (uint8_t)c)[y]);
    ck_assert_uint_eq(mem_rw(m, 0x1F * 4), 0);
    ck_assert_uint_eq(mem_rw(m, 0x1F * 4 + 2), 0);
    machine_free(m);
    const struct video_card *cards[2] = { &video_card_ega, &video_card_vga };
    for (unsigned k = 0; k < 2; k++) {
        m = new_pc_with(&con, cards[k]);
        ck_assert_uint_eq(mem_rb(m, 0xFFA6E + 'A' * 8 + 3), video_glyph(8, 'A')[3]);
        ck_assert_uint_eq(mem_rw(m, 0x1F * 4 + 2), 0xC000);
        ck_assert_uint_eq(mem_rw(m, 0x1F * 4), 0x1600);
        ck_assert_uint_eq(mem_rw(m, 0x43 * 4 + 2), 0xC000);
        ck_assert_uint_eq(mem_rw(m, 0x43 * 4), 0x1200);
        ck_assert_uint_eq(mem_rb(m, 0xC1600 + 5), video_glyph(8, 0x80)[5]);
        ck_assert_uint_eq(mem_rb(m, 0xC0400 + 'A' * 14 + 6), video_glyph(14, 'A')[6]);
        video_set_mode(m, 0x0D);
        ck_assert_uint_eq(mem_rw(m, 0x43 * 4), 0x1200);
        video_set_mode(m, 0x10);
        ck_assert_uint_eq(mem_rw(m, 0x43 * 4), 0x0400);
        if (k == 1) {
            video_set_mode(m, 0x12);
            ck_assert_uint_eq(mem_rw(m, 0x43 * 4), 0x1A00);
            ck_assert_uint_eq(mem_rb(m, 0xC1A00 + 'A' * 16 + 7), video_glyph(16, 'A')[7]);
        }
        uint8_t sum = 0;
        for (uint32_t i = 0; i < cards[k]->bios.rom_size; i++)
            sum = (uint8_t)(sum + mem_rb(m, 0xC0000 + i));
        ck_assert_uint_eq(sum, 0);
        machine_free(m);
    }
}
END_TEST

/* fontptr.com (its comment derives the lines): INT 10h AX=1130h's
 * pointers by BH on the VGA and the EGA, where the descriptor's ROM fonts
 * and the vectors put them; the EGA has no 8x16 (ES:BP left 0000:0000). */
START_TEST(font_information_points_at_the_rom)
{
    static const struct { enum profil_video card; const char *line; } cases[] = {
        { PROFIL_VIDEO_VGA, "C000 1600 C000 1200 C000 0400 C000 1200 C000 1600 C000 1A00 0010 18 " },
        { PROFIL_VIDEO_EGA, "C000 1600 C000 1200 C000 0400 C000 1200 C000 1600 0000 0000 000E 18 " },
    };
    for (unsigned i = 0; i < 2; i++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("fontptr.com"), i ? TMP "/fontptr1.prf" : TMP "/fontptr0.prf");
        o.video = cases[i].card;
        run_session(&r, &o, NULL);
        ck_assert_msg(r.status == 0, "%s", r.err);
        ck_assert_str_eq(r.out, cases[i].line);
    }
}
END_TEST

/* The 8x8 cell at text row r, column c of a PNG holds `rows` drawn in
 * index `on` on 0. */
static void assert_cell(const uint8_t *pix, unsigned w, unsigned r, unsigned c, const uint8_t rows[8], uint8_t on,
                        const char *what)
{
    for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 8; x++) {
            uint8_t want = rows[y] & (0x80u >> x) ? on : 0, got = pix[(r * 8 + y) * w + c * 8 + x];
            ck_assert_msg(got == want, "%s: cell (%u,%u) dot (%u,%u) is %u, not %u", what, r, c, x, y, got, want);
        }
}

/* A run of the fixture `o` names (the caller's tail, card, timing,
 * --border, --aspect, --scale) with --screen-png, its picture read back:
 * the run's status 0 asserted, pix malloc'ed. */
struct shot {
    struct run_result r;
    unsigned w, h;
    uint8_t *pix, pal[768];
};

static void shoot(struct profil_options *o, struct shot *s)
{
    o->screen_png = TMP "/shot.png";
    run_session(&s->r, o, NULL);
    ck_assert_msg(s->r.status == 0, "%s", s->r.err);
    read_png(TMP "/shot.png", &s->w, &s->h, &s->pix, s->pal);
}

/* gfxtext.com (its comment orders the writes) in modes 4, 6 and 0Dh.
 * Mode 4 (palette 1 bright: colours 1, 2, 3 are indexes 11, 13, 15): cell
 * (0,0) 'A' 2 XOR 3 = colour 1, (0,1) 'A' colour 2, (1,0) and (1,1) the
 * program's 80h (F0 0F FF 00 81 42 24 18) and 81h (AA 55 ...) from INT
 * 1Fh in colour 1.  Mode 6 (foreground 15): (0,0) the XOR took the dots
 * off, (0,1) 'A', (1,0)-(1,1) the program's glyphs, (2,0) the ROM's bytes
 * at F000:FA6E + 41h x 8 copied by the program: the same 'A'.  Mode 0Dh on
 * the EGA (the attribute palette: colour n is index n for n < 8): (0,0)
 * colour 1, (0,1) colour 2, (1,0)-(1,1) the ROM's own 80h and 81h through
 * INT 43h (INT 1Fh is not its).  The cursor after the teletype: (1,2);
 * INT 10h 08h reads (0,0), (0,1), (1,0) back as 'A', 'A', 80h (mode 6:
 * 00h, the blank cell matching the empty glyph of 00h first). */
START_TEST(bios_text_in_graphics_modes)
{
    static const uint8_t high80[8] = { 0xF0, 0x0F, 0xFF, 0x00, 0x81, 0x42, 0x24, 0x18 };
    static const uint8_t high81[8] = { 0xAA, 0x55, 0xAA, 0x55, 0xAA, 0x55, 0xAA, 0x55 };
    static const uint8_t none[8] = { 0 };
    static const struct {
        const char *tail;
        enum profil_video card;
        unsigned width;
        uint8_t c1, c2, own;        /* indexes of colours 1 and 2; the program's glyphs in 80h-81h */
    } cases[] = {
        { "4", PROFIL_VIDEO_CGA, 320, 11, 13, 1 },
        { "6", PROFIL_VIDEO_CGA, 640, 15, 15, 1 },
        { "d", PROFIL_VIDEO_EGA, 320, 1, 2, 0 },
    };
    const uint8_t *a = video_glyph(8, 'A');
    for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct profil_options o = fixture_options(FIX("gfxtext.com"), TMP "/gfxtext.prf");
        struct shot s;
        o.tail = cases[i].tail;
        o.video = cases[i].card;
        shoot(&o, &s);
        ck_assert_str_eq(s.r.out, cases[i].width == 640 ? "01 02 00 41 80 " : "01 02 41 41 80 ");
        ck_assert_uint_eq(s.w, cases[i].width);
        ck_assert_uint_eq(s.h, 200);
        int mode6 = cases[i].width == 640;
        assert_cell(s.pix, s.w, 0, 0, mode6 ? none : a, cases[i].c1, cases[i].tail);
        assert_cell(s.pix, s.w, 0, 1, a, cases[i].c2, cases[i].tail);
        assert_cell(s.pix, s.w, 1, 0, cases[i].own ? high80 : video_glyph(8, 0x80), cases[i].c1, cases[i].tail);
        assert_cell(s.pix, s.w, 1, 1, cases[i].own ? high81 : video_glyph(8, 0x81), cases[i].c1, cases[i].tail);
        if (mode6)
            assert_cell(s.pix, s.w, 2, 0, a, 15, "the ROM's 'A'");
        free(s.pix);
    }
}
END_TEST

/* ---- the picture line by line ------------------------------------------- */

/* Line y of a shot: before[x % 2] up to some x, then after[x % 2] from
 * it to the end; that x (the width: all before). */
static unsigned split_of(const struct shot *s, unsigned y, const uint8_t before[2], const uint8_t after[2])
{
    const uint8_t *row = s->pix + (size_t)y * s->w;
    unsigned x = 0;
    while (x < s->w && row[x] == before[x % 2])
        x++;
    for (unsigned i = x; i < s->w; i++)
        ck_assert_msg(row[i] == after[i % 2], "line %u: (%u) is %u after the split at %u", y, i, row[i], x);
    return x;
}

/* rasterpal.com with `tail` under both timings (its comment orders the
 * lines): lines 0-99 all as before the write, 101-199 all as after it;
 * line 100 before then after from the dot where its OUT came (inside
 * the line's picture when the polling loop's last pass and the
 * instructions after it outlast the 90 cycles of blanking: under the bus
 * timing, whose taken jumps refill the queue). */
static void assert_bands(const char *tail, unsigned width, const uint8_t before[2], const uint8_t after[2])
{
    static const enum profil_timing timings[2] = { PROFIL_TIMING_BUS, PROFIL_TIMING_TABLE };
    for (unsigned k = 0; k < 2; k++) {
        struct profil_options o = fixture_options(FIX("rasterpal.com"), TMP "/raster.prf");
        struct shot s;
        o.timing = timings[k];
        o.tail = tail;
        shoot(&o, &s);
        ck_assert_uint_eq(s.w, width);
        ck_assert_uint_eq(s.h, 200);
        for (unsigned y = 0; y < s.h; y++) {
            unsigned x = split_of(&s, y, before, after);
            ck_assert_msg(y < 100 ? x == s.w : y > 100 ? x == 0 : 1, "timing %u, line %u: split at %u", k, y, x);
        }
        free(s.pix);
    }
}

/* The colour select: lines 0-99 colour 0 as 3D9h = 30h makes it (index
 * 0, black), 100-199 as 31h makes it (index 1, blue). */
START_TEST(colour_select_changes_between_lines)
{
    static const uint8_t black[2] = { 0, 0 }, blue[2] = { 1, 1 };
    assert_bands("", 320, black, blue);
}
END_TEST

/* Mode control, mode 4 -> 6 ("6"): a 640-pixel picture (its widest
 * line's), lines 0-99 in 320x200 (55h: colour 1, index 11, each pixel
 * two of the picture's), 100-199 in 640x200 (0 1 0 1: black, white). */
START_TEST(mode_control_changes_between_lines)
{
    static const uint8_t cyan[2] = { 11, 11 }, stripes[2] = { 0, 15 };
    assert_bands("6", 640, cyan, stripes);
}
END_TEST

/* The start address ("s"): R13 := 28h at line 100 of a frame, the run
 * ending at line 100 of the frame after.  The 6845 latched R12:R13 at
 * each frame's start, so even line y < 100 (the last frame's) shows row
 * y/2 + 1, whose first byte is y/2 + 1, and even y > 100 (the frame
 * before's: the write came after its start) row y/2; the byte's pixels
 * two bits each, 0, 1, 2, 3 indexes 0, 11, 13, 15 (3D9h = 30h). */
START_TEST(start_address_latched_at_frame_start)
{
    static const uint8_t index[4] = { 0, 11, 13, 15 };
    static const enum profil_timing timings[2] = { PROFIL_TIMING_BUS, PROFIL_TIMING_TABLE };
    for (unsigned k = 0; k < 2; k++) {
        struct profil_options o = fixture_options(FIX("rasterpal.com"), TMP "/rstart.prf");
        struct shot s;
        o.timing = timings[k];
        o.tail = "s";
        shoot(&o, &s);
        ck_assert_uint_eq(s.w, 320);
        for (unsigned y = 0; y < 200; y += 2) {
            if (y == 100)
                continue;                       /* the line the run ended in */
            unsigned row = y < 100 ? y / 2 + 1 : y / 2;
            for (unsigned x = 0; x < 4; x++)
                ck_assert_msg(s.pix[y * s.w + x] == index[row >> (6 - 2 * x) & 3], "timing %u: (%u,%u) is %u", k,
                              x, y, s.pix[y * s.w + x]);
        }
        free(s.pix);
    }
}
END_TEST

/* Inside a line from its dot.  Mode 4: frames of 262 lines of 912 dots
 * (304 cycles), a pixel 2 dots.  3D9h := 31h at cycle 10 x 79648 + 100 x
 * 304 + 101, dot 303 of frame 10's line 100.  Drawn at its line 200 (all
 * the picture this frame's): lines 0-99 black, line 100's pixels 0-151
 * black (pixel 151 is dots 302-303, drawn from its first before the
 * write) and 152-319 blue, 101-199 blue.  Drawn at dot 240 of its line
 * 150 (cycle + 150 x 304 + 80; pixel 120 the first not yet drawn): line
 * 150's pixels 0-119 blue, 120-319 black (frame 9's, before the write),
 * lines 101-149 blue, 151-199 black. */
START_TEST(colour_select_changes_from_its_dot)
{
    struct console con;
    struct video_picture p;
    struct machine *m = new_pc_with(&con, &video_card_cga);
    video_set_mode(m, 4);
    m->now = 10 * 79648 + 100 * 304 + 101;
    port_out(m, 0x3D9, 0x31);
    m->now = 10 * 79648 + 200 * 304;
    draw(m, &p);
    for (unsigned y = 0; y < 200; y++)
        for (unsigned x = 0; x < 320; x++)
            ck_assert_msg(px(&p, x, y) == (y > 100 || (y == 100 && x >= 152)), "(%u,%u) is %u", x, y, px(&p, x, y));
    video_picture_free(&p);
    m->now = 10 * 79648 + 150 * 304 + 80;
    draw(m, &p);
    for (unsigned y = 0; y < 200; y++)
        for (unsigned x = 0; x < 320; x++) {
            int blue = (y > 100 && y < 150) || (y == 100 && x >= 152) || (y == 150 && x < 120);
            ck_assert_msg(px(&p, x, y) == blue, "(%u,%u) is %u", x, y, px(&p, x, y));
        }
    video_picture_free(&p);
    machine_free(m);
}
END_TEST

/* The changes the CGA keeps are bounded whatever a program writes: 1000
 * writes of 3D9h alternating 01h and 02h a dot apart keep the last 256
 * (CGA_CHANGES); a dot before the oldest kept one reads the value that
 * change replaced, one after the last the value written last; writing
 * the value already there keeps nothing, and so does a write of the
 * CRTC's index; a write of R13 (the start address's low byte) or 3D8h
 * that changes it is kept with the view it replaced; a mode set forgets
 * them all. */
static uint8_t colour_at(const struct cga *c, uint64_t dot)
{
    struct cga_view v;
    cga_view_at(c, dot, &v);
    return v.colour;
}

START_TEST(colour_changes_kept_are_bounded)
{
    struct console con;
    struct machine *m = new_pc_with(&con, &video_card_cga);
    struct cga *c = &m->adapter.cga;
    struct cga_view v;
    cga_forget_changes(c);
    for (unsigned i = 0; i < 1000; i++)
        cga_port_out(c, 0x3D9, i & 1 ? 0x02 : 0x01, 1000 + i);
    ck_assert_uint_eq(c->changes, CGA_CHANGES);
    /* write i (01h when i is even, else 02h) at cycle 1000 + i, dot
     * 3 (1000 + i): the oldest kept is write 744, which replaced write
     * 743's 02h; after write 998 (01h) came 999 (02h), the last */
    ck_assert_uint_eq(colour_at(c, 3 * 1744 - 1), 0x02);
    ck_assert_uint_eq(colour_at(c, 3 * 1999), 0x02);
    ck_assert_uint_eq(colour_at(c, 3 * 1998), 0x01);
    cga_port_out(c, 0x3D9, 0x02, 5000);
    cga_port_out(c, 0x3D4, 0x0D, 5001);
    ck_assert_uint_eq(c->changes, CGA_CHANGES);
    cga_forget_changes(c);
    cga_port_out(c, 0x3D5, 0x28, 6000);             /* R13 := 28h */
    cga_port_out(c, 0x3D8, 0x1E, 6001);
    ck_assert_uint_eq(c->changes, 2);
    ck_assert_uint_eq(cga_view_at(c, 3 * 6000 - 1, &v), 0);
    ck_assert_uint_eq(v.start, 0);
    ck_assert_uint_eq(cga_view_at(c, 3 * 6000, &v), 1);
    ck_assert_uint_eq(v.start, 0x28);
    ck_assert_uint_eq(v.mode, 0x29);              /* mode 3 as the BIOS left it */
    ck_assert_uint_eq(cga_view_at(c, 3 * 6001, &v), 2);
    ck_assert_uint_eq(v.mode, 0x1E);
    video_set_mode(m, 4);
    ck_assert_uint_eq(c->changes, 0);
    ck_assert_uint_eq(colour_at(c, 0), 0x30);
    machine_free(m);
}
END_TEST

/* --border: border.com leaves mode 3's blank picture with 3D9h = 04h.
 * The 6845's mode 3 registers (R0 71h, R1 50h, R2 5Ah, R3 0Ah; R4 1Fh,
 * R5 6, R6 19h, R7 1Ch, R9 7) frame it: right (90 - 80) x 8 = 80 pixels,
 * left (114 - 90 - 10) x 8 = 112, below 224 - 200 = 24 lines, above
 * 262 - 240 = 22: 832 x 246, colour 4 (red) outside x 112-751, y 22-221
 * and 0 inside.  Without --border, 640 x 200. */
START_TEST(border_drawn_with_border)
{
    struct profil_options o = fixture_options(FIX("border.com"), TMP "/border.prf");
    struct shot s;
    o.screen_border = 1;
    shoot(&o, &s);
    ck_assert_uint_eq(s.w, 832);
    ck_assert_uint_eq(s.h, 246);
    for (unsigned y = 0; y < s.h; y++)
        for (unsigned x = 0; x < s.w; x++) {
            int inside = x >= 112 && x < 752 && y >= 22 && y < 222;
            ck_assert_msg(s.pix[y * s.w + x] == (inside ? 0 : 4), "(%u,%u) is %u", x, y, s.pix[y * s.w + x]);
        }
    ck_assert_int_eq(memcmp(s.pal + 4 * 3, "\xAA\x00\x00", 3), 0);
    free(s.pix);
    o.screen_border = 0;
    shoot(&o, &s);
    ck_assert_uint_eq(s.w, 640);
    ck_assert_uint_eq(s.h, 200);
    free(s.pix);
}
END_TEST

/* rasterpal.com "t" with --border: in mode 3 3D9h's colour is the
 * border's; the 832 x 246 canvas (border_drawn_with_border's frame) has
 * its border black on rows 0-121 (the 22 above the picture, drawn before
 * this frame, and beside picture lines 0-99) and blue (1) on rows 122-245
 * (beside lines 100-199 and the 24 below, drawn after the change). */
START_TEST(border_changes_between_lines)
{
    struct profil_options o = fixture_options(FIX("rasterpal.com"), TMP "/rborder.prf");
    struct shot s;
    o.tail = "t";
    o.screen_border = 1;
    shoot(&o, &s);
    ck_assert_uint_eq(s.w, 832);
    ck_assert_uint_eq(s.h, 246);
    for (unsigned y = 0; y < s.h; y++)
        for (unsigned x = 0; x < s.w; x++)
            if (x < 112 || x >= 752 || y < 22 || y >= 222)
                ck_assert_msg(s.pix[y * s.w + x] == (y < 122 ? 0 : 1), "(%u,%u) is %u", x, y, s.pix[y * s.w + x]);
    free(s.pix);
}
END_TEST

/* --aspect: cga4.com's 320 x 200 becomes 320 x 240 (3/4 of the width),
 * line Y the picture's line Y x 200 / 240: lines 0 and 1 its line 0
 * (colours 0, 1, 2, 3: indexes 0, 11, 13, 15), line 2 its line 1 (3, 2,
 * 1, 0), line 3 its line 2 (0); with --scale 2, 640 x 480. */
START_TEST(aspect_makes_four_by_three)
{
    struct profil_options o = fixture_options(FIX("cga4.com"), TMP "/aspect.prf");
    struct shot s;
    o.screen_aspect = 1;
    shoot(&o, &s);
    ck_assert_uint_eq(s.w, 320);
    ck_assert_uint_eq(s.h, 240);
    static const uint8_t want[4][4] = { { 0, 11, 13, 15 }, { 0, 11, 13, 15 }, { 15, 13, 11, 0 }, { 0, 0, 0, 0 } };
    for (unsigned y = 0; y < 4; y++)
        ck_assert_int_eq(memcmp(s.pix + y * s.w, want[y], 4), 0);
    free(s.pix);
    o.screen_scale = 2;
    shoot(&o, &s);
    ck_assert_uint_eq(s.w, 640);
    ck_assert_uint_eq(s.h, 480);
    free(s.pix);
}
END_TEST

/* gfxstr.com: INT 10h 13h in mode 4 draws 'A' and 'B' in colour 2
 * (index 13) in cells (2,3) and (2,4), and with AL bit 0 clear leaves the
 * cursor at (0,0). */
START_TEST(write_string_in_graphics_mode)
{
    struct profil_options o = fixture_options(FIX("gfxstr.com"), TMP "/gfxstr.prf");
    struct shot s;
    shoot(&o, &s);
    ck_assert_str_eq(s.r.out, "00 00 ");
    ck_assert_uint_eq(s.w, 320);
    assert_cell(s.pix, s.w, 2, 3, video_glyph(8, 'A'), 13, "13h 'A'");
    assert_cell(s.pix, s.w, 2, 4, video_glyph(8, 'B'), 13, "13h 'B'");
    free(s.pix);
}
END_TEST

/* Text in graphics modes stays in the picture whatever a program wrote in
 * the data area: with 40:4Ah = FFFFh columns, 40:84h = FFh rows and 40:85h
 * = 1 (a one-line character), 65535 cells written, a teletype line, a
 * window scroll and a read in modes 4 and 13h (VGA) change no byte of
 * memory below A0000h but the data area's cursor, and none from C0000h. */
START_TEST(graphics_text_bounded_by_the_picture)
{
    static const uint8_t modes[2] = { 0x04, 0x13 };
    for (unsigned k = 0; k < 2; k++) {
        struct console con;
        struct machine *m = new_pc_with(&con, &video_card_vga);
        video_set_mode(m, modes[k]);
        mem_ww(m, 0x44A, 0xFFFF);
        mem_wb(m, 0x484, 0xFF);
        mem_wb(m, 0x485, 1);
        uint8_t *before = malloc(0x100000);
        ck_assert_ptr_nonnull(before);
        memcpy(before, m->mem, 0x100000);
        video_set_cursor(m, 0, 0, 0);
        video_write_cells(m, 0, 0xDB, 0x0F, 0xFFFF, 1);
        for (unsigned i = 0; i < 300; i++)
            video_teletype(m, 'x', 0x03);
        video_scroll(m, 0, 1, 0x02, 0, 0, 0xFF, 0xFF);
        (void)video_read_cell(m, 0);
        for (uint32_t a = 0; a < 0x100000; a++)
            if ((a < 0x450 || a >= 0x460) && (a < 0xA0000 || a >= 0xC0000))
                ck_assert_msg(m->mem[a] == before[a], "mode %02Xh: %05Xh changed", modes[k], a);
        free(before);
        machine_free(m);
    }
}
END_TEST

/* cga4.com through --screen-png with --scale 2: 640x400, each emulated
 * pixel 2x2: the pixels of cga_graphics_pixels at (2x, 2y) and (2x+1,
 * 2y+1); with its tail "p", palette 0 dim on green. */
START_TEST(screen_png_of_cga_mode4)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("cga4.com"), TMP "/vid.prf");
    unsigned w, h;
    uint8_t *pix, pal[768];
    o.screen_png = TMP "/cga4.png";
    o.screen_scale = 2;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    read_png(TMP "/cga4.png", &w, &h, &pix, pal);
    ck_assert_uint_eq(w, 640);
    ck_assert_uint_eq(h, 400);
    const uint8_t line0[4] = { 0, 11, 13, 15 }, line1[4] = { 15, 13, 11, 0 };
    for (unsigned x = 0; x < 4; x++) {
        ck_assert_uint_eq(pix[2 * x], line0[x]);
        ck_assert_uint_eq(pix[w + 2 * x + 1], line0[x]);
        ck_assert_uint_eq(pix[2 * w + 2 * x], line1[x]);
    }
    ck_assert_int_eq(memcmp(pal + 13 * 3, "\xFF\x55\xFF", 3), 0);
    free(pix);
    o = fixture_options(FIX("cga4.com"), TMP "/vid.prf");
    o.screen_png = TMP "/cga4p.png";
    o.tail = "p";
    run_session(&r, &o, NULL);
    read_png(TMP "/cga4p.png", &w, &h, &pix, pal);
    ck_assert_uint_eq(w, 320);
    const uint8_t dim0[4] = { 2, 2, 4, 6 };
    for (unsigned x = 0; x < 4; x++)
        ck_assert_uint_eq(pix[x], dim0[x]);
    free(pix);
}
END_TEST

/* frames.com (its comment derives the times) with --screen-every 100 ms
 * and --scale 1: pictures 000001-000006, pixel (0,0) in colour 11 (bright
 * cyan, 55h), 11, 13 (AAh), 13, 15 (FFh), 15; no 000007.  A folder that
 * is not one is refused before anything runs; MS:DIR badly written gets
 * a one-line error. */
START_TEST(screen_every_writes_numbered_pictures)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("frames.com"), TMP "/vid.prf");
    ck_assert_int_eq(system("rm -rf " TMP "/frames && mkdir -p " TMP "/frames"), 0);
    o.screen_every_ms = 100;
    o.screen_every_dir = TMP "/frames";
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "");
    static const uint8_t want[6] = { 11, 11, 13, 13, 15, 15 };
    for (unsigned k = 1; k <= 6; k++) {
        char path[256];
        unsigned w, h;
        uint8_t *pix, pal[768];
        snprintf(path, sizeof path, TMP "/frames/%06u.png", k);
        read_png(path, &w, &h, &pix, pal);
        ck_assert_uint_eq(w, 320);
        ck_assert_msg(pix[0] == want[k - 1] && pix[3] == want[k - 1], "picture %u: %u", k, pix[0]);
        free(pix);
    }
    ck_assert(!file_exists(TMP "/frames/000007.png"));
    o = fixture_options(FIX("frames.com"), TMP "/vid2.prf");
    o.screen_every_ms = 100;
    o.screen_every_dir = FIX("frames.com");
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_FAILED);
    ck_assert_ptr_nonnull(strstr(r.err, "frames.com: --screen-every wants a folder it can write in"));
    ck_assert(!file_exists(TMP "/vid2.prf"));
    run_profil(&r, "run -q --screen-every 100 " FIX("frames.com"), NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_BAD_INPUT);
    ck_assert_str_eq(r.err, "profil: --screen-every 100: want MS:DIR, a period of 1 to 3600000 emulated ms and a "
                            "folder (e.g. 500:frames)\n");
}
END_TEST

/* The byte budget of --screen-every (64 MiB): vganoise.com (its comment)
 * shows 1024x1024 pixels of noise after about 2.1 emulated seconds, each
 * picture a 1 MiB PNG at about 30 ms of zlib, so --screen-every 1 for 3
 * s would be about 900 of them (0.9 GB, 30 s).  The pictures stop at the
 * budget, said once on stderr; the files in the folder, all numbered
 * pictures, come to less than 64 MiB; the run takes a few seconds of CPU
 * and still writes its profile. */
START_TEST(screen_every_stops_at_its_byte_budget)
{
    struct run_result r;
    ck_assert_int_eq(system("rm -rf " TMP "/noise && mkdir -p " TMP "/noise"), 0);
    double before = children_cpu_seconds();
    run_profil(&r, "run -q --video vga --timeout 3 --screen-every 1:" TMP "/noise -o " TMP "/noise.prf "
               FIX("vganoise.com"), NULL);
    double cpu = children_cpu_seconds() - before;
    ck_assert_int_eq(r.status, 124);
    const char *said = strstr(r.err, "the budget of 64 MiB is spent; no more\n");
    ck_assert_msg(said && !strstr(said + 10, "budget"), "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.err, "profil: --screen-every: "));
    uint64_t bytes = 0;
    unsigned files = 0, big = 0;
    DIR *d = opendir(TMP "/noise");
    ck_assert_ptr_nonnull(d);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        char path[512];
        struct stat st;
        if (e->d_name[0] == '.')
            continue;
        ck_assert_msg(strlen(e->d_name) == 10 && strcmp(e->d_name + 6, ".png") == 0, "%s", e->d_name);
        snprintf(path, sizeof path, TMP "/noise/%s", e->d_name);
        ck_assert_int_eq(stat(path, &st), 0);
        bytes += (uint64_t)st.st_size;
        files++;
        big += st.st_size > 1000000;
    }
    closedir(d);
    ck_assert_msg(bytes <= 64u << 20, "%llu bytes in %u pictures", (unsigned long long)bytes, files);
    ck_assert_msg(big >= 10, "only %u pictures of the noise (%u in all)", big, files);
    ck_assert_msg(cpu < cpu_budget(8.0), "%.1f s of CPU", cpu);
    ck_assert(file_exists(TMP "/noise.prf"));
}
END_TEST

/* --screen-every's folder holds its own pictures only: a user's
 * 000001.png (not an indexed PNG) or any other file there is refused
 * with status 125 before anything runs, and survives; a folder of an
 * earlier run's pictures is written again; --force writes anyway. */
START_TEST(screen_every_refuses_a_users_files)
{
    struct run_result r;
    char got[64];
    ck_assert_int_eq(system("rm -rf " TMP "/shots && mkdir -p " TMP "/shots && printf 'my picture' > " TMP
                            "/shots/000001.png && rm -f " TMP "/shots.prf"), 0);
    run_profil(&r, "run -q --screen-every 100:" TMP "/shots -o " TMP "/shots.prf " FIX("frames.com"), NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_FAILED);
    ck_assert_str_eq(r.err, "profil: " TMP "/shots/000001.png: not replaced by --screen-every: it is not an "
                            "indexed-colour PNG --screen-png wrote; nothing was run (--force replaces it)\n");
    slurp(TMP "/shots/000001.png", got, sizeof got);
    ck_assert_str_eq(got, "my picture");
    ck_assert(!file_exists(TMP "/shots.prf") && !file_exists(TMP "/shots/000002.png"));
    ck_assert_int_eq(system("rm -rf " TMP "/shots && mkdir -p " TMP "/shots && touch " TMP "/shots/notes.txt"), 0);
    run_profil(&r, "run -q --screen-every 100:" TMP "/shots -o " TMP "/shots.prf " FIX("frames.com"), NULL);
    ck_assert_int_eq(r.status, PROFIL_EXIT_FAILED);
    ck_assert_str_eq(r.err, "profil: " TMP "/shots/notes.txt: --screen-every's folder holds a file that is not one "
                            "of its pictures (NNNNNN.png); nothing was run (--force writes there anyway)\n");
    run_profil(&r, "run -q --force --screen-every 100:" TMP "/shots -o " TMP "/shots.prf " FIX("frames.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert(file_exists(TMP "/shots/000006.png") && file_exists(TMP "/shots/notes.txt"));
    ck_assert_int_eq(system("rm " TMP "/shots/notes.txt"), 0);
    run_profil(&r, "run -q --screen-every 100:" TMP "/shots -o " TMP "/shots.prf " FIX("frames.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.err, "");
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
    tcase_add_test(tc, random_registers_never_break_status_or_drawing);
    tcase_add_test(tc, cga_memory_is_mirrored);
    tcase_add_test(tc, hercules_config_maps_page_one);
    tcase_add_test(tc, cga_bios_programs_the_registers);
    tcase_add_test(tc, vertical_sync_counts_follow_the_crtc);
    tcase_add_test(tc, mono_status_from_its_own_clock);
    tcase_add_test(tc, cga_graphics_pixels);
    tcase_add_test(tc, cga_text_cells_cursor_blink);
    tcase_add_test(tc, cga_160x100_tweak);
    tcase_add_test(tc, mda_text_attributes);
    tcase_add_test(tc, hercules_graphics_pixels);
    tcase_add_test(tc, ega_vga_text_cells);
    tcase_add_test(tc, undrawn_modes_say_which);
    tcase_add_test(tc, screen_png_of_cga_mode4);
    tcase_add_test(tc, screen_every_writes_numbered_pictures);
    tcase_add_test(tc, screen_every_stops_at_its_byte_budget);
    tcase_add_test(tc, screen_every_refuses_a_users_files);
    tcase_add_test(tc, every_cp437_glyph_has_ink);
    tcase_add_test(tc, rom_fonts_and_their_vectors);
    tcase_add_test(tc, font_information_points_at_the_rom);
    tcase_add_test(tc, bios_text_in_graphics_modes);
    tcase_add_test(tc, graphics_text_bounded_by_the_picture);
    tcase_add_test(tc, write_string_in_graphics_mode);
    tcase_add_test(tc, colour_select_changes_between_lines);
    tcase_add_test(tc, mode_control_changes_between_lines);
    tcase_add_test(tc, start_address_latched_at_frame_start);
    tcase_add_test(tc, colour_select_changes_from_its_dot);
    tcase_add_test(tc, colour_changes_kept_are_bounded);
    tcase_add_test(tc, border_drawn_with_border);
    tcase_add_test(tc, border_changes_between_lines);
    tcase_add_test(tc, aspect_makes_four_by_three);
    suite_add_tcase(s, tc);
    return s;
}
