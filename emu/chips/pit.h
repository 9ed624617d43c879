/*
 * emu/chips/pit.h: the 8253 programmable interval timer, in emulated time.
 *
 * Owns channel 0 (IRQ0, the guest's timer), channel 1 (its output's rising
 * edges request the DRAM refresh DMA: pit_refresh_next), and channel 2
 * (its output, gated by port 61h bit 0, is the speaker's: emu/chips/speaker.c).
 * The counter is not stepped: its value and its interrupt times are
 * computed from the emulated clock, so the PIT costs nothing per
 * instruction.  1 PIT clock = 4 CPU cycles.
 */
#ifndef PROFIL_EMU_PIT_H
#define PROFIL_EMU_PIT_H

#include <stdint.h>

/* The system board's crystal: 14.31818 MHz / 3 = 4.772727 MHz CPU, the
 * emulated clock (CPU_HZ_NUM / CPU_HZ_DEN, emu/clockrate.h); the PIT
 * runs at CPU / 4. */
#include "../clockrate.h"
#define PIT_CYCLES_PER_TICK 4u

struct pit_channel {
    uint8_t mode;           /* 0..5 (modes 2 and 3 repeat, 0 fires once)  */
    uint8_t access;         /* 1 lobyte, 2 hibyte, 3 lobyte then hibyte   */
    uint32_t reload;        /* 1..65536                                   */
    uint64_t start;         /* cycle the current count was loaded         */
    int counting;           /* a count has been loaded                    */
    uint8_t write_lo;       /* low byte held while waiting for the high   */
    int write_hi_next;      /* next write is the high byte                */
    int read_hi_next;       /* next read is the high byte                 */
    int latched;            /* latch command captured `latch`             */
    uint16_t latch;
};

struct pit {
    struct pit_channel ch[3];
    uint64_t next_irq;      /* cycle of channel 0's next IRQ0 edge, or UINT64_MAX */
    uint32_t writes;        /* port writes so far: the refresh schedule's version */
};

void pit_init(struct pit *p);
/* Program channel 0 as the BIOS does: mode 3, count 0 (65536), 18.2 Hz;
 * channel 1 as the IBM BIOS's POST does for the DRAM refresh: control
 * word 54h (mode 2, low byte), count 18, a request every 72 CPU clocks;
 * and channel 2 as the beep at the end of POST leaves it (the IBM PC/XT
 * BIOS listing's BEEP: control word B6h, count 533h, mode 3; the gate
 * then cleared in port 61h, so its output stays high). */
void pit_bios_setup(struct pit *p, uint64_t now);
uint8_t pit_read(struct pit *p, uint16_t port, uint64_t now);
void pit_write(struct pit *p, uint16_t port, uint8_t v, uint64_t now);
/* The counter's current value as a read would see it (without latching). */
uint16_t pit_count(const struct pit *p, int ch, uint64_t now);
/* Channel 1's output, as the DRAM refresh DMA sees it: its first rising
 * edge at or after `now` (UINT64_MAX: none to come), and in *period the
 * clocks between edges (0: this is the last: mode 0 counts down once). */
uint64_t pit_refresh_next(const struct pit *p, uint64_t now, uint64_t *period);
/* If channel 0's output edge happened at or before `now`, move next_irq
 * past `now` and return 1 (several missed edges collapse into one, as the
 * PIC's request latch does). */
int pit_irq_due(struct pit *p, uint64_t now);

#endif
