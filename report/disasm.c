/*
 * report/disasm.c: see disasm.h.  Capstone does the text; the lengths,
 * the 8086's forms and the jump targets come from emu/cpu/decode.h.
 */
#include "disasm.h"

#include <capstone/capstone.h>
#include <stdio.h>
#include <string.h>

#include "../emu/cpu/decode.h"

int disasm_open(struct disasm *d, const char *cpu)
{
    csh h;
    memset(d, 0, sizeof *d);
    if (cs_open(CS_ARCH_X86, CS_MODE_16, &h) != CS_ERR_OK)
        return -1;
    cs_option(h, CS_OPT_SYNTAX, CS_OPT_SYNTAX_INTEL);
    d->handle = (size_t)h;
    d->later = !cpu ? 0 : strcmp(cpu, "186") == 0 ? 1 : strcmp(cpu, "286") == 0 ? 2 : 0;
    return 0;
}

void disasm_close(struct disasm *d)
{
    csh h = (csh)d->handle;
    if (h)
        cs_close(&h);
    d->handle = 0;
}

/* Capstone's text of the n bytes at ip, when it takes exactly n of them
 * (want 0: any length, returned). */
static unsigned capstone(const struct disasm *d, const uint8_t *b, unsigned n, uint16_t ip, unsigned want,
                         char *mn, size_t mnn, char *ops, size_t opsn)
{
    cs_insn *in;
    size_t got = cs_disasm((csh)d->handle, b, n, ip, 1, &in);
    unsigned size = got ? in[0].size : 0;
    if (got && (!want || size == want)) {
        snprintf(mn, mnn, "%.*s", (int)(mnn - 1), in[0].mnemonic);
        snprintf(ops, opsn, "%.*s", (int)(opsn - 1), in[0].op_str);
    } else {
        size = 0;
    }
    if (got)
        cs_free(in, got);
    return size;
}

static void db_text(const uint8_t *b, unsigned n, char *out, size_t outn)
{
    size_t used = (size_t)snprintf(out, outn, "db");
    for (unsigned k = 0; k < n && used < outn; k++)
        used += (size_t)snprintf(out + used, outn - used, "%s0x%02x", k ? ", " : " ", b[k]);
}

/* A direct jump or call's target (decode.h's fields), or DISASM_NO_TARGET. */
static uint32_t target_of(const struct insn *di, uint16_t cs, uint16_t ip, int later)
{
    uint8_t op = di->opcode;
    int32_t rel;
    if ((op >= 0x70 && op <= 0x7F) || (op >= 0xE0 && op <= 0xE3) || op == 0xEB || (!later && op >= 0x60 && op <= 0x6F))
        rel = (int8_t)di->imm;
    else if (op == 0xE8 || op == 0xE9)
        rel = (int16_t)di->imm;
    else if (op == 0x9A || op == 0xEA)
        return ((uint32_t)di->imm2 * 16u + di->imm) & 0xFFFFFu;
    else
        return DISASM_NO_TARGET;
    uint16_t t = (uint16_t)(ip + di->length + rel);
    return ((uint32_t)cs * 16u + t) & 0xFFFFFu;
}

/* The 8086's form in Capstone's terms: the bytes to show instead (an
 * opcode or ModR/M reg it reads otherwise), and the note that says so. */
static void as_8086(const struct insn *di, uint8_t *b, char *note, size_t n)
{
    uint8_t op = di->opcode, was = op;
    unsigned p = di->prefixes;
    note[0] = 0;
    for (unsigned k = 0; k < p; k++)
        if (b[k] == 0xF1) {
            b[k] = 0xF0;
            snprintf(note, n, "  ; 8086: F1h as F0h");
        }
    if (op >= 0x60 && op <= 0x6F)
        op = (uint8_t)(op + 0x10);
    else if (op == 0xC0 || op == 0xC1 || op == 0xC8 || op == 0xC9)
        op = (uint8_t)(op + 2);
    if (op != was) {
        b[p] = op;
        snprintf(note, n, "  ; 8086: %02Xh as %02Xh", was, op);
        return;
    }
    unsigned reg = di->reg;
    if ((op == 0x8C || op == 0x8E) && reg >= 4)
        b[p + 1] &= (uint8_t)~0x20;
    else if ((op == 0xC6 || op == 0xC7 || op == 0x8F) && reg)
        b[p + 1] &= (uint8_t)~0x38;
    else
        return;
    snprintf(note, n, "  ; 8086: %02Xh /%u as /%u", op, reg, (b[p + 1] >> 3) & 7);
}

/* ESC with the operand Capstone gives MOV AX,r/m the same ModR/M. */
static int esc_text(const struct disasm *d, const struct insn *di, const uint8_t *b, uint16_t ip, char *out,
                    size_t n)
{
    uint8_t sub[24];
    char mn[32], ops[96];
    unsigned p = di->prefixes, len = di->length;
    memcpy(sub, b, len);
    sub[p] = 0x8B;
    sub[p + 1] &= (uint8_t)~0x38;       /* reg AX: the operand follows "ax, " */
    if (!capstone(d, sub, len, ip, len, mn, sizeof mn, ops, sizeof ops) || strncmp(ops, "ax, ", 4) != 0)
        return -1;
    snprintf(out, n, "esc 0x%02x, %s", (di->opcode & 7) << 3 | di->reg, ops + 4);
    return 0;
}

/* The 8086 takes LOCK before any instruction, Capstone only before those
 * that write memory: the instruction without its LOCK bytes, "lock "
 * before its mnemonic. */
static unsigned without_lock(const struct disasm *d, const struct insn *di, const uint8_t *b, uint16_t ip, char *mn,
                             size_t mnn, char *ops, size_t opsn)
{
    uint8_t sub[24];
    unsigned k = 0;
    char inner[32];
    for (unsigned i = 0; i < di->length; i++)
        if (i >= di->prefixes || (b[i] != 0xF0 && b[i] != 0xF1))
            sub[k++] = b[i];
    if (!capstone(d, sub, k, ip, k, inner, sizeof inner, ops, opsn))
        return 0;
    snprintf(mn, mnn, "lock %.*s", (int)(mnn > 6 ? mnn - 6 : 0), inner);
    return di->length;
}

/* The 186's new instructions (and the 286's 0Fh group), whose lengths
 * decode.h, an 8086 decoder, does not give. */
static int added_by_186(const struct insn *di, const uint8_t *b, int later)
{
    uint8_t op = di->opcode;
    if (op == 0x0F)                     /* SLDT ... CLTS, LOADALL on a 286 */
        return later == 2 && b[di->prefixes + 1] <= 0x06;
    return (op >= 0x60 && op <= 0x6F) || op == 0xC0 || op == 0xC1 || op == 0xC8 || op == 0xC9;
}

/* "lcall"/"ljmp" as an 8086 assembler writes them. */
static const char *mnemonic(const char *mn)
{
    return !strcmp(mn, "lcall") ? "call far" : !strcmp(mn, "ljmp") ? "jmp far" : mn;
}

void disasm_one(const struct disasm *d, const uint8_t *mem, uint16_t cs, uint16_t ip, struct disasm_insn *out)
{
    struct insn di;
    uint8_t b[24];
    char mn[32], ops[96], note[40] = "";
    decode_insn_at(mem, cs, ip, &di);
    for (unsigned k = 0; k < sizeof b; k++)
        b[k] = mem[((uint32_t)cs * 16u + (uint16_t)(ip + k)) & 0xFFFFFu];
    unsigned len = di.length, size;
    out->target = target_of(&di, cs, ip, d->later);
    if (d->later) {                     /* Capstone's 186/286 forms and lengths */
        size = capstone(d, b, 16, ip, 0, mn, sizeof mn, ops, sizeof ops);
        if (size && size != len && !added_by_186(&di, b, d->later))
            size = 0;                   /* a 386 form (66h, 67h, 0Fh on a 186) */
        if (size && size != len)
            out->target = DISASM_NO_TARGET;
    } else if (di.opcode == 0x0F && !di.overlong) {
        snprintf(out->text, sizeof out->text, "pop cs");
        out->length = len;
        return;
    } else {
        as_8086(&di, b, note, sizeof note);
        size = capstone(d, b, len, ip, len, mn, sizeof mn, ops, sizeof ops);
        if (!size && di.lock && !di.overlong)
            size = without_lock(d, &di, b, ip, mn, sizeof mn, ops, sizeof ops);
    }
    if (!size && !di.overlong && di.opcode >= 0xD8 && di.opcode <= 0xDF &&     /* no 8087 on any of them */
        esc_text(d, &di, b, ip, out->text, sizeof out->text) == 0) {
        out->length = len;
        out->target = DISASM_NO_TARGET;
        return;
    }
    if (!size) {
        out->length = len;
        db_text(b, len, out->text, sizeof out->text);
        out->target = DISASM_NO_TARGET;
        return;
    }
    out->length = size;
    if (out->target != DISASM_NO_TARGET && di.opcode != 0x9A && di.opcode != 0xEA)
        snprintf(out->text, sizeof out->text, "%s 0x%x%s", mn, (unsigned)(out->target - (uint32_t)cs * 16u) & 0xFFFFu,
                 note);
    else
        snprintf(out->text, sizeof out->text, "%s%s%s%s", mnemonic(mn), ops[0] ? " " : "", ops, note);
}
