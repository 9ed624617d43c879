/*
 * emu/dos/dos_mem.h: the DOS memory arena, a chain of memory control blocks
 * (MCBs) in guest memory, exactly as DOS keeps it, so programs that walk it
 * see what they expect.
 *
 * An MCB is one paragraph before its block: byte 0 'M' (more follow) or
 * 'Z' (last), word 1 the owner PSP (0 = free), word 3 the size in
 * paragraphs.  Allocation is first fit (or best, or last: 58h); free neighbours merge as DOS
 * merges them, while walking.  A broken chain gives DOS error 7.
 */
#ifndef PROFIL_EMU_DOS_MEM_H
#define PROFIL_EMU_DOS_MEM_H

#include <stdint.h>

#include "doserr.h"

struct machine;

#define MCB_OWNER_DOS 0x0008u   /* owner of DOS's own blocks, as DOS marks them */

/* One free block from `first` (its MCB) up to `top` (exclusive). */
void mcb_init(struct machine *m, uint16_t first, uint16_t top);
/* Allocate `paras`: returns 0 and the block's segment, or an error and in
 * *largest the biggest free block. */
int mcb_alloc(struct machine *m, uint16_t first, uint16_t paras, uint16_t owner,
              uint16_t *seg, uint16_t *largest);
/* The same with DOS's strategies: the first block that fits, the
 * smallest that fits, or the top of the last one that fits. */
enum mcb_fit { FIT_FIRST = 0, FIT_BEST = 1, FIT_LAST = 2 };
int mcb_alloc_fit(struct machine *m, uint16_t first, uint16_t paras, uint16_t owner, enum mcb_fit fit,
                  uint16_t *seg, uint16_t *largest);
int mcb_free(struct machine *m, uint16_t first, uint16_t seg);
/* Resize the block at `seg`; on failure *largest is the most it can have. */
int mcb_resize(struct machine *m, uint16_t first, uint16_t seg, uint16_t paras, uint16_t *largest);
/* The largest free block, in paragraphs (0 on a broken chain). */
uint16_t mcb_largest(struct machine *m, uint16_t first);
/* Free every block owned by `owner`. */
void mcb_free_owner(struct machine *m, uint16_t first, uint16_t owner);
/* Size in paragraphs of the block at `seg` (from its MCB). */
uint16_t mcb_size(const struct machine *m, uint16_t seg);
void mcb_set_owner(struct machine *m, uint16_t seg, uint16_t owner);
/* The owner of the block that holds paragraph `para` (0: none, free, or
 * outside the chain); a read-only walk, for per-program profiles. */
uint16_t mcb_owner_at(const struct machine *m, uint16_t first, uint16_t para);

#endif
