/*
 * emu/dos_console.c: INT 21h console functions 01h-0Ch.
 *
 * Output goes to the console (host stdout and the screen model); input
 * comes from the host's stdin as PC keys (see console.c).  At the end of
 * input, character reads return 1Ah (^Z), as DOS does at the end of a
 * redirected file.
 */
#include "bios.h"
#include "console.h"
#include "costs.h"
#include "dos_internal.h"

#define EOF_CHAR 0x1A

static void out_char(struct dos *d, uint8_t ch)
{
    dos_con_out(d, ch);
    dos_charge_con(d, 1);
}

static uint8_t in_char(struct dos *d)
{
    int ch = console_get(d->con);
    machine_charge(d->m, COST_KBD_CHAR, SEG_IOSYS, BIOS_CON_OFF);
    return ch < 0 ? EOF_CHAR : (uint8_t)ch;
}

static void fn_read_echo(struct dos *d)       /* 01 */
{
    uint8_t ch = in_char(d);
    out_char(d, ch);
    cpu_set_al(d->m, ch);
}

static void fn_write_char(struct dos *d)      /* 02 */
{
    out_char(d, (uint8_t)cpu_get(d->m, REG_DX));
}

static void fn_direct_io(struct dos *d)       /* 06 */
{
    uint8_t dl = (uint8_t)cpu_get(d->m, REG_DX);
    if (dl != 0xFF) {
        out_char(d, dl);
        cpu_set_al(d->m, dl);
        return;
    }
    int have = console_has_key(d->con);
    service_set_zero(d->m, !have);
    cpu_set_al(d->m, have ? in_char(d) : 0);
}

static void fn_read_raw(struct dos *d)        /* 07, 08 */
{
    cpu_set_al(d->m, in_char(d));
}

static void fn_write_string(struct dos *d)    /* 09 */
{
    uint16_t ds = cpu_get(d->m, REG_DS), dx = cpu_get(d->m, REG_DX);
    unsigned n = 0;
    for (uint16_t i = 0; n < 0x10000u; i++, n++) {
        uint8_t ch = mem_rb(d->m, lin(ds, (uint16_t)(dx + i)));
        if (ch == '$')
            break;
        dos_con_out(d, ch);
    }
    dos_charge_con(d, n);
    cpu_set_al(d->m, '$');
}

static void fn_buffered_input(struct dos *d)  /* 0A */
{
    uint16_t ds = cpu_get(d->m, REG_DS), dx = cpu_get(d->m, REG_DX);
    uint8_t max = mem_rb(d->m, lin(ds, dx));
    uint8_t n = 0;
    if (max == 0)
        return;
    for (;;) {
        int ch = console_get(d->con);
        machine_charge(d->m, COST_KBD_CHAR, SEG_IOSYS, BIOS_CON_OFF);
        if (ch < 0 || ch == '\r')
            break;
        if (ch == '\b') {
            if (n) {
                n--;
                out_char(d, '\b');
            }
            continue;
        }
        if (n + 1 >= max)
            continue;   /* DOS beeps and drops it */
        mem_wb(d->m, lin(ds, (uint16_t)(dx + 2 + n)), (uint8_t)ch);
        n++;
        out_char(d, (uint8_t)ch);
    }
    mem_wb(d->m, lin(ds, (uint16_t)(dx + 2 + n)), '\r');
    mem_wb(d->m, lin(ds, (uint16_t)(dx + 1)), n);
    out_char(d, '\r');
    out_char(d, '\n');
}

static void fn_input_status(struct dos *d)    /* 0B */
{
    cpu_set_al(d->m, console_has_key(d->con) ? 0xFF : 0x00);
}

static void fn_flush_and_read(struct dos *d)  /* 0C */
{
    switch (cpu_al(d->m)) {
    case 0x01: fn_read_echo(d); break;
    case 0x06: fn_direct_io(d); break;
    case 0x07: case 0x08: fn_read_raw(d); break;
    case 0x0A: fn_buffered_input(d); break;
    default: break;
    }
}

const struct dos_entry dos_console_fns[] = {
    { 0x01, fn_read_echo }, { 0x02, fn_write_char }, { 0x06, fn_direct_io },
    { 0x07, fn_read_raw }, { 0x08, fn_read_raw }, { 0x09, fn_write_string },
    { 0x0A, fn_buffered_input }, { 0x0B, fn_input_status }, { 0x0C, fn_flush_and_read },
    { 0, NULL },
};
