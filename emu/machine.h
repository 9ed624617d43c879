/*
 * emu/machine.h: the virtual IBM PC that profil runs a DOS program in.
 *
 * Owns: the 1 MiB of guest memory, the emulated clock (8088 CPU cycles at
 * 4.772727 MHz), the 8253 PIT and 8259 PIC, the port map, the table of
 * host-service traps (BIOS and DOS stubs), and the run loop: the base
 * layer, which includes no header of the BIOS, DOS or screen model (what
 * it needs of them they plug in: keys_held).  The display adapter's
 * registers and memory decoding are a chip of the layer below
 * (video/adapter.h), embedded here like the PIT.  It knows
 * nothing of profiling: a sampler registers a tick hook that the machine
 * calls with the CS:IP a real clock interrupt would have pushed.
 *
 * Only emu/cpu/cpu*.c include <x86emu.h>; everything else sees this header.
 */
#ifndef PROFIL_EMU_MACHINE_H
#define PROFIL_EMU_MACHINE_H

#include <stdint.h>
#include <stddef.h>
#include <stdio.h>

#include "cpu/cpu_models.h"
#include "video/adapter.h"
#include "chips/guestport.h"
#include "chips/keyboard.h"
#include "chips/pit.h"
#include "chips/pic.h"
#include "chips/speaker.h"

#define MEM_SIZE 0x100000u          /* 1 MiB, addresses wrap (A20 off) */
#define MEM_MASK 0xFFFFFu
#define MEM_PAD 8u                  /* zero bytes after the MEM_SIZE, never
                                       written: the bus clock's replay loads
                                       8 bytes at any address (biu_memo.h's
                                       memo_bytes_padded) */

/* The emulated clock's rate, CPU_HZ_NUM / CPU_HZ_DEN: emu/clockrate.h (through chips/pit.h). */

/* Fixed memory layout (paragraphs), see docs/architecture.md. */
#define SEG_BDA      0x0040u
#define SEG_IOSYS    0x0070u        /* BIOS stubs and code: the I/O system   */
#define SEG_DOS      0x00C0u        /* dos_pa: DOS stubs, tables, buffers    */
#define SEG_ARENA    0x0180u        /* first MCB                             */
#define SEG_MEM_TOP  0xA000u        /* 640 KiB                               */
#define SEG_VIDEO    0xB800u
#define SEG_ROM      0xF000u

/* The clock model the machine runs: "bus" or "table" (the summary, the
 * .prx and the .prc name it so). */
struct machine;
const char *machine_timing_name(const struct machine *m);

/* Why a run stopped. */
enum stop_reason {
    STOP_NONE = 0,
    STOP_EXIT,          /* program terminated (INT 20h, 21h/00, 21h/4Ch) */
    STOP_TIMEOUT,       /* --timeout emulated seconds reached            */
    STOP_MAX_INSN,      /* --max-instructions reached                    */
    STOP_INTERRUPTED,   /* host Ctrl-C                                   */
    STOP_FAULT,         /* guest fault: invalid opcode, hung HLT, ...    */
    STOP_STRICT,        /* --strict and an unimplemented service         */
    STOP_SIGNAL,        /* host SIGTERM or SIGHUP (stop_signal says which) */
    STOP_OUTPUT_CLOSED, /* the reader of the program's stdout went away  */
    STOP_NO_INPUT,      /* a read waits for a key after the last one     */
};

struct machine;

/* A host service: runs when the guest's CS:IP reaches its trap address.
 * Registers are read and written with the cpu_* accessors below. */
typedef void (*service_fn)(struct machine *m, void *ctx);

/* Called once per sampling tick with the interrupted CS:IP. */
typedef void (*tick_fn)(void *ctx, uint16_t cs, uint16_t ip);

#define MAX_TRAPS 64
#define TRAP_WATCH (-2)            /* struct trap's vec: machine_add_watch() */

struct trap {
    uint32_t linear;
    service_fn fn;
    void *ctx;
    int vec;                    /* the INT it serves, -1 (a continuation) or TRAP_WATCH */
};

/* Which DOS or BIOS service the time goes to (emu/services.h ids), for
 * the profilers: `call` when the guest enters a service (not when one that
 * waited for a key asks again), `spent` the cycles machine_charge() spends
 * while a service runs, waits in its loop, or is entered (an interrupt
 * entry at its stub).  Guest code the BIOS lays down (the INT 08h handler)
 * is named by address instead: machine_service_at(), code_services. */
struct service_observer {
    void *ctx;
    void (*call)(void *ctx, uint32_t id);
    void (*spent)(void *ctx, uint32_t id, uint64_t cycles);
};
#define MAX_CODE_SERVICES 4
struct code_service { uint32_t lo, len, id; };

/* Trace mode's exact counts, per linear address (sampler/trace.c owns
 * them): instructions that started there, the cycles they took (plus what
 * machine_charge() spent there: host services, interrupt entry at the
 * handler's first address, HLT), and the CS they were last run with.  One
 * struct per address, 32 bytes in an array aligned to 64, so counting an
 * instruction loads one pointer and touches one cache line. */
struct addr_counts {
    uint64_t insns;
    uint64_t cycles;
    uint64_t stalls;            /* of the cycles, waits for the queue or bus */
    uint16_t cs;
};
struct exact_counts {
    struct addr_counts *addr;   /* MEM_SIZE of them */
    uint64_t *video;            /* of the stalls, the video card's wait states
                                   (MEM_SIZE; apart, as they are seldom written) */
    uint8_t *code;              /* each instruction's bytes as they were the first
                                   time it ran (NULL: not kept); others stay 0 */
    /* Or NULL: each address counted since the list was last emptied, once
     * (a sparse set over MEM_SIZE entries each: `touched_at[a]` is a's
     * place in `touched` when a is in it).  sampler/frames.c empties it at
     * each frame, to take the frame's own counts. */
    uint32_t *touched, *touched_at;
    uint32_t ntouched;
};

/* The four counts at address a, as an array: instructions, cycles, stalls
 * and video stalls (the order of struct prx_frame_row's and the .prx's). */
static inline void exact_get(const struct exact_counts *x, uint32_t a, uint64_t v[4])
{
    v[0] = x->addr[a].insns;
    v[1] = x->addr[a].cycles;
    v[2] = x->addr[a].stalls;
    v[3] = x->video ? x->video[a] : 0;
}

/* Address a was counted (after lin() masking). */
static inline void exact_touch(struct exact_counts *x, uint32_t a)
{
    if (x->touched && (x->touched_at[a] >= x->ntouched || x->touched[x->touched_at[a]] != a)) {
        x->touched_at[a] = x->ntouched;
        x->touched[x->ntouched++] = a;
    }
}

/* The guest's control transfers, for the shadow stack (sampler/calls.c).
 * `call` follows a CALL, INT n, divide error or hardware interrupt: the
 * callee's first CS:IP and SS:SP with the return address on top; `ret` a
 * RET, RETF or IRET that took its return address from SS:slot.  The
 * instructions, cycles and stall cycles the code runs are not handed over
 * one by one: the machine adds them to its running totals (struct
 * call_totals, machine->counted: every instruction the cpu settles while
 * an observer may read them, and every machine_charge()), and the observer
 * takes them, setting them back to 0, for the code that was running: at
 * each transfer, pause and read. */
enum transfer { XFER_NEAR, XFER_FAR, XFER_INT, XFER_IRQ };
struct call_observer {
    void *ctx;
    /* A call to CS:IP whose return address, at SS:SP, leads back to the
     * linear address `back`; `service`: for an INT or IRQ, the service it
     * asks for (emu/services.h: the vector, and AH and AL where they choose
     * a function), else 0. */
    void (*call)(void *ctx, enum transfer kind, uint16_t cs, uint16_t ip, uint16_t ss, uint16_t sp, uint32_t back,
                 uint32_t service);
    /* A return whose address came from SS:slot.  ret and near_call
     * return 0, the code hook's own value, so that the hook can end in a
     * tail call to them (no frame, no saved registers). */
    int (*ret)(void *ctx, uint16_t ss, uint16_t slot);
    /* call(ctx, XFER_NEAR, cs, ip, ss, sp, back, 0) with fewer arguments,
     * for the common CALL rel16 (all in registers). */
    int (*near_call)(void *ctx, uint16_t cs, uint16_t ip, uint16_t ss, uint16_t sp, uint32_t back);
    /* An indirect JMP went to the linear address `to` (a return by JMP, as
     * MS C's __chkstk makes one: POP CX ... JMP CX). */
    void (*jump)(void *ctx, uint32_t to);
};
struct call_totals {
    /* (insns and cycles apart: side by side, gcc adds 1 and the cycles to
     * the pair in one SSE add, which takes six instructions instead of two) */
    uint64_t insns;
    uint64_t stalls;            /* of the cycles, waits for the queue or bus */
    uint64_t cycles;
};

/* What the frame profiler watches of the display and the timer
 * (sampler/frames.h): each read of the card's status port, with whether
 * it showed the vertical sync, each write of the CRTC's start address
 * (R12, R13), with the raster frames the card has shown (adapter_frames)
 * then, and each IRQ 0 the CPU takes, with the linear addresses INT 8's
 * and INT 1Ch's vectors hold then (or NULL: not watched). */
struct display_observer {
    void *ctx;
    void (*status)(void *ctx, int vsync, uint64_t now);
    void (*start_address)(void *ctx, uint16_t address, uint64_t raster_frame, uint64_t now);
    void (*timer)(void *ctx, uint32_t int08, uint32_t int1c, uint64_t now);
};

struct machine {
    uint8_t *mem;                   /* MEM_SIZE bytes                        */
    void *cpu;                      /* opaque, owned by emu/cpu/cpu.c            */
    enum cpu_model model;
    const struct cpu_model_row *cpu_row; /* the model's answers (cpu_models.h) */
    int timing_bus;             /* --timing bus (emu/cpu/biu.h) instead of the table */
    int no_refresh;             /* the bus model leaves out the DRAM refresh */
    const struct video_waits *video_waits; /* the bus model's wait states of video
                                   memory (machine_set_video_waits; NULL none) */
    int hinted;                     /* the 186-opcode hint has been shown   */

    /* Emulated time, in CPU cycles since power-on. */
    uint64_t now;
    uint64_t next_event;            /* min of the deadlines below           */
    uint64_t next_tick;             /* sampling clock (UINT64_MAX if none)  */
    uint64_t tick_period;
    uint64_t deadline;              /* --timeout, UINT64_MAX if none        */
    uint64_t max_insn;              /* 0: no limit                          */
    uint64_t service_items;         /* bytes/characters host services handled */
    struct call_totals counted;     /* what the call observer is owed: every
                                       instruction, cycle and stall counted
                                       since it last took them (struct
                                       call_observer) */
    unsigned irq_waiting;           /* the PIC has an IRQ for the CPU: it is
                                       delivered at the first boundary with IF=1 */
    uint64_t wake_at;               /* a HLT in the waiting service's loop
                                       wakes here without an interrupt (the
                                       BIOS's disk wait); UINT64_MAX: none */
    uint32_t rep_resume;            /* 10000h | IP: a REP string was cut here
                                       (emu/cpu/cpu.c), an interrupt taken now
                                       pushes that IP (its last prefix on the
                                       NMOS 8088/8086); 0: none             */

    struct pit pit;
    struct pic pic;
    struct keyboard kbd;            /* port 60h/64h, IRQ1, --keys          */
    struct speaker spk;             /* port 61h bits 0-1 and PIT channel 2 */
    struct guest_port guest;        /* ports ECh/EDh: the guest's profiling
                                       interface; its observer (guest.obs) is
                                       the profiler's (sampler/guestprof.h) */

    tick_fn on_tick;
    void *tick_ctx;
    /* Set only through cpu_observe(), which picks the hook that counts. */
    struct exact_counts *exact;     /* trace mode, or NULL                  */
    const struct call_observer *calls; /* --trace/--stacks, or NULL         */

    const struct service_observer *services;  /* or NULL */
    const struct display_observer *display;   /* or NULL */
    uint32_t service;               /* the host service running now, or 0  */
    uint32_t service_waiting;       /* a service waiting in its loop, or 0 */
    uint32_t wait_lo;               /* that loop's linear address (5 bytes) */
    struct code_service code_services[MAX_CODE_SERVICES];
    int ncode_services;

    struct trap traps[MAX_TRAPS];
    int ntraps;
    uint32_t trap_lo, trap_span;    /* quick range check before the table   */
    uint8_t *trap_index;            /* trap_span entries: trap number or FF */

    /* The guest-visible port models other than PIT/PIC/keyboard. */
    uint8_t port61;
    /* The display adapter (--video): its ports 3B0h-3DFh, and the memory
     * windows it decodes in A0000h-BFFFFh (machine_set_video()); writes
     * there keep every mirror of a byte equal, and go nowhere outside
     * the windows, which read FFh. */
    struct display_adapter adapter;
    struct vram_window vram[ADAPTER_MAX_WINDOWS];
    unsigned nvram;
    uint32_t card_lo, card_span;    /* reads of card_lo..+card_span go to the card
                                       (machine_read_card); span 0: none do */
    uint8_t vram_aside[VRAM_ASIDE]; /* a window's bytes while the card unmaps it
                                       (a Hercules's second page, 3BFh) */
    uint8_t port_warned[8192];      /* one bit per port: reported once      */
    uint8_t fn_warned[8192];        /* one bit per (vector, AH): reported once */

    /* What the layers above plug into the base, so that it includes none
     * of their headers (docs/architecture.md, Layers): whether the
     * keyboard holds its next key back because the BIOS's buffer at 40:1Eh
     * is full (emu/bios), set by bios_install(); without it no key is held.
     * `bios` is the BIOS's per-machine state (emu/bios/bios_internal.h),
     * freed with the machine. */
    int (*keys_held)(const struct machine *m);
    void *bios;
    /* The host's control events (start, stop, mark, end of a recording)
     * from the keyboard's timed events, at their emulated time; the
     * session sets it (lib/record.c).  NULL: they are ignored. */
    void (*on_control)(void *ctx, const struct input_event *e);
    void *control_ctx;

    enum stop_reason stop;
    int exit_code;                  /* for STOP_EXIT                         */
    char fault[160];                /* for STOP_FAULT/STOP_STRICT            */
    volatile int interrupt_requested; /* set from a signal handler: the host
                                       signal's number (SIGINT: Ctrl-C) */
    int boundary_due;               /* emu/cpu/cpu.c: the next boundary has work (BOUNDARY_*) */
    int stop_signal;                /* for STOP_SIGNAL                       */
    int strict;
    FILE *warn;                     /* the once-per-run warnings; NULL: stderr */
    int bare_bus;                   /* conformance tests: every port reads FFh, no devices */
    uint32_t rom_start;             /* guest writes at or above go through machine_write_high():
                                       the adapter's memory decoding, then the ROM, which
                                       ignores them (MEM_SIZE: plain RAM everywhere) */

    /* Statistics. */
    uint64_t insns;
    uint64_t irq0_delivered;
};

/* Lifetime.  machine_new(): NULL when out of memory or `model` is none. */
struct machine *machine_new(enum cpu_model model);
/* The wait states the bus model charges for video memory (card.h; the
 * card's from machine_set_video(), NULL none); the table model has none. */
void machine_set_video_waits(struct machine *m, const struct video_waits *waits);
void machine_free(struct machine *m);

/* The display adapter: the card (--video: a row of emu/video/cards.h's
 * table; the CGA from machine_new();
 * before bios_install(), which sets its mode),
 * reset as at power-on, its memory windows mapped (0 with its memory, the
 * rest of A0000h-BFFFFh reading FFh), and its wait states for the bus
 * model (the CGA's; none for the others). */
void machine_set_video(struct machine *m, const struct video_card *card);
static inline const struct video_card *machine_video_card(const struct machine *m) { return m->adapter.card; }

/* Memory: linear addresses wrap at 1 MiB.  Writes to A0000h-BFFFFh, the
 * guest's and the host's, follow the adapter's decoding (the mirrors of a
 * byte stay equal; outside its windows nothing is written); on an EGA or
 * VGA they and the reads reach its planes (the host's reads through
 * ega_peek, changing no latch). */
static inline uint32_t lin(uint16_t seg, uint16_t off) { return (((uint32_t)seg << 4) + off) & MEM_MASK; }
uint8_t mem_rb(const struct machine *m, uint32_t a);
uint16_t mem_rw(const struct machine *m, uint32_t a);
void mem_wb(struct machine *m, uint32_t a, uint8_t v);
void mem_ww(struct machine *m, uint32_t a, uint16_t v);
/* A word at seg:off whose high byte is at seg:(off + 1) within the
 * segment: at offset FFFFh it is at offset 0, as on the 8086 and 8088,
 * whose offsets wrap at 64 KiB (a stack word at SP FFFFh, a frame pushed
 * from SP 1, 3 or 5). */
uint16_t mem_rw_seg(const struct machine *m, uint16_t seg, uint16_t off);
void mem_ww_seg(struct machine *m, uint16_t seg, uint16_t off, uint16_t v);
void mem_write(struct machine *m, uint32_t a, const void *src, size_t n);
void mem_read(const struct machine *m, uint32_t a, void *dst, size_t n);
/* A guest write at or above m->rom_start (emu/cpu's memory callbacks):
 * video memory as the adapter decodes it, the ROM ignoring it, else RAM. */
void machine_write_high(struct machine *m, uint32_t a, uint8_t v);
/* A CPU read of `bytes` bytes at `a` that may reach the card (a in
 * m->card_lo..+card_span: the EGA's and VGA's planes load their latches
 * and answer by the read mode): data reads, instruction fetches and the
 * 8086 layer's stack pops; little-endian. */
uint32_t machine_read_card(struct machine *m, uint32_t a, unsigned bytes);
void ivt_set(struct machine *m, uint8_t vec, uint16_t seg, uint16_t off);
/* Guest code the BIOS and DOS lay down: a near JMP at seg:at to seg:to
 * (3 bytes); a wait that sleeps until an interrupt and then goes to
 * seg:to, where a service asks again (STI; HLT; JMP: 5 bytes). */
void machine_put_jmp(struct machine *m, uint16_t seg, uint16_t at, uint16_t to);
void machine_put_wait_loop(struct machine *m, uint16_t seg, uint16_t at, uint16_t to);

/* Registers (16-bit, real mode). */
enum reg { REG_AX, REG_BX, REG_CX, REG_DX, REG_SI, REG_DI, REG_BP, REG_SP, REG_IP, REG_FLAGS,
           REG_ES, REG_CS, REG_SS, REG_DS, NREGS };
uint16_t cpu_get(struct machine *m, enum reg r);
void cpu_set(struct machine *m, enum reg r, uint16_t v);
static inline uint8_t cpu_ah(struct machine *m) { return (uint8_t)(cpu_get(m, REG_AX) >> 8); }
static inline uint8_t cpu_al(struct machine *m) { return (uint8_t)cpu_get(m, REG_AX); }
void cpu_set_al(struct machine *m, uint8_t v);
void cpu_set_ah(struct machine *m, uint8_t v);

#define FL_CF 0x0001u
#define FL_ZF 0x0040u
#define FL_IF 0x0200u
#define FL_TF 0x0100u
#define FL_DF 0x0400u

/* Inside a service: the FLAGS image the stub's IRET will restore. */
void service_set_carry(struct machine *m, int carry);
void service_set_zero(struct machine *m, int zero);
/* The CS:IP the guest called the service from (the IRET frame). */
void service_caller(struct machine *m, uint16_t *cs, uint16_t *ip);

/* Host services.  A trap that serves INT vec (machine_add_service) names
 * the time spent in it by service (emu/services.h); a plain trap continues
 * a service (after INT 23h or 24h). */
int machine_add_trap(struct machine *m, uint16_t seg, uint16_t off, service_fn fn, void *ctx);
/* A watch (run --frames at=): fn runs each time the CPU is about to run
 * the instruction at `linear`, after any hardware interrupt it takes at
 * that boundary, and the instruction then runs as it would; the program
 * runs as without it (more slowly: the boundaries between the traps and
 * it are decoded).  0; -1 when the traps are full; -2 when a trap is
 * there already (a DOS or BIOS service's, or a watch). */
int machine_add_watch(struct machine *m, uint32_t linear, service_fn fn, void *ctx);
int machine_add_service(struct machine *m, uint8_t vec, uint16_t seg, uint16_t off, service_fn fn, void *ctx);
/* Guest code at seg:off, len bytes, that does the work of service `id`
 * (the BIOS's INT 08h handler): time there is that service's. */
int machine_add_code_service(struct machine *m, uint16_t seg, uint16_t off, uint32_t len, uint32_t id);
/* Inside a service: no answer yet, continue in the wait loop at seg:off
 * (machine_put_wait_loop()), which makes the call again after the next
 * interrupt (or at m->wake_at, which this clears); the time in the loop
 * stays the service's, and asking again is not a new call. */
void machine_service_wait(struct machine *m, uint16_t seg, uint16_t off);
/* The service time at CS:IP belongs to (the one running, waiting in a loop
 * there, about to run at a trap there, or BIOS code there), 0 for none. */
uint32_t machine_service_at(struct machine *m, uint16_t cs, uint16_t ip);

/* Time: advance the clock by cycles spent at CS:IP (ticks that fall in
 * that span are attributed to CS:IP).  Used by host services. */
void machine_charge(struct machine *m, uint64_t cycles, uint16_t cs, uint16_t ip);
void machine_set_tick(struct machine *m, uint64_t period, tick_fn fn, void *ctx);
void machine_set_timeout(struct machine *m, uint64_t cycles);
void machine_set_max_insn(struct machine *m, uint64_t n);
/* Where the warnings about the guest go (struct machine's warn). */
/* What the layers above read of the machine (sampler/ never reads struct
 * machine's fields: tests/check_layers.c): the emulated time in cycles,
 * the CPU model, the display adapter, and the guest code the BIOS laid
 * down as a service (code_services: `n` of them). */
static inline uint64_t machine_now(const struct machine *m) { return m->now; }
static inline enum cpu_model machine_cpu_model(const struct machine *m) { return m->model; }
/* The display adapter, for its raster clock (adapter_frames()). */
static inline const struct display_adapter *machine_adapter(const struct machine *m) { return &m->adapter; }
static inline const struct code_service *machine_code_services(const struct machine *m, int *n)
{
    *n = m->ncode_services;
    return m->code_services;
}
static inline FILE *machine_warn(const struct machine *m)
{
    return m->warn ? m->warn : stderr;
}

void machine_stop(struct machine *m, enum stop_reason why, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* Host services that handle many bytes or characters in one guest
 * instruction (INT 21h/09h, a console write) do it in pieces of at most
 * what this allows: 0 once the run must stop (--timeout passed, Ctrl-C,
 * a stop), else up to `want`, fewer when --max-instructions N is near:
 * the items services handle count against N too, so the limits bound
 * host time and output as well as instructions.  After each piece, charge
 * its emulated time (machine_charge() fires the deadlines) and report it
 * with machine_work_done(). */
unsigned machine_work_allowed(const struct machine *m, unsigned want);
void machine_work_done(struct machine *m, unsigned items);

/* A service function the guest called is not implemented: report it once
 * per (vector, function) and, with --strict, stop the run. */
void machine_unimplemented(struct machine *m, uint8_t vec, uint8_t fn, uint16_t cs, uint16_t ip);

/* Port I/O as the guest sees it (also used by tests). */
uint8_t port_in(struct machine *m, uint16_t port);
void port_out(struct machine *m, uint16_t port, uint8_t v);

/* Run until the program stops; returns the stop reason. */
enum stop_reason machine_run(struct machine *m);

/* Deliver a hardware or divide-error interrupt now: push FLAGS, CS, IP,
 * clear IF and TF, load the vector. */
void machine_interrupt(struct machine *m, uint8_t vec);
/* When the next hardware interrupt the CPU would take with IF set comes:
 * now if the PIC has one, else the PIT's next IRQ0 or the keyboard's next
 * event if the PIC would pass it (its mask, what is in service);
 * UINT64_MAX if none is coming. */
uint64_t machine_irq_next(const struct machine *m);

/* Internal: recompute next_event after a deadline changed. */
void machine_update_next_event(struct machine *m);
/* What the instruction that just finished asks of the boundary after it
 * (emu/cpu/cpu.c knows): it loaded a segment register, so no interrupt
 * comes between it and the next instruction; it was STI, so no hardware
 * interrupt does (IF counts from the next instruction on); TF was set when it began, so
 * the single-step trap (INT 1) follows it, after any hardware interrupt
 * taken there (whose handler's first instruction INT 1 then returns to). */
enum { BOUNDARY_SHADOW = 1, BOUNDARY_STEP = 2, BOUNDARY_STI = 4 };

/* Internal, called by emu/cpu/cpu.c at boundaries where a deadline passed,
 * CS:IP is a trap, or `after` (BOUNDARY_*) asks for something.  prev_*
 * describe the instruction that just finished. */
void machine_boundary(struct machine *m, uint16_t cs, uint16_t ip,
                      uint16_t prev_cs, uint16_t prev_ip, uint64_t rep_split, unsigned after);

/* Cycle helpers. */
uint64_t cycles_from_usec(uint64_t usec);
double cycles_to_seconds(uint64_t cycles);

#endif
