/*
 * emu/chips/pit.c: the 8253 PIT computed from the emulated clock (see pit.h).
 */
#include "pit.h"

#include <string.h>

static uint64_t period_cycles(const struct pit_channel *c)
{
    return (uint64_t)c->reload * PIT_CYCLES_PER_TICK;
}

static void schedule_ch0(struct pit *p)
{
    struct pit_channel *c = &p->ch[0];
    if (!c->counting) {
        p->next_irq = UINT64_MAX;
        return;
    }
    /* Modes 0, 2, 3 (and 1, 4, 5 treated as 0): the first edge is one full
     * count after loading. */
    p->next_irq = c->start + period_cycles(c);
}

void pit_init(struct pit *p)
{
    memset(p, 0, sizeof *p);
    for (int i = 0; i < 3; i++) {
        p->ch[i].access = 3;
        p->ch[i].reload = 65536;
    }
    p->next_irq = UINT64_MAX;
}

static void load_count(struct pit *p, int ch, uint32_t value, uint64_t now)
{
    struct pit_channel *c = &p->ch[ch];
    c->reload = value ? value : 65536;
    c->start = now;
    c->counting = 1;
    if (ch == 0)
        schedule_ch0(p);
}

/* Channel `ch` in `mode`, written a byte (access 1) or a word (3) at a
 * time, counting `count` from now: what a control word and the count give. */
static void program(struct pit *p, int ch, uint8_t mode, uint8_t access, uint32_t count, uint64_t now)
{
    p->ch[ch].mode = mode;
    p->ch[ch].access = access;
    load_count(p, ch, count, now);
}

void pit_bios_setup(struct pit *p, uint64_t now)
{
    program(p, 0, 3, 3, 0, now);        /* 65536: 18.2 Hz */
    program(p, 1, 2, 1, 18, now);       /* the DRAM refresh, every 72 clocks */
    program(p, 2, 3, 3, 0x533, now);    /* as POST's beep leaves it: mode 3, 896 Hz */
}

uint64_t pit_refresh_next(const struct pit *p, uint64_t now, uint64_t *period)
{
    const struct pit_channel *c = &p->ch[1];
    *period = 0;
    if (!c->counting)
        return UINT64_MAX;
    uint64_t per = period_cycles(c), first = c->start + per;
    if (c->mode != 2 && c->mode != 3)   /* mode 0 (and the one-shots): one edge */
        return first >= now ? first : UINT64_MAX;
    *period = per;
    return first >= now ? first : first + (now - first + per - 1) / per * per;
}

uint16_t pit_count(const struct pit *p, int ch, uint64_t now)
{
    const struct pit_channel *c = &p->ch[ch];
    if (!c->counting)
        return (uint16_t)c->reload;
    uint64_t ticks = (now - c->start) / PIT_CYCLES_PER_TICK;
    switch (c->mode) {
    case 2:
        return (uint16_t)(c->reload - ticks % c->reload);
    case 3: {
        /* Square wave: the counter steps by 2 and reloads every half period. */
        uint32_t half = c->reload / 2 ? c->reload / 2 : 1;
        return (uint16_t)(c->reload - 2 * (ticks % half));
    }
    default:
        /* Mode 0 and the one-shot modes: count down and wrap through FFFF. */
        return (uint16_t)((c->reload - ticks) & 0xFFFF);
    }
}

static void control_word(struct pit *p, uint8_t v, uint64_t now)
{
    int ch = v >> 6;
    if (ch == 3)
        return;                 /* read-back is an 8254 command */
    struct pit_channel *c = &p->ch[ch];
    uint8_t access = (v >> 4) & 3;
    if (access == 0) {          /* counter latch command */
        if (!c->latched) {
            c->latch = pit_count(p, ch, now);
            c->latched = 1;
            c->read_hi_next = 0;
        }
        return;
    }
    c->access = access;
    c->mode = (v >> 1) & 7;
    if (c->mode > 5)
        c->mode -= 4;           /* 6 and 7 are aliases of 2 and 3 */
    c->write_hi_next = 0;
    c->read_hi_next = 0;
    c->latched = 0;
    /* Writing the control word stops the counter until a count arrives. */
    c->counting = 0;
    if (ch == 0)
        schedule_ch0(p);
}

void pit_write(struct pit *p, uint16_t port, uint8_t v, uint64_t now)
{
    p->writes++;
    if (port == 0x43) {
        control_word(p, v, now);
        return;
    }
    int ch = port - 0x40;
    struct pit_channel *c = &p->ch[ch];
    switch (c->access) {
    case 1:
        load_count(p, ch, v, now);
        break;
    case 2:
        load_count(p, ch, (uint32_t)v << 8, now);
        break;
    default:
        if (!c->write_hi_next) {
            c->write_lo = v;
            c->write_hi_next = 1;
            if (c->mode == 0) {         /* mode 0 stops counting on the low byte */
                c->counting = 0;
                if (ch == 0)
                    schedule_ch0(p);
            }
        } else {
            c->write_hi_next = 0;
            load_count(p, ch, c->write_lo | ((uint32_t)v << 8), now);
        }
        break;
    }
}

uint8_t pit_read(struct pit *p, uint16_t port, uint64_t now)
{
    if (port == 0x43)
        return 0xFF;
    struct pit_channel *c = &p->ch[port - 0x40];
    uint16_t value = c->latched ? c->latch : pit_count(p, port - 0x40, now);
    uint8_t out;
    switch (c->access) {
    case 1:
        out = (uint8_t)value;
        c->latched = 0;
        break;
    case 2:
        out = (uint8_t)(value >> 8);
        c->latched = 0;
        break;
    default:
        if (!c->read_hi_next) {
            out = (uint8_t)value;
            c->read_hi_next = 1;
        } else {
            out = (uint8_t)(value >> 8);
            c->read_hi_next = 0;
            c->latched = 0;
        }
        break;
    }
    return out;
}

int pit_irq_due(struct pit *p, uint64_t now)
{
    if (now < p->next_irq)
        return 0;
    struct pit_channel *c = &p->ch[0];
    if (c->mode == 2 || c->mode == 3) {
        uint64_t per = period_cycles(c);
        uint64_t missed = (now - p->next_irq) / per + 1;
        p->next_irq += missed * per;
    } else {
        p->next_irq = UINT64_MAX;   /* mode 0: one edge per count loaded */
    }
    return 1;
}
