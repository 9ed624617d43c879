/*
 * tests/check_frames.c: the program's frames (run --frames, docs/frames.md,
 * sampler/frames.c): the three ways a frame starts, each on a fixture
 * whose frame times its comment derives (vsync.asm, flip.asm,
 * frameapi.asm, under --timing table); auto taking the first kind; the
 * summary line; a run with none; the frame the run ends in kept as
 * unfinished; the .prx's frames read back, and bad rows refused; the
 * percentiles; hist --by frame and --worst-frames in text, CSV and JSON;
 * each frame's own profile (.prx version 6): hist --frame N, the slow
 * frames' top addresses, video waits per frame (framevid.asm), and its
 * rows read back and checked.
 *
 * Samples: every 4 x 119 = 476 cycles (100 us in whole PIT clocks), so a
 * frame of L cycles holds floor(L / 476) or ceil(L / 476) of them.
 */
#include "testutil.h"

#include "../emu/machine.h"
#include "../formats/prc.h"
#include "../formats/prx.h"
#include "../report/frames.h"
#include "../sampler/frames.h"
#include "../sampler/waitloop.h"

#define DIR TMP "/frames"
#define RASTER 79648u               /* a CGA frame: 912 x 262 dots, 3 a cycle */
#define POLL 28u                    /* vsync.asm's second wait loop */
#define SAMPLE_CYCLES 476u

/* `profil run --timing table -o DIR/F.PRF OPTS FIXTURE.com [TAIL]` in an
 * empty DIR (fixture "NAME" or "NAME TAIL"; status 0, 124 with a
 * --timeout); the .prx read into x when wanted.  The program runs from a
 * copy in DIR, with no map beside it, so the reports name code by CS:IP
 * as the figures below do. */
static void run_frames(struct run_result *r, const char *opts, const char *fixture, struct prx *x, int want_prx)
{
    char cmd[600], err[300];
    if (system("rm -rf " DIR " && mkdir -p " DIR) != 0)
        ck_abort_msg("cannot create " DIR);
    const char *tail = strchr(fixture, ' ');    /* "NAME TAIL": the program's command tail */
    int len = tail ? (int)(tail - fixture) : (int)strlen(fixture);
    snprintf(cmd, sizeof cmd, "cp " FIXTURE_DIR "%.*s.com " DIR "/", len, fixture);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(cmd, sizeof cmd, "run --timing table -o " DIR "/F.PRF %s " DIR "/%.*s.com%s", opts, len, fixture,
             tail ? tail : "");
    run_profil(r, cmd, NULL);
    ck_assert_msg(r->status == (strstr(opts, "--timeout") ? 124 : 0), "profil %s: %d\n%s", cmd, r->status, r->err);
    memset(x, 0, sizeof *x);
    if (want_prx)
        ck_assert_msg(prx_read_file(DIR "/F.prx", x, err, sizeof err) == 0, "%s", err);
}

/* Two runs' frames the same, cycle for cycle (and some). */
static void assert_same_frames(const struct prx *a, const struct prx *b)
{
    ck_assert_uint_eq(a->nframes, b->nframes);
    ck_assert_uint_gt(a->nframes, 0);
    for (size_t i = 0; i < a->nframes; i++) {
        ck_assert_uint_eq(a->frames[i].start, b->frames[i].start);
        ck_assert_uint_eq(a->frames[i].cycles, b->frames[i].cycles);
        ck_assert_uint_eq(a->frames[i].insns, b->frames[i].insns);
    }
}

static void assert_samples(const struct prx_frame *f)
{
    ck_assert_msg(f->samples == f->cycles / SAMPLE_CYCLES || f->samples == (f->cycles + SAMPLE_CYCLES - 1) / SAMPLE_CYCLES,
                  "%llu samples in %llu cycles", (unsigned long long)f->samples, (unsigned long long)f->cycles);
}

START_TEST(vsync_frames_are_whole_retrace_periods)
{
    struct run_result r;
    struct prx x;
    run_frames(&r, "", "vsync", &x, 1);     /* auto: the status reads come first */
    ck_assert_str_eq(x.frame_kind, "vsync");
    ck_assert_uint_eq(x.nframes, 7);
    static const unsigned periods[6] = { 1, 1, 2, 1, 1, 2 };    /* work 1, 2, 3, 1, 2, 3 units */
    for (size_t i = 0; i < 6; i++) {
        const struct prx_frame *f = &x.frames[i];
        uint64_t want = (uint64_t)periods[i] * RASTER;
        ck_assert_msg(f->cycles + POLL > want && f->cycles < want + POLL, "frame %zu: %llu cycles, want %llu +- %u",
                      i + 1, (unsigned long long)f->cycles, (unsigned long long)want, POLL - 1);
        ck_assert_int_eq(f->unfinished, 0);
        if (i > 0)
            ck_assert_uint_eq(f->start, x.frames[i - 1].start + x.frames[i - 1].cycles);
        assert_samples(f);
        /* at least the units' LOOPs: 1765 each */
        ck_assert_uint_ge(f->insns, (uint64_t)(i % 3 + 1) * 1765);
    }
    ck_assert_int_eq(x.frames[6].unfinished, 1);
    ck_assert_uint_lt(x.frames[6].cycles, 1000);   /* LODSB, OR, JZ, MOV AX, INT 21h */
    /* median of 1, 1, 1, 1, 2, 2 periods: the 3rd, 16.688 ms; p95: the
     * 6th, 33.38 ms; the worst of the two 2-period frames, 3 or 6. */
    const char *line = strstr(r.err, "profil: 6 frames (vsync): median 16.7 ms (59.9 fps), p95 33.4 ms, worst 33.4 ms (frame ");
    ck_assert_msg(line != NULL, "%s", r.err);
    line += strlen("profil: 6 frames (vsync): median 16.7 ms (59.9 fps), p95 33.4 ms, worst 33.4 ms (frame ");
    ck_assert_msg(strncmp(line, "3); ", 4) == 0 || strncmp(line, "6); ", 4) == 0, "%s", line);
    ck_assert_msg(strstr(line, "; frame 7 unfinished at the end (0.") != NULL, "%s", line);
    prx_free(&x);
    /* The .prc's totals: the same figures, in cycles */
    struct prc c;
    char err[300];
    ck_assert_msg(prc_read_file(DIR "/F.prc", &c, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(c.has_frames, 1);
    ck_assert_str_eq(c.frame_kind, "vsync");
    ck_assert_uint_eq(c.frames, 7);
    ck_assert_uint_eq(c.frame_stats.finished, 6);
    ck_assert_uint_lt(c.frame_stats.median - (RASTER - POLL + 1), 2 * POLL - 1);
    ck_assert_uint_lt(c.frame_stats.worst - (2 * RASTER - POLL + 1), 2 * POLL - 1);
    ck_assert_msg(c.frame_stats.worst_frame == 3 || c.frame_stats.worst_frame == 6, "%zu", c.frame_stats.worst_frame);
    prc_free(&c);
}
END_TEST

START_TEST(flips_start_frames)
{
    struct run_result r;
    struct prx x;
    run_frames(&r, "", "flip", &x, 1);
    ck_assert_str_eq(x.frame_kind, "flip");
    ck_assert_uint_eq(x.nframes, 4);           /* 4 new addresses; the R13 writes changed nothing */
    for (size_t i = 0; i < 3; i++) {
        ck_assert_uint_eq(x.frames[i].cycles, 85070);
        ck_assert_uint_eq(x.frames[i].insns, 5016);
        ck_assert_int_eq(x.frames[i].unfinished, 0);
        assert_samples(&x.frames[i]);
    }
    ck_assert_int_eq(x.frames[3].unfinished, 1);
    /* 85070 cycles = 17.824 ms, 56.1 fps */
    ck_assert_msg(strstr(r.err, "profil: 3 frames (flip): median 17.8 ms (56.1 fps), p95 17.8 ms, worst 17.8 ms "
                                "(frame 1); frame 4 unfinished at the end (") != NULL, "%s", r.err);
    prx_free(&x);
}
END_TEST

START_TEST(frame_calls_start_frames)
{
    struct run_result r;
    struct prx x;
    run_frames(&r, "--frames mark", "frameapi", &x, 1);
    ck_assert_str_eq(x.frame_kind, "mark");
    ck_assert_uint_eq(x.nframes, 5);
    for (size_t i = 0; i < 4; i++) {
        ck_assert_uint_eq(x.frames[i].cycles, 1734);
        ck_assert_uint_eq(x.frames[i].insns, 106);
        ck_assert_uint_eq(x.frames[i].start, x.frames[0].start + i * 1734);
        assert_samples(&x.frames[i]);
    }
    ck_assert_int_eq(x.frames[4].unfinished, 1);
    /* 1734 cycles = 0.363 ms: 2752.4 fps */
    ck_assert_msg(strstr(r.err, "profil: 4 frames (mark): median 0.4 ms (2752.4 fps), p95 0.4 ms, worst 0.4 ms (frame 1)")
                  != NULL, "%s", r.err);
    prx_free(&x);
}
END_TEST

START_TEST(a_kind_not_seen_gives_no_frames)
{
    struct run_result r;
    struct prx x;
    /* frameapi.com reads no status port: asked for vsync, it has no frames,
     * says so, and its .prx (none written for frames) is not there. */
    run_frames(&r, "--frames vsync", "frameapi", &x, 0);
    ck_assert_msg(strstr(r.err, "profil: no frames (vsync): no read of the status port saw the vertical sync begin")
                  != NULL, "%s", r.err);
    ck_assert_int_ne(access(DIR "/F.prx", F_OK), 0);
    run_frames(&r, "--frames flip", "vsync", &x, 0);
    ck_assert_msg(strstr(r.err, "profil: no frames (flip): the CRTC's start address never changed") != NULL, "%s",
                  r.err);
    run_frames(&r, "--frames mark", "flip", &x, 0);
    ck_assert_msg(strstr(r.err, "profil: no frames (mark): the program never called FRAME") != NULL, "%s", r.err);
    /* auto, the default, says nothing of a program with none */
    run_frames(&r, "", "tiny", &x, 0);
    ck_assert_ptr_null(strstr(r.err, "profil: no frames"));
    ck_assert_ptr_null(strstr(r.err, " frames ("));
}
END_TEST

/* timerwork.asm: its work inside a reprogrammed timer interrupt, an IRQ 0
 * every 4000 x 4 = 16000 cycles; HLT wakes at the IRQ's own cycle, so
 * each of the 12 runs of its handler starts a frame exactly 16000 cycles
 * after the last: 112 instructions a frame through INT 8 (the handler's
 * 109, the main loop's 3), 122 through INT 1Ch (its 105, the BIOS's INT
 * 8 around it 14, and 3).  timer/3: every third, 48000 cycles and
 * 3 x 112 instructions. */
START_TEST(timer_frames_are_the_programs_interrupts)
{
    struct run_result r;
    struct prx x;
    static const struct { const char *opts, *fixture, *kind; size_t n; uint64_t cycles, insns; } runs[] = {
        { "--frames timer", "timerwork", "timer", 12, 16000, 112 },
        { "--frames timer", "timerwork 1C", "timer", 12, 16000, 122 },
        { "--frames timer/3", "timerwork", "timer/3", 4, 48000, 336 },
    };
    for (size_t k = 0; k < sizeof runs / sizeof runs[0]; k++) {
        run_frames(&r, runs[k].opts, runs[k].fixture, &x, 1);
        ck_assert_str_eq(x.frame_kind, runs[k].kind);
        ck_assert_uint_eq(x.nframes, runs[k].n);
        for (size_t i = 0; i + 1 < x.nframes; i++) {
            ck_assert_uint_eq(x.frames[i].cycles, runs[k].cycles);
            ck_assert_uint_eq(x.frames[i].insns, runs[k].insns);
            ck_assert_uint_eq(x.frames[i + 1].start, x.frames[i].start + runs[k].cycles);
            ck_assert_int_eq(x.frames[i].unfinished, 0);
            assert_samples(&x.frames[i]);
        }
        ck_assert_int_eq(x.frames[x.nframes - 1].unfinished, 1);
        prx_free(&x);
    }
    ck_assert_msg(strstr(r.err, "profil: 3 frames (timer/3): median 10.1 ms (99.4 fps)") != NULL, "%s", r.err);
    /* The BIOS's own timer interrupt is no frame: vsync.com installs none. */
    run_frames(&r, "--frames timer", "vsync", &x, 0);
    ck_assert_msg(strstr(r.err, "profil: no frames (timer): no timer interrupt ran a handler of the program's") != NULL,
                  "%s", r.err);
}
END_TEST

/* pollwait.asm: frames where it leaves the loop it waits in, found from
 * its code: 262144 cycles (the BIOS's tick) within one pass of the loop
 * (37 cycles on 0040:006C, 35 on its own counter), the summary naming the
 * loop (pollwait.map: frame.wait at 0113h, own.wait at 0140h) and what it
 * waits on; vsync.com's busiest loop is its wait for the sync at 3DAh,
 * which gives its vsync frames, each 16 cycles later (the frame starts
 * at the IN that sees the sync, the loop is left after it, TEST and the
 * JZ not taken: 8 + 4 + 4).  Finding loops changes
 * nothing of the run (the same .PRF). */
START_TEST(poll_frames_leave_the_wait_loop)
{
    struct run_result r;
    struct prx x, v;
    static const struct { const char *fixture; unsigned ip, pass; const char *on; } runs[] = {
        { "pollwait", 0x113, 37, "0040:006C" },
        { "pollwait own", 0x140, 35, NULL },
    };
    for (size_t k = 0; k < 2; k++) {
        run_frames(&r, "--frames poll", runs[k].fixture, &x, 1);
        ck_assert_str_eq(x.frame_kind, "poll");
        ck_assert_uint_eq(x.nframes, 8);
        for (size_t i = 0; i < 7; i++) {
            ck_assert_uint_le(x.frames[i].cycles, 262144 + runs[k].pass);
            ck_assert_uint_ge(x.frames[i].cycles + runs[k].pass, 262144);
            ck_assert_int_eq(x.frames[i].unfinished, 0);
        }
        ck_assert_int_eq(x.frames[7].unfinished, 1);
        char want[120];
        unsigned seg = x.prog_low_pa - 0x10;
        if (runs[k].on)
            snprintf(want, sizeof want, "profil: frames (poll): the loop at %04X:%04X waiting on %s\n", seg,
                     runs[k].ip, runs[k].on);
        else        /* ticks: the word after tick's INC (6 bytes) and JMP FAR (5) */
            snprintf(want, sizeof want, "profil: frames (poll): the loop at %04X:%04X waiting on %04X:", seg,
                     runs[k].ip, seg);
        ck_assert_msg(strstr(r.err, want) != NULL, "%s\n%s", want, r.err);
        const char *why = strstr(want, "the loop");    /* the .prx keeps it */
        ck_assert_msg(strncmp(x.frame_why, why, strcspn(why, "\n")) == 0, "%s", x.frame_why);
        prx_free(&x);
    }
    run_frames(&r, "--frames vsync", "vsync", &v, 1);
    run_frames(&r, "--frames poll", "vsync", &x, 1);
    ck_assert_msg(strstr(r.err, "waiting on port 3DAh\n") != NULL, "%s", r.err);
    ck_assert_uint_eq(x.nframes, v.nframes);
    for (size_t i = 0; i < x.nframes; i++) {
        ck_assert_uint_eq(x.frames[i].start, v.frames[i].start + 16);     /* the IN's 8, TEST 4, JZ not taken 4 */
        ck_assert_uint_eq(x.frames[i].cycles + (i + 1 == x.nframes ? 16 : 0), v.frames[i].cycles);
    }
    prx_free(&x);
    prx_free(&v);
    struct run_result a, b;
    run_profil(&a, "run -q --timing bus -o " TMP "/poll_a.PRF " FIXTURE_DIR "pollwait.com", NULL);
    run_profil(&b, "run -q --timing bus --frames poll -o " TMP "/poll_b.PRF " FIXTURE_DIR "pollwait.com", NULL);
    ck_assert_int_eq(a.status, 0);
    ck_assert_int_eq(b.status, 0);
    ck_assert_int_eq(system("cmp -s " TMP "/poll_a.PRF " TMP "/poll_b.PRF"), 0);
    /* atloop.com waits on nothing (its loop counts BL down). */
    run_frames(&r, "--frames poll", "atloop", &x, 0);
    ck_assert_msg(strstr(r.err, "profil: no frames (poll): no wait loop of the program's was seen") != NULL, "%s",
                  r.err);
}
END_TEST

/* pitwait.asm: poll finds its wait on the PIT's count (port 40h, the loop
 * at 0106h latching with OUT 43h) and gives the frames at= its exit
 * (0118h) gives; two frames in a row add up to 262144 cycles within a
 * pass of the loop (61), each about 131072. */
START_TEST(poll_frames_on_the_pit_count)
{
    struct run_result r;
    struct prx x, at;
    char opts[80], want[120];
    run_frames(&r, "--frames poll", "pitwait", &x, 1);
    unsigned seg = x.prog_low_pa - 0x10;
    snprintf(want, sizeof want, "profil: frames (poll): the loop at %04X:0106 waiting on port 40h\n", seg);
    ck_assert_msg(strstr(r.err, want) != NULL, "%s", r.err);
    ck_assert_uint_eq(x.nframes, 8);
    for (size_t i = 0; i + 2 < x.nframes; i++) {
        uint64_t two = x.frames[i].cycles + x.frames[i + 1].cycles;
        ck_assert_uint_le(two, 262144 + 61);
        ck_assert_uint_ge(two + 61, 262144);
    }
    snprintf(opts, sizeof opts, "--frames at=%04X:0118", seg);
    run_frames(&r, opts, "pitwait", &at, 1);
    assert_same_frames(&at, &x);
    prx_free(&x);
    prx_free(&at);
}
END_TEST

/* The rule for a wait loop, on code bytes: the retrace wait (IN AL,DX with
 * DX 3DAh; TEST; JZ back), the tick wait (CMP AX,[ES:6Ch]; JE back), the
 * JNZ-out-JMP-back form, found from any of its instructions; not a loop
 * that stores, calls, reads two places, or waits on the keyboard (port
 * 60h, the BIOS's buffer words at 0040:001A); the PIT's count read after
 * a latch (OUT 43h), but not after another OUT. */
START_TEST(wait_loops_by_rule)
{
    static uint8_t mem[MEM_SIZE + 16];
    uint16_t r[NREGS] = { 0 };
    r[REG_DX] = 0x3DA;
    r[REG_ES] = 0x40;
    r[REG_DS] = 0x1000;
    struct wait_loop w;
    static const struct { uint8_t code[12]; size_t n; unsigned at; int found, port; unsigned seg, off, exit; } cases[] = {
        { { 0xEC, 0xA8, 0x08, 0x74, 0xFB }, 5, 3, 1, 1, 0, 0x3DA, 5 },                  /* in al,dx; test al,8; jz */
        { { 0x26, 0x3B, 0x06, 0x6C, 0x00, 0x74, 0xF9 }, 7, 0, 1, 0, 0x40, 0x6C, 7 },   /* cmp ax,[es:6Ch]; je */
        { { 0xEC, 0xA8, 0x08, 0x75, 0x02, 0xEB, 0xF9 }, 7, 5, 1, 1, 0, 0x3DA, 7 },     /* jnz out; jmp back */
        { { 0xE4, 0x60, 0xA8, 0x80, 0x74, 0xFA }, 6, 0, 0, 0, 0, 0, 0 },               /* in al,60h: keyboard */
        { { 0xA1, 0x1A, 0x00, 0x3D, 0x00, 0x00, 0x74, 0xF8 }, 8, 0, 0, 0, 0, 0, 0 },   /* 0040:001A: keyboard */
        { { 0xA1, 0x00, 0x02, 0x3B, 0x06, 0x02, 0x02, 0x74, 0xF7 }, 9, 0, 0, 0, 0, 0, 0 }, /* two words */
        { { 0xA3, 0x00, 0x02, 0x3B, 0x06, 0x00, 0x02, 0x74, 0xF7 }, 9, 0, 0, 0, 0, 0, 0 }, /* a store */
        { { 0xE8, 0x00, 0x00, 0xEC, 0xA8, 0x08, 0x74, 0xF8 }, 8, 3, 0, 0, 0, 0, 0 },   /* a call */
        { { 0xA1, 0x00, 0x02, 0x3D, 0x05, 0x00, 0x72, 0xF8 }, 8, 6, 1, 0, 0x1000, 0x200, 8 }, /* mov ax,[200h]; cmp; jb */
        { { 0xA1, 0x00, 0x02, 0x3D, 0x05, 0x00, 0x72, 0xF8 }, 8, 2, 0, 0, 0, 0, 0 },   /* not an instruction of it */
        { { 0xB0, 0x00, 0xE6, 0x43, 0xE4, 0x40, 0x3C, 0x10, 0x77, 0xF6 }, 10, 4, 1, 1, 0, 0x40, 10 }, /* the PIT */
        { { 0xE4, 0x40, 0xE6, 0x42, 0x3C, 0x10, 0x77, 0xF8 }, 8, 0, 0, 0, 0, 0, 0 },   /* OUT 42h: not a latch */
        { { 0xA1, 0x00, 0x02, 0x88, 0x07, 0x3D, 0x05, 0x00, 0x72, 0xF6 }, 10, 0, 0, 0, 0, 0, 0 }, /* mov [bx],al */
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        memset(mem, 0x90, 0x1200);
        memcpy(mem + 0x1000, cases[k].code, cases[k].n);
        uint16_t ip = (uint16_t)cases[k].at;
        r[REG_DS] = k == 4 ? 0x40 : 0x1000;     /* the keyboard buffer's head at 0040:001A */
        int got = wait_loop_at(mem, 0x100, ip, r, &w);
        ck_assert_msg(got == cases[k].found, "case %zu: %d", k, got);
        if (!got)
            continue;
        ck_assert_uint_eq(w.start, 0x1000);
        ck_assert_int_eq(w.port, cases[k].port);
        ck_assert_uint_eq(w.off, cases[k].off);
        if (!w.port)
            ck_assert_uint_eq(w.seg, cases[k].seg);
        ck_assert_uint_eq(w.exit, 0x1000 + cases[k].exit);
    }
    /* A loop that is not a wait: atloop's LOOP spin (LOOP is no Jcc). */
    static const uint8_t spin[] = { 0xE2, 0xFE };
    memcpy(mem + 0x1000, spin, 2);
    ck_assert_int_eq(wait_loop_at(mem, 0x100, 0, r, &w), 0);
    char text[100];
    w = (struct wait_loop){ 0x1A2B, 0x345, 0, 0, 0, 0x40, 0x6C };
    wait_loop_text(&w, text, sizeof text);
    ck_assert_str_eq(text, "the loop at 1A2B:0345 waiting on 0040:006C");
}
END_TEST

/* atloop.asm: each pass of game_loop 17011 cycles and 1003 instructions
 * with interrupts off; at= its map symbol or its SEG:OFF (the load
 * segment less 10h, the .COM's PSP, : 0103h) gives frames 1-4 of those
 * and the 5th unfinished.  Watching an address changes nothing of the
 * run: vsync.com's .PRF with at=frame (its IRQs and sampling ticks on)
 * is byte for byte the one without, under either clock. */
START_TEST(at_frames_start_at_an_address)
{
    struct run_result r;
    struct prx x;
    char opts[200];
    run_frames(&r, "--frames at=game_loop --map " FIXTURE_DIR "atloop.map", "atloop", &x, 1);
    ck_assert_str_eq(x.frame_kind, "at=game_loop");
    ck_assert_uint_eq(x.nframes, 5);
    for (size_t i = 0; i < 4; i++) {
        ck_assert_uint_eq(x.frames[i].cycles, 17011);
        ck_assert_uint_eq(x.frames[i].insns, 1003);
        ck_assert_uint_eq(x.frames[i + 1].start, x.frames[i].start + 17011);
    }
    ck_assert_int_eq(x.frames[4].unfinished, 1);
    uint64_t first = x.frames[0].start;
    snprintf(opts, sizeof opts, "--frames at=%04X:0103", (unsigned)(x.prog_low_pa - 0x10));
    prx_free(&x);
    run_frames(&r, opts, "atloop", &x, 1);
    ck_assert_uint_eq(x.nframes, 5);
    ck_assert_uint_eq(x.frames[0].start, first);
    ck_assert_uint_eq(x.frames[1].cycles, 17011);
    prx_free(&x);
    run_frames(&r, "--frames at=0000:0000", "atloop", &x, 0);
    ck_assert_msg(strstr(r.err, "profil: no frames (at=0000:0000): execution never reached the address") != NULL,
                  "%s", r.err);
    for (int bus = 0; bus < 2; bus++) {
        char cmd[400];
        struct run_result a, b;
        snprintf(cmd, sizeof cmd, "run -q --timing %s -o " TMP "/at_a.PRF " FIXTURE_DIR "vsync.com",
                 bus ? "bus" : "table");
        run_profil(&a, cmd, NULL);
        snprintf(cmd, sizeof cmd, "run -q --timing %s --frames at=frame -o " TMP "/at_b.PRF " FIXTURE_DIR "vsync.com",
                 bus ? "bus" : "table");
        run_profil(&b, cmd, NULL);
        ck_assert_int_eq(a.status, 0);
        ck_assert_int_eq(b.status, 0);
        ck_assert_int_eq(system("cmp -s " TMP "/at_a.PRF " TMP "/at_b.PRF"), 0);
    }
    /* A symbol the map lacks, a bad kind: one line each, status 2. */
    struct run_result e;
    run_profil(&e, "run --frames at=nosuch --map " FIXTURE_DIR "atloop.map -o " TMP "/at_c.PRF " FIXTURE_DIR "atloop.com",
               NULL);
    ck_assert_int_eq(e.status, 2);
    ck_assert_str_eq(e.err, "profil: --frames at=nosuch: no symbol nosuch in " FIXTURE_DIR "atloop.map (NASM)\n");
    run_profil(&e, "run --frames at=0070:0040 -o " TMP "/at_c.PRF " FIXTURE_DIR "atloop.com", NULL);
    ck_assert_int_eq(e.status, 2);      /* the BIOS's first service stub: its trap is not replaced */
    ck_assert_str_eq(e.err, "profil: --frames at=0070:0040: 00740 is a DOS or BIOS service's entry, which profil "
                            "runs itself: name an address of the program's\n");
    run_profil(&e, "run --frames timer/0 " FIXTURE_DIR "atloop.com", NULL);
    ck_assert_int_eq(e.status, 2);
    ck_assert_msg(strstr(e.err, "want auto, vsync, flip, mark, timer, timer/N (N 1-1000), poll or at=SYMBOL|SEG:OFF") != NULL,
                  "%s", e.err);
}
END_TEST

START_TEST(unfinished_frame_at_a_timeout)
{
    struct run_result r;
    struct prx x;
    /* The raster starts at power-on, its first sync at line 224: 224 x 304
     * = 68096 cycles, so frames start at 68096 + k x 79648 (+ the poll's
     * 0-27).  Stopped 0.05 s in (238636 cycles): frames 1 and 2 (one
     * period each) finished; the third, from 227392 (two periods of
     * work), cut by the limit about 11200 cycles in. */
    run_frames(&r, "--timeout 0.05", "vsync", &x, 1);
    ck_assert_uint_eq(x.nframes, 3);
    ck_assert_uint_ge(x.frames[0].start, 68096);
    ck_assert_uint_lt(x.frames[0].start, 68096 + POLL);
    const struct prx_frame *last = &x.frames[2];
    ck_assert_int_eq(last->unfinished, 1);
    ck_assert_uint_ge(last->start + last->cycles, 238636);
    ck_assert_uint_lt(last->start + last->cycles, 238636 + 100);
    ck_assert_int_eq(x.frames[0].unfinished, 0);
    ck_assert_int_eq(x.frames[1].unfinished, 0);
    ck_assert_msg(strstr(r.err, "unfinished at the end") != NULL, "%s", r.err);
    prx_free(&x);
}
END_TEST

/* `profil hist ARGS`, status `want`. */
static void hist(struct run_result *r, const char *args, int want)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "hist %s", args);
    run_profil(r, cmd, NULL);
    ck_assert_msg(r->status == want, "profil %s: %d\n%s", cmd, r->status, r->err);
}

/* One name for each place in every frame view: timerwork.com's frames
 * through INT 1Ch spend time in the BIOS's INT 8 (the I/O system,
 * 0070:0000); --worst-frames names it `io`, as --frame N's table does,
 * with the same cycles, and names no I/O-system address. */
START_TEST(frame_views_name_places_alike)
{
    struct run_result r;
    struct prx x;
    run_frames(&r, "--trace --frames timer", "timerwork 1C", &x, 0);
    struct run_result w, one;
    hist(&w, "--worst-frames 1 " DIR "/F.prx", 0);
    hist(&one, "--frame 1 " DIR "/F.prx", 0);
    const char *io = strstr(w.out, ", io ");
    ck_assert_msg(io != NULL, "%s", w.out);
    ck_assert_ptr_null(strstr(w.out, "0070:"));
    unsigned long cycles = strtoul(io + 5, NULL, 10);
    ck_assert_uint_gt(cycles, 0);
    char row[80];
    snprintf(row, sizeof row, "\n%8lu ", cycles);
    const char *at = strstr(one.out, row), *end = at ? strchr(at + 1, '\n') : NULL;
    ck_assert_msg(end && end - at > 3 && memcmp(end - 3, " io", 3) == 0, "%s\n%s", w.out, one.out);
}
END_TEST

START_TEST(hist_by_frame_and_worst_frames)
{
    struct run_result r;
    struct prx x;
    run_frames(&r, "--frames mark", "frameapi", &x, 1);
    char row[200];
    /* Every frame in order: 4 of 1734 cycles (0.363 ms: 1734 x 3 /
     * 14318.18) and 106 instructions, the 5th unfinished. */
    hist(&r, DIR "/F.prx --by frame", 0);
    static const char head[] = "  frame          start       cycles         ms  instructions   samples\n";
    ck_assert_msg(strncmp(r.out, head, strlen(head)) == 0, "%s", r.out);
    for (size_t i = 0; i < 4; i++) {
        snprintf(row, sizeof row, "%7zu %14llu %12u %10s %13u %9llu\n", i + 1, (unsigned long long)x.frames[i].start,
                 1734u, "0.363", 106u, (unsigned long long)x.frames[i].samples);
        ck_assert_msg(strstr(r.out, row) != NULL, "%s\nlacks\n%s", r.out, row);
    }
    ck_assert_msg(strstr(r.out, "  unfinished\n4 frames (mark): median 0.4 ms (2752.4 fps), p95 0.4 ms, worst 0.4 ms "
                                "(frame 1); frame 5 unfinished at the end (") != NULL, "%s", r.out);
    /* The 2 slowest: all equal, so frames 1 and 2 (the earlier first); the
     * unfinished one is none of them. */
    /* Each with its top address: every sample of a frame falls in its
     * LOOP at 0186:010C (1688 of its 1734 cycles, frameapi.asm); no
     * stalls or video waits in a sampling run. */
    hist(&r, DIR "/F.prx --worst-frames 2 --format csv", 0);
    snprintf(row, sizeof row, "frame,start,cycles,ms,instructions,samples,unfinished,stalls,video,top\n"
             "1,%llu,1734,0.363,106,%llu,0,0,0,0186:010C=%llu\n2,%llu,1734,0.363,106,%llu,0,0,0,0186:010C=%llu\n",
             (unsigned long long)x.frames[0].start, (unsigned long long)x.frames[0].samples,
             (unsigned long long)x.frames[0].samples, (unsigned long long)x.frames[1].start,
             (unsigned long long)x.frames[1].samples, (unsigned long long)x.frames[1].samples);
    ck_assert_str_eq(r.out, row);
    hist(&r, DIR "/F.prx --by frame --format json", 0);
    ck_assert_msg(strstr(r.out, "\"frame_kind\": \"mark\", \"unit\": \"cycles\", \"cpu_hz\": 4772727, \"finished\": 4, "
                                "\"median\": 1734, \"p95\": 1734, \"worst\": 1734, \"worst_frame\": 1,") != NULL,
                  "%s", r.out);
    ck_assert_msg(strstr(r.out, "{\"frame\": 5, ") && strstr(r.out, "\"unfinished\": true}\n  ]\n}\n"), "%s", r.out);
    prx_free(&x);
    /* vsync.com's slowest: its two 2-period frames, 3 and 6 */
    run_frames(&r, "", "vsync", &x, 1);
    hist(&r, DIR "/F.prx --worst-frames 2 --format csv", 0);
    ck_assert_msg(strstr(r.out, "\n3,") && strstr(r.out, "\n6,"), "%s", r.out);
    prx_free(&x);
    /* Errors: a .PRF, an export it has none of, a .prx without frames */
    hist(&r, DIR "/F.PRF --by frame", PROFIL_EXIT_FAILED);
    ck_assert_msg(strstr(r.err, "F.PRF: a .PRF has no frames; they are in the .prx beside it"), "%s", r.err);
    hist(&r, DIR "/F.prx --by frame --format folded", 2);
    ck_assert_msg(strstr(r.err, "profil: --format folded: --by frame is printed as text, csv or json"), "%s", r.err);
    run_frames(&r, "--trace", "tiny", &x, 1);
    hist(&r, DIR "/F.prx --worst-frames 3", PROFIL_EXIT_FAILED);
    ck_assert_msg(strstr(r.err, "profil: --worst-frames: " DIR "/F.prx has no frames"), "%s", r.err);
    prx_free(&x);
}
END_TEST

/* vsync.asm's .spin (LOOP at CS:0139, as the NASM map says; a .COM's CS
 * is its PSP, 10h paragraphs below the load module at prog_low_pa): a
 * unit is 1765 LOOPs of 1764 x 17 + 5 = 29993 cycles. */
#define COM_CS(x) ((x)->prog_low_pa - 0x10u)
#define SPIN_IP 0x139u
#define UNIT_LOOPS 1765u
#define UNIT_CYCLES 29993u

START_TEST(each_frame_has_its_own_profile)
{
    struct run_result r;
    struct prx x;
    char want[300];
    run_frames(&r, "--trace", "vsync", &x, 1);
    ck_assert_uint_eq(x.nframes, 7);
    ck_assert_uint_eq(x.profiled, 7);
    /* A trace's frame rows add up to the frame: its instructions and
     * cycles exactly (the timer's interrupts included, at their handler). */
    for (size_t i = 0; i < x.nframes; i++) {
        size_t n;
        const struct prx_frame_row *rows = prx_frame_profile(&x, i, &n);
        uint64_t insns = 0, cycles = 0;
        for (size_t k = 0; k < n; k++) {
            insns += rows[k].count;
            cycles += rows[k].cycles;
            ck_assert_uint_eq(rows[k].frame, i);
        }
        ck_assert_uint_eq(insns, x.frames[i].insns);
        ck_assert_uint_eq(cycles, x.frames[i].cycles);
    }
    uint32_t spin = COM_CS(&x) * 16u + SPIN_IP;
    /* Frames 1-6 did 1, 2, 3, 1, 2, 3 units of work at .spin. */
    static const unsigned units[6] = { 1, 2, 3, 1, 2, 3 };
    for (unsigned i = 0; i < 6; i++) {
        char args[200];
        snprintf(args, sizeof args, DIR "/F.prx --frame %u --style inferno", i + 1);
        hist(&r, args, 0);
        snprintf(want, sizeof want, "%05X %u\n", spin, units[i] * UNIT_CYCLES);
        ck_assert_msg(strstr(r.out, want), "frame %u:\n%s\nlacks %s", i + 1, r.out, want);
        snprintf(args, sizeof args, DIR "/F.prx --frame %u --style inferno --metric instructions", i + 1);
        hist(&r, args, 0);
        snprintf(want, sizeof want, "%05X %u\n", spin, units[i] * UNIT_LOOPS);
        ck_assert_msg(strstr(r.out, want), "frame %u:\n%s\nlacks %s", i + 1, r.out, want);
    }
    /* The table names the frame and counts its own cycles. */
    hist(&r, DIR "/F.prx --frame 3", 0);
    snprintf(want, sizeof want, "%llu cycles (frame 3 of 7 from cycle %llu; exact, traced; vsync.com, 8088: %llu "
             "instructions, %llu cycles)", (unsigned long long)x.frames[2].cycles, (unsigned long long)x.frames[2].start,
             (unsigned long long)x.frames[2].insns, (unsigned long long)x.frames[2].cycles);
    ck_assert_msg(strstr(r.out, want), "%s\nlacks %s", r.out, want);
    /* The worst frames, slowest first: the two of two periods (3 and 6,
     * in the order of their +-27 cycles), then the four of one; each of
     * the two spent most at .spin, 3 x 29993 cycles (56% of 159296),
     * then in the wait for the sync, no stalls under the table. */
    hist(&r, DIR "/F.prx --worst-frames 6", 0);
    const char *p = r.out;
    for (unsigned k = 0; k < 6; k++) {
        p = strchr(p, '\n') + 1;
        unsigned frame = 0;
        ck_assert_int_eq(sscanf(p, "%u", &frame), 1);
        ck_assert_msg(k < 2 ? frame == 3 || frame == 6 : frame != 3 && frame != 6, "row %u: frame %u\n%s", k, frame,
                      r.out);
        p = strchr(p, '\n') + 1;
        snprintf(want, sizeof want, "          top cycles: %04X:%04X %u (", COM_CS(&x), SPIN_IP,
                 k < 2 ? 3 * UNIT_CYCLES : 0);
        if (k < 2)
            ck_assert_msg(strncmp(p, want, strlen(want)) == 0, "row %u: %.*s lacks %s", k, 100, p, want);
        ck_assert_msg(strstr(p, "; stalls 0, video 0\n"), "%s", p);
    }
    prx_free(&x);
    /* A sampling run's frame: its samples, by address */
    run_frames(&r, "", "frameapi", &x, 1);
    hist(&r, DIR "/F.prx --frame 2 --style inferno", 0);
    snprintf(want, sizeof want, "%05X %llu\n", COM_CS(&x) * 16u + 0x10Cu, (unsigned long long)x.frames[1].samples);
    ck_assert_str_eq(r.out, want);
    hist(&r, DIR "/F.prx --frame 2", 0);
    snprintf(want, sizeof want, "%llu samples (frame 2 of 5 from cycle 1742; sampled;",
             (unsigned long long)x.frames[1].samples);
    ck_assert_msg(strstr(r.out, want), "%s\nlacks %s", r.out, want);
    /* Errors: no such frame, a view of all frames with it, a .PRF */
    hist(&r, DIR "/F.prx --frame 6", 2);
    ck_assert_msg(strstr(r.err, "profil: --frame 6: " DIR "/F.prx has 5 frames\n"), "%s", r.err);
    hist(&r, DIR "/F.prx --frame 1 --by frame", 2);
    ck_assert_msg(strstr(r.err, "profil: --frame 1: one frame's profile is a table"), "%s", r.err);
    hist(&r, DIR "/F.prx --frame 1 --metric cycles", 2);
    ck_assert_msg(strstr(r.err, "is from a sampling run: a frame counts samples"), "%s", r.err);
    hist(&r, DIR "/F.PRF --frame 1", PROFIL_EXIT_FAILED);
    ck_assert_msg(strstr(r.err, "a .PRF has no frames"), "%s", r.err);
    prx_free(&x);
    /* The retrace period the .prx keeps: the CGA's 912 x 262 dots at 3 a
     * cycle, 79648; the MDA's 882 x 370 = 326340 dots at 2438550 / 715909
     * a cycle, 95806.8: a frame of 95806 or 95807 whole cycles
     * (docs/video.md). */
    ck_assert_uint_eq(x.frame_period, RASTER);
    prx_free(&x);
    run_frames(&r, "--video mda", "frameapi", &x, 1);
    ck_assert_msg(x.frame_period == 95806 || x.frame_period == 95807, "%llu", (unsigned long long)x.frame_period);
    prx_free(&x);
    /* flip.com's frames (a trace): each 85070 cycles and 5016
     * instructions, every one of them in the frame's rows */
    run_frames(&r, "--trace", "flip", &x, 1);
    for (size_t i = 0; i + 1 < x.nframes; i++) {
        size_t n;
        const struct prx_frame_row *rows = prx_frame_profile(&x, i, &n);
        uint64_t insns = 0, cycles = 0;
        for (size_t k = 0; k < n; k++)
            insns += rows[k].count, cycles += rows[k].cycles;
        ck_assert_uint_eq(insns, 5016);
        ck_assert_uint_eq(cycles, 85070);
    }
    prx_free(&x);
}
END_TEST

/* framevid.asm: each of its 3 frames writes 1000 words into the CGA's
 * memory by a REP STOSW at CS:0119; under the bus model without refresh
 * that REP takes 26675 to 26680 clocks, the table's 14011 and the card's
 * wait states the rest, all of its stalls (tests/check_clock.c).  Each
 * frame's own row there says so, and --worst-frames gives each frame's
 * video waits: the REP's, as no other instruction touches the card. */
START_TEST(each_frame_has_its_video_waits)
{
    struct run_result r;
    struct prx x;
    char want[200];
    run_frames(&r, "--trace --timing bus --no-refresh", "framevid", &x, 1);
    ck_assert_uint_eq(x.nframes, 3);
    ck_assert_uint_eq(x.profiled, 3);
    uint64_t video[3] = { 0 };
    for (size_t i = 0; i < 3; i++) {
        size_t n, rep = SIZE_MAX;
        const struct prx_frame_row *rows = prx_frame_profile(&x, i, &n);
        for (size_t k = 0; k < n; k++) {
            video[i] += rows[k].video;
            if (rows[k].linear == COM_CS(&x) * 16u + 0x119u)
                rep = k;
        }
        ck_assert_msg(rep != SIZE_MAX, "frame %zu has no row at the REP", i + 1);
        ck_assert_uint_eq(rows[rep].count, 1);
        ck_assert_msg(rows[rep].cycles >= 26675 && rows[rep].cycles <= 26680, "%llu", (unsigned long long)rows[rep].cycles);
        ck_assert_uint_eq(rows[rep].stalls, rows[rep].cycles - 14011);
        ck_assert_uint_eq(rows[rep].video, rows[rep].cycles - 14011);
        ck_assert_uint_eq(video[i], rows[rep].video);
    }
    hist(&r, DIR "/F.prx --worst-frames 2", 0);
    for (size_t i = 0; i < 2; i++) {
        snprintf(want, sizeof want, ", video %llu\n", (unsigned long long)video[i]);
        ck_assert_msg(strstr(r.out, want), "%s\nlacks %s", r.out, want);
    }
    hist(&r, DIR "/F.prx --worst-frames 1 --format json", 0);
    ck_assert_msg(strstr(r.out, "\"video\": 1266"), "%s", r.out);
    prx_free(&x);
}
END_TEST

START_TEST(frame_profile_rows_checked)
{
    static const struct { const char *member, *error; } bad[] = {
        { "\"profiled\": 1, \"profile\": [[0, 20, 1, 3, 1, 0, 0, 0], [0, 20, 1, 3, 1, 0, 0, 0]]",
          "frame profile row 1 is not [frame, linear, cs, class, count, cycles, stalls, video] after the one before" },
        { "\"profiled\": 1, \"profile\": [[0, 20, 1, 4, 1, 0, 0, 0]]", "frame profile row 0 is not" },
        { "\"profiled\": 1, \"profile\": [[1, 20, 1, 3, 1, 0, 0, 0]]", "frame profile row 0 names frame 1 of the 1" },
        { "\"profiled\": 3, \"profile\": []", "has a \"profile\" without its \"profiled\" count" },
        { "\"profile\": []", "has a \"profile\" without its \"profiled\" count" },
    };
    char text[900], err[300];
    struct prx y;
    if (system("rm -rf " DIR " && mkdir -p " DIR) != 0)
        ck_abort();
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(text, sizeof text,
                 "{\"format\": \"profil-prx\", \"version\": 6, \"instructions\": 1, \"cycles\": 1, \"layout\": "
                 "{\"clock_grain\": 1, \"bucket_size\": 1, \"bucket_num\": 1, \"prog_low_pa\": 1, \"prog_high_pa\": 2, "
                 "\"dos_pa\": 1}, \"addresses\": [], \"frame_kind\": \"mark\", \"frames\": {\"rows\": "
                 "[[10, 5, 1, 0, 0], [15, 5, 1, 0, 1]], %s}}", bad[i].member);
        FILE *f = fopen(DIR "/bad.prx", "w");
        fputs(text, f);
        fclose(f);
        ck_assert_int_eq(prx_read_file(DIR "/bad.prx", &y, err, sizeof err), -1);
        ck_assert_msg(strstr(err, bad[i].error) != NULL, "%zu: %s", i, err);
    }
    /* Frames the file keeps no profile of: past `profiled`, or a version 5
     * file's; hist --frame says which. */
    static const struct { int version; const char *member, *error; } none[] = {
        { 6, ", \"profiled\": 1, \"profile\": [[0, 20, 1, 3, 1, 0, 0, 0]]",
          "profil: --frame 2: " DIR "/old.prx keeps no profile of it (the run kept the first frames' only" },
        { 5, "", "profil: --frame 1: " DIR "/old.prx keeps no profile of it (written before frames had theirs)" },
    };
    for (size_t i = 0; i < sizeof none / sizeof *none; i++) {
        struct run_result r;
        snprintf(text, sizeof text,
                 "{\"format\": \"profil-prx\", \"version\": %d, \"mode\": \"sampling\", \"instructions\": 1, "
                 "\"cycles\": 1, \"layout\": {\"clock_grain\": 1, \"bucket_size\": 1, \"bucket_num\": 1, "
                 "\"prog_low_pa\": 1, \"prog_high_pa\": 2, \"dos_pa\": 1}, \"addresses\": [], \"frame_kind\": \"mark\", "
                 "\"frames\": {\"rows\": [[10, 5, 1, 0, 0], [15, 5, 1, 0, 1]]%s}}", none[i].version, none[i].member);
        FILE *f = fopen(DIR "/old.prx", "w");
        fputs(text, f);
        fclose(f);
        hist(&r, i == 0 ? DIR "/old.prx --frame 2" : DIR "/old.prx --frame 1", PROFIL_EXIT_FAILED);
        ck_assert_msg(strstr(r.err, none[i].error), "%s", r.err);
        if (i == 0) {
            hist(&r, DIR "/old.prx --frame 1 --style inferno", 0);
            ck_assert_str_eq(r.out, "00014 1\n");      /* its one row: linear 14h, 1 sample */
        }
    }
}
END_TEST

START_TEST(diff_frame_percentiles)
{
    struct run_result r;
    struct prx x;
    if (system("rm -rf " DIR "2 && mkdir -p " DIR "2") != 0)
        ck_abort();
    /* OLD: 1, 1, 2, 1, 1, 2 periods; NEW (tail 333333): 2 periods each.
     * The median goes from one period to two (+100%, within the poll's 28
     * cycles), p95 and worst stay two periods (within 2 x 28 / 159296 =
     * 0.04%). */
    run_frames(&r, "", "vsync", &x, 1);
    prx_free(&x);
    if (system("mv " DIR "/F.prx " DIR "2/OLD.prx") != 0)
        ck_abort();
    run_frames(&r, "", "vsync 333333", &x, 1);
    ck_assert_uint_eq(x.nframes, 7);
    for (size_t i = 0; i < 6; i++)
        ck_assert_uint_lt(x.frames[i].cycles - (2 * RASTER - POLL), 2 * POLL);
    prx_free(&x);
    run_profil(&r, "diff " DIR "2/OLD.prx " DIR "/F.prx", NULL);
    ck_assert_msg(r.status == 1, "%d\n%s%s", r.status, r.out, r.err);
    ck_assert_msg(strstr(r.out, "frames (vsync -> vsync): 6 -> 6 finished\n  median      16.") &&
                  strstr(r.out, "ms ->     33.3") && strstr(r.out, "  <-- grew past the frame threshold\n  p95 "),
                  "%s", r.out);
    ck_assert_msg(strstr(r.out, "profil: frames differ: median grew past the frame threshold (5.0%)\n"), "%s", r.out);
    /* the other way, and past a threshold of 100%: they match */
    run_profil(&r, "diff " DIR "/F.prx " DIR "2/OLD.prx", NULL);
    ck_assert_msg(r.status == 0 && strstr(r.out, "profil: frames match (frame threshold 5.0%)\n"), "%s", r.out);
    run_profil(&r, "diff --frame-threshold 100.1 " DIR "2/OLD.prx " DIR "/F.prx", NULL);
    ck_assert_msg(r.status == 0, "%s", r.out);
    /* against a run without frames (a trace of frameapi.com, which
     * flips nothing): not comparable, and said */
    run_frames(&r, "--trace --frames flip", "frameapi", &x, 1);
    ck_assert_ptr_null(x.frames);
    prx_free(&x);
    run_profil(&r, "diff " DIR "2/OLD.prx " DIR "/F.prx", NULL);
    ck_assert_msg(r.status == 2 && strstr(r.out, "profil: frames only in " DIR "2/OLD.prx: the other run had none\n"),
                  "%d %s", r.status, r.out);
}
END_TEST

START_TEST(prx_frames_checked)
{
    static const struct { const char *rows, *error; } bad[] = {
        { "[[10, 5, 1, 0, 0], [12, 5, 1, 0, 0]]", "frame 1 is not [start, cycles, instructions, samples, unfinished]" },
        { "[[10, 5, 1, 0, 2]]", "frame 0 is not [start, cycles" },
        { "[[10, 5, 1, 0, 1], [15, 5, 1, 0, 0]]", "frame 0 is unfinished but not the last" },
    };
    char text[800], err[300];
    struct prx y;
    if (system("rm -rf " DIR " && mkdir -p " DIR) != 0)
        ck_abort();
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        snprintf(text, sizeof text,
                 "{\"format\": \"profil-prx\", \"version\": 4, \"instructions\": 1, \"cycles\": 1, \"layout\": "
                 "{\"clock_grain\": 1, \"bucket_size\": 1, \"bucket_num\": 1, \"prog_low_pa\": 1, \"prog_high_pa\": 2, "
                 "\"dos_pa\": 1}, \"addresses\": [], \"frame_kind\": \"mark\", \"frames\": {\"rows\": %s}}",
                 bad[i].rows);
        FILE *f = fopen(DIR "/bad.prx", "w");
        fputs(text, f);
        fclose(f);
        ck_assert_int_eq(prx_read_file(DIR "/bad.prx", &y, err, sizeof err), -1);
        ck_assert_msg(strstr(err, bad[i].error) != NULL, "%s", err);
    }
}
END_TEST

START_TEST(rules_and_the_cap)
{
    /* The observer driven by hand: vsync needs a read outside the sync
     * first; auto keeps its kind within a second; flips within one raster frame are
     * one; past `max` the last kept frame ends where the next would start. */
    struct machine *m = machine_new(CPU_8088);
    struct frames fr;
    frames_init(&fr, FRAMES_AUTO, m, NULL, 0x0000);
    fr.obs.status(fr.obs.ctx, 1, 100);            /* in the sync, none seen outside: nothing */
    ck_assert_uint_eq(fr.n, 0);
    fr.obs.start_address(fr.obs.ctx, 0x0000, 0, 150);   /* the address shown: no flip */
    ck_assert_uint_eq(fr.n, 0);
    fr.obs.status(fr.obs.ctx, 0, 200);
    fr.obs.status(fr.obs.ctx, 1, 300);            /* frame 1 (vsync from now on) */
    fr.obs.status(fr.obs.ctx, 1, 350);            /* still in it: nothing */
    fr.obs.start_address(fr.obs.ctx, 0x0800, 0, 400);   /* a flip: not followed */
    fr.obs.status(fr.obs.ctx, 0, 500);
    fr.obs.status(fr.obs.ctx, 1, 1000);           /* frame 2 */
    ck_assert_int_eq(fr.kind, FRAMES_VSYNC);
    ck_assert_uint_eq(fr.n, 2);
    ck_assert_uint_eq(fr.f[0].start, 300);
    ck_assert_uint_eq(fr.f[0].cycles, 700);
    ck_assert_int_eq(fr.f[0].unfinished, 0);
    fr.max = 3;
    fr.obs.status(fr.obs.ctx, 0, 1100);
    fr.obs.status(fr.obs.ctx, 1, 2000);           /* frame 3, the last kept */
    fr.obs.status(fr.obs.ctx, 0, 2100);
    fr.obs.status(fr.obs.ctx, 1, 3000);           /* dropped: frame 3 ends here */
    fr.obs.status(fr.obs.ctx, 0, 3100);
    fr.obs.status(fr.obs.ctx, 1, 4000);           /* dropped */
    frames_finish(&fr, 5000);
    ck_assert_uint_eq(fr.n, 3);
    ck_assert_uint_eq(fr.dropped, 2);
    ck_assert_uint_eq(fr.f[2].cycles, 1000);
    ck_assert_int_eq(fr.f[2].unfinished, 0);
    frames_free(&fr);
    /* flips: a change in a raster frame with a flip already is the same flip */
    frames_init(&fr, FRAMES_FLIP, m, NULL, 0x0000);
    fr.obs.start_address(fr.obs.ctx, 0x0800, 5, 100);   /* flip, raster frame 5 */
    fr.obs.start_address(fr.obs.ctx, 0x0810, 5, 110);   /* R13 of the same flip */
    fr.obs.start_address(fr.obs.ctx, 0x0000, 6, 80000); /* the next raster frame: a flip */
    fr.obs.status(fr.obs.ctx, 0, 80100);
    fr.obs.status(fr.obs.ctx, 1, 80200);                /* vsync: not followed */
    frames_finish(&fr, 90000);
    ck_assert_uint_eq(fr.n, 2);
    ck_assert_uint_eq(fr.f[0].cycles, 79900);
    ck_assert_int_eq(fr.f[1].unfinished, 1);
    ck_assert_uint_eq(fr.f[1].cycles, 10000);
    frames_free(&fr);
    /* Each frame's own samples: none before the first frame; one row per
     * linear address (0101:0000 is 0100:0010), by address when the frame
     * ends; past rows_max the frame that passes it keeps none, nor does
     * any later one, and `profiled` stops before it. */
    frames_init(&fr, FRAMES_MARK, m, NULL, 0x0000);
    fr.rows_max = 3;
    frames_sample(&fr, 0x0100, 0x0000, CLASS_BUCKET);         /* before frame 1: no one's */
    frames_mark(&fr, 100);
    frames_sample(&fr, 0x0100, 0x0010, CLASS_BUCKET);
    frames_sample(&fr, 0x0070, 0x0004, CLASS_IO);
    frames_sample(&fr, 0x0101, 0x0000, CLASS_BUCKET);         /* linear 1010h again */
    frames_mark(&fr, 200);                                    /* frame 1 ends: 2 rows */
    ck_assert_uint_eq(fr.profiled, 1);
    ck_assert_uint_eq(fr.nrows, 2);
    ck_assert_uint_eq(fr.rows[0].linear, 0x704);
    ck_assert_uint_eq(fr.rows[0].cls, CLASS_IO);
    ck_assert_uint_eq(fr.rows[1].linear, 0x1010);
    ck_assert_uint_eq(fr.rows[1].count, 2);
    ck_assert_uint_eq(fr.rows[1].cs, 0x0101);
    frames_sample(&fr, 0x0100, 0x0000, CLASS_BUCKET);         /* frame 2: a 3rd row */
    frames_sample(&fr, 0x0100, 0x0002, CLASS_BUCKET);         /* a 4th: past 3 */
    frames_mark(&fr, 300);
    frames_sample(&fr, 0x0100, 0x0000, CLASS_BUCKET);         /* frame 3: none kept */
    frames_finish(&fr, 400);
    struct prx y = { 0 };
    frames_to_prx(&fr, &y);
    ck_assert_uint_eq(y.nframes, 3);
    ck_assert_uint_eq(y.profiled, 1);
    ck_assert_uint_eq(y.nframe_rows, 2);
    size_t n;
    ck_assert_ptr_nonnull(prx_frame_profile(&y, 0, &n));
    ck_assert_uint_eq(n, 2);
    ck_assert_ptr_null(prx_frame_profile(&y, 1, &n));
    ck_assert_uint_eq(n, 0);
    prx_free(&y);
    frames_free(&fr);
    machine_free(m);
}
END_TEST

/* titlegame.asm under the default auto: the title's retrace frames give
 * way to play's tick frames at the first sample after 3 s (14318181
 * cycles), and the summary says so; each of play's frames 262144 cycles
 * within a pass of its loop (37), the first within a tick of the switch. */
START_TEST(auto_takes_the_steady_state)
{
    struct run_result r;
    struct prx x;
    run_frames(&r, "", "titlegame", &x, 1);
    ck_assert_str_eq(x.frame_kind, "poll");
    char want[160];
    snprintf(want, sizeof want, "profil: frames (auto -> poll): the loop at %04X:011F waiting on 0040:006C "
             "(from 3.0 s; before it vsync)\n", (unsigned)(x.prog_low_pa - 0x10));
    ck_assert_msg(strstr(r.err, want) != NULL, "%s", r.err);
    ck_assert_uint_ge(x.frames[0].start, 14318181);
    ck_assert_uint_lt(x.frames[0].start, 14318181 + 262144 + 476);
    ck_assert_uint_ge(x.nframes, 20);
    for (size_t i = 0; i + 1 < x.nframes; i++) {
        ck_assert_uint_le(x.frames[i].cycles, 262144 + 37);
        ck_assert_uint_ge(x.frames[i].cycles + 37, 262144);
    }
    ck_assert_int_eq(x.frames[x.nframes - 1].unfinished, 1);
    /* With --frames vsync the title's 119 frames and the last one, unfinished through play. */
    prx_free(&x);
    run_frames(&r, "--frames vsync", "titlegame", &x, 1);
    ck_assert_uint_eq(x.nframes, 120);
    ck_assert_uint_gt(x.frames[119].cycles, 40 * 262144 - 262144);
    prx_free(&x);
}
END_TEST

/* loading.asm: a 6-second load (28 reads of 16 KiB on the XT's disk)
 * before 60 one-period frames: frame 1 is marked, spent on INT 21h/3Fh
 * read, and left out of the figures (median, p95 and worst of frames
 * 2-61: one raster period within the wait's 28 cycles); --by frame names
 * it, the .prx keeps it; --worst-frames 5 --frames-from 10 lists
 * gameplay frames 10 on, naming DOS, the I/O system as dos, io; diff
 * --frames-from compares from there. */
START_TEST(long_frames_are_marked_apart)
{
    struct run_result r, h;
    struct prx x;
    run_frames(&r, "--drive C=" DIR, "loading", &x, 1);
    ck_assert_str_eq(x.frame_kind, "vsync");
    ck_assert_uint_eq(x.nframes, 62);
    const struct prx_frame *load = &x.frames[0];
    ck_assert_int_eq(load->marked, 1);
    ck_assert_str_eq(load->spent, "INT 21h/3Fh read");
    ck_assert_uint_gt(load->cycles, 4u * 4772727u);            /* seconds */
    ck_assert_uint_gt(load->spent_cycles, load->cycles / 2);
    for (size_t i = 1; i < 61; i++) {
        ck_assert_int_eq(x.frames[i].marked, 0);
        ck_assert_uint_ge(x.frames[i].cycles + POLL, RASTER);
        ck_assert_uint_le(x.frames[i].cycles, RASTER + POLL);
    }
    struct prx_frame_stats st;
    ck_assert_int_eq(prx_frame_stats(x.frames, x.nframes, &st), 0);
    ck_assert_uint_eq(st.finished, 60);
    ck_assert_uint_eq(st.marked, 1);
    ck_assert_uint_le(st.worst, RASTER + POLL);
    ck_assert_msg(strstr(r.err, "profil: 60 frames (vsync): median 16.7 ms (59.9 fps), p95 16.7 ms, worst 16.7 ms") &&
                  strstr(r.err, "; 1 more marked not gameplay (the longest frame 1, "), "%s", r.err);
    ck_assert_int_ne(access(DIR "/LOAD.DAT", F_OK), 0);         /* the program deleted it */
    hist(&h, "--by frame " DIR "/F.prx", 0);
    ck_assert_msg(strstr(h.out, "  marked: INT 21h/3Fh read ") != NULL, "%s", h.out);
    hist(&h, "--by frame --format json " DIR "/F.prx", 0);
    ck_assert_msg(strstr(h.out, "\"finished\": 60, ") && strstr(h.out, "\"marked\": 1,\n") &&
                  strstr(h.out, "\"unfinished\": false, \"marked\": true, \"spent\": \"INT 21h/3Fh read\", "
                                "\"spent_cycles\": "), "%.600s", h.out);
    hist(&h, "--worst-frames 5 --frames-from 10 " DIR "/F.prx", 0);
    ck_assert_msg(strstr(h.out, "the 5 slowest of 52 frames (vsync, frames 10-62): median 16.7 ms") != NULL, "%s",
                  h.out);
    ck_assert_ptr_null(strstr(h.out, "marked"));
    ck_assert_ptr_null(strstr(h.out, "0070:"));
    unsigned listed = 0;        /* each frame's line: its number first (after the header) */
    for (const char *p = strchr(h.out, '\n'); p && p[1]; p = strchr(p + 1, '\n'))
        if (strncmp(p + 1, "          top", 13) != 0 && strncmp(p + 1, "the ", 4) != 0) {
            ck_assert_uint_ge(strtoul(p + 1, NULL, 10), 10);
            listed++;
        }
    ck_assert_uint_eq(listed, 5);
    hist(&h, "--by frame --frames-from 63 " DIR "/F.prx", 2);
    /* the error is the last line (after the one symbol rule's hint: loading.com has no map) */
    const char *range_err = "profil: --frames-from 63 --frames-to 0: " DIR "/F.prx has 62 frames\n";
    ck_assert_msg(strlen(h.err) >= strlen(range_err) &&
                  strcmp(h.err + strlen(h.err) - strlen(range_err), range_err) == 0, "%s", h.err);
    /* A range: frames 1-3, the load among them (marked, apart from the figures of 2 and 3). */
    hist(&h, "--by frame --frames-to 3 " DIR "/F.prx", 0);
    ck_assert_msg(strstr(h.out, "\n      3 ") && !strstr(h.out, "\n      4 ") &&
                  strstr(h.out, "2 frames (vsync, frames 1-3): median 16.7 ms") &&
                  strstr(h.out, "1 more marked not gameplay (the longest frame 1, "), "%s", h.out);
    hist(&h, "--by frame --frames-from 5 --frames-to 4 " DIR "/F.prx", 2);
    /* The HTML report's timeline data: frame 1 with its mark after its rows, frame 2 without. */
    struct run_result d;
    run_profil(&d, "report -o " DIR "/f.html " DIR "/F.prx", NULL);
    ck_assert_int_eq(d.status, 0);
    static char page[1 << 20];
    slurp(DIR "/f.html", page, sizeof page);
    char want[120];
    snprintf(want, sizeof want, "]], 1, \"INT 21h/3Fh read\", %llu]", (unsigned long long)load->spent_cycles);
    const char *f1 = strstr(page, "\n[68"), *f2 = f1 ? strstr(f1 + 1, "\n[") : NULL;
    ck_assert_msg(f1 && f2 && strstr(f1, want) && strstr(f1, want) < f2, "%.300s", f1 ? f1 : page);
    ck_assert_ptr_null(strstr(f2, "]], 1, \""));
    run_profil(&d, "diff --frames-from 2 " DIR "/F.prx " DIR "/F.prx", NULL);
    ck_assert_int_eq(d.status, 0);
    ck_assert_msg(strstr(d.out, "frames (vsync -> vsync): 60 -> 60 finished") != NULL, "%s", d.out);
    prx_free(&x);
}
END_TEST

/* The same run gives the same frames, and so does its replay: titlegame
 * (auto switching from vsync to poll) run with --record, then replayed:
 * the frames, their kind and why, cycle for cycle. */
START_TEST(frames_are_the_same_in_a_replay)
{
    struct run_result r;
    struct prx a, b;
    run_frames(&r, "--record " TMP "/title.rec", "titlegame", &a, 1);
    run_frames(&r, "--replay " TMP "/title.rec", "titlegame", &b, 1);
    ck_assert_str_eq(a.frame_kind, b.frame_kind);
    ck_assert_str_eq(a.frame_why, b.frame_why);
    assert_same_frames(&a, &b);
    prx_free(&a);
    prx_free(&b);
}
END_TEST

/* auto by hand: the first kind by what came so far; a FRAME call takes
 * over at once; at the end of an emulated second (POLL_WINDOW cycles,
 * seen at the next sample) the kind that second had takes over, the
 * frames before dropped and the change said. */
START_TEST(auto_takes_the_pacing_kind)
{
    struct machine *m = machine_new(CPU_8088);
    struct frames fr;
    frames_init(&fr, FRAMES_AUTO, m, NULL, 0x0000);
    fr.obs.status(fr.obs.ctx, 0, 100);
    fr.obs.status(fr.obs.ctx, 1, 200);                  /* vsync: the only kind so far */
    fr.obs.status(fr.obs.ctx, 0, 300);
    fr.obs.status(fr.obs.ctx, 1, 1000);
    ck_assert_int_eq(fr.kind, FRAMES_VSYNC);
    ck_assert_uint_eq(fr.n, 2);
    fr.obs.timer(fr.obs.ctx, 0x70 * 16, 0x70 * 16 + 0x39, 1500);      /* the BIOS's: nothing */
    ck_assert_uint_eq(fr.seen[FRAMES_TIMER], 0);
    /* The next second has only the program's timer handler (INT 8 at 2000:0000). */
    m->now = POLL_WINDOW + 10;
    frames_sample(&fr, 0x0070, 0x0004, CLASS_IO);      /* the first second ends: vsync */
    ck_assert_int_eq(fr.kind, FRAMES_VSYNC);
    fr.obs.timer(fr.obs.ctx, 0x20000, 0x70 * 16 + 0x39, POLL_WINDOW + 100);
    fr.obs.timer(fr.obs.ctx, 0x20000, 0x70 * 16 + 0x39, POLL_WINDOW + 5000);
    ck_assert_uint_eq(fr.n, 2);                         /* still vsync's */
    m->now = 2 * POLL_WINDOW + 10;
    frames_sample(&fr, 0x0070, 0x0004, CLASS_IO);      /* the second ends: timer, vsync's frames dropped */
    ck_assert_int_eq(fr.kind, FRAMES_TIMER);
    ck_assert_uint_eq(fr.n, 0);
    ck_assert_int_eq(fr.switched, 1);
    ck_assert_str_eq(fr.was, "vsync");
    fr.obs.timer(fr.obs.ctx, 0x20000, 0x70 * 16 + 0x39, 2 * POLL_WINDOW + 100);
    fr.obs.timer(fr.obs.ctx, 0x20000, 0x70 * 16 + 0x39, 2 * POLL_WINDOW + 16100);
    ck_assert_uint_eq(fr.n, 2);
    ck_assert_uint_eq(fr.f[0].cycles, 16000);
    frames_mark(&fr, 2 * POLL_WINDOW + 20000);         /* FRAME: mark at once */
    ck_assert_int_eq(fr.kind, FRAMES_MARK);
    ck_assert_uint_eq(fr.n, 1);
    ck_assert_str_eq(fr.was, "timer");
    fr.obs.timer(fr.obs.ctx, 0x20000, 0x70 * 16 + 0x39, 2 * POLL_WINDOW + 32100);
    ck_assert_uint_eq(fr.n, 1);                         /* mark stays */
    m->now = 3 * POLL_WINDOW + 10;
    frames_sample(&fr, 0x0070, 0x0004, CLASS_IO);
    ck_assert_int_eq(fr.kind, FRAMES_MARK);
    frames_finish(&fr, 3 * POLL_WINDOW + 20);
    ck_assert_msg(strstr(fr.why, "the program calls FRAME (from ") == fr.why && strstr(fr.why, " s; before it timer)"),
                  "%s", fr.why);
    frames_free(&fr);
    /* None: the summary's reason. */
    frames_init(&fr, FRAMES_AUTO, m, NULL, 0x0000);
    frames_finish(&fr, 100);
    ck_assert_str_eq(fr.why, "no FRAME call, wait loop, page flip, retrace seen or timer handler of the program's");
    frames_free(&fr);
    machine_free(m);
}
END_TEST

START_TEST(prc_frames_checked)
{
    struct run_result r;
    struct prx x;
    struct prc c;
    char err[300], text[4000];
    run_frames(&r, "--frames mark", "frameapi", &x, 1);
    prx_free(&x);
    ck_assert_msg(prc_read_file(DIR "/F.prc", &c, err, sizeof err) == 0, "%s", err);
    ck_assert_uint_eq(c.frames, 5);
    ck_assert_uint_eq(c.frame_stats.median, 1734);
    ck_assert_uint_eq(c.frame_stats.worst_frame, 1);
    prc_free(&c);
    /* median past p95: refused, naming the member */
    FILE *f = fopen(DIR "/F.prc", "r");
    size_t n = fread(text, 1, sizeof text - 1, f);
    fclose(f);
    text[n] = 0;
    char *median = strstr(text, "\"median\": 1734");
    ck_assert_ptr_nonnull(median);
    memcpy(median, "\"median\": 9999", 14);
    f = fopen(DIR "/F.prc", "w");
    fputs(text, f);
    fclose(f);
    ck_assert_int_eq(prc_read_file(DIR "/F.prc", &c, err, sizeof err), -1);
    ck_assert_msg(strstr(err, "\"frames\" is not {kind, count, finished, median, p95, worst, worst_frame}"), "%s", err);
    /* a run with none has no member */
    run_frames(&r, "", "tiny", &x, 0);
    ck_assert_msg(prc_read_file(DIR "/F.prc", &c, err, sizeof err) == 0, "%s", err);
    ck_assert_int_eq(c.has_frames, 0);
    prc_free(&c);
}
END_TEST

START_TEST(percentiles_by_nearest_rank)
{
    /* 20 finished frames of 1..20 cycles in reverse, then an unfinished one:
     * median the 10th shortest (10), p95 the 19th (19), worst 20 (frame 1). */
    struct prx_frame f[21];
    for (unsigned i = 0; i < 20; i++)
        f[i] = (struct prx_frame){ .cycles = 20 - i };
    f[20] = (struct prx_frame){ .cycles = 1000, .unfinished = 1 };
    struct prx_frame_stats st;
    ck_assert_int_eq(prx_frame_stats(f, 21, &st), 0);
    ck_assert_uint_eq(st.finished, 20);
    ck_assert_uint_eq(st.median, 10);
    ck_assert_uint_eq(st.p95, 19);
    ck_assert_uint_eq(st.worst, 20);
    ck_assert_uint_eq(st.worst_frame, 1);
    ck_assert_int_eq(prx_frame_stats(f + 20, 1, &st), 0);   /* only an unfinished one */
    ck_assert_uint_eq(st.finished, 0);
    ck_assert_uint_eq(st.median, 0);
    /* frame 1 (20 cycles) marked: the other 19 (1..19): median the 10th (10), p95 the 19th (19), worst 19 (frame 2) */
    f[0].marked = 1;
    ck_assert_int_eq(prx_frame_stats(f, 21, &st), 0);
    ck_assert_uint_eq(st.finished, 19);
    ck_assert_uint_eq(st.marked, 1);
    ck_assert_uint_eq(st.median, 10);
    ck_assert_uint_eq(st.worst, 19);
    ck_assert_uint_eq(st.worst_frame, 2);
}
END_TEST

/* --frames's text, by formats/framekind.h's one table: each name, timer/N
 * within 1-1000, at= with a symbol or SEG:OFF; anything else refused. */
START_TEST(frame_kinds_parse_and_print)
{
    struct frame_spec k;
    char text[PRX_FRAME_KIND_MAX];
    ck_assert_int_eq(frame_spec_parse("flip", &k), 0);
    ck_assert_int_eq(k.kind, FRAMES_FLIP);
    ck_assert_int_eq(frame_spec_parse("vblank", &k), -1);
    ck_assert_int_eq(frame_spec_parse("timer", &k), 0);
    ck_assert_int_eq(k.kind, FRAMES_TIMER);
    ck_assert_uint_eq(k.every, 1);
    ck_assert_int_eq(frame_spec_parse("timer/3", &k), 0);
    ck_assert_uint_eq(k.every, 3);
    frame_spec_text(&k, text, sizeof text);
    ck_assert_str_eq(text, "timer/3");
    ck_assert_int_eq(frame_spec_parse("timer/1000", &k), 0);
    ck_assert_int_eq(frame_spec_parse("timer/1001", &k), -1);
    ck_assert_int_eq(frame_spec_parse("timer/0", &k), -1);
    ck_assert_int_eq(frame_spec_parse("timer/", &k), -1);
    ck_assert_int_eq(frame_spec_parse("timer/2x", &k), -1);
    ck_assert_int_eq(frame_spec_parse("at", &k), -1);
    ck_assert_int_eq(frame_spec_parse("at=", &k), -1);
    ck_assert_int_eq(frame_spec_parse("at=_game_loop", &k), 0);
    ck_assert_int_eq(k.kind, FRAMES_AT);
    frame_spec_text(&k, text, sizeof text);
    ck_assert_str_eq(text, "at=_game_loop");
    unsigned seg, off;
    ck_assert_int_eq(frame_at_address("1A2B:0345", &seg, &off), 0);
    ck_assert_uint_eq(seg, 0x1A2B);
    ck_assert_uint_eq(off, 0x345);
    ck_assert_int_eq(frame_at_address("_game_loop", &seg, &off), -1);
    ck_assert_int_eq(frame_at_address("12345:0", &seg, &off), -1);
    ck_assert_int_eq(frame_at_address("1A2B:", &seg, &off), -1);
    for (int i = 0; i < FRAME_KINDS; i++)
        ck_assert(frame_kind_names[i] && frame_kinds[i].starts && frame_kinds[i].none);
}
END_TEST

Suite *frames_suite(void)
{
    Suite *s = suite_create("frames");
    TCase *tc = tcase_create("frames");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, vsync_frames_are_whole_retrace_periods);
    tcase_add_test(tc, flips_start_frames);
    tcase_add_test(tc, frame_calls_start_frames);
    tcase_add_test(tc, a_kind_not_seen_gives_no_frames);
    tcase_add_test(tc, frame_kinds_parse_and_print);
    tcase_add_test(tc, timer_frames_are_the_programs_interrupts);
    tcase_add_test(tc, at_frames_start_at_an_address);
    tcase_add_test(tc, frame_views_name_places_alike);
    tcase_add_test(tc, poll_frames_leave_the_wait_loop);
    tcase_add_test(tc, wait_loops_by_rule);
    tcase_add_test(tc, poll_frames_on_the_pit_count);
    tcase_add_test(tc, auto_takes_the_pacing_kind);
    tcase_add_test(tc, auto_takes_the_steady_state);
    tcase_add_test(tc, long_frames_are_marked_apart);
    tcase_add_test(tc, frames_are_the_same_in_a_replay);
    tcase_add_test(tc, unfinished_frame_at_a_timeout);
    tcase_add_test(tc, hist_by_frame_and_worst_frames);
    tcase_add_test(tc, each_frame_has_its_own_profile);
    tcase_add_test(tc, each_frame_has_its_video_waits);
    tcase_add_test(tc, frame_profile_rows_checked);
    tcase_add_test(tc, diff_frame_percentiles);
    tcase_add_test(tc, prx_frames_checked);
    tcase_add_test(tc, prc_frames_checked);
    tcase_add_test(tc, rules_and_the_cap);
    tcase_add_test(tc, percentiles_by_nearest_rank);
    suite_add_tcase(s, tc);
    return s;
}
