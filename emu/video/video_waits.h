/*
 * emu/video/video_waits.h: the wait states a PC video card makes the 8088
 * wait on a bus cycle to its memory, for the bus model (emu/cpu/biu.h's
 * struct biu_waits).  Owns the cards' rules, each from its documented
 * measurements (docs/timing.md, "Wait states of video memory").
 */
#ifndef PROFIL_EMU_VIDEO_WAITS_H
#define PROFIL_EMU_VIDEO_WAITS_H

#include <stdint.h>

#include "../cpu/biu.h"
#include "../machine.h"

/* The IBM CGA's: for a bus cycle whose T1 is at CPU clock t1 (the card's
 * 14.31818 MHz dot clock taken as 3 dots a CPU clock from clock 0), the
 * wait states, 3 to 8; they repeat every 16 clocks (its biu_waits period).
 * ctx is unused. */
unsigned video_wait_cga(const void *ctx, uint64_t t1);

/* The range and rule for a card's kind into *w; 0 when it has none
 * (VIDEO_WAITS_NONE). */
int video_waits_of(enum video_waits kind, struct biu_waits *w);

#endif
