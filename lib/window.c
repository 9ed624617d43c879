/*
 * lib/window.c: `run --window`: the session's side of the window
 * (lib/window_sdl.h does the host's).  At each of the card's frames
 * (adapter_frames(), from the sampling tick) it shows the card's picture,
 * plays the speaker's new samples, takes the host's keys and paces the
 * run against the wall clock.
 *
 * Nothing here changes emulated state but through the keyboard's timed
 * events: a host key becomes a scan code queued at the emulated time it
 * was taken (and recorded as sent, lib/record.c), a control key a start,
 * stop or mark handled at once by the session's control handler (never
 * behind keys the program has not read), and recorded at that time;
 * pacing only sleeps.  So the same keys at the same emulated
 * times give the same bytes, whatever --speed (docs/window.md).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_internal.h"
#include "window_sdl.h"
#include "../emu/video/video_draw.h"
#include "../util/grow.h"

#define CYCLES_PER_SECOND ((double)CPU_HZ_NUM / (double)CPU_HZ_DEN)
#define AUDIO_AHEAD (SPEAKER_RATE / 4u)     /* at most 0.25 s of sound queued */
/* The window's work (keys, picture, sound, pacing) at most 100 times an
 * emulated second, whatever raster the guest sets (the cards' own are
 * 50-72 Hz; a 6845 of 1 x 1 characters ends a frame at every tick), and
 * a picture shown at most at the host display's refresh, of at most
 * 1024 x 1024 pixels (the VGA's largest 8-bit picture; the cards' own are
 * at most 720 x 350 and 640 x 480). */
#define WINDOW_WORK_CYCLES (CPU_HZ_NUM / CPU_HZ_DEN / 100u)
#define WINDOW_MAX_PIXELS (1024u * 1024u)

static const char *const state_names[] = { "sampling", "stopped" };

static void set_title(struct window_run *w, const struct profil_session *s)
{
    char title[300];
    const char *base = strrchr(s->o.program, '/');
    base = base ? base + 1 : s->o.program;
    int stopped = !s->guest.collecting;
    if (w->title_state == stopped + 1 && w->title_marks == w->marks)
        return;
    w->title_state = stopped + 1;
    w->title_marks = w->marks;
    if (w->marks)
        snprintf(title, sizeof title, "profil: %s - %s - mark %u", base, state_names[stopped], w->marks);
    else
        snprintf(title, sizeof title, "profil: %s - %s", base, state_names[stopped]);
    host_window_title(w->host, title);
}

/* Queue an event at the machine's time. */
static void queue(struct profil_session *s, struct input_event e)
{
    struct window_run *w = &s->win;
    if (w->n >= RECORDING_MAX_EVENTS || grow_array(&w->events, &w->cap, w->n + 1, sizeof *w->events) != 0)
        return;                 /* beyond that, keys are not taken */
    w->events[w->n++] = e;
    kbd_queue_more(&s->m->kbd, w->events, w->n);
}

static unsigned modifier_bit(uint8_t code)
{
    return code == 0x2A || code == 0x36 ? KEY_SHIFT : code == 0x1D ? KEY_CTRL : code == 0x38 ? KEY_ALT : 0;
}

/* A host key: a control key's action, or the scan code for the program. */
static void host_key(struct profil_session *s, const struct host_key *k)
{
    struct window_run *w = &s->win;
    uint64_t now = machine_now(s->m);
    if (k->code == s->o.window_keys[0] || k->code == s->o.window_keys[1]) {
        if (!k->down)
            return;
        /* At once, apart from the keyboard's queue (where it would wait
         * behind codes the program has not read): recorded at this time,
         * so a replay does it at the same time. */
        uint8_t kind = k->code == s->o.window_keys[1] ? INPUT_MARK : s->guest.collecting ? INPUT_STOP : INPUT_START;
        const struct input_event e = { .at = now, .kind = kind };
        if (s->m->on_control)
            s->m->on_control(s->m->control_ctx, &e);
        if (kind == INPUT_MARK)
            w->marks++;
        return;
    }
    if (k->code > 0x53)
        return;                 /* not on the 83-key keyboard, not a control key */
    unsigned bit = modifier_bit(k->code);
    if (bit)
        w->mods = k->down ? w->mods | bit : w->mods & ~bit;
    uint8_t code = k->down ? k->code : (uint8_t)(k->code | 0x80);
    queue(s, (struct input_event){ .at = now, .kind = INPUT_KEY, .code = code,
                                   .ascii = k->down ? kbd_char_of_scan(k->code, w->mods) : 0 });
    if (k->down && !bit) {
        w->held = k->code;
        w->repeat_at = now + KBD_TYPEMATIC_DELAY;
    } else if (!k->down && k->code == w->held) {
        w->held = 0;
    }
}

static void show_frame(struct profil_session *s)
{
    struct window_run *w = &s->win;
    struct video_picture pic;
    char why[200];
    double t = host_window_seconds();
    if (t < w->show_at)
        return;                 /* shown this refresh already */
    w->show_at = (t - w->show_at < w->refresh ? w->show_at : t) + w->refresh;
    if (video_draw(s->m, &pic, why, sizeof why) != 0) {
        if (!w->undrawn_said) {
            fprintf(s->err, "profil: --window: %s\n", why);
            w->undrawn_said = 1;
        }
        return;
    }
    /* the picture inside its border, as the monitor shows it */
    unsigned cw, ch;
    uint8_t *canvas = video_picture_canvas(&pic, &cw, &ch);
    if (canvas && (uint64_t)cw * ch > WINDOW_MAX_PIXELS) {
        if (!w->undrawn_said)
            fprintf(s->err, "profil: --window: the card shows %ux%u pixels, more than the window shows (%u); not "
                    "shown\n", cw, ch, WINDOW_MAX_PIXELS);
        w->undrawn_said = 1;
        w->show_at = t + 1.0;   /* drawn again a second later, when the card may show another */
    } else if (canvas) {
        host_window_show(w->host, canvas, cw, ch, pic.palette, 4.0 / 3.0);
    }
    free(canvas);
    video_picture_free(&pic);
}

static void play_sound(struct profil_session *s)
{
    struct window_run *w = &s->win;
    struct speaker *sp = &s->m->spk;
    if (!w->sound)
        return;
    speaker_render(sp, &s->m->pit, machine_now(s->m));
    size_t fresh = sp->n - w->played;
    if (s->o.speed == 1.0 && host_window_queued(w->host) < AUDIO_AHEAD)
        w->underruns += (unsigned)host_window_play(w->host, sp->samples + w->played, fresh);
    w->played = sp->n;
    if (!s->o.audio_wav)
        sp->n = w->played = 0;      /* not kept: the window has them */
}

/* Sleep until the wall clock catches up with emulated time / speed; a
 * host that falls behind by more than a quarter second starts over. */
static void pace(struct profil_session *s)
{
    struct window_run *w = &s->win;
    if (s->o.speed <= 0)
        return;                 /* --speed max */
    double emulated = (double)(machine_now(s->m) - w->emu0) / CYCLES_PER_SECOND / s->o.speed;
    double ahead = emulated - (host_window_seconds() - w->wall0);
    if (ahead > 0)
        host_window_sleep(ahead > 0.1 ? 0.1 : ahead);
    else if (ahead < -0.25) {
        w->wall0 = host_window_seconds();
        w->emu0 = machine_now(s->m);
    }
}

/* The sampling tick's own work, then the window's at each new frame. */
static void window_tick(void *ctx, uint16_t cs, uint16_t ip)
{
    struct profil_session *s = ctx;
    struct window_run *w = &s->win;
    w->inner(w->inner_ctx, cs, ip);
    uint64_t now = machine_now(s->m);
    if (w->held && now >= w->repeat_at && !s->o.replay) {
        queue(s, (struct input_event){ .at = w->repeat_at, .kind = INPUT_KEY, .code = w->held,
                                       .ascii = kbd_char_of_scan(w->held, w->mods) });
        w->repeat_at += KBD_TYPEMATIC_PERIOD;
        if (w->repeat_at <= now)    /* a long instruction or service: no burst of repeats */
            w->repeat_at = now + KBD_TYPEMATIC_PERIOD;
    }
    /* Host work at the last of the ticks due now: a control key then acts
     * after every tick up to now, where a replay's recorded one does. */
    if (s->m->next_tick + s->m->tick_period <= now)
        return;
    uint64_t frame = adapter_frames(&s->m->adapter, now);
    if (frame == w->frame || (w->worked && now - w->work_at < WINDOW_WORK_CYCLES))
        return;
    w->frame = frame;
    w->work_at = now;
    w->worked = 1;
    struct host_key keys[64];
    int closed = 0;
    size_t n = host_window_poll(w->host, keys, sizeof keys / sizeof *keys, &closed);
    for (size_t i = 0; i < n && !s->o.replay; i++)
        host_key(s, &keys[i]);
    if (closed) {
        if (closed == 2)
            fprintf(s->err, "profil: --window: the display was lost (an X error); the run stops as when the window "
                    "is closed\n");
        machine_stop(s->m, STOP_INTERRUPTED, closed == 2 ? "the display was lost" : "the window was closed");
        return;
    }
    show_frame(s);
    play_sound(s);
    set_title(w, s);
    pace(s);
}

static void window_start(struct profil_session *s);
static void window_close(struct profil_session *s);
static void window_free(struct profil_session *s);
static const struct window_ops window_sdl_ops = { window_start, window_close, window_free };

enum profil_error window_open(struct profil_session *s)
{
    struct window_run *w = &s->win;
    char err[600], title[300];
    const char *base = strrchr(s->o.program, '/');
    snprintf(title, sizeof title, "profil: %s", base ? base + 1 : s->o.program);
    w->sound = 1;
    if (host_window_open(&w->host, title, w->sound ? SPEAKER_RATE : 0, err, sizeof err) != 0)
        return session_fail(s, PROFIL_ERR_SETUP, "%s", err);
    w->inner = s->m->on_tick;
    w->inner_ctx = s->m->tick_ctx;
    machine_set_tick(s->m, s->m->tick_period, window_tick, s);
    w->frame = UINT64_MAX;
    s->m->kbd.live = !s->o.replay;      /* the program waits for the window's keys */
    w->ops = &window_sdl_ops;
    return PROFIL_OK;
}

static void window_start(struct profil_session *s)
{
    struct window_run *w = &s->win;
    if (!w->host)
        return;
    if (w->sound && !s->m->spk.enabled)
        speaker_enable(&s->m->spk, machine_now(s->m), SESSION_WAV_MAX);
    w->wall0 = host_window_seconds();
    w->emu0 = machine_now(s->m);
    w->refresh = 1.0 / host_window_refresh(w->host);
    set_title(w, s);
}

static void window_close(struct profil_session *s)
{
    struct window_run *w = &s->win;
    if (!w->host)
        return;
    if (w->underruns)
        fprintf(s->err, "profil: --window: the sound ran dry %u times\n", w->underruns);
    host_window_close(w->host);
    w->host = NULL;
}

static void window_free(struct profil_session *s)
{
    window_close(s);
    free(s->win.events);
}
