/*
 * report/summary.c: see summary.h.
 */
#include "summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "attrib.h"
#include "callgraph.h"

/* The rows so far, busiest first; a tie keeps the row offered first. */
struct ranked {
    struct summary_row *rows;
    size_t max, n;
};

static void offer(struct ranked *r, const char *name, double count, double total)
{
    double pc = 100.0 * count / (total > 0 ? total : 1);
    if (count < 0.5 || pc < 0.05 || r->max == 0)
        return;                     /* nothing, or what would print as 0.0% */
    size_t at = r->n;
    if (at == r->max) {             /* full: the last row goes if this one is busier */
        if (r->rows[at - 1].percent >= pc)
            return;
        at--;
    } else {
        r->n++;
    }
    while (at > 0 && r->rows[at - 1].percent < pc) {
        r->rows[at] = r->rows[at - 1];
        at--;
    }
    snprintf(r->rows[at].name, sizeof r->rows[at].name, "%s", name);
    r->rows[at].percent = pc;
}

/* A trace with children: each child program's code (report/callgraph.h:
 * the functions whose code is its) as a row, by its cycles; the program's
 * own rows count its own addresses only. */
static int offer_children(struct ranked *r, const struct prx *x, const struct symtab *t,
                          const struct symtab *const *children)
{
    struct callgraph g;
    uint64_t *cycles = calloc(x->nprocs, sizeof *cycles);
    if (!cycles || callgraph_build_programs(x, t, children, &g) != 0) {
        free(cycles);
        return -1;
    }
    for (size_t i = 0; i < g.nfn; i++)
        if (g.fn[i].process > 0 && (size_t)g.fn[i].process < x->nprocs)
            cycles[g.fn[i].process] += g.fn[i].self[METRIC_CYCLES];
    for (size_t k = 1; k < x->nprocs; k++)
        offer(r, x->procs[k].name, (double)cycles[k], (double)x->total_cycles);
    callgraph_free(&g);
    free(cycles);
    return 0;
}

int summary_symbols(const struct prf *p, const struct prx *x, const struct symtab *t,
                    const struct symtab *const *children, uint64_t samples, struct summary_row *rows, size_t max,
                    size_t *n, enum summary_basis *basis)
{
    struct ranked r = { rows, max, 0 };
    *n = 0;
    if (x && strcmp(x->mode, "trace") == 0) {
        struct unit_hits *u;
        size_t nu;
        if (attribute_exact(x, t, METRIC_CYCLES, 0, &u, &nu) != 0)
            return -1;
        for (size_t i = 0; i < nu; i++)
            offer(&r, u[i].name, u[i].hits, (double)x->total_cycles);
        free(u);
        if (x->procs && x->calls && offer_children(&r, x, t, children) != 0)
            return -1;
        *basis = SUMMARY_CYCLES;
    } else if (x && x->calls) {
        struct callgraph g;
        if (callgraph_build_programs(x, t, children, &g) != 0)
            return -1;
        for (size_t i = 0; i < g.nfn; i++)
            offer(&r, g.fn[i].name, (double)g.fn[i].self[METRIC_SAMPLES], (double)g.total[METRIC_SAMPLES]);
        callgraph_free(&g);
        *basis = SUMMARY_STACKS;
    } else {
        struct unit_hits *u;
        size_t nu;
        if (attribute_hits(p, t, &u, &nu) != 0)
            return -1;
        for (size_t i = 0; i < nu; i++)
            offer(&r, u[i].name, u[i].hits, (double)samples);
        free(u);
        *basis = attribute_is_estimate(p) ? SUMMARY_SPLIT : SUMMARY_SAMPLES;
    }
    *n = r.n;
    return 0;
}

void summary_basis_note(enum summary_basis b, const struct prf *p, char *out, size_t n)
{
    if (b == SUMMARY_CYCLES)
        snprintf(out, n, "exact: %% of all cycles, traced");
    else if (b == SUMMARY_STACKS)
        snprintf(out, n, "exact: %% of samples, each counted for the function it was in (--stacks)");
    else if (b == SUMMARY_SAMPLES)
        snprintf(out, n, "exact: %% of samples, each counted for the symbol at its address");
    else
        attribute_estimate_note(p, out, n);
}
