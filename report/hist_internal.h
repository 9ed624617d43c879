/*
 * report/hist_internal.h: what report/hist*.c share: the input a view is
 * given (read by report/hist.c before the view's writer runs) and the
 * writers the table of views (report/hist.c) names, one per view.
 */
#ifndef PROFIL_REPORT_HIST_INTERNAL_H
#define PROFIL_REPORT_HIST_INTERNAL_H
#include "../formats/prc.h"
#include "../formats/prf.h"
#include "../formats/prx.h"
#include "../formats/symtab.h"
#include "hist.h"

/* A view's input: a .PRF view's profile (and the NAME.prc attached to it,
 * or NULL), or a .prx view's trace (frame N's own with --frame N) and the
 * metric its rows count; the symbols when the view names rows by them
 * (NULL: none) and where they came from. */
struct hist_data {
    struct prf *p;
    const struct prc *c;
    struct prx *x;
    enum metric m;
    const struct symtab *t;
    const char *source;
};

/* The writers, one per view of report/hist.c's table (hist_writer), by file. */
typedef enum hist_status hist_writer(const struct hist_request *q, struct hist_data *d);
/* hist_prf.c */
enum hist_status hist_prf_prohst(const struct hist_request *q, struct hist_data *d);
enum hist_status hist_prf_inferno(const struct hist_request *q, struct hist_data *d);
enum hist_status hist_prf_rows(const struct hist_request *q, struct hist_data *d);
enum hist_status hist_prf_services(const struct hist_request *q, struct hist_data *d);
/* hist_trace.c */
enum hist_status hist_prx_inferno(const struct hist_request *q, struct hist_data *d);
enum hist_status hist_prx_rows(const struct hist_request *q, struct hist_data *d);
/* hist_calls.c */
enum hist_status hist_prx_services(const struct hist_request *q, struct hist_data *d);
enum hist_status hist_prx_sites(const struct hist_request *q, struct hist_data *d);
enum hist_status hist_prx_calls(const struct hist_request *q, struct hist_data *d);
/* hist_frames.c */
enum hist_status hist_prx_frames(const struct hist_request *q, struct hist_data *d);
/* hist_zones.c */
enum hist_status hist_prx_zones(const struct hist_request *q, struct hist_data *d);
/* hist_buckets.c */
enum hist_status hist_buckets(const struct hist_request *q, struct hist_data *d);
/* --by service's table of x->services, busiest first under the metric
 * (samples for a sampling run, else cycles); text, csv or json.  Also for
 * a .PRF, from its NAME.prc. */
enum hist_status hist_services(const struct prx *x, const struct hist_request *q);
/* --frame N: x's address rows become frame N's own (formats/prx.h, its
 * totals x's), *m the metric its table counts; HIST_OK, or the status
 * after the message. */
enum hist_status hist_frame_select(struct prx *x, const struct hist_request *q, enum metric *m);
/* --by zone of x, or the zones' folded and callgrind exports. */
enum hist_status hist_zones(const struct prx *x, const struct hist_request *q);
#endif
