/*
 * lib/outputs.c: what a session writes after its run: --screen and
 * --screen-png (also each --screen-every picture), the .prx (exact counts, call tree, memory sites), the
 * .PRF and NAME.prc (profil_session_write), each child program's own
 * .PRF, and the command's summary on stderr (profil_session_write_summary).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "session_internal.h"
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

/* The .prx's header fields and the parts the run gathered; the call
 * nodes and memory sites move into x. */
static void prx_fill(struct profil_session *s, struct prx *x)
{
    const struct machine *m = s->m;
    if (!s->tracing) {              /* the layout and totals of a sampling run */
        x->total_insns = cpu_insn_count(s->m);
        x->total_cycles = m->now;
        prx_set_layout(x, &s->layout);
    }
    const char *base = strrchr(s->o.program, '/');
    snprintf(x->program, sizeof x->program, "%s", base ? base + 1 : s->o.program);
    sha256_program(s->o.program, x->program_path, sizeof x->program_path, x->program_sha256);
    snprintf(x->cpu, sizeof x->cpu, "%s", cpu_model_name(m->model));
    snprintf(x->timing, sizeof x->timing, "%s", machine_timing_name(m));
    x->has_stalls = m->timing_bus;
    snprintf(x->stop, sizeof x->stop, "%s", profil_stop_name((enum profil_stop)m->stop));
    snprintf(x->mode, sizeof x->mode, "%s", s->tracing ? "trace" : "sampling");
    if (s->following) {
        struct calltree *t = &s->calls;
        calls_account(t);           /* the innermost node's last share */
        x->calls = t->node;
        x->ncalls = t->n;
        x->unmatched = t->unmatched;
        x->unwound = t->unwound;
        x->open = t->depth;
        x->lost = t->lost;
        x->max_depth = t->max_depth;
        t->node = NULL;
    }
    guestprof_to_prx(&s->guest, x);
    frames_to_prx(&s->frames, x);
    if (s->procs.n > 1 && procs_to_prx(&s->procs, x) != 0)
        fprintf(s->err, "profil: out of memory: no processes in the .prx\n");
    if (s->memory) {
        x->sites = s->mem.sites;
        x->nsites = s->mem.nsites;
        s->mem.sites = NULL;
    }
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
int session_write_picture(struct profil_session *s, const char *option, const char *path, uint64_t *budget)
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
        session_write_picture(s, "--screen-png", s->o.screen_png, NULL);
    if (s->o.audio_wav)
        write_audio_wav(s, s->o.audio_wav);
    if (s->o.record)
        record_write(s);        /* a failure is reported; the profile is still written */
    session_finish(s);
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

static void top_buckets(const struct sampler *s, double t, FILE *f);

/* The summary's first line, and the top five buckets unless a map gives symbols. */
static void class_summary(const struct sampler *s, const struct machine *m, int first_line_only, FILE *f)
{
    uint64_t prog = s->total - s->hit_io - s->hit_dos - s->hit_high;
    double t = (double)(s->total ? s->total : 1);
    /* 186 and 286 have no clock counts of their own here: say so. */
    fprintf(f, "profil: %llu %s in %.3f s emulated (%s%s, %s timing): program %.1f%%  dos %.1f%%  io %.1f%%  high %.1f%%\n",
            (unsigned long long)s->total, m->exact ? "instructions traced" : "samples",
            cycles_to_seconds(m->now), cpu_model_name(m->model), m->cpu_row->own_clocks ? "" : " timed as an 8086",
            machine_timing_name(m), 100.0 * (double)prog / t,
            100.0 * (double)s->hit_dos / t, 100.0 * (double)s->hit_io / t, 100.0 * (double)s->hit_high / t);
    if (!first_line_only)
        top_buckets(s, t, f);
}

/* The five busiest buckets of a sampler, in % of `t`. */
static void top_buckets(const struct sampler *s, double t, FILE *f)
{
    uint32_t top[5];
    int ntop = 0;
    for (int k = 0; k < 5; k++) {
        uint32_t best = UINT32_MAX;
        for (uint32_t i = 0; i < s->layout.bucket_num; i++) {
            int taken = 0;
            for (int j = 0; j < ntop; j++)
                taken |= top[j] == i;
            if (!taken && s->bucket[i] && (best == UINT32_MAX || s->bucket[i] > s->bucket[best]))
                best = i;
        }
        if (best == UINT32_MAX)
            break;
        top[ntop++] = best;
        uint32_t lo = best * s->layout.bucket_size * 16u;
        fprintf(f, "profil:   bucket %u (%04X-%04X)  %.1f%%\n", best, lo,
                lo + s->layout.bucket_size * 16u - 1, 100.0 * (double)s->bucket[best] / t);
    }
}

/* Each line of `lines` ('\\n' after each), prefixed "profil: ". */
static void fputs_lines(const char *lines, FILE *f)
{
    while (*lines) {
        const char *nl = strchr(lines, '\n');
        size_t len = nl ? (size_t)(nl - lines) : strlen(lines);
        fprintf(f, "profil: %.*s\n", (int)len, lines);
        lines += len + (nl != NULL);
    }
}

/* The symbols for the summary, by the one rule (formats/symfind.h: `map`,
 * --map or NULL, else the map beside the program, else its debug
 * information), their sources in `sources`: 0 when there are none, and
 * then the hint in `hint` (when not NULL); a map that does not parse is
 * reported and left out. */
static int read_map(const char *map, const char *program, struct symtab *t, char *sources, size_t n, char *hint,
                    size_t hintn, FILE *f)
{
    char err[600];
    struct symfind *sf = calloc(1, sizeof *sf);     /* keep_labels 0: labels count for their procedure */
    if (!sf) {
        fprintf(f, "profil: out of memory: the summary shows buckets\n");
        return 0;
    }
    int rc = symfind_program(map, program, NULL, t, sf, err, sizeof err);
    fputs_lines(sf->warn, f);
    if (rc < 0)
        fprintf(f, "profil: warning: %s (the summary shows buckets)\n", err);
    else if (rc == 0)
        snprintf(sources, n, "%s", sf->sources);
    else if (hint)
        snprintf(hint, hintn, "%.390s", sf->said);
    free(sf);
    return rc == 0;
}

/* The five busiest symbols, after the summary's first line, from the best
 * data the run has (report/summary.h), and a line saying which. */
static void symbol_summary(const struct prf *p, const struct prx *x, const struct symtab *t,
                           const struct symtab *const *children, const char *sources, uint64_t total, int traced_child,
                           FILE *f)
{
    struct summary_row rows[5];
    size_t n;
    enum summary_basis basis;
    char share[24], note[200];
    if (summary_symbols(p, x, t, children, total, rows, 5, &n, &basis) != 0)
        return;
    for (size_t k = 0; k < n; k++) {
        snprintf(share, sizeof share, "%s%.1f%%", basis == SUMMARY_SPLIT ? "~" : "", rows[k].percent);
        fprintf(f, "profil:   %-20s %6s\n", rows[k].name, share);
    }
    summary_basis_note(basis, p, note, sizeof note);
    if (traced_child)           /* its .PRF counts instructions (--trace) */
        snprintf(note, sizeof note, "exact: %% of its instructions, each counted for the symbol at its address");
    fprintf(f, "profil:   (%s; symbols: %s)\n", note, sources);
}

/* The busiest DOS and BIOS services, when DOS and the I/O system took
 * SERVICE_NOTABLE % of the time or more: each one over 1% (of the samples;
 * of the cycles in trace mode). */
#define SERVICE_NOTABLE 2.0
static void service_summary(const struct prx *v, const struct machine *m, int tracing, FILE *f)
{
    double whole = tracing ? (double)m->now : (double)v->service_samples, dosio = 0;
    if (!v->services || whole <= 0)
        return;
    for (size_t i = 0; i < v->nservices; i++)
        dosio += (double)(tracing ? v->services[i].cycles : v->services[i].samples);
    if (100.0 * dosio / whole < SERVICE_NOTABLE)
        return;
    for (size_t i = 0; i < v->nservices; i++) {
        double pct = 100.0 * (double)(tracing ? v->services[i].cycles : v->services[i].samples) / whole;
        if (pct >= 1.0)
            fprintf(f, "profil:   %-26s %5.1f%%\n", v->services[i].label, pct);
    }
}

/* The program's zones (docs/guestapi.md), the first five in the order first entered. */
static void zone_summary(const struct prx *x, FILE *f)
{
    for (size_t i = 0; i < x->nzones && i < 5; i++) {
        const struct prx_zone *z = &x->zones[i];
        fprintf(f, "profil:   zone %-15s %llu x, mean %.1f cycles (min %llu, max %llu)\n", z->name,
                (unsigned long long)z->count, z->count ? (double)z->total / (double)z->count : 0.0,
                (unsigned long long)z->min, (unsigned long long)z->max);
    }
    if (x->nzones > 5)
        fprintf(f, "profil:   (%zu zones in all: profil hist --by zone)\n", x->nzones);
}

/* The program's frames (docs/frames.md): the finished ones' median, 95th
 * percentile and worst time, the one the run ended in, or, when --frames
 * named a kind, that there were none. */
static void frame_summary(const struct prx *x, const struct profil_options *o, const struct frames *fr, FILE *f)
{
    if (x->nframes == 0) {
        if (o->frames == PROFIL_FRAMES_AUTO) {
            if (o->frames_given)    /* the default says nothing: most programs have none */
                fprintf(f, "profil: no frames (auto): %s (docs/frames.md)\n", fr->why);
            return;
        }
        fprintf(f, "profil: no frames (%s): %s (docs/frames.md)\n", fr->text,
                frame_kinds[(enum frame_kind)o->frames].none);
        return;
    }
    if (fr->why[0])
        fprintf(f, "profil: frames (%s%s): %s\n", o->frames == PROFIL_FRAMES_AUTO ? "auto -> " : "", x->frame_kind,
                fr->why);
    fputs("profil: ", f);
    if (frames_line(f, x) != 0)
        fputs("out of memory: no frame times", f);
    if (fr->dropped)
        fprintf(f, "; more past the first %u not kept", FRAMES_MAX);
    fputc('\n', f);
}

/* A run with children: each program's time, with its children's and its
 * own, then each one's busiest buckets (or symbols, with its map). */
static void program_summary(struct profil_session *s, const struct symtab *root_map, const char *root_sources,
                            FILE *f)
{
    const struct procs *t = &s->procs;
    uint64_t samples = 0;           /* the samples (a trace's .PRF counts instructions) */
    for (size_t i = 0; i < t->n; i++)
        samples += t->p[i].s.total;
    double all = (double)(samples ? samples : 1);
    fprintf(f, "profil: programs (%% of the run's samples, with their children's; self: their own):\n");
    for (size_t i = 0; i < t->n; i++) {
        const struct proc *p = &t->p[i];
        char ended[32];
        if (p->ended)
            snprintf(ended, sizeof ended, p->exit_type == 3 ? "resident, code %u" : "exit %u", p->exit_code);
        else
            snprintf(ended, sizeof ended, "running");
        fprintf(f, "profil:   %*s%-*s %5.1f%%  self %5.1f%%  %8.3f s  %s\n", (int)procs_depth(t, i) * 2, "",
                14 - (int)procs_depth(t, i) * 2, p->name, 100.0 * (double)procs_inclusive(t, i) / all,
                100.0 * (double)p->s.total / all, cycles_to_seconds(p->end - p->start), ended);
    }
    if (t->unrecorded)
        fprintf(f, "profil:   (%llu more program(s) past the first %u not profiled on their own: their samples are "
                "their nearest recorded parent's)\n", (unsigned long long)t->unrecorded, PROCS_MAX);
    /* Each child's symbols (its map beside its file, with its own debug
     * information): its rows below, and its code in the call tree's. */
    struct symtab *sym = calloc(t->n, sizeof *sym);
    const struct symtab **tables = calloc(t->n, sizeof *tables);
    char **sources = calloc(t->n, sizeof *sources);
    if (!sym || !tables || !sources) {
        fprintf(f, "profil: out of memory: no figures per program\n");
        free(sym);
        free(tables);
        free(sources);
        return;
    }
    for (size_t i = 1; i < t->n; i++) {
        char said[9000];
        if (s->late_signal)
            continue;
        if (read_map(NULL, t->p[i].host, &sym[i], said, sizeof said, NULL, 0, f) && !(sources[i] = strdup(said)))
            symtab_free(&sym[i]);
        else if (sources[i])
            tables[i] = &sym[i];
    }
    for (size_t i = 0; i < t->n; i++) {
        /* --trace: a child's instructions; the first program's .PRF, the
         * whole run's instructions (its children's in its "high"). */
        int traced = t->p[i].traced || (i == 0 && s->m->exact);
        const struct sampler *ps = t->p[i].traced ? &t->p[i].exact : i == 0 && s->m->exact ? &s->s : &t->p[i].s;
        double own = (double)(ps->total ? ps->total : 1);
        uint64_t prog = ps->total - ps->hit_io - ps->hit_dos - ps->hit_high;
        fprintf(f, "profil: %s (%s): %llu %s: program %.1f%%  dos %.1f%%  io %.1f%%  high %.1f%%\n",
                t->p[i].name, i == 0 ? s->files.prf : s->child_prf && s->child_prf[i][0] ? s->child_prf[i] : "no .PRF",
                (unsigned long long)ps->total, !traced ? "samples" : i == 0 ? "instructions traced" : "instructions from its EXEC to its end",
                100.0 * (double)prog / own, 100.0 * (double)ps->hit_dos / own,
                100.0 * (double)ps->hit_io / own, 100.0 * (double)ps->hit_high / own);
        struct prf p;
        int have_map = i == 0 ? root_map != NULL : tables[i] != NULL;
        if (!have_map)
            top_buckets(ps, own, f);
        else if (i == 0 && (s->o.trace || s->o.stacks))     /* exact figures, of the whole run */
            symbol_summary(&s->p, &s->trace, root_map, tables, root_sources, s->s.total, 0, f);
        else {
            if (sampler_to_prf(ps, &p) >= 0)
                symbol_summary(&p, NULL, i == 0 ? root_map : tables[i], NULL, i == 0 ? root_sources : sources[i],
                               ps->total, t->p[i].traced, f);
            prf_free(&p);
        }
    }
    for (size_t i = 1; i < t->n; i++)
        if (tables[i]) {
            symtab_free(&sym[i]);
            free(sources[i]);
        }
    free(sym);
    free(tables);
    free(sources);
}

/* The files written, as the summary's last lines. */
static void written_summary(const struct profil_session *s, FILE *f)
{
    const struct machine *m = s->m;
    const char *prx = s->files.prx;
    if (m->stop == STOP_EXIT)
        fprintf(f, "profil: program exited with code %d\n", m->exit_code);
    if (s->appended)
        fprintf(f, "profil: added to %s (%zu bytes): %llu %s in all\n", s->files.prf, prf_size(&s->p),
                (unsigned long long)s->appended_total, m->exact ? "instructions" : "samples");
    else
        fprintf(f, "profil: wrote %s (%zu bytes)\n", s->files.prf, prf_size(&s->p));
    for (size_t i = 1; s->child_prf && i < s->procs.n; i++)
        if (s->child_prf[i][0]) {
            char prx[4200];
            fprintf(f, "profil: wrote %s (%s)\n", s->child_prf[i], s->procs.p[i].name);
            prc_beside(s->child_prf[i], ".prx", prx, sizeof prx);
            if (s->child_prx && s->child_prx[i])
                fprintf(f, "profil: wrote %s (%s: its %llu cycles exactly)\n", prx, s->procs.p[i].name,
                        (unsigned long long)s->procs.p[i].x->total_cycles);
        }
    if (s->files.prs[0] && !s->prx_failed)
        fprintf(f, "profil: wrote %s (%llu samples)\n", s->files.prs, (unsigned long long)s->log.count);
    if (prx[0] && !s->prx_failed && s->o.trace)
        fprintf(f, "profil: wrote %s (%llu cycles exactly)\n", prx, (unsigned long long)m->now);
    else if (prx[0] && !s->prx_failed && (s->following || s->memory))
        fprintf(f, "profil: wrote %s (%s)\n", prx,
                s->following && s->memory ? "call stacks and memory" : s->following ? "call stacks" : "memory");
    else if (prx[0] && !s->prx_failed && (s->trace.nzones || s->trace.nmarks))
        fprintf(f, "profil: wrote %s (the program's zones and marks)\n", prx);
}

void profil_session_write_summary(struct profil_session *s, FILE *f)
{
    if (!s->written)
        return;
    struct symtab t;
    char sources[9000], hint[400] = "";
    /* After a stop signal the summary reads no symbols (a program's debug
     * information may be large): its buckets are shown. */
    int have_map = !s->late_signal && read_map(s->o.map, s->o.program, &t, sources, sizeof sources, hint, sizeof hint, f);
    class_summary(&s->s, s->m, have_map || s->procs.n > 1, f);
    if (hint[0])
        fprintf(f, "profil: %s\n", hint);
    if (s->procs.n > 1)
        program_summary(s, have_map ? &t : NULL, sources, f);
    else if (have_map)
        symbol_summary(&s->p, s->o.trace || s->o.stacks ? &s->trace : NULL, &t, NULL, sources, s->s.total, 0, f);
    if (have_map)
        symtab_free(&t);
    service_summary(&s->services, s->m, s->tracing, f);
    zone_summary(&s->trace, f);
    frame_summary(&s->trace, &s->o, &s->frames, f);
    written_summary(s, f);
}
