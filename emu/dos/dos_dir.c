/*
 * emu/dos/dos_dir.c: INT 21h folders and names: 39h-3Bh (make, remove, change
 * folder), 4Eh/4Fh (find first and next, with wildcards, attributes and
 * the DTA), 56h (rename or move) and 57h (a file's date and time).
 *
 * Everything goes through drive.c's sandbox.  Searches list a folder in
 * name order (the host's order is not reproducible); the 21 reserved
 * bytes of the DTA keep the search: the pattern (1-11), the attributes
 * (12), the next index (13-14) and a slot of struct dos's search_dir[] (15)
 * holding the folder, so a program may run several searches at once.
 */
#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../costs.h"
#include "dos_internal.h"


/* The ASCIZ path at seg:off resolved; 0 or a DOS error (15 as 3). */
static int resolve_at(struct dos *d, uint16_t seg, uint16_t off, struct resolved *r)
{
    char path[128];
    if (dos_read_asciz(d, seg, off, path, sizeof path) < 0)
        return DOSERR_NO_PATH;
    int err = drive_resolve(&d->drives, path, r);
    return err == 15 ? DOSERR_NO_PATH : err;
}

static void finish(struct dos *d, int err)
{
    if (err)
        dos_fail(d, (uint16_t)err);
    else
        dos_ok(d);
}

static int is_dir(const char *host)
{
    struct stat st;
    return stat(host, &st) == 0 && S_ISDIR(st.st_mode);
}

static void fn_mkdir(struct dos *d)
{
    struct resolved r;
    dos_charge(d, COST_DOS_FILE_CALL);
    int err = resolve_at(d, cpu_get(d->m, REG_DS), cpu_get(d->m, REG_DX), &r);
    if (!err && (r.exists || r.device != DEV_NONE || drive_may_add(&d->drives, &r) || mkdir(r.host, 0755) != 0))
        err = DOSERR_ACCESS;
    else if (!err)
        drives_added(&d->drives, r.host);
    finish(d, err);
}

static void fn_rmdir(struct dos *d)
{
    struct resolved r;
    dos_charge(d, COST_DOS_FILE_CALL);
    int err = resolve_at(d, cpu_get(d->m, REG_DS), cpu_get(d->m, REG_DX), &r);
    if (!err && (!r.exists || !is_dir(r.host)))
        err = DOSERR_NO_PATH;
    else if (!err && strcmp(r.dos, d->drives.d[r.drive].cwd) == 0)
        err = DOSERR_CURDIR;
    else if (!err && (!r.dos[0] || rmdir(r.host) != 0))
        err = DOSERR_ACCESS;
    else if (!err)
        drives_removed(&d->drives, r.host);
    finish(d, err);
}

static void fn_chdir(struct dos *d)
{
    struct resolved r;
    dos_charge(d, COST_DOS_FILE_CALL);
    int err = resolve_at(d, cpu_get(d->m, REG_DS), cpu_get(d->m, REG_DX), &r);
    if (!err && (!r.exists || r.device != DEV_NONE || !is_dir(r.host) || strlen(r.dos) >= DOS_PATH_MAX - 4))
        err = DOSERR_NO_PATH;
    if (!err)
        snprintf(d->drives.d[r.drive].cwd, sizeof d->drives.d[r.drive].cwd, "%.*s", DOS_PATH_MAX - 4, r.dos);
    finish(d, err);
}

/* ---- find first / next ------------------------------------------------------- */

/* The match at the DTA's search index; fills the DTA and advances it. */
static int search_step(struct dos *d)
{
    uint32_t dta = lin(d->dta_seg, d->dta_off);
    uint8_t pattern[11];
    struct dir_match m;
    mem_read(d->m, dta + 1, pattern, 11);
    uint8_t attr = mem_rb(d->m, dta + 12), slot = mem_rb(d->m, dta + 15);
    uint16_t index = mem_rw(d->m, dta + 13);
    if (mem_rb(d->m, dta) != 0xA5 || slot >= sizeof d->search_dir / sizeof d->search_dir[0])
        return DOSERR_NO_MORE;
    int err = drive_search(&d->drives, d->search_dir[slot], pattern, attr, index, &m);
    if (err)
        return err == DOSERR_NO_PATH ? DOSERR_NO_MORE : err;
    mem_ww(d->m, dta + 13, (uint16_t)(index + 1));
    mem_wb(d->m, dta + 21, m.attr);
    mem_ww(d->m, dta + 22, m.time);
    mem_ww(d->m, dta + 24, m.date);
    mem_ww(d->m, dta + 26, (uint16_t)m.size);
    mem_ww(d->m, dta + 28, (uint16_t)(m.size >> 16));
    mem_write(d->m, dta + 30, m.name83, strlen(m.name83) + 1);
    return 0;
}

/* The end of 4Eh/4Fh: on success AX=0, as SEARCH.ASM's PackName leaves it
 * (XOR AX,AX before the name's NUL), which programs test. */
static void found(struct dos *d, int err)
{
    if (!err)
        cpu_set(d->m, REG_AX, 0);
    finish(d, err);
}

static void fn_find_first(struct dos *d)
{
    char path[128], dir[DOS_PATH_MAX + 4];
    uint8_t drive = 0, pattern[11];
    int wild;
    dos_charge(d, COST_DOS_FILE_CALL);
    if (dos_read_asciz(d, cpu_get(d->m, REG_DS), cpu_get(d->m, REG_DX), path, sizeof path) < 0) {
        dos_fail(d, DOSERR_NO_PATH);
        return;
    }
    /* The folder: everything up to the last '\' (or the drive's colon). */
    char *cut = strrchr(path, '\\'), *colon = strchr(path, ':');
    const char *name = cut ? cut + 1 : colon ? colon + 1 : path;
    size_t dlen = (size_t)(name - path);
    if (cut && cut > path && cut[-1] != ':')
        dlen--;                     /* "SUB\X": the folder is "SUB"; "\X", "C:\X": keep the root's '\' */
    if (dlen >= sizeof dir) {
        dos_fail(d, DOSERR_NO_PATH);
        return;
    }
    if (dos_floppy_absent(d, path)) {
        dos_critical(d, (uint8_t)((path[0] & ~0x20) - 'A'));
        return;
    }
    memcpy(dir, path, dlen);
    dir[dlen] = 0;
    memset(pattern, ' ', 11);
    fcb_parse_name(*name ? name : "*.*", 0, &drive, pattern, &wild);
    struct resolved r;
    int err = drive_resolve(&d->drives, dir[0] ? dir : ".", &r);
    if (err || !r.exists || !is_dir(r.host) || strlen(r.dos) + 4 > sizeof d->search_dir[0]) {
        dos_fail(d, DOSERR_NO_PATH);
        return;
    }
    unsigned slot = d->next_search++ % (sizeof d->search_dir / sizeof d->search_dir[0]);
    snprintf(d->search_dir[slot], sizeof d->search_dir[slot], "%c:\\%.*s", 'A' + r.drive,
             (int)(sizeof d->search_dir[slot] - 4), r.dos);
    uint32_t dta = lin(d->dta_seg, d->dta_off);
    mem_wb(d->m, dta, 0xA5);       /* ours */
    mem_write(d->m, dta + 1, pattern, 11);
    mem_wb(d->m, dta + 12, (uint8_t)cpu_get(d->m, REG_CX));
    mem_ww(d->m, dta + 13, 0);
    mem_wb(d->m, dta + 15, (uint8_t)slot);
    err = search_step(d);
    found(d, err == DOSERR_NO_MORE && (d->version & 0xFF) >= 3 ? DOSERR_NO_FILE : err);
}

static void fn_find_next(struct dos *d)
{
    dos_charge(d, COST_DOS_FILE_CALL);
    found(d, search_step(d));
}

/* ---- rename, file times ------------------------------------------------------- */

static void fn_rename(struct dos *d)
{
    struct resolved from, to;
    dos_charge(d, COST_DOS_FILE_CALL);
    int err = resolve_at(d, cpu_get(d->m, REG_DS), cpu_get(d->m, REG_DX), &from);
    if (!err)
        err = resolve_at(d, cpu_get(d->m, REG_ES), cpu_get(d->m, REG_DI), &to);
    if (!err && (!from.exists || from.device != DEV_NONE))
        err = DOSERR_NO_FILE;
    else if (!err && from.drive != to.drive)
        err = DOSERR_DEVICE;
    else if (!err && (to.exists || to.device != DEV_NONE || drive_may_move(&d->drives, &from, &to) ||
                      rename(from.host, to.host) != 0))
        err = DOSERR_ACCESS;
    else if (!err) {
        drives_removed(&d->drives, from.host);
        drives_added(&d->drives, to.host);
        disk_time_rename(&d->disk_time, from.host, to.host);
    }
    finish(d, err);
}

static void fn_file_time(struct dos *d)
{
    int s = dos_handle_sft(d, cpu_get(d->m, REG_BX));
    struct stat st;
    if (s < 0) {
        dos_fail(d, DOSERR_HANDLE);
        return;
    }
    struct sft *f = &d->sft[s];
    if (cpu_al(d->m) == 0) {
        uint16_t time = 0, date = 0x21;     /* devices: 1980-01-01 */
        if (f->kind == SFT_FILE && fstat(f->fd, &st) == 0)
            dos_stamp(st.st_mtime, &time, &date);
        cpu_set(d->m, REG_CX, time);
        cpu_set(d->m, REG_DX, date);
    } else if (cpu_al(d->m) == 1) {
        uint16_t time = cpu_get(d->m, REG_CX), date = cpu_get(d->m, REG_DX);
        struct tm tm = { .tm_year = 80 + (date >> 9), .tm_mon = ((date >> 5) & 15) - 1, .tm_mday = date & 31,
                         .tm_hour = time >> 11, .tm_min = (time >> 5) & 63, .tm_sec = (time & 31) * 2 };
        struct timespec ts[2] = { { timegm(&tm), 0 }, { timegm(&tm), 0 } };
        if (f->kind == SFT_FILE && futimens(f->fd, ts) != 0) {
            dos_fail(d, DOSERR_ACCESS);
            return;
        }
    } else {
        dos_fail(d, DOSERR_FUNC);
        return;
    }
    dos_ok(d);
}

/* 60h: the canonical form of the path at DS:SI into ES:DI: "D:\\DIR\\NAME.EXT"
 * in upper-case 8.3, "." and ".." taken out, wildcards as '?' (a '*'
 * fills its part); a device "D:/CON" (the current drive).  AH=0. */
static void fn_truename(struct dos *d)
{
    struct machine *m = d->m;
    char path[128], out[DOS_PATH_MAX + 80], dir[128];
    struct resolved r;
    if (dos_read_asciz(d, cpu_get(m, REG_DS), cpu_get(m, REG_SI), path, sizeof path) < 0 || !path[0]) {
        dos_fail(d, DOSERR_NO_PATH);
        return;
    }
    char *name = path + strlen(path);
    while (name > path && name[-1] != '\\' && name[-1] != '/' && name[-1] != ':')
        name--;
    int wild = strpbrk(name, "*?") != NULL, err;
    if (wild) {                         /* the folder resolves; the name stays a pattern */
        snprintf(dir, sizeof dir, "%.*s.", (int)(name - path), path);
        err = drive_resolve(&d->drives, dir, &r);
    } else {
        err = drive_resolve(&d->drives, path, &r);
    }
    if (err == 15 || err == 3 || (err == 0 && wild && !r.exists)) {
        dos_fail(d, err == 15 ? DOSERR_DRIVE : DOSERR_NO_PATH);
        return;
    }
    if (r.device != DEV_NONE && !wild) {
        static const char *const dev[] = { "", "CON", "NUL", "AUX", "PRN" };
        snprintf(out, sizeof out, "%c:/%s", 'A' + d->drives.current, dev[r.device]);
    } else {
        int n = snprintf(out, sizeof out, "%c:\\%s", 'A' + r.drive, r.dos);
        if (wild) {
            uint8_t drive = 0, pattern[11];
            int w;
            memset(pattern, ' ', 11);
            fcb_parse_name(name, 0, &drive, pattern, &w);
            char ext[4] = "";
            int base = 8, extn = 3;
            while (base > 0 && pattern[base - 1] == ' ')
                base--;
            while (extn > 0 && pattern[8 + extn - 1] == ' ')
                extn--;
            memcpy(ext, pattern + 8, (size_t)extn);
            ext[extn] = 0;
            snprintf(out + n, sizeof out - (size_t)n, "%s%.*s%s%s", r.dos[0] ? "\\" : "", base,
                     (const char *)pattern, extn ? "." : "", ext);
        }
    }
    if (strlen(out) >= 128) {
        dos_fail(d, DOSERR_NO_PATH);
        return;
    }
    mem_write(m, lin(cpu_get(m, REG_ES), cpu_get(m, REG_DI)), out, strlen(out) + 1);
    cpu_set_ah(m, 0);
    dos_ok(d);
}

const struct dos_entry dos_dir_fns[] = {
    { 0x60, fn_truename },
    { 0x39, fn_mkdir }, { 0x3A, fn_rmdir }, { 0x3B, fn_chdir }, { 0x4E, fn_find_first },
    { 0x4F, fn_find_next }, { 0x56, fn_rename }, { 0x57, fn_file_time },
    { 0, NULL },
};
