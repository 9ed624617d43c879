/*
 * formats/sha256.h: SHA-256 (FIPS 180-4) of a buffer, for naming the
 * program a recording was made for (formats/recording.h).
 */
#ifndef PROFIL_FORMATS_SHA256_H
#define PROFIL_FORMATS_SHA256_H

#include <stddef.h>
#include <stdint.h>

/* The digest of n bytes as 64 lowercase hex digits and a NUL. */
void sha256_hex(const uint8_t *data, size_t n, char out[65]);

#endif
