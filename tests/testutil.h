/*
 * tests/testutil.h: helpers shared by the Check suites: run the built
 * `profil` command on a fixture and collect its exit status, stdout,
 * stderr and .PRF, or run it in-process through lib/profil.h with the
 * same results; build an emulated PC for in-process tests.
 * Tests run from the project root (make check).
 */
#ifndef PROFIL_TESTUTIL_H
#define PROFIL_TESTUTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

#include "../formats/fileio.h"
#include "../formats/prf.h"
#include "../formats/symtab.h"
#include "../lib/profil.h"

/* The Makefile passes where the binary, fixtures and scratch space are, so
 * the same suite runs on the normal and the sanitizer builds. */
#ifndef PROFIL_BIN
#define PROFIL_BIN "./profil"
#endif
#ifndef FIXTURE_DIR
#define FIXTURE_DIR "build/fixtures/"
#endif
#ifndef TEST_TMP
#define TEST_TMP "build/test-tmp"
#endif
#define FIX(name) FIXTURE_DIR name
#define TMP TEST_TMP

struct run_result {
    int status;
    char out[65536];            /* profil --help is over 16 KiB */
    char err[8192];
};

static inline void slurp(const char *path, char *buf, size_t n)
{
    FILE *f = fopen(path, "rb");
    size_t got = f ? fread(buf, 1, n - 1, f) : 0;
    buf[got] = 0;
    if (f)
        fclose(f);
}

/* Run "./profil ARGS" with stdin from `in` (NULL: /dev/null). */
static inline void run_profil(struct run_result *r, const char *args, const char *in)
{
    char cmd[2048];
    if (system("mkdir -p " TMP) != 0)
        ck_abort_msg("cannot create " TMP);
    snprintf(cmd, sizeof cmd, PROFIL_BIN " %s < %s > " TMP "/out 2> " TMP "/err", args, in ? in : "/dev/null");
    int st = system(cmd);
    r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    slurp(TMP "/out", r->out, sizeof r->out);
    slurp(TMP "/err", r->err, sizeof r->err);
}

/* As run_profil(), killed after `seconds` of host time (status 137 then):
 * for the tests of guests that used to hang profil. */
static inline void run_profil_limited(struct run_result *r, int seconds, const char *args, const char *in)
{
    char cmd[2200];
    if (system("mkdir -p " TMP) != 0)
        ck_abort_msg("cannot create " TMP);
    snprintf(cmd, sizeof cmd, "timeout -s KILL %d " PROFIL_BIN " %s < %s > " TMP "/out 2> " TMP "/err", seconds, args,
             in ? in : "/dev/null");
    int st = system(cmd);
    r->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    slurp(TMP "/out", r->out, sizeof r->out);
    slurp(TMP "/err", r->err, sizeof r->err);
}

/* The CPU seconds (user and system) of this process's children waited
 * for so far: the host-time budgets of the hardening tests (issue 34) are
 * the difference around a run_profil(), so another process's load does
 * not move them. */
static inline double children_cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_CHILDREN, &u);
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

/* A host-CPU budget in seconds, as the hardening tests assert it: under
 * make valgrind (PROFIL_VALGRIND set) every command runs about 50 times
 * slower, so the budget is 100 times larger there; it still fails a run
 * that loops or is quadratic. */
static inline double cpu_budget(double seconds)
{
    return getenv("PROFIL_VALGRIND") ? seconds * 100 : seconds;
}

/* Host microseconds to let a started command set itself up before a test
 * signals it: valgrind's start-up is some 20 times slower. */
static inline useconds_t startup_wait_us(useconds_t us)
{
    return getenv("PROFIL_VALGRIND") ? us * 20 : us;
}

/* A stream's whole text into buf (n bytes at most, with the NUL). */
static inline void slurp_stream(FILE *f, char *buf, size_t n)
{
    rewind(f);
    size_t got = fread(buf, 1, n - 1, f);
    buf[got] = 0;
    fclose(f);
}

/* The options of `profil run -q -o OUTPUT PROGRAM` (OUTPUT NULL: no -o). */
static inline struct profil_options fixture_options(const char *program, const char *output)
{
    struct profil_options o;
    profil_options_init(&o);
    o.program = program;
    o.output = output;
    return o;
}

/* `profil run -q` in-process through lib/profil.h, for tests of a run's
 * results: the exit status the command would give, the program's output
 * in r->out, and in r->err its handle 2, the warnings, and an error as
 * the command prints it, and the fault line it adds after a run that
 * did not exit. */
static inline void run_session(struct run_result *r, struct profil_options *o, const char *in)
{
    struct profil_session *s;
    FILE *fin = fopen(in ? in : "/dev/null", "rb"), *out = tmpfile(), *err = tmpfile();
    ck_assert(fin && out && err);
    o->in = fin;
    o->out = out;
    o->err = err;
    r->status = PROFIL_EXIT_FAILED;
    if (profil_session_new(o, &s) == PROFIL_OK) {
        profil_session_run(s);
        if (profil_session_write(s) == PROFIL_OK) {
            r->status = profil_session_exit_status(s);
            enum profil_stop why = profil_session_stop(s);
            if (why != PROFIL_STOP_EXIT && why != PROFIL_STOP_INTERRUPTED)
                fprintf(err, "profil: %s: %s\n", o->program, profil_session_fault(s));
        }
    }
    if (r->status == PROFIL_EXIT_FAILED && profil_session_message(s)[0])
        fprintf(err, "profil: %s\n", profil_session_message(s));
    profil_session_free(s);
    fclose(fin);
    slurp_stream(out, r->out, sizeof r->out);
    slurp_stream(err, r->err, sizeof r->err);
}

static inline void read_prf(const char *path, struct prf *p)
{
    char err[256];
    ck_assert_msg(prf_read_file(path, p, err, sizeof err) == 0, "%s", err);
}

/* Fails unless the files at a and b hold the same bytes. */
static inline void same_file_bytes(const char *a, const char *b)
{
    uint8_t *x, *y;
    size_t nx, ny;
    char err[256];
    ck_assert_msg(read_file(a, &x, &nx, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(read_file(b, &y, &ny, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(nx == ny && memcmp(x, y, nx) == 0, "%s and %s differ", a, b);
    free(x);
    free(y);
}


/* A debug-information reader given every byte of buf[from, to) set in
 * turn to 00h and to FFh (the others as they are): each either reads a
 * table or refuses in one line, never a crash; some of each happen. */
static inline void every_byte_damaged(int (*parse)(const uint8_t *, size_t, struct symtab *, char *, size_t),
                                      uint8_t *buf, size_t n, size_t from, size_t to)
{
    struct symtab t;
    char err[600];
    unsigned ok = 0, refused = 0;
    for (size_t i = from; i < to; i++) {
        uint8_t keep = buf[i];
        for (int v = 0; v < 2; v++) {
            buf[i] = v ? 0xFF : 0x00;
            if (parse(buf, n, &t, err, sizeof err) == 0) {
                ok++;
                symtab_free(&t);
            } else {
                ck_assert_msg(err[0] && !strchr(err, '\n'), "byte %zu: '%s'", i, err);
                refused++;
            }
        }
        buf[i] = keep;
    }
    ck_assert_uint_gt(ok, 0);
    ck_assert_uint_gt(refused, 0);
}

/* The debug-information fixtures (tdinfo_exe.asm, watcom_exe.asm) are one
 * program laid out under two formats: the entry `main` (259 cycles of its
 * own), `spin` called 3 times (240 cycles; its LOOP on line spin_line,
 * 3 x (3 x 17 + 5) = 168), `draw` called 3 times (138; its LOOP on
 * draw_line, 3 x (17 + 5) = 66), 987 cycles in all with the exit's 350
 * (8088, --timing table).  Their names as each format gives them: */
struct debug_fixture {
    const char *dir;            /* scratch folder, under TMP              */
    const char *exe, *name;     /* the fixture, and its name in dir       */
    const char *what;           /* "Turbo Debugger information"           */
    const char *main, *spin, *draw, *spin_line, *draw_line;
};

/* profil run, then every command, with no map: the names and lines come
 * from the program's own information, beside the .prx; importance =
 * 100 x calls/7 x cycles/987. */
static inline void debug_fixture_commands(const struct debug_fixture *d)
{
    struct run_result r;
    char cmd[1200], want[600], prx[300];
    snprintf(cmd, sizeof cmd, "rm -rf %s && mkdir -p %s && cp %s %s/%s", d->dir, d->dir, d->exe, d->dir, d->name);
    ck_assert(system(cmd) == 0);
    snprintf(cmd, sizeof cmd, "run --trace --timing table -o %s/X.PRF --drive C=%s %s/%s", d->dir, d->dir, d->dir,
             d->name);
    run_profil(&r, cmd, NULL);
    ck_assert_int_eq(r.status, 0);
    snprintf(want, sizeof want, "\nprofil:   %-20s  24.3%%\nprofil:   %-20s  14.0%%\n", d->spin, d->draw);
    ck_assert_msg(strstr(r.err, want), "%s\nnot in:\n%s", want, r.err);
    snprintf(prx, sizeof prx, "%s/X.prx", d->dir);
    snprintf(cmd, sizeof cmd, "hist --by function %s", prx);
    run_profil(&r, cmd, NULL);
    ck_assert_int_eq(r.status, 0);
    snprintf(want, sizeof want, "profil: symbols: %s/%s's %s\n", d->dir, d->name, d->what);
    ck_assert_str_eq(r.err, want);
    snprintf(want, sizeof want,
             "\n         0    0.0%%            259  26.2%%            987 100.0%%       0.00  %s\n"
             "         3   42.9%%            240  24.3%%            240  24.3%%      10.42  %s\n"
             "         3   42.9%%            138  14.0%%            138  14.0%%       5.99  %s\n", d->main, d->spin, d->draw);
    ck_assert_msg(strstr(r.out, want), "%s\nnot in:\n%s", want, r.out);
    snprintf(cmd, sizeof cmd, "hist --by line %s", prx);
    run_profil(&r, cmd, NULL);
    ck_assert_int_eq(r.status, 0);
    snprintf(want, sizeof want, "     168  17.0%%  17.0%%  ########################################  %-16s"
             "         00014-00015\n", d->spin_line);
    ck_assert_msg(strstr(r.out, want), "%s\nnot in:\n%s", want, r.out);
    snprintf(want, sizeof want, "      66   6.7%%  45.3%%  ################                          %-16s"
             "         00023-00024\n", d->draw_line);
    ck_assert_msg(strstr(r.out, want), "%s\nnot in:\n%s", want, r.out);
    /* annotate: each procedure's instructions under its source lines. */
    snprintf(cmd, sizeof cmd, "annotate --source --symbol %s %s", d->draw, prx);
    run_profil(&r, cmd, NULL);
    ck_assert_int_eq(r.status, 0);
    snprintf(want, sizeof want, "%s  00020-00025: 138 cycles (14.0%%), 12 instructions\n", d->draw);
    ck_assert_msg(strstr(r.out, want), "%s\nnot in:\n%s", want, r.out);
    snprintf(want, sizeof want, "%s\n  00023   0196:0023  E2FE                   6           66    6.7%%  "
             "loop 0x23 <%s+0x3>\n", d->draw_line, d->draw);
    ck_assert_msg(strstr(r.out, want), "%s\nnot in:\n%s", want, r.out);
    snprintf(cmd, sizeof cmd, "cover %s", prx);
    run_profil(&r, cmd, NULL);
    ck_assert_int_eq(r.status, 0);
    snprintf(want, sizeof want, "\n%-29s 6      0  100.0%%  00011-00016\n", d->spin);
    ck_assert_msg(strstr(r.out, want), "%s\nnot in:\n%s", want, r.out);
    /* report: the page names them too. */
    snprintf(cmd, sizeof cmd, "report -o %s/X.html %s", d->dir, prx);
    run_profil(&r, cmd, NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.err, d->what), "%s", r.err);
    uint8_t *page;
    size_t n;
    char err[300];
    snprintf(cmd, sizeof cmd, "%s/X.html", d->dir);
    ck_assert(read_file(cmd, &page, &n, err, sizeof err) == 0);
    char *text = malloc(n + 1);
    ck_assert_ptr_nonnull(text);
    memcpy(text, page, n);
    text[n] = 0;
    ck_assert_ptr_nonnull(strstr(text, d->draw));
    free(text);
    free(page);
}

/* A PNG's size and pixels (one IDAT, filter 0 on every row, as
 * formats/png.c writes them), palette entries kept. */
static inline void read_png(const char *path, unsigned *w, unsigned *h, uint8_t **pixels, uint8_t palette[768])
{
    uint8_t *png;
    size_t n;
    char err[256];
    ck_assert_int_eq(read_file(path, &png, &n, err, sizeof err), 0);
    *pixels = NULL;
    for (size_t at = 8; at + 12 <= n;) {
        uint32_t len = (uint32_t)png[at] << 24 | png[at + 1] << 16 | png[at + 2] << 8 | png[at + 3];
        const uint8_t *type = png + at + 4, *body = png + at + 8;
        if (!memcmp(type, "IHDR", 4)) {
            *w = (uint32_t)body[0] << 24 | body[1] << 16 | body[2] << 8 | body[3];
            *h = (uint32_t)body[4] << 24 | body[5] << 16 | body[6] << 8 | body[7];
        } else if (!memcmp(type, "PLTE", 4)) {
            memcpy(palette, body, len < 768 ? len : 768);
        } else if (!memcmp(type, "IDAT", 4)) {
            uLongf raw_len = (uLongf)(*w + 1) * *h;
            uint8_t *raw = malloc(raw_len);
            ck_assert_int_eq(uncompress(raw, &raw_len, body, len), Z_OK);
            *pixels = malloc((size_t)*w * *h);
            for (unsigned y = 0; y < *h; y++) {
                ck_assert_uint_eq(raw[(size_t)y * (*w + 1)], 0);
                memcpy(*pixels + (size_t)y * *w, raw + (size_t)y * (*w + 1) + 1, *w);
            }
            free(raw);
        }
        at += 12 + len;
    }
    ck_assert_ptr_nonnull(*pixels);
    free(png);
}

/* Bytes built little-endian, growing as needed: the crafted files of
 * the hardening tests (a debug information of 10^5 symbols). */
struct bytes {
    uint8_t *b;
    size_t n, cap;
};

static inline void bytes_put(struct bytes *x, const void *p, size_t n)
{
    if (x->n + n > x->cap) {
        x->cap = (x->n + n) * 2;
        x->b = realloc(x->b, x->cap);
        ck_assert_ptr_nonnull(x->b);
    }
    memcpy(x->b + x->n, p, n);
    x->n += n;
}

static inline void bytes_u8(struct bytes *x, unsigned v)
{
    uint8_t b = (uint8_t)v;
    bytes_put(x, &b, 1);
}

static inline void bytes_u16(struct bytes *x, unsigned v)
{
    uint8_t b[2] = { (uint8_t)v, (uint8_t)(v >> 8) };
    bytes_put(x, b, 2);
}

static inline void bytes_u32(struct bytes *x, uint32_t v)
{
    bytes_u16(x, v & 0xFFFFu);
    bytes_u16(x, v >> 16);
}

/* The CPU seconds this process has spent (user and system). */
static inline double self_cpu_seconds(void)
{
    struct rusage u;
    getrusage(RUSAGE_SELF, &u);
    return (double)(u.ru_utime.tv_sec + u.ru_stime.tv_sec) + (double)(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

static inline int file_exists(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f)
        fclose(f);
    return f != NULL;
}

/* Suites, one per file. */
Suite *timing_suite(void);
Suite *devices_suite(void);
Suite *sampling_suite(void);
Suite *loader_suite(void);
Suite *timer_suite(void);
Suite *dos_suite(void);
Suite *cli_suite(void);
Suite *prf_suite(void);
Suite *session_suite(void);
Suite *reports_suite(void);
Suite *fix8086_suite(void);
Suite *maps_suite(void);
Suite *trace_suite(void);
Suite *calls_suite(void);
Suite *bios_suite(void);
Suite *video_suite(void);
Suite *ega_suite(void);
Suite *disktime_suite(void);
Suite *services_suite(void);
Suite *bus_suite(void);
Suite *clock_suite(void);
Suite *files_suite(void);
Suite *realmaps_suite(void);
Suite *codeview_suite(void);
Suite *tdinfo_suite(void);
Suite *watcom_suite(void);
Suite *summary_suite(void);
Suite *exact_suite(void);
Suite *diff_suite(void);
Suite *fuzz_suite(void);
Suite *svcprof_suite(void);
Suite *guestapi_suite(void);
Suite *frames_suite(void);
Suite *options_suite(void);
Suite *layers_suite(void);
Suite *api_suite(void);
Suite *man_suite(void);
Suite *package_suite(void);
Suite *decode_suite(void);
Suite *procs_suite(void);
Suite *batch_suite(void);
Suite *buckets_suite(void);
Suite *annotate_suite(void);
Suite *html_suite(void);
Suite *grow_suite(void);
Suite *speaker_suite(void);
Suite *replay_suite(void);
Suite *window_suite(void);
Suite *hist_suite(void);

#endif
