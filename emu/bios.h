/*
 * emu/bios.h: the PC BIOS: data area, ROM identification, interrupt
 * vectors 00h-1Fh, the INT 08h timer handler (real guest code) and the
 * host services behind INT 10h, 11h, 12h, 16h and 1Ah.
 *
 * All BIOS code and stubs live in the I/O-system region (SEG_IOSYS), so
 * PROFIL counts time in them as hit_io.
 */
#ifndef PROFIL_EMU_BIOS_H
#define PROFIL_EMU_BIOS_H

#include <stdint.h>

struct machine;
struct console;

/* Offsets inside SEG_IOSYS. */
#define BIOS_INT08_OFF    0x0000u   /* timer interrupt handler code          */
#define BIOS_STUB_OFF     0x0040u   /* first service stub                    */
#define BIOS_IRET_OFF     0x0070u   /* a plain IRET for unused vectors       */
#define BIOS_CON_OFF      0x0080u   /* the console driver: per-character time */

/* Set up the BIOS for `m`; `ticks_at_boot` seeds 40:6Ch (time of day). */
int bios_install(struct machine *m, struct console *con, uint32_t ticks_at_boot);

#endif
