/*
 * emu/dos/disk_time.h: the time the PC/XT's fixed disk takes for what DOS
 * reads and writes (docs/costs.md, "The fixed disk"): a Seagate ST-412
 * (306 cylinders, 4 heads, 17 sectors of 512 bytes a track, 3600 rpm) on
 * the Xebec controller with the XT's 6:1 interleave, its head's cylinder,
 * the platter's angle from the emulated clock, each host file laid out on
 * it sequentially, and DOS's buffers (BUFFERS=) for the FAT, directory and
 * partial sectors.  Owns nothing but its own state; dos_disk.c charges
 * what it returns.
 */
#ifndef PROFIL_EMU_DOS_DISK_TIME_H
#define PROFIL_EMU_DOS_DISK_TIME_H

#include <stddef.h>
#include <stdint.h>

enum disk_time_model { DISK_TIME_XT, DISK_TIME_NONE };

/* The drive and controller, in sectors and CPU cycles (4.77 MHz). */
#define DISK_SECTOR_BYTES   512u
#define DISK_SECTORS        17u         /* a track */
#define DISK_HEADS          4u
#define DISK_CYLINDERS      306u
#define DISK_INTERLEAVE     6u
#define DISK_SECTOR_CYCLES  4679u       /* 1/17 of a revolution: 79545 cycles at 3600 rpm */
#define DISK_REV_CYCLES     (DISK_SECTORS * DISK_SECTOR_CYCLES)         /* 79543 */
#define DISK_TRACK_SEEK     14318u      /* 3 ms: the ST-412's track-to-track seek */
#define DISK_AVERAGE_SEEK   405682u     /* 85 ms: its average, over a third of the cylinders */
#define DISK_AVERAGE_CYLS   (DISK_CYLINDERS / 3)                        /* 102 */
#define DISK_COMMAND_CYCLES 2386u       /* 0.5 ms: INT 13h, the command block, the DMA set up (an estimate) */
#define DISK_TURNAROUND     (4 * DISK_SECTOR_CYCLES)    /* the controller's sector buffer to memory */
#define DISK_BUFFERS        15u         /* DOS 3.3's BUFFERS with more than 512 KiB */

/* Where DOS keeps its tables on the 10 MB disk, as DOS 2.0's FORMAT lays
 * it out: the partition from the second track, a boot sector, two FATs of
 * 8 sectors, a root of 512 entries in 32 sectors, 8-sector clusters. */
#define DISK_PART_LBA       17u
#define DISK_FAT_LBA        (DISK_PART_LBA + 1)
#define DISK_FAT_SECTORS    8u
#define DISK_ROOT_LBA       (DISK_FAT_LBA + 2 * DISK_FAT_SECTORS)
#define DISK_ROOT_SECTORS   32u
#define DISK_DATA_LBA       (DISK_ROOT_LBA + DISK_ROOT_SECTORS)          /* 66 */
#define DISK_CLUSTER        8u

struct disk_file {
    char *path;             /* the host file, NULL once deleted */
    uint32_t first;         /* its first sector */
    uint32_t entry;         /* its directory entry */
};

struct disk_buffer {
    uint32_t lba;
    uint64_t last_use;      /* 0: empty */
    uint8_t dirty;
};

struct disk_time {
    enum disk_time_model model;
    unsigned cylinder;              /* where the heads are */
    uint32_t next_free;             /* the sector a new file starts at */
    struct disk_file *files;
    size_t nfiles, cap;
    struct disk_buffer buffers[DISK_BUFFERS];
    uint64_t uses;
};

void disk_time_init(struct disk_time *t, enum disk_time_model model);
void disk_time_free(struct disk_time *t);

/* The file at host path `path` on the disk: the one placed there when it
 * was first opened, else a new place after the last file (its `size` then
 * in whole clusters, and 256 sectors to grow).  Its number, or -1 without
 * the model or memory.  A file deleted or renamed keeps no place or takes
 * its place with it, so where a file lies follows only from the names the
 * program uses, in order (never from the host's inodes). */
int disk_time_file(struct disk_time *t, const char *path, uint64_t size);
void disk_time_forget(struct disk_time *t, const char *path);
void disk_time_rename(struct disk_time *t, const char *from, const char *to);

/* The emulated time from `now` until DOS has done each thing with file
 * number `file` (0 for -1), in cycles. */
uint64_t disk_time_open(struct disk_time *t, uint64_t now, int file);
uint64_t disk_time_transfer(struct disk_time *t, uint64_t now, int file, uint64_t pos, uint32_t bytes, int write);
uint64_t disk_time_close(struct disk_time *t, uint64_t now, int file);

/* The seek from one cylinder to another, and one run of sectors read or
 * written from `now` (for tests and the derivations in docs/costs.md). */
uint64_t disk_seek_cycles(unsigned from, unsigned to);
uint64_t disk_time_sectors(struct disk_time *t, uint64_t now, uint32_t lba, uint32_t count);

#endif
