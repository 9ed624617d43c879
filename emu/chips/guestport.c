/*
 * emu/chips/guestport.c: ports ECh/EDh, the guest's profiling interface (see
 * guestport.h).
 */
#include "guestport.h"

void guestport_write(struct guest_port *g, uint16_t port, uint8_t v, uint64_t now)
{
    if (!g->obs)
        return;
    if (port == GUEST_PORT_ARG) {
        if (v == 0) {
            g->len = 0;
        } else {
            if (g->len < GUEST_ARG_MAX)
                g->arg[g->len] = (char)v;
            if (g->len <= GUEST_ARG_MAX)
                g->len++;               /* one past the end: too long */
        }
        return;
    }
    unsigned len = g->len;
    g->arg[len < GUEST_ARG_MAX ? len : GUEST_ARG_MAX] = 0;
    g->status = len > GUEST_ARG_MAX ? GUEST_E_ARGUMENT : g->obs->call(g->obs->ctx, v, g->arg, len, now);
    g->len = 0;
}

uint8_t guestport_read(const struct guest_port *g, uint16_t port)
{
    if (!g->obs || port != GUEST_PORT_CMD)
        return GUEST_NO_PROFIL;
    return g->status;
}
