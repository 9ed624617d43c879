/*
 * emu/video/mda_card.c: the IBM Monochrome Display Adapter and the
 * Hercules Graphics Card as cards (card.h): their descriptors, the wait
 * states their memory makes the 8088 wait, and their picture; their
 * registers are mda.c's.
 */
#include "cards.h"

#include "adapter.h"
#include "video_picture.h"

/* The wait states a CPU cycle to the card's memory takes: the MDA's and
 * the Hercules's clocks (16.257 MHz) are their own, not the CPU's, so the
 * phase of a cycle against the card's character clock is not known and
 * only an average is: a flat average (card.h), 3 5/16 clocks on the MDA,
 * 3 2/16 on the Hercules, fitted to TOPBENCH's IBM 5150 rows
 * (docs/timing.md, "Wait states of video memory", derives each). */
static const struct video_waits_average mda_waits = { 3, 5 }, hercules_waits = { 3, 2 };

static void reset_mda(struct display_adapter *a) { mda_reset(&a->mda, 0); }
static void reset_hercules(struct display_adapter *a) { mda_reset(&a->mda, 1); }

static int port_in(struct display_adapter *a, uint16_t port, uint64_t now, uint8_t *v)
{
    return mda_port_in(&a->mda, port, now, v);
}

static int port_out(struct display_adapter *a, uint16_t port, uint8_t v, uint64_t now)
{
    (void)now;
    return mda_port_out(&a->mda, port, v);
}

/* The MDA's 4 KiB at B0000h repeated to B7FFFh. */
static unsigned windows_mda(const struct display_adapter *a, struct vram_window w[ADAPTER_MAX_WINDOWS])
{
    (void)a;
    w[0] = (struct vram_window){ 0xB0000, 0xB8000, MDA_MEM_SIZE };
    return 1;
}

/* The Hercules's two 32 KiB pages, the second (B8000h) only with 3BFh
 * bit 1. */
static unsigned windows_hercules(const struct display_adapter *a, struct vram_window w[ADAPTER_MAX_WINDOWS])
{
    w[0] = (struct vram_window){ 0xB0000, 0xB8000, HERC_PAGE_SIZE };
    if (!(a->mda.config & HERC_CONFIG_PAGE1))
        return 1;
    w[1] = (struct vram_window){ 0xB8000, 0xC0000, HERC_PAGE_SIZE };
    return 2;
}

static uint64_t frames(const struct display_adapter *a, uint64_t now)
{
    struct crtc_frame f;
    mda_frame(&a->mda, &f);
    return crtc_frames(&f, mda_dots(now));
}

static uint8_t status(const struct display_adapter *a, uint64_t now) { return mda_status(&a->mda, now); }

/* The MDA shows no vertical sync; the Hercules's is bit 7 low of 3BAh. */
static int status_vsync_mda(uint16_t port, uint8_t v)
{
    (void)port;
    (void)v;
    return -1;
}

static int status_vsync_hercules(uint16_t port, uint8_t v) { return port == 0x3BA ? !(v & 0x80) : -1; }

static const uint8_t *crtc(const struct display_adapter *a, uint16_t port, uint8_t *index, int *data_port)
{
    *index = a->mda.crtc.index;
    *data_port = port == 0x3B5;
    return a->mda.crtc.reg;
}

/* Text in cells of 9x14 in three levels (black, normal, bright), and the
 * Hercules's 720x348 graphics from either page; black with the video off. */
static int draw(const struct display_adapter *a, const struct video_memory *mem, const struct video_bios_state *b,
                uint64_t now, struct video_picture *pic, char *why, size_t n)
{
    const struct mda *card = &a->mda;
    const struct crtc6845 *c = &card->crtc;
    uint8_t mode = mda_mode(card);
    (void)b;
    int graphics = mode & MDA_MODE_GRAPHICS;
    unsigned cols = c->reg[CRTC_H_DISPLAYED];
    if (video_picture_new(pic, cols * (graphics ? 16u : 9u), c->reg[CRTC_V_DISPLAYED] * crtc_lines_per_row(c), why,
                          n) != 0)
        return -1;
    video_picture_mono(pic);
    if (!(mode & MDA_MODE_ENABLE))
        return 0;
    if (graphics) {
        static const uint8_t colours[2] = { VIDEO_MONO_BLACK, VIDEO_MONO_NORMAL };
        struct video_fetch f = { mode & MDA_MODE_PAGE1 ? 0xB8000 : 0xB0000, HERC_PAGE_SIZE - 1,
                                 crtc_start_address(c), 4, 1 };
        video_picture_graphics(mem, c, &f, colours, 0, pic->height, pic->pixels, pic->width);
        return 0;
    }
    uint32_t mask = card->hercules ? HERC_PAGE_SIZE - 1 : MDA_MEM_SIZE - 1;
    struct video_text_look t = { 0xB0000, mask, 9, 14, 1, mode & MDA_MODE_BLINK, 1, 1 };
    video_picture_blink(c, frames(a, now), &t);
    video_picture_text(mem, c, &t, crtc_start_address(c), 0, pic->height, pic->pixels, pic->width);
    return 0;
}

/* The PC BIOS with the equipment word's 80x25 monochrome: every mode set
 * sets mode 7. */
#define MONO_BIOS { .equipment = 0x30, .modes = 1u << 7, .forced_mode = 7 }

const struct video_card video_card_mda = {
    .name = "mda", .title = "MDA", .mono = 1, .planar = 0, .windows = windows_mda,
    .waits = { 0xB0000u, 0x8000u, video_waits_average, &mda_waits, VIDEO_WAITS_AVERAGE_PERIOD },
    .reset = reset_mda, .port_in = port_in, .port_out = port_out,
    .frames = frames, .status = status, .status_vsync = status_vsync_mda, .crtc = crtc,
    .bios = MONO_BIOS, .draw = draw,
};

const struct video_card video_card_hercules = {
    .name = "hercules", .title = "Hercules", .mono = 1, .planar = 0, .windows = windows_hercules,
    .waits = { 0xB0000u, 0x10000u, video_waits_average, &hercules_waits, VIDEO_WAITS_AVERAGE_PERIOD },
    .reset = reset_hercules, .port_in = port_in, .port_out = port_out,
    .frames = frames, .status = status, .status_vsync = status_vsync_hercules, .crtc = crtc,
    .bios = MONO_BIOS, .draw = draw,
};
