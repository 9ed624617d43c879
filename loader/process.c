/*
 * loader/process.c: environment, PSP, image placement and relocation
 * (see process.h).  The layout is fixed so profiles are reproducible:
 * the environment block is the first arena block, the program the second.
 */
#include "process.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../emu/dos/dos.h"
#include "../emu/dos/dos_mem.h"
#include "../emu/dos/psp.h"
#include "../emu/machine.h"

#define PSP_PARAS 0x10u

size_t fcb_parse(const char *s, uint8_t *drive, uint8_t name[11])
{
    int wild;
    memset(name, ' ', 11);
    return fcb_parse_name(s, 0, drive, name, &wild);
}

static void write_fcb(struct machine *m, uint32_t at, const char *arg)
{
    uint8_t drive, name[11];
    fcb_parse(arg, &drive, name);
    mem_wb(m, at, drive);
    mem_write(m, at + 1, name, 11);
    for (unsigned i = 12; i < 16; i++)
        mem_wb(m, at + i, 0);
}

/* The environment: COMSPEC, PATH, the user's strings, an empty string,
 * a word 1, then the program's DOS path. */
static size_t build_env(const struct process_args *a, uint8_t *buf, size_t cap)
{
    size_t n = 0;
    const char *fixed[] = { "COMSPEC=C:\\COMMAND.COM", "PATH=C:\\" };
    for (size_t i = 0; i < 2 + a->nenv; i++) {
        const char *s = i < 2 ? fixed[i] : a->env[i - 2];
        size_t len = strlen(s) + 1;
        if (n + len + 4 + strlen(a->dos_path) + 1 > cap)
            return 0;
        memcpy(buf + n, s, len);
        n += len;
    }
    buf[n++] = 0;
    buf[n++] = 1;
    buf[n++] = 0;
    memcpy(buf + n, a->dos_path, strlen(a->dos_path) + 1);
    return n + strlen(a->dos_path) + 1;
}

void psp_init(struct machine *m, const struct process *p, uint16_t parent)
{
    uint32_t base = lin(p->psp, 0);
    static const uint8_t call5[5] = { 0x9A, 0xF0, 0xFE, 0x1D, 0xF0 };
    for (unsigned i = 0; i < 256; i++)
        mem_wb(m, base + i, 0);
    mem_wb(m, base + PSP_INT20, 0xCD);              /* INT 20h */
    mem_wb(m, base + PSP_INT20 + 1, 0x20);
    mem_ww(m, base + PSP_MEM_TOP, p->mem_top);
    mem_write(m, base + PSP_CALL5, call5, 5);               /* CP/M-style call to DOS */
    for (unsigned v = 0; v < 3; v++)                /* saved INT 22h, 23h, 24h */
        mem_write(m, base + PSP_INT22 + v * 4, m->mem + (0x22 + v) * 4, 4);
    mem_ww(m, base + PSP_PARENT, parent);                 /* the root's is itself, as COMMAND.COM's */
    mem_ww(m, base + PSP_ENV, p->env_seg);
    for (unsigned h = 0; h < DOS_JFT_SIZE; h++)
        mem_wb(m, psp_handle(p->psp, (uint16_t)h), PSP_NO_FILE);
    mem_ww(m, base + PSP_JFT_COUNT, DOS_JFT_SIZE);
    mem_ww(m, base + PSP_JFT_PTR, PSP_JFT);
    mem_ww(m, base + PSP_JFT_PTR + 2, p->psp);
    mem_wb(m, base + PSP_CALL_DOS, 0xCD);           /* INT 21h; RETF */
    mem_wb(m, base + PSP_CALL_DOS + 1, 0x21);
    mem_wb(m, base + PSP_CALL_DOS + 2, 0xCB);
}

/* FCBs from the first two arguments, and the command tail: a leading
 * space as COMMAND.COM passes it, then CR. */
static void psp_arguments(struct machine *m, const struct process *p, const char *tail)
{
    uint32_t base = lin(p->psp, 0);
    size_t skip = strspn(tail, " \t");
    const char *second = tail + skip + strcspn(tail + skip, " \t");
    write_fcb(m, base + PSP_FCB1, tail);
    write_fcb(m, base + PSP_FCB2, second);
    size_t len = strlen(tail);
    uint8_t n = 0;
    if (len) {
        mem_wb(m, base + PSP_TAIL + 1, ' ');
        n = 1;
        if (len > 125)
            len = 125;
        mem_write(m, base + PSP_TAIL + 2, tail, len);
        n = (uint8_t)(n + len);
    }
    mem_wb(m, base + PSP_TAIL, n);
    mem_wb(m, base + PSP_TAIL + 1 + n, '\r');
}

void process_relocate(struct machine *m, const struct dos_image *img, uint16_t load_seg, uint16_t factor)
{
    for (size_t i = 0; i < img->nrelocs; i++) {
        const uint8_t *r = img->relocs + i * 4;
        uint16_t off = (uint16_t)(r[0] | r[1] << 8), seg = (uint16_t)(r[2] | r[3] << 8);
        uint32_t at = lin((uint16_t)(load_seg + seg), off);
        mem_ww(m, at, (uint16_t)(mem_rw(m, at) + factor));
    }
}

int process_place(struct machine *m, struct dos *d, const struct dos_image *img, struct process *p,
                  char *err, size_t errn)
{
    uint16_t largest = 0;
    /* The program gets the largest block, cut to its maximum allocation. */
    uint32_t need = PSP_PARAS + exe_load_paras(img);
    largest = mcb_largest(m, d->arena);
    if (need > largest) {
        snprintf(err, errn, "Program too big: needs %u KiB, %u KiB free",
                 (unsigned)((need * 16 + 1023) / 1024), (unsigned)(largest / 64));
        return -1;
    }
    /* DOS's EXEC (EXEC.ASM): the load module's whole 512-byte pages less
     * the header, and MAXALLOC paragraphs more, or all there is. */
    uint32_t want = largest;
    if (img->is_exe) {
        uint32_t max = PSP_PARAS + (uint32_t)img->exec_paras + img->max_alloc;
        if (max < want)
            want = max < need ? need : max;
    }
    if (mcb_alloc(m, d->arena, (uint16_t)want, MCB_OWNER_DOS, &p->psp, &largest) != 0) {
        snprintf(err, errn, "Program too big");
        return -1;
    }
    mcb_set_owner(m, p->psp, p->psp);
    p->load_seg = (uint16_t)(p->psp + PSP_PARAS);
    p->mem_top = (uint16_t)(p->psp + want);
    return 0;
}

void process_load_image(struct machine *m, const struct dos_image *img, const struct process *p)
{
    mem_write(m, lin(p->load_seg, 0), img->load, img->load_size - img->missing);
    if (img->is_exe)
        process_relocate(m, img, p->load_seg, p->load_seg);
}

void process_entry(const struct dos_image *img, const struct process *p, struct process_regs *r, struct machine *m)
{
    if (img->is_exe) {
        r->ss = (uint16_t)(p->load_seg + img->ss);
        r->sp = img->sp;
        r->cs = (uint16_t)(p->load_seg + img->cs);
        r->ip = img->ip;
    } else {
        /* .COM: everything at the PSP, a zero word on the stack so RET
         * reaches the INT 20h at PSP:0000. */
        uint32_t paras = (uint32_t)(uint16_t)(p->mem_top - p->psp);
        r->sp = paras >= 0x1000 ? 0xFFFE : (uint16_t)(paras * 16 - 2);
        mem_ww(m, lin(p->psp, r->sp), 0);
        r->ss = r->cs = p->psp;
        r->ip = 0x100;
    }
}

int process_create(struct machine *m, struct dos *d, const struct dos_image *img,
                   const struct process_args *args, struct process *p, char *err, size_t errn)
{
    uint8_t env[2048];
    size_t env_len = build_env(args, env, sizeof env);
    uint16_t largest = 0;
    if (env_len == 0) {
        snprintf(err, errn, "environment larger than %zu bytes", sizeof env);
        return -1;
    }
    uint16_t env_paras = (uint16_t)((env_len + 15) / 16);
    if (mcb_alloc(m, d->arena, env_paras, MCB_OWNER_DOS, &p->env_seg, &largest) != 0) {
        snprintf(err, errn, "Program too big: no memory for the environment");
        return -1;
    }
    mem_write(m, lin(p->env_seg, 0), env, env_len);
    if (process_place(m, d, img, p, err, errn) != 0)
        return -1;
    mcb_set_owner(m, p->env_seg, p->psp);
    d->psp = p->psp;
    d->dta_seg = p->psp;
    d->dta_off = PSP_TAIL;
    d->exec = exec_service;

    psp_init(m, p, p->psp);
    dos_std_handles(d, p->psp);
    psp_arguments(m, p, args->tail);
    process_load_image(m, img, p);

    struct process_regs r;
    process_entry(img, p, &r, m);
    cpu_set(m, REG_SS, r.ss);
    cpu_set(m, REG_SP, r.sp);
    cpu_set(m, REG_CS, r.cs);
    cpu_set(m, REG_IP, r.ip);
    cpu_set(m, REG_DS, p->psp);
    cpu_set(m, REG_ES, p->psp);
    cpu_set(m, REG_AX, 0);
    cpu_set(m, REG_BX, 0);
    cpu_set(m, REG_CX, 0x00FF);
    cpu_set(m, REG_DX, p->psp);
    cpu_set(m, REG_SI, 0x100);
    cpu_set(m, REG_DI, 0xFFFE);
    cpu_set(m, REG_BP, 0x091C);
    cpu_set(m, REG_FLAGS, FL_IF);
    return 0;
}
