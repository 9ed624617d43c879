/*
 * formats/span.h: bounds-checked little-endian reading of a window of a
 * file's bytes, for the readers of debug information inside an .EXE
 * (formats/codeview.c, formats/tdinfo.c): every read outside the window
 * fails (-1) instead of reading past it.  Also the two ways they show a
 * name the file holds: a source file without its directory, and a name
 * for a one-line message.
 */
#ifndef PROFIL_FORMATS_SPAN_H
#define PROFIL_FORMATS_SPAN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct span {
    const uint8_t *p;
    size_t n;
};

/* The part [off, off + len) of s in out, if s holds it. */
static inline int span_sub(struct span s, uint64_t off, uint64_t len, struct span *out)
{
    if (off > s.n || len > s.n - off)
        return -1;
    out->p = s.p + off;
    out->n = (size_t)len;
    return 0;
}

static inline int span_u8(struct span s, size_t off, unsigned *v)
{
    if (off >= s.n)
        return -1;
    *v = s.p[off];
    return 0;
}

static inline int span_u16(struct span s, size_t off, unsigned *v)
{
    if (off > s.n || s.n - off < 2)
        return -1;
    *v = (unsigned)s.p[off] | (unsigned)s.p[off + 1] << 8;
    return 0;
}

static inline int span_u32(struct span s, size_t off, uint32_t *v)
{
    unsigned lo, hi;
    if (span_u16(s, off, &lo) != 0 || span_u16(s, off + 2, &hi) != 0)
        return -1;
    *v = (uint32_t)lo | (uint32_t)hi << 16;
    return 0;
}

/* A name for a message: at most 39 bytes, anything unprintable (a damaged
 * file's newline, say) as '?', so the message stays one line. */
static inline void span_printable(const char *name, size_t len, char out[40])
{
    size_t k = 0;
    for (; k < len && k < 39; k++)
        out[k] = name[k] >= 0x20 && name[k] < 0x7F ? name[k] : '?';
    out[k] = 0;
}

/* A source file's name without its directory (it labels line entries
 * "FILE:LINE", as a map's line table does); unprintable bytes as '?'. */
static inline void span_base_name(const char *name, size_t len, char *out, size_t n)
{
    size_t from = 0;
    for (size_t i = 0; i < len; i++)
        if (name[i] == '\\' || name[i] == '/' || name[i] == ':')
            from = i + 1;
    snprintf(out, n, "%.*s", (int)(len - from), name + from);
    for (char *c = out; *c; c++)
        if (*c < 0x20 || *c == 0x7F)
            *c = '?';
}

#endif
