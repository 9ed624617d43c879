/*
 * emu/dos/dos_disk.c: the guest's disk space (dos_internal.h): a write budget,
 * so that what a program writes to the host is bounded by what DOS told it
 * is free (36h), and DOS's largest file, 4 GiB - 1.
 *
 * The budget counts the bytes by which the guest's files grow, holes left
 * by a seek past the end included (DOS allocates their clusters);
 * truncating or deleting a file gives its bytes back, up to the size of
 * the emulated disk.  Past the budget a write does what it does on a full
 * DOS disk: a handle write moves what fits and returns that count with CF
 * clear, an FCB write returns AL=01h.
 *
 * The budget is at most the disk the disk model gives C: (its data area).
 * Also the charge for the disk's time (disk_time.c) at the I/O system: of
 * a transfer, an open, a close, and of a whole file read by EXEC or
 * written by a DUMP.  What INT 21h's functions owe passes after the
 * function in the BIOS's disk wait, with interrupts enabled, as the XT's
 * disk BIOS waits (dos_disk_wait()); any other charge at once.
 */
#include <sys/stat.h>
#include <unistd.h>

#include "dos_internal.h"

#include "../bios/bios.h"
#include "../costs.h"
#include "../machine.h"

uint32_t dos_disk_room(const struct dos *d, uint64_t pos, uint64_t size, uint32_t n)
{
    if (pos >= DOS_FILE_MAX)
        return 0;
    if (pos + n > DOS_FILE_MAX)
        n = (uint32_t)(DOS_FILE_MAX - pos);
    if (pos + n <= size || pos + n - size <= d->disk_free)
        return n;
    return size + d->disk_free > pos ? (uint32_t)(size + d->disk_free - pos) : 0;
}

uint64_t dos_disk_capacity(const struct dos *d)
{
    if (d->disk_time.model == DISK_TIME_NONE)
        return DOS_DISK_BYTES;
    const struct disk_geometry *g = &d->disk_time.units[DISK_UNIT_FIXED].g;
    return (uint64_t)disk_data_clusters(g) * g->cluster * DISK_SECTOR_BYTES;
}

void dos_disk_resize(struct dos *d, uint64_t old_size, uint64_t new_size)
{
    if (new_size > old_size) {
        uint64_t grew = new_size - old_size;
        d->disk_free = grew < d->disk_free ? d->disk_free - grew : 0;
    } else {
        d->disk_free += old_size - new_size;
        if (d->disk_free > dos_disk_capacity(d))
            d->disk_free = dos_disk_capacity(d);
    }
}

uint64_t dos_disk_file_size(int fd)
{
    struct stat st;
    return fstat(fd, &st) == 0 && st.st_size > 0 ? (uint64_t)st.st_size : 0;
}

int dos_disk_unlink(struct dos *d, const char *host)
{
    struct stat st;
    uint64_t size = stat(host, &st) == 0 && S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
    if (unlink(host) != 0)
        return -1;
    dos_disk_resize(d, size, 0);
    disk_time_forget(&d->disk_time, host);
    return 0;
}

/* When the disk's next operation starts: now, after what is owed. */
static uint64_t disk_now(const struct dos *d)
{
    return d->m->now + d->disk_owed;
}

/* The disk's time: owed while INT 21h's function runs (under the disk
 * model: --disk-time none is a cost per byte), else charged. */
static void disk_charge(struct dos *d, uint64_t cycles)
{
    if (d->disk_defer && d->disk_time.model != DISK_TIME_NONE)
        d->disk_owed += cycles;
    else
        machine_charge(d->m, cycles, SEG_IOSYS, BIOS_CON_OFF);
}

void dos_disk_wait(struct dos *d, uint16_t stub)
{
    struct machine *m = d->m;
    uint64_t owed = d->disk_owed;
    d->disk_defer = 0;
    d->disk_owed = 0;
    if (owed && !m->stop && cpu_get(m, REG_CS) == SEG_DOS && cpu_get(m, REG_IP) == stub)
        bios_disk_wait(m, m->now + owed);
    else if (owed)
        machine_charge(m, owed, SEG_IOSYS, BIOS_CON_OFF);
}

void dos_charge_transfer(struct dos *d, const struct sft *f, uint64_t pos, uint32_t bytes, int write)
{
    uint64_t cycles = d->disk_time.model == DISK_TIME_NONE
                    ? (uint64_t)bytes * COST_DISK_BYTE
                    : disk_time_transfer(&d->disk_time, disk_now(d), f->disk_file, pos, bytes, write);
    disk_charge(d, cycles);
}

void dos_charge_whole_file(struct dos *d, int drive, const char *host, uint64_t size, int write)
{
    uint64_t cycles = size * COST_DISK_BYTE;
    if (d->disk_time.model != DISK_TIME_NONE) {
        struct disk_time *t = &d->disk_time;
        int file = disk_time_file(t, disk_unit_of_drive(drive), host, size);
        uint64_t at = disk_now(d);
        at += disk_time_open(t, at, file);
        for (uint64_t pos = 0; pos < size; pos += 0x10000u) {     /* as 64 KiB reads or writes */
            uint32_t n = size - pos < 0x10000u ? (uint32_t)(size - pos) : 0x10000u;
            at += disk_time_transfer(t, at, file, pos, n, write);
        }
        at += disk_time_close(t, at, file);
        cycles = at - disk_now(d);
    }
    disk_charge(d, cycles);
}

void dos_charge_open(struct dos *d, const struct sft *f)
{
    disk_charge(d, disk_time_open(&d->disk_time, disk_now(d), f->disk_file));
}

void dos_charge_close(struct dos *d, const struct sft *f)
{
    disk_charge(d, disk_time_close(&d->disk_time, disk_now(d), f->disk_file));
}
