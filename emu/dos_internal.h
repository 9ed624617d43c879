/*
 * emu/dos_internal.h: what the dos*.c files share and nothing else sees:
 * the INT 21h function signature, the per-file function tables, and the
 * helpers every function uses (return an error, charge time, read a
 * guest string).
 */
#ifndef PROFIL_EMU_DOS_INTERNAL_H
#define PROFIL_EMU_DOS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "dos.h"
#include "machine.h"

typedef void (*dos_fn)(struct dos *d);

struct dos_entry { uint8_t ah; dos_fn fn; };

/* Tables from dos_console.c, dos_file.c, dos_fcb.c, dos_dir.c, dos_sys.c,
 * dos_mem.c (terminated by fn NULL). */
extern const struct dos_entry dos_console_fns[];
extern const struct dos_entry dos_file_fns[];
extern const struct dos_entry dos_fcb_fns[];
extern const struct dos_entry dos_dir_fns[];
extern const struct dos_entry dos_sys_fns[];
extern const struct dos_entry dos_mem_fns[];

#define DOS_STUB_INT20  0x00u
#define DOS_STUB_INT21  0x01u
#define DOS_STUB_INT23  0x02u
#define DOS_STUB_INT24  0x03u
#define DOS_STUB_INT27  0x04u
#define DOS_STUB_INT2F  0x05u
#define DOS_STUB_INT29  0x06u
#define DOS_STUB_IRET   0x07u

/* Success: clear CF.  Failure: AX = code, set CF. */
void dos_ok(struct dos *d);
void dos_fail(struct dos *d, uint16_t code);
/* Charge cycles at the INT 21h stub (time in DOS). */
void dos_charge(struct dos *d, uint64_t cycles);
/* Charge per-character console time to the I/O system's console driver. */
void dos_charge_con(struct dos *d, unsigned chars);
/* An ASCIZ string from seg:off, at most max-1 bytes; returns its length or -1. */
int dos_read_asciz(struct dos *d, uint16_t seg, uint16_t off, char *buf, size_t max);
/* Console output of one byte (screen + host stdout). */
void dos_con_out(struct dos *d, uint8_t ch);
/* Terminate the current process with `code`. */
void dos_terminate(struct dos *d, uint8_t code, uint8_t type);

/* dos_sys.c: the DOS data its answers point at (InDOS, list of lists...). */
void dos_sys_install(struct dos *d);

/* dos_mem.c: a process's blocks freed at its end; a block EXEC made, for
 * --memory (both reported to d->mem_calls at the current caller). */
void dos_free_process_memory(struct dos *d, uint16_t psp);
void dos_observe_alloc(struct dos *d, uint16_t seg);

/* Handle table. */
int dos_handle_sft(struct dos *d, uint16_t handle);   /* -1 if not open */
int dos_free_sft(struct dos *d);                      /* an unused open-file entry, -1 if none */
void dos_release_sft(struct dos *d, int s);           /* one reference fewer; closed at none */
int dos_new_handle(struct dos *d, int sft);           /* -1 if JFT full */

#endif
