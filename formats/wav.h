/*
 * formats/wav.h: a RIFF WAVE file of 8-bit unsigned mono PCM, for
 * `run --audio-wav` (the PC speaker, emu/chips/speaker.h).
 *
 * The 44-byte header (Microsoft's RIFF/WAVE "fmt " chunk, PCM format 1)
 * then the samples; written atomically.  A WAV's sizes are 32-bit: at most
 * WAV_MAX_SAMPLES samples.
 */
#ifndef PROFIL_FORMATS_WAV_H
#define PROFIL_FORMATS_WAV_H

#include <stddef.h>
#include <stdint.h>

#define WAV_HEADER 44u
#define WAV_MAX_SAMPLES (0xFFFFFFFFu - 36u)

/* The header of `n` samples at `rate` Hz into out[WAV_HEADER]. */
void wav_header(uint8_t out[WAV_HEADER], uint32_t rate, uint32_t n);
/* Write header and samples to `path` (formats/fileio's atomic write);
 * -1 with a one-line message naming the file. */
int wav_write(const char *path, uint32_t rate, const uint8_t *samples, size_t n, char *err, size_t errn);

#endif
