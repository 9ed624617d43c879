/*
 * tests/bench.c: `make bench`.  Runs the same instructions of a CPU-bound
 * fixture twice in one process, on bare libx86emu with a flat memory
 * (emu/cpu/cpu_bare.c) and on profil's emulated PC with its clock and sampler
 * running (100 us interval), and prints emulated MIPS and their ratio.
 * The two alternate for ROUNDS rounds and the best round of each counts,
 * so a busy neighbour on a shared host does not decide the ratio.
 * Then the CGA's memory (bench_video): the default clock against the table's.
 * Host time is read here only, never by the emulated machine.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../emu/bios/bios.h"
#include "../emu/pc/console.h"
#include "../emu/cpu/cpu.h"
#include "../emu/cpu/cpu_bare.h"
#include "../emu/dos/dos.h"
#include "../emu/dos/drive.h"
#include "../emu/machine.h"
#include "../emu/pc/pit.h"
#include "../report/attrib.h"
#include "../report/export.h"
#include "../formats/fileio.h"
#include "../report/prohst.h"
#include "../formats/symtab.h"
#include "../lib/profil.h"
#include "../loader/exe.h"
#include "../loader/process.h"
#include "../sampler/sampler.h"
#include "../sampler/calls.h"
#include "../sampler/trace.h"
#include "genmap.h"

#define INSNS 20000000ull
#define ROUNDS 5

static double now_s(void);

/* One profiled run of INSNS instructions from the saved state: sampling,
 * with `tr` the trace counts too, with `calls` the shadow stack (as run
 * --trace and --stacks have).  Returns host seconds, -1 on error. */
static double profiled_run(const uint8_t *start, const uint16_t *regs, enum cpu_model model,
                           struct tracer *tr, int calls, int bus, struct sampler *s, uint64_t *cycles)
{
    struct calltree ct;
    if (calls && calls_init(&ct, regs[REG_CS], regs[REG_IP]) != 0)
        return -1;
    struct machine *m = machine_new(model);
    memcpy(m->mem, start, MEM_SIZE);
    pit_bios_setup(&m->pit, 0);     /* channel 1's DRAM refresh, as on the PC (the bus model plays it) */
    for (int r = 0; r < NREGS; r++)
        cpu_set(m, (enum reg)r, regs[r]);
    if (bus && cpu_set_bus_model(m, 0) != 0) {
        machine_free(m);
        return -1;
    }
    s->total = 0;
    if (tr) {
        memset(tr->counts.insns, 0, MEM_SIZE * sizeof *tr->counts.insns);
        m->exact = &tr->counts;
    }
    if (calls) {
        m->calls = &ct.obs;
        s->stacks = &ct;
    }
    machine_set_tick(m, cycles_from_usec(100), sampler_tick, s);
    machine_set_max_insn(m, INSNS);
    double t0 = now_s();
    machine_run(m);
    double t = now_s() - t0;
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

/* A folder of 10,000 files made in a temporary folder, half with DOS
 * names and half with long names (aliases), searched whole as 4Eh and
 * 4Fh to the end do it; the target is 50 ms. */
static void bench_search(void)
{
    enum { NFILES = 10000 };
    char dir[] = "/tmp/profil-bench-XXXXXX", path[64];
    if (!mkdtemp(dir)) {
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

/* ---- video memory (issue 26) ---------------------------------------- */

/* One whole run of `program` under `timing` as `profil run` runs it, from
 * drive C: `dir`: host seconds, -1 when it did not exit with 0. */
static double video_run(const char *program, enum profil_timing timing, const char *dir, uint64_t *insns)
{
    char prf[600];
    snprintf(prf, sizeof prf, "%s/BENCHVID.PRF", dir);
    FILE *null = fopen("/dev/null", "w");
    struct profil_options o;
    profil_options_init(&o);
    o.program = program;
    o.output = prf;
    o.drives[2] = dir;
    o.timing = timing;
    o.out = o.err = null;
    struct profil_session *s = NULL;
    int ok = null && profil_session_new(&o, &s) == PROFIL_OK;
    double t0 = now_s();
    ok = ok && profil_session_run(s) == PROFIL_STOP_EXIT && profil_session_exit_code(s) == 0;
    double t = now_s() - t0;
    if (ok)
        *insns = profil_session_instructions(s);
    profil_session_free(s);
    if (null)
        fclose(null);
    unlink(prf);
    return ok ? t : -1;
}

/* benchvid.com (tests/fixtures/benchvid.asm, beside `mix`): the CGA's
 * memory written and read, under the default clock (the bus model and
 * the card's wait states) and the table clock, best of 3 alternating
 * rounds; issue 26's target: the default clock at least 0.6 x the
 * table's speed. */
static void bench_video(const char *mix)
{
    char program[600], dir[] = "/tmp/profil-bench-vid-XXXXXX";
    const char *slash = strrchr(mix, '/');
    snprintf(program, sizeof program, "%.*sbenchvid.com", slash ? (int)(slash - mix + 1) : 0, mix);
    double best[2] = { 1e9, 1e9 };
    uint64_t insns[2] = { 0, 0 };
    int ok = mkdtemp(dir) != NULL;
    for (int round = 0; round < 3 && ok; round++)
        for (int clock = 0; clock < 2 && ok; clock++) {
            double t = video_run(program, clock ? PROFIL_TIMING_TABLE : PROFIL_TIMING_DEFAULT, dir, &insns[clock]);
            ok = t >= 0;
            if (ok && t < best[clock])
                best[clock] = t;
        }
    if (ok)
        rmdir(dir);
    if (!ok) {
        printf("video memory (%s): FAILED (it did not run and exit with 0)\n", program);
        return;
    }
    /* The counts differ a little: a timer interrupt restarts a REP STOSW,
     * and the clocks place the interrupts differently; the ratio is of the
     * whole program's host time. */
    double ratio = best[1] / best[0];
    printf("video memory (benchvid.com, the CGA's memory): default clock %.2f emulated MIPS (%.3f s), table %.2f "
           "(%.3f s); default / table %.3f (0.60 or more: %s; issue 26's 0.6 is the mix's, bus / table above)\n",
           (double)insns[0] / best[0] / 1e6, best[0], (double)insns[1] / best[1] / 1e6, best[1], ratio,
           ratio >= 0.6 ? "yes" : "no: an access to the card's memory is played clock by clock, never memoised");
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

    if (argc != 2 || read_file(argv[1], &file, &size, err, sizeof err) != 0 ||
        exe_parse(file, size, &img, err, sizeof err) != 0) {
        fprintf(stderr, "bench: %s\n", argc == 2 ? err : "usage: bench FIXTURE.COM");
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
        double t0 = now_s();
        uint64_t n = cpu_bare_run(mem, regs, INSNS);
        double t = now_s() - t0;
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
    bench_reports();
    bench_map();
    bench_search();
    bench_video(argv[1]);
    sampler_free(&s);
    free(start);
    free(mem);
    free(file);
    return 0;
}
