/*
 * formats/sha256.c: SHA-256 as FIPS 180-4 (section 6.2) defines it: the
 * message padded to 512-bit blocks (a 1 bit, zeros, its length in bits
 * as 64 bits big-endian), each block's 64 rounds over the eight working
 * words.  Checked against the standard's examples in tests/check_tdinfo.c.
 */
#include "sha256.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fileio.h"

/* The first 32 bits of the fractional parts of the cube roots of the
 * first 64 primes (FIPS 180-4, 4.2.2). */
static const uint32_t round_constant[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static uint32_t rotr(uint32_t x, unsigned n)
{
    return x >> n | x << (32 - n);
}

static void block(uint32_t h[8], const uint8_t *p)
{
    uint32_t w[64], v[8];
    for (int t = 0; t < 16; t++)
        w[t] = (uint32_t)p[4 * t] << 24 | (uint32_t)p[4 * t + 1] << 16 | (uint32_t)p[4 * t + 2] << 8 | p[4 * t + 3];
    for (int t = 16; t < 64; t++) {
        uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ w[t - 15] >> 3;
        uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ w[t - 2] >> 10;
        w[t] = w[t - 16] + s0 + w[t - 7] + s1;
    }
    memcpy(v, h, sizeof v);
    for (int t = 0; t < 64; t++) {
        uint32_t t1 = v[7] + (rotr(v[4], 6) ^ rotr(v[4], 11) ^ rotr(v[4], 25)) + ((v[4] & v[5]) ^ (~v[4] & v[6])) +
                      round_constant[t] + w[t];
        uint32_t t2 = (rotr(v[0], 2) ^ rotr(v[0], 13) ^ rotr(v[0], 22)) + ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
        memmove(v + 1, v, 7 * sizeof *v);
        v[4] += t1;
        v[0] = t1 + t2;
    }
    for (int i = 0; i < 8; i++)
        h[i] += v[i];
}

void sha256(const uint8_t *data, size_t n, uint8_t digest[32])
{
    /* The initial hash value (FIPS 180-4, 5.3.3). */
    uint32_t h[8] = { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19 };
    size_t whole = n / 64 * 64;
    for (size_t at = 0; at < whole; at += 64)
        block(h, data + at);
    uint8_t tail[128] = { 0 };
    size_t rest = n - whole, len = rest + 1 + 8 <= 64 ? 64 : 128;
    memcpy(tail, data + whole, rest);
    tail[rest] = 0x80;
    uint64_t bits = (uint64_t)n * 8;
    for (int i = 0; i < 8; i++)
        tail[len - 1 - i] = (uint8_t)(bits >> (8 * i));
    for (size_t at = 0; at < len; at += 64)
        block(h, tail + at);
    for (int i = 0; i < 8; i++)
        for (int k = 0; k < 4; k++)
            digest[4 * i + k] = (uint8_t)(h[i] >> (24 - 8 * k));
}

void sha256_hex(const uint8_t *data, size_t n, char hex[SHA256_HEX])
{
    uint8_t d[32];
    sha256(data, n, d);
    for (int i = 0; i < 32; i++)
        snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

void sha256_program(const char *program, char *path, size_t pathn, char hex[SHA256_HEX])
{
    char *real = realpath(program, NULL);
    path[0] = 0;
    if (real && strlen(real) < pathn)
        snprintf(path, pathn, "%s", real);
    free(real);
    sha256_file_hex(program, hex);
}

int sha256_file_hex(const char *path, char hex[SHA256_HEX])
{
    uint8_t *buf;
    size_t n;
    char err[300];
    hex[0] = 0;
    if (read_file(path, &buf, &n, err, sizeof err) != 0)
        return -1;
    sha256_hex(buf, n, hex);
    free(buf);
    return 0;
}
