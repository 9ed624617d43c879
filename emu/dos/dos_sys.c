/*
 * emu/dos/dos_sys.c: INT 21h's questions about the system: 0Dh (disk reset),
 * 18h/1Dh/1Eh/20h (CP/M's, AL=0), 1Fh/32h (drive parameter block), 1Bh/1Ch and 36h
 * (disk geometry and free space), 2Eh/54h (verify flag), 34h (InDOS), 37h
 * (switch character), 50h/51h and 62h (current PSP), 52h (list of lists),
 * 59h (extended error), 61h (unused: AL=0), 64h (the lookahead flag).
 *
 * Every answer is fixed or comes from emulated state, never from the host:
 * a drive reports the disk the disk model gives it (disk_time.h, under
 * --disk-time xt, the default): C: and the drives after it the XT's 10 MB
 * ST-412 as DOS 2.0's FORMAT laid it out, 2592 clusters of 8 sectors of
 * 512 bytes (FAT12, 2 FATs of 8 sectors, 512 root entries), A: and B: a
 * 360 KB diskette, 354 clusters of 2 sectors; under --disk-time none the
 * earlier 256 MiB disk, 32768 clusters of 16 sectors (FAT16, FATs of 128
 * sectors).  Of its clusters, those the guest's write budget holds are
 * free (dos.h: --disk-free, at most the disk), so a program sees the same
 * figures on every machine.  The DOS data these calls point at
 * lives in the DOS segment (docs/architecture.md): InDOS at 00C0:0010,
 * the list of lists at 00C0:0020 (the first MCB's segment just before it),
 * the media byte at 00C0:0040,
 * the drive parameter block at 00C0:0080.
 */
#include <string.h>

#include "../costs.h"
#include "dos_internal.h"

#define OFF_INDOS    0x10u
#define OFF_LISTS    0x20u
#define OFF_MEDIA    0x40u
#define OFF_DPB      0x80u          /* one drive parameter block, filled per call */

#define BYTES_PER_SECTOR    512u

/* The disk a drive reports, as its boot sector would describe it. */
struct disk_layout {
    unsigned sectors_per_cluster, shift;    /* and its log2 */
    unsigned reserved, fat_sectors, root_entries;
    unsigned clusters;
    uint8_t media;
};

static struct disk_layout layout_of(const struct dos *d, int drive)
{
    if (d->disk_time.model == DISK_TIME_NONE)
        return (struct disk_layout){ 16, 4, 1, 128, 512, DOS_DISK_BYTES / (16 * BYTES_PER_SECTOR), 0xF8 };
    unsigned unit = disk_unit_of_drive(drive);
    const struct disk_geometry *g = &d->disk_time.units[unit].g;
    unsigned shift = 0;
    while ((1u << (shift + 1)) <= g->cluster)
        shift++;
    return (struct disk_layout){ g->cluster, shift, 1, g->fat_sectors, g->root_sectors * 16,
                                 disk_data_clusters(g), unit == DISK_UNIT_FIXED ? 0xF8 : 0xFD };
}

void dos_sys_install(struct dos *d)
{
    struct machine *m = d->m;
    mem_wb(m, lin(SEG_DOS, OFF_INDOS), 0);
    mem_ww(m, lin(SEG_DOS, OFF_LISTS - 2), d->arena);
    for (unsigned i = 0; i < 0x20; i++)
        mem_wb(m, lin(SEG_DOS, (uint16_t)(OFF_LISTS + i)), i < 8 ? 0xFF : 0);  /* no DPB or SFT to walk */
    mem_ww(m, lin(SEG_DOS, OFF_LISTS + 0x10), BYTES_PER_SECTOR);
    mem_wb(m, lin(SEG_DOS, OFF_MEDIA), 0xF8);       /* fixed disk */
}

/* The drive DL names (0 = default, 1 = A:), or -1 when it is not mapped. */
static int drive_arg(struct dos *d)
{
    uint8_t dl = (uint8_t)cpu_get(d->m, REG_DX);
    int drive = dl == 0 ? d->drives.current : dl - 1;
    return drive < DRIVE_COUNT && d->drives.d[drive].root ? drive : -1;
}

static void alloc_info(struct dos *d, int drive)
{
    if (drive < 0) {
        cpu_set_al(d->m, 0xFF);
        return;
    }
    struct disk_layout l = layout_of(d, drive);
    cpu_set_al(d->m, (uint8_t)l.sectors_per_cluster);
    cpu_set(d->m, REG_CX, BYTES_PER_SECTOR);
    cpu_set(d->m, REG_DX, (uint16_t)l.clusters);
    mem_wb(d->m, lin(SEG_DOS, OFF_MEDIA), l.media);
    cpu_set(d->m, REG_DS, SEG_DOS);
    cpu_set(d->m, REG_BX, OFF_MEDIA);
}

/* 0Dh: nothing is cached, so there is nothing to write back. */
static void fn_disk_reset(struct dos *d)
{
    (void)d;
}

/* 18h, 1Dh, 1Eh, 20h: CP/M's, which DOS answers with AL=0. */
static void fn_cpm_null(struct dos *d)
{
    cpu_set_al(d->m, 0);
}

/* 1Fh, 32h: DS:BX at a DOS 3 drive parameter block of the drive's disk
 * (layout_of); AL=FFh for a drive that is not there. */
static void drive_parameters(struct dos *d, int drive)
{
    struct machine *m = d->m;
    uint32_t p = lin(SEG_DOS, OFF_DPB);
    if (drive < 0) {
        cpu_set_al(m, 0xFF);
        return;
    }
    struct disk_layout l = layout_of(d, drive);
    const uint16_t fat_sectors = (uint16_t)l.fat_sectors, reserved = (uint16_t)l.reserved,
                   root_entries = (uint16_t)l.root_entries;
    uint16_t root_sector = (uint16_t)(reserved + 2 * fat_sectors);
    for (unsigned i = 0; i < 0x21; i++)
        mem_wb(m, p + i, 0);
    mem_wb(m, p + 0x00, (uint8_t)drive);
    mem_wb(m, p + 0x01, (uint8_t)drive);
    mem_ww(m, p + 0x02, BYTES_PER_SECTOR);
    mem_wb(m, p + 0x04, (uint8_t)(l.sectors_per_cluster - 1));
    mem_wb(m, p + 0x05, (uint8_t)l.shift);          /* log2 of sectors per cluster */
    mem_ww(m, p + 0x06, reserved);
    mem_wb(m, p + 0x08, 2);
    mem_ww(m, p + 0x09, root_entries);
    mem_ww(m, p + 0x0B, (uint16_t)(root_sector + root_entries * 32 / BYTES_PER_SECTOR));
    mem_ww(m, p + 0x0D, (uint16_t)(l.clusters + 1));
    mem_wb(m, p + 0x0F, (uint8_t)fat_sectors);
    mem_ww(m, p + 0x10, root_sector);
    mem_ww(m, p + 0x12, DOS_CRIT_DEVICE);
    mem_ww(m, p + 0x14, SEG_DOS);
    mem_wb(m, p + 0x16, l.media);
    mem_wb(m, p + 0x17, 0xFF);                      /* not accessed yet */
    mem_ww(m, p + 0x18, 0xFFFF);                    /* no next DPB */
    mem_ww(m, p + 0x1A, 0xFFFF);
    cpu_set(m, REG_DS, SEG_DOS);
    cpu_set(m, REG_BX, OFF_DPB);
    cpu_set_al(m, 0);
}

static void fn_dpb_default(struct dos *d) { drive_parameters(d, d->drives.current); }
static void fn_dpb_drive(struct dos *d) { drive_parameters(d, drive_arg(d)); }

static void fn_alloc_default(struct dos *d) { alloc_info(d, d->drives.current); }
static void fn_alloc_drive(struct dos *d) { alloc_info(d, drive_arg(d)); }

static void fn_disk_free(struct dos *d)
{
    int drive = drive_arg(d);
    if (drive < 0) {
        cpu_set(d->m, REG_AX, 0xFFFF);
        return;
    }
    struct disk_layout l = layout_of(d, drive);
    uint64_t free_clusters = d->disk_free / (l.sectors_per_cluster * BYTES_PER_SECTOR);
    cpu_set(d->m, REG_AX, (uint16_t)l.sectors_per_cluster);
    cpu_set(d->m, REG_BX, (uint16_t)(free_clusters < l.clusters ? free_clusters : l.clusters));
    cpu_set(d->m, REG_CX, BYTES_PER_SECTOR);
    cpu_set(d->m, REG_DX, (uint16_t)l.clusters);
}

static void fn_set_verify(struct dos *d) { d->verify = cpu_al(d->m) & 1; }
static void fn_get_verify(struct dos *d) { cpu_set_al(d->m, d->verify); }

static void fn_indos(struct dos *d)
{
    cpu_set(d->m, REG_ES, SEG_DOS);
    cpu_set(d->m, REG_BX, OFF_INDOS);
}

static void fn_switchar(struct dos *d)
{
    uint16_t dx = cpu_get(d->m, REG_DX);
    switch (cpu_al(d->m)) {
    case 0: cpu_set(d->m, REG_DX, (uint16_t)((dx & 0xFF00) | (uint8_t)d->switchar)); cpu_set_al(d->m, 0); break;
    case 1: d->switchar = (char)dx; cpu_set_al(d->m, 0); break;
    case 2: cpu_set(d->m, REG_DX, (uint16_t)(dx | 0xFF)); cpu_set_al(d->m, 0); break;    /* \DEV\ not needed */
    case 3: cpu_set_al(d->m, 0); break;
    default: cpu_set_al(d->m, 0xFF); break;
    }
}

/* 64h: DOS's own printer/lookahead flag; nothing here reads it. */
static void fn_lookahead(struct dos *d) { (void)d; }

static void fn_set_psp(struct dos *d) { d->psp = cpu_get(d->m, REG_BX); }
static void fn_get_psp(struct dos *d) { cpu_set(d->m, REG_BX, d->psp); }

static void fn_list_of_lists(struct dos *d)
{
    cpu_set(d->m, REG_ES, SEG_DOS);
    cpu_set(d->m, REG_BX, OFF_LISTS);
}

void dos_error_info(uint16_t code, uint8_t *cls, uint8_t *action, uint8_t *locus)
{
    static const struct { uint8_t code, cls, action, locus; } table[] = {
        { 1, 7, 4, 1 },  { 2, 8, 3, 2 },  { 3, 8, 3, 2 },  { 4, 1, 4, 1 },  { 5, 3, 3, 2 },
        { 6, 7, 4, 1 },  { 7, 7, 5, 5 },  { 8, 1, 4, 5 },  { 9, 7, 4, 5 },  { 12, 7, 4, 1 },
        { 15, 8, 3, 2 }, { 16, 3, 3, 2 }, { 17, 13, 3, 2 }, { 18, 8, 3, 2 },
    };
    *cls = 13;
    *action = 4;
    *locus = 1;
    for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
        if (table[i].code == code) {
            *cls = table[i].cls;
            *action = table[i].action;
            *locus = table[i].locus;
        }
}

/* 59h: the last error with its class, suggested action and locus. */
static void fn_extended_error(struct dos *d)
{
    uint8_t cls, action, locus;
    dos_error_info(d->last_error, &cls, &action, &locus);
    cpu_set(d->m, REG_AX, d->last_error);
    cpu_set(d->m, REG_BX, (uint16_t)(cls << 8 | action));
    cpu_set(d->m, REG_CX, (uint16_t)(locus << 8 | (cpu_get(d->m, REG_CX) & 0xFF)));
    dos_ok(d);                  /* GETSET.ASM: carry clear */
}

const struct dos_entry dos_sys_fns[] = {
    { 0x0D, fn_disk_reset }, { 0x18, fn_cpm_null }, { 0x1D, fn_cpm_null }, { 0x1E, fn_cpm_null },
    { 0x20, fn_cpm_null }, { 0x1F, fn_dpb_default }, { 0x32, fn_dpb_drive }, { 0x1B, fn_alloc_default }, { 0x1C, fn_alloc_drive }, { 0x2E, fn_set_verify }, { 0x34, fn_indos },
    { 0x36, fn_disk_free }, { 0x37, fn_switchar }, { 0x50, fn_set_psp },
    { 0x51, fn_get_psp }, { 0x52, fn_list_of_lists }, { 0x54, fn_get_verify }, { 0x59, fn_extended_error },
    { 0x62, fn_get_psp }, { 0x61, fn_cpm_null }, { 0x64, fn_lookahead },
    { 0, NULL },
};
