/*
 * emu/video/adapter.c: the card present, its ports and memory windows (see
 * adapter.h).
 */
#include "adapter.h"

#include <string.h>

static const char *const card_names[VIDEO_CARDS] = { "cga", "mda", "hercules", "ega", "vga" };

const char *video_card_name(enum video_card card)
{
    return (unsigned)card < VIDEO_CARDS ? card_names[card] : "?";
}

int video_card_parse(const char *name, enum video_card *out)
{
    for (int i = 0; i < VIDEO_CARDS; i++)
        if (strcmp(name, card_names[i]) == 0) {
            *out = (enum video_card)i;
            return 0;
        }
    return -1;
}

void adapter_reset(struct display_adapter *a, enum video_card card)
{
    memset(a, 0, sizeof *a);
    a->card = card;
    cga_reset(&a->cga);
    mda_reset(&a->mda, card == VIDEO_HERCULES);
    ega_reset(&a->ega, card == VIDEO_VGA);
    a->pel_mask = 0xFF;
}

uint32_t adapter_rom_size(const struct display_adapter *a)
{
    return a->card == VIDEO_EGA ? 0x4000u : a->card == VIDEO_VGA ? 0x8000u : 0;
}

int adapter_is_mono(const struct display_adapter *a)
{
    return a->card == VIDEO_MDA || a->card == VIDEO_HERCULES;
}

/* The EGA's and VGA's rasters, fixed (their CRTCs are not modelled):
 * the EGA in its 200-line modes on the 14.31818 MHz crystal, as the CGA's
 * 80-column text (912 x 262 dots); the VGA's 400-line modes on 25.175 MHz,
 * 800 x 449 (640 x 400 shown, vertical sync on lines 412-413, horizontal
 * on dots 656-751).  Dots per CPU cycle: NUM / DEN. */
static const struct crtc_frame ega_frame = { 912, 262, 640, 200, 720, 80, 224, 16 };
static const struct crtc_frame vga_frame = { 800, 449, 640, 400, 656, 96, 412, 2 };
#define VGA_DOTS_NUM 3776250u       /* 25175000 x 3 / 14318180, reduced */
#define VGA_DOTS_DEN 715909u

/* The EGA's or VGA's raster and the dots its clock has counted. */
static const struct crtc_frame *ega_vga_raster(const struct display_adapter *a, uint64_t now, uint64_t *dots)
{
    if (a->card == VIDEO_VGA) {
        *dots = now / VGA_DOTS_DEN * VGA_DOTS_NUM + now % VGA_DOTS_DEN * VGA_DOTS_NUM / VGA_DOTS_DEN;
        return &vga_frame;
    }
    *dots = now * CGA_DOTS_PER_CYCLE;
    return &ega_frame;
}

static uint8_t ega_vga_status(const struct display_adapter *a, uint64_t now)
{
    struct crtc_beam b;
    uint64_t dots;
    const struct crtc_frame *raster = ega_vga_raster(a, now, &dots);
    crtc_beam_at(raster, dots, &b);
    return (uint8_t)((b.vsync ? 0x08 : 0) | (b.display ? 0 : 0x01));
}

uint64_t adapter_frames(const struct display_adapter *a, uint64_t now)
{
    struct crtc_frame f;
    uint64_t dots;
    switch (a->card) {
    case VIDEO_CGA:
        cga_frame(&a->cga, &f);
        return crtc_frames(&f, now * CGA_DOTS_PER_CYCLE);
    case VIDEO_MDA: case VIDEO_HERCULES:
        mda_frame(&a->mda, &f);
        return crtc_frames(&f, mda_dots(now));
    default: {
        const struct crtc_frame *raster = ega_vga_raster(a, now, &dots);
        return crtc_frames(raster, dots);
    }
    }
}

uint8_t adapter_status(const struct display_adapter *a, uint64_t now)
{
    switch (a->card) {
    case VIDEO_CGA: return cga_status(&a->cga, now);
    case VIDEO_MDA: case VIDEO_HERCULES: return mda_status(&a->mda, now);
    default: return ega_vga_status(a, now);
    }
}

static int ega_vga_in(struct display_adapter *a, uint16_t port, uint64_t now, uint8_t *v)
{
    switch (port) {
    case 0x3B4: case 0x3D4:
        *v = a->crtc_index;
        return 1;
    case 0x3B5: case 0x3D5:
        *v = a->crtc[a->crtc_index & 31];
        return 1;
    case 0x3BA: case 0x3DA:
        *v = ega_vga_status(a, now);
        ega_status_read(&a->ega);
        return 1;
    case 0x3C6: case 0x3C7: case 0x3C8: case 0x3C9:
        if (a->card != VIDEO_VGA)
            break;
        /* 3C6h the pel mask, 3C7h the DAC state (3: reading), 3C8h the
         * write index, 3C9h the next component read */
        *v = port == 0x3C6 ? a->pel_mask : port == 0x3C7 ? a->dac_reading
             : port == 0x3C8 ? (uint8_t)(a->dac_write / 3u) : a->dac[a->dac_read % 768];
        if (port == 0x3C9)
            a->dac_read = (uint16_t)((a->dac_read + 1) % 768);
        return 1;
    default:
        break;
    }
    return ega_port_in(&a->ega, port, v);
}

static int ega_vga_out(struct display_adapter *a, uint16_t port, uint8_t v)
{
    switch (port) {
    case 0x3B4: case 0x3D4:
        a->crtc_index = v;
        return 1;
    case 0x3B5: case 0x3D5:
        a->crtc[a->crtc_index & 31] = v;
        return 1;
    case 0x3C7: case 0x3C8: case 0x3C9:
        if (a->card != VIDEO_VGA)
            return 1;       /* the EGA has no DAC: 3C0h-3CFh are its other registers */
        if (port == 0x3C7) {
            a->dac_read = (uint16_t)(v * 3u);
            a->dac_reading = 3;
        } else if (port == 0x3C8) {
            a->dac_write = (uint16_t)(v * 3u);
            a->dac_reading = 0;
        } else {
            a->dac[a->dac_write % 768] = v & 0x3F;
            a->dac_write = (uint16_t)((a->dac_write + 1) % 768);
        }
        return 1;
    case 0x3C6:
        if (a->card == VIDEO_VGA)
            a->pel_mask = v;
        return 1;
    default:
        return ega_port_out(&a->ega, port, v);
    }
}

int adapter_port_in(struct display_adapter *a, uint16_t port, uint64_t now, uint8_t *v)
{
    switch (a->card) {
    case VIDEO_CGA: return cga_port_in(&a->cga, port, now, v);
    case VIDEO_MDA: case VIDEO_HERCULES: return mda_port_in(&a->mda, port, now, v);
    default: return ega_vga_in(a, port, now, v);
    }
}

int adapter_port_out(struct display_adapter *a, uint16_t port, uint8_t v)
{
    switch (a->card) {
    case VIDEO_CGA: return cga_port_out(&a->cga, port, v);
    case VIDEO_MDA: case VIDEO_HERCULES: return mda_port_out(&a->mda, port, v);
    default: return ega_vga_out(a, port, v);
    }
}

unsigned adapter_windows(const struct display_adapter *a, struct vram_window w[ADAPTER_MAX_WINDOWS])
{
    switch (a->card) {
    case VIDEO_CGA:
        w[0] = (struct vram_window){ 0xB8000, 0xC0000, CGA_MEM_SIZE };
        return 1;
    case VIDEO_MDA:
        w[0] = (struct vram_window){ 0xB0000, 0xB8000, MDA_MEM_SIZE };
        return 1;
    case VIDEO_HERCULES:
        w[0] = (struct vram_window){ 0xB0000, 0xB8000, HERC_PAGE_SIZE };
        if (!(a->mda.config & HERC_CONFIG_PAGE1))
            return 1;
        w[1] = (struct vram_window){ 0xB8000, 0xC0000, HERC_PAGE_SIZE };
        return 2;
    default:
        w[0] = (struct vram_window){ VRAM_LO, VRAM_HI, VRAM_HI - VRAM_LO };
        return 1;
    }
}

int adapter_status_vsync(const struct display_adapter *a, uint16_t port, uint8_t v)
{
    switch (a->card) {
    case VIDEO_CGA: return port == 0x3DA ? !!(v & 0x08) : -1;
    case VIDEO_MDA: return -1;
    case VIDEO_HERCULES: return port == 0x3BA ? !(v & 0x80) : -1;
    default: return port == 0x3DA || port == 0x3BA ? !!(v & 0x08) : -1;
    }
}

/* The card's CRTC registers and index, and whether `port` is its data port. */
static const uint8_t *crtc_of(const struct display_adapter *a, uint16_t port, uint8_t *index, int *data_port)
{
    switch (a->card) {
    case VIDEO_CGA:
        *index = a->cga.crtc.index;
        *data_port = port == 0x3D5;
        return a->cga.crtc.reg;
    case VIDEO_MDA: case VIDEO_HERCULES:
        *index = a->mda.crtc.index;
        *data_port = port == 0x3B5;
        return a->mda.crtc.reg;
    default:
        *index = a->crtc_index & 31;
        *data_port = port == 0x3D5 || port == 0x3B5;
        return a->crtc;
    }
}

uint16_t adapter_start(const struct display_adapter *a)
{
    uint8_t index;
    int data_port;
    const uint8_t *reg = crtc_of(a, 0, &index, &data_port);
    return (uint16_t)(reg[12] << 8 | reg[13]);
}

int adapter_start_address(const struct display_adapter *a, uint16_t port, uint16_t *address)
{
    uint8_t index;
    int data_port;
    crtc_of(a, port, &index, &data_port);
    if (!data_port || (index != 12 && index != 13))
        return 0;
    *address = adapter_start(a);
    return 1;
}
