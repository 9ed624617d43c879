/*
 * tests/check_ega.c: the EGA's and VGA's register level (emu/video/ega.c):
 * the planes through the graphics controller's read and write modes
 * (egaplane.com), the VGA's unchained mode X (modex.com), the CGA-compatible
 * modes 4-6 (egacga.com), 0Fh and 11h (egamono.com), code and a stack in
 * the planes (egacode.com), the attribute
 * controller's flip-flop and what reads back, the memory map select, the
 * BIOS's mode sets and their pictures.
 */
#include "testutil.h"

#include "../emu/bios/bios.h"
#include "../emu/machine.h"
#include "../emu/pc/console.h"
#include "../emu/video/ega.h"
#include "../emu/video/cards.h"
#include "../emu/video/video.h"
#include "../emu/video/video_draw.h"

static struct machine *new_pc_with(struct console *con, const struct video_card *card)
{
    struct machine *m = machine_new(CPU_8088);
    machine_set_video(m, card);
    console_init(con, stdin, stdout, NULL);
    ck_assert_int_eq(bios_install(m, con, 0), 0);
    return m;
}

static uint8_t reg_in(struct machine *m, uint16_t index_port, uint8_t index)
{
    port_out(m, index_port, index);
    return port_in(m, (uint16_t)(index_port + 1));
}

/* A PNG pixel's colour, as 0xRRGGBB. */
static unsigned rgb_at(const uint8_t *pix, const uint8_t *pal, unsigned w, unsigned x, unsigned y)
{
    const uint8_t *c = pal + 3 * pix[y * w + x];
    return (unsigned)c[0] << 16 | c[1] << 8 | c[2];
}

/* egaplane.com (its comment derives every figure) on the EGA and the VGA:
 * the read mode 1 bytes F0h 3Ch C0h, read map 3's 3Ch, then the graphics
 * mode and map mask read back on the VGA (08h 0Fh) and FFh on the EGA
 * (write-only); the PNG's pixels from write modes 0 (set/reset and bit
 * mask; XOR; rotate), 2 and 1 (the copied line 1 as line 0), colours
 * 12 = FF5555h, 9 = 5555FFh, 15 = FFFFFFh; pixel 32 red (AA0000h) by the
 * attribute palette on the EGA, green (00FF00h) by the DAC on the VGA. */
START_TEST(planes_through_the_graphics_controller)
{
    static const struct { enum profil_video card; const char *line; unsigned pixel32; } cases[] = {
        { PROFIL_VIDEO_EGA, "F0 3C C0 3C FF FF ", 0xAA0000 },
        { PROFIL_VIDEO_VGA, "F0 3C C0 3C 08 0F ", 0x00FF00 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("egaplane.com"), TMP "/ega.prf");
        unsigned w, h;
        uint8_t *pix, pal[768];
        o.video = cases[i].card;
        o.screen_png = TMP "/egaplane.png";
        run_session(&r, &o, NULL);
        ck_assert_int_eq(r.status, 0);
        ck_assert_str_eq(r.out, cases[i].line);
        read_png(TMP "/egaplane.png", &w, &h, &pix, pal);
        ck_assert_uint_eq(w, 320);
        ck_assert_uint_eq(h, 200);
        for (unsigned y = 0; y < 2; y++) {          /* line 1 is line 0's copy (write mode 1) */
            for (unsigned x = 0; x < 4; x++)
                ck_assert_uint_eq(rgb_at(pix, pal, w, x, y), 0xFF5555);
            for (unsigned x = 4; x < 10; x++)
                ck_assert_uint_eq(rgb_at(pix, pal, w, x, y), 0);
            for (unsigned x = 10; x < 14; x++)
                ck_assert_uint_eq(rgb_at(pix, pal, w, x, y), 0x5555FF);
            ck_assert_uint_eq(rgb_at(pix, pal, w, 14, y), 0);
            ck_assert_uint_eq(rgb_at(pix, pal, w, 15, y), 0);
        }
        for (unsigned x = 16; x < 24; x++)          /* XOR: AAh then 55h */
            ck_assert_uint_eq(rgb_at(pix, pal, w, x, 0), x & 1 ? 0xFFFFFF : 0);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 16, 1), 0);  /* only two bytes were copied */
        for (unsigned x = 24; x < 32; x++)          /* 81h rotated: C0h */
            ck_assert_uint_eq(rgb_at(pix, pal, w, x, 0), x < 26 ? 0xFFFFFF : 0);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 32, 0), cases[i].pixel32);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 33, 0), 0);
        free(pix);
    }
}
END_TEST

/* A run of the fixture `o` names with --screen-png, its status 0
 * asserted and its picture read back (pix malloc'ed). */
static void shoot(struct profil_options *o, unsigned *w, unsigned *h, uint8_t **pix, uint8_t pal[768])
{
    struct run_result r;
    o->screen_png = TMP "/shot.png";
    run_session(&r, o, NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    read_png(TMP "/shot.png", w, h, pix, pal);
}

/* A w x h fixture's picture (case i of a test) in two bands: every
 * pixel of lines 0 to split - 1 `above`, of the lines after `below`. */
static void shoot_bands_sized(const char *fixture, enum profil_video card, const char *tail,
                              enum profil_timing timing, unsigned width, unsigned height, unsigned split,
                              unsigned above, unsigned below, size_t i)
{
    struct profil_options o = fixture_options(fixture, TMP "/bands.prf");
    unsigned w, h;
    uint8_t *pix, pal[768];
    o.video = card;
    o.tail = tail;
    o.timing = timing;
    shoot(&o, &w, &h, &pix, pal);
    ck_assert_uint_eq(w, width);
    ck_assert_uint_eq(h, height);
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++)
            ck_assert_msg(rgb_at(pix, pal, w, x, y) == (y < split ? above : below), "%s case %zu: (%u,%u) is %06X",
                          fixture, i, x, y, rgb_at(pix, pal, w, x, y));
    free(pix);
}

/* A 320x200 fixture's picture in two bands (shoot_bands_sized()). */
static void shoot_bands(const char *fixture, enum profil_video card, const char *tail, enum profil_timing timing,
                        unsigned split, unsigned above, unsigned below, size_t i)
{
    shoot_bands_sized(fixture, card, tail, timing, 320, 200, split, above, below, i);
}

/* palbands.com (its comment derives the line): a colour changed inside
 * picture line 99 shows from line 100.  "e": the EGA's palette register 1
 * 01h -> 04h, blue (0000AAh) then red (AA0000h) on its 200-line monitor,
 * under both timings; "v": the VGA's DAC entry 1 (0,0,42) -> (63,0,42),
 * 0000AAh then FF00AAh, under the table timing (under the bus timing the
 * 8088's polling loop misses some of the VGA's 30-cycle blankings and
 * counts its 199 lines further down the frame). */
START_TEST(colour_changes_between_lines)
{
    static const struct {
        enum profil_video card;
        const char *tail;
        enum profil_timing timing;
        unsigned before, after;
    } cases[] = {
        { PROFIL_VIDEO_EGA, "e", PROFIL_TIMING_BUS, 0x0000AA, 0xAA0000 },
        { PROFIL_VIDEO_EGA, "e", PROFIL_TIMING_TABLE, 0x0000AA, 0xAA0000 },
        { PROFIL_VIDEO_VGA, "v", PROFIL_TIMING_TABLE, 0x0000AA, 0xFF00AA },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        shoot_bands(FIX("palbands.com"), cases[i].card, cases[i].tail, cases[i].timing, 100, cases[i].before,
                    cases[i].after, i);
}
END_TEST

/* textbands.com (its comment derives the line): in text mode 3 a colour
 * changed inside raster line 99 shows from picture line 100 (a text
 * picture line is a raster line) to the picture's end.  "v": the VGA's
 * 9x16 cells, 720 x 400, DAC entry 1 (0,0,42) -> (63,0,42), 0000AAh then
 * FF00AAh.  "e": the EGA's 8x14 cells, 640 x 350, palette register 1
 * 01h -> 04h on its 350-line monitor (64 colours: blue 0000AAh, red
 * AA0000h): its raster from the registers (status_from_the_crtc_and_its_clock):
 * the program exits when the vertical retrace begins at line 350, so
 * lines 100-349 were drawn in the new colour.  Both under the table
 * timing: the loop that counts lines (in, test, jz: 8 + 4 + 16 = 28
 * cycles a pass) always sees the EGA's 13 characters a line outside the
 * display (104 dots, 30.5 cycles) and the VGA's.  Under the bus timing
 * the same loop's passes are longer and miss some (palbands.com's VGA
 * case says so too): on the EGA the change comes lower, never above line
 * 100, and the lines from it to 349 are red. */
START_TEST(text_colour_changes_between_lines)
{
    shoot_bands_sized(FIX("textbands.com"), PROFIL_VIDEO_VGA, "v", PROFIL_TIMING_TABLE, 720, 400, 100, 0x0000AA,
                      0xFF00AA, 0);
    shoot_bands_sized(FIX("textbands.com"), PROFIL_VIDEO_EGA, "e", PROFIL_TIMING_TABLE, 640, 350, 100, 0x0000AA,
                      0xAA0000, 1);
    struct profil_options o = fixture_options(FIX("textbands.com"), TMP "/bands.prf");
    unsigned w, h, split = 0;
    uint8_t *pix, pal[768];
    o.video = PROFIL_VIDEO_EGA;
    o.tail = "e";
    o.timing = PROFIL_TIMING_BUS;
    shoot(&o, &w, &h, &pix, pal);
    ck_assert_uint_eq(w, 640);
    ck_assert_uint_eq(h, 350);
    while (split < h && rgb_at(pix, pal, w, 0, split) == 0x0000AA)
        split++;
    ck_assert_uint_ge(split, 100);
    ck_assert_uint_lt(split, 350);
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++)
            ck_assert_msg(rgb_at(pix, pal, w, x, y) == (y < split ? 0x0000AAu : 0xAA0000u),
                          "EGA bus: (%u,%u) is %06X", x, y, rgb_at(pix, pal, w, x, y));
    free(pix);
}
END_TEST

/* A fixture's picture with --border (case i of a test): w x h, its 320 x
 * 200 black picture at (left, top), the border lines above line top +
 * split `above`, the others `below`. */
struct framed_case {
    enum profil_video card;
    const char *tail;
    enum profil_timing timing;
    unsigned w, h, left, top;
};

static void shoot_framed(const char *fixture, const struct framed_case *c, unsigned split, unsigned above,
                         unsigned below, size_t i)
{
    struct profil_options o = fixture_options(fixture, TMP "/framed.prf");
    unsigned w, h;
    uint8_t *pix, pal[768];
    o.video = c->card;
    o.tail = c->tail;
    o.timing = c->timing;
    o.screen_border = 1;
    shoot(&o, &w, &h, &pix, pal);
    ck_assert_uint_eq(w, c->w);
    ck_assert_uint_eq(h, c->h);
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++) {
            int inside = x >= c->left && x < c->left + 320 && y >= c->top && y < c->top + 200;
            unsigned want = inside ? 0 : y < c->top + split ? above : below;
            ck_assert_msg(rgb_at(pix, pal, w, x, y) == want, "%s case %zu: (%u,%u) is %06X", fixture, i, x, y,
                          rgb_at(pix, pal, w, x, y));
        }
    free(pix);
}

/* overscan.com with --border: the border as the CRTC's blanking
 * registers frame the BIOS's modes (ega_border() names them).  The EGA's
 * 0Dh: R00h 37h + 2 = 57 characters a line, R01h 27h + 1 = 40 shown (8
 * pixels each), the blanking from R02h = 45 to 55 (R03h's 17h: the first
 * count after 45 ending in 10111b): 5 characters on the right (40
 * pixels), 57 - 55 = 2 on the left (16); R06h 04h with R07h bit 0 + 2 =
 * 262 lines (the status raster's), 200 shown, the vertical blanking from
 * R15h E0h = 224 to 240 (R16h's 10h in 5 bits): 24 lines below, 262 - 240
 * = 22 above: 376 x 246.  The VGA's 13h: R00h 5Fh + 5 = 100 characters, 80 shown (4
 * pixels), the blanking from 80 (R02h 50h) to 98 (R03h 02h, R05h bit 7:
 * 22h in 6 bits): none on the right, 2 characters (8 pixels) on the
 * left; R06h BFh with R07h bit 0 + 2 = 449 lines, 400 shown (2 a picture
 * line), the blanking from 406 (R15h 96h, R07h bit 3) to 441 (R16h B9h):
 * 6 / 2 = 3 lines below, 8 / 2 = 4 above: 328 x 207.  The border
 * AA0000h, the picture black. */
START_TEST(border_from_the_blanking_registers)
{
    static const struct framed_case cases[] = {
        { PROFIL_VIDEO_EGA, "", PROFIL_TIMING_DEFAULT, 376, 246, 16, 22 },
        { PROFIL_VIDEO_VGA, "v", PROFIL_TIMING_DEFAULT, 328, 207, 8, 4 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        shoot_framed(FIX("overscan.com"), &cases[i], cases[i].h, 0xAA0000, 0xAA0000, i);
}
END_TEST

/* borderbands.com with --border (its comment derives the line): the
 * overscan register changed in raster line 99's picture (199's on the
 * VGA), blue 0000AAh before, red AA0000h after.  Each border line is
 * drawn in the colour when the beam drew its raster line: the lines
 * beside picture lines 0-99 and those above the picture (the frame
 * before's last lines, drawn before the change) blue, those beside lines
 * 100-199 and below (drawn before the program exits at the next vertical
 * sync) red; the picture black.  Frames as border_from_the_blanking_registers
 * derives them: the EGA's 0Dh 376 x 246 with 16 on the left, 22 above,
 * so the border's first red line is 22 + 100 = 122 (under both timings);
 * the VGA's 13h 328 x 207 with 8 on the left, 4 above: 104. */
START_TEST(border_changes_between_lines)
{
    static const struct framed_case cases[] = {
        { PROFIL_VIDEO_EGA, "", PROFIL_TIMING_BUS, 376, 246, 16, 22 },
        { PROFIL_VIDEO_EGA, "", PROFIL_TIMING_TABLE, 376, 246, 16, 22 },
        { PROFIL_VIDEO_VGA, "v", PROFIL_TIMING_TABLE, 328, 207, 8, 4 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        shoot_framed(FIX("borderbands.com"), &cases[i], 100, 0x0000AA, 0xAA0000, i);
}
END_TEST

/* vgasplit.com (its comment derives the figures): the line compare 199
 * splits mode 13h at picture line 100, the lines above from the start
 * address (colour 2), those below from address 0 (colour 1). */
START_TEST(line_compare_splits_the_screen)
{
    struct profil_options o = fixture_options(FIX("vgasplit.com"), TMP "/vgasplit.prf");
    unsigned w, h;
    uint8_t *pix, pal[768];
    o.video = PROFIL_VIDEO_VGA;
    shoot(&o, &w, &h, &pix, pal);
    ck_assert_uint_eq(w, 320);
    ck_assert_uint_eq(h, 200);
    for (unsigned y = 0; y < h; y++)
        for (unsigned x = 0; x < w; x++)
            ck_assert_msg(pix[y * w + x] == (y < 100 ? 2 : 1), "(%u,%u) is %u", x, y, pix[y * w + x]);
    free(pix);
}
END_TEST

/* startlatch.com (its comment derives the pictures): R0Ch := 20h written
 * as raster line 100's picture begins takes effect at the next vertical
 * retrace.  The frame written in shows start address 0 in every line
 * (colour 1: 0000AAh), the next frame 2000h in every line (colour 2:
 * 00AA00h), on the EGA under both timings and on the VGA in the same
 * mode 0Dh (its default DAC's entries 1 and 2). */
START_TEST(start_address_latched_at_the_retrace)
{
    static const struct {
        enum profil_video card;
        const char *tail;
        enum profil_timing timing;
        unsigned rgb;
    } cases[] = {
        { PROFIL_VIDEO_EGA, "", PROFIL_TIMING_BUS, 0x0000AA },
        { PROFIL_VIDEO_EGA, "", PROFIL_TIMING_TABLE, 0x0000AA },
        { PROFIL_VIDEO_EGA, "n", PROFIL_TIMING_BUS, 0x00AA00 },
        { PROFIL_VIDEO_EGA, "n", PROFIL_TIMING_TABLE, 0x00AA00 },
        { PROFIL_VIDEO_VGA, "", PROFIL_TIMING_TABLE, 0x0000AA },
        { PROFIL_VIDEO_VGA, "n", PROFIL_TIMING_TABLE, 0x00AA00 },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        shoot_bands(FIX("startlatch.com"), cases[i].card, cases[i].tail, cases[i].timing, 200, cases[i].rgb, 0, i);
}
END_TEST

/* The colour changes kept are bounded: 1000 writes of DAC entry 1's red
 * alternating 1 and 2 keep the last 256 (ADAPTER_COLOUR_CHANGES), the
 * oldest kept one replacing write 743's 2; a write of the value already
 * there keeps nothing; a mode set forgets them all. */
START_TEST(colour_changes_kept_are_bounded)
{
    struct console con;
    struct machine *m = new_pc_with(&con, &video_card_vga);
    struct display_adapter *a = &m->adapter;
    for (unsigned i = 0; i < 1000; i++)
        adapter_dac_set(a, 3, i & 1 ? 2 : 1, 1000 + i);
    ck_assert_uint_eq(a->colour_changes, ADAPTER_COLOUR_CHANGES);
    ck_assert_uint_eq(adapter_colour_kept(a, 0)->cycle, 1744);
    ck_assert_uint_eq(adapter_colour_kept(a, 0)->before, 2);
    ck_assert_uint_eq(adapter_colour_kept(a, 0)->what, ADAPTER_COLOUR_DAC + 3);
    adapter_dac_set(a, 3, 2, 5000);
    ck_assert_uint_eq(adapter_colour_kept(a, ADAPTER_COLOUR_CHANGES - 1)->cycle, 1999);
    video_set_mode(m, 0x13);
    ck_assert_uint_eq(a->colour_changes, 0);
    machine_free(m);
}
END_TEST

/* modex.com (its comment derives the figures): page 1 of an unchained
 * 320x240 screen, written through the map mask and shown by the start
 * address: DAC indexes 1, 2, 0 at (0,0)-(2,0), 3 at (5,239), 4 at
 * (80,0)-(83,0); page 0's colour 5 is not seen. */
START_TEST(mode_x_page_through_the_map_mask)
{
    struct run_result r;
    struct profil_options o = fixture_options(FIX("modex.com"), TMP "/modex.prf");
    unsigned w, h;
    uint8_t *pix, pal[768];
    o.video = PROFIL_VIDEO_VGA;
    o.screen_png = TMP "/modex.png";
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    read_png(TMP "/modex.png", &w, &h, &pix, pal);
    ck_assert_uint_eq(w, 320);
    ck_assert_uint_eq(h, 240);
    ck_assert_uint_eq(pix[0], 1);
    ck_assert_uint_eq(pix[1], 2);
    ck_assert_uint_eq(pix[2], 0);
    ck_assert_uint_eq(pix[3], 0);
    ck_assert_uint_eq(pix[239 * w + 5], 3);
    ck_assert_uint_eq(pix[239 * w + 4], 0);
    for (unsigned x = 80; x < 84; x++)
        ck_assert_uint_eq(pix[x], 4);
    ck_assert_uint_eq(pix[84], 0);
    for (size_t k = 0; k < (size_t)w * h; k++)
        ck_assert_uint_ne(pix[k], 5);
    ck_assert_int_eq(memcmp(pal + 3, "\x00\x00\xAA", 3), 0);       /* the default DAC's 1 */
    free(pix);
}
END_TEST

/* egapal.com (its comment derives the figures): INT 10h AX=1000h sets a
 * palette register through 3C0h, the picture shows it (white at (0,0));
 * the VGA's AX=1007h reads it back (3F), the EGA's BIOS has no 07h (00). */
START_TEST(bios_palette_function)
{
    static const struct { enum profil_video card; const char *line; } cases[] = {
        { PROFIL_VIDEO_EGA, "00 " }, { PROFIL_VIDEO_VGA, "3F " },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("egapal.com"), TMP "/egapal.prf");
        unsigned w, h;
        uint8_t *pix, pal[768];
        o.video = cases[i].card;
        o.screen_png = TMP "/egapal.png";
        run_session(&r, &o, NULL);
        ck_assert_int_eq(r.status, 0);
        ck_assert_str_eq(r.out, cases[i].line);
        read_png(TMP "/egapal.png", &w, &h, &pix, pal);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 0, 0), 0xFFFFFF);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 1, 0), 0);
        free(pix);
    }
}
END_TEST

/* egacga.com (its comment derives the figures) on the EGA and the VGA:
 * mode 4 through odd/even and the CGA addressing (line 0's colours 0-3
 * then 3-0, line 3's pixel 0 colour 3; the byte read back through plane
 * 1), mode 6 from one plane (pixels 0, 7 of line 0 and 319 of line 3). */
START_TEST(cga_compatible_modes_from_the_registers)
{
    static const unsigned colours4[4] = { 0, 0x55FFFF, 0xFF55FF, 0xFFFFFF };
    for (int card = PROFIL_VIDEO_EGA; card <= PROFIL_VIDEO_VGA; card++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("egacga.com"), TMP "/egacga.prf");
        unsigned w, h;
        uint8_t *pix, pal[768];
        o.video = (enum profil_video)card;
        o.screen_png = TMP "/egacga4.png";
        run_session(&r, &o, NULL);
        ck_assert_int_eq(r.status, 0);
        ck_assert_str_eq(r.out, "E4 ");
        read_png(TMP "/egacga4.png", &w, &h, &pix, pal);
        ck_assert_uint_eq(w, 320);
        ck_assert_uint_eq(h, 200);
        for (unsigned x = 0; x < 4; x++) {
            ck_assert_uint_eq(rgb_at(pix, pal, w, x, 0), colours4[x]);
            ck_assert_uint_eq(rgb_at(pix, pal, w, 4 + x, 0), colours4[3 - x]);
            ck_assert_uint_eq(rgb_at(pix, pal, w, x, 1), 0);        /* line 1: the empty bank */
            ck_assert_uint_eq(rgb_at(pix, pal, w, x, 2), 0);
        }
        ck_assert_uint_eq(rgb_at(pix, pal, w, 0, 3), 0xFFFFFF);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 1, 3), 0);
        free(pix);
        o.screen_png = TMP "/egacga6.png";
        o.tail = "6";
        run_session(&r, &o, NULL);
        ck_assert_int_eq(r.status, 0);
        ck_assert_str_eq(r.out, "81 ");
        read_png(TMP "/egacga6.png", &w, &h, &pix, pal);
        ck_assert_uint_eq(w, 640);
        ck_assert_uint_eq(h, 200);
        for (unsigned x = 0; x < 9; x++)
            ck_assert_uint_eq(rgb_at(pix, pal, w, x, 0), x == 0 || x == 7 ? 0xFFFFFF : 0);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 319, 3), 0xFFFFFF);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 318, 3), 0);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 319, 1), 0);
        free(pix);
    }
}
END_TEST

/* egamono.com (its comment derives the figures): mode 0Fh on the EGA and
 * the VGA, planes 0 and 2 through the palette (normal AAAAAAh, bright
 * FFFFFFh, plane 1 masked out), the CRTC at 3B4h; the VGA's 11h, 640x480
 * white on black, the CRTC at 3D4h. */
START_TEST(two_colour_planar_modes)
{
    static const unsigned mono[4] = { 0xAAAAAA, 0xFFFFFF, 0xFFFFFF, 0 };
    for (int card = PROFIL_VIDEO_EGA; card <= PROFIL_VIDEO_VGA; card++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("egamono.com"), TMP "/egamono.prf");
        unsigned w, h;
        uint8_t *pix, pal[768];
        o.video = (enum profil_video)card;
        o.screen_png = TMP "/egamonof.png";
        run_session(&r, &o, NULL);
        ck_assert_int_eq(r.status, 0);
        ck_assert_str_eq(r.out, "B4 ");
        read_png(TMP "/egamonof.png", &w, &h, &pix, pal);
        ck_assert_uint_eq(w, 640);
        ck_assert_uint_eq(h, 350);
        for (unsigned x = 0; x < 4; x++)
            ck_assert_uint_eq(rgb_at(pix, pal, w, x, 0), mono[x]);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 4, 0), 0);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 639, 349), 0xAAAAAA);
        ck_assert_uint_eq(rgb_at(pix, pal, w, 638, 349), 0);
        free(pix);
    }
    struct run_result r;
    struct profil_options o = fixture_options(FIX("egamono.com"), TMP "/egamono.prf");
    unsigned w, h;
    uint8_t *pix, pal[768];
    o.video = PROFIL_VIDEO_VGA;
    o.screen_png = TMP "/egamono11.png";
    o.tail = "1";
    run_session(&r, &o, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "D4 ");
    read_png(TMP "/egamono11.png", &w, &h, &pix, pal);
    ck_assert_uint_eq(w, 640);
    ck_assert_uint_eq(h, 480);
    ck_assert_uint_eq(rgb_at(pix, pal, w, 0, 0), 0xFFFFFF);
    ck_assert_uint_eq(rgb_at(pix, pal, w, 1, 0), 0xFFFFFF);
    ck_assert_uint_eq(rgb_at(pix, pal, w, 2, 0), 0);
    ck_assert_uint_eq(rgb_at(pix, pal, w, 639, 479), 0xFFFFFF);
    ck_assert_uint_eq(rgb_at(pix, pal, w, 639, 478), 0);
    free(pix);
}
END_TEST

/* egacode.com (its comment says why): code fetched from the VGA's planes
 * and a return address popped from them by the 8086 layer, under both
 * clocks: "5A A5 ". */
START_TEST(code_and_stack_in_the_planes)
{
    static const enum profil_timing clocks[2] = { PROFIL_TIMING_DEFAULT, PROFIL_TIMING_TABLE };
    for (int i = 0; i < 2; i++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("egacode.com"), TMP "/egacode.prf");
        o.video = PROFIL_VIDEO_VGA;
        o.timing = clocks[i];
        run_session(&r, &o, NULL);
        ck_assert_int_eq(r.status, 0);
        ck_assert_str_eq(r.out, "5A A5 ");
    }
}
END_TEST

/* The attribute controller: 3C0h takes an index, then data, in turn; a
 * read of 3DAh puts it back to the index.  The VGA reads the index at
 * 3C0h and the data at 3C1h; the EGA's 3C1h reads FFh.  The DAC's state
 * at 3C7h: 3 after a read index, 0 after a write index. */
START_TEST(attribute_flip_flop_and_read_back)
{
    struct console con;
    struct machine *m = new_pc_with(&con, &video_card_vga);
    (void)port_in(m, 0x3DA);
    port_out(m, 0x3C0, 0x05);                       /* index 5 */
    port_out(m, 0x3C0, 0x2A);                       /* data */
    port_out(m, 0x3C0, 0x06);                       /* index 6 again: the flip-flop turned */
    (void)port_in(m, 0x3DA);                        /* back to the index */
    port_out(m, 0x3C0, 0x25);                       /* index 5, palette address source on */
    ck_assert_uint_eq(port_in(m, 0x3C0), 0x25);
    ck_assert_uint_eq(port_in(m, 0x3C1), 0x2A);
    ck_assert_uint_eq(m->adapter.ega.attr[6], 0x14);  /* mode 3's table, untouched */
    port_out(m, 0x3C7, 1);
    ck_assert_uint_eq(port_in(m, 0x3C7), 3);
    port_out(m, 0x3C8, 1);
    ck_assert_uint_eq(port_in(m, 0x3C7), 0);
    machine_free(m);
    m = new_pc_with(&con, &video_card_ega);
    ck_assert_uint_eq(port_in(m, 0x3C1), 0xFF);
    ck_assert_uint_eq(reg_in(m, 0x3CE, GC_MISC), 0xFF);
    ck_assert_uint_eq(m->adapter.ega.gc[GC_MISC], 0x0E);    /* kept, only not readable */
    machine_free(m);
}
END_TEST

/* The VGA's write mode 3 (mode 12h, latches 0 from a read): set/reset
 * 05h is the data, the bit mask FFh ANDed with the byte rotated right by
 * 0, F0h: planes 0 and 2 get F0h, 1 and 3 00h; with rotate 4, 0Fh.  The
 * EGA has no write mode 3: profil takes it as mode 0 without set/reset,
 * the byte F0h itself in every plane. */
START_TEST(vga_write_mode_3)
{
    struct console con;
    struct machine *m = new_pc_with(&con, &video_card_vga);
    ck_assert_int_eq(video_set_mode(m, 0x12), 0);
    port_out(m, 0x3CE, GC_MODE);
    port_out(m, 0x3CF, 0x03);
    port_out(m, 0x3CE, GC_SET_RESET);
    port_out(m, 0x3CF, 0x05);
    (void)machine_read_card(m, 0xA0000, 1);
    mem_wb(m, 0xA0000, 0xF0);
    const struct ega *e = &m->adapter.ega;
    ck_assert_uint_eq(e->plane[0][0], 0xF0);
    ck_assert_uint_eq(e->plane[1][0], 0x00);
    ck_assert_uint_eq(e->plane[2][0], 0xF0);
    ck_assert_uint_eq(e->plane[3][0], 0x00);
    port_out(m, 0x3CE, GC_ROTATE);
    port_out(m, 0x3CF, 0x04);
    (void)machine_read_card(m, 0xA0001, 1);
    mem_wb(m, 0xA0001, 0xF0);
    ck_assert_uint_eq(e->plane[0][1], 0x0F);
    ck_assert_uint_eq(e->plane[1][1], 0x00);
    machine_free(m);
    m = new_pc_with(&con, &video_card_ega);
    ck_assert_int_eq(video_set_mode(m, 0x10), 0);
    port_out(m, 0x3CE, GC_MODE);
    port_out(m, 0x3CF, 0x03);
    port_out(m, 0x3CE, GC_SET_RESET);
    port_out(m, 0x3CF, 0x05);
    mem_wb(m, 0xA0000, 0xF0);
    for (unsigned p = 0; p < 4; p++)
        ck_assert_uint_eq(m->adapter.ega.plane[p][0], 0xF0);
    machine_free(m);
}
END_TEST

/* Text through the attribute controller: mode 3's palette registers
 * make colour 14 3Eh (FFFF55h: the EGA's 64 colours on its 350-line
 * display, the VGA's DAC entry 3Eh 3Fh,3Fh,15h) and colour 6 14h
 * (AA5500h, brown); palette register 1 := 04h through 3C0h makes colour
 * 1 AA0000h (red); attribute mode bit 3 off (INT 10h AX=1003h BL=0's
 * register) stops the blink: 8Fh's character shows in every phase. */
START_TEST(text_colours_through_the_palette)
{
    struct console con;
    static const struct video_card *const cards[] = { &video_card_ega, &video_card_vga };
    for (unsigned i = 0; i < 2; i++) {
        const struct video_card *card = cards[i];
        struct video_picture p;
        char why[300];
        struct machine *m = new_pc_with(&con, card);
        ck_assert_int_eq(video_draw(m, &p, why, sizeof why), 0);
        ck_assert_int_eq(memcmp(p.palette + 3 * 14, "\xFF\xFF\x55", 3), 0);
        ck_assert_int_eq(memcmp(p.palette + 3 * 6, "\xAA\x55\x00", 3), 0);
        ck_assert_int_eq(memcmp(p.palette + 3 * 1, "\x00\x00\xAA", 3), 0);
        video_picture_free(&p);
        (void)port_in(m, 0x3DA);
        port_out(m, 0x3C0, 0x01);
        port_out(m, 0x3C0, 0x04);
        port_out(m, 0x3C0, ATTR_MODE);
        port_out(m, 0x3C0, m->adapter.ega.attr[ATTR_MODE] & ~ATTR_MODE_BLINK);
        port_out(m, 0x3C0, 0x20);
        mem_ww(m, 0xB8000, 0x8FDB);         /* a full block, blinking attribute */
        for (unsigned phase = 0; phase < 2; phase++) {
            /* frame 0, then 17 x 79648 = 1354016 cycles: the EGA's mode 3
             * frame 16 (79942.95 cycles each), the VGA's 19 (359200 dots
             * x 715909 / 3776250 = 68098.57): the hidden half */
            m->now = phase * 17u * 79648u;
            ck_assert_int_eq(video_draw(m, &p, why, sizeof why), 0);
            ck_assert_int_eq(memcmp(p.palette + 3 * 1, "\xAA\x00\x00", 3), 0);
            ck_assert_uint_eq(p.pixels[0], 15);
            video_picture_free(&p);
        }
        machine_free(m);
    }
}
END_TEST

/* The EGA's status (3DAh) from the CRTC registers and the clock select
 * its BIOS programmed.  Mode 3 (350 lines: misc A7h, clock select 01b,
 * 16.257 MHz: dots(t) = floor(t x 2438550 / 715909); clocking mode 01h,
 * characters of 8 dots): a line R00h 5Bh + 2 = 93 characters = 744
 * dots, 80 shown (R01h 4Fh + 1: dots 0-639); a frame R06h 6Ch with R07h
 * (1Fh) bit 0 + 2 = 366 lines, 350 shown (R12h 5Dh, bit 8 from R07h bit
 * 1, + 1); the vertical retrace from line 350 (R10h 5Eh, R07h bit 2) to
 * the first line after it whose bits 0-3 are R11h's (2Bh: Bh), 16Bh =
 * 363: lines 350-362.  So a frame is 744 x 366 = 272304 dots = 272304 x
 * 715909 / 2438550 = 79942.95 cycles: frame 1 begins at cycle
 * ceil(79942.95) = 79943.  The retrace is dots 350 x 744 = 260400 to 363
 * x 744 = 270072 (not included): cycles ceil(260400 x 715909 / 2438550)
 * = 76449 to ceil(270072 x ...) - 1 = 79287, 2839 cycles (9672 dots =
 * 2839.50 cycles); in frame 1 dots 532704 to 542376: cycles 156392 to
 * 159230.  Display enable (bit 0 clear) in line 0 up to dot 639: cycle
 * 187 (dot 640 x 715909 / 2438550 = 187.89), not at 188 (dot 640) nor 218
 * (dot 742); line 1 from cycle ceil(744 x ...) = 219 (dot 745).  Mode
 * 0Dh (200 lines: misc 23h, 14.31818 MHz, 3 dots a cycle; clocking 0Bh,
 * 8 dots halved: 16): R00h 37h + 2 = 57 characters = 912 dots = 304
 * cycles, R06h 04h + 100h + 2 = 262 lines = 79648 cycles a frame, the
 * retrace from line 225 (E1h) to 228 (R11h 24h: the first after E1h
 * ending in 4h): cycles 225 x 304 = 68400 to 228 x 304 - 1 = 69311, 912
 * cycles. */
START_TEST(status_from_the_crtc_and_its_clock)
{
    static const struct {
        uint8_t mode;
        uint64_t frame, first, last;
    } cases[] = { { 0x03, 79943, 76449, 79287 }, { 0x0D, 79648, 68400, 69311 } };
    struct console con;
    struct machine *m = new_pc_with(&con, &video_card_ega);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_int_eq(video_set_mode(m, cases[i].mode), 0);
        uint64_t first = 0, last = 0, n = 0;
        for (uint64_t t = 0; t < cases[i].frame; t++)
            if (adapter_status(&m->adapter, t) & 0x08) {
                if (!n++)
                    first = t;
                last = t;
            }
        ck_assert_uint_eq(first, cases[i].first);
        ck_assert_uint_eq(last, cases[i].last);
        ck_assert_uint_eq(n, cases[i].last - cases[i].first + 1);
        ck_assert_uint_eq(adapter_frames(&m->adapter, cases[i].frame - 1), 0);
        ck_assert_uint_eq(adapter_frames(&m->adapter, cases[i].frame), 1);
    }
    ck_assert_int_eq(video_set_mode(m, 0x03), 0);
    ck_assert_uint_eq(adapter_status(&m->adapter, 156391) & 0x08, 0);
    ck_assert_uint_eq(adapter_status(&m->adapter, 156392) & 0x08, 0x08);
    ck_assert_uint_eq(adapter_status(&m->adapter, 159230) & 0x08, 0x08);
    ck_assert_uint_eq(adapter_status(&m->adapter, 159231) & 0x08, 0);
    ck_assert_uint_eq(adapter_status(&m->adapter, 187) & 0x01, 0);
    ck_assert_uint_eq(adapter_status(&m->adapter, 188) & 0x01, 0x01);
    ck_assert_uint_eq(adapter_status(&m->adapter, 218) & 0x01, 0x01);
    ck_assert_uint_eq(adapter_status(&m->adapter, 219) & 0x01, 0);
    machine_free(m);
}
END_TEST

/* egaraster.com (its comment derives the ranges) under the table
 * timing, on both CPUs: the retrace's and the frame's samples of its
 * 36-cycle loop as the EGA's status register shows them, for mode 3's
 * 350-line raster on 16.257 MHz (frame 79942.95 cycles, retrace 2839.50:
 * 78-79 and 2219-2220 samples), 0Dh's 200-line one on 14.31818 MHz
 * (79648, 912: 24-25, 2211-2212) and 0Fh's (96693.33, 4181.33: 115-116,
 * 2684-2685).  A 262-line frame with a 16-line retrace in every mode, as
 * before, would give 134-135 and 2211-2212 each time. */
START_TEST(status_raster_seen_by_a_polling_loop)
{
    static const unsigned lo[6] = { 78, 2219, 24, 2211, 115, 2684 };
    static const enum profil_cpu cpus[] = { PROFIL_CPU_8088, PROFIL_CPU_8086 };
    for (size_t c = 0; c < sizeof cpus / sizeof cpus[0]; c++) {
        struct run_result r;
        struct profil_options o = fixture_options(FIX("egaraster.com"), TMP "/raster.prf");
        unsigned n[6];
        o.video = PROFIL_VIDEO_EGA;
        o.timing = PROFIL_TIMING_TABLE;
        o.cpu = cpus[c];
        run_session(&r, &o, NULL);
        ck_assert_int_eq(r.status, 0);
        ck_assert_int_eq(sscanf(r.out, "%x %x %x %x %x %x", &n[0], &n[1], &n[2], &n[3], &n[4], &n[5]), 6);
        for (unsigned i = 0; i < 6; i++)
            ck_assert_msg(n[i] == lo[i] || n[i] == lo[i] + 1, "cpu %zu, count %u: %u (%s)", c, i, n[i], r.out);
    }
}
END_TEST

/* The memory map select decides what the card answers: mode 12h (05h:
 * A0000h-AFFFFh) leaves B8000h reading FFh and taking no writes; with
 * 01h (A0000h-BFFFFh: 128 KiB over 64 KiB planes) B8000h is offset
 * 18000h, the planes' byte 8000h again, as A8000h. */
START_TEST(memory_map_select_decodes)
{
    struct console con;
    struct machine *m = new_pc_with(&con, &video_card_vga);
    ck_assert_int_eq(video_set_mode(m, 0x12), 0);
    mem_wb(m, 0xB8000, 0x77);
    ck_assert_uint_eq(mem_rb(m, 0xB8000), 0xFF);
    mem_wb(m, 0xA8000, 0x81);                       /* map mask 0Fh: every plane */
    ck_assert_uint_eq(m->adapter.ega.plane[3][0x8000], 0x81);
    port_out(m, 0x3CE, GC_MISC);
    port_out(m, 0x3CF, 0x01);
    ck_assert_uint_eq(mem_rb(m, 0xB8000), 0x81);    /* read map 0: plane 0's byte 8000h */
    machine_free(m);
}
END_TEST

/* INT 10h's mode sets program the registers from IBM's tables: the
 * VGA's 12h leaves misc E3h, memory mode 06h, R12h DFh, graphics misc
 * 05h; the picture is 640x480 (vertical display end 1DFh + 1, one line
 * a row); INT 10h AH=0Ch's colour 14 at (639,479) sets bit 0 of byte
 * 80 x 479 + 79 = 95FFh in planes 1-3 and shows palette 3Eh, DAC 3Eh:
 * 3Fh,3Fh,15h = FFFF55h.  The EGA's 10h is 640x350 (15Dh + 1), 0Dh
 * 320x200 on the EGA (C7h + 1) and the VGA (8Fh + 100h + 1 = 400 lines
 * shown twice). */
START_TEST(bios_mode_sets_program_the_registers)
{
    struct console con;
    struct video_picture p;
    char why[300];
    struct machine *m = new_pc_with(&con, &video_card_vga);
    ck_assert_int_eq(video_set_mode(m, 0x12), 0);
    ck_assert_uint_eq(port_in(m, 0x3CC), 0xE3);
    ck_assert_uint_eq(reg_in(m, 0x3C4, SEQ_MEMORY_MODE), 0x06);
    ck_assert_uint_eq(reg_in(m, 0x3D4, 0x12), 0xDF);
    ck_assert_uint_eq(reg_in(m, 0x3CE, GC_MISC), 0x05);
    video_put_pixel(m, 639, 479, 14);
    ck_assert_uint_eq(video_get_pixel(m, 639, 479), 14);
    ck_assert_uint_eq(m->adapter.ega.plane[0][0x95FF], 0x00);
    ck_assert_uint_eq(m->adapter.ega.plane[1][0x95FF], 0x01);
    ck_assert_int_eq(video_draw(m, &p, why, sizeof why), 0);
    ck_assert_uint_eq(p.width, 640);
    ck_assert_uint_eq(p.height, 480);
    uint8_t v = p.pixels[479 * 640 + 639];
    ck_assert_uint_eq(v, 0x3E);
    ck_assert_int_eq(memcmp(p.palette + 3 * v, "\xFF\xFF\x55", 3), 0);
    video_picture_free(&p);
    ck_assert_int_eq(video_set_mode(m, 0x0D), 0);
    ck_assert_int_eq(video_draw(m, &p, why, sizeof why), 0);
    ck_assert_uint_eq(p.width, 320);
    ck_assert_uint_eq(p.height, 200);
    video_picture_free(&p);
    /* The BIOS data area's page size (40:4Ch) and character height
     * (40:85h), as the VGA BIOS's parameter table gives them per mode. */
    static const struct { uint8_t mode; uint16_t page, height; } bda[] = {
        { 0x03, 0x1000, 16 }, { 0x04, 0x4000, 8 }, { 0x0D, 0x2000, 8 }, { 0x0E, 0x4000, 8 }, { 0x0F, 0x8000, 14 },
        { 0x10, 0x8000, 14 }, { 0x11, 0xA000, 16 }, { 0x12, 0xA000, 16 }, { 0x13, 0x2000, 8 },
    };
    for (size_t i = 0; i < sizeof bda / sizeof bda[0]; i++) {
        ck_assert_int_eq(video_set_mode(m, bda[i].mode), 0);
        ck_assert_uint_eq(mem_rw(m, 0x44C), bda[i].page);
        ck_assert_uint_eq(mem_rw(m, 0x485), bda[i].height);
    }
    machine_free(m);
    m = new_pc_with(&con, &video_card_ega);
    ck_assert_int_eq(video_set_mode(m, 0x03), 0);           /* the EGA's text: its 8x14 font */
    ck_assert_uint_eq(mem_rw(m, 0x485), 14);
    ck_assert_int_eq(video_set_mode(m, 0x05), 0);           /* 5 is 4's table (the BIOS's colour burst aside) */
    ck_assert_uint_eq(m->adapter.ega.gc[GC_MODE], 0x30);
    ck_assert_uint_eq(m->adapter.ega.gc[GC_MISC], 0x0F);
    ck_assert_uint_eq(m->adapter.ega.seq[SEQ_MEMORY_MODE], 0x02);
    ck_assert_uint_eq(m->adapter.crtc[0x17], 0xA2);
    ck_assert_int_eq(video_draw(m, &p, why, sizeof why), 0);
    ck_assert_uint_eq(p.width, 320);
    ck_assert_uint_eq(p.height, 200);
    video_picture_free(&p);
    ck_assert_int_eq(video_set_mode(m, 0x10), 0);
    ck_assert_int_eq(video_draw(m, &p, why, sizeof why), 0);
    ck_assert_uint_eq(p.width, 640);
    ck_assert_uint_eq(p.height, 350);
    video_picture_free(&p);
    ck_assert_int_eq(video_set_mode(m, 0x0D), 0);
    ck_assert_int_eq(video_draw(m, &p, why, sizeof why), 0);
    ck_assert_uint_eq(p.width, 320);
    ck_assert_uint_eq(p.height, 200);
    video_picture_free(&p);
    machine_free(m);
}
END_TEST

/* Absurd values: 2000 random sets of the CRTC, sequencer, graphics and
 * attribute registers on each card, in mode 12h and 13h, with reads and
 * writes of random addresses between them: every picture is at most
 * 256 x 8 by 1024 lines (the registers' widths), never a crash. */
START_TEST(random_registers_never_break_the_planes)
{
    struct console con;
    uint32_t x = 4242;
    static const struct video_card *const cards[] = { &video_card_ega, &video_card_vga };
    for (unsigned i = 0; i < 2; i++) {
        const struct video_card *card = cards[i];
        struct machine *m = new_pc_with(&con, card);
        ck_assert_int_eq(video_set_mode(m, card == &video_card_vga ? 0x13 : 0x10), 0);
        for (unsigned round = 0; round < 1000; round++) {
            for (unsigned k = 0; k < 8; k++) {
                static const uint16_t index_ports[4] = { 0x3D4, 0x3C4, 0x3CE, 0x3C0 };
                x = x * 1103515245u + 12345u;
                uint16_t port = index_ports[x >> 8 & 3];
                port_out(m, port, (uint8_t)(x >> 16 & 0x1F));
                port_out(m, port == 0x3C0 ? port : (uint16_t)(port + 1), (uint8_t)(x >> 24));
                x = x * 1103515245u + 12345u;
                uint32_t a = 0xA0000u + (x >> 8) % 0x20000u;
                mem_wb(m, a, (uint8_t)x);
                (void)machine_read_card(m, a, 2);
            }
            struct video_picture p;
            char why[300];
            if (video_draw(m, &p, why, sizeof why) == 0) {
                ck_assert_uint_le(p.width, 256u * 8u);
                ck_assert_uint_le(p.height, 1024u);
                video_picture_free(&p);
            }
        }
        machine_free(m);
    }
}
END_TEST

Suite *ega_suite(void)
{
    Suite *s = suite_create("ega");
    TCase *tc = tcase_create("planes");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, planes_through_the_graphics_controller);
    tcase_add_test(tc, mode_x_page_through_the_map_mask);
    tcase_add_test(tc, bios_palette_function);
    tcase_add_test(tc, cga_compatible_modes_from_the_registers);
    tcase_add_test(tc, two_colour_planar_modes);
    tcase_add_test(tc, code_and_stack_in_the_planes);
    tcase_add_test(tc, attribute_flip_flop_and_read_back);
    tcase_add_test(tc, vga_write_mode_3);
    tcase_add_test(tc, text_colours_through_the_palette);
    tcase_add_test(tc, status_from_the_crtc_and_its_clock);
    tcase_add_test(tc, status_raster_seen_by_a_polling_loop);
    tcase_add_test(tc, memory_map_select_decodes);
    tcase_add_test(tc, bios_mode_sets_program_the_registers);
    tcase_add_test(tc, random_registers_never_break_the_planes);
    tcase_add_test(tc, colour_changes_between_lines);
    tcase_add_test(tc, text_colour_changes_between_lines);
    tcase_add_test(tc, border_changes_between_lines);
    tcase_add_test(tc, colour_changes_kept_are_bounded);
    tcase_add_test(tc, border_from_the_blanking_registers);
    tcase_add_test(tc, line_compare_splits_the_screen);
    tcase_add_test(tc, start_address_latched_at_the_retrace);
    suite_add_tcase(s, tc);
    return s;
}
