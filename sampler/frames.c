/*
 * sampler/frames.c: the program's frames (see frames.h).
 */
#include "frames.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../emu/cpu/cpu.h"
#include "../util/grow.h"

static const char *const kind_names[FRAME_KINDS] = { "auto", "vsync", "flip", "mark" };

const char *frame_kind_name(enum frame_kind k)
{
    return (unsigned)k < FRAME_KINDS ? kind_names[k] : "?";
}

int frame_kind_parse(const char *name, enum frame_kind *out)
{
    for (int i = 0; i < FRAME_KINDS; i++)
        if (strcmp(name, kind_names[i]) == 0) {
            *out = (enum frame_kind)i;
            return 0;
        }
    return -1;
}

/* The open frame's counts up to `now`. */
static void close_open(struct frames *fr, uint64_t now)
{
    if (fr->n == 0)
        return;
    struct prx_frame *f = &fr->f[fr->n - 1];
    f->cycles = now - f->start;
    f->insns = cpu_insn_count(fr->m) - f->insns;
    f->samples = (fr->s ? fr->s->total : 0) - f->samples;
}

/* A frame of `kind` starts at `now` (when it is the kind followed). */
static void frame_start(struct frames *fr, enum frame_kind kind, uint64_t now)
{
    if (fr->kind == FRAMES_AUTO)
        fr->kind = kind;
    if (kind != fr->kind || fr->failed)
        return;
    if (fr->n >= fr->max) {
        if (fr->dropped++ == 0 && fr->n) {
            close_open(fr, now);        /* the last kept frame ends here */
            fr->f[fr->n - 1].unfinished = 0;
        }
        return;
    }
    if (grow_array(&fr->f, &fr->cap, fr->n + 1, sizeof *fr->f) != 0) {
        fr->failed = 1;
        return;
    }
    close_open(fr, now);
    /* Until it closes, a frame holds the counts at its start. */
    fr->f[fr->n++] = (struct prx_frame){ now, 0, cpu_insn_count(fr->m), fr->s ? fr->s->total : 0, 1 };
    if (fr->n > 1)
        fr->f[fr->n - 2].unfinished = 0;
}

static void on_status(void *ctx, int vsync, uint64_t now)
{
    struct frames *fr = ctx;
    if (!vsync) {
        fr->seen_outside = 1;
    } else if (fr->seen_outside) {
        fr->seen_outside = 0;
        frame_start(fr, FRAMES_VSYNC, now);
    }
}

static void on_start_address(void *ctx, uint16_t address, uint64_t raster_frame, uint64_t now)
{
    struct frames *fr = ctx;
    if (address == fr->flip_address)
        return;
    int same_raster = fr->have_flip && raster_frame == fr->flip_raster;
    fr->have_flip = 1;
    fr->flip_address = address;
    fr->flip_raster = raster_frame;
    if (!same_raster)
        frame_start(fr, FRAMES_FLIP, now);
}

void frames_init(struct frames *fr, enum frame_kind want, struct machine *m, const struct sampler *s, uint16_t shown)
{
    memset(fr, 0, sizeof *fr);
    fr->flip_address = shown;
    fr->max = FRAMES_MAX;
    fr->want = fr->kind = want;
    fr->m = m;
    fr->s = s;
    fr->obs = (struct display_observer){ fr, on_status, on_start_address };
}

void frames_free(struct frames *fr)
{
    free(fr->f);
    fr->f = NULL;
    fr->n = fr->cap = 0;
}

void frames_mark(struct frames *fr, uint64_t now)
{
    frame_start(fr, FRAMES_MARK, now);
}

void frames_finish(struct frames *fr, uint64_t now)
{
    if (!fr->dropped)
        close_open(fr, now);
}

void frames_to_prx(struct frames *fr, struct prx *x)
{
    x->frames = fr->f;
    x->nframes = fr->n;
    snprintf(x->frame_kind, sizeof x->frame_kind, "%s", frame_kind_name(fr->kind));
    fr->f = NULL;
    fr->n = fr->cap = 0;
}
