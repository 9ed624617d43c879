/*
 * emu/video/video_draw.h: what the display adapter shows, as pixels.
 *
 * Owns the picture of every mode of the CGA, MDA and Hercules as the card
 * makes it from its registers and memory (the 6845's start address,
 * displayed characters and rows, scan lines per row; 3D8h/3D9h or 3B8h):
 * text in the card's cell (CGA 8x8, MDA/Hercules 9x14, video_font.h) with
 * its attributes, blink and cursor (their phase from the frames counted
 * in emulated time), CGA 320x200 in four colours (either palette, bright
 * or not, the B/W bit's third), 640x200 in two, the 160x100 text tweak
 * (as any text with 2 lines a row), Hercules 720x348; the EGA's and VGA's
 * text modes from the BIOS's state (cells of 8x14 and 9x16) in the colours
 * of their attribute palette and DAC, and their graphics modes (0Dh, 0Eh,
 * 10h, 12h, 13h, mode X) from the CRTC, planes, palette and DAC.  One image pixel per emulated pixel: a 40-column
 * character is 8 pixels wide.  The CGA in the RGBI monitor's 16 colours
 * (cga.h), the monochrome cards in three levels (black, normal, bright).
 */
#ifndef PROFIL_EMU_VIDEO_DRAW_H
#define PROFIL_EMU_VIDEO_DRAW_H

#include <stddef.h>
#include <stdint.h>

struct machine;

/* The most pixels a picture may have (a 6845 may describe 4080 x 4064). */
#define VIDEO_DRAW_MAX_PIXELS (4096u * 4096u)

struct video_picture {
    unsigned width, height;
    uint8_t *pixels;            /* width x height palette indexes, row by row */
    uint8_t palette[768];       /* 256 RGB entries, 8 bits a component */
};

/* The picture the card shows at the machine's time into *pic (pixels
 * malloc'ed: video_picture_free()).  0; -1 with a reason in `why` (the
 * mode is not one profil draws, naming it; out of memory). */
int video_draw(const struct machine *m, struct video_picture *pic, char *why, size_t n);
void video_picture_free(struct video_picture *pic);

#endif
