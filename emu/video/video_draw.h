/*
 * emu/video/video_draw.h: what the display adapter shows, as pixels.
 *
 * Owns the call that asks the card present for its picture (card.h's
 * draw) with what the BIOS keeps that the picture reads; the cards draw
 * themselves: every mode of the CGA, MDA and Hercules from their registers
 * and memory (cga_card.c, mda_card.c), the EGA's and VGA's text modes from
 * the BIOS's state and their graphics modes from the CRTC, planes,
 * palette and DAC (ega_card.c), with what they share in video_picture.h.
 * One image pixel per emulated pixel: a 40-column character is 8 pixels
 * wide.
 */
#ifndef PROFIL_EMU_VIDEO_DRAW_H
#define PROFIL_EMU_VIDEO_DRAW_H

#include <stddef.h>

#include "video_picture.h"

struct machine;

/* The picture the card shows at the machine's time into *pic (pixels
 * malloc'ed: video_picture_free()).  0; -1 with a reason in `why` (the
 * mode is not one profil draws, naming it; out of memory). */
int video_draw(const struct machine *m, struct video_picture *pic, char *why, size_t n);

#endif
