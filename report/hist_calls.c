/*
 * report/hist_calls.c: `profil hist` over the call tree and the memory sites
 * of a .prx: --by function (the dbug analyze report with inclusive time),
 * --callgraph (gprof's call graph), --by site (--memory), and the
 * folded-stack and callgrind exports of the call tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callgraph.h"
#include "export.h"
#include "hist_internal.h"

static double pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void shadow_footer(FILE *f, const struct prx *x)
{
    fprintf(f, "shadow stack: deepest %u; %llu unmatched return(s), %llu frame(s) unwound without a return, "
            "%llu call(s) lost, %llu open at the end\n", x->max_depth, (unsigned long long)x->unmatched,
            (unsigned long long)x->unwound, (unsigned long long)x->lost, (unsigned long long)x->open);
}

/* dbug's analyze: calls, % calls, time, % time, importance = % calls x % time / 100. */
static void function_table(FILE *out, const struct prx *x, const struct callgraph *g, enum metric m, unsigned top)
{
    size_t *o = callgraph_order(g, m, 0);
    if (!o)
        return;
    const char *w = metric_name(m);
    int stalls = x->has_stalls && m == METRIC_CYCLES;   /* the bus model: self cycles spent waiting */
    fprintf(out, "%10s %7s %14s %6s%s %14s %6s %10s  %s\n", "calls", "%calls", w, "%self", stalls ? " stall%" : "",
            "inclusive", "%incl", "importance", "function");
    for (size_t k = 0; k < g->nfn && k < top; k++) {
        const struct fn_stats *f = &g->fn[o[k]];
        double pc = pct(f->calls, g->calls), ps = pct(f->self[m], g->total[m]);
        fprintf(out, "%10llu %6.1f%% %14llu %5.1f%%", (unsigned long long)f->calls, pc, (unsigned long long)f->self[m],
                ps);
        if (stalls)
            fprintf(out, " %5.1f%%", pct(f->self[METRIC_STALLS], f->self[METRIC_CYCLES]));
        fprintf(out, " %14llu %5.1f%% %10.2f  %s\n", (unsigned long long)f->incl[m], pct(f->incl[m], g->total[m]),
                pc * ps / 100.0, f->name);
    }
    fprintf(out, "%10llu calls, %llu %s (%s, %s, %s)\n", (unsigned long long)g->calls, (unsigned long long)g->total[m],
            w, x->program, x->mode, x->cpu);
    shadow_footer(out, x);
    free(o);
}

/* gprof's layout: per function by inclusive cost, its callers above it and
 * its callees below, each with calls (this arc / all the callee's calls)
 * and the callee's inclusive cost along the arc. */
static void call_graph(FILE *out, const struct prx *x, const struct callgraph *g, enum metric m, unsigned top)
{
    size_t *o = callgraph_order(g, m, 1), *rank = malloc((g->nfn ? g->nfn : 1) * sizeof *rank);
    if (!o || !rank) {
        free(o);
        free(rank);
        return;
    }
    for (size_t k = 0; k < g->nfn; k++)
        rank[o[k]] = k + 1;
    fprintf(out, "%-6s %6s %14s %14s %15s  %s\n", "index", "%incl", "self", "inclusive", "called", "name");
    for (size_t k = 0; k < g->nfn && k < top; k++) {
        size_t i = o[k];
        const struct fn_stats *f = &g->fn[i];
        for (size_t a = 0; a < g->narc; a++)
            if (g->arc[a].callee == i)
                fprintf(out, "%-6s %6s %14s %14llu %7llu/%-7llu      %s [%zu]\n", "", "", "",
                        (unsigned long long)g->arc[a].incl[m], (unsigned long long)g->arc[a].calls,
                        (unsigned long long)f->calls, g->fn[g->arc[a].caller].name, rank[g->arc[a].caller]);
        char idx[24];
        snprintf(idx, sizeof idx, "[%zu]", k + 1);
        fprintf(out, "%-6s %5.1f%% %14llu %14llu %15llu  %s [%zu]\n", idx, pct(f->incl[m], g->total[m]),
                (unsigned long long)f->self[m], (unsigned long long)f->incl[m], (unsigned long long)f->calls,
                f->name, k + 1);
        for (size_t a = 0; a < g->narc; a++)
            if (g->arc[a].caller == i)
                fprintf(out, "%-6s %6s %14s %14llu %7llu/%-7llu          %s [%zu]\n", "", "", "",
                        (unsigned long long)g->arc[a].incl[m], (unsigned long long)g->arc[a].calls,
                        (unsigned long long)g->fn[g->arc[a].callee].calls, g->fn[g->arc[a].callee].name,
                        rank[g->arc[a].callee]);
        fprintf(out, "-----------------------------------------------\n");
    }
    fprintf(out, "%s; %s, %s\n", metric_name(m), x->program, x->mode);
    shadow_footer(out, x);
    free(o);
    free(rank);
}

/* --by site: the DOS memory each call site allocated. */
static int site_table(FILE *f, const struct prx *x, const struct symtab *t, unsigned top)
{
    fprintf(f, "%8s %8s %8s %8s %10s %10s %10s %10s  %s\n", "allocs", "resizes", "frees", "failed", "allocated",
            "freed", "peak", "live", "site");
    uint64_t live = 0;
    for (size_t i = 0; i < x->nsites && i < top; i++) {
        const struct alloc_site *s = &x->sites[i];
        char where[120];
        if (s->linear == PRX_SITE_EXEC) {
            snprintf(where, sizeof where, "(loader: the program's blocks)");
        } else {
            uint32_t base = (uint32_t)x->prog_low_pa * 16u, off = s->linear - base;
            const char *name = NULL;
            uint32_t at = 0;
            for (size_t k = 0; t && s->linear >= base && k < t->nsym && t->sym[k].addr <= off; k++)
                if (off < symtab_symbol_end(t, k, UINT32_MAX)) {
                    name = t->sym[k].name;
                    at = off - t->sym[k].addr;
                }
            if (name)
                snprintf(where, sizeof where, "%04X:%04X %s+%X", s->cs, s->ip, name, at);
            else
                snprintf(where, sizeof where, "%04X:%04X", s->cs, s->ip);
        }
        live += s->live;
        fprintf(f, "%8llu %8llu %8llu %8llu %10llu %10llu %10llu %10llu  %s\n", (unsigned long long)s->allocs,
                (unsigned long long)s->resizes, (unsigned long long)s->frees, (unsigned long long)s->failures,
                (unsigned long long)s->allocated, (unsigned long long)s->freed, (unsigned long long)s->peak,
                (unsigned long long)s->live, where);
    }
    fprintf(f, "%zu site(s); %llu bytes live when the run ended (%s, %s)\n", x->nsites, (unsigned long long)live,
            x->program, x->stop);
    return 0;
}

enum hist_status hist_services(const struct prx *x, const struct hist_request *q)
{
    FILE *f = q->out;
    static const char *const unit[] = { "samples", "instructions", "cycles", "stalls" };
    enum metric m = q->metric_given ? q->metric : strcmp(x->mode, "sampling") == 0 ? METRIC_SAMPLES : METRIC_CYCLES;
    struct prx_service *rows;
    if (!x->services) {
        fprintf(q->msg, "profil: --by service: %s has no time per service (written before profil counted it: "
                "run the program again)\n", q->path);
        return HIST_BAD_INPUT;
    }
    if (m == METRIC_STALLS) {
        fprintf(q->msg, "profil: --metric stalls: services run no guest instructions; want samples, cycles or "
                "instructions\n");
        return HIST_BAD_INPUT;
    }
    if (services_ranked(x, m, &rows) != 0) {
        fprintf(q->msg, "profil: out of memory\n");
        return HIST_FAILED;
    }
    int rc = 0;
    uint64_t total = services_total(x, m), sum = 0;
    if (q->format == FORMAT_CSV || q->format == FORMAT_JSON) {
        rc = q->format == FORMAT_CSV ? export_services_csv(q->out, x, rows, m)
                                     : export_services_json(q->out, x, rows, m);
        free(rows);
        return rc ? HIST_BAD_INPUT : 0;
    }
    fprintf(f, "%12s %7s %8s %12s %12s  %s\n", unit[m], "%", "calls", m == METRIC_CYCLES ? "samples" : "cycles",
            m == METRIC_INSTRUCTIONS ? "samples" : "instructions", "service");
    for (size_t i = 0; i < x->nservices && i < q->top; i++) {
        const struct prx_service *v = &rows[i];
        uint64_t a = m == METRIC_CYCLES ? v->samples : v->cycles, b = m == METRIC_INSTRUCTIONS ? v->samples : v->insns;
        fprintf(f, "%12llu %6.1f%% %8llu %12llu %12llu  %s\n", (unsigned long long)service_cost(v, m),
                total ? 100.0 * (double)service_cost(v, m) / (double)total : 0.0, (unsigned long long)v->calls,
                (unsigned long long)a, (unsigned long long)b, v->label);
    }
    for (size_t i = 0; i < x->nservices; i++)
        sum += service_cost(&rows[i], m);
    fprintf(f, "%zu service(s): %llu of %llu %s in DOS and BIOS services (%.1f%%; %s, %s)\n", x->nservices,
            (unsigned long long)sum, (unsigned long long)total, unit[m],
            total ? 100.0 * (double)sum / (double)total : 0.0, x->program, x->mode);
    free(rows);
    return 0;
}

enum hist_status hist_prx_services(const struct hist_request *q, struct hist_data *d)
{
    return hist_services(d->x, q);
}

enum hist_status hist_prx_sites(const struct hist_request *q, struct hist_data *d)
{
    if (!d->x->sites) {
        fprintf(q->msg, "profil: --by site: %s has no memory figures (profil run --memory)\n", q->path);
        return HIST_BAD_INPUT;
    }
    return site_table(q->out, d->x, d->t, q->top);
}

/* The call tree's view: its table, or its folded stacks, callgrind, csv or json. */
static int write_tree(const struct hist_request *q, const struct prx *x, const struct callgraph *g, enum metric m)
{
    char err[256];
    int rc = 0;
    if (q->format == FORMAT_FOLDED) {
        if ((rc = callgraph_folded(q->out, x, g, m, CALLGRAPH_FOLDED_MAX, err, sizeof err)) != 0)
            fprintf(q->msg, "profil: %s: %s\n", q->path, err);
    } else if (q->format == FORMAT_CALLGRIND)
        rc = callgraph_callgrind(q->out, g, q->path);
    else if (q->format == FORMAT_CSV)
        rc = export_calls_csv(q->out, g, q->callgraph);
    else if (q->format == FORMAT_JSON)
        rc = export_calls_json(q->out, x, g);
    else if (q->callgraph)
        call_graph(q->out, x, g, m, q->top);
    else
        function_table(q->out, x, g, m, q->top);
    return rc;
}

/* --by function, --callgraph, and a .prx's folded stacks and callgrind:
 * of its call tree, or of its zones when it has none (the program's ENTER
 * and LEAVE are its only tree). */
enum hist_status hist_prx_calls(const struct hist_request *q, struct hist_data *d)
{
    const struct prx *x = d->x;
    if (!x->calls && x->zones && q->by == BY_DEFAULT && !q->callgraph)
        return hist_zones(x, q);
    if (!x->calls) {
        fprintf(q->msg, "profil: %s has no call tree (profil run --trace or --stacks)\n", q->path);
        return HIST_BAD_INPUT;
    }
    enum metric m = q->metric_given ? q->metric : strcmp(x->mode, "sampling") == 0 ? METRIC_SAMPLES : METRIC_CYCLES;
    struct callgraph g;
    struct symtab **children = q->child_symbols(x);    /* a child's code named by its own symbols */
    int built = callgraph_build_programs(x, d->t, (const struct symtab *const *)children, &g);
    q->child_symbols_free(children, x->nprocs);
    if (built != 0) {
        fprintf(q->msg, "profil: out of memory\n");
        return HIST_FAILED;
    }
    int rc = write_tree(q, x, &g, m);
    callgraph_free(&g);
    return rc ? HIST_BAD_INPUT : HIST_OK;
}
