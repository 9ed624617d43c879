/*
 * loader/batch.c: the .COM that runs a batch file's steps (see batch.h):
 * loader/batch_shell.asm's bytes, its header (the paragraphs it keeps,
 * its stack's top), then the table it reads, 7 bytes a step, then each
 * step's data: a program's EXEC parameter block, command tail, the two
 * FCBs parsed from the tail (as COMMAND.COM does with INT 21h/29h) and
 * its paths (NAME.COM, then NAME.EXE, for a name without extension); a
 * text to print.
 */
#include "batch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "process.h"            /* fcb_parse */

static const uint8_t shell_code[] = {
#include "batch_shell.inc"
};

#define ORG 0x100u
#define STACK 512u
#define ENTRY 7u
#define IMAGE_MAX (0x10000u - ORG - STACK)

enum { SHELL_END, SHELL_RUN, SHELL_PRINT, SHELL_CLS, SHELL_PAUSE };

struct image {
    uint8_t *buf;
    size_t n;
};

static void put16(uint8_t *at, size_t v)
{
    at[0] = (uint8_t)v;
    at[1] = (uint8_t)(v >> 8);
}

/* Append bytes; their offset in the program (from 100h). */
static size_t append(struct image *im, const void *bytes, size_t n)
{
    size_t at = im->n;
    if (im->n + n <= IMAGE_MAX)
        memcpy(im->buf + at, bytes, n);
    im->n += n;
    return ORG + at;
}

static void fcb(uint8_t out[16], const char *arg)
{
    uint8_t drive, name[11];
    fcb_parse(arg, &drive, name);
    memset(out, 0, 16);
    out[0] = drive;
    memcpy(out + 1, name, 11);
}

/* A program's data: the parameter block (environment 0: a copy of the
 * shell's; the segments the shell fills in), tail, FCBs, paths. */
static void run_data(struct image *im, const struct batch_step *s, size_t words[3])
{
    uint8_t pb[14] = { 0 }, tail[BATCH_LINE_MAX + 3], f1[16], f2[16];
    size_t len = strlen(s->tail), skip = strspn(s->tail, " \t");
    tail[0] = (uint8_t)len;
    memcpy(tail + 1, s->tail, len);
    tail[len + 1] = 0x0D;
    fcb(f1, s->tail);
    fcb(f2, s->tail + skip + strcspn(s->tail + skip, " \t"));
    size_t at = append(im, pb, sizeof pb);
    put16(pb + 2, append(im, tail, len + 2));
    put16(pb + 6, append(im, f1, 16));
    put16(pb + 10, append(im, f2, 16));
    if (at + sizeof pb - ORG <= IMAGE_MAX)
        memcpy(im->buf + at - ORG, pb, sizeof pb);
    char path[sizeof s->text + 4];
    snprintf(path, sizeof path, "%s%s", s->text, s->has_ext ? "" : ".COM");
    words[0] = at;
    words[1] = append(im, path, strlen(path) + 1);
    words[2] = 0;
    if (!s->has_ext) {
        snprintf(path, sizeof path, "%s.EXE", s->text);
        words[2] = append(im, path, strlen(path) + 1);
    }
}

int batch_shell(const struct batch *b, uint8_t **image, size_t *size, char *err, size_t errn)
{
    struct image im = { malloc(IMAGE_MAX), 0 };
    if (!im.buf) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    append(&im, shell_code, sizeof shell_code);
    size_t table = im.n;
    im.n += (b->n + 1) * ENTRY;
    for (size_t i = 0; i <= b->n && im.n <= IMAGE_MAX; i++) {
        uint8_t entry[ENTRY] = { SHELL_END };
        size_t w[3] = { 0, 0, 0 };
        const struct batch_step *s = i < b->n ? &b->steps[i] : NULL;
        if (s && s->kind == BATCH_RUN) {
            entry[0] = SHELL_RUN;
            run_data(&im, s, w);
        } else if (s && s->kind == BATCH_PRINT) {
            entry[0] = SHELL_PRINT;
            w[1] = strlen(s->text);
            w[0] = append(&im, s->text, w[1]);
        } else if (s) {
            entry[0] = s->kind == BATCH_CLS ? SHELL_CLS : SHELL_PAUSE;
        }
        for (int k = 0; k < 3; k++)
            put16(entry + 1 + 2 * k, w[k]);
        if (im.n <= IMAGE_MAX)
            memcpy(im.buf + table + i * ENTRY, entry, ENTRY);
    }
    if (im.n > IMAGE_MAX) {
        snprintf(err, errn, "%zu steps do not fit one 64 KiB program", b->n);
        free(im.buf);
        return -1;
    }
    put16(im.buf + 2, (ORG + im.n + STACK + 15) / 16);
    put16(im.buf + 4, (ORG + im.n + STACK) & ~(size_t)1);
    *image = im.buf;
    *size = im.n;
    return 0;
}
