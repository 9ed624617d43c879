/*
 * emu/dos/dos_internal.h: what the dos*.c files share and nothing else sees:
 * the INT 21h function signature, the per-file function tables, and the
 * helpers the functions share (the console, Ctrl-C and critical errors,
 * the disk budget, handles); dos.h has the few the loader's EXEC uses too.
 */
#ifndef PROFIL_EMU_DOS_INTERNAL_H
#define PROFIL_EMU_DOS_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "dos.h"
#include "../machine.h"

typedef void (*dos_fn)(struct dos *d);

struct dos_entry { uint8_t ah; dos_fn fn; };

/* Tables from dos_console.c, dos_file.c, dos_fcb.c, dos_dir.c, dos_sys.c,
 * dos_mem.c, dos_time.c, dos_ioctl.c, dos_nls.c, dos_net.c (terminated by
 * fn NULL). */
extern const struct dos_entry dos_console_fns[];
extern const struct dos_entry dos_file_fns[];
extern const struct dos_entry dos_fcb_fns[];
extern const struct dos_entry dos_dir_fns[];
extern const struct dos_entry dos_sys_fns[];
extern const struct dos_entry dos_mem_fns[];
extern const struct dos_entry dos_time_fns[];
extern const struct dos_entry dos_ioctl_fns[];
extern const struct dos_entry dos_nls_fns[];
extern const struct dos_entry dos_net_fns[];

#define DOS_STUB_INT20  0x00u
#define DOS_STUB_INT21  0x01u
#define DOS_STUB_INT23  0x02u
#define DOS_STUB_INT24  0x03u
#define DOS_STUB_INT27  0x04u
#define DOS_STUB_INT2F  0x05u
#define DOS_STUB_INT29  0x06u
#define DOS_STUB_IRET   0x07u
#define DOS_STUB_INT25  0x08u       /* RETF, as INT 25h/26h return */
#define DOS_STUB_INT26  0x09u
/* DOS code in its segment (dos.c): the wait for a key (sti, hlt, jmp to
 * the INT 21h stub), the call of INT 23h and of INT 24h, each followed by
 * a trap that decides what comes next; the console line of handle reads. */
#define DOS_WAIT        0x60u
#define DOS_CALL_INT23  0x68u
#define DOS_AFTER_INT23 0x6Au
#define DOS_CALL_INT24  0x70u
#define DOS_AFTER_INT24 0x72u
#define DOS_CRIT_DEVICE 0x78u
#define DOS_CON_LINE    0x100u
#define DOS_CON_LINE_MAX 128u

/* The registers MS-DOS saves at INT 21h, in stack order from SS:SP up:
 * EXEC keeps a parent's there, Ctrl-C and INT 24h restore a caller's. */
#define DOS_SAVED_REGS 9
extern const enum reg dos_saved_regs[DOS_SAVED_REGS];

/* Charge per-character console time to the I/O system's console driver. */
void dos_charge_con(struct dos *d, unsigned chars);
/* Console output of one byte (screen + host stdout). */
void dos_con_out(struct dos *d, uint8_t ch);
/* Write up to `max` bytes from seg:off with put(), stopping before a '$'
 * when `dollar` (INT 21h/09h), charging each character's console time;
 * in pieces, so that a run that must stop (a deadline, Ctrl-C,
 * --max-instructions, see machine_work_allowed()) stops writing.  Returns
 * the bytes written. */
unsigned dos_con_write(struct dos *d, uint16_t seg, uint16_t off, unsigned max, int dollar,
                       void (*put)(struct dos *d, uint8_t ch));
/* The function waits for a key: it is made again after the next
 * interrupt (the caller's frame stays, the clock runs). */
void dos_wait(struct dos *d);
/* Ctrl-C was read: call the program's INT 23h with the registers of the
 * INT 21h call; if it returns, the function is made again; if it returns
 * by RETF with CF set, or it is DOS's own, the program ends. */
void dos_ctrl_c(struct dos *d);
/* A critical error on `drive` (0 = A:): call INT 24h; its answer fails
 * the function (error 83; 21 before DOS 3.1), retries it or ends the
 * program. */
void dos_critical(struct dos *d, uint8_t drive);
/* The path names A: or B: and that drive is not mapped: a floppy drive
 * with no disk, which DOS reports through INT 24h. */
int dos_floppy_absent(const struct dos *d, const char *path);
/* dos_console.c: a read of the console device (handle 0 with --keys): a
 * line typed and echoed, then CR LF; up to cx bytes of it at ds:dx, the
 * rest for the next read.  -1 when the call waits or Ctrl-C was read. */
int dos_con_read(struct dos *d, uint16_t ds, uint16_t dx, uint16_t cx, unsigned *done);
/* A key waits for the console (the keyboard with --keys, else stdin);
 * never waits for one. */
int dos_con_key_ready(struct dos *d);
/* Terminate the current process with `code`. */
void dos_terminate(struct dos *d, uint8_t code, uint8_t type);

/* dos_sys.c: the DOS data its answers point at (InDOS, list of lists...). */
void dos_sys_install(struct dos *d);
/* The class, suggested action and locus 59h gives with an error code. */
void dos_error_info(uint16_t code, uint8_t *cls, uint8_t *action, uint8_t *locus);
/* dos_nls.c: the country tables and case-map routine in the DOS segment. */
void dos_nls_install(struct dos *d);

/* dos_mem.c: a process's blocks freed at its end, for --memory (reported
 * to d->mem_calls at the current caller). */
void dos_free_process_memory(struct dos *d, uint16_t psp);
/* The chain as the last process ends: a warning when it is broken. */
void dos_check_memory(struct dos *d);

/* dos_disk.c: the guest's disk space.  How many of n bytes written at pos
 * in a file of `size` bytes fit in the budget and in DOS's largest file;
 * a file's size changed (the budget pays for growth, gets shrinking
 * back); a host file's size; unlink a file and give its bytes back. */
uint32_t dos_disk_room(const struct dos *d, uint64_t pos, uint64_t size, uint32_t n);
uint64_t dos_disk_file_size(int fd);
int dos_disk_unlink(struct dos *d, const char *host);
/* The disk's time for `bytes` at pos of open file f read or written, for
 * opening it and for closing it (disk_time.c; COST_DISK_BYTE a byte under
 * --disk-time none), charged to the I/O system. */
void dos_charge_transfer(struct dos *d, const struct sft *f, uint64_t pos, uint32_t bytes, int write);
void dos_charge_open(struct dos *d, const struct sft *f);
void dos_charge_close(struct dos *d, const struct sft *f);
/* After INT 21h's function: the disk time it owes passes in the BIOS's
 * disk wait (interrupts enabled, each at its time; bios_disk_wait())
 * when the call returns to its caller through `stub`, else at once (a
 * call that went elsewhere: EXEC, an end, Ctrl-C, a critical error). */
void dos_disk_wait(struct dos *d, uint16_t stub);

/* Handle table. */
int dos_handle_sft(struct dos *d, uint16_t handle);   /* -1 if not open */
struct sft *dos_handle_arg(struct dos *d);            /* BX's open file, or NULL after failing with 6 */
int dos_free_sft(struct dos *d);                      /* an unused open-file entry, -1 if none */
void dos_release_sft(struct dos *d, int s);           /* one reference fewer; closed at none */
int dos_new_handle(struct dos *d, int sft);           /* -1 if JFT full */

#endif
