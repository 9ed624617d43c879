/*
 * include/profil.h: profil's interface for the program itself, for the DOS
 * C compilers of the time (docs/guestapi.md): Turbo C / Borland C
 * (outportb/inportb), Microsoft C and Open Watcom (outp/inp), dev86 bcc
 * (inline assembly; tests/fixtures/guestc.c is built with it).  Another
 * compiler: define PROFIL_OUT(port, byte) and PROFIL_IN(port) before
 * including this file.
 *
 * On a real PC no device decodes ports ECh/EDh: the calls do nothing and
 * every status reads FFh (PROFIL_NOT_PRESENT).  Under profil:
 *
 *   profil_version()       1, or FFh: not under profil
 *   profil_start()         0, or PROFIL_E_STARTED
 *   profil_stop()          0, or PROFIL_E_STOPPED
 *   profil_clear()         0: every count of the run back to 0
 *   profil_dump("NAME")    0, PROFIL_E_ARGUMENT (not a plain NAME[.PRF]), PROFIL_E_FULL
 *                          (a 65th name), PROFIL_E_WRITE
 *   profil_mark("name")    0, PROFIL_E_ARGUMENT, PROFIL_E_FULL
 *   profil_enter("name")   0, PROFIL_E_ARGUMENT, PROFIL_E_FULL
 *   profil_leave("name")   0, PROFIL_E_ZONE: not the innermost open zone;
 *                          profil_leave("") leaves the innermost, whatever its name
 *
 * Names: 1-32 printable characters, no spaces or ';'.  This is not the
 * header of profil's embedding library (lib/profil.h, installed as
 * <profil.h> on the host): this one is for programs that run under profil.
 */
#ifndef PROFIL_GUEST_H
#define PROFIL_GUEST_H

#define PROFIL_PORT_CMD     0xEC    /* OUT: a function; IN: its status */
#define PROFIL_PORT_ARG     0xED    /* OUT: the name's next byte (0: empty it) */
#define PROFIL_API_VERSION  1

#define PROFIL_FN_VERSION   0
#define PROFIL_FN_START     1
#define PROFIL_FN_STOP      2
#define PROFIL_FN_CLEAR     3
#define PROFIL_FN_DUMP      4
#define PROFIL_FN_MARK      5
#define PROFIL_FN_ENTER     6
#define PROFIL_FN_LEAVE     7

#define PROFIL_OK           0
#define PROFIL_E_FUNCTION   1       /* no such function */
#define PROFIL_E_STARTED    2       /* start while started */
#define PROFIL_E_STOPPED    3       /* stop while stopped */
#define PROFIL_E_ARGUMENT   4       /* a name missing, too long or not allowed */
#define PROFIL_E_ZONE       5       /* leave: not the innermost open zone, or none */
#define PROFIL_E_FULL       6       /* too many zones, marks or open zones */
#define PROFIL_E_WRITE      7       /* dump: not written */
#define PROFIL_NOT_PRESENT  0xFF    /* what a PC without profil reads */

#if defined(PROFIL_OUT) && defined(PROFIL_IN)
/* the program's own */
#elif defined(__TURBOC__) || defined(__BORLANDC__)
#include <dos.h>
#define PROFIL_OUT(port, v) outportb((port), (unsigned char)(v))
#define PROFIL_IN(port) ((unsigned char)inportb(port))
#elif defined(_MSC_VER) || defined(__WATCOMC__)
#include <conio.h>
#define PROFIL_OUT(port, v) outp((port), (unsigned char)(v))
#define PROFIL_IN(port) ((unsigned char)inp(port))
#elif defined(__BCC__)
/* dev86 bcc: no outp(); two small functions in assembly (cdecl, small model). */
int profil_outb();
int profil_inb();
#asm
_profil_outb:
    push bp
    mov bp, sp
    mov dx, [bp+4]
    mov al, [bp+6]
    out dx, al
    pop bp
    ret
_profil_inb:
    push bp
    mov bp, sp
    mov dx, [bp+4]
    in al, dx
    xor ah, ah
    pop bp
    ret
#endasm
#define PROFIL_OUT(port, v) profil_outb((port), (v))
#define PROFIL_IN(port) ((unsigned char)profil_inb(port))
#else
#error "profil.h: unknown compiler: define PROFIL_OUT(port, byte) and PROFIL_IN(port) first"
#endif

static unsigned char profil_call(fn)
    unsigned char fn;
{
    PROFIL_OUT(PROFIL_PORT_CMD, fn);
    return PROFIL_IN(PROFIL_PORT_CMD);
}

/* A function with a name: its bytes to port EDh, then the function. */
static unsigned char profil_named(fn, name)
    unsigned char fn;
    const char *name;
{
    while (*name)
        PROFIL_OUT(PROFIL_PORT_ARG, *name++);
    return profil_call(fn);
}

#define profil_version()    profil_call(PROFIL_FN_VERSION)
#define profil_start()      profil_call(PROFIL_FN_START)
#define profil_stop()       profil_call(PROFIL_FN_STOP)
#define profil_clear()      profil_call(PROFIL_FN_CLEAR)
#define profil_dump(name)   profil_named(PROFIL_FN_DUMP, (name))
#define profil_mark(name)   profil_named(PROFIL_FN_MARK, (name))
#define profil_enter(name)  profil_named(PROFIL_FN_ENTER, (name))
#define profil_leave(name)  profil_named(PROFIL_FN_LEAVE, (name))

#endif
