/*
 * emu/dos/dos_ioctl.c: INT 21h/44h, I/O control: 00h/01h device information,
 * 02h-05h control strings (no driver here takes them), 06h/07h input and
 * output status, 08h removable media, 09h/0Ah remote drive and handle,
 * 0Bh sharing retry, 0Eh logical drive map.
 */
#include <sys/stat.h>
#include <unistd.h>

#include "dos_internal.h"
#include "../pc/console.h"


#define INFO_DEVICE  0x0080u
#define INFO_CON     0x80D3u    /* device, stdin, stdout, special, cooked, ready */
#define INFO_NUL     0x8084u
#define INFO_AUX     0x8080u

#define INFO_FILE_CLEAN 0x0040u   /* a file: not written since it was opened */

/* 00h: what the handle is.  The standard input and output are the console
 * only when the host's are terminals: otherwise they are files, as DOS
 * reports `PROG < IN > OUT` (handle 0 from the start, handle 1 until the
 * program writes to it, "not written"); stderr stays the console. */
static uint16_t device_info(struct dos *d, const struct sft *f)
{
    uint16_t file = (uint16_t)d->drives.current;
    switch (f->kind) {
    case SFT_FILE: return (uint16_t)(file | (f->written ? 0 : INFO_FILE_CLEAN));
    case SFT_NUL: return INFO_NUL;
    case SFT_ERR: return f == &d->sft[2] ? INFO_CON : INFO_AUX;
    case SFT_CON_IN:
        return d->con->in_tty || kbd_scripted(&d->m->kbd) ? INFO_CON : (uint16_t)(file | INFO_FILE_CLEAN);
    case SFT_CON_OUT:
        return d->con->out_tty ? INFO_CON : (uint16_t)(file | (d->con->out_bytes ? 0 : INFO_FILE_CLEAN));
    default: return INFO_CON;
    }
}

/* 06h: a file is ready until its end; the console when a key waits. */
static uint8_t input_status(struct dos *d, const struct sft *f)
{
    if (f->kind == SFT_FILE) {
        struct stat st;
        off_t pos = lseek(f->fd, 0, SEEK_CUR);
        return fstat(f->fd, &st) == 0 && pos >= 0 && pos < st.st_size ? 0xFF : 0x00;
    }
    if (f->kind == SFT_CON_IN || f->kind == SFT_CON_OUT || f->kind == SFT_SCREEN)
        return dos_con_key_ready(d) ? 0xFF : 0x00;
    return f->kind == SFT_NUL ? 0x00 : 0xFF;
}

/* The drive in BL (0 default, 1 = A:), or -1 after failing with 15. */
static int drive_bl(struct dos *d)
{
    uint8_t bl = (uint8_t)cpu_get(d->m, REG_BX);
    int drive = bl == 0 ? d->drives.current : bl - 1;
    if (drive >= DRIVE_COUNT || !d->drives.d[drive].root) {
        dos_fail(d, DOSERR_DRIVE);
        return -1;
    }
    return drive;
}

static void fn_ioctl(struct dos *d)
{
    struct machine *m = d->m;
    struct sft *f;
    switch (cpu_al(m)) {
    case 0x00:
        if (!(f = dos_handle_arg(d)))
            return;
        cpu_set(m, REG_DX, device_info(d, f));
        cpu_set(m, REG_AX, device_info(d, f));
        break;
    case 0x01:                  /* set: only the cooked/raw bit of a device matters */
        if (!(f = dos_handle_arg(d)))
            return;
        if (f->kind == SFT_FILE) {
            dos_fail(d, DOSERR_FUNC);
            return;
        }
        break;
    case 0x02: case 0x03: case 0x04: case 0x05:
        dos_fail(d, DOSERR_FUNC);    /* no driver here takes control strings */
        return;
    case 0x06:
        if (!(f = dos_handle_arg(d)))
            return;
        cpu_set_al(m, input_status(d, f));
        break;
    case 0x07:
        if (!(f = dos_handle_arg(d)))
            return;
        cpu_set_al(m, 0xFF);
        break;
    case 0x08:
        if (drive_bl(d) < 0)
            return;
        cpu_set(m, REG_AX, 1);  /* fixed */
        break;
    case 0x09:
        if (drive_bl(d) < 0)
            return;
        cpu_set(m, REG_DX, 0x0000);    /* local */
        break;
    case 0x0A:
        if (!(f = dos_handle_arg(d)))
            return;
        cpu_set(m, REG_DX, 0x0000);
        break;
    case 0x0B:
        break;
    case 0x0E:
        if (drive_bl(d) < 0)
            return;
        cpu_set_al(m, 0);       /* one letter per drive */
        break;
    default: {
        uint16_t cs, ip;
        service_caller(m, &cs, &ip);
        machine_unimplemented(m, 0x21, 0x44, cs, (uint16_t)(ip - 2));
        dos_fail(d, DOSERR_FUNC);
        return;
    }
    }
    dos_ok(d);
}

const struct dos_entry dos_ioctl_fns[] = {
    { 0x44, fn_ioctl }, { 0, NULL },
};
