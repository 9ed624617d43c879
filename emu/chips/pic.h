/*
 * emu/chips/pic.h: the 8259A interrupt controller (master only, as on the PC/XT).
 *
 * Owns the request (IRR), in-service (ISR) and mask (IMR) registers, the
 * vector base, EOI handling and the initialisation sequence.  Priority is
 * fixed: IRQ0 highest.
 */
#ifndef PROFIL_EMU_PIC_H
#define PROFIL_EMU_PIC_H

#include <stdint.h>

struct pic {
    uint8_t irr, isr, imr;
    uint8_t vector_base;
    uint8_t init_step;      /* 0: normal; 2..4: expecting ICW2..ICW4     */
    uint8_t need_icw3, need_icw4;
    uint8_t read_isr;       /* OCW3: port 20h reads ISR instead of IRR   */
};

void pic_init(struct pic *p);
void pic_raise(struct pic *p, int irq);
/* The IRQ the CPU would be interrupted by now (if IF=1), or -1. */
int pic_pending(const struct pic *p);
/* Acknowledge `irq`: it moves from IRR to ISR; returns its vector. */
uint8_t pic_ack(struct pic *p, int irq);
uint8_t pic_read(struct pic *p, uint16_t port);
void pic_write(struct pic *p, uint16_t port, uint8_t v);

#endif
