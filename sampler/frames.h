/*
 * sampler/frames.h: the program's frames, found without changing it
 * (run --frames, docs/frames.md).
 *
 * Owns the ways a frame starts (formats/framekind.h names them) and the
 * choice among them: `vsync`,
 * a read of the display's status port that shows the vertical sync after
 * one (of the same program) that did not; `flip`, a write of the CRTC's
 * start address (R12 or R13) that changes it from the one of the last
 * flip, the writes within one raster frame of the card (which the 6845
 * reads once a frame) being one flip; `mark`, the program's FRAME call
 * (guestprof.h); `timer`, the program's own INT 8 or INT 1Ch handler
 * entered by IRQ 0 (every Nth: timer/N); `at`, execution reaching an
 * address (a watch, machine_add_watch()); `poll`, the program leaving the
 * wait loop it spends most time in; `auto` counts every kind's events and
 * takes the kind that paces the program: FRAME calls (at once), else its
 * busiest wait loop (its retrace wait is vsync), else flips, the retrace
 * seen, its timer handler; at first by what came so far, then by each
 * emulated second's, dropping the frames when it changes.
 * Per frame: its start and cycles, the instructions (the machine's count)
 * and the samples (the sampler's total) in it, and its own profile: the
 * samples at each address (the sampler hands each to frames_sample()),
 * or in trace mode each address's instructions, cycles, stalls and video
 * waits in the frame (the trace's counts less those at the frame's start,
 * over the addresses the machine lists as touched since).  The frame the
 * run ends in is kept as unfinished.  At the end a finished frame longer
 * than PRX_FRAME_LONG times the median is marked as not gameplay, with
 * the DOS or BIOS service it spent most cycles in (svcprof.h), or "the
 * program".  The display_observer goes to machine->display.
 * Their statistics and reports: report/frames.h.
 */
#ifndef PROFIL_SAMPLER_FRAMES_H
#define PROFIL_SAMPLER_FRAMES_H

#include <stddef.h>
#include <stdint.h>

#include "../emu/machine.h"
#include "../formats/framekind.h"
#include "../formats/prx.h"
#include "sampler.h"
#include "svcprof.h"
#include "waitloop.h"


/* Frames kept at most (the guest is untrusted: 40 MB, 4.6 hours at 60
 * frames a second); the last kept one ends where the next would start,
 * and later ones are only counted, in `dropped`. */
#define FRAMES_MAX 1000000u

/* poll (and auto): the wait loops seen (waitloop.h), each with its
 * samples, and in the current window of POLL_WINDOW cycles; the one with
 * the most in a window leads from then on (the frames before it are
 * dropped).  auto decides its kind by the window too. */
#define POLL_LOOPS 8
#define POLL_WINDOW CPU_HZ_ROUND    /* one emulated second (emu/clockrate.h, through machine.h) */
struct frames;
struct poll_loop {
    struct frames *fr;
    struct wait_loop w;
    uint64_t samples, window;
    uint64_t at_insn;               /* the instruction count when its exit last fired, + 1 */
    int watched;                    /* its exit is watched (only a lead's is) */
};

struct frames {
    enum frame_kind want;           /* as asked */
    enum frame_kind kind;           /* found: FRAMES_AUTO until the first frame */
    struct machine *m;              /* the instruction count */
    const struct sampler *s;        /* the samples (or NULL) */
    int seen_outside;               /* vsync: a status read showed no sync since the last frame */
    int have_flip;                  /* flip: a flip so far (flip_raster holds) */
    uint16_t flip_address;          /* the start address at the last flip, or at the start */
    uint64_t flip_raster;           /* the card's raster frame of the last flip */
    unsigned every;                 /* timer: a frame at every Nth of the program's interrupts */
    uint64_t timer_runs;            /* timer: the program's handler's runs so far */
    uint64_t at_insn;               /* at: the instruction count when the watch last fired, + 1 */
    char text[PRX_FRAME_KIND_MAX];  /* the kind as asked ("timer/3", "at=_loop"), for the .prx */
    const uint8_t *mem;             /* poll: the machine's memory (the code), set by the caller */
    const struct svcprof *svc;      /* each frame's busiest service, or NULL; set by the caller */
    uint64_t *svc_base;             /* its rows' cycles at the open frame's start */
    size_t nsvc_base, svc_cap;
    struct poll_loop poll[POLL_LOOPS];
    int npoll, lead;                /* the loops seen; the one frames follow (-1: none yet) */
    uint8_t *poll_seen;             /* per address: 0 not looked at, 1 no loop, 2 + k loop k */
    uint64_t poll_window;           /* the window the counts are of */
    uint64_t seen[FRAME_KINDS], window_seen[FRAME_KINDS];  /* auto: each kind's events, in all and in the window */
    int switched;                   /* frames were dropped: what paces the program changed */
    char was[PRX_FRAME_WHY_MAX];    /* ... from this kind or loop */
    uint64_t switched_at;           /* ... at this cycle */
    char why[PRX_FRAME_WHY_MAX];    /* poll: "the loop at ... waiting on ..." (frames_finish) */
    struct prx_frame *f;            /* the frames, the last one still open */
    size_t n, cap;
    size_t max;                     /* FRAMES_MAX (a test may lower it) */
    uint64_t dropped;               /* frame starts past `max` */
    /* Each frame's own profile (prx_frame_row): the finished frames' rows,
     * then the open one's from `open_row`; `profiled` frames have theirs,
     * none after a frame's would pass `rows_max`. */
    struct prx_frame_row *rows;
    size_t nrows, rows_cap, open_row, profiled, rows_max;
    int rows_full;                  /* rows_max passed: no more frames get theirs */
    uint32_t *slot;                 /* sampling: an address's row in the open frame, when
                                       rows[slot[a]] is it (a sparse set, MEM_SIZE) */
    struct exact_counts *exact;     /* trace mode, or NULL (frames_trace()) */
    uint64_t *base[4];              /* trace: each address's instructions, cycles, stalls,
                                       video at the last frame start */
    uint32_t *touched, *touched_at; /* trace: the exact counts' touched list (frames owns it) */
    uint64_t period;                /* the card's raster frame in cycles when the run ended (0: none) */
    int failed;                     /* out of memory: frames stopped there */
    struct display_observer obs;    /* hand &obs to machine->display */
};

/* `shown`: the start address the card has when the run starts (the first
 * write that changes it is a flip). */
void frames_init(struct frames *fr, enum frame_kind want, struct machine *m, const struct sampler *s, uint16_t shown);
void frames_free(struct frames *fr);
/* timer/N: a frame at every Nth run of the program's own timer handler
 * (1: each). */
void frames_timer_every(struct frames *fr, unsigned every);
/* at=: a frame each time execution reaches `linear` (`text` as given:
 * the symbol or SEG:OFF); 0, or machine_add_watch()'s -1 (no room) or -2
 * (a DOS or BIOS service's address). */
int frames_at(struct frames *fr, uint32_t linear, const char *text);
/* Trace mode: each frame's profile from x, whose `touched` list frames
 * keeps (from the first frame on; 0, or -1 out of memory). */
int frames_trace(struct frames *fr, struct exact_counts *x);
/* The sampler's sample at cs:ip, counted in class `cls` (poll: the wait
 * loops are found here). */
void frames_sample(struct frames *fr, uint16_t cs, uint16_t ip, enum sample_class cls);
/* The program's CLEAR set the trace's counts to 0. */
void frames_counts_cleared(struct frames *fr);
/* The program's FRAME call at `now`. */
void frames_mark(struct frames *fr, uint64_t now);
/* The run ended at `now`: the open frame's counts, as unfinished; the
 * card's raster period then (the retrace period reports mark). */
void frames_finish(struct frames *fr, uint64_t now);
/* The frames into the .prx (moved: fr keeps none). */
void frames_to_prx(struct frames *fr, struct prx *x);

#endif
