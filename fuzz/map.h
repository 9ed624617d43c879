/*
 * fuzz/map.h: the body of the map fuzz targets (fuzz/map_*.c), one per
 * parser of formats/symtab.c.  symtab_parse picks the parser from marker
 * text, so each target appends its parser's marker to an input that lacks
 * it: the mutations of a seed stay in that parser.  A map that parses is
 * then used as `profil hist --map` uses it: every symbol's and line's end,
 * and samples split among symbols and lines (report/attrib.c).
 */
#ifndef PROFIL_FUZZ_MAP_H
#define PROFIL_FUZZ_MAP_H

#include "../report/attrib.h"
#include "../formats/symtab.h"
#include "fuzz.h"

/* A profile of 64 one-paragraph buckets, every bucket hit. */
static void fuzz_map_attribute(const struct symtab *t)
{
    uint16_t b[64];
    for (int i = 0; i < 64; i++)
        b[i] = (uint16_t)(i + 1);
    struct prf p = { .clock_grain = 100, .bucket_num = 64, .bucket_size = 1, .prog_low_pa = 0x200,
                     .prog_high_pa = 0x240, .dos_pa = 0xC0, .hit_io = 1, .hit_dos = 2, .hit_high = 3, .bucket = b };
    struct unit_hits *rows;
    size_t n;
    FUZZ_REQUIRE(attribute_hits(&p, t, &rows, &n) == 0);
    free(rows);
    FUZZ_REQUIRE(attribute_lines(&p, t, &rows, &n) == 0);
    free(rows);
}

static void fuzz_map_use(const struct symtab *t)
{
    const uint32_t limit = 0x100000;
    for (size_t i = 0; i < t->nsym; i++) {
        FUZZ_REQUIRE(i == 0 || t->sym[i - 1].addr <= t->sym[i].addr);
        FUZZ_REQUIRE(symtab_symbol_end(t, i, limit) <= limit);
    }
    for (size_t i = 0; i < t->nline; i++) {
        FUZZ_REQUIRE(i == 0 || t->line[i - 1].addr <= t->line[i].addr);
        FUZZ_REQUIRE(symtab_line_end(t, i, limit) <= limit);
    }
    FUZZ_REQUIRE(map_format_name(t->format)[0] != '?');
    fuzz_map_attribute(t);
}

/* The debug-information targets' end (codeview, tdinfo, watcom): a reader's
 * result `rc` for the table t it filled from buf: a table of its `format`,
 * used as a map is, or a one-line error; buf is freed. */
static inline void fuzz_debug_outcome(int rc, struct symtab *t, enum map_format format, const char *err, uint8_t *buf)
{
    if (rc == 0) {
        FUZZ_REQUIRE(t->format == format);
        fuzz_map_use(t);
        symtab_free(t);
    } else {
        FUZZ_REQUIRE(fuzz_one_line(err));
    }
    free(buf);
}

static int fuzz_contains(const char *text, size_t len, const char *needle)
{
    size_t n = strlen(needle);
    for (size_t i = 0; i + n <= len; i++)
        if (memcmp(text + i, needle, n) == 0)
            return 1;
    return 0;
}

static inline void fuzz_map(const uint8_t *data, size_t size, const char *marker)
{
    size_t mlen = strlen(marker), len = size;
    char *text = malloc(size + mlen + 2), err[600];
    FUZZ_REQUIRE(text != NULL);
    memcpy(text, data, size);
    if (!fuzz_contains(text, len, marker)) {
        text[len++] = '\n';
        memcpy(text + len, marker, mlen);
        len += mlen;
        text[len++] = '\n';
    }
    struct symtab t;
    if (symtab_parse(text, len, &t, err, sizeof err) == 0) {
        fuzz_map_use(&t);
        symtab_free(&t);
    } else {
        FUZZ_REQUIRE(fuzz_one_line(err));
    }
    free(text);
}

#endif
