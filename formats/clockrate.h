/*
 * formats/clockrate.h: the rate of the emulated clock, as every file that
 * stores cycles states it.
 *
 * The IBM PC's system-board crystal is 14.31818 MHz and its 8088 runs at a
 * third of it, 4.772727 MHz: one cycle of profil's emulated clock.  The
 * .prc, .prx and .prs store counts of these cycles and readers turn them
 * into seconds with this rate; the machine (emu/chips/pit.h) runs at it.  One
 * definition, at the lowest layer, so a file reader never needs emu/.
 */
#ifndef PROFIL_FORMATS_CLOCKRATE_H
#define PROFIL_FORMATS_CLOCKRATE_H

#define CPU_HZ_NUM 14318180ull      /* cycles per second = NUM / DEN */
#define CPU_HZ_DEN 3ull

#endif
