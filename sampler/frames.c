/*
 * sampler/frames.c: the program's frames (see frames.h).
 */
#include "frames.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../emu/cpu/cpu.h"
#include "../emu/machine.h"
#include "../emu/services.h"
#include "../emu/clockrate.h"
#include "../util/grow.h"

/* The open frame's busiest service since its start (the cycles the
 * host services charged, svcprof.h), or the program's own code when the
 * services had less than a quarter of it. */
static void frame_spent(struct frames *fr, struct prx_frame *f)
{
    const struct svcprof *p = fr->svc;
    uint64_t top = 0, all = 0;
    uint32_t id = 0;
    for (size_t k = 0; p && k < p->n; k++) {
        uint64_t c = p->rows[k].cycles, b = k < fr->nsvc_base ? fr->svc_base[k] : 0;
        uint64_t d = c >= b ? c - b : c;    /* less: CLEAR came between */
        all += d;
        if (d > top)
            top = d, id = p->rows[k].id;
    }
    if (top > f->cycles / 4) {
        f->spent_cycles = top;
        service_label(id, f->spent, sizeof f->spent);
    } else {
        f->spent_cycles = all < f->cycles ? f->cycles - all : 0;
        snprintf(f->spent, sizeof f->spent, "the program");
    }
}

/* The services' cycles at a frame's start (kept as they grow). */
static void svc_snapshot(struct frames *fr)
{
    const struct svcprof *p = fr->svc;
    if (!p || fr->failed)
        return;
    if (grow_array(&fr->svc_base, &fr->svc_cap, p->n ? p->n : 1, sizeof *fr->svc_base) != 0) {
        fr->failed = 1;
        return;
    }
    for (size_t k = 0; k < p->n; k++)
        fr->svc_base[k] = p->rows[k].cycles;
    fr->nsvc_base = p->n;
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
    frame_spent(fr, f);
}

/* Compares the rows of one frame by address. */
static int by_address(const void *a, const void *b)
{
    const struct prx_frame_row *x = a, *y = b;
    return x->linear < y->linear ? -1 : x->linear > y->linear;
}

/* A row for the open frame, or -1 when none can be kept: past rows_max
 * (or out of memory) the open frame's rows go, and every later frame's. */
static int add_row(struct frames *fr, const struct prx_frame_row *r)
{
    if (fr->rows_full)
        return -1;
    if (fr->nrows >= fr->rows_max || grow_array(&fr->rows, &fr->rows_cap, fr->nrows + 1, sizeof *fr->rows) != 0) {
        fr->rows_full = 1;
        fr->nrows = fr->open_row;
        return -1;
    }
    fr->rows[fr->nrows++] = *r;
    return 0;
}

/* Trace mode: the counts of each address touched since the last call,
 * less those it had then, as rows of the open frame (when `keep`). */
static void take_trace_rows(struct frames *fr, int keep)
{
    struct exact_counts *x = fr->exact;
    for (uint32_t k = 0; k < x->ntouched; k++) {
        uint32_t a = x->touched[k];
        uint64_t now[4], d[4];
        exact_get(x, a, now);
        for (int j = 0; j < 4; j++) {
            uint64_t v = now[j];
            d[j] = v >= fr->base[j][a] ? v - fr->base[j][a] : v;    /* less: CLEAR came between */
            fr->base[j][a] = v;
        }
        uint32_t bucket;
        uint16_t cs = x->addr[a].cs;
        if (keep && (d[0] || d[1]))
            add_row(fr, &(struct prx_frame_row){ (uint32_t)(fr->n - 1), a, cs,
                                                 (uint8_t)(fr->s ? sample_class_at(&fr->s->layout, a, cs, &bucket)
                                                                 : CLASS_HIGH),
                                                 d[0], d[1], d[2], d[3] });
    }
    x->ntouched = 0;
}

/* Trace mode, at the first frame: the counts so far become the base,
 * and the machine starts listing the addresses it counts.  (Until then
 * the list is not kept: a run without frames pays nothing for it.  Every
 * count changes through the list or is zeroed with the base by CLEAR, so
 * copying them gives the base taking the listed ones would; the base is
 * all 0 before the first frame, and only the counts that are not are
 * written, leaving the rest of its pages untouched.) */
static void start_touching(struct frames *fr)
{
    struct exact_counts *x = fr->exact;
    for (uint32_t a = 0; a < MEM_SIZE; a++) {
        uint64_t now[4];
        exact_get(x, a, now);
        for (int j = 0; j < 4; j++)
            if (now[j])
                fr->base[j][a] = now[j];
    }
    x->touched = fr->touched;
    x->touched_at = fr->touched_at;
    x->ntouched = 0;
    cpu_exact_listed(fr->m);
}

/* The open frame's profile is complete (`keep`: it is a frame's, not the
 * time before the first one or after the last kept one). */
static void end_profile(struct frames *fr, int keep)
{
    if (fr->exact)
        take_trace_rows(fr, keep);
    if (keep && !fr->rows_full) {
        if (fr->nrows > fr->open_row)   /* (rows is NULL until the first: qsort wants a pointer) */
            qsort(fr->rows + fr->open_row, fr->nrows - fr->open_row, sizeof *fr->rows, by_address);
        fr->profiled = fr->n;
    }
    fr->open_row = fr->nrows;
}

/* The frames so far are dropped: what paces the program changed (the
 * time before the next frame is no frame's); `was` says what led. */
static void frames_restart(struct frames *fr, const char *was)
{
    if (fr->n) {
        fr->switched = 1;
        snprintf(fr->was, sizeof fr->was, "%s", was);
        fr->switched_at = machine_now(fr->m);
    }
    fr->n = 0;
    fr->nrows = fr->open_row = fr->profiled = 0;
    fr->rows_full = 0;
    fr->dropped = 0;
}

/* Whether wait loop p waits on a display's status port (the retrace). */
static int waits_on_status(const struct poll_loop *p)
{
    return p->w.port && (p->w.off == 0x3DA || p->w.off == 0x3BA);
}

/* auto: the kind that paces the program by what came (`seen`, per kind):
 * FRAME calls; else the wait loop it spends most time in (its retrace
 * wait is vsync's); else page flips, the retrace seen, the program's own
 * timer handler; FRAMES_AUTO: none. */
static enum frame_kind auto_choice(const struct frames *fr, const uint64_t seen[FRAME_KINDS])
{
    if (seen[FRAMES_MARK])
        return FRAMES_MARK;
    if (fr->lead >= 0)
        return waits_on_status(&fr->poll[fr->lead]) && seen[FRAMES_VSYNC] ? FRAMES_VSYNC : FRAMES_POLL;
    static const enum frame_kind then[] = { FRAMES_FLIP, FRAMES_VSYNC, FRAMES_TIMER };
    for (size_t i = 0; i < sizeof then / sizeof *then; i++)
        if (seen[then[i]])
            return then[i];
    return FRAMES_AUTO;
}

/* auto_choice(), when that kind came at all (a second with no frame of
 * any kind, a load, changes nothing; the lead loop's samples in the
 * window are poll's). */
static enum frame_kind auto_seen(const struct frames *fr, const uint64_t seen[FRAME_KINDS])
{
    enum frame_kind c = auto_choice(fr, seen);
    return seen[c] || (c == FRAMES_POLL && fr->poll[fr->lead].window) ? c : FRAMES_AUTO;
}

/* auto follows `kind` from now on (its next event starts a frame). */
static void auto_follow(struct frames *fr, enum frame_kind kind)
{
    if (fr->kind != FRAMES_AUTO && fr->n)
        frames_restart(fr, frame_kind_name(fr->kind));
    fr->kind = kind;
}

/* A frame of `kind` starts at `now` (when it is the kind followed; under
 * auto, counted, and followed when it is the choice). */
static void frame_start(struct frames *fr, enum frame_kind kind, uint64_t now)
{
    if (fr->want == FRAMES_AUTO) {
        fr->seen[kind]++;
        fr->window_seen[kind]++;
        if (kind == FRAMES_MARK && fr->kind != FRAMES_MARK)
            auto_follow(fr, FRAMES_MARK);           /* the program says where its frames are */
        else if (fr->kind == FRAMES_AUTO && auto_seen(fr, fr->seen) == kind)
            fr->kind = kind;
    }
    if (kind != fr->kind || fr->failed)
        return;
    if (fr->n >= fr->max) {
        if (fr->dropped++ == 0 && fr->n) {
            close_open(fr, now);        /* the last kept frame ends here */
            fr->f[fr->n - 1].unfinished = 0;
            end_profile(fr, 1);
        }
        return;
    }
    if (grow_array(&fr->f, &fr->cap, fr->n + 1, sizeof *fr->f) != 0) {
        fr->failed = 1;
        return;
    }
    close_open(fr, now);
    if (fr->exact && !fr->exact->touched)
        start_touching(fr);
    end_profile(fr, fr->n > 0);
    /* Until it closes, a frame holds the counts at its start. */
    fr->f[fr->n++] = (struct prx_frame){ now, 0, cpu_insn_count(fr->m), fr->s ? fr->s->total : 0, 1, 0, 0, "" };
    svc_snapshot(fr);
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

/* The programs' memory, where a handler is the program's own: from the
 * first MCB up to the ROM (the BIOS's and DOS's code are below it). */
static int programs_own(uint32_t a)
{
    return a >= (uint32_t)SEG_ARENA * 16 && a < (uint32_t)SEG_ROM * 16;
}

/* IRQ 0 enters the CPU: the program's INT 8 handler runs now, or the
 * BIOS's, which calls INT 1Ch, the program's. */
static void on_timer(void *ctx, uint32_t int08, uint32_t int1c, uint64_t now)
{
    struct frames *fr = ctx;
    if ((fr->want != FRAMES_TIMER && fr->want != FRAMES_AUTO) || (!programs_own(int08) && !programs_own(int1c)))
        return;
    if (fr->timer_runs++ % fr->every == 0)
        frame_start(fr, FRAMES_TIMER, now);
}

/* The watch of at=: the instruction there is about to run (once per
 * instruction: a boundary may come twice before it runs). */
static void on_watch(struct machine *m, void *ctx)
{
    struct frames *fr = ctx;
    uint64_t n = cpu_insn_count(m) + 1;
    if (n == fr->at_insn)
        return;
    fr->at_insn = n;
    frame_start(fr, FRAMES_AT, machine_now(m));
}

/* poll: the exit of loop p was reached (once per instruction). */
static void on_poll_exit(struct machine *m, void *ctx)
{
    struct poll_loop *p = ctx;
    struct frames *fr = p->fr;
    uint64_t n = cpu_insn_count(m) + 1;
    if (n == p->at_insn)
        return;
    p->at_insn = n;
    if (p - fr->poll == fr->lead)
        frame_start(fr, FRAMES_POLL, machine_now(m));
}

/* The lead's exit is watched (machine_add_watch(): the program runs more
 * slowly from then on) when its exits start frames: under poll, and under
 * auto unless it waits on the status port, whose reads already give vsync
 * frames (at a window's end, such a lead with no vertical sync seen in it
 * is watched too). */
static void watch_lead(struct frames *fr, int window_end)
{
    if (fr->lead < 0)
        return;
    struct poll_loop *p = &fr->poll[fr->lead];
    if (p->watched || (fr->want == FRAMES_AUTO && waits_on_status(p) &&
                       (!window_end || fr->window_seen[FRAMES_VSYNC])))
        return;
    p->watched = machine_add_watch(fr->m, p->w.exit, on_poll_exit, p) == 0;
}

/* The loop that had the most samples in the window that ended leads, when
 * it had more than the lead (ties: the lead stays, else the first seen). */
static void poll_window_end(struct frames *fr)
{
    int best = fr->lead;
    for (int k = 0; k < fr->npoll; k++)
        if (best < 0 || fr->poll[k].window > fr->poll[best].window)
            best = k;
    if (best != fr->lead) {
        if (fr->kind == FRAMES_POLL && fr->n) {
            char was[PRX_FRAME_WHY_MAX];
            wait_loop_text(&fr->poll[fr->lead].w, was, sizeof was);
            frames_restart(fr, was);
        }
        fr->lead = best;
    }
    watch_lead(fr, 1);
    if (fr->want == FRAMES_AUTO) {
        enum frame_kind c = auto_seen(fr, fr->window_seen);
        if (c != FRAMES_AUTO && c != fr->kind && fr->kind != FRAMES_MARK)
            auto_follow(fr, c);
        memset(fr->window_seen, 0, sizeof fr->window_seen);
    }
    for (int k = 0; k < fr->npoll; k++)
        fr->poll[k].window = 0;
}

/* poll: a sample of the program's code at cs:ip; the wait loop there (found
 * once per address), the first one found leading. */
static void poll_sample(struct frames *fr, uint16_t cs, uint16_t ip, enum sample_class cls)
{
    uint64_t w = machine_now(fr->m) / POLL_WINDOW;
    if (w != fr->poll_window) {
        poll_window_end(fr);
        fr->poll_window = w;
    }
    if (cls != CLASS_BUCKET || fr->failed || !fr->mem)
        return;
    if (!fr->poll_seen && !(fr->poll_seen = calloc(MEM_SIZE, 1))) {
        fr->failed = 1;
        return;
    }
    uint32_t a = lin(cs, ip);
    if (fr->poll_seen[a] == 0) {
        uint16_t r[NREGS];
        for (int i = 0; i < NREGS; i++)
            r[i] = cpu_get(fr->m, (enum reg)i);
        struct wait_loop wl;
        int k = -1;
        if (wait_loop_at(fr->mem, cs, ip, r, &wl)) {
            for (k = 0; k < fr->npoll && fr->poll[k].w.start != wl.start; k++)
                ;
            if (k == fr->npoll) {
                if (k == POLL_LOOPS) {
                    k = -1;
                } else {
                    fr->poll[k] = (struct poll_loop){ fr, wl, 0, 0, 0, 0 };
                    fr->npoll++;
                }
            }
        }
        fr->poll_seen[a] = (uint8_t)(k < 0 ? 1 : 2 + k);
    }
    if (fr->poll_seen[a] >= 2) {
        struct poll_loop *p = &fr->poll[fr->poll_seen[a] - 2];
        p->samples++;
        p->window++;
        if (fr->lead < 0) {
            fr->lead = (int)(p - fr->poll);
            watch_lead(fr, 0);
        }
    }
}

void frames_timer_every(struct frames *fr, unsigned every)
{
    fr->every = every ? every : 1;
    if (fr->want == FRAMES_TIMER && fr->every > 1)
        snprintf(fr->text, sizeof fr->text, "%s/%u", frame_kind_name(FRAMES_TIMER), fr->every);
}

int frames_at(struct frames *fr, uint32_t linear, const char *text)
{
    snprintf(fr->text, sizeof fr->text, "at=%s", text);
    return machine_add_watch(fr->m, linear, on_watch, fr);
}

void frames_init(struct frames *fr, enum frame_kind want, struct machine *m, const struct sampler *s, uint16_t shown)
{
    memset(fr, 0, sizeof *fr);
    fr->flip_address = shown;
    fr->max = FRAMES_MAX;
    fr->rows_max = PRX_FRAME_ROWS_MAX;
    fr->want = fr->kind = want;
    fr->m = m;
    fr->s = s;
    fr->every = 1;
    fr->lead = -1;
    snprintf(fr->text, sizeof fr->text, "%s", frame_kind_name(want));
    fr->obs = (struct display_observer){ fr, on_status, on_start_address, on_timer };
}

void frames_free(struct frames *fr)
{
    free(fr->f);
    fr->f = NULL;
    fr->n = fr->cap = 0;
    free(fr->rows);
    fr->rows = NULL;
    fr->nrows = fr->rows_cap = fr->open_row = fr->profiled = 0;
    free(fr->slot);
    fr->slot = NULL;
    free(fr->poll_seen);
    fr->poll_seen = NULL;
    free(fr->svc_base);
    fr->svc_base = NULL;
    fr->nsvc_base = fr->svc_cap = 0;
    for (int j = 0; j < 4; j++) {
        free(fr->base[j]);
        fr->base[j] = NULL;
    }
    free(fr->touched);
    free(fr->touched_at);
    fr->touched = fr->touched_at = NULL;
    if (fr->exact)
        fr->exact->touched = fr->exact->touched_at = NULL;
    fr->exact = NULL;
}

int frames_trace(struct frames *fr, struct exact_counts *x)
{
    for (int j = 0; j < 4; j++)
        if (!(fr->base[j] = calloc(MEM_SIZE, sizeof *fr->base[j])))
            return -1;
    if (!(fr->touched = calloc(MEM_SIZE, sizeof *fr->touched)) ||
        !(fr->touched_at = calloc(MEM_SIZE, sizeof *fr->touched_at)))
        return -1;
    fr->exact = x;
    x->touched = x->touched_at = NULL;     /* until the first frame (start_touching) */
    x->ntouched = 0;
    return 0;
}

void frames_sample(struct frames *fr, uint16_t cs, uint16_t ip, enum sample_class cls)
{
    if (fr->want == FRAMES_POLL || fr->want == FRAMES_AUTO)
        poll_sample(fr, cs, ip, cls);
    if (fr->exact || fr->n == 0 || fr->dropped || fr->failed || fr->rows_full)
        return;
    uint32_t a = lin(cs, ip);
    if (!fr->slot && !(fr->slot = calloc(MEM_SIZE, sizeof *fr->slot))) {
        fr->rows_full = 1;
        fr->nrows = fr->open_row;
        return;
    }
    size_t k = fr->slot[a];
    if (k >= fr->open_row && k < fr->nrows && fr->rows[k].linear == a) {
        fr->rows[k].count++;
        fr->rows[k].cs = cs;
        return;
    }
    if (add_row(fr, &(struct prx_frame_row){ (uint32_t)(fr->n - 1), a, cs, (uint8_t)cls, 1, 0, 0, 0 }) == 0)
        fr->slot[a] = (uint32_t)(fr->nrows - 1);
}

void frames_counts_cleared(struct frames *fr)
{
    for (int j = 0; j < 4; j++)
        if (fr->base[j])
            memset(fr->base[j], 0, MEM_SIZE * sizeof *fr->base[j]);
}

void frames_mark(struct frames *fr, uint64_t now)
{
    frame_start(fr, FRAMES_MARK, now);
}

/* The first cycle after `from` (up to `limit` later) at which the card
 * has shown one more raster frame than at `from`, by bisection over
 * adapter_frames() (which only grows); 0 when none comes. */
static uint64_t next_raster(const struct display_adapter *a, uint64_t from, uint64_t limit)
{
    uint64_t k = adapter_frames(a, from), lo = from, hi = from + limit;
    if (adapter_frames(a, hi) == k)
        return 0;
    while (hi - lo > 1) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (adapter_frames(a, mid) > k)
            hi = mid;
        else
            lo = mid;
    }
    return hi;
}

/* The card's raster frame in CPU cycles as it is at `now`: from the next
 * frame's start to the one after (the CGA's 912 x 262 dots at 3 a cycle:
 * 79648); 0 when the card shows none within 2^24 cycles. */
static uint64_t raster_period(const struct display_adapter *a, uint64_t now)
{
    uint64_t t1 = next_raster(a, now, 1u << 24), t2 = t1 ? next_raster(a, t1, 1u << 24) : 0;
    return t2 ? t2 - t1 : 0;
}

/* Why the frames are what they are (fr->why): the wait loop they leave,
 * or under auto what made it take its kind (or none), and a change of it. */
static void explain(struct frames *fr)
{
    size_t k;
    const struct poll_loop *lead = fr->lead >= 0 ? &fr->poll[fr->lead] : NULL;
    fr->why[0] = 0;
    if (lead && (fr->kind == FRAMES_POLL || (fr->want == FRAMES_AUTO && fr->kind == FRAMES_VSYNC &&
                                             waits_on_status(lead))))
        wait_loop_text(&lead->w, fr->why, sizeof fr->why);
    else if (fr->want == FRAMES_AUTO) {
        static const char *const why[FRAME_KINDS] = {
            [FRAMES_AUTO] = "no FRAME call, wait loop, page flip, retrace seen or timer handler of the program's",
            [FRAMES_MARK] = "the program calls FRAME",
            [FRAMES_FLIP] = "the CRTC's start address changes (no wait loop found)",
            [FRAMES_VSYNC] = "reads of the status port see the vertical sync begin (no wait loop found)",
            [FRAMES_TIMER] = "the program's own timer handler runs (no wait loop found)",
        };
        snprintf(fr->why, sizeof fr->why, "%s", why[fr->kind] ? why[fr->kind] : "");
    }
    if (fr->switched && (k = strlen(fr->why)) > 0)
        snprintf(fr->why + k, sizeof fr->why - k, " (from %.1f s; before it %s)",
                 (double)fr->switched_at * CPU_HZ_DEN / CPU_HZ_NUM, fr->was);
}

/* The finished frames longer than PRX_FRAME_LONG x their median are
 * marked: not gameplay. */
static void mark_long(struct frames *fr)
{
    struct prx_frame_stats st;
    if (prx_frame_stats(fr->f, fr->n, &st) != 0 || st.finished < 2)
        return;
    for (size_t i = 0; i < fr->n; i++)
        fr->f[i].marked = !fr->f[i].unfinished && fr->f[i].cycles > PRX_FRAME_LONG * st.median;
}

void frames_finish(struct frames *fr, uint64_t now)
{
    explain(fr);
    fr->period = raster_period(machine_adapter(fr->m), now);
    if (!fr->dropped) {
        close_open(fr, now);
        end_profile(fr, fr->n > 0);
    }
    mark_long(fr);
}

void frames_to_prx(struct frames *fr, struct prx *x)
{
    x->frames = fr->f;
    x->nframes = fr->n;
    snprintf(x->frame_kind, sizeof x->frame_kind, "%s", fr->kind == fr->want ? fr->text : frame_kind_name(fr->kind));
    x->frame_rows = fr->rows;
    x->nframe_rows = fr->nrows;
    x->profiled = fr->profiled;
    x->frame_period = fr->period;
    snprintf(x->frame_why, sizeof x->frame_why, "%s", fr->why);
    fr->f = NULL;
    fr->n = fr->cap = 0;
    fr->rows = NULL;
    fr->nrows = fr->rows_cap = fr->open_row = fr->profiled = 0;
}
