/*
 * sampler/calls.h: the shadow stack and the calling-context tree.
 *
 * Follows the guest's CALLs, INTs, interrupts, RETs and IRETs (the
 * machine's struct call_observer) with a stack of its own, and counts into
 * a tree with one node per distinct chain of calls from the program's
 * entry: the calls that reached the node and the cycles, instructions and
 * samples spent while it was the innermost.  Every per-function figure
 * (calls, self and inclusive time, callers and callees, folded stacks) is
 * derived from the tree afterwards (report/callgraph.h).
 *
 * A return is matched to its call by the stack slot it takes its return
 * address from (SS:SP), not by the address it goes to, so code that edits
 * its return address still matches.  Frames whose slot the stack pointer
 * has passed (longjmp, a popped return address) and frames above a
 * matched one are dropped and counted as unwound; a return that matches
 * no frame (PUSH + RET used as a jump) is counted as unmatched.
 */
#ifndef PROFIL_SAMPLER_CALLS_H
#define PROFIL_SAMPLER_CALLS_H

#include <stdint.h>

#include "../emu/machine.h"
#include "../formats/prx.h"

#define CALLS_MAX_DEPTH PRX_CALL_DEPTH_MAX /* frames followed; deeper calls are counted as lost */
#define CALLS_MAX_NODES (1u << 20)

struct call_frame {
    uint32_t node;
    uint16_t ss, slot;                  /* where its return address is */
    uint32_t back;                      /* the linear address it returns to (0: not known) */
    uint32_t process;                   /* a program's frame (calls_program_start): its process row; else 0 */
};

struct calltree {
    struct call_node *node;
    uint32_t n;
    size_t cap;
    uint32_t *index;                    /* open hash of (parent, entry): node + 1, 0 empty */
    uint32_t index_cap;
    struct call_frame *stack;
    uint32_t depth, max_depth;
    uint32_t cur;                       /* the innermost node */
    uint64_t unmatched;                 /* returns that matched no frame */
    uint64_t unwound;                   /* frames dropped without their own return */
    uint64_t jumped;                    /* frames that returned by an indirect JMP */
    uint64_t lost;                      /* calls not followed: too deep or too many nodes */
    int paused;                         /* the program stopped profiling: calls are
                                           followed, nothing is counted (calls_pause) */
    struct call_observer obs;           /* hand &obs to machine->calls */
    struct call_totals *owed;           /* the machine's running totals (machine->counted):
                                           what ran since the tree last took them, which
                                           is cur's (calls_account) */
    uint16_t call_cs, call_ip;          /* the near call being entered (its general case
                                           reads them here) */
};

/* The root is the program's entry point CS:IP; `owed` the machine's
 * running totals of what it ran (machine->counted), which the tree takes
 * (setting them back to 0) and shares out among its nodes. */
int calls_init(struct calltree *t, struct call_totals *owed, uint16_t cs, uint16_t ip);
/* Gives the innermost node what the totals gained since the tree last
 * took them (nothing while paused), and sets them to 0.  Every change of
 * the innermost node or of the pause does it; call it before reading the
 * nodes' instructions, cycles or stalls. */
void calls_account(struct calltree *t);
void calls_free(struct calltree *t);
/* Every node's counts back to 0, the tree and the stack kept (CLEAR). */
void calls_clear(struct calltree *t);
/* The program stopped (paused 1) or restarted (0) profiling: calls are
 * still followed, nothing is counted while paused. */
void calls_pause(struct calltree *t, int paused);

/* Returns 1 when a frame was pushed, 0 when the call was not followed (lost). */
/* `service`: an INT's (emu/services.h id), or 0; one node per service. */
int calls_enter(struct calltree *t, enum call_kind kind, uint16_t cs, uint16_t ip, uint16_t ss, uint16_t sp,
                uint32_t service);
void calls_leave(struct calltree *t, uint16_t ss, uint16_t slot);
/* The innermost frame returns to the linear address `back` (after
 * calls_enter(); the observer's own calls set it as they push the frame). */
void calls_returns_to(struct calltree *t, uint32_t back);
/* An indirect JMP went to `to`: if that is where an open frame returns to,
 * the frame (and those it called) returned by it, as MS C's __chkstk
 * returns (POP CX ... JMP CX).  Counted in `jumped`. */
void calls_jump(struct calltree *t, uint32_t to);
/* A program EXEC runs (sampler/procs.h's row `process`, from 1) starts
 * at CS:IP: a frame of kind CALL_ROOT whose node's `service` is that row,
 * one node per process, so each program's code sits in the tree under
 * its own name (report/callgraph.h).  No return matches the frame, and
 * the stack pointer passing it drops nothing below it; it ends when the
 * program does (calls_program_end), with the frames it left open
 * (counted as unwound, as its exit call is). */
void calls_program_start(struct calltree *t, uint32_t process, uint16_t cs, uint16_t ip);
void calls_program_end(struct calltree *t, uint32_t process);
/* A sampling tick: one sample for the innermost node. */
static inline void calls_sample(struct calltree *t) { t->node[t->cur].samples++; }

#endif
