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
    if (fr->n >= FRAMES_MAX) {
        fr->dropped++;
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
    if (fr->have_flip && address == fr->flip_address)
        return;
    int same_raster = fr->have_flip && raster_frame == fr->flip_raster;
    fr->have_flip = 1;
    fr->flip_address = address;
    fr->flip_raster = raster_frame;
    if (!same_raster)
        frame_start(fr, FRAMES_FLIP, now);
}

void frames_init(struct frames *fr, enum frame_kind want, struct machine *m, const struct sampler *s)
{
    memset(fr, 0, sizeof *fr);
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

static int by_cycles(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* The ceil(p x n / 100)-th of n sorted values. */
static uint64_t rank(const uint64_t *v, size_t n, unsigned p)
{
    size_t k = (n * p + 99) / 100;
    return v[k ? k - 1 : 0];
}

int frame_stats(const struct prx_frame *f, size_t n, struct frame_stats *st)
{
    memset(st, 0, sizeof *st);
    uint64_t *v = malloc((n ? n : 1) * sizeof *v);
    if (!v)
        return -1;
    for (size_t i = 0; i < n; i++)
        if (!f[i].unfinished) {
            v[st->finished++] = f[i].cycles;
            if (f[i].cycles > st->worst) {
                st->worst = f[i].cycles;
                st->worst_frame = i + 1;
            }
        }
    if (st->finished) {
        qsort(v, st->finished, sizeof *v, by_cycles);
        st->median = rank(v, st->finished, 50);
        st->p95 = rank(v, st->finished, 95);
    }
    free(v);
    return 0;
}
