/*
 * loader/process.h: a DOS process built in the emulated PC: environment
 * block, PSP (with its FCBs and command tail), the program image in its
 * memory block (relocated), and the registers DOS would hand it.
 */
#ifndef PROFIL_LOADER_PROCESS_H
#define PROFIL_LOADER_PROCESS_H

#include <stddef.h>
#include <stdint.h>

#include "exe.h"

struct machine;
struct dos;

struct process_args {
    const char *dos_path;       /* e.g. "C:\\HOTLOOP.COM", stored after the environment */
    const char *tail;           /* command tail, without the leading space */
    const char *const *env;     /* extra NAME=VALUE strings */
    size_t nenv;
};

struct process {
    uint16_t env_seg;
    uint16_t psp;
    uint16_t load_seg;          /* psp + 10h: PROFIL's prog_low_pa */
    uint16_t mem_top;           /* first paragraph after the block */
};

/* Build the first process.  Returns 0, or -1 with a one-line reason. */
int process_create(struct machine *m, struct dos *d, const struct dos_image *img,
                   const struct process_args *args, struct process *out, char *err, size_t errn);

/* The steps, shared with EXEC (loader/exec.c).  process_place allocates
 * the program's block (the largest, cut to an .EXE's maximum) and fills
 * psp, load_seg and mem_top; psp_init writes a PSP's fixed fields (no
 * handles: all closed) with env_seg and the parent; process_load_image
 * copies and relocates the image; process_entry gives the initial SS:SP
 * and CS:IP (a .COM's zero return word written). */
struct process_regs { uint16_t ss, sp, cs, ip; };
int process_place(struct machine *m, struct dos *d, const struct dos_image *img, struct process *p,
                  char *err, size_t errn);
void psp_init(struct machine *m, const struct process *p, uint16_t parent);
void process_load_image(struct machine *m, const struct dos_image *img, const struct process *p);
void process_relocate(struct machine *m, const struct dos_image *img, uint16_t load_seg, uint16_t factor);
void process_entry(const struct dos_image *img, const struct process *p, struct process_regs *r, struct machine *m);

/* INT 21h/4Bh, EXEC (loader/exec.c): installed as struct dos's exec. */
void exec_service(struct dos *d);

/* Parse a file name into an FCB's drive, name and extension (11 bytes),
 * as INT 21h/29h with AL=1 does; returns the characters consumed. */
size_t fcb_parse(const char *s, uint8_t *drive, uint8_t name[11]);

#endif
