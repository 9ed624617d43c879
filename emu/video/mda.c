/*
 * emu/video/mda.c: the MDA's and Hercules card's registers and status (see
 * mda.h).
 */
#include "mda.h"

#include <string.h>

void mda_reset(struct mda *c, int hercules)
{
    memset(c, 0, sizeof *c);
    c->hercules = hercules;
}

uint8_t mda_mode(const struct mda *c)
{
    uint8_t mode = c->mode;
    if (!c->hercules)
        return mode & (uint8_t)~(MDA_MODE_GRAPHICS | MDA_MODE_PAGE1);
    if (!(c->config & HERC_CONFIG_GRAPHICS))
        mode &= (uint8_t)~MDA_MODE_GRAPHICS;
    if (!(c->config & HERC_CONFIG_PAGE1))
        mode &= (uint8_t)~MDA_MODE_PAGE1;
    return mode;
}

int mda_port_in(struct mda *c, uint16_t port, uint64_t now, uint8_t *v)
{
    if (crtc_port_in(&c->crtc, 0x3B0, port, v))
        return 1;
    switch (port) {
    case 0x3BA:
        *v = mda_status(c, now);
        return 1;
    case 0x3B8:
        *v = 0xFF;
        return 1;
    case 0x3BF:
        if (!c->hercules)
            return 0;
        *v = 0xFF;
        return 1;
    default:
        return 0;
    }
}

int mda_port_out(struct mda *c, uint16_t port, uint8_t v)
{
    if (crtc_port_out(&c->crtc, 0x3B0, port, v))
        return 1;
    switch (port) {
    case 0x3B8:
        c->mode = v;
        return 1;
    case 0x3BF:
        if (!c->hercules)
            return 0;
        c->config = v & (HERC_CONFIG_GRAPHICS | HERC_CONFIG_PAGE1);
        return 1;
    default:
        return 0;
    }
}

void mda_frame(const struct mda *c, struct crtc_frame *f)
{
    crtc_frame_of(&c->crtc, mda_mode(c) & MDA_MODE_GRAPHICS ? 16u : 9u, f);
}

/* now x NUM / DEN without overflow: whole DENs first, then the rest. */
uint64_t mda_dots(uint64_t now)
{
    return now / MDA_DOTS_DEN * MDA_DOTS_NUM + now % MDA_DOTS_DEN * MDA_DOTS_NUM / MDA_DOTS_DEN;
}

uint8_t mda_status(const struct mda *c, uint64_t now)
{
    struct crtc_frame f;
    struct crtc_beam b;
    mda_frame(c, &f);
    crtc_beam_at(&f, mda_dots(now), &b);
    uint8_t hsync = b.hsync ? 0x01 : 0;
    if (c->hercules)
        return (uint8_t)((b.vsync ? 0 : 0x80) | hsync);
    return (uint8_t)(0xF0 | hsync);
}
