/*
 * emu/services.h: which DOS or BIOS service is running, as one number, and
 * its name.
 *
 * Owns the service id (the vector, and AH and AL where they choose a
 * function worth naming) and the one table of service names ("INT 21h/40h
 * write", "INT 10h/0Eh teletype", "INT 08h timer").  The machine keeps the
 * id of the service that is running (machine_service_at()); the sampler
 * counts time per id (sampler/svcprof.c).  Nothing here profiles.
 */
#ifndef PROFIL_EMU_SERVICES_H
#define PROFIL_EMU_SERVICES_H

#include <stddef.h>
#include <stdint.h>

/* An id: SVC_VALID | flags | vector << 16 | AH << 8 | AL; 0 is none. */
#define SVC_VALID  0x8000000u
#define SVC_HAS_AH 0x1000000u
#define SVC_HAS_AL 0x2000000u
#define SVC_OTHER  0x4000000u     /* time in DOS or the I/O system no service claims */

#define SVC_VEC(id) ((uint8_t)((id) >> 16))
#define SVC_AH(id)  ((uint8_t)((id) >> 8))
#define SVC_AL(id)  ((uint8_t)(id))

/* The id of INT vec called with AH, AL: AH counts for the vectors whose
 * functions AH chooses (10h, 13h-17h, 1Ah, 21h, 2Fh), AL too where the
 * table names subfunctions (21h/44h ioctl, 4Bh exec...). */
uint32_t service_id(uint8_t vec, uint8_t ah, uint8_t al);
/* The rows for time no service claims: in DOS (dos != 0) or the I/O system. */
uint32_t service_other(int dos);
/* "INT 21h/40h write", "INT 08h timer", "INT 21h/44h/00h ioctl get info",
 * "INT 21h/5Dh" (no name in the table), "other DOS". */
void service_label(uint32_t id, char *out, size_t n);

#endif
