/*
 * emu/chips/pic.c: the 8259A (see pic.h).
 */
#include "pic.h"

#include <string.h>

void pic_init(struct pic *p)
{
    memset(p, 0, sizeof *p);
    p->vector_base = 8;
}

void pic_raise(struct pic *p, int irq)
{
    p->irr |= (uint8_t)(1u << irq);
}

int pic_pending(const struct pic *p)
{
    uint8_t req = p->irr & (uint8_t)~p->imr;
    if (!req)
        return -1;
    for (int i = 0; i < 8; i++) {
        uint8_t bit = (uint8_t)(1u << i);
        if (p->isr & bit)
            return -1;          /* a higher or equal priority is in service */
        if (req & bit)
            return i;
    }
    return -1;
}

uint8_t pic_ack(struct pic *p, int irq)
{
    uint8_t bit = (uint8_t)(1u << irq);
    p->irr &= (uint8_t)~bit;
    p->isr |= bit;
    return (uint8_t)(p->vector_base + irq);
}

static void end_of_interrupt(struct pic *p, uint8_t ocw2)
{
    if ((ocw2 & 0xE0) == 0x60) {            /* specific EOI */
        p->isr &= (uint8_t)~(1u << (ocw2 & 7));
        return;
    }
    for (int i = 0; i < 8; i++) {           /* non-specific: highest in service */
        if (p->isr & (1u << i)) {
            p->isr &= (uint8_t)~(1u << i);
            return;
        }
    }
}

void pic_write(struct pic *p, uint16_t port, uint8_t v)
{
    if (port == 0x20) {
        if (v & 0x10) {                     /* ICW1: start initialisation */
            p->init_step = 2;
            p->need_icw3 = !(v & 2);
            p->need_icw4 = v & 1;
            p->imr = 0;
            p->isr = 0;
            p->irr = 0;
        } else if ((v & 0x18) == 0x08) {    /* OCW3 */
            if (v & 2)
                p->read_isr = v & 1;
        } else if ((v & 0x18) == 0x00 && (v & 0x20)) {
            end_of_interrupt(p, v);         /* OCW2 with EOI */
        }
        return;
    }
    switch (p->init_step) {
    case 2:
        p->vector_base = v & 0xF8;
        p->init_step = p->need_icw3 ? 3 : p->need_icw4 ? 4 : 0;
        break;
    case 3:
        p->init_step = p->need_icw4 ? 4 : 0;
        break;
    case 4:
        p->init_step = 0;
        break;
    default:
        p->imr = v;
        break;
    }
}

uint8_t pic_read(struct pic *p, uint16_t port)
{
    if (port == 0x21)
        return p->imr;
    return p->read_isr ? p->isr : p->irr;
}
