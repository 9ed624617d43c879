/*
 * formats/samplelog.c: see samplelog.h.  Owns NAME.prs's encoding (the
 * varint records and their zlib stream) and its reading.
 *
 * A record: tag = zigzag(ip - last ip, 16-bit) << 3 | (cs changed) << 2 |
 * class, as a LEB128 varint (at most 3 bytes); when CS changed, then
 * zigzag(cs - last cs, 16-bit) as a varint.  The last CS:IP starts at 0:0.
 */
#include "samplelog.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "fileio.h"
#include "../util/grow.h"

#define SAMPLELOG_READ_MAX (1ull << 30)
_Static_assert(SAMPLELOG_MAX_SAMPLES == 67108864ull, "the figure in the reader's message");

static unsigned zigzag(uint16_t delta)
{
    int16_t d = (int16_t)delta;
    return d >= 0 ? (unsigned)d << 1 : ((unsigned)(-(int32_t)d) << 1) - 1;
}

static uint16_t unzigzag(uint32_t z)
{
    return (uint16_t)(z & 1 ? -(int32_t)((z + 1) >> 1) : (int32_t)(z >> 1));
}

void samplelog_init(struct samplelog *w)
{
    memset(w, 0, sizeof *w);
}

/* Deflate what `in` holds (flush: Z_NO_FLUSH or Z_FINISH) into `out`. */
static int pump(struct samplelog *w, int flush)
{
    z_stream *z = w->z;
    z->next_in = w->in;
    z->avail_in = (uInt)w->used;
    int rc;
    do {
        if (grow_array(&w->out, &w->outcap, w->outn + 4096, 1) != 0)     /* 4 KiB at least for deflate */
            return -1;
        z->next_out = w->out + w->outn;
        z->avail_out = (uInt)(w->outcap - w->outn);
        rc = deflate(z, flush);
        w->outn = w->outcap - z->avail_out;
        if (rc == Z_STREAM_ERROR)
            return -1;
    } while (z->avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
    w->used = 0;
    return 0;
}

static int start(struct samplelog *w)
{
    z_stream *z = calloc(1, sizeof *z);
    if (!z || deflateInit(z, 9) != Z_OK) {
        free(z);
        return -1;
    }
    w->z = z;
    return 0;
}

static void put_varint(struct samplelog *w, uint32_t v)
{
    do {
        uint8_t b = v & 0x7F;
        v >>= 7;
        w->in[w->used++] = (uint8_t)(b | (v ? 0x80 : 0));
    } while (v);
}

void samplelog_add(struct samplelog *w, uint16_t cs, uint16_t ip, unsigned cls)
{
    if (w->count == SAMPLELOG_MAX_SAMPLES)
        w->over = 1;
    if (w->over || w->failed || (!w->z && start(w) != 0)) {
        w->failed = !w->over;
        return;
    }
    if (sizeof w->in - w->used < 8 && pump(w, Z_NO_FLUSH) != 0) {
        w->failed = 1;
        return;
    }
    int new_cs = cs != w->cs;
    put_varint(w, zigzag((uint16_t)(ip - w->ip)) << 3 | (unsigned)new_cs << 2 | (cls & 3));
    if (new_cs)
        put_varint(w, zigzag((uint16_t)(cs - w->cs)));
    w->cs = cs;
    w->ip = ip;
    w->count++;
}

static void put16(uint8_t *b, uint16_t v) { b[0] = (uint8_t)v; b[1] = (uint8_t)(v >> 8); }
static uint16_t get16(const uint8_t *b) { return (uint16_t)(b[0] | b[1] << 8); }

int samplelog_write_file(const char *path, struct samplelog *w, const struct prf *l, const char *run, char *err,
                         size_t errn)
{
    return samplelog_write_file_into(NULL, path, w, l, run, err, errn);
}

/* The run id's 16 hex digits as a number; 0 for none (or not such digits). */
static uint64_t run_number(const char *run)
{
    uint64_t v = 0;
    for (int k = 0; run && k < 16; k++) {
        const char *d = strchr("0123456789abcdef", run[k]);
        if (!run[k] || !d)
            return 0;
        v = v << 4 | (uint64_t)(d - "0123456789abcdef");
    }
    return run && run[16] == 0 ? v : 0;
}

int samplelog_write_file_into(struct file_set *set, const char *path, struct samplelog *w, const struct prf *l,
                              const char *run, char *err, size_t errn)
{
    if (w->over) {
        snprintf(err, errn, "%s: more than %llu samples, the most a sample log holds; not written (a larger -i "
                 "takes fewer)", path, SAMPLELOG_MAX_SAMPLES);
        return -1;
    }
    if (!w->failed && !w->z && start(w) != 0)
        w->failed = 1;
    if (w->failed || pump(w, Z_FINISH) != 0 || w->outn > UINT32_MAX) {
        w->failed = 1;
        snprintf(err, errn, "%s: out of memory for the sample log; not written", path);
        return -1;
    }
    uint8_t *buf = malloc(SAMPLELOG_HEADER_BYTES + w->outn);
    if (!buf) {
        snprintf(err, errn, "%s: out of memory for the sample log; not written", path);
        return -1;
    }
    memcpy(buf, SAMPLELOG_MAGIC, 8);
    put16(buf + 8, SAMPLELOG_VERSION);
    put16(buf + 10, 0);
    const uint16_t words[6] = { l->clock_grain, l->bucket_num, l->bucket_size, l->prog_low_pa, l->prog_high_pa,
                                l->dos_pa };
    for (int k = 0; k < 6; k++)
        put16(buf + 12 + 2 * k, words[k]);
    for (int k = 0; k < 8; k++)
        buf[24 + k] = (uint8_t)(w->count >> (8 * k));
    for (int k = 0; k < 4; k++)
        buf[32 + k] = (uint8_t)(w->outn >> (8 * k));
    uint64_t id = run_number(run);
    for (int k = 0; k < 8; k++)
        buf[36 + k] = (uint8_t)(id >> (8 * k));
    memcpy(buf + SAMPLELOG_HEADER_BYTES, w->out, w->outn);
    int rc = write_file_into(set, path, buf, SAMPLELOG_HEADER_BYTES + w->outn, err, errn);
    free(buf);
    return rc;
}

void samplelog_free(struct samplelog *w)
{
    if (w->z) {
        deflateEnd(w->z);
        free(w->z);
    }
    free(w->out);
    memset(w, 0, sizeof *w);
}

int samplelog_looks_like(const uint8_t *buf, size_t n)
{
    return n >= 8 && memcmp(buf, SAMPLELOG_MAGIC, 8) == 0;
}

int samplelog_file_looks_like(const char *path)
{
    uint8_t head[8];
    FILE *f = fopen(path, "rb");
    size_t n = f ? fread(head, 1, sizeof head, f) : 0;
    if (f)
        fclose(f);
    return samplelog_looks_like(head, n);
}

/* The record decoder, fed byte by byte (records straddle inflate's chunks). */
struct decoder {
    uint32_t acc, shift, tag;
    int want_cs;                /* the tag is in, CS's change comes next */
    struct sample last;
    uint64_t count, max;
    void (*each)(void *, const struct sample *);
    void *ctx;
};

static int decode(struct decoder *d, const uint8_t *p, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        d->acc |= (uint32_t)(p[i] & 0x7F) << d->shift;
        d->shift += 7;
        if (p[i] & 0x80) {
            if (d->shift >= 21)
                return -1;      /* no field takes more than three bytes */
            continue;
        }
        uint32_t v = d->acc;
        d->acc = d->shift = 0;
        if (!d->want_cs) {
            if (v >> 3 > 0xFFFF)
                return -1;
            d->tag = v;
            if (v & 4) {
                d->want_cs = 1;
                continue;
            }
        } else {
            if (v > 0xFFFF)
                return -1;
            d->last.cs = (uint16_t)(d->last.cs + unzigzag(v));
            d->want_cs = 0;
        }
        if (d->count == d->max)
            return -1;          /* more samples than the header says */
        d->last.ip = (uint16_t)(d->last.ip + unzigzag(d->tag >> 3));
        d->last.cls = (uint8_t)(d->tag & 3);
        d->count++;
        if (d->each)
            d->each(d->ctx, &d->last);
    }
    return 0;
}

static int inflate_all(const uint8_t *in, size_t n, struct decoder *d)
{
    z_stream z = { 0 };
    uint8_t out[16384];
    if (inflateInit(&z) != Z_OK)
        return -1;
    z.next_in = (Bytef *)in;
    z.avail_in = (uInt)n;
    int rc;
    do {
        z.next_out = out;
        z.avail_out = sizeof out;
        rc = inflate(&z, Z_NO_FLUSH);
        if ((rc != Z_OK && rc != Z_STREAM_END) || decode(d, out, sizeof out - z.avail_out) != 0) {
            inflateEnd(&z);
            return -1;
        }
        if (rc == Z_OK && z.avail_in == 0 && z.avail_out != 0) {
            inflateEnd(&z);
            return -1;          /* the stream stops short */
        }
    } while (rc != Z_STREAM_END);
    int whole = z.avail_in == 0;
    inflateEnd(&z);
    return whole && !d->want_cs && d->shift == 0 && d->count == d->max ? 0 : -1;
}

int samplelog_read_file(const char *path, struct prf *layout, uint64_t *count, char *run,
                        void (*each)(void *ctx, const struct sample *s), void *ctx, char *err, size_t errn)
{
    uint8_t *buf;
    size_t n, head = SAMPLELOG_HEADER_BYTES;
    if (read_file_max(path, SAMPLELOG_READ_MAX, &buf, &n, err, errn) != 0)
        return -1;
    const char *why = NULL;
    uint64_t c = 0, len = 0, id = 0;
    unsigned version = n >= 10 ? get16(buf + 8) : 0;
    if (version == 1)
        head = SAMPLELOG_HEADER_BYTES_V1;       /* no run id */
    if (n < SAMPLELOG_HEADER_BYTES_V1 || !samplelog_looks_like(buf, n))
        why = "not a profil sample log (NAME.prs)";
    else if (version < 1 || version > SAMPLELOG_VERSION)
        why = "a sample log of another version (this profil reads versions 1 and 2)";
    else if (n < head)
        why = "not a profil sample log (NAME.prs)";
    if (!why) {
        for (size_t k = SAMPLELOG_HEADER_BYTES_V1; k < head; k++)
            id |= (uint64_t)buf[k] << (8 * (k - SAMPLELOG_HEADER_BYTES_V1));
        for (int k = 0; k < 8; k++)
            c |= (uint64_t)buf[24 + k] << (8 * k);
        for (int k = 0; k < 4; k++)
            len |= (uint64_t)buf[32 + k] << (8 * k);
        memset(layout, 0, sizeof *layout);
        uint16_t *words[6] = { &layout->clock_grain, &layout->bucket_num, &layout->bucket_size,
                               &layout->prog_low_pa, &layout->prog_high_pa, &layout->dos_pa };
        for (int k = 0; k < 6; k++)
            *words[k] = get16(buf + 12 + 2 * k);
        if (len != n - head || !layout->bucket_size)
            why = "its size or layout is not what its header says";
        else if (c > SAMPLELOG_MAX_SAMPLES)
            why = "it claims more samples than a sample log holds (67,108,864)";
        else if (c > (len + 1) * SAMPLELOG_MAX_RATIO)
            why = "it claims more samples than its compressed bytes can hold (damaged)";
    }
    if (!why) {
        struct decoder d = { .max = c, .each = each, .ctx = ctx };
        if (inflate_all(buf + head, (size_t)len, &d) != 0)
            why = "its samples do not decode to the count its header gives (damaged)";
    }
    free(buf);
    if (why) {
        snprintf(err, errn, "%s: %s", path, why);
        return -1;
    }
    *count = c;
    if (run && id)
        snprintf(run, 17, "%016llx", (unsigned long long)id);
    else if (run)
        run[0] = 0;
    return 0;
}
