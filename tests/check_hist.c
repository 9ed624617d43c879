/*
 * tests/check_hist.c: `profil hist`'s table of views x formats
 * (report/hist.h): every pair of the table run on a fixture whose
 * recording has what the view shows; a pair the view writes succeeds, any
 * other gets the one-line refusal naming the view and the format, before
 * anything is read.
 */
#include "testutil.h"

#include "../report/export.h"
#include "../report/hist.h"

#define HV TMP "/hv"

/* hotloop (calls, memory, services; its NASM listing has lines), guestapi
 * (zones), frameapi (--frames mark), each traced. */
static void record_runs(void)
{
    struct run_result r;
    ck_assert_int_eq(system("rm -rf " HV " && mkdir -p " HV " && printf 'BUCKET a = +0 .. +16\\n' > " HV "/t.bkt"), 0);
    run_profil(&r, "run -q --trace --stacks --memory -o " HV "/H.PRF " FIX("hotloop.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "run -q --trace -o " HV "/G.PRF " FIX("guestapi.com"), NULL);
    ck_assert_int_eq(r.status, 0);
    run_profil(&r, "run -q --trace --frames mark -o " HV "/F.PRF " FIX("frameapi.com"), NULL);
    ck_assert_int_eq(r.status, 0);
}

/* The command line of view v in format f: the recording that has what v shows. */
static void view_command(const struct hist_view *v, unsigned f, char *cmd, size_t n)
{
    const char *name = hist_view_name(v), *args = hist_view_args(v);
    int prx = hist_view_inputs(v) != HIST_INPUT_PRF;
    const char *file = !prx ? HV "/H.PRF" : strcmp(name, "--by zone") == 0 ? HV "/G.prx"
                       : strstr(name, "frame") ? HV "/F.prx" : HV "/H.prx";
    snprintf(cmd, n, "hist %s%s%s --format %s %s", args, strcmp(name, "--buckets") == 0 ? " " HV "/t.bkt" : "",
             strcmp(name, "--by line") == 0 ? " --map " FIX("hotloop.lst") : "", export_format_names[f], file);
}

START_TEST(every_view_and_format_is_written_or_refused)
{
    struct run_result r;
    char cmd[600], refusal[200];
    unsigned written = 0, refused = 0, absent = 0;
    record_runs();
    ck_assert_uint_gt(hist_views_count(), 20);
    for (size_t i = 0; i < hist_views_count(); i++) {
        const struct hist_view *v = hist_view_at(i);
        for (unsigned f = 0; f < NFORMATS; f++) {
            view_command(v, f, cmd, sizeof cmd);
            run_profil(&r, cmd, NULL);
            /* no options: a .prx's folded stacks and callgrind are its call tree's (an earlier row) */
            struct hist_request q = { .format = (enum export_format)f };
            const struct hist_view *w = hist_view_args(v)[0] ? v : hist_view_of(&q, hist_view_inputs(v));
            if (w != v)
                ck_assert_str_eq(hist_view_name(w), "--by function");
            v = w;
            snprintf(refusal, sizeof refusal, "profil: --format %s: %s is printed as ", export_format_names[f],
                     hist_view_name(v));
            if (hist_view_formats(v) == 0) {            /* the .PRF has no such view: said why */
                ck_assert_msg(r.status != 0 && r.out[0] == 0 &&
                                  (strstr(r.err, "reads a .PRF") || strstr(r.err, ": a .PRF has no ")),
                              "%s: %d %s", cmd, r.status, r.err);
                absent++;
            } else if ((hist_view_formats(v) >> f) & 1) {
                ck_assert_msg(r.status == 0 && r.out[0] != 0 && !strstr(r.err, " is printed as "), "%s: %d %s", cmd,
                              r.status, r.err);
                written++;
            } else {
                ck_assert_msg(r.status == 2 && r.out[0] == 0 && strncmp(r.err, refusal, strlen(refusal)) == 0 &&
                                  strchr(r.err, '\n') == r.err + strlen(r.err) - 1, "%s: %d %s", cmd, r.status, r.err);
                refused++;
            }
            v = hist_view_at(i);
        }
    }
    /* every view writes text but the .PRF's missing ones; 31 rows, 8 of them views a .PRF lacks */
    ck_assert_uint_eq(absent, 8 * NFORMATS);
    ck_assert_uint_eq(written + refused + absent, hist_views_count() * NFORMATS);
}
END_TEST

/* The refusal lists the formats the view writes, from the table: by hand
 * for three views (report/hist.c), and the .prx's folded stacks of the
 * address rows, once the call tree's, are refused. */
START_TEST(refusals_name_the_view_and_its_formats)
{
    struct run_result r;
    record_runs();
    run_profil(&r, "hist --by site --format csv " HV "/H.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.err, "profil: --format csv: --by site is printed as text only\n");
    run_profil(&r, "hist --by zone --format svg " HV "/G.prx", NULL);
    ck_assert_str_eq(r.err, "profil: --format svg: --by zone is printed as text, csv, json, callgrind or folded\n");
    run_profil(&r, "hist --by line --format json " HV "/H.PRF", NULL);
    ck_assert_str_eq(r.err, "profil: --format json: --by line is printed as text only\n");
    run_profil(&r, "hist --by symbol --format folded " HV "/H.prx", NULL);
    ck_assert_int_eq(r.status, 2);
    ck_assert_str_eq(r.out, "");
    ck_assert_str_eq(r.err, "profil: --format folded: --by symbol is printed as text, csv, json or svg\n");
    run_profil(&r, "hist --style inferno --format csv " HV "/H.PRF", NULL);
    ck_assert_str_eq(r.err, "profil: --format csv: --style inferno is printed as text only\n");
    run_profil(&r, "hist --buckets " HV "/t.bkt --format json " HV "/H.prx", NULL);
    ck_assert_str_eq(r.err, "profil: --format json: --buckets is printed as text or csv\n");
}
END_TEST

/* The view a request asks for: the first row of its input whose options it
 * gives; --frame N comes before the rows, --by function (or a .prx's
 * folded stacks with no --by) before the address rows. */
START_TEST(the_first_row_asked_is_the_view)
{
    struct hist_request q = { .by = BY_DEFAULT, .format = FORMAT_FOLDED };
    ck_assert_str_eq(hist_view_name(hist_view_of(&q, HIST_INPUT_PRX)), "--by function");
    ck_assert_str_eq(hist_view_name(hist_view_of(&q, HIST_INPUT_PRF)), "the histogram");
    q.frame = 2;
    ck_assert_str_eq(hist_view_name(hist_view_of(&q, HIST_INPUT_PRX)), "--frame N");
    q = (struct hist_request){ .by = BY_SYMBOL, .keep_labels = 1 };
    ck_assert_str_eq(hist_view_name(hist_view_of(&q, HIST_INPUT_PRF)), "--by label");
    q.buckets = "t.bkt";
    ck_assert_uint_eq(hist_view_inputs(hist_view_of(&q, HIST_INPUT_PRF)), HIST_INPUT_ANY);
}
END_TEST

Suite *hist_suite(void)
{
    Suite *s = suite_create("hist");
    TCase *tc = tcase_create("views");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, every_view_and_format_is_written_or_refused);
    tcase_add_test(tc, refusals_name_the_view_and_its_formats);
    tcase_add_test(tc, the_first_row_asked_is_the_view);
    suite_add_tcase(s, tc);
    return s;
}
