/*
 * emu/bios/bios.h: the PC BIOS: data area, ROM identification, interrupt
 * vectors 00h-1Fh, the INT 08h timer handler (real guest code) and the
 * host services behind INT 09h, 10h-17h and 1Ah (bios.c: data area, ROM,
 * equipment, disks, ports, time; bios_video.c: INT 10h; bios_keys.c: the
 * keyboard).
 *
 * All BIOS code and stubs live in the I/O-system region (SEG_IOSYS), so
 * PROFIL counts time in them as hit_io.  Its state is the machine's
 * (m->bios); bios_install() also plugs the display's status port and the
 * key buffer's "full" into the machine (docs/architecture.md, Layers).
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
#define BIOS_WAIT_OFF     0x0090u   /* INT 16h's wait for a key: sti, hlt, ask again */
#define BIOS_DISK_WAIT_OFF 0x00A0u  /* the disk's wait: sti, hlt, jmp to the IRET at A5h */
#define BIOS_DISK_DONE_OFF 0x00A5u  /* its IRET, behind a trap that waits on until the time */

/* Set up the BIOS for `m`; `ticks_at_boot` seeds 40:6Ch (time of day). */
int bios_install(struct machine *m, struct console *con, uint32_t ticks_at_boot);

/* Inside a service: the rest of its time, until `until`, passes in the
 * BIOS's disk wait with interrupts enabled, as the XT's disk BIOS waits:
 * each IRQ comes at its time (INT 08h counts 40:6Ch), the time in the
 * loop stays the service's, and the loop's IRET returns to the caller
 * with the registers and flags the service left. */
void bios_disk_wait(struct machine *m, uint64_t until);

/* A key (scan << 8 | character) for INT 16h or the DOS console, taken
 * from the buffer at 40:1Eh when `take`, else looked at: 1 with *key; 0
 * when there is none now but one may come (more --keys, or a --timeout
 * to wait for): the caller waits in emulated time; -1 when none ever will. */
int bios_key(struct machine *m, int take, uint16_t *key);
/* bios_key(m, 1, key), charging a key's time when one is taken. */
int bios_key_take(struct machine *m, uint16_t *key);
/* The buffer at 40:1Eh has no room (the keyboard holds a key back). */
int bios_key_buffer_full(const struct machine *m);

#endif
