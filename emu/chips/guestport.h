/*
 * emu/chips/guestport.h: the guest's profiling interface, ports ECh and EDh
 * (docs/guestapi.md).
 *
 * Owns the interface as the guest sees it: the two port numbers, the
 * function codes written to ECh, the status codes read back from it, the
 * argument (a name) written to EDh byte by byte.  A function written to
 * ECh is handed, with its argument and the clock, to the observer the
 * layer above installs (sampler/guestprof.c); what the observer returns
 * is what the next IN from ECh reads.  Nothing of profiling lives here:
 * with no observer the ports behave as on an IBM PC, where no device
 * decodes them (writes vanish, reads give FFh).
 *
 * include/profdos.inc, profdos.mac and profdos.h are the guest's copies of
 * these numbers (tests/check_guestapi.c compares profdos.h's with these).
 */
#ifndef PROFIL_EMU_GUESTPORT_H
#define PROFIL_EMU_GUESTPORT_H

#include <stdint.h>

#define GUEST_PORT_CMD  0xECu       /* OUT: a function; IN: its status      */
#define GUEST_PORT_ARG  0xEDu       /* OUT: the argument's next byte; 0 empties it */
#define GUEST_ARG_MAX   32u         /* longest argument (a name), in bytes  */
#define GUEST_API_VERSION 1u        /* what IN from ECh gives after GUEST_FN_VERSION */

enum guest_fn {
    GUEST_FN_VERSION = 0,           /* "am I under profil": status = version */
    GUEST_FN_START = 1,
    GUEST_FN_STOP = 2,
    GUEST_FN_CLEAR = 3,
    GUEST_FN_DUMP = 4,              /* argument: an 8.3 file name           */
    GUEST_FN_MARK = 5,              /* argument: the point's name           */
    GUEST_FN_ENTER = 6,             /* argument: the zone's name            */
    GUEST_FN_LEAVE = 7,             /* argument: the zone's name, or none: the innermost */
    GUEST_FN_FRAME = 8,             /* a frame starts here (run --frames mark, auto) */
};

/* Status codes (never FFh, which a PC without profil reads). */
enum guest_status {
    GUEST_OK = 0,
    GUEST_E_FUNCTION = 1,           /* no such function                     */
    GUEST_E_STARTED = 2,            /* start while started                  */
    GUEST_E_STOPPED = 3,            /* stop while stopped                   */
    GUEST_E_ARGUMENT = 4,           /* a name missing, too long, or not allowed */
    GUEST_E_ZONE = 5,               /* leave: not the innermost open zone, or none open */
    GUEST_E_FULL = 6,               /* too many zones, marks or open zones  */
    GUEST_E_WRITE = 7,              /* dump: the file could not be written, or is not profil's */
    GUEST_NO_PROFIL = 0xFF,         /* what a real PC reads                 */
};

/* Called for each function written to ECh, at the clock of the OUT
 * instruction (its start: the cycles before it are spent, its own not). */
struct guest_observer {
    void *ctx;
    uint8_t (*call)(void *ctx, uint8_t fn, const char *arg, unsigned len, uint64_t now);
};

struct guest_port {
    const struct guest_observer *obs;   /* NULL: the ports are not decoded */
    char arg[GUEST_ARG_MAX + 1];        /* NUL-terminated, GUEST_ARG_MAX bytes at most */
    unsigned len;                       /* bytes written since the last function, past the end too */
    uint8_t status;                     /* the last function's */
};

void guestport_write(struct guest_port *g, uint16_t port, uint8_t v, uint64_t now);
uint8_t guestport_read(const struct guest_port *g, uint16_t port);

#endif
