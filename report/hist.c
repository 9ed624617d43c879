/*
 * report/hist.c: `profil hist`'s one table of views (report/hist.h): the
 * view a request asks for, per input; the format it refuses in one line;
 * the checks of the request that come before any file is read; the input
 * read (a .PRF with its NAME.prc, a .prx's program as its .PRF, a .prx,
 * frame N's own rows) and the symbols the view names rows by; then the
 * view's writer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/prc.h"
#include "../formats/prf.h"
#include "../formats/prx.h"
#include "../formats/samplelog.h"
#include "../formats/symtab.h"
#include "hist_internal.h"

const char *const hist_sort_names[NSORTS] = { NULL, "hits", "address" };

#define F(fmt) (1u << FORMAT_##fmt)
#define ROWS (F(TEXT) | F(CSV) | F(JSON) | F(SVG))                  /* a table of rows and its exports */
#define TREE (F(TEXT) | F(CSV) | F(JSON) | F(FOLDED) | F(CALLGRIND)) /* a tree and its exports */
#define ALL (ROWS | F(FOLDED) | F(CALLGRIND))

/* What a view asks of the request's --metric: anything (its own rule),
 * samples (a .PRF holds samples), or not samples (a trace's exact rows). */
enum metric_rule { RULE_ANY, RULE_SAMPLES, RULE_EXACT };

/* A view: `name` as errors give it, `args` the options that ask for it
 * (the tests walk them), `asked` whether a request does, the input it
 * reads and the formats it writes (none: the input has no such view, and
 * `absent` says why, with `absent_status`); `symbols`: it names rows by the
 * symbol rule's table, 2 when it cannot do without. */
struct hist_view {
    const char *name, *args;
    int (*asked)(const struct hist_request *q);
    unsigned inputs, formats;
    enum metric_rule metric;
    int symbols;
    hist_writer *write;
    const char *absent;
    enum hist_status absent_status;
};

static int is_call_export(const struct hist_request *q)
{
    return q->format == FORMAT_FOLDED || q->format == FORMAT_CALLGRIND;
}

static int asks_buckets(const struct hist_request *q) { return q->buckets != NULL; }
static int asks_prohst(const struct hist_request *q) { return q->style == STYLE_PROHST; }
static int asks_inferno(const struct hist_request *q) { return q->style == STYLE_INFERNO; }
static int asks_frame(const struct hist_request *q) { return q->frame != 0; }
static int asks_frames(const struct hist_request *q) { return q->by == BY_FRAME; }
static int asks_worst(const struct hist_request *q) { return q->worst_frames != 0; }
static int asks_zone(const struct hist_request *q) { return q->by == BY_ZONE; }
static int asks_site(const struct hist_request *q) { return q->by == BY_SITE; }
static int asks_service(const struct hist_request *q) { return q->by == BY_SERVICE; }
static int asks_callgraph(const struct hist_request *q) { return q->callgraph; }
static int asks_function(const struct hist_request *q) { return q->by == BY_FUNCTION; }
/* A .prx's folded stacks and callgrind are of its call tree (or zones). */
static int asks_tree(const struct hist_request *q)
{
    return q->by == BY_FUNCTION || (q->by == BY_DEFAULT && is_call_export(q));
}
static int asks_bucket(const struct hist_request *q) { return q->by == BY_BUCKET; }
static int asks_symbol(const struct hist_request *q) { return q->by == BY_SYMBOL && !q->keep_labels; }
static int asks_label(const struct hist_request *q) { return q->by == BY_SYMBOL && q->keep_labels; }
static int asks_line(const struct hist_request *q) { return q->by == BY_LINE; }
static int asks_default(const struct hist_request *q) { (void)q; return 1; }

/* One frame's profile is a table of rows, not another view of the .prx. */
static int asks_another_view(const struct hist_request *q)
{
    return asks_callgraph(q) || asks_worst(q) || asks_function(q) || asks_site(q) || asks_service(q) ||
           asks_zone(q) || asks_frames(q);
}

#define VIEW(name_, args_, asked_, inputs_, formats_, metric_, symbols_, write_) \
    { .name = name_, .args = args_, .asked = asked_, .inputs = inputs_, .formats = formats_, .metric = metric_, \
      .symbols = symbols_, .write = write_, .absent = NULL, .absent_status = HIST_OK }
#define NONE(name_, args_, asked_, inputs_, why_, status_) \
    { .name = name_, .args = args_, .asked = asked_, .inputs = inputs_, .formats = 0, .metric = RULE_ANY, \
      .symbols = 0, .write = NULL, .absent = why_, .absent_status = status_ }
#define PRF HIST_INPUT_PRF
#define PRX HIST_INPUT_PRX
static const char no_frames[] = "a .PRF has no frames; they are in the .prx beside it, of a program that had them "
                                "(docs/frames.md)";
static const char no_zones[] = "a .PRF has no zones; they are in the .prx beside it, of a program that used "
                               "them (docs/guestapi.md)";
static const char no_calls[] = "a .PRF has no calls or memory; they are in the .prx of profil run --trace, "
                               "--stacks or --memory";

/* The first row of the request's input whose `asked` is true is its view. */
static const struct hist_view views[] = {
    VIEW("--buckets", "--buckets", asks_buckets, HIST_INPUT_ANY, F(TEXT) | F(CSV), RULE_ANY, 0, hist_buckets),
    VIEW("--style prohst", "--style prohst", asks_prohst, PRF, F(TEXT), RULE_SAMPLES, 0, hist_prf_prohst),
    NONE("--style prohst", "--style prohst", asks_prohst, PRX, "--style prohst reads a .PRF (the .PRF beside it)",
         HIST_BAD_INPUT),
    VIEW("--style inferno", "--style inferno", asks_inferno, PRF, F(TEXT), RULE_SAMPLES, 0, hist_prf_inferno),
    VIEW("--style inferno", "--style inferno", asks_inferno, PRX, F(TEXT), RULE_EXACT, 0, hist_prx_inferno),
    NONE("--frame N", "--frame 1", asks_frame, PRF, no_frames, HIST_FAILED),
    VIEW("--frame N", "--frame 1", asks_frame, PRX, ROWS, RULE_ANY, 1, hist_prx_rows),
    NONE("--by frame", "--by frame", asks_frames, PRF, no_frames, HIST_FAILED),
    VIEW("--by frame", "--by frame", asks_frames, PRX, F(TEXT) | F(CSV) | F(JSON), RULE_ANY, 1, hist_prx_frames),
    NONE("--worst-frames", "--worst-frames 2", asks_worst, PRF, no_frames, HIST_FAILED),
    VIEW("--worst-frames", "--worst-frames 2", asks_worst, PRX, F(TEXT) | F(CSV) | F(JSON), RULE_ANY, 1,
         hist_prx_frames),
    NONE("--by zone", "--by zone", asks_zone, PRF, no_zones, HIST_BAD_INPUT),
    VIEW("--by zone", "--by zone", asks_zone, PRX, TREE, RULE_ANY, 0, hist_prx_zones),
    VIEW("--by service", "--by service", asks_service, PRF, F(TEXT) | F(CSV) | F(JSON), RULE_ANY, 0,
         hist_prf_services),
    VIEW("--by service", "--by service", asks_service, PRX, F(TEXT) | F(CSV) | F(JSON), RULE_ANY, 0,
         hist_prx_services),
    NONE("--by site", "--by site", asks_site, PRF, no_calls, HIST_BAD_INPUT),
    VIEW("--by site", "--by site", asks_site, PRX, F(TEXT), RULE_ANY, 1, hist_prx_sites),
    NONE("--callgraph", "--callgraph", asks_callgraph, PRF, no_calls, HIST_BAD_INPUT),
    VIEW("--callgraph", "--callgraph", asks_callgraph, PRX, TREE, RULE_ANY, 1, hist_prx_calls),
    NONE("--by function", "--by function", asks_function, PRF, no_calls, HIST_BAD_INPUT),
    VIEW("--by function", "--by function", asks_tree, PRX, TREE, RULE_ANY, 1, hist_prx_calls),
    VIEW("--by bucket", "--by bucket", asks_bucket, PRF, ALL, RULE_SAMPLES, 1, hist_prf_rows),
    VIEW("--by bucket", "--by bucket", asks_bucket, PRX, ROWS, RULE_EXACT, 0, hist_prx_rows),
    VIEW("--by symbol", "--by symbol", asks_symbol, PRF, ALL, RULE_SAMPLES, 2, hist_prf_rows),
    VIEW("--by symbol", "--by symbol", asks_symbol, PRX, ROWS, RULE_EXACT, 2, hist_prx_rows),
    VIEW("--by label", "--by label", asks_label, PRF, ALL, RULE_SAMPLES, 2, hist_prf_rows),
    VIEW("--by label", "--by label", asks_label, PRX, ROWS, RULE_EXACT, 2, hist_prx_rows),
    VIEW("--by line", "--by line", asks_line, PRF, F(TEXT), RULE_SAMPLES, 2, hist_prf_rows),
    VIEW("--by line", "--by line", asks_line, PRX, ROWS, RULE_EXACT, 2, hist_prx_rows),
    VIEW("the histogram", "", asks_default, PRF, ALL, RULE_SAMPLES, 1, hist_prf_rows),
    VIEW("the histogram", "", asks_default, PRX, ROWS, RULE_EXACT, 1, hist_prx_rows),
};
#undef VIEW
#undef NONE
#undef PRF
#undef PRX

size_t hist_views_count(void) { return sizeof views / sizeof views[0]; }
const struct hist_view *hist_view_at(size_t i) { return i < hist_views_count() ? &views[i] : NULL; }
const char *hist_view_name(const struct hist_view *v) { return v->name; }
const char *hist_view_args(const struct hist_view *v) { return v->args; }
unsigned hist_view_inputs(const struct hist_view *v) { return v->inputs; }
unsigned hist_view_formats(const struct hist_view *v) { return v->formats; }

const struct hist_view *hist_view_of(const struct hist_request *q, enum hist_input input)
{
    for (size_t i = 0; i < hist_views_count(); i++)
        if ((views[i].inputs & input) && views[i].asked(q))
            return &views[i];
    return NULL;        /* not reached: the last rows are asked by every request */
}

/* "text, csv or json", "text only": the formats a view writes. */
static void formats_text(unsigned formats, char *out, size_t n)
{
    size_t len = 0, k = 0, all = 0;
    out[0] = 0;
    for (unsigned f = 0; f < NFORMATS; f++)
        all += (formats >> f) & 1;
    for (unsigned f = 0; f < NFORMATS && len < n; f++)
        if ((formats >> f) & 1)
            len += (size_t)snprintf(out + len, n - len, "%s%s", k++ == 0 ? "" : k == all ? " or " : ", ",
                                    export_format_names[f]);
    if (all == 1 && len < n)
        snprintf(out + len, n - len, " only");
}

/* The view's answer before any file is read: the input has no such view,
 * the format is not one it writes, or --metric is not one it counts. */
static enum hist_status refused(const struct hist_request *q, const struct hist_view *v)
{
    char list[80];
    if (!v->write) {
        fprintf(q->msg, "profil: %s: %s\n", q->path, v->absent);
        return v->absent_status;
    }
    if (!((v->formats >> q->format) & 1)) {
        formats_text(v->formats, list, sizeof list);
        fprintf(q->msg, "profil: --format %s: %s is printed as %s\n", export_format_names[q->format], v->name, list);
        return HIST_BAD_INPUT;
    }
    if (v->metric == RULE_SAMPLES && q->metric != METRIC_SAMPLES) {
        fprintf(q->msg, "profil: --metric %s: %s holds samples; exact counts are in the .prx of profil run --trace\n",
                metric_name(q->metric), q->path);
        return HIST_BAD_INPUT;
    }
    if (v->metric == RULE_EXACT && q->metric == METRIC_SAMPLES && q->metric_given) {
        fprintf(q->msg, "profil: --metric samples: %s counts instructions and cycles (samples are per function: "
                "--by function)\n", q->path);
        return HIST_BAD_INPUT;
    }
    if (v->asked == asks_frame && asks_another_view(q)) {
        fprintf(q->msg, "profil: --frame %u: one frame's profile is a table by bucket, symbol or line (text, csv, "
                "json, svg), not %s\n", q->frame, q->worst_frames || q->by == BY_FRAME ? "the frames' list" :
                "this view");
        return HIST_BAD_INPUT;
    }
    return HIST_OK;
}

/* The symbols v names rows by, into d (t: the caller's table); said why
 * when v cannot do without and there are none. */
static enum hist_status symbols_for(const struct hist_request *q, const struct hist_view *v, struct hist_data *d,
                                    struct symtab *t, char *source, size_t n)
{
    int rc = v->symbols ? q->symbols(q, t, source, n) : 1;
    if (rc < 0)
        return HIST_BAD_INPUT;
    d->t = rc == 0 ? t : NULL;
    d->source = source;
    if (!d->t && v->symbols == 2) {
        fprintf(q->msg, "profil: --by %s needs symbols: --map FILE.MAP, or the program, with a map or debug "
                "information, beside %s\n", attrib_unit_names[q->by], q->path);
        return HIST_BAD_INPUT;
    }
    return HIST_OK;
}

/* v's writer over d, with its symbols. */
static enum hist_status write_view(const struct hist_request *q, const struct hist_view *v, struct hist_data *d)
{
    struct symtab t;
    char source[4200] = "";
    enum hist_status rc = symbols_for(q, v, d, &t, source, sizeof source);
    if (rc == HIST_OK)
        rc = v->write(q, d);
    if (d->t)
        symtab_free(&t);
    return rc;
}

/* A .PRF (p, freed here) through its view. */
static enum hist_status show_prf(const struct hist_request *q, const struct hist_view *v, struct prf *p,
                                 const struct prc *c)
{
    struct hist_data d = { .p = p, .c = c };
    enum hist_status rc = write_view(q, v, &d);
    prf_free(p);
    return rc;
}

/* hist of a .PRF; the program its NAME.prc names (what the symbol rule
 * looks for) and the counted addresses and services it holds attached,
 * but for PROHST's listing, which is of the .PRF's own words. */
static enum hist_status hist_prf(const struct hist_request *asked, const struct hist_view *v)
{
    struct prf p;
    struct prc c;
    char err[700];
    struct hist_request q = *asked;
    int attached = 0;
    if (prf_read_file(q.path, &p, err, sizeof err) != 0) {
        fprintf(q.msg, "profil: %s\n", err);
        return HIST_BAD_INPUT;
    }
    if (q.style != STYLE_PROHST) {
        char note[700];
        attached = prc_attach_beside(q.path, &p, &c, note, sizeof note);
        fprintf(q.msg, "profil: %s\n", note);
    }
    const struct profile_program pp = { attached ? c.program : NULL, attached ? c.program_path : NULL,
                                        attached ? c.program_sha256 : NULL };
    q.pp = attached ? &pp : NULL;
    enum hist_status rc = show_prf(&q, v, &p, attached ? &c : NULL);
    if (attached)
        prc_free(&c);
    return rc;
}

/* The programs of x, for --process's error. */
static void list_processes(const struct hist_request *q, const struct prx *x)
{
    fprintf(q->msg, "profil: --process %s: %s has %s", q->process, q->path, x->nprocs ? "only" : "no processes (the "
            "run ran no child program)\n");
    for (size_t k = 0; k < x->nprocs; k++)
        fprintf(q->msg, "%s%zu %s", k ? ", " : " ", k, x->procs[k].name);
    if (x->nprocs)
        fputc('\n', q->msg);
}

/* --process: one program of a .prx, as its .PRF. */
static enum hist_status hist_process(const struct hist_request *q, const struct hist_view *v)
{
    struct prx x;
    struct prf p;
    char err[700];
    if (!prx_file_looks_like(q->path)) {
        fprintf(q->msg, "profil: --process %s: %s is a .PRF; each program's .PRF is a file of its own, and the "
                "programs are in the .prx\n", q->process, q->path);
        return HIST_BAD_INPUT;
    }
    if (prx_read_file(q->path, &x, err, sizeof err) != 0) {
        fprintf(q->msg, "profil: %s\n", err);
        return HIST_BAD_INPUT;
    }
    int i = prx_find_process(&x, q->process);
    if (i < 0) {
        list_processes(q, &x);
        prx_free(&x);
        return HIST_BAD_INPUT;
    }
    int rc = prx_process_prf(&x, (size_t)i, &p);
    prx_free(&x);
    if (rc != 0) {
        fprintf(q->msg, "profil: out of memory\n");
        return HIST_FAILED;
    }
    return show_prf(q, v, &p, NULL);
}

/* A trace's address rows (and the inferno listing) are of a trace. */
static int sampling_refused(const struct hist_request *q, const struct hist_view *v, const struct prx *x)
{
    if (v->metric != RULE_EXACT || q->frame || strcmp(x->mode, "sampling") != 0)
        return 0;
    fprintf(q->msg, "profil: %s is from a sampling run: it has calls (--by function, --callgraph), memory (--by "
            "site) or the program's zones (--by zone); the samples are in the .PRF beside it\n", q->path);
    return 1;
}

/* hist of a .prx: read, frame N's own rows with --frame N, the symbols
 * the view names rows by (the program the .prx names is where the symbol
 * rule looks). */
static enum hist_status hist_prx(const struct hist_request *asked, const struct hist_view *v)
{
    struct prx x;
    char err[700];
    struct hist_request q = *asked;
    /* the metric: time, unless asked */
    struct hist_data d = { .x = &x, .m = q.metric == METRIC_SAMPLES ? METRIC_CYCLES : q.metric };
    if (prx_read_file(q.path, &x, err, sizeof err) != 0) {
        fprintf(q.msg, "profil: %s\n", err);
        return HIST_BAD_INPUT;
    }
    enum hist_status rc = q.frame ? hist_frame_select(&x, &q, &d.m) : HIST_OK;
    const struct profile_program pp = { x.program, x.program_path, x.program_sha256 };
    q.pp = &pp;
    if (rc == HIST_OK && sampling_refused(&q, v, &x))
        rc = HIST_BAD_INPUT;
    if (rc == HIST_OK)
        rc = write_view(&q, v, &d);
    prx_free(&x);
    return rc;
}

enum hist_status hist_run(const struct hist_request *q)
{
    int prx = prx_file_looks_like(q->path);
    if (!q->process && !q->buckets && samplelog_file_looks_like(q->path)) {
        fprintf(q->msg, "profil: %s: a sample log (run --samples): count it into buckets with --buckets FILE "
                "(docs/buckets.md)\n", q->path);
        return HIST_BAD_INPUT;
    }
    /* --process shows a program of the .prx as its .PRF */
    const struct hist_view *v = hist_view_of(q, prx && !q->process ? HIST_INPUT_PRX : HIST_INPUT_PRF);
    enum hist_status rc = refused(q, v);
    if (rc != HIST_OK)
        return rc;
    if (v->inputs == HIST_INPUT_ANY)
        return v->write(q, NULL);   /* --buckets finds the recorded run itself */
    if (q->process)
        return hist_process(q, v);
    return prx ? hist_prx(q, v) : hist_prf(q, v);
}
