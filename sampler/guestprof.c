/*
 * sampler/guestprof.c: the program's own profiling calls (see guestprof.h).
 */
#include "guestprof.h"
#include "procs.h"
#include "trace.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(GUEST_ARG_MAX == PRX_NAME_MAX, "a zone's name is a guest argument");

static uint8_t on_call(void *ctx, uint8_t fn, const char *arg, unsigned len, uint64_t now)
{
    return guestprof_call(ctx, fn, arg, len, now);
}

void guestprof_init(struct guestprof *g, int start_stopped)
{
    memset(g, 0, sizeof *g);
    g->collecting = !start_stopped;
    g->obs = (struct guest_observer){ g, on_call };
}

void guestprof_free(struct guestprof *g)
{
    free(g->zones);
    free(g->marks);
    g->zones = NULL;
    g->marks = NULL;
    g->nzones = g->nmarks = 0;
}

/* Pause or resume every profiler the run has. */
void guestprof_collect(struct guestprof *g, int on)
{
    g->collecting = on;
    if (g->s)
        g->s->paused = !on;
    if (g->calls)
        calls_pause(g->calls, !on);
    if (g->svc)
        g->svc->paused = !on;
    if (g->set_tracing)
        g->set_tracing(g->ctx, on);
}

static void clear(struct guestprof *g)
{
    if (g->s)
        sampler_clear(g->s);
    if (g->s && g->s->procs)
        procs_cleared(g->s->procs);
    if (g->calls)
        calls_clear(g->calls);
    if (g->svc)
        svcprof_clear(g->svc);
    if (g->exact) {
        exact_counts_clear(g->exact);
        if (g->s && g->s->procs)        /* the children's windows (--trace) restart with them */
            procs_trace_cleared(g->s->procs);
        if (g->frames)
            frames_counts_cleared(g->frames);
    }
    for (size_t i = 0; i < g->nzones; i++)
        g->zones[i].count = g->zones[i].total = g->zones[i].min = g->zones[i].max = 0;
    for (size_t i = 0; i < g->nmarks; i++)
        g->marks[i].count = g->marks[i].first = g->marks[i].last = 0;
}

/* DOS's file name characters, less the ones a host shell gives meaning to. */
static int name_char(char c)
{
    return isalnum((unsigned char)c) || (c && strchr("_-$!#&@^{}~'", c));
}

int guestprof_name83(const char *arg, char out[13])
{
    size_t base = 0, ext = 0;
    while (name_char(arg[base]))
        base++;
    if (arg[base] == '.')
        while (name_char(arg[base + 1 + ext]))
            ext++;
    size_t end = base + (arg[base] == '.' ? 1 + ext : 0);
    if (base == 0 || base > 8 || ext > 3 || arg[end] != 0 || (arg[base] == '.' && ext == 0))
        return 0;
    size_t k = 0;
    for (size_t i = 0; i < base; i++)
        out[k++] = (char)toupper((unsigned char)arg[i]);
    const char *x = ext ? arg + base + 1 : "PRF";
    out[k++] = '.';
    for (size_t i = 0; i < (ext ? ext : 3); i++)
        out[k++] = (char)toupper((unsigned char)x[i]);
    out[k] = 0;
    return strcmp(out + base, ".PRF") == 0;     /* only profiles: never another kind of file */
}

/* A zone or mark name: 1-GUEST_ARG_MAX printable ASCII characters. */
static int plain_name(const char *arg, unsigned len)
{
    if (len == 0 || len > PRX_NAME_MAX)
        return 0;
    for (unsigned i = 0; i < len; i++)
        if (arg[i] < 0x21 || arg[i] > 0x7E || arg[i] == ';')   /* ';' separates folded stacks */
            return 0;
    return 1;
}

static int enter(struct guestprof *g, const char *name, uint64_t now)
{
    uint32_t parent = g->depth ? g->open[g->depth - 1].zone : PRX_NO_ZONE;
    if (g->depth == GUESTPROF_MAX_OPEN)
        return GUEST_E_FULL;
    size_t i = 0;
    while (i < g->nzones && !(g->zones[i].parent == parent && strcmp(g->zones[i].name, name) == 0))
        i++;
    if (i == g->nzones) {
        if (g->nzones == GUESTPROF_MAX_ZONES)
            return GUEST_E_FULL;
        if (!g->zones && !(g->zones = calloc(GUESTPROF_MAX_ZONES, sizeof *g->zones)))
            return GUEST_E_FULL;
        struct prx_zone *z = &g->zones[g->nzones++];
        memset(z, 0, sizeof *z);
        snprintf(z->name, sizeof z->name, "%s", name);
        z->parent = parent;
    }
    g->open[g->depth].zone = (uint32_t)i;
    g->open[g->depth].since = now;
    g->depth++;
    return GUEST_OK;
}

static int leave(struct guestprof *g, const char *name, unsigned len, uint64_t now)
{
    if (g->depth == 0)
        return GUEST_E_ZONE;
    struct prx_zone *z = &g->zones[g->open[g->depth - 1].zone];
    if (len && strcmp(z->name, name) != 0)
        return GUEST_E_ZONE;
    uint64_t t = now - g->open[--g->depth].since;
    if (z->count == 0 || t < z->min)
        z->min = t;
    if (t > z->max)
        z->max = t;
    z->count++;
    z->total += t;
    return GUEST_OK;
}

static int mark(struct guestprof *g, const char *name, uint64_t now)
{
    size_t i = 0;
    while (i < g->nmarks && strcmp(g->marks[i].name, name) != 0)
        i++;
    if (i == g->nmarks) {
        if (g->nmarks == GUESTPROF_MAX_MARKS)
            return GUEST_E_FULL;
        if (!g->marks && !(g->marks = calloc(GUESTPROF_MAX_MARKS, sizeof *g->marks)))
            return GUEST_E_FULL;
        memset(&g->marks[i], 0, sizeof g->marks[i]);
        snprintf(g->marks[i].name, sizeof g->marks[i].name, "%s", name);
        g->nmarks++;
    }
    struct prx_mark *k = &g->marks[i];
    if (k->count++ == 0)
        k->first = now;
    k->last = now;
    return GUEST_OK;
}

/* A dump to a name written before, or to one of at most GUESTPROF_MAX_DUMPS. */
static int dump(struct guestprof *g, const char *name83)
{
    unsigned i = 0;
    while (i < g->ndumped && strcmp(g->dumped[i], name83) != 0)
        i++;
    if (i == GUESTPROF_MAX_DUMPS)
        return GUEST_E_FULL;
    if (!g->dump || g->dump(g->ctx, name83) != 0)
        return GUEST_E_WRITE;
    if (i == g->ndumped)
        memcpy(g->dumped[g->ndumped++], name83, 13);
    return GUEST_OK;
}

static int call(struct guestprof *g, uint8_t fn, const char *arg, unsigned len, uint64_t now)
{
    char name83[13];
    switch (fn) {
    case GUEST_FN_VERSION:
        return GUEST_API_VERSION;
    case GUEST_FN_START:
        if (g->collecting)
            return GUEST_E_STARTED;
        g->started = 1;
        guestprof_collect(g, 1);
        return GUEST_OK;
    case GUEST_FN_STOP:
        if (!g->collecting)
            return GUEST_E_STOPPED;
        guestprof_collect(g, 0);
        return GUEST_OK;
    case GUEST_FN_CLEAR:
        clear(g);
        return GUEST_OK;
    case GUEST_FN_DUMP:
        if (!guestprof_name83(arg, name83))
            return GUEST_E_ARGUMENT;
        return dump(g, name83);
    case GUEST_FN_MARK:
        return plain_name(arg, len) ? mark(g, arg, now) : GUEST_E_ARGUMENT;
    case GUEST_FN_ENTER:
        return plain_name(arg, len) ? enter(g, arg, now) : GUEST_E_ARGUMENT;
    case GUEST_FN_LEAVE:
        return len == 0 || plain_name(arg, len) ? leave(g, arg, len, now) : GUEST_E_ARGUMENT;
    case GUEST_FN_FRAME:
        if (!g->frames)
            return GUEST_E_FUNCTION;
        frames_mark(g->frames, now);
        return GUEST_OK;
    default:
        return GUEST_E_FUNCTION;
    }
}

uint8_t guestprof_call(struct guestprof *g, uint8_t fn, const char *arg, unsigned len, uint64_t now)
{
    int r = call(g, fn, arg, len, now);
    g->calls_made++;
    g->errors += fn != GUEST_FN_VERSION && r != GUEST_OK;
    return (uint8_t)r;
}

void guestprof_to_prx(struct guestprof *g, struct prx *x)
{
    x->zones = g->zones;
    x->nzones = g->nzones;
    x->marks = g->marks;
    x->nmarks = g->nmarks;
    g->zones = NULL;
    g->marks = NULL;
    g->nzones = g->nmarks = 0;
}
