/*
 * emu/dos/dos_net.c: the server and network calls, answered as MS-DOS
 * answers them with no network and no SHARE loaded (v4.0/src/DOS
 * SRVCALL.ASM's $ServerCall, MACRO.ASM's $UserOper and $AssignOper): 5Dh
 * (01h commit all, 06h the swappable data area, 0Ah set the extended
 * error), 5Eh (00h/01h the machine name), 5Fh (07h/08h a drive in use,
 * DOS 4).  What would reach a redirector (INT 2Fh AH=11h, whose default
 * is BadCall) fails with carry set and AX=1, unreported: that is DOS's
 * answer.  5D00h, a DOS call made for a server from a parameter list,
 * is not implemented and is reported.
 */
#include <string.h>

#include "dos_internal.h"

#define NET_SDA       0x0500u       /* the swappable data area 5D06h points at */
#define NET_SDA_SIZE  0x18u         /* its always-swapped part (DOS 3)       */

/* A call that would reach the network redirector: there is none. */
static void no_network(struct dos *d) { dos_fail(d, DOSERR_FUNC); }

/* 5D06h: DS:SI at the swappable data area, as it is now (the critical
 * error and InDOS flags, the last error, the DTA, the PSP, the last return
 * code and the current drive); CX and DX its size.  A snapshot: guest code
 * never runs inside DOS here, so InDOS is 0 whenever the program reads it. */
static void swappable_area(struct dos *d)
{
    struct machine *m = d->m;
    uint8_t sda[NET_SDA_SIZE] = { 0 }, cls, action, locus;
    dos_error_info(d->last_error, &cls, &action, &locus);
    sda[2] = 0xFF;                              /* no critical error's drive */
    sda[3] = d->last_error ? locus : 0;
    sda[4] = (uint8_t)d->last_error;
    sda[5] = (uint8_t)(d->last_error >> 8);
    sda[6] = d->last_error ? action : 0;
    sda[7] = d->last_error ? cls : 0;
    sda[0x0C] = (uint8_t)d->dta_off;
    sda[0x0D] = (uint8_t)(d->dta_off >> 8);
    sda[0x0E] = (uint8_t)d->dta_seg;
    sda[0x0F] = (uint8_t)(d->dta_seg >> 8);
    sda[0x10] = (uint8_t)d->psp;
    sda[0x11] = (uint8_t)(d->psp >> 8);
    sda[0x14] = d->last_exit_code;
    sda[0x15] = d->last_exit_type;
    sda[0x16] = (uint8_t)d->drives.current;
    mem_write(m, lin(SEG_DOS, NET_SDA), sda, sizeof sda);
    cpu_set(m, REG_DS, SEG_DOS);
    cpu_set(m, REG_SI, NET_SDA);
    cpu_set(m, REG_CX, NET_SDA_SIZE);
    cpu_set(m, REG_DX, NET_SDA_SIZE);
}

static void fn_server(struct dos *d)
{
    struct machine *m = d->m;
    switch (cpu_al(m)) {
    case 0x00: {
        uint16_t cs, ip;
        service_caller(m, &cs, &ip);
        machine_unimplemented(m, 0x21, 0x5D, cs, (uint16_t)(ip - 2));
        no_network(d);
        return;
    }
    case 0x01: break;                           /* commit all: nothing is buffered */
    case 0x06: swappable_area(d); break;
    case 0x0A:                                  /* the DPL's AX becomes the last error */
        d->last_error = mem_rw(m, lin(cpu_get(m, REG_DS), cpu_get(m, REG_DX)));
        break;
    default: no_network(d); return;
    }
    dos_ok(d);
}

static void fn_user(struct dos *d)
{
    struct machine *m = d->m;
    uint32_t at = lin(cpu_get(m, REG_DS), cpu_get(m, REG_DX));
    switch (cpu_al(m)) {
    case 0x00:                                  /* CH=0: no name was set */
        mem_write(m, at, d->machine_name, 16);
        cpu_set(m, REG_CX, d->machine_number);
        cpu_set(m, REG_AX, 0);
        break;
    case 0x01:
        for (unsigned i = 0; i < 15; i++)
            d->machine_name[i] = (char)mem_rb(m, at + i);
        d->machine_name[15] = 0;
        d->machine_number = cpu_get(m, REG_CX);
        cpu_set(m, REG_AX, 0);
        break;
    default: no_network(d); return;
    }
    dos_ok(d);
}

static void fn_assign(struct dos *d)
{
    uint8_t al = cpu_al(d->m), dl = (uint8_t)cpu_get(d->m, REG_DX);
    if ((al == 0x07 || al == 0x08) && (uint8_t)d->version >= 4) {
        if (dl >= DRIVE_COUNT || !d->drives.d[dl].root)
            dos_fail(d, DOSERR_DRIVE);
        else
            dos_ok(d);
        return;
    }
    no_network(d);
}

const struct dos_entry dos_net_fns[] = {
    { 0x5D, fn_server }, { 0x5E, fn_user }, { 0x5F, fn_assign }, { 0, NULL },
};
