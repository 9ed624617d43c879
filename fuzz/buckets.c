/*
 * fuzz/buckets.c: the fuzz target of the bucket language (formats/buckets.c,
 * profil hist --buckets).  The input is a bucket file, read against a map
 * of hotloop's symbols.  A file that parses must give what re-bucketing
 * relies on: pieces in address order, none overlapping, inside 1 MiB, each
 * of a row that exists and is found by its own addresses; rows of their
 * buckets; groups of buckets that exist.  An error is one line naming the
 * file, its line and its column.
 */
#include "../formats/buckets.h"
#include "fuzz.h"

static const char map_text[] =
    "- NASM Map file ---------------------------------------------------------------\n\n"
    "-- Program origin -------------------------------------------------------------\n\n00000100\n\n"
    "-- Sections (summary) ---------------------------------------------------------\n\n"
    "Vstart            Start             Stop              Length    Class     Name\n"
    "             100               100               186  00000086  progbits  .text\n\n"
    "-- Symbols --------------------------------------------------------------------\n\n"
    "---- Section .text ------------------------------------------------------------\n\n"
    "Real              Virtual           Name\n"
    "             10A               10A  round\n"
    "             170               170  heavy\n"
    "             180               180  light\n\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static struct symtab t;
    static int have_map;
    char err[600];
    if (!have_map) {
        FUZZ_REQUIRE(symtab_parse(map_text, sizeof map_text - 1, &t, err, sizeof err) == 0);
        have_map = 1;
    }
    struct bucketset s;
    if (bucketset_parse((const char *)data, size, "f.bkt", size & 1 ? NULL : &t, 0x196, &s, err, sizeof err) != 0) {
        FUZZ_REQUIRE(fuzz_one_line(err) && strncmp(err, "f.bkt:", 6) == 0);
        return 0;
    }
    FUZZ_REQUIRE(s.nbucket > 0 && s.nrow <= BUCKETS_MAX_ROWS);
    for (uint32_t i = 0; i < s.npiece; i++) {
        const struct bucket_piece *p = &s.piece[i];
        FUZZ_REQUIRE(p->lo < p->hi && p->hi <= 0x100000 && p->row < s.nrow);
        FUZZ_REQUIRE(i == 0 || s.piece[i - 1].hi <= p->lo);
        FUZZ_REQUIRE(bucketset_find(&s, p->lo) == (long)p->row && bucketset_find(&s, p->hi - 1) == (long)p->row);
    }
    for (uint32_t i = 0; i < s.nrow; i++)
        FUZZ_REQUIRE(s.row[i].bucket < s.nbucket && memchr(s.row[i].name, 0, sizeof s.row[i].name));
    for (uint32_t b = 0; b < s.nbucket; b++)
        FUZZ_REQUIRE(s.bucket[b].first_row + s.bucket[b].nrows <= s.nrow);
    for (uint32_t g = 0; g < s.ngroup; g++)
        for (uint32_t k = 0; k < s.group[g].n; k++)
            FUZZ_REQUIRE(s.group[g].member[k] < s.nbucket);
    bucketset_free(&s);
    return 0;
}
