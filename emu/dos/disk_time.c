/*
 * emu/dos/disk_time.c: the PC/XT's disks' time for DOS's reads and writes
 * (see disk_time.h; every figure's source in docs/costs.md).
 *
 * A run of sectors: the controller's command, a seek when the cylinder
 * changes, then for each sector the wait until it comes under the head
 * (the platter's angle is the emulated clock modulo a revolution; logical
 * sector s of a track sits in slot s x 6 mod 17), the sector itself, and
 * the controller's turnaround (its buffer to memory) before it can read
 * the next: on the fixed disk four sector times, so with the 6:1
 * interleave each following sector comes one sector time later, six
 * sector times a sector in all.  A diskette's motor, when off, first
 * takes its start time; it stays on for its hold time after a run.
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
    static const struct disk_geometry fixed = DISK_FIXED, floppy = DISK_FLOPPY;
    memset(t, 0, sizeof *t);
    t->model = model;
    for (unsigned u = 0; u < DISK_UNITS; u++) {
        t->units[u].g = u == DISK_UNIT_FIXED ? fixed : floppy;
        t->units[u].next_free = t->units[u].g.data_lba;
    }
}

void disk_time_free(struct disk_time *t)
{
    for (size_t i = 0; i < t->nfiles; i++)
        free(t->files[i].path);
    free(t->files);
    t->files = NULL;
    t->nfiles = t->cap = 0;
}

unsigned disk_unit_of_drive(int drive)
{
    return drive == 0 ? DISK_UNIT_A : drive == 1 ? DISK_UNIT_B : DISK_UNIT_FIXED;
}

uint32_t disk_data_clusters(const struct disk_geometry *g)
{
    uint32_t sectors = g->sectors * g->heads * g->cylinders;
    return sectors > g->data_lba ? (sectors - g->data_lba) / g->cluster : 0;
}

uint64_t disk_seek_cycles(const struct disk_geometry *g, unsigned from, unsigned to)
{
    unsigned d = from > to ? from - to : to - from;
    if (d == 0)
        return 0;
    return g->seek_first + (uint64_t)(d - 1) * g->seek_num / g->seek_den;
}

uint64_t disk_time_sectors(struct disk_time *t, unsigned unit, uint64_t now, uint32_t lba, uint32_t count)
{
    struct disk_unit *u = &t->units[unit];
    const struct disk_geometry *g = &u->g;
    uint64_t rev = (uint64_t)g->sectors * g->sector_cycles;
    uint64_t at = now + g->command;
    if (g->motor_start && at >= u->motor_until)
        at += g->motor_start;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t s = lba + i;
        unsigned cylinder = s / (g->sectors * g->heads) % g->cylinders;
        at += disk_seek_cycles(g, u->cylinder, cylinder);
        u->cylinder = cylinder;
        uint64_t slot_at = (uint64_t)(s % g->sectors * g->interleave % g->sectors) * g->sector_cycles;
        at += (slot_at + rev - at % rev) % rev;
        at += g->sector_cycles + g->turnaround;
    }
    u->motor_until = at + g->motor_hold;
    return at - now;
}

/* ---- DOS's buffers --------------------------------------------------------- */

/* A written buffer to the disk: a FAT sector to both FATs. */
static uint64_t write_back(struct disk_time *t, uint64_t at, struct disk_buffer *b)
{
    if (b->last_use && b->dirty) {
        const struct disk_geometry *g = &t->units[b->unit].g;
        at += disk_time_sectors(t, b->unit, at, b->lba, 1);
        if (b->lba >= g->fat_lba && b->lba < g->fat_lba + g->fat_sectors)
            at += disk_time_sectors(t, b->unit, at, b->lba + g->fat_sectors, 1);
    }
    b->dirty = 0;
    return at;
}

/* Sector lba through the buffers (read when it is not there), marked
 * written when `write`; the time when it is there. */
static uint64_t buffered(struct disk_time *t, uint64_t at, unsigned unit, uint32_t lba, int write)
{
    struct disk_buffer *victim = &t->buffers[0];
    for (unsigned i = 0; i < DISK_BUFFERS; i++) {
        struct disk_buffer *b = &t->buffers[i];
        if (b->last_use && b->unit == unit && b->lba == lba) {
            b->last_use = ++t->uses;
            b->dirty |= (uint8_t)write;
            return at;
        }
        if (b->last_use < victim->last_use)
            victim = b;
    }
    at = write_back(t, at, victim);
    at += disk_time_sectors(t, unit, at, lba, 1);
    victim->unit = unit;
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

int disk_time_file(struct disk_time *t, unsigned unit, const char *path, uint64_t size)
{
    if (t->model != DISK_TIME_XT || unit >= DISK_UNITS)
        return -1;
    int i = find(t, path);
    if (i >= 0)
        return i;
    /* A deleted file's entry is taken again (a program that makes and
     * deletes files forever keeps as many entries as it has names). */
    size_t slot = 0;
    while (slot < t->nfiles && t->files[slot].path)
        slot++;
    char *copy = strdup(path);
    if (!copy || slot >= INT32_MAX ||
        (slot == t->nfiles && grow_array(&t->files, &t->cap, t->nfiles + 1, sizeof *t->files) != 0)) {
        free(copy);
        return -1;
    }
    struct disk_unit *u = &t->units[unit];
    uint64_t cluster_bytes = (uint64_t)DISK_SECTOR_BYTES * u->g.cluster;
    uint64_t sectors = (size + cluster_bytes - 1) / cluster_bytes * u->g.cluster;
    struct disk_file *f = &t->files[slot];
    f->path = copy;
    f->unit = unit;
    f->first = u->next_free;
    f->entry = u->entries++;
    u->next_free = (uint32_t)(u->next_free + (sectors > 0x100000u ? 0x100000u : sectors) + 256);
    if (slot == t->nfiles)
        t->nfiles++;
    return (int)slot;
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

static uint32_t directory_sector(const struct disk_time *t, const struct disk_file *f)
{
    const struct disk_geometry *g = &t->units[f->unit].g;
    return g->root_lba + f->entry / 16 % g->root_sectors;     /* 16 entries of 32 bytes a sector */
}

/* The FAT sector holding cluster k of the file (12 bits an entry). */
static uint32_t fat_sector(const struct disk_time *t, const struct disk_file *f, uint64_t k)
{
    const struct disk_geometry *g = &t->units[f->unit].g;
    uint64_t cluster = (f->first - g->data_lba) / g->cluster + 2 + k;
    return g->fat_lba + (uint32_t)(cluster * 3 / 2 / DISK_SECTOR_BYTES % g->fat_sectors);
}

uint64_t disk_time_open(struct disk_time *t, uint64_t now, int file)
{
    const struct disk_file *f = file_of(t, file);
    return f ? buffered(t, now, f->unit, directory_sector(t, f), 0) - now : 0;
}

uint64_t disk_time_transfer(struct disk_time *t, uint64_t now, int file, uint64_t pos, uint32_t bytes, int write)
{
    const struct disk_file *f = bytes ? file_of(t, file) : NULL;
    if (!f)
        return 0;
    unsigned unit = f->unit, cluster = t->units[unit].g.cluster;
    uint64_t at = now, first = pos / DISK_SECTOR_BYTES, last = (pos + bytes - 1) / DISK_SECTOR_BYTES;
    for (uint64_t k = first / cluster; k <= last / cluster; k++)
        at = buffered(t, at, unit, fat_sector(t, f, k), write);
    uint64_t whole_from = first, whole_to = last + 1;         /* [from, to): straight to the program */
    if (pos % DISK_SECTOR_BYTES) {
        at = buffered(t, at, unit, f->first + (uint32_t)first, write);
        whole_from++;
    }
    if ((pos + bytes) % DISK_SECTOR_BYTES && last >= whole_from) {
        whole_to--;
        if (whole_to > whole_from)
            at += disk_time_sectors(t, unit, at, f->first + (uint32_t)whole_from, (uint32_t)(whole_to - whole_from));
        at = buffered(t, at, unit, f->first + (uint32_t)last, write);
    } else if (whole_to > whole_from) {
        at += disk_time_sectors(t, unit, at, f->first + (uint32_t)whole_from, (uint32_t)(whole_to - whole_from));
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
        at = buffered(t, at, f->unit, directory_sector(t, f), 1);
    for (unsigned i = 0; i < DISK_BUFFERS; i++)
        at = write_back(t, at, &t->buffers[i]);
    return at - now;
}
