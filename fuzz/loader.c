/*
 * fuzz/loader.c: the fuzz target of the MZ/.COM loader.  The input is a
 * program file: loader/exe.c parses it, and when it loads, the library
 * runs it as `profil run` would (BIOS, DOS, the process, the sampler) for
 * at most FUZZ_INSNS instructions, then makes the .PRF in memory.  It
 * runs three times: on the table clock, on the bus model, and on the bus
 * model with every instruction played clock by clock
 * (cpu_bus_play_every); the last two must end at the same clock with the
 * same samples and the same .PRF bytes, as the memo's results are the
 * model's.  The
 * program's C: is an empty scratch folder, emptied after each run, so
 * what it creates never reaches the working tree; its console is
 * /dev/null (stdin at end of file ends a wait for a key).
 */
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <stdio.h>
#include <unistd.h>

#include "../emu/bios/bios.h"
#include "../emu/cpu/cpu.h"
#include "../emu/pc/console.h"
#include "../emu/dos/dos.h"
#include "../emu/dos/drive.h"
#include "../emu/machine.h"
#include "../formats/prf.h"
#include "../loader/exe.h"
#include "../loader/process.h"
#include "../sampler/sampler.h"
#include "fuzz.h"

#define FUZZ_INSNS 4000u

static char scratch[64];
static FILE *null_in, *null_out;

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
    (void)st;
    (void)flag;
    if (ftw->level > 0)
        remove(path);
    return 0;
}

static void remove_scratch(void)
{
    nftw(scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
    rmdir(scratch);
}

static void setup(void)
{
    const char *tmp = getenv("TMPDIR");
    snprintf(scratch, sizeof scratch, "%s/profil-fuzz-XXXXXX", tmp && strlen(tmp) < 40 ? tmp : "/tmp");
    FUZZ_REQUIRE(mkdtemp(scratch) != NULL);
    atexit(remove_scratch);
    null_in = fuzz_null("r");
    null_out = fuzz_null("w");
}

enum clock { ON_TABLE, ON_BUS, ON_BUS_PLAYED };

/* What a run ended with, for comparing two. */
struct ended {
    uint64_t now, insns, samples;
    int stop;
    uint8_t *prf;               /* the .PRF's bytes (the caller frees them), or NULL */
    size_t prf_size;
};

/* Load and run on `clock`; the library's answers are checked, not printed. */
static void run(const uint8_t *data, size_t size, const struct dos_image *img, enum clock clock,
                struct ended *end)
{
    char err[512];
    struct machine *m = machine_new(CPU_8088);
    struct console con;
    struct dos dos;
    struct process proc;
    struct prf_layout layout;
    struct sampler s = { 0 };
    FUZZ_REQUIRE(m != NULL);
    console_init(&con, null_in, null_out, null_out);
    FUZZ_REQUIRE(bios_install(m, &con, 0) == 0 && dos_install(&dos, m, &con, null_out) == 0);
    FUZZ_REQUIRE(drives_map(&dos.drives, 2, scratch) == 0);
    struct process_args pa = { "C:\\FUZZ.EXE", " tail", NULL, 0 };
    if (process_create(m, &dos, img, &pa, &proc, err, sizeof err) != 0) {
        FUZZ_REQUIRE(fuzz_one_line(err));
        goto done;
    }
    uint16_t paras = sampler_program_paras(img->is_exe ? "FUZZ.EXE" : "FUZZ.COM", data, size);
    if (prf_layout_make(&layout, 100, 1, paras, proc.load_seg, mem_rw(m, 0x82), err, sizeof err) != 0) {
        FUZZ_REQUIRE(fuzz_one_line(err));
        goto done;
    }
    FUZZ_REQUIRE(sampler_init(&s, &layout) == 0);
    if (clock != ON_TABLE)
        FUZZ_REQUIRE(cpu_set_bus_model(m, 0) == 0);
    if (clock == ON_BUS_PLAYED)
        cpu_bus_play_every(m);
    machine_set_tick(m, cycles_from_usec(100), sampler_tick, &s);
    machine_set_max_insn(m, FUZZ_INSNS);
    machine_set_timeout(m, cycles_from_usec(1000000));     /* waits with the clock running */
    machine_run(m);
    FUZZ_REQUIRE(m->stop != STOP_NONE && m->insns <= FUZZ_INSNS);
    *end = (struct ended){ m->now, m->insns, s.total, m->stop, NULL, 0 };
    console_flush(&con);
    struct prf p;
    FUZZ_REQUIRE(sampler_to_prf(&s, &p) >= 0);
    uint8_t *bytes = malloc(prf_size(&p));
    FUZZ_REQUIRE(bytes != NULL);
    prf_encode(&p, bytes);
    struct prf back;
    FUZZ_REQUIRE(prf_decode(bytes, prf_size(&p), &back, err, sizeof err) == 0);
    prf_free(&back);
    end->prf = bytes;
    end->prf_size = prf_size(&p);
    prf_free(&p);
done:
    sampler_free(&s);
    dos_free(&dos);
    machine_free(m);
    nftw(scratch, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    struct dos_image img;
    char err[512];
    if (!scratch[0])
        setup();
    if (exe_parse(data, size, &img, err, sizeof err) != 0) {
        FUZZ_REQUIRE(fuzz_one_line(err));
        return 0;
    }
    /* What the loader copies lies inside the file. */
    FUZZ_REQUIRE(img.missing <= img.load_size);
    FUZZ_REQUIRE((size_t)(img.load - data) + img.load_size - img.missing <= size);
    FUZZ_REQUIRE(!img.nrelocs || (size_t)(img.relocs - data) + 4 * img.nrelocs <= size);
    exe_load_paras(&img);
    struct ended table = { 0 }, bus = { 0 }, played = { 0 };
    run(data, size, &img, ON_TABLE, &table);
    run(data, size, &img, ON_BUS, &bus);
    run(data, size, &img, ON_BUS_PLAYED, &played);
    FUZZ_REQUIRE(bus.now == played.now && bus.insns == played.insns && bus.samples == played.samples &&
                 bus.stop == played.stop && bus.prf_size == played.prf_size &&
                 (!bus.prf_size || memcmp(bus.prf, played.prf, bus.prf_size) == 0));
    free(table.prf);
    free(bus.prf);
    free(played.prf);
    return 0;
}
