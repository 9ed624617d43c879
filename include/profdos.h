/*
 * include/profdos.h: profil's interface for the program itself, for the DOS
 * C compilers of the time (docs/guestapi.md): Turbo C / Borland C
 * (outportb/inportb), Microsoft C (5.1 too) and Open Watcom (outp/inp), dev86 bcc
 * (inline assembly; tests/fixtures/guestc.c is built with it).  Another
 * compiler: define PROFDOS_OUT(port, byte) and PROFDOS_IN(port) before
 * including this file.
 *
 * On a real PC no device decodes ports ECh/EDh: the calls do nothing and
 * every status reads FFh (PROFDOS_NOT_PRESENT).  Under profil:
 *
 *   profdos_version()       1, or FFh: not under profil
 *   profdos_start()         0, or PROFDOS_E_STARTED
 *   profdos_stop()          0, or PROFDOS_E_STOPPED
 *   profdos_clear()         0: every count of the run back to 0
 *   profdos_dump("NAME")    0, PROFDOS_E_ARGUMENT (not a plain NAME[.PRF]), PROFDOS_E_FULL
 *                           (a 65th name), PROFDOS_E_WRITE
 *   profdos_mark("name")    0, PROFDOS_E_ARGUMENT, PROFDOS_E_FULL
 *   profdos_enter("name")   0, PROFDOS_E_ARGUMENT, PROFDOS_E_FULL
 *   profdos_leave("name")   0, PROFDOS_E_ZONE: not the innermost open zone;
 *                           profdos_leave("") leaves the innermost, whatever its name
 *
 * Names: 1-32 printable characters, no spaces or ';'.  This is not the
 * header of profil's embedding library (lib/profil.h, installed as
 * <profil.h> on the host): this one is for programs that run under profil.
 */
#ifndef PROFDOS_H
#define PROFDOS_H

#define PROFDOS_PORT_CMD     0xEC    /* OUT: a function; IN: its status */
#define PROFDOS_PORT_ARG     0xED    /* OUT: the name's next byte (0: empty it) */
#define PROFDOS_API_VERSION  1

#define PROFDOS_FN_VERSION   0
#define PROFDOS_FN_START     1
#define PROFDOS_FN_STOP      2
#define PROFDOS_FN_CLEAR     3
#define PROFDOS_FN_DUMP      4
#define PROFDOS_FN_MARK      5
#define PROFDOS_FN_ENTER     6
#define PROFDOS_FN_LEAVE     7
#define PROFDOS_FN_FRAME     8       /* a frame starts here */

#define PROFDOS_OK           0
#define PROFDOS_E_FUNCTION   1       /* no such function */
#define PROFDOS_E_STARTED    2       /* start while started */
#define PROFDOS_E_STOPPED    3       /* stop while stopped */
#define PROFDOS_E_ARGUMENT   4       /* a name missing, too long or not allowed */
#define PROFDOS_E_ZONE       5       /* leave: not the innermost open zone, or none */
#define PROFDOS_E_FULL       6       /* too many zones, marks or open zones */
#define PROFDOS_E_WRITE      7       /* dump: not written */
#define PROFDOS_NOT_PRESENT  0xFF    /* what a PC without profil reads */

#if defined(PROFDOS_OUT) && defined(PROFDOS_IN)
/* the program's own */
#elif defined(__TURBOC__) || defined(__BORLANDC__)
#include <dos.h>
#define PROFDOS_OUT(port, v) outportb((port), (unsigned char)(v))
#define PROFDOS_IN(port) ((unsigned char)inportb(port))
#elif defined(__BCC__)
/* dev86 bcc (with -ansi, which these prototypes need): no outp(); two
 * small functions in assembly (cdecl, small model). */
#include <features.h>       /* bcc knows no const: its headers define it away */
int profdos_outb(int port, int v);
int profdos_inb(int port);
#asm
_profdos_outb:
    push bp
    mov bp, sp
    mov dx, [bp+4]
    mov al, [bp+6]
    out dx, al
    pop bp
    ret
_profdos_inb:
    push bp
    mov bp, sp
    mov dx, [bp+4]
    in al, dx
    xor ah, ah
    pop bp
    ret
#endasm
#define PROFDOS_OUT(port, v) profdos_outb((port), (v))
#define PROFDOS_IN(port) ((unsigned char)profdos_inb(port))
#elif defined(_MSC_VER) || defined(__WATCOMC__) || defined(M_I86)
/* Microsoft C (M_I86: 5.1 and earlier define no _MSC_VER, which came with
 * 6.0) and Open Watcom (which defines both __WATCOMC__ and M_I86). */
#include <conio.h>
#define PROFDOS_OUT(port, v) outp((port), (unsigned char)(v))
#define PROFDOS_IN(port) ((unsigned char)inp(port))
#else
#error "profdos.h: unknown compiler: define PROFDOS_OUT(port, byte) and PROFDOS_IN(port) first"
#endif

static unsigned char profdos_call(unsigned char fn)
{
    PROFDOS_OUT(PROFDOS_PORT_CMD, fn);
    return PROFDOS_IN(PROFDOS_PORT_CMD);
}

/* A function with a name: its bytes to port EDh, then the function. */
static unsigned char profdos_named(unsigned char fn, const char *name)
{
    while (*name)
        PROFDOS_OUT(PROFDOS_PORT_ARG, *name++);
    return profdos_call(fn);
}

#define profdos_version()    profdos_call(PROFDOS_FN_VERSION)
#define profdos_start()      profdos_call(PROFDOS_FN_START)
#define profdos_stop()       profdos_call(PROFDOS_FN_STOP)
#define profdos_clear()      profdos_call(PROFDOS_FN_CLEAR)
#define profdos_dump(name)   profdos_named(PROFDOS_FN_DUMP, (name))
#define profdos_mark(name)   profdos_named(PROFDOS_FN_MARK, (name))
#define profdos_enter(name)  profdos_named(PROFDOS_FN_ENTER, (name))
#define profdos_leave(name)  profdos_named(PROFDOS_FN_LEAVE, (name))
#define profdos_frame()      profdos_call(PROFDOS_FN_FRAME)

#endif
