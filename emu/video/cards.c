/*
 * emu/video/cards.c: the table of display adapters (see cards.h), and the
 * flat-average wait rule the cards whose clock is not the CPU's share
 * (card.h's video_waits_average).
 */
#include "cards.h"

#include <string.h>

static const struct video_card *const cards[] = {
    &video_card_cga, &video_card_mda, &video_card_hercules, &video_card_ega, &video_card_vga,
};
#define NCARDS (sizeof cards / sizeof cards[0])

unsigned video_cards_count(void) { return NCARDS; }

const struct video_card *video_cards_at(unsigned i)
{
    return i < NCARDS ? cards[i] : NULL;
}

const struct video_card *video_cards_find(const char *name)
{
    for (unsigned i = 0; i < NCARDS; i++)
        if (strcmp(name, cards[i]->name) == 0)
            return cards[i];
    return NULL;
}

unsigned video_waits_average(const void *ctx, uint64_t t1)
{
    const struct video_waits_average *a = ctx;
    return a->whole + ((unsigned)(t1 % VIDEO_WAITS_AVERAGE_PERIOD) < a->sixteenths);
}

unsigned video_cards_index(const struct video_card *card)
{
    unsigned i = 0;
    while (i < NCARDS && cards[i] != card)
        i++;
    return i;
}
