/*
 * emu/dos/dos.c: DOS installation, the INT 20h/21h dispatcher, processes
 * (terminate, PSP, return code), vectors, version, Ctrl-C and critical
 * errors.
 *
 * Each INT 21h call charges COST_DOS_CALL at the INT 21h stub, then the
 * function's own cost.  A function above the DOS version's last answers
 * as that DOS does (AL=0, flags unchanged), 71h as a DOS without long
 * names does (AX=7100h, CF set); one within the version that profil does
 * not implement fails with carry set and AX=1; both are reported once.
 */
#include "dos.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../bios/bios.h"
#include "../pc/console.h"
#include "../costs.h"
#include "dos_internal.h"
#include "dos_mem.h"
#include "psp.h"
#include "../machine.h"

/* ---- helpers shared by the dos*.c files ---------------------------------- */

const enum reg dos_saved_regs[DOS_SAVED_REGS] = { REG_ES, REG_DS, REG_BP, REG_DI, REG_SI,
                                                  REG_DX, REG_CX, REG_BX, REG_AX };

void dos_ok(struct dos *d) { service_set_carry(d->m, 0); }

void dos_fail(struct dos *d, uint16_t code)
{
    d->last_error = code;
    cpu_set(d->m, REG_AX, code);
    service_set_carry(d->m, 1);
}

void dos_charge(struct dos *d, uint64_t cycles)
{
    machine_charge(d->m, cycles, SEG_DOS, DOS_STUB_INT21);
}

void dos_charge_con(struct dos *d, unsigned chars)
{
    machine_charge(d->m, (uint64_t)chars * COST_DOS_CON_CHAR, SEG_DOS, DOS_STUB_INT21);
    machine_charge(d->m, (uint64_t)chars * COST_TTY_CHAR, SEG_IOSYS, BIOS_CON_OFF);
}

int dos_read_asciz(struct dos *d, uint16_t seg, uint16_t off, char *buf, size_t max)
{
    for (size_t i = 0; i + 1 < max; i++) {
        buf[i] = (char)mem_rb(d->m, lin(seg, (uint16_t)(off + i)));
        if (!buf[i])
            return (int)i;
    }
    buf[max - 1] = 0;
    return -1;
}

struct sft *dos_handle_arg(struct dos *d)
{
    int s = dos_handle_sft(d, cpu_get(d->m, REG_BX));
    if (s < 0) {
        dos_fail(d, DOSERR_HANDLE);
        return NULL;
    }
    return &d->sft[s];
}

void dos_con_out(struct dos *d, uint8_t ch)
{
    console_put(d->m, d->con, ch);
}

#define CON_PIECE 256u      /* characters between two looks at the deadlines */

unsigned dos_con_write(struct dos *d, uint16_t seg, uint16_t off, unsigned max, int dollar,
                       void (*put)(struct dos *d, uint8_t ch))
{
    unsigned done = 0;
    while (done < max) {
        unsigned piece = machine_work_allowed(d->m, max - done < CON_PIECE ? max - done : CON_PIECE), k = 0;
        if (piece == 0)
            break;
        int end = 0;
        for (; k < piece; k++) {
            uint8_t ch = mem_rb(d->m, lin(seg, (uint16_t)(off + done + k)));
            if (dollar && ch == '$') {
                end = 1;
                break;
            }
            put(d, ch);
        }
        done += k;
        dos_charge_con(d, k);
        machine_work_done(d->m, k);
        if (end)
            break;
    }
    return done;
}

/* ---- processes ----------------------------------------------------------- */

/* A child process goes back to its parent, as DOS's terminate does: the
 * parent's SS:SP saved at EXEC (its PSP:2Eh) points at its registers
 * (ES DS BP DI SI DX CX BX AX) above the frame of its INT 21h/4Bh, whose
 * return address becomes the child's terminate address (PSP:0Ah) with
 * carry clear; INT 22h-24h come back from the child's PSP. */
static void return_to_parent(struct dos *d, uint16_t child, uint16_t parent, uint8_t type)
{
    struct machine *m = d->m;
    uint32_t c = lin(child, 0), pp = lin(parent, 0);
    if (type != 3)
        dos_free_process_memory(d, child);
    for (unsigned v = 0; v < 3; v++)
        ivt_set(m, (uint8_t)(0x22 + v), mem_rw(m, c + PSP_INT22 + 2 + v * 4), mem_rw(m, c + PSP_INT22 + v * 4));
    uint16_t ss = mem_rw(m, pp + PSP_SAVED_SS), sp = mem_rw(m, pp + PSP_SAVED_SP);
    for (int i = 0; i < DOS_SAVED_REGS; i++, sp = (uint16_t)(sp + 2))
        cpu_set(m, dos_saved_regs[i], mem_rw_seg(m, ss, sp));
    cpu_set(m, REG_SS, ss);
    cpu_set(m, REG_SP, sp);
    mem_ww_seg(m, ss, sp, mem_rw(m, c + PSP_INT22));
    mem_ww_seg(m, ss, (uint16_t)(sp + 2), mem_rw(m, c + PSP_INT22 + 2));
    mem_ww_seg(m, ss, (uint16_t)(sp + 4), (uint16_t)(mem_rw_seg(m, ss, (uint16_t)(sp + 4)) & ~FL_CF));
    d->psp = parent;
    d->dta_seg = parent;
    d->dta_off = PSP_TAIL;
}

void dos_terminate(struct dos *d, uint8_t code, uint8_t type)
{
    struct machine *m = d->m;
    uint16_t child = d->psp, parent = mem_rw(m, lin(child, PSP_PARENT));
    /* Close the process's handles so its files are complete on the host
     * (a handle it inherited stays open in its parent). */
    for (uint16_t h = 0; h < DOS_JFT_SIZE; h++) {
        uint32_t a = psp_handle(child, h);
        uint8_t s = mem_rb(m, a);
        if (s < DOS_MAX_FILES && d->sft[s].refs > 0)
            dos_release_sft(d, s);
        mem_wb(m, a, PSP_NO_FILE);
    }
    d->last_exit_code = code;
    d->last_exit_type = type;
    if (d->procs)
        d->procs->ended(d->procs->ctx, child, code, type);
    if (parent != child && parent != 0) {
        return_to_parent(d, child, parent, type);
        return;
    }
    console_flush(d->con);
    dos_check_memory(d);
    m->exit_code = code;
    machine_stop(m, STOP_EXIT, NULL);
}

void dos_save_parent(struct dos *d, uint16_t parent)
{
    struct machine *m = d->m;
    uint16_t ss = cpu_get(m, REG_SS), sp = cpu_get(m, REG_SP);
    uint16_t below = 2 * DOS_SAVED_REGS;
    for (int i = 0; i < DOS_SAVED_REGS; i++)
        mem_ww_seg(m, ss, (uint16_t)(sp - below + 2 * i), cpu_get(m, dos_saved_regs[i]));
    mem_ww(m, lin(parent, PSP_SAVED_SP), (uint16_t)(sp - below));
    mem_ww(m, lin(parent, PSP_SAVED_SS), ss);
}

void dos_inherit_handles(struct dos *d, uint16_t parent, uint16_t child)
{
    for (uint16_t h = 0; h < DOS_JFT_SIZE; h++) {
        uint8_t s = mem_rb(d->m, psp_handle(parent, h));
        mem_wb(d->m, psp_handle(child, h), s);
        if (s < DOS_MAX_FILES && d->sft[s].kind != SFT_FREE)
            d->sft[s].refs++;
    }
}

void dos_std_handles(struct dos *d, uint16_t psp)
{
    static const uint8_t std[5] = { 0, 1, 2, 3, 4 };
    for (uint16_t h = 0; h < DOS_JFT_SIZE; h++)
        mem_wb(d->m, psp_handle(psp, h), h < 5 ? std[h] : PSP_NO_FILE);
    for (int i = 0; i < 5; i++)
        d->sft[i].refs++;
}

int dos_handle_sft(struct dos *d, uint16_t handle)
{
    if (handle >= DOS_JFT_SIZE)
        return -1;
    uint8_t s = mem_rb(d->m, psp_handle(d->psp, handle));
    if (s >= DOS_MAX_FILES || d->sft[s].kind == SFT_FREE)
        return -1;
    return s;
}

int dos_free_sft(struct dos *d)
{
    for (int i = 5; i < DOS_MAX_FILES; i++)
        if (d->sft[i].kind == SFT_FREE && d->sft[i].refs == 0)
            return i;
    return -1;
}

void dos_release_sft(struct dos *d, int s)
{
    if (--d->sft[s].refs > 0)
        return;
    if (d->sft[s].kind == SFT_FILE)
        close(d->sft[s].fd);
    if (s >= 5)                 /* the standard devices stay */
        d->sft[s].kind = SFT_FREE;
    d->sft[s].refs = 0;
}

int dos_new_handle(struct dos *d, int sft)
{
    for (uint16_t h = 0; h < DOS_JFT_SIZE; h++) {
        uint32_t a = psp_handle(d->psp, h);
        if (mem_rb(d->m, a) == PSP_NO_FILE) {
            mem_wb(d->m, a, (uint8_t)sft);
            d->sft[sft].refs++;
            return h;
        }
    }
    return -1;
}

/* ---- INT 21h functions kept here ----------------------------------------- */

static void fn_terminate(struct dos *d) { dos_terminate(d, 0, 0); }
static void fn_exit(struct dos *d) { dos_terminate(d, cpu_al(d->m), 0); }

/* 31h: keep DX paragraphs of the program's block and end it, resident. */
static void fn_keep(struct dos *d)
{
    uint16_t largest, paras = cpu_get(d->m, REG_DX);
    mcb_resize(d->m, d->arena, d->psp, paras < 6 ? 6 : paras, &largest);
    dos_terminate(d, cpu_al(d->m), 3);
}

static void fn_exec(struct dos *d)
{
    if (d->exec) {
        d->exec(d);
        return;
    }
    dos_fail(d, DOSERR_FUNC);
}

static void fn_set_vector(struct dos *d)
{
    ivt_set(d->m, cpu_al(d->m), cpu_get(d->m, REG_DS), cpu_get(d->m, REG_DX));
}

static void fn_get_vector(struct dos *d)
{
    uint8_t v = cpu_al(d->m);
    cpu_set(d->m, REG_BX, mem_rw(d->m, (uint32_t)v * 4));
    cpu_set(d->m, REG_ES, mem_rw(d->m, (uint32_t)v * 4 + 2));
}

static void fn_version(struct dos *d)
{
    cpu_set(d->m, REG_AX, d->version);
    cpu_set(d->m, REG_BX, 0);
    cpu_set(d->m, REG_CX, 0);
}

static void fn_break(struct dos *d)
{
    switch (cpu_al(d->m)) {
    case 0: cpu_set(d->m, REG_DX, (uint16_t)((cpu_get(d->m, REG_DX) & 0xFF00) | d->break_check)); break;
    case 1: d->break_check = cpu_get(d->m, REG_DX) & 1; break;
    case 5: cpu_set(d->m, REG_DX, (uint16_t)((cpu_get(d->m, REG_DX) & 0xFF00) | 3)); break;
    default: cpu_set_al(d->m, 0xFF); break;
    }
}

static void fn_return_code(struct dos *d)
{
    cpu_set(d->m, REG_AX, (uint16_t)(d->last_exit_type << 8 | d->last_exit_code));
    d->last_exit_code = d->last_exit_type = 0;
    dos_ok(d);                  /* PROC.ASM: SYS_RET_OK */
}

static void fn_set_dta(struct dos *d)
{
    d->dta_seg = cpu_get(d->m, REG_DS);
    d->dta_off = cpu_get(d->m, REG_DX);
}

static void fn_get_dta(struct dos *d)
{
    cpu_set(d->m, REG_ES, d->dta_seg);
    cpu_set(d->m, REG_BX, d->dta_off);
}

/* 26h: a new PSP at DX:0, a copy of the current one that keeps the
 * memory top, with INT 22h-24h's vectors as they are now. */
static void fn_new_psp(struct dos *d)
{
    struct machine *m = d->m;
    uint16_t seg = cpu_get(m, REG_DX);
    for (uint16_t i = 0; i < 0x100; i++)
        mem_wb(m, lin(seg, i), mem_rb(m, lin(d->psp, i)));
    for (unsigned v = 0; v < 3; v++) {
        mem_ww(m, lin(seg, (uint16_t)(0x0A + 4 * v)), mem_rw(m, (0x22u + v) * 4));
        mem_ww(m, lin(seg, (uint16_t)(0x0C + 4 * v)), mem_rw(m, (0x22u + v) * 4 + 2));
    }
}

/* 55h: a child process's PSP at DX:0 (MISC.ASM's $Dup_PDB): a copy of the
 * current one with SI as its memory top, INT 22h-24h as they are now, its
 * own job file table inheriting every open handle, the current PSP as its
 * parent; it becomes the current PSP. */
static void fn_child_psp(struct dos *d)
{
    struct machine *m = d->m;
    uint16_t seg = cpu_get(m, REG_DX), parent = d->psp;
    fn_new_psp(d);
    mem_ww(m, lin(seg, PSP_MEM_TOP), cpu_get(m, REG_SI));
    dos_inherit_handles(d, parent, seg);
    mem_ww(m, lin(seg, PSP_JFT_COUNT), DOS_JFT_SIZE);
    mem_ww(m, lin(seg, PSP_JFT_PTR), PSP_JFT);
    mem_ww(m, lin(seg, PSP_JFT_PTR + 2), seg);
    mem_ww(m, lin(seg, PSP_PARENT), parent);
    d->psp = seg;
}

static const struct dos_entry dos_core_fns[] = {
    { 0x26, fn_new_psp }, { 0x55, fn_child_psp },
    { 0x00, fn_terminate }, { 0x1A, fn_set_dta }, { 0x25, fn_set_vector },
    { 0x2F, fn_get_dta },
    { 0x30, fn_version }, { 0x33, fn_break }, { 0x35, fn_get_vector },
    { 0x31, fn_keep }, { 0x4B, fn_exec }, { 0x4C, fn_exit }, { 0x4D, fn_return_code },
    { 0, NULL },
};

/* ---- dispatch ------------------------------------------------------------ */

/* The machine's own table of INT 21h functions by AH (built from the
 * files' const tables at install, so no state is shared between machines). */
static void build_dispatch(struct dos *d)
{
    const struct dos_entry *tables[] = { dos_core_fns, dos_console_fns, dos_file_fns, dos_fcb_fns,
                                         dos_dir_fns,  dos_sys_fns,     dos_mem_fns,  dos_time_fns,
                                         dos_ioctl_fns, dos_nls_fns,    dos_net_fns };
    for (size_t t = 0; t < sizeof tables / sizeof tables[0]; t++)
        for (const struct dos_entry *e = tables[t]; e->fn; e++)
            d->dispatch[e->ah] = e->fn;
}


static void restore_entry_regs(struct dos *d)
{
    for (int i = 0; i < DOS_SAVED_REGS; i++)
        cpu_set(d->m, dos_saved_regs[i], d->entry_regs[i]);
}

/* The functions that change no folder, no file's size or date and no
 * current folder: drive.c's last search outlives them (see
 * drives_forget()).  Any other function forgets it before it runs and
 * after, and so does a new search (4Eh, 11h).  The folders' listings are
 * kept whatever the function: those that add or remove an entry tell
 * drive.c (drives_added, drives_removed). */
static int keeps_listing(uint8_t ah)
{
    static const uint8_t keep[] = {
        0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0A, 0x0B, 0x0C, /* console */
        0x0E, 0x0F, 0x12, 0x14, 0x19, 0x1A, 0x21, 0x23, 0x24, 0x25, 0x27, 0x29, 0x2A, 0x2C, 0x2F, 0x30,
        0x33, 0x35, 0x3D, 0x3E, 0x3F, 0x42, 0x44, 0x47, 0x48, 0x49, 0x4A, 0x4F, 0x58, 0x59, 0x62,
    };
    return memchr(keep, ah, sizeof keep) != NULL;
}

/* The last INT 21h function of a DOS version (MAXCOM in MSCODE.ASM, 2.x;
 * DISP.ASM/MS_TABLE.ASM, 4.0): a call above it is BADCALL's. */
uint8_t dos_last_function(uint16_t version)
{
    uint8_t major = (uint8_t)version, minor = (uint8_t)(version >> 8);
    if (major < 3)
        return 0x58;
    if (major == 3)
        return minor < 30 ? 0x62 : 0x68;
    return 0x6C;
}

static void int21_function(struct machine *m, struct dos *d)
{
    uint8_t ah = cpu_ah(m);
    for (int i = 0; i < DOS_SAVED_REGS; i++)
        d->entry_regs[i] = cpu_get(m, dos_saved_regs[i]);
    dos_charge(d, COST_DOS_CALL);
    int keep = keeps_listing(ah);
    if (!keep)
        drives_forget(&d->drives);
    if (d->dispatch[ah] && ah <= dos_last_function(d->version)) {
        d->dispatch[ah](d);
        if (!keep && ah != 0x4E && ah != 0x11)  /* what it listed to find its path may have changed since */
            drives_forget(&d->drives);
        return;
    }
    if (ah == 0x71) {           /* long names: none, as DOS 7 without them says */
        cpu_set(m, REG_AX, 0x7100);
        service_set_carry(m, 1);
        return;
    }
    uint16_t cs, ip;
    service_caller(m, &cs, &ip);
    machine_unimplemented(m, 0x21, ah, cs, (uint16_t)(ip - 2));
    if (ah > dos_last_function(d->version))
        cpu_set_al(m, 0);       /* DISP.ASM's BADCALL: AL=0, flags as they were */
    else
        dos_fail(d, DOSERR_FUNC);
}

/* The functions whose disk time passes after them in the BIOS's disk wait
 * (dos_disk_wait): the transfers, opens, creates and closes, which return
 * to their caller; an EXEC's load, an end's closes and the rest are
 * charged where they happen. */
static int waits_for_disk(uint8_t ah)
{
    static const uint8_t fns[] = { 0x0F, 0x10, 0x14, 0x15, 0x16, 0x21, 0x22, 0x27, 0x28,
                                   0x3C, 0x3D, 0x3E, 0x3F, 0x40, 0x5A, 0x5B, 0x6C };
    return memchr(fns, ah, sizeof fns) != NULL;
}

/* INT 21h: the function, then the disk's time it owes (dos_disk_wait). */
static void int21(struct machine *m, void *ctx)
{
    struct dos *d = ctx;
    d->disk_defer = waits_for_disk(cpu_ah(m));
    int21_function(m, d);
    dos_disk_wait(d, DOS_STUB_INT21);
}

static void int20(struct machine *m, void *ctx)
{
    (void)m;
    dos_charge(ctx, COST_DOS_CALL);
    dos_terminate(ctx, 0, 0);
}

/* INT 27h: stay resident, keeping DX bytes from the PSP (CS). */
static void int27(struct machine *m, void *ctx)
{
    struct dos *d = ctx;
    uint16_t largest, paras = (uint16_t)((cpu_get(m, REG_DX) + 15u) >> 4);
    dos_charge(d, COST_DOS_CALL);
    mcb_resize(m, d->arena, d->psp, paras < 6 ? 6 : paras, &largest);
    dos_terminate(d, 0, 3);
}

static void int23(struct machine *m, void *ctx)
{
    (void)m;
    dos_terminate(ctx, 0, 1);   /* Ctrl-C: the default handler ends the program */
}

static void int24(struct machine *m, void *ctx)
{
    (void)ctx;
    cpu_set_al(m, 3);           /* critical error: fail */
}

/* ---- waits, Ctrl-C and critical errors ------------------------------------ */

static void continue_at(struct machine *m, uint16_t off)
{
    cpu_set(m, REG_CS, SEG_DOS);
    cpu_set(m, REG_IP, off);
}

void dos_wait(struct dos *d)
{
    machine_service_wait(d->m, SEG_DOS, DOS_WAIT);
}

void dos_ctrl_c(struct dos *d)
{
    restore_entry_regs(d);
    d->break_sp = cpu_get(d->m, REG_SP);
    continue_at(d->m, DOS_CALL_INT23);
}

/* After the program's INT 23h: IRET (or RETF 2) makes the function again;
 * RETF leaves FLAGS on the stack, and with CF set ends the program. */
static void after_int23(struct machine *m, void *ctx)
{
    struct dos *d = ctx;
    uint16_t sp = cpu_get(m, REG_SP);
    if (sp == (uint16_t)(d->break_sp - 2)) {
        uint16_t flags = mem_rw_seg(m, cpu_get(m, REG_SS), sp);
        cpu_set(m, REG_SP, d->break_sp);
        if (flags & FL_CF) {
            dos_terminate(d, 0, 1);
            return;
        }
    }
    continue_at(m, DOS_STUB_INT21);
}

/* INT 24h may answer "fail" from DOS 3.10 on. */
static int fail_answer_allowed(const struct dos *d)
{
    uint8_t major = (uint8_t)d->version, minor = (uint8_t)(d->version >> 8);
    return major > 3 || (major == 3 && minor >= 10);
}

int dos_floppy_absent(const struct dos *d, const char *path)
{
    int letter = path[0] & ~0x20;
    return (letter == 'A' || letter == 'B') && path[1] == ':' && !d->drives.d[letter - 'A'].root;
}

void dos_critical(struct dos *d, uint8_t drive)
{
    struct machine *m = d->m;
    int fail_allowed = fail_answer_allowed(d);
    d->crit_ah = cpu_ah(m);
    d->break_sp = cpu_get(m, REG_SP);
    /* AH: a disk error while reading, in the directory, retry and ignore
     * allowed (and fail from DOS 3.1); DI: drive not ready; BP:SI: a
     * device header in DOS. */
    cpu_set(m, REG_AX, (uint16_t)((0x30u | (fail_allowed ? 0x08u : 0) | 0x04u) << 8 | drive));
    cpu_set(m, REG_DI, 0x0002);
    cpu_set(m, REG_BP, SEG_DOS);
    cpu_set(m, REG_SI, DOS_CRIT_DEVICE);
    continue_at(m, DOS_CALL_INT24);
}

/* After INT 24h, its answer in AL: 1 retry, 2 abort, 0 ignore or 3 fail
 * (the function fails with 83, or 21 "not ready" before DOS 3.1). */
static void after_int24(struct machine *m, void *ctx)
{
    struct dos *d = ctx;
    uint8_t answer = cpu_al(m);
    restore_entry_regs(d);
    cpu_set(m, REG_SP, d->break_sp);
    if (answer == 1) {
        continue_at(m, DOS_STUB_INT21);
        return;
    }
    if (answer == 2) {
        dos_terminate(d, 0, 2);
        return;
    }
    dos_fail(d, fail_answer_allowed(d) ? DOSERR_FAIL_INT24 : DOSERR_NOT_READY);
    /* the IRET at DOS_AFTER_INT24 returns to the caller */
}

/* INT 25h/26h, absolute disk read and write: there are no disks to
 * reach.  CF=1, AX=8002h (not ready); as DOS does, the return is a RETF
 * that leaves the caller's FLAGS on the stack. */
static void int25_26(struct machine *m, void *ctx)
{
    (void)ctx;
    machine_charge(m, COST_DOS_CALL, cpu_get(m, REG_CS), cpu_get(m, REG_IP));
    cpu_set(m, REG_AX, 0x8002);
    cpu_set(m, REG_FLAGS, (uint16_t)(cpu_get(m, REG_FLAGS) | FL_CF));
}

static void int2f(struct machine *m, void *ctx)
{
    (void)ctx;
    machine_charge(m, COST_DOS_CALL, SEG_DOS, DOS_STUB_INT2F);
    if (cpu_ah(m) <= 0x11 || cpu_al(m) == 0)
        cpu_set_al(m, 0);       /* installation check: not installed */
}

static void int29(struct machine *m, void *ctx)
{
    struct dos *d = ctx;
    dos_con_out(d, cpu_al(m));
    machine_charge(m, COST_TTY_CHAR, SEG_DOS, DOS_STUB_INT29);
}

static void install_code(struct machine *m)
{
    machine_put_wait_loop(m, SEG_DOS, DOS_WAIT, DOS_STUB_INT21);
    mem_ww(m, lin(SEG_DOS, DOS_CALL_INT23), 0x23CD);        /* int 23h */
    machine_put_jmp(m, SEG_DOS, DOS_AFTER_INT23, DOS_STUB_INT21);  /* (the trap decides) */
    mem_ww(m, lin(SEG_DOS, DOS_CALL_INT24), 0x24CD);        /* int 24h */
    mem_wb(m, lin(SEG_DOS, DOS_AFTER_INT24), 0xCF);         /* iret to the caller */
    /* The device header INT 24h's BP:SI points at: a block device. */
    mem_ww(m, lin(SEG_DOS, DOS_CRIT_DEVICE), 0xFFFF);
    mem_ww(m, lin(SEG_DOS, DOS_CRIT_DEVICE + 2), 0xFFFF);
    mem_ww(m, lin(SEG_DOS, DOS_CRIT_DEVICE + 4), 0x0000);
}

int dos_install(struct dos *d, struct machine *m, struct console *con, FILE *err)
{
    static const struct { uint8_t vec; uint8_t off; service_fn fn; } stubs[] = {
        { 0x20, DOS_STUB_INT20, int20 }, { 0x21, DOS_STUB_INT21, int21 },
        { 0x23, DOS_STUB_INT23, int23 }, { 0x24, DOS_STUB_INT24, int24 },
        { 0x2F, DOS_STUB_INT2F, int2f }, { 0x29, DOS_STUB_INT29, int29 },
        { 0x27, DOS_STUB_INT27, int27 }, { 0x25, DOS_STUB_INT25, int25_26 },
        { 0x26, DOS_STUB_INT26, int25_26 },
    };
    memset(d, 0, sizeof *d);
    d->m = m;
    d->con = con;
    d->err = err;
    d->arena = SEG_ARENA;
    d->version = DOS_VERSION_DEFAULT;
    d->disk_free = DOS_DISK_FREE_DEFAULT;
    disk_time_init(&d->disk_time, DISK_TIME_XT);
    d->switchar = '/';
    memset(d->machine_name, ' ', 15);       /* CONST2.ASM's MYNAME: blanks */
    d->boot_year = 1984;
    d->boot_month = 1;
    d->boot_day = 1;
    d->epoch_cycles = m->now;
    drives_init(&d->drives);
    dos_sys_install(d);
    dos_nls_install(d);
    build_dispatch(d);

    d->sft[0] = (struct sft){ .kind = SFT_CON_IN, .refs = 0, .fd = -1, .mode = 0, .disk_file = -1 };
    d->sft[1] = (struct sft){ .kind = SFT_CON_OUT, .refs = 0, .fd = -1, .mode = 1, .disk_file = -1 };
    d->sft[2] = (struct sft){ .kind = SFT_ERR, .refs = 0, .fd = -1, .mode = 1, .disk_file = -1 };
    d->sft[3] = (struct sft){ .kind = SFT_ERR, .refs = 0, .fd = -1, .mode = 2, .disk_file = -1 };
    d->sft[4] = (struct sft){ .kind = SFT_ERR, .refs = 0, .fd = -1, .mode = 1, .disk_file = -1 };

    for (unsigned i = 0; i <= DOS_STUB_IRET; i++)
        mem_wb(m, lin(SEG_DOS, (uint16_t)i), 0xCF);
    mem_wb(m, lin(SEG_DOS, DOS_STUB_INT25), 0xCB);         /* retf */
    mem_wb(m, lin(SEG_DOS, DOS_STUB_INT26), 0xCB);
    install_code(m);
    if (machine_add_trap(m, SEG_DOS, DOS_AFTER_INT23, after_int23, d) != 0 ||
        machine_add_trap(m, SEG_DOS, DOS_AFTER_INT24, after_int24, d) != 0)
        return -1;
    for (unsigned v = 0x20; v <= 0x2F; v++)
        ivt_set(m, (uint8_t)v, SEG_DOS, DOS_STUB_IRET);
    ivt_set(m, 0x22, SEG_DOS, DOS_STUB_INT20);
    for (size_t i = 0; i < sizeof stubs / sizeof stubs[0]; i++) {
        ivt_set(m, stubs[i].vec, SEG_DOS, stubs[i].off);
        if (machine_add_service(m, stubs[i].vec, SEG_DOS, stubs[i].off, stubs[i].fn, d) != 0)
            return -1;
    }
    mcb_init(m, d->arena, SEG_MEM_TOP);
    return 0;
}

int dos_version_parse(const char *s, uint16_t *out)
{
    unsigned major, minor = 0;
    char minor_text[4] = "", extra;
    int n = sscanf(s, "%u.%3[0-9]%c", &major, minor_text, &extra);
    if (n != 2 || major < 2 || major > 5)
        return -1;
    minor = (unsigned)atoi(minor_text) * (strlen(minor_text) == 1 ? 10u : 1u);
    if (minor > 99 || (major == 5 && minor != 0))
        return -1;
    *out = (uint16_t)(minor << 8 | major);
    return 0;
}

void dos_free(struct dos *d)
{
    for (int i = 0; i < DOS_MAX_FILES; i++)
        if (d->sft[i].kind == SFT_FILE && d->sft[i].refs > 0)
            close(d->sft[i].fd);
    drives_free(&d->drives);
    disk_time_free(&d->disk_time);
}
