/*
 * tests/bench.c: `make bench`.  Runs the same instructions of a CPU-bound
 * fixture twice in one process, on bare libx86emu with a flat memory
 * (emu/cpu/cpu_bare.c) and on profil's emulated PC with its clock and sampler
 * running (100 us interval), and prints emulated MIPS (process CPU time)
 * and their ratio.
 * The two alternate for ROUNDS rounds and the best round of each counts,
 * so a busy neighbour on a shared host does not decide the ratio.
 * Then long programs as users run them (bench_long): a bcc-built pi
 * spigot and, when the compatibility corpus was fetched, Microsoft C
 * 5.1's compiler passes compiling that spigot's source, each whole under
 * the default clock and the table clock (process CPU time, best of 3
 * alternating rounds), as emulated MIPS and as times a real PC/XT (the
 * emulated seconds over the host's).  Then two fixtures beside the mix
 * (bench_fixture): the CGA's memory and REP strings, the default clock
 * against the table's.  Last, issue 33's targets, from
 * the ratios of this one run.
 * Host time is read here only, never by the emulated machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../emu/bios/bios.h"
#include "../emu/pc/console.h"
#include "../emu/cpu/cpu.h"
#include "../emu/cpu/cpu_bare.h"
#include "../emu/dos/dos.h"
#include "../emu/dos/drive.h"
#include "../emu/machine.h"
#include "../emu/chips/pit.h"
#include "../report/attrib.h"
#include "../report/export.h"
#include "../formats/fileio.h"
#include "../report/prohst.h"
#include "../formats/symtab.h"
#include "../loader/exe.h"
#include "../loader/process.h"
#include "../sampler/sampler.h"
#include "../sampler/calls.h"
#include "../sampler/trace.h"
#include "genmap.h"
#include "../lib/profil.h"
#include "../lib/session_internal.h"

#define INSNS 20000000ull
#define ROUNDS 5
#define LONG_ROUNDS 3

static double now_s(void);

/* The emulation runs are timed in the process's CPU time: on a host shared
 * with other work, wall time counts the waits for a core too. */
static double cpu_now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}


/* One profiled run of INSNS instructions from the saved state: sampling,
 * with `tr` the trace counts too, with `calls` the shadow stack (as run
 * --trace and --stacks have).  Returns host seconds, -1 on error. */
static double profiled_run(const uint8_t *start, const uint16_t *regs, enum cpu_model model,
                           struct tracer *tr, int calls, int bus, struct sampler *s, uint64_t *cycles)
{
    struct calltree ct;
    struct machine *m = machine_new(model);
    if (!m)
        return -1;
    if (calls && calls_init(&ct, &m->counted, regs[REG_CS], regs[REG_IP]) != 0) {
        machine_free(m);
        return -1;
    }
    memcpy(m->mem, start, MEM_SIZE);
    pit_bios_setup(&m->pit, 0);     /* channel 1's DRAM refresh, as on the PC (the bus model plays it) */
    for (int r = 0; r < NREGS; r++)
        cpu_set(m, (enum reg)r, regs[r]);
    if (bus && cpu_set_bus_model(m, 0) != 0) {
        machine_free(m);
        return -1;
    }
    s->total = 0;
    if (tr)
        exact_counts_clear(&tr->counts);
    if (calls)
        s->stacks = &ct;
    cpu_observe(m, tr ? &tr->counts : NULL, calls ? &ct.obs : NULL);
    machine_set_tick(m, cycles_from_usec(100), sampler_tick, s);
    machine_set_max_insn(m, INSNS);
    double t0 = cpu_now_s();
    machine_run(m);
    double t = cpu_now_s() - t0;
    if (m->insns != INSNS) {
        fprintf(stderr, "bench: the %s run stopped after %llu instructions\n", cpu_model_name(model),
                (unsigned long long)m->insns);
        t = -1;
    }
    if (cycles)
        *cycles = m->now;
    machine_free(m);
    if (calls)
        calls_free(&ct);
    s->stacks = NULL;
    return t;
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Reports on the largest .PRF there can be: 65535 one-paragraph buckets
 * (deterministic counts) and 4000 symbols; the target is 50 ms. */
static void bench_reports(void)
{
    enum { NB = 65535, NSYM = 4000 };
    static uint16_t counts[NB];
    for (unsigned i = 0; i < NB; i++)
        counts[i] = (uint16_t)((i * 2654435761u) >> 20);
    struct prf p = { 100, NB, 1, 0x200, (uint16_t)(0x200 + NB - 1), 0xC0, 10, 20, 30, counts, NULL, NULL, NULL, 0 };
    uint8_t *bytes = malloc(prf_size(&p));
    prf_encode(&p, bytes);
    struct symtab t = { .format = MAP_MSLINK, .sym = calloc(NSYM, sizeof(struct symbol)), .nsym = NSYM };
    for (unsigned i = 0; i < NSYM; i++) {
        snprintf(t.sym[i].name, sizeof t.sym[i].name, "fn%u", i);
        t.sym[i].addr = i * (NB * 16u / NSYM);
    }
    double t0 = now_s();
    struct prf q;
    char err[256], *listing;
    size_t len, nrows;
    struct unit_hits *rows;
    FILE *null = fopen("/dev/null", "w");
    int ok = prf_decode(bytes, prf_size(&p), &q, err, sizeof err) == 0;
    double t1 = now_s();
    struct prohst_map none = { .n = 0 };
    ok = ok && prohst_render(&q, &none, &listing, &len) == 0;
    double t2 = now_s();
    ok = ok && attribute_hits(&q, &t, &rows, &nrows) == 0;
    double t3 = now_s();
    ok = ok && export_csv(null, &q, &t) == 0;
    double t4 = now_s();
    printf("reports on a 65535-bucket profile, 4000 symbols: read %.1f ms, PROHST listing %.1f ms, "
           "per-symbol hits %.1f ms, CSV %.1f ms (target: each well under 50 ms)%s\n",
           1e3 * (t1 - t0), 1e3 * (t2 - t1), 1e3 * (t3 - t2), 1e3 * (t4 - t3), ok ? "" : " FAILED");
    fclose(null);
    if (ok) {
        free(listing);
        free(rows);
        prf_free(&q);
    }
    free(t.sym);
    free(bytes);
}

/* Parsing a linker map of 10^6 publics, each listed by name and by
 * value (tests/genmap.h); the target is 1 s. */
static void bench_map(void)
{
    size_t len = 0;
    char *text = gen_map(1000000, &len), err[256];
    struct symtab t;
    double t0 = now_s();
    int ok = text && symtab_parse(text, len, &t, err, sizeof err) == 0;
    double t1 = now_s();
    printf("a map of 10^6 symbols (%.0f MB): parsed in %.0f ms (target < 1000 ms)%s\n", (double)len / 1e6,
           1e3 * (t1 - t0), ok && t.nsym == 1000000 ? "" : " FAILED");
    if (ok)
        symtab_free(&t);
    free(text);
}

/* A temporary folder for a workload, under $TMPDIR (else /tmp): NAME's
 * template filled in by mkdtemp(); false when none could be made. */
static int bench_tmpdir(char *dir, size_t n, const char *name)
{
    const char *tmp = getenv("TMPDIR");
    int len = snprintf(dir, n, "%s/profil-bench%s-XXXXXX", tmp && *tmp ? tmp : "/tmp", name);
    return len > 0 && (size_t)len < n && mkdtemp(dir) != NULL;
}

/* A folder of 10,000 files made in a temporary folder, half with DOS
 * names and half with long names (aliases), searched whole as 4Eh and
 * 4Fh to the end do it; the target is 50 ms. */
static void bench_search(void)
{
    enum { NFILES = 10000 };
    char dir[256], path[320];
    if (!bench_tmpdir(dir, sizeof dir, "")) {
        printf("a search of %d files: no temporary folder FAILED\n", NFILES);
        return;
    }
    for (unsigned i = 0; i < NFILES; i++) {
        snprintf(path, sizeof path, i % 2 ? "%s/F%07u.DAT" : "%s/long file name %05u.data", dir, i);
        FILE *f = fopen(path, "w");
        if (f)
            fclose(f);
    }
    struct drives ds;
    struct dir_match m;
    uint8_t all[11];
    memset(all, '?', sizeof all);
    drives_init(&ds);
    unsigned n = 0;
    double t0 = now_s();
    if (drives_map(&ds, 2, dir) == 0)
        while (drive_search(&ds, "", all, 0, n, &m) == 0)
            n++;
    double t1 = now_s();
    drives_free(&ds);
    printf("a search of a folder of %d files (4Eh, then 4Fh to the end): %.1f ms (target < 50 ms)%s\n", NFILES,
           1e3 * (t1 - t0), n == NFILES ? "" : " FAILED");
    for (unsigned i = 0; i < NFILES; i++) {
        snprintf(path, sizeof path, i % 2 ? "%s/F%07u.DAT" : "%s/long file name %05u.data", dir, i);
        unlink(path);
    }
    rmdir(dir);
}

/* ---- long programs (issue 33 item 4) ----------------------------------- */

/* A whole DOS program run from drive C: (a scratch folder), as `profil
 * run` runs it (the session library), checked by what it leaves: the
 * start of its output, or a file it must write. */
struct long_program {
    const char *label;
    char program[600];          /* host path of the .COM or .EXE */
    const char *tail;
    const char *drive_c;
    const char *const *env;
    size_t nenv;
    const char *expect_out;     /* its standard output starts so, or NULL */
    char expect_file[600];      /* it writes this (removed before each run), or "" */
};

struct long_result {
    double cpu_s;               /* best process CPU time */
    uint64_t insns;
    double emulated_s;
    uint64_t clocks;            /* the emulated clock at the end */
};

/* One run under `timing`; 0 when it ran as expected (r updated with the
 * best time), else -1 with the reason on stderr.  `played`: the bus model
 * with no result from its memo (cpu_bus_play_every, reached through the
 * session's machine), every instruction played clock by clock. */
static int run_long(const struct long_program *p, enum profil_timing timing, const char *scratch,
                    struct long_result *r, int played)
{
    char prf[700];
    snprintf(prf, sizeof prf, "%s/BENCH.PRF", scratch);
    if (p->expect_file[0])
        unlink(p->expect_file);
    FILE *out = tmpfile(), *err = fopen("/dev/null", "w");
    struct profil_options o;
    profil_options_init(&o);
    o.program = p->program;
    o.tail = p->tail;
    o.output = prf;
    o.drives[2] = p->drive_c;
    o.env = p->env;
    o.nenv = p->nenv;
    o.timing = timing;
    o.out = out;
    o.err = err;
    struct profil_session *s = NULL;
    int ok = out && err && profil_session_new(&o, &s) == PROFIL_OK;
    if (ok && played)
        cpu_bus_play_every(s->m);
    double t0 = cpu_now_s();
    ok = ok && profil_session_run(s) == PROFIL_STOP_EXIT;
    double t = cpu_now_s() - t0;
    ok = ok && profil_session_exit_code(s) == 0;
    char head[64] = "";
    if (ok && p->expect_out) {
        rewind(out);
        size_t n = fread(head, 1, strlen(p->expect_out), out);
        head[n] = 0;
        ok = strcmp(head, p->expect_out) == 0;
    }
    struct stat st;
    ok = ok && (!p->expect_file[0] || stat(p->expect_file, &st) == 0);
    if (ok) {
        if (r->cpu_s == 0 || t < r->cpu_s)
            r->cpu_s = t;
        r->insns = profil_session_instructions(s);
        r->emulated_s = profil_session_seconds(s);
        r->clocks = s->m->now;
    } else {
        fprintf(stderr, "bench: %s did not run as expected: %s%s%s\n", p->label,
                s ? profil_session_message(s) : "out of memory", head[0] ? ", output " : "", head);
    }
    profil_session_free(s);
    if (out)
        fclose(out);
    if (err)
        fclose(err);
    return ok ? 0 : -1;
}

/* Copies `from` to `to`; 0 on success. */
static int copy_file(const char *from, const char *to)
{
    uint8_t *buf;
    size_t n;
    char err[256];
    if (read_file(from, &buf, &n, err, sizeof err) != 0)
        return -1;
    FILE *f = fopen(to, "wb");
    int ok = f && fwrite(buf, 1, n, f) == n;
    ok = f && fclose(f) == 0 && ok;
    free(buf);
    return ok ? 0 : -1;
}

/* Microsoft C 5.1 (the compatibility corpus's, tests/realprog): CL and
 * the passes C1, C2, C3 with their message files and the two headers the
 * spigot includes, into `dir` with the spigot's source; 0 when all are
 * there. */
static int setup_msc(const char *realprog, const char *spigot_c, const char *dir)
{
    static const char *const files[][2] = {
        { "dos40t-cl", "CL.EXE" }, { "dos40t-c1", "C1.EXE" }, { "dos40t-c2", "C2.EXE" },
        { "dos40t-c3", "C3.EXE" }, { "dos40t-cl-err", "CL.ERR" }, { "dos40t-c1-err", "C1.ERR" },
        { "dos40t-c23-err", "C23.ERR" }, { "dos40t-stdio-h", "STDIO.H" }, { "dos40t-stdlib-h", "STDLIB.H" },
    };
    char from[700], to[700];
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(from, sizeof from, "%s/%s/%s", realprog, files[i][0], files[i][1]);
        snprintf(to, sizeof to, "%s/%s", dir, files[i][1]);
        if (copy_file(from, to) != 0)
            return -1;
    }
    snprintf(to, sizeof to, "%s/PISPIGOT.C", dir);
    return copy_file(spigot_c, to);
}

/* The run `played` clock by clock beside the memo's `bus`: how much faster
 * the memo made it, and whether it ended at the same clock (the memo's
 * results are the model's, so it must). */
static void print_played(const struct long_result *played, const struct long_result *bus)
{
    printf("  default clock, every instruction played (no memo): %.3f s CPU, the memo %.2fx as fast; "
           "the same clocks and instructions: %s\n",
           played->cpu_s, played->cpu_s / bus->cpu_s,
           played->clocks == bus->clocks && played->insns == bus->insns ? "yes" : "NO, FAILED");
}

/* The programs' rows; *slowest: the least "times a real PC/XT" of any
 * run (the 60x target). */
static void bench_long(const char *spigot_com, const char *spigot_c, const char *realprog, double *slowest)
{
    char dir[256];
    if (!bench_tmpdir(dir, sizeof dir, "-long")) {
        printf("long programs: no temporary folder FAILED\n");
        return;
    }
    static const char *const msc_env[] = { "INCLUDE=C:\\" };
    struct long_program progs[2];
    size_t n = 0;
    struct stat st;
    if (stat(spigot_com, &st) == 0) {
        progs[n] = (struct long_program){ "pi spigot, 400 digits (bcc -Md, tests/fixtures/pispigot.c)", "", NULL, dir,
                                          NULL, 0, "31415926535897932384626433832795", "" };
        snprintf(progs[n].program, sizeof progs[n].program, "%s", spigot_com);
        n++;
    } else {
        printf("pi spigot: skipped (%s not built: no bcc)\n", spigot_com);
    }
    if (setup_msc(realprog, spigot_c, dir) == 0) {
        progs[n] = (struct long_program){ "Microsoft C 5.1, CL /c /Ox pispigot.c (CL, C1, C2, C3)", "", "/c /Ox PISPIGOT.C",
                                          dir, msc_env, 1, NULL, "" };
        snprintf(progs[n].program, sizeof progs[n].program, "%s/CL.EXE", dir);
        snprintf(progs[n].expect_file, sizeof progs[n].expect_file, "%s/PISPIGOT.OBJ", dir);
        n++;
    } else {
        printf("Microsoft C 5.1: skipped (no %s/dos40t-cl: MSDOS_GIT=... sh tests/realprog/fetch.sh %s)\n",
               realprog, realprog);
    }
    for (size_t i = 0; i < n; i++) {
        struct long_result bus = { 0 }, table = { 0 }, played = { 0 };
        int ok = 1;
        for (int round = 0; round < LONG_ROUNDS && ok; round++)
            ok = run_long(&progs[i], PROFIL_TIMING_DEFAULT, dir, &bus, 0) == 0 &&
                 run_long(&progs[i], PROFIL_TIMING_TABLE, dir, &table, 0) == 0;
        ok = ok && run_long(&progs[i], PROFIL_TIMING_DEFAULT, dir, &played, 1) == 0;
        if (!ok) {
            printf("%s: FAILED\n", progs[i].label);
            continue;
        }
        double bus_mips = (double)bus.insns / bus.cpu_s / 1e6, table_mips = (double)table.insns / table.cpu_s / 1e6;
        double bus_x = bus.emulated_s / bus.cpu_s, table_x = table.emulated_s / table.cpu_s;
        printf("%s:\n  %.1f M instructions, %.2f s emulated (default clock), %.2f s (table)\n"
               "  default clock: %6.2f emulated MIPS, %5.1f x a real PC/XT (%.3f s CPU)\n"
               "  table clock:   %6.2f emulated MIPS, %5.1f x a real PC/XT (%.3f s CPU); default / table %.3f\n",
               progs[i].label, (double)bus.insns / 1e6, bus.emulated_s, table.emulated_s, bus_mips, bus_x, bus.cpu_s,
               table_mips, table_x, table.cpu_s, bus_mips / table_mips);
        print_played(&played, &bus);
        if (bus_x < *slowest)
            *slowest = bus_x;
    }
    char path[700];
    static const char *const left[] = { "BENCH.PRF", "PISPIGOT.OBJ", "CL.EXE", "C1.EXE", "C2.EXE", "C3.EXE",
                                        "CL.ERR", "C1.ERR", "C23.ERR", "STDIO.H", "STDLIB.H", "PISPIGOT.C" };
    for (size_t i = 0; i < sizeof left / sizeof left[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, left[i]);
        unlink(path);
    }
    if (rmdir(dir) != 0)
        printf("bench: %s left behind (files the programs wrote)\n", dir);
}

/* A fixture beside the mix, run whole under the default clock and the
 * table clock, best of LONG_ROUNDS alternating rounds (run_long), its
 * default / table ratio printed beside the mix's (`mix_ratio`) and against
 * `target`.  The instruction counts differ a little (a timer interrupt
 * restarts a REP string, and the clocks place the interrupts differently),
 * so the ratio is of the whole program's host time.  `expect`: what it
 * must print first. */
static void bench_fixture(const char *mix, const char *name, const char *label, const char *expect, double mix_ratio,
                          double target, const char *short_of)
{
    char dir[256];
    if (!bench_tmpdir(dir, sizeof dir, "-fix")) {
        printf("%s: no temporary folder FAILED\n", label);
        return;
    }
    struct long_program p = { label, "", NULL, dir, NULL, 0, expect, "" };
    const char *slash = strrchr(mix, '/');
    snprintf(p.program, sizeof p.program, "%.*s%s", slash ? (int)(slash - mix + 1) : 0, mix, name);
    struct long_result bus = { 0 }, table = { 0 }, played = { 0 };
    int ok = 1;
    for (int round = 0; round < LONG_ROUNDS && ok; round++)
        ok = run_long(&p, PROFIL_TIMING_DEFAULT, dir, &bus, 0) == 0 &&
             run_long(&p, PROFIL_TIMING_TABLE, dir, &table, 0) == 0;
    ok = ok && run_long(&p, PROFIL_TIMING_DEFAULT, dir, &played, 1) == 0;
    char prf[700];
    snprintf(prf, sizeof prf, "%s/BENCH.PRF", dir);
    unlink(prf);
    rmdir(dir);
    if (!ok) {
        printf("%s: FAILED\n", p.label);
        return;
    }
    double ratio = table.cpu_s / bus.cpu_s;
    printf("%s: default clock %.2f emulated MIPS (%.3f s CPU), table %.2f (%.3f s);\n"
           "  default / table %.3f (the mix's %.3f; %.2f or more: %s)\n",
           p.label, (double)bus.insns / bus.cpu_s / 1e6, bus.cpu_s, (double)table.insns / table.cpu_s / 1e6,
           table.cpu_s, ratio, mix_ratio, target, ratio >= target ? "yes" : short_of);
    print_played(&played, &bus);
}

/* Issue 33's targets, from this run's ratios. */
static void print_target(const char *what, double got, double target)
{
    printf("  %-44s %7.3f (target >= %.2f) %s\n", what, got, target, got >= target ? "met" : "not met");
}

int main(int argc, char **argv)
{
    uint8_t *file;
    size_t size;
    char err[256];
    struct dos_image img;
    struct console con;
    struct dos dos;
    struct process proc;
    struct prf_layout layout;
    struct sampler s;

    if (argc < 2 || argc > 5 || read_file(argv[1], &file, &size, err, sizeof err) != 0 ||
        exe_parse(file, size, &img, err, sizeof err) != 0) {
        fprintf(stderr, "bench: %s\n",
                argc >= 2 && argc <= 5 ? err : "usage: bench FIXTURE.COM [PISPIGOT.COM PISPIGOT.C REALPROG-DIR]");
        return 1;
    }
    struct machine *m = machine_new(CPU_8088);
    console_init(&con, stdin, stdout, NULL);
    struct process_args pa = { "C:\\BENCH.COM", "", NULL, 0 };
    if (bios_install(m, &con, 0) || dos_install(&dos, m, &con, stderr) ||
        process_create(m, &dos, &img, &pa, &proc, err, sizeof err) ||
        prf_layout_make(&layout, 100, 1, (uint16_t)((size + 15) >> 4), proc.load_seg, SEG_DOS,
                        err, sizeof err) || sampler_init(&s, &layout)) {
        fprintf(stderr, "bench: %s\n", err);
        return 1;
    }
    /* Every round starts both from copies of the same memory and registers. */
    uint8_t *start = malloc(MEM_SIZE), *mem = malloc(MEM_SIZE);
    uint16_t regs[NREGS];
    memcpy(start, m->mem, MEM_SIZE);
    for (int r = 0; r < NREGS; r++)
        regs[r] = cpu_get(m, (enum reg)r);
    machine_free(m);
    dos_free(&dos);

    double best_bare = 1e9, best_prof = 1e9, best_nofid = 1e9, best_trace = 1e9, best_stacks = 1e9, best_bus = 1e9;
    uint64_t bus_cycles = 0;
    struct tracer tr;
    if (tracer_init(&tr) != 0)
        return 1;
    uint64_t samples = 0, cycles = 0;
    for (int round = 0; round < ROUNDS; round++) {
        memcpy(mem, start, MEM_SIZE);
        double t0 = cpu_now_s();
        uint64_t n = cpu_bare_run(mem, regs, INSNS);
        double t = cpu_now_s() - t0;
        if (n != INSNS) {
            fprintf(stderr, "bench: the bare run stopped after %llu instructions\n", (unsigned long long)n);
            return 1;
        }
        if (t < best_bare)
            best_bare = t;

        t = profiled_run(start, regs, CPU_8088, NULL, 0, 0, &s, &cycles);
        if (t < 0)
            return 1;
        if (t < best_prof)
            best_prof = t;
        samples = s.total;
        t = profiled_run(start, regs, CPU_286, NULL, 0, 0, &s, NULL);
        if (t < 0)
            return 1;
        if (t < best_nofid)
            best_nofid = t;
        t = profiled_run(start, regs, CPU_8088, &tr, 1, 0, &s, NULL);
        if (t < 0)
            return 1;
        if (t < best_trace)
            best_trace = t;
        t = profiled_run(start, regs, CPU_8088, NULL, 1, 0, &s, NULL);
        if (t < 0)
            return 1;
        if (t < best_stacks)
            best_stacks = t;
        t = profiled_run(start, regs, CPU_8088, NULL, 0, 1, &s, &bus_cycles);
        if (t < 0)
            return 1;
        if (t < best_bus)
            best_bus = t;
    }

    double bare_mips = (double)INSNS / best_bare / 1e6, prof_mips = (double)INSNS / best_prof / 1e6;
    printf("bench: %llu instructions of %s, best of %d alternating rounds\n", (unsigned long long)INSNS,
           argv[1], ROUNDS);
    printf("bare libx86emu, flat memory:   %7.2f emulated MIPS (%.3f s)\n", bare_mips, best_bare);
    printf("profil run (clock + sampler):  %7.2f emulated MIPS (%.3f s, %llu samples, %.3f s emulated)\n",
           prof_mips, best_prof, (unsigned long long)samples, cycles_to_seconds(cycles));
    printf("ratio profil / bare:           %7.3f (overhead %.1f%%, target <= 10%%)\n",
           prof_mips / bare_mips, 100.0 * (bare_mips / prof_mips - 1.0));
    double nofid_mips = (double)INSNS / best_nofid / 1e6, trace_mips = (double)INSNS / best_trace / 1e6;
    printf("fidelity layer off (--cpu 286): %6.2f emulated MIPS; 8088 layer on costs %.1f%% (target <= 5%%)\n",
           nofid_mips, 100.0 * (nofid_mips / prof_mips - 1.0));
    printf("trace mode (--trace):          %7.2f emulated MIPS; ratio trace / sampling %.3f (target >= 0.6)\n",
           trace_mips, trace_mips / prof_mips);
    double stacks_mips = (double)INSNS / best_stacks / 1e6;
    printf("sampling with --stacks:        %7.2f emulated MIPS; ratio stacks / sampling %.3f\n", stacks_mips,
           stacks_mips / prof_mips);
    double bus_mips = (double)INSNS / best_bus / 1e6;
    printf("bus timing (--timing bus):     %7.2f emulated MIPS; ratio bus / table %.3f; the 8088's queue makes\n"
           "                               the same instructions take %.3f s emulated, %.2f x the table's\n",
           bus_mips, bus_mips / prof_mips, cycles_to_seconds(bus_cycles), (double)bus_cycles / (double)cycles);
    tracer_free(&tr);
    double slowest = cycles_to_seconds(bus_cycles) / best_bus;
    printf("the mix under the default clock runs %.1f x a real PC/XT\n", slowest);
    if (argc == 5)
        bench_long(argv[2], argv[3], argv[4], &slowest);
    /* benchvid.com: the CGA's memory, issue 26's target; benchrep.com:
     * REP strings as C libraries run them, issue 47's. */
    bench_fixture(argv[1], "benchvid.com", "video memory (benchvid.com, the CGA's memory)", NULL, bus_mips / prof_mips,
                  0.6, "no: an access to the card's memory is played clock by clock, never memoised");
    bench_fixture(argv[1], "benchrep.com", "REP strings (benchrep.com, string copies as Dhrystone's)", "ok",
                  bus_mips / prof_mips, 0.7, "no: a REP string is played window by window on every run");
    printf("issue 33's targets, this run:\n");
    print_target("default clock / table clock (the mix)", bus_mips / prof_mips, 0.85);
    print_target("table clock / bare libx86emu (the mix)", prof_mips / bare_mips, 0.90);
    print_target("trace / sampling", trace_mips / prof_mips, 0.95);
    print_target("stacks / sampling", stacks_mips / prof_mips, 0.95);
    print_target("least x a real PC/XT, default clock", slowest, 60.0);
    bench_reports();
    bench_map();
    bench_search();
    sampler_free(&s);
    free(start);
    free(mem);
    free(file);
    return 0;
}
