/*
 * emu/bios/bios_internal.h: what bios.c, bios_video.c and bios_keys.c share and
 * nothing else sees: the BIOS's state, the time a call costs, the report
 * of an unknown function, and the service entry points of each file.
 */
#ifndef PROFIL_EMU_BIOS_INTERNAL_H
#define PROFIL_EMU_BIOS_INTERNAL_H

#include <stdint.h>

struct machine;
struct console;

/* The BIOS's state, one per machine (m->bios, made by bios_install()). */
struct bios {
    struct console *con;            /* the keys of bios_key() without --keys */
    uint32_t disk_service;          /* the service whose disk wait runs (bios_disk_wait) */
};

/* COST_BIOS_CALL at the caller's CS:IP (the dispatch in the ROM). */
void bios_charge_call(struct machine *m);
/* n characters through the console driver's time (I/O system). */
void bios_charge_chars(struct machine *m, unsigned n);
/* Report INT vec AH=fn once; CF=1, AX=1. */
void bios_unknown(struct machine *m, uint8_t vec, uint8_t fn);

/* bios_video.c */
void bios_int10(struct machine *m, void *ctx);
/* bios_keys.c; the INT 16h wait loop jumps back to `int16_stub`. */
void bios_int09(struct machine *m, void *ctx);
void bios_int16(struct machine *m, void *ctx);
void bios_keys_install(struct machine *m, uint16_t int16_stub);

#endif
