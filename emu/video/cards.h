/*
 * emu/video/cards.h: the display adapters profil has, one table (--video):
 * each card's descriptor (card.h), defined in its own file, and its row.
 *
 * Owns which cards there are, their order (that of lib/profil.h's enum
 * profil_video) and finding one by name or number.  A new card is its own
 * files, its descriptor declared here, and one row in cards.c's table
 * (docs/architecture.md, "Adding a video card").
 */
#ifndef PROFIL_EMU_VIDEO_CARDS_H
#define PROFIL_EMU_VIDEO_CARDS_H

#include "card.h"

extern const struct video_card video_card_cga;          /* cga_card.c */
extern const struct video_card video_card_mda;          /* mda_card.c */
extern const struct video_card video_card_hercules;     /* mda_card.c */
extern const struct video_card video_card_ega;          /* ega_card.c */
extern const struct video_card video_card_vga;          /* ega_card.c */

/* The number of cards; card i (0: the default, the CGA), NULL past them. */
unsigned video_cards_count(void);
const struct video_card *video_cards_at(unsigned i);
/* The card named `name` ("cga", "mda", "hercules", "ega", "vga"), or NULL. */
const struct video_card *video_cards_find(const char *name);
/* A card's number in the table (what video_cards_at() takes). */
unsigned video_cards_index(const struct video_card *card);

#endif
