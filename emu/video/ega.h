/*
 * emu/video/ega.h: the EGA's and VGA's memory and the registers between it
 * and the CPU, as a state machine.
 *
 * Owns the four 64 KiB planes (the cards' 256 KiB), the sequencer
 * (3C4h/3C5h: reset, clocking mode, map mask, character map, memory mode
 * with odd/even and the VGA's chain-4), the graphics controller
 * (3CEh/3CFh: set/reset, enable set/reset, colour compare, data rotate
 * and function, read map select, mode with read modes 0-1 and write modes
 * 0-2 and the VGA's 3, miscellaneous with the memory map select, colour
 * don't care, bit mask) with its four latches, loaded by every CPU read
 * of the card's memory, the attribute controller (3C0h with its
 * index/data flip-flop, reset by a read of input status 1; the VGA reads
 * it back at 3C1h) and the miscellaneous output register (3C2h; the VGA
 * reads it at 3CCh).  The EGA's registers are write-only (IBM's EGA
 * technical reference): reading them gives FFh; the VGA's read back.
 * The CRTC, the DAC and the status ports are ega_card.c's, as are the
 * BIOS's tables of struct ega_params (what it programs for a mode).
 * docs/video.md has the sources.
 */
#ifndef PROFIL_EMU_EGA_H
#define PROFIL_EMU_EGA_H

#include <stdint.h>

#define EGA_PLANE_SIZE 0x10000u

/* Sequencer registers (3C5h). */
enum { SEQ_RESET, SEQ_CLOCKING, SEQ_MAP_MASK, SEQ_CHAR_MAP, SEQ_MEMORY_MODE, SEQ_REGS };
#define SEQ_MEM_ODD_EVEN_OFF 0x04u  /* memory mode bit 2: planes addressed as one (no odd/even) */
#define SEQ_MEM_CHAIN4       0x08u  /* memory mode bit 3 (VGA): A0-A1 select the plane */
#define SEQ_CLOCK_HALF       0x08u  /* clocking mode bit 3: dot clock / 2 (320-wide modes) */

/* Graphics controller registers (3CFh). */
enum { GC_SET_RESET, GC_ENABLE_SET_RESET, GC_COLOUR_COMPARE, GC_ROTATE, GC_READ_MAP, GC_MODE, GC_MISC,
       GC_DONT_CARE, GC_BIT_MASK, GC_REGS };
#define GC_MODE_READ1     0x08u     /* mode bit 3: read mode 1 (colour compare) */
#define GC_MODE_ODD_EVEN  0x10u     /* mode bit 4: reads odd/even */
#define GC_MODE_INTERLEAVE 0x20u    /* mode bit 5: the shift registers interleaved (CGA's 2 bits a pixel) */
#define GC_MODE_256       0x40u     /* mode bit 6 (VGA): 256-colour shift register */

/* Attribute controller registers (3C0h). */
enum { ATTR_PALETTE = 0, ATTR_MODE = 0x10, ATTR_OVERSCAN, ATTR_PLANE_ENABLE, ATTR_PANNING, ATTR_COLOUR_SELECT,
       ATTR_REGS };
#define ATTR_MODE_GRAPHICS 0x01u
#define ATTR_MODE_BLINK    0x08u
#define ATTR_MODE_256      0x40u    /* VGA: 8-bit colour */
#define ATTR_MODE_P54S     0x80u    /* VGA: palette bits 5-4 from the colour select */

/* What the EGA's and VGA's BIOS programs for a mode, from its video
 * parameter table (IBM, *Enhanced Graphics Adapter* technical reference,
 * the BIOS listing's parameter tables for the enhanced colour display;
 * IBM, *VGA Technical Reference*, the BIOS's video parameter table):
 * the miscellaneous output register, sequencer registers 1-4, CRTC
 * registers 0-18h, attribute registers 0-13h, graphics registers 0-8. */
struct ega_params {
    uint8_t misc, seq[4], crtc[25], attr[20], gc[9];
};

struct ega {
    int vga;                        /* the VGA's registers read back, chain-4, write mode 3 */
    uint8_t misc;                   /* 3C2h */
    uint8_t seq_index, seq[SEQ_REGS];
    uint8_t gc_index, gc[GC_REGS];
    uint8_t attr_index;             /* bits 0-4 the register, bit 5 the palette address source */
    uint8_t attr_data_next;         /* the flip-flop: 0 the next 3C0h write is an index */
    uint8_t attr[ATTR_REGS];
    uint8_t latch[4];
    uint8_t plane[4][EGA_PLANE_SIZE];
};

/* As at power-on: registers 0, planes 0 (the BIOS then sets a mode). */
void ega_reset(struct ega *e, int vga);
/* Ports 3C0h-3C5h, 3CAh-3CFh: 1 with *v when the card decodes the port. */
int ega_port_in(struct ega *e, uint16_t port, uint8_t *v);
int ega_port_out(struct ega *e, uint16_t port, uint8_t v);
/* A read of input status 1 (3DAh, 3BAh): the attribute flip-flop to index. */
void ega_status_read(struct ega *e);

/* The memory window the graphics controller's memory map select decodes
 * (A0000h 128 KiB, A0000h 64 KiB, B0000h 32 KiB, B8000h 32 KiB):
 * its linear bounds lo..hi-1. */
void ega_window(const struct ega *e, uint32_t *lo, uint32_t *hi);
/* The CPU's read of linear address `a`: FFh outside the window; inside,
 * the four latches loaded and the byte by the read mode. */
uint8_t ega_read(struct ega *e, uint32_t a);
/* What that read would return, changing nothing (the host's look:
 * the text the BIOS and the screen dump read). */
uint8_t ega_peek(const struct ega *e, uint32_t a);
/* The CPU's write of `v` at `a` through the write mode, the map mask,
 * set/reset, the function and the bit mask (nothing outside the window). */
void ega_write(struct ega *e, uint32_t a, uint8_t v);

#endif
