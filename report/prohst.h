/*
 * report/prohst.h: the listing of MS-DOS 2.0's PROHST 1.0, byte for byte
 * (../shared/spec/PROFIL.md section 4), and PROHST's own link-map reading
 * (the " Start" segment table).
 *
 * Pure data: a .PRF (and optional map text) in, the .HST bytes out: CRLF
 * line ends and one 1Ah at the end.  PROHST's deterministic quirks are
 * reproduced (io/dos/high percentages relative to the program buckets'
 * total, the total/100 scale label, the "#XXXX" offset against the next
 * map segment); its failures are not (an all-zero profile divides by zero
 * in PROHST, a trailing zero bucket prints garbage, a counter of 65535
 * hangs it): here they give a clean listing.
 */
#ifndef PROFIL_FORMATS_PROHST_H
#define PROFIL_FORMATS_PROHST_H

#include <stddef.h>
#include <stdint.h>

struct prf;

/* `profil hist --style`: one row per bucket (default), PROHST 1.0's
 * listing, or Inferno prof's lines; hist_style_names[] by enum value. */
enum hist_style { STYLE_DEFAULT, STYLE_PROHST, STYLE_INFERNO };
#define NSTYLES 3
extern const char *const hist_style_names[NSTYLES];

#define PROHST_MAX_SEGMENTS 256

struct prohst_segment {
    uint16_t para;          /* start, in paragraphs from the load module */
    char name[16];          /* 15 characters, blank-padded */
};

struct prohst_map {
    struct prohst_segment seg[PROHST_MAX_SEGMENTS];
    int n;
};

/* Read the segment table as PROHST does; returns 0 (a map without a
 * " Start" line simply has no segments). */
int prohst_map_parse(const char *text, size_t len, struct prohst_map *map);

/* Read a map file (NULL path: no map); -1 with a message naming the file. */
int prohst_map_read_file(const char *path, struct prohst_map *map, char *err, size_t errn);

/* Render the listing; *out is malloc'ed, *outlen its size. */
int prohst_render(const struct prf *p, const struct prohst_map *map, char **out, size_t *outlen);

#endif
