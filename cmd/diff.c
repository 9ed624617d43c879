/*
 * cmd/diff.c: `profil diff OLD NEW [options]`, for golden-file checks in
 * CI: two .PRF files (with the exact counts of their NAME.prc when they
 * match) or two .prx traces.  Prints the totals first (emulated time,
 * samples or instructions, cycles), then the rows whose own cost changed;
 * report/prfdiff.c compares.  Exit 0: no total grew more than
 * --time-threshold percent (default 2) and no row's own cost grew more
 * than --threshold percent (default 2; formats/prfdiff.h's rule); 1: one
 * did; 2: the files cannot be compared.  --exact compares the bytes of
 * two .PRF files.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/prc.h"
#include "../formats/prf.h"
#include "../report/diffout.h"
#include "../report/prfdiff.h"
#include "../formats/prx.h"
#include "../report/frames.h"
#include "../formats/symfind.h"
#include "../formats/symtab.h"
#include "commands.h"
#include "manpage.h"
#include "options.h"
#include "session.h"

#define DIFF_SAME 0
#define DIFF_MOVED 1
#define DIFF_INCOMPARABLE 2

/* One side as read: a .PRF (and its .prc) or a .prx, and its map. */
struct input {
    struct prf prf;
    struct prc prc;
    struct prx prx;
    struct symtab map;
    int is_prx, has_prc, has_map;
    struct diff_side side;
};

static int read_input(const char *path, const char *map, int exact_only, struct input *in)
{
    char err[700], note[700];
    memset(in, 0, sizeof *in);
    in->is_prx = !exact_only && prx_file_looks_like(path);
    if (in->is_prx ? prx_read_file(path, &in->prx, err, sizeof err) != 0
                   : prf_read_file(path, &in->prf, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return -1;
    }
    if (!in->is_prx && !exact_only) {
        in->has_prc = prc_attach_beside(path, &in->prf, &in->prc, note, sizeof note);
        fprintf(stderr, "profil: %s\n", note);
    }
    if (!exact_only) {          /* each side's own symbols, by the one rule (cmd/session.h) */
        struct symfind f;
        const struct profile_program pp = in->is_prx ? (struct profile_program){ in->prx.program, in->prx.program_path,
                                                                                 in->prx.program_sha256 }
                                                     : (struct profile_program){ in->prc.program, in->prc.program_path,
                                                                                 in->prc.program_sha256 };
        int rc = session_symbols(map, path, in->is_prx || in->has_prc ? &pp : NULL, &in->map, &f, 0);
        if (rc < 0)
            return -1;
        in->has_map = rc == 0;
    }
    in->side = (struct diff_side){ in->is_prx ? NULL : &in->prf, in->has_prc ? &in->prc : NULL,
                                   in->is_prx ? &in->prx : NULL, in->has_map ? &in->map : NULL };
    return 0;
}

static void free_input(struct input *in)
{
    prf_free(&in->prf);
    prc_free(&in->prc);
    prx_free(&in->prx);
    if (in->has_map)
        symtab_free(&in->map);
}

/* The totals, old -> new; returns the first that grew past the threshold (or NULL). */
static const struct diff_total *print_totals(const struct prf_diff *d, double threshold)
{
    const struct diff_total *over = NULL;
    printf("profil: totals, old -> new:\n");
    for (size_t i = 0; i < d->ntotal; i++) {
        const struct diff_total *t = &d->total[i];
        double g = diff_growth(t);
        int secs = strcmp(t->what, "emulated time") == 0;
        char change[32];
        if (isinf(g))
            snprintf(change, sizeof change, "from 0");
        else
            snprintf(change, sizeof change, "%+.1f%%", g);
        printf("  %-14s %12.*f%s -> %12.*f%s  %8s%s%s\n", t->what, secs ? 3 : 0, t->old_value, secs ? " s" : "",
               secs ? 3 : 0, t->new_value, secs ? " s" : "", change,
               t->estimated ? "  (estimated: samples x interval)" : "", g > threshold ? "  <-- grew past the time threshold" : "");
        if (g > threshold && !over)
            over = t;
    }
    return over;
}

/* The rows whose own cost changed (or, per function, whose calls did),
 * largest change first: each one's own cost old and new and its change,
 * its share of each profile as context; returns whether one grew past
 * the threshold (formats/prfdiff.h: diff_row_grew). */
static int print_rows(const struct prf_diff *d, double threshold)
{
    int grew = 0, ms = strcmp(d->cost_unit, "ms") == 0;
    size_t shown = 0;
    for (size_t i = 0; i < d->n; i++) {
        const struct diff_row *r = &d->rows[i];
        double change = diff_row_change(r);
        int over = diff_row_grew(d, r, threshold);
        if (!diff_row_shown(d, r))
            continue;           /* under 0.05% of the run: not shown */
        if (!shown++) {
            printf("%12s %12s %8s  %7s %7s  ", "old", "new", "change", "old %", "new %");
            if (d->calls)
                printf("%9s %9s  ", "old calls", "new calls");
            printf("row (own %s%s; %% of each profile)\n", d->cost_unit, ms ? ": samples x the run's ms per sample" : "");
        }
        char pct[16];
        if (isinf(change))
            snprintf(pct, sizeof pct, "new");
        else
            snprintf(pct, sizeof pct, "%+.1f%%", change);
        printf("%12.*f %12.*f %8s  %7.1f %7.1f  ", ms ? 3 : 0, r->old_cost, ms ? 3 : 0, r->new_cost, pct, r->old_share,
               r->new_share);
        if (d->calls)
            printf("%9llu %9llu  ", (unsigned long long)r->old_calls, (unsigned long long)r->new_calls);
        printf("%s%s\n", r->label, over ? "  <-- grew past the threshold" : r->new_cost < r->old_cost ? "  (faster)" : "");
        grew |= over;
    }
    if (d->estimated)
        printf("~ a side has no NAME.prc with each sample's address: its symbol rows are estimates, each bucket's "
               "samples split among its symbols by bytes\n");
    return grew;
}

/* Two .prx with frames: their frame times (report/frames.h); DIFF_MOVED
 * when one grew past the threshold, DIFF_SAME when none did,
 * DIFF_INCOMPARABLE when only one side has frames or memory ran out. */
static int compare_frames(struct input *a, struct input *b, double threshold, unsigned from, unsigned to,
                          const char *names[2])
{
    char grew[40];
    if (!a->prx.frames || !b->prx.frames) {
        printf("profil: frames only in %s: the other run had none\n", a->prx.frames ? names[0] : names[1]);
        return DIFF_INCOMPARABLE;
    }
    struct input *side[2] = { a, b };
    for (int k = 0; k < 2 && (from || to); k++)
        if (prx_frames_range(&side[k]->prx, from ? from : 1, to) != 0) {
            printf("profil: --frames-from %u --frames-to %u: %s has %zu frames\n", from ? from : 1, to, names[k],
                   side[k]->prx.nframes);
            return DIFF_INCOMPARABLE;
        }
    int r = frames_diff(stdout, &a->prx, &b->prx, threshold, grew, sizeof grew);
    if (r < 0) {
        fprintf(stderr, "profil: out of memory\n");
        return DIFF_INCOMPARABLE;
    }
    if (r)
        printf("profil: frames differ: %s grew past the frame threshold (%.1f%%)\n", grew, threshold);
    else
        printf("profil: frames match (frame threshold %.1f%%)\n", threshold);
    return r ? DIFF_MOVED : DIFF_SAME;
}

/* The worse of two outcomes: not comparable, moved, the same. */
static int worse(int x, int y)
{
    return x == DIFF_INCOMPARABLE || y == DIFF_INCOMPARABLE ? DIFF_INCOMPARABLE : x == DIFF_MOVED ? x : y;
}

static int compare(struct input *a, struct input *b, int by_function, double threshold, double time_threshold,
                   const char *names[2], int format)
{
    struct prf_diff d;
    char err[700];
    if (profile_compare(&a->side, &b->side, by_function, &d, err, sizeof err) != 0) {
        fprintf(stderr, "profil: cannot compare %s and %s: %s\n", names[0], names[1], err);
        return DIFF_INCOMPARABLE;
    }
    if (format != DIFFOUT_TEXT) {       /* for CI (report/diffout.h): judged the same way */
        struct diffout o = { &d, names[0], names[1], threshold, time_threshold };
        diffout_write(stdout, (enum diffout_format)format, &o);
        int differ = diffout_differ(&o);
        prf_diff_free(&d);
        return differ ? DIFF_MOVED : DIFF_SAME;
    }
    const struct diff_total *over = print_totals(&d, time_threshold);
    int moved = print_rows(&d, threshold);
    if (over)
        printf("profil: profiles differ: %s grew %.1f%%, past the time threshold (%.1f%%)%s\n", over->what,
               diff_growth(over), time_threshold, moved ? ", and a row grew past the threshold" : "");
    else
        printf("profil: %s (a row's own cost may grow %.1f%%)\n", moved ? "profiles differ: a row grew past the threshold"
               : "profiles match", threshold);
    prf_diff_free(&d);
    return over || moved ? DIFF_MOVED : DIFF_SAME;
}

static int exact_compare(struct input *a, struct input *b, const char *names[2])
{
    char where[200];
    if (a->prf.bucket_num != b->prf.bucket_num)
        snprintf(where, sizeof where, "bucket_num (offset 2): %u vs %u", a->prf.bucket_num, b->prf.bucket_num);
    else
        prf_first_difference(&a->prf, &b->prf, where, sizeof where);
    if (!where[0])
        return DIFF_SAME;
    printf("profil: %s and %s differ: %s\n", names[0], names[1], where);
    return DIFF_MOVED;
}

/* What diff's options fill. */
struct diff_args {
    const char *old_map, *new_map;
    char *old_copy;             /* OLD of --map OLD,NEW, owned */
    double threshold, time_threshold, frame_threshold;
    unsigned frames_from, frames_to;
    int exact, by_function;
    int format;                 /* enum diffout_format */
};

/* --map M (both sides) or --map OLD,NEW. */
static int split_maps(const char *arg, void *args)
{
    struct diff_args *a = args;
    const char *comma = strchr(arg, ',');
    a->old_map = a->new_map = arg;
    if (!comma)
        return 0;
    free(a->old_copy);
    a->old_copy = strndup(arg, (size_t)(comma - arg));
    if (!a->old_copy) {
        fprintf(stderr, "profil: out of memory\n");
        return -1;
    }
    a->old_map = a->old_copy;
    a->new_map = comma + 1;
    if (!*a->old_map || !*a->new_map || strchr(a->new_map, ',')) {
        fprintf(stderr, "profil: --map: want FILE.MAP or OLD.MAP,NEW.MAP\n");
        return -1;
    }
    return 0;
}

static const char *const by_names[] = { NULL, "function" };

#define A struct diff_args
static const struct opt diff_table[] = {
    { "time-threshold", 0, OPT_DOUBLE, OPT_AT(A, time_threshold), .lo = 0, .hi = 1e6,
      .want = "want a percentage, 0 to 1000000", .arg = "PCT",
      .help = "percent a total (emulated time, samples or instructions, cycles)\n"
              "may grow (default 2)" },
    { "threshold", 0, OPT_DOUBLE, OPT_AT(A, threshold), .lo = 0, .hi = 1e6,
      .want = "want a percentage, 0 to 1000000", .arg = "PCT",
      .help = "percent a row's own cost (cycles; a sampling run's emulated\n"
              "time) may grow (default 2)" },
    { "map", 0, OPT_CALL, .call = split_maps, .arg = "FILE.MAP",
      .help = "compare per symbol instead of per bucket; OLD.MAP,NEW.MAP\n"
              "names each side with its own map (code that moved); default:\n"
              "each side's map beside its program, else its debug information" },
    { "old-map", 0, OPT_STRING, OPT_AT(A, old_map), .arg = "FILE.MAP",
      .help = "the old side's map (with --new-map FILE.MAP)" },
    { "new-map", 0, OPT_STRING, OPT_AT(A, new_map), .arg = "FILE.MAP",
      .help = "the new side's map (with --old-map FILE.MAP)" },
    { "by", 0, OPT_ENUM, OPT_AT(A, by_function), OPT_NAMES(by_names), .arg = "function",
      .want = "diff compares buckets, symbols (--map) or, with --by function, the functions of two .prx call trees",
      .help = "two .prx with call trees: per function, with its calls" },
    { "frame-threshold", 0, OPT_DOUBLE, OPT_AT(A, frame_threshold), .lo = 0, .hi = 1e6,
      .want = "want a percentage, 0 to 1000000", .arg = "PCT",
      .help = "two .prx with frames (docs/frames.md): percent the median,\n"
              "p95 or worst frame time may grow (default 5)" },
    { "frames-from", 0, OPT_UNSIGNED, OPT_AT(A, frames_from), .min = 1, .max = UINT32_MAX, .unit = "frame",
      .arg = "N", .help = "compare the frames from frame N on (a loading screen left out)" },
    { "frames-to", 0, OPT_UNSIGNED, OPT_AT(A, frames_to), .min = 1, .max = UINT32_MAX, .unit = "frame",
      .arg = "M", .help = "... and up to frame M only" },
    { "exact", 0, OPT_FLAG, OPT_AT(A, exact), .help = "compare the bytes; name the first differing field" },
    { "format", 0, OPT_ENUM, OPT_AT(A, format), OPT_NAMES(diffout_names), .arg = "FMT",
      .help = "text (default), json, markdown (a pull request's comment),\n"
              "junit (JUnit XML: a test per total and row), github (GitHub\n"
              "Actions' ::error lines) or gitlab (a code quality report);\n"
              "the same exit status (docs/ci.md)" },
};
#undef A

const struct command_options diff_options = {
    "diff", "profil diff OLD.PRF NEW.PRF [options]    compare two profiles, totals first (for CI); or two .prx",
    "diff options (exit 0: no total grew past --time-threshold and no row's own cost past\n"
    "              --threshold; 1: one did; 2: not comparable):",
    0, diff_table, sizeof diff_table / sizeof diff_table[0],
};

/* For man profil-diff and the completion (cmd/manpage.h), from README.md. */
const struct command_doc diff_doc = {
    &diff_options,
    "profil diff compares two profiles for CI: first the totals, old and new and the change\n"
    "(the emulated time and the samples, or instructions for --trace profiles, exact from each\n"
    "NAME.prc), then the rows (buckets, or symbols with --map, and io/dos/high) whose own\n"
    "cost changed, largest change first: a trace's cycles (or instructions), a sampling run's\n"
    "emulated time (samples x the run's seconds per sample), with each row's share of each\n"
    "profile as context only. Two .prx traces compare in exact cycles and instructions, and\n"
    "with --by function per function of their call trees. --exact compares the bytes.\n"
    "\n"
    "diff exits 0 when no total grew past --time-threshold and no row's own cost grew past\n"
    "--threshold percent (and by 0.5% of the old run or more); 1 when one did; 2 when the\n"
    "profiles cannot be compared (for example, profiled with different -b and no maps, or a\n"
    "sampling profile against a trace), with the reason. A share that moved, or a row that\n"
    "got faster, never fails.\n",
    "PRF PRX",
};

static int diff_inputs(struct diff_args *a, int argc, char **argv);

int cmd_diff(int argc, char **argv)
{
    struct diff_args a = { .threshold = 2.0, .time_threshold = 2.0, .frame_threshold = 5.0 };
    int rc = diff_inputs(&a, argc, argv);
    free(a.old_copy);
    return rc;
}

/* Parse, read both sides and compare them. */
static int diff_inputs(struct diff_args *ap, int argc, char **argv)
{
    int first, parsed = options_parse(&diff_options, argc, argv, ap, &first);
    if (parsed != 0)
        return parsed > 0 ? DIFF_SAME : DIFF_INCOMPARABLE;
    const struct diff_args a = *ap;
    if (first != argc - 2) {
        fprintf(stderr, "profil diff: want two .PRF files or two .prx files (profil diff OLD.PRF NEW.PRF)\n");
        return DIFF_INCOMPARABLE;
    }
    if (!a.old_map != !a.new_map) {
        fprintf(stderr, "profil: --%s needs --%s too (or --map for both)\n", a.old_map ? "old-map" : "new-map",
                a.old_map ? "new-map" : "old-map");
        return DIFF_INCOMPARABLE;
    }
    char found[2][4200];
    if (a.format != DIFFOUT_TEXT && a.exact) {
        fprintf(stderr, "profil: --exact names the first differing field as text; --format %s compares the "
                "figures\n", diffout_names[a.format]);
        return DIFF_INCOMPARABLE;
    }
    const char *names[2] = { session_profile_path(argv[first], found[0], sizeof found[0]),
                             session_profile_path(argv[first + 1], found[1], sizeof found[1]) };
    struct input *in = calloc(2, sizeof *in);
    int rc = DIFF_INCOMPARABLE;
    if (!in) {
        fprintf(stderr, "profil: out of memory\n");
        return rc;
    }
    if (read_input(names[0], a.exact ? NULL : a.old_map, a.exact, &in[0]) == 0 &&
        read_input(names[1], a.exact ? NULL : a.new_map, a.exact, &in[1]) == 0) {
        if (in[0].has_map != in[1].has_map) {   /* symbols against buckets compare nothing */
            int k = in[0].has_map ? 0 : 1;
            fprintf(stderr, "profil: only %s has symbols: comparing without them (--map OLD.MAP,NEW.MAP names "
                    "both)\n", names[k]);
            symtab_free(&in[k].map);
            in[k].has_map = 0;
            in[k].side.map = NULL;
        }
        /* Frames: two .prx, either with them; a sampling run's .prx has
         * nothing else to compare. */
        int frames = in[0].is_prx && in[1].is_prx && (in[0].prx.frames || in[1].prx.frames) && !a.exact;
        if (frames && a.format != DIFFOUT_TEXT) {
            fprintf(stderr, "profil: the frame times are compared in the text format only (--format %s leaves "
                    "them out)\n", diffout_names[a.format]);
            frames = 0;
        }
        int sampling = in[0].is_prx && strcmp(in[0].prx.mode, "sampling") == 0 && !a.by_function;
        if (frames && sampling)
            rc = compare_frames(&in[0], &in[1], a.frame_threshold, a.frames_from, a.frames_to, names);
        else {
            rc = a.exact ? exact_compare(&in[0], &in[1], names)
                         : compare(&in[0], &in[1], a.by_function, a.threshold, a.time_threshold, names, a.format);
            if (frames)
                rc = worse(rc, compare_frames(&in[0], &in[1], a.frame_threshold, a.frames_from, a.frames_to, names));
        }
    }
    free_input(&in[0]);
    free_input(&in[1]);
    free(in);
    return rc;
}
