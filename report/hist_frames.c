/*
 * report/hist_frames.c: `profil hist X.prx --by frame` and `--worst-frames K`:
 * the program's frames (docs/frames.md) as text, CSV or JSON
 * (report/frames.h); `--frame N`: one frame's own profile, which
 * report/hist_trace.c then shows as it shows a whole trace.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/prx.h"
#include "export.h"
#include "frames.h"
#include "hist_internal.h"

/* --by frame, --worst-frames K: text, csv or json (the formats report/hist.c's table gives them). */
enum hist_status hist_prx_frames(const struct hist_request *q, struct hist_data *d)
{
    const struct prx *x = d->x;
    const char *what = q->worst_frames ? "--worst-frames" : "--by frame";
    if (!x->frames) {
        fprintf(q->msg, "profil: %s: %s has no frames (none was found in the run: run --frames, docs/frames.md)\n",
                what, q->path);
        return HIST_FAILED;
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
            fprintf(q->msg, "profil: %s: out of memory\n", what);
            return HIST_FAILED;
        }
        memcpy(f, x->frames, x->nframes * sizeof *f);
        if (x->nframe_rows)
            memcpy(r, x->frame_rows, x->nframe_rows * sizeof *r);
        view.frames = f;
        view.frame_rows = r;
        unsigned first = q->frames_from ? q->frames_from : 1;
        if (prx_frames_range(&view, first, q->frames_to) != 0) {
            fprintf(q->msg, "profil: --frames-from %u --frames-to %u: %s has %zu frame%s\n", first, q->frames_to,
                    q->path, x->nframes, x->nframes == 1 ? "" : "s");
            free(f);
            free(r);
            return HIST_BAD_INPUT;
        }
    }
    int rc = frames_report(q->out, &view, q->worst_frames, d->t, q->format);
    free(f);
    free(r);
    if (rc != 0) {
        fprintf(q->msg, "profil: %s: out of memory, or the output could not be written\n", what);
        return HIST_FAILED;
    }
    return 0;
}

enum hist_status hist_frame_select(struct prx *x, const struct hist_request *q, enum metric *m)
{
    size_t i = q->frame - 1;
    if (!x->frames) {
        fprintf(q->msg, "profil: --frame %u: %s has no frames (none was found in the run: run --frames, "
                "docs/frames.md)\n", q->frame, q->path);
        return HIST_FAILED;
    }
    if (i >= x->nframes) {
        fprintf(q->msg, "profil: --frame %u: %s has %zu frame%s\n", q->frame, q->path, x->nframes,
                x->nframes == 1 ? "" : "s");
        return HIST_BAD_INPUT;
    }
    if (i >= x->profiled) {
        fprintf(q->msg, "profil: --frame %u: %s keeps no profile of it (%s)\n", q->frame, q->path,
                x->profiled ? "the run kept the first frames' only: docs/frames.md"
                            : "written before frames had theirs");
        return HIST_FAILED;
    }
    struct prx_entry *e;
    size_t n;
    if (frame_entries(x, i, &e, &n) != 0) {
        fprintf(q->msg, "profil: --frame %u: out of memory\n", q->frame);
        return HIST_FAILED;
    }
    free(x->e);
    x->e = e;
    x->n = n;
    x->total_insns = x->frames[i].insns;
    x->total_cycles = x->frames[i].cycles;
    if (frame_metric(x) == METRIC_SAMPLES) {
        if (q->metric_given && q->metric != METRIC_SAMPLES) {
            fprintf(q->msg, "profil: --frame %u: %s is from a sampling run: a frame counts samples (a trace's "
                    "count instructions, cycles and stalls)\n", q->frame, q->path);
            return HIST_BAD_INPUT;
        }
        *m = METRIC_SAMPLES;
        x->has_stalls = 0;
    }
    return 0;
}
