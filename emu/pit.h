/*
 * emu/pit.h: the 8253 programmable interval timer, in emulated time.
 *
 * Owns channel 0 (IRQ0, the guest's timer) and the state of channels 1 and
 * 2 (readable and writable, no outputs wired except channel 2's gate bit).
 * The counter is not stepped: its value and its interrupt times are
 * computed from the emulated clock, so the PIT costs nothing per
 * instruction.  1 PIT clock = 4 CPU cycles.
 */
#ifndef PROFIL_EMU_PIT_H
#define PROFIL_EMU_PIT_H

#include <stdint.h>

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
};

void pit_init(struct pit *p);
/* Program channel 0 as the BIOS does: mode 3, count 0 (65536), 18.2 Hz. */
void pit_bios_setup(struct pit *p, uint64_t now);
uint8_t pit_read(struct pit *p, uint16_t port, uint64_t now);
void pit_write(struct pit *p, uint16_t port, uint8_t v, uint64_t now);
/* The counter's current value as a read would see it (without latching). */
uint16_t pit_count(const struct pit *p, int ch, uint64_t now);
/* If channel 0's output edge happened at or before `now`, move next_irq
 * past `now` and return 1 (several missed edges collapse into one, as the
 * PIC's request latch does). */
int pit_irq_due(struct pit *p, uint64_t now);

#endif
