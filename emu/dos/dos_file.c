/*
 * emu/dos/dos_file.c: INT 21h drives and handle file I/O: 0Eh, 19h, 3Ch-43h,
 * 44h/00h, 45h/46h (duplicate), 47h, 5Ah/5Bh (temporary and new files),
 * 5Ch/67h/68h, 6Ch (extended open).
 *
 * Names go through drive.c's sandbox.  Handles are the process's JFT in its
 * PSP (offset 18h) pointing into struct dos's open-file table; handles 0-4
 * are the standard devices: 0 reads the host's stdin byte for byte, 1 writes
 * the host's stdout (and the screen), 2-4 write the host's stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../bios/bios.h"
#include "../pc/console.h"
#include "../costs.h"
#include "dos_internal.h"
#include "psp.h"
#include "../chips/keyboard.h"
#include "../video/video.h"


static int errno_to_dos(int e)
{
    switch (e) {
    case ENOENT: return DOSERR_NO_FILE;
    case ENOTDIR: return DOSERR_NO_PATH;
    case EMFILE: case ENFILE: return DOSERR_HANDLES;
    default: return DOSERR_ACCESS;
    }
}

static int read_path(struct dos *d, char *buf, size_t n)
{
    return dos_read_asciz(d, cpu_get(d->m, REG_DS), cpu_get(d->m, REG_DX), buf, n);
}

/* The ASCIZ path at DS:DX resolved in the sandbox; -1 after failing the
 * call with the DOS error. */
static int path_arg(struct dos *d, struct resolved *r)
{
    char path[128];
    int err = read_path(d, path, sizeof path) < 0 ? DOSERR_NO_PATH : drive_resolve(&d->drives, path, r);
    if (err == DOSERR_DRIVE && dos_floppy_absent(d, path)) {
        dos_critical(d, (uint8_t)((path[0] & ~0x20) - 'A'));
        return -1;
    }
    if (err) {
        dos_fail(d, (uint16_t)(err == DOSERR_DRIVE ? DOSERR_NO_PATH : err));
        return -1;
    }
    return 0;
}

static void device_sft(struct sft *s, enum device dev)
{
    s->fd = -1;
    s->kind = dev == DEV_CON ? SFT_SCREEN : dev == DEV_NUL ? SFT_NUL : SFT_ERR;
}

/* Open (create 0), create or truncate (1), or create a file that must
 * not exist yet (2, 5Ah/5Bh). */
static void open_file(struct dos *d, int create)
{
    struct resolved r;
    dos_charge(d, COST_DOS_FILE_CALL);
    if (path_arg(d, &r) != 0)
        return;
    if (create == 2 && (r.exists || r.device != DEV_NONE)) {
        dos_fail(d, DOSERR_EXISTS);
        return;
    }
    uint8_t mode = create ? 2 : (cpu_al(d->m) & 7);
    if (mode > 2) {
        dos_fail(d, DOSERR_ACCESS_CODE);
        return;
    }
    int s = dos_free_sft(d);
    if (s < 0) {
        dos_fail(d, DOSERR_HANDLES);
        return;
    }
    struct sft *f = &d->sft[s];
    if (r.device != DEV_NONE) {
        device_sft(f, r.device);
    } else {
        if (!create && !r.exists) {
            dos_fail(d, DOSERR_NO_FILE);
            return;
        }
        int full = create && !r.exists ? drive_may_add(&d->drives, &r) : 0;
        if (full) {
            dos_fail(d, (uint16_t)full);   /* a full root, or the guest's entries spent */
            return;
        }
        static const int flags[3] = { O_RDONLY, O_WRONLY, O_RDWR };
        struct stat old;
        uint64_t old_size = create && r.exists && stat(r.host, &old) == 0 && S_ISREG(old.st_mode)
                          ? (uint64_t)old.st_size : 0;
        int fd = open(r.host, create ? O_RDWR | O_CREAT | O_TRUNC : flags[mode], 0644);
        if (fd < 0) {
            dos_fail(d, (uint16_t)errno_to_dos(errno));
            return;
        }
        struct stat st;
        if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
            close(fd);
            dos_fail(d, DOSERR_ACCESS);
            return;
        }
        if (create)
            dos_disk_resize(d, old_size, 0);    /* truncated: its bytes are free again */
        if (create && !r.exists)
            drives_added(&d->drives, r.host);
        f->fd = fd;
        f->kind = SFT_FILE;
        f->disk_file = disk_time_file(&d->disk_time, disk_unit_of_drive(r.drive), r.host, dos_disk_file_size(fd));
        dos_charge_open(d, f);
    }
    f->mode = mode;
    f->refs = 0;
    f->written = 0;
    int h = dos_new_handle(d, s);
    if (h < 0) {
        if (f->kind == SFT_FILE)
            close(f->fd);
        f->kind = SFT_FREE;
        dos_fail(d, DOSERR_HANDLES);
        return;
    }
    cpu_set(d->m, REG_AX, (uint16_t)h);
    dos_ok(d);
}

static void fn_create(struct dos *d) { open_file(d, 1); }
static void fn_open(struct dos *d) { open_file(d, 0); }

static void fn_close(struct dos *d)
{
    uint16_t h = cpu_get(d->m, REG_BX);
    int s = dos_handle_sft(d, h);
    dos_charge(d, COST_DOS_FILE_CALL);
    if (s < 0) {
        dos_fail(d, DOSERR_HANDLE);
        return;
    }
    mem_wb(d->m, psp_handle(d->psp, h), PSP_NO_FILE);
    if (d->sft[s].kind == SFT_FILE)
        dos_charge_close(d, &d->sft[s]);
    dos_release_sft(d, s);
    dos_ok(d);
}

/* Move up to cx bytes between a host file and the guest's buffer at
 * ds:dx, in pieces (the buffer may wrap around its segment, as DOS lets
 * it); returns the bytes moved.  The block driver's time is charged. */
static unsigned file_transfer(struct dos *d, const struct sft *f, uint16_t ds, uint16_t dx, uint16_t cx, int to_guest)
{
    int fd = f->fd;
    uint8_t buf[512];
    unsigned done = 0;
    off_t at = lseek(fd, 0, SEEK_CUR);
    while (done < cx) {
        size_t n = cx - done < sizeof buf ? cx - done : sizeof buf;
        if (!to_guest)
            for (size_t i = 0; i < n; i++)
                buf[i] = mem_rb(d->m, lin(ds, (uint16_t)(dx + done + i)));
        ssize_t moved = to_guest ? read(fd, buf, n) : write(fd, buf, n);
        if (moved <= 0)
            break;
        if (to_guest)
            for (ssize_t i = 0; i < moved; i++)
                mem_wb(d->m, lin(ds, (uint16_t)(dx + done + i)), buf[i]);
        done += (unsigned)moved;
    }
    dos_charge_transfer(d, f, at > 0 ? (uint64_t)at : 0, done, !to_guest);
    return done;
}

static void fn_read(struct dos *d)
{
    uint16_t ds = cpu_get(d->m, REG_DS), dx = cpu_get(d->m, REG_DX), cx = cpu_get(d->m, REG_CX);
    unsigned done = 0;
    struct sft *f = dos_handle_arg(d);
    if (!f)
        return;
    if (f->kind == SFT_FILE) {
        if (f->mode == 1) {
            dos_fail(d, DOSERR_ACCESS);
            return;
        }
        done = file_transfer(d, f, ds, dx, cx, 1);
    } else if ((f->kind == SFT_CON_IN || f->kind == SFT_CON_OUT || f->kind == SFT_SCREEN) &&
               kbd_scripted(&d->m->kbd)) {
        /* The console device reads the keyboard: a line, edited and echoed. */
        if (dos_con_read(d, ds, dx, cx, &done) != 0)
            return;
    } else if (f->kind == SFT_CON_IN || f->kind == SFT_CON_OUT || f->kind == SFT_SCREEN) {
        /* The console: raw bytes of the host's stdin, up to a line end
         * from a terminal; from a file or pipe (`PROG < FILE`), as many as
         * asked for, as DOS reads a redirected file. */
        int whole = f->kind == SFT_CON_IN && !d->con->in_tty;
        while (done < cx) {
            int ch = console_get_raw(d->con);
            if (ch < 0)
                break;
            mem_wb(d->m, lin(ds, (uint16_t)(dx + done)), (uint8_t)ch);
            done++;
            if (ch == '\n' && !whole)
                break;
        }
        machine_charge(d->m, (uint64_t)done * COST_KBD_CHAR, SEG_IOSYS, BIOS_CON_OFF);
    }
    cpu_set(d->m, REG_AX, (uint16_t)done);
    dos_ok(d);
}

/* 40h on a file: cx bytes from ds:dx at the file's position, as many as
 * the disk budget and DOS's largest file allow (dos_disk.c); cx = 0 cuts
 * or extends the file to the position.  UINT_MAX after failing the call. */
static unsigned write_file(struct dos *d, const struct sft *f, uint16_t ds, uint16_t dx, uint16_t cx)
{
    int fd = f->fd;
    off_t at = lseek(fd, 0, SEEK_CUR);
    uint64_t pos = at > 0 ? (uint64_t)at : 0, size = dos_disk_file_size(fd);
    if (cx == 0) {      /* DOS: a zero-length write makes the file end here */
        if (pos > size && dos_disk_room(d, size, size, (uint32_t)(pos - size)) < pos - size)
            return 0;   /* the disk is full: the file stays as it is */
        if (ftruncate(fd, (off_t)pos) != 0) {
            dos_fail(d, DOSERR_ACCESS);
            return UINT_MAX;
        }
        dos_disk_resize(d, size, pos);
        return 0;
    }
    unsigned done = file_transfer(d, f, ds, dx, (uint16_t)dos_disk_room(d, pos, size, cx), 0);
    if (pos + done > size)
        dos_disk_resize(d, size, pos + done);
    return done;
}

static void screen_out(struct dos *d, uint8_t ch) { console_screen_put(d->m, d->con, ch, VIDEO_ATTR_NORMAL); }
static void err_out(struct dos *d, uint8_t ch) { putc(ch, d->err); }

static void fn_write(struct dos *d)
{
    uint16_t ds = cpu_get(d->m, REG_DS), dx = cpu_get(d->m, REG_DX), cx = cpu_get(d->m, REG_CX);
    unsigned done = 0;
    struct sft *f = dos_handle_arg(d);
    if (!f)
        return;
    switch (f->kind) {
    case SFT_FILE:
        if (f->mode == 0) {
            dos_fail(d, DOSERR_ACCESS);
            return;
        }
        done = write_file(d, f, ds, dx, cx);
        if (done == UINT_MAX)
            return;
        f->written = 1;
        break;
    case SFT_CON_IN:
    case SFT_CON_OUT:
        done = dos_con_write(d, ds, dx, cx, 0, dos_con_out);
        break;
    case SFT_SCREEN:
        done = dos_con_write(d, ds, dx, cx, 0, screen_out);
        break;
    case SFT_ERR:
        console_flush(d->con);
        done = dos_con_write(d, ds, dx, cx, 0, err_out);
        fflush(d->err);
        break;
    default:
        done = cx;      /* NUL */
        break;
    }
    cpu_set(d->m, REG_AX, (uint16_t)done);
    dos_ok(d);
}

static void fn_delete(struct dos *d)
{
    struct resolved r;
    int err = 0;
    dos_charge(d, COST_DOS_FILE_CALL);
    if (path_arg(d, &r) != 0)
        return;
    if (r.device != DEV_NONE || !r.exists)
        err = DOSERR_NO_FILE;
    if (!err && dos_disk_unlink(d, r.host) != 0)
        err = errno_to_dos(errno);
    else if (!err)
        drives_removed(&d->drives, r.host);
    if (err)
        dos_fail(d, (uint16_t)err);
    else
        dos_ok(d);
}

static void fn_seek(struct dos *d)
{
    uint8_t how = cpu_al(d->m);
    dos_charge(d, COST_DOS_FILE_CALL);
    struct sft *f = dos_handle_arg(d);
    if (!f)
        return;
    if (how > 2) {
        dos_fail(d, DOSERR_FUNC);
        return;
    }
    uint32_t raw = (uint32_t)cpu_get(d->m, REG_CX) << 16 | cpu_get(d->m, REG_DX);
    off_t pos = 0;
    if (f->kind == SFT_FILE) {
        /* DOS's file pointer is 32 bits: from the current position or the
         * end it wraps at 4 GiB, so the host's never goes past DOS's
         * largest file; before the start is an error. */
        int64_t base = how == 0 ? 0 : how == 1 ? (int64_t)lseek(f->fd, 0, SEEK_CUR)
                                               : (int64_t)dos_disk_file_size(f->fd);
        int64_t want = how == 0 ? (int64_t)raw : base + (int32_t)raw;
        pos = base < 0 || want < 0 ? -1 : lseek(f->fd, (off_t)(want & (int64_t)DOS_FILE_MAX), SEEK_SET);
        if (pos < 0) {
            dos_fail(d, DOSERR_FUNC);
            return;
        }
    }
    cpu_set(d->m, REG_DX, (uint16_t)((uint32_t)pos >> 16));
    cpu_set(d->m, REG_AX, (uint16_t)pos);
    dos_ok(d);
}

static void fn_attributes(struct dos *d)
{
    struct resolved r;
    struct stat st;
    dos_charge(d, COST_DOS_FILE_CALL);
    if (path_arg(d, &r) != 0)
        return;
    if (r.device == DEV_NONE && (!r.exists || stat(r.host, &st) != 0)) {
        dos_fail(d, DOSERR_NO_FILE);
        return;
    }
    if (cpu_al(d->m) == 0) {
        uint16_t attr = 0;
        if (r.device == DEV_NONE)
            attr = dos_attr_of(st.st_mode);
        cpu_set(d->m, REG_CX, attr);
        cpu_set(d->m, REG_AX, attr);
    } else if (cpu_al(d->m) == 1) {
        if (r.device == DEV_NONE && !S_ISDIR(st.st_mode)) {
            mode_t mode = (cpu_get(d->m, REG_CX) & DOS_ATTR_READONLY) ? (st.st_mode & ~(mode_t)0222) : (st.st_mode | S_IWUSR);
            if (chmod(r.host, mode & 07777) != 0) {
                dos_fail(d, DOSERR_ACCESS);
                return;
            }
        }
    } else {
        dos_fail(d, DOSERR_FUNC);
        return;
    }
    dos_ok(d);
}

static void fn_current_drive(struct dos *d) { cpu_set_al(d->m, (uint8_t)d->drives.current); }

static void fn_select_drive(struct dos *d)
{
    uint8_t dl = (uint8_t)cpu_get(d->m, REG_DX);
    if (dl < DRIVE_COUNT && d->drives.d[dl].root)
        d->drives.current = dl;
    cpu_set_al(d->m, DRIVE_COUNT);
}

static void fn_get_cwd(struct dos *d)
{
    uint8_t dl = (uint8_t)cpu_get(d->m, REG_DX);
    int drive = dl == 0 ? d->drives.current : dl - 1;
    if (drive < 0 || drive >= DRIVE_COUNT || !d->drives.d[drive].root) {
        dos_fail(d, DOSERR_DRIVE);
        return;
    }
    const char *cwd = d->drives.d[drive].cwd;
    mem_write(d->m, lin(cpu_get(d->m, REG_DS), cpu_get(d->m, REG_SI)), cwd, strlen(cwd) + 1);
    cpu_set(d->m, REG_AX, 0x0100);
    dos_ok(d);
}

/* 45h: a second handle on BX's open file. */
static void fn_dup(struct dos *d)
{
    int s = dos_handle_sft(d, cpu_get(d->m, REG_BX));
    if (s < 0) {
        dos_fail(d, DOSERR_HANDLE);
        return;
    }
    int h = dos_new_handle(d, s);
    if (h < 0) {
        dos_fail(d, DOSERR_HANDLES);
        return;
    }
    cpu_set(d->m, REG_AX, (uint16_t)h);
    dos_ok(d);
}

/* 46h: handle CX made to name BX's file, closing what CX named. */
static void fn_force_dup(struct dos *d)
{
    uint16_t to = cpu_get(d->m, REG_CX);
    int s = dos_handle_sft(d, cpu_get(d->m, REG_BX));
    if (s < 0 || to >= DOS_JFT_SIZE) {
        dos_fail(d, DOSERR_HANDLE);
        return;
    }
    int old = dos_handle_sft(d, to);
    cpu_set(d->m, REG_AX, to);  /* AX: the handle CX named (XENIX.ASM, HANDLE.ASM) */
    if (old == s) {
        dos_ok(d);
        return;
    }
    if (old >= 0)
        dos_release_sft(d, old);
    mem_wb(d->m, psp_handle(d->psp, to), (uint8_t)s);
    d->sft[s].refs++;
    dos_ok(d);
}

/* 5Ah: a new file with a unique name in the folder at DS:DX (which gets
 * the name appended); the names are counted, not taken from the clock. */
static void fn_create_temp(struct dos *d)
{
    uint16_t ds = cpu_get(d->m, REG_DS), dx = cpu_get(d->m, REG_DX);
    char dir[80], path[96];
    struct resolved r;
    int len = dos_read_asciz(d, ds, dx, dir, 66);
    if (len < 0) {
        dos_fail(d, DOSERR_NO_PATH);
        return;
    }
    const char *sep = len && dir[len - 1] != '\\' && dir[len - 1] != ':' ? "\\" : "";
    for (unsigned n = 0; n < 10000; n++) {
        snprintf(path, sizeof path, "%s%sPRF%05u.TMP", dir, sep, n);
        int err = drive_resolve(&d->drives, path, &r);
        if (err) {
            dos_fail(d, (uint16_t)(err == DOSERR_DRIVE ? DOSERR_NO_PATH : err));
            return;
        }
        if (!r.exists) {
            mem_write(d->m, lin(ds, dx), path, strlen(path) + 1);
            cpu_set_al(d->m, 0);
            open_file(d, 2);
            return;
        }
    }
    dos_fail(d, DOSERR_ACCESS);
}

static void fn_create_new(struct dos *d) { open_file(d, 2); }

/* 5Ch (lock), 67h (handle count), 68h and 6Ah (commit; 6Ah from DOS 4):
 * nothing to do on one machine with unbuffered files; the handle must be
 * open for 5Ch, 68h and 6Ah. */
static void fn_lock(struct dos *d)
{
    if (dos_handle_arg(d))
        dos_ok(d);
}

static void fn_handle_count(struct dos *d)
{
    if (cpu_get(d->m, REG_BX) > DOS_JFT_SIZE)
        dos_fail(d, DOSERR_NO_MEMORY); /* the JFT lives in the PSP: no room for more */
    else
        dos_ok(d);
}

/* 6Ch: open, create or replace, as BX's mode and DX's action say. */
static void fn_extended_open(struct dos *d)
{
    struct resolved r;
    char path[128];
    uint16_t action = cpu_get(d->m, REG_DX);
    if (dos_read_asciz(d, cpu_get(d->m, REG_DS), cpu_get(d->m, REG_SI), path, sizeof path) < 0 ||
        drive_resolve(&d->drives, path, &r) != 0) {
        dos_fail(d, DOSERR_NO_PATH);
        return;
    }
    int exists = r.exists || r.device != DEV_NONE, how = exists ? action & 0xF : (action >> 4) & 0xF;
    if (how == 0) {
        dos_fail(d, exists ? DOSERR_ACCESS : DOSERR_NO_FILE);     /* "fail if it exists" / "fail if it does not" */
        return;
    }
    /* Call the handle open or create with DS:DX pointing at the name. */
    uint16_t dx = cpu_get(d->m, REG_DX);
    cpu_set(d->m, REG_DX, cpu_get(d->m, REG_SI));
    cpu_set_al(d->m, (uint8_t)(cpu_get(d->m, REG_BX) & 7));
    open_file(d, exists && how == 1 ? 0 : 1);
    cpu_set(d->m, REG_DX, dx);
    cpu_set(d->m, REG_CX, (uint16_t)(!exists ? 2 : how == 1 ? 1 : 3));  /* created, opened, replaced */
}

const struct dos_entry dos_file_fns[] = {
    { 0x0E, fn_select_drive }, { 0x19, fn_current_drive },
    { 0x3C, fn_create }, { 0x3D, fn_open }, { 0x3E, fn_close }, { 0x3F, fn_read },
    { 0x40, fn_write }, { 0x41, fn_delete }, { 0x42, fn_seek }, { 0x43, fn_attributes },
    { 0x45, fn_dup }, { 0x46, fn_force_dup }, { 0x47, fn_get_cwd },
    { 0x5A, fn_create_temp }, { 0x5B, fn_create_new }, { 0x5C, fn_lock }, { 0x67, fn_handle_count },
    { 0x68, fn_lock }, { 0x6A, fn_lock }, { 0x6C, fn_extended_open },
    { 0, NULL },
};
