/*
 * tests/check_bios.c: the screen and keyboard: the video BIOS and screen
 * model (video.c, bios_video.c), the --screen dump in UTF-8, scripted
 * keys through IRQ1 and INT 16h (keyboard.c, bios_keys.c), the DOS
 * console reading them, Ctrl-C reaching INT 23h and critical errors
 * reaching INT 24h.
 */
#include "testutil.h"

#include <zlib.h>

#include "../emu/bios/bios.h"
#include "../emu/pc/console.h"
#include "../emu/chips/keyboard.h"
#include "../emu/machine.h"
#include "../emu/video/cards.h"
#include "../emu/video/video.h"
#include "../formats/screen.h"

static struct machine *new_pc(struct console *con)
{
    struct machine *m = machine_new(CPU_8088);
    console_init(con, stdin, stdout, NULL);
    ck_assert_int_eq(bios_install(m, con, 0), 0);
    return m;
}

/* ---- the screen model ------------------------------------------------------ */

/* Teletype wraps at column 80 and scrolls at row 25: 80 x 25 + 1 'x's
 * leave the last row with one 'x' and the cursor at row 24, column 1; the
 * row scrolled in takes the attribute under the cursor (07h). */
START_TEST(teletype_wraps_and_scrolls)
{
    struct console con;
    struct machine *m = new_pc(&con);
    uint8_t row, col;
    for (unsigned i = 0; i < 80 * 25 + 1; i++)
        video_teletype(m, 'x', VIDEO_ATTR_NORMAL);
    video_get_cursor(m, 0, &row, &col);
    ck_assert_uint_eq(row, 24);
    ck_assert_uint_eq(col, 1);
    ck_assert_uint_eq(mem_rw(m, 0xB8000 + 24 * 160), 0x0778);
    ck_assert_uint_eq(mem_rw(m, 0xB8000 + 24 * 160 + 2), 0x0720);
    ck_assert_uint_eq(mem_rb(m, 0xB8000 + 23 * 160 + 158), 'x');
    machine_free(m);
}
END_TEST

/* Scrolling a window down by 2 moves rows 3-4 to 5-6 inside columns
 * 10-19 only, and blanks rows 3-4 there with the given attribute. */
START_TEST(window_scrolls_down_inside_its_columns)
{
    struct console con;
    struct machine *m = new_pc(&con);
    for (uint8_t r = 3; r <= 6; r++)
        for (uint8_t c = 0; c < 30; c++)
            video_put_cell(m, 0, r, c, (uint8_t)('A' + r), 0x07);
    video_scroll(m, 1, 2, 0x1F, 3, 10, 6, 19);
    ck_assert_uint_eq(mem_rw(m, 0xB8000 + 5 * 160 + 10 * 2), 0x0700 | 'D');
    ck_assert_uint_eq(mem_rw(m, 0xB8000 + 6 * 160 + 19 * 2), 0x0700 | 'E');
    ck_assert_uint_eq(mem_rw(m, 0xB8000 + 3 * 160 + 12 * 2), 0x1F20);
    ck_assert_uint_eq(mem_rw(m, 0xB8000 + 5 * 160 + 9 * 2), 0x0700 | 'F');   /* outside: kept */
    ck_assert_uint_eq(mem_rw(m, 0xB8000 + 5 * 160 + 20 * 2), 0x0700 | 'F');
    machine_free(m);
}
END_TEST

/* Modes: 1 is 40 columns; on a VGA 7 lives at B000h, 13h is 320x200 at
 * A000h; a mode no IBM adapter has is refused and changes nothing. */
START_TEST(modes_set_the_data_area_and_memory)
{
    struct console con;
    struct machine *m = machine_new(CPU_8088);
    machine_set_video(m, &video_card_vga);
    console_init(&con, stdin, stdout, NULL);
    ck_assert_int_eq(bios_install(m, &con, 0), 0);
    ck_assert_int_eq(video_set_mode(m, 1), 0);
    ck_assert_uint_eq(video_cols(m), 40);
    ck_assert_uint_eq(mem_rw(m, 0x44C), 2048);
    ck_assert_int_eq(video_set_mode(m, 7), 0);
    ck_assert_uint_eq(video_page_base(m, 0), 0xB0000);
    ck_assert_int_eq(video_set_mode(m, 0x13), 0);
    ck_assert(!video_is_text(m));
    video_put_pixel(m, 319, 199, 0x2A);
    ck_assert_uint_eq(mem_rb(m, 0xA0000 + 199 * 320 + 319), 0x2A);
    ck_assert_uint_eq(video_get_pixel(m, 319, 199), 0x2A);
    ck_assert_int_eq(video_set_mode(m, 0x55), -1);
    ck_assert_uint_eq(video_mode(m), 0x13);
    machine_free(m);
}
END_TEST

/* Port 3DAh of the CGA in mode 3 (the BIOS's 6845 table: 114 characters
 * of 8 dots = 912 dots a line, 32 rows of 8 lines + 6 = 262 lines, 80
 * characters and 25 rows shown, vertical sync from row 28 = line 224)
 * over one frame of 262 x 304 cycles (3 dots a cycle): vertical sync for
 * 16 lines (16 x 304 = 4864 cycles); blanking for the 62 lines below the
 * picture, and in each of the 200 shown lines from cycle 214 (dot 642,
 * the first past 640) to 303: 90 cycles; 62 x 304 + 200 x 90 = 36848.
 * (The model before the 6845 counted 91: it ended the picture at cycle
 * 213, whose dot 639 is still shown.) */
START_TEST(crt_status_follows_emulated_time)
{
    unsigned retrace = 0, blank = 0;
    struct console con;
    struct machine *m = new_pc(&con);
    for (uint64_t t = 0; t < 262 * 304; t++) {
        uint8_t v = cga_status(&m->adapter.cga, t + 10 * 262 * 304);
        retrace += (v >> 3) & 1;
        blank += v & 1;
    }
    ck_assert_uint_eq(retrace, 16 * 304);
    ck_assert_uint_eq(blank, 62 * 304 + 200 * 90);
    m->now = 224 * 304;
    ck_assert_uint_eq(port_in(m, 0x3DA), 0xF9);
    m->now = 0;
    ck_assert_uint_eq(port_in(m, 0x3DA), 0xF0);
    machine_free(m);
}
END_TEST

/* ---- code page 437 ----------------------------------------------------------- */

START_TEST(cp437_becomes_utf8)
{
    char out[4];
    ck_assert_uint_eq(cp437_to_utf8('A', out), 1);
    ck_assert_int_eq(out[0], 'A');
    ck_assert_uint_eq(cp437_to_utf8(0xC9, out), 3);
    ck_assert_int_eq(memcmp(out, "╔", 3), 0);
    ck_assert_uint_eq(cp437_to_utf8(0x01, out), 3);
    ck_assert_int_eq(memcmp(out, "☺", 3), 0);
    ck_assert_uint_eq(cp437_to_utf8(0x1F, out), 3);
    ck_assert_int_eq(memcmp(out, "▼", 3), 0);
    ck_assert_uint_eq(cp437_to_utf8(0x7F, out), 3);
    ck_assert_int_eq(memcmp(out, "⌂", 3), 0);
    ck_assert_uint_eq(cp437_to_utf8(0x81, out), 2);
    ck_assert_int_eq(memcmp(out, "ü", 2), 0);
    ck_assert_uint_eq(cp437_to_utf8(0xFE, out), 3);
    ck_assert_int_eq(memcmp(out, "■", 3), 0);
    ck_assert_uint_eq(cp437_to_utf8(0xFF, out), 2);
    ck_assert_int_eq(memcmp(out, "\xC2\xA0", 2), 0);
    ck_assert_uint_eq(cp437_to_utf8(0x00, out), 1);
    ck_assert_int_eq(out[0], ' ');
}
END_TEST

/* screen.com through INT 10h: the --screen file holds the 25 rows as the
 * fixture's comment lays them out; standard output (redirected here)
 * holds only what went through DOS: 08h's 'T' 54h in yellow on blue 1Eh,
 * the cursor at row 1, column 10; the INT 10h text went to stderr. */
START_TEST(screen_file_and_streams)
{
    struct run_result r;
    char text[4096], want[4096] = "";
    struct profil_options o = fixture_options(FIX("screen.com"), TMP "/scr.prf");
    o.screen = TMP "/screen.txt";
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "54 1E 01 0A ");
    ck_assert_str_eq(r.err, "TITLE╔═══╗Hidown");
    const char *rows[25] = { [1] = "          TITLE", [3] = "╔═══╗", [5] = "Hi", [7] = "  MEM",
                             [10] = "down", [20] = "54 1E 01 0A" };
    for (int i = 0; i < 25; i++) {
        strcat(want, rows[i] ? rows[i] : "");
        strcat(want, "\n");
    }
    slurp(TMP "/screen.txt", text, sizeof text);
    ck_assert_str_eq(text, want);
}
END_TEST

/* machineid.com (see its comment) finds the IBM 5160 with its 11/08/82
 * BIOS (docs/services.md): model FEh, the date 11/08/82; INT 15h C0h is
 * the XT's "no cassette" for every function, AH=86h with the carry set,
 * BX as it went (5678h, no table); the equipment word 002Dh: a diskette
 * drive (bit 0), the planar's 256 KiB (bits 2-3 = 11), the CGA's 80x25
 * colour (bits 4-5 = 10); 640 KiB (0280h); INT 1Ah 02h leaves CX=1234h
 * and the carry clear (no real-time clock); 40:96h holds 00 (the 83-key
 * keyboard). */
START_TEST(the_machine_is_an_ibm_5160_of_1982)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("machineid.com"), TMP "/mid.prf");
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "FE 11/08/82 86 C 5678 002D 0280 1234 N 00 ");
    ck_assert_str_eq(r.err, "");
}
END_TEST

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3]; }

/* mode13.com (see its comment) and --screen-png: a 320x200 indexed PNG
 * whose chunks all have good CRCs; its palette is the DAC in 8 bits
 * (x 255 / 63): entry 1 as the program set it (0,42,0 -> 00 AA 00), entry
 * 40 the default red, entry 17 the default's first gray (5 -> 14h); the
 * pixels, one filter byte (0) before each row, have colour 1 first and 40
 * last.  The VGA's text screen (screen.com) is drawn in 9x16 cells: 720x400. */
START_TEST(mode13_screen_as_png)
{
    struct run_result r;
    uint8_t *png;
    size_t n;
    char err[256];
    struct profil_options o = fixture_options(FIX("mode13.com"), TMP "/m13.prf");
    o.video = PROFIL_VIDEO_VGA;
    o.screen_png = TMP "/m13.png";
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 1);          /* INT 10h 0Dh read colour 1 back */
    ck_assert_int_eq(read_file(TMP "/m13.png", &png, &n, err, sizeof err), 0);
    ck_assert_int_eq(memcmp(png, "\x89PNG\r\n\x1a\n", 8), 0);
    int seen = 0;
    for (size_t p = 8; p + 12 <= n;) {
        uint32_t len = be32(png + p);
        const uint8_t *type = png + p + 4, *body = png + p + 8;
        ck_assert_uint_eq(be32(body + len), (uint32_t)crc32(0, type, len + 4));
        if (memcmp(type, "IHDR", 4) == 0) {
            ck_assert_uint_eq(be32(body), 320);
            ck_assert_uint_eq(be32(body + 4), 200);
            ck_assert_uint_eq(body[8], 8);
            ck_assert_uint_eq(body[9], 3);
        } else if (memcmp(type, "PLTE", 4) == 0) {
            ck_assert_uint_eq(len, 768);
            ck_assert_int_eq(memcmp(body + 3, "\x00\xAA\x00", 3), 0);
            ck_assert_int_eq(memcmp(body + 120, "\xFF\x00\x00", 3), 0);
            ck_assert_int_eq(memcmp(body + 51, "\x14\x14\x14", 3), 0);
        } else if (memcmp(type, "IDAT", 4) == 0) {
            static uint8_t raw[321 * 200];
            uLongf raw_len = sizeof raw;
            ck_assert_int_eq(uncompress(raw, &raw_len, body, len), Z_OK);
            ck_assert_uint_eq(raw_len, 321 * 200);
            ck_assert_uint_eq(raw[0], 0);
            ck_assert_uint_eq(raw[1], 1);
            ck_assert_uint_eq(raw[321 * 200 - 1], 40);
        }
        seen += memcmp(type, "IEND", 4) == 0;
        p += 12 + len;
    }
    ck_assert_int_eq(seen, 1);
    free(png);
    o = fixture_options(FIX("screen.com"), TMP "/m13.prf");
    o.video = PROFIL_VIDEO_VGA;
    o.screen_png = TMP "/text.png";
    run_session(&r, &o, NULL);
    ck_assert_int_eq(read_file(TMP "/text.png", &png, &n, err, sizeof err), 0);
    ck_assert_uint_eq(be32(png + 16), 720);                 /* IHDR: 80 x 9 by 25 x 16 */
    ck_assert_uint_eq(be32(png + 20), 400);
    free(png);
}
END_TEST

/* ---- keys ------------------------------------------------------------------ */

START_TEST(keys_parse_names_modifiers_and_pauses)
{
    struct key_stroke *k;
    size_t n;
    char err[200];
    ck_assert_int_eq(keys_parse("A{enter}{CTRL-C}{WAIT 250}{{}}{F10}", &k, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 7);
    ck_assert_uint_eq(k[0].scan, 0x1E);
    ck_assert_uint_eq(k[0].ascii, 'A');
    ck_assert_uint_eq(k[0].mods, KEY_SHIFT);
    ck_assert_uint_eq(k[1].scan, 0x1C);
    ck_assert_uint_eq(k[1].ascii, 0x0D);
    ck_assert_uint_eq(k[2].scan, 0x2E);
    ck_assert_uint_eq(k[2].ascii, 0x03);
    ck_assert_uint_eq(k[2].mods, KEY_CTRL);
    ck_assert_uint_eq(k[3].scan, 0);
    ck_assert_uint_eq(k[3].wait_ms, 250);
    ck_assert_uint_eq(k[4].ascii, '{');
    ck_assert_uint_eq(k[5].ascii, '}');
    ck_assert_uint_eq(k[6].scan, 0x44);
    free(k);
    ck_assert_int_eq(keys_parse("x{NOPE}", &k, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "--keys: unknown key {NOPE} at character 2 (see profil run --help)");
    ck_assert_int_eq(keys_parse("{WAIT", &k, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "--keys: unclosed or empty {...} at character 1");
    ck_assert_int_eq(keys_parse("a}", &k, &n, err, sizeof err), -1);
    ck_assert_int_eq(keys_parse("\xE9", &k, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "--keys: no key types byte E9h (character 1)");
    /* Found by fuzz/keys.c: the name was copied as it was, so a newline
     * in it made the message two lines; now controls show as \xHH. */
    ck_assert_int_eq(keys_parse("a{E\nX\xE9}", &k, &n, err, sizeof err), -1);
    ck_assert_str_eq(err, "--keys: unknown key {E\\x0AX\\xE9} at character 2 (see profil run --help)");
}
END_TEST

/* {DOWN KEY}, {UP KEY} and {HOLD KEY MS}: a press and a release each a
 * stroke ({HOLD} both, the press holding for its MS); text typed under a
 * held modifier; the mistakes, one line naming the character. */
START_TEST(keys_parse_holds)
{
    struct key_stroke *k;
    size_t n;
    char err[200];
    ck_assert_int_eq(keys_parse("{down ctrl}x{UP CTRL}{HOLD left 500}{DOWN RSHIFT}{DOWN 1}{UP 1}{UP RSHIFT}{DOWN DOWN}"
                                "{UP DOWN}", &k, &n, err, sizeof err), 0);
    ck_assert_uint_eq(n, 11);
    ck_assert_uint_eq(k[0].scan, 0x1D);
    ck_assert_uint_eq(k[0].kind, KEY_PRESS);
    ck_assert_uint_eq(k[0].wait_ms, 0);
    ck_assert_uint_eq(k[1].scan, 0x2D);
    ck_assert_uint_eq(k[1].kind, KEY_TAP);
    ck_assert_uint_eq(k[2].kind, KEY_RELEASE);
    ck_assert_uint_eq(k[3].scan, 0x4B);
    ck_assert_uint_eq(k[3].kind, KEY_PRESS);
    ck_assert_uint_eq(k[3].wait_ms, 500);
    ck_assert_uint_eq(k[4].scan, 0x4B);
    ck_assert_uint_eq(k[4].kind, KEY_RELEASE);
    ck_assert_uint_eq(k[5].scan, 0x36);
    ck_assert_uint_eq(k[6].scan, 0x02);
    ck_assert_uint_eq(k[8].kind, KEY_RELEASE);
    ck_assert_uint_eq(k[9].scan, 0x50);
    free(k);
    static const struct { const char *keys, *err; } bad[] = {
        { "ab{UP CTRL}", "--keys: {UP CTRL} at character 3 releases a key that is not down" },
        { "{DOWN ALT}x{DOWN ALT}", "--keys: {DOWN ALT} at character 12: that key is already down (since character 1)" },
        { "{DOWN Q}q", "--keys: 'q' at character 9: its key is down (since character 1)" },
        { "xy{DOWN SHIFT}AB", "--keys: the key pressed at character 3 is still down at the end (release it with {UP ...})" },
        { "{HOLD LEFT}", "--keys: unknown key {HOLD LEFT} at character 1 (see profil run --help)" },
        { "{HOLD LEFT 0}", "--keys: unknown key {HOLD LEFT 0} at character 1 (see profil run --help)" },
        { "{DOWN CAPS}", "--keys: unknown key {DOWN CAPS} at character 1 (see profil run --help)" },
        { "{DOWN LEFT}{HOLD LEFT 9}", "--keys: {HOLD LEFT 9} at character 12: that key is already down (since character 1)" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert_int_eq(keys_parse(bad[i].keys, &k, &n, err, sizeof err), -1);
        ck_assert_str_eq(err, bad[i].err);
    }
}
END_TEST

/* A held key's typematic action: {HOLD RIGHT 1050} made at 1000 repeats
 * its make code 500 ms later, then each 100 ms (2386363, 477272 cycles),
 * six times before its break at 1000 + 1050 x 4772; a tap never repeats. */
START_TEST(a_held_key_repeats_as_the_keyboard_does)
{
    struct keyboard k;
    struct key_stroke *s;
    size_t n;
    char err[100];
    kbd_init(&k);
    ck_assert_int_eq(keys_parse("{HOLD RIGHT 1050}", &s, &n, err, sizeof err), 0);
    kbd_start(&k, s, n, 1000);
    ck_assert_int_eq(kbd_event(&k, k.due, 0), 1);
    ck_assert_uint_eq(kbd_read_data(&k), 0x4D);
    for (uint64_t i = 0; i < 6; i++) {
        ck_assert_uint_eq(k.due, 1000 + 2386363 + i * 477272);
        ck_assert_int_eq(kbd_event(&k, k.due, 0), 1);
        ck_assert_uint_eq(kbd_read_data(&k), 0x4D);
    }
    ck_assert_uint_eq(k.due, 1000 + 1050 * 4772);
    ck_assert_int_eq(kbd_event(&k, k.due, 0), 1);
    ck_assert_uint_eq(kbd_read_data(&k), 0xCD);
    ck_assert(!kbd_more_coming(&k));
    kbd_free(&k);
}
END_TEST

/* held.com (see its comment): the codes at port 60h with the BIOS's
 * shift flags after each, Ctrl-A and its three repeats and 'B' under the
 * right Shift from INT 16h. */
START_TEST(held_keys_reach_port_60h_and_the_shift_flags)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("held.com"), TMP "/held.prf");
    o.keys = "{WAIT 50}{DOWN CTRL}{HOLD A 750}{UP CTRL}{DOWN RSHIFT}b{UP RSHIFT}";
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "%d %s", r.status, r.err);
    ck_assert_str_eq(r.out, "1E01 1E01 1E01 1E01 3042 1D 04 1E 04 1E 04 1E 04 1E 04 9E 04 9D 00 36 01 30 01 B0 01 B6 00 ");
}
END_TEST

/* steer.com (see its comment): held Ctrl climbs 18 ticks, held Right
 * moves 6 steps; tapped, one step each. */
START_TEST(a_game_is_steered_by_held_keys)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("steer.com"), TMP "/steer.prf");
    o.keys = "{WAIT 100}{DOWN CTRL}{HOLD RIGHT 950}{UP CTRL}";
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "%d %s", r.status, r.err);
    ck_assert_str_eq(r.out, "06 12 ");
    o = fixture_options(FIX("steer.com"), TMP "/steer.prf");
    o.keys = "{WAIT 200}{RIGHT}";
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "%d %s", r.status, r.err);
    ck_assert_str_eq(r.out, "01 00 ");
}
END_TEST

/* 'A' is Shift made, A made, A broken, Shift broken, 5 ms (23863 cycles)
 * apart, each an IRQ1; a {WAIT 10} then puts the next key 10 ms later; a
 * key's make code waits while the BIOS buffer is full. */
START_TEST(a_stroke_is_four_scan_codes_5_ms_apart)
{
    struct keyboard k;
    struct key_stroke *s;
    size_t n;
    char err[100];
    const uint64_t step = 4772727 / 200;
    kbd_init(&k);
    ck_assert_int_eq(keys_parse("A{WAIT 10}b", &s, &n, err, sizeof err), 0);
    kbd_start(&k, s, n, 1000);
    const uint8_t codes[4] = { 0x2A, 0x1E, 0x9E, 0xAA };
    for (int i = 0; i < 4; i++) {
        ck_assert_uint_eq(k.due, 1000 + i * step);
        ck_assert_int_eq(kbd_event(&k, k.due, 0), 1);
        ck_assert_uint_eq(kbd_read_status(&k) & 1, 1);
        ck_assert_uint_eq(kbd_read_data(&k), codes[i]);
        ck_assert_uint_eq(kbd_read_status(&k) & 1, 0);
    }
    ck_assert_uint_eq(k.due, 1000 + 4 * step);
    ck_assert_int_eq(kbd_event(&k, k.due, 0), 0);                  /* the pause */
    uint64_t b_at = 1000 + 4 * step + 10 * (4772727 / 1000);
    ck_assert_uint_eq(k.due, b_at);
    ck_assert_int_eq(kbd_event(&k, k.due, 1), 0);                  /* buffer full: held */
    ck_assert_uint_eq(k.due, b_at + step);
    ck_assert_int_eq(kbd_event(&k, k.due, 0), 1);
    ck_assert_uint_eq(k.port60, 0x30);
    ck_assert_uint_eq(k.ascii60, 'b');
    /* Not read from port 60h yet (interrupts off): the release code
     * waits, a step at a time, and the make code stays in the port. */
    uint64_t held_at = k.due;
    ck_assert_int_eq(kbd_event(&k, k.due, 0), 0);
    ck_assert_uint_eq(k.due, held_at + step);
    ck_assert_uint_eq(k.port60, 0x30);
    ck_assert_uint_eq(kbd_read_data(&k), 0x30);
    ck_assert_int_eq(kbd_event(&k, k.due, 0), 1);
    ck_assert_uint_eq(kbd_read_data(&k), 0xB0);
    ck_assert(!kbd_more_coming(&k));
    kbd_free(&k);
}
END_TEST

/* keys.com (see its comment).  The pause: 'b' is made 10 ms + 1000 ms
 * after F1, and INT 16h waits for it with the clock running: 1010 ms /
 * 54.925 ms = 18.4, so its INT 1Ch hook counts 18 (12h) or 19 ticks. */
START_TEST(scripted_keys_reach_int16_and_dos)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("keys.com"), TMP "/keys.prf");
    o.keys = "a{F1}{WAIT 1000}b{CTRL-C}hix{BKSP}{ENTER}ok{ENTER}";
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    const char *tail = "3062 none ^C\r\n68 ix\b \b\r01 69 ok\r\n04 6B 01 ";
    ck_assert_msg(strncmp(r.out, "1E61 3B00 12 ", 13) == 0 || strncmp(r.out, "1E61 3B00 13 ", 13) == 0,
                  "%s", r.out);
    ck_assert_str_eq(r.out + 13, tail);
}
END_TEST

/* kbdirq.com (see its comment): a program's INT 09h hook sees every
 * scan code through port 60h, Shift around B, and chaining to the BIOS
 * still gives INT 16h the keys. */
START_TEST(a_programs_int09_sees_scan_codes)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("kbdirq.com"), TMP "/kbdirq.prf");
    o.keys = "{WAIT 50}aB";
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "1E61 3042 1E 9E 2A 30 B0 AA ");
}
END_TEST

/* kbdcli.com (see its comment): the key typed while interrupts were off
 * reaches INT 16h after STI (it was lost under its release code: the run
 * ended "keyboard input exhausted", status 123). */
START_TEST(a_key_typed_with_interrupts_off_waits)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("kbdcli.com"), TMP "/kbdcli.prf");
    o.keys = "{WAIT 50}a";
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 0, "%d %s", r.status, r.err);
    ck_assert_str_eq(r.out, "a");
}
END_TEST

/* With no key left to come, INT 16h 00h ends the run with a message and
 * its own exit status, 123 (not a crash's 126); with --timeout it waits
 * for the timeout instead. */
START_TEST(int16_without_keys_stops_or_waits)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("keys.com"), TMP "/nokeys.prf");
    run_session(&r, &o, NULL);
    ck_assert_msg(r.status == 123, "%d [%s] [%s]", r.status, r.out, r.err);
    ck_assert_ptr_nonnull(strstr(r.err, "keyboard input exhausted: INT 16h AH=00h at "));
    o = fixture_options(FIX("keys.com"), TMP "/nokeys.prf");
    o.timeout_s = 0.5;
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 124);
    ck_assert_ptr_nonnull(strstr(r.err, "timeout after 0.500 s emulated"));
    run_profil(&r, "run -q --keys '{BOGUS}' -o " TMP "/nokeys.prf " FIX("keys.com"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --keys: unknown key {BOGUS} at character 1 (see profil run --help)\n");
}
END_TEST

/* ---- Ctrl-C and critical errors --------------------------------------------- */

/* ctrlc.com with "\3x\3" on stdin: ^C echoed, the counting hook IRETs and
 * 01h is made again ('x'); the aborting hook ends the program at the
 * second ^C, before "after". */
START_TEST(ctrl_c_reaches_int23)
{
    struct run_result r;
    if (system("mkdir -p " TMP " && printf '\\003x\\003' > " TMP "/ctrlc.in") != 0)
        ck_abort();
    struct profil_options o = fixture_options(FIX("ctrlc.com"), TMP "/ctrlc.prf");
    run_session(&r, &o, TMP "/ctrlc.in");
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "^C\r\nx01 ^C\r\n");
}
END_TEST

/* crit.com (see its comment): as DOS 3.30, the hook sees AH 3Ch (disk,
 * directory area, fail/retry/ignore allowed), AL 0 (A:), DI 2 (not
 * ready), is called twice (retry, then fail), the open fails with 53h;
 * DOS's own handler fails B: the same way.  As DOS 2.11: no "fail" bit
 * (34h), and fail gives 15h, "drive not ready". */
START_TEST(critical_errors_reach_int24)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("crit.com"), TMP "/crit.prf");
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "03 1E 0053 3C 00 02 02 0053 ");
    o = fixture_options(FIX("crit.com"), TMP "/crit.prf");
    o.dos_version = 0x0B02;     /* 2.11: AL major, AH minor */
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "02 0B 0015 34 00 02 02 0015 ");
    run_profil(&r, "run -q --dos-version 6.0 -o " TMP "/crit.prf " FIX("crit.com"), NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --dos-version 6.0: want 2.0 to 5.0 (e.g. 2.11, 3.3)\n");
}
END_TEST

Suite *bios_suite(void)
{
    Suite *s = suite_create("bios");
    TCase *tc = tcase_create("screen");
    tcase_add_test(tc, teletype_wraps_and_scrolls);
    tcase_add_test(tc, window_scrolls_down_inside_its_columns);
    tcase_add_test(tc, modes_set_the_data_area_and_memory);
    tcase_add_test(tc, crt_status_follows_emulated_time);
    tcase_add_test(tc, cp437_becomes_utf8);
    tcase_add_test(tc, screen_file_and_streams);
    tcase_add_test(tc, mode13_screen_as_png);
    suite_add_tcase(s, tc);
    tc = tcase_create("keys");
    tcase_add_test(tc, keys_parse_names_modifiers_and_pauses);
    tcase_add_test(tc, a_stroke_is_four_scan_codes_5_ms_apart);
    tcase_add_test(tc, keys_parse_holds);
    tcase_add_test(tc, a_held_key_repeats_as_the_keyboard_does);
    tcase_add_test(tc, held_keys_reach_port_60h_and_the_shift_flags);
    tcase_add_test(tc, a_game_is_steered_by_held_keys);
    tcase_add_test(tc, scripted_keys_reach_int16_and_dos);
    tcase_add_test(tc, int16_without_keys_stops_or_waits);
    tcase_add_test(tc, the_machine_is_an_ibm_5160_of_1982);
    tcase_add_test(tc, a_programs_int09_sees_scan_codes);
    tcase_add_test(tc, a_key_typed_with_interrupts_off_waits);
    suite_add_tcase(s, tc);
    tc = tcase_create("breaks");
    tcase_add_test(tc, ctrl_c_reaches_int23);
    tcase_add_test(tc, critical_errors_reach_int24);
    suite_add_tcase(s, tc);
    return s;
}
