/*
 * emu/dos/dos_console.c: INT 21h console functions 01h-0Ch, and the console
 * device's line input that a read of handle 0 gets.
 *
 * Output goes to the console (host stdout and the screen model).  Input
 * comes from the host's stdin as PC keys (see console.c), or with --keys
 * from the keyboard (bios_key()): a call that finds no key yet while more
 * will come waits in DOS (STI, HLT, call again), the clock running on; a
 * line being edited by 0Ah keeps what was typed across the wait.  At the
 * end of input, character reads return 1Ah (^Z), as DOS does at the end
 * of a redirected file.  Ctrl-C read by 01h, 08h, 0Ah or a line read
 * echoes ^C and goes to the program's INT 23h (dos_ctrl_c()).
 */
#include "../bios/bios.h"
#include "../pc/console.h"
#include "../costs.h"
#include "dos_internal.h"

#define EOF_CHAR 0x1A
#define CTRL_C   0x03
#define KEY_WAIT (-2)       /* no key yet: the call waits and is made again */
#define KEY_BREAK (-3)      /* Ctrl-C: the program's INT 23h has been called */

static void out_char(struct dos *d, uint8_t ch)
{
    dos_con_out(d, ch);
    dos_charge_con(d, 1);
}

/* The next key: a byte, -1 at the end of input, or KEY_WAIT after
 * setting the call up to wait for one. */
static int in_char(struct dos *d)
{
    if (!kbd_scripted(&d->m->kbd)) {
        int ch = console_get(d->con);
        machine_charge(d->m, COST_KBD_CHAR, SEG_IOSYS, BIOS_CON_OFF);
        return ch < 0 ? -1 : ch;
    }
    uint16_t key;
    int r = bios_key_take(d->m, &key);
    if (r == 0) {
        dos_wait(d);
        return KEY_WAIT;
    }
    return r < 0 ? -1 : (uint8_t)key;
}

/* A key for a function that checks for Ctrl-C: as in_char(), or KEY_WAIT
 * after ^C has been echoed and the program's INT 23h called. */
static int in_char_checked(struct dos *d)
{
    int ch = in_char(d);
    if (ch != CTRL_C)
        return ch;
    out_char(d, '^');
    out_char(d, 'C');
    out_char(d, '\r');
    out_char(d, '\n');
    dos_ctrl_c(d);
    return KEY_BREAK;
}

int dos_con_key_ready(struct dos *d)
{
    uint16_t key;
    return kbd_scripted(&d->m->kbd) ? bios_key(d->m, 0, &key) > 0 : console_has_key(d->con);
}

static void fn_read_echo(struct dos *d)       /* 01 */
{
    int ch = in_char_checked(d);
    if (ch == KEY_WAIT || ch == KEY_BREAK)
        return;
    ch = ch < 0 ? EOF_CHAR : ch;
    out_char(d, (uint8_t)ch);
    cpu_set_al(d->m, (uint8_t)ch);
}

/* 02: AL is left as the last character written, a TAB's last space
 * (CPMIO2.ASM), as programs that read it after the call find it. */
static void fn_write_char(struct dos *d)      /* 02 */
{
    uint8_t ch = (uint8_t)cpu_get(d->m, REG_DX);
    out_char(d, ch);
    cpu_set_al(d->m, ch == '\t' ? ' ' : ch);
}

static void fn_direct_io(struct dos *d)       /* 06 */
{
    uint8_t dl = (uint8_t)cpu_get(d->m, REG_DX);
    if (dl != 0xFF) {
        out_char(d, dl);
        cpu_set_al(d->m, dl);
        return;
    }
    int have = dos_con_key_ready(d);
    service_set_zero(d->m, !have);
    int ch = have ? in_char(d) : 0;
    cpu_set_al(d->m, ch < 0 ? EOF_CHAR : (uint8_t)ch);
}

static void fn_read_raw(struct dos *d)        /* 07, 08 */
{
    int ch = cpu_ah(d->m) == 0x08 ? in_char_checked(d) : in_char(d);
    if (ch != KEY_WAIT && ch != KEY_BREAK)
        cpu_set_al(d->m, ch < 0 ? EOF_CHAR : (uint8_t)ch);
}

static void fn_write_string(struct dos *d)    /* 09 */
{
    dos_con_write(d, cpu_get(d->m, REG_DS), cpu_get(d->m, REG_DX), 0x10000u, 1, dos_con_out);
    cpu_set_al(d->m, '$');
}

/* DOS's line editor (MS-DOS 2.0's STRIN.ASM): keys into buf until Enter,
 * echoed; BS erases (BS, space, BS); a key past max-1 rings the bell.
 * *n is the length so far, kept across a wait.  1 at Enter (or the end
 * of input), 0 when the call waits, -1 after Ctrl-C. */
static int edit_line(struct dos *d, uint32_t buf, uint8_t max, uint8_t *n)
{
    for (;;) {
        int ch = in_char_checked(d);
        if (ch == KEY_WAIT)
            return 0;
        if (ch == KEY_BREAK)
            return -1;
        if (ch < 0 || ch == '\r')
            return 1;
        if (ch == '\b') {
            if (*n) {
                (*n)--;
                out_char(d, '\b');
                out_char(d, ' ');
                out_char(d, '\b');
            }
            continue;
        }
        if (*n + 1 >= max) {
            out_char(d, 7);
            continue;
        }
        mem_wb(d->m, buf + *n, (uint8_t)ch);
        (*n)++;
        out_char(d, (uint8_t)ch);
    }
}

static void fn_buffered_input(struct dos *d)  /* 0A */
{
    uint16_t ds = cpu_get(d->m, REG_DS), dx = cpu_get(d->m, REG_DX);
    uint8_t max = mem_rb(d->m, lin(ds, dx));
    uint8_t n = d->line_waiting ? d->line_typed : 0;
    d->line_waiting = 0;
    if (max == 0)
        return;
    int r = edit_line(d, lin(ds, (uint16_t)(dx + 2)), max, &n);
    if (r <= 0) {
        d->line_waiting = r == 0;
        d->line_typed = n;
        return;
    }
    mem_wb(d->m, lin(ds, (uint16_t)(dx + 2 + n)), '\r');
    mem_wb(d->m, lin(ds, (uint16_t)(dx + 1)), n);
    out_char(d, '\r');     /* DOS echoes the CR only */
    cpu_set_al(d->m, '\r'); /* and leaves it in AL (STRIN.ASM) */
}

int dos_con_read(struct dos *d, uint16_t ds, uint16_t dx, uint16_t cx, unsigned *done)
{
    struct machine *m = d->m;
    if (d->con_pos >= d->con_len) {
        uint8_t n = d->line_waiting ? d->line_typed : 0;
        uint32_t buf = lin(SEG_DOS, DOS_CON_LINE);
        d->line_waiting = 0;
        int r = edit_line(d, buf, DOS_CON_LINE_MAX, &n);
        if (r <= 0) {
            d->line_waiting = r == 0;
            d->line_typed = n;
            return -1;
        }
        mem_wb(m, buf + n, '\r');
        mem_wb(m, buf + n + 1u, '\n');
        out_char(d, '\r');
        out_char(d, '\n');
        d->con_len = (uint8_t)(n + 2);
        d->con_pos = 0;
    }
    *done = 0;
    while (*done < cx && d->con_pos < d->con_len) {
        mem_wb(m, lin(ds, (uint16_t)(dx + *done)), mem_rb(m, lin(SEG_DOS, (uint16_t)(DOS_CON_LINE + d->con_pos))));
        d->con_pos++;
        (*done)++;
    }
    return 0;
}

static void fn_input_status(struct dos *d)    /* 0B */
{
    cpu_set_al(d->m, dos_con_key_ready(d) ? 0xFF : 0x00);
}

static void fn_flush_and_read(struct dos *d)  /* 0C */
{
    switch (cpu_al(d->m)) {
    case 0x01: fn_read_echo(d); break;
    case 0x06: fn_direct_io(d); break;
    case 0x07: case 0x08: fn_read_raw(d); break;
    case 0x0A: fn_buffered_input(d); break;
    default: cpu_set_al(d->m, 0); break;   /* flushed only: AL=0 (CPMIO2.ASM) */
    }
}

/* 03h: no serial port: the end of input.  04h, 05h: AUX and PRN are the
 * host's stderr. */
static void fn_aux_in(struct dos *d)
{
    cpu_set_al(d->m, EOF_CHAR);
}

static void fn_aux_out(struct dos *d)
{
    console_flush(d->con);
    putc((uint8_t)cpu_get(d->m, REG_DX), d->err);
    fflush(d->err);
    dos_charge_con(d, 1);
    cpu_set_al(d->m, (uint8_t)cpu_get(d->m, REG_DX));  /* SENDOUT's MOV AL,DL */
}

const struct dos_entry dos_console_fns[] = {
    { 0x01, fn_read_echo }, { 0x02, fn_write_char }, { 0x03, fn_aux_in }, { 0x04, fn_aux_out },
    { 0x05, fn_aux_out }, { 0x06, fn_direct_io },
    { 0x07, fn_read_raw }, { 0x08, fn_read_raw }, { 0x09, fn_write_string },
    { 0x0A, fn_buffered_input }, { 0x0B, fn_input_status }, { 0x0C, fn_flush_and_read },
    { 0, NULL },
};
