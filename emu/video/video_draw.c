/*
 * emu/video/video_draw.c: the card's picture, asked of its descriptor
 * (see video_draw.h).
 */
#include "video_draw.h"

#include <string.h>

#include "../machine.h"
#include "../pc/bda.h"
#include "video.h"

int video_draw(const struct machine *m, struct video_picture *pic, char *why, size_t n)
{
    const struct display_adapter *a = &m->adapter;
    struct video_memory mem = { m->mem, a->card->planar ? &a->ega : NULL };
    struct video_bios_state b = {
        .mode = video_mode(m), .cols = video_cols(m), .rows = video_rows(m),
        .page_start = mem_rw(m, BDA_PAGE_START), .programmed = video_ega_mode_programmed(m, video_mode(m)),
        .text = video_is_text(m),
    };
    memset(pic, 0, sizeof *pic);
    return a->card->draw(a, &mem, &b, m->now, pic, why, n);
}
