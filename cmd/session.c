/*
 * cmd/session.c: see session.h.  Messages go to stderr as one line each,
 * prefixed "profil: "; the program's own output owns stdout.
 */
#include "session.h"

#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../emu/bios/bios.h"
#include "../emu/pc/console.h"
#include "../emu/dos/dos.h"
#include "../emu/dos/dos_mem.h"
#include "../emu/dos/drive.h"
#include "../emu/machine.h"
#include "../emu/pc/keyboard.h"
#include "../emu/pc/video.h"
#include "../formats/fileio.h"
#include "../formats/attrib.h"
#include "../formats/prf.h"
#include "../formats/png.h"
#include "../formats/screen.h"
#include "../formats/summary.h"
#include "../formats/symtab.h"
#include "../loader/exe.h"
#include "../loader/process.h"
#include "../emu/cpu/cpu.h"
#include "../sampler/sampler.h"
#include "../sampler/calls.h"
#include "../sampler/exact.h"
#include "../sampler/memprof.h"
#include "../sampler/svcprof.h"
#include "../sampler/trace.h"

static struct machine *running;

/* SIGINT, SIGTERM, SIGHUP: ask the run loop to stop (machine.c turns the
 * number into the stop reason); the profile is written as after any stop. */
static void on_signal(int sig)
{
    if (running) {
        running->interrupt_requested = sig;
        running->next_event = 0;
    }
}

int session_uses_bus(const struct session_opts *o)
{
    if (o->timing != TIMING_DEFAULT)
        return o->timing == TIMING_BUS;
    return o->cpu == CPU_8088 || o->cpu == CPU_8086;
}

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };
#define NSTOP_SIGNALS (sizeof stop_signals / sizeof stop_signals[0])

/* During a run: the stop signals stop the machine, and SIGPIPE is ignored
 * so that a closed stdout is an EPIPE the console notices (console.h). */
static void catch_signals(struct sigaction old[NSTOP_SIGNALS + 1])
{
    struct sigaction sa = { 0 };
    sa.sa_handler = on_signal;
    for (size_t i = 0; i < NSTOP_SIGNALS; i++)
        sigaction(stop_signals[i], &sa, &old[i]);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, &old[NSTOP_SIGNALS]);
}

static void restore_signals(const struct sigaction old[NSTOP_SIGNALS + 1])
{
    for (size_t i = 0; i < NSTOP_SIGNALS; i++)
        sigaction(stop_signals[i], &old[i], NULL);
    sigaction(SIGPIPE, &old[NSTOP_SIGNALS], NULL);
}

void session_default_output(const char *program, char *out, size_t n)
{
    const char *base = strrchr(program, '/');
    base = base ? base + 1 : program;
    size_t len = strcspn(base, ".");
    if (len > 8)
        len = 8;
    char name[9];
    for (size_t i = 0; i < len; i++)
        name[i] = (char)toupper((unsigned char)base[i]);
    name[len] = 0;
    snprintf(out, n, "%s.PRF", name);
}

void session_trace_output(const char *prf_path, char *out, size_t n)
{
    const char *slash = strrchr(prf_path, '/'), *dot = strrchr(prf_path, '.');
    size_t len = dot && (!slash || dot > slash) ? (size_t)(dot - prf_path) : strlen(prf_path);
    snprintf(out, n, "%.*s.prx", (int)len, prf_path);
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

static void summary(const struct sampler *s, const struct machine *m, int first_line_only, FILE *f)
{
    uint64_t prog = s->total - s->hit_io - s->hit_dos - s->hit_high;
    double t = (double)(s->total ? s->total : 1);
    /* 186 and 286 have no clock counts of their own here: say so. */
    fprintf(f, "profil: %llu %s in %.3f s emulated (%s%s, %s timing): program %.1f%%  dos %.1f%%  io %.1f%%  high %.1f%%\n",
            (unsigned long long)s->total, m->exact ? "instructions traced" : "samples",
            cycles_to_seconds(m->now), cpu_model_name(m->model), m->model >= CPU_186 ? " timed as an 8086" : "",
            machine_timing_name(m), 100.0 * (double)prog / t,
            100.0 * (double)s->hit_dos / t, 100.0 * (double)s->hit_io / t, 100.0 * (double)s->hit_high / t);
    if (first_line_only)
        return;
    /* The top five buckets. */
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

/* Progress on long runs: when stderr is a terminal, a line every two
 * seconds of host time (host time never reaches the emulated machine). */
struct progress {
    struct sampler *s;
    const struct machine *m;
    double last;
    int shown;
};

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
    fprintf(stderr, "\rprofil: running, %.1f s emulated, %llu samples ", cycles_to_seconds(p->m->now),
            (unsigned long long)p->s->total);
}

/* The map for the summary (run_files_name() found it): NULL when there is
 * none; a map that does not parse is reported and left out. */
static int read_map(const char *path, struct symtab *t)
{
    char err[600];
    if (!path[0])
        return 0;
    if (symtab_read_file(path, t, err, sizeof err) != 0) {
        fprintf(stderr, "profil: warning: %s (the summary shows buckets)\n", err);
        return 0;
    }
    return 1;
}

/* The five busiest symbols, after the summary's first line, from the best
 * data the run has (formats/summary.h), and a line saying which. */
static void symbol_summary(const struct prf *p, const struct prx *x, const struct symtab *t, uint64_t total, FILE *f)
{
    struct summary_row rows[5];
    size_t n;
    enum summary_basis basis;
    char share[24], note[200];
    if (summary_symbols(p, x, t, total, rows, 5, &n, &basis) != 0)
        return;
    for (size_t k = 0; k < n; k++) {
        snprintf(share, sizeof share, "%s%.1f%%", basis == SUMMARY_SPLIT ? "~" : "", rows[k].percent);
        fprintf(f, "profil:   %-20s %6s\n", rows[k].name, share);
    }
    summary_basis_note(basis, p, note, sizeof note);
    fprintf(f, "profil:   (%s)\n", note);
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

static const char *stop_name(enum stop_reason r)
{
    static const char *const names[] = { "running", "exit", "timeout", "max-instructions", "interrupted",
                                         "crash", "strict", "signal", "output-closed", "no-input" };
    return (unsigned)r < sizeof names / sizeof *names ? names[r] : "?";
}

/* What a run gathers beyond the .PRF, for NAME.prx. */
struct extras {
    struct tracer tr;               /* --trace */
    struct calltree calls;          /* --trace, --stacks */
    struct memprof mem;             /* --memory */
    struct svcprof svc;             /* time per DOS and BIOS service, always */
    struct prx services;            /* its rows, after the run (only .services) */
    int tracing, following, memory;
};

/* The .prx: the exact counts, the call tree, the memory sites, written to
 * `path` unless it is empty.  The call nodes and sites move into *out. */
static int write_prx(const struct session_opts *o, const struct machine *m, struct extras *ex,
                     const struct prf_layout *l, const char *path, struct prx *out)
{
    char err[600];
    struct prx x = { 0 };
    if (ex->tracing ? tracer_to_prx(&ex->tr, m->mem, l, &x) != 0 : !(x.e = calloc(1, sizeof *x.e))) {
        fprintf(stderr, "profil: out of memory\n");
        return -1;
    }
    if (!ex->tracing) {             /* the layout and totals of a sampling run */
        x.total_insns = cpu_insn_count((struct machine *)m);
        x.total_cycles = m->now;
        prx_set_layout(&x, l);
    }
    const char *base = strrchr(o->program, '/');
    snprintf(x.program, sizeof x.program, "%s", base ? base + 1 : o->program);
    snprintf(x.cpu, sizeof x.cpu, "%s", cpu_model_name(m->model));
    snprintf(x.timing, sizeof x.timing, "%s", machine_timing_name(m));
    x.has_stalls = m->timing_bus;
    snprintf(x.stop, sizeof x.stop, "%s", stop_name(m->stop));
    snprintf(x.mode, sizeof x.mode, "%s", ex->tracing ? "trace" : "sampling");
    if (ex->following) {
        struct calltree *t = &ex->calls;
        x.calls = t->node;
        x.ncalls = t->n;
        x.unmatched = t->unmatched;
        x.unwound = t->unwound;
        x.open = t->depth;
        x.lost = t->lost;
        x.max_depth = t->max_depth;
        t->node = NULL;
    }
    if (ex->memory) {
        x.sites = ex->mem.sites;
        x.nsites = ex->mem.nsites;
        ex->mem.sites = NULL;
    }
    x.services = ex->services.services;         /* lent for the writing */
    x.nservices = ex->services.nservices;
    x.service_samples = ex->services.service_samples;
    int rc = path[0] ? prx_write_file(path, &x, err, sizeof err) : 0;
    x.services = NULL;
    x.nservices = 0;
    if (rc != 0)
        fprintf(stderr, "profil: %s\n", err);
    *out = x;
    return rc;
}

/* --screen: the text screen as the run left it, in UTF-8. */
static int write_screen(const char *path, const struct machine *m)
{
    char err[600];
    if (!video_is_text(m)) {
        fprintf(stderr, "profil: --screen %s: the program left the screen in graphics mode %02Xh; no text to write\n",
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
        fprintf(stderr, "profil: out of memory\n");
    else if (strcmp(path, "-") == 0)
        rc = fwrite(text, 1, n, stdout) == n && fflush(stdout) == 0 ? 0 : -1;
    else if ((rc = write_file_atomic(path, text, n, err, sizeof err)) != 0)
        fprintf(stderr, "profil: %s\n", err);
    free(text);
    return rc;
}

/* --screen-png: mode 13h as the run left it, in the DAC's colours. */
static int write_screen_png(const char *path, const struct machine *m)
{
    char err[600];
    if (video_mode(m) != 0x13) {
        fprintf(stderr, "profil: --screen-png %s: the screen is in mode %02Xh; only mode 13h is drawn "
                "(--screen writes a text screen)\n", path, video_mode(m));
        return -1;
    }
    uint8_t palette[768];
    for (int i = 0; i < 768; i++)
        palette[i] = (uint8_t)((m->dac[i] & 0x3F) * 255u / 63u);
    uint8_t *png;
    size_t n;
    if (png_indexed(m->mem + 0xA0000, 320, 200, palette, &png, &n) != 0) {
        fprintf(stderr, "profil: out of memory\n");
        return -1;
    }
    int rc = write_file_atomic(path, png, n, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "profil: %s\n", err);
    free(png);
    return rc;
}

static int exit_status(const struct machine *m)
{
    switch (m->stop) {
    case STOP_EXIT: return m->exit_code;
    case STOP_INTERRUPTED: return EXIT_INTERRUPTED;
    case STOP_TIMEOUT: case STOP_MAX_INSN: return EXIT_RUN_LIMIT;
    case STOP_SIGNAL: return EXIT_SIGNAL_BASE + m->stop_signal;
    case STOP_OUTPUT_CLOSED: return EXIT_OUTPUT_CLOSED;
    case STOP_NO_INPUT: return EXIT_NO_INPUT;
    default: return EXIT_GUEST_CRASHED;
    }
}

int session_run(const struct session_opts *o)
{
    char err[512], dos_path[128];
    struct run_files files;
    struct sigaction old_signals[NSTOP_SIGNALS + 1];
    int caught = 0;
    uint8_t *file = NULL;
    size_t size = 0;
    struct dos_image img;
    struct machine *m = NULL;
    struct console con;
    struct dos dos;
    struct sampler s = { 0 };
    struct prf_layout layout;
    struct process proc;
    struct extras ex;
    struct prx trace = { 0 };
    int status = EXIT_PROFIL_FAILED, have_dos = 0;
    struct key_stroke *keys = NULL;
    size_t nkeys = 0;
    memset(&ex, 0, sizeof ex);

    if (read_file(o->program, &file, &size, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_PROFIL_FAILED;
    }
    const char *out_path = files.prf;
    if (run_files_name(o, &files) != 0 || run_files_check(o, &files, file, size) != 0)
        goto done;
    if (exe_parse(file, size, &img, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s: %s\n", o->program, err);
        goto done;
    }
    if (img.missing)
        fprintf(stderr, "profil: warning: %s: %zu bytes shorter than its header says; loading what is there, "
                "as DOS does\n", o->program, img.missing);
    if (check_writable(out_path, err, sizeof err) != 0 ||
        (files.prx[0] && check_writable(files.prx, err, sizeof err) != 0) ||
        (o->screen && strcmp(o->screen, "-") != 0 && check_writable(o->screen, err, sizeof err) != 0) ||
        (o->screen_png && check_writable(o->screen_png, err, sizeof err) != 0)) {
        fprintf(stderr, "profil: %s\n", err);
        goto done;
    }
    if (o->keys && keys_parse(o->keys, &keys, &nkeys, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        goto done;
    }

    m = machine_new(o->cpu);
    if (!m) {
        fprintf(stderr, "profil: out of memory\n");
        goto done;
    }
    m->strict = o->strict;
    if (o->trace) {
        if (tracer_init(&ex.tr) != 0) {
            fprintf(stderr, "profil: out of memory for --trace\n");
            goto done;
        }
        ex.tracing = 1;
        m->exact = &ex.tr.counts;
    }
    console_init(&con, stdin, stdout, isatty(STDOUT_FILENO) ? stdout : stderr);
    if (bios_install(m, &con, 0) != 0 || dos_install(&dos, m, &con, stderr) != 0) {
        fprintf(stderr, "profil: cannot set up the emulated PC\n");
        goto done;
    }
    have_dos = 1;
    if (o->dos_version)
        dos.version = o->dos_version;
    if (o->disk_free_set)
        dos.disk_free = o->disk_free;
    if (keys) {
        kbd_start(&m->kbd, keys, nkeys, m->now);
        keys = NULL;
        machine_update_next_event(m);
    }
    for (int i = 0; i < 26; i++) {
        const char *dir = o->drives[i] ? o->drives[i] : i == 2 ? "." : NULL;
        if (dir && drives_map(&dos.drives, i, dir) != 0) {
            fprintf(stderr, "profil: --drive %c=%s: not a folder\n", 'A' + i, dir);
            goto done;
        }
    }
    dos_program_path(o->program, dos_path, sizeof dos_path);
    struct process_args pa = { dos_path, o->tail ? o->tail : "", o->env, o->nenv };
    if (process_create(m, &dos, &img, &pa, &proc, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s: %s\n", o->program, err);
        goto done;
    }
    m->no_refresh = o->no_refresh;
    if (session_uses_bus(o) && cpu_set_bus_model(m, 0) != 0) {
        fprintf(stderr, "profil: out of memory for --timing bus\n");
        goto done;
    }

    if (o->trace || o->stacks) {
        if (calls_init(&ex.calls, cpu_get(m, REG_CS), cpu_get(m, REG_IP)) != 0) {
            fprintf(stderr, "profil: out of memory for the call tree\n");
            goto done;
        }
        ex.following = 1;
        m->calls = &ex.calls.obs;
    }
    svcprof_init(&ex.svc, m);
    m->services = &ex.svc.obs;
    if (o->memory) {
        memprof_init(&ex.mem);
        ex.memory = 1;
        memprof_exec_block(&ex.mem, proc.env_seg, mcb_size(m, proc.env_seg) * 16u);
        memprof_exec_block(&ex.mem, proc.psp, mcb_size(m, proc.psp) * 16u);
        dos.mem_calls = &ex.mem.obs;
    }

    uint16_t dos_pa = mem_rw(m, 0x82);   /* the INT 20h vector's segment, as PROFIL reads it */
    if (prf_layout_make(&layout, o->interval_us, o->bucket_size,
                        profil_program_paras(o->program, file, size), proc.load_seg, dos_pa,
                        err, sizeof err) != 0 || sampler_init(&s, &layout) != 0) {
        fprintf(stderr, "profil: %s: %s\n", o->program, err);
        goto done;
    }
    if (ex.following)
        s.stacks = &ex.calls;
    s.services = &ex.svc;
    struct progress prog = { &s, m, host_seconds(), 0 };
    if (!o->quiet && !o->dialogue && isatty(STDERR_FILENO))
        machine_set_tick(m, cycles_from_usec(o->interval_us), progress_tick, &prog);
    else
        machine_set_tick(m, cycles_from_usec(o->interval_us), sampler_tick, &s);
    if (o->timeout_s > 0)
        machine_set_timeout(m, (uint64_t)(o->timeout_s * (double)CPU_HZ_NUM / (double)CPU_HZ_DEN));
    machine_set_max_insn(m, o->max_insn);

    catch_signals(old_signals);
    caught = 1;
    running = m;
    machine_run(m);
    running = NULL;
    console_flush(&con);
    if (prog.shown)
        fputs("\r\033[K", stderr);
    if (o->screen)
        write_screen(o->screen, m);     /* a failure is reported; the profile is still written */
    if (o->screen_png)
        write_screen_png(o->screen_png, m);

    if (ex.tracing || ex.following)
        cpu_settle(m);          /* the last instruction, when a limit stopped the run */
    if (ex.tracing) {
        tracer_to_sampler(&ex.tr, &s);
        svcprof_add_code(&ex.svc, &ex.tr.counts);
    }
    if (svcprof_to_prx(&ex.svc, ex.tracing, &ex.services) != 0)
        fprintf(stderr, "profil: out of memory: no time per service\n");
    /* A .prx that cannot be written is reported; the .PRF is still written. */
    int prx_failed = (ex.tracing || ex.following || ex.memory) &&
                     write_prx(o, m, &ex, &layout, files.prx, &trace) != 0;
    struct prf p;
    int wrapped = sampler_to_prf(&s, &p);
    if (wrapped < 0 || prf_write_file(out_path, &p, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", wrapped < 0 ? "out of memory" : err);
        prf_free(&p);
        goto done;
    }
    char say[1200];             /* NAME.prc, the exact counts; which counters wrapped */
    if (exact_finish(out_path, o->program, &s, m, ex.tracing ? &ex.tr : NULL, &ex.services, say, sizeof say))
        fprintf(stderr, "profil: warning: %s\n", say);
    status = prx_failed ? EXIT_PROFIL_FAILED : exit_status(m);

    if (m->stop != STOP_EXIT && m->stop != STOP_INTERRUPTED)
        fprintf(stderr, "profil: %s: %s\n", o->program, m->fault);
    if (o->dialogue) {
        fputs(m->stop == STOP_EXIT ? "\r\nProgram terminated normally\r\n" : "\r\nProgram aborted\r\n", stdout);
    } else {
        if (m->stop == STOP_INTERRUPTED)
            fprintf(stderr, "profil: Program aborted\n");
        if (!o->quiet) {
            struct symtab t;
            int have_map = read_map(files.map, &t);
            summary(&s, m, have_map, stderr);
            if (have_map) {
                symbol_summary(&p, o->trace || o->stacks ? &trace : NULL, &t, s.total, stderr);
                symtab_free(&t);
            }
            service_summary(&ex.services, m, ex.tracing, stderr);
            if (m->stop == STOP_EXIT)
                fprintf(stderr, "profil: program exited with code %d\n", m->exit_code);
            fprintf(stderr, "profil: wrote %s (%zu bytes)\n", out_path, prf_size(&p));
            if (files.prx[0] && !prx_failed && o->trace)
                fprintf(stderr, "profil: wrote %s (%llu cycles exactly)\n", files.prx,
                        (unsigned long long)m->now);
            else if (files.prx[0] && !prx_failed && (ex.following || ex.memory))
                fprintf(stderr, "profil: wrote %s (%s)\n", files.prx,
                        ex.following && ex.memory ? "call stacks and memory" : ex.following ? "call stacks" : "memory");
        }
    }
    prf_free(&p);
done:
    fflush(stdout);
    if (caught)
        restore_signals(old_signals);
    free(keys);
    sampler_free(&s);
    tracer_free(&ex.tr);
    calls_free(&ex.calls);
    memprof_free(&ex.mem);
    svcprof_free(&ex.svc);
    prx_free(&ex.services);
    prx_free(&trace);
    if (have_dos)
        dos_free(&dos);
    machine_free(m);
    free(file);
    return status;
}
