/*
 * emu/cpu/cpu8086.c: the 8086's shifts by CL, segment-register moves, MOV
 * r/m,imm and POP r/m with any reg field, their ModR/M operand decoded
 * here, and decimal and ASCII adjusts (see cpu8086.h).
 */
#include "cpu8086.h"

#include "../machine.h"

#define FLAG_CF 0x0001u
#define FLAG_PF 0x0004u
#define FLAG_ZF 0x0040u
#define FLAG_SF 0x0080u

/* A ModR/M operand: a register number, or seg:off in memory. */
struct operand {
    int is_reg;
    unsigned reg;
    uint16_t seg, off;
};

/* The registers as ModR/M and the segment prefixes number them. */
static const enum reg gp16[8] = { REG_AX, REG_CX, REG_DX, REG_BX, REG_SP, REG_BP, REG_SI, REG_DI };
static const enum reg sreg[4] = { REG_ES, REG_CS, REG_SS, REG_DS };

/* 26h ES:, 2Eh CS:, 36h SS:, 3Eh DS: carry the register in bits 3-4. */
static enum reg seg_of_prefix(uint8_t prefix) { return sreg[(prefix >> 3) & 3]; }

static uint16_t reg16(struct machine *m, unsigned r) { return cpu_get(m, gp16[r & 7]); }
static void set_reg16(struct machine *m, unsigned r, uint16_t v) { cpu_set(m, gp16[r & 7], v); }

/* AL CL DL BL AH CH DH BH. */
static uint8_t reg8(struct machine *m, unsigned r)
{
    uint16_t w = reg16(m, r & 3);
    return (uint8_t)(r & 4 ? w >> 8 : w);
}

static void set_reg8(struct machine *m, unsigned r, uint8_t v)
{
    uint16_t w = reg16(m, r & 3);
    set_reg16(m, r & 3, r & 4 ? (uint16_t)((w & 0x00FF) | v << 8) : (uint16_t)((w & 0xFF00) | v));
}

/* The r/m operand of the decoded instruction `d`: its register, or where
 * it is in memory (the segment override `d->seg` or the default). */
static void operand_of(x86emu_t *e, const struct cpu8086_bus *bus, const struct insn *d, struct operand *o)
{
    if (d->mod == 3) {
        o->is_reg = 1;
        o->reg = d->rm;
        return;
    }
    static const uint8_t base_bp[8] = { 0, 0, 1, 1, 0, 0, 1, 0 };
    uint16_t off;
    switch (d->rm) {
    case 0: off = (uint16_t)(e->x86.R_BX + e->x86.R_SI); break;
    case 1: off = (uint16_t)(e->x86.R_BX + e->x86.R_DI); break;
    case 2: off = (uint16_t)(e->x86.R_BP + e->x86.R_SI); break;
    case 3: off = (uint16_t)(e->x86.R_BP + e->x86.R_DI); break;
    case 4: off = e->x86.R_SI; break;
    case 5: off = e->x86.R_DI; break;
    case 6: off = e->x86.R_BP; break;
    default: off = e->x86.R_BX; break;
    }
    int uses_bp = base_bp[d->rm];
    if (d->mod == 0 && d->rm == 6) {
        off = 0;                    /* the displacement is the address */
        uses_bp = 0;
    } else if (d->mod == 0) {
        off = (uint16_t)(off + 0);
    }
    o->is_reg = 0;
    o->off = (uint16_t)(off + d->disp);
    o->seg = d->seg ? cpu_get(bus->m, seg_of_prefix(d->seg)) : uses_bp ? e->x86.R_SS : e->x86.R_DS;
}

/* A byte of memory as the CPU reads it (an EGA's or VGA's planes
 * through the card: machine_read_card). */
static uint8_t get_byte(struct cpu8086_bus *bus, uint32_t a)
{
    if (a - bus->m->card_lo < bus->m->card_span)
        return (uint8_t)machine_read_card(bus->m, a, 1);
    return bus->mem[a];
}

/* Reads and writes of the operand; a word at offset FFFFh wraps inside
 * its segment, as on the 8086. */
static unsigned get(struct cpu8086_bus *bus, const struct operand *o, int word)
{
    if (o->is_reg)
        return word ? reg16(bus->m, o->reg) : reg8(bus->m, o->reg);
    uint32_t lo = lin(o->seg, o->off);
    if (bus->note)
        bus->note(bus->ctx, lo, word ? 2 : 1, 0);
    if (!word)
        return get_byte(bus, lo);
    bus->words += !bus->odd_only || (o->off & 1);
    return get_byte(bus, lo) | get_byte(bus, lin(o->seg, (uint16_t)(o->off + 1))) << 8;
}

static void put_byte(struct cpu8086_bus *bus, uint32_t a, uint8_t v)
{
    if (a < bus->rom_start)
        bus->mem[a] = v;
    else
        machine_write_high(bus->m, a, v);
}

static void put(struct cpu8086_bus *bus, const struct operand *o, int word, unsigned v)
{
    if (o->is_reg) {
        if (word)
            set_reg16(bus->m, o->reg, (uint16_t)v);
        else
            set_reg8(bus->m, o->reg, (uint8_t)v);
        return;
    }
    if (bus->note)
        bus->note(bus->ctx, lin(o->seg, o->off), word ? 2 : 1, 1);
    put_byte(bus, lin(o->seg, o->off), (uint8_t)v);
    if (word) {
        bus->words += !bus->odd_only || (o->off & 1);
        put_byte(bus, lin(o->seg, (uint16_t)(o->off + 1)), (uint8_t)(v >> 8));
    }
}

static int parity_even(unsigned v)
{
    v &= 0xFF;
    v ^= v >> 4;
    v ^= v >> 2;
    v ^= v >> 1;
    return !(v & 1);
}

/* SHL/SAL (4), SHR (5), SAR (7) by `count` one bit at a time, as the 8086
 * does; sets CF, SF, ZF, PF.  OF and AF are left as they were: the 8086
 * leaves them undefined for counts other than 1, and a count of 1 is
 * D0/D1's. */
static unsigned shift(x86emu_t *e, unsigned kind, unsigned v, unsigned count, int word)
{
    unsigned bits = word ? 16 : 8, msb = 1u << (bits - 1), mask = (msb << 1) - 1;
    unsigned cf = e->x86.R_FLG & FLAG_CF;
    for (unsigned i = 0; i < count; i++) {
        if (kind == 4) {
            cf = (v & msb) != 0;
            v = (v << 1) & mask;
        } else {
            cf = v & 1;
            v = kind == 7 ? (v >> 1) | (v & msb) : v >> 1;
        }
    }
    uint32_t f = e->x86.R_FLG & ~(FLAG_CF | FLAG_PF | FLAG_ZF | FLAG_SF);
    f |= (cf ? FLAG_CF : 0) | (parity_even(v) ? FLAG_PF : 0) | (v == 0 ? FLAG_ZF : 0) | ((v & msb) ? FLAG_SF : 0);
    e->x86.R_FLG = f;
    return v;
}

#define FLAG_AF 0x0010u

/* SF, ZF, PF from the byte v; CF and AF as given; OF kept. */
static void set_szp(x86emu_t *e, uint8_t v, int cf, int af)
{
    uint32_t f = e->x86.R_FLG & ~(FLAG_CF | FLAG_PF | FLAG_AF | FLAG_ZF | FLAG_SF);
    f |= (cf ? FLAG_CF : 0) | (af ? FLAG_AF : 0) | (parity_even(v) ? FLAG_PF : 0) | (v == 0 ? FLAG_ZF : 0) |
         ((v & 0x80) ? FLAG_SF : 0);
    e->x86.R_FLG = f;
}

/* DAA (27h), DAS (2Fh) as the 8086 does them: the second adjustment
 * looks at AL > 9Fh, not 99h, when AF was set. */
static void decimal_adjust(x86emu_t *e, int subtract)
{
    uint8_t al = e->x86.R_AL, old = al;
    int af = (e->x86.R_FLG & FLAG_AF) != 0, cf = (e->x86.R_FLG & FLAG_CF) != 0;
    int low = af || (al & 0x0F) > 9;
    if (low)
        al = (uint8_t)(subtract ? al - 6 : al + 6);
    int high = cf || old > (af ? 0x9F : 0x99);
    if (high)
        al = (uint8_t)(subtract ? al - 0x60 : al + 0x60);
    e->x86.R_AL = al;
    set_szp(e, al, high, low);
}

/* AAA (37h), AAS (3Fh): the 8086 adjusts AL and AH separately (AL's
 * carry does not reach AH, as it does on later CPUs). */
static void ascii_adjust(x86emu_t *e, int subtract)
{
    uint8_t al = e->x86.R_AL, ah = e->x86.R_AH;
    int adjust = (e->x86.R_FLG & FLAG_AF) || (al & 0x0F) > 9;
    if (adjust) {
        al = (uint8_t)(subtract ? al - 6 : al + 6);
        ah = (uint8_t)(subtract ? ah - 1 : ah + 1);
    }
    set_szp(e, al, adjust, adjust);
    e->x86.R_EAX = (uint16_t)(ah << 8 | (al & 0x0F));
}

unsigned cpu8086_exec(x86emu_t *e, struct cpu8086_bus *bus, const struct insn *d)
{
    uint8_t op = d->opcode;
    unsigned reg = d->reg;
    struct operand o;
    switch (op) {
    case 0xD2: case 0xD3: {
        if (reg != 4 && reg != 5 && reg != 7)
            return 0;
        int word = op & 1;
        operand_of(e, bus, d, &o);
        unsigned count = e->x86.R_CL & bus->count_mask;
        if (count) {
            unsigned v = get(bus, &o, word);
            put(bus, &o, word, shift(e, reg, v, count, word));
        }
        break;
    }
    case 0x8C:                                  /* MOV r/m16, sreg */
        if (reg < 4)
            return 0;
        operand_of(e, bus, d, &o);
        put(bus, &o, 1, cpu_get(bus->m, sreg[reg & 3]));
        break;
    case 0x8E: {                                /* MOV sreg, r/m16 */
        if (reg < 4)
            return 0;
        operand_of(e, bus, d, &o);
        uint16_t v = (uint16_t)get(bus, &o, 1);
        cpu_set(bus->m, sreg[reg & 3], v);
        break;
    }
    case 0xC6: case 0xC7:                       /* MOV r/m, imm with reg 1-7 */
        if (reg == 0)
            return 0;
        operand_of(e, bus, d, &o);
        put(bus, &o, op & 1, d->imm);
        break;
    case 0x8F: {                                /* POP r/m with reg 1-7 */
        if (reg == 0)
            return 0;
        struct operand top = { 0, 0, e->x86.R_SS, e->x86.R_SP };
        uint16_t v = (uint16_t)get(bus, &top, 1);
        e->x86.R_ESP = (uint16_t)(e->x86.R_SP + 2);
        operand_of(e, bus, d, &o);
        put(bus, &o, 1, v);
        break;
    }
    case 0x27: case 0x2F:
        decimal_adjust(e, op == 0x2F);
        break;
    case 0x37: case 0x3F:
        ascii_adjust(e, op == 0x3F);
        break;
    case 0xD4: {                                /* AAM n: flags from AL */
        uint8_t base = (uint8_t)d->imm, al = e->x86.R_AL;
        if (base == 0)
            return 0;                           /* the divide error: emu/cpu/cpu.c's */
        uint8_t q = (uint8_t)(al / base), r = (uint8_t)(al % base);
        e->x86.R_EAX = (uint16_t)(q << 8 | r);
        set_szp(e, r, (e->x86.R_FLG & FLAG_CF) != 0, (e->x86.R_FLG & FLAG_AF) != 0);
        break;
    }
    default:
        return 0;
    }
    e->x86.R_EIP = (uint16_t)(e->x86.R_IP + d->length);
    return d->length;
}

unsigned cpu8086_rm_value(x86emu_t *e, const struct cpu8086_bus *bus, const struct insn *d, int word)
{
    struct cpu8086_bus quiet = *bus;
    struct operand o;
    quiet.note = NULL;
    operand_of(e, &quiet, d, &o);
    return get(&quiet, &o, word);
}
