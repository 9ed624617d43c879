/*
 * sampler/waitloop.h: the program's wait loops, found from its code
 * (run --frames poll, docs/frames.md).
 *
 * Owns the rule for a wait loop: a short loop (at most WAIT_LOOP_INSNS
 * instructions in WAIT_LOOP_BYTES bytes) whose only effect is reading one
 * port or one memory location (IN, MOV reg from memory, CMP or TEST with
 * it) and testing the value (CMP, TEST, AND with a register or an
 * immediate) until it changes: a conditional jump back to its first
 * instruction, or a JMP back with one conditional jump out.  No write, no
 * call, no second location; register moves (MOV with an immediate or
 * between registers, XCHG between registers) and OUT 43h (the PIT's
 * latch, before reading a count at 40h) change nothing it waits on.  What it waits on: a port (the retrace bit at
 * 3DAh) or SEG:OFF as the program addresses it (the BIOS tick at
 * 0040:006C, a counter its own timer handler increments); the keyboard's
 * ports (60h, 64h) and the BIOS's keyboard words (0040:0017-0018,
 * 0040:001A-001D) are not waits for a frame.  A pure function of the
 * code's bytes and the registers (for DX's port and the address).
 */
#ifndef PROFIL_SAMPLER_WAITLOOP_H
#define PROFIL_SAMPLER_WAITLOOP_H

#include <stddef.h>
#include <stdint.h>

#include "../emu/machine.h"

#define WAIT_LOOP_BYTES 24u
#define WAIT_LOOP_INSNS 10u

struct wait_loop {
    uint16_t cs, ip;            /* its first instruction */
    uint32_t start;             /* ... linear */
    uint32_t exit;              /* where it goes on when the value changed, linear */
    int port;                   /* 1: a port (number in `off`), 0: memory at seg:off */
    uint16_t seg, off;
};

/* The wait loop holding the instruction at cs:ip (an instruction of it),
 * the registers `r` as enum reg indexes them: 1 and *w, or 0 when the
 * code there is none. */
int wait_loop_at(const uint8_t *mem, uint16_t cs, uint16_t ip, const uint16_t r[NREGS], struct wait_loop *w);

/* "the loop at 0186:0110 waiting on 0040:006C" (or "on port 3DAh"). */
void wait_loop_text(const struct wait_loop *w, char *out, size_t n);

#endif
