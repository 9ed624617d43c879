/*
 * emu/clockrate.h: the rate of the emulated clock, the one definition.
 *
 * The IBM PC's system-board crystal is 14.31818 MHz and its 8088 runs at a
 * third of it, 4.772727 MHz: one cycle of profil's emulated clock.  The
 * machine runs at it (emu/chips/pit.h); the .prc, .prx and .prs store counts of
 * these cycles, the .prx and the reports' JSON state the rate as `cpu_hz`
 * (CPU_HZ_ROUND), and readers turn cycles into seconds with
 * it.  A pure constant: formats/ and report/ may include this header of the
 * emulator's and nothing else of it for the rate (docs/architecture.md).
 */
#ifndef PROFIL_EMU_CLOCKRATE_H
#define PROFIL_EMU_CLOCKRATE_H

#define CPU_HZ_NUM 14318180ull      /* cycles per second = NUM / DEN */
#define CPU_HZ_DEN 3ull
/* The rate to the nearest hertz, as the files state it (cpu_hz): 4772727. */
#define CPU_HZ_ROUND ((CPU_HZ_NUM + CPU_HZ_DEN / 2) / CPU_HZ_DEN)

#endif
