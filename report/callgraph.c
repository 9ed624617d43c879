/*
 * report/callgraph.c: see callgraph.h.
 */
#include "callgraph.h"

#include "../emu/services.h"

#include <stdlib.h>
#include <string.h>

/* The symbol holding load-module offset `off`, or -1. */
static long symbol_at(const struct symtab *t, uint32_t off)
{
    size_t lo = 0, hi = t->nsym;
    while (lo < hi) {                       /* the last symbol at or before off */
        size_t mid = (lo + hi) / 2;
        if (t->sym[mid].addr <= off)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0 || off >= symtab_symbol_end(t, lo - 1, UINT32_MAX))
        return -1;
    return (long)lo - 1;
}

#define KEY_SYMBOL (1ull << 63)            /* the first program's symbol */
#define KEY_PROGRAM (1ull << 62)           /* a child program's entry: its process */
#define KEY_CHILD (1ull << 61)             /* a child program's code, by entry */
#define KEY_CHILD_SYMBOL (KEY_SYMBOL | KEY_PROGRAM)     /* a child program's symbol */

/* What names a node: the .prx, the first program's symbols, and, for a
 * run with children (x->procs), each node's program and the children's
 * symbols. */
struct naming {
    const struct prx *x;
    const struct symtab *t;
    const struct symtab *const *children;   /* by process row, or NULL */
    size_t *program;                        /* per node: the process row it runs in */
    size_t *canon;                          /* per process: the first row of its name */
};

/* Whether a node's entry is DOS's or the BIOS's code (below the program). */
static int in_system(const struct prx *x, const struct call_node *c)
{
    return c->entry < (uint32_t)x->prog_low_pa * 16u;
}

/* A child program's entry node: kind root below the root, its service its process row. */
static int is_program_node(const struct prx *x, size_t i)
{
    const struct call_node *c = &x->calls[i];
    return i > 0 && c->kind == CALL_ROOT && c->service > 0 && c->service < x->nprocs;
}

static int in_process(const struct prx_process *p, uint32_t a)
{
    return a >= (uint32_t)p->load_seg * 16u && a < (uint32_t)p->prog_high_pa * 16u;
}

/* The process whose program holds address `a` for code running in process
 * `k`: k's own, else its nearest ancestor's, else a program kept resident
 * (INT 21h/31h), the newest, else any (one EXEC loaded without running it,
 * 4B01h), the newest; -1 for none. */
static long owner_of(const struct prx *x, size_t k, uint32_t a)
{
    for (long i = (long)k; i >= 0 && (size_t)i < x->nprocs; i = x->procs[i].parent)
        if (in_process(&x->procs[i], a))
            return i;
    for (size_t i = x->nprocs; i-- > 1;)
        if (x->procs[i].ended && x->procs[i].exit_type == 3 && in_process(&x->procs[i], a))
            return (long)i;
    for (size_t i = x->nprocs; i-- > 1;)
        if (in_process(&x->procs[i], a))
            return (long)i;
    return -1;
}

/* A function's identity: a child program's entry (one per program name);
 * a symbol of the program holding its entry (the first program's map, a
 * child's own); a DOS or BIOS service's (an INT's entry into DOS or the
 * BIOS: one per function, "INT 21h/3Fh read"); else its entry address
 * (with its program's, for a child's code). */
static uint64_t key_of(const struct naming *nm, size_t i, long *process)
{
    const struct prx *x = nm->x;
    const struct call_node *c = &x->calls[i];
    uint32_t base = (uint32_t)x->prog_low_pa * 16u;
    long owner = c->entry >= base && c->entry < (uint32_t)x->prog_high_pa * 16u ? 0 : -1;
    if (x->procs) {
        if (is_program_node(x, i)) {
            *process = (long)nm->canon[c->service];
            return KEY_PROGRAM | nm->canon[c->service];
        }
        owner = in_system(x, c) ? -1 : owner_of(x, nm->program[i], c->entry);  /* DOS and the BIOS: no search */
    }
    *process = owner > 0 ? (long)nm->canon[owner] : owner;
    if (owner > 0) {
        const struct symtab *ct = nm->children ? nm->children[nm->canon[owner]] : NULL;
        uint32_t load = (uint32_t)x->procs[owner].load_seg * 16u;
        long sym = ct ? symbol_at(ct, c->entry - load) : -1;
        if (sym >= 0)
            return KEY_CHILD_SYMBOL | (uint64_t)nm->canon[owner] << 32 | (uint64_t)sym;
        return KEY_CHILD | (uint64_t)nm->canon[owner] << 21 | c->entry;
    }
    if (nm->t && (owner == 0 || !x->procs) && c->entry >= base) {
        long sym = symbol_at(nm->t, c->entry - base);
        if (sym >= 0)
            return KEY_SYMBOL | (uint64_t)sym;
    }
    return (in_system(x, c) ? (uint64_t)c->service << 20 : 0) | c->entry;
}

static void name_of(const struct naming *nm, size_t i, uint64_t key, char *out, size_t n)
{
    const struct prx *x = nm->x;
    const struct call_node *c = &x->calls[i];
    if ((key & KEY_CHILD_SYMBOL) == KEY_CHILD_SYMBOL) {
        size_t p = (size_t)(key >> 32 & 0x3FFFFFFF);
        snprintf(out, n, "%s!%s", x->procs[p].name, nm->children[p]->sym[(uint32_t)key].name);
        return;
    }
    if (key & KEY_SYMBOL) {
        snprintf(out, n, "%s", nm->t->sym[(uint32_t)key].name);
        return;
    }
    if (key & KEY_PROGRAM) {                    /* a child program's own code, outside its calls */
        snprintf(out, n, "%s", x->procs[(size_t)(key & 0xFFFFFFFF)].name);
        return;
    }
    if (key & KEY_CHILD) {
        snprintf(out, n, "%s %04X:%04X", x->procs[(size_t)(key >> 21 & 0xFFFFFFFF)].name, c->cs, c->ip);
        return;
    }
    if (c->service && in_system(x, c)) {        /* the service's name, from emu/services.c's one table */
        service_label(c->service, out, n);
        return;
    }
    const char *area = c->entry < (uint32_t)x->dos_pa * 16u ? "BIOS "
                       : c->entry < (uint32_t)x->prog_low_pa * 16u ? "DOS "
                       : c->entry >= (uint32_t)x->prog_high_pa * 16u ? "high " : "";
    snprintf(out, n, "%s%04X:%04X", area, c->cs, c->ip);
}

/* Each node's process row (parents come first) and each process's
 * first row of the same name (a program run twice is one function). */
static int naming_init(struct naming *nm, const struct prx *x, const struct symtab *t,
                       const struct symtab *const *children)
{
    *nm = (struct naming){ x, t, children, NULL, NULL };
    if (!x->procs)
        return 0;
    nm->program = calloc(x->ncalls, sizeof *nm->program);
    nm->canon = calloc(x->nprocs, sizeof *nm->canon);
    if (!nm->program || !nm->canon)
        return -1;
    for (size_t i = 1; i < x->ncalls; i++)
        nm->program[i] = is_program_node(x, i) ? x->calls[i].service : nm->program[x->calls[i].parent];
    for (size_t k = 0; k < x->nprocs; k++) {
        nm->canon[k] = k;
        for (size_t j = 0; j < k; j++)
            if (strcmp(x->procs[j].name, x->procs[k].name) == 0) {
                nm->canon[k] = j;
                break;
            }
    }
    return 0;
}

static void naming_free(struct naming *nm)
{
    free(nm->program);
    free(nm->canon);
}

/* An open hash from 64-bit keys to indexes. */
struct keymap {
    uint64_t *key;
    size_t *val, cap;
};

static size_t *keymap_slot(struct keymap *k, uint64_t key)
{
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (k->cap - 1);
    while (k->val[h] != SIZE_MAX && k->key[h] != key)
        h = (h + 1) & (k->cap - 1);
    k->key[h] = key;
    return &k->val[h];
}

static int keymap_init(struct keymap *k, size_t n)
{
    k->cap = 16;
    while (k->cap < 2 * n + 2)
        k->cap *= 2;
    k->key = calloc(k->cap, sizeof *k->key);
    k->val = malloc(k->cap * sizeof *k->val);
    if (!k->key || !k->val)
        return -1;
    memset(k->val, 0xFF, k->cap * sizeof *k->val);
    return 0;
}

static void keymap_free(struct keymap *k)
{
    free(k->key);
    free(k->val);
}

static void add_costs(uint64_t *to, const uint64_t *v)
{
    for (int i = 0; i < NMETRICS; i++)
        to[i] += v[i];
}

/* Functions: one per key, in order of first appearance (the root first). */
static int find_functions(const struct prx *x, const struct symtab *t, const struct symtab *const *children,
                          struct callgraph *g)
{
    struct keymap k = { 0 };
    struct naming nm;
    int rc = -1;
    g->fn = calloc(x->ncalls, sizeof *g->fn);
    g->fn_of = calloc(x->ncalls, sizeof *g->fn_of);
    if (naming_init(&nm, x, t, children) != 0 || !g->fn || !g->fn_of || keymap_init(&k, x->ncalls) != 0)
        goto out;
    for (size_t i = 0; i < x->ncalls; i++) {
        const struct call_node *c = &x->calls[i];
        long process;
        uint64_t key = key_of(&nm, i, &process);
        size_t *slot = keymap_slot(&k, key);
        if (*slot == SIZE_MAX) {
            *slot = g->nfn++;
            struct fn_stats *f = &g->fn[*slot];
            name_of(&nm, i, key, f->name, sizeof f->name);
            f->process = (int32_t)process;
            f->entry = c->entry;
        }
        struct fn_stats *f = &g->fn[g->fn_of[i] = *slot];
        uint64_t self[NMETRICS] = { c->samples, c->insns, c->cycles, c->stalls };
        add_costs(f->self, self);
        add_costs(g->total, self);
        if (i) {
            f->calls += c->calls;
            g->calls += c->calls;
        }
    }
    rc = 0;
out:
    keymap_free(&k);
    naming_free(&nm);
    return rc;
}

/* Inclusive costs: a depth-first walk with, per function, how many of the
 * frames above are in it; a subtree counts for its function (and its arc)
 * only at the outermost one. */
static int inclusive(const struct prx *x, struct callgraph *g)
{
    size_t n = x->ncalls;
    uint64_t (*sub)[NMETRICS] = calloc(n, sizeof *sub);
    size_t *first = malloc(n * sizeof *first), *next = malloc(n * sizeof *next);
    size_t *stack = malloc(n * sizeof *stack);
    unsigned *active = calloc(g->nfn, sizeof *active);
    struct keymap arcs = { 0 };
    int rc = -1;
    if (!sub || !first || !next || !stack || !active || keymap_init(&arcs, n) != 0)
        goto out;
    g->arc = calloc(n, sizeof *g->arc);
    if (!g->arc)
        goto out;
    for (size_t i = n; i-- > 0;) {          /* children after parents: sum upwards */
        const struct call_node *c = &x->calls[i];
        uint64_t self[NMETRICS] = { c->samples, c->insns, c->cycles, c->stalls };
        add_costs(sub[i], self);
        if (i)
            add_costs(sub[c->parent], sub[i]);
    }
    memset(first, 0xFF, n * sizeof *first);
    for (size_t i = n; i-- > 1;) {          /* child lists, in node order */
        next[i] = first[x->calls[i].parent];
        first[x->calls[i].parent] = i;
    }
    /* stack[] holds nodes to visit; a node is pushed again, marked, to leave it. */
    size_t sp = 0;
    stack[sp++] = 0;
    int *leaving = calloc(n, sizeof *leaving);
    if (!leaving)
        goto out;
    while (sp) {
        size_t i = stack[sp - 1];
        size_t fi = g->fn_of[i];
        if (leaving[i]) {
            sp--;
            active[fi]--;
            continue;
        }
        leaving[i] = 1;
        int outermost = active[fi]++ == 0;
        if (outermost)
            add_costs(g->fn[fi].incl, sub[i]);
        if (i) {
            size_t caller = g->fn_of[x->calls[i].parent];
            size_t *slot = keymap_slot(&arcs, (uint64_t)caller << 32 | fi);
            if (*slot == SIZE_MAX) {
                *slot = g->narc++;
                g->arc[*slot] = (struct fn_arc){ caller, fi, 0, { 0 } };
            }
            g->arc[*slot].calls += x->calls[i].calls;
            if (outermost)
                add_costs(g->arc[*slot].incl, sub[i]);
        }
        /* Children go on the stack in reverse so they are visited in order;
         * the stack never holds more than the nodes (each once). */
        size_t mark = sp;
        for (size_t ch = first[i]; ch != SIZE_MAX; ch = next[ch])
            stack[sp++] = ch;
        for (size_t a = mark, b = sp; a + 1 < b; a++, b--) {
            size_t tmp = stack[a];
            stack[a] = stack[b - 1];
            stack[b - 1] = tmp;
        }
    }
    free(leaving);
    rc = 0;
out:
    free(sub);
    free(first);
    free(next);
    free(stack);
    free(active);
    keymap_free(&arcs);
    return rc;
}

static int arc_order(const void *a, const void *b)
{
    const struct fn_arc *x = a, *y = b;
    if (x->caller != y->caller)
        return x->caller < y->caller ? -1 : 1;
    return x->callee < y->callee ? -1 : x->callee > y->callee;
}

int callgraph_build(const struct prx *x, const struct symtab *t, struct callgraph *g)
{
    return callgraph_build_programs(x, t, NULL, g);
}

int callgraph_build_programs(const struct prx *x, const struct symtab *t, const struct symtab *const *children,
                             struct callgraph *g)
{
    memset(g, 0, sizeof *g);
    if (!x->calls || !x->ncalls)
        return -1;
    if (find_functions(x, t, children, g) != 0 || inclusive(x, g) != 0) {
        callgraph_free(g);
        return -1;
    }
    qsort(g->arc, g->narc, sizeof *g->arc, arc_order);
    return 0;
}

/* A function's cost with its index: what callgraph_order sorts, so that
 * the comparison needs no context. */
struct ranked_fn {
    uint64_t cost;
    size_t fn;
};

static int by_cost_then_index(const void *a, const void *b)
{
    const struct ranked_fn *x = a, *y = b;
    if (x->cost != y->cost)
        return x->cost > y->cost ? -1 : 1;
    return (x->fn > y->fn) - (x->fn < y->fn);
}

size_t *callgraph_order(const struct callgraph *g, enum metric m, int inclusive)
{
    size_t n = g->nfn ? g->nfn : 1;
    size_t *order = malloc(n * sizeof *order);
    struct ranked_fn *r = malloc(n * sizeof *r);
    if (!order || !r) {
        free(order);
        free(r);
        return NULL;
    }
    for (size_t i = 0; i < g->nfn; i++)
        r[i] = (struct ranked_fn){ inclusive ? g->fn[i].incl[m] : g->fn[i].self[m], i };
    qsort(r, g->nfn, sizeof *r, by_cost_then_index);
    for (size_t i = 0; i < g->nfn; i++)
        order[i] = r[i].fn;
    free(r);
    return order;
}

void callgraph_free(struct callgraph *g)
{
    free(g->fn);
    free(g->arc);
    free(g->fn_of);
    memset(g, 0, sizeof *g);
}

/* ---- exports --------------------------------------------------------------- */

/* A name on one line, without the separators of the format. */
static void put_name(FILE *f, const char *s, const char *bad)
{
    for (; *s; s++)
        fputc((unsigned char)*s < 0x20 || strchr(bad, *s) ? '_' : *s, f);
}

/* The bytes put_name() writes for s. */
static uint64_t name_bytes(const char *s) { return strlen(s); }

static unsigned digits(uint64_t v)
{
    unsigned n = 1;
    while (v >= 10) {
        v /= 10;
        n++;
    }
    return n;
}

/* The bytes callgraph_folded() would write: each node's chain is its
 * parent's plus its own name and a separator (parents come first). */
static int folded_size(const struct prx *x, const struct callgraph *g, enum metric m, uint64_t *total)
{
    uint64_t *chain = malloc((x->ncalls ? x->ncalls : 1) * sizeof *chain);
    if (!chain)
        return -1;
    *total = 0;
    for (size_t i = 0; i < x->ncalls; i++) {
        uint32_t p = x->calls[i].parent;
        chain[i] = (p < i ? chain[p] : 0) + name_bytes(g->fn[g->fn_of[i]].name) + 1;
        uint64_t v = cost_of(&x->calls[i], m);
        if (v)
            *total += chain[i] + digits(v) + 1;
    }
    free(chain);
    return 0;
}

int callgraph_folded(FILE *f, const struct prx *x, const struct callgraph *g, enum metric m, uint64_t max_bytes,
                     char *err, size_t errn)
{
    uint64_t bytes;
    size_t *path = malloc((x->ncalls ? x->ncalls : 1) * sizeof *path);
    if (!path || folded_size(x, g, m, &bytes) != 0) {
        free(path);
        snprintf(err, errn, "out of memory");
        return -1;
    }
    if (bytes > max_bytes) {
        free(path);
        snprintf(err, errn, "the folded stacks would be %llu bytes (each of %zu nodes with its whole chain), "
                 "past the limit of %llu: use --format callgrind", (unsigned long long)bytes, x->ncalls,
                 (unsigned long long)max_bytes);
        return -1;
    }
    for (size_t i = 0; i < x->ncalls; i++) {
        uint64_t v = cost_of(&x->calls[i], m);
        if (!v)
            continue;
        size_t depth = 0;
        for (size_t k = i; k != CALLS_NO_PARENT && depth < x->ncalls; k = x->calls[k].parent)
            path[depth++] = k;
        while (depth--) {
            put_name(f, g->fn[g->fn_of[path[depth]]].name, "; ");
            fputc(depth ? ';' : ' ', f);
        }
        fprintf(f, "%llu\n", (unsigned long long)v);
    }
    free(path);
    return 0;
}

/* One cost line: cycles, instructions, samples, and the bus stalls when
 * the run had them. */
static void callgrind_costs(FILE *f, const uint64_t *c, int stalls)
{
    fprintf(f, "0 %llu %llu %llu", (unsigned long long)c[METRIC_CYCLES], (unsigned long long)c[METRIC_INSTRUCTIONS],
            (unsigned long long)c[METRIC_SAMPLES]);
    if (stalls)
        fprintf(f, " %llu", (unsigned long long)c[METRIC_STALLS]);
    fputc('\n', f);
}

int callgraph_callgrind(FILE *f, const struct callgraph *g, const char *cmd)
{
    int stalls = g->total[METRIC_STALLS] != 0;  /* a run of the bus model */
    fprintf(f, "# callgrind format\nversion: 1\ncreator: profil\ncmd: %s\n\n", cmd);
    fprintf(f, "positions: line\nevents: Cycles Instructions Samples%s\nsummary: %llu %llu %llu", stalls ? " Stalls" : "",
            (unsigned long long)g->total[METRIC_CYCLES], (unsigned long long)g->total[METRIC_INSTRUCTIONS],
            (unsigned long long)g->total[METRIC_SAMPLES]);
    if (stalls)
        fprintf(f, " %llu", (unsigned long long)g->total[METRIC_STALLS]);
    fprintf(f, "\n\nfl=%s\n", cmd);
    size_t a = 0;
    for (size_t i = 0; i < g->nfn; i++) {
        const struct fn_stats *fn = &g->fn[i];
        fputs("fn=", f);
        put_name(f, fn->name, "");
        fputc('\n', f);
        callgrind_costs(f, fn->self, stalls);
        for (; a < g->narc && g->arc[a].caller == i; a++) {
            const struct fn_arc *r = &g->arc[a];
            fputs("cfn=", f);
            put_name(f, g->fn[r->callee].name, "");
            fprintf(f, "\ncalls=%llu 0\n", (unsigned long long)r->calls);
            callgrind_costs(f, r->incl, stalls);
        }
    }
    return 0;
}
