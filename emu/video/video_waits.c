/*
 * emu/video/video_waits.c: the wait states of video memory (video_waits.h).
 *
 * The IBM CGA [reenigne, "The CGA wait states", reenigne.org/blog, 2012;
 * MartyPC, "Exploring CGA Wait States", martypc.blogspot.com, 2023]: the
 * card's clock and the CPU's come from the same 14.31818 MHz crystal (a
 * CPU clock is 3 of the card's dots, "hdots"), and the card lets the CPU
 * at its memory only in its own slot: "wait 1 hchar (8 hdots), then wait
 * for the next lchar (16 hdots), then wait for the next ccycle (CPU
 * clock)".  With the bus cycle starting at hdot h of the 16 of an lchar,
 * that is ceil((L - h) / 3) CPU clocks, L the first lchar boundary after
 * h + 8: 3 to 8, one phase of 16 giving 3 and three each 4, 5, 6, 7 and 8
 * (5.8125 on average), as reenigne measured.  The phase of the two clocks
 * is whatever it was at power-on on the hardware; here hdot 0 of an lchar
 * is CPU clock 0, so a run is deterministic.
 */
#include "video_waits.h"

#define HDOTS_PER_CLOCK 3
#define HCHAR 8
#define LCHAR 16
/* The wait depends on t1 only through h = 3 t1 mod 16, which repeats every
 * 16 clocks (48 hdots, 3 lchars); 3 and 16 being coprime, t1 -> h is a
 * bijection of the 16 phases, and no smaller period divides 16 and keeps
 * the waits (tests/check_clock.c checks both over 10^5 clocks). */
#define CGA_PERIOD LCHAR

unsigned video_wait_cga(const void *ctx, uint64_t t1)
{
    (void)ctx;
    unsigned h = (unsigned)((t1 * HDOTS_PER_CLOCK) % LCHAR);
    unsigned slot = ((h + HCHAR) / LCHAR + 1) * LCHAR;       /* the next lchar after h + 8 */
    return (slot - h + HDOTS_PER_CLOCK - 1) / HDOTS_PER_CLOCK;
}

int video_waits_of(enum video_waits kind, struct biu_waits *w)
{
    switch (kind) {
    case VIDEO_WAITS_CGA:
        /* B8000h-BFFFFh: the CGA's 16 KiB, decoded twice over 32 KiB. */
        *w = (struct biu_waits){ 0xB8000u, 0x8000u, video_wait_cga, NULL, CGA_PERIOD };
        return 1;
    default:
        return 0;
    }
}
