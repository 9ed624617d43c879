/*
 * emu/dos/dos_mem.c: the MCB chain (see dos_mem.h).
 */
#include "dos_mem.h"

#include <stdio.h>

#include "../machine.h"

#define MCB_LIMIT 0xFFFFu

static uint8_t sig(const struct machine *m, uint16_t mcb) { return mem_rb(m, lin(mcb, 0)); }
static uint16_t owner_of(const struct machine *m, uint16_t mcb) { return mem_rw(m, lin(mcb, 1)); }
static uint16_t size_of(const struct machine *m, uint16_t mcb) { return mem_rw(m, lin(mcb, 3)); }

static void write_mcb(struct machine *m, uint16_t mcb, uint8_t s, uint16_t owner, uint16_t size)
{
    mem_wb(m, lin(mcb, 0), s);
    mem_ww(m, lin(mcb, 1), owner);
    mem_ww(m, lin(mcb, 3), size);
}

void mcb_init(struct machine *m, uint16_t first, uint16_t top)
{
    write_mcb(m, first, 'Z', 0, (uint16_t)(top - first - 1));
}

static int valid(const struct machine *m, uint16_t mcb)
{
    uint8_t s = sig(m, mcb);
    return s == 'M' || s == 'Z';
}

/* The MCB after the 'M' block at `mcb`: 0, or DOSERR_MCB_DESTROYED when
 * the block would reach past segment FFFFh (mcb + size + 1 wrapping to
 * itself or below: a chain that never ends), or no MCB is there.  Every
 * step of a walk goes forward, so a walk ends within 64 Ki steps. */
static int next_mcb(const struct machine *m, uint16_t mcb, uint16_t *next)
{
    uint32_t n = (uint32_t)mcb + size_of(m, mcb) + 1;
    if (n > 0xFFFFu || !valid(m, (uint16_t)n))
        return DOSERR_MCB_DESTROYED;
    *next = (uint16_t)n;
    return 0;
}

/* Merge the free block at `mcb` with the free blocks after it.  Each
 * merge moves the block's end forward (next_mcb() refuses a wrap), so
 * this ends. */
static int merge_free(struct machine *m, uint16_t mcb)
{
    for (unsigned steps = 0; steps < MCB_LIMIT && sig(m, mcb) == 'M'; steps++) {
        uint16_t next;
        if (next_mcb(m, mcb, &next) != 0)
            return DOSERR_MCB_DESTROYED;
        if (owner_of(m, next) != 0)
            return 0;
        write_mcb(m, mcb, sig(m, next), 0, (uint16_t)(size_of(m, mcb) + size_of(m, next) + 1));
    }
    return 0;
}

static void split(struct machine *m, uint16_t mcb, uint16_t paras)
{
    uint16_t size = size_of(m, mcb);
    if (size > paras) {
        uint16_t rest = (uint16_t)(mcb + paras + 1);
        write_mcb(m, rest, sig(m, mcb), 0, (uint16_t)(size - paras - 1));
        write_mcb(m, mcb, 'M', owner_of(m, mcb), paras);
    }
}

int mcb_alloc_fit(struct machine *m, uint16_t first, uint16_t paras, uint16_t owner, enum mcb_fit fit,
                  uint16_t *seg, uint16_t *largest)
{
    uint16_t mcb = first, best = 0, chosen = 0;
    int found = 0;
    for (unsigned steps = 0; steps < MCB_LIMIT; steps++) {
        if (!valid(m, mcb))
            return DOSERR_MCB_DESTROYED;
        if (owner_of(m, mcb) == 0) {
            int err = merge_free(m, mcb);
            if (err)
                return err;
            uint16_t size = size_of(m, mcb);
            if (size >= paras && (!found || fit == FIT_LAST || (fit == FIT_BEST && size < size_of(m, chosen)))) {
                chosen = mcb;
                found = 1;
                if (fit == FIT_FIRST)
                    break;
            }
            if (size > best)
                best = size;
        }
        if (sig(m, mcb) == 'Z')
            break;
        if (next_mcb(m, mcb, &mcb) != 0)
            return DOSERR_MCB_DESTROYED;
    }
    if (!found) {
        *largest = best;
        return DOSERR_NO_MEMORY;
    }
    uint16_t size = size_of(m, chosen);
    if (fit == FIT_LAST && size > paras) {
        /* The top of the block: the free part stays below. */
        split(m, chosen, (uint16_t)(size - paras - 1));
        chosen = (uint16_t)(chosen + size - paras);
    } else {
        split(m, chosen, paras);
    }
    mem_ww(m, lin(chosen, 1), owner);
    *seg = (uint16_t)(chosen + 1);
    return 0;
}

int mcb_alloc(struct machine *m, uint16_t first, uint16_t paras, uint16_t owner,
              uint16_t *seg, uint16_t *largest)
{
    return mcb_alloc_fit(m, first, paras, owner, FIT_FIRST, seg, largest);
}

/* Find the MCB of the block at `seg` by walking the chain. */
static int find(const struct machine *m, uint16_t first, uint16_t seg, uint16_t *out)
{
    uint16_t mcb = first;
    for (unsigned steps = 0; steps < MCB_LIMIT; steps++) {
        if (!valid(m, mcb))
            return DOSERR_MCB_DESTROYED;
        if ((uint16_t)(mcb + 1) == seg) {
            *out = mcb;
            return 0;
        }
        if (sig(m, mcb) == 'Z' || mcb + 1 > seg)
            return DOSERR_BAD_BLOCK;
        if (next_mcb(m, mcb, &mcb) != 0)
            return DOSERR_MCB_DESTROYED;
    }
    return DOSERR_MCB_DESTROYED;
}

int mcb_free(struct machine *m, uint16_t first, uint16_t seg)
{
    uint16_t mcb;
    int err = find(m, first, seg, &mcb);
    if (err)
        return err;
    mem_ww(m, lin(mcb, 1), 0);
    return 0;
}

int mcb_resize(struct machine *m, uint16_t first, uint16_t seg, uint16_t paras, uint16_t *largest)
{
    uint16_t mcb;
    int err = find(m, first, seg, &mcb);
    if (err)
        return err;
    uint16_t owner = owner_of(m, mcb);
    /* Take in the free blocks that follow, then cut back to size. */
    mem_ww(m, lin(mcb, 1), 0);
    err = merge_free(m, mcb);
    mem_ww(m, lin(mcb, 1), owner);
    if (err)
        return err;
    uint16_t avail = size_of(m, mcb);
    if (paras > avail) {
        *largest = avail;
        return DOSERR_NO_MEMORY;
    }
    split(m, mcb, paras);
    return 0;
}

uint16_t mcb_largest(struct machine *m, uint16_t first)
{
    uint16_t seg, largest = 0;
    /* No request can be bigger than the whole arena: this only measures. */
    if (mcb_alloc(m, first, 0xFFFF, 0, &seg, &largest) == 0) {
        mcb_free(m, first, seg);
        return 0xFFFF;
    }
    return largest;
}

void mcb_free_owner(struct machine *m, uint16_t first, uint16_t owner)
{
    uint16_t mcb = first;
    for (unsigned steps = 0; steps < MCB_LIMIT && valid(m, mcb); steps++) {
        if (owner_of(m, mcb) == owner)
            mem_ww(m, lin(mcb, 1), 0);
        if (sig(m, mcb) == 'Z' || next_mcb(m, mcb, &mcb) != 0)
            break;
    }
}

uint16_t mcb_size(const struct machine *m, uint16_t seg)
{
    return size_of(m, (uint16_t)(seg - 1));
}

void mcb_set_owner(struct machine *m, uint16_t seg, uint16_t owner)
{
    mem_ww(m, lin((uint16_t)(seg - 1), 1), owner);
}

uint16_t mcb_owner_at(const struct machine *m, uint16_t first, uint16_t para)
{
    uint16_t mcb = first;
    for (unsigned steps = 0; steps < MCB_LIMIT && para > mcb && valid(m, mcb); steps++) {
        if ((uint32_t)para <= (uint32_t)mcb + size_of(m, mcb))
            return owner_of(m, mcb);
        if (sig(m, mcb) != 'M' || next_mcb(m, mcb, &mcb) != 0)
            break;
    }
    return 0;
}

/* ---- INT 21h 48h, 49h, 4Ah ----------------------------------------------- */

#include "../costs.h"
#include "dos_internal.h"

/* Tells --memory of a call: sizes in paragraphs, the caller's INT 21h. */
static void observe(struct dos *d, enum mem_call what, uint16_t seg, uint32_t old_paras, uint32_t new_paras, int err)
{
    uint16_t cs, ip;
    if (!d->mem_calls)
        return;
    service_caller(d->m, &cs, &ip);
    d->mem_calls->call(d->mem_calls->ctx, what, cs, (uint16_t)(ip - 2), seg, old_paras * 16, new_paras * 16, err != 0);
}

/* The size of the block at `seg`, 0 when there is none. */
static uint32_t block_paras(struct dos *d, uint16_t seg)
{
    uint16_t mcb;
    return find(d->m, d->arena, seg, &mcb) == 0 && owner_of(d->m, mcb) ? size_of(d->m, mcb) : 0;
}

static void fn_alloc(struct dos *d)
{
    uint16_t seg = 0, largest = 0;
    dos_charge(d, COST_DOS_MEM_CALL);
    int err = mcb_alloc_fit(d->m, d->arena, cpu_get(d->m, REG_BX), d->psp, (enum mcb_fit)(d->alloc_strategy & 3),
                            &seg, &largest);
    observe(d, MEM_ALLOC, seg, 0, err ? 0 : cpu_get(d->m, REG_BX), err);
    if (err) {
        cpu_set(d->m, REG_BX, largest);
        dos_fail(d, (uint16_t)err);
        return;
    }
    cpu_set(d->m, REG_AX, seg);
    dos_ok(d);
}

static void fn_free(struct dos *d)
{
    dos_charge(d, COST_DOS_MEM_CALL);
    uint16_t seg = cpu_get(d->m, REG_ES);
    uint32_t before = block_paras(d, seg);
    int err = mcb_free(d->m, d->arena, seg);
    observe(d, MEM_FREE, seg, before, err ? before : 0, err);
    if (err) {
        dos_fail(d, (uint16_t)err);
        return;
    }
    cpu_set(d->m, REG_AX, (uint16_t)(seg - 1));    /* the MCB's segment, as $DEALLOC leaves AX */
    dos_ok(d);
}

static void fn_resize(struct dos *d)
{
    uint16_t largest = 0;
    dos_charge(d, COST_DOS_MEM_CALL);
    uint16_t seg = cpu_get(d->m, REG_ES);
    uint32_t before = block_paras(d, seg);
    int err = mcb_resize(d->m, d->arena, seg, cpu_get(d->m, REG_BX), &largest);
    observe(d, MEM_RESIZE, seg, before, err ? before : cpu_get(d->m, REG_BX), err);
    if (err) {
        cpu_set(d->m, REG_BX, largest);
        dos_fail(d, (uint16_t)err);
        return;
    }
    cpu_set(d->m, REG_AX, seg);     /* the block's segment (ALLOC.ASM) */
    dos_ok(d);
}

/* MS-DOS would stop the machine where a process ends with a broken chain:
 * no MCB at `mcb`, or (`past`) the block there reaches past segment FFFFh. */
static void warn_broken(struct dos *d, uint16_t mcb, int past)
{
    fprintf(d->err, "profil: warning: the program broke DOS's memory chain (%s %04X:0000%s); "
            "DOS would halt with \"Memory allocation error\"\n", past ? "the block at" : "no MCB at", mcb,
            past ? " ends past FFFF:000F" : "");
}

/* One step of a walk that reports a broken chain: 0 and *mcb the next
 * MCB, or -1 after the warning. */
static int walk_on(struct dos *d, uint16_t *mcb)
{
    uint16_t next;
    if (next_mcb(d->m, *mcb, &next) == 0) {
        *mcb = next;
        return 0;
    }
    uint32_t n = (uint32_t)*mcb + size_of(d->m, *mcb) + 1;
    warn_broken(d, n > 0xFFFFu ? *mcb : (uint16_t)n, n > 0xFFFFu);
    return -1;
}

void dos_check_memory(struct dos *d)
{
    uint16_t mcb = d->arena;
    for (unsigned steps = 0; steps < MCB_LIMIT; steps++) {
        if (!valid(d->m, mcb)) {
            warn_broken(d, mcb, 0);
            return;
        }
        if (sig(d->m, mcb) == 'Z')
            return;
        if (walk_on(d, &mcb) != 0)
            return;
    }
}

void dos_free_process_memory(struct dos *d, uint16_t psp)
{
    struct machine *m = d->m;
    uint16_t mcb = d->arena;
    for (unsigned steps = 0; steps < MCB_LIMIT; steps++) {
        if (!valid(m, mcb)) {
            warn_broken(d, mcb, 0);
            return;
        }
        if (owner_of(m, mcb) == psp) {
            observe(d, MEM_FREE, (uint16_t)(mcb + 1), size_of(m, mcb), 0, 0);
            mem_ww(m, lin(mcb, 1), 0);
        }
        if (sig(m, mcb) == 'Z')
            break;
        if (walk_on(d, &mcb) != 0)
            return;
    }
}

void dos_observe_alloc(struct dos *d, uint16_t seg)
{
    observe(d, MEM_ALLOC, seg, 0, mcb_size(d->m, seg), 0);
}

/* 58h: AL 0 get, 1 set the strategy (0 first fit, 1 best, 2 last; DOS
 * 5's upper-memory bits 40h/80h are kept and change nothing: there is no
 * upper memory); AL 2 the upper-memory link (DOS 5): never linked; AL 3
 * fails with 1, as DOS 5 with no upper memory does. */
static void fn_strategy(struct dos *d)
{
    uint16_t bx = cpu_get(d->m, REG_BX);
    switch (cpu_al(d->m)) {
    case 0: cpu_set(d->m, REG_AX, d->alloc_strategy); break;
    case 1:
        if ((bx & 0x3F) > FIT_LAST) {
            dos_fail(d, DOSERR_FUNC);
            return;
        }
        d->alloc_strategy = (uint8_t)bx;
        break;
    case 2:                     /* DOS 5: the link state, never linked */
        if ((uint8_t)d->version < 5) {
            dos_fail(d, DOSERR_FUNC);
            return;
        }
        cpu_set_al(d->m, 0);
        break;
    case 3:                     /* link or unlink: there is no upper memory to link */
        dos_fail(d, DOSERR_FUNC);
        return;
    default:
        dos_fail(d, DOSERR_FUNC);
        return;
    }
    dos_ok(d);
}

const struct dos_entry dos_mem_fns[] = {
    { 0x48, fn_alloc }, { 0x49, fn_free }, { 0x4A, fn_resize }, { 0x58, fn_strategy }, { 0, NULL },
};
