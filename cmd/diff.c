/*
 * cmd/diff.c: `profil diff OLD.PRF NEW.PRF [--map M] [--threshold PCT] [--exact]`,
 * for golden-file checks in CI.  Exit 0: every row moved less than the
 * threshold (percentage points, default 1); 1: one moved more; 2: the files
 * cannot be compared (unreadable, or different bucket layouts).  --exact
 * compares the bytes and names the first differing field.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/prf.h"
#include "../formats/prfdiff.h"
#include "../formats/symtab.h"
#include "commands.h"

#define DIFF_SAME 0
#define DIFF_MOVED 1
#define DIFF_INCOMPARABLE 2

int cmd_diff(int argc, char **argv)
{
    static const struct option longs[] = {
        { "map", required_argument, 0, 'm' }, { "threshold", required_argument, 0, 't' },
        { "exact", no_argument, 0, 'x' }, { 0, 0, 0, 0 },
    };
    const char *map_path = NULL;
    double threshold = 1.0;
    int exact = 0, c;
    optind = 1;
    while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
        switch (c) {
        case 'm': map_path = optarg; break;
        case 't': {
            char *end;
            threshold = strtod(optarg, &end);
            if (*end || !(threshold >= 0) || threshold > 100) {
                fprintf(stderr, "profil: --threshold %s: want percentage points, 0 to 100\n", optarg);
                return DIFF_INCOMPARABLE;
            }
            break;
        }
        case 'x': exact = 1; break;
        default: return DIFF_INCOMPARABLE;
        }
    }
    if (optind != argc - 2) {
        fprintf(stderr, "profil diff: want two .PRF files (profil diff OLD.PRF NEW.PRF)\n");
        return DIFF_INCOMPARABLE;
    }
    struct prf a, b;
    struct symtab map;
    int have_map = 0;
    char err[700];
    if (prf_read_file(argv[optind], &a, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return DIFF_INCOMPARABLE;
    }
    if (prf_read_file(argv[optind + 1], &b, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        prf_free(&a);
        return DIFF_INCOMPARABLE;
    }
    int rc = DIFF_SAME;
    if (map_path && symtab_read_file(map_path, &map, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        rc = DIFF_INCOMPARABLE;
    } else if ((have_map = map_path != NULL), exact) {
        char where[200];
        if (a.bucket_num != b.bucket_num)
            snprintf(where, sizeof where, "bucket_num (offset 2): %u vs %u", a.bucket_num, b.bucket_num);
        else
            prf_first_difference(&a, &b, where, sizeof where);
        if (where[0]) {
            printf("profil: %s and %s differ: %s\n", argv[optind], argv[optind + 1], where);
            rc = DIFF_MOVED;
        }
    } else {
        struct prf_diff d;
        if (prf_compare(&a, &b, have_map ? &map : NULL, &d, err, sizeof err) != 0) {
            fprintf(stderr, "profil: cannot compare %s and %s: %s\n", argv[optind], argv[optind + 1], err);
            rc = DIFF_INCOMPARABLE;
        } else {
            size_t shown = 0;
            for (size_t i = 0; i < d.n; i++) {
                double move = d.rows[i].new_share - d.rows[i].old_share;
                if (fabs(move) < 0.05)
                    break;      /* sorted: the rest moved less */
                if (!shown++)
                    printf("%7s %7s %8s  %s\n", "old %", "new %", "moved", "row");
                printf("%7.1f %7.1f %+8.1f  %s%s\n", d.rows[i].old_share, d.rows[i].new_share, move,
                       d.rows[i].label, fabs(move) >= threshold ? "  <-- over the threshold" : "");
                if (fabs(move) >= threshold)
                    rc = DIFF_MOVED;
            }
            printf("profil: %s (threshold %.1f percentage points)\n",
                   rc == DIFF_MOVED ? "profiles differ" : "profiles match", threshold);
            prf_diff_free(&d);
        }
    }
    if (have_map)
        symtab_free(&map);
    prf_free(&a);
    prf_free(&b);
    return rc;
}
