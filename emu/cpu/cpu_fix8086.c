/*
 * emu/cpu/cpu_fix8086.c: the 8086 where libx86emu is a 286 or a 386
 * (../shared/spec/LIBX86EMU.md's table): the fix-ups applied at the
 * boundary after an instruction libx86emu ran (enum fixup, FLAGS bits,
 * PUSH SP, CALL SP, SAR by 1, the divide errors), and the 8086-only forms
 * executed before libx86emu sees them (POP CS, the Jcc and RET aliases,
 * ESC without an 8087, F1 as LOCK); the hint when a program uses a later
 * CPU's instruction.  And the 186's and 286's own where libx86emu is a
 * 386 (the end of the file).  cpu.c calls them from its hook
 * (cpu_internal.h).
 */
#include <stdio.h>
#include <x86emu.h>

#include "cpu8086.h"
#include "cpu_internal.h"
#include "decode.h"
#include "../machine.h"
#include "timing.h"


uint8_t fixup_for(const struct insn *d)
{
    uint8_t op = d->opcode, modrm = d->modrm;
    switch (op) {
    case 0xF6: case 0xF7:
        if (d->reg != 7)
            return FIX_NONE;
        return op == 0xF6 ? FIX_IDIV8 : FIX_IDIV16;
    case 0x9C: return FIX_PUSHED_FLAGS;
    case 0xCC: case 0xCD: case 0xCE: return FIX_INT_FLAGS;
    case 0x9D: case 0x9E: case 0xCF: return FIX_RESERVED;
    case 0x54: return FIX_PUSH_SP;
    case 0xD0: case 0xD1: return d->reg == 7 ? FIX_SAR1_OF : FIX_NONE;
    case 0xFF: return modrm == 0xD4 ? FIX_CALL_SP : (modrm == 0xF4 || modrm == 0xFC) ? FIX_PUSH_SP : FIX_NONE;
    default: return FIX_NONE;
    }
}

void apply_fixup(x86emu_t *e, struct cpu *c)
{
    uint32_t ss = (uint32_t)e->x86.R_SS * 16;
    uint16_t sp = e->x86.R_SP;
    uint32_t top = (ss + sp) & MEM_MASK;
    switch (c->fixup) {
    case FIX_PUSHED_FLAGS:          /* the high byte at SS:0000 when pushed at SP FFFFh */
        c->mem[(ss + (uint16_t)(sp + 1)) & MEM_MASK] |= 0xF0;
        break;
    case FIX_INT_FLAGS:
        if ((uint16_t)(c->sp_before - sp) == 6)     /* the interrupt was taken */
            c->mem[(ss + (uint16_t)(sp + 5)) & MEM_MASK] |= 0xF0;
        break;
    case FIX_RESERVED:
        e->x86.R_FLG = (e->x86.R_FLG & ~0x28u) | 0x02u;
        break;
    case FIX_PUSH_SP:
        c->mem[top] = (uint8_t)sp;
        c->mem[(ss + (uint16_t)(sp + 1)) & MEM_MASK] = (uint8_t)(sp >> 8);
        break;
    case FIX_CALL_SP:
        e->x86.R_EIP = (uint16_t)(sp + 2);
        break;
    case FIX_SAR1_OF:
        e->x86.R_FLG &= ~0x800u;
        break;
    case FIX_DIV_FLAGS:
        c->mem[(ss + (uint16_t)(sp + 5)) & MEM_MASK] |= 0xF0;
        break;
    case FIX_IDIV8: case FIX_IDIV16: {
        int word = c->fixup == FIX_IDIV16;
        if (word ? e->x86.R_AX == 0x8000 : e->x86.R_AL == 0x80) {
            e->x86.R_EAX = c->ax_before;
            e->x86.R_EDX = c->dx_before;
            c->fixup = FIX_NONE;
            machine_interrupt(c->m, 0);
            return;
        }
        if (c->dec.rep) {           /* the fixup's instruction, decoded by the slow path */
            if (word)
                e->x86.R_EAX = (uint16_t)-e->x86.R_AX;
            else
                e->x86.R_AL = (uint8_t)-e->x86.R_AL;
        }
        break;
    }
    default:
        break;
    }
    c->fixup = FIX_NONE;
}

/* Instructions the 8086 has and libx86emu decodes differently (as 186,
 * 286 or 386 instructions, or #UD) are executed here, before libx86emu
 * sees them: 0F is POP CS, 60-6F alias the Jcc 70-7F, C0/C1/C8/C9 alias
 * RET imm/RET/RETF imm/RETF, D8-DF (ESC) decode their operand and do
 * nothing without an 8087, F1 is a prefix like LOCK (shown to libx86emu
 * as F0 for the instruction it prefixes); shifts by CL and 8C/8E with
 * reg 4-7 are cpu8086.c's. */

/* A byte of the stack: from an EGA's or VGA's planes through the card. */
static unsigned stack_byte(const struct cpu *c, uint32_t a)
{
    return a - c->m->card_lo < c->m->card_span ? machine_read_card(c->m, a, 1) : c->mem[a];
}

/* The word at SS:SP, its high byte at SS:0000 when SP is FFFFh (the
 * offset wraps inside the segment). */
static unsigned pop_word(x86emu_t *e, struct cpu *c, unsigned *words)
{
    uint32_t ss = (uint32_t)e->x86.R_SS * 16, a = (ss + e->x86.R_SP) & MEM_MASK;
    unsigned v = stack_byte(c, a) | stack_byte(c, (ss + (uint16_t)(e->x86.R_SP + 1)) & MEM_MASK) << 8;
    *words += !c->odd_only || (e->x86.R_SP & 1);
    if (c->biu)
        cpu_log_access(c, a, 2, 0);
    e->x86.R_ESP = (uint16_t)(e->x86.R_SP + 2);
    return v;
}

/* What a later CPU would have run, for the one-time hint. */
static const char *later_cpu_insn(uint8_t op, const char **cpu)
{
    static const char *const x6[16] = {
        "PUSHA", "POPA", "BOUND", "ARPL", "FS:", "GS:", "operand-size prefix", "address-size prefix",
        "PUSH imm16", "IMUL imm16", "PUSH imm8", "IMUL imm8", "INSB", "INSW", "OUTSB", "OUTSW",
    };
    *cpu = "186";
    if (op >= 0x60 && op <= 0x6F) {
        if (op >= 0x63 && op <= 0x67)
            *cpu = "386";
        return x6[op & 15];
    }
    switch (op) {
    case 0xC0: case 0xC1: return "shift by an immediate count";
    case 0xC8: return "ENTER";
    case 0xC9: return "LEAVE";
    case 0x0F: *cpu = "286"; return "a two-byte 0F opcode";
    default: return NULL;
    }
}

static void hint_later_cpu(struct machine *m, uint8_t op, uint16_t cs, uint16_t ip)
{
    const char *cpu, *name = later_cpu_insn(op, &cpu);
    if (!name || m->hinted || m->bare_bus)
        return;
    m->hinted = 1;
    if (cpu[0] == '3')
        fprintf(machine_warn(m), "profil: %s (%02Xh) at %04X:%04X is a 386 instruction; running it as the 8086 does\n",
                name, op, cs, ip);
    else
        fprintf(machine_warn(m), "profil: %s (%02Xh) at %04X:%04X is a %s instruction; running it as the 8086 does"
                " (try --cpu %s)\n", name, op, cs, ip, cpu, cpu);
}

/* F1 is a LOCK prefix to the 8086, an opcode to libx86emu: for the one
 * instruction libx86emu runs, its F1 prefixes read as F0 (LOCK, which it
 * knows and which does nothing here), put back at the next boundary. */
static void show_f1_as_lock(struct cpu *c, uint32_t lin, unsigned prefixes)
{
    for (unsigned i = 0; i < prefixes && c->f1_patched < sizeof c->f1_at / sizeof c->f1_at[0]; i++) {
        uint32_t a = (lin + i) & MEM_MASK;
        if (c->mem[a] == 0xF1) {
            c->mem[a] = 0xF0;
            c->f1_at[c->f1_patched++] = a;
        }
    }
}

void restore_f1(struct cpu *c)
{
    while (c->f1_patched) {
        uint32_t a = c->f1_at[--c->f1_patched];
        if (c->mem[a] == 0xF0)      /* unless the instruction wrote there */
            c->mem[a] = 0xF1;
    }
}

/* ESC (D8-DF) with no coprocessor: its operand decoded, nothing done;
 * returns its length, or 0 for any other instruction.  Every --cpu model:
 * libx86emu's 186/286 would stop at them as invalid opcodes. */
unsigned skip_coprocessor(x86emu_t *e, const struct insn *d)
{
    if (d->opcode < 0xD8 || d->opcode > 0xDF || d->overlong)
        return 0;
    e->x86.R_EIP = (uint16_t)(e->x86.R_IP + d->length);
    return d->length;
}

/* Executes the instruction at `lin`, decoded as `d`, when it is one of
 * those; returns its length, or 0 when libx86emu should run it.  `words`
 * counts the stack words it read. */
unsigned emulate_8086_only(x86emu_t *e, struct cpu *c, const struct insn *d, uint32_t lin, unsigned *words)
{
    uint8_t op = d->opcode;
    unsigned n = d->prefixes;
    if (d->overlong)
        return 0;
    if (runs_on_cpu8086(op)) {
        struct cpu8086_bus bus = { c->m, c->mem, c->m->rom_start, (int)c->odd_only, 0,
                                   c->biu ? cpu_note_access : NULL, c, 0xFF };
        struct insn in_cs;          /* its code bytes wrap inside CS */
        if ((uint32_t)e->x86.R_IP + d->length > 0x10000u) {
            decode_insn_at(c->mem, e->x86.R_CS, e->x86.R_IP, &in_cs);
            d = &in_cs;
        }
        unsigned len = cpu8086_exec(e, &bus, d);
        *words += bus.words;
        return len;
    }
    uint16_t next = (uint16_t)(e->x86.R_IP + n + 1);
    if (op == 0x0F || (op >= 0x60 && op <= 0x6F) || op == 0xC0 || op == 0xC1 || op == 0xC8 || op == 0xC9)
        hint_later_cpu(c->m, op, e->x86.R_CS, e->x86.R_IP);
    switch (op) {
    case 0x0F:                                      /* POP CS */
        x86emu_set_seg_register(e, e->x86.R_CS_SEL, (uint16_t)pop_word(e, c, words));
        e->x86.R_EIP = next;
        return n + 1;
    case 0xD8: case 0xD9: case 0xDA: case 0xDB: case 0xDC: case 0xDD: case 0xDE: case 0xDF:
        return skip_coprocessor(e, d);
    case 0xC0: case 0xC1: case 0xC8: case 0xC9: {   /* RET imm / RET / RETF imm / RETF */
        uint16_t imm = (op & 1) ? 0 : d->imm;
        uint16_t ip = (uint16_t)pop_word(e, c, words);
        if (op >= 0xC8)
            x86emu_set_seg_register(e, e->x86.R_CS_SEL, (uint16_t)pop_word(e, c, words));
        e->x86.R_ESP = (uint16_t)(e->x86.R_SP + imm);
        e->x86.R_EIP = ip;
        return n + 1;
    }
    default:
        if (op >= 0x60 && op <= 0x6F) {             /* Jcc */
            uint16_t to = (uint16_t)(e->x86.R_IP + d->length);
            if (timing_condition(op & 0xF, (uint16_t)e->x86.R_FLG))
                to = (uint16_t)(to + (int8_t)d->imm);
            e->x86.R_EIP = to;
            return d->length;
        }
        show_f1_as_lock(c, lin, n);
        return 0;
    }
}


/* ---- the 186 and 286 ------------------------------------------------------
 *
 * libx86emu runs them as a 386 would, and the identification sequences of
 * the time look exactly where they differ (tests/fixtures/cpuid.asm):
 *   PUSH SP: the 186, like the 8086, pushes SP already decremented; the
 *     286 pushes it as it was (libx86emu's);
 *   FLAGS bits 12-15 read 1 on the 186, as on the 8086; 0 on the 286 in
 *     real mode (libx86emu's, even after a POPF that sets them);
 *   a shift's count: the 186 and 286 mask CL to 5 bits (libx86emu does
 *     not: SHL AX,CL with CL = 33 gives 0 there, 2 on a 186);
 *   invalid opcodes raise INT 6 from the 186 on: 0F (the 8086's POP CS,
 *     the 286's two-byte opcodes) and 63-67 (the 386's ARPL in real mode,
 *     FS:, GS: and the size prefixes) on the 186, 63-67 on the 286.
 * [Intel, iAPX 86/88, 186/188 User's Manual, 1985, and 80286 Programmer's
 * Reference Manual, 1987: "PUSH SP", the 8086/8088 compatibility notes;
 * the 80186's undefined-opcode exception, type 6.] */

uint8_t fixup_for_later(const struct insn *d, const struct cpu_model_row *row)
{
    if (row->isa != CPU_ISA_186)
        return FIX_NONE;
    uint8_t fix = fixup_for(d);
    return fix == FIX_PUSH_SP || fix == FIX_PUSHED_FLAGS || fix == FIX_INT_FLAGS ? fix : FIX_NONE;
}

int invalid_on(const struct insn *d, const struct cpu_model_row *row)
{
    uint8_t op = d->opcode;
    if (d->overlong || row->isa == CPU_ISA_8086)
        return 0;
    return (op >= 0x63 && op <= 0x67) || (op == 0x0F && row->isa == CPU_ISA_186);
}

unsigned emulate_later(x86emu_t *e, struct cpu *c, const struct insn *d, unsigned *words)
{
    if ((d->opcode == 0xD2 || d->opcode == 0xD3) && !d->overlong &&
        (d->reg == 4 || d->reg == 5 || d->reg == 7) && (uint32_t)e->x86.R_IP + d->length <= 0x10000u) {
        struct cpu8086_bus bus = { c->m, c->mem, c->m->rom_start, (int)c->odd_only, 0, NULL, c, 0x1F };
        unsigned len = cpu8086_exec(e, &bus, d);
        *words += bus.words;
        return len;
    }
    return skip_coprocessor(e, d);
}
