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

/* Build the process.  Returns 0, or -1 with a one-line reason. */
int process_create(struct machine *m, struct dos *d, const struct dos_image *img,
                   const struct process_args *args, struct process *out, char *err, size_t errn);

/* Parse a file name into an FCB's drive, name and extension (11 bytes),
 * as INT 21h/29h with AL=1 does; returns the characters consumed. */
size_t fcb_parse(const char *s, uint8_t *drive, uint8_t name[11]);

#endif
