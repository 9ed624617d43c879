/*
 * fuzz/frames.c: the fuzz target of what reads a .prx's frames
 * (formats/prx.c, report/frames.c) and of the HTML report (report/html.c):
 * a .prx that reads goes through `hist --by frame` and `--worst-frames`
 * in text, CSV and JSON, with a map and without; `--frame N`'s own
 * profile (each kept frame's rows, their symbols, top and per-symbol
 * attribution); the frame diff against itself; and `profil report`'s
 * page, with the map and without.  The reader takes a path, so each
 * input goes through a scratch file.
 */
#include "../formats/prx.h"
#include "../report/attrib.h"
#include "../report/frames.h"
#include "../report/html.h"
#include "prxfile.h"

/* The most frames whose own profile is looked at, per input. */
#define FRAMES_LOOKED_AT 8u

static FILE *sink;
static struct symtab map;

/* Two code symbols, one line each, at the start of the program. */
static void setup(void)
{
    sink = fuzz_null("w");
    FUZZ_REQUIRE(symtab_add_segment(&map, "_TEXT", "CODE", 0, 0x7F) == 0);
    FUZZ_REQUIRE(symtab_add_symbol(&map, "main", 4, 0) == 0 && symtab_add_symbol(&map, "draw", 4, 0x40) == 0);
    size_t src;
    FUZZ_REQUIRE(symtab_add_source(&map, "a.c", 3, &src) == 0 && symtab_add_line(&map, src, 3, 0) == 0 &&
                 symtab_add_line(&map, src, 9, 0x40) == 0);
    symtab_sort(&map);
}

/* `hist --frame N`: frame i's own rows as the whole trace's, by symbol
 * and by line; its spending by symbol; its top rows. */
static void one_frame(const struct prx *x, size_t i)
{
    struct prx_entry *e;
    size_t n;
    FUZZ_REQUIRE(frame_entries(x, i, &e, &n) == 0);
    struct prx y = *x;              /* the frame's view: its rows and totals */
    y.e = e;
    y.n = n;
    y.total_insns = x->frames[i].insns;
    y.total_cycles = x->frames[i].cycles;
    struct unit_hits *rows;
    size_t nrows;
    for (int by_line = 0; by_line < 2; by_line++) {
        FUZZ_REQUIRE(attribute_exact(&y, &map, (enum metric)frame_metric(x), by_line, &rows, &nrows) == 0);
        free(rows);
    }
    free(e);
    for (int with_map = 0; with_map < 2; with_map++) {
        struct frame_spent *spent;
        struct frame_top top;
        FUZZ_REQUIRE(frame_spent(x, i, with_map ? &map : NULL, &spent, &n) == 0);
        free(spent);
        FUZZ_REQUIRE(frame_top(x, i, with_map ? &map : NULL, &top) == 0 && top.n <= FRAME_TOP);
    }
}

static void report(const struct prx *x, const char *path)
{
    char err[600];
    for (int with_map = 0; with_map < 2; with_map++) {
        struct html_request q = { .path = path, .map = with_map ? &map : NULL, .map_path = with_map ? "a.map" : NULL };
        struct html_report *r = html_prepare(x, &q, err, sizeof err);
        if (!r) {
            FUZZ_REQUIRE(fuzz_one_line(err));
            continue;
        }
        html_write(sink, r);
        html_free(r);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char grew[200];
    if (!sink)
        setup();
    struct prx x;
    if (fuzz_read_prx(data, size, &x) != 0)
        return 0;
    if (x.frames) {
        FUZZ_REQUIRE(frames_line(sink, &x) == 0);
        for (int format = FORMAT_TEXT; format <= FORMAT_JSON; format++)
            for (unsigned worst = 0; worst <= 3; worst += 3) {
                FUZZ_REQUIRE(frames_report(sink, &x, worst, NULL, (enum export_format)format) == 0);
                FUZZ_REQUIRE(frames_report(sink, &x, worst, &map, (enum export_format)format) == 0);
            }
        for (size_t i = 0; i < x.profiled && i < x.nframes && i < FRAMES_LOOKED_AT; i++)
            one_frame(&x, i);
        FUZZ_REQUIRE(frames_diff(sink, &x, &x, 0.1, grew, sizeof grew) >= 0);
    }
    report(&x, "fuzz.prx");
    prx_free(&x);
    return 0;
}
