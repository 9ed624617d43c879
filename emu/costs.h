/*
 * emu/costs.h: the emulated time a host service takes, in CPU cycles.
 *
 * A host service runs in zero host-visible guest instructions, so its time
 * is charged from this table (docs/costs.md explains each figure).  Time
 * charged at a DOS stub lands in PROFIL's hit_dos, time charged at a BIOS
 * stub or at the I/O system's device-driver address lands in hit_io, as the
 * real IBMDOS/IBMBIO split would put it.
 */
#ifndef PROFIL_EMU_COSTS_H
#define PROFIL_EMU_COSTS_H

#define COST_BIOS_CALL       120u   /* any BIOS service: dispatch, register save/restore   */
#define COST_TTY_CHAR        900u   /* one character through the console driver / INT 10h */
#define COST_KBD_CHAR        150u   /* one key taken from the BIOS keyboard buffer         */
#define COST_DOS_CALL        350u   /* any INT 21h function: entry, stack switch, dispatch */
#define COST_DOS_CON_CHAR    120u   /* DOS's own work per console character (^C check...)  */
#define COST_DOS_FILE_CALL  2400u   /* open/create/close/delete/seek/attributes: DOS part  */
#define COST_DOS_MEM_CALL    600u   /* allocate/free/resize: walking the arena             */
#define COST_DISK_BYTE         8u   /* file data, per byte: the block driver's copy        */

#endif
