/*
 * emu/dos/dos.h: the DOS kernel that a guest program talks to through
 * INT 20h-2Fh.
 *
 * Owns the DOS state, one per machine (current PSP, DTA, drives, the
 * open-file table, the memory arena's start, INT 21h's dispatch table) and
 * installs the DOS stubs at dos_pa (SEG_DOS), so that time in DOS services
 * counts as PROFIL's hit_dos.  The services themselves are in dos.c
 * (dispatch, processes, vectors, version, Ctrl-C and critical errors),
 * dos_console.c, dos_file.c, dos_ioctl.c, dos_fcb.c, dos_dir.c, dos_sys.c,
 * dos_time.c, dos_disk.c and dos_mem.c; EXEC (4Bh) is the loader's
 * (loader/exec.c, through the functions at the end of this header).
 */
#ifndef PROFIL_EMU_DOS_H
#define PROFIL_EMU_DOS_H

#include <stdint.h>
#include <stddef.h>
#include <stdio.h>

#include "disk_time.h"
#include "doserr.h"
#include "drive.h"

struct machine;
struct console;

#define DOS_MAX_FILES 40
#define DOS_JFT_SIZE  20

/* CON_IN/CON_OUT: the standard handles 0 and 1; SCREEN: CON opened by
 * name (its output only on the screen, as on DOS with stdout redirected). */
enum sft_kind { SFT_FREE, SFT_FILE, SFT_CON_IN, SFT_CON_OUT, SFT_SCREEN, SFT_ERR, SFT_NUL };

struct sft {
    enum sft_kind kind;
    int refs;
    int fd;                 /* SFT_FILE */
    uint8_t mode;           /* open mode: 0 read, 1 write, 2 both */
    uint8_t written;        /* SFT_FILE: written since it was opened (44h/00h) */
    int disk_file;          /* SFT_FILE: its number in the disk's time (disk_time.h), or -1 */
};

/* DOS memory calls, for --memory (sampler/memprof.c): the CS:IP of the
 * INT 21h instruction, the block's segment, and its size in bytes before
 * and after the call (0 for a block that is not, or no longer, there). */
enum mem_call { MEM_ALLOC, MEM_RESIZE, MEM_FREE };
struct mem_observer {
    void *ctx;
    void (*call)(void *ctx, enum mem_call what, uint16_t cs, uint16_t ip, uint16_t seg,
                 uint32_t old_bytes, uint32_t new_bytes, int failed);
};

/* Processes, for per-program profiles (sampler/procs.c): EXEC reports a
 * new process once it is built (loader/exec.c: its PSP, its parent's, its
 * DOS and host paths, its file's bytes, and its entry CS:IP when EXEC runs
 * it now: `runs` 0 for load only, 4B01h), terminate each end (dos.c). */
struct proc_observer {
    void *ctx;
    void (*started)(void *ctx, uint16_t psp, uint16_t parent, const char *dos_path, const char *host_path,
                    const uint8_t *file, size_t size, int runs, uint16_t cs, uint16_t ip);
    void (*ended)(void *ctx, uint16_t psp, uint8_t code, uint8_t type);
};

struct dos {
    struct machine *m;
    struct console *con;
    FILE *err;                      /* host stderr: handles 2, 3, 4 */
    struct drives drives;
    struct sft sft[DOS_MAX_FILES];
    uint16_t psp;                   /* current process */
    uint16_t dta_seg, dta_off;
    uint16_t arena;                 /* first MCB */
    uint16_t version;               /* AL major, AH minor (as 21h/30h returns it) */
    uint8_t break_check;
    uint8_t last_exit_code, last_exit_type;
    uint64_t epoch_cycles;          /* clock value at the boot time below */
    int64_t clock_shift;            /* hundredths 2Bh/2Dh moved the clock by */
    uint16_t boot_year;
    uint8_t boot_month, boot_day;
    const struct mem_observer *mem_calls;   /* --memory, or NULL */
    const struct proc_observer *procs;      /* per-program profiles, or NULL */
    void (*exec)(struct dos *d);    /* 4Bh, the loader's (loader/exec.c); NULL: none */
    uint64_t disk_free;             /* bytes the guest's files may still grow by */
    struct disk_time disk_time;     /* the fixed disk's time (disk_time.h) */
    int disk_defer;                 /* INT 21h runs: its disk time is owed, */
    uint64_t disk_owed;             /* passed after it in the BIOS's disk wait */
    uint16_t last_error;            /* for 59h */
    uint8_t verify;                 /* 2Eh/54h */
    uint8_t alloc_strategy;         /* 58h */
    char switchar;                  /* 37h */
    char machine_name[16];          /* 5E00h/5E01h: 15 characters and a NUL */
    uint16_t machine_number;        /* 5E00h's CX: 0 while no name was set */
    char search_dir[8][DOS_PATH_MAX + 4];  /* 4Eh/4Fh: the folders of recent searches */
    unsigned next_search;
    /* The console line editor, across waits for --keys (dos_console.c). */
    uint8_t line_waiting, line_typed;   /* a line is being typed: its length so far */
    uint8_t con_len, con_pos;           /* a line read from CON for handle reads */
    /* Ctrl-C and critical errors (dos.c). */
    uint16_t entry_regs[9];             /* the registers at INT 21h: ES DS BP DI SI DX CX BX AX */
    uint16_t break_sp;                  /* SP when INT 23h/24h was called */
    uint8_t crit_ah;                    /* the function that met the critical error */
    void (*dispatch[256])(struct dos *d);   /* INT 21h's functions by AH (dos.c) */
};

/* The emulated disk every drive reports under --disk-time none (dos_sys.c):
 * 256 MiB in 8 KiB clusters, 128 MiB of it free unless run --disk-free says
 * otherwise; under the disk model, its disks (disk_time.h), the budget at
 * most the fixed disk's.  The guest's files may grow by the free bytes in
 * all (dos_disk.c). */
#define DOS_DISK_BYTES        (256u << 20)
#define DOS_DISK_FREE_DEFAULT (128u << 20)
#define DOS_FILE_MAX          0xFFFFFFFFull     /* DOS's largest file: 4 GiB - 1 */

/* A file of the guest's, or one profil writes for it (a DUMP, a child's
 * .PRF and .prc), went from old_size to new_size bytes: the budget gives
 * or takes the difference (dos_disk.c). */
void dos_disk_resize(struct dos *d, uint64_t old_size, uint64_t new_size);
/* The most the budget may hold: the data area of the fixed disk the disk
 * model gives C: (10616832 bytes, the ST-412's), DOS_DISK_BYTES under
 * --disk-time none. */
uint64_t dos_disk_capacity(const struct dos *d);
/* The disk's time for a whole file of `size` bytes at host path `host` on
 * DOS drive `drive` (0 = A:) read (EXEC loading a program) or written (a
 * DUMP) as DOS does it: the open's directory sector, the transfer from
 * its first byte, the close (disk_time.c); `size` x COST_DISK_BYTE under
 * --disk-time none.  Charged at the I/O system, as every disk time. */
void dos_charge_whole_file(struct dos *d, int drive, const char *host, uint64_t size, int write);
#define DOS_DUMP_DRIVE 2        /* a DUMP's .PRF is written to C:, the fixed disk */

#define DOS_VERSION_DEFAULT 0x1E03     /* 3.30, as 30h returns it: AL major, AH minor */

int dos_install(struct dos *d, struct machine *m, struct console *con, FILE *err);
/* "2.0" .. "5.0" (minor in hundredths: "3.3" is 3.30, "2.11") as 30h's
 * AX; -1 for anything else. */
int dos_version_parse(const char *s, uint16_t *out);
/* The last INT 21h function the DOS version (as 30h's AX) has: 58h for
 * 2.x, 62h for 3.0-3.2, 68h for 3.3, 6Ch for 4.0 and 5.0. */
uint8_t dos_last_function(uint16_t version);
void dos_free(struct dos *d);

/* INT 21h/29h's parse of a file name at s into an FCB's drive (1 = A:,
 * 0 default) and 11-byte name ('*' as '?'s); flags as 29h's AL: 1 skip a
 * leading separator, 2/4/8 keep the drive/name/extension when none is
 * given.  *wild tells whether the name has '?'.  Returns the characters used. */
size_t fcb_parse_name(const char *s, uint8_t flags, uint8_t *drive, uint8_t name[11], int *wild);

/* Handles for a new process's JFT: 0-4 on the standard devices. */
void dos_std_handles(struct dos *d, uint16_t psp);

/* What a DOS function and the loader's EXEC (loader/exec.c) use. */
/* Success: clear CF.  Failure: AX = code (enum dos_error), set CF. */
void dos_ok(struct dos *d);
void dos_fail(struct dos *d, uint16_t code);
/* Charge cycles at the INT 21h stub (time in DOS). */
void dos_charge(struct dos *d, uint64_t cycles);
/* An ASCIZ string from seg:off, at most max-1 bytes; returns its length or -1. */
int dos_read_asciz(struct dos *d, uint16_t seg, uint16_t off, char *buf, size_t max);
/* A block EXEC made, for --memory (reported to d->mem_calls at the caller). */
void dos_observe_alloc(struct dos *d, uint16_t seg);
/* EXEC: the parent's registers (as at its INT 21h) under its IRET frame
 * and that SS:SP in its PSP at 2Eh, as MS-DOS keeps them for the return
 * at the child's end. */
void dos_save_parent(struct dos *d, uint16_t parent);
/* EXEC: the child's JFT a copy of the parent's, each open file one
 * reference more. */
void dos_inherit_handles(struct dos *d, uint16_t parent, uint16_t child);

#endif
