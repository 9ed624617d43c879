/*
 * tests/check_trace.c: trace mode (`profil run --trace`), the .prx file,
 * `hist --metric/--style inferno` and `profil cover`.
 *
 * hotloop.com's counts, by hand from its source: heavy runs 10 NOPs,
 * MOV CX,3000, 3000 LOOPs and RET = 3012 instructions per call; light
 * MOV, 1000 LOOPs, RET = 1002; the main code 4 + 100 x 4 (CALL, CALL,
 * DEC, JNZ) + 5 = 409; 100 calls each.  Cycles (docs/timing.md, 8088):
 * LOOP 17 taken, 5 not; NOP 3; MOV r16,imm 4; RET 16 + 4 (a word);
 * CALL 19 + 4; JNZ 16 taken, 4 not; INT 21h 51 + 5 words x 4 = 71.
 */
#include "testutil.h"

#include <math.h>

#include "../emu/cpu/cpu.h"
#include "../emu/cpu/insnlen.h"
#include "../emu/machine.h"
#include "../formats/prx.h"
#include "../sampler/calls.h"
#include "../sampler/trace.h"

#define HEAVY_LOOP 0x7D
#define LIGHT_LOOP 0x83

static const struct prx_entry *entry_at(const struct prx *x, uint32_t offset)
{
    for (size_t i = 0; i < x->n; i++)
        if (x->e[i].cls == PRX_PROGRAM && prx_offset(x, &x->e[i]) == offset)
            return &x->e[i];
    return NULL;
}

static void traced_hotloop(struct prx *x, struct run_result *r)
{
    char err[512];
    run_profil(r, "run --trace --timing table -o " TMP "/TRACED.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r->status, 0);
    ck_assert_msg(prx_read_file(TMP "/TRACED.prx", x, err, sizeof err) == 0, "%s", err);
}

START_TEST(trace_counts_hotloop_exactly)
{
    struct prx x;
    struct run_result r;
    traced_hotloop(&x, &r);
    const struct prx_entry *hl = entry_at(&x, HEAVY_LOOP), *ll = entry_at(&x, LIGHT_LOOP);
    ck_assert_ptr_nonnull(hl);
    ck_assert_uint_eq(hl->insns, 100 * 3000);
    ck_assert_uint_eq(hl->cycles, 100 * (2999 * 17 + 5));
    ck_assert_uint_eq(hl->length, 2);
    ck_assert_uint_eq(ll->insns, 100 * 1000);
    ck_assert_uint_eq(ll->cycles, 100 * (999 * 17 + 5));
    ck_assert_uint_eq(entry_at(&x, 0x0A)->cycles, 100 * 23);        /* CALL heavy */
    ck_assert_uint_eq(entry_at(&x, 0x11)->cycles, 99 * 16 + 4);      /* JNZ round */
    ck_assert_uint_eq(entry_at(&x, 0x05)->cycles, 71);               /* INT 21h */
    ck_assert_uint_eq(entry_at(&x, 0x7F)->cycles, 100 * 20);         /* RET */
    uint64_t heavy = 0, light = 0, main_code = 0, cycles = 0, insns = 0;
    for (size_t i = 0; i < x.n; i++) {
        uint32_t off = prx_offset(&x, &x.e[i]);
        if (x.e[i].cls == PRX_PROGRAM)
            *(off >= 0x80 ? &light : off >= 0x70 ? &heavy : &main_code) += x.e[i].insns;
        cycles += x.e[i].cycles;
        insns += x.e[i].insns;
    }
    ck_assert_uint_eq(heavy, 100 * 3012);
    ck_assert_uint_eq(light, 100 * 1002);
    ck_assert_uint_eq(main_code, 409);
    /* Every cycle of the run is somewhere: the totals add up, and equal
     * the emulated time the summary reports. */
    ck_assert_uint_eq(cycles, x.total_cycles);
    ck_assert_uint_eq(insns, x.total_insns);
    char want[96];
    snprintf(want, sizeof want, "TRACED.prx (%llu cycles exactly)\n", (unsigned long long)x.total_cycles);
    ck_assert_msg(strstr(r.err, want) != NULL, "%s", r.err);
    ck_assert_str_eq(x.program, "hotloop.com");
    ck_assert_str_eq(x.stop, "exit");
    prx_free(&x);
}
END_TEST

/* The .PRF of a trace counts instructions, wrapping at 65536 as PROFIL's
 * counters would: heavy's 301200 leave 301200 - 4 x 65536 = 39056.  The
 * run does not warn: TRACED.prc and the .prx keep every count, and the
 * commands reading the .PRF say where its words wrapped. */
START_TEST(trace_prf_counts_instructions)
{
    struct prx x;
    struct run_result r;
    struct prf p;
    traced_hotloop(&x, &r);
    read_prf(TMP "/TRACED.PRF", &p);
    ck_assert_uint_eq(p.bucket[7], 301200 % 65536);
    ck_assert_uint_eq(p.bucket[8], 100200 % 65536);
    ck_assert_ptr_null(strstr(r.err, "wrapped"));
    ck_assert_ptr_nonnull(strstr(r.err, "402201 instructions traced") ? r.err : NULL);
    ck_assert_uint_eq(p.hit_io + p.hit_dos + (uint64_t)p.bucket[0] + p.bucket[1] + 301200 + 100200, x.total_insns);
    prf_free(&p);
    prx_free(&x);
}
END_TEST

/* The sampler is unbiased: at the default interval each bucket's share of
 * samples is within 2 percentage points of its share of traced cycles. */
START_TEST(sampling_agrees_with_trace)
{
    struct prx x;
    struct run_result r;
    struct prf p;
    traced_hotloop(&x, &r);
    struct profil_options o = fixture_options(FIX("hotloop.com"), TMP "/SAMPLED.PRF");
    o.timing = PROFIL_TIMING_TABLE;
    run_session(&r, &o, NULL);
    read_prf(TMP "/SAMPLED.PRF", &p);
    double samples = p.hit_io + p.hit_dos + p.hit_high, share[16] = { 0 };
    for (unsigned b = 0; b < p.bucket_num; b++)
        samples += p.bucket[b];
    for (size_t i = 0; i < x.n; i++)
        if (x.e[i].cls == PRX_PROGRAM)
            share[prx_offset(&x, &x.e[i]) / 16] += (double)x.e[i].cycles / (double)x.total_cycles;
    for (unsigned b = 0; b < p.bucket_num; b++) {
        double sampled = p.bucket[b] / samples;
        ck_assert_msg(fabs(sampled - share[b]) < 0.02, "bucket %u: sampled %.4f, traced %.4f", b, sampled, share[b]);
    }
    ck_assert(share[7] > 0.7);      /* not a vacuous comparison */
    prf_free(&p);
    prx_free(&x);
}
END_TEST

START_TEST(hist_over_a_trace)
{
    struct prx x;
    struct run_result r;
    traced_hotloop(&x, &r);
    prx_free(&x);
    run_profil(&r, "hist --style inferno --metric instructions " TMP "/TRACED.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    /* hotloop loads at 0196:0000 (prog_low_pa), so heavy's LOOP is 019DDh. */
    ck_assert_ptr_nonnull(strstr(r.out, "\n019DD 300000\n019DF 100\n019E0 100\n019E3 100000\n"));
    run_profil(&r, "hist --metric cycles --width 10 --map " FIX("hotloop.map") " " TMP "/TRACED.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    /* heavy: 10 NOPs x 3 + MOV 4 + the LOOPs + RET 20, 100 times. */
    ck_assert_ptr_nonnull(strstr(r.out, " 5104200  73.9%  73.9%  ##########  heavy                    00070-0007F\n"));
    run_profil(&r, "hist --metric instructions --width 10 --by bucket " TMP "/TRACED.prx", NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "  301200  74.9%  74.9%  ##########                           00070-0007F\n"));
    /* No --map: the map beside the program the .prx names, as --map gave. */
    run_profil(&r, "hist --metric cycles --width 10 " TMP "/TRACED.prx", NULL);
    ck_assert_ptr_nonnull(strstr(r.out, " 5104200  73.9%  73.9%  ##########  heavy                    00070-0007F\n"));
    run_profil(&r, "hist --metric cycles " TMP "/TRACED.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_ptr_nonnull(strstr(r.err, "exact counts are in the .prx of profil run --trace"));
    run_profil(&r, "hist --metric bytes " TMP "/TRACED.prx", NULL);
    ck_assert_str_eq(r.err, "profil: --metric bytes: want instructions, cycles or samples\n");
}
END_TEST

/* --format over a .prx: the exact rows, in the unit asked for. */
START_TEST(exports_of_a_trace)
{
    struct prx x;
    struct run_result r;
    traced_hotloop(&x, &r);
    prx_free(&x);
    run_profil(&r, "hist --format csv --metric cycles --map " FIX("hotloop.map") " " TMP "/TRACED.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_msg(strstr(r.out, "kind,name,start,end,cycles,percent\n") == r.out, "%s", r.out);
    ck_assert_ptr_nonnull(strstr(r.out, "\nsymbol,\"heavy\",112,128,5104200,73.942\n"));
    run_profil(&r, "hist --format json --metric instructions --by bucket " TMP "/TRACED.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "\"unit\": \"instructions\",\n  \"total\": 402201,"));
    ck_assert_ptr_nonnull(strstr(r.out, "{\"kind\": \"bucket\", \"name\": \"7\", \"start\": 112, \"end\": 128, "
                                        "\"count\": 301200}"));
    run_profil(&r, "hist --format svg --metric cycles --map " FIX("hotloop.map") " " TMP "/TRACED.prx", NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "<title>heavy: 5104200 cycles (73.9%)</title>"));
}
END_TEST

START_TEST(cover_from_a_trace)
{
    struct prx x;
    struct run_result r;
    traced_hotloop(&x, &r);
    prx_free(&x);
    run_profil(&r, "cover --map " FIX("hotloop.map") " " TMP "/TRACED.prx", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "heavy                        16      0  100.0%  00070-0007F\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "hello                         0     64    0.0%  0001F-0005E\n"));
    ck_assert_ptr_nonnull(strstr(r.out, "never executed (2): hello done\n"));
    /* No --map: the map beside the program, the same rows. */
    struct run_result mapped = r;
    run_profil(&r, "cover " TMP "/TRACED.prx", NULL);
    ck_assert_str_eq(r.out, mapped.out);
    ck_assert_msg(strstr(r.err, "fixtures/hotloop.map (NASM)\n"), "%s", r.err);
    /* Nothing to name the code: the executed ranges, and the hint. */
    ck_assert(system("rm -rf " TMP "/nomap && mkdir " TMP "/nomap && cp " FIX("hotloop.com") " " TMP "/nomap/") == 0);
    run_profil(&r, "run -q --trace -o " TMP "/nomap/N.PRF " TMP "/nomap/hotloop.com", NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "cover " TMP "/nomap/N.prx", NULL);
    ck_assert_ptr_nonnull(strstr(r.out, "  00000-0001E  31 bytes\n  00070-00085  22 bytes\n"));
    ck_assert_str_eq(r.err, "profil: no map or debug information for hotloop.com: --map, or build with /Zi, /V, -v, "
                            "-d2\n");
    run_profil(&r, "cover " TMP "/TRACED.PRF", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: " TMP "/TRACED.PRF: not a .prx: coverage needs the .prx of profil run --trace\n");
}
END_TEST

/* The reader: a round trip, and a clear error for each bad input. */
START_TEST(prx_round_trip_and_errors)
{
    struct prx_entry e[2] = { { 0x1960, 0x196, 0, PRX_PROGRAM, 2, 5, 40, 0, 0 },
                              { 0x19DD, 0x196, 0x7D, PRX_PROGRAM, 2, 1ull << 40, 1ull << 44, 0, 0 } };
    struct prx x = { .program = "A \"B\".COM", .cpu = "8088", .timing = "table", .stop = "exit",
                     .total_insns = 1ull << 40, .total_cycles = 1ull << 44, .clock_grain = 100, .bucket_size = 1,
                     .prog_low_pa = 0x196, .prog_high_pa = 0x19F, .dos_pa = 0xC0, .bucket_num = 9, .e = e, .n = 2 }, y;
    char err[512];
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    ck_assert_int_eq(prx_write_file(TMP "/rt.prx", &x, err, sizeof err), 0);
    ck_assert_msg(prx_read_file(TMP "/rt.prx", &y, err, sizeof err) == 0, "%s", err);
    ck_assert_str_eq(y.program, "A \"B\".COM");
    ck_assert_uint_eq(y.n, 2);
    ck_assert_uint_eq(y.e[1].cycles, 1ull << 44);       /* 64-bit counts survive */
    ck_assert_uint_eq(y.e[1].ip, 0x7D);
    ck_assert_uint_eq(y.bucket_num, 9);
    ck_assert_str_eq(y.mode, "trace");
    ck_assert_ptr_null(y.calls);        /* no call tree written, none read */
    ck_assert(!y.has_stalls);
    prx_free(&y);
    /* The bus model's stalls and their video part (version 4) survive. */
    snprintf(x.timing, sizeof x.timing, "bus");
    x.has_stalls = 1;
    e[1].stalls = 7;
    e[1].video = 3;
    ck_assert_int_eq(prx_write_file(TMP "/rt.prx", &x, err, sizeof err), 0);
    ck_assert_msg(prx_read_file(TMP "/rt.prx", &y, err, sizeof err) == 0, "%s", err);
    ck_assert(y.has_stalls);
    ck_assert_uint_eq(y.e[1].stalls, 7);
    ck_assert_uint_eq(y.e[1].video, 3);
    ck_assert_uint_eq(y.e[0].video, 0);
    prx_free(&y);
    static const struct { const char *text, *error; } bad[] = {
        { "{\"format\": \"profil-prx\", \"version\": 7}", "rt.prx: .prx version 7, this profil reads versions 1 to 6" },
        { "{\"format\": \"other\"}", "rt.prx: not a profil .prx file" },
        { "{\"format\": \"profil-prx\", \"version\": 1,", "rt.prx: line 1: " },
        { "{\"format\": \"profil-prx\", \"version\": 1, \"instructions\": 1, \"cycles\": 1, \"layout\": "
          "{\"clock_grain\": 1, \"bucket_size\": 1, \"bucket_num\": 1, \"prog_low_pa\": 1, \"prog_high_pa\": 2, "
          "\"dos_pa\": 1}, \"addresses\": [[1, 0, 1, \"nowhere\", 1, 1, 1]]}",
          "rt.prx: address row 0 is not [linear, cs, ip, class, length, instructions, cycles]" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        FILE *f = fopen(TMP "/rt.prx", "w");
        fputs(bad[i].text, f);
        fclose(f);
        ck_assert_int_eq(prx_read_file(TMP "/rt.prx", &y, err, sizeof err), -1);
        ck_assert_msg(strstr(err, bad[i].error) != NULL, "%s", err);
    }
}
END_TEST

/* A .prx past the 64 MiB other files may have (2^20 addresses, every
 * byte of memory, with 41- and 45-bit counts: 72 bytes a row, 75 MB) is
 * read back whole: run can write such a file (a program that runs
 * through all of memory), and hist, cover and diff must read what run
 * writes.  Before, the reader refused it as "too large". */
START_TEST(prx_past_64_mib_is_read)
{
    struct prx x = { .program = "BIG.COM", .mode = "trace", .bucket_size = 1, .n = 1u << 20 }, y;
    char err[512];
    x.e = calloc(x.n, sizeof *x.e);
    ck_assert_ptr_nonnull(x.e);
    for (uint32_t i = 0; i < x.n; i++)
        x.e[i] = (struct prx_entry){ i, (uint16_t)(i >> 4), (uint16_t)(i & 15), PRX_PROGRAM, 1, 1ull << 40,
                                     1ull << 44, 0, 0 };
    if (system("mkdir -p " TMP) != 0)
        ck_abort();
    ck_assert_int_eq(prx_write_file(TMP "/big.prx", &x, err, sizeof err), 0);
    FILE *f = fopen(TMP "/big.prx", "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    ck_assert_int_gt(ftell(f), 64l << 20);
    fclose(f);
    ck_assert_msg(prx_read_file(TMP "/big.prx", &y, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(y.n, 1u << 20);
    ck_assert_uint_eq(y.e[(1u << 20) - 1].linear, (1u << 20) - 1);
    ck_assert_uint_eq(y.e[12345].cycles, 1ull << 44);
    prx_free(&y);
    free(x.e);
    unlink(TMP "/big.prx");
}
END_TEST

/* Instruction lengths, with the 8086's meanings of its odd opcodes. */
START_TEST(instruction_lengths)
{
    static const struct { uint8_t bytes[8]; unsigned len; } cases[] = {
        { { 0x90 }, 1 },                                /* NOP */
        { { 0xB9, 0xB8, 0x0B }, 3 },                    /* MOV CX,3000 */
        { { 0x8B, 0x46, 0x04 }, 3 },                    /* MOV AX,[BP+4] */
        { { 0x8B, 0x86, 0x34, 0x12 }, 4 },              /* MOV AX,[BP+1234h] */
        { { 0x8B, 0x06, 0x34, 0x12 }, 4 },              /* MOV AX,[1234h] */
        { { 0x81, 0x06, 0x34, 0x12, 1, 0 }, 6 },        /* ADD WORD [1234h],1 */
        { { 0x26, 0xF3, 0xA5 }, 3 },                    /* ES: REP MOVSW */
        { { 0xF6, 0x06, 0x34, 0x12, 0x80 }, 5 },        /* TEST BYTE [1234h],80h */
        { { 0xF7, 0xE3 }, 2 },                          /* MUL BX */
        { { 0x9A, 0, 0, 0, 0 }, 5 },                    /* CALL FAR */
        { { 0x0F }, 1 },                                /* POP CS */
        { { 0x6A, 0x03 }, 2 },                          /* 8086: JPE */
        { { 0xC0, 0x02, 0x00 }, 3 },                    /* 8086: RET 2 */
        { { 0xD9, 0x46, 0x02 }, 3 },                    /* ESC with [BP+2] */
        { { 0xCD, 0x21 }, 2 },                          /* INT 21h */
    };
    static uint8_t mem[MEM_SIZE];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        memcpy(mem + 0x100, cases[i].bytes, sizeof cases[i].bytes);
        ck_assert_msg(insn_length(mem, 0x100) == cases[i].len, "case %zu: %u, want %u", i,
                      insn_length(mem, 0x100), cases[i].len);
    }
}
END_TEST

/* What a traced run of observed_loop counted, and the trace's counts as
 * they were at the run's stops (at instructions 700, 1100 and 1500). */
struct observed {
    uint64_t now;
    uint64_t insns[0x20], cycles[0x20], stalls[0x20];
    uint16_t cs[0x20];
    uint8_t code[0x20];
    uint32_t nodes;
    uint64_t node_insns[4], node_cycles[4], node_stalls[4], node_calls[4];
    uint64_t insns_at[3][0x20], cycles_at[3][0x20], stalls_at[3][0x20];
    uint32_t touched[0x20], ntouched;       /* `listed`: the touched list at the end */
};

/* A machine for the observer tests: `code` at 1000:0100, SS:SP 2000:1000,
 * no devices (bare_bus) and no ROM; a trace and a call tree made ready for
 * cpu_observe() (no touched list, as the session's, calloc'd). */
static struct machine *observed_machine(const uint8_t *code, size_t n, struct tracer *tr, struct calltree *ct)
{
    struct machine *m = machine_new(CPU_8088);
    ck_assert_ptr_nonnull(m);
    m->bare_bus = 1;
    m->rom_start = MEM_SIZE;
    mem_write(m, lin(0x1000, 0x100), code, n);
    cpu_set(m, REG_CS, 0x1000);
    cpu_set(m, REG_IP, 0x100);
    cpu_set(m, REG_SS, 0x2000);
    cpu_set(m, REG_SP, 0x1000);
    memset(tr, 0, sizeof *tr);
    memset(ct, 0, sizeof *ct);
    ck_assert_int_eq(tracer_init(tr), 0);
    ck_assert_int_eq(calls_init(ct, &m->counted, 0x1000, 0x100), 0);
    return m;
}

/* At 1000:0100, 1500 instructions (each loop pass is 8: the CALL, PUSH,
 * MOV, REP MOVSB of 3, POP, MUL, RET and LOOP):
 *   0100 mov cx,200 / 0103 call 0109 / 0106 loop 0103 / 0108 nop
 *   0109 push cx / 010A mov cx,3 / 010D rep movsb / 010F pop cx
 *   0110 mul cl / 0112 ret
 * traced, and with the shadow stack when `stacks`, on the given clock,
 * the observers installed by cpu_observe() before the run.  The run stops
 * at instructions 700, 1100 and 1500.  `switched`: at 700 tracing stops,
 * as PROFDOS STOP does (the session's set_tracing(): the shadow stack
 * goes on; without it no observer is left, and the sampling hook runs),
 * and at 1100 it starts again, both through cpu_observe().  `listed`: at
 * 700 the trace's touched list is installed, as sampler/frames.c does at
 * the first frame (cpu_exact_listed()). */
static void observed_loop(int bus, int stacks, int switched, int listed, struct observed *out)
{
    static const uint8_t code[] = { 0xB9, 0xC8, 0x00, 0xE8, 0x03, 0x00, 0xE2, 0xFB, 0x90, 0x51, 0xB9,
                                    0x03, 0x00, 0xF3, 0xA4, 0x59, 0xF6, 0xE1, 0xC3 };
    struct tracer tr;
    struct calltree ct;
    struct machine *m = observed_machine(code, sizeof code, &tr, &ct);
    if (bus)
        ck_assert_int_eq(cpu_set_bus_model(m, 0), 0);
    const struct call_observer *calls = stacks ? &ct.obs : NULL;
    cpu_observe(m, &tr.counts, calls);
    static const uint64_t stops[] = { 700, 1100, 1500 };
    for (unsigned k = 0; k < 3; k++) {
        machine_set_max_insn(m, stops[k]);
        m->stop = STOP_NONE;        /* go on after the last limit */
        machine_run(m);
        ck_assert_uint_eq(m->insns, stops[k]);
        for (unsigned i = 0; i < 0x20; i++) {
            uint32_t a = lin(0x1000, (uint16_t)(0x100 + i));
            out->insns_at[k][i] = tr.counts.addr[a].insns;
            out->cycles_at[k][i] = tr.counts.addr[a].cycles;
            out->stalls_at[k][i] = tr.counts.addr[a].stalls;
        }
        if (switched)
            cpu_observe(m, k == 0 ? NULL : &tr.counts, calls);
        if (listed && k == 0) {
            ck_assert_ptr_nonnull(tr.counts.touched = calloc(MEM_SIZE, sizeof *tr.counts.touched));
            ck_assert_ptr_nonnull(tr.counts.touched_at = calloc(MEM_SIZE, sizeof *tr.counts.touched_at));
            tr.counts.ntouched = 0;
            cpu_exact_listed(m);
        }
    }
    cpu_settle(m);
    out->now = m->now;
    for (unsigned i = 0; i < 0x20; i++) {
        uint32_t a = lin(0x1000, (uint16_t)(0x100 + i));
        out->insns[i] = tr.counts.addr[a].insns;
        out->cycles[i] = tr.counts.addr[a].cycles;
        out->stalls[i] = tr.counts.addr[a].stalls;
        out->cs[i] = tr.counts.addr[a].cs;
        out->code[i] = tr.counts.code ? tr.counts.code[a] : 0;
    }
    ck_assert_uint_le(tr.counts.ntouched, 0x20);
    out->ntouched = tr.counts.ntouched;
    for (uint32_t i = 0; i < tr.counts.ntouched; i++)
        out->touched[i] = tr.counts.touched[i];
    free(tr.counts.touched);
    free(tr.counts.touched_at);
    tr.counts.touched = tr.counts.touched_at = NULL;
    calls_account(&ct);
    out->nodes = ct.n;
    ck_assert_uint_le(ct.n, 4);
    for (unsigned i = 0; i < ct.n; i++) {
        out->node_insns[i] = ct.node[i].insns;
        out->node_cycles[i] = ct.node[i].cycles;
        out->node_stalls[i] = ct.node[i].stalls;
        out->node_calls[i] = ct.node[i].calls;
    }
    calls_free(&ct);
    tracer_free(&tr);
    machine_free(m);
}

static uint64_t sum_of(const uint64_t *v, unsigned n)
{
    uint64_t t = 0;
    for (unsigned i = 0; i < n; i++)
        t += v[i];
    return t;
}

/* A run that ends at its deadline (--timeout) inside boundary_slow(): the
 * traced hooks count the instruction that just ran at c->pend_lin, then
 * find the next one past the deadline (quick_price() declines), clear
 * c->pend_lin and go to boundary_slow(), where machine_boundary() stops
 * the run; cpu_settle() then counts nothing more.  Without the clear it
 * counted that last instruction a second time.  At 1000:0100 INC AX
 * (40h), JMP SHORT 0100 (EB FDh), table clock, interrupts off: a pass is
 * INC reg16 2 + JMP short 15 = 17 clocks [Intel, iAPX 86/88 User's
 * Manual, 1981, table 2-21], so with a deadline of 1700 the run stops at
 * the boundary after 100 passes: 200 instructions, each counted once, 100
 * at each address, 200 and 1500 cycles.  With and without the shadow
 * stack (code_hook_traced_stacks(), code_hook_traced()). */
START_TEST(trace_counts_once_at_a_deadline)
{
    static const uint8_t code[] = { 0x40, 0xEB, 0xFD };
    for (int stacks = 0; stacks < 2; stacks++) {
        struct tracer tr;
        struct calltree ct;
        struct machine *m = observed_machine(code, sizeof code, &tr, &ct);
        cpu_observe(m, &tr.counts, stacks ? &ct.obs : NULL);
        machine_set_timeout(m, 1700);
        ck_assert_int_eq(machine_run(m), STOP_TIMEOUT);
        cpu_settle(m);
        ck_assert_uint_eq(m->insns, 200);
        ck_assert_uint_eq(m->now, 1700);
        ck_assert_uint_eq(tr.counts.addr[lin(0x1000, 0x100)].insns, 100);
        ck_assert_uint_eq(tr.counts.addr[lin(0x1000, 0x101)].insns, 100);
        ck_assert_uint_eq(tr.counts.addr[lin(0x1000, 0x100)].cycles, 200);
        ck_assert_uint_eq(tr.counts.addr[lin(0x1000, 0x101)].cycles, 1500);
        calls_free(&ct);
        tracer_free(&tr);
        machine_free(m);
    }
}
END_TEST

/* The same with a call and a return in the loop, for every deadline over
 * two passes, so that the run ends after each instruction in turn, the
 * CALL's and the RET's included (their hooks go through
 * hook_after_transfer(), which clears c->pend_lin on its own way to
 * boundary_slow()): at 1000:0100 CALL 0105 (E8 02 00), JMP SHORT 0100
 * (EB FB), RET (C3).  Whatever the deadline, every instruction that ran is
 * counted once: in the call tree's nodes (from the running totals,
 * m->counted, shared out at each call and return) with the shadow stack
 * alone or with the trace, and in the trace's own counts; their cycles
 * are the clock's. */
START_TEST(shadow_stack_counts_once_at_any_deadline)
{
    static const uint8_t code[] = { 0xE8, 0x02, 0x00, 0xEB, 0xFB, 0xC3 };
    for (int traced = 0; traced < 2; traced++) {
        for (uint64_t deadline = 1; deadline <= 2 * 70; deadline++) {
            struct tracer tr;
            struct calltree ct;
            struct machine *m = observed_machine(code, sizeof code, &tr, &ct);
            cpu_observe(m, traced ? &tr.counts : NULL, &ct.obs);
            machine_set_timeout(m, deadline);
            ck_assert_int_eq(machine_run(m), STOP_TIMEOUT);
            cpu_settle(m);
            calls_account(&ct);
            uint64_t tree_insns = 0, tree_cycles = 0;
            for (uint32_t i = 0; i < ct.n; i++) {
                tree_insns += ct.node[i].insns;
                tree_cycles += ct.node[i].cycles;
            }
            ck_assert_msg(tree_insns == m->insns && tree_cycles == m->now,
                          "traced %d, deadline %llu: %llu instructions counted of %llu, %llu cycles of %llu", traced,
                          (unsigned long long)deadline, (unsigned long long)tree_insns,
                          (unsigned long long)m->insns, (unsigned long long)tree_cycles, (unsigned long long)m->now);
            if (traced) {
                uint64_t insns = 0, cycles = 0;
                for (uint16_t i = 0; i < sizeof code; i++) {
                    insns += tr.counts.addr[lin(0x1000, (uint16_t)(0x100 + i))].insns;
                    cycles += tr.counts.addr[lin(0x1000, (uint16_t)(0x100 + i))].cycles;
                }
                ck_assert_uint_eq(insns, m->insns);
                ck_assert_uint_eq(cycles, m->now);
            }
            calls_free(&ct);
            tracer_free(&tr);
            machine_free(m);
        }
    }
}
END_TEST

/* The observers go on and off only through cpu_observe(), which picks the
 * hook: switched off at instruction 700 and on again at 1100, the trace
 * counts exactly what a run traced throughout counted outside that window
 * (its counts at the end, less what it added between those stops), for
 * every address's instructions, cycles and stalls; the clock and the call
 * tree are the same.  On both clocks, with the shadow stack (the traced
 * hooks throughout) and without it (the sampling hook in the window). */
START_TEST(observers_switched_mid_run_count_as_a_whole_run)
{
    for (int bus = 0; bus < 2; bus++) {
        for (int stacks = 0; stacks < 2; stacks++) {
            struct observed whole, switched;
            memset(&whole, 0, sizeof whole);
            memset(&switched, 0, sizeof switched);
            observed_loop(bus, stacks, 0, 0, &whole);
            observed_loop(bus, stacks, 1, 0, &switched);
            const char *what = bus ? stacks ? "bus, stacks" : "bus" : stacks ? "table, stacks" : "table";
            /* Traced throughout: every one of the 1500 instructions, the
             * clock's every cycle (the machine starts at 0).  Instructions
             * are numbered from 0, the MOV CX,200; each pass is 8 from
             * there, so instruction 1 + 8k is the CALL, k = 0 .. 187
             * (1 + 8 x 187 = 1497 < 1500): 188 calls. */
            ck_assert_uint_eq(sum_of(whole.insns, 0x20), 1500);
            ck_assert_uint_eq(sum_of(whole.cycles, 0x20), whole.now);
            ck_assert_uint_eq(whole.insns[3], 188);
            /* An instruction is counted when it is settled, at the next
             * one's hook: switched, traced are 0-698 (699 settles with
             * tracing stopped) and 1099-1499 (1499 by cpu_settle()), where
             * the CALL ran for k = 0 .. 87 and 138 .. 187, 88 + 50 times. */
            ck_assert_uint_eq(switched.insns[3], 88 + 50);
            ck_assert_uint_eq(switched.insns[0], 1);
            ck_assert_uint_eq(switched.cs[3], 0x1000);
            ck_assert_uint_eq(switched.code[0x10], 0xF6);  /* kept the first time it ran */
            for (unsigned i = 0; i < 0x20; i++) {
                ck_assert_msg(switched.insns[i] == whole.insns[i] - (whole.insns_at[1][i] - whole.insns_at[0][i]) &&
                                  switched.cycles[i] ==
                                      whole.cycles[i] - (whole.cycles_at[1][i] - whole.cycles_at[0][i]) &&
                                  switched.stalls[i] ==
                                      whole.stalls[i] - (whole.stalls_at[1][i] - whole.stalls_at[0][i]),
                              "%s: 1000:%04X counted %llu instructions, %llu cycles, %llu stalls", what, 0x100 + i,
                              (unsigned long long)switched.insns[i], (unsigned long long)switched.cycles[i],
                              (unsigned long long)switched.stalls[i]);
                ck_assert_uint_eq(switched.cs[i], whole.cs[i]);
                ck_assert_uint_eq(switched.code[i], whole.code[i]);
            }
            ck_assert_msg(switched.now == whole.now, "%s: the clock moved", what);
            if (stacks) {
                ck_assert_uint_eq(whole.nodes, 2);      /* the root and sub */
                ck_assert_uint_eq(whole.node_calls[1], 188);
                ck_assert_uint_eq(whole.node_insns[0] + whole.node_insns[1], 1500);
                ck_assert_uint_eq(whole.node_cycles[0] + whole.node_cycles[1], whole.now);
            } else {
                /* The root, calls_init()'s, never installed: no node under
                 * it (its counts, the machine's running totals shared
                 * out at the end, are nobody's: the session installs a
                 * tree it makes). */
                ck_assert_uint_eq(whole.nodes, 1);
                continue;
            }
            ck_assert_msg(switched.nodes == whole.nodes &&
                              memcmp(switched.node_insns, whole.node_insns, sizeof whole.node_insns) == 0 &&
                              memcmp(switched.node_cycles, whole.node_cycles, sizeof whole.node_cycles) == 0 &&
                              memcmp(switched.node_stalls, whole.node_stalls, sizeof whole.node_stalls) == 0 &&
                              memcmp(switched.node_calls, whole.node_calls, sizeof whole.node_calls) == 0,
                          "%s: the call tree differs", what);
        }
    }
}
END_TEST

static int by_value(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return x < y ? -1 : x > y;
}

/* The touched list installed mid-run (frames' first frame), on both clocks
 * and with and without the shadow stack (on the table clock, the traced
 * hooks that keep it): it lists each address counted from then on once,
 * and the counts are those of a run without it.  Installed at the stop at
 * instruction 700, it sees instructions 699 (settled at the next hook) to
 * 1499, a part of pass 87 and passes 88-187: every address of the loop,
 * 0103 (CALL) and 0106 (LOOP) to 0112 (RET), and nothing before it (0100,
 * MOV CX,200, runs once, first) or after (0108, NOP: the loop never ends
 * within the 1500). */
START_TEST(touched_list_installed_mid_run)
{
    static const uint16_t loop_ips[] = { 0x103, 0x106, 0x109, 0x10A, 0x10D, 0x10F, 0x110, 0x112 };
    for (int bus = 0; bus < 2; bus++) {
        for (int stacks = 0; stacks < 2; stacks++) {
            struct observed whole, listed;
            memset(&whole, 0, sizeof whole);
            memset(&listed, 0, sizeof listed);
            observed_loop(bus, stacks, 0, 0, &whole);
            observed_loop(bus, stacks, 0, 1, &listed);
            const char *what = bus ? stacks ? "bus, stacks" : "bus" : stacks ? "table, stacks" : "table";
            ck_assert_msg(whole.ntouched == 0, "%s: a list nobody installed", what);
            ck_assert_msg(listed.ntouched == 8, "%s: %u addresses listed, not 8", what, listed.ntouched);
            qsort(listed.touched, listed.ntouched, sizeof *listed.touched, by_value);
            for (unsigned i = 0; i < 8; i++)
                ck_assert_msg(listed.touched[i] == lin(0x1000, loop_ips[i]), "%s: listed %05X, not %05X", what,
                              listed.touched[i], lin(0x1000, loop_ips[i]));
            ck_assert_msg(memcmp(listed.insns, whole.insns, sizeof whole.insns) == 0 &&
                              memcmp(listed.cycles, whole.cycles, sizeof whole.cycles) == 0 &&
                              memcmp(listed.stalls, whole.stalls, sizeof whole.stalls) == 0 &&
                              memcmp(listed.cs, whole.cs, sizeof whole.cs) == 0 && listed.now == whole.now,
                          "%s: the list changed the counts", what);
        }
    }
}
END_TEST

/* The per-address counts: 32 bytes each, the array aligned to a cache
 * line, so that no address's counts straddle two lines; and zeroed
 * (calloc's pages, which only counting makes resident). */
START_TEST(addr_counts_one_line_each)
{
    ck_assert_uint_eq(sizeof(struct addr_counts), 32);
    struct tracer tr;
    for (int k = 0; k < 3; k++) {       /* whatever the allocator's state */
        void *spacer = malloc((size_t)k * 24 + 8);
        ck_assert_int_eq(tracer_init(&tr), 0);
        ck_assert_uint_eq((uintptr_t)tr.counts.addr % 64, 0);
        ck_assert_uint_eq(tr.counts.addr[0].insns | tr.counts.addr[MEM_SIZE - 1].insns |
                              tr.counts.addr[MEM_SIZE - 1].cycles | tr.counts.addr[MEM_SIZE - 1].stalls |
                              tr.counts.addr[MEM_SIZE - 1].cs, 0);
        tr.counts.addr[MEM_SIZE - 1].insns = 1;     /* inside the block */
        tracer_free(&tr);
        free(spacer);
    }
}
END_TEST

Suite *trace_suite(void)
{
    Suite *s = suite_create("trace");
    TCase *tc = tcase_create("trace");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, trace_counts_hotloop_exactly);
    tcase_add_test(tc, trace_prf_counts_instructions);
    tcase_add_test(tc, sampling_agrees_with_trace);
    tcase_add_test(tc, hist_over_a_trace);
    tcase_add_test(tc, cover_from_a_trace);
    tcase_add_test(tc, exports_of_a_trace);
    tcase_add_test(tc, prx_round_trip_and_errors);
    tcase_add_test(tc, prx_past_64_mib_is_read);
    tcase_add_test(tc, instruction_lengths);
    tcase_add_test(tc, observers_switched_mid_run_count_as_a_whole_run);
    tcase_add_test(tc, trace_counts_once_at_a_deadline);
    tcase_add_test(tc, shadow_stack_counts_once_at_any_deadline);
    tcase_add_test(tc, touched_list_installed_mid_run);
    tcase_add_test(tc, addr_counts_one_line_each);
    suite_add_tcase(s, tc);
    return s;
}
