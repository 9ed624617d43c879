/*
 * cmd/options.c: getopt_long's tables, the value checks and the --help text
 * of a subcommand, all from its table (options.h).
 */
#include "options.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#define HELP_COLUMN 28          /* where an option's help starts in --help */

static int takes_value(const struct opt *o)
{
    return o->kind != OPT_FLAG && o->kind != OPT_DOC;
}

const char *options_name(const struct opt *o, size_t i)
{
    return o->names ? o->names[i] : o->name_of(i);
}

/* "a, b or c": the selectable names of an enum. */
static void list_names(const struct opt *o, char *out, size_t n)
{
    size_t used = 0, left = 0;
    for (size_t i = 0; i < o->nnames; i++)
        left += options_name(o, i) != NULL;
    out[0] = 0;
    for (size_t i = 0; i < o->nnames && used < n; i++) {
        const char *name = options_name(o, i);
        if (!name)
            continue;
        left--;
        int w = snprintf(out + used, n - used, "%s%s", name, !left ? "" : left == 1 ? " or " : ", ");
        used += w > 0 ? (size_t)w : 0;
    }
}

void options_range(const struct opt *o, char *out, size_t n)
{
    if (o->kind == OPT_UNSIGNED)
        snprintf(out, n, "%llu to %llu%s%s", (unsigned long long)o->min, (unsigned long long)o->max,
                 o->unit ? " " : "", o->unit ? o->unit : "");
    else if (o->kind == OPT_DOUBLE)
        snprintf(out, n, "a number %s %g to %g", o->lo_open ? "above" : "from", o->lo, o->hi);
    else if (o->kind == OPT_ENUM)
        list_names(o, out, n);
    else if (n)
        out[0] = 0;
}

static void print_error(const struct opt *o, const char *arg)
{
    char want[300], range[240];
    options_range(o, range, sizeof range);
    if (o->want)
        snprintf(want, sizeof want, "%s", o->want);
    else
        snprintf(want, sizeof want, "want %s", range);
    fprintf(stderr, "profil: --%s %s: %s\n", o->name, arg, want);
}

static int parse_unsigned(const struct opt *o, const char *arg, void *field)
{
    char *end;
    if (*arg < '0' || *arg > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(arg, &end, 10);
    if (*end || errno == ERANGE || v < o->min || v > o->max)
        return -1;
    if (o->size == sizeof(uint16_t))
        *(uint16_t *)field = (uint16_t)v;
    else if (o->size == sizeof(uint32_t))
        *(uint32_t *)field = (uint32_t)v;
    else
        *(uint64_t *)field = v;
    return 0;
}

static int parse_double(const struct opt *o, const char *arg, double *field)
{
    char *end;
    double v = strtod(arg, &end);
    if (end == arg || *end || !(o->lo_open ? v > o->lo : v >= o->lo) || !(v <= o->hi))
        return -1;
    *field = v;
    return 0;
}

static int parse_enum(const struct opt *o, const char *arg, int *field)
{
    if (o->size != sizeof(int))         /* an enum field the size of an int (C11 6.7.2.2) */
        return -1;
    for (size_t i = 0; i < o->nnames; i++)
        if (options_name(o, i) && strcmp(arg, options_name(o, i)) == 0) {
            *field = (int)i;
            return 0;
        }
    return -1;
}

/* One option's value into args; -1 after its error. */
static int take(const struct opt *o, const char *arg, char *args)
{
    void *field = args + o->offset;
    int rc = 0;
    switch (o->kind) {
    case OPT_FLAG: *(int *)field = 1; break;
    case OPT_STRING: *(const char **)field = arg; break;
    case OPT_UNSIGNED: rc = parse_unsigned(o, arg, field); break;
    case OPT_DOUBLE: rc = parse_double(o, arg, field); break;
    case OPT_ENUM: rc = parse_enum(o, arg, field); break;
    case OPT_CALL:
        if (o->call(arg, args) != 0) {
            if (o->want)
                print_error(o, arg);
            return -1;
        }
        break;
    case OPT_DOC: break;
    }
    if (rc != 0) {
        print_error(o, arg);
        return -1;
    }
    if (o->seen)
        *(int *)(args + o->seen - 1) = 1;
    return 0;
}

/* getopt's complaints, in profil's words. */
static int bad_option(const char *cmd, int c, char **argv)
{
    const char *opt = argv[optind - 1];
    if (c == ':')
        fprintf(stderr, "profil: %s: option '%s' needs a value (see 'profil %s --help')\n", cmd, opt, cmd);
    else
        fprintf(stderr, "profil: %s: unknown option '%s' (see 'profil %s --help')\n", cmd, opt, cmd);
    return -1;
}

static void print_usage(FILE *f, const struct command_options *c)
{
    const char *s = c->synopsis;
    fputs("usage: ", f);
    for (const char *nl; (nl = strchr(s, '\n')) != NULL; s = nl + 1)
        fprintf(f, "%.*s\n       ", (int)(nl - s), s);
    fprintf(f, "%s\n", s);
    if (c->heading) {
        fputc('\n', f);
        options_help(f, c);
    }
}

int options_parse(const struct command_options *c, int argc, char **argv, void *args, int *operand)
{
    struct option longs[c->n + 2];      /* the table's, --help, the end */
    char shorts[2 + 2 * c->n + 2];      /* "+:" or ":", "x:" per short option, "h" */
    size_t n = 0, k = 0;
    shorts[k++] = c->in_order ? '+' : ':';
    if (c->in_order)
        shorts[k++] = ':';
    for (size_t i = 0; i < c->n; i++) {
        const struct opt *o = &c->opt[i];
        if (o->kind == OPT_DOC)
            continue;
        longs[n++] = (struct option){ o->name, takes_value(o) ? required_argument : no_argument, NULL, 256 + (int)i };
        if (o->short_name) {
            shorts[k++] = o->short_name;
            if (takes_value(o))
                shorts[k++] = ':';
        }
    }
    longs[n++] = (struct option){ "help", no_argument, NULL, 'h' };
    longs[n] = (struct option){ NULL, 0, NULL, 0 };
    shorts[k++] = 'h';
    shorts[k] = 0;
    optind = 0;                         /* 0: getopt starts afresh (glibc, musl), the ordering too */
    opterr = 0;
    int ch;
    while ((ch = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
        const struct opt *o = NULL;
        if (ch == 'h') {
            print_usage(stdout, c);
            return 1;
        }
        for (size_t i = 0; i < c->n && !o; i++)
            if (ch == 256 + (int)i || (ch < 256 && ch == c->opt[i].short_name))
                o = &c->opt[i];
        if (!o)
            return bad_option(c->command, ch, argv);
        if (take(o, optarg, args) != 0)
            return -1;
    }
    *operand = optind;
    return 0;
}

void options_help(FILE *f, const struct command_options *c)
{
    fprintf(f, "%s\n", c->heading);
    for (size_t i = 0; i < c->n; i++) {
        const struct opt *o = &c->opt[i];
        char left[200];
        if (!o->help)
            continue;
        if (o->short_name)
            snprintf(left, sizeof left, "  -%c, --%s%s%s", o->short_name, o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        else
            snprintf(left, sizeof left, "      --%s%s%s", o->name, o->arg ? " " : "", o->arg ? o->arg : "");
        fprintf(f, "%-*s  ", HELP_COLUMN - 2, left);
        for (const char *s = o->help, *nl; ; s = nl + 1) {
            nl = strchr(s, '\n');
            if (!nl) {
                fprintf(f, "%s\n", s);
                break;
            }
            fprintf(f, "%.*s\n%*s", (int)(nl - s), s, HELP_COLUMN, "");
        }
    }
}
