/*
 * emu/cpu/decode.c: the one decoder of an 8086 instruction (see decode.h):
 * prefixes, opcode, ModR/M with displacement, immediate and length.
 */
#include "decode.h"

enum { MODRM = 0x10 };      /* flag; the low nibble counts immediate bytes */

/* Bytes after the opcode, without the ModR/M byte and its displacement
 * (Intel's 8086 opcode map, with the 8086's aliases). */
static uint8_t shape(uint8_t op)
{
    if (op < 0x40) {
        switch (op & 7) {
        case 0: case 1: case 2: case 3: return MODRM;
        case 4: return 1;
        case 5: return 2;
        default: return 0;          /* PUSH/POP seg, prefixes, DAA/DAS/AAA/AAS */
        }
    }
    if (op < 0x60)
        return 0;
    if (op < 0x80)
        return 1;                   /* Jcc and the 8086's 60-6F aliases */
    switch (op) {
    case 0x80: case 0x82: case 0x83: case 0xC6: return MODRM | 1;
    case 0x81: case 0xC7: return MODRM | 2;
    case 0x9A: case 0xEA: return 4;
    case 0xA0: case 0xA1: case 0xA2: case 0xA3: case 0xA9:
    case 0xC0: case 0xC2: case 0xC8: case 0xCA: case 0xE8: case 0xE9: return 2;
    case 0xA8: case 0xCD: case 0xD4: case 0xD5: case 0xEB: return 1;
    case 0xC4: case 0xC5: case 0xF6: case 0xF7: case 0xFE: case 0xFF: return MODRM;
    default: break;
    }
    if (op < 0x90)
        return MODRM;               /* 84-8F */
    if (op >= 0xB0 && op <= 0xB7)
        return 1;
    if (op >= 0xB8 && op <= 0xBF)
        return 2;
    if (op >= 0xD0 && op <= 0xD3)
        return MODRM;
    if (op >= 0xD8 && op <= 0xDF)
        return MODRM;               /* ESC */
    if (op >= 0xE0 && op <= 0xE7)
        return 1;                   /* LOOPs, JCXZ, IN/OUT imm8 */
    return 0;
}

/* Where the code bytes come from: mem[(base + ((off + k) & wrap)) & 1 MiB]. */
struct code {
    const uint8_t *mem;
    uint32_t base, off, wrap;
};

static uint8_t byte(const struct code *c, unsigned k)
{
    return c->mem[(c->base + ((c->off + k) & c->wrap)) & 0xFFFFFu];
}

static uint16_t word(const struct code *c, unsigned k)
{
    return (uint16_t)(byte(c, k) | byte(c, k + 1) << 8);
}

static void modrm_operand(const struct code *c, unsigned at, struct insn *d)
{
    uint8_t m = byte(c, at);
    d->has_modrm = 1;
    d->modrm = m;
    d->mod = m >> 6;
    d->reg = (m >> 3) & 7;
    d->rm = m & 7;
    if (d->mod == 1) {
        d->disp_len = 1;
        d->disp = (uint16_t)(int8_t)byte(c, at + 1);
    } else if (d->mod == 2 || (d->mod == 0 && d->rm == 6)) {
        d->disp_len = 2;
        d->disp = word(c, at + 1);
    }
}

static void decode(const struct code *c, struct insn *d)
{
    *d = (struct insn){ 0 };
    unsigned n = 0;
    uint8_t op;
    while (n < DECODE_MAX_PREFIXES && decode_is_prefix(op = byte(c, n))) {
        if (op < 0xF0)
            d->seg = op;
        else if (op >= 0xF2)
            d->rep = op;
        else
            d->lock++;
        n++;
    }
    d->prefixes = (uint8_t)n;
    d->opcode = byte(c, n);
    uint8_t sh = shape(d->opcode);
    unsigned at = n + 1;
    if (sh & MODRM) {
        modrm_operand(c, at, d);
        at += 1 + d->disp_len;
    }
    d->imm_len = sh & 0x0F;
    if (d->has_modrm && (d->opcode == 0xF6 || d->opcode == 0xF7) && d->reg < 2)
        d->imm_len = d->opcode == 0xF6 ? 1 : 2;     /* TEST r/m, imm */
    if (d->imm_len == 1)
        d->imm = byte(c, at);
    else if (d->imm_len >= 2)
        d->imm = word(c, at);
    if (d->imm_len == 4)
        d->imm2 = word(c, at + 2);
    d->length = (uint8_t)(at + d->imm_len);
    if (n >= DECODE_MAX_PREFIXES) {
        d->overlong = 1;        /* the byte after is decoded, but not counted */
        d->length = (uint8_t)n;
    }
}

void decode_insn(const uint8_t *mem, uint32_t linear, struct insn *d)
{
    struct code c = { mem, 0, linear, 0xFFFFFu };
    decode(&c, d);
}

void decode_insn_at(const uint8_t *mem, uint16_t cs, uint16_t ip, struct insn *d)
{
    struct code c = { mem, (uint32_t)cs * 16, ip, 0xFFFFu };
    decode(&c, d);
}
