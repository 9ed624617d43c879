/*
 * cmd/options.h: each subcommand's options as one declarative table (in
 * the spirit of perf's parse-options): long and short name, the kind of
 * argument (a flag, a string, an unsigned or a double with its range, one
 * of an enum's names, or a call for the few with a syntax of their own),
 * where in the subcommand's argument struct the value goes, and its help.
 * From the table options.c builds getopt_long's tables, checks every value
 * (one line: "profil: --NAME VALUE: want ..."), and prints --help, so the
 * checks and the help cannot drift apart.
 */
#ifndef PROFIL_CMD_OPTIONS_H
#define PROFIL_CMD_OPTIONS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

enum opt_kind {
    OPT_FLAG,           /* sets an int to 1 */
    OPT_STRING,         /* a const char * pointing into argv */
    OPT_UNSIGNED,       /* decimal digits, min..max, into an unsigned field of 2, 4 or 8 bytes */
    OPT_DOUBLE,         /* strtod's number, lo..hi (above lo when lo_open), into a double */
    OPT_ENUM,           /* one of names[] (NULL: not selectable), its index into an enum field */
    OPT_CALL,           /* call(arg, args): 0, or -1 (want: the error; NULL: call printed it) */
    OPT_DOC,            /* help only: more about an option listed elsewhere in the table */
};

struct opt {
    const char *name;           /* long name, without the "--" */
    char short_name;            /* 0: none */
    enum opt_kind kind;
    size_t offset, size;        /* the value's place and size in the argument struct */
    size_t seen;                /* offset + 1 of an int set to 1 when given (0: none) */
    uint64_t min, max;          /* OPT_UNSIGNED */
    double lo, hi;              /* OPT_DOUBLE */
    int lo_open;                /* OPT_DOUBLE: the value must be above lo */
    const char *const *names;   /* OPT_ENUM */
    const char *(*name_of)(size_t i);   /* OPT_ENUM without names[]: the i-th (a library table's) */
    size_t nnames;
    int (*call)(const char *arg, void *args);
    const char *want;           /* the error's "want ..." (default: from the range or the names) */
    const char *unit;           /* OPT_UNSIGNED: "paragraphs" in "want 1 to 65529 paragraphs" */
    const char *arg;            /* the value's name in --help ("PARAS", "text|csv"); NULL: none */
    const char *help;           /* its help; '\n' starts an indented continuation line */
};

/* One subcommand: its synopsis line of `profil --help`, its options. */
struct command_options {
    const char *command;        /* "run" */
    const char *synopsis;       /* "profil run [options] PROGRAM [ARGS...]   profile ..." */
    const char *heading;        /* "run options:" (NULL: no options section) */
    int in_order;               /* options end at the first operand (run: the program's own follow) */
    const struct opt *opt;
    size_t n;
};

#define OPT_SIZE(T, f) sizeof(((T *)0)->f)
#define OPT_AT(T, f) .offset = offsetof(T, f), .size = OPT_SIZE(T, f)
#define OPT_NAMES(a) .names = (a), .nnames = sizeof(a) / sizeof *(a)
#define OPT_SEEN(T, f) .seen = offsetof(T, f) + 1

/* Parses argv[1..] into args (defaults already there).  Returns 0 and the
 * first operand in *operand; 1 when --help was printed; -1 after a one-line
 * error on stderr. */
int options_parse(const struct command_options *c, int argc, char **argv, void *args, int *operand);

/* The subcommand's options section of --help ("run options:" and a line
 * or more per option), as README.md's usage block has it. */
void options_help(FILE *f, const struct command_options *c);

/* An enum option's i-th name (names[i] or name_of(i)); NULL: not selectable. */
const char *options_name(const struct opt *o, size_t i);

/* What an unsigned, double or enum option accepts: "1 to 65529
 * paragraphs", "a number above 0 to 1e+06", "table or bus" (its error's
 * "want ..." unless the table words it); "" for the other kinds. */
void options_range(const struct opt *o, char *out, size_t n);

/* The subcommands' tables (cmd/run.c, hist.c, diff.c, cover.c, show.c, annotate.c, report_html.c). */
extern const struct command_options run_options, show_options, hist_options, diff_options, cover_options,
    annotate_options, report_options;
extern const struct command_options merge_options;      /* cmd/merge.c */

#endif
