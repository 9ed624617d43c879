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

#include "../emu/bios.h"
#include "../emu/console.h"
#include "../emu/dos.h"
#include "../emu/dos_mem.h"
#include "../emu/drive.h"
#include "../emu/machine.h"
#include "../emu/keyboard.h"
#include "../emu/video.h"
#include "../formats/fileio.h"
#include "../formats/attrib.h"
#include "../formats/prf.h"
#include "../formats/png.h"
#include "../formats/screen.h"
#include "../formats/symtab.h"
#include "../loader/exe.h"
#include "../loader/process.h"
#include "../emu/cpu.h"
#include "../sampler/sampler.h"
#include "../sampler/calls.h"
#include "../sampler/exact.h"
#include "../sampler/memprof.h"
#include "../sampler/trace.h"

static struct machine *running;

static void on_sigint(int sig)
{
    (void)sig;
    if (running) {
        running->interrupt_requested = 1;
        running->next_event = 0;
    }
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
    fprintf(f, "profil: %llu %s in %.3f s emulated (%s, %s timing): program %.1f%%  dos %.1f%%  io %.1f%%  high %.1f%%\n",
            (unsigned long long)s->total, m->exact ? "instructions traced" : "samples",
            cycles_to_seconds(m->now), cpu_model_name(m->model), m->timing_bus ? "bus" : "table", 100.0 * (double)prog / t,
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

/* The map for the summary: --map, or NAME.MAP beside the program (any
 * case of the extension).  NULL when there is none; a map that does not
 * parse is reported and left out. */
static int find_map(const struct session_opts *o, struct symtab *t)
{
    char path[4200], err[600];
    const char *use = o->map;
    if (!use) {
        const char *exts[2] = { ".MAP", ".map" };
        size_t len = strlen(o->program);
        const char *dot = strrchr(o->program, '.');
        const char *slash = strrchr(o->program, '/');
        if (dot && (!slash || dot > slash))
            len = (size_t)(dot - o->program);
        for (int i = 0; i < 2 && !use; i++) {
            snprintf(path, sizeof path, "%.*s%s", (int)len, o->program, exts[i]);
            if (access(path, R_OK) == 0)
                use = path;
        }
        if (!use)
            return 0;
    }
    if (symtab_read_file(use, t, err, sizeof err) != 0) {
        fprintf(stderr, "profil: warning: %s (the summary shows buckets)\n", err);
        return 0;
    }
    return 1;
}

/* The five busiest symbols, after the summary's first line: samples
 * split among symbols, or in trace mode the exact instruction counts. */
static void symbol_summary(const struct prf *p, const struct prx *x, const struct symtab *t, uint64_t total, FILE *f)
{
    struct unit_hits *rows;
    size_t n;
    if ((x ? attribute_exact(x, t, METRIC_INSTRUCTIONS, 0, &rows, &n) : attribute_hits(p, t, &rows, &n)) != 0)
        return;
    for (int k = 0; k < 5; k++) {
        size_t best = n;
        for (size_t i = 0; i < n; i++)
            if (rows[i].hits >= 0.5 && (best == n || rows[i].hits > rows[best].hits))
                best = i;
        if (best == n)
            break;
        fprintf(f, "profil:   %-20s %5.1f%%\n", rows[best].name, 100.0 * rows[best].hits / (double)(total ? total : 1));
        rows[best].hits = 0;
    }
    free(rows);
}

static const char *stop_name(enum stop_reason r)
{
    static const char *const names[] = { "running", "exit", "timeout", "max-instructions", "interrupted",
                                         "crash", "strict" };
    return (unsigned)r < sizeof names / sizeof *names ? names[r] : "?";
}

/* What a run gathers beyond the .PRF, for NAME.prx. */
struct extras {
    struct tracer tr;               /* --trace */
    struct calltree calls;          /* --trace, --stacks */
    struct memprof mem;             /* --memory */
    int tracing, following, memory;
};

/* NAME.prx beside the .PRF: the exact counts, the call tree, the memory
 * sites.  The call nodes and sites move into *out. */
static int write_prx(const struct session_opts *o, const struct machine *m, struct extras *ex,
                     const struct prf_layout *l, const char *prf_path, struct prx *out)
{
    char path[4200], err[600];
    struct prx x = { 0 };
    session_trace_output(prf_path, path, sizeof path);
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
    snprintf(x.timing, sizeof x.timing, "%s", m->timing_bus ? "bus" : "table");
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
    int rc = prx_write_file(path, &x, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "profil: %s\n", err);
        prx_free(&x);
    }
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
    default: return EXIT_GUEST_CRASHED;
    }
}

int session_run(const struct session_opts *o)
{
    char err[512], out_path[4096], dos_path[128];
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

    if (o->output)
        snprintf(out_path, sizeof out_path, "%s", o->output);
    else
        session_default_output(o->program, out_path, sizeof out_path);

    if (read_file(o->program, &file, &size, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_PROFIL_FAILED;
    }
    if (exe_parse(file, size, &img, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s: %s\n", o->program, err);
        goto done;
    }
    if (img.missing)
        fprintf(stderr, "profil: warning: %s: %zu bytes shorter than its header says; loading what is there, "
                "as DOS does\n", o->program, img.missing);
    if (check_writable(out_path, err, sizeof err) != 0 ||
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
    if (o->timing_bus && cpu_set_bus_model(m, 0) != 0) {
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
    struct progress prog = { &s, m, host_seconds(), 0 };
    if (!o->quiet && !o->dialogue && isatty(STDERR_FILENO))
        machine_set_tick(m, cycles_from_usec(o->interval_us), progress_tick, &prog);
    else
        machine_set_tick(m, cycles_from_usec(o->interval_us), sampler_tick, &s);
    if (o->timeout_s > 0)
        machine_set_timeout(m, (uint64_t)(o->timeout_s * (double)CPU_HZ_NUM / (double)CPU_HZ_DEN));
    machine_set_max_insn(m, o->max_insn);

    running = m;
    struct sigaction sa = { 0 }, old;
    sa.sa_handler = on_sigint;
    sigaction(SIGINT, &sa, &old);
    machine_run(m);
    sigaction(SIGINT, &old, NULL);
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
    if (ex.tracing)
        tracer_to_sampler(&ex.tr, &s);
    if ((ex.tracing || ex.following || ex.memory) && write_prx(o, m, &ex, &layout, out_path, &trace) != 0)
        goto done;
    struct prf p;
    int wrapped = sampler_to_prf(&s, &p);
    if (wrapped < 0 || prf_write_file(out_path, &p, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", wrapped < 0 ? "out of memory" : err);
        prf_free(&p);
        goto done;
    }
    char say[1200];             /* NAME.prc, the exact counts; which counters wrapped */
    if (exact_finish(out_path, o->program, &s, m, ex.tracing ? &ex.tr : NULL, say, sizeof say))
        fprintf(stderr, "profil: warning: %s\n", say);
    status = exit_status(m);

    if (m->stop != STOP_EXIT && m->stop != STOP_INTERRUPTED)
        fprintf(stderr, "profil: %s: %s\n", o->program, m->fault);
    if (o->dialogue) {
        fputs(m->stop == STOP_EXIT ? "\r\nProgram terminated normally\r\n" : "\r\nProgram aborted\r\n", stdout);
    } else {
        if (m->stop == STOP_INTERRUPTED)
            fprintf(stderr, "profil: Program aborted\n");
        if (!o->quiet) {
            char prx_path[4200];
            struct symtab t;
            int have_map = find_map(o, &t);
            summary(&s, m, have_map, stderr);
            if (have_map) {
                symbol_summary(&p, o->trace ? &trace : NULL, &t, s.total, stderr);
                symtab_free(&t);
            }
            fprintf(stderr, "profil: wrote %s (%zu bytes)\n", out_path, prf_size(&p));
            session_trace_output(out_path, prx_path, sizeof prx_path);
            if (o->trace)
                fprintf(stderr, "profil: wrote %s (%llu cycles exactly)\n", prx_path,
                        (unsigned long long)m->now);
            else if (ex.following || ex.memory)
                fprintf(stderr, "profil: wrote %s (%s)\n", prx_path,
                        ex.following && ex.memory ? "call stacks and memory" : ex.following ? "call stacks" : "memory");
        }
    }
    prf_free(&p);
done:
    fflush(stdout);
    free(keys);
    sampler_free(&s);
    tracer_free(&ex.tr);
    calls_free(&ex.calls);
    memprof_free(&ex.mem);
    prx_free(&trace);
    if (have_dos)
        dos_free(&dos);
    machine_free(m);
    free(file);
    return status;
}
