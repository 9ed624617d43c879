/*
 * cmd/manpage.c: profil(1) and profil-CMD(1) in man(7) roff, from the
 * subcommands' option tables and descriptions (manpage.h): NAME and
 * SYNOPSIS from the table's synopsis, OPTIONS from its options (value
 * names, help, ranges), EXIT STATUS from the text --help ends with.
 */
#include "manpage.h"

#include <string.h>

#include "commands.h"

const char usage_extra[] = "profil PROGRAM.EXT                       MS-DOS PROFIL's dialogue: three prompts, then the run\n"
                           "profil --help | --version";

const char exit_status_text[] =
    "exit status, every command: 0 done; 2 bad input (an option, a file it cannot use or\n"
    "refuses to run, no command: bare profil); 125 an output cannot be written, or would\n"
    "replace a file that is not that kind of profil output (--force). diff: 1 when the\n"
    "profiles differ (a total or a row's own cost grew past its threshold), 2 when they\n"
    "cannot be compared. run: the program's exit code (the summary prints it); 123 when the\n"
    "program waited for a key after the last of --keys or stdin; 124 when --timeout or\n"
    "--max-instructions ended the run; 126 when the program crashed; 128+N after signal N:\n"
    "129 SIGHUP, 130 Ctrl-C, 141 when stdout's reader went away (SIGPIPE), 143 SIGTERM. The\n"
    "profile is written in every case but 2 and 125; run --error-exitcode N exits N instead\n"
    "of 2 or 125, so no exit code of the program's own is taken for profil's.\n";

static const char profil_description[] =
    "profil runs an MS-DOS .COM or .EXE inside an emulated IBM PC (an 8088 at 4.77 MHz, with an\n"
    "8253 timer and an 8259 interrupt controller) and profiles it the way MS-DOS 2.0's PROFIL\n"
    "did: on every sampling tick it classifies the interrupted CS:IP as the I/O system, DOS, a\n"
    "bucket of the program, or above the program, and it writes a byte-exact PROFIL .PRF file.\n"
    "\n"
    "Time is emulated: every instruction is charged its 8088 clock count, every DOS and BIOS\n"
    "service a documented cost. Nothing from the host clock reaches the program or the\n"
    "profile, so the same program, input and options give the same .PRF bytes on every run\n"
    "and every machine.\n"
    "\n"
    "profil PROGRAM.EXT is MS-DOS PROFIL's own dialogue, with its prompts (paragraphs per\n"
    "bucket, sample time, parameters to program) and messages, then the run.\n";

static const char files_text[] =
    "NAME.PRF: the profile, PROFIL's format (16-bit counters).\n\n"
    "NAME.prc: beside it, the exact 64-bit counts and the run's totals.\n\n"
    "NAME.prx: the JSON trace of run --trace, --stacks or --memory.\n\n"
    "NAME.MAP: a linker map beside the program, read for symbol names.\n";

/* s's first n bytes as roff text: '-' as \-, '\' as \e, a line that starts
 * with '.' or '\'' behind \&, a blank line as .PP. */
static void roff_n(FILE *f, const char *s, size_t n)
{
    int line_start = 1;
    for (size_t i = 0; i < n && s[i]; i++) {
        char ch = s[i];
        if (line_start && ch == '\n') {
            fputs(".PP\n", f);
            continue;
        }
        if (line_start && (ch == '.' || ch == '\''))
            fputs("\\&", f);
        if (ch == '-')
            fputs("\\-", f);
        else if (ch == '\\')
            fputs("\\e", f);
        else
            fputc(ch, f);
        line_start = ch == '\n';
    }
    if (!line_start)
        fputc('\n', f);
}

static void roff(FILE *f, const char *s)
{
    roff_n(f, s, strlen(s));
}

/* In a line of text (no newline): font \fB or \fI around s. */
static void roff_font(FILE *f, const char *font, const char *s, size_t n)
{
    fprintf(f, "\\f%s", font);
    for (size_t i = 0; i < n && s[i]; i++)
        if (s[i] == '-')
            fputs("\\-", f);
        else if (s[i] == '\\')
            fputs("\\e", f);
        else
            fputc(s[i], f);
    fputs("\\fR", f);
}

/* Where a synopsis line's command part ends and its summary starts
 * ("profil run [options] PROGRAM [ARGS...]   profile ..."). */
static size_t command_part(const char *line, size_t len, const char **summary)
{
    const char *gap = strstr(line, "  ");
    size_t end = gap && (size_t)(gap - line) < len ? (size_t)(gap - line) : len;
    const char *s = line + end;
    while ((size_t)(s - line) < len && *s == ' ')
        s++;
    *summary = s;
    return end;
}

/* One synopsis line: "profil run" bold, the rest roman; a .br before
 * it unless it is the section's first (*first, then cleared). */
static void synopsis_line(FILE *f, const char *line, size_t len, int *first)
{
    const char *summary;
    size_t end = command_part(line, len, &summary);
    size_t bold = 0;
    for (int words = 0; bold < end && words < 2; bold++)
        if (line[bold] == ' ' && ++words == 2)
            break;
    if (bold > end)
        bold = end;
    /* "profil PROGRAM.EXT", "profil --help": only "profil" is typed as is */
    if (bold > 7 && (line[7] == '-' || (line[7] >= 'A' && line[7] <= 'Z')))
        bold = 6;
    if (!*first)
        fputs(".br\n", f);
    *first = 0;
    roff_font(f, "B", line, bold);
    if (end > bold)
        roff_n(f, line + bold, end - bold);
    else
        fputc('\n', f);
}

static void synopsis(FILE *f, const char *s, int *first)
{
    for (const char *nl; ; s = nl + 1) {
        nl = strchr(s, '\n');
        synopsis_line(f, s, nl ? (size_t)(nl - s) : strlen(s), first);
        if (!nl)
            break;
    }
}

/* One option: its names and value in bold and italics, its help, then
 * what it accepts when the table knows a range or names. */
static void option(FILE *f, const struct opt *o)
{
    char name[120], range[240];
    fputs(".TP\n", f);
    if (o->short_name) {
        snprintf(name, sizeof name, "-%c", o->short_name);
        roff_font(f, "B", name, strlen(name));
        fputs(", ", f);
    }
    snprintf(name, sizeof name, "--%s", o->name);
    roff_font(f, "B", name, strlen(name));
    if (o->arg) {
        fputc(' ', f);
        roff_font(f, "I", o->arg, strlen(o->arg));
    }
    fputc('\n', f);
    roff(f, o->help);
    options_range(o, range, sizeof range);
    if (range[0] && o->kind != OPT_DOC) {
        fputs(".br\nValues: ", f);
        roff(f, range);
    }
}

/* "profil\-run" as a page name (upper: "PROFIL\-RUN", .TH's title); c ==
 * NULL: "profil". */
static void page_name(FILE *f, const struct command_doc *c, int upper)
{
    fputs(upper ? "PROFIL" : "profil", f);
    if (c) {
        fputs("\\-", f);
        for (const char *s = c->options->command; *s; s++)
            fputc(upper && *s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s, f);
    }
}

static void see_also(FILE *f, const struct command_doc *const *cmds, size_t n, const struct command_doc *c)
{
    const char *comma = "";
    fputs(".SH SEE ALSO\n", f);
    if (c) {
        fputs(".BR profil (1)", f);
        comma = ",\n";
    }
    for (size_t i = 0; i < n; i++)
        if (cmds[i] != c) {
            fprintf(f, "%s.BR profil\\-%s (1)", comma, cmds[i]->options->command);
            comma = ",\n";
        }
    fputs("\n.PP\nREADME.md and docs/ in profil's source: the formats, the timing model, the DOS and BIOS\n"
          "services a program can use.\n", f);
}

/* profil(1)'s synopsis and its list of subcommands. */
static void profil_sections(FILE *f, const struct command_doc *const *cmds, size_t n)
{
    int first = 1;
    fputs(".SH SYNOPSIS\n", f);
    for (size_t i = 0; i < n; i++)
        synopsis(f, cmds[i]->options->synopsis, &first);
    synopsis(f, usage_extra, &first);
    fputs(".SH DESCRIPTION\n", f);
    roff(f, profil_description);
    fputs(".SH COMMANDS\n", f);
    for (size_t i = 0; i < n; i++) {
        const char *summary;
        const char *s = cmds[i]->options->synopsis;
        const char *nl = strchr(s, '\n');
        command_part(s, nl ? (size_t)(nl - s) : strlen(s), &summary);
        fprintf(f, ".TP\n.BR profil\\-%s (1)\n", cmds[i]->options->command);
        roff_n(f, summary, nl ? (size_t)(nl - summary) : strlen(summary));
    }
    fputs(".SH OPTIONS\n.TP\n\\fB\\-\\-help\\fR\nThe synopsis and every command's options; "
          "\\fBprofil\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR: that command's.\n"
          ".TP\n\\fB\\-\\-version\\fR\nThe version.\n", f);
}

static void command_sections(FILE *f, const struct command_doc *c)
{
    const struct command_options *o = c->options;
    int first = 1;
    fputs(".SH SYNOPSIS\n", f);
    synopsis(f, o->synopsis, &first);
    fputs(".SH DESCRIPTION\n", f);
    roff(f, c->description);
    if (o->n) {
        fputs(".SH OPTIONS\n", f);
        for (size_t i = 0; i < o->n; i++)
            option(f, &o->opt[i]);
        fputs(".TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nThis command's synopsis and options.\n", f);
    }
}

void man_page(FILE *f, const struct command_doc *const *cmds, size_t n, const struct command_doc *c)
{
    const char *summary = "profile MS-DOS programs in an emulated IBM PC, as MS-DOS 2.0's PROFIL";
    fputs(".\\\" Generated by `profil --man", f);
    if (c)
        fprintf(f, " %s` from cmd/%s.c's option table: do not edit.\n", c->options->command, c->options->command);
    else
        fputs("` from cmd/'s option tables: do not edit.\n", f);
    fputs(".TH ", f);
    page_name(f, c, 1);
    fputs(" 1 \"" PROFIL_DATE "\" \"profil " PROFIL_VERSION "\" \"profil manual\"\n.SH NAME\n", f);
    page_name(f, c, 0);
    fputs(" \\- ", f);
    if (c) {
        const char *s = c->options->synopsis, *nl = strchr(s, '\n');
        command_part(s, nl ? (size_t)(nl - s) : strlen(s), &summary);
        roff_n(f, summary, nl ? (size_t)(nl - summary) : strlen(summary));
        command_sections(f, c);
    } else {
        roff(f, summary);
        profil_sections(f, cmds, n);
    }
    fputs(".SH EXIT STATUS\n", f);
    roff(f, exit_status_text);
    fputs(".SH FILES\n", f);
    roff(f, files_text);
    see_also(f, cmds, n, c);
}
