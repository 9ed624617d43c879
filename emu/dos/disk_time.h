/*
 * emu/dos/disk_time.h: the time the PC/XT's disks take for what DOS reads
 * and writes (docs/costs.md, "The fixed disk" and "Diskettes"): the fixed
 * disk, a Seagate ST-412 (306 cylinders, 4 heads, 17 sectors of 512 bytes
 * a track, 3600 rpm) on the Xebec controller with the XT's 6:1 interleave,
 * for C: and the drives after it; and for A: and B: (when `--drive` maps
 * them) 360 KB diskettes (40 cylinders, 2 heads, 9 sectors, 300 rpm, the
 * motor started when off).  Each drive's heads' cylinder, the platter's
 * angle from the emulated clock, each file laid out on its drive
 * sequentially, and DOS's buffers (BUFFERS=), shared by the drives, for
 * the FAT, directory and partial sectors.  Owns nothing but its own
 * state; dos_disk.c charges what it returns.
 */
#ifndef PROFIL_EMU_DOS_DISK_TIME_H
#define PROFIL_EMU_DOS_DISK_TIME_H

#include <stddef.h>
#include <stdint.h>

enum disk_time_model { DISK_TIME_XT, DISK_TIME_NONE };

#define DISK_SECTOR_BYTES   512u
#define DISK_BUFFERS        15u         /* DOS 3.3's BUFFERS with more than 512 KiB */

/* A drive, its controller and DOS's layout on it, in sectors and CPU
 * cycles (4.77 MHz).  A seek of d cylinders takes seek_first + (d - 1) x
 * seek_num / seek_den; a run of sectors first the command; each sector
 * the wait for its slot (logical sector s of a track lies in slot s x
 * interleave mod sectors), itself, then the turnaround. */
struct disk_geometry {
    unsigned sectors, heads, cylinders, interleave;
    uint32_t sector_cycles;
    uint32_t seek_first, seek_num, seek_den;
    uint32_t command, turnaround;
    uint32_t motor_start, motor_hold;       /* 0, 0: always turning */
    uint32_t fat_lba, fat_sectors, root_lba, root_sectors, data_lba, cluster;
};

/* The XT's fixed disk: a sector 4679 cycles (a revolution of 79543, 3600
 * rpm), seeks 3 ms track to track (14318) to 85 ms on average (405682)
 * over a third of the cylinders (102), a 0.5 ms command (2386, an
 * estimate), a turnaround of 4 sectors; DOS 2.0's FORMAT: the partition
 * from the second track, FATs of 8 sectors, 512 root entries, 8-sector
 * clusters (data from 66). */
#define DISK_FIXED { 17, 4, 306, 6, 4679, 14318, 405682 - 14318, 101, 2386, 4 * 4679, 0, 0, \
                     18, 8, 34, 32, 66, 8 }
/* A 360 KB diskette: a sector 106061 cycles (a revolution of 954549, 300
 * rpm), 1:1 (the 765 reads on to the end of the track with no gap), 8 ms
 * a step (38182) and 25 ms to settle (the BIOS's table, INT 1Eh: CFh,
 * 25), the motor 500 ms to start (2386364) and on for 37 ticks after
 * (9699328); FATs of 2 sectors, 112 root entries, 2-sector clusters. */
#define DISK_FLOPPY { 9, 2, 40, 1, 106061, 38182 + 119318, 38182, 1, 2386, 0, 2386364, 9699328, \
                      1, 2, 5, 7, 12, 2 }

enum disk_unit_id { DISK_UNIT_FIXED, DISK_UNIT_A, DISK_UNIT_B, DISK_UNITS };

struct disk_unit {
    struct disk_geometry g;
    unsigned cylinder;              /* where the heads are */
    uint64_t motor_until;           /* a diskette's motor turns until then */
    uint32_t next_free;             /* the sector a new file starts at */
    uint32_t entries;               /* directory entries given */
};

struct disk_file {
    char *path;             /* the host file, NULL once deleted */
    unsigned unit;
    uint32_t first;         /* its first sector */
    uint32_t entry;         /* its directory entry */
};

struct disk_buffer {
    unsigned unit;
    uint32_t lba;
    uint64_t last_use;      /* 0: empty */
    uint8_t dirty;
};

struct disk_time {
    enum disk_time_model model;
    struct disk_unit units[DISK_UNITS];
    struct disk_file *files;
    size_t nfiles, cap;
    struct disk_buffer buffers[DISK_BUFFERS];
    uint64_t uses;
};

void disk_time_init(struct disk_time *t, enum disk_time_model model);
void disk_time_free(struct disk_time *t);

/* The unit that holds DOS drive `drive` (0 = A:). */
unsigned disk_unit_of_drive(int drive);

/* The file at host path `path` on unit `unit`: the one placed there when
 * it was first opened, else a new place after the last file there (its
 * `size` then in whole clusters, and 256 sectors to grow).  Its number,
 * or -1 without the model or memory.  A file deleted gives up its place,
 * a file renamed takes it along, so where a file lies follows only from
 * the names the program uses, in order (never from the host's inodes). */
int disk_time_file(struct disk_time *t, unsigned unit, const char *path, uint64_t size);
void disk_time_forget(struct disk_time *t, const char *path);
void disk_time_rename(struct disk_time *t, const char *from, const char *to);

/* The emulated time from `now` until DOS has done each thing with file
 * number `file` (0 for -1), in cycles. */
uint64_t disk_time_open(struct disk_time *t, uint64_t now, int file);
uint64_t disk_time_transfer(struct disk_time *t, uint64_t now, int file, uint64_t pos, uint32_t bytes, int write);
uint64_t disk_time_close(struct disk_time *t, uint64_t now, int file);

/* The clusters of DOS's data area on a disk: its sectors from data_lba
 * on, in whole clusters (the ST-412: (20808 - 66) / 8 = 2592, 10616832
 * bytes; a 360 KB diskette: (720 - 12) / 2 = 354). */
uint32_t disk_data_clusters(const struct disk_geometry *g);

/* A seek on a drive, and one run of sectors read or written on a unit
 * from `now` (for tests and the derivations in docs/costs.md). */
uint64_t disk_seek_cycles(const struct disk_geometry *g, unsigned from, unsigned to);
uint64_t disk_time_sectors(struct disk_time *t, unsigned unit, uint64_t now, uint32_t lba, uint32_t count);

#endif
