/*
 * tests/check_options.c: the option tables of cmd/options.h: every option
 * of every subcommand's table is in its --help and in README.md's usage
 * block, each subcommand's --help is its own section, and values out of
 * range (which the old parsing took: hist --top through strtoul) are
 * refused with one line.
 */
#include <string.h>

#include "testutil.h"
#include "../cmd/options.h"

static const struct command_options *const tables[] = { &run_options, &show_options, &hist_options,
                                                        &diff_options, &cover_options, &merge_options,
                                                        &annotate_options, &report_options };
#define NTABLES (sizeof tables / sizeof tables[0])

static char readme[65536];

/* Whether line (no newline) ends a line of README.md. */
static int readme_has_line(const char *line, size_t len)
{
    char buf[300];
    snprintf(buf, sizeof buf, "%.*s\n", (int)len, line);
    return strstr(readme, buf) != NULL;
}

START_TEST(every_option_in_help_and_readme)
{
    struct run_result r;
    char args[64], name[80];
    slurp("README.md", readme, sizeof readme);
    for (size_t i = 0; i < NTABLES; i++) {
        const struct command_options *c = tables[i];
        snprintf(args, sizeof args, "%s --help", c->command);
        run_profil(&r, args, NULL);
        ck_assert_msg(r.status == 0, "%s: exit %d", args, r.status);
        /* Each line, without "usage: ", ends a line of the README's block. */
        for (char *line = r.out, *nl; *line; line = nl + 1) {
            nl = strchr(line, '\n');
            ck_assert_ptr_nonnull(nl);
            char *text = strncmp(line, "usage: ", 7) == 0 ? line + 7 : line;
            ck_assert_msg(nl == line || readme_has_line(text, (size_t)(nl - text)), "%s: README lacks: %.*s", args,
                          (int)(nl - text), text);
        }
        for (size_t k = 0; k < c->n; k++) {
            const struct opt *o = &c->opt[k];
            ck_assert_msg(o->help != NULL, "%s --%s: no help", c->command, o->name);
            snprintf(name, sizeof name, "--%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
            ck_assert_msg(strstr(r.out, name) != NULL, "%s --help lacks %s", c->command, name);
            ck_assert_msg(strstr(readme, name) != NULL, "README lacks %s %s", c->command, name);
            if (o->short_name) {
                snprintf(name, sizeof name, "-%c, --%s", o->short_name, o->name);
                ck_assert_msg(strstr(r.out, name) != NULL, "%s --help lacks %s", c->command, name);
            }
        }
    }
}
END_TEST

/* A subcommand's --help is its synopsis and its own section only (before,
 * each printed the whole usage; diff had no --help: exit 2). */
START_TEST(help_per_subcommand)
{
    struct run_result r;
    run_profil(&r, "run -h", NULL);
    ck_assert_int_eq(r.status, 0);
    static const char run_head[] = "usage: profil run [options] PROGRAM [ARGS...]   profile a DOS .COM/.EXE/.BAT in "
                                   "emulated time\n\nrun options:\n  -b, --bucket-size PARAS   paragraphs (16 "
                                   "bytes) per bucket, 1-65529 (default 1)\n";
    ck_assert(strncmp(r.out, run_head, strlen(run_head)) == 0);
    ck_assert_ptr_null(strstr(r.out, "hist options:"));
    run_profil(&r, "diff --help", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "      --new-map FILE.MAP    the new side's map (with --old-map FILE.MAP)\n"));
    ck_assert_ptr_null(strstr(r.out, "run options:"));
    run_profil(&r, "cover --help", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "cover options:\n      --map FILE.MAP  "));
    run_profil(&r, "show --help", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_str_eq(r.out, "usage: profil show FILE.PRF                     print a .PRF's header and non-zero buckets\n");
}
END_TEST

/* Values the old code took and now refuses, each with one line and exit 2,
 * bad input.  4294967295 is --top's maximum, UINT32_MAX. */
START_TEST(out_of_range_values)
{
    static const struct {
        const char *args, *err;
        int status;
    } cases[] = {
        /* old: strtoul("abc") = 0 rows shown, exit 0 */
        { "hist --top abc tests/golden/TIGHTLP.PRF", "profil: --top abc: want 1 to 4294967295 rows\n", 2 },
        { "hist --top 0 tests/golden/TIGHTLP.PRF", "profil: --top 0: want 1 to 4294967295 rows\n", 2 },
        /* old: wrapped to 0 through (unsigned) */
        { "hist --top 4294967296 tests/golden/TIGHTLP.PRF", "profil: --top 4294967296: want 1 to 4294967295 rows\n",
          2 },
        { "hist --top -1 tests/golden/TIGHTLP.PRF", "profil: --top -1: want 1 to 4294967295 rows\n", 2 },
        /* old: strtoul stopped at the x: 12 columns */
        { "hist --width 12x tests/golden/TIGHTLP.PRF", "profil: --width 12x: want 1 to 200 columns\n", 2 },
        /* old: strtoull took the sign */
        { "run --interval +100 x.com", "profil: --interval +100: want 60 to 65529 microseconds\n", 2 },
        { "run --bucket-size ' 2' x.com", "profil: --bucket-size  2: want 1 to 65529 paragraphs\n", 2 },
        /* old: getopt's own words ("hist: unrecognized option") */
        { "hist --bogus tests/golden/TIGHTLP.PRF", "profil: hist: unknown option '--bogus' (see 'profil hist --help')\n",
          2 },
        { "diff --bogus a b", "profil: diff: unknown option '--bogus' (see 'profil diff --help')\n", 2 },
        { "cover --map", "profil: cover: option '--map' needs a value (see 'profil cover --help')\n", 2 },
        /* old: show read a file named --bogus */
        { "show --bogus", "profil: show: unknown option '--bogus' (see 'profil show --help')\n", 2 },
        /* the generated messages of the other kinds: a double past its
         * range, above an open bound, and enum names */
        { "diff --threshold 1000000.5 a b", "profil: --threshold 1000000.5: want a percentage, 0 to 1000000\n", 2 },
        { "run --timeout 0 x.com", "profil: --timeout 0: want a number of emulated seconds\n", 2 },
        { "cover --by file x.prx", "profil: --by file: want symbol or line\n", 2 },
        { "hist --style fancy x.PRF", "profil: --style fancy: want default, prohst or inferno\n", 2 },
        { "hist --format xml x.PRF", "profil: --format xml: want text, csv, json, callgrind, folded or svg\n", 2 },
    };
    struct run_result r;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        run_profil(&r, cases[i].args, NULL);
        ck_assert_msg(r.status == cases[i].status, "%s: exit %d", cases[i].args, r.status);
        ck_assert_msg(strcmp(r.err, cases[i].err) == 0, "%s: %s", cases[i].args, r.err);
        ck_assert_str_eq(r.out, "");
    }
    /* The largest values are taken: --top 4294967295 lists every bucket. */
    run_profil(&r, "hist --top 4294967295 --width 200 tests/golden/TIGHTLP.PRF", NULL);
    ck_assert_int_eq(r.status, 0);
    ck_assert_ptr_nonnull(strstr(r.out, "busiest first)\n"));
}
END_TEST

/* The parser on a table of each kind: values land in their fields at
 * their sizes, bounds are inclusive (but an open lo), names map to their
 * index, `seen` is set, and operands stay after the options. */
struct kinds {
    uint16_t small;
    uint64_t big;
    double ratio;
    int pick, pick_seen, flag;
    const char *text;
};
static const char *const pick_names[] = { NULL, "one", "two" };
#define K struct kinds
static const struct opt kinds_table[] = {
    { "small", 's', OPT_UNSIGNED, OPT_AT(K, small), .min = 2, .max = 65535, .help = "" },
    { "big", 0, OPT_UNSIGNED, OPT_AT(K, big), .min = 0, .max = UINT64_MAX, .help = "" },
    { "ratio", 0, OPT_DOUBLE, OPT_AT(K, ratio), .lo = 0, .lo_open = 1, .hi = 1, .help = "" },
    { "pick", 0, OPT_ENUM, OPT_AT(K, pick), OPT_NAMES(pick_names), OPT_SEEN(K, pick_seen), .help = "" },
    { "flag", 'f', OPT_FLAG, OPT_AT(K, flag), .help = "" },
    { "text", 0, OPT_STRING, OPT_AT(K, text), .help = "" },
};
#undef K
static const struct command_options kinds_options = { "kinds", "", "kinds options:", 0, kinds_table,
                                                      sizeof kinds_table / sizeof kinds_table[0] };

static int parse_kinds(struct kinds *k, char **argv, int argc, int *first)
{
    memset(k, 0, sizeof *k);
    return options_parse(&kinds_options, argc, argv, k, first);
}

START_TEST(each_kind_parses)
{
    struct kinds k;
    int first;
    char *ok[] = { "kinds", "A", "-s", "65535", "--big", "18446744073709551615", "--ratio", "1", "--pick", "two",
                   "-f", "--text", "x", "B", NULL };
    ck_assert_int_eq(parse_kinds(&k, ok, 14, &first), 0);
    ck_assert_uint_eq(k.small, 65535);
    ck_assert(k.big == UINT64_MAX);
    ck_assert(k.ratio == 1.0);
    ck_assert_int_eq(k.pick, 2);
    ck_assert_int_eq(k.pick_seen, 1);
    ck_assert_int_eq(k.flag, 1);
    ck_assert_str_eq(k.text, "x");
    ck_assert_int_eq(first, 12);            /* getopt moved the operands A and B last */
    ck_assert_str_eq(ok[first], "A");
    char *bad[][3] = { { "kinds", "--small=1" }, { "kinds", "--small=65536" }, { "kinds", "--big=18446744073709551616" },
                       { "kinds", "--ratio=0" }, { "kinds", "--ratio=1.01" }, { "kinds", "--ratio=nan" },
                       { "kinds", "--pick=three" }, { "kinds", "--small=" } };
    /* Their one-line errors go to a file, checked here, not to make check's output. */
    ck_assert_int_eq(system("mkdir -p " TMP), 0);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    FILE *cap = fopen(TMP "/kinds.err", "w");
    ck_assert(saved >= 0 && cap && dup2(fileno(cap), STDERR_FILENO) >= 0);
    int refused = 0;
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        refused += parse_kinds(&k, bad[i], 2, &first) == -1;
    fflush(stderr);
    dup2(saved, STDERR_FILENO);
    close(saved);
    fclose(cap);
    ck_assert_int_eq(refused, (int)(sizeof bad / sizeof *bad));
    char said[2048];
    slurp(TMP "/kinds.err", said, sizeof said);
    ck_assert_str_eq(said, "profil: --small 1: want 2 to 65535\n"
                           "profil: --small 65536: want 2 to 65535\n"
                           "profil: --big 18446744073709551616: want 0 to 18446744073709551615\n"
                           "profil: --ratio 0: want a number above 0 to 1\n"
                           "profil: --ratio 1.01: want a number above 0 to 1\n"
                           "profil: --ratio nan: want a number above 0 to 1\n"
                           "profil: --pick three: want one or two\n"
                           "profil: --small : want 2 to 65535\n");
}
END_TEST

Suite *options_suite(void)
{
    Suite *s = suite_create("options");
    TCase *tc = tcase_create("options");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, every_option_in_help_and_readme);
    tcase_add_test(tc, help_per_subcommand);
    tcase_add_test(tc, out_of_range_values);
    tcase_add_test(tc, each_kind_parses);
    suite_add_tcase(s, tc);
    return s;
}
