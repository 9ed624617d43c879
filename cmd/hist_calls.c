/*
 * cmd/hist_calls.c: `profil hist` over the call tree and the memory sites
 * of a .prx: --by function (the dbug analyze report with inclusive time),
 * --callgraph (gprof's call graph), --by site (--memory), and the
 * folded-stack and callgrind exports of the call tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../report/callgraph.h"
#include "../report/export.h"
#include "commands.h"
#include "session.h"

static double pct(uint64_t part, uint64_t whole)
{
    return whole ? 100.0 * (double)part / (double)whole : 0.0;
}

static void shadow_footer(const struct prx *x)
{
    printf("shadow stack: deepest %u; %llu unmatched return(s), %llu frame(s) unwound without a return, "
           "%llu call(s) lost, %llu open at the end\n", x->max_depth, (unsigned long long)x->unmatched,
           (unsigned long long)x->unwound, (unsigned long long)x->lost, (unsigned long long)x->open);
}

/* dbug's analyze: calls, % calls, time, % time, importance = % calls x % time / 100. */
static void function_table(const struct prx *x, const struct callgraph *g, enum metric m, unsigned top)
{
    size_t *o = callgraph_order(g, m, 0);
    if (!o)
        return;
    const char *w = metric_name(m);
    int stalls = x->has_stalls && m == METRIC_CYCLES;   /* the bus model: self cycles spent waiting */
    printf("%10s %7s %14s %6s%s %14s %6s %10s  %s\n", "calls", "%calls", w, "%self", stalls ? " stall%" : "",
           "inclusive", "%incl", "importance", "function");
    for (size_t k = 0; k < g->nfn && k < top; k++) {
        const struct fn_stats *f = &g->fn[o[k]];
        double pc = pct(f->calls, g->calls), ps = pct(f->self[m], g->total[m]);
        printf("%10llu %6.1f%% %14llu %5.1f%%", (unsigned long long)f->calls, pc, (unsigned long long)f->self[m], ps);
        if (stalls)
            printf(" %5.1f%%", pct(f->self[METRIC_STALLS], f->self[METRIC_CYCLES]));
        printf(" %14llu %5.1f%% %10.2f  %s\n", (unsigned long long)f->incl[m], pct(f->incl[m], g->total[m]),
               pc * ps / 100.0, f->name);
    }
    printf("%10llu calls, %llu %s (%s, %s, %s)\n", (unsigned long long)g->calls, (unsigned long long)g->total[m], w,
           x->program, x->mode, x->cpu);
    shadow_footer(x);
    free(o);
}

/* gprof's layout: per function by inclusive cost, its callers above it and
 * its callees below, each with calls (this arc / all the callee's calls)
 * and the callee's inclusive cost along the arc. */
static void call_graph(const struct prx *x, const struct callgraph *g, enum metric m, unsigned top)
{
    size_t *o = callgraph_order(g, m, 1), *rank = malloc((g->nfn ? g->nfn : 1) * sizeof *rank);
    if (!o || !rank) {
        free(o);
        free(rank);
        return;
    }
    for (size_t k = 0; k < g->nfn; k++)
        rank[o[k]] = k + 1;
    printf("%-6s %6s %14s %14s %15s  %s\n", "index", "%incl", "self", "inclusive", "called", "name");
    for (size_t k = 0; k < g->nfn && k < top; k++) {
        size_t i = o[k];
        const struct fn_stats *f = &g->fn[i];
        for (size_t a = 0; a < g->narc; a++)
            if (g->arc[a].callee == i)
                printf("%-6s %6s %14s %14llu %7llu/%-7llu      %s [%zu]\n", "", "", "",
                       (unsigned long long)g->arc[a].incl[m], (unsigned long long)g->arc[a].calls,
                       (unsigned long long)f->calls, g->fn[g->arc[a].caller].name, rank[g->arc[a].caller]);
        char idx[24];
        snprintf(idx, sizeof idx, "[%zu]", k + 1);
        printf("%-6s %5.1f%% %14llu %14llu %15llu  %s [%zu]\n", idx, pct(f->incl[m], g->total[m]),
               (unsigned long long)f->self[m], (unsigned long long)f->incl[m], (unsigned long long)f->calls,
               f->name, k + 1);
        for (size_t a = 0; a < g->narc; a++)
            if (g->arc[a].caller == i)
                printf("%-6s %6s %14s %14llu %7llu/%-7llu          %s [%zu]\n", "", "", "",
                       (unsigned long long)g->arc[a].incl[m], (unsigned long long)g->arc[a].calls,
                       (unsigned long long)g->fn[g->arc[a].callee].calls, g->fn[g->arc[a].callee].name,
                       rank[g->arc[a].callee]);
        printf("-----------------------------------------------\n");
    }
    printf("%s; %s, %s\n", metric_name(m), x->program, x->mode);
    shadow_footer(x);
    free(o);
    free(rank);
}

/* --by site: the DOS memory each call site allocated. */
static int site_table(const struct prx *x, const struct symtab *t, unsigned top)
{
    printf("%8s %8s %8s %8s %10s %10s %10s %10s  %s\n", "allocs", "resizes", "frees", "failed", "allocated", "freed",
           "peak", "live", "site");
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
        printf("%8llu %8llu %8llu %8llu %10llu %10llu %10llu %10llu  %s\n", (unsigned long long)s->allocs,
               (unsigned long long)s->resizes, (unsigned long long)s->frees, (unsigned long long)s->failures,
               (unsigned long long)s->allocated, (unsigned long long)s->freed, (unsigned long long)s->peak,
               (unsigned long long)s->live, where);
    }
    printf("%zu site(s); %llu bytes live when the run ended (%s, %s)\n", x->nsites, (unsigned long long)live,
           x->program, x->stop);
    return 0;
}

int hist_services(const struct prx *x, const struct hist_request *q)
{
    static const char *const unit[] = { "samples", "instructions", "cycles", "stalls" };
    enum metric m = q->metric_given ? q->metric : strcmp(x->mode, "sampling") == 0 ? METRIC_SAMPLES : METRIC_CYCLES;
    struct prx_service *rows;
    if (!x->services) {
        fprintf(stderr, "profil: --by service: %s has no time per service (written before profil counted it: "
                "run the program again)\n", q->path);
        return EXIT_BAD_INPUT;
    }
    if (m == METRIC_STALLS) {
        fprintf(stderr, "profil: --metric stalls: services run no guest instructions; want samples, cycles or "
                "instructions\n");
        return EXIT_BAD_INPUT;
    }
    if (services_ranked(x, m, &rows) != 0) {
        fprintf(stderr, "profil: out of memory\n");
        return EXIT_PROFIL_FAILED;
    }
    int rc = 0;
    uint64_t total = services_total(x, m), sum = 0;
    if (q->format == FORMAT_CSV || q->format == FORMAT_JSON) {
        rc = q->format == FORMAT_CSV ? export_services_csv(stdout, x, rows, m)
                                     : export_services_json(stdout, x, rows, m);
        free(rows);
        return rc ? EXIT_BAD_INPUT : 0;
    }
    printf("%12s %7s %8s %12s %12s  %s\n", unit[m], "%", "calls", m == METRIC_CYCLES ? "samples" : "cycles",
           m == METRIC_INSTRUCTIONS ? "samples" : "instructions", "service");
    for (size_t i = 0; i < x->nservices && i < q->top; i++) {
        const struct prx_service *v = &rows[i];
        uint64_t a = m == METRIC_CYCLES ? v->samples : v->cycles, b = m == METRIC_INSTRUCTIONS ? v->samples : v->insns;
        printf("%12llu %6.1f%% %8llu %12llu %12llu  %s\n", (unsigned long long)service_cost(v, m),
               total ? 100.0 * (double)service_cost(v, m) / (double)total : 0.0, (unsigned long long)v->calls,
               (unsigned long long)a, (unsigned long long)b, v->label);
    }
    for (size_t i = 0; i < x->nservices; i++)
        sum += service_cost(&rows[i], m);
    printf("%zu service(s): %llu of %llu %s in DOS and BIOS services (%.1f%%; %s, %s)\n", x->nservices,
           (unsigned long long)sum, (unsigned long long)total, unit[m], total ? 100.0 * (double)sum / (double)total : 0.0,
           x->program, x->mode);
    free(rows);
    return 0;
}

int hist_calls(const struct prx *x, const struct symtab *t, const struct hist_request *q)
{
    const char *format = export_format_names[q->format];
    if (q->by == BY_SERVICE) {
        if (q->format != FORMAT_TEXT && q->format != FORMAT_CSV && q->format != FORMAT_JSON) {
            fprintf(stderr, "profil: --format %s: --by service is printed as text, csv or json\n", format);
            return 2;
        }
        return hist_services(x, q);
    }
    if (q->by == BY_FRAME || q->worst_frames)
        return hist_frames(x, t, q);
    /* Zones: asked for, or the folded and callgrind exports of a .prx that has no call tree. */
    if (q->by == BY_ZONE || (!x->calls && x->zones && q->by == BY_DEFAULT && !q->callgraph &&
                             (q->format == FORMAT_FOLDED || q->format == FORMAT_CALLGRIND)))
        return hist_zones(x, q);
    int sites = q->by == BY_SITE;
    int table = q->format == FORMAT_CSV || q->format == FORMAT_JSON;
    if ((sites && q->format != FORMAT_TEXT) || q->format == FORMAT_SVG) {
        fprintf(stderr, "profil: --format %s: %s is printed as text only%s\n", format,
                sites ? "--by site" : q->callgraph ? "--callgraph" : "--by function",
                sites ? "" : " (csv, json, folded or callgrind export the call tree)");
        return 2;
    }
    if (sites) {
        if (!x->sites) {
            fprintf(stderr, "profil: --by site: %s has no memory figures (profil run --memory)\n", q->path);
            return EXIT_BAD_INPUT;
        }
        return site_table(x, t, q->top);
    }
    if (!x->calls) {
        fprintf(stderr, "profil: %s has no call tree (profil run --trace or --stacks)\n", q->path);
        return EXIT_BAD_INPUT;
    }
    enum metric m = q->metric_given ? q->metric : strcmp(x->mode, "sampling") == 0 ? METRIC_SAMPLES : METRIC_CYCLES;
    struct callgraph g;
    struct symtab **children = session_child_symbols(x);    /* a child's code named by its own symbols */
    int built = callgraph_build_programs(x, t, (const struct symtab *const *)children, &g);
    session_child_symbols_free(children, x->nprocs);
    if (built != 0) {
        fprintf(stderr, "profil: out of memory\n");
        return EXIT_PROFIL_FAILED;
    }
    int rc = 0;
    char err[256];
    if (q->format == FORMAT_FOLDED) {
        if ((rc = callgraph_folded(stdout, x, &g, m, CALLGRAPH_FOLDED_MAX, err, sizeof err)) != 0)
            fprintf(stderr, "profil: %s: %s\n", q->path, err);
    } else if (q->format == FORMAT_CALLGRIND)
        rc = callgraph_callgrind(stdout, &g, q->path);
    else if (table)
        rc = q->format == FORMAT_CSV ? export_calls_csv(stdout, &g, q->callgraph)
                                     : export_calls_json(stdout, x, &g);
    else if (q->callgraph)
        call_graph(x, &g, m, q->top);
    else
        function_table(x, &g, m, q->top);
    callgraph_free(&g);
    return rc ? EXIT_BAD_INPUT : 0;
}
