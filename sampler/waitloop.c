/*
 * sampler/waitloop.c: the program's wait loops (see waitloop.h).
 */
#include "waitloop.h"

#include <stdio.h>

#include "../emu/cpu/decode.h"

/* What one instruction of a candidate loop does. */
enum step { STEP_BAD, STEP_READ, STEP_TEST, STEP_JCC, STEP_JMP };

/* The memory operand's segment and offset (mod 0-2), by the 8086's rules. */
static void operand(const struct insn *d, const uint16_t r[NREGS], uint16_t *seg, uint16_t *off)
{
    static const enum reg base[8] = { REG_BX, REG_BX, REG_BP, REG_BP, REG_SI, REG_DI, REG_BP, REG_BX };
    static const int index[8] = { REG_SI, REG_DI, REG_SI, REG_DI, -1, -1, -1, -1 };
    uint16_t o = d->disp;
    int bp = 0;
    if (!(d->mod == 0 && d->rm == 6)) {
        o = (uint16_t)(o + r[base[d->rm]]);
        if (index[d->rm] >= 0)
            o = (uint16_t)(o + r[index[d->rm]]);
        bp = base[d->rm] == REG_BP;
    }
    static const enum reg by_prefix[4] = { REG_ES, REG_CS, REG_SS, REG_DS };
    *seg = r[d->seg ? by_prefix[(d->seg >> 3) & 3] : bp ? REG_SS : REG_DS];
    *off = o;
}

/* Whether a register the instruction writes (reg field, or AL/AX) is one
 * the operand's address uses: then the loop would move what it reads. */
static int writes_address(const struct insn *d, unsigned written)
{
    static const unsigned uses[8] = { 1u << REG_BX | 1u << REG_SI, 1u << REG_BX | 1u << REG_DI,
                                      1u << REG_BP | 1u << REG_SI, 1u << REG_BP | 1u << REG_DI,
                                      1u << REG_SI, 1u << REG_DI, 1u << REG_BP, 1u << REG_BX };
    return d->mod != 3 && !(d->mod == 0 && d->rm == 6) && (uses[d->rm] & written);
}

/* The register (enum reg) a reg field names, as a word register or the
 * word of a byte register (AL, CL, DL, BL, AH, CH, DH, BH). */
static unsigned reg_bit(unsigned reg, int word)
{
    static const enum reg map[8] = { REG_AX, REG_CX, REG_DX, REG_BX, REG_SP, REG_BP, REG_SI, REG_DI };
    return 1u << map[word ? reg : reg & 3];
}

/* The step instruction d takes; a read's location in *port / *seg:*off. */
static enum step classify(const struct insn *d, const uint16_t r[NREGS], int *port, uint16_t *seg, uint16_t *off)
{
    uint8_t op = d->opcode;
    if (d->rep || d->lock)
        return STEP_BAD;
    if (op >= 0x70 && op <= 0x7F)
        return STEP_JCC;
    if (op == 0xEB)
        return STEP_JMP;
    if (op == 0xE4 || op == 0xE5 || op == 0xEC || op == 0xED) {
        *port = 1;
        *seg = 0;
        *off = (op & 8) ? r[REG_DX] : (uint16_t)(d->imm & 0xFF);
        return STEP_READ;
    }
    if (op == 0xA0 || op == 0xA1) {             /* MOV AL/AX, [moffs] */
        static const enum reg by_prefix[4] = { REG_ES, REG_CS, REG_SS, REG_DS };
        *port = 0;
        *seg = r[d->seg ? by_prefix[(d->seg >> 3) & 3] : REG_DS];
        *off = d->imm;
        return STEP_READ;
    }
    if (op == 0x3C || op == 0x3D || op == 0xA8 || op == 0xA9 || op == 0x24 || op == 0x25)
        return STEP_TEST;                       /* CMP, TEST, AND AL/AX with an immediate */
    if ((op >= 0xB0 && op <= 0xBF) || (op >= 0x91 && op <= 0x97))
        return STEP_TEST;                       /* MOV reg, imm; XCHG AX, reg: registers only */
    if (op == 0xE6 && (d->imm & 0xFF) == 0x43)
        return STEP_TEST;                       /* OUT 43h, AL: the PIT's latch, before reading a count */
    if ((op >= 0x86 && op <= 0x89) || op == 0x8A || op == 0x8B) {
        if (d->mod == 3)
            return STEP_TEST;                   /* MOV, XCHG between registers */
        if (op < 0x8A)
            return STEP_BAD;                    /* a store (MOV or XCHG with memory) */
    }
    int reads_rm = 0, test = 0;
    unsigned written = 0;
    switch (op) {
    case 0x8A: case 0x8B:                       /* MOV reg, r/m */
        reads_rm = 1;
        written = reg_bit(d->reg, op & 1);
        break;
    case 0x38: case 0x39: case 0x3A: case 0x3B: /* CMP */
    case 0x84: case 0x85:                       /* TEST */
        reads_rm = test = 1;
        break;
    case 0x80: case 0x81: case 0x83:            /* CMP r/m, imm; AND reg, imm */
        if (d->reg == 7)
            reads_rm = test = 1;
        else if (d->reg == 4 && d->mod == 3)
            return STEP_TEST;
        else
            return STEP_BAD;
        break;
    case 0xF6: case 0xF7:                       /* TEST r/m, imm */
        if (d->reg != 0)
            return STEP_BAD;
        reads_rm = test = 1;
        break;
    case 0x22: case 0x23:                       /* AND reg, r/m: registers only */
        if (d->mod != 3)
            return STEP_BAD;
        return STEP_TEST;
    default:
        return STEP_BAD;
    }
    if (!reads_rm || d->mod == 3)
        return test || d->mod == 3 ? STEP_TEST : STEP_BAD;
    if (writes_address(d, written))
        return STEP_BAD;
    *port = 0;
    operand(d, r, seg, off);
    return STEP_READ;
}

/* Waits on the keyboard: its ports and the BIOS's words for it. */
static int keyboard(int port, uint16_t seg, uint16_t off)
{
    if (port)
        return off == 0x60 || off == 0x64;
    uint32_t a = lin(seg, off);
    return (a >= 0x417 && a <= 0x418) || (a >= 0x41A && a <= 0x41D);
}

/* A loop that starts at cs:from and holds cs:ip: 1 and *w, or 0. */
static int loop_from(const uint8_t *mem, uint16_t cs, uint16_t from, uint16_t ip, const uint16_t r[NREGS],
                     struct wait_loop *w)
{
    uint16_t at = from;
    int have = 0, holds = 0, exits = 0, port = 0;
    uint16_t seg = 0, off = 0;
    uint32_t exit = 0;
    for (unsigned k = 0; k < WAIT_LOOP_INSNS && (uint16_t)(at - from) < WAIT_LOOP_BYTES; k++) {
        struct insn d;
        decode_insn_at(mem, cs, at, &d);
        holds |= at == ip;
        uint16_t next = (uint16_t)(at + d.length);
        int p = 0;
        uint16_t s = 0, o = 0;
        switch (classify(&d, r, &p, &s, &o)) {
        case STEP_BAD:
            return 0;
        case STEP_READ:
            if (have && (p != port || lin(s, o) != lin(seg, off) || (p && o != off)))
                return 0;               /* a second location */
            have = 1, port = p, seg = s, off = o;
            break;
        case STEP_TEST:
            break;
        case STEP_JCC: {
            uint16_t to = (uint16_t)(next + (int8_t)d.imm);
            if (to == from) {           /* back: the loop ends, falling through out of it */
                if (exits)
                    return 0;
                exit = lin(cs, next);
                goto done;
            }
            if ((uint16_t)(to - from) < (uint16_t)(next - from) || exits++)
                return 0;               /* a jump inside, or a second way out */
            exit = lin(cs, to);
            break;
        }
        case STEP_JMP:
            if ((uint16_t)(next + (int8_t)d.imm) != from || !exits)
                return 0;
            goto done;
        }
        at = next;
    }
    return 0;
done:
    if (!have || !holds || keyboard(port, seg, off))
        return 0;
    *w = (struct wait_loop){ cs, from, lin(cs, from), exit, port, seg, off };
    return 1;
}

int wait_loop_at(const uint8_t *mem, uint16_t cs, uint16_t ip, const uint16_t r[NREGS], struct wait_loop *w)
{
    for (unsigned back = 0; back < WAIT_LOOP_BYTES; back++)
        if (loop_from(mem, cs, (uint16_t)(ip - back), ip, r, w))
            return 1;
    return 0;
}

void wait_loop_text(const struct wait_loop *w, char *out, size_t n)
{
    if (w->port)
        snprintf(out, n, "the loop at %04X:%04X waiting on port %Xh", w->cs, w->ip, w->off);
    else
        snprintf(out, n, "the loop at %04X:%04X waiting on %04X:%04X", w->cs, w->ip, w->seg, w->off);
}
