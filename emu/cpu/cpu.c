/*
 * emu/cpu/cpu.c: libx86emu behind a narrow interface (see cpu.h).
 *
 * It and the files it delegates to (cpu_clock.c, cpu_fix8086.c, cpu8086.c) are the only
 * ones that include <x86emu.h>.  The hot path is code_hook(), called by
 * libx86emu before every instruction: it adds the previous instruction's
 * cycles to the clock (timing.c's table plus the word transfers memio()
 * counted; cpu_clock.c when the operands or the bus model add more),
 * then, only when a deadline has passed or CS:IP is in the trap area,
 * hands over to machine_boundary().  Traced runs (--trace, --stacks) and
 * the bus model have hooks of their own, picked by pick_hook().
 */
#include "cpu.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <x86emu.h>

#include "biu.h"
#include "biu_memo.h"
#include "cpu8086.h"
#include "cpu_internal.h"
#include "flatmem.h"
#include "decode.h"
#include "insnlen.h"
#include "../machine.h"
#include "../services.h"
#include "timing.h"

/* ---- memory and ports -------------------------------------------------- */

static const uint8_t bytes_of[4] = { 1, 2, 4, 1 };     /* by X86EMU_MEMIO_8/16/32/8_NOPERM */

static __attribute__((noinline)) unsigned memio_port(struct cpu *c, u32 addr, u32 *val, unsigned type)
{
    struct machine *m = c->m;
    unsigned bytes = bytes_of[type & 3];
    if ((type & ~0xFFu) == X86EMU_MEMIO_I) {
        *val = port_in(m, (uint16_t)addr);
        if (bytes > 1)
            *val |= (uint32_t)port_in(m, (uint16_t)(addr + 1)) << 8;
    } else if ((type & ~0xFFu) == X86EMU_MEMIO_O) {
        port_out(m, (uint16_t)addr, (uint8_t)*val);
        if (bytes > 1)
            port_out(m, (uint16_t)(addr + 1), (uint8_t)(*val >> 8));
    } else {
        return 1;
    }
    if (bytes > 1 && (!c->odd_only || (addr & 1)))
        c->words += 1;      /* one word through the bus */
    return 0;
}

/* A fetch of code from the prefetch queue's stale bytes: the byte as the
 * queue holds it (it leaves the queue); a fetch anywhere else means the
 * queue was emptied (a jump, an interrupt), and they are gone. */
static __attribute__((noinline)) uint32_t fetch_stale(struct cpu *c, uint32_t addr, unsigned bytes)
{
    uint32_t v = 0;
    int hit = 0;
    for (unsigned k = 0; k < bytes; k++) {
        uint32_t a = (addr + k) & MEM_MASK;
        uint8_t b = c->mem[a];
        for (unsigned i = 0; i < c->stale_n; i++)
            if (c->stale_at[i] == a) {
                b = c->stale_byte[i];
                c->stale_at[i] = c->stale_at[--c->stale_n];
                c->stale_byte[i] = c->stale_byte[c->stale_n];
                hit = 1;
                break;
            }
        v |= (uint32_t)b << (8 * k);
    }
    if (!hit) {
        uint32_t lo = UINT32_MAX, hi = 0;
        for (unsigned i = 0; i < c->stale_n; i++) {
            lo = c->stale_at[i] < lo ? c->stale_at[i] : lo;
            hi = c->stale_at[i] > hi ? c->stale_at[i] : hi;
        }
        if (addr > hi || addr + 8 < lo)
            c->stale_n = 0;     /* not on the way to them: the queue was emptied */
    }
    return v;
}

static unsigned memio_stale(x86emu_t *e, u32 addr, u32 *val, unsigned type);
static void pick_hook(struct machine *m);

/* --timing bus: a data write near the instruction running (c->pend_lin):
 * the bytes of it that land in what the queue holds after the instruction
 * keep, for the fetch, the value they had (the queue taken as full: 4
 * bytes on the 8088, 6 on the 8086, fetched before the write).  The table
 * model has no queue: there every write is seen at once. */
static __attribute__((noinline)) void note_queue_write(struct cpu *c, uint32_t addr, unsigned bytes)
{
    if (c->pend_lin == UINT32_MAX)
        return;
    uint32_t lo = (c->pend_lin + insn_length(c->mem, c->pend_lin)) & MEM_MASK;
    unsigned size = c->m->cpu_row->queue;
    for (unsigned k = 0; k < bytes; k++) {
        uint32_t a = (addr + k) & MEM_MASK;
        if (((a - lo) & MEM_MASK) >= size)
            continue;
        unsigned i = 0;
        while (i < c->stale_n && c->stale_at[i] != a)
            i++;
        if (i == c->stale_n && c->stale_n < 8) {
            c->stale_at[c->stale_n] = a;
            c->stale_byte[c->stale_n++] = c->mem[a];
        }
    }
    if (c->stale_n) {
        x86emu_set_memio_handler(c->emu, memio_stale);
        pick_hook(c->m);    /* code_hook_stale() */
    }
}

/* The memory callback while the queue holds stale bytes: code fetches
 * through fetch_stale() until they are gone, then the usual callback
 * again (so the usual one never tests for them). */
static unsigned memio_stale(x86emu_t *e, u32 addr, u32 *val, unsigned type)
{
    struct cpu *c = e->_private;
    if ((type & ~0xFFu) != X86EMU_MEMIO_X)
        return c->memio(e, addr, val, type);
    *val = fetch_stale(c, addr, bytes_of[type & 3]);
    if (!c->stale_n)
        x86emu_set_memio_handler(e, c->memio);
    return 0;
}

/* A read of an EGA's or VGA's planes (machine_read_card): out of line and
 * tail-called, so that the memory callback stays a leaf without a frame. */
static __attribute__((noinline)) unsigned memio_card_read(struct machine *m, u32 addr, u32 *val, unsigned bytes)
{
    *val = machine_read_card(m, addr, bytes);
    return 0;
}

/* A read of more than a byte that wraps at 1 MiB: out of line and
 * tail-called, as memio_card_read() is. */
static __attribute__((noinline, cold)) unsigned memio_read_wrap(const uint8_t *mem, u32 addr, u32 *val, unsigned bytes)
{
    *val = flat_read(mem, addr, bytes);
    return 0;
}

/* A read, of code or data: from an EGA's or VGA's planes through the
 * card (machine_read_card: the latches load, as on the card), or one
 * that wraps at 1 MiB, each tail-called, else the flat memory; one
 * compare for a byte of ordinary RAM, two for a word.  With every call a
 * tail call, the memory callback needs no frame. */
static inline __attribute__((always_inline)) unsigned read_memory(struct cpu *c, u32 addr, u32 *val, unsigned bytes)
{
    if (__builtin_expect(addr - c->card_lo < c->card_span, 0))
        return memio_card_read(c->m, addr, val, bytes);
    if (bytes > 1 && __builtin_expect((addr & MEM_MASK) > MEM_SIZE - 4, 0))
        return memio_read_wrap(c->mem, addr, val, bytes);
    *val = flat_read(c->mem, addr, bytes);
    return 0;
}

/* Every memory access and port of the guest.  Instruction fetches are
 * most calls: a byte (opcode, ModR/M, 8-bit displacement or immediate)
 * or a word, each tested for first with its width a constant, then the
 * data reads and writes of a byte or a word likewise.  Data transfers
 * count the words that pay the bus penalty: on the 8088 every word
 * (bytes / 2, without a branch), on the 8086 only words at odd
 * addresses. */
/* A data read or write (kind X86EMU_MEMIO_R or _W) of `bytes`.  The words
 * counted first, so that every call below is a tail call and the callback
 * stays a leaf without a frame (callgrind: 15 host instructions a call,
 * against 31 with the call inside). */
static inline __attribute__((always_inline)) unsigned data_access(struct cpu *c, u32 addr, u32 *val, unsigned kind,
                                                                  unsigned bytes, int model_8086)
{
    if (model_8086)
        c->words += (addr & 1) ? bytes / 2 : 0;
    else
        c->words += bytes / 2;
    if (kind == X86EMU_MEMIO_R)
        return read_memory(c, addr, val, bytes);
    return flat_write(c->mem, addr, *val, bytes, c->m->rom_start, c->m);
}

/* The rest: 32-bit accesses, libx86emu's accesses without permission
 * checks (X86EMU_MEMIO_8_NOPERM), the ports.  Out of line and tail-called:
 * the common cases keep few registers and no frame. */
static __attribute__((noinline)) unsigned memio_other(struct cpu *c, u32 addr, u32 *val, unsigned type,
                                                      int model_8086)
{
    unsigned kind = type & ~0xFFu, bytes = bytes_of[type & 3];
    if (kind == X86EMU_MEMIO_X)
        return read_memory(c, addr, val, bytes);
    if (kind != X86EMU_MEMIO_R && kind != X86EMU_MEMIO_W)
        return memio_port(c, addr, val, type);
    return data_access(c, addr, val, kind, bytes, model_8086);
}

/* A word of data at offset FFFFh of its segment (or, for the second word
 * of LES, LDS or a far pointer, at offset 0 or 1 past it).  libx86emu 3.5
 * tests `ofs + size - 1 > limit` (check_data_access(), decode.c), raises
 * #GP with the segment as its error code, then makes the access at the
 * next linear byte anyway, and delivers the #GP after the instruction:
 * FLAGS, CS, IP and a 32-bit error code pushed, INT 0Dh's vector (IRQ 5's
 * on a PC).  The 8086 and 8088 have no such exception: the offset wraps
 * inside the segment, the word's high byte is at offset 0 (the 80286 added
 * interrupt 13 for "a segment wraparound", which the 8086 performs
 * [Intel, 80286 Programmer's Reference Manual, appendix C, 8086/8088
 * compatibility considerations, table C-1; its real-address-mode
 * exceptions: "Interrupt 13 for operand at offset 0FFFFH"]; SingleStepTests
 * 8088's FF /2 with its operand at FFFFh pushes 2 bytes, not 10, and reads
 * the target's high byte at offset 0).  On them such an access takes the bytes
 * at the two wrapped offsets and the #GP is withdrawn, the word counted
 * and logged as any word at its first byte's address (its bus cycles are
 * those of a word at that parity).  An interrupt or exception already
 * pending keeps libx86emu's one slot and hides the #GP: then the only word
 * accesses left are generate_int()'s pushes, and one at SP FFFFh wraps as
 * well.  Anything else goes to the callback as it would have. */
static __attribute__((noinline, cold)) unsigned memio_word_pending(x86emu_t *e, u32 addr, u32 *val, unsigned type)
{
    struct cpu *c = e->_private;
    uint32_t base = UINT32_MAX, ofs = 0;
    int gp = e->x86.intr_nr == 0x0D && e->x86.intr_type == (INTR_TYPE_FAULT | INTR_MODE_RESTART | INTR_MODE_ERRCODE);
    if (c->fidelity && !(e->x86.R_CR0 & 1)) {
        if (gp) {
            base = (e->x86.intr_errcode & 0xFFFFu) << 4;
            ofs = addr - base;
        } else if (e->x86.R_SP == 0xFFFF && addr == e->x86.R_SS_BASE + 0xFFFFu && (type & ~0xFFu) == X86EMU_MEMIO_W) {
            base = e->x86.R_SS_BASE;
            ofs = 0xFFFF;
        }
    }
    if (base == UINT32_MAX || ofs < 0xFFFFu || ofs > 0x10001u) {
        unsigned pending = e->x86.intr_type, r;     /* not a wrap: the access as it was */
        e->x86.intr_type = 0;
        r = e->memio(e, addr, val, type);
        e->x86.intr_type = pending;
        return r;
    }
    if (gp)
        e->x86.intr_type = 0;                       /* no #GP on the 8086 */
    uint32_t lo = (base + (ofs & 0xFFFFu)) & MEM_MASK, hi = (base + ((ofs + 1) & 0xFFFFu)) & MEM_MASK;
    int write = (type & ~0xFFu) == X86EMU_MEMIO_W;
    c->words += c->odd_only ? (lo & 1) : 1;
    if (c->biu) {           /* the bus model's callback logs its accesses */
        if (write) {
            note_queue_write(c, lo, 1);
            note_queue_write(c, hi, 1);
        }
        cpu_log_access(c, lo, 2, write);
    }
    if (write) {
        flat_write(c->mem, lo, (uint8_t)*val, 1, c->m->rom_start, c->m);
        return flat_write(c->mem, hi, (uint8_t)(*val >> 8), 1, c->m->rom_start, c->m);
    }
    u32 b0, b1;
    read_memory(c, lo, &b0, 1);
    read_memory(c, hi, &b1, 1);
    *val = (b0 & 0xFF) | (b1 & 0xFF) << 8;
    return 0;
}

/* A word of code fetched at IP FFFFh: its high byte is at CS:0000 on the
 * 8088 and 8086, whose IP wraps inside CS.  libx86emu 3.5's fetch_word()
 * (decode.c) reads a word at CS.base + IP, IP still FFFFh, as one call
 * (X86EMU_MEMIO_16 | X86EMU_MEMIO_X at CS.base + FFFFh), then adds 2 to
 * the 16-bit IP (which wraps: 0001h); fetch_byte() reads one byte and
 * IP++ wraps likewise, so only this word needed its high byte moved.  The
 * 186 and 286 read it as before.  As every code fetch: not counted (the
 * queue's, the clocks' own business). */
static __attribute__((noinline, cold)) unsigned memio_code_wrap(x86emu_t *e, u32 addr, u32 *val)
{
    struct cpu *c = e->_private;
    if (!c->fidelity)
        return read_memory(c, addr, val, 2);
    u32 lo, hi;
    read_memory(c, addr, &lo, 1);
    read_memory(c, e->x86.R_CS_BASE, &hi, 1);
    *val = (lo & 0xFF) | (hi & 0xFF) << 8;
    return 0;
}

static unsigned write_near_code(x86emu_t *e, u32 addr, u32 *val, unsigned type, int model_8086);
static unsigned memio_bus_other(x86emu_t *e, u32 addr, u32 *val, unsigned type, int model_8086);

/* The memory callback: the code fetches first (a word at IP FFFFh to
 * memio_code_wrap()), then the data reads and writes of a byte or a word,
 * each by its exact type with its width a constant; the rest out of line.  `bus` (--timing bus): each data access
 * logged for the bus model (code fetches are the queue's, which the model
 * plays itself), and a write near the instruction running, maybe over
 * the bytes its queue holds, sent to write_near_code().  The constants
 * fold: four callbacks, none with a frame on its common paths. */
static inline __attribute__((always_inline)) unsigned memio_common(x86emu_t *e, u32 addr, u32 *val, unsigned type,
                                                                  int model_8086, int bus)
{
    struct cpu *c = e->_private;
    if (type == (X86EMU_MEMIO_X | X86EMU_MEMIO_8))
        return read_memory(c, addr, val, 1);
    if (type == (X86EMU_MEMIO_X | X86EMU_MEMIO_16)) {
        if (__builtin_expect(e->x86.R_IP == 0xFFFF, 0))
            return memio_code_wrap(e, addr, val);
        return read_memory(c, addr, val, 2);
    }
    if (type == (X86EMU_MEMIO_R | X86EMU_MEMIO_16)) {
        if (__builtin_expect(e->x86.intr_type != 0, 0))
            return memio_word_pending(e, addr, val, type);
        if (bus)
            cpu_log_access_on(c, addr, 2, 0, model_8086);
        return data_access(c, addr, val, X86EMU_MEMIO_R, 2, model_8086);
    }
    if (type == (X86EMU_MEMIO_W | X86EMU_MEMIO_16)) {
        if (__builtin_expect(e->x86.intr_type != 0, 0))
            return memio_word_pending(e, addr, val, type);
        if (bus) {
            if (__builtin_expect(((addr - c->pend_lin) & MEM_MASK) < 32, 0))
                return write_near_code(e, addr, val, type, model_8086);    /* a tail call: no frame here */
            cpu_log_access_on(c, addr, 2, 1, model_8086);
        }
        return data_access(c, addr, val, X86EMU_MEMIO_W, 2, model_8086);
    }
    if (type == (X86EMU_MEMIO_R | X86EMU_MEMIO_8)) {
        if (bus)
            cpu_log_access_on(c, addr, 1, 0, model_8086);
        return data_access(c, addr, val, X86EMU_MEMIO_R, 1, model_8086);
    }
    if (type == (X86EMU_MEMIO_W | X86EMU_MEMIO_8)) {
        if (bus) {
            if (__builtin_expect(((addr - c->pend_lin) & MEM_MASK) < 32, 0))
                return write_near_code(e, addr, val, type, model_8086);
            cpu_log_access_on(c, addr, 1, 1, model_8086);
        }
        return data_access(c, addr, val, X86EMU_MEMIO_W, 1, model_8086);
    }
    if (bus)
        return memio_bus_other(e, addr, val, type, model_8086);
    return memio_other(c, addr, val, type, model_8086);
}

static unsigned memio_8088(x86emu_t *e, u32 addr, u32 *val, unsigned type)
{
    return memio_common(e, addr, val, type, 0, 0);
}

static unsigned memio_8086(x86emu_t *e, u32 addr, u32 *val, unsigned type)
{
    return memio_common(e, addr, val, type, 1, 0);
}

/* --timing bus: a write near the instruction running, maybe over the
 * bytes its queue holds (note_queue_write), then as any write. */
static __attribute__((noinline)) unsigned write_near_code(x86emu_t *e, u32 addr, u32 *val, unsigned type,
                                                          int model_8086)
{
    struct cpu *c = e->_private;
    note_queue_write(c, addr, bytes_of[type & 3]);
    cpu_log_access(c, addr, bytes_of[type & 3], 1);
    return model_8086 ? memio_common(e, addr, val, type, 1, 0) : memio_common(e, addr, val, type, 0, 0);
}

/* --timing bus: the rest (32-bit accesses, _NOPERM, the ports, a write
 * near the instruction running), as the bus clock's callback once did
 * for every call.  Out of line and tail-called. */
static __attribute__((noinline)) unsigned memio_bus_other(x86emu_t *e, u32 addr, u32 *val, unsigned type,
                                                          int model_8086)
{
    struct cpu *c = e->_private;
    unsigned kind = type & ~0xFFu;
    if (kind == X86EMU_MEMIO_X)
        return read_memory(c, addr, val, bytes_of[type & 3]);
    if (kind == X86EMU_MEMIO_W && ((addr - c->pend_lin) & MEM_MASK) < 32)
        return write_near_code(e, addr, val, type, model_8086);
    cpu_log_access(c, addr, bytes_of[type & 3], kind == X86EMU_MEMIO_W || kind == X86EMU_MEMIO_O);
    return memio_common(e, addr, val, type, model_8086, 0);
}

static unsigned memio_bus_8088(x86emu_t *e, u32 addr, u32 *val, unsigned type)
{
    return memio_common(e, addr, val, type, 0, 1);
}

static unsigned memio_bus_8086(x86emu_t *e, u32 addr, u32 *val, unsigned type)
{
    return memio_common(e, addr, val, type, 1, 1);
}

/* ---- the per-instruction hook ------------------------------------------ */

/* Whether an instruction starting with byte op may call or return
 * (observe_transfer's cases, with the 8086's aliases C0/C1/C8/C9 of RET
 * and RETF), or op is a prefix: one load for the shadow stack's filter. */
static const uint8_t may_transfer[256] = {
    [0x26] = 1, [0x2E] = 1, [0x36] = 1, [0x3E] = 1, [0xF0] = 1, [0xF1] = 1, [0xF2] = 1, [0xF3] = 1,
    [0xE8] = 1, [0x9A] = 1, [0xFF] = 1, [0xF6] = 1, [0xF7] = 1,
    [0xC0] = 1, [0xC1] = 1, [0xC2] = 1, [0xC3] = 1,
    [0xC8] = 1, [0xC9] = 1, [0xCA] = 1, [0xCB] = 1, [0xCC] = 1, [0xCD] = 1, [0xCE] = 1, [0xCF] = 1,
};

/* Whether the instruction at `at` may have called or returned: most
 * instructions are passed over without decoding, and so are the group
 * opcodes FFh, F6h and F7h whose ModRM reg field names none of
 * observe_transfer's cases (FFh /2-/5, F6h/F7h /6-/7). */
static inline int transfer_candidate(const uint8_t *mem, uint32_t at)
{
    uint8_t op = mem[at];
    if (!may_transfer[op])
        return 0;
    unsigned reg = (unsigned)(mem[(at + 1) & MEM_MASK] >> 3) & 7;
    if (op == 0xFF)
        return reg - 2 < 4;
    if (op == 0xF6 || op == 0xF7)
        return reg >= 6;
    return 1;
}

/* The shadow stack: tells m->calls of the call or return the instruction
 * at `at` just made, if it made one (CS:IP, SS:SP are as it left them),
 * from the decoded instruction. */
static __attribute__((noinline)) int observe_decoded(struct cpu *c, uint32_t at)
{
    const struct call_observer *o = c->m->calls;
    x86emu_t *e = c->emu;
    struct insn d;
    decode_insn(c->mem, at, &d);
    unsigned prefixes = d.prefixes, length = d.length;
    uint8_t op = d.opcode, reg = d.reg;
    uint16_t imm = d.imm;
    uint32_t a = (at + prefixes) & MEM_MASK;
    uint16_t cs = e->x86.R_CS, ip = e->x86.R_IP, ss = e->x86.R_SS, sp = e->x86.R_SP;
    uint32_t now = ((uint32_t)cs * 16 + ip) & MEM_MASK;
    if (c->fidelity && (op == 0xC0 || op == 0xC1 || op == 0xC8 || op == 0xC9))
        op = (uint8_t)(op + 2);             /* the 8086's aliases of RET and RETF */
    uint32_t back = (at + length) & MEM_MASK;       /* where its return address leads */
    uint8_t ah = (uint8_t)(e->x86.R_AX >> 8), al = (uint8_t)e->x86.R_AX;     /* INT leaves AX as it was */
    switch (op) {
    case 0xE8: o->call(o->ctx, XFER_NEAR, cs, ip, ss, sp, back, 0); break;
    case 0x9A: o->call(o->ctx, XFER_FAR, cs, ip, ss, sp, back, 0); break;
    case 0xFF:
        if (reg == 2 || reg == 3)
            o->call(o->ctx, reg == 2 ? XFER_NEAR : XFER_FAR, cs, ip, ss, sp, back, 0);
        else if (reg == 4 || reg == 5)
            o->jump(o->ctx, now);
        break;
    case 0xCC: case 0xCD:
        o->call(o->ctx, XFER_INT, cs, ip, ss, sp, back, service_id(op == 0xCC ? 3 : (uint8_t)imm, ah, al));
        break;
    case 0xCE:                              /* INTO, when it was taken */
        if (now != ((a + 1) & MEM_MASK))
            o->call(o->ctx, XFER_INT, cs, ip, ss, sp, back, service_id(4, 0, 0));
        break;
    case 0xC3: o->ret(o->ctx, ss, (uint16_t)(sp - 2)); break;
    case 0xC2: o->ret(o->ctx, ss, (uint16_t)(sp - 2 - imm)); break;
    case 0xCB: o->ret(o->ctx, ss, (uint16_t)(sp - 4)); break;
    case 0xCA: o->ret(o->ctx, ss, (uint16_t)(sp - 4 - imm)); break;
    case 0xCF: o->ret(o->ctx, ss, (uint16_t)(sp - 6)); break;
    case 0xF6: case 0xF7:                   /* a divide error, raised by libx86emu */
        if ((reg & 6) == 6 &&
            now == ((uint32_t)(c->mem[2] | c->mem[3] << 8) * 16 + (uint32_t)(c->mem[0] | c->mem[1] << 8)) % MEM_SIZE)
            o->call(o->ctx, XFER_INT, cs, ip, ss, sp, back, service_id(0, 0, 0));
        break;
    default: break;
    }
    return 0;
}

/* observe_decoded(), with the common three read without a decode and
 * handed on in tail calls: CALL rel16, RET and RET imm16 (no prefix, no
 * ModR/M; 333 k of bench.com's 2 M instructions).  Returns 0, the code
 * hook's value (the observer's near_call and ret return it), so that a
 * hook can end in it: every call here is then a jump. */
static inline __attribute__((always_inline)) int observe_inline(struct cpu *c, uint32_t at)
{
    const struct call_observer *o = c->m->calls;
    const x86emu_t *e = c->emu;
    switch (c->mem[at]) {
    case 0xE8:
        return o->near_call(o->ctx, e->x86.R_CS, e->x86.R_IP, e->x86.R_SS, e->x86.R_SP, (at + 3) & MEM_MASK);
    case 0xC3:
        return o->ret(o->ctx, e->x86.R_SS, (uint16_t)(e->x86.R_SP - 2));
    case 0xC2: {
        uint16_t imm = (uint16_t)(c->mem[(at + 1) & MEM_MASK] | c->mem[(at + 2) & MEM_MASK] << 8);
        return o->ret(o->ctx, e->x86.R_SS, (uint16_t)(e->x86.R_SP - 2 - imm));
    }
    default:
        return observe_decoded(c, at);
    }
}

static __attribute__((noinline)) void observe_transfer(struct cpu *c, uint32_t at)
{
    observe_inline(c, at);
}

/* code_hook_traced()'s end for a possible call or return. */
static __attribute__((noinline)) int hook_after_transfer(x86emu_t *e, struct cpu *c);

/* Trace mode: the bytes of the instruction at lin the first time it ran
 * (annotate disassembles the code as executed, not as the run left it). */
static __attribute__((noinline, cold)) void keep_code(const struct exact_counts *x, const uint8_t *mem, uint32_t lin)
{
    struct insn d;
    decode_insn(mem, lin, &d);
    for (unsigned k = 0; k < d.length; k++)
        x->code[(lin + k) & MEM_MASK] = mem[(lin + k) & MEM_MASK];
}

/* trace_settled()'s rare end: the instruction at `at` ran for the first
 * time (trace mode keeps its bytes), and may have called or returned. */
static __attribute__((noinline, cold)) void first_run(struct cpu *c, uint32_t at, int candidate)
{
    keep_code(c->m->exact, c->mem, at);
    if (candidate)
        observe_transfer(c, at);
}

/* The shadow stack alone (--stacks): the instruction at `at` that just
 * ran took `cycles`.  No call but the rare tail call: no saved registers.
 * (Without an observer the totals go on growing unread.) */
static inline __attribute__((always_inline)) void stacks_count(struct cpu *c, uint32_t at, uint64_t cycles)
{
    struct call_totals *n = &c->m->counted;
    n->insns++;
    n->cycles += cycles;
    n->stalls += c->stall;  /* the bus model's (an add costs less than a test) */
    if (transfer_candidate(c->mem, at) && c->m->calls)
        observe_transfer(c, at);
}

static __attribute__((noinline)) void stacks_settled(struct cpu *c, uint32_t at, uint64_t cycles)
{
    stacks_count(c, at, cycles);
}

/* Trace mode and the shadow stack: the instruction that just ran took
 * `cycles`.  (Laid out for the common case: every call is a tail call at
 * the end, so trace_settled() needs no saved registers; the shadow stack
 * decodes only the few instructions that may call or return.)  `inlined`:
 * the caller is a hook that saves registers anyway (the bus model's), so
 * the shadow stack's part is inlined too. */
static inline __attribute__((always_inline)) void count_settled(struct cpu *c, uint64_t cycles, int inlined)
{
    uint32_t at = c->pend_lin;
    if (at == UINT32_MAX)
        return;             /* nothing has run yet */
    c->pend_lin = UINT32_MAX;
    struct machine *m = c->m;
    struct exact_counts *x = m->exact;
    if (!x) {
        if (inlined)
            stacks_count(c, at, cycles);
        else
            stacks_settled(c, at, cycles);
        return;
    }
    struct addr_counts *n = &x->addr[at];
    uint64_t ran = n->insns++;
    int candidate = 0;
    n->cycles += cycles;
    if (c->stall) {         /* the bus model's; stall_video is part of it */
        n->stalls += c->stall;
        if (x->video)
            x->video[at] += c->stall_video;
        m->counted.stalls += c->stall;
    }
    n->cs = c->pend_cs;
    exact_touch(x, at);
    m->counted.insns++;
    m->counted.cycles += cycles;
    if (m->calls)
        candidate = transfer_candidate(c->mem, at);
    if (__builtin_expect(ran == 0, 0) && x->code)
        first_run(c, at, candidate);
    else if (candidate)
        observe_transfer(c, at);
}

static __attribute__((noinline)) void trace_settled(struct cpu *c, uint64_t cycles)
{
    count_settled(c, cycles, 0);
}

/* An instruction the slow path ran itself (8086-only forms, AAM 0). */
static void count_own_insn(struct cpu *c, uint32_t lin)
{
    struct machine *m = c->m;
    if (m->exact) {
        if (!m->exact->addr[lin].insns++ && m->exact->code)
            keep_code(m->exact, c->mem, lin);
        exact_touch(m->exact, lin);
    }
    m->counted.insns++;
    c->pend_lin = UINT32_MAX;   /* settled: cpu_settle() must not count it again */
}

/* Everything but the common case: deadlines, traps, interrupts, prefixes,
 * strings, groups, AAM 0, and the instructions that may set IF. */
/* libx86emu writes "lock: ", "repne " or "repe " for each F0h, F2h and
 * F3h prefix into its 256-byte disassembly buffer without a bound, and
 * past it over its own pointer into the host heap (found by fuzzing: a
 * guest with ~45 of them in a row corrupted the host's memory).  The 8086
 * takes any number; programs use one or two.  More than this in one
 * prefix run stops the run. */
#define MAX_TEXT_PREFIXES 16

static int prefix_run_too_long(const uint8_t *mem, uint16_t cs, uint16_t ip)
{
    unsigned text = 0;
    for (unsigned k = 0; k < 0x10000u; k++) {
        uint8_t b = mem[((uint32_t)cs * 16 + (uint16_t)(ip + k)) & MEM_MASK];
        if (b == 0xF0 || b == 0xF2 || b == 0xF3) {
            if (++text > MAX_TEXT_PREFIXES)
                return 1;
        } else if (!(b == 0x26 || b == 0x2E || b == 0x36 || b == 0x3E || (b >= 0x64 && b <= 0x67))) {
            return 0;
        }
    }
    return 0;
}

/* ---- single step and the segment-load shadow --------------------------- */

/* Whether the instruction loads a segment register, after which the 8086
 * takes no interrupt (nor single-step trap) until the next instruction
 * has run: MOV sreg and POP sreg (any of them on the 8086 and 186, only SS
 * on the 286); on the 8086, POP CS too. */
static int loads_segment(const struct insn *d, const struct cpu_model_row *row)
{
    uint8_t op = d->opcode;
    if (row->isa == CPU_ISA_286)
        return op == 0x17 || (op == 0x8E && (d->reg & 3) == 2);
    return op == 0x07 || op == 0x17 || op == 0x1F || op == 0x8E || (op == 0x0F && row->isa == CPU_ISA_8086);
}

static int is_rep_string(const struct insn *d)
{
    return d->rep && ((d->opcode >= 0xA4 && d->opcode <= 0xA7) || (d->opcode >= 0xAA && d->opcode <= 0xAF));
}

/* A REP string instruction is cut after the iteration where an interrupt
 * comes (an IRQ the PIC passes, with IF set) or, with TF set, after each
 * iteration; the CPU pushes the address it resumes from and comes back
 * to the rest of the count.  The NMOS 8088 and 8086 push the address of
 * the last prefix only, so "REP ES: MOVSB" goes on as "ES: MOVSB", once,
 * and "ES: REP MOVSB" as "REP MOVSB" from DS; the 186 and later push the
 * first prefix's (the row's resume_all_prefixes; docs/timing.md, "REP
 * strings and interrupts").  libx86emu runs a REP whole: it is given
 * CX = n, the iterations up to the cut, and the rest of the count is put
 * back after them (resume_cut_rep()).  If no interrupt is taken at the
 * cut after all, the string goes on from its first prefix. */
static void cut_rep(x86emu_t *e, struct cpu *c, uint16_t ip, uint16_t n)
{
    c->step_rep_op = c->dec.opcode;
    c->step_rep_kind = c->dec.rep;
    c->step_rep_rest = (uint16_t)(e->x86.R_CX - n);
    c->step_rep_ip = ip;
    c->step_rep_pushed = c->m->cpu_row->resume_all_prefixes ? ip : (uint16_t)(ip + c->dec.prefixes - 1);
    c->step_rep = 1;
    e->x86.R_ECX = (e->x86.R_ECX & 0xFFFF0000u) | n;
}

/* After a cut REP: CX is the rest of the count and what the iterations
 * left; when the string is not done, IP goes back to it, and an interrupt
 * taken now pushes the address the model resumes from (m->rep_resume). */
static void resume_cut_rep(x86emu_t *e, struct cpu *c)
{
    uint8_t op = c->step_rep_op, rep = c->step_rep_kind;
    uint16_t left = e->x86.R_CX;    /* non-zero: REPE/REPNE's condition ended it */
    int go = c->step_rep_rest != 0 && left == 0;
    c->step_rep = 0;
    e->x86.R_ECX = (e->x86.R_ECX & 0xFFFF0000u) | (uint16_t)(c->step_rep_rest + left);
    if (go && ((op >= 0xA6 && op <= 0xA7) || (op >= 0xAE && op <= 0xAF)))   /* CMPS, SCAS */
        go = (rep == 0xF3) == ((e->x86.R_FLG & FL_ZF) != 0);
    if (go) {
        e->x86.R_EIP = c->step_rep_ip;
        c->m->rep_resume = 0x10000u | c->step_rep_pushed;
    }
}

/* How many iterations the REP string about to run (its table cost in
 * c->pend) gets before an interrupt comes: the first iteration that ends
 * at or after the next IRQ the CPU would take (machine_irq_next()), by
 * the table's clocks (the bus model's are those or more: the refresh and
 * wait states add to them, so the interrupt is due when the cut is
 * reached); 0 when it ends first. */
static uint16_t rep_iterations_to_irq(const x86emu_t *e, const struct cpu *c)
{
    const struct machine *m = c->m;
    uint16_t cx = e->x86.R_CX;
    uint64_t irq = machine_irq_next(m);
    if (irq == UINT64_MAX || cx < 2)
        return 0;
    uint64_t head = m->now + c->pend.fixed;
    uint64_t iter = c->pend.per_iter + (c->odd_only ? 0 : (uint64_t)c->pend.words_per_iter * WORD_PENALTY);
    uint64_t n = irq <= head + iter ? 1 : (irq - head + iter - 1) / (iter ? iter : 1);
    return n < cx ? (uint16_t)n : 0;
}

/* What the hook must settle beyond the table cost and the words, for the
 * instruction about to run: nothing (0) is the common case, which
 * code_hook() settles.  Every site that sets one of these sets c->rare
 * too (boundary_leave(), intr_hook(), cpu_set_bus_model()); c->rare set
 * with nothing to do only costs the longer path. */
static inline unsigned rare_work(const struct cpu *c)
{
    return (c->f1_patched | c->settle_more | c->fixup | c->pend.rep) != 0;
}

static int code_hook(x86emu_t *e);
static int code_hook_stacks(x86emu_t *e);
static int code_hook_traced(x86emu_t *e);
static int code_hook_traced_stacks(x86emu_t *e);
static int code_hook_traced_listed(x86emu_t *e);
static int code_hook_traced_stacks_listed(x86emu_t *e);
static int code_hook_rare_entry(x86emu_t *e);

/* c->plain_hook's values: which hook runs while c->rare is 0 (_LISTED:
 * the trace keeps its touched list, for frames). */
enum { PLAIN_SAMPLING = 1, PLAIN_STACKS, PLAIN_TRACED, PLAIN_TRACED_STACKS, PLAIN_TRACED_LISTED,
       PLAIN_TRACED_STACKS_LISTED };
static const x86emu_code_handler_t plain_hooks[] = {
    [PLAIN_SAMPLING] = code_hook, [PLAIN_STACKS] = code_hook_stacks,
    [PLAIN_TRACED] = code_hook_traced, [PLAIN_TRACED_STACKS] = code_hook_traced_stacks,
    [PLAIN_TRACED_LISTED] = code_hook_traced_listed, [PLAIN_TRACED_STACKS_LISTED] = code_hook_traced_stacks_listed,
};

/* c->rare, and under the table clock the hook that goes with it: the
 * plain hook while it is 0 (code_hook() sampling, code_hook_stacks() the
 * shadow stack alone, code_hook_traced() or code_hook_traced_stacks() a
 * trace), so that none tests it, code_hook_rare_entry() while it is 1.
 * It changes around the few instructions with more to settle (REP
 * strings, MUL and DIV, the 8086's fix-ups), twice a library call each. */
static inline void set_rare(struct cpu *c, unsigned rare)
{
    if (rare == c->rare)
        return;
    c->rare = rare;
    if (c->plain_hook)
        x86emu_set_code_handler(c->emu, rare ? code_hook_rare_entry : plain_hooks[c->plain_hook]);
}

static inline int boundary_leave(struct cpu *c, int stop)
{
    set_rare(c, rare_work(c));
    return stop;
}

/* After a boundary's deadlines: when the instruction at lin is one the
 * quick path prices, and the decoding below would do nothing more for it
 * than the quick path does (no single step, no segment load, not one of
 * the 8086 layer's own, nothing asked of the next boundary), the same
 * state without decoding it.  Returns 1 when it did. */
static inline int boundary_quick(x86emu_t *e, struct cpu *c, uint16_t cs, uint16_t ip, uint32_t lin)
{
    struct machine *m = c->m;
    if (c->after || (e->x86.R_FLG & FL_TF) || lin - m->trap_lo < m->trap_span)
        return 0;
    uint8_t op = c->mem[lin];
    int32_t cost = timing_quick(c->quick, c->mem, lin, (uint16_t)e->x86.R_FLG, e->x86.R_CX);
    if (cost < 0 || op == 0x8E || (c->fidelity && runs_on_cpu8086(op)))
        return 0;
    /* What timing_decode(), fixup_for() and the rest below leave for it. */
    cpu_pend_plain(e, c, cs, ip, lin, (uint32_t)cost, 0, 0);
    return 1;
}

static __attribute__((noinline)) int boundary_slow(x86emu_t *e, struct cpu *c, uint64_t rep_split)
{
    struct machine *m = c->m;
    for (;;) {
        if (c->step_rep)
            resume_cut_rep(e, c);
        unsigned after = c->after;      /* what the instruction that just ran asks */
        c->after = 0;
        m->boundary_due = 0;
        uint16_t cs = e->x86.R_CS, ip = e->x86.R_IP;
        uint32_t lin = ((uint32_t)cs * 16 + ip) & MEM_MASK;
        if (after || m->now >= m->next_event || lin - m->trap_lo < m->trap_span ||
            (m->irq_waiting && (e->x86.R_FLG & FL_IF))) {
            machine_boundary(m, cs, ip, c->pend_cs, c->pend_ip, rep_split, after);
            m->rep_resume = 0;      /* an interrupt now would have taken it */
            if (m->stop) {
                c->pend.fixed = 0;  /* settled already: cpu_settle() must not add it again */
                c->pend.rep = 0;
                return boundary_leave(c, 1);
            }
            cs = e->x86.R_CS;
            ip = e->x86.R_IP;
            lin = ((uint32_t)cs * 16 + ip) & MEM_MASK;
        }
        m->rep_resume = 0;
        if (boundary_quick(e, c, cs, ip, lin))
            return boundary_leave(c, 0);
        if (prefix_run_too_long(c->mem, cs, ip)) {
            machine_stop(m, STOP_FAULT, "more than %d LOCK/REP prefixes in a row at %04X:%04X: the CPU core "
                         "(libx86emu) cannot decode them safely", MAX_TEXT_PREFIXES, cs, ip);
            c->pend.fixed = 0;
            c->pend.rep = 0;
            return boundary_leave(c, 1);
        }
        decode_insn(c->mem, lin, &c->dec);
        if (loads_segment(&c->dec, m->cpu_row))
            c->after |= BOUNDARY_SHADOW;
        else if (c->dec.opcode == 0xFB)
            c->after |= BOUNDARY_STI;   /* IF counts from the next instruction on */
        int rep = is_rep_string(&c->dec) && e->x86.R_CX > 1 && !c->dec.overlong;
        if (e->x86.R_FLG & FL_TF) {
            c->after |= BOUNDARY_STEP;
            if (rep)
                cut_rep(e, c, ip, 1);
        }
        timing_decode(&c->dec, (uint16_t)e->x86.R_FLG, e->x86.R_CX, &c->pend);
        uint16_t cut;
        if (rep && !c->step_rep && (e->x86.R_FLG & FL_IF) && (cut = rep_iterations_to_irq(e, c)) != 0) {
            cut_rep(e, c, ip, cut);
            timing_decode(&c->dec, (uint16_t)e->x86.R_FLG, e->x86.R_CX, &c->pend);
        }
        c->pend.rep_cut = c->step_rep;  /* its last iteration goes to the interrupt */
        if (c->pend.rep && c->biu)
            cpu_note_rep(e, c);
        if (c->pend.mul >= DIV_8 && c->pend.mul <= ASCII_ADJUST)
            cpu_settle_division(e, c);
        c->settle_more |= c->pend.mul != 0;
        c->pend_cs = cs;
        c->pend_ip = ip;
        c->pend_lin = lin;
        c->fixup = c->fidelity ? fixup_for(&c->dec) : fixup_for_later(&c->dec, m->cpu_row);
        c->sp_before = e->x86.R_SP;
        c->ax_before = e->x86.R_AX;
        c->dx_before = e->x86.R_DX;
        m->boundary_due = c->after != 0 || c->step_rep;
        if (timing_ops[c->dec.opcode].kind == K_IFSET || m->boundary_due)
            m->next_event = 0;      /* IF or TF may rise, or the next boundary has work */
        unsigned words = 0;
        if (!c->fidelity && invalid_on(&c->dec, m->cpu_row)) {
            /* The 186's and 286's invalid opcode: INT 6, the saved CS:IP
             * the instruction's own (its first prefix). */
            machine_charge(m, c->pend.fixed, cs, ip);
            count_own_insn(c, lin);
            c->pend.fixed = 0;
            c->pend.rep = 0;
            c->fixup = FIX_NONE;
            machine_interrupt(m, 6);
            rep_split = 0;
            e->x86.R_TSC++;
            if (m->stop || (m->max_insn && e->x86.R_TSC >= m->max_insn))
                return boundary_leave(c, 1);
            continue;
        }
        if (c->fidelity ? emulate_8086_only(e, c, &c->dec, lin, &words) : emulate_later(e, c, &c->dec, &words)) {
            e->x86.saved_cs = e->x86.R_CS;
            e->x86.saved_eip = e->x86.R_EIP;
            uint64_t cost = c->pend.fixed + words * WORD_PENALTY;
            if (c->biu)
                cost = cpu_bus_time(c, cost);
            machine_charge(m, cost, cs, ip);
            count_own_insn(c, lin);
            if (m->calls && transfer_candidate(c->mem, lin))
                observe_transfer(c, lin);
            c->pend.fixed = 0;
            c->pend.rep = 0;
            c->fixup = FIX_NONE;
            rep_split = 0;
            e->x86.R_TSC++;         /* an instruction, for --max-instructions */
            if (m->stop || (m->max_insn && e->x86.R_TSC >= m->max_insn))
                return boundary_leave(c, 1);
            continue;
        }
        if (!c->pend.aam0)
            return boundary_leave(c, 0);
        /* AAM 0: libx86emu would divide by zero on the host.  The 8086
         * raises a divide error after the instruction, pushing the address
         * of the next one (after any prefixes, D4 00). */
        cpu_set(m, REG_IP, (uint16_t)(ip + c->dec.prefixes + 2));     /* prefixes, D4 00 */
        machine_charge(m, c->pend.fixed, cs, ip);
        count_own_insn(c, lin);
        c->pend.fixed = 0;
        c->pend.rep = 0;
        machine_interrupt(m, 0);
        rep_split = 0;
        e->x86.R_TSC++;             /* an instruction, for --max-instructions */
        if (m->stop || (m->max_insn && e->x86.R_TSC >= m->max_insn))
            return boundary_leave(c, 1);
    }
}

/* The instruction at lin, priced `t` by the quick path, goes to libx86emu
 * as it is.  `rare`: c->rare may be set (the caller is code_hook_rare()),
 * and the REP the last instruction was no longer is; 2: the same under
 * the bus model, whose hook does not read c->rare. */
static inline __attribute__((always_inline)) int hook_quick(x86emu_t *e, struct cpu *c, uint32_t lin, int32_t t,
                                                            int rare)
{
    c->pend.fixed = (uint32_t)t;
    c->pend_lin = lin;
    c->pend_cs = e->x86.R_CS;
    if (rare) {             /* else both are 0 already */
        c->pend.rep = 0;
        if (rare == 1)
            set_rare(c, rare_work(c));
    }
    return 0;
}

/* The quick path's price of the next instruction, at CS:IP (`*lin`, its
 * linear address): QUICK_PRICE_MULDIV for MUL, IMUL, DIV, IDIV or CWD
 * (cpu_quick_muldiv()), -1 when boundary_slow() must decode it (a
 * deadline, a trap, an instruction the quick table does not price).  For the observed
 * table hooks; hook_next_at() keeps its own copy of these lines: built
 * on this helper, gcc lays out code_hook_bus() worse (callgrind bench.com
 * --timing bus 591.5 -> 593.3). */
#define QUICK_PRICE_MULDIV (-2)
static inline __attribute__((always_inline)) int32_t quick_price(const x86emu_t *e, const struct cpu *c,
                                                                 const struct machine *m, uint32_t *lin)
{
    uint32_t at = *lin = (e->x86.R_CS_BASE + e->x86.R_EIP) & MEM_MASK;
    if (m->now < m->next_event && at - m->trap_lo >= m->trap_span) {
        unsigned t = timing_quick_entry(c->quick, c->mem, at);
        if (__builtin_expect(t < QUICK_MULDIV, 1))
            return (int32_t)t;
        if (t == QUICK_MULDIV)
            return QUICK_PRICE_MULDIV;
        return timing_quick_finish(c->quick, c->mem[at], t, (uint16_t)e->x86.R_FLG, e->x86.R_CX);
    }
    return -1;
}

/* MUL, IMUL, DIV, IDIV or CWD at lin, QUICK_MULDIV in the quick table:
 * priced from its operands without the slow path's decoding
 * (cpu_quick_muldiv), else boundary_slow(). */
static __attribute__((noinline)) int hook_muldiv(x86emu_t *e, struct cpu *c, uint32_t lin, uint64_t rep_split)
{
    if (cpu_quick_muldiv(e, c, lin) == 0)
        return boundary_leave(c, 0);    /* MUL's operands are settled after it: c->rare */
    return boundary_slow(e, c, rep_split);
}

/* Decode the next instruction: the quick path inline (timing_quick()
 * prices it, libx86emu runs it as it is), else boundary_slow().  Every
 * call here is a tail call. */
static inline __attribute__((always_inline)) int hook_next_at(x86emu_t *e, struct cpu *c, struct machine *m,
                                                              uint32_t lin, uint64_t rep_split, int rare)
{
    if (m->now < m->next_event && lin - m->trap_lo >= m->trap_span) {
        unsigned t = timing_quick_entry(c->quick, c->mem, lin);
        if (__builtin_expect(t < QUICK_MULDIV, 1))
            return hook_quick(e, c, lin, (int32_t)t, rare);
        int32_t u = timing_quick_finish(c->quick, c->mem[lin], t, (uint16_t)e->x86.R_FLG, e->x86.R_CX);
        if (u >= 0)
            return hook_quick(e, c, lin, u, rare);
        if (t == QUICK_MULDIV)
            return hook_muldiv(e, c, lin, rep_split);
    }
    return boundary_slow(e, c, rep_split);
}

/* The same, the instruction at libx86emu's CS:IP. */
static inline __attribute__((always_inline)) int hook_next(x86emu_t *e, struct cpu *c, struct machine *m,
                                                           uint64_t rep_split, int rare)
{
    return hook_next_at(e, c, m, (e->x86.R_CS_BASE + e->x86.R_EIP) & MEM_MASK, rep_split, rare);
}

/* hook_next() for the table clock's observed hooks, which counted the
 * instruction at c->pend_lin: the quick path sets c->pend_lin anew (MUL
 * and DIV's too, cpu_quick_muldiv()), so it is cleared (settled:
 * cpu_settle() must not count it again) only on the way to
 * boundary_slow(), which may end the run without setting it. */
static inline __attribute__((always_inline)) int hook_next_counted(x86emu_t *e, struct cpu *c, struct machine *m)
{
    uint32_t lin;
    int32_t t = quick_price(e, c, m, &lin);
    if (__builtin_expect(t >= 0, 1))
        return hook_quick(e, c, lin, t, 0);
    if (t == QUICK_PRICE_MULDIV && cpu_quick_muldiv(e, c, lin) == 0)
        return boundary_leave(c, 0);    /* MUL's operands are settled after it: c->rare */
    c->pend_lin = UINT32_MAX;
    return boundary_slow(e, c, 0);
}

/* The hook with c->rare set or a trace or shadow stack on: the
 * instruction that just ran has more to settle than its table cost and
 * words (an 8086 fix-up, F1 prefixes to put back, a REP's iterations,
 * operands or the bus model), or is counted.  `bus`: the bus model's
 * hook, which always has more to settle (c->rare is not kept); 2 when it
 * counts, 3 when it has tried the replay already (code_hook_bus_other:
 * a failed replay changes nothing, so the second would fail too). */
static inline __attribute__((always_inline)) int hook_settle(x86emu_t *e, struct cpu *c, int bus)
{
    if (c->f1_patched)
        restore_f1(c);
    struct machine *m = c->m;
    uint64_t rep_split = 0;

    /* Settle the instruction that just ran. */
    uint64_t started = m->now;
    uint64_t cost = c->pend.fixed + c->words * WORD_PENALTY;
    if (bus == 3)
        cost = cpu_settle_more_other(c);
    else if (bus)
        cost = cpu_settle_bus(c, cost);     /* the replay inline (cpu_internal.h) */
    else if (c->settle_more)
        cost = cpu_settle_more(c);
    m->now += cost;
    c->words = 0;
    if (c->fixup)
        apply_fixup(e, c);
    if (c->pend.rep && c->biu) {
        if (c->rep.iterations)
            rep_split = c->rep_last;    /* the bus model played them all */
    } else if (c->pend.rep) {
        uint16_t cx = e->x86.R_CX;
        unsigned n = timing_rep_iterations(&c->pend, cx);
        m->now += (uint64_t)n * c->pend.per_iter;
        if (n) {
            /* Ticks up to the start of the last iteration interrupt the
             * REP itself (the CPU pushes its address and resumes it). */
            unsigned last = c->pend.per_iter + (c->odd_only ? 0 : c->pend.words_per_iter * WORD_PENALTY);
            rep_split = m->now - last;
            m->now += timing_rep_end(&c->pend, cx);
        }
    }
    if (bus == 2)
        count_settled(c, m->now - started, 1);
    else if (m->exact != NULL || m->calls != NULL)
        trace_settled(c, m->now - started);
    return hook_next(e, c, m, rep_split, bus ? 2 : 1);
}

static __attribute__((noinline)) int code_hook_rare(x86emu_t *e, struct cpu *c)
{
    return hook_settle(e, c, 0);
}

/* The sampling hook while c->rare is set (set_rare()). */
static int code_hook_rare_entry(x86emu_t *e)
{
    return code_hook_rare(e, e->_private);
}

/* --timing bus: libx86emu's hook before every instruction (code_hook()'s
 * test would always send it here).  pick_hook() installs it only while
 * there is no trace and no shadow stack, so it tests neither.  The common
 * case: nothing to put back or fix up, and the memo replays the
 * instruction (cpu_bus_replay_to: not a REP string, so no iterations; the
 * next address computed once, for the key and for pricing the next
 * instruction); anything else goes through hook_settle(), which tries the
 * replay only if it was not tried here (F1 prefixes to put back, a fix-up). */
static __attribute__((noinline)) int code_hook_bus_other(x86emu_t *e, struct cpu *c)
{
    if (c->pend.mul && !(c->f1_patched | c->fixup)) {
        /* MUL, IMUL, CWD: their operands' clocks, then the replay as
         * code_hook_bus() tries it. */
        cpu_settle_mul(c);
        struct machine *m = c->m;
        uint32_t next = (e->x86.R_CS_BASE + e->x86.R_EIP) & MEM_MASK;
        int64_t clocks = cpu_bus_replay_to(c, c->pend.fixed + c->words * WORD_PENALTY, next, 0);
        if (clocks >= 0) {
            m->now += (uint64_t)clocks;
            c->words = 0;
            return hook_next_at(e, c, m, next, 0, 0);
        }
    }
    return hook_settle(e, c, (c->f1_patched | c->fixup) ? 1 : 3);
}

static int code_hook_bus(x86emu_t *e)
{
    struct cpu *c = e->_private;
    struct machine *m = c->m;
    if (!(c->f1_patched | c->fixup)) {
        uint32_t next = (e->x86.R_CS_BASE + e->x86.R_EIP) & MEM_MASK;
        int64_t clocks = cpu_bus_replay_to(c, c->pend.fixed + c->words * WORD_PENALTY, next, 0);
        if (clocks >= 0) {
            m->now += (uint64_t)clocks;
            c->words = 0;
            return hook_next_at(e, c, m, next, 0, 0);   /* pend.rep is 0: the replay took it */
        }
    }
    return code_hook_bus_other(e, c);
}

/* --timing bus with --trace or --stacks (pick_hook()): the
 * counting inlined, as the hook saves registers anyway.  Right without
 * either too: count_settled() then counts into the call tree's totals
 * only, which nobody reads. */
static int code_hook_bus_traced(x86emu_t *e)
{
    return hook_settle(e, e->_private, 2);
}

/* Called by libx86emu before every instruction while there is no trace,
 * no shadow stack and no bus model (pick_hook(): m->exact and m->calls
 * are NULL), and nothing in c->rare (set_rare()), so it tests none of
 * them: the instruction that just ran costs its table entry and the words
 * it moved, and the next is priced by timing_quick().  A leaf: every call
 * from here is a tail call. */
static int code_hook(x86emu_t *e)
{
    struct cpu *c = e->_private;
    struct machine *m = c->m;
    m->now += c->pend.fixed + c->words * WORD_PENALTY;
    c->words = 0;
    return hook_next(e, c, m, 0, 0);
}

/* The observed table hooks' settling: the instruction that just ran costs
 * its table entry and the words it moved, added to the machine's running
 * totals too (no stalls: the table clock has none).  Returns its cycles. */
static inline __attribute__((always_inline)) uint64_t settle_counted(struct cpu *c, struct machine *m)
{
    uint64_t cycles = c->pend.fixed + c->words * WORD_PENALTY;
    m->now += cycles;
    c->words = 0;
    m->counted.insns++;
    m->counted.cycles += cycles;
    return cycles;
}

/* The traced hooks' end: a possible call or return goes to the observer
 * too (hook_after_transfer()); the next instruction is priced. */
static inline __attribute__((always_inline)) int traced_end(x86emu_t *e, struct cpu *c, uint32_t at, int stacks)
{
    if (stacks && transfer_candidate(c->mem, at))
        return hook_after_transfer(e, c);
    return hook_next_counted(e, c, c->m);
}

/* --trace (`stacks`: with --stacks) on the table clock: code_hook() with
 * the counting inlined.  The common case (an instruction that ran before)
 * settles the table cost and the words, adds them to the address's counts
 * (one struct, one cache line, through c->exact_addr: no load of the
 * trace's header) and to the call tree's totals, and prices the next
 * instruction.  A leaf but for the observer's calls.  Installed only
 * while there is a trace, a shadow stack if `stacks`, the touched list if
 * `listed` (frames), and nothing in c->rare (pick_hook(), set_rare()), so
 * it tests none of them; a pending address of none or the first run of an
 * address (which keeps its code) goes to code_hook_rare(). */
static inline __attribute__((always_inline)) int traced_hook(x86emu_t *e, int stacks, int listed)
{
    struct cpu *c = e->_private;
    struct machine *m = c->m;
    uint32_t at = c->pend_lin;
    if (__builtin_expect(at == UINT32_MAX, 0))
        return code_hook_rare(e, c);
    struct addr_counts *n = &c->exact_addr[at];
    if (__builtin_expect(!n->insns, 0))
        return code_hook_rare(e, c);
    /* (The count tested and added in memory, cmpq and addq: without the
     * first asm gcc keeps the tested value in a register, two instructions
     * more; without the second it packs the add with the cycles' into SSE.) */
    __asm__("" : "+m"(n->insns));
    n->insns++;
    __asm__("" : "+m"(n->insns));
    n->cycles += c->pend.fixed + c->words * WORD_PENALTY;
    n->cs = c->pend_cs;
    settle_counted(c, m);
    if (listed)
        exact_touch(m->exact, at);
    return traced_end(e, c, at, stacks);
}

static int code_hook_traced(x86emu_t *e)
{
    return traced_hook(e, 0, 0);
}

static int code_hook_traced_stacks(x86emu_t *e)
{
    return traced_hook(e, 1, 0);
}

static int code_hook_traced_listed(x86emu_t *e)
{
    return traced_hook(e, 0, 1);
}

static int code_hook_traced_stacks_listed(x86emu_t *e)
{
    return traced_hook(e, 1, 1);
}

/* --stacks without --trace on the table clock: code_hook() with the
 * instruction added to the machine's running totals (which the call tree
 * shares out at each call and return) and the transfer filter, nothing
 * else.  Installed only while there is a shadow stack, no trace and
 * nothing in c->rare (pick_hook(), set_rare()), so it tests none of them;
 * a pending address of none goes to code_hook_rare(). */
static int code_hook_stacks(x86emu_t *e)
{
    struct cpu *c = e->_private;
    struct machine *m = c->m;
    uint32_t at = c->pend_lin;
    if (__builtin_expect(at == UINT32_MAX, 0))
        return code_hook_rare(e, c);
    settle_counted(c, m);
    if (transfer_candidate(c->mem, at))
        return hook_after_transfer(e, c);
    return hook_next_counted(e, c, m);
}

/* code_hook_traced()'s and code_hook_stacks()'s end after an instruction
 * that may have called or returned.  When the quick path prices the next
 * instruction, that comes first and the observer last, in a tail call
 * (observe_inline() returns the hook's 0): no frame, nothing kept across
 * it, no saved register (the observer reads none of what
 * pricing writes: the call tree only, from the registers and the code).
 * Else the observer first, as boundary_slow() may sample the innermost
 * node or end the run. */
static __attribute__((noinline)) int after_transfer_slow(x86emu_t *e, struct cpu *c)
{
    observe_inline(c, c->pend_lin);
    c->pend_lin = UINT32_MAX;   /* (hook_next_counted()) */
    return boundary_slow(e, c, 0);
}

static __attribute__((noinline)) int hook_after_transfer(x86emu_t *e, struct cpu *c)
{
    uint32_t lin;
    int32_t t = quick_price(e, c, c->m, &lin);
    if (__builtin_expect(t >= 0, 1)) {
        uint32_t at = c->pend_lin;      /* (read here, not live across the pricing) */
        hook_quick(e, c, lin, t, 0);
        return observe_inline(c, at);
    }
    return after_transfer_slow(e, c);      /* (its own body: else its calls cost this one a frame) */
}

static int intr_hook(x86emu_t *e, u8 num, unsigned type)
{
    /* The 8086's divide error pushes the address of the next instruction;
     * libx86emu would restart the faulting one. */
    struct cpu *c = e->_private;
    if (num == 0 && (type & INTR_MODE_RESTART) && c->fidelity) {
        e->x86.saved_eip = e->x86.R_EIP;
        c->fixup = FIX_DIV_FLAGS;   /* settled at the handler's first instruction */
        set_rare(c, 1);
    }
    return 0;       /* every interrupt goes through the guest's vector */
}

/* ---- interface ---------------------------------------------------------- */

int cpu_create(struct machine *m)
{
    struct cpu *c = calloc(1, sizeof *c);
    if (!c)
        return -1;
    /* No memory permissions (our callback owns memory), and io_perm 0:
     * libx86emu never touches a host port. */
    c->emu = x86emu_new(0, 0);
    c->quick = timing_quick_table_new();
    if (!c->emu || !c->quick) {
        if (c->emu)
            x86emu_done(c->emu);
        free(c->quick);
        free(c);
        return -1;
    }
    c->m = m;
    c->mem = m->mem;
    c->pend_lin = UINT32_MAX;
    c->odd_only = m->cpu_row->bus_bytes == 2;
    c->fidelity = m->cpu_row->isa == CPU_ISA_8086;
    c->emu->_private = c;
    c->memio = c->odd_only ? memio_8086 : memio_8088;
    x86emu_set_memio_handler(c->emu, c->memio);
    x86emu_set_code_handler(c->emu, code_hook);
    c->plain_hook = PLAIN_SAMPLING;
    x86emu_set_intr_handler(c->emu, intr_hook);
    m->cpu = c;
    return 0;
}

/* --timing bus while the queue holds stale bytes (note_queue_write()):
 * if the instruction that just ran emptied the queue (timing_queue_emptied(),
 * the rule play() times the flush by: a jump to the very next byte too,
 * which programs of the time ran after writing over the code ahead so
 * that the new bytes run), the stale bytes went with it; then the bus
 * model's hook.  Installed by pick_hook() only while there are stale
 * bytes, so the usual hooks test nothing for them. */
static int code_hook_stale(x86emu_t *e)
{
    struct cpu *c = e->_private;
    struct machine *m = c->m;
    uint32_t lin = c->pend_lin;
    if (c->stale_n && lin != UINT32_MAX) {
        uint32_t next = (e->x86.R_CS_BASE + e->x86.R_EIP) & MEM_MASK;
        if (timing_queue_emptied(c->mem, lin, insn_length(c->mem, lin), prefix_length(c->mem, lin), next,
                                 c->pend.fixed + c->words * WORD_PENALTY))     /* play()'s in->table */
            c->stale_n = 0;
    }
    if (!c->stale_n) {
        x86emu_set_memio_handler(e, c->memio);
        pick_hook(m);
    }
    return m->exact || m->calls ? code_hook_bus_traced(e) : code_hook_bus(e);
}

/* The per-instruction hook for the clock and the observers there are now:
 * on the table clock, the plain hook for the observers (set_rare()), or
 * code_hook_rare_entry() while c->rare is set; on the bus clock,
 * code_hook_stale() while the queue holds stale bytes. */
static void pick_hook(struct machine *m)
{
    struct cpu *c = cpu_of(m);
    int observed = m->exact || m->calls;
    int listed = m->exact && m->exact->touched;
    c->exact_addr = m->exact ? m->exact->addr : NULL;
    c->plain_hook = c->biu ? 0
                    : m->exact ? m->calls ? listed ? PLAIN_TRACED_STACKS_LISTED : PLAIN_TRACED_STACKS
                                          : listed ? PLAIN_TRACED_LISTED : PLAIN_TRACED
                    : m->calls ? PLAIN_STACKS : PLAIN_SAMPLING;
    x86emu_set_code_handler(c->emu, c->biu ? c->stale_n ? code_hook_stale : observed ? code_hook_bus_traced : code_hook_bus
                                    : c->rare ? code_hook_rare_entry : plain_hooks[c->plain_hook]);
}

int cpu_set_bus_model(struct machine *m, unsigned queued)
{
    struct cpu *c = cpu_of(m);
    if (!c->biu && !(c->biu = calloc(1, sizeof *c->biu)))
        return -1;
    if (!c->memo && !(c->memo = biu_memo_new()))
        return -1;
    uint32_t lin = (c->emu->x86.R_CS_BASE + c->emu->x86.R_EIP) & MEM_MASK;
    biu_init(c->biu, (int)c->odd_only, queued, lin + queued);
    c->biu_next = lin;
    eu_clear_accesses(&c->insn);
    c->settle_more = 1;
    set_rare(c, 1);
    m->timing_bus = 1;
    c->stale_n = 0;
    pick_hook(m);
    cpu_bus_waits(c);
    c->memio = c->odd_only ? memio_bus_8086 : memio_bus_8088;
    x86emu_set_memio_handler(c->emu, c->memio);
    return 0;
}

void cpu_bus_play_every(struct machine *m)
{
    struct cpu *c = cpu_of(m);
    if (!c->biu)
        return;
    memo_settle_biu(c->memo);
    c->play_every = 1;
    memo_unchain(c->memo, c->biu);
}

void cpu_bus_memo_stats(struct machine *m, uint64_t *lookups, uint64_t *misses)
{
    struct cpu *c = cpu_of(m);
    *lookups = *misses = 0;
    if (c->memo)
        biu_memo_stats(c->memo, lookups, misses);
}

void cpu_observe(struct machine *m, struct exact_counts *exact, const struct call_observer *calls)
{
    m->exact = exact;
    m->calls = calls;
    pick_hook(m);
}

void cpu_exact_listed(struct machine *m)
{
    pick_hook(m);
}

void cpu_destroy(struct machine *m)
{
    struct cpu *c = cpu_of(m);
    if (!c)
        return;
    free(c->biu);
    biu_memo_free(c->memo);
    free(c->quick);
    x86emu_done(c->emu);
    free(c);
    m->cpu = NULL;
}

enum cpu_exit cpu_run(struct machine *m)
{
    struct cpu *c = cpu_of(m);
    unsigned flags = 0;
    if (m->max_insn) {
        c->emu->max_instr = m->max_insn;
        flags |= X86EMU_RUN_MAX_INSTR;
    }
    unsigned rs = x86emu_run(c->emu, flags);
    if (m->stop)
        return CPU_EXIT_STOP;
    if ((rs & X86EMU_RUN_MAX_INSTR) || (m->max_insn && c->emu->x86.R_TSC >= m->max_insn))
        return CPU_EXIT_MAX_INSN;
    return CPU_EXIT_HLT;
}

void cpu_card_changed(struct machine *m)
{
    struct cpu *c = cpu_of(m);
    c->card_lo = m->card_lo;
    c->card_span = m->card_span;
}

void cpu_video_waits_changed(struct machine *m)
{
    cpu_bus_waits(cpu_of(m));
}

uint64_t cpu_insn_count(struct machine *m)
{
    return cpu_of(m)->emu->x86.R_TSC;
}

uint64_t cpu_settle(struct machine *m)
{
    struct cpu *c = cpu_of(m);
    restore_f1(c);
    if (c->fixup)
        apply_fixup(c->emu, c);
    if (c->pend.mul)
        cpu_settle_mul(c);
    uint64_t t = timing_finish(&c->pend, (uint16_t)c->emu->x86.R_CX, c->words);
    if (c->biu)
        t = cpu_bus_time(c, t);     /* a REP string's whole, on the bus */
    m->now += t;
    if (m->exact || m->calls)
        trace_settled(c, t);
    c->words = 0;
    c->pend.fixed = 0;
    c->pend.rep = 0;
    return t;
}

void cpu_current_insn(struct machine *m, uint16_t *cs, uint16_t *ip)
{
    /* libx86emu saves the executing instruction's address before it runs. */
    *cs = cpu_of(m)->emu->x86.saved_cs;
    *ip = (uint16_t)cpu_of(m)->emu->x86.saved_eip;
}

uint16_t cpu_get(struct machine *m, enum reg r)
{
    x86emu_t *e = cpu_of(m)->emu;
    switch (r) {
    case REG_AX: return e->x86.R_AX;
    case REG_BX: return e->x86.R_BX;
    case REG_CX: return e->x86.R_CX;
    case REG_DX: return e->x86.R_DX;
    case REG_SI: return e->x86.R_SI;
    case REG_DI: return e->x86.R_DI;
    case REG_BP: return e->x86.R_BP;
    case REG_SP: return e->x86.R_SP;
    case REG_IP: return e->x86.R_IP;
    case REG_FLAGS: return (uint16_t)e->x86.R_FLG;
    case REG_ES: return e->x86.R_ES;
    case REG_CS: return e->x86.R_CS;
    case REG_SS: return e->x86.R_SS;
    case REG_DS: return e->x86.R_DS;
    default: return 0;
    }
}

void cpu_set(struct machine *m, enum reg r, uint16_t v)
{
    x86emu_t *e = cpu_of(m)->emu;
    switch (r) {
    case REG_AX: e->x86.R_EAX = v; break;
    case REG_BX: e->x86.R_EBX = v; break;
    case REG_CX: e->x86.R_ECX = v; break;
    case REG_DX: e->x86.R_EDX = v; break;
    case REG_SI: e->x86.R_ESI = v; break;
    case REG_DI: e->x86.R_EDI = v; break;
    case REG_BP: e->x86.R_EBP = v; break;
    case REG_SP: e->x86.R_ESP = v; break;
    case REG_IP: e->x86.R_EIP = v; e->x86.saved_eip = v; break;
    case REG_FLAGS: e->x86.R_FLG = (v & 0x0FD5u) | 0x0002u; break;
    case REG_ES: x86emu_set_seg_register(e, e->x86.R_ES_SEL, v); break;
    case REG_CS: x86emu_set_seg_register(e, e->x86.R_CS_SEL, v); e->x86.saved_cs = v; break;
    case REG_SS: x86emu_set_seg_register(e, e->x86.R_SS_SEL, v); break;
    case REG_DS: x86emu_set_seg_register(e, e->x86.R_DS_SEL, v); break;
    default: break;
    }
}

void cpu_set_al(struct machine *m, uint8_t v)
{
    cpu_set(m, REG_AX, (uint16_t)((cpu_get(m, REG_AX) & 0xFF00) | v));
}

void cpu_set_ah(struct machine *m, uint8_t v)
{
    cpu_set(m, REG_AX, (uint16_t)((cpu_get(m, REG_AX) & 0x00FF) | (v << 8)));
}
