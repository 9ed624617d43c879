/*
 * emu/machine.c: the virtual PC's memory, clock, deadlines, interrupts,
 * ports, host-service traps and run loop (see machine.h).
 *
 * Time moves in two ways only: emu/cpu/cpu.c adds each instruction's cycles,
 * and machine_charge() adds the cost of a host service or of an interrupt
 * entry.  Both end in process_deadlines() (machine_boundary() runs its
 * two halves, fire_ticks() and process_other_deadlines(), and skips the
 * second when only the ticks were due), which fires the sampling ticks
 * (attributing each to the CS:IP a real interrupt would push), raises
 * IRQ0 from the PIT, and enforces --timeout and host Ctrl-C.
 */
#include "machine.h"

#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cpu/cpu.h"
#include "video/cards.h"
#include "services.h"
#include "cpu/timing.h"

/* ---- lifetime ------------------------------------------------------------ */

const char *machine_timing_name(const struct machine *m)
{
    return m->timing_bus ? "bus" : "table";
}

struct machine *machine_new(enum cpu_model model)
{
    if (!cpu_model_row(model))
        return NULL;
    struct machine *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->mem = calloc(1, MEM_SIZE + MEM_PAD);
    m->model = model;
    m->cpu_row = cpu_model_row(model);
    if (!m->mem || cpu_create(m) != 0) {
        free(m->mem);
        free(m);
        return NULL;
    }
    pit_init(&m->pit);
    pic_init(&m->pic);
    kbd_init(&m->kbd);
    speaker_init(&m->spk);
    m->next_tick = UINT64_MAX;
    m->deadline = UINT64_MAX;
    m->wake_at = UINT64_MAX;
    m->rom_start = VRAM_LO;
    machine_set_video(m, video_cards_at(0));
    m->trap_lo = 0xFFFFFFFFu;
    machine_update_next_event(m);
    return m;
}

void machine_set_video_waits(struct machine *m, const struct video_waits *waits)
{
    m->video_waits = waits && waits->wait ? waits : NULL;
    if (m->cpu)
        cpu_video_waits_changed(m);
}

void machine_free(struct machine *m)
{
    if (!m)
        return;
    cpu_destroy(m);
    kbd_free(&m->kbd);
    speaker_free(&m->spk);
    free(m->bios);
    free(m->trap_index);
    free(m->mem);
    free(m);
}

/* ---- memory -------------------------------------------------------------- */

/* A byte written into the adapters' space: into every copy the card's
 * window holds of it, or nowhere outside its windows. */
static void vram_write(struct machine *m, uint32_t a, uint8_t v)
{
    if (adapter_is_planar(&m->adapter)) {
        ega_write(&m->adapter.ega, a, v);
        return;
    }
    for (unsigned i = 0; i < m->nvram; i++) {
        const struct vram_window *w = &m->vram[i];
        if (a >= w->lo && a < w->hi) {
            for (uint32_t p = w->lo + (a - w->lo) % w->size; p < w->hi; p += w->size)
                m->mem[p] = v;
            return;
        }
    }
}

static int in_vram(uint32_t a) { return a - VRAM_LO < VRAM_HI - VRAM_LO; }

/* The adapter's windows after a port write may have changed them (the
 * Hercules's 3BFh): a second window going away keeps its bytes aside and
 * reads FFh; coming back, it has them again. */
static uint32_t aside_size(const struct vram_window *w)
{
    return w->hi - w->lo < VRAM_ASIDE ? w->hi - w->lo : VRAM_ASIDE;
}

static void map_video_memory(struct machine *m)
{
    struct vram_window w[ADAPTER_MAX_WINDOWS];
    unsigned n = adapter_windows(&m->adapter, w);
    if (n == m->nvram && memcmp(w, m->vram, n * sizeof w[0]) == 0)
        return;
    if (n == 1 && m->nvram == 2) {
        const struct vram_window *gone = &m->vram[1];
        memcpy(m->vram_aside, m->mem + gone->lo, aside_size(gone));
        memset(m->mem + gone->lo, 0xFF, aside_size(gone));
    } else if (n == 2 && m->nvram == 1) {
        memcpy(m->mem + w[1].lo, m->vram_aside, aside_size(&w[1]));
    }
    memcpy(m->vram, w, sizeof w);
    m->nvram = n;
}

void machine_set_video(struct machine *m, const struct video_card *card)
{
    adapter_reset(&m->adapter, card);
    m->nvram = adapter_windows(&m->adapter, m->vram);
    memset(m->mem + VRAM_LO, 0xFF, VRAM_HI - VRAM_LO);
    for (unsigned i = 0; i < m->nvram; i++)
        memset(m->mem + m->vram[i].lo, 0, m->vram[i].hi - m->vram[i].lo);
    memset(m->vram_aside, 0, sizeof m->vram_aside);
    /* an EGA's or VGA's planes answer every read of A0000h-BFFFFh (the
     * CPU's through machine_read_card(): the range starts 3 bytes early
     * for a word or dword that runs into it) */
    int planar = adapter_is_planar(&m->adapter);
    m->card_lo = planar ? VRAM_LO - 3 : 0;
    m->card_span = planar ? VRAM_HI - VRAM_LO + 3 : 0;
    cpu_card_changed(m);
    /* the bus model's wait states: the card's rule (docs/timing.md) */
    machine_set_video_waits(m, &card->waits);
}

void machine_write_high(struct machine *m, uint32_t a, uint8_t v)
{
    a &= MEM_MASK;
    if (in_vram(a))
        vram_write(m, a, v);
    else if (a < (uint32_t)SEG_ROM << 4 && a - VIDEO_ROM_LO >= m->adapter.card->bios.rom_size)
        m->mem[a] = v;
}

/* The host's reads see what a CPU read would, without its side effects:
 * an EGA's or VGA's planes through its read mode (ega_peek). */
uint8_t mem_rb(const struct machine *m, uint32_t a)
{
    a &= MEM_MASK;
    if (m->card_span && in_vram(a))
        return ega_peek(&m->adapter.ega, a);
    return m->mem[a];
}

uint16_t mem_rw(const struct machine *m, uint32_t a)
{
    return (uint16_t)(mem_rb(m, a) | mem_rb(m, a + 1) << 8);
}

uint32_t machine_read_card(struct machine *m, uint32_t a, unsigned bytes)
{
    uint32_t v = 0;
    for (unsigned i = 0; i < bytes; i++) {
        uint32_t p = (a + i) & MEM_MASK;
        uint8_t b = p - VRAM_LO < VRAM_HI - VRAM_LO && adapter_is_planar(&m->adapter) ? ega_read(&m->adapter.ega, p)
                    : m->mem[p];
        v |= (uint32_t)b << (8 * i);
    }
    return v;
}

void mem_wb(struct machine *m, uint32_t a, uint8_t v)
{
    a &= MEM_MASK;
    if (a >= m->rom_start && in_vram(a))    /* the card decodes it (rom_start MEM_SIZE: plain RAM) */
        vram_write(m, a, v);
    else
        m->mem[a] = v;
}

void mem_ww(struct machine *m, uint32_t a, uint16_t v)
{
    mem_wb(m, a, (uint8_t)v);
    mem_wb(m, a + 1, (uint8_t)(v >> 8));
}

uint16_t mem_rw_seg(const struct machine *m, uint16_t seg, uint16_t off)
{
    return (uint16_t)(mem_rb(m, lin(seg, off)) | mem_rb(m, lin(seg, (uint16_t)(off + 1))) << 8);
}

void mem_ww_seg(struct machine *m, uint16_t seg, uint16_t off, uint16_t v)
{
    mem_wb(m, lin(seg, off), (uint8_t)v);
    mem_wb(m, lin(seg, (uint16_t)(off + 1)), (uint8_t)(v >> 8));
}

void mem_write(struct machine *m, uint32_t a, const void *src, size_t n)
{
    const uint8_t *s = src;
    for (size_t i = 0; i < n; i++)
        mem_wb(m, a + (uint32_t)i, s[i]);
}

void mem_read(const struct machine *m, uint32_t a, void *dst, size_t n)
{
    uint8_t *d = dst;
    for (size_t i = 0; i < n; i++)
        d[i] = mem_rb(m, a + (uint32_t)i);
}

void ivt_set(struct machine *m, uint8_t vec, uint16_t seg, uint16_t off)
{
    mem_ww(m, (uint32_t)vec * 4, off);
    mem_ww(m, (uint32_t)vec * 4 + 2, seg);
}

void machine_put_jmp(struct machine *m, uint16_t seg, uint16_t at, uint16_t to)
{
    mem_wb(m, lin(seg, at), 0xE9);
    mem_ww(m, lin(seg, (uint16_t)(at + 1)), (uint16_t)(to - (at + 3)));
}

void machine_put_wait_loop(struct machine *m, uint16_t seg, uint16_t at, uint16_t to)
{
    mem_wb(m, lin(seg, at), 0xFB);                  /* sti */
    mem_wb(m, lin(seg, (uint16_t)(at + 1)), 0xF4);  /* hlt */
    machine_put_jmp(m, seg, (uint16_t)(at + 2), to);
}

/* ---- time ---------------------------------------------------------------- */

uint64_t cycles_from_usec(uint64_t usec)
{
    /* PROFIL's interval in whole PIT clocks (1.193182 MHz), 4 cycles each. */
    uint64_t pit_ticks = (usec * 1193182ull + 500000ull) / 1000000ull;
    return pit_ticks * PIT_CYCLES_PER_TICK;
}

double cycles_to_seconds(uint64_t cycles)
{
    return (double)cycles * (double)CPU_HZ_DEN / (double)CPU_HZ_NUM;
}

/* The earliest of the deadlines: the sampling tick, IRQ0 from the PIT,
 * the keyboard's next event, --timeout. */
static inline uint64_t earliest_deadline(const struct machine *m)
{
    uint64_t next = m->next_tick;
    if (m->pit.next_irq < next)
        next = m->pit.next_irq;
    if (m->kbd.due < next)
        next = m->kbd.due;
    if (m->deadline < next)
        next = m->deadline;
    return next;
}

void machine_update_next_event(struct machine *m)
{
    uint64_t next = earliest_deadline(m);
    /* An IRQ the PIC would deliver waits for IF=1: look at the next
     * boundary when IF is already 1; otherwise emu/cpu/cpu.c looks again after
     * each instruction that may set IF (STI, POPF, IRET). */
    m->irq_waiting = pic_pending(&m->pic) >= 0;
    if (m->interrupt_requested || m->boundary_due || (m->irq_waiting && m->cpu && (cpu_get(m, REG_FLAGS) & FL_IF)))
        next = 0;
    m->next_event = next;
}

void machine_set_tick(struct machine *m, uint64_t period, tick_fn fn, void *ctx)
{
    m->tick_period = period;
    m->on_tick = fn;
    m->tick_ctx = ctx;
    m->next_tick = fn && period ? m->now + period : UINT64_MAX;
    machine_update_next_event(m);
}

void machine_set_timeout(struct machine *m, uint64_t cycles)
{
    m->deadline = cycles ? m->now + cycles : UINT64_MAX;
    machine_update_next_event(m);
}

void machine_set_max_insn(struct machine *m, uint64_t n) { m->max_insn = n; }

void machine_stop(struct machine *m, enum stop_reason why, const char *fmt, ...)
{
    if (m->stop)
        return;         /* the first reason wins */
    m->stop = why;
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(m->fault, sizeof m->fault, fmt, ap);
        va_end(ap);
    }
}

/* A host signal asked the run to stop: Ctrl-C is PROFIL's "Program
 * aborted"; SIGTERM and SIGHUP (anything else) stop it the same way. */
static void stop_for_signal(struct machine *m, int sig)
{
    if (sig == SIGINT) {
        machine_stop(m, STOP_INTERRUPTED, "interrupted");
        return;
    }
    const char *name = sig == SIGTERM ? "SIGTERM" : sig == SIGHUP ? "SIGHUP" : "a signal";
    machine_stop(m, STOP_SIGNAL, "stopped by %s", name);
    if (m->stop == STOP_SIGNAL)
        m->stop_signal = sig;
}

unsigned machine_work_allowed(const struct machine *m, unsigned want)
{
    if (m->stop || m->interrupt_requested || (m->max_insn && m->service_items >= m->max_insn))
        return 0;
    if (m->max_insn && m->max_insn - m->service_items < want)
        return (unsigned)(m->max_insn - m->service_items);
    return want;
}

void machine_work_done(struct machine *m, unsigned items)
{
    m->service_items += items;
    if (m->max_insn && m->service_items >= m->max_insn)
        machine_stop(m, STOP_MAX_INSN, "stopped after %llu bytes of DOS and BIOS service output",
                     (unsigned long long)m->service_items);
}

/* The sampling ticks that `now` has reached.  Ticks at or before
 * rep_split interrupted a REP string instruction at rep_cs:rep_ip; the
 * others are attributed to cs:ip. */
static inline void fire_ticks(struct machine *m, uint16_t cs, uint16_t ip, uint16_t rep_cs, uint16_t rep_ip,
                              uint64_t rep_split)
{
    while (m->now >= m->next_tick) {
        if (m->next_tick <= rep_split)
            m->on_tick(m->tick_ctx, rep_cs, rep_ip);
        else
            m->on_tick(m->tick_ctx, cs, ip);
        m->next_tick += m->tick_period;
    }
}

/* process_deadlines() after the ticks. */
static void process_other_deadlines(struct machine *m)
{
    if (pit_irq_due(&m->pit, m->now))
        pic_raise(&m->pic, 0);
    while (m->now >= m->kbd.due) {
        int r = kbd_event(&m->kbd, m->now, m->keys_held && m->keys_held(m));
        if (r == 1)
            pic_raise(&m->pic, 1);
        else if (r == 2 && m->on_control)
            m->on_control(m->control_ctx, &m->kbd.control);
    }
    if (m->now >= m->deadline)
        machine_stop(m, STOP_TIMEOUT, "timeout after %.3f s emulated", cycles_to_seconds(m->now));
    if (m->interrupt_requested)
        stop_for_signal(m, m->interrupt_requested);
}

/* Fire every deadline that `now` has reached: the ticks, then the rest.
 * The caller then recomputes next_event (machine_update_next_event):
 * machine_boundary() does so once, at its end, as nothing before that
 * reads it. */
static void process_deadlines(struct machine *m, uint16_t cs, uint16_t ip,
                              uint16_t rep_cs, uint16_t rep_ip, uint64_t rep_split)
{
    fire_ticks(m, cs, ip, rep_cs, rep_ip, rep_split);
    process_other_deadlines(m);
}

static uint32_t host_service_at(struct machine *m, uint32_t a);

void machine_charge(struct machine *m, uint64_t cycles, uint16_t cs, uint16_t ip)
{
    m->now += cycles;
    if (m->services) {
        uint32_t id = host_service_at(m, lin(cs, ip));
        if (id)
            m->services->spent(m->services->ctx, id, cycles);
    }
    if (m->exact) {
        uint32_t a = lin(cs, ip);
        m->exact->addr[a].cycles += cycles;
        m->exact->addr[a].cs = cs;
        exact_touch(m->exact, a);
    }
    m->counted.cycles += cycles;
    process_deadlines(m, cs, ip, 0, 0, 0);
    machine_update_next_event(m);
}

/* ---- interrupts ---------------------------------------------------------- */

static void push_frame(struct machine *m, uint8_t vec, unsigned base_cycles, enum transfer kind)
{
    uint16_t ss = cpu_get(m, REG_SS), sp = cpu_get(m, REG_SP);
    uint16_t flags = cpu_get(m, REG_FLAGS), ip = cpu_get(m, REG_IP);
    if (m->rep_resume) {        /* a cut REP string: where the CPU resumes it */
        ip = (uint16_t)m->rep_resume;
        m->rep_resume = 0;
    }
    uint32_t back = lin(cpu_get(m, REG_CS), ip);
    unsigned penalty = m->cpu_row->bus_bytes == 1 ? IRQ_WORD_TRANSFERS * WORD_PENALTY
                                            : ((sp & 1) ? 3 * WORD_PENALTY : 0);
    /* FLAGS as the 8086 pushes them: bits 12-15 read as 1.  SP goes down
     * modulo 64 KiB and each byte lands at its offset modulo 64 KiB: from
     * SP 1, 3 or 5 a word's high byte is at SS:0000 (mem_ww_seg). */
    mem_ww_seg(m, ss, (uint16_t)(sp - 2), (uint16_t)(flags | 0xF000));
    mem_ww_seg(m, ss, (uint16_t)(sp - 4), cpu_get(m, REG_CS));
    mem_ww_seg(m, ss, (uint16_t)(sp - 6), ip);
    cpu_set(m, REG_SP, (uint16_t)(sp - 6));
    cpu_set(m, REG_FLAGS, (uint16_t)(flags & ~(FL_IF | FL_TF)));
    cpu_set(m, REG_CS, mem_rw(m, (uint32_t)vec * 4 + 2));
    cpu_set(m, REG_IP, mem_rw(m, (uint32_t)vec * 4));
    if (m->calls)
        m->calls->call(m->calls->ctx, kind, cpu_get(m, REG_CS), cpu_get(m, REG_IP), ss,
                       (uint16_t)(sp - 6), back, service_id(vec, 0, 0));
    machine_charge(m, base_cycles + penalty, cpu_get(m, REG_CS), cpu_get(m, REG_IP));
}

void machine_interrupt(struct machine *m, uint8_t vec)
{
    push_frame(m, vec, 51, XFER_INT);     /* as INT n */
}

/* Whether the PIC would pass IRQ `irq` to the CPU were it raised now. */
static int pic_would_pass(const struct pic *p, int irq)
{
    struct pic q = *p;
    pic_raise(&q, irq);
    return pic_pending(&q) == irq;
}

uint64_t machine_irq_next(const struct machine *m)
{
    if (pic_pending(&m->pic) >= 0)
        return m->now;
    uint64_t next = UINT64_MAX;
    if (m->pit.next_irq != UINT64_MAX && pic_would_pass(&m->pic, 0))
        next = m->pit.next_irq;
    if (m->kbd.due < next && pic_would_pass(&m->pic, 1))
        next = m->kbd.due;
    return next;
}

/* ---- host-service traps -------------------------------------------------- */

int machine_add_trap(struct machine *m, uint16_t seg, uint16_t off, service_fn fn, void *ctx)
{
    if (m->ntraps >= MAX_TRAPS)
        return -1;
    struct trap *t = &m->traps[m->ntraps++];
    t->linear = lin(seg, off);
    t->fn = fn;
    t->ctx = ctx;
    t->vec = -1;

    uint32_t lo = 0xFFFFFFFFu, hi = 0;
    for (int i = 0; i < m->ntraps; i++) {
        if (m->traps[i].linear < lo) lo = m->traps[i].linear;
        if (m->traps[i].linear > hi) hi = m->traps[i].linear;
    }
    free(m->trap_index);
    m->trap_index = malloc(hi - lo + 1);
    if (!m->trap_index)
        return -1;
    memset(m->trap_index, 0xFF, hi - lo + 1);
    for (int i = 0; i < m->ntraps; i++)
        m->trap_index[m->traps[i].linear - lo] = (uint8_t)i;
    m->trap_lo = lo;
    m->trap_span = hi - lo + 1;
    return 0;
}

static struct trap *trap_at(struct machine *m, uint32_t linear)
{
    uint32_t off = linear - m->trap_lo;
    if (off >= m->trap_span || m->trap_index[off] == 0xFF)
        return NULL;
    return &m->traps[m->trap_index[off]];
}

int machine_add_service(struct machine *m, uint8_t vec, uint16_t seg, uint16_t off, service_fn fn, void *ctx)
{
    if (machine_add_trap(m, seg, off, fn, ctx) != 0)
        return -1;
    m->traps[m->ntraps - 1].vec = vec;
    return 0;
}

int machine_add_watch(struct machine *m, uint32_t linear, service_fn fn, void *ctx)
{
    linear &= MEM_MASK;
    if (trap_at(m, linear))
        return -2;              /* a service's (or watched already): its trap stays */
    if (machine_add_trap(m, (uint16_t)(linear >> 4), (uint16_t)(linear & 15), fn, ctx) != 0)
        return -1;
    m->traps[m->ntraps - 1].vec = TRAP_WATCH;
    return 0;
}

int machine_add_code_service(struct machine *m, uint16_t seg, uint16_t off, uint32_t len, uint32_t id)
{
    if (m->ncode_services >= MAX_CODE_SERVICES)
        return -1;
    m->code_services[m->ncode_services++] = (struct code_service){ lin(seg, off), len, id };
    return 0;
}

void machine_service_wait(struct machine *m, uint16_t seg, uint16_t off)
{
    cpu_set(m, REG_CS, seg);
    cpu_set(m, REG_IP, off);
    m->service_waiting = m->service;
    m->wait_lo = lin(seg, off);
    m->wake_at = UINT64_MAX;
}

/* The service of a trap at `t`, with the registers as they are now. */
static uint32_t trap_service(struct machine *m, const struct trap *t)
{
    return t && t->vec >= 0 ? service_id((uint8_t)t->vec, cpu_ah(m), cpu_al(m)) : 0;
}

/* A host service's time at linear address a: the one running, the one
 * waiting in its loop at a (STI, HLT, JMP: 5 bytes), the one about to run
 * at the trap at a. */
static uint32_t host_service_at(struct machine *m, uint32_t a)
{
    if (m->service)
        return m->service;
    if (m->service_waiting && a - m->wait_lo < 5)
        return m->service_waiting;
    return trap_service(m, trap_at(m, a));
}

uint32_t machine_service_at(struct machine *m, uint16_t cs, uint16_t ip)
{
    uint32_t a = lin(cs, ip), id = host_service_at(m, a);
    for (int i = 0; !id && i < m->ncode_services; i++)
        if (a - m->code_services[i].lo < m->code_services[i].len)
            id = m->code_services[i].id;
    return id;
}

/* Run the service of trap t, with its id in m->service while it runs. */
static void run_trap(struct machine *m, struct trap *t)
{
    uint32_t id = trap_service(m, t), outer = m->service;
    if (id) {
        if (id == m->service_waiting)
            m->service_waiting = 0;         /* asking again after a wait */
        else if (m->services)
            m->services->call(m->services->ctx, id);
        m->service = id;
    }
    t->fn(m, t->ctx);
    m->service = outer;
}

/* The word at SS:SP+offset of the interrupt frame a service runs in (its
 * offsets wrap inside SS, mem_rw_seg). */
static uint16_t frame_word(struct machine *m, unsigned offset)
{
    return mem_rw_seg(m, cpu_get(m, REG_SS), (uint16_t)(cpu_get(m, REG_SP) + offset));
}

static void set_frame_word(struct machine *m, unsigned offset, uint16_t v)
{
    mem_ww_seg(m, cpu_get(m, REG_SS), (uint16_t)(cpu_get(m, REG_SP) + offset), v);
}

void service_set_carry(struct machine *m, int carry)
{
    uint16_t f = frame_word(m, 4);
    set_frame_word(m, 4, carry ? (uint16_t)(f | FL_CF) : (uint16_t)(f & ~FL_CF));
}

void service_set_zero(struct machine *m, int zero)
{
    uint16_t f = frame_word(m, 4);
    set_frame_word(m, 4, zero ? (uint16_t)(f | FL_ZF) : (uint16_t)(f & ~FL_ZF));
}

void service_caller(struct machine *m, uint16_t *cs, uint16_t *ip)
{
    *ip = frame_word(m, 0);
    *cs = frame_word(m, 2);
}

/* The hardware interrupt the PIC has for the CPU, if IF lets it in: its
 * frame pushed; returns whether one was taken. */
static int take_irq(struct machine *m)
{
    int irq = pic_pending(&m->pic);
    if (irq < 0 || !(cpu_get(m, REG_FLAGS) & FL_IF))
        return 0;
    m->irq0_delivered += irq == 0;
    if (irq == 0 && m->display && m->display->timer)
        m->display->timer(m->display->ctx, lin(mem_rw(m, 0x08 * 4 + 2), mem_rw(m, 0x08 * 4)),
                          lin(mem_rw(m, 0x1C * 4 + 2), mem_rw(m, 0x1C * 4)), m->now);
    push_frame(m, pic_ack(&m->pic, irq), IRQ_ACK_CYCLES, XFER_IRQ);
    return 1;
}

/* After the ticks of a boundary nothing asked for (`after` 0): whether the
 * rest of machine_boundary() would do nothing but recompute next_event, as
 * at most boundaries (the sampling ticks): no other deadline reached, no
 * Ctrl-C, no trap at cs:ip, no IRQ the CPU takes.  Then next_event is the
 * earliest deadline, and irq_waiting is set as machine_update_next_event()
 * sets it. */
static int only_ticks_were_due(struct machine *m, uint16_t cs, uint16_t ip)
{
    uint64_t now = m->now;
    if (now >= m->pit.next_irq || now >= m->kbd.due || now >= m->deadline || m->interrupt_requested ||
        m->boundary_due || lin(cs, ip) - m->trap_lo < m->trap_span)
        return 0;
    int waiting = pic_pending(&m->pic) >= 0;
    if (waiting && (cpu_get(m, REG_FLAGS) & FL_IF))
        return 0;
    m->irq_waiting = (unsigned)waiting;
    m->next_event = earliest_deadline(m);
    return 1;
}

void machine_boundary(struct machine *m, uint16_t cs, uint16_t ip,
                      uint16_t prev_cs, uint16_t prev_ip, uint64_t rep_split, unsigned after)
{
    if (m->now >= m->next_event) {
        fire_ticks(m, cs, ip, prev_cs, prev_ip, rep_split);
        if (!after && only_ticks_were_due(m, cs, ip))
            return;
        process_other_deadlines(m);
    }
    if ((after & BOUNDARY_STEP) && !(after & BOUNDARY_SHADOW) && !m->stop) {
        /* The 8086's order: a hardware interrupt first, then the trap,
         * whose handler returns to that interrupt's handler. */
        if (!(after & BOUNDARY_STI))
            take_irq(m);
        push_frame(m, 1, STEP_TRAP_CYCLES, XFER_INT);
        cs = cpu_get(m, REG_CS);
        ip = cpu_get(m, REG_IP);
    }
    /* An interrupt entry may land on a trap: look again after each. */
    for (int guard = 0; guard < 4 && !m->stop; guard++) {
        struct trap *t = trap_at(m, lin(cs, ip));
        if (t && t->vec == TRAP_WATCH) {
            /* The instruction there is about to run: after an interrupt
             * taken here (whose IRET comes back to this boundary). */
            if (!(after & (BOUNDARY_SHADOW | BOUNDARY_STI)) && take_irq(m)) {
                cs = cpu_get(m, REG_CS);
                ip = cpu_get(m, REG_IP);
                continue;
            }
            t->fn(m, t->ctx);
            break;
        }
        if (t) {
            /* The service runs "inside" the stub: its IRET follows, and a
             * hardware interrupt waits for the next boundary.  A service
             * that moves CS:IP (to make a DOS call again) may land on
             * another trap: look there too. */
            run_trap(m, t);
            uint16_t next_cs = cpu_get(m, REG_CS), next_ip = cpu_get(m, REG_IP);
            if (next_cs == cs && next_ip == ip)
                break;
            cs = next_cs;
            ip = next_ip;
            continue;
        }
        if ((after & (BOUNDARY_SHADOW | BOUNDARY_STI)) || !take_irq(m))
            break;
        cs = cpu_get(m, REG_CS);
        ip = cpu_get(m, REG_IP);
    }
    machine_update_next_event(m);
}

void machine_unimplemented(struct machine *m, uint8_t vec, uint8_t fn, uint16_t cs, uint16_t ip)
{
    unsigned idx = (unsigned)vec << 8 | fn;
    uint8_t bit = (uint8_t)(1u << (idx & 7));
    if (m->strict) {
        machine_stop(m, STOP_STRICT, "INT %02Xh AH=%02Xh at %04X:%04X not implemented (--strict)",
                     vec, fn, cs, ip);
        return;
    }
    if (m->fn_warned[idx >> 3] & bit)
        return;
    m->fn_warned[idx >> 3] |= bit;
    fprintf(machine_warn(m), "profil: INT %02Xh AH=%02Xh at %04X:%04X not implemented\n", vec, fn, cs, ip);
}

/* ---- ports --------------------------------------------------------------- */

static void warn_port_once(struct machine *m, uint16_t port, const char *dir)
{
    uint8_t bit = (uint8_t)(1u << (port & 7));
    uint16_t cs, ip;
    cpu_current_insn(m, &cs, &ip);
    if (m->strict) {
        machine_stop(m, STOP_STRICT, "%s port %04Xh at %04X:%04X not emulated (--strict)", dir, port, cs, ip);
        return;
    }
    if (m->port_warned[port >> 3] & bit)
        return;
    m->port_warned[port >> 3] |= bit;
    fprintf(machine_warn(m), "profil: %s port %04Xh at %04X:%04X not emulated\n", dir, port, cs, ip);
}

uint8_t port_in(struct machine *m, uint16_t port)
{
    if (m->bare_bus)
        return 0xFF;
    switch (port) {
    case 0x20: case 0x21:
        return pic_read(&m->pic, port);
    case 0x40: case 0x41: case 0x42: case 0x43:
        return pit_read(&m->pit, port, m->now);
    case 0x60:
        return kbd_read_data(&m->kbd);
    case 0x61:
        return m->port61;
    case 0x64:
        return kbd_read_status(&m->kbd);
    case GUEST_PORT_CMD: case GUEST_PORT_ARG:
        return guestport_read(&m->guest, port);     /* FFh without a profiler, as on a PC */
    default:
        break;
    }
    if (port >= 0x3B0 && port <= 0x3DF) {
        /* The display adapters' ports: the card's, or none (FFh, as a
         * program probing for another card finds on the PC: no warning). */
        uint8_t v = 0xFF;
        adapter_port_in(&m->adapter, port, m->now, &v);
        int vsync;
        if (m->display && (vsync = adapter_status_vsync(&m->adapter, port, v)) >= 0)
            m->display->status(m->display->ctx, vsync, m->now);
        return v;
    }
    warn_port_once(m, port, "IN from");
    return 0xFF;
}

void port_out(struct machine *m, uint16_t port, uint8_t v)
{
    if (m->bare_bus)
        return;
    switch (port) {
    case 0x20: case 0x21:
        pic_write(&m->pic, port, v);
        break;
    case 0x40: case 0x41: case 0x42: case 0x43:
        if (port == 0x42 || (port == 0x43 && v >> 6 == 2))
            speaker_render(&m->spk, &m->pit, m->now);   /* channel 2 changes the sound from now */
        pit_write(&m->pit, port, v, m->now);
        break;
    case 0x61:
        speaker_render(&m->spk, &m->pit, m->now);
        speaker_port61(&m->spk, v, m->now);
        m->port61 = v;
        break;
    case GUEST_PORT_CMD: case GUEST_PORT_ARG:
        guestport_write(&m->guest, port, v, m->now);
        break;
    default:
        if (port >= 0x3B0 && port <= 0x3DF) {
            adapter_port_out(&m->adapter, port, v, m->now);
            map_video_memory(m);
            uint16_t start;
            if (m->display && adapter_start_address(&m->adapter, port, &start))
                m->display->start_address(m->display->ctx, start, adapter_frames(&m->adapter, m->now), m->now);
            break;
        }
        warn_port_once(m, port, "OUT to");
        return;
    }
    machine_update_next_event(m);
}

/* ---- run ----------------------------------------------------------------- */

/* HLT: sleep in emulated time until the next interrupt (or m->wake_at),
 * or stop when none can ever come.  The keyboard's time is a guess at IRQ1's: when it sent
 * nothing then (a pause of the script ended, port 60h was not read yet),
 * the CPU sleeps on, as a halted 8088 does, so a run's instructions do not
 * depend on such host-side steps (a --replay has none of them). */
static void sleep_until_interrupt(struct machine *m)
{
    uint16_t cs = cpu_get(m, REG_CS), ip = cpu_get(m, REG_IP);
    int enabled = cpu_get(m, REG_FLAGS) & FL_IF;
    for (;;) {
        uint64_t wake = pic_pending(&m->pic) >= 0 ? m->now
                      : (m->pic.imr & 1) ? UINT64_MAX : m->pit.next_irq;
        if (!(m->pic.imr & 2) && m->kbd.due < wake)
            wake = m->kbd.due;
        /* Keys may come at any time (a window): the host is asked at each
         * tick of the sleep, at its own emulated time. */
        if (m->kbd.live && m->next_tick < wake)
            wake = m->next_tick;
        uint64_t wake_at = m->service_waiting && lin(cs, ip) - m->wait_lo < 5 ? m->wake_at : UINT64_MAX;
        if (wake_at < wake)
            wake = wake_at;
        if (!enabled || wake == UINT64_MAX) {
            machine_stop(m, STOP_FAULT, "HLT at %04X:%04X with no interrupt to wake it: the program hangs",
                         cs, (uint16_t)(ip - 1));
            return;
        }
        if (wake > m->deadline)
            wake = m->deadline;
        uint64_t before = m->now;
        machine_charge(m, wake > m->now ? wake - m->now : 0, cs, ip);
        if (m->stop || m->now == before || pic_pending(&m->pic) >= 0 || m->now >= m->deadline ||
            m->now >= wake_at)
            return;
    }
}

enum stop_reason machine_run(struct machine *m)
{
    while (!m->stop) {
        enum cpu_exit ex = cpu_run(m);
        if (ex == CPU_EXIT_STOP)
            break;
        if (ex == CPU_EXIT_MAX_INSN) {
            machine_stop(m, STOP_MAX_INSN, "stopped after %llu instructions",
                         (unsigned long long)cpu_insn_count(m));
            break;
        }
        sleep_until_interrupt(m);
    }
    m->insns = cpu_insn_count(m);
    return m->stop;
}
