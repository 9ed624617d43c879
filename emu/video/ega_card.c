/*
 * emu/video/ega_card.c: the IBM Enhanced Graphics Adapter and the VGA as
 * cards (card.h): their descriptors, the wait states their memory makes
 * the 8088 wait, the CRTC and status ports and the
 * VGA's DAC (kept in the adapter, adapter.h), their rasters (the EGA's
 * from its CRTC and the dot clock selected, the VGA's fixed), their BIOS's
 * modes and parameter tables, and their picture; their planes, sequencer,
 * graphics and attribute controllers are ega.c's.
 */
#include "cards.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter.h"
#include "video_picture.h"

/* The wait states a CPU cycle to the card's memory takes: the EGA and the
 * VGA give the CPU a slot among the display's fetches by their own dot
 * clocks (the EGA's 16.257 MHz crystal in its 350-line modes, the VGA's
 * 25.175 and 28.322 MHz), not the CPU's, so only an average is known: a
 * flat average (card.h), 9 1/16 clocks on the EGA, 6 9/16 on the VGA,
 * fitted to TOPBENCH's IBM 5150 rows (docs/timing.md, "Wait states of
 * video memory", derives each), on the CPU's clock whichever dot clock
 * the EGA's miscellaneous output selects. */
static const struct video_waits_average ega_waits = { 9, 1 }, vga_waits = { 6, 9 };

static void reset_ega(struct display_adapter *a) { ega_reset(&a->ega, 0); }
static void reset_vga(struct display_adapter *a) { ega_reset(&a->ega, 1); }

/* A mode set: the colours as they are for every line. */
static void new_picture(struct display_adapter *a)
{
    a->colour_first = a->colour_changes = 0;
    a->start_first = a->start_changes = 0;
}

/* The BIOS's parameter tables (ega.h's struct ega_params). */
#define ATTR_RGB16 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x14, 0x07, 0x38, 0x39, 0x3A, 0x3B, 0x3C, 0x3D, 0x3E, 0x3F
#define ATTR_CGA16 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17
#define ATTR_MONO  0x00, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x08, 0x10, 0x18, 0x18, 0x18, 0x18, 0x18, 0x18, 0x18
#define ATTR_CGA2  0x00, 0x17, 0x17, 0x17, 0x17, 0x17, 0x17, 0x17, 0x17, 0x17, 0x17, 0x17, 0x17, 0x17, 0x17, 0x17
/* 0Fh: plane 0 the video (08h), plane 2 the intensity (18h) */
#define ATTR_MONO_GRAPHICS 0x00, 0x08, 0x00, 0x00, 0x18, 0x18, 0x00, 0x00, 0x00, 0x08, 0x00, 0x00, 0x00, 0x18, 0x00, 0x00
#define GC_TEXT    { 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x0E, 0x00, 0xFF }
#define GC_PLANAR  { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x0F, 0xFF }
static const struct ega_params ega_40x25 = { 0xA7, { 0x0B, 0x03, 0x00, 0x03 },
    { 0x2D, 0x27, 0x2B, 0x2D, 0x28, 0x6D, 0x6C, 0x1F, 0x00, 0x0D, 0x06, 0x07, 0, 0, 0, 0,
      0x5E, 0x2B, 0x5D, 0x14, 0x0F, 0x5E, 0x0A, 0xA3, 0xFF }, { ATTR_RGB16, 0x08, 0x00, 0x0F, 0x00 }, GC_TEXT };
static const struct ega_params ega_80x25 = { 0xA7, { 0x01, 0x03, 0x00, 0x03 },
    { 0x5B, 0x4F, 0x53, 0x37, 0x51, 0x5B, 0x6C, 0x1F, 0x00, 0x0D, 0x0B, 0x0C, 0, 0, 0, 0,
      0x5E, 0x2B, 0x5D, 0x28, 0x0F, 0x5E, 0x0A, 0xA3, 0xFF }, { ATTR_RGB16, 0x08, 0x00, 0x0F, 0x00 }, GC_TEXT };
static const struct ega_params ega_mono = { 0xA6, { 0x00, 0x03, 0x00, 0x03 },
    { 0x60, 0x4F, 0x56, 0x3A, 0x51, 0x60, 0x70, 0x1F, 0x00, 0x0D, 0x0B, 0x0C, 0, 0, 0, 0,
      0x5E, 0x2E, 0x5D, 0x28, 0x0D, 0x5E, 0x6E, 0xA3, 0xFF }, { ATTR_MONO, 0x0E, 0x00, 0x0F, 0x08 },
    { 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x0A, 0x00, 0xFF } };
static const struct ega_params ega_0d = { 0x23, { 0x0B, 0x0F, 0x00, 0x06 },
    { 0x37, 0x27, 0x2D, 0x37, 0x30, 0x14, 0x04, 0x11, 0x00, 0x00, 0x00, 0x00, 0, 0, 0, 0,
      0xE1, 0x24, 0xC7, 0x14, 0x00, 0xE0, 0xF0, 0xE3, 0xFF }, { ATTR_CGA16, 0x01, 0x00, 0x0F, 0x00 }, GC_PLANAR };
static const struct ega_params ega_0e = { 0x23, { 0x01, 0x0F, 0x00, 0x06 },
    { 0x70, 0x4F, 0x59, 0x2D, 0x5E, 0x06, 0x04, 0x11, 0x00, 0x00, 0x00, 0x00, 0, 0, 0, 0,
      0xE0, 0x23, 0xC7, 0x28, 0x00, 0xDF, 0xEF, 0xE3, 0xFF }, { ATTR_CGA16, 0x01, 0x00, 0x0F, 0x00 }, GC_PLANAR };
static const struct ega_params ega_10 = { 0xA7, { 0x01, 0x0F, 0x00, 0x06 },
    { 0x5B, 0x4F, 0x53, 0x37, 0x52, 0x00, 0x6C, 0x1F, 0x00, 0x00, 0x00, 0x00, 0, 0, 0, 0,
      0x5E, 0x2B, 0x5D, 0x28, 0x0F, 0x5F, 0x0A, 0xE3, 0xFF }, { ATTR_RGB16, 0x01, 0x00, 0x0F, 0x00 }, GC_PLANAR };
/* The EGA's 200-line CGA-compatible modes (the IBM 5153: the 0Dh/0Eh
 * timings above, two scan lines a row with the CRTC's CGA addressing,
 * R17h bit 0 clear: the row's line 1 in the 8 KiB bank at 2000h): 4 and 5
 * odd/even with the shift register interleaved (graphics mode 30h), 6
 * one plane. */
static const struct ega_params ega_04 = { 0x23, { 0x0B, 0x03, 0x00, 0x02 },
    { 0x37, 0x27, 0x2D, 0x37, 0x31, 0x15, 0x04, 0x11, 0x00, 0x01, 0x00, 0x00, 0, 0, 0, 0,
      0xE1, 0x24, 0xC7, 0x14, 0x00, 0xE0, 0xF0, 0xA2, 0xFF },
    { 0x00, 0x13, 0x15, 0x17, 0x02, 0x04, 0x06, 0x07, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
      0x01, 0x00, 0x03, 0x00 }, { 0x00, 0x00, 0x00, 0x00, 0x00, 0x30, 0x0F, 0x00, 0xFF } };
static const struct ega_params ega_06 = { 0x23, { 0x01, 0x01, 0x00, 0x06 },
    { 0x70, 0x4F, 0x59, 0x2D, 0x5E, 0x06, 0x04, 0x11, 0x00, 0x01, 0x00, 0x00, 0, 0, 0, 0,
      0xE0, 0x23, 0xC7, 0x28, 0x00, 0xDF, 0xEF, 0xC2, 0xFF }, { ATTR_CGA2, 0x01, 0x00, 0x01, 0x00 },
    { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0D, 0x00, 0xFF } };
/* The EGA's 0Fh on the monochrome display: mode 7's 350-line timings
 * (R00h-R06h, R10h-R12h, R15h-R16h) with the VGA's 0Fh graphics fields
 * (R09h 00h, R13h 28h, byte mode E3h): see docs/video.md. */
static const struct ega_params ega_0f = { 0xA2, { 0x01, 0x0F, 0x00, 0x06 },
    { 0x60, 0x4F, 0x56, 0x3A, 0x51, 0x60, 0x70, 0x1F, 0x00, 0x00, 0x00, 0x00, 0, 0, 0, 0,
      0x5E, 0x2E, 0x5D, 0x28, 0x0D, 0x5E, 0x6E, 0xE3, 0xFF }, { ATTR_MONO_GRAPHICS, 0x0B, 0x00, 0x05, 0x00 },
    { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x05, 0xFF } };
static const struct ega_params vga_40x25 = { 0x67, { 0x08, 0x03, 0x00, 0x02 },
    { 0x2D, 0x27, 0x28, 0x90, 0x2B, 0xA0, 0xBF, 0x1F, 0x00, 0x4F, 0x0D, 0x0E, 0, 0, 0, 0,
      0x9C, 0x8E, 0x8F, 0x14, 0x1F, 0x96, 0xB9, 0xA3, 0xFF }, { ATTR_RGB16, 0x0C, 0x00, 0x0F, 0x08 }, GC_TEXT };
static const struct ega_params vga_80x25 = { 0x67, { 0x00, 0x03, 0x00, 0x02 },
    { 0x5F, 0x4F, 0x50, 0x82, 0x55, 0x81, 0xBF, 0x1F, 0x00, 0x4F, 0x0D, 0x0E, 0, 0, 0, 0,
      0x9C, 0x8E, 0x8F, 0x28, 0x1F, 0x96, 0xB9, 0xA3, 0xFF }, { ATTR_RGB16, 0x0C, 0x00, 0x0F, 0x08 }, GC_TEXT };
static const struct ega_params vga_mono = { 0x66, { 0x00, 0x03, 0x00, 0x02 },
    { 0x5F, 0x4F, 0x50, 0x82, 0x55, 0x81, 0xBF, 0x1F, 0x00, 0x4F, 0x0D, 0x0E, 0, 0, 0, 0,
      0x9C, 0x8E, 0x8F, 0x28, 0x0F, 0x96, 0xB9, 0xA3, 0xFF }, { ATTR_MONO, 0x0E, 0x00, 0x0F, 0x08 },
    { 0x00, 0x00, 0x00, 0x00, 0x00, 0x10, 0x0A, 0x00, 0xFF } };
static const struct ega_params vga_0d = { 0x63, { 0x09, 0x0F, 0x00, 0x06 },
    { 0x2D, 0x27, 0x28, 0x90, 0x2B, 0x80, 0xBF, 0x1F, 0x00, 0xC0, 0x00, 0x00, 0, 0, 0, 0,
      0x9C, 0x8E, 0x8F, 0x14, 0x00, 0x96, 0xB9, 0xE3, 0xFF }, { ATTR_CGA16, 0x01, 0x00, 0x0F, 0x00 }, GC_PLANAR };
static const struct ega_params vga_0e = { 0x63, { 0x01, 0x0F, 0x00, 0x06 },
    { 0x5F, 0x4F, 0x50, 0x82, 0x54, 0x80, 0xBF, 0x1F, 0x00, 0xC0, 0x00, 0x00, 0, 0, 0, 0,
      0x9C, 0x8E, 0x8F, 0x28, 0x00, 0x96, 0xB9, 0xE3, 0xFF }, { ATTR_CGA16, 0x01, 0x00, 0x0F, 0x00 }, GC_PLANAR };
static const struct ega_params vga_10 = { 0xA3, { 0x01, 0x0F, 0x00, 0x06 },
    { 0x5F, 0x4F, 0x50, 0x82, 0x54, 0x80, 0xBF, 0x1F, 0x00, 0x40, 0x00, 0x00, 0, 0, 0, 0,
      0x83, 0x85, 0x5D, 0x28, 0x0F, 0x63, 0xBA, 0xE3, 0xFF }, { ATTR_RGB16, 0x01, 0x00, 0x0F, 0x00 }, GC_PLANAR };
static const struct ega_params vga_12 = { 0xE3, { 0x01, 0x0F, 0x00, 0x06 },
    { 0x5F, 0x4F, 0x50, 0x82, 0x54, 0x80, 0x0B, 0x3E, 0x00, 0x40, 0x00, 0x00, 0, 0, 0, 0,
      0xEA, 0x8C, 0xDF, 0x28, 0x00, 0xE7, 0x04, 0xE3, 0xFF }, { ATTR_RGB16, 0x01, 0x00, 0x0F, 0x00 }, GC_PLANAR };
static const struct ega_params vga_04 = { 0x63, { 0x09, 0x03, 0x00, 0x02 },
    { 0x2D, 0x27, 0x28, 0x90, 0x2B, 0x80, 0xBF, 0x1F, 0x00, 0xC1, 0x00, 0x00, 0, 0, 0, 0,
      0x9C, 0x8E, 0x8F, 0x14, 0x00, 0x96, 0xB9, 0xA2, 0xFF },
    { 0x00, 0x13, 0x15, 0x17, 0x02, 0x04, 0x06, 0x07, 0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17,
      0x01, 0x00, 0x03, 0x00 }, { 0x00, 0x00, 0x00, 0x00, 0x00, 0x30, 0x0F, 0x00, 0xFF } };
static const struct ega_params vga_06 = { 0x63, { 0x01, 0x01, 0x00, 0x06 },
    { 0x5F, 0x4F, 0x50, 0x82, 0x54, 0x80, 0xBF, 0x1F, 0x00, 0xC1, 0x00, 0x00, 0, 0, 0, 0,
      0x9C, 0x8E, 0x8F, 0x28, 0x00, 0x96, 0xB9, 0xC2, 0xFF }, { ATTR_CGA2, 0x01, 0x00, 0x01, 0x00 },
    { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0D, 0x00, 0xFF } };
static const struct ega_params vga_0f = { 0xA2, { 0x01, 0x0F, 0x00, 0x06 },
    { 0x5F, 0x4F, 0x50, 0x82, 0x54, 0x80, 0xBF, 0x1F, 0x00, 0x40, 0x00, 0x00, 0, 0, 0, 0,
      0x83, 0x85, 0x5D, 0x28, 0x0F, 0x63, 0xBA, 0xE3, 0xFF }, { ATTR_MONO_GRAPHICS, 0x0B, 0x00, 0x05, 0x00 },
    { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x05, 0xFF } };
static const struct ega_params vga_11 = { 0xE3, { 0x01, 0x0F, 0x00, 0x06 },
    { 0x5F, 0x4F, 0x50, 0x82, 0x54, 0x80, 0x0B, 0x3E, 0x00, 0x40, 0x00, 0x00, 0, 0, 0, 0,
      0xEA, 0x8C, 0xDF, 0x28, 0x00, 0xE7, 0x04, 0xC3, 0xFF },
    { 0x00, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F, 0x3F,
      0x01, 0x00, 0x0F, 0x00 }, { 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x05, 0x01, 0xFF } };
static const struct ega_params vga_13 = { 0x63, { 0x01, 0x0F, 0x00, 0x0E },
    { 0x5F, 0x4F, 0x50, 0x82, 0x54, 0x80, 0xBF, 0x1F, 0x00, 0x41, 0x00, 0x00, 0, 0, 0, 0,
      0x9C, 0x8E, 0x8F, 0x28, 0x40, 0x96, 0xB9, 0xA3, 0xFF },
    { 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x0F,
      0x41, 0x00, 0x0F, 0x00 }, { 0x00, 0x00, 0x00, 0x00, 0x00, 0x40, 0x05, 0x0F, 0xFF } };

/* A frame's scan lines past the CRTC's vertical total (R06h, with R07h
 * bit 0 and the VGA's bit 5 as bits 8-9), on the EGA as on the VGA.
 * IBM's EGA BIOS programs 104h in its 200-line modes, for the 5153's
 * frame of 262 lines, the CGA's (their lines are the CGA's 912 dots:
 * R00h 70h + 2 characters of 8, 37h + 2 of 16), and 16Ch in its 350-line
 * modes (366 lines); DOSBox-X's mode tables (vertical totals 262 and 366,
 * the register that - 2 on both cards) and MartyPC's EGA CRTC (its line
 * counter holds on the lines where the vertical blanking and retrace
 * end) count the same. */
#define EGA_VGA_TOTAL_EXTRA 2u

/* A frame's scan lines: the vertical total R06h, with R07h bit 0 as its
 * bit 8 and on the VGA R07h bit 5 as its bit 9, + EGA_VGA_TOTAL_EXTRA. */
static unsigned frame_lines(const struct display_adapter *a)
{
    const uint8_t *r = a->crtc;
    return (r[0x06] | (r[0x07] & 1u) << 8 | (a->ega.vga ? (r[0x07] >> 5 & 1u) << 9 : 0u)) + EGA_VGA_TOTAL_EXTRA;
}

/* The first count after `from` whose bits in `mask` are `end`'s: where a
 * CRTC's blanking or retrace ends (its end register holds only the low
 * bits). */
static unsigned blank_end(unsigned from, unsigned end, unsigned mask)
{
    return from + 1 + ((end - from - 1) & mask);
}

/* The EGA's dot clocks by the miscellaneous output register's clock
 * select (bits 2-3), in dots per CPU cycle, num / den: 0 the 14.31818 MHz
 * crystal (3 dots a cycle, the CPU running at the crystal / 3), 1 the
 * 16.257 MHz one (16257000 x 3 / 14318180, the MDA's); 2 (the feature
 * connector's external clock) and 3 (unused) drive no dots on a card
 * without a feature card: the crystal's, so that any value gives a
 * raster. */
struct ega_clock {
    uint32_t num, den;
};
static const struct ega_clock ega_clocks[4] = {
    { CGA_DOTS_PER_CYCLE, 1 }, { MDA_DOTS_NUM, MDA_DOTS_DEN }, { CGA_DOTS_PER_CYCLE, 1 }, { CGA_DOTS_PER_CYCLE, 1 },
};
#define MISC_CLOCK_SELECT(misc) ((misc) >> 2 & 3u)

/* The EGA's raster from the registers the program (or the BIOS) wrote
 * (IBM, *Enhanced Graphics Adapter*, the CRT controller's and the
 * sequencer's registers; MartyPC's EGA CRTC counts the same): a line
 * R00h + 2 characters of 8 dots (the sequencer's clocking mode bit 0; 9
 * when it is clear), twice as many with the dot clock halved (bit 3);
 * R01h + 1 of them shown; the horizontal retrace from character R04h to
 * the first count after it whose bits 0-4 are R05h's; a frame R06h (R07h
 * bit 0 its bit 8) + EGA_VGA_TOTAL_EXTRA lines, the vertical display end
 * R12h (R07h bit 1) + 1 of them shown, the vertical retrace from line
 * R10h (R07h bit 2) to the first after it whose bits 0-3 are R11h's.
 * IBM's BIOS: its 200-line modes 912 x 262 dots of 14.31818 MHz (R00h
 * 37h + 2 characters of 16, 70h + 2 of 8), retrace lines 225-227 (E1h,
 * R11h 24h); its 350-line colour modes 744 x 366 dots of 16.257 MHz (text
 * 0-3 and 10h: 5Bh + 2 characters of 8; 40 columns 2Dh + 2 of 16, 752),
 * retrace lines 350-362 (15Eh, R11h 2Bh); mode 7 882 x 370 (60h + 2
 * characters of 9), 0Fh 784 x 370 on the 14.31818 MHz crystal. */
static void ega_raster(const struct display_adapter *a, struct crtc_frame *f)
{
    const uint8_t *r = a->crtc;
    uint8_t clocking = a->ega.seq[SEQ_CLOCKING];
    uint32_t char_dots = (clocking & 0x01 ? 8u : 9u) * (clocking & SEQ_CLOCK_HALF ? 2u : 1u);
    uint32_t chars = r[0x00] + 2u, shown = r[0x01] + 1u;
    uint32_t lines = frame_lines(a);
    uint32_t shown_lines = (r[0x12] | (r[0x07] >> 1 & 1u) << 8) + 1u;
    uint32_t retrace = r[0x10] | (r[0x07] >> 2 & 1u) << 8;
    f->line_dots = chars * char_dots;
    f->lines = lines;
    f->shown_dots = (shown < chars ? shown : chars) * char_dots;
    f->shown_lines = shown_lines < lines ? shown_lines : lines;
    f->hsync_from = r[0x04] < chars ? r[0x04] * char_dots : f->line_dots;
    f->hsync_dots = (blank_end(r[0x04], r[0x05] & 0x1Fu, 0x1Fu) - r[0x04]) * char_dots;
    f->vsync_from = retrace < lines ? retrace : lines;
    f->vsync_lines = blank_end(retrace, r[0x11] & 0x0Fu, 0x0Fu) - retrace;
}

/* The VGA's raster, fixed (its CRTC's timing is not modelled): its
 * 400-line modes on 25.175 MHz, 800 x 449 (vertical total 1BFh; 640 x
 * 400 shown, vertical sync on lines 412-413, horizontal on dots
 * 656-751).  Dots per CPU cycle: NUM / DEN. */
static const struct crtc_frame vga_frame = { 800, 0x1BF + EGA_VGA_TOTAL_EXTRA, 640, 400, 656, 96, 412, 2 };
#define VGA_DOTS_NUM 3776250u       /* 25175000 x 3 / 14318180, reduced */
#define VGA_DOTS_DEN 715909u

/* The dots the EGA's or VGA's clock has counted by CPU cycle `now`
 * (the EGA's clock the one selected now), exactly: floor(now x num /
 * den). */
static uint64_t ega_vga_dots(const struct display_adapter *a, uint64_t now)
{
    uint64_t num = VGA_DOTS_NUM, den = VGA_DOTS_DEN;
    if (!a->ega.vga) {
        num = ega_clocks[MISC_CLOCK_SELECT(a->ega.misc)].num;
        den = ega_clocks[MISC_CLOCK_SELECT(a->ega.misc)].den;
    }
    return now / den * num + now % den * num / den;
}

/* The EGA's or VGA's raster and the dots its clock has counted. */
static void ega_vga_raster(const struct display_adapter *a, uint64_t now, struct crtc_frame *f, uint64_t *dots)
{
    *dots = ega_vga_dots(a, now);
    if (a->ega.vga)
        *f = vga_frame;
    else
        ega_raster(a, f);
}

static uint8_t ega_vga_status(const struct display_adapter *a, uint64_t now)
{
    struct crtc_beam b;
    struct crtc_frame raster;
    uint64_t dots;
    ega_vga_raster(a, now, &raster, &dots);
    crtc_beam_at(&raster, dots, &b);
    return (uint8_t)((b.vsync ? 0x08 : 0) | (b.display ? 0 : 0x01));
}

static int ega_vga_in(struct display_adapter *a, uint16_t port, uint64_t now, uint8_t *v)
{
    switch (port) {
    case 0x3B4: case 0x3D4:
        *v = a->crtc_index;
        return 1;
    case 0x3B5: case 0x3D5:
        *v = a->crtc[a->crtc_index & 31];
        return 1;
    case 0x3BA: case 0x3DA:
        *v = ega_vga_status(a, now);
        ega_status_read(&a->ega);
        return 1;
    case 0x3C6: case 0x3C7: case 0x3C8: case 0x3C9:
        if (!a->ega.vga)
            break;
        /* 3C6h the pel mask, 3C7h the DAC state (3: reading), 3C8h the
         * write index, 3C9h the next component read */
        *v = port == 0x3C6 ? a->pel_mask : port == 0x3C7 ? a->dac_reading
             : port == 0x3C8 ? (uint8_t)(a->dac_write / 3u) : a->dac[a->dac_read % 768];
        if (port == 0x3C9)
            a->dac_read = (uint16_t)((a->dac_read + 1) % 768);
        return 1;
    default:
        break;
    }
    return ega_port_in(&a->ega, port, v);
}

/* A write of 3C0h, its attribute register changes kept (adapter.h). */
static int attr_out(struct display_adapter *a, uint8_t v, uint64_t now)
{
    uint8_t before[ATTR_REGS];
    memcpy(before, a->ega.attr, sizeof before);
    ega_port_out(&a->ega, 0x3C0, v);
    for (unsigned i = 0; i < ATTR_REGS; i++)
        if (a->ega.attr[i] != before[i])
            adapter_colour_changed(a, (uint16_t)(ADAPTER_COLOUR_ATTR + i), before[i], now);
    return 1;
}

static int ega_vga_out(struct display_adapter *a, uint16_t port, uint8_t v, uint64_t now)
{
    switch (port) {
    case 0x3B4: case 0x3D4:
        a->crtc_index = v;
        return 1;
    case 0x3B5: case 0x3D5: {
        unsigned i = a->crtc_index & 31u;
        uint16_t before = (uint16_t)(a->crtc[0x0C] << 8 | a->crtc[0x0D]);
        a->crtc[i] = v;
        if ((i == 0x0C || i == 0x0D) && a->crtc[i] != (i == 0x0C ? before >> 8 : before & 0xFFu))
            adapter_start_changed(a, before, now);
        return 1;
    }
    case 0x3C7: case 0x3C8: case 0x3C9:
        if (!a->ega.vga)
            return 1;       /* the EGA has no DAC: 3C0h-3CFh are its other registers */
        if (port == 0x3C7) {
            a->dac_read = (uint16_t)(v * 3u);
            a->dac_reading = 3;
        } else if (port == 0x3C8) {
            a->dac_write = (uint16_t)(v * 3u);
            a->dac_reading = 0;
        } else {
            adapter_dac_set(a, a->dac_write, v, now);
            a->dac_write = (uint16_t)((a->dac_write + 1) % 768);
        }
        return 1;
    case 0x3C6:
        if (a->ega.vga && a->pel_mask != v) {
            adapter_colour_changed(a, ADAPTER_COLOUR_PEL_MASK, a->pel_mask, now);
            a->pel_mask = v;
        }
        return 1;
    case 0x3C0:
        return attr_out(a, v, now);
    default:
        return ega_port_out(&a->ega, port, v);
    }
}

static unsigned windows(const struct display_adapter *a, struct vram_window w[ADAPTER_MAX_WINDOWS])
{
    (void)a;
    w[0] = (struct vram_window){ VRAM_LO, VRAM_HI, VRAM_HI - VRAM_LO };
    return 1;
}

static uint64_t frames(const struct display_adapter *a, uint64_t now)
{
    struct crtc_frame raster;
    uint64_t dots;
    ega_vga_raster(a, now, &raster, &dots);
    return crtc_frames(&raster, dots);
}

/* Bit 3 of 3DAh, or of 3BAh with the CRTC there. */
static int status_vsync(uint16_t port, uint8_t v) { return port == 0x3DA || port == 0x3BA ? !!(v & 0x08) : -1; }

static const uint8_t *crtc(const struct display_adapter *a, uint16_t port, uint8_t *index, int *data_port)
{
    *index = a->crtc_index & 31;
    *data_port = port == 0x3D5 || port == 0x3B5;
    return a->crtc;
}

/* The EGA's 64 colours (its palette registers' 6 bits, rgbRGB: each
 * primary at 2/3, each secondary at 1/3), or on a 200-line mode's
 * monitor (the IBM 5153 on the EGA's 15.7 kHz modes: the miscellaneous
 * output register's vertical sync polarity positive, bit 7 clear) the 16
 * RGBI colours from bits 0-2 and bit 4 the intensity (IBM, *Enhanced
 * Graphics Adapter*, the attribute controller and the monitors). */
static void ega_colour(uint8_t value, int rgbi, uint8_t rgb[3])
{
    if (rgbi) {
        memcpy(rgb, cga_rgbi[(value & 7u) | (value >> 1 & 8u)], 3);
        return;
    }
    for (unsigned c = 0; c < 3; c++) {
        unsigned bit = 2 - c;
        rgb[c] = (uint8_t)((value >> bit & 1) * 0xAAu + (value >> (bit + 3) & 1) * 0x55u);
    }
}

/* The registers a colour goes through: the attribute controller's, the
 * pel mask and the DAC, as they are now (colours_now()) or were when the
 * beam drew a line (colours_at()). */
struct ega_colours {
    uint8_t attr[ATTR_REGS], pel_mask, dac[768];
};

static void colours_now(const struct display_adapter *a, struct ega_colours *c)
{
    memcpy(c->attr, a->ega.attr, sizeof c->attr);
    c->pel_mask = a->pel_mask;
    memcpy(c->dac, a->dac, sizeof c->dac);
}

/* As they were at dot `dot`: the kept changes after it undone, the
 * newest first; the place of the first of them (adapter.h's ring, in the
 * order of the writes). */
static unsigned colours_at(const struct display_adapter *a, uint64_t dot, struct ega_colours *c)
{
    unsigned lo = 0, hi = a->colour_changes;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (ega_vga_dots(a, adapter_colour_kept(a, mid)->cycle) > dot)
            hi = mid;
        else
            lo = mid + 1;
    }
    colours_now(a, c);
    for (unsigned i = a->colour_changes; i-- > lo;) {
        const struct adapter_colour_change *e = adapter_colour_kept(a, i);
        if (e->what < ADAPTER_COLOUR_ATTR)
            c->dac[e->what] = e->before;
        else if (e->what < ADAPTER_COLOUR_PEL_MASK)
            c->attr[e->what - ADAPTER_COLOUR_ATTR] = e->before;
        else
            c->pel_mask = e->before;
    }
    return lo;
}

/* A 4-bit colour through the attribute controller: the palette register
 * (6 bits); on the VGA then the DAC entry it chooses (bits 5-4 from the
 * colour select when mode control bit 7 says so, bits 7-6 from it
 * always) through the pel mask. */
static uint8_t ega_entry(const struct display_adapter *a, const struct ega_colours *c, unsigned value)
{
    uint8_t entry = c->attr[value & 0x0F] & 0x3F, select = c->attr[ATTR_COLOUR_SELECT];
    if (!a->ega.vga)
        return entry;
    if (c->attr[ATTR_MODE] & ATTR_MODE_P54S)
        entry = (uint8_t)((entry & 0x0F) | (select & 3u) << 4);
    return (uint8_t)((entry | (select & 0x0Cu) << 4) & c->pel_mask);
}

/* The colour of such an entry: the VGA's DAC (6 bits a component) or
 * the EGA's monitor (ega_colour). */
static void ega_entry_colour(const struct display_adapter *a, const struct ega_colours *c, uint8_t entry,
                             uint8_t rgb[3])
{
    if (!a->ega.vga && !(a->ega.misc & 0x01)) {
        /* the monochrome display (the CRTC at 3B4h, misc bit 0 clear):
         * palette bit 3 the video, bit 4 the intensity (mode 0Fh's 08h
         * normal, 18h bright), the MDA's levels */
        static const uint8_t levels[4] = { 0x00, 0xAA, 0xAA, 0xFF };
        memset(rgb, levels[entry >> 3 & 3], 3);
        return;
    }
    if (!a->ega.vga) {
        ega_colour(entry, !(a->ega.misc & 0x80), rgb);
        return;
    }
    for (unsigned i = 0; i < 3; i++)
        rgb[i] = (uint8_t)((c->dac[entry * 3u + i] & 0x3F) * 255u / 63u);
}

/* The EGA's and VGA's CRTC as profil reads it for a graphics picture:
 * the character clocks a line shows (R1 + 1), the scan lines (vertical
 * display end: R12h with R07h's bits 1 and, on the VGA, 6), the lines a
 * row of memory is shown on (R09h's maximum scan line + 1, twice with
 * the VGA's double scan, bit 7), of which `banks` are drawn as lines of
 * their own: the CGA (R17h bit 0 clear) and Hercules (bit 1 clear)
 * addressing put the row's scan line bit 0 (1) in address bit 13 (14),
 * so its first 2 (4) lines read different memory; the others show the
 * row's line again.  Then the memory a row advances (R13h x 2
 * character clocks), the line compare
 * (R18h, with R07h bit 4 and the VGA's R09h bit 6 as bits 8-9: the scan
 * line after which rows start again at address 0, the split screen), and
 * how a character clock's counter becomes a plane offset: byte mode (R17h bit 6), word
 * mode (shifted by one, bit 13 or, with R17h bit 5 set, 15 into bit 0), or the
 * VGA's doubleword mode (R14h bit 6: shifted by two; the VGA also rotates
 * bits 12-13 in, which profil leaves out, its chain-4 writes keeping the
 * same layout: a byte at CPU offset o in plane o & 3 at o & ~3). */
struct ega_scan {
    unsigned chars, lines, lines_per_row, banks, pitch;
    unsigned split;                 /* the line compare: after this scan line, address 0 */
    int shift;                      /* 0 byte, 1 word, 2 doubleword */
    int word_bit15;
    int cga_bank, hercules_bank;    /* R17h bits 0, 1 clear */
};

static void ega_scan_of(const struct display_adapter *a, struct ega_scan *s)
{
    const uint8_t *r = a->crtc;
    int vga = a->ega.vga;
    s->chars = r[0x01] + 1u;
    s->lines = (r[0x12] | (r[0x07] >> 1 & 1u) << 8 | (vga ? (r[0x07] >> 6 & 1u) << 9 : 0u)) + 1u;
    s->lines_per_row = ((r[0x09] & 0x1Fu) + 1u) * (vga && (r[0x09] & 0x80) ? 2u : 1u);
    s->pitch = r[0x13] * 2u;
    s->split = r[0x18] | (r[0x07] >> 4 & 1u) << 8 | (vga ? (r[0x09] >> 6 & 1u) << 9 : 0u);
    s->shift = vga && (r[0x14] & 0x40) ? 2 : r[0x17] & 0x40 ? 0 : 1;
    s->word_bit15 = !!(r[0x17] & 0x20);
    s->cga_bank = !(r[0x17] & 0x01);
    s->hercules_bank = !(r[0x17] & 0x02);
    s->banks = (s->cga_bank ? 2u : 1u) * (s->hercules_bank ? 2u : 1u);
    if (s->banks > (r[0x09] & 0x1Fu) + 1u)
        s->banks = (r[0x09] & 0x1Fu) + 1u;
}

static uint32_t ega_scan_offset(const struct ega_scan *s, unsigned counter)
{
    counter &= 0xFFFFu;
    switch (s->shift) {
    case 2: return (counter << 2) & (EGA_PLANE_SIZE - 1);     /* chain-4's layout (ega.c) */
    case 1: return (counter << 1 | (counter >> (s->word_bit15 ? 15 : 13) & 1u)) & (EGA_PLANE_SIZE - 1);
    default: return counter;
    }
}

/* The plane offset of character clock `counter` on scan line `line` of
 * its row. */
static uint32_t ega_scan_address(const struct ega_scan *s, unsigned counter, unsigned line)
{
    uint32_t at = ega_scan_offset(s, counter);
    if (s->cga_bank)
        at = (at & ~0x2000u) | (line & 1u) << 13;
    if (s->hercules_bank)
        at = (at & ~0x4000u) | (line >> 1 & 1u) << 14;
    return at;
}

/* Picture line y's pixels as palette entries (ega_entry()) with colours
 * `c`, its rows from start address `start`. */
static void draw_line(const struct display_adapter *a, const struct ega_scan *s, const struct ega_colours *c,
                      unsigned start, unsigned y, uint8_t *px)
{
    const struct ega *e = &a->ega;
    int bits8 = a->ega.vga && (c->attr[ATTR_MODE] & ATTR_MODE_256);
    int interleave = (e->gc[GC_MODE] & GC_MODE_INTERLEAVE) && !bits8;
    unsigned row = start + y / s->banks * s->pitch, line = y % s->banks;
    unsigned raster = y / s->banks * s->lines_per_row + line;
    if (raster > s->split) {        /* the split screen: rows from address 0 after the line compare */
        unsigned k = raster - s->split - 1;
        row = k / s->lines_per_row * s->pitch;
        line = k % s->lines_per_row;
    }
    for (unsigned ch = 0; ch < s->chars; ch++) {
        uint32_t at = ega_scan_address(s, row + ch, line);
        if (bits8) {
            for (unsigned p = 0; p < 4; p++)
                px[ch * 4 + p] = e->plane[p][at] & c->pel_mask;
            continue;
        }
        for (unsigned i = 0; i < 8; i++) {
            unsigned value = 0;
            if (interleave) {       /* 2 bits a pixel: planes 0 and 2 then 1 and 3, bit 7-6 first */
                unsigned shift = 6 - 2 * (i & 3), odd = i >> 2;
                value = (e->plane[odd][at] >> shift & 3u) | (e->plane[2 + odd][at] >> shift & 3u) << 2;
            } else {
                for (unsigned p = 0; p < 4; p++)
                    value |= (e->plane[p][at] >> (7 - i) & 1u) << p;
            }
            px[ch * 8 + i] = ega_entry(a, c, value & c->attr[ATTR_PLANE_ENABLE]);
        }
    }
}

/* The colours of a picture drawn line by line: each distinct one its
 * index, the first 256 exactly, any after them as the nearest of those. */
static uint8_t palette_index(struct video_picture *pic, unsigned *n, const uint8_t rgb[3])
{
    unsigned best = 0, best_d = ~0u;
    for (unsigned i = 0; i < *n; i++) {
        const uint8_t *p = pic->palette + 3 * i;
        unsigned d = 0;
        for (unsigned k = 0; k < 3; k++)
            d += (unsigned)((p[k] - rgb[k]) * (p[k] - rgb[k]));
        if (d < best_d) {
            best = i;
            best_d = d;
        }
    }
    if (best_d == 0 || *n == 256)
        return (uint8_t)best;
    memcpy(pic->palette + 3 * *n, rgb, 3);
    return (uint8_t)(*n)++;
}

/* Where the beam is at `now`: the raster, the dots counted, the dot its
 * frame began at and a frame's dots. */
struct beam_time {
    struct crtc_frame raster;
    const struct crtc_frame *f;     /* &raster */
    uint64_t dots, frame_start, frame;
};

static void beam_time(const struct display_adapter *a, uint64_t now, struct beam_time *t)
{
    struct crtc_beam beam;
    ega_vga_raster(a, now, &t->raster, &t->dots);
    t->f = &t->raster;
    crtc_beam_at(t->f, t->dots, &beam);
    t->frame = (uint64_t)t->f->line_dots * t->f->lines;
    t->frame_start = t->dots - ((uint64_t)beam.line * t->f->line_dots + beam.dot);
}

/* Picture line y's raster line: (y / banks) x lines a row + y mod banks. */
static long scan_raster(const struct ega_scan *s, unsigned y)
{
    return (long)(y / s->banks) * s->lines_per_row + y % s->banks;
}

/* The dot the beam drew raster line `raster` at (< 0: the frame
 * before's line lines + raster) when it last drew it: this frame's if
 * the beam has passed it, the frame before's otherwise (0 before the
 * first frame); 1 when it was this frame's. */
static int line_drawn(const struct beam_time *t, long raster, uint64_t *at)
{
    uint64_t back = raster < 0 ? (uint64_t)-raster * t->f->line_dots : 0;
    *at = raster < 0 ? (t->frame_start >= back ? t->frame_start - back : 0)
                     : t->frame_start + (uint64_t)raster * t->f->line_dots;
    if (*at <= t->dots)
        return 1;
    *at = *at >= t->frame ? *at - t->frame : 0;
    return 0;
}

/* Whether a kept colour change came in the last frame's time (every line
 * was last drawn in it): else every line is drawn in the colours now. */
static int colours_changed_lately(const struct display_adapter *a, const struct beam_time *t)
{
    uint64_t earliest = t->dots >= t->frame ? t->dots - t->frame : 0;
    return a->colour_changes && ega_vga_dots(a, adapter_colour_kept(a, a->colour_changes - 1)->cycle) > earliest;
}

/* The start address the CRTC latched at the start of the vertical
 * retrace before the frame that began at dot `frame_start` (the kept
 * writes after it undone, the newest first; the oldest kept one's
 * address when the ring has lost the writes of that time). */
static unsigned start_latched(const struct display_adapter *a, const struct crtc_frame *f, uint64_t frame_start)
{
    uint64_t back = (uint64_t)(f->lines - f->vsync_from) * f->line_dots;
    uint64_t retrace = frame_start >= back ? frame_start - back : 0;
    unsigned start = (unsigned)a->crtc[0x0C] << 8 | a->crtc[0x0D];
    for (unsigned i = a->start_changes; i-- > 0;) {
        const struct adapter_start_change *e = adapter_start_kept(a, i);
        if (ega_vga_dots(a, e->cycle) <= retrace)
            break;
        start = e->before;
    }
    return start;
}

/* The start addresses of this frame's lines and of the frame before's. */
static void starts_latched(const struct display_adapter *a, const struct beam_time *t, unsigned start[2])
{
    start[1] = start_latched(a, t->f, t->frame_start);
    start[0] = t->frame_start >= t->frame ? start_latched(a, t->f, t->frame_start - t->frame) : start[1];
}

/* Line by line, when colours changed (adapter.h's ring): picture line y
 * drawn in the colours as they were at the first dot of its raster line
 * (scan_raster(); the text's line y) when the beam last drew it (this
 * frame's if the beam has passed it, the frame before's otherwise); a
 * graphics line (s not NULL) from the start address that frame latched,
 * its pixels palette entries (ega_entry()), a text line's already drawn,
 * its pixels attribute colours 0-15.  The palette's entries used. */
static unsigned draw_lines(const struct display_adapter *a, const struct ega_scan *s, const struct beam_time *t,
                           struct video_picture *pic)
{
    struct ega_colours c;
    unsigned n = 0, k = ~0u, start[2];
    uint16_t index[256];
    starts_latched(a, t, start);
    for (unsigned y = 0; y < pic->height; y++) {
        uint64_t at;
        int now = line_drawn(t, s ? scan_raster(s, y) : (long)y, &at);
        unsigned first = colours_at(a, at, &c);
        if (first != k) {
            k = first;
            memset(index, 0xFF, sizeof index);
        }
        uint8_t *px = pic->pixels + (size_t)y * pic->width;
        if (s)
            draw_line(a, s, &c, start[now], y, px);
        for (unsigned x = 0; x < pic->width; x++) {
            if (index[px[x]] > 0xFF) {
                uint8_t rgb[3];
                ega_entry_colour(a, &c, s ? px[x] : ega_entry(a, &c, px[x]), rgb);
                index[px[x]] = palette_index(pic, &n, rgb);
            }
            px[x] = (uint8_t)index[px[x]];
        }
    }
    return n;
}

/* The border (overscan) as the CRTC's registers frame the picture: on
 * the right from the displayed characters' end (R01h + 1) to the start
 * of the horizontal blanking (R02h), on the left from the blanking's end
 * (R03h bits 0-4, and R05h bit 7 as bit 5 on the VGA) to the line's
 * (R00h + 2, + 5 on the VGA); below from the last displayed line to the
 * vertical blanking's start (R15h, with R07h bit 3 and the VGA's R09h bit
 * 5), above from its end (R16h: bits 0-4, the VGA's 0-7) to the frame's
 * (R06h with R07h bits 0 and, on the VGA, 5, + EGA_VGA_TOTAL_EXTRA); none
 * where a blanking starts inside the picture.  In the picture's pixels
 * and lines (a character is width / (R01h + 1) pixels, a scan line
 * height / displayed lines).  Its colour `index`. */
static void ega_border(const struct display_adapter *a, uint8_t index, struct video_picture *pic)
{
    const uint8_t *r = a->crtc;
    int vga = a->ega.vga;
    struct ega_scan s;
    ega_scan_of(a, &s);
    unsigned total = r[0x00] + (vga ? 5u : 2u), blank = r[0x02];
    unsigned end = blank_end(blank, (r[0x03] & 0x1Fu) | (vga && (r[0x05] & 0x80) ? 0x20u : 0u), vga ? 0x3Fu : 0x1Fu);
    if (blank >= s.chars && end <= total) {
        pic->border_right = (blank - s.chars) * pic->width / s.chars;
        pic->border_left = (total - end) * pic->width / s.chars;
    }
    unsigned lines = frame_lines(a);
    unsigned vblank = r[0x15] | (r[0x07] >> 3 & 1u) << 8 | (vga ? (r[0x09] >> 5 & 1u) << 9 : 0u);
    unsigned vend = blank_end(vblank, r[0x16], vga ? 0xFFu : 0x1Fu);
    if (vblank >= s.lines && vend <= lines) {
        pic->border_bottom = (vblank - s.lines) * pic->height / s.lines;
        pic->border_top = (lines - vend) * pic->height / s.lines;
    }
    pic->border = index;
}

/* The overscan register's entry: on the VGA a DAC entry (its 8 bits,
 * through the pel mask), on the EGA a colour as a palette register's. */
static uint8_t overscan_entry(const struct display_adapter *a, const struct ega_colours *c)
{
    return a->ega.vga ? (uint8_t)(c->attr[ATTR_OVERSCAN] & c->pel_mask) : c->attr[ATTR_OVERSCAN] & 0x3F;
}

/* The border line by line, when colours changed: each line from the
 * border's top to its bottom (video_picture.h's border_lines) in the
 * overscan colour as it was at the first dot of its raster line when the
 * beam last drew it (draw_lines()'s: a line of the picture at its
 * scan_raster(), the text's line y at y; a line above or below at its
 * place scaled from picture lines to the CRTC's displayed lines, above
 * it the frame before's last lines).  `used` the palette's entries used;
 * the single colour kept when out of memory. */
static void border_lines(const struct display_adapter *a, const struct beam_time *t, int text,
                         struct video_picture *pic, unsigned *used)
{
    struct ega_scan s;
    ega_scan_of(a, &s);
    size_t lines = (size_t)pic->border_top + pic->height + pic->border_bottom;
    if ((pic->border_lines = malloc(lines)) == NULL)
        return;
    for (size_t i = 0; i < lines; i++) {
        long p = (long)i - (long)pic->border_top, raster;
        if (p >= 0 && p < (long)pic->height)
            raster = text ? p : scan_raster(&s, (unsigned)p);
        else if (p < 0)
            raster = -(long)(((unsigned long)-p * s.lines + pic->height - 1) / pic->height);
        else
            raster = (long)((unsigned long)p * s.lines / pic->height);
        struct ega_colours c;
        uint64_t at;
        uint8_t rgb[3];
        line_drawn(t, raster, &at);
        colours_at(a, at, &c);
        ega_entry_colour(a, &c, overscan_entry(a, &c), rgb);
        pic->border_lines[i] = palette_index(pic, used, rgb);
    }
}

/* The EGA's and VGA's graphics modes from their registers and planes: a
 * character clock shows 8 pixels of 4 bits (bit 7 first, plane 0 the
 * lowest bit, masked by the colour plane enable) through the palette
 * registers, or on the VGA with 8-bit colour (attribute mode bit 6) 4
 * pixels, one byte from each plane in turn, straight to the DAC (the
 * palette registers hold 0-0Fh there in every BIOS mode: profil does not
 * pass the bytes through them).  One PNG pixel per pixel of the mode
 * (320 wide where the dot clock is halved or colours are 8-bit): the
 * picture's colours are the VGA's DAC (its entry from the palette value,
 * the colour select, the pel mask) or the EGA's 64 colours; line by line
 * (draw_lines()) when they changed.  Each line's rows from the start
 * address (R0Ch:R0Dh) the CRTC latched at the start of the vertical
 * retrace before the frame that drew it: a write during the picture
 * shows in the next frame. */
static int draw_graphics(const struct display_adapter *a, uint64_t now, struct video_picture *pic, char *why,
                         size_t n)
{
    const struct ega *e = &a->ega;
    int vga = a->ega.vga, bits8 = vga && (e->attr[ATTR_MODE] & ATTR_MODE_256);
    struct ega_scan s;
    struct ega_colours c;
    ega_scan_of(a, &s);
    unsigned per_char = bits8 ? 4u : 8u;
    if (s.chars * per_char > 4096 || s.lines > 4096) {
        snprintf(why, n, "the CRTC shows %ux%u pixels, too many to draw", s.chars * per_char, s.lines);
        return -1;
    }
    unsigned rows = (s.lines + s.lines_per_row - 1) / s.lines_per_row;
    if (video_picture_new(pic, s.chars * per_char, rows * s.banks, why, n) != 0)
        return -1;
    /* line by line when a kept change came in the last frame's time
     * (every line was last drawn in it) */
    struct beam_time t;
    beam_time(a, now, &t);
    colours_now(a, &c);
    if (colours_changed_lately(a, &t)) {
        unsigned used = draw_lines(a, &s, &t, pic);
        uint8_t rgb[3];
        ega_entry_colour(a, &c, overscan_entry(a, &c), rgb);
        ega_border(a, palette_index(pic, &used, rgb), pic);
        border_lines(a, &t, 0, pic, &used);
        return 0;
    }
    for (unsigned i = 0; i < (vga ? 256u : 64u); i++)
        ega_entry_colour(a, &c, (uint8_t)i, pic->palette + 3 * i);
    ega_border(a, overscan_entry(a, &c), pic);
    unsigned start[2];
    starts_latched(a, &t, start);
    for (unsigned y = 0; y < pic->height; y++) {
        uint64_t at;
        draw_line(a, &s, &c, start[line_drawn(&t, scan_raster(&s, y), &at)], y, pic->pixels + (size_t)y * pic->width);
    }
    return 0;
}

/* The EGA's and VGA's text modes, from the BIOS's state (their CRTC's
 * character rows are not read): the BIOS's columns and rows of the shown
 * page in cells of 8x14 (EGA; 9x14 in mode 7) or 9x16 (VGA), each
 * attribute colour through its palette register (and the VGA's DAC),
 * line by line as the graphics' (draw_lines()) when they changed, or the
 * monochrome levels in mode 7; blink as the attribute mode control's
 * bit 3 says; no cursor. */
static int draw_text(const struct display_adapter *a, const struct video_memory *mem, const struct video_bios_state *b,
                     uint64_t now, struct video_picture *pic, char *why, size_t n)
{
    int vga = a->ega.vga, mono = b->mode == 7;
    struct crtc6845 c = { 0 };
    unsigned cell_h = vga ? 16u : 14u;
    c.reg[CRTC_H_DISPLAYED] = (uint8_t)b->cols;
    c.reg[CRTC_V_DISPLAYED] = (uint8_t)b->rows;
    c.reg[CRTC_MAX_SCAN] = (uint8_t)(cell_h - 1u);
    c.reg[CRTC_CURSOR_START] = 0x20;                            /* no cursor */
    crtc_set_start_address(&c, (uint16_t)(b->page_start / 2u));
    int blink = !b->programmed || (a->ega.attr[ATTR_MODE] & ATTR_MODE_BLINK);
    struct video_text_look t = { mono ? 0xB0000 : 0xB8000, 0x7FFF, vga || mono ? 9u : 8u, cell_h, mono, blink, 1, 0 };
    if (video_picture_new(pic, c.reg[CRTC_H_DISPLAYED] * t.cell_width, c.reg[CRTC_V_DISPLAYED] * cell_h, why, n) != 0)
        return -1;
    video_picture_blink(&c, frames(a, now), &t);
    video_picture_text(mem, &c, &t, crtc_start_address(&c), 0, pic->height, pic->pixels, pic->width);
    if (mono) {
        video_picture_mono(pic);
        return 0;
    }
    /* colour i is what its palette register makes of it, the border 16;
     * line by line (draw_lines()) when they changed */
    struct ega_colours colours;
    struct beam_time bt;
    colours_now(a, &colours);
    beam_time(a, now, &bt);
    if (colours_changed_lately(a, &bt)) {
        unsigned used = draw_lines(a, NULL, &bt, pic);
        uint8_t rgb[3];
        ega_entry_colour(a, &colours, overscan_entry(a, &colours), rgb);
        ega_border(a, palette_index(pic, &used, rgb), pic);
        border_lines(a, &bt, 1, pic, &used);
        return 0;
    }
    for (unsigned i = 0; i < 16; i++)
        ega_entry_colour(a, &colours, ega_entry(a, &colours, i), pic->palette + 3 * i);
    ega_entry_colour(a, &colours, overscan_entry(a, &colours), pic->palette + 3 * 16);
    ega_border(a, 16, pic);
    return 0;
}

static int draw(const struct display_adapter *a, const struct video_memory *mem, const struct video_bios_state *b,
                uint64_t now, struct video_picture *pic, char *why, size_t n)
{
    if (b->programmed && (a->ega.attr[ATTR_MODE] & ATTR_MODE_GRAPHICS))
        return draw_graphics(a, now, pic, why, n);
    if (b->text)
        return draw_text(a, mem, b, now, pic, why, n);
    snprintf(why, n, "the %s is in mode %02Xh, which profil does not draw (it draws every mode of the CGA, "
             "MDA and Hercules, the EGA's and VGA's text and their modes 4-6, 0Dh-10h and the VGA's 11h-13h)",
             a->card->title, b->mode);
    return -1;
}

/* The modes each BIOS programs from its table (the others, CGA-compatible
 * or not there, NULL). */
static const struct ega_params *const ega_modes[VIDEO_BIOS_MODES] = {
    [0] = &ega_40x25, [1] = &ega_40x25, [2] = &ega_80x25, [3] = &ega_80x25, [4] = &ega_04, [5] = &ega_04,
    [6] = &ega_06, [7] = &ega_mono, [0x0D] = &ega_0d, [0x0E] = &ega_0e, [0x0F] = &ega_0f, [0x10] = &ega_10,
};
static const struct ega_params *const vga_modes[VIDEO_BIOS_MODES] = {
    [0] = &vga_40x25, [1] = &vga_40x25, [2] = &vga_80x25, [3] = &vga_80x25, [4] = &vga_04, [5] = &vga_04,
    [6] = &vga_06, [7] = &vga_mono, [0x0D] = &vga_0d, [0x0E] = &vga_0e, [0x0F] = &vga_0f, [0x10] = &vga_10,
    [0x11] = &vga_11, [0x12] = &vga_12, [0x13] = &vga_13,
};

/* Their own BIOS (equipment bits 00b), an option ROM at C000h: the EGA's
 * 16 KiB with modes 0-7 and 0Dh-10h, text in 8x14 cells; the VGA's 32 KiB
 * with 11h-13h too, text in 9x16, and its functions. */
const struct video_card video_card_ega = {
    .name = "ega", .title = "EGA", .mono = 0, .planar = 1, .windows = windows,
    .waits = { VRAM_LO, VRAM_HI - VRAM_LO, video_waits_average, &ega_waits, VIDEO_WAITS_AVERAGE_PERIOD },
    .reset = reset_ega, .port_in = ega_vga_in, .port_out = ega_vga_out, .new_picture = new_picture,
    .frames = frames, .status = ega_vga_status, .status_vsync = status_vsync, .crtc = crtc,
    .bios = { .equipment = 0x00, .modes = 0x000FFu | 0x1E000u, .text_char_height = 14, .params = ega_modes,
              .ega_functions = 1, .rom_size = 0x4000, .font_8x8 = 0x1200, .font_8x14 = 0x0400 },
    .draw = draw,
};

const struct video_card video_card_vga = {
    .name = "vga", .title = "VGA", .mono = 0, .planar = 1, .windows = windows,
    .waits = { VRAM_LO, VRAM_HI - VRAM_LO, video_waits_average, &vga_waits, VIDEO_WAITS_AVERAGE_PERIOD },
    .reset = reset_vga, .port_in = ega_vga_in, .port_out = ega_vga_out, .new_picture = new_picture,
    .frames = frames, .status = ega_vga_status, .status_vsync = status_vsync, .crtc = crtc,
    .bios = { .equipment = 0x00, .modes = 0x000FFu | 0xFE000u, .text_char_height = 16, .params = vga_modes,
              .ega_functions = 1, .vga_functions = 1, .rom_size = 0x8000,
              .font_8x8 = 0x1200, .font_8x14 = 0x0400, .font_8x16 = 0x1A00 },
    .draw = draw,
};
