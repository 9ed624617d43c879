/*
 * tests/check_guestapi.c: the program's own profiling interface, ports
 * ECh/EDh (docs/guestapi.md): the port without a profiler (a real PC), the
 * statuses, --start-stopped, exact zones, marks, DUMP's names and files,
 * CLEAR, hist --by zone and its exports, include/profdos.h's bytes, and the
 * C fixture built with dev86 bcc when it is installed.
 *
 * tests/fixtures/guestapi.asm's figures, 8088, --timing table (docs/timing.md):
 *   zone LOOP: from the start of ENTER's OUT to the start of LEAVE's OUT:
 *     OUT imm8,AL 10 + IN AL,imm8 10 + MOV CX,imm 4 + 99 LOOPs taken x 17
 *     + the last 5 + LEAVE's MOV AL,imm 4 = 1716 cycles, 10 times: 17160.
 *   zone inner (inside outer): OUT 10 + IN 10 + LEAVE 'outer' refused:
 *     5 name bytes x (MOV 4 + OUT 10) = 70, MOV AL 4, OUT 10, IN 10,
 *     MOV AH,AL 2, then LEAVE 'inner': 70 + MOV AL 4 = 190.
 *   zone outer: OUT 10 + IN 10 + 'inner' 70 + MOV AL 4 = 94 before inner's
 *     OUT, inner's 190, then OUT 10 + IN 10 + 'outer' 70 + MOV AL 4 = 94:
 *     378, of which 188 its own.
 *   the busy loop (bucket 7, offsets 70h-7Fh: LOOP at 70h, 14 NOPs) runs
 *   65536 LOOPs before START: traced, 65536 + 14 = 65550 instructions;
 *   sampled every 4 x 119 = 476 cycles, the span whose ticks land in bucket
 *   7 is NOP 3 + 65535 x 17 + 5 + 13 NOPs x 3 = 1114142 cycles: 2340 or
 *   2341 samples.  Under --start-stopped: 0 of either.
 */
#include "testutil.h"

#include <sys/stat.h>

#include "../emu/machine.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"
#include "../sampler/guestprof.h"

/* include/profdos.h on the host: its port writes recorded. */
static unsigned char rec_port[64], rec_val[64];
static unsigned nrec;
static void rec_out(unsigned port, unsigned char v)
{
    if (nrec < 64) {
        rec_port[nrec] = (unsigned char)port;
        rec_val[nrec++] = v;
    }
}
#define PROFDOS_OUT(port, v) rec_out((port), (unsigned char)(v))
#define PROFDOS_IN(port) ((unsigned char)(0x40 + (port) - PROFDOS_PORT_CMD))
#include "../include/profdos.h"

_Static_assert(PROFDOS_PORT_CMD == GUEST_PORT_CMD && PROFDOS_PORT_ARG == GUEST_PORT_ARG, "include/profdos.h's ports");
_Static_assert(PROFDOS_API_VERSION == GUEST_API_VERSION, "include/profdos.h's version");
_Static_assert(PROFDOS_FN_VERSION == GUEST_FN_VERSION && PROFDOS_FN_START == GUEST_FN_START &&
               PROFDOS_FN_STOP == GUEST_FN_STOP && PROFDOS_FN_CLEAR == GUEST_FN_CLEAR &&
               PROFDOS_FN_DUMP == GUEST_FN_DUMP && PROFDOS_FN_MARK == GUEST_FN_MARK &&
               PROFDOS_FN_ENTER == GUEST_FN_ENTER && PROFDOS_FN_LEAVE == GUEST_FN_LEAVE &&
               PROFDOS_FN_FRAME == GUEST_FN_FRAME, "include/profdos.h's functions");
_Static_assert(PROFDOS_OK == GUEST_OK && PROFDOS_E_FUNCTION == GUEST_E_FUNCTION && PROFDOS_E_STARTED == GUEST_E_STARTED &&
               PROFDOS_E_STOPPED == GUEST_E_STOPPED && PROFDOS_E_ARGUMENT == GUEST_E_ARGUMENT &&
               PROFDOS_E_ZONE == GUEST_E_ZONE && PROFDOS_E_FULL == GUEST_E_FULL && PROFDOS_E_WRITE == GUEST_E_WRITE &&
               PROFDOS_NOT_PRESENT == GUEST_NO_PROFIL, "include/profdos.h's statuses");

#define DIR TMP "/guestapi"

/* `profil run ARGS` in an empty DIR; ARGS a printf format with one %s, s. */
static void run_fresh(struct run_result *r, const char *args, const char *s)
{
    char cmd[600];
    if (system("rm -rf " DIR " && mkdir -p " DIR) != 0)
        ck_abort_msg("cannot create " DIR);
    snprintf(cmd, sizeof cmd, args, s);
    run_profil(r, cmd, NULL);
    ck_assert_msg(r->status == 0, "profil %s: %d\n%s", cmd, r->status, r->err);
}

/* `profil run -q --timing table -o DIR/GUESTAPI.PRF OPTS guestapi.com ARGS` */
static void run_fixture(struct run_result *r, const char *opts, const char *args)
{
    char fmt[300];
    snprintf(fmt, sizeof fmt, "run -q --timing table -o " DIR "/GUESTAPI.PRF %%s " FIX("guestapi.com") " %s", args);
    run_fresh(r, fmt, opts);
}

static const struct prx_zone *zone(const struct prx *x, const char *name)
{
    for (size_t i = 0; i < x->nzones; i++)
        if (strcmp(x->zones[i].name, name) == 0)
            return &x->zones[i];
    ck_abort_msg("no zone %s", name);
    return NULL;
}

START_TEST(port_is_undecoded_without_profiler)
{
    /* A PC without profil: nothing decodes ECh/EDh, reads give FFh, and
     * profil's own machine does not warn about them either. */
    struct machine *m = machine_new(CPU_8088);
    FILE *w = tmpfile();
    m->warn = w;
    port_out(m, GUEST_PORT_ARG, 'A');
    port_out(m, GUEST_PORT_CMD, GUEST_FN_VERSION);
    ck_assert_uint_eq(port_in(m, GUEST_PORT_CMD), 0xFF);
    ck_assert_uint_eq(port_in(m, GUEST_PORT_ARG), 0xFF);
    char buf[200];
    slurp_stream(w, buf, sizeof buf);
    ck_assert_str_eq(buf, "");
    machine_free(m);
}
END_TEST

static int count_dump(void *ctx, const char *name83)
{
    (void)name83;
    ++*(int *)ctx;
    return 0;
}

START_TEST(port_protocol)
{
    struct machine *m = machine_new(CPU_8088);
    struct guestprof g;
    struct sampler s;
    struct prf_layout l = { 100, 1, 1, 0x200, 0x201, 0xC0 };
    ck_assert_int_eq(sampler_init(&s, &l), 0);
    guestprof_init(&g, 1);
    g.s = &s;
    guestprof_collect(&g, 0);
    m->guest.obs = &g.obs;
    port_out(m, GUEST_PORT_CMD, GUEST_FN_VERSION);
    ck_assert_uint_eq(port_in(m, GUEST_PORT_CMD), GUEST_API_VERSION);
    sampler_tick(&s, 0x200, 0);                 /* stopped: not counted */
    ck_assert_uint_eq(s.total, 0);
    port_out(m, GUEST_PORT_CMD, GUEST_FN_START);
    ck_assert_uint_eq(port_in(m, GUEST_PORT_CMD), GUEST_OK);
    sampler_tick(&s, 0x200, 0);
    ck_assert_uint_eq(s.total, 1);
    ck_assert_uint_eq(s.bucket[0], 1);
    /* 33 name bytes: one past GUEST_ARG_MAX, refused; the next call starts afresh. */
    for (int i = 0; i < 33; i++)
        port_out(m, GUEST_PORT_ARG, 'x');
    m->now = 100;
    port_out(m, GUEST_PORT_CMD, GUEST_FN_ENTER);
    ck_assert_uint_eq(port_in(m, GUEST_PORT_CMD), GUEST_E_ARGUMENT);
    for (int i = 0; i < 32; i++)
        port_out(m, GUEST_PORT_ARG, 'x');
    port_out(m, GUEST_PORT_CMD, GUEST_FN_ENTER);
    ck_assert_uint_eq(port_in(m, GUEST_PORT_CMD), GUEST_OK);
    /* A 0 byte empties the name: "ab", 0, "z" is "z", not the open zone. */
    port_out(m, GUEST_PORT_ARG, 'a');
    port_out(m, GUEST_PORT_ARG, 'b');
    port_out(m, GUEST_PORT_ARG, 0);
    port_out(m, GUEST_PORT_ARG, 'z');
    m->now = 350;
    port_out(m, GUEST_PORT_CMD, GUEST_FN_LEAVE);
    ck_assert_uint_eq(port_in(m, GUEST_PORT_CMD), GUEST_E_ZONE);
    port_out(m, GUEST_PORT_CMD, GUEST_FN_LEAVE);     /* no name: the innermost */
    ck_assert_uint_eq(port_in(m, GUEST_PORT_CMD), GUEST_OK);
    ck_assert_uint_eq(g.nzones, 1);
    ck_assert_uint_eq(strlen(g.zones[0].name), 32);
    ck_assert_uint_eq(g.zones[0].total, 250);
    port_out(m, GUEST_PORT_CMD, 0x42);
    ck_assert_uint_eq(port_in(m, GUEST_PORT_CMD), GUEST_E_FUNCTION);
    port_out(m, GUEST_PORT_CMD, GUEST_FN_CLEAR);
    ck_assert_uint_eq(port_in(m, GUEST_PORT_CMD), GUEST_OK);
    ck_assert_uint_eq(s.total, 0);
    ck_assert_uint_eq(s.bucket[0], 0);
    ck_assert_uint_eq(g.zones[0].count, 0);
    ck_assert_uint_eq(g.errors, 2);     /* LEAVE 'z', function 42h (the long name never reached it) */
    /* DUMP: at most 64 distinct files in a run; a name written before may be written again. */
    int dumps = 0;
    g.dump = count_dump;
    g.ctx = &dumps;
    char name[16];
    for (int i = 0; i < 65; i++) {
        snprintf(name, sizeof name, "D%d", i);
        ck_assert_uint_eq(guestprof_call(&g, GUEST_FN_DUMP, name, (unsigned)strlen(name), 0),
                          i < 64 ? GUEST_OK : GUEST_E_FULL);
    }
    ck_assert_uint_eq(guestprof_call(&g, GUEST_FN_DUMP, "d0", 2, 0), GUEST_OK);
    ck_assert_int_eq(dumps, 65);
    m->guest.obs = NULL;
    guestprof_free(&g);
    sampler_free(&s);
    machine_free(m);
}
END_TEST

START_TEST(dump_names)
{
    char out[13];
    static const char *const good[][2] = { { "mid", "MID.PRF" }, { "A.prf", "A.PRF" }, { "PASS_1", "PASS_1.PRF" },
                                           { "12345678.PRF", "12345678.PRF" } };
    for (size_t i = 0; i < sizeof good / sizeof *good; i++) {
        ck_assert_msg(guestprof_name83(good[i][0], out), "%s refused", good[i][0]);
        ck_assert_str_eq(out, good[i][1]);
    }
    static const char *const bad[] = { "", "../X", "SUB/X", "C:X", "\\X", "123456789", "A.TXT", "A.", ".PRF",
                                       "A.PRF.PRF", "A B", "A.PRFX", "/etc/passwd" };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(!guestprof_name83(bad[i], out), "%s accepted", bad[i]);
}
END_TEST

START_TEST(statuses)
{
    struct run_result r;
    run_fixture(&r, "", "");
    ck_assert_int_eq(r.status, 0);
    /* VERSION, LEAVE none open, ENTER 'a;b', DUMP '../X', function 9, DUMP 'SUB/X',
     * START (started already), START, LEAVE 'outer' in 'inner', MARK, MARK, STOP, STOP,
     * DUMP over the run's own .PRF, DUMP 'mid' */
    ck_assert_str_eq(r.out, "01 05 04 04 01 04 02 02 05 00 00 00 03 07 00 ");
    ck_assert_msg(strstr(r.err, "DUMP " DIR "/GUESTAPI.PRF: not written, it is one of the run's own files"), "%s",
                  r.err);
    run_fixture(&r, "--start-stopped", "");
    ck_assert_str_eq(r.out, "01 05 04 04 01 04 00 02 05 00 00 00 03 07 00 ");
}
END_TEST

START_TEST(zones_exact)
{
    struct run_result r;
    struct prx x;
    char err[300];
    run_fixture(&r, "", "");
    ck_assert_msg(prx_read_file(DIR "/GUESTAPI.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(x.mode, "sampling");
    ck_assert_uint_eq(x.nzones, 3);
    const struct prx_zone *loop = zone(&x, "LOOP"), *outer = zone(&x, "outer"), *inner = zone(&x, "inner");
    ck_assert_uint_eq(loop->count, 10);
    ck_assert_uint_eq(loop->total, 17160);
    ck_assert_uint_eq(loop->min, 1716);
    ck_assert_uint_eq(loop->max, 1716);
    ck_assert_uint_eq(loop->parent, PRX_NO_ZONE);
    ck_assert_uint_eq(outer->total, 378);
    ck_assert_uint_eq(inner->total, 190);
    ck_assert_uint_eq(inner->count, 1);
    ck_assert_ptr_eq(&x.zones[inner->parent], outer);
    ck_assert_uint_eq(prx_zone_self(&x, (size_t)(outer - x.zones)), 188);
    ck_assert_uint_eq(x.nmarks, 1);
    ck_assert_str_eq(x.marks[0].name, "done");
    ck_assert_uint_eq(x.marks[0].count, 2);        /* by PROFDOS_MARK, then by PROFDOS_NAME_SI */
    ck_assert_uint_gt(x.marks[0].last, x.marks[0].first);
    prx_free(&x);
    /* The run's summary names them. */
    run_profil(&r, "run --timing table -o " DIR "/GUESTAPI.PRF " FIX("guestapi.com"), NULL);
    ck_assert_msg(strstr(r.err, "profil:   zone LOOP            10 x, mean 1716.0 cycles (min 1716, max 1716)\n"
                                "profil:   zone outer           1 x, mean 378.0 cycles (min 378, max 378)\n"),
                  "%s", r.err);
    ck_assert_msg(strstr(r.err, "profil: wrote " DIR "/GUESTAPI.prx (the program's zones and marks)\n"), "%s", r.err);
    /* Traced, the same: a trace adds no cycles. */
    run_fixture(&r, "--trace", "");
    ck_assert_msg(prx_read_file(DIR "/GUESTAPI.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(zone(&x, "LOOP")->total, 17160);
    prx_free(&x);
}
END_TEST

/* With the bus model's clock (prefetch queue, refresh) the zone is whatever
 * the instructions in it took: the trace's cycles at the addresses from
 * ENTER's OUT (at `lap` + 18: the name 'LOOP', 4 x MOV AL 2 + OUT 2, then
 * MOV AL 2) up to LEAVE's OUT (+ 29: OUT 2, IN 2, MOV CX 3, LOOP 2, MOV AL
 * 2), which run only inside the zone. */
START_TEST(zone_matches_the_trace_with_the_bus_model)
{
    struct run_result r;
    struct prx x;
    struct symtab t;
    char err[300];
    run_fresh(&r, "run -q --trace --timing bus -o " DIR "/BUS.PRF %s", FIX("guestapi.com"));
    ck_assert_msg(prx_read_file(DIR "/BUS.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_msg(symtab_read_file(FIX("guestapi.map"), &t, err, sizeof err) == 0, "%s", err);
    uint32_t at = UINT32_MAX;
    for (size_t i = 0; i < t.nsym; i++)
        if (strcmp(t.sym[i].name, "lap") == 0)
            at = t.sym[i].addr;
    ck_assert_uint_ne(at, UINT32_MAX);
    uint64_t cycles = 0, outs = 0;
    for (size_t i = 0; i < x.n; i++) {
        uint32_t off = prx_offset(&x, &x.e[i]);
        if (x.e[i].cls == PRX_PROGRAM && off >= at + 18 && off < at + 29)
            cycles += x.e[i].cycles;
        if (x.e[i].cls == PRX_PROGRAM && off == at + 18)
            outs = x.e[i].insns;
    }
    ck_assert_uint_eq(outs, 10);
    const struct prx_zone *z = zone(&x, "LOOP");
    ck_assert_uint_eq(z->count, 10);
    ck_assert_uint_eq(z->total, cycles);
    ck_assert_uint_gt(z->total, 17160);     /* the bus model's waits on top of the table */
    symtab_free(&t);
    prx_free(&x);
}
END_TEST

/* STOP and START pause the call tree (--stacks, which --trace includes)
 * as they pause the trace: the tree's nodes count, between them, exactly
 * the instructions and cycles the trace counts at its addresses.  Both
 * leave out what ran before START (under --start-stopped) and after STOP
 * (the last statuses' printing). */
START_TEST(call_tree_pauses_with_the_trace)
{
    for (int stopped = 0; stopped < 2; stopped++)
        for (int bus = 0; bus < 2; bus++) {
            struct run_result r;
            struct prx x;
            char err[300];
            run_fresh(&r, bus ? "run -q --trace --timing bus %s -o " DIR "/P.PRF " FIX("guestapi.com")
                              : "run -q --trace --timing table %s -o " DIR "/P.PRF " FIX("guestapi.com"),
                      stopped ? "--start-stopped" : "");
            ck_assert_msg(prx_read_file(DIR "/P.prx", &x, err, sizeof err) == 0, "%s", err);
            uint64_t insns = 0, cycles = 0, stalls = 0, tree_insns = 0, tree_cycles = 0, tree_stalls = 0;
            for (size_t i = 0; i < x.n; i++) {
                insns += x.e[i].insns;
                cycles += x.e[i].cycles;
                stalls += x.e[i].stalls;
            }
            for (size_t i = 0; i < x.ncalls; i++) {
                tree_insns += x.calls[i].insns;
                tree_cycles += x.calls[i].cycles;
                tree_stalls += x.calls[i].stalls;
            }
            ck_assert_uint_gt(insns, 0);
            ck_assert_uint_eq(tree_insns, insns);
            ck_assert_uint_eq(tree_cycles, cycles);
            ck_assert_uint_eq(tree_stalls, stalls);
            if (bus)
                ck_assert_uint_gt(stalls, 0);
            prx_free(&x);
        }
}
END_TEST

START_TEST(start_stopped_collects_nothing_before_start)
{
    struct profil_session *s;
    for (int trace = 0; trace < 2; trace++)
        for (int stopped = 0; stopped < 2; stopped++) {
            struct profil_options o = fixture_options(FIX("guestapi.com"), DIR "/SS.PRF");
            o.timing = PROFIL_TIMING_TABLE;
            o.trace = trace;
            o.start_stopped = stopped;
            FILE *out = tmpfile();
            o.out = out;
            o.err = out;
            if (system("mkdir -p " DIR) != 0)
                ck_abort_msg("cannot create " DIR);
            ck_assert_int_eq(profil_session_new(&o, &s), PROFIL_OK);
            profil_session_run(s);
            const uint64_t *b = profil_session_buckets(s);
            if (stopped)
                ck_assert_uint_eq(b[7], 0);
            else if (trace)
                ck_assert_uint_eq(b[7], 65550);
            else
                ck_assert_msg(b[7] == 2340 || b[7] == 2341, "%llu samples", (unsigned long long)b[7]);
            profil_session_free(s);
            fclose(out);
        }
}
END_TEST

START_TEST(dump_writes_and_never_overwrites_a_user_file)
{
    struct run_result r;
    struct prf p, final;
    run_fixture(&r, "", "");
    read_prf(DIR "/MID.PRF", &p);
    read_prf(DIR "/GUESTAPI.PRF", &final);
    /* MID was dumped after the zones: the busy loop's samples are in it, as in the final profile. */
    ck_assert_uint_eq(p.bucket[7], final.bucket[7]);
    ck_assert_uint_eq(p.bucket_num, final.bucket_num);
    prf_free(&p);
    prf_free(&final);
    /* A file of the user's named MID.PRF: refused (status 07), left as it was. */
    char cmd[400], buf[64];
    ck_assert_int_eq(system("rm -rf " DIR " && mkdir -p " DIR " && printf 'notes' > " DIR "/MID.PRF"), 0);
    snprintf(cmd, sizeof cmd, "run -q --timing table -o " DIR "/GUESTAPI.PRF " FIX("guestapi.com"));
    run_profil(&r, cmd, NULL);
    ck_assert_str_eq(r.out, "01 05 04 04 01 04 02 02 05 00 00 00 03 07 07 ");
    slurp(DIR "/MID.PRF", buf, sizeof buf);
    ck_assert_str_eq(buf, "notes");
    /* Names with a path are refused before any file is looked at: nothing beside the run's files. */
    ck_assert(!file_exists(TMP "/X.PRF") && !file_exists(DIR "/SUB"));
}
END_TEST

START_TEST(clear_empties_every_count)
{
    struct run_result r;
    struct prf p;
    struct prx x;
    char err[300];
    run_fixture(&r, "", "clear");
    ck_assert_str_eq(r.out, "01 05 04 04 01 04 02 02 05 00 00 00 03 07 00 00 ");
    read_prf(DIR "/GUESTAPI.PRF", &p);
    ck_assert_uint_eq(p.bucket[7], 0);      /* the busy loop's 2340 samples, cleared */
    prf_free(&p);
    ck_assert_msg(prx_read_file(DIR "/GUESTAPI.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(zone(&x, "LOOP")->count, 0);
    ck_assert_uint_eq(zone(&x, "LOOP")->total, 0);
    prx_free(&x);
}
END_TEST

START_TEST(hist_by_zone)
{
    struct run_result r;
    run_fixture(&r, "", "");
    run_profil(&r, "hist --by zone " DIR "/GUESTAPI.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out,
                         "   count          total           mean          min          max  zone (cycles)\n"
                         "      10          17160         1716.0         1716         1716  LOOP\n"
                         "       1            378          378.0          378          378  outer\n"
                         "       1            190          190.0          190          190    inner\n"),
                  "%s", r.out);
    ck_assert_msg(strstr(r.out, "3 zone(s), 1 mark(s), in emulated cycles (guestapi.com, 8088 table timing"), "%s",
                  r.out);
    run_profil(&r, "hist --by zone --format folded " DIR "/GUESTAPI.prx", NULL);
    ck_assert_str_eq(r.out, "guestapi.com;LOOP 17160\nguestapi.com;outer 188\nguestapi.com;outer;inner 190\n");
    run_profil(&r, "hist --format callgrind " DIR "/GUESTAPI.prx", NULL);      /* no call tree: the zones */
    ck_assert_msg(strstr(r.out, "events: Cycles\nsummary: 17538\n"), "%s", r.out);
    ck_assert_msg(strstr(r.out, "fn=outer\n0 188\ncfn=inner\ncalls=1 0\n0 190\nfn=inner\n0 190\n"), "%s", r.out);
    run_profil(&r, "hist --by zone --format csv " DIR "/GUESTAPI.prx", NULL);
    ck_assert_str_eq(r.out, "zone,parent,depth,count,total,mean,min,max,self\n"
                            "LOOP,,0,10,17160,1716.0,1716,1716,17160\n"
                            "outer,,0,1,378,378.0,378,378,188\n"
                            "inner,outer,1,1,190,190.0,190,190,190\n");
    run_profil(&r, "hist --by zone " DIR "/GUESTAPI.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_msg(strstr(r.err, "a .PRF has no zones; they are in the .prx beside it"), "%s", r.err);
}
END_TEST

/* The .prx reader takes the zones as written and refuses rows that are not a tree. */
START_TEST(prx_zones_read_back_and_checked)
{
    struct run_result r;
    struct prx x;
    char err[300], text[4096];
    run_fixture(&r, "", "");
    slurp(DIR "/GUESTAPI.prx", text, sizeof text);
    static const char *const bad[][2] = {
        { "[1, \"inner\"", "[2, \"inner\"" },             /* its parent after it */
        { "[-1, \"LOOP\", 10, 17160, 1716, 1716]", "[-1, \"LOOP\", 10, 17160, 1717, 1716]" },  /* min > max */
        { "[-1, \"LOOP\"", "[-1, \"\"" },                  /* no name */
        { "\"rows\": [\n      [\"done\"", "\"rowz\": [\n      [\"done\"" },    /* marks without rows */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char *at = strstr(text, bad[i][0]), edited[4200];
        ck_assert_msg(at != NULL, "%s not in the .prx", bad[i][0]);
        snprintf(edited, sizeof edited, "%.*s%s%s", (int)(at - text), text, bad[i][1], at + strlen(bad[i][0]));
        FILE *f = fopen(DIR "/bad.prx", "w");
        ck_assert_ptr_nonnull(f);
        fputs(edited, f);
        fclose(f);
        ck_assert_msg(prx_read_file(DIR "/bad.prx", &x, err, sizeof err) == -1, "case %zu read", i);
        ck_assert_msg(strstr(err, i == 3 ? "\"marks\" has no \"rows\" array" : "is not [parent, zone, count"), "%s",
                      err);
    }
}
END_TEST

START_TEST(c_header_bytes)
{
    nrec = 0;
    ck_assert_uint_eq(profdos_enter("LOOP"), 0x40);  /* the status: IN from ECh */
    ck_assert_uint_eq(nrec, 5);
    for (unsigned i = 0; i < 4; i++) {
        ck_assert_uint_eq(rec_port[i], 0xED);
        ck_assert_uint_eq(rec_val[i], (unsigned char)"LOOP"[i]);
    }
    ck_assert_uint_eq(rec_port[4], 0xEC);
    ck_assert_uint_eq(rec_val[4], GUEST_FN_ENTER);
    nrec = 0;
    profdos_leave("");
    profdos_version();
    ck_assert_uint_eq(nrec, 2);
    ck_assert_uint_eq(rec_val[0], GUEST_FN_LEAVE);
    ck_assert_uint_eq(rec_val[1], GUEST_FN_VERSION);
}
END_TEST

START_TEST(c_fixture_under_profil)
{
    if (!file_exists(FIX("guestc.com"))) {
        fprintf(stderr, "check_guestapi: skipped: " FIX("guestc.com") " was not built (dev86's bcc is not installed: "
                        "apt-get install bcc)\n");
        return;
    }
    struct run_result r;
    struct prx x;
    char err[300];
    run_fresh(&r, "run -q -o " DIR "/GUESTC.PRF %s", FIX("guestc.com"));
    /* version, start twice, the zones' statuses ORed, leave none open, mark, dump 'BAD/NAME', stop twice */
    ck_assert_str_eq(r.out, "01 02 02 00 05 00 04 00 03 \r\n");
    ck_assert_msg(prx_read_file(DIR "/GUESTC.prx", &x, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(x.nzones, 1);
    ck_assert_str_eq(x.zones[0].name, "work");
    ck_assert_uint_eq(x.zones[0].count, 10);
    ck_assert_uint_eq(x.nmarks, 1);
    prx_free(&x);
}
END_TEST


/* The calls column of a function's row in hist --by function --format csv
 * ("NAME",entry,calls,...), or -1 when no row has that name. */
static long csv_calls(const char *csv, const char *name)
{
    char key[80];
    snprintf(key, sizeof key, "\n\"%s\",", name);
    const char *row = strstr(csv, key);
    if (!row)
        return -1;
    const char *entry_end = strchr(row + strlen(key), ',');
    return entry_end ? strtol(entry_end + 1, NULL, 10) : -1;
}

/* Issue 30 item 8: the functions of a bcc -Md program named from ld86's
 * map (guestc.map, bcc -X-M), so its call tree says where the time went.
 * The run is started from the first instruction (START answers 02,
 * started) until the first STOP's OUT; a call counts when its CALL runs:
 *   _profdos_call: version, start x2, 10 x enter + 10 x leave "work",
 *     leave "", mark "end", dump "BAD/NAME", the first stop: 27
 *   _profdos_named: 20 "work" + "" + "end" + "BAD/NAME": 23
 *   _profdos_outb: 27 function bytes + 10 x 2 x 4 + 0 + 3 + 8 name bytes: 118
 *   _profdos_inb: the 27 calls but the first stop's (its IN comes after the
 *     STOP): 26
 *   _show: version, start x2, the zones, leave, mark, dump: 7;  _main: 1.
 * ld86 writes __segoff (a paragraph count, 0E5h here) among the code
 * symbols; taken for an address it moved every symbol 100h bytes, and
 * these rows were named 0185:010C and the like. */
START_TEST(c_fixture_symbols_from_ld86_map)
{
    if (!file_exists(FIX("guestc.map"))) {
        fprintf(stderr, "check_guestapi: skipped: " FIX("guestc.map") " was not built (no bcc)\n");
        return;
    }
    struct run_result r;
    run_fresh(&r, "run -q --trace -o " DIR "/GUESTC.PRF %s", FIX("guestc.com"));
    run_profil(&r, "hist " DIR "/GUESTC.prx --map " FIX("guestc.map") " --by function --format csv", NULL);
    ck_assert_msg(r.status == 0, "%s", r.err);
    ck_assert_ptr_nonnull(strstr(r.err, "symbols: " FIX("guestc.map") " (ld86)"));
    ck_assert_int_eq(csv_calls(r.out, "_main"), 1);
    ck_assert_int_eq(csv_calls(r.out, "_show"), 7);
    ck_assert_int_eq(csv_calls(r.out, "_profdos_call"), 27);
    ck_assert_int_eq(csv_calls(r.out, "_profdos_named"), 23);
    ck_assert_int_eq(csv_calls(r.out, "_profdos_outb"), 118);
    ck_assert_int_eq(csv_calls(r.out, "_profdos_inb"), 26);
    ck_assert_ptr_null(strstr(r.out, "\n\"0"));          /* no function left named by its address */
}
END_TEST

/* The .prc's "cycles" of a run of dumploop.com. */
static uint64_t dumploop_cycles(const char *opts, int expect_status)
{
    struct run_result r;
    char args[600], text[20000];
    snprintf(args, sizeof args, "run -q --timing table %s -o " TMP "/dl/D.PRF " FIX("dumploop.com") " 10", opts);
    if (system("rm -rf " TMP "/dl && mkdir -p " TMP "/dl") != 0)
        ck_abort();
    run_profil(&r, args, NULL);
    ck_assert_msg(r.status == expect_status, "%s: exit %d: %s", args, r.status, r.err);
    slurp(TMP "/dl/D.prc", text, sizeof text);
    const char *c = strstr(text, "\"cycles\": ");
    ck_assert_ptr_nonnull(c);
    return strtoull(c + 10, NULL, 10);
}

/* A DUMP costs emulated time like a DOS file of its size written: create
 * and close (2 x COST_DOS_FILE_CALL, 2400 each) and the fixed disk's time
 * for it (docs/costs.md; the DUMP is a file on C:).  dumploop.com is
 * 61,503 bytes, 3844 paragraphs and buckets, a .PRF of 20 + 2 x 3844 =
 * 7708 bytes: 15 whole sectors and 28 bytes.  It is the disk's first
 * file: sectors 66-81 (66-67 on cylinder 0, the rest on cylinder 1),
 * directory sector 34, FAT sector 18 (clusters 2 and 3), its copy 26.
 * By the model's figures (C 2386, S 4679, T 4 S, R 17 S, a 1-cylinder
 * seek 14318, sector s in slot 6s mod 17), each step's command, seek and
 * wait for its slot from where the last step left the platter:
 *   the first DUMP reads 34 (the open), 18 (the FAT) through the
 *   buffers, writes 66-80 in one run, reads 81 (the partial sector), and
 *   the close writes 34, 18, 26 and 81: 947544 cycles when sector 34's
 *   slot comes as the command ends, up to R - 1 = 79542 more;
 *   each later DUMP finds 34, 18 and 81 in the buffers: the run 66-80
 *   and the close's four writes: 779381, up to 79542 more.
 * So ten DUMPs written against ten refused by a spent --disk-free (the
 * same instructions; a refused one costs nothing) differ by 10 x 4800 +
 * 947544 + 9 x 779381 = 8009973 cycles and up to 10 x 79542 more; they
 * differed by 664640 when a DUMP was 8 cycles a byte.  The refused ones
 * write nothing and exit with 7. */
START_TEST(dump_costs_emulated_time_and_disk)
{
    uint64_t written = dumploop_cycles("", 0);
    struct stat st;
    ck_assert_int_eq(stat(TMP "/dl/LOOP.PRF", &st), 0);
    ck_assert_int_eq(st.st_size, 7708);
    uint64_t refused = dumploop_cycles("--disk-free 7707", PROFDOS_E_WRITE);
    ck_assert(!file_exists(TMP "/dl/LOOP.PRF"));
    uint64_t least = 10 * 2 * 2400 + 947544 + 9 * 779381;
    ck_assert_uint_eq(least, 8009973);
    ck_assert_msg(written - refused >= least && written - refused < least + 10 * 79542, "%llu",
                  (unsigned long long)(written - refused));
    dumploop_cycles("--disk-free 7708", 0);                 /* exactly room for it; rewriting it takes no more */
    ck_assert(file_exists(TMP "/dl/LOOP.PRF"));
}
END_TEST

/* A program that does nothing but DUMP an 8 KB .PRF (issue 34: 61,000
 * times an emulated second, 8 s of CPU each) now DUMPs 71 times an
 * emulated second: 2 emulated seconds under 4 s of CPU (measured: 0.02). */
START_TEST(dump_loop_costs_little_cpu)
{
    struct run_result r;
    if (system("rm -rf " TMP "/dl && mkdir -p " TMP "/dl") != 0)
        ck_abort();
    double before = children_cpu_seconds();
    run_profil(&r, "run -q --timeout 2 -o " TMP "/dl/D.PRF " FIX("dumploop.com") " 0", NULL);
    double cpu = children_cpu_seconds() - before;
    ck_assert_msg(r.status == PROFIL_EXIT_RUN_LIMIT, "exit %d: %s", r.status, r.err);
    ck_assert(file_exists(TMP "/dl/LOOP.PRF"));
    ck_assert_msg(cpu < cpu_budget(2 * 2.0), "2 emulated seconds of DUMPs took %.2f s of CPU", cpu);
}
END_TEST

/* include/profdos.h has ANSI prototypes: a program using every call
 * compiles with no warning as C89 under gcc -pedantic -Wall -Wextra (the
 * ports a host's stand-ins), and under dev86's bcc -ansi when it is here
 * (MS C /W3, BCC -w and Open Watcom -wx cannot run here). */
START_TEST(profdos_h_compiles_without_warnings)
{
    FILE *src = fopen(TMP "/pd.c", "w");
    ck_assert_ptr_nonnull(src);
    fputs("#include <profdos.h>\n"
                                 "int main(void)\n{\n"
                                 "    if (profdos_version() != PROFDOS_API_VERSION)\n        return 1;\n"
                                 "    profdos_start();\n    profdos_enter(\"work\");\n    profdos_mark(\"m\");\n"
                                 "    profdos_leave(\"work\");\n    profdos_frame();\n    profdos_stop();\n"
                                 "    profdos_clear();\n    return profdos_dump(\"WORK\");\n}\n", src);
    fclose(src);
    ck_assert_int_eq(system("gcc -std=c89 -pedantic -Wall -Wextra -Werror -fsyntax-only -Iinclude "
                            "'-DPROFDOS_OUT(p,v)=((void)(p),(void)(v))' '-DPROFDOS_IN(p)=((void)(p),0xFF)' "
                            TMP "/pd.c 2> " TMP "/pd.err"), 0);
    if (system("command -v bcc > /dev/null 2>&1") != 0) {
        fprintf(stderr, "guestapi: dev86's bcc is not installed: profdos.h under bcc -ansi not checked\n");
        return;
    }
    ck_assert_int_eq(system("bcc -ansi -Md -Iinclude -o " TMP "/pd.com " TMP "/pd.c > " TMP "/pd.err 2>&1"), 0);
    char err[4096];
    slurp(TMP "/pd.err", err, sizeof err);
    ck_assert_str_eq(err, "");
}
END_TEST

Suite *guestapi_suite(void)
{
    Suite *s = suite_create("guestapi");
    TCase *tc = tcase_create("guestapi");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, port_is_undecoded_without_profiler);
    tcase_add_test(tc, port_protocol);
    tcase_add_test(tc, dump_names);
    tcase_add_test(tc, statuses);
    tcase_add_test(tc, zones_exact);
    tcase_add_test(tc, zone_matches_the_trace_with_the_bus_model);
    tcase_add_test(tc, start_stopped_collects_nothing_before_start);
    tcase_add_test(tc, call_tree_pauses_with_the_trace);
    tcase_add_test(tc, dump_writes_and_never_overwrites_a_user_file);
    tcase_add_test(tc, clear_empties_every_count);
    tcase_add_test(tc, hist_by_zone);
    tcase_add_test(tc, prx_zones_read_back_and_checked);
    tcase_add_test(tc, c_header_bytes);
    tcase_add_test(tc, c_fixture_under_profil);
    tcase_add_test(tc, c_fixture_symbols_from_ld86_map);
    tcase_add_test(tc, dump_costs_emulated_time_and_disk);
    tcase_add_test(tc, dump_loop_costs_little_cpu);
    tcase_add_test(tc, profdos_h_compiles_without_warnings);
    suite_add_tcase(s, tc);
    return s;
}
