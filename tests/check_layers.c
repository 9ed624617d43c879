/*
 * tests/check_layers.c: the layers of emu/ and loader/ (docs/architecture.md,
 * Layers) and what they promise: every #include goes to the file's own
 * layer or one below it, no *_internal.h is seen outside its folder (`make
 * layers` runs this suite alone); and two machines in one process, run in
 * interleaved slices, each give what they give alone (no state shared
 * between machines).
 */
#include "testutil.h"

#include <dirent.h>

#include "../emu/bios/bios.h"
#include "../emu/cpu/cpu.h"
#include "../emu/dos/dos.h"
#include "../emu/machine.h"
#include "../emu/pc/console.h"
#include "../loader/exe.h"
#include "../loader/process.h"
#include "../sampler/sampler.h"

/* ---- the include rule ----------------------------------------------------- */

/* The layers, lowest first: a path's layer is the rank of the first
 * prefix it starts with (as in docs/architecture.md).  0: not a layer
 * (the C library, formats/: data any layer may use). */
static const struct { const char *prefix; int rank; } layers[] = {
    { "emu/pc/pit.", 1 }, { "emu/pc/pic.", 1 }, { "emu/pc/keyboard.", 1 },   /* chips */
    { "emu/pc/guestport.", 1 }, { "emu/pc/crtc6845.", 1 }, { "emu/pc/cga.", 1 }, { "emu/pc/mda.", 1 },
    { "emu/pc/adapter.", 1 },
    { "emu/machine.", 2 }, { "emu/services.", 2 }, { "emu/costs.h", 2 },
    { "emu/cpu/", 2 },                                                      /* machine */
    { "emu/pc/", 3 },                                                       /* video, console */
    { "emu/bios/", 4 },
    { "emu/dos/", 5 },
    { "loader/", 6 },
    { "sampler/", 7 },
};

static int rank_of(const char *path)
{
    for (size_t i = 0; i < sizeof layers / sizeof layers[0]; i++)
        if (strncmp(path, layers[i].prefix, strlen(layers[i].prefix)) == 0)
            return layers[i].rank;
    return 0;
}

/* "dir/" + "../x/y.h" -> "x/y.h" (the project-relative path). */
static void resolve(const char *dir, const char *inc, char *out, size_t n)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s%s", dir, inc);
    char *parts[32];
    int np = 0;
    for (char *t = strtok(buf, "/"); t && np < 32; t = strtok(NULL, "/")) {
        if (strcmp(t, "..") == 0 && np > 0)
            np--;
        else if (strcmp(t, ".") != 0)
            parts[np++] = t;
    }
    out[0] = 0;
    for (int i = 0; i < np; i++)
        snprintf(out + strlen(out), n - strlen(out), "%s%s", i ? "/" : "", parts[i]);
}

/* The folder of `path`, with its slash ("emu/dos/"). */
static void folder_of(const char *path, char *out, size_t n)
{
    snprintf(out, n, "%s", path);
    char *slash = strrchr(out, '/');
    if (slash)
        slash[1] = 0;
}

/* Appends to `why` each include of `path` that breaks a rule; the count. */
static int check_file(const char *path, char *why, size_t n)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char dir[256], line[512], target[512], tdir[256];
    folder_of(path, dir, sizeof dir);
    int bad = 0, rank = rank_of(path);
    while (fgets(line, sizeof line, f)) {
        char inc[256];
        if (sscanf(line, " # include \"%255[^\"]\"", inc) != 1)
            continue;
        resolve(dir, inc, target, sizeof target);
        folder_of(target, tdir, sizeof tdir);
        const char *base = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
        int upward = rank_of(target) > rank;
        int internal = strstr(base, "_internal.h") && strcmp(tdir, dir) != 0;
        if (upward || internal) {
            bad++;
            snprintf(why + strlen(why), n - strlen(why), "%s includes %s (%s)\n", path, target,
                     upward ? "a layer above" : "another folder's internals");
        }
    }
    fclose(f);
    return bad;
}

static int check_folder(const char *folder, char *why, size_t n)
{
    DIR *d = opendir(folder);
    ck_assert_msg(d != NULL, "cannot list %s", folder);
    int bad = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 3 || (strcmp(e->d_name + len - 2, ".c") && strcmp(e->d_name + len - 2, ".h")))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s%s", folder, e->d_name);
        bad += check_file(path, why, n);
    }
    closedir(d);
    return bad;
}

START_TEST(includes_go_only_downward)
{
    static const char *const folders[] = { "emu/", "emu/cpu/", "emu/pc/", "emu/bios/", "emu/dos/",
                                           "loader/", "sampler/" };
    char why[8192] = "";
    int bad = 0;
    for (size_t i = 0; i < sizeof folders / sizeof folders[0]; i++)
        bad += check_folder(folders[i], why, sizeof why);
    ck_assert_msg(bad == 0, "%d includes break the layers:\n%s", bad, why);
}
END_TEST

/* The checker finds what it must: an upward include and another
 * folder's internals (a file written for the purpose). */
START_TEST(layer_check_catches_an_upward_include)
{
    char why[1024] = "";
    if (system("mkdir -p " TMP "/layers/emu") != 0)
        ck_abort_msg("cannot create " TMP "/layers");
    FILE *f = fopen(TMP "/layers/emu/machine.c", "w");
    ck_assert_ptr_nonnull(f);
    fputs("#include \"machine.h\"\n#include \"bios/bios.h\"\n#include \"dos/dos_internal.h\"\n", f);
    fclose(f);
    /* The file's own path decides its layer: read it as emu/machine.c. */
    char top[4096];
    ck_assert_ptr_nonnull(getcwd(top, sizeof top));
    ck_assert_int_eq(chdir(TMP "/layers"), 0);
    int bad = check_file("emu/machine.c", why, sizeof why);
    ck_assert_int_eq(chdir(top), 0);
    ck_assert_int_eq(bad, 2);
    ck_assert_str_eq(why, "emu/machine.c includes emu/bios/bios.h (a layer above)\n"
                          "emu/machine.c includes emu/dos/dos_internal.h (a layer above)\n");
}
END_TEST

/* ---- two machines in one process ------------------------------------------ */

struct pc {
    struct machine *m;
    struct console con;
    struct dos dos;
    struct process proc;
    struct sampler s;               /* PROFIL's samples, as `profil run -i 100 -b 1` takes them */
    FILE *in, *out;
};

/* A PC running `fixture` with `input` as its keys (stdin), its output in
 * a temporary file, and PROFIL's sampler every 100 us with 1-paragraph
 * buckets (as cmd/session.c sets it up); the bus model when `bus`. */
static void pc_start(struct pc *pc, const char *fixture, const char *input, int bus)
{
    uint8_t *file;
    size_t n;
    char err[256];
    struct dos_image img;
    memset(pc, 0, sizeof *pc);
    ck_assert_int_eq(read_file(fixture, &file, &n, err, sizeof err), 0);
    ck_assert_int_eq(exe_parse(file, n, &img, err, sizeof err), 0);
    pc->m = machine_new(CPU_8088);
    ck_assert_ptr_nonnull(pc->m);
    pc->in = fmemopen((void *)input, strlen(input), "r");
    pc->out = tmpfile();
    ck_assert(pc->in && pc->out);
    console_init(&pc->con, pc->in, pc->out, NULL);
    ck_assert_int_eq(bios_install(pc->m, &pc->con, 0), 0);
    ck_assert_int_eq(dos_install(&pc->dos, pc->m, &pc->con, pc->out), 0);
    struct process_args a = { "C:\\PROG.COM", "", NULL, 0 };
    ck_assert_int_eq(process_create(pc->m, &pc->dos, &img, &a, &pc->proc, err, sizeof err), 0);
    if (bus)
        ck_assert_int_eq(cpu_set_bus_model(pc->m, 0), 0);
    struct prf_layout l;
    ck_assert_int_eq(prf_layout_make(&l, 100, 1, profil_program_paras(fixture, file, n), pc->proc.load_seg,
                                     mem_rw(pc->m, 0x82), err, sizeof err), 0);
    ck_assert_int_eq(sampler_init(&pc->s, &l), 0);
    machine_set_tick(pc->m, cycles_from_usec(100), sampler_tick, &pc->s);
    free(file);
}

/* Run up to `slice` more instructions (0: to the end); 1 while it has not ended. */
static int pc_step(struct pc *pc, uint64_t slice)
{
    struct machine *m = pc->m;
    if (m->stop && m->stop != STOP_MAX_INSN)
        return 0;
    m->stop = STOP_NONE;
    m->max_insn = slice ? cpu_insn_count(m) + slice : 0;
    machine_run(m);
    return m->stop == STOP_MAX_INSN;
}

struct outcome {
    int stop, exit_code;
    uint64_t hit_io, hit_dos, hit_high, total, bucket_sum, insns, now;
    char out[512];
};

static void pc_finish(struct pc *pc, struct outcome *o)
{
    memset(o, 0, sizeof *o);
    console_flush(&pc->con);
    o->stop = pc->m->stop;
    o->exit_code = pc->m->exit_code;
    o->hit_io = pc->s.hit_io;
    o->hit_dos = pc->s.hit_dos;
    o->hit_high = pc->s.hit_high;
    o->total = pc->s.total;
    for (uint32_t i = 0; i < pc->s.layout.bucket_num; i++)
        o->bucket_sum += pc->s.bucket[i] * (i + 1);     /* which bucket each sample is in counts */
    sampler_free(&pc->s);
    o->insns = cpu_insn_count(pc->m);
    o->now = pc->m->now;
    rewind(pc->out);
    size_t got = fread(o->out, 1, sizeof o->out - 1, pc->out);
    o->out[got] = 0;
    dos_free(&pc->dos);
    machine_free(pc->m);
    fclose(pc->in);
    fclose(pc->out);
}

static void assert_same(const struct outcome *a, const struct outcome *b, const char *what)
{
    ck_assert_msg(a->stop == b->stop && a->exit_code == b->exit_code, "%s: stop %d/%d exit %d/%d",
                  what, a->stop, b->stop, a->exit_code, b->exit_code);
    ck_assert_msg(a->total == b->total && a->hit_io == b->hit_io && a->hit_dos == b->hit_dos &&
                  a->hit_high == b->hit_high && a->bucket_sum == b->bucket_sum,
                  "%s: %llu samples alone, %llu together", what, (unsigned long long)a->total,
                  (unsigned long long)b->total);
    ck_assert_msg(a->insns == b->insns && a->now == b->now, "%s: instructions or cycles differ", what);
    ck_assert_str_eq(a->out, b->out);
}

/* hotloop.com on the bus model, and biosread.com twice, reading its keys
 * through INT 16h from its own stdin (the BIOS's console: one per
 * machine), each run alone, then all three set up before any runs and
 * stepped in turn 5000 instructions at a time: each gives exactly its
 * samples (per class and bucket), exit code, instructions, cycles and
 * output alone.  biosread.com prints its three keys and exits with the
 * first's code: 'o' (6Fh) for "one", 't' (74h) for "two" (with one BIOS
 * for the process, as before, the first read the last one's keys). */
START_TEST(two_machines_interleaved_give_their_own_figures)
{
    struct pc a, b, c;
    struct outcome alone_a, alone_b, alone_c, with_a, with_b, with_c;
    pc_start(&a, FIX("hotloop.com"), "", 1);
    pc_step(&a, 0);
    pc_finish(&a, &alone_a);
    pc_start(&b, FIX("biosread.com"), "one", 0);
    pc_step(&b, 0);
    pc_finish(&b, &alone_b);
    pc_start(&c, FIX("biosread.com"), "two", 0);
    pc_step(&c, 0);
    pc_finish(&c, &alone_c);
    ck_assert_int_eq(alone_a.exit_code, 0);
    ck_assert_int_eq(alone_b.exit_code, 'o');
    ck_assert_str_eq(alone_b.out, "one");
    ck_assert_int_eq(alone_c.exit_code, 't');
    ck_assert_str_eq(alone_c.out, "two");
    ck_assert_uint_eq(alone_a.total, 15361);        /* `make demo`'s figure (README) */

    pc_start(&a, FIX("hotloop.com"), "", 1);
    pc_start(&b, FIX("biosread.com"), "one", 0);
    pc_start(&c, FIX("biosread.com"), "two", 0);
    for (int more = 1; more;) {
        more = pc_step(&a, 5000);
        more |= pc_step(&b, 5000);
        more |= pc_step(&c, 5000);
    }
    pc_finish(&a, &with_a);
    pc_finish(&b, &with_b);
    pc_finish(&c, &with_c);
    assert_same(&alone_a, &with_a, "hotloop.com");
    assert_same(&alone_b, &with_b, "biosread.com one");
    assert_same(&alone_c, &with_c, "biosread.com two");
}
END_TEST

Suite *layers_suite(void)
{
    Suite *s = suite_create("layers");
    TCase *tc = tcase_create("layers");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, includes_go_only_downward);
    tcase_add_test(tc, layer_check_catches_an_upward_include);
    tcase_add_test(tc, two_machines_interleaved_give_their_own_figures);
    suite_add_tcase(s, tc);
    return s;
}
