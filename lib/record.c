/*
 * lib/record.c: a session's input recording (`run --record FILE`) and its
 * replay (`run --replay FILE`, docs/recording.md).
 *
 * Recording: every scan code the keyboard sends (from --keys or, later, a
 * window) with the emulated cycle it was sent at, the options that change
 * what the program does, the program's SHA-256, and how and when the run
 * ended.  Replay: the same scan codes queued at the same cycles, so the
 * run, and every file it writes, is the same byte for byte; refused,
 * before anything runs, for another program or other options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session_internal.h"
#include "../formats/sha256.h"
#include "../util/grow.h"

/* The options that change what the program does (not what profil
 * writes about it): a replay must have the recording's. */
static int run_options(const struct profil_session *s, struct recording *r)
{
    const struct profil_options *o = &s->o;
    char v[RECORDING_VALUE_MAX];
    int bad = 0;
    bad |= recording_set_option(r, "cpu", profil_cpu_name(o->cpu) ? profil_cpu_name(o->cpu) : "?");
    bad |= recording_set_option(r, "timing", profil_uses_bus(o) ? "bus" : "table");
    bad |= recording_set_option(r, "no-refresh", o->no_refresh ? "yes" : "no");
    bad |= recording_set_option(r, "video", profil_video_name(o->video) ? profil_video_name(o->video) : "?");
    bad |= recording_set_option(r, "disk-time", o->disk_time == PROFIL_DISK_TIME_NONE ? "none" : "xt");
    snprintf(v, sizeof v, "%u.%02u", o->dos_version ? o->dos_version & 0xFF : 3u,
             o->dos_version ? o->dos_version >> 8 : 30u);
    bad |= recording_set_option(r, "dos-version", v);
    snprintf(v, sizeof v, "%llu", o->disk_free_set ? (unsigned long long)o->disk_free : 0ull);
    bad |= recording_set_option(r, "disk-free", o->disk_free_set ? v : "default");
    snprintf(v, sizeof v, "%.17g", o->timeout_s);
    bad |= recording_set_option(r, "timeout", o->timeout_s > 0 ? v : "none");
    snprintf(v, sizeof v, "%llu", (unsigned long long)o->max_insn);
    bad |= recording_set_option(r, "max-instructions", o->max_insn ? v : "none");
    bad |= recording_set_option(r, "strict", o->strict ? "yes" : "no");
    bad |= recording_set_option(r, "start-stopped", o->start_stopped ? "yes" : "no");
    bad |= recording_set_option(r, "tail", o->tail ? o->tail : "");
    for (size_t i = 0; i < o->nenv; i++) {
        char name[32];
        snprintf(name, sizeof name, "env.%u", (unsigned)(i + 1) % 1000u);
        bad |= recording_set_option(r, name, o->env[i]);
    }
    return bad ? -1 : 0;
}

/* A replay's --timeout or --max-instructions may be tighter than the
 * recording's (it then ends before the recording's end, by that limit). */
static int tightened(const char *name, const char *was, const char *now)
{
    if (strcmp(name, "timeout") != 0 && strcmp(name, "max-instructions") != 0)
        return 0;
    if (strcmp(now, "none") == 0)
        return 0;
    if (strcmp(was, "none") == 0)
        return 1;
    return strcmp(name, "timeout") == 0 ? strtod(now, NULL) <= strtod(was, NULL)
                                        : strtoull(now, NULL, 10) <= strtoull(was, NULL, 10);
}

/* The keyboard sent a scan code: into the recording. */
static void record_code(void *ctx, uint64_t now, uint8_t code, uint8_t ascii)
{
    struct profil_session *s = ctx;
    struct input_event e = { .at = now, .kind = INPUT_KEY, .code = code, .ascii = ascii };
    if (recording_add(&s->rec, &e) != 0 && !s->rec_full) {
        s->rec_full = 1;
        fprintf(s->err, "profil: --record %s: more than %u events; the rest are not recorded\n", s->o.record,
                RECORDING_MAX_EVENTS);
    }
}

/* A control event (of a replay, or a window's control key) at its cycle: the profiler's start, stop
 * or mark, as the program's own calls would; the end of a run that was
 * stopped from outside (Ctrl-C, a signal, a closed window). */
static void session_control(void *ctx, const struct input_event *e)
{
    struct profil_session *s = ctx;
    static const uint8_t fn[] = { [INPUT_START] = GUEST_FN_START, [INPUT_STOP] = GUEST_FN_STOP,
                                  [INPUT_MARK] = GUEST_FN_MARK };
    if (e->kind == INPUT_END && e->at > s->replay.end) {
        s->diverged = 1;            /* the recorded end did not come: lib/outputs.c refuses to write */
        machine_stop(s->m, STOP_INTERRUPTED, "the replay diverged from the recording %s", s->o.replay);
        return;
    }
    if (e->kind == INPUT_END) {
        machine_stop(s->m, strcmp(s->replay.end_reason, "signal") == 0 ? STOP_SIGNAL
                           : strcmp(s->replay.end_reason, "output-closed") == 0 ? STOP_OUTPUT_CLOSED
                                                                                 : STOP_INTERRUPTED,
                     "the recording %s ends here (%s)", s->o.replay, s->replay.end_reason);
        return;
    }
    if (s->o.record && recording_add(&s->rec, e) != 0)
        s->rec_full = 1;
    guestprof_call(&s->guest, fn[e->kind], "key", e->kind == INPUT_MARK ? 3 : 0, machine_now(s->m));
}

enum profil_error record_check(struct profil_session *s)
{
    char err[1200];
    struct recording mine;
    recording_init(&mine);
    sha256_hex(s->file, s->size, mine.sha256);
    if (run_options(s, &mine) != 0)
        return session_fail(s, PROFIL_ERR_INPUT, "--record/--replay: the options do not fit a recording");
    if (s->o.replay) {
        if (s->o.keys)
            return session_fail(s, PROFIL_ERR_INPUT, "--replay %s: the recording holds the keys; leave out --keys",
                                s->o.replay);
        if (recording_read(s->o.replay, &s->replay, err, sizeof err) != 0)
            return session_fail(s, PROFIL_ERR_INPUT, "%s; nothing was run", err);
        if (strcmp(s->replay.sha256, mine.sha256) != 0)
            return session_fail(s, PROFIL_ERR_INPUT, "%s: recorded for another program (%s, sha256 %.12s...), not "
                                "%s (sha256 %.12s...); nothing was run", s->o.replay, s->replay.program,
                                s->replay.sha256, s->o.program, mine.sha256);
        for (size_t i = 0; i < mine.nopt || i < s->replay.nopt; i++) {
            const char *name = i < mine.nopt ? mine.opt[i].name : s->replay.opt[i].name;
            const char *was = recording_option(&s->replay, name), *now = recording_option(&mine, name);
            if (was && now && tightened(name, was, now))
                continue;
            if (!was || !now || strcmp(was, now) != 0)
                return session_fail(s, PROFIL_ERR_INPUT, "%s: recorded with %s %s, this run has %s %s; give the "
                                    "same options (docs/recording.md); nothing was run", s->o.replay, name,
                                    was ? was : "(none)", name, now ? now : "(none)");
        }
        /* A run stopped from outside ends where it ended; one that ended
         * by itself must end so again by REPLAY_MARGIN past it, or the
         * replay has diverged (session_control). */
        const char *r = s->replay.end_reason;
        int outside = strcmp(r, "interrupted") == 0 || strcmp(r, "signal") == 0 || strcmp(r, "output-closed") == 0;
        struct input_event end = { .at = s->replay.end + (outside ? 0 : REPLAY_MARGIN), .kind = INPUT_END };
        struct recording *rp = &s->replay;  /* one past RECORDING_MAX_EVENTS when it is full */
        if (grow_array(&rp->events, &rp->cap, rp->n + 1, sizeof *rp->events) != 0)
            return session_fail(s, PROFIL_ERR_MEMORY, "out of memory");
        rp->events[rp->n++] = end;
    }
    if (s->o.record) {
        snprintf(mine.program, sizeof mine.program, "%s", s->o.program);
        s->rec = mine;
    }
    return PROFIL_OK;
}

void record_start(struct profil_session *s)
{
    struct machine *m = s->m;
    if (s->o.record) {
        m->kbd.sent = record_code;
        m->kbd.sent_ctx = s;
    }
    if (s->o.replay) {
        kbd_queue(&m->kbd, s->replay.events, s->replay.n);
        machine_update_next_event(m);
    }
    if (s->o.replay || s->o.window) {
        m->on_control = session_control;
        m->control_ctx = s;
    }
}

int record_write(struct profil_session *s)
{
    char err[600];
    s->rec.end = machine_now(s->m);
    snprintf(s->rec.end_reason, sizeof s->rec.end_reason, "%s", profil_stop_name((enum profil_stop)s->m->stop));
    if (recording_write(s->o.record, &s->rec, err, sizeof err) != 0) {
        fprintf(s->err, "profil: %s\n", err);
        return -1;
    }
    return 0;
}
