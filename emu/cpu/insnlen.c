/*
 * emu/cpu/insnlen.c: see insnlen.h.
 */
#include "insnlen.h"

#include "../machine.h"

enum { MODRM = 0x10 };      /* flag; the low nibble counts immediate bytes */

/* Opcode bytes after the opcode itself, without the ModR/M displacement. */
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

unsigned prefix_length(const uint8_t *mem, uint32_t a)
{
    unsigned n = 0;
    uint8_t op;
    while (n < 15 && (((op = mem[(a + n) & MEM_MASK]) & 0xE7) == 0x26 || (op >= 0xF0 && op <= 0xF3)))
        n++;
    return n;
}

int rep_prefixed(const uint8_t *mem, uint32_t linear, unsigned prefixes)
{
    for (unsigned i = 0; i < prefixes; i++)
        if ((mem[(linear + i) & MEM_MASK] & 0xFE) == 0xF2)
            return 1;
    return 0;
}

unsigned modrm_length(uint8_t modrm)
{
    unsigned mod = modrm >> 6;
    return 1 + (mod == 1 ? 1 : mod == 2 ? 2 : (mod == 0 && (modrm & 7) == 6) ? 2 : 0);
}

unsigned insn_length(const uint8_t *mem, uint32_t a)
{
    unsigned n = prefix_length(mem, a);
    if (n >= 15)
        return n;
    uint8_t op = mem[(a + n) & MEM_MASK], sh = shape(op);
    unsigned len = n + 1 + (sh & 0x0F);
    if (sh & MODRM) {
        uint8_t modrm = mem[(a + n + 1) & MEM_MASK];
        len += modrm_length(modrm);
        if ((op == 0xF6 || op == 0xF7) && ((modrm >> 3) & 7) < 2)
            len += op == 0xF6 ? 1 : 2;      /* TEST r/m, imm */
    }
    return len;
}
