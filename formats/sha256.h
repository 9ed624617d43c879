/*
 * formats/sha256.h: SHA-256 (FIPS 180-4) of a file's bytes, in hex: what
 * a profile records of the program it came from (formats/prx.h,
 * formats/prc.h), so a reader can tell when the program changed since.
 */
#ifndef PROFIL_FORMATS_SHA256_H
#define PROFIL_FORMATS_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define SHA256_HEX 65           /* 64 hex digits and the NUL */

void sha256(const uint8_t *data, size_t n, uint8_t digest[32]);
/* The digest of n bytes as 64 lower-case hex digits. */
void sha256_hex(const uint8_t *data, size_t n, char hex[SHA256_HEX]);
/* The same of the file at path: 0, or -1 ("" in hex) when it cannot be read. */
int sha256_file_hex(const char *path, char hex[SHA256_HEX]);

/* What a profile records of the program it came from: its absolute host
 * path (realpath; "" when it has none or it does not fit) and its
 * bytes' SHA-256 ("" when it cannot be read). */
void sha256_program(const char *program, char *path, size_t pathn, char hex[SHA256_HEX]);

#endif
