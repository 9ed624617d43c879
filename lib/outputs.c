/*
 * lib/outputs.c: what a session writes: during the run --screen-every's
 * pictures (its tick); after it --screen, --screen-png, --audio-wav, the
 * .prx (its header, and each profiler's part: lib/profiler.h), the sample
 * log, the .PRF and NAME.prc (profil_session_write), each child program's
 * own .PRF; and the program's DUMP (session_dump).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "profiler.h"
#include "../emu/bios/bios.h"
#include "../emu/costs.h"
#include "../emu/cpu/cpu.h"
#include "../emu/video/video.h"
#include "../emu/video/video_draw.h"
#include "../formats/fileio.h"
#include "../report/merge.h"
#include "../formats/prc.h"
#include "../formats/sha256.h"
#include "../formats/guard.h"
#include "../formats/png.h"
#include "../formats/screen.h"
#include "../formats/wav.h"
#include "../report/frames.h"
#include "../report/summary.h"
#include "../formats/symfind.h"
#include "../formats/symtab.h"
#include "../sampler/exact.h"

/* The .prx's header fields, and each profiler's part (lib/profiler.h). */
static void prx_fill(struct profil_session *s, struct prx *x)
{
    const struct machine *m = s->m;
    const char *base = strrchr(s->o.program, '/');
    snprintf(x->program, sizeof x->program, "%s", base ? base + 1 : s->o.program);
    sha256_program(s->o.program, x->program_path, sizeof x->program_path, x->program_sha256);
    snprintf(x->cpu, sizeof x->cpu, "%s", cpu_model_name(m->model));
    snprintf(x->timing, sizeof x->timing, "%s", machine_timing_name(m));
    x->has_stalls = m->timing_bus;
    snprintf(x->stop, sizeof x->stop, "%s", profil_stop_name((enum profil_stop)m->stop));
    snprintf(x->mode, sizeof x->mode, "%s", s->tracing ? "trace" : "sampling");
    profilers_write(s, x);
}

/* The .prx, written to files.prx unless it is empty; kept in s->trace
 * for the summary.  A failure is reported on err. */
static int write_prx(struct profil_session *s, struct file_set *set)
{
    char err[600];
    struct prx *x = &s->trace;
    if (s->tracing ? tracer_to_prx(&s->tr, s->m->mem, &s->layout, x) != 0 : !(x->e = calloc(1, sizeof *x->e))) {
        fprintf(s->err, "profil: out of memory\n");
        return -1;
    }
    prx_fill(s, x);
    snprintf(x->run, sizeof x->run, "%s", s->run_id);
    x->services = s->services.services;         /* lent for the writing */
    x->nservices = s->services.nservices;
    x->service_samples = s->services.service_samples;
    int rc = s->files.prx[0] ? prx_write_file_into(set, s->files.prx, x, err, sizeof err) : 0;
    x->services = NULL;
    x->nservices = 0;
    if (rc != 0)
        fprintf(s->err, "profil: %s\n", err);
    return rc;
}

/* A file's size, 0 when there is none. */
static uint64_t size_of(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
}

/* The run's id (formats/prc.h), for its NAME.prc and .prx: of the program's
 * bytes, the run's totals and layout, and what it collected. */
static void run_identify(struct profil_session *s)
{
    const struct prf_layout *l = &s->layout;
    const uint64_t facts[] = { s->m->now, cpu_insn_count(s->m), s->s.total, s->s.hit_io, s->s.hit_dos, s->s.hit_high,
                               l->clock_grain, l->bucket_size, l->bucket_num, l->prog_low_pa, l->prog_high_pa,
                               l->dos_pa, (uint64_t)s->tracing, (uint64_t)s->following, (uint64_t)s->memory,
                               (uint64_t)s->o.start_stopped, s->procs.n };
    prc_run_id(s->file, s->size, facts, sizeof facts / sizeof *facts, s->run_id);
}

int session_dump(void *session, const char *name83)
{
    struct profil_session *s = session;
    char path[4200], err[600];
    const char *prf = s->files.prf, *slash = strrchr(prf, '/');
    if (path_is_device(prf))
        return -1;              /* no folder to write in */
    snprintf(path, sizeof path, "%.*s%s", slash ? (int)(slash - prf + 1) : 0, prf, name83);
    const char *why = run_files_refused(s, path);
    if (why) {
        fprintf(s->err, "profil: the program's DUMP %s: not written, %s\n", path, why);
        return -1;
    }
    struct sampler now = s->s;          /* the counts so far, in trace mode from the trace */
    struct prf p;
    if (s->tracing) {
        now.at = NULL;                  /* the run's own: a dump is a .PRF alone */
        if (!(now.bucket = calloc(now.layout.bucket_num, sizeof *now.bucket)))
            return -1;
        tracer_to_sampler(&s->tr, &now);
    }
    int rc = sampler_to_prf(&now, &p) < 0 ? -1 : 0;
    uint64_t old = size_of(path), size = rc == 0 ? prf_size(&p) : 0;
    if (rc == 0 && size > old && size - old > s->dos.disk_free) {     /* the guest's disk budget: --disk-free */
        if (!s->dump_full_said)
            fprintf(s->err, "profil: the program's DUMP %s: not written, the disk budget (--disk-free) is spent\n",
                    path);
        s->dump_full_said = 1;
        rc = -1;
    } else if (rc == 0 && (rc = prf_write_file(path, &p, err, sizeof err)) != 0) {
        fprintf(s->err, "profil: the program's DUMP: %s\n", err);
    } else if (rc == 0) {
        /* Emulated time as a DOS file of that size written: create, the bytes, close. */
        dos_disk_resize(&s->dos, old, size);
        machine_charge(s->m, 2 * COST_DOS_FILE_CALL, SEG_IOSYS, BIOS_CON_OFF);
        dos_charge_whole_file(&s->dos, DOS_DUMP_DRIVE, path, size, 1);
        drives_forget_folders(&s->dos.drives);  /* the folder may be a drive's */
    }
    prf_free(&p);
    if (s->tracing)
        free(now.bucket);
    return rc;
}

/* --screen: the text screen as the run left it, in UTF-8. */
static int write_screen(struct profil_session *s, const char *path)
{
    char err[600];
    const struct machine *m = s->m;
    if (!video_is_text(m)) {
        fprintf(s->err, "profil: --screen %s: the program left the screen in graphics mode %02Xh; no text to write\n",
                path, video_mode(m));
        return -1;
    }
    unsigned cols = video_cols(m), rows = video_rows(m);
    uint8_t cells[2 * 132 * 60];
    if (cols * rows * 2u > sizeof cells)
        return -1;
    mem_read(m, video_page_base(m, video_page(m)), cells, cols * rows * 2u);
    size_t n;
    char *text = screen_text(cells, cols, rows, &n);
    int rc = -1;
    if (!text)
        fprintf(s->err, "profil: out of memory\n");
    else if (strcmp(path, "-") == 0)
        rc = fwrite(text, 1, n, s->out) == n && fflush(s->out) == 0 ? 0 : -1;
    else if ((rc = write_file_atomic(path, text, n, err, sizeof err)) != 0)
        fprintf(s->err, "profil: %s\n", err);
    free(text);
    return rc;
}

/* What the card shows now as a PNG at `path` (atomically): with
 * --border inside its border (line by line when it has its lines), with
 * --aspect as many lines as 3/4 of the width (line Y the picture's line
 * Y x height / lines), each pixel options.screen_scale x screen_scale; an
 * error, after `option`, on err.  With `budget`, the bytes it may take: a
 * picture whose PNG could be larger is not compressed (1), a written
 * one's size is taken off. */
static int write_picture(struct profil_session *s, const char *option, const char *path, uint64_t *budget)
{
    char err[600];
    struct video_picture pic;
    unsigned k = s->o.screen_scale ? s->o.screen_scale : 1;
    if (video_draw(s->m, &pic, err, sizeof err) != 0) {
        fprintf(s->err, "profil: %s %s: %s; nothing written\n", option, path, err);
        return -1;
    }
    uint8_t *out = NULL, *png = NULL;
    size_t n;
    int b = s->o.screen_border;
    uint64_t w = (uint64_t)pic.width + (b ? (uint64_t)pic.border_left + pic.border_right : 0);
    uint64_t h = (uint64_t)pic.height + (b ? (uint64_t)pic.border_top + pic.border_bottom : 0);
    uint64_t lines = s->o.screen_aspect ? w * 3 / 4 : h;
    uint64_t pixels = w * k * (lines ? lines : 1) * k;         /* the PNG's, scaled */
    if (pixels > VIDEO_PICTURE_MAX_PIXELS) {
        fprintf(s->err, "profil: %s %s: %llux%llu at --scale %u is too large to draw; nothing written\n", option,
                path, (unsigned long long)w, (unsigned long long)lines, k);
        video_picture_free(&pic);
        return -1;
    }
    if (lines == 0)
        lines = 1;
    /* The PNG's largest size: its pixels and each row's filter byte in
     * zlib's stored blocks (5 bytes a 64 KiB), the palette and chunks. */
    if (budget && pixels + lines * k + pixels / 8192u + 1024u > *budget) {
        video_picture_free(&pic);
        return 1;
    }
    unsigned cw = pic.width, ch = pic.height;
    uint8_t *canvas = b ? video_picture_canvas(&pic, &cw, &ch) : pic.pixels;
    if (canvas && (out = malloc((size_t)pixels)) != NULL)
        for (uint64_t y = 0; y < lines * k; y++) {
            const uint8_t *from = canvas + (size_t)(y / k * h / lines) * cw;     /* the canvas's line */
            for (uint64_t x = 0; x < w * k; x++)
                out[y * w * k + x] = from[x / k];
        }
    if (b)
        free(canvas);
    int rc = -1;
    if (!out || png_indexed(out, (unsigned)(w * k), (unsigned)(lines * k), pic.palette, &png, &n) != 0)
        fprintf(s->err, "profil: out of memory\n");
    else if ((rc = write_file_atomic(path, png, n, err, sizeof err)) != 0)
        fprintf(s->err, "profil: %s\n", err);
    else if (budget)
        *budget -= n < *budget ? n : *budget;
    free(png);
    free(out);
    video_picture_free(&pic);
    return rc;
}

/* --screen-every: the tick's own work, then the picture when a period
 * has passed, as DIR/NNNNNN.png, N the period's number (from 1). */
static void screens_tick(void *ctx, uint16_t cs, uint16_t ip)
{
    struct screens *sc = ctx;
    const struct machine *m = sc->s->m;
    sc->inner(sc->inner_ctx, cs, ip);
    if (m->now < sc->next)
        return;
    uint64_t k = m->now / sc->period;
    sc->next = (k + 1) * sc->period;
    if (sc->written >= SCREENS_MAX) {
        if (sc->written++ == SCREENS_MAX)
            fprintf(sc->s->err, "profil: --screen-every: %u pictures written; no more\n", SCREENS_MAX);
        return;
    }
    char path[4200];
    snprintf(path, sizeof path, "%s/%06llu.png", sc->s->o.screen_every_dir, (unsigned long long)k);
    int rc = write_picture(sc->s, "--screen-every", path, &sc->budget);
    if (rc == 0)
        sc->written++;
    else if (rc > 0) {
        fprintf(sc->s->err, "profil: --screen-every: %u pictures written, %llu bytes: the budget of %llu MiB is "
                "spent; no more\n", sc->written, (unsigned long long)(SCREENS_BYTES_MAX - sc->budget),
                (unsigned long long)(SCREENS_BYTES_MAX >> 20));
        sc->written = SCREENS_MAX + 1;      /* no more, said once */
    }
}

void session_screens_every(struct profil_session *s, tick_fn *tick, void **ctx)
{
    uint64_t period = cycles_from_usec((uint64_t)s->o.screen_every_ms * 1000u);
    s->screens = (struct screens){ s, *tick, *ctx, period, period, 0, SCREENS_BYTES_MAX };
    *tick = screens_tick;
    *ctx = &s->screens;
}

/* --audio-wav: the speaker's sound from the program's start to the end
 * of the run.  A failure is reported on err; the profile is still written. */
static int write_audio_wav(struct profil_session *s, const char *path)
{
    char err[600];
    struct speaker *sp = &s->m->spk;
    speaker_render(sp, &s->m->pit, s->m->now);
    if (sp->dropped)
        fprintf(s->err, "profil: warning: --audio-wav %s: the sound's first %zu samples (%.1f s) are written, "
                "the last %llu are not\n", path, sp->n, (double)sp->n / SPEAKER_RATE,
                (unsigned long long)sp->dropped);
    int rc = wav_write(path, SPEAKER_RATE, sp->samples, sp->n, err, sizeof err);
    if (rc != 0)
        fprintf(s->err, "profil: %s\n", err);
    return rc;
}

/* --samples: this run's sample log, beside the .PRF.  A failure is reported on err. */
static int write_samples(struct profil_session *s, struct file_set *set)
{
    char err[600];
    int rc = samplelog_write_file_into(set, s->files.prs, &s->log, &s->p, s->run_id, err, sizeof err);
    if (rc != 0)
        fprintf(s->err, "profil: %s\n", err);
    return rc;
}

/* --append onto a .PRF already there (checked before the run): the sum of
 * its counts and this run's, as `profil merge` makes it (report/merge.h). */
static enum profil_error append_write(struct profil_session *s)
{
    char err[1200], why[400];
    struct merge_side old, run = { .p = s->p, .exact = 1 };
    const char *path = s->files.prf;
    if (merge_read(path, &old, err, sizeof err) != 0)
        return session_fail(s, PROFIL_ERR_OUTPUT, "%s (--append)", err);
    run.p.exact = NULL;
    exact_prc(s->o.program, &s->s, &s->p, s->m, s->tracing, &s->services, &run.c);
    merge_layout_diff(&old, &run, why, sizeof why);
    enum profil_error e = PROFIL_OK;
    int wrapped = 0;
    if (why[0])
        e = session_fail(s, PROFIL_ERR_OUTPUT, "%s: --append: not this run's: this run's %s", path, why);
    else if (merge_add(&old, &run, why, sizeof why) != 0)
        e = session_fail(s, PROFIL_ERR_OUTPUT, "%s: --append: %s", path, why);
    else if ((wrapped = merge_write(path, &old, err, sizeof err)) < 0)
        e = session_fail(s, PROFIL_ERR_OUTPUT, "%s", err);
    if (e == PROFIL_OK) {
        s->appended = 1;
        s->appended_total = prf_total(&old.p);
        if (old.exact)
            s->appended_total = old.c.io + old.c.dos + old.c.high;
        for (uint32_t i = 0; old.exact && i < old.p.bucket_num; i++)
            s->appended_total += old.c.bucket[i];
        if (!old.exact)
            fprintf(s->err, "profil: warning: %s; the sum is in its 16-bit words only\n", old.note);
        if (wrapped)
            fprintf(s->err, "profil: warning: %d counter(s) of the sum passed 65535 and wrapped in %s, as PROFIL's "
                    "did; exact counts beside it\n", wrapped, path);
    }
    merge_free(&old);
    return e;
}

/* A traced child's own .prx (sampler/procs.h) beside its .PRF, its header
 * filled as the run's (prx_fill); 0, or -1 reported on err. */
static int write_child_prx(struct profil_session *s, const struct proc *child, const char *prf_path, char *prx_path,
                           size_t n)
{
    char err[600];
    struct prx *x = child->x;
    prc_beside(prf_path, ".prx", prx_path, n);
    snprintf(x->program, sizeof x->program, "%s", child->name);
    sha256_program(child->host, x->program_path, sizeof x->program_path, x->program_sha256);
    snprintf(x->cpu, sizeof x->cpu, "%s", cpu_model_name(s->m->model));
    snprintf(x->timing, sizeof x->timing, "%s", machine_timing_name(s->m));
    x->has_stalls = s->m->timing_bus;
    snprintf(x->stop, sizeof x->stop, "%s", child->ended ? "exit" : profil_stop_name((enum profil_stop)s->m->stop));
    snprintf(x->mode, sizeof x->mode, "trace");
    snprintf(x->run, sizeof x->run, "%s", s->run_id);
    if (prx_write_file(prx_path, x, err, sizeof err) != 0) {
        fprintf(s->err, "profil: %s\n", err);
        prx_path[0] = 0;
        return -1;
    }
    return 0;
}

/* Each child's own .PRF and .prc (sampler/procs.h), beside the first
 * program's; a failure is reported and the others are still written.
 * Their bytes come off the guest's disk budget (--disk-free), as a DUMP's
 * do: past it, and after a stop signal, the rest are not written (their
 * samples are still in the summary and the .prx). */
static void write_children(struct profil_session *s)
{
    size_t n = s->procs.n;
    if (n < 2)
        return;
    s->child_prf = calloc(n, sizeof *s->child_prf);
    s->child_prx = calloc(n, sizeof *s->child_prx);
    if (!s->child_prf || !s->child_prx) {
        fprintf(s->err, "profil: out of memory: no profiles of the child programs\n");
        return;
    }
    struct child_names names;
    child_names_init(&names);
    int full = 0;
    for (size_t i = 1; i < n; i++) {
        struct prf p;
        char err[600], say[1200], prc[4200], *path = s->child_prf[i];
        if (s->late_signal || full) {
            s->children_skipped++;
            continue;
        }
        run_files_child(s, i, &names, path, sizeof s->child_prf[i]);
        if (!path[0])
            continue;
        const struct proc *child = &s->procs.p[i];
        int wrapped = sampler_to_prf(child->traced ? &child->exact : &child->s, &p);   /* --trace: instructions */
        prc_path(path, prc, sizeof prc);
        uint64_t old_prf = size_of(path), old_prc = size_of(prc);
        if (wrapped >= 0 && prf_size(&p) > old_prf && prf_size(&p) - old_prf > s->dos.disk_free) {
            full = 1;
            s->children_skipped++;
            path[0] = 0;
        } else if (wrapped < 0 || prf_write_file(path, &p, err, sizeof err) != 0) {
            fprintf(s->err, "profil: %s\n", wrapped < 0 ? "out of memory" : err);
            path[0] = 0;
        } else if (exact_finish_child(path, &s->procs.p[i], s->run_id, &p, s->m, say, sizeof say))    /* CHILD.prc */
            fprintf(s->err, "profil: warning: %s: %s\n", path, say);
        char prx[4200] = "";
        uint64_t old_prx = 0;
        if (path[0] && child->x) {      /* --trace: CHILD.prx */
            prc_beside(path, ".prx", prx, sizeof prx);
            old_prx = size_of(prx);
            s->child_prx[i] = write_child_prx(s, child, path, prx, sizeof prx) == 0;
        }
        if (path[0]) {
            dos_disk_resize(&s->dos, old_prf, prf_size(&p));
            dos_disk_resize(&s->dos, old_prc, size_of(prc));
            if (prx[0])
                dos_disk_resize(&s->dos, old_prx, size_of(prx));
        }
        prf_free(&p);
    }
    child_names_free(&names);
    if (s->procs.prx_skipped)
        fprintf(s->err, "profil: %llu child program(s) under --trace without a .prx of their own: past %u in a run or "
                "%u running at once, or out of memory (their .PRF and .prc are exact; the run's .prx has every "
                "address)\n", (unsigned long long)s->procs.prx_skipped, PROCS_PRX_MAX, PROCS_PRX_LIVE);
    if (s->children_skipped)
        fprintf(s->err, "profil: %zu child program profile(s) not written: %s\n", s->children_skipped,
                s->late_signal ? "stopped by a signal" : "the disk budget (--disk-free) is spent");
}

/* A temporary file of another run in an output's folder: named, never used. */
static void say_stale(void *ctx, const char *path)
{
    struct profil_session *s = ctx;
    fprintf(s->err, "profil: warning: %s: a temporary file of a profil run that was killed (or is running now); "
            "not used, remove it\n", path);
}

/* Stale temporaries in the folders of the .PRF and of the .prx, once. */
static void warn_stale(struct profil_session *s)
{
    const char *prf = s->files.prf, *prx = s->files.prx, *a = strrchr(prf, '/'), *b = strrchr(prx, '/');
    if (!path_is_device(prf))
        stale_temps(prf, say_stale, s);
    int same_folder = (a ? a - prf : -1) == (b ? b - prx : -1) && (!a || strncmp(prf, prx, (size_t)(a - prf)) == 0);
    if (prx[0] && !same_folder && !path_is_device(prx))
        stale_temps(prx, say_stale, s);
}

/* The run's .prx, sample log, .PRF and NAME.prc, staged in `set`, renamed
 * together: what failed is reported, and a .PRF that failed is the
 * session's error. */
static enum profil_error commit_outputs(struct profil_session *s, struct file_set *set, const char *say)
{
    char err[600], prc[4200];
    enum profil_error e = PROFIL_OK;
    int prc_failed = 0;
    prc_path(s->files.prf, prc, sizeof prc);
    if (file_set_commit(set, err, sizeof err) != 0) {
        for (size_t i = 0; i < set->n; i++) {
            const struct staged_file *f = &set->f[i];
            if (!f->error)
                continue;
            snprintf(err, sizeof err, "%s: Cannot open output file (%s)", f->path, strerror(f->error));
            if (strcmp(f->path, s->files.prf) == 0)
                e = session_fail(s, PROFIL_ERR_OUTPUT, "%s", err);
            else if (strcmp(f->path, prc) == 0) {
                prc_failed = 1;
                unlink(prc);            /* an older one must not pass for this run's */
                fprintf(s->err, "profil: warning: %s: the exact counts are not saved\n", err);
            } else {
                s->prx_failed = 1;
                fprintf(s->err, "profil: %s\n", err);
            }
        }
        file_set_free(set);
    }
    if (say[0] && !prc_failed && e == PROFIL_OK)
        fprintf(s->err, "profil: warning: %s\n", say);
    return e;
}

enum profil_error profil_session_write(struct profil_session *s)
{
    char err[600];
    if (!s->ran || s->written)
        return session_fail(s, PROFIL_ERR_STATE, "%s: the session has not run, or was written already",
                            s->o.program ? s->o.program : "?");
    if (s->diverged)
        return session_fail(s, PROFIL_ERR_INPUT, "%s: the replay diverged: the recorded run ended at cycle %llu (%s), "
                            "this one had not %u cycles (0.1 s) later; nothing written", s->o.replay,
                            (unsigned long long)s->replay.end, s->replay.end_reason, (unsigned)REPLAY_MARGIN);
    s->written = 1;
    warn_stale(s);
    run_identify(s);
    if (s->o.start_stopped && !s->guest.started)
        fprintf(s->err, "profil: warning: --start-stopped: the program never called START (ports ECh/EDh, "
                "docs/guestapi.md), so the profile is empty\n");
    if (s->o.screen)
        write_screen(s, s->o.screen);   /* a failure is reported; the profile is still written */
    if (s->o.screen_png)
        write_picture(s, "--screen-png", s->o.screen_png, NULL);
    if (s->o.audio_wav)
        write_audio_wav(s, s->o.audio_wav);
    if (s->o.record)
        record_write(s);        /* a failure is reported; the profile is still written */
    profilers_finish(s);
    /* The run's files are staged, then renamed together (fileio.h); a .prx
     * that cannot be written is reported, and the .PRF is still written. */
    struct file_set set;
    file_set_init(&set);
    int zones = s->guest.nzones || s->guest.nmarks || s->frames.n;  /* the program's own: they go in a .prx too */
    if (zones)
        run_files_zone_prx(s);
    s->prx_failed = (s->tracing || s->following || s->memory || zones) && write_prx(s, &set) != 0;
    int wrapped = sampler_to_prf(&s->s, &s->p);
    if (wrapped < 0) {
        file_set_free(&set);
        return session_fail(s, PROFIL_ERR_MEMORY, "out of memory");
    }
    if (s->files.prs[0] && write_samples(s, &set) != 0)
        s->prx_failed = 1;      /* reported; the .PRF is still written, and the status says it */
    if (s->o.append && access(s->files.prf, F_OK) == 0 && !path_is_device(s->files.prf)) {
        enum profil_error e = commit_outputs(s, &set, "");
        if (e == PROFIL_OK)
            e = append_write(s);
        if (e == PROFIL_OK)
            write_children(s);          /* theirs are this run's alone */
        return e;
    }
    if (prf_write_file_into(&set, s->files.prf, &s->p, err, sizeof err) != 0) {
        file_set_free(&set);
        return session_fail(s, PROFIL_ERR_OUTPUT, "%s", err);
    }
    char say[1200] = "";        /* NAME.prc, the exact counts; which counters wrapped */
    s->services.frames = s->trace.frames;       /* lent: the .prc holds their totals */
    s->services.nframes = s->trace.nframes;
    snprintf(s->services.frame_kind, sizeof s->services.frame_kind, "%s", s->trace.frame_kind);
    if (!exact_finish_into(&set, s->files.prf, s->o.program, s->run_id, &s->s, &s->p, s->m, s->tracing ? &s->tr : NULL,
                           &s->services, say, sizeof say))
        say[0] = 0;
    s->services.frames = NULL;
    s->services.nframes = 0;
    enum profil_error e = commit_outputs(s, &set, say);
    if (e == PROFIL_OK && s->over_sampled)      /* said even with -q: a sampled profile is gone */
        fprintf(s->err, "profil: note: %s was a sampling run's profile; this trace's instruction counts replace its "
                "samples (-o names another file)\n", s->files.prf);
    if (e == PROFIL_OK)
        write_children(s);
    return e;
}
