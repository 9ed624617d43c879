/*
 * report/export.h: a profile in the formats other tools read: CSV and
 * JSON (schema in docs/formats.md).  Pure writers to a FILE; names are
 * escaped for each format.
 */
#ifndef PROFIL_FORMATS_EXPORT_H
#define PROFIL_FORMATS_EXPORT_H

#include <stdio.h>

#include "attrib.h"
#include "callgraph.h"
#include "../formats/prf.h"
#include "../formats/symtab.h"

/* What `profil hist --format` writes; export_format_names[] are the
 * names --format takes, by enum value. */
enum export_format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON, FORMAT_CALLGRIND, FORMAT_FOLDED, FORMAT_SVG };
#define NFORMATS 6
extern const char *const export_format_names[NFORMATS];

/* `t` may be NULL (no map).  Return 0, or -1 when out of memory. */
int export_csv(FILE *f, const struct prf *p, const struct symtab *t);
int export_json(FILE *f, const struct prf *p, const struct symtab *t);
/* KCachegrind/QCachegrind: one fn= per symbol (or bucket), self cost =
 * samples (rounded), io/dos/high as functions of their own. */
int export_callgrind(FILE *f, const struct prf *p, const struct symtab *t, const char *cmd);
/* A standalone SVG bar chart (a browser shows it): the busiest rows
 * (symbols, or buckets without a map) and io/dos/high, `title` on top. */
int export_svg(FILE *f, const struct prf *p, const struct symtab *t, const char *title);
/* Text escaped for XML and HTML (&, <, >, quotes); control and non-ASCII
 * bytes as '?' (map names are bytes of no known encoding). */
void xml_put_text(FILE *f, const char *s);
/* Folded stacks (flamegraph.pl, speedscope): "program;NAME COUNT" lines. */
int export_folded(FILE *f, const struct prf *p, const struct symtab *t);

/* The same tables from rows of exact counts (a .prx): rows in address order
 * (kind "symbol", "line" or "bucket"; a last row named "(no symbol)" or
 * "(no line)" is written with kind "none"), then io, dos and high. */
struct export_rows {
    const char *kind;
    const char *unit;                   /* "instructions", "cycles" */
    const struct unit_hits *rows;
    size_t n;
    double io, dos, high;
    int stalls;                         /* rows carry the bus model's stalls */
};
int export_rows_csv(FILE *f, const struct export_rows *r);
int export_rows_json(FILE *f, const struct export_rows *r, const char *program);
int export_rows_svg(FILE *f, const struct export_rows *r, const char *title);

/* A .prx's call tree per function (--by function) or per arc
 * (--callgraph), every cost in all three units, functions in the order of
 * the graph (the entry first).  CSV: one row per function, or per arc;
 * JSON: {"profil": 1, "exact": true, "program", "mode", "calls", "total",
 * "functions": [...], "arcs": [...]} (docs/formats.md). */
int export_calls_csv(FILE *f, const struct callgraph *g, int arcs);
int export_calls_json(FILE *f, const struct prx *x, const struct callgraph *g);

/* A .prx's time per DOS and BIOS service (--by service): a service's
 * count under m (samples, instructions or cycles; stalls: none), the
 * run's total under m (the services' % of it), and the rows busiest first
 * under m (a copy, *out, malloc'ed; ties by the writer's order). */
uint64_t service_cost(const struct prx_service *v, enum metric m);
uint64_t services_total(const struct prx *x, enum metric m);
int services_ranked(const struct prx *x, enum metric m, struct prx_service **out);
/* CSV: service,id,calls,samples,cycles,instructions,percent; JSON:
 * {"profil": 1, "program", "mode", "metric", "total", "services": [...]}
 * (docs/formats.md).  The rows as given, % of total under m. */
int export_services_csv(FILE *f, const struct prx *x, const struct prx_service *rows, enum metric m);
int export_services_json(FILE *f, const struct prx *x, const struct prx_service *rows, enum metric m);

/* The program's zones (docs/guestapi.md), in emulated cycles.  Folded:
 * "program;outer;inner SELF" per zone, its own cycles (its children's
 * left out); callgrind: a function per zone, its own cycles as self cost
 * and each inner zone as a call (calls= its count, its total inclusive);
 * CSV: zone,parent,depth,count,total,mean,min,max,self; JSON: {"profil": 1,
 * "program", "zones": [...], "marks": [...]} (docs/formats.md). */
int export_zones_folded(FILE *f, const struct prx *x);
int export_zones_callgrind(FILE *f, const struct prx *x, const char *cmd);
int export_zones_csv(FILE *f, const struct prx *x);
int export_zones_json(FILE *f, const struct prx *x);

#endif
