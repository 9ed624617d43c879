/*
 * emu/video/adapter.c: the card present, through its descriptor (see
 * adapter.h).
 */
#include "adapter.h"

#include <string.h>

void adapter_reset(struct display_adapter *a, const struct video_card *card)
{
    memset(a, 0, sizeof *a);
    a->card = card;
    a->pel_mask = 0xFF;
    card->reset(a);
}

uint64_t adapter_frames(const struct display_adapter *a, uint64_t now)
{
    return a->card->frames(a, now);
}

uint8_t adapter_status(const struct display_adapter *a, uint64_t now)
{
    return a->card->status(a, now);
}

int adapter_port_in(struct display_adapter *a, uint16_t port, uint64_t now, uint8_t *v)
{
    return a->card->port_in(a, port, now, v);
}

int adapter_port_out(struct display_adapter *a, uint16_t port, uint8_t v, uint64_t now)
{
    return a->card->port_out(a, port, v, now);
}

void adapter_new_picture(struct display_adapter *a)
{
    if (a->card->new_picture)
        a->card->new_picture(a);
}

void adapter_colour_changed(struct display_adapter *a, uint16_t what, uint8_t before, uint64_t now)
{
    if (a->colour_changes == ADAPTER_COLOUR_CHANGES) {      /* the oldest goes */
        a->colour_first = (a->colour_first + 1) % ADAPTER_COLOUR_CHANGES;
        a->colour_changes--;
    }
    a->colour_log[(a->colour_first + a->colour_changes++) % ADAPTER_COLOUR_CHANGES] =
        (struct adapter_colour_change){ now, what, before };
}

const struct adapter_colour_change *adapter_colour_kept(const struct display_adapter *a, unsigned i)
{
    return &a->colour_log[(a->colour_first + i) % ADAPTER_COLOUR_CHANGES];
}

void adapter_start_changed(struct display_adapter *a, uint16_t before, uint64_t now)
{
    if (a->start_changes == ADAPTER_START_CHANGES) {        /* the oldest goes */
        a->start_first = (a->start_first + 1) % ADAPTER_START_CHANGES;
        a->start_changes--;
    }
    a->start_log[(a->start_first + a->start_changes++) % ADAPTER_START_CHANGES] =
        (struct adapter_start_change){ now, before };
}

const struct adapter_start_change *adapter_start_kept(const struct display_adapter *a, unsigned i)
{
    return &a->start_log[(a->start_first + i) % ADAPTER_START_CHANGES];
}

void adapter_dac_set(struct display_adapter *a, unsigned i, uint8_t v, uint64_t now)
{
    i %= 768;
    v &= 0x3F;
    if (a->dac[i] != v)
        adapter_colour_changed(a, (uint16_t)(ADAPTER_COLOUR_DAC + i), a->dac[i], now);
    a->dac[i] = v;
}

unsigned adapter_windows(const struct display_adapter *a, struct vram_window w[ADAPTER_MAX_WINDOWS])
{
    return a->card->windows(a, w);
}

int adapter_status_vsync(const struct display_adapter *a, uint16_t port, uint8_t v)
{
    return a->card->status_vsync(port, v);
}

uint16_t adapter_start(const struct display_adapter *a)
{
    uint8_t index;
    int data_port;
    const uint8_t *reg = a->card->crtc(a, 0, &index, &data_port);
    return (uint16_t)(reg[12] << 8 | reg[13]);
}

int adapter_start_address(const struct display_adapter *a, uint16_t port, uint16_t *address)
{
    uint8_t index;
    int data_port;
    a->card->crtc(a, port, &index, &data_port);
    if (!data_port || (index != 12 && index != 13))
        return 0;
    *address = adapter_start(a);
    return 1;
}
