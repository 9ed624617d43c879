/*
 * lib/session.c: the profiling session of profil.h: options, setting up
 * the PC and the program (each step a function that fails with a
 * message), the run with its signals and progress line, the results, and
 * freeing.  Its profilers are lib/profilers.c's rows; the files it writes
 * lib/outputs.c's; their names and checks lib/files.c's.
 */
#include "profiler.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../emu/bios/bios.h"
#include "../emu/cpu/cpu.h"
#include "../emu/dos/drive.h"
#include "../emu/chips/keyboard.h"
#include "../emu/video/cards.h"
#include "../formats/fileio.h"
#include "../loader/batch.h"

/* The emulator's enums and profil.h's agree value for value. */
_Static_assert((int)PROFIL_CPU_286 == (int)CPU_286 && (int)PROFIL_CPUS == (int)CPU_MODELS,
               "profil_cpu follows cpu_model");
_Static_assert((int)PROFIL_STOP_NO_INPUT == (int)STOP_NO_INPUT, "profil_stop follows stop_reason");
_Static_assert(PROFIL_DISK_BYTES == DOS_DISK_BYTES, "one disk size");
_Static_assert((int)PROFIL_FRAMES_AUTO == (int)FRAMES_AUTO && (int)PROFIL_FRAMES_MARK == (int)FRAMES_MARK &&
               (int)PROFIL_FRAMES_TIMER == (int)FRAMES_TIMER && (int)PROFIL_FRAMES_POLL == (int)FRAMES_POLL &&
               (int)PROFIL_FRAMES_AT == (int)FRAMES_AT &&
               (int)PROFIL_FRAMES_AT + 1 == (int)FRAME_KINDS, "profil_frames follows frame_kind");
_Static_assert((int)PROFIL_DISK_TIME_NONE == (int)DISK_TIME_NONE && (int)PROFIL_DISK_TIME_XT == (int)DISK_TIME_XT,
               "profil_disk_time follows disk_time_model");

void profil_options_init(struct profil_options *o)
{
    memset(o, 0, sizeof *o);
    o->bucket_size = 1;
    o->interval_us = 100;
    o->speed = 1.0;
    o->window_keys[0] = 0x57;
    o->window_keys[1] = 0x58;
}

enum profil_error session_fail(struct profil_session *s, enum profil_error e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    va_end(ap);
    return e;
}

const char *profil_session_message(const struct profil_session *s)
{
    return s ? s->msg : "out of memory";
}

int profil_uses_bus(const struct profil_options *o)
{
    if (o->timing != PROFIL_TIMING_DEFAULT)
        return o->timing == PROFIL_TIMING_BUS;
    return profil_cpu_has_bus(o->cpu);
}

/* The DOS path of the program, as it appears after the environment. */
static void dos_program_path(const char *program, char *out, size_t n)
{
    const char *base = strrchr(program, '/');
    base = base ? base + 1 : program;
    char name83[13];
    if (!dos_name83(base, strlen(base), name83))
        snprintf(name83, sizeof name83, "PROGRAM");
    snprintf(out, n, "C:\\%s", name83);
}

/* A batch file's steps, and the program that takes them (s->shell). */
static enum profil_error batch_program(struct profil_session *s)
{
    char err[600];
    struct batch b;
    if (batch_parse(s->o.program, s->file, s->size, s->o.tail, s->o.env, s->o.nenv, &b, err, sizeof err) != 0)
        return session_fail(s, PROFIL_ERR_INPUT, "%s", err);
    int r = batch_shell(&b, &s->shell, &s->shell_size, err, sizeof err);
    batch_free(&b);
    return r == 0 ? PROFIL_OK : session_fail(s, PROFIL_ERR_INPUT, "%s: %s", s->o.program, err);
}

const uint8_t *session_program_bytes(const struct profil_session *s, size_t *size)
{
    *size = s->shell ? s->shell_size : s->size;
    return s->shell ? s->shell : s->file;
}

/* The program's bytes, its files, and its image; the outputs writable. */
static enum profil_error load_program(struct profil_session *s)
{
    char err[600];
    enum profil_error e;
    if (read_file(s->o.program, &s->file, &s->size, err, sizeof err) != 0)
        return session_fail(s, PROFIL_ERR_INPUT, "%s", err);
    if ((e = run_files_name(s)) != PROFIL_OK || (e = run_files_check(s)) != PROFIL_OK)
        return e;
    if (run_files_is_batch(s->o.program) && (e = batch_program(s)) != PROFIL_OK)
        return e;
    size_t size;
    const uint8_t *bytes = session_program_bytes(s, &size);
    if (exe_parse(bytes, size, &s->img, err, sizeof err) != 0)
        return session_fail(s, PROFIL_ERR_INPUT, "%s: %s", s->o.program, err);
    if (s->img.missing)
        fprintf(s->err, "profil: warning: %s: %zu bytes shorter than its header says; loading what is there, "
                "as DOS does\n", s->o.program, s->img.missing);
    if ((e = run_files_writable(s)) != PROFIL_OK)
        return e;
    struct stat st;
    const char *dir = s->o.screen_every_dir;
    if (dir && (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode) || access(dir, W_OK | X_OK) != 0))
        return session_fail(s, PROFIL_ERR_OUTPUT, "%s: --screen-every wants a folder it can write in", dir);
    if (s->o.keys && keys_parse(s->o.keys, &s->keys, &s->nkeys, err, sizeof err) != 0)
        return session_fail(s, PROFIL_ERR_INPUT, "%s", err);
    if ((s->o.record || s->o.replay) && (e = record_check(s)) != PROFIL_OK)
        return e;
    return PROFIL_OK;
}

/* The machine, its BIOS and DOS, the key script and the drives. */
static enum profil_error build_pc(struct profil_session *s)
{
    const struct profil_options *o = &s->o;
    if (!cpu_model_row((enum cpu_model)o->cpu))
        return session_fail(s, PROFIL_ERR_SETUP, "no such CPU model (%d)", (int)o->cpu);
    s->m = machine_new((enum cpu_model)o->cpu);
    if (!s->m)
        return session_fail(s, PROFIL_ERR_MEMORY, "out of memory");
    s->m->strict = o->strict;
    s->m->warn = s->err;
    const struct video_card *card = video_cards_at((unsigned)o->video);
    if (!card)
        return session_fail(s, PROFIL_ERR_SETUP, "no such display adapter (%d)", (int)o->video);
    machine_set_video(s->m, card);
    console_init(&s->con, s->in, s->out, isatty(fileno(s->out)) ? s->out : s->err);
    if (bios_install(s->m, &s->con, 0) != 0 || dos_install(&s->dos, s->m, &s->con, s->err) != 0)
        return session_fail(s, PROFIL_ERR_SETUP, "cannot set up the emulated PC");
    s->have_dos = 1;
    if (o->dos_version)
        s->dos.version = o->dos_version;
    if (o->disk_free_set)
        s->dos.disk_free = o->disk_free;
    s->dos.disk_time.model = (enum disk_time_model)o->disk_time;
    if (s->dos.disk_free > dos_disk_capacity(&s->dos))   /* no more free than the disk holds */
        s->dos.disk_free = dos_disk_capacity(&s->dos);
    if (s->keys) {
        kbd_start(&s->m->kbd, s->keys, s->nkeys, s->m->now);
        s->keys = NULL;
        machine_update_next_event(s->m);
    }
    for (int i = 0; i < 26; i++) {
        const char *dir = o->drives[i] ? o->drives[i] : i == 2 ? "." : NULL;
        if (dir && drives_map(&s->dos.drives, i, dir) != 0)
            return session_fail(s, PROFIL_ERR_INPUT, "--drive %c=%s: not a folder", 'A' + i, dir);
    }
    return PROFIL_OK;
}

/* The process (PSP, environment, image) and the clock model. */
static enum profil_error start_process(struct profil_session *s)
{
    char err[512];
    const struct profil_options *o = &s->o;
    struct machine *m = s->m;
    dos_program_path(o->program, s->dos_path, sizeof s->dos_path);
    struct process_args pa = { s->dos_path, o->tail ? o->tail : "", o->env, o->nenv };
    if (process_create(m, &s->dos, &s->img, &pa, &s->proc, err, sizeof err) != 0)
        return session_fail(s, PROFIL_ERR_INPUT, "%s: %s", o->program, err);
    m->no_refresh = o->no_refresh;
    if (profil_uses_bus(o) && cpu_set_bus_model(m, 0) != 0)
        return session_fail(s, PROFIL_ERR_MEMORY, "out of memory for --timing bus");
    return PROFIL_OK;
}

static double host_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void progress_tick(void *ctx, uint16_t cs, uint16_t ip)
{
    struct progress *p = ctx;
    sampler_tick(p->s, cs, ip);
    if ((p->s->total & 0x3FFF) != 0)
        return;
    double t = host_seconds();
    if (t - p->last < 2.0)
        return;
    p->last = t;
    p->shown = 1;
    fprintf(p->f, "\rprofil: running, %.1f s emulated, %llu samples ", cycles_to_seconds(p->m->now),
            (unsigned long long)p->s->total);
}


/* The sampler on the machine's tick (with the progress line, and
 * --screen-every's pictures), the window, the limits. */
static enum profil_error start_run(struct profil_session *s)
{
    const struct profil_options *o = &s->o;
    struct machine *m = s->m;
    s->prog = (struct progress){ &s->s, m, s->err, host_seconds(), 0 };
    tick_fn tick = o->progress ? progress_tick : sampler_tick;
    void *tick_ctx = o->progress ? (void *)&s->prog : (void *)&s->s;
    if (o->screen_every_dir && o->screen_every_ms)
        session_screens_every(s, &tick, &tick_ctx);
    machine_set_tick(m, cycles_from_usec(o->interval_us), tick, tick_ctx);
    if (o->window) {
        enum profil_error e = window_open(s);
        if (e != PROFIL_OK)
            return e;
    }
    if (o->timeout_s > 0)
        machine_set_timeout(m, (uint64_t)(o->timeout_s * (double)CPU_HZ_NUM / (double)CPU_HZ_DEN));
    machine_set_max_insn(m, o->max_insn);
    return PROFIL_OK;
}

enum profil_error profil_session_new(const struct profil_options *o, struct profil_session **out)
{
    struct profil_session *s = calloc(1, sizeof *s);
    *out = s;
    if (!s)
        return PROFIL_ERR_MEMORY;
    s->o = *o;
    s->in = o->in ? o->in : stdin;
    s->out = o->out ? o->out : stdout;
    s->err = o->err ? o->err : stderr;
    if (!o->program)
        return session_fail(s, PROFIL_ERR_INPUT, "no program given");
    enum profil_error e = load_program(s);
    if (e == PROFIL_OK)
        e = build_pc(s);
    if (e == PROFIL_OK)
        e = start_process(s);
    if (e == PROFIL_OK)
        e = profilers_install(s);
    if (e == PROFIL_OK)
        e = start_run(s);
    if (e == PROFIL_OK)
        e = run_files_append_check(s);
    s->ready = e == PROFIL_OK;
    return e;
}

/* The session whose signals are caught, for the signal handler (one at
 * a time per process when catch_signals is set): from the run until the
 * session is freed, so the writing after the run hears them too. */
static struct profil_session *volatile signalled_session;
static const int stop_signals[NSTOP_SIGNALS] = { SIGINT, SIGTERM, SIGHUP };

/* SIGINT, SIGTERM, SIGHUP: ask the run loop to stop (machine.c turns the
 * number into the stop reason); the profile is written as after any stop.
 * After the run, `late_signal` tells the writing to cut what it may skip
 * (the children's profiles: lib/outputs.c). */
static void on_signal(int sig)
{
    struct profil_session *s = signalled_session;
    if (s) {
        s->late_signal = sig;
        s->m->interrupt_requested = sig;
        s->m->next_event = 0;
    }
}

/* The stop signals stop the machine, and SIGPIPE is ignored so that a
 * closed output is an EPIPE the console notices (console.h). */
static void catch_signals(struct profil_session *s)
{
    struct sigaction sa = { 0 };
    signalled_session = s;
    sa.sa_handler = on_signal;
    for (size_t i = 0; i < NSTOP_SIGNALS; i++)
        sigaction(stop_signals[i], &sa, &s->old_signals[i]);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, &s->old_signals[NSTOP_SIGNALS]);
    s->caught = 1;
}

static void restore_signals(struct profil_session *s)
{
    for (size_t i = 0; i < NSTOP_SIGNALS; i++)
        sigaction(stop_signals[i], &s->old_signals[i], NULL);
    sigaction(SIGPIPE, &s->old_signals[NSTOP_SIGNALS], NULL);
    s->caught = 0;
    signalled_session = NULL;
}

enum profil_stop profil_session_run(struct profil_session *s)
{
    if (!s->ready || s->ran)        /* not set up, or run already */
        return profil_session_stop(s);
    s->ran = 1;
    if (s->o.catch_signals)
        catch_signals(s);
    record_start(s);
    if (s->o.audio_wav)         /* the sound from the program's start on */
        speaker_enable(&s->m->spk, s->m->now, SESSION_WAV_MAX);
    if (s->win.ops)
        s->win.ops->start(s);
    machine_run(s->m);
    if (s->win.ops)
        s->win.ops->close(s);
    if (s->m->stop == STOP_SIGNAL || s->m->stop == STOP_INTERRUPTED)
        s->late_signal = 0;     /* the run heard it: its stop reason says it */
    console_flush(&s->con);
    if (s->prog.shown)
        fputs("\r\033[K", s->err);
    return (enum profil_stop)s->m->stop;
}


void profil_session_free(struct profil_session *s)
{
    if (!s)
        return;
    fflush(s->out);
    if (s->caught)
        restore_signals(s);
    free(s->keys);
    if (s->win.ops)
        s->win.ops->release(s);
    recording_free(&s->rec);
    recording_free(&s->replay);
    session_summary_free(s);        /* it points into the profilers' */
    profilers_release(s);
    free(s->child_prf);
    free(s->child_prx);
    prx_free(&s->trace);
    prf_free(&s->p);
    if (s->have_dos)
        dos_free(&s->dos);
    machine_free(s->m);
    free(s->file);
    free(s->shell);
    free(s);
}

/* Results. */

enum profil_stop profil_session_stop(const struct profil_session *s)
{
    return s->m ? (enum profil_stop)s->m->stop : PROFIL_STOP_NONE;
}

int profil_session_exit_code(const struct profil_session *s)
{
    return s->m ? s->m->exit_code : 0;
}

const char *profil_session_fault(const struct profil_session *s)
{
    return s->m ? s->m->fault : "";
}

int profil_session_exit_status(const struct profil_session *s)
{
    if (!s->m || s->prx_failed)
        return PROFIL_EXIT_FAILED;
    if (s->late_signal)         /* heard while writing: the command stops as at any stop signal */
        return s->late_signal == SIGINT ? PROFIL_EXIT_INTERRUPTED : PROFIL_EXIT_SIGNAL_BASE + s->late_signal;
    switch (s->m->stop) {
    case STOP_EXIT: return s->m->exit_code;
    case STOP_INTERRUPTED: return PROFIL_EXIT_INTERRUPTED;
    case STOP_TIMEOUT: case STOP_MAX_INSN: return PROFIL_EXIT_RUN_LIMIT;
    case STOP_SIGNAL: return PROFIL_EXIT_SIGNAL_BASE + s->m->stop_signal;
    case STOP_OUTPUT_CLOSED: return PROFIL_EXIT_OUTPUT_CLOSED;
    case STOP_NO_INPUT: return PROFIL_EXIT_NO_INPUT;
    default: return PROFIL_EXIT_GUEST_CRASHED;
    }
}

void profil_session_counts(struct profil_session *s, struct profil_counts *c)
{
    profilers_finish(s);
    c->total = s->s.total;
    c->io = s->s.hit_io;
    c->dos = s->s.hit_dos;
    c->high = s->s.hit_high;
    c->program = c->total - c->io - c->dos - c->high;
}

void profil_session_layout(const struct profil_session *s, struct profil_layout *l)
{
    *l = (struct profil_layout){ s->layout.clock_grain, s->layout.bucket_size, s->layout.bucket_num,
                                 s->layout.prog_low_pa, s->layout.prog_high_pa, s->layout.dos_pa };
}

const uint64_t *profil_session_buckets(struct profil_session *s)
{
    profilers_finish(s);
    return s->s.bucket;
}

int profil_session_exact(struct profil_session *s, uint32_t linear, uint64_t *insns, uint64_t *cycles)
{
    if (!s->tracing || linear >= MEM_SIZE)
        return -1;
    profilers_finish(s);
    *insns = s->tr.counts.addr[linear].insns;
    *cycles = s->tr.counts.addr[linear].cycles;
    return 0;
}

uint64_t profil_session_cycles(const struct profil_session *s)
{
    return s->m ? s->m->now : 0;
}

double profil_session_seconds(const struct profil_session *s)
{
    return cycles_to_seconds(profil_session_cycles(s));
}

uint64_t profil_session_instructions(const struct profil_session *s)
{
    return s->m ? cpu_insn_count((struct machine *)s->m) : 0;
}

const char *profil_session_prf_path(const struct profil_session *s)
{
    return s->files.prf;
}

const char *profil_session_prx_path(const struct profil_session *s)
{
    return s->files.prx;
}

const char *profil_stop_name(enum profil_stop r)
{
    static const char *const names[] = { "running", "exit", "timeout", "max-instructions", "interrupted",
                                         "crash", "strict", "signal", "output-closed", "no-input" };
    return (unsigned)r < sizeof names / sizeof *names ? names[r] : "?";
}

/* The models' names from emu/cpu/cpu_models.c's table, whose rows are in
 * enum profil_cpu's order; NULL past it, as profil_video_name(). */
const char *profil_cpu_name(enum profil_cpu c)
{
    const struct cpu_model_row *row = cpu_model_row((enum cpu_model)c);
    return row ? row->name : NULL;
}

/* The cards' names from emu/video/cards.h's table, whose rows are in
 * enum profil_video's order. */
const char *profil_video_name(enum profil_video v)
{
    const struct video_card *card = video_cards_at((unsigned)v);
    return card ? card->name : NULL;
}

int profil_video_parse(const char *name, enum profil_video *out)
{
    const struct video_card *card = video_cards_find(name);
    if (!card)
        return -1;
    *out = (enum profil_video)video_cards_index(card);
    return 0;
}

int profil_cpu_has_bus(enum profil_cpu c)
{
    const struct cpu_model_row *row = cpu_model_row((enum cpu_model)c);
    return row && row->bus_plans;
}

int profil_cpu_parse(const char *name, enum profil_cpu *out)
{
    enum cpu_model m;
    if (cpu_model_parse(name, &m) != 0)
        return -1;
    *out = (enum profil_cpu)m;
    return 0;
}

int profil_frames_parse(const char *text, struct profil_options *o)
{
    struct frame_spec f;
    if (frame_spec_parse(text, &f) != 0)
        return -1;
    o->frames = (enum profil_frames)f.kind;
    o->frames_given = 1;
    o->frames_every = f.every;
    o->frames_at = f.kind == FRAMES_AT ? text + 3 : NULL;
    return 0;
}

int profil_dos_version_parse(const char *text, uint16_t *out)
{
    return dos_version_parse(text, out);
}
