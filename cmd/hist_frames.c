/*
 * cmd/hist_frames.c: `profil hist X.prx --by frame` and `--worst-frames K`:
 * the program's frames (docs/frames.md) as text, CSV or JSON
 * (report/frames.h).
 */
#include <stdio.h>

#include "../formats/prx.h"
#include "../report/export.h"
#include "../report/frames.h"
#include "commands.h"
#include "session.h"

int hist_frames(const struct prx *x, const struct hist_request *q)
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
    if (frames_report(stdout, x, q->worst_frames, format) != 0) {
        fprintf(stderr, "profil: %s: out of memory, or the output could not be written\n", what);
        return EXIT_PROFIL_FAILED;
    }
    return 0;
}
