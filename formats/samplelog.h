/*
 * formats/samplelog.h: NAME.prs, the raw sample log of `profil run
 * --samples`: every sampling tick's CS:IP and the PROFIL class it was
 * counted in, in order, so that `profil hist --buckets` can re-bucket a
 * run without running it again (DEC PME's PMEBUILD over recorded samples).
 *
 * The file (docs/formats.md): a 44-byte header (magic, version, the
 * .PRF's six layout words, the sample count, the stream's size, the run's
 * id as its NAME.prc and .prx carry it), then one zlib stream of
 * the samples, each a LEB128 varint of its IP's change, class and whether
 * CS changed, then CS's change when it did.  Written atomically; the same
 * run gives the same bytes.
 */
#ifndef PROFIL_FORMATS_SAMPLELOG_H
#define PROFIL_FORMATS_SAMPLELOG_H

#include <stddef.h>
#include <stdint.h>

#include "prf.h"

#define SAMPLELOG_VERSION 2              /* 2 adds the run id; version 1 (36 bytes, no id) is still read */
#define SAMPLELOG_HEADER_BYTES 44u
#define SAMPLELOG_HEADER_BYTES_V1 36u
#define SAMPLELOG_MAGIC "profilsl"      /* 8 bytes, no NUL */
/* The most samples a log holds (docs/reliability.md): 2^26, an hour and
 * more of ticks at PROFIL's shortest interval (60 us: 1.1 h), read in
 * about a second; a run with more writes no log.  A reader refuses a log
 * that claims more, or more than its compressed bytes can hold (zlib
 * inflates at most 1032 bytes per byte, a sample takes one at least), or
 * whose stream inflates past its count. */
#define SAMPLELOG_MAX_SAMPLES (1ull << 26)
#define SAMPLELOG_MAX_RATIO   1032u

/* The log being recorded: samples are compressed as they come (about a
 * byte or two each before zlib), so a long run costs little memory. */
struct samplelog {
    void *z;                    /* z_stream, NULL until the first sample or when it failed */
    uint8_t in[8192];           /* encoded samples not yet deflated */
    size_t used;
    uint8_t *out;               /* the compressed stream so far */
    size_t outn, outcap;
    uint64_t count;
    uint16_t cs, ip;            /* the last sample's */
    int failed;                 /* out of memory: the log is incomplete and is not written */
    int over;                   /* more than SAMPLELOG_MAX_SAMPLES: not written either */
};

/* One decoded sample; cls is enum prx_class (io, dos, high, program). */
struct sample {
    uint16_t cs, ip;
    uint8_t cls;
};

void samplelog_init(struct samplelog *w);
/* Record one sample (sampler/sampler.c calls it on every tick). */
void samplelog_add(struct samplelog *w, uint16_t cs, uint16_t ip, unsigned cls);
/* Finish the stream and write the file with layout's six header words
 * (the .PRF's) and the run's id (formats/prc.h: 16 hex digits; "" or NULL:
 * none).  -1 with err naming the file. */
int samplelog_write_file(const char *path, struct samplelog *w, const struct prf *layout, const char *run, char *err,
                         size_t errn);
/* The same, staged in a set of files renamed together (fileio.h). */
struct file_set;
int samplelog_write_file_into(struct file_set *set, const char *path, struct samplelog *w, const struct prf *layout,
                              const char *run, char *err, size_t errn);
void samplelog_free(struct samplelog *w);

/* Whether the bytes start as a sample log; the same for a file (0 when
 * it cannot be read: the reader that follows says why). */
int samplelog_looks_like(const uint8_t *buf, size_t n);
int samplelog_file_looks_like(const char *path);
/* Read a log: the layout words into *layout (bucket, exact NULL), every
 * sample to each(ctx, sample) in order, the count in *count, the run's id
 * into run (17 bytes; "" for a log without one; run may be NULL).  -1 with
 * err "FILE: problem" (bad magic or version, a count past the limits above,
 * a stream that does not decode to exactly the count the header says). */
int samplelog_read_file(const char *path, struct prf *layout, uint64_t *count, char *run,
                        void (*each)(void *ctx, const struct sample *s), void *ctx, char *err, size_t errn);

#endif
