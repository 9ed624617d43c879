/*
 * report/disasm.h: one instruction's text for profil annotate, in Intel
 * (8086 assembler) syntax, from Capstone (x86, 16-bit mode) with the
 * 8086's own forms put right.
 *
 * Capstone decodes a 386 in real mode.  For --cpu 8088 and 8086 the
 * length is always emu/cpu/decode.h's (THE decoder), and the forms where
 * the 8086 differs are shown as the 8086 runs them: 0Fh is POP CS,
 * 60h-6Fh the conditional jumps of 70h-7Fh, C0h/C1h/C8h/C9h the returns of
 * C2h/C3h/CAh/CBh, F1h a LOCK prefix, MOV to and from a segment register
 * with reg 4-7 its reg & 3 (8Ch, 8Eh), MOV r/m,imm and POP r/m with reg 1-7
 * reg 0 (C6h, C7h, 8Fh); each is marked "; 8086: XXh as YYh".  ESC (D8h-DFh)
 * shows the 8087 instruction Capstone names, or "esc N, operand" where
 * Capstone names none.  Anything Capstone cannot show with the decoder's
 * length is "db" with its bytes.  With --cpu 186 or 286, Capstone's forms
 * stand (PUSHA, ENTER, the shifts by an immediate, ...).  docs/annotate.md
 * lists what Capstone prints for each 8086-only form.
 */
#ifndef PROFIL_FORMATS_DISASM_H
#define PROFIL_FORMATS_DISASM_H

#include <stddef.h>
#include <stdint.h>

#define DISASM_NO_TARGET UINT32_MAX

struct disasm {
    size_t handle;              /* Capstone's csh */
    int later;                  /* 1: --cpu 186, 2: 286 (Capstone's forms); 0: 8086 */
};

struct disasm_insn {
    unsigned length;            /* bytes, prefixes included */
    char text[176];             /* "loop 0x17d", "pop cs", "db 0x0f" */
    uint32_t target;            /* a direct jump or call's linear target, or DISASM_NO_TARGET */
};

/* cpu: "8088", "8086", "186" or "286" (a .prx's "cpu"); 0, or -1 when
 * Capstone cannot be opened. */
int disasm_open(struct disasm *d, const char *cpu);
void disasm_close(struct disasm *d);

/* The instruction at CS:IP of the 1 MiB image mem (its bytes wrap inside
 * CS, as the CPU fetches them). */
void disasm_one(const struct disasm *d, const uint8_t *mem, uint16_t cs, uint16_t ip, struct disasm_insn *out);

#endif
