/*
 * report/html.c: see html.h.  The symbols are annotate's units (the same
 * rows, names and ranges as `profil annotate`); the flame graph's frames
 * are the call tree's nodes merged by function along each chain of calls
 * (identical stacks once, as flamegraph.pl folds them), sent to the page's
 * script as JSON; the page draws and zooms them.
 */
#include "html.h"
#include "srcview.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "callgraph.h"
#include "export.h"
#include "frames.h"
#include "../emu/clockrate.h"      /* CPU_HZ_ROUND: the frames' data state the rate */
#include "../formats/jsonio.h"
#include "../util/grow.h"

#include "html_assets.inc"

struct unit_row {
    char name[80];
    uint32_t start, end;
    uint64_t insns, cycles, stalls;
    double percent;
    int shown;                          /* its code is on the page */
};

struct frame {
    int64_t parent;                     /* -1: the root */
    size_t fn;                          /* into the call graph's functions */
    uint64_t self, incl;
};

struct html_report {
    const struct prx *x;
    struct html_request q;
    struct unit_row *unit;              /* busiest first */
    size_t nunit, capunit;
    struct unit_row *run;               /* the runs of executed code, by address: a group's rows (symbol.group) */
    size_t nrun, caprun;
    size_t *by_start;                   /* unit indexes by address */
    char note[400];                     /* why there are no symbols or code ("": there are) */
    char *code;                         /* the code sections' HTML */
    size_t ncode;
    uint64_t area_insns[4], area_cycles[4];
    int has_graph;
    struct callgraph g;
    enum metric m;                      /* the call tree's cost: cycles (a trace) or samples */
    struct frame *fr;
    size_t nfr, dropped;
};

/* The unit holding load-module offset off, or NULL (units do not
 * overlap: by_start orders them by address). */
static const struct unit_row *unit_holding(const struct html_report *r, uint32_t off)
{
    size_t lo = 0, hi = r->nunit;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const struct unit_row *u = &r->unit[r->by_start[mid]];
        if (off < u->start)
            hi = mid;
        else if (off >= u->end)
            lo = mid + 1;
        else
            return u;
    }
    return NULL;
}

/* The unit starting at start, or NULL. */
static const struct unit_row *unit_at(const struct html_report *r, uint32_t start)
{
    const struct unit_row *u = unit_holding(r, start);
    return u && u->start == start ? u : NULL;
}

/* A unit's start with its index: what prepare_units sorts, so that the
 * comparison needs no context; ties in index order. */
struct unit_start {
    uint32_t start;
    size_t unit;
};

static int by_address(const void *a, const void *b)
{
    const struct unit_start *x = a, *y = b;
    if (x->start != y->start)
        return (x->start > y->start) - (x->start < y->start);
    return (x->unit > y->unit) - (x->unit < y->unit);
}

/* Whether an instruction started at load-module offset off (its code row
 * is "a-OFFSET"): x->e is by linear address. */
static int ran_at(const struct prx *x, uint32_t off)
{
    uint32_t linear = (uint32_t)x->prog_low_pa * 16u + off;
    for (size_t lo = 0, hi = x->n; lo < hi;) {
        size_t mid = lo + (hi - lo) / 2;
        if (x->e[mid].linear == linear)
            return x->e[mid].insns > 0 && x->e[mid].cls == PRX_PROGRAM;
        if (x->e[mid].linear < linear)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* "#code-00070" when its code is shown, else "#sym-00070" (its row). */
static void unit_link(const struct unit_row *u, char *out, size_t n)
{
    snprintf(out, n, "%s-%05X", u->shown ? "code" : "sym", u->start);
}

/* ---- gathering ---------------------------------------------------------- */

/* An annotate unit as a row of rows[*n]; NULL when memory ran out (said in r->note). */
static struct unit_row *add_row(struct html_report *r, struct unit_row **rows, size_t *n, size_t *cap,
                                const struct annotate_item *it)
{
    if (grow_array(rows, cap, *n + 1, sizeof **rows) != 0) {
        snprintf(r->note, sizeof r->note, "out of memory");
        return NULL;
    }
    struct unit_row *u = &(*rows)[(*n)++];
    memset(u, 0, sizeof *u);
    snprintf(u->name, sizeof u->name, "%s", it->name);
    u->start = it->start;
    u->end = it->end;
    u->insns = it->insns;
    u->cycles = it->cycles;
    u->stalls = it->stalls;
    u->percent = it->percent;
    return u;
}

static void collect_unit(void *ctx, const struct annotate_item *it)
{
    struct html_report *r = ctx;
    struct unit_row *u;
    if (it->kind == ANNOTATE_UNIT && !r->note[0] && (u = add_row(r, &r->unit, &r->nunit, &r->capunit, it)) != NULL)
        u->shown = r->q.top == 0 || r->nunit <= r->q.top;
}

static void collect_run(void *ctx, const struct annotate_item *it)
{
    struct html_report *r = ctx;
    if (it->kind == ANNOTATE_UNIT && !r->note[0])
        add_row(r, &r->run, &r->nrun, &r->caprun, it);
}

/* Whether the row u stands for a group (a segment or module without
 * symbols of its own: symbol.group). */
static int is_group(const struct html_report *r, const struct unit_row *u)
{
    size_t k = r->q.map ? symtab_below(r->q.map, u->start) : 0;
    return k > 0 && r->q.map->sym[k - 1].addr == u->start && r->q.map->sym[k - 1].group;
}

static int by_run_start(const void *a, const void *b)
{
    const struct unit_row *x = a, *y = b;
    return (x->start > y->start) - (x->start < y->start);
}

/* The runs of executed code (the units without a map), by address, when
 * some row is a group: what a click on it shows. */
static int gather_runs(struct html_report *r, char *err, size_t errn)
{
    int any = 0;
    for (size_t i = 0; i < r->nunit && !any; i++)
        any = is_group(r, &r->unit[i]);
    if (!any)
        return 0;
    struct annotate_request aq = { r->q.path, NULL, NULL, 0, NULL, 0 };
    char why[400];
    if (annotate_prx_each(r->x, &aq, 0, collect_run, r, why, sizeof why) != 0 || r->note[0]) {
        snprintf(err, errn, "%s", r->note[0] ? r->note : why);
        return -1;
    }
    qsort(r->run, r->nrun, sizeof *r->run, by_run_start);
    return 0;
}

static const char *heat_class(double pct)
{
    return pct >= ANNOTATE_RED ? " class=\"hot\"" : pct >= ANNOTATE_GREEN ? " class=\"warm\"" : "";
}

struct code_out {
    struct html_report *r;
    FILE *f;
};

/* One annotate item as HTML: a unit's heading and table, its rows. */
static void code_item(void *ctx, const struct annotate_item *it)
{
    struct code_out *o = ctx;
    FILE *f = o->f;
    int stalls = o->r->x->has_stalls;
    char link[32];
    switch (it->kind) {
    case ANNOTATE_BEGIN:
        break;
    case ANNOTATE_UNIT:
        fprintf(f, "<section class=\"unit\" id=\"code-%05X\">\n<h3>", it->start);
        xml_put_text(f, it->name);
        fprintf(f, " <span class=\"range\">%05X-%05X</span></h3>\n<p>%llu cycles (%.1f%%), %llu instruction%s",
                it->start, it->end - 1, (unsigned long long)it->cycles, it->percent, (unsigned long long)it->insns,
                it->insns == 1 ? "" : "s");
        if (stalls)
            fprintf(f, ", %.1f%% of them bus stalls",
                    it->cycles ? 100.0 * (double)it->stalls / (double)it->cycles : 0.0);
        fprintf(f, " &middot; <a href=\"#sym-%05X\">in the table</a></p>\n<table class=\"code\">\n<thead><tr>"
                   "<th>offset</th><th>cs:ip</th><th>bytes</th><th>count</th><th>cycles</th>%s<th>time%%</th>"
                   "<th class=\"l\">instruction</th></tr></thead>\n<tbody>\n", it->start, stalls ? "<th>stalls</th>" : "");
        break;
    case ANNOTATE_INSN:
        fprintf(f, "<tr id=\"a-%05X\"%s><td>%s%05X</td><td>%04X:%04X</td><td>%s</td><td>%llu</td><td>%llu</td>",
                it->start, heat_class(it->percent), it->changed ? "*" : "", it->start, it->cs, it->ip, it->bytes,
                (unsigned long long)it->insns, (unsigned long long)it->cycles);
        if (stalls)
            fprintf(f, "<td>%llu</td>", (unsigned long long)it->stalls);
        fprintf(f, "<td>%.1f%%</td><td class=\"l\">", it->percent);
        xml_put_text(f, it->text);
        if (it->target[0]) {
            const struct unit_row *t = it->target_unit != ANNOTATE_NO_UNIT ? unit_at(o->r, it->target_unit) : NULL;
            if (t && t->shown && ran_at(o->r->x, it->target_at))
                snprintf(link, sizeof link, "a-%05X", it->target_at);
            else if (t)
                unit_link(t, link, sizeof link);
            if (t)
                fprintf(f, " <a href=\"#%s\">", link);
            xml_put_text(f, it->target + 1);
            fputs(t ? "</a>" : "", f);
        }
        fputs("</td></tr>\n", f);
        break;
    case ANNOTATE_SOURCE:
        fprintf(f, "<tr class=\"src\"><td colspan=\"%d\">", stalls ? 7 : 6);
        xml_put_text(f, it->name);
        fputs("</td><td class=\"l\">", f);
        if (it->text)
            xml_put_text(f, it->text);
        fputs("</td></tr>\n", f);
        break;
    case ANNOTATE_GAP:
        fprintf(f, "<tr class=\"gap\"><td>%05X</td><td colspan=\"%d\">&hellip; %u byte%s not executed</td></tr>\n",
                it->start, stalls ? 7 : 6, it->end - it->start, it->end - it->start == 1 ? "" : "s");
        break;
    case ANNOTATE_END:
        fputs("</tbody></table>\n", f);
        if (it->changed)
            fprintf(f, "<p class=\"note\">* %d instruction%s whose bytes differed when the run ended "
                       "(self-modifying code, or code loaded over it): shown as they first ran</p>\n",
                    it->changed, it->changed == 1 ? "" : "s");
        fputs("</section>\n", f);
        break;
    }
}

static int gather_code(struct html_report *r, char *err, size_t errn)
{
    struct annotate_request aq = { r->q.path, r->q.map, NULL, r->q.source, r->q.listing, 0 };
    char why[400];
    if (annotate_prx_each(r->x, &aq, 0, collect_unit, r, why, sizeof why) != 0) {
        snprintf(r->note, sizeof r->note, "%s", why);   /* a sampling run's, or no code: the page says so */
        return 0;
    }
    if (r->note[0]) {
        snprintf(err, errn, "%s", r->note);
        return -1;
    }
    if (!(r->by_start = malloc((r->nunit ? r->nunit : 1) * sizeof *r->by_start))) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    struct unit_start *order = malloc((r->nunit ? r->nunit : 1) * sizeof *order);
    if (!order) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < r->nunit; i++)
        order[i] = (struct unit_start){ r->unit[i].start, i };
    qsort(order, r->nunit, sizeof *order, by_address);
    for (size_t i = 0; i < r->nunit; i++)
        r->by_start[i] = order[i].unit;
    free(order);
    if (gather_runs(r, err, errn) != 0)
        return -1;
    struct code_out o = { r, open_memstream(&r->code, &r->ncode) };
    if (!o.f) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    int rc = annotate_prx_each(r->x, &aq, r->q.top, code_item, &o, why, sizeof why);
    if (fclose(o.f) != 0 || rc != 0) {
        snprintf(err, errn, "%s", rc ? why : "out of memory");
        return -1;
    }
    return 0;
}

/* The call tree's nodes merged by (parent frame, function): the chains of
 * calls as functions, each once. */
static int gather_frames(struct html_report *r, char *err, size_t errn)
{
    const struct prx *x = r->x;
    size_t n = x->ncalls, cap = 1;
    while (cap < 2 * n)
        cap *= 2;
    size_t *frame_of = malloc(n * sizeof *frame_of), *slot = malloc(cap * sizeof *slot);
    r->fr = malloc(n * sizeof *r->fr);
    if (!frame_of || !slot || !r->fr) {
        free(frame_of);
        free(slot);
        snprintf(err, errn, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < cap; i++)
        slot[i] = SIZE_MAX;
    for (size_t i = 0; i < n; i++) {
        const struct call_node *c = &x->calls[i];
        int64_t parent = c->parent == CALLS_NO_PARENT || c->parent >= i ? -1 : (int64_t)frame_of[c->parent];
        size_t fn = r->g.fn_of[i];
        size_t h = ((size_t)(parent + 1) * 0x9E3779B1u ^ fn * 0x85EBCA77u) & (cap - 1);
        while (slot[h] != SIZE_MAX && !(r->fr[slot[h]].parent == parent && r->fr[slot[h]].fn == fn))
            h = (h + 1) & (cap - 1);
        if (slot[h] == SIZE_MAX) {
            slot[h] = r->nfr;
            r->fr[r->nfr++] = (struct frame){ parent, fn, 0, 0 };
        }
        frame_of[i] = slot[h];
        r->fr[slot[h]].self += cost_of(c, r->m);
    }
    for (size_t i = 0; i < r->nfr; i++)
        r->fr[i].incl = r->fr[i].self;
    for (size_t i = r->nfr; i-- > 1;)           /* children after parents: sum upwards */
        if (r->fr[i].parent >= 0)
            r->fr[r->fr[i].parent].incl += r->fr[i].incl;
    free(frame_of);
    free(slot);
    return 0;
}

static int by_value_desc(const void *a, const void *b)
{
    uint64_t u = *(const uint64_t *)a, v = *(const uint64_t *)b;
    return u < v ? 1 : u > v ? -1 : 0;
}

/* At most HTML_MAX_FRAMES frames: the largest inclusive costs (a parent's
 * is never below its child's, so every kept frame's parent is kept). */
static int prune_frames(struct html_report *r)
{
    if (r->nfr <= HTML_MAX_FRAMES)
        return 0;
    uint64_t *v = malloc(r->nfr * sizeof *v);
    int64_t *renum = malloc(r->nfr * sizeof *renum);
    if (!v || !renum) {
        free(v);
        free(renum);
        return -1;
    }
    for (size_t i = 0; i < r->nfr; i++)
        v[i] = r->fr[i].incl;
    qsort(v, r->nfr, sizeof *v, by_value_desc);
    uint64_t least = v[HTML_MAX_FRAMES - 1];
    size_t k = 0;
    for (size_t i = 0; i < r->nfr; i++) {
        int keep = k < HTML_MAX_FRAMES && r->fr[i].incl >= least &&
                   (r->fr[i].parent < 0 || renum[r->fr[i].parent] >= 0);
        renum[i] = keep ? (int64_t)k : -1;
        if (keep) {
            struct frame f = r->fr[i];
            f.parent = f.parent < 0 ? -1 : renum[f.parent];
            r->fr[k++] = f;
        }
    }
    r->dropped = r->nfr - k;
    r->nfr = k;
    free(v);
    free(renum);
    return 0;
}

struct html_report *html_prepare(const struct prx *x, const struct html_request *q, char *err, size_t errn)
{
    struct html_report *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errn, "out of memory");
        return NULL;
    }
    r->x = x;
    r->q = *q;
    r->m = strcmp(x->mode, "trace") == 0 ? METRIC_CYCLES : METRIC_SAMPLES;
    for (size_t i = 0; i < x->n; i++) {
        r->area_insns[x->e[i].cls & 3] += x->e[i].insns;
        r->area_cycles[x->e[i].cls & 3] += x->e[i].cycles;
    }
    if (gather_code(r, err, errn) != 0) {
        html_free(r);
        return NULL;
    }
    if (x->calls && x->ncalls) {
        if (callgraph_build_programs(x, q->map, q->children, &r->g) != 0) {
            snprintf(err, errn, "out of memory");
            html_free(r);
            return NULL;
        }
        r->has_graph = 1;
        if (gather_frames(r, err, errn) != 0 || prune_frames(r) != 0) {
            snprintf(err, errn, "out of memory");
            html_free(r);
            return NULL;
        }
    }
    if (!r->nunit && !r->has_graph && !x->frames) {
        snprintf(err, errn, "%s: neither counts per address, a call tree nor frames (%s)", q->path, r->note);
        html_free(r);
        return NULL;
    }
    return r;
}

void html_free(struct html_report *r)
{
    if (!r)
        return;
    free(r->unit);
    free(r->run);
    free(r->by_start);
    free(r->code);
    free(r->fr);
    if (r->has_graph)
        callgraph_free(&r->g);
    free(r);
}

/* ---- writing ------------------------------------------------------------ */

static double pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void write_summary(FILE *f, const struct html_report *r)
{
    const struct prx *x = r->x;
    fputs("<section id=\"summary\">\n<h2>Run</h2>\n<table class=\"kv\">\n<tr><th>program</th><td>", f);
    xml_put_text(f, x->program);
    fputs("</td></tr>\n<tr><th>profile</th><td>", f);
    xml_put_text(f, r->q.path);
    fprintf(f, " (%s)</td></tr>\n", strcmp(x->mode, "trace") == 0 ? "a trace: exact counts" : "a sampling run");
    fputs("<tr><th>cpu, timing</th><td>", f);
    xml_put_text(f, x->cpu);
    fputs(", ", f);
    xml_put_text(f, x->timing);
    fputs("</td></tr>\n<tr><th>ended</th><td>", f);
    xml_put_text(f, x->stop);
    fprintf(f, "</td></tr>\n<tr><th>instructions</th><td id=\"total-insns\">%llu</td></tr>\n"
               "<tr><th>cycles</th><td id=\"total-cycles\">%llu</td></tr>\n",
            (unsigned long long)x->total_insns, (unsigned long long)x->total_cycles);
    if (r->q.map_path) {
        fputs("<tr><th>map</th><td>", f);
        xml_put_text(f, r->q.map_path);
        fprintf(f, " (%s, %zu symbols)</td></tr>\n", map_format_name(r->q.map->format), r->q.map->nsym);
    }
    if (r->has_graph)
        fprintf(f, "<tr><th>calls</th><td>%llu; shadow stack deepest %u, %llu unmatched return(s), %llu lost, "
                   "%llu open at the end</td></tr>\n", (unsigned long long)r->g.calls, x->max_depth,
                (unsigned long long)x->unmatched, (unsigned long long)x->lost, (unsigned long long)x->open);
    fputs("</table>\n</section>\n", f);
    if (!x->n)
        return;
    static const char *const area[4] = { "BIOS and I/O (io)", "DOS (dos)", "high memory (high)", "the program" };
    static const int order[4] = { PRX_PROGRAM, PRX_DOS, PRX_IO, PRX_HIGH };
    fputs("<section id=\"areas\">\n<h2>Where the time went</h2>\n<table class=\"num\" id=\"area-table\">\n"
          "<thead><tr><th class=\"l\">area</th><th>instructions</th><th>cycles</th><th>%</th></tr></thead>\n<tbody>\n", f);
    for (int k = 0; k < 4; k++)
        fprintf(f, "<tr><td class=\"l\">%s</td><td>%llu</td><td>%llu</td><td>%.1f%%</td></tr>\n", area[order[k]],
                (unsigned long long)r->area_insns[order[k]], (unsigned long long)r->area_cycles[order[k]],
                pct(r->area_cycles[order[k]], x->total_cycles));
    fputs("</tbody>\n</table>\n</section>\n", f);
}

/* The run's programs (a parent and the children it EXECed), when the .prx
 * has them: each with its share of the run's samples with its children's
 * and without, its time from EXEC to its end, and how it ended; each
 * name leads to its own section (write_program). */
static void write_program(FILE *f, const struct html_report *r, size_t i);

static void write_programs(FILE *f, const struct html_report *r)
{
    const struct prx *x = r->x;
    uint64_t all = 0;
    for (size_t i = 0; i < x->nprocs; i++)
        all += x->procs[i].samples;
    fputs("<section id=\"programs\">\n<h2>Programs</h2>\n<p>Each program the run started, a parent before the "
          "children it ran (EXEC); a name leads to its own section.</p>\n<table class=\"num\" id=\"program-table\">\n"
          "<thead><tr><th class=\"l\">program</th><th class=\"l\">parent</th><th>samples</th><th>with children</th>"
          "<th>%</th><th>own %</th><th>cycles</th><th class=\"l\">ended</th></tr></thead>\n<tbody>\n", f);
    for (size_t i = 0; i < x->nprocs; i++) {
        const struct prx_process *p = &x->procs[i];
        fprintf(f, "<tr><td class=\"l\"><a href=\"#prog-%zu\">", i);
        xml_put_text(f, p->name);
        fputs("</a></td><td class=\"l\">", f);
        if (p->parent >= 0 && (size_t)p->parent < x->nprocs) {
            fprintf(f, "<a href=\"#prog-%d\">", (int)p->parent);
            xml_put_text(f, x->procs[p->parent].name);
            fputs("</a>", f);
        }
        fprintf(f, "</td><td>%llu</td><td>%llu</td><td>%.1f%%</td><td>%.1f%%</td><td>%llu</td><td class=\"l\">",
                (unsigned long long)p->samples, (unsigned long long)p->inclusive, pct(p->inclusive, all),
                pct(p->samples, all), (unsigned long long)(p->end - p->start));
        if (!p->ended)
            fputs("running", f);
        else
            fprintf(f, p->exit_type == 3 ? "resident, code %u" : "exit %u", p->exit_code);
        fputs("</td></tr>\n", f);
    }
    fputs("</tbody>\n</table>\n", f);
    for (size_t i = 0; i < x->nprocs && i < HTML_MAX_PROGRAMS; i++)
        write_program(f, r, i);
    if (x->nprocs > HTML_MAX_PROGRAMS)
        fprintf(f, "<p class=\"note\">The sections of the programs past the first %u are left out.</p>\n",
                HTML_MAX_PROGRAMS);
    fputs("</section>\n", f);
}

/* One program's section: what ran it and what it ran, its busiest
 * buckets (its own samples in its own layout, offsets in its load
 * module), and, with a call tree, its busiest functions. */
static void write_program(FILE *f, const struct html_report *r, size_t i)
{
    const struct prx *x = r->x;
    const struct prx_process *p = &x->procs[i];
    fprintf(f, "<section class=\"program\" id=\"prog-%zu\">\n<h3>", i);
    xml_put_text(f, p->name);
    fputs("</h3>\n<p>", f);
    if (p->parent >= 0 && (size_t)p->parent < x->nprocs) {
        fprintf(f, "Run by <a href=\"#prog-%d\">", (int)p->parent);
        xml_put_text(f, x->procs[p->parent].name);
        fputs("</a>", f);
    } else {
        fputs("The program run", f);
    }
    fprintf(f, "; load segment %04X, %llu of its own samples, %llu cycles from its start to its end.", p->load_seg,
            (unsigned long long)p->samples, (unsigned long long)(p->end - p->start));
    int ran = 0;
    for (size_t k = i + 1; k < x->nprocs; k++)
        if (x->procs[k].parent == (int32_t)i) {
            fprintf(f, "%s<a href=\"#prog-%zu\">", ran++ ? ", " : " It ran ", k);
            xml_put_text(f, x->procs[k].name);
            fputs("</a>", f);
        }
    fputs(ran ? ".</p>\n" : "</p>\n", f);
    /* Its busiest buckets: the .prx lists them by process, then bucket. */
    uint32_t top[HTML_PROGRAM_ROWS];
    size_t ntop = 0;
    for (size_t b = 0; b < x->npbuckets; b++) {
        if (x->pbuckets[b].proc != i)
            continue;
        size_t at = ntop < HTML_PROGRAM_ROWS ? ntop++ : HTML_PROGRAM_ROWS;
        if (at == HTML_PROGRAM_ROWS && x->pbuckets[top[at - 1]].samples >= x->pbuckets[b].samples)
            continue;
        if (at == HTML_PROGRAM_ROWS)
            at--;
        for (; at > 0 && x->pbuckets[top[at - 1]].samples < x->pbuckets[b].samples; at--)
            top[at] = top[at - 1];
        top[at] = (uint32_t)b;
    }
    if (ntop) {
        fputs("<table class=\"num\"><thead><tr><th class=\"l\">bucket</th><th class=\"l\">offsets</th><th>samples"
              "</th><th>own %</th></tr></thead>\n<tbody>\n", f);
        for (size_t k = 0; k < ntop; k++) {
            const struct prx_proc_bucket *b = &x->pbuckets[top[k]];
            uint32_t lo = b->bucket * p->bucket_size * 16u;
            fprintf(f, "<tr><td class=\"l\">%u</td><td class=\"l\">%05X-%05X</td><td>%llu</td><td>%.1f%%</td></tr>\n",
                    b->bucket, lo, lo + p->bucket_size * 16u - 1, (unsigned long long)b->samples,
                    pct(b->samples, p->samples));
        }
        fputs("</tbody>\n</table>\n", f);
    }
    if (!r->has_graph) {
        fputs("</section>\n", f);
        return;
    }
    size_t *o = callgraph_order(&r->g, r->m, 0);
    size_t shown = 0;
    for (size_t k = 0; o && k < r->g.nfn && shown < HTML_PROGRAM_ROWS; k++) {
        const struct fn_stats *fn = &r->g.fn[o[k]];
        if (fn->process != (int32_t)i || !fn->self[r->m])
            continue;
        if (!shown++)
            fprintf(f, "<table class=\"num\"><thead><tr><th class=\"l\">its functions (call tree)</th><th>self %s</th>"
                       "<th>%%self</th></tr></thead>\n<tbody>\n", metric_name(r->m));
        fputs("<tr><td class=\"l\">", f);
        xml_put_text(f, fn->name);
        fprintf(f, "</td><td>%llu</td><td>%.1f%%</td></tr>\n", (unsigned long long)fn->self[r->m],
                pct(fn->self[r->m], r->g.total[r->m]));
    }
    if (shown)
        fputs("</tbody>\n</table>\n", f);
    free(o);
    fputs("</section>\n", f);
}

/* With --source, a link from a symbol to its first source line in the
 * source view, when that file is found (report/srcview.h). */
static void source_link(FILE *f, const struct html_report *r, uint32_t start)
{
    char file[sizeof r->q.map->line->label], path[4200];
    unsigned line;
    if (!r->q.source || r->q.listing || !r->q.map || !srcview_line_of(r->q.map, start, file, sizeof file, &line) ||
        !srcview_find(r->q.map, file, r->q.source_dirs, r->q.nsource_dirs, path, sizeof path))
        return;
    fputs(" <a class=\"src\" href=\"#src-", f);
    xml_put_text(f, file);
    fprintf(f, "-%u\">", line);
    xml_put_text(f, file);
    fprintf(f, ":%u</a>", line);
}

/* A group's rows, shown by a click on its name: each run of executed
 * code in its range, as the table's columns have it. */
static void write_group_rows(FILE *f, const struct html_report *r, const struct unit_row *u)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nrun; i++)
        n += r->run[i].start >= u->start && r->run[i].start < u->end;
    fprintf(f, "</summary>\n<table class=\"num group-rows\"><caption>%zu run%s of executed code</caption>\n<tbody>\n",
            n, n == 1 ? "" : "s");
    for (size_t i = 0; i < r->nrun; i++) {
        const struct unit_row *g = &r->run[i];
        if (g->start < u->start || g->start >= u->end)
            continue;
        fprintf(f, "<tr><td class=\"l\">%05X-%05X</td><td>%llu</td><td>%llu</td><td>%.1f%%</td></tr>\n", g->start,
                g->end - 1, (unsigned long long)g->insns, (unsigned long long)g->cycles, g->percent);
    }
    fputs("</tbody></table></details>", f);
}

static void write_symbols(FILE *f, const struct html_report *r)
{
    const struct prx *x = r->x;
    fputs("<section id=\"symbols\">\n<h2>Symbols</h2>\n", f);
    if (!r->nunit) {
        fputs("<p class=\"note\">", f);
        xml_put_text(f, r->note);
        fputs("</p>\n</section>\n", f);
        return;
    }
    fprintf(f, "<p>%s, busiest first; %% of all cycles. A name leads to its code.%s Click a heading to sort.</p>\n",
            r->q.map ? "Each symbol of the map that ran (and the runs of code no symbol covers)"
                     : "No map: each run of executed code",
            r->nrun ? " A group (library code without symbols, named by its segment or module) opens on a click "
                      "to its runs of executed code." : "");
    fprintf(f, "<table class=\"num sortable\" id=\"symbol-table\">\n<thead><tr><th class=\"l\">symbol</th>"
               "<th class=\"l\">range</th><th>instructions</th><th>cycles</th><th>%%</th>%s<th class=\"l\">"
               "</th></tr></thead>\n<tbody>\n", x->has_stalls ? "<th>stall%</th>" : "");
    double max = r->unit[0].percent > 0 ? r->unit[0].percent : 1.0;
    for (size_t i = 0; i < r->nunit; i++) {
        const struct unit_row *u = &r->unit[i];
        fprintf(f, "<tr id=\"sym-%05X\"><td class=\"l\" data-v=\"", u->start);
        xml_put_text(f, u->name);
        fputs("\">", f);
        int group = is_group(r, u);
        if (group)
            fputs("<details class=\"group\"><summary>", f);
        if (u->shown)
            fprintf(f, "<a href=\"#code-%05X\">", u->start);
        xml_put_text(f, u->name);
        fputs(u->shown ? "</a>" : "", f);
        source_link(f, r, u->start);
        if (group)
            write_group_rows(f, r, u);
        fprintf(f, "</td><td class=\"l\">%05X-%05X</td><td>%llu</td><td>%llu</td><td>%.1f%%</td>",
                u->start, u->end - 1, (unsigned long long)u->insns,
                (unsigned long long)u->cycles, u->percent);
        if (x->has_stalls)
            fprintf(f, "<td>%.1f%%</td>", pct(u->stalls, u->cycles));
        fprintf(f, "<td class=\"l\"><span class=\"bar\" style=\"width:%.1fem\"></span></td></tr>\n",
                10.0 * u->percent / max);
    }
    fputs("</tbody>\n</table>\n</section>\n", f);
}

/* The anchor of a function's symbol (its unit), or "". */
static void fn_link(const struct html_report *r, size_t fn, char *out, size_t n)
{
    uint32_t base = (uint32_t)r->x->prog_low_pa * 16u, entry = r->g.fn[fn].entry;
    const struct unit_row *u = entry >= base ? unit_holding(r, entry - base) : NULL;
    out[0] = 0;
    if (u)
        unit_link(u, out, n);
}

static void write_functions(FILE *f, const struct html_report *r)
{
    const struct callgraph *g = &r->g;
    const char *w = metric_name(r->m);
    size_t *o = callgraph_order(g, r->m, 0);
    char link[32];
    if (!o)
        return;
    fprintf(f, "<section id=\"functions\">\n<h2>Functions</h2>\n<p>The call tree's functions by self %s "
               "(inclusive: with what they called).</p>\n<table class=\"num sortable\" id=\"function-table\">\n"
               "<thead><tr><th class=\"l\">function</th><th>calls</th><th>self %s</th><th>%%self</th>"
               "<th>inclusive</th><th>%%incl</th></tr></thead>\n<tbody>\n", w, w);
    for (size_t k = 0; k < g->nfn; k++) {
        const struct fn_stats *s = &g->fn[o[k]];
        fn_link(r, o[k], link, sizeof link);
        fputs("<tr><td class=\"l\" data-v=\"", f);
        xml_put_text(f, s->name);
        fputs("\">", f);
        if (link[0])
            fprintf(f, "<a href=\"#%s\">", link);
        xml_put_text(f, s->name);
        fprintf(f, "%s</td><td>%llu</td><td>%llu</td><td>%.1f%%</td><td>%llu</td><td>%.1f%%</td></tr>\n",
                link[0] ? "</a>" : "", (unsigned long long)s->calls, (unsigned long long)s->self[r->m],
                pct(s->self[r->m], g->total[r->m]), (unsigned long long)s->incl[r->m],
                pct(s->incl[r->m], g->total[r->m]));
    }
    fputs("</tbody>\n</table>\n</section>\n", f);
    free(o);
}

static void write_flame(FILE *f, const struct html_report *r)
{
    char link[32];
    fprintf(f, "<section id=\"flame\">\n<h2>Call tree</h2>\n<p>An icicle graph: the program's entry on top, "
               "each function under its caller, as wide as its inclusive %s. Click a frame to zoom in (its "
               "ancestors zoom out), then follow its link to the symbol.</p>\n",
            metric_name(r->m));
    if (r->dropped)
        fprintf(f, "<p class=\"note\">%zu frames of the least cost left out (at most %u are drawn).</p>\n",
                r->dropped, HTML_MAX_FRAMES);
    fputs("<div class=\"flame-bar\"><button type=\"button\" id=\"flame-reset\">reset zoom</button> "
          "<span id=\"flame-info\">Click a frame.</span></div>\n<div id=\"flame-graph\"></div>\n"
          "<noscript><p class=\"note\">The flame graph is drawn by the page's script.</p></noscript>\n"
          "<script type=\"application/json\" id=\"flame-data\">\n{\"unit\": ", f);
    json_put_text_html(f, metric_name(r->m));
    fprintf(f, ", \"total\": %llu,\n\"fns\": [", (unsigned long long)r->g.total[r->m]);
    for (size_t i = 0; i < r->g.nfn; i++) {
        fputs(i ? ",\n[" : "\n[", f);
        json_put_text_html(f, r->g.fn[i].name);
        fn_link(r, i, link, sizeof link);
        fputs(", ", f);
        json_put_text_html(f, link);
        fputc(']', f);
    }
    fputs("],\n\"frames\": [", f);
    for (size_t i = 0; i < r->nfr; i++)
        fprintf(f, "%s[%lld, %zu, %llu, %llu]", i ? ",\n" : "\n", (long long)r->fr[i].parent, r->fr[i].fn,
                (unsigned long long)r->fr[i].self, (unsigned long long)r->fr[i].incl);
    fputs("]}\n</script>\n</section>\n", f);
}

/* A frame marked as not gameplay (docs/frames.md): ", 1, SPENT, CYCLES"
 * after its rows in the timeline's data; nothing for the others. */
static void frame_marked(FILE *f, const struct prx_frame *p)
{
    if (!p->marked)
        return;
    fputs(", 1, ", f);
    json_put_text_html(f, p->spent);
    fprintf(f, ", %llu", (unsigned long long)p->spent_cycles);
}

/* The program's frames (docs/frames.md): the summary's line, the
 * timeline and each frame's own profile, sent to the page's script as
 * JSON ({"unit", "count", "period", "cpu_hz", "frames": [[start, cycles,
 * instructions, samples, unfinished, rows or null (, 1, spent, its cycles
 * for a marked frame)]]}, a row [name, class,
 * count, cycles, stalls], busiest first), which draws the bars and, for a
 * clicked frame, its table and flame graph.  At most HTML_MAX_FRAME_ROWS
 * rows in all: later frames are sent without theirs (the page says so). */
static void write_frames(FILE *f, const struct html_report *r)
{
    const struct prx *x = r->x;
    int trace = frame_metric(x) == METRIC_CYCLES;
    size_t rows = 0, bare = 0;
    fputs("<section id=\"frames\">\n<h2>Frames</h2>\n<p id=\"frames-line\">", f);
    if (frames_line(f, x) != 0)
        fputs("(out of memory)", f);
    fprintf(f, "</p>\n<p>A bar per frame, as tall as its time; the line is the video card's retrace period"
               " (%llu cycles, %.3f ms). Zoom with the slider or the mouse wheel over the bars; click a frame for its "
               "own profile: %s.</p>\n",
            (unsigned long long)x->frame_period, frame_ms(x->frame_period),
            trace ? "instructions and cycles by symbol, exact" : "samples by symbol");
    fprintf(f, "<div class=\"frame-controls\"><label>frames shown <input type=\"range\" id=\"frame-zoom\" min=\"1\" "
               "max=\"%zu\" value=\"%zu\"></label> <label>from <input type=\"range\" id=\"frame-pan\" min=\"0\" "
               "max=\"0\" value=\"0\"></label> <span id=\"frame-range\"></span></div>\n"
               "<div id=\"frame-timeline\"></div>\n<p id=\"frame-info\">Click a frame.</p>\n"
               "<table class=\"num\" id=\"frame-table\">\n<thead><tr><th class=\"l\">symbol</th><th>%s</th>%s%s"
               "<th>%%</th></tr></thead>\n<tbody></tbody>\n</table>\n"
               "<div class=\"flame-bar\"><button type=\"button\" id=\"frame-flame-reset\">reset zoom</button> "
               "<span id=\"frame-flame-info\"></span></div>\n<div id=\"frame-flame\" class=\"flame\"></div>\n"
               "<noscript><p class=\"note\">The timeline is drawn by the page's script.</p></noscript>\n",
            x->nframes, x->nframes, trace ? "instructions" : "samples", trace ? "<th>cycles</th>" : "",
            trace && x->has_stalls ? "<th>stalls</th>" : "");
    fputs("<script type=\"application/json\" id=\"frames-data\">\n{\"unit\": ", f);
    json_put_text_html(f, trace ? "cycles" : "samples");
    fprintf(f, ", \"stalls\": %s, \"period\": %llu, \"cpu_hz\": %llu,\n\"frames\": [", trace && x->has_stalls ? "true" : "false",
            (unsigned long long)x->frame_period, CPU_HZ_ROUND);
    for (size_t i = 0; i < x->nframes; i++) {
        const struct prx_frame *p = &x->frames[i];
        fprintf(f, "%s[%llu, %llu, %llu, %llu, %d, ", i ? ",\n" : "\n", (unsigned long long)p->start,
                (unsigned long long)p->cycles, (unsigned long long)p->insns, (unsigned long long)p->samples,
                p->unfinished ? 1 : 0);
        struct frame_spent *c = NULL;
        size_t n = 0;
        if (i >= x->profiled || rows >= HTML_MAX_FRAME_ROWS || frame_spent(x, i, r->q.map, &c, &n) != 0) {
            fputs("null", f);
            frame_marked(f, p);
            fputc(']', f);
            bare += i < x->profiled;
            continue;
        }
        fputc('[', f);
        for (size_t k = 0; k < n; k++) {
            fputs(k ? ", [" : "[", f);
            json_put_text_html(f, c[k].name);
            fprintf(f, ", %u, %llu, %llu, %llu]", c[k].cls, (unsigned long long)c[k].count,
                    (unsigned long long)c[k].cycles, (unsigned long long)c[k].stalls);
        }
        fputc(']', f);
        frame_marked(f, p);
        fputc(']', f);
        rows += n;
        free(c);
    }
    fputs("]}\n</script>\n", f);
    if (bare)
        fprintf(f, "<p class=\"note\">%zu frames are shown without their profile (at most %u rows are sent).</p>\n",
                bare, HTML_MAX_FRAME_ROWS);
    if (x->profiled < x->nframes)
        fprintf(f, "<p class=\"note\">The run kept the profile of the first %zu frames only.</p>\n", x->profiled);
    fputs("</section>\n", f);
}

void html_write(FILE *f, const void *report)
{
    const struct html_report *r = report;
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"generator\" content=\"profil report\">\n<title>profil report: ", f);
    xml_put_text(f, r->q.path);
    fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>profil report: <code>", html_css);
    xml_put_text(f, r->q.path);
    fputs("</code></h1>\n<nav><a href=\"#summary\">run</a>", f);
    if (r->x->n)
        fputs(" &middot; <a href=\"#areas\">areas</a>", f);
    if (r->x->nprocs)
        fputs(" &middot; <a href=\"#programs\">programs</a>", f);
    if (r->x->frames)
        fputs(" &middot; <a href=\"#frames\">frames</a>", f);
    fputs(" &middot; <a href=\"#symbols\">symbols</a>", f);
    if (r->has_graph)
        fputs(" &middot; <a href=\"#functions\">functions</a> &middot; <a href=\"#flame\">call tree</a>", f);
    if (r->code)
        fputs(" &middot; <a href=\"#code\">code</a>", f);
    int source = r->q.source && !r->q.listing && r->q.map && r->q.map->nline;
    if (source)
        fputs(" &middot; <a href=\"#source\">source</a>", f);
    fputs("</nav>\n", f);
    write_summary(f, r);
    if (r->x->nprocs)
        write_programs(f, r);
    if (r->x->frames)
        write_frames(f, r);
    write_symbols(f, r);
    if (r->has_graph) {
        write_functions(f, r);
        write_flame(f, r);
    }
    if (r->code) {
        fputs("<section id=\"code\">\n<h2>Code</h2>\n<p>", f);
        if (r->q.top && r->nunit > r->q.top)
            fprintf(f, "The %u busiest symbols' code", r->q.top);
        else
            fputs("Each symbol's code", f);
        fputs(" as it ran, every instruction with its exact count, cycles and share of all cycles; a jump's "
              "target leads to its code.</p>\n", f);
        fwrite(r->code, 1, r->ncode, f);
        fputs("</section>\n", f);
    }
    if (source) {               /* each source file with its lines' counts */
        fputs("<section id=\"source\">\n<h2>Source</h2>\n<p>Each source file found, every line with the "
              "instructions and cycles its code took; the hottest lines marked.</p>\n", f);
        srcview_write_html(f, NULL, r->x, r->q.map, r->q.source_dirs, r->q.nsource_dirs);
        fputs("</section>\n", f);
    }
    fprintf(f, "<script>\n%s</script>\n</body>\n</html>\n", html_js);
}
