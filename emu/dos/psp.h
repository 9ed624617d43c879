/*
 * emu/dos/psp.h: the program segment prefix, the 256 bytes DOS puts before
 * every program: the one definition of its fields' offsets and of the
 * address of a handle's entry in its job file table (JFT).  Used by the
 * DOS kernel (emu/dos) and the loader (loader/process.c, loader/exec.c).
 */
#ifndef PROFIL_EMU_DOS_PSP_H
#define PROFIL_EMU_DOS_PSP_H

#include <stdint.h>

#include "../machine.h"

#define PSP_INT20      0x00u    /* INT 20h                                    */
#define PSP_MEM_TOP    0x02u    /* the paragraph after the program's block    */
#define PSP_CALL5      0x05u    /* CP/M-style far call to DOS                 */
#define PSP_INT22      0x0Au    /* saved INT 22h (terminate address), 23h, 24h */
#define PSP_PARENT     0x16u    /* the parent's PSP (itself for the root)     */
#define PSP_JFT        0x18u    /* the job file table: a byte per handle      */
#define PSP_ENV        0x2Cu    /* the environment's segment                  */
#define PSP_SAVED_SP   0x2Eu    /* SS:SP at its last EXEC (2Eh SP, 30h SS)    */
#define PSP_SAVED_SS   0x30u
#define PSP_JFT_COUNT  0x32u    /* the JFT's size, and a far pointer to it     */
#define PSP_JFT_PTR    0x34u
#define PSP_PREV       0x38u    /* previous PSP (0FFFFFFFFh)                  */
#define PSP_CALL_DOS   0x50u    /* INT 21h; RETF                              */
#define PSP_FCB1       0x5Cu
#define PSP_FCB2       0x6Cu
#define PSP_TAIL       0x80u    /* the command tail's length, then the tail; the default DTA */

#define PSP_NO_FILE    0xFFu    /* a JFT entry that is not open                */

/* The linear address of handle h's JFT entry in the PSP at `psp`. */
static inline uint32_t psp_handle(uint16_t psp, uint16_t h) { return lin(psp, (uint16_t)(PSP_JFT + h)); }

#endif
