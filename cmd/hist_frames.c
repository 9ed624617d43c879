/*
 * cmd/hist_frames.c: `profil hist X.prx --by frame` and `--worst-frames K`:
 * the program's frames (docs/frames.md) as text, CSV or JSON
 * (report/frames.h); `--frame N`: one frame's own profile, which
 * cmd/hist_trace.c then shows as it shows a whole trace.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/prx.h"
#include "../report/export.h"
#include "../report/frames.h"
#include "commands.h"
#include "session.h"

int hist_frames(const struct prx *x, const struct symtab *t, const struct hist_request *q)
{
    const char *what = q->worst_frames ? "--worst-frames" : "--by frame";
    enum frames_format format;
    switch (q->format) {
    case FORMAT_TEXT: format = FRAMES_TEXT; break;
    case FORMAT_CSV: format = FRAMES_CSV; break;
    case FORMAT_JSON: format = FRAMES_JSON; break;
    default:
        fprintf(stderr, "profil: --format %s: %s is printed as text, csv or json\n", export_format_names[q->format],
                what);
        return 2;
    }
    if (!x->frames) {
        fprintf(stderr, "profil: %s: %s has no frames (none was found in the run: run --frames, docs/frames.md)\n",
                what, q->path);
        return EXIT_PROFIL_FAILED;
    }
    struct prx view = *x;       /* --frames-from, --frames-to: the rows dropped in a copy of the arrays */
    struct prx_frame *f = NULL;
    struct prx_frame_row *r = NULL;
    if (q->frames_from || q->frames_to) {
        f = malloc(x->nframes * sizeof *f);
        r = malloc((x->nframe_rows ? x->nframe_rows : 1) * sizeof *r);
        if (!f || !r) {
            free(f);
            free(r);
            fprintf(stderr, "profil: %s: out of memory\n", what);
            return EXIT_PROFIL_FAILED;
        }
        memcpy(f, x->frames, x->nframes * sizeof *f);
        if (x->nframe_rows)
            memcpy(r, x->frame_rows, x->nframe_rows * sizeof *r);
        view.frames = f;
        view.frame_rows = r;
        unsigned first = q->frames_from ? q->frames_from : 1;
        if (prx_frames_range(&view, first, q->frames_to) != 0) {
            fprintf(stderr, "profil: --frames-from %u --frames-to %u: %s has %zu frame%s\n", first, q->frames_to,
                    q->path, x->nframes, x->nframes == 1 ? "" : "s");
            free(f);
            free(r);
            return EXIT_BAD_INPUT;
        }
    }
    int rc = frames_report(stdout, &view, q->worst_frames, t, format);
    free(f);
    free(r);
    if (rc != 0) {
        fprintf(stderr, "profil: %s: out of memory, or the output could not be written\n", what);
        return EXIT_PROFIL_FAILED;
    }
    return 0;
}

int hist_frame_select(struct prx *x, const struct hist_request *q, enum metric *m)
{
    size_t i = q->frame - 1;
    if (!x->frames) {
        fprintf(stderr, "profil: --frame %u: %s has no frames (none was found in the run: run --frames, "
                "docs/frames.md)\n", q->frame, q->path);
        return EXIT_PROFIL_FAILED;
    }
    if (i >= x->nframes) {
        fprintf(stderr, "profil: --frame %u: %s has %zu frame%s\n", q->frame, q->path, x->nframes,
                x->nframes == 1 ? "" : "s");
        return EXIT_BAD_INPUT;
    }
    if (i >= x->profiled) {
        fprintf(stderr, "profil: --frame %u: %s keeps no profile of it (%s)\n", q->frame, q->path,
                x->profiled ? "the run kept the first frames' only: docs/frames.md" : "written before frames had theirs");
        return EXIT_PROFIL_FAILED;
    }
    struct prx_entry *e;
    size_t n;
    if (frame_entries(x, i, &e, &n) != 0) {
        fprintf(stderr, "profil: --frame %u: out of memory\n", q->frame);
        return EXIT_PROFIL_FAILED;
    }
    free(x->e);
    x->e = e;
    x->n = n;
    x->total_insns = x->frames[i].insns;
    x->total_cycles = x->frames[i].cycles;
    if (frame_metric(x) == METRIC_SAMPLES) {
        if (q->metric_given && q->metric != METRIC_SAMPLES) {
            fprintf(stderr, "profil: --frame %u: %s is from a sampling run: a frame counts samples (a trace's "
                    "count instructions, cycles and stalls)\n", q->frame, q->path);
            return EXIT_BAD_INPUT;
        }
        *m = METRIC_SAMPLES;
        x->has_stalls = 0;
    }
    return 0;
}
