/*
 * report/callgraph.h: functions, callers and callees from the call tree
 * of a .prx (formats/prx.h's call nodes).
 *
 * A function is the map symbol holding a node's entry address (or, with
 * no map or no symbol there, the entry's CS:IP, named "BIOS", "DOS" or
 * "high" outside the program).  In a run with children (the .prx's
 * processes), a child program's entry node (kind root, sampler/calls.h)
 * is a function named as the program ("KID.COM": its code outside its
 * calls), and code in a child's program is named under it: its symbol
 * from the child's own table ("KID.COM!work"), else "KID.COM CS:IP"; a
 * program run twice is one function.  Self cost is what its nodes spent while
 * innermost; inclusive cost counts each node's subtree once, leaving out
 * nodes already inside the same function (recursion is not counted
 * twice).  An arc caller -> callee sums the calls and the callee's
 * inclusive cost under that caller, the recursive re-entries with calls
 * but no cost, as gprof does.  Also writes the call tree as folded
 * stacks and as callgrind with calls= lines.
 */
#ifndef PROFIL_FORMATS_CALLGRAPH_H
#define PROFIL_FORMATS_CALLGRAPH_H

#include <stdio.h>

#include "attrib.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"

/* Costs by enum metric: [METRIC_SAMPLES], [METRIC_INSTRUCTIONS], [METRIC_CYCLES], [METRIC_STALLS]. */
struct fn_stats {
    char name[80];
    uint32_t entry;                 /* linear, the first node's */
    int32_t process;                /* the program whose code it is: its process row (a program run twice:
                                       the first), 0 the first program's; -1 DOS, the BIOS, other memory */
    uint64_t calls;
    uint64_t self[NMETRICS], incl[NMETRICS];
};

struct fn_arc {
    size_t caller, callee;          /* indexes into fn */
    uint64_t calls;
    uint64_t incl[NMETRICS];        /* the callee's inclusive cost under this caller */
};

struct callgraph {
    struct fn_stats *fn;            /* fn[0] is the program's entry (the root) */
    size_t nfn;
    struct fn_arc *arc;             /* by caller, then callee */
    size_t narc;
    size_t *fn_of;                  /* per call node: its function */
    uint64_t total[NMETRICS];       /* everything the tree counted */
    uint64_t calls;                 /* every call, the root's entry not included */
};

/* `t` may be NULL.  -1 when the .prx has no call tree or memory runs out. */
int callgraph_build(const struct prx *x, const struct symtab *t, struct callgraph *g);
/* The same with the child programs' symbols: `children` NULL, or
 * x->nprocs tables by process row (each NULL or a table; row 0 unused). */
int callgraph_build_programs(const struct prx *x, const struct symtab *t, const struct symtab *const *children,
                             struct callgraph *g);
void callgraph_free(struct callgraph *g);
/* The function indexes busiest first by self (or, when `inclusive`, by
 * inclusive) cost under m, ties in order of first appearance: a new array
 * of g->nfn (at least 1) the caller frees, or NULL without memory. */
size_t *callgraph_order(const struct callgraph *g, enum metric m, int inclusive);
/* The value of a cost under the metric a call tree offers. */
static inline uint64_t cost_of(const struct call_node *c, enum metric m)
{
    return m == METRIC_CYCLES ? c->cycles : m == METRIC_INSTRUCTIONS ? c->insns : m == METRIC_STALLS ? c->stalls : c->samples;
}

/* "root;f;g COUNT" per call node with a self cost, in node order.  Each
 * line holds the node's whole chain, so the output grows as nodes x
 * depth: when it would pass max_bytes nothing is written and -1 returned
 * with the reason in err (also when memory runs out). */
#define CALLGRAPH_FOLDED_MAX (256ull << 20)
int callgraph_folded(FILE *f, const struct prx *x, const struct callgraph *g, enum metric m, uint64_t max_bytes,
                     char *err, size_t errn);
/* KCachegrind: fn= per function with its self cost, cfn=/calls= per arc
 * with the callee's inclusive cost; events Cycles Instructions Samples. */
int callgraph_callgrind(FILE *f, const struct callgraph *g, const char *cmd);

#endif
