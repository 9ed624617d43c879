/*
 * emu/chips/speaker.c: the PC speaker's sound from port 61h and the 8253's
 * channel 2, sample by sample in emulated time (see speaker.h).
 */
#include "speaker.h"

#include <stdlib.h>
#include <string.h>

#include "../../util/grow.h"

/* A sample spans CPU_HZ / SPEAKER_RATE cycles: 108 and 29780/132300 of a
 * cycle at 14318180/3 Hz, so 108 or 109 whole cycles, the remainders
 * carried so that sample k ends at floor(k * CPU_HZ / SPEAKER_RATE). */
#define SAMPLE_DIV (CPU_HZ_DEN * SPEAKER_RATE)
#define SAMPLE_WHOLE (CPU_HZ_NUM / SAMPLE_DIV)
#define SAMPLE_REM (CPU_HZ_NUM % SAMPLE_DIV)

void speaker_init(struct speaker *sp)
{
    memset(sp, 0, sizeof *sp);
}

static void next_boundary(struct speaker *sp)
{
    sp->sample_start = sp->next_sample;
    sp->next_sample += SAMPLE_WHOLE;
    sp->sample_frac += SAMPLE_REM;
    if (sp->sample_frac >= SAMPLE_DIV) {
        sp->sample_frac -= SAMPLE_DIV;
        sp->next_sample++;
    }
}

void speaker_enable(struct speaker *sp, uint64_t now, size_t max)
{
    uint8_t port61 = sp->port61;
    uint64_t rise = sp->gate_rise;
    speaker_free(sp);
    sp->port61 = port61;
    sp->gate_rise = rise;
    sp->enabled = 1;
    sp->max = max;
    sp->rendered = now;
    sp->next_sample = now;
    next_boundary(sp);
}

void speaker_free(struct speaker *sp)
{
    free(sp->samples);
    speaker_init(sp);
}

int speaker_level(const struct speaker *sp, const struct pit *pit, uint64_t t, uint64_t *until)
{
    *until = UINT64_MAX;
    if (!(sp->port61 & 2))
        return 0;                       /* speaker data off: the cone stays in */
    const struct pit_channel *c = &pit->ch[2];
    if (c->mode == 2 || c->mode == 3) {
        /* Gate low, or no count yet: the output is high.  A gate's rising
         * edge reloads the count, so the wave starts again from there. */
        if (!(sp->port61 & 1) || !c->counting)
            return 1;
        uint64_t origin = c->start > sp->gate_rise ? c->start : sp->gate_rise;
        if (t < origin)
            return 1;
        uint64_t period = (uint64_t)c->reload * PIT_CYCLES_PER_TICK;
        /* Mode 3: high for the first half (the larger one of an odd
         * count), low for the rest; mode 2: high but for the last clock. */
        uint64_t high = c->mode == 3 ? (uint64_t)(c->reload + 1) / 2 * PIT_CYCLES_PER_TICK
                                     : (uint64_t)(c->reload - 1) * PIT_CYCLES_PER_TICK;
        uint64_t at = (t - origin) % period;
        if (at < high) {
            *until = t + (high - at);
            return 1;
        }
        *until = t + (period - at);
        return 0;
    }
    /* Mode 0 (and the one-shot modes, as pit.c runs them): low from the
     * control word until the count runs out, then high. */
    if (!c->counting)
        return 0;
    uint64_t end = c->start + (uint64_t)c->reload * PIT_CYCLES_PER_TICK;
    if (t >= end)
        return 1;
    *until = end;
    return 0;
}

/* The sample being built is complete: keep it (or count it dropped past
 * `max`, or when memory ran out: then `max` becomes what is kept). */
static void emit(struct speaker *sp)
{
    uint64_t span = sp->next_sample - sp->sample_start;
    uint8_t v = (uint8_t)(SPEAKER_LOW + (sp->high * (SPEAKER_HIGH - SPEAKER_LOW) + span / 2) / span);
    sp->high = 0;
    next_boundary(sp);
    if (sp->n >= sp->cap && sp->n < sp->max && grow_array(&sp->samples, &sp->cap, sp->n + 1, 1) != 0)
        sp->max = sp->n;
    if (sp->n >= sp->max) {
        sp->dropped++;
        return;
    }
    sp->samples[sp->n++] = v;
}

void speaker_render(struct speaker *sp, const struct pit *pit, uint64_t now)
{
    if (!sp->enabled)
        return;
    uint64_t t = sp->rendered;
    while (t < now) {
        uint64_t until, end = sp->next_sample < now ? sp->next_sample : now;
        int level = speaker_level(sp, pit, t, &until);
        uint64_t stop = until < end ? until : end;
        if (level)
            sp->high += stop - t;
        t = stop;
        if (t == sp->next_sample)
            emit(sp);
    }
    sp->rendered = t;
}

void speaker_port61(struct speaker *sp, uint8_t value, uint64_t now)
{
    if ((value & 1) && !(sp->port61 & 1))
        sp->gate_rise = now;
    sp->port61 = value & 3;
}
