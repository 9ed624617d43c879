/*
 * emu/dos/disk_time.c: the PC/XT fixed disk's time for DOS's reads and
 * writes (see disk_time.h; every figure's source in docs/costs.md).
 *
 * A run of sectors: the controller's command, a seek when the cylinder
 * changes, then for each sector the wait until it comes under the head
 * (the platter's angle is the emulated clock modulo a revolution; logical
 * sector s of a track sits in slot s x 6 mod 17), the sector itself, and
 * the controller's turnaround (its buffer to memory) before it can read
 * the next: four sector times, so with the 6:1 interleave each following
 * sector comes one sector time later, six sector times a sector in all.
 *
 * Files: each in consecutive sectors, placed after the last the first
 * time it is opened by its name (disk_time_file()).
 *
 * DOS: whole sectors go straight between the disk and the program; a
 * partial sector, the FAT sector for each cluster a transfer touches and
 * the directory sector of a file opened go through BUFFERS= buffers, least
 * recently used replaced; a written buffer goes to the disk when it is
 * replaced or the file is closed (a FAT sector to both FATs).
 */
#include "disk_time.h"

#include <stdlib.h>
#include <string.h>

#include "../../util/grow.h"

void disk_time_init(struct disk_time *t, enum disk_time_model model)
{
    memset(t, 0, sizeof *t);
    t->model = model;
    t->next_free = DISK_DATA_LBA;
}

void disk_time_free(struct disk_time *t)
{
    for (size_t i = 0; i < t->nfiles; i++)
        free(t->files[i].path);
    free(t->files);
    t->files = NULL;
    t->nfiles = t->cap = 0;
}

uint64_t disk_seek_cycles(unsigned from, unsigned to)
{
    unsigned d = from > to ? from - to : to - from;
    if (d == 0)
        return 0;
    /* Linear through the two figures Seagate gives: 3 ms for one
     * cylinder, 85 ms for the average seek (a third of the stroke). */
    return DISK_TRACK_SEEK + (uint64_t)(d - 1) * (DISK_AVERAGE_SEEK - DISK_TRACK_SEEK) / (DISK_AVERAGE_CYLS - 1);
}

uint64_t disk_time_sectors(struct disk_time *t, uint64_t now, uint32_t lba, uint32_t count)
{
    uint64_t at = now + DISK_COMMAND_CYCLES;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t s = lba + i;
        unsigned cylinder = s / (DISK_SECTORS * DISK_HEADS) % DISK_CYLINDERS;
        at += disk_seek_cycles(t->cylinder, cylinder);
        t->cylinder = cylinder;
        uint64_t slot_at = (uint64_t)(s % DISK_SECTORS * DISK_INTERLEAVE % DISK_SECTORS) * DISK_SECTOR_CYCLES;
        at += (slot_at + DISK_REV_CYCLES - at % DISK_REV_CYCLES) % DISK_REV_CYCLES;
        at += DISK_SECTOR_CYCLES + DISK_TURNAROUND;
    }
    return at - now;
}

/* ---- DOS's buffers --------------------------------------------------------- */

static int is_fat(uint32_t lba) { return lba >= DISK_FAT_LBA && lba < DISK_FAT_LBA + DISK_FAT_SECTORS; }

/* A written buffer to the disk: a FAT sector to both FATs. */
static uint64_t write_back(struct disk_time *t, uint64_t at, struct disk_buffer *b)
{
    if (b->last_use && b->dirty) {
        at += disk_time_sectors(t, at, b->lba, 1);
        if (is_fat(b->lba))
            at += disk_time_sectors(t, at, b->lba + DISK_FAT_SECTORS, 1);
    }
    b->dirty = 0;
    return at;
}

/* Sector lba through the buffers (read when it is not there), marked
 * written when `write`; the time when it is there. */
static uint64_t buffered(struct disk_time *t, uint64_t at, uint32_t lba, int write)
{
    struct disk_buffer *victim = &t->buffers[0];
    for (unsigned i = 0; i < DISK_BUFFERS; i++) {
        struct disk_buffer *b = &t->buffers[i];
        if (b->last_use && b->lba == lba) {
            b->last_use = ++t->uses;
            b->dirty |= (uint8_t)write;
            return at;
        }
        if (b->last_use < victim->last_use)
            victim = b;
    }
    at = write_back(t, at, victim);
    at += disk_time_sectors(t, at, lba, 1);
    victim->lba = lba;
    victim->last_use = ++t->uses;
    victim->dirty = (uint8_t)write;
    return at;
}

/* ---- files ------------------------------------------------------------------ */

static int find(const struct disk_time *t, const char *path)
{
    for (size_t i = 0; i < t->nfiles; i++)
        if (t->files[i].path && strcmp(t->files[i].path, path) == 0)
            return (int)i;
    return -1;
}

int disk_time_file(struct disk_time *t, const char *path, uint64_t size)
{
    if (t->model != DISK_TIME_XT)
        return -1;
    int i = find(t, path);
    if (i >= 0)
        return i;
    char *copy = strdup(path);
    if (!copy || t->nfiles >= INT32_MAX || grow_array(&t->files, &t->cap, t->nfiles + 1, sizeof *t->files) != 0) {
        free(copy);
        return -1;
    }
    uint64_t cluster_bytes = DISK_SECTOR_BYTES * DISK_CLUSTER;
    uint64_t sectors = (size + cluster_bytes - 1) / cluster_bytes * DISK_CLUSTER;
    struct disk_file *f = &t->files[t->nfiles];
    f->path = copy;
    f->first = t->next_free;
    f->entry = (uint32_t)t->nfiles;
    t->next_free = (uint32_t)(t->next_free + (sectors > 0x100000u ? 0x100000u : sectors) + 256);
    return (int)t->nfiles++;
}

void disk_time_forget(struct disk_time *t, const char *path)
{
    int i = find(t, path);
    if (i >= 0) {
        free(t->files[i].path);
        t->files[i].path = NULL;
    }
}

void disk_time_rename(struct disk_time *t, const char *from, const char *to)
{
    int i = find(t, from);
    char *copy = i >= 0 ? strdup(to) : NULL;
    disk_time_forget(t, to);
    if (copy) {
        free(t->files[i].path);
        t->files[i].path = copy;
    }
}

static const struct disk_file *file_of(const struct disk_time *t, int file)
{
    return t->model == DISK_TIME_XT && file >= 0 && (size_t)file < t->nfiles ? &t->files[file] : NULL;
}

static uint32_t directory_sector(const struct disk_file *f)
{
    return DISK_ROOT_LBA + f->entry / 16 % DISK_ROOT_SECTORS;     /* 16 entries of 32 bytes a sector */
}

/* The FAT sector holding cluster k of the file (12 bits an entry). */
static uint32_t fat_sector(const struct disk_file *f, uint64_t k)
{
    uint64_t cluster = (f->first - DISK_DATA_LBA) / DISK_CLUSTER + 2 + k;
    return DISK_FAT_LBA + (uint32_t)(cluster * 3 / 2 / DISK_SECTOR_BYTES % DISK_FAT_SECTORS);
}

uint64_t disk_time_open(struct disk_time *t, uint64_t now, int file)
{
    const struct disk_file *f = file_of(t, file);
    return f ? buffered(t, now, directory_sector(f), 0) - now : 0;
}

uint64_t disk_time_transfer(struct disk_time *t, uint64_t now, int file, uint64_t pos, uint32_t bytes, int write)
{
    const struct disk_file *f = bytes ? file_of(t, file) : NULL;
    if (!f)
        return 0;
    uint64_t at = now, first = pos / DISK_SECTOR_BYTES, last = (pos + bytes - 1) / DISK_SECTOR_BYTES;
    for (uint64_t k = first / DISK_CLUSTER; k <= last / DISK_CLUSTER; k++)
        at = buffered(t, at, fat_sector(f, k), write);
    uint64_t whole_from = first, whole_to = last + 1;         /* [from, to): straight to the program */
    if (pos % DISK_SECTOR_BYTES) {
        at = buffered(t, at, f->first + (uint32_t)first, write);
        whole_from++;
    }
    if ((pos + bytes) % DISK_SECTOR_BYTES && last >= whole_from) {
        whole_to--;
        if (whole_to > whole_from)
            at += disk_time_sectors(t, at, f->first + (uint32_t)whole_from, (uint32_t)(whole_to - whole_from));
        at = buffered(t, at, f->first + (uint32_t)last, write);
    } else if (whole_to > whole_from) {
        at += disk_time_sectors(t, at, f->first + (uint32_t)whole_from, (uint32_t)(whole_to - whole_from));
    }
    return at - now;
}

uint64_t disk_time_close(struct disk_time *t, uint64_t now, int file)
{
    const struct disk_file *f = file_of(t, file);
    if (!f)
        return 0;
    uint64_t at = now;
    int written = 0;
    for (unsigned i = 0; i < DISK_BUFFERS; i++)
        written |= t->buffers[i].last_use && t->buffers[i].dirty;
    if (written)        /* DOS commits the file: its directory entry, then every written buffer */
        at = buffered(t, at, directory_sector(f), 1);
    for (unsigned i = 0; i < DISK_BUFFERS; i++)
        at = write_back(t, at, &t->buffers[i]);
    return at - now;
}
