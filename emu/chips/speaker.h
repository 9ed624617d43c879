/*
 * emu/chips/speaker.h: the PC speaker, rendered from the emulated clock.
 *
 * Owns the speaker's sound as 8-bit unsigned PCM at SPEAKER_RATE samples
 * per emulated second: the cone follows port 61h bit 1 (speaker data)
 * ANDed with the 8253's channel 2 output, whose gate is port 61h bit 0
 * (IBM PC/XT Technical Reference, system board: "speaker drive"; Intel
 * 8253 data sheet, modes 0, 2 and 3 and the gate).  With the gate low,
 * channel 2's output stays high, so a program toggling bit 1 by itself
 * (the PWM playback some games use) drives the cone directly.  Each
 * sample is the fraction of its span of emulated cycles the cone was out,
 * from 64 (never) to 192 (always), computed exactly in integers: the
 * bytes depend only on the guest's port writes and their emulated times.
 * Nothing is rendered (and nothing costs) unless a consumer enabled it.
 */
#ifndef PROFIL_EMU_SPEAKER_H
#define PROFIL_EMU_SPEAKER_H

#include <stddef.h>
#include <stdint.h>

#include "pit.h"

#define SPEAKER_RATE 44100u
#define SPEAKER_LOW  64u        /* the sample of a cone that stays in      */
#define SPEAKER_HIGH 192u       /* the sample of a cone that stays out     */

struct speaker {
    int enabled;                /* a consumer wants the sound             */
    uint8_t port61;             /* bits 0-1 as the guest last wrote them  */
    uint64_t gate_rise;         /* cycle the gate last went high          */
    uint64_t rendered;          /* cycles up to here are in the samples   */
    uint64_t high;              /* cycles the cone was out in the sample being built */
    uint64_t next_sample;       /* cycle the sample being built ends      */
    uint64_t sample_start;      /* cycle it began                         */
    uint64_t sample_frac;       /* the boundary's remainder, in 1/(DEN*RATE) cycles */
    uint8_t *samples;           /* the rendered samples (owned)           */
    size_t n, cap;
    size_t max;                 /* more are dropped (counted in `dropped`) */
    uint64_t dropped;
};

void speaker_init(struct speaker *sp);
/* Start rendering at `now`, keeping at most `max` samples. */
void speaker_enable(struct speaker *sp, uint64_t now, size_t max);
void speaker_free(struct speaker *sp);
/* Render up to `now` with the state so far: called before port 61h or
 * the PIT change, and at the end of a run.  Past `max` samples (or when
 * memory runs out) samples are counted in `dropped`, not kept. */
void speaker_render(struct speaker *sp, const struct pit *pit, uint64_t now);
/* Port 61h written at `now` (after speaker_render). */
void speaker_port61(struct speaker *sp, uint8_t value, uint64_t now);
/* Whether the cone is out at cycle t, and the first cycle after t at
 * which that may change (UINT64_MAX: never, with this state). */
int speaker_level(const struct speaker *sp, const struct pit *pit, uint64_t t, uint64_t *until);

#endif
