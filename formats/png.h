/*
 * formats/png.h: an indexed-colour PNG (8 bits a pixel, a palette), the
 * format of `profil run --screen-png`.  zlib compresses the pixels and
 * computes the CRCs; nothing else is needed to write one.
 */
#ifndef PROFIL_FORMATS_PNG_H
#define PROFIL_FORMATS_PNG_H

#include <stddef.h>
#include <stdint.h>

/* w x h pixels (palette indexes, row by row) and 256 RGB entries into a
 * malloc'ed PNG in *out; -1 without memory. */
int png_indexed(const uint8_t *pixels, unsigned w, unsigned h, const uint8_t palette[768],
                uint8_t **out, size_t *n);

#endif
