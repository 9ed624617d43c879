/*
 * emu/dos/dos_fcb.c: INT 21h's file control blocks, the DOS 1.x file API that
 * MS-DOS 2.0's own tools still use: 0Fh-17h (open, close, search, delete,
 * sequential I/O, create, rename), 21h-24h and 27h-28h (random and block
 * I/O, size, random record), and 29h (parse a file name into an FCB).
 *
 * An FCB names a file in the current folder of a drive.  Once opened, its
 * reserved bytes hold our open-file table index (18h) and a mark (19h);
 * positions are records of the FCB's record size: sequential calls use the
 * current block (0Ch) and record (20h), random calls the random record
 * field (21h: four bytes, three when the record size is 64 or more).  An
 * extended FCB (FFh, five zeros, an attribute, then the FCB) is accepted
 * everywhere.  Results are in AL: 0 done, 1 end of file, 3 a partial
 * record (padded with zeros), FFh failed.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../bios/bios.h"
#include "../costs.h"
#include "dos_internal.h"

#define FCB_MARK 0xFC

/* ---- names ------------------------------------------------------------------ */

static int is_terminator(int c)
{
    return c < 0x21 || strchr("./\\\"[]:|<>+=;,", c) != NULL;
}

size_t fcb_parse_name(const char *s, uint8_t flags, uint8_t *drive, uint8_t name[11], int *wild)
{
    size_t i = 0;
    *wild = 0;
    while (s[i] == ' ' || s[i] == '\t')
        i++;
    if ((flags & 1) && s[i] && strchr(":.;,=+", s[i])) {
        i++;
        while (s[i] == ' ' || s[i] == '\t')
            i++;
    }
    if (s[i] && s[i + 1] == ':' && isalpha((unsigned char)s[i])) {
        *drive = (uint8_t)(toupper((unsigned char)s[i]) - 'A' + 1);
        i += 2;
    } else if (!(flags & 2)) {
        *drive = 0;
    }
    for (int part = 0; part < 2; part++) {
        uint8_t *field = name + (part ? 8 : 0);
        int width = part ? 3 : 8, n = 0;
        if (part) {
            if (s[i] != '.') {
                if (!(flags & 8))
                    memset(field, ' ', 3);
                break;
            }
            i++;
        }
        if (is_terminator((unsigned char)s[i]) && s[i] != '*' && (flags & (part ? 8 : 4)))
            continue;           /* none given: keep the FCB's */
        memset(field, ' ', (size_t)width);
        for (; !is_terminator((unsigned char)s[i]) || s[i] == '*'; i++) {
            if (s[i] == '*') {
                while (n < width)
                    field[n++] = '?';
            } else if (n < width) {
                field[n++] = (uint8_t)toupper((unsigned char)s[i]);
            }
        }
    }
    for (int k = 0; k < 11; k++)
        *wild |= name[k] == '?';
    return i;
}

/* The FCB at DS:DX (past an extended FCB's header); *attr gets the
 * extended FCB's attribute (0 for a normal FCB). */
static uint32_t fcb_at(struct dos *d, uint8_t *attr, int *extended)
{
    uint32_t a = lin(cpu_get(d->m, REG_DS), cpu_get(d->m, REG_DX));
    *extended = mem_rb(d->m, a) == 0xFF;
    *attr = *extended ? mem_rb(d->m, a + 6) : 0;
    return *extended ? a + 7 : a;
}

/* "C:NAME.EXT" for the FCB's drive and name (spaces dropped). */
static void fcb_path(struct dos *d, uint32_t fcb, char *out, size_t n)
{
    uint8_t drive = mem_rb(d->m, fcb), name[11];
    mem_read(d->m, fcb + 1, name, 11);
    int letter = drive ? drive - 1 : d->drives.current;
    size_t k = (size_t)snprintf(out, n, "%c:", 'A' + (letter < 26 ? letter : 0));
    for (int i = 0; i < 8 && name[i] != ' ' && k + 1 < n; i++)
        out[k++] = (char)name[i];
    if (name[8] != ' ' && k + 1 < n)
        out[k++] = '.';
    for (int i = 8; i < 11 && name[i] != ' ' && k + 1 < n; i++)
        out[k++] = (char)name[i];
    out[k] = 0;
}

static void set_al(struct dos *d, uint8_t v) { cpu_set_al(d->m, v); }

/* ---- open files -------------------------------------------------------------- */

/* The open file of an FCB, or NULL. */
static struct sft *fcb_file(struct dos *d, uint32_t fcb)
{
    uint8_t s = mem_rb(d->m, fcb + 0x18);
    if (mem_rb(d->m, fcb + 0x19) != FCB_MARK || s == 0 || s > DOS_MAX_FILES || d->sft[s - 1].kind != SFT_FILE)
        return NULL;
    return &d->sft[s - 1];
}

static uint16_t record_size(struct dos *d, uint32_t fcb)
{
    uint16_t r = mem_rw(d->m, fcb + 0x0E);
    return r ? r : 128;
}

/* Open (or with `create`, create or truncate) the FCB's file and fill in
 * the FCB as DOS does. */
static void open_fcb(struct dos *d, int create)
{
    uint8_t attr;
    int ext;
    char path[32];
    struct resolved r;
    struct stat st;
    dos_charge(d, COST_DOS_FILE_CALL);
    uint32_t fcb = fcb_at(d, &attr, &ext);
    fcb_path(d, fcb, path, sizeof path);
    int s = dos_free_sft(d);
    if (s < 0 || memchr(path, '?', strlen(path)) || drive_resolve(&d->drives, path, &r) != 0 ||
        r.device != DEV_NONE || (!create && !r.exists) || (create && !r.exists && drive_may_add(&d->drives, &r))) {
        set_al(d, 0xFF);
        return;
    }
    uint64_t old_size = create && r.exists && stat(r.host, &st) == 0 && S_ISREG(st.st_mode) ? (uint64_t)st.st_size : 0;
    int fd = open(r.host, create ? O_RDWR | O_CREAT | O_TRUNC : O_RDWR, 0644);
    if (fd >= 0 && create)
        dos_disk_resize(d, old_size, 0);    /* truncated: its bytes are free again */
    if (fd >= 0 && create && !r.exists)
        drives_added(&d->drives, r.host);
    if (fd < 0 && !create)
        fd = open(r.host, O_RDONLY);
    if (fd < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        if (fd >= 0)
            close(fd);
        set_al(d, 0xFF);
        return;
    }
    d->sft[s] = (struct sft){ .kind = SFT_FILE, .refs = 1, .fd = fd, .mode = 2,
                              .disk_file = disk_time_file(&d->disk_time, disk_unit_of_drive(r.drive), r.host, (uint64_t)st.st_size) };
    if (mem_rb(d->m, fcb) == 0)
        mem_wb(d->m, fcb, (uint8_t)(r.drive + 1));
    mem_ww(d->m, fcb + 0x0C, 0);                    /* current block */
    mem_ww(d->m, fcb + 0x0E, 128);                  /* record size */
    mem_ww(d->m, fcb + 0x10, (uint16_t)st.st_size);
    mem_ww(d->m, fcb + 0x12, (uint16_t)((uint32_t)st.st_size >> 16));
    struct dir_match dm;
    uint8_t pattern[11];
    mem_read(d->m, fcb + 1, pattern, 11);
    if (drive_search(&d->drives, "", pattern, 0, 0, &dm) == 0) {
        mem_ww(d->m, fcb + 0x14, dm.date);
        mem_ww(d->m, fcb + 0x16, dm.time);
    }
    dos_charge_open(d, &d->sft[s]);
    mem_wb(d->m, fcb + 0x18, (uint8_t)(s + 1));
    mem_wb(d->m, fcb + 0x19, FCB_MARK);
    mem_wb(d->m, fcb + 0x20, 0);                    /* current record */
    set_al(d, 0);
}

static void fn_open(struct dos *d) { open_fcb(d, 0); }
static void fn_create(struct dos *d) { open_fcb(d, 1); }

static void fn_close(struct dos *d)
{
    uint8_t attr;
    int ext;
    uint32_t fcb = fcb_at(d, &attr, &ext);
    struct sft *f = fcb_file(d, fcb);
    dos_charge(d, COST_DOS_FILE_CALL);
    if (f) {
        dos_charge_close(d, f);
        close(f->fd);
        *f = (struct sft){ .kind = SFT_FREE, .refs = 0, .fd = -1, .mode = 0, .disk_file = -1 };
        mem_wb(d->m, fcb + 0x19, 0);
    }
    set_al(d, f ? 0 : 0xFF);
}

/* ---- records ----------------------------------------------------------------- */

static uint32_t random_record(struct dos *d, uint32_t fcb)
{
    uint32_t r = mem_rw(d->m, fcb + 0x21) | (uint32_t)mem_rb(d->m, fcb + 0x23) << 16;
    return record_size(d, fcb) < 64 ? r | (uint32_t)mem_rb(d->m, fcb + 0x24) << 24 : r;
}

static void set_random_record(struct dos *d, uint32_t fcb, uint32_t r)
{
    mem_ww(d->m, fcb + 0x21, (uint16_t)r);
    mem_wb(d->m, fcb + 0x23, (uint8_t)(r >> 16));
    if (record_size(d, fcb) < 64)
        mem_wb(d->m, fcb + 0x24, (uint8_t)(r >> 24));
}

static uint32_t current_record(struct dos *d, uint32_t fcb)
{
    return (uint32_t)mem_rw(d->m, fcb + 0x0C) * 128u + mem_rb(d->m, fcb + 0x20);
}

static void set_current_record(struct dos *d, uint32_t fcb, uint32_t r)
{
    mem_ww(d->m, fcb + 0x0C, (uint16_t)(r / 128));
    mem_wb(d->m, fcb + 0x20, (uint8_t)(r % 128));
}

/* Move `count` records at record `rec` between the file and the DTA;
 * returns AL's code and sets *done to the records moved (a partial one
 * counts, padded with zeros on a read). */
static uint8_t transfer(struct dos *d, uint32_t fcb, uint32_t rec, uint16_t count, int write, uint16_t *done)
{
    struct sft *f = fcb_file(d, fcb);
    uint16_t size = record_size(d, fcb);
    *done = 0;
    if (!f)
        return write ? 1 : 1;
    uint32_t bytes = (uint32_t)count * size;
    if (bytes > 0x10000u - d->dta_off)
        bytes = (0x10000u - d->dta_off) / size * size;  /* DOS: no wrap past the DTA's segment */
    uint8_t buf[512];
    uint32_t moved = 0;
    off_t at = (off_t)rec * size;
    uint64_t old_size = dos_disk_file_size(f->fd);
    uint32_t wanted = bytes;
    if (write)      /* what fits in the disk budget and DOS's largest file */
        bytes = dos_disk_room(d, (uint64_t)at, old_size, bytes);
    while (moved < bytes) {
        size_t n = bytes - moved < sizeof buf ? bytes - moved : sizeof buf;
        ssize_t got;
        if (write) {
            mem_read(d->m, lin(d->dta_seg, (uint16_t)(d->dta_off + moved)), buf, n);
            got = pwrite(f->fd, buf, n, at + (off_t)moved);
        } else {
            got = pread(f->fd, buf, n, at + (off_t)moved);
            if (got > 0)
                mem_write(d->m, lin(d->dta_seg, (uint16_t)(d->dta_off + moved)), buf, (size_t)got);
        }
        if (got <= 0)
            break;
        moved += (uint32_t)got;
    }
    dos_charge_transfer(d, f, (uint64_t)at, moved, write);
    if (write) {
        uint64_t new_size = dos_disk_file_size(f->fd);
        dos_disk_resize(d, old_size, new_size);
        mem_ww(d->m, fcb + 0x10, (uint16_t)new_size);
        mem_ww(d->m, fcb + 0x12, (uint16_t)(new_size >> 16));
        *done = (uint16_t)(moved / size);
        return moved == wanted ? 0 : 1;         /* 1: disk full */
    }
    uint32_t partial = moved % size;
    if (partial)
        for (uint32_t k = moved; k < moved - partial + size; k++)
            mem_wb(d->m, lin(d->dta_seg, (uint16_t)(d->dta_off + k)), 0);
    *done = (uint16_t)(moved / size + (partial != 0));
    return moved == bytes ? 0 : partial ? 3 : 1;    /* 1: end of file after whole records */
}

static void sequential(struct dos *d, int write)
{
    uint8_t attr;
    int ext;
    uint16_t done;
    dos_charge(d, COST_DOS_FILE_CALL);
    uint32_t fcb = fcb_at(d, &attr, &ext), rec = current_record(d, fcb);
    uint8_t al = transfer(d, fcb, rec, 1, write, &done);
    if (done)
        set_current_record(d, fcb, rec + 1);
    set_al(d, al);
}

static void fn_seq_read(struct dos *d) { sequential(d, 0); }
static void fn_seq_write(struct dos *d) { sequential(d, 1); }

static void random_io(struct dos *d, int write)
{
    uint8_t attr;
    int ext;
    uint16_t done;
    dos_charge(d, COST_DOS_FILE_CALL);
    uint32_t fcb = fcb_at(d, &attr, &ext), rec = random_record(d, fcb);
    set_current_record(d, fcb, rec);
    set_al(d, transfer(d, fcb, rec, 1, write, &done));
}

static void fn_random_read(struct dos *d) { random_io(d, 0); }
static void fn_random_write(struct dos *d) { random_io(d, 1); }

static void block_io(struct dos *d, int write)
{
    uint8_t attr;
    int ext;
    uint16_t done, cx = cpu_get(d->m, REG_CX);
    dos_charge(d, COST_DOS_FILE_CALL);
    uint32_t fcb = fcb_at(d, &attr, &ext), rec = random_record(d, fcb);
    struct sft *f = fcb_file(d, fcb);
    if (write && cx == 0) {         /* 28h with CX=0: the file ends at the random record */
        uint64_t end = (uint64_t)rec * record_size(d, fcb), old = f ? dos_disk_file_size(f->fd) : 0;
        uint8_t al = f && (end <= old || dos_disk_room(d, old, old, (uint32_t)(end - old)) == end - old) &&
                     end <= DOS_FILE_MAX && ftruncate(f->fd, (off_t)end) == 0 ? 0 : 1;
        if (!al)
            dos_disk_resize(d, old, end);
        if (f) {
            mem_ww(d->m, fcb + 0x10, (uint16_t)(rec * record_size(d, fcb)));
            mem_ww(d->m, fcb + 0x12, (uint16_t)((rec * record_size(d, fcb)) >> 16));
        }
        set_al(d, al);
        return;
    }
    uint8_t al = transfer(d, fcb, rec, cx, write, &done);
    set_random_record(d, fcb, rec + done);
    set_current_record(d, fcb, rec + done);
    cpu_set(d->m, REG_CX, done);
    set_al(d, al);
}

static void fn_block_read(struct dos *d) { block_io(d, 0); }
static void fn_block_write(struct dos *d) { block_io(d, 1); }

static void fn_file_size(struct dos *d)
{
    uint8_t attr;
    int ext;
    char path[32];
    struct resolved r;
    struct stat st;
    uint32_t fcb = fcb_at(d, &attr, &ext);
    fcb_path(d, fcb, path, sizeof path);
    if (drive_resolve(&d->drives, path, &r) != 0 || !r.exists || stat(r.host, &st) != 0 || !S_ISREG(st.st_mode)) {
        set_al(d, 0xFF);
        return;
    }
    uint16_t size = record_size(d, fcb);
    set_random_record(d, fcb, (uint32_t)((st.st_size + size - 1) / size));
    set_al(d, 0);
}

static void fn_set_random(struct dos *d)
{
    uint8_t attr;
    int ext;
    uint32_t fcb = fcb_at(d, &attr, &ext);
    uint32_t rec = current_record(d, fcb);
    set_random_record(d, fcb, rec);
    /* AL: the record's low byte in DOS 2 (MISC.ASM), 0 from DOS 3 (FCB_RET_OK) */
    cpu_set_al(d->m, (uint8_t)d->version < 3 ? (uint8_t)rec : 0);
}

/* ---- searching, deleting, renaming ----------------------------------------------- */

/* The next match of the FCB's name in its drive's current folder; the
 * index to resume from is kept in the FCB's bytes 0Ch-0Dh. */
static void search(struct dos *d, int first)
{
    uint8_t attr, pattern[11];
    int ext;
    struct dir_match m;
    dos_charge(d, COST_DOS_FILE_CALL);
    uint32_t fcb = fcb_at(d, &attr, &ext);
    uint8_t drive = mem_rb(d->m, fcb);
    int letter = drive ? drive - 1 : d->drives.current;
    char dir[4] = { (char)('A' + (letter < 26 ? letter : 0)), ':', 0 };
    mem_read(d->m, fcb + 1, pattern, 11);
    unsigned index = first ? 0 : mem_rw(d->m, fcb + 0x0C);
    if (drive_search(&d->drives, dir, pattern, attr, index, &m) != 0) {
        set_al(d, 0xFF);
        return;
    }
    mem_ww(d->m, fcb + 0x0C, (uint16_t)(index + 1));
    uint32_t out = lin(d->dta_seg, d->dta_off);
    if (ext) {                      /* an extended FCB in, an extended FCB out */
        uint8_t head[7] = { 0xFF, 0, 0, 0, 0, 0, attr };
        mem_write(d->m, out, head, 7);
        out += 7;
    }
    uint8_t entry[33] = { (uint8_t)(letter + 1) };
    memcpy(entry + 1, m.fcb_name, 11);
    entry[12] = m.attr;
    entry[23] = (uint8_t)m.time;
    entry[24] = (uint8_t)(m.time >> 8);
    entry[25] = (uint8_t)m.date;
    entry[26] = (uint8_t)(m.date >> 8);
    for (int k = 0; k < 4; k++)
        entry[29 + k] = (uint8_t)(m.size >> (8 * k));
    mem_write(d->m, out, entry, sizeof entry);
    set_al(d, 0);
}

static void fn_search_first(struct dos *d) { search(d, 1); }
static void fn_search_next(struct dos *d) { search(d, 0); }

/* Each file of the current folder matching the FCB's name: `act` on it. */
static int each_match(struct dos *d, uint32_t fcb, int (*act)(struct dos *, const char *, const struct dir_match *,
                                                               uint32_t), uint32_t arg)
{
    uint8_t pattern[11], drive = mem_rb(d->m, fcb);
    int letter = drive ? drive - 1 : d->drives.current, done = 0;
    char dir[4] = { (char)('A' + (letter < 26 ? letter : 0)), ':', 0 };
    struct dir_match m;
    mem_read(d->m, fcb + 1, pattern, 11);
    /* Acting may remove the entry: collect the names first. */
    char names[64][13];
    unsigned n = 0;
    while (n < 64 && drive_search(&d->drives, dir, pattern, 0, n, &m) == 0)
        memcpy(names[n++], m.name83, 13);
    for (unsigned i = 0; i < n; i++) {
        char path[20];
        snprintf(path, sizeof path, "%.3s%.12s", dir, names[i]);
        memset(&m, 0, sizeof m);
        memcpy(m.name83, names[i], 13);
        fcb_name_of(names[i], m.fcb_name);
        done += act(d, path, &m, arg) == 0;
    }
    return done;
}

static int delete_one(struct dos *d, const char *path, const struct dir_match *m, uint32_t arg)
{
    struct resolved r;
    (void)m;
    (void)arg;
    if (drive_resolve(&d->drives, path, &r) != 0 || !r.exists || dos_disk_unlink(d, r.host) != 0)
        return -1;
    drives_removed(&d->drives, r.host);
    return 0;
}

static void fn_delete(struct dos *d)
{
    uint8_t attr;
    int ext;
    dos_charge(d, COST_DOS_FILE_CALL);
    uint32_t fcb = fcb_at(d, &attr, &ext);
    set_al(d, each_match(d, fcb, delete_one, 0) ? 0 : 0xFF);
}

/* Rename to the name at FCB+11h, its '?'s taking the old name's bytes. */
static int rename_one(struct dos *d, const char *path, const struct dir_match *m, uint32_t fcb)
{
    uint8_t to[11];
    char name[16], newpath[20];
    struct resolved from, dest;
    mem_read(d->m, fcb + 0x11, to, 11);
    for (int i = 0; i < 11; i++)
        if (to[i] == '?')
            to[i] = m->fcb_name[i];
    size_t k = 0;
    for (int i = 0; i < 8 && to[i] != ' '; i++)
        name[k++] = (char)to[i];
    if (to[8] != ' ')
        name[k++] = '.';
    for (int i = 8; i < 11 && to[i] != ' '; i++)
        name[k++] = (char)to[i];
    name[k] = 0;
    snprintf(newpath, sizeof newpath, "%.2s%s", path, name);
    if (drive_resolve(&d->drives, path, &from) != 0 || drive_resolve(&d->drives, newpath, &dest) != 0 ||
        dest.exists || dest.device != DEV_NONE || drive_may_move(&d->drives, &from, &dest) || rename(from.host, dest.host) != 0)
        return -1;
    disk_time_rename(&d->disk_time, from.host, dest.host);
    drives_removed(&d->drives, from.host);
    drives_added(&d->drives, dest.host);
    return 0;
}

static void fn_rename(struct dos *d)
{
    uint8_t attr;
    int ext;
    dos_charge(d, COST_DOS_FILE_CALL);
    uint32_t fcb = fcb_at(d, &attr, &ext);
    set_al(d, each_match(d, fcb, rename_one, fcb) ? 0 : 0xFF);
}

/* 29h: DS:SI a name, ES:DI the FCB to fill, AL the options. */
static void fn_parse_name(struct dos *d)
{
    uint16_t ds = cpu_get(d->m, REG_DS), si = cpu_get(d->m, REG_SI);
    uint32_t fcb = lin(cpu_get(d->m, REG_ES), cpu_get(d->m, REG_DI));
    char text[128];
    uint8_t drive = mem_rb(d->m, fcb), name[11];
    int wild;
    for (size_t i = 0; i < sizeof text; i++)
        text[i] = (char)mem_rb(d->m, lin(ds, (uint16_t)(si + i)));
    text[sizeof text - 1] = 0;
    mem_read(d->m, fcb + 1, name, 11);
    size_t used = fcb_parse_name(text, cpu_al(d->m), &drive, name, &wild);
    mem_wb(d->m, fcb, drive);
    mem_write(d->m, fcb + 1, name, 11);
    cpu_set(d->m, REG_SI, (uint16_t)(si + used));
    int ok = drive == 0 || (drive <= DRIVE_COUNT && d->drives.d[drive - 1].root);
    set_al(d, !ok ? 0xFF : wild ? 1 : 0);
}

const struct dos_entry dos_fcb_fns[] = {
    { 0x0F, fn_open }, { 0x10, fn_close }, { 0x11, fn_search_first }, { 0x12, fn_search_next },
    { 0x13, fn_delete }, { 0x14, fn_seq_read }, { 0x15, fn_seq_write }, { 0x16, fn_create },
    { 0x17, fn_rename }, { 0x21, fn_random_read }, { 0x22, fn_random_write }, { 0x23, fn_file_size },
    { 0x24, fn_set_random }, { 0x27, fn_block_read }, { 0x28, fn_block_write }, { 0x29, fn_parse_name },
    { 0, NULL },
};
