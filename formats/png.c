/*
 * formats/png.c: an indexed-colour PNG writer (see png.h): signature,
 * IHDR, PLTE, one IDAT (each row with filter 0, deflated), IEND.
 */
#include "png.h"

#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* One chunk at out: length, type, data, CRC of type and data. */
static size_t chunk(uint8_t *out, const char type[4], const uint8_t *data, size_t len)
{
    put32(out, (uint32_t)len);
    memcpy(out + 4, type, 4);
    if (len)
        memcpy(out + 8, data, len);
    put32(out + 8 + len, (uint32_t)crc32(0, out + 4, (uInt)(len + 4)));
    return len + 12;
}

int png_indexed(const uint8_t *pixels, unsigned w, unsigned h, const uint8_t palette[768],
                uint8_t **out, size_t *n)
{
    size_t raw_len = (size_t)(w + 1) * h;
    uint8_t *raw = malloc(raw_len);
    uLongf packed_len = compressBound((uLong)raw_len);
    uint8_t *packed = malloc(packed_len);
    uint8_t *png = malloc(8 + 25 + 768 + 12 + packed_len + 12 + 12);
    int rc = -1;
    if (!raw || !packed || !png)
        goto done;
    for (unsigned y = 0; y < h; y++) {
        raw[(size_t)y * (w + 1)] = 0;                   /* filter: none */
        memcpy(raw + (size_t)y * (w + 1) + 1, pixels + (size_t)y * w, w);
    }
    if (compress2(packed, &packed_len, raw, (uLong)raw_len, 9) != Z_OK)
        goto done;
    static const uint8_t signature[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    uint8_t ihdr[13] = { 0 };
    put32(ihdr, w);
    put32(ihdr + 4, h);
    ihdr[8] = 8;                                        /* bits per index */
    ihdr[9] = 3;                                        /* indexed colour */
    size_t used = 8;
    memcpy(png, signature, 8);
    used += chunk(png + used, "IHDR", ihdr, sizeof ihdr);
    used += chunk(png + used, "PLTE", palette, 768);
    used += chunk(png + used, "IDAT", packed, packed_len);
    used += chunk(png + used, "IEND", NULL, 0);
    *out = png;
    *n = used;
    png = NULL;
    rc = 0;
done:
    free(raw);
    free(packed);
    free(png);
    return rc;
}
