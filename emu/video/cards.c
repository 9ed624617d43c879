/*
 * emu/video/cards.c: the table of display adapters (see cards.h).
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

unsigned video_cards_index(const struct video_card *card)
{
    unsigned i = 0;
    while (i < NCARDS && cards[i] != card)
        i++;
    return i;
}
