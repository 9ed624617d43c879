/*
 * fuzz/prx.c: the fuzz target of the .prx reader (formats/prx.c) and of
 * what `profil hist`/`cover` compute from a .prx that reads: exact counts
 * per symbol and per line (report/attrib.c) and, when it has a call
 * tree, the call graph with its callgrind and folded exports
 * (report/callgraph.c), against a small fixed map; and `profil annotate`'s
 * disassembly of the code it holds (report/annotate.c), with the map and
 * without.  The reader takes a
 * path, so each input goes through a scratch file.
 */
#include "../report/annotate.h"
#include "../report/attrib.h"
#include "../report/callgraph.h"
#include "prxfile.h"

static FILE *sink;
static struct symtab map;

/* Two symbols and three lines at the start of the program. */
static const char map_text[] =
    "\r\n Start  Stop   Length Name   Class\r\n 00000H 0007FH 00080H _TEXT CODE\r\n\r\n"
    "  Address         Publics by Value\r\n\r\n 0000:0000       main\r\n 0000:0040       work\r\n\r\n"
    "Line numbers for A.OBJ(a.c) segment _TEXT\r\n\r\n     7 0000:0000     8 0000:0002     9 0000:0040\r\n";

static void setup(void)
{
    char err[600];
    sink = fuzz_null("w");
    FUZZ_REQUIRE(symtab_parse(map_text, sizeof map_text - 1, &map, err, sizeof err) == 0 && map.nsym == 2);
}

static void use_calls(const struct prx *x)
{
    struct callgraph g;
    FUZZ_REQUIRE(callgraph_build(x, &map, &g) == 0);
    FUZZ_REQUIRE(g.nfn >= 1);
    for (size_t i = 0; i < x->ncalls; i++)
        FUZZ_REQUIRE(g.fn_of[i] < g.nfn);
    for (size_t i = 0; i < g.narc; i++)
        FUZZ_REQUIRE(g.arc[i].caller < g.nfn && g.arc[i].callee < g.nfn);
    FUZZ_REQUIRE(callgraph_callgrind(sink, &g, "fuzz") == 0);
    char why[300];
    FUZZ_REQUIRE(callgraph_folded(sink, x, &g, METRIC_CYCLES, CALLGRAPH_FOLDED_MAX, why, sizeof why) == 0);
    callgraph_free(&g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[600];
    if (!sink)
        setup();
    struct prx x;
    if (fuzz_read_prx(data, size, &x) != 0)
        return 0;
    FUZZ_REQUIRE(x.bucket_size != 0);
    struct unit_hits *rows;
    size_t n;
    for (int by_line = 0; by_line < 2; by_line++) {
        FUZZ_REQUIRE(attribute_exact(&x, &map, METRIC_INSTRUCTIONS, by_line, &rows, &n) == 0);
        free(rows);
    }
    if (x.calls)
        use_calls(&x);
    for (int with_map = 0; x.code && with_map < 2; with_map++) {
        struct annotate_request q = { "fuzz", with_map ? &map : NULL, NULL, with_map, NULL, 1 };
        if (annotate_prx(sink, &x, &q, err, sizeof err) != 0)
            FUZZ_REQUIRE(fuzz_one_line(err));
    }
    prx_free(&x);
    return 0;
}
