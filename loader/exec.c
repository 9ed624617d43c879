/*
 * loader/exec.c: INT 21h/4Bh, EXEC, in the same emulated machine and on
 * the same clock as its parent.
 *
 *   AL=00h  load and run: DS:DX the program's path, ES:BX the parameter
 *           block (environment segment or 0 for a copy of the parent's,
 *           far pointers to the command tail and the two FCBs).
 *   AL=01h  load, don't run: as 00h, then the child's SS:SP and CS:IP go
 *           into the parameter block at 0Eh and 12h and the child becomes
 *           the current process, as DOS does for debuggers.
 *   AL=03h  load an overlay at the segment in the parameter block, an
 *           .EXE's relocations adjusted by the factor after it.
 *
 * The child inherits its parent's handles; INT 22h is set to the parent's
 * return address and saved in the child's PSP with INT 23h/24h; the
 * parent's registers go under its IRET frame and that SS:SP into its own
 * PSP at 2Eh, as MS-DOS keeps them (dos.c's terminate restores them and
 * returns through the frame).  The child starts by the INT 21h stub's own IRET: its
 * CS:IP and FLAGS are pushed on its stack.  Errors: 1 bad function,
 * 2 file not found, 3 path not found, 8 not enough memory, 11 bad format.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../emu/bios/bios.h"
#include "../emu/costs.h"
#include "../emu/dos/dos.h"
#include "../emu/dos/dos_mem.h"
#include "../emu/dos/psp.h"
#include "../emu/machine.h"
#include "process.h"

#define EXEC_FILE_MAX 0xA0000u      /* nothing bigger fits in 640 KiB */

/* The host file DS:DX names, read whole, and its host path; 0 or a DOS error. */
static int read_program(struct dos *d, uint8_t **buf, size_t *size, char *dos_path, size_t n, char *host,
                        size_t hostn)
{
    char path[128];
    struct resolved r;
    if (dos_read_asciz(d, cpu_get(d->m, REG_DS), cpu_get(d->m, REG_DX), path, sizeof path) < 0)
        return DOSERR_NO_PATH;
    int err = drive_resolve(&d->drives, path, &r);
    if (err)
        return err == DOSERR_DRIVE ? DOSERR_NO_PATH : err;
    if (!r.exists || r.device != DEV_NONE)
        return DOSERR_NO_FILE;
    FILE *f = fopen(r.host, "rb");
    if (!f)
        return DOSERR_NO_FILE;
    *buf = malloc(EXEC_FILE_MAX + 1);
    *size = *buf ? fread(*buf, 1, EXEC_FILE_MAX + 1, f) : 0;
    fclose(f);
    if (!*buf || *size > EXEC_FILE_MAX) {
        free(*buf);
        return DOSERR_NO_MEMORY;
    }
    snprintf(dos_path, n, "%c:\\%.*s", 'A' + r.drive, (int)(n - 4), r.dos);
    snprintf(host, hostn, "%s", r.host);
    dos_charge_whole_file(d, r.drive, r.host, *size, 0);
    return 0;
}

/* The child's environment: the block at `src` (strings up to an empty
 * one), then a word 1 and the program's path.  0 or error 8. */
static int make_environment(struct dos *d, uint16_t src, const char *dos_path, uint16_t *seg)
{
    struct machine *m = d->m;
    size_t len = 0;
    while (len < 0x7FFE && (mem_rb(m, lin(src, (uint16_t)len)) || mem_rb(m, lin(src, (uint16_t)(len + 1)))))
        len++;
    len = len ? len + 2 : 1;            /* through the double zero (or one zero if empty) */
    size_t total = len + 2 + strlen(dos_path) + 1;
    uint16_t largest;
    if (mcb_alloc(m, d->arena, (uint16_t)((total + 15) / 16), MCB_OWNER_DOS, seg, &largest) != 0)
        return DOSERR_NO_MEMORY;
    for (size_t i = 0; i < len; i++)
        mem_wb(m, lin(*seg, (uint16_t)i), mem_rb(m, lin(src, (uint16_t)i)));
    mem_ww(m, lin(*seg, (uint16_t)len), 1);
    mem_write(m, lin(*seg, (uint16_t)(len + 2)), dos_path, strlen(dos_path) + 1);
    return 0;
}

/* Copy `n` bytes from the far pointer at `ptr` to `to`. */
static void copy_far(struct machine *m, uint32_t ptr, uint32_t to, size_t n)
{
    uint16_t off = mem_rw(m, ptr), seg = mem_rw(m, ptr + 2);
    for (size_t i = 0; i < n; i++)
        mem_wb(m, to + i, mem_rb(m, lin(seg, (uint16_t)(off + i))));
}

static int load_overlay(struct dos *d, const struct dos_image *img, uint32_t pb)
{
    uint16_t seg = mem_rw(d->m, pb), factor = mem_rw(d->m, pb + 2);
    mem_write(d->m, lin(seg, 0), img->load, img->load_size - img->missing);
    if (img->is_exe)
        process_relocate(d->m, img, seg, factor);
    return 0;
}

/* A new process for the program: environment, block, PSP with the
 * parent's handles, tail and FCBs, the image.  0 or a DOS error. */
static int build_child(struct dos *d, const struct dos_image *img, uint32_t pb, const char *dos_path,
                       struct process *p)
{
    struct machine *m = d->m;
    uint16_t parent = d->psp, env_src = mem_rw(m, pb);
    char why[120];
    memset(p, 0, sizeof *p);
    if (make_environment(d, env_src ? env_src : mem_rw(m, lin(parent, PSP_ENV)), dos_path, &p->env_seg) != 0)
        return DOSERR_NO_MEMORY;
    if (process_place(m, d, img, p, why, sizeof why) != 0) {
        mcb_free(m, d->arena, p->env_seg);
        return DOSERR_NO_MEMORY;
    }
    mcb_set_owner(m, p->env_seg, p->psp);
    dos_observe_alloc(d, p->env_seg);
    dos_observe_alloc(d, p->psp);

    /* The parent's return address is the child's terminate address. */
    uint16_t ss = cpu_get(m, REG_SS), sp = cpu_get(m, REG_SP);
    ivt_set(m, 0x22, mem_rw_seg(m, ss, (uint16_t)(sp + 2)), mem_rw_seg(m, ss, sp));
    psp_init(m, p, parent);
    dos_save_parent(d, parent);
    dos_inherit_handles(d, parent, p->psp);
    copy_far(m, pb + 2, lin(p->psp, PSP_TAIL), 128);
    copy_far(m, pb + 6, lin(p->psp, PSP_FCB1), 16);
    copy_far(m, pb + 10, lin(p->psp, PSP_FCB2), 16);
    process_load_image(m, img, p);
    d->psp = p->psp;
    d->dta_seg = p->psp;
    d->dta_off = PSP_TAIL;
    return 0;
}

void exec_service(struct dos *d)
{
    struct machine *m = d->m;
    uint8_t al = cpu_al(m), *file = NULL;
    size_t size = 0;
    char dos_path[DOS_PATH_MAX + 64], why[160], host[4200];
    struct dos_image img;
    struct process p;
    uint32_t pb = lin(cpu_get(m, REG_ES), cpu_get(m, REG_BX));
    dos_charge(d, COST_DOS_FILE_CALL);
    if (al != 0 && al != 1 && al != 3) {
        dos_fail(d, DOSERR_FUNC);
        return;
    }
    int err = read_program(d, &file, &size, dos_path, sizeof dos_path, host, sizeof host);
    if (!err && exe_parse(file, size, &img, why, sizeof why) != 0)
        err = DOSERR_FORMAT;
    if (!err)
        err = al == 3 ? load_overlay(d, &img, pb) : build_child(d, &img, pb, dos_path, &p);
    if (err) {
        free(file);
        dos_fail(d, (uint16_t)err);
        return;
    }
    struct process_regs r;
    if (al != 3)
        process_entry(&img, &p, &r, m);
    if (al != 3 && d->procs)      /* a new process: its own profile */
        d->procs->started(d->procs->ctx, p.psp, mem_rw(m, lin(p.psp, PSP_PARENT)), dos_path, host, file, size,
                          al == 0, r.cs, r.ip);
    free(file);
    if (al != 0) {
        if (al == 1) {
            mem_ww(m, pb + 0x0E, r.sp);
            mem_ww(m, pb + 0x10, r.ss);
            mem_ww(m, pb + 0x12, r.ip);
            mem_ww(m, pb + 0x14, r.cs);
        }
        dos_ok(d);
        return;
    }
    /* Run it: the stub's IRET pops this frame from the child's stack. */
    uint16_t sp = (uint16_t)(r.sp - 6);
    mem_ww_seg(m, r.ss, sp, r.ip);
    mem_ww_seg(m, r.ss, (uint16_t)(sp + 2), r.cs);
    mem_ww_seg(m, r.ss, (uint16_t)(sp + 4), 0xF202);   /* IF set, as the 8086 pushes FLAGS */
    cpu_set(m, REG_SS, r.ss);
    cpu_set(m, REG_SP, sp);
    cpu_set(m, REG_DS, p.psp);
    cpu_set(m, REG_ES, p.psp);
    cpu_set(m, REG_AX, 0);
    cpu_set(m, REG_BX, 0);
    cpu_set(m, REG_CX, 0x00FF);
    cpu_set(m, REG_DX, p.psp);
}
