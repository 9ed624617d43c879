/*
 * formats/wav.c: 8-bit mono PCM WAVE files (see wav.h).
 */
#include "wav.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"

static void put32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> (8 * i));
}

void wav_header(uint8_t out[WAV_HEADER], uint32_t rate, uint32_t n)
{
    memcpy(out, "RIFF", 4);
    put32(out + 4, 36u + n);            /* the rest of the file      */
    memcpy(out + 8, "WAVEfmt ", 8);
    put32(out + 16, 16);                /* the fmt chunk's size      */
    out[20] = 1, out[21] = 0;           /* PCM                       */
    out[22] = 1, out[23] = 0;           /* one channel               */
    put32(out + 24, rate);              /* samples per second        */
    put32(out + 28, rate);              /* bytes per second          */
    out[32] = 1, out[33] = 0;           /* bytes per sample frame    */
    out[34] = 8, out[35] = 0;           /* bits per sample: unsigned */
    memcpy(out + 36, "data", 4);
    put32(out + 40, n);
}

int wav_write(const char *path, uint32_t rate, const uint8_t *samples, size_t n, char *err, size_t errn)
{
    if (n > WAV_MAX_SAMPLES) {
        snprintf(err, errn, "%s: %zu samples do not fit a WAV file", path, n);
        return -1;
    }
    uint8_t *buf = malloc(WAV_HEADER + n);
    if (!buf) {
        snprintf(err, errn, "%s: out of memory", path);
        return -1;
    }
    wav_header(buf, rate, (uint32_t)n);
    if (n)
        memcpy(buf + WAV_HEADER, samples, n);
    int r = write_file_atomic(path, buf, WAV_HEADER + n, err, errn);
    free(buf);
    return r;
}
