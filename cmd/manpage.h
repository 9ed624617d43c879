/*
 * cmd/manpage.h: the man pages (profil(1), profil-CMD(1)) and the bash
 * and zsh completions, generated from the same option tables as --help
 * (cmd/options.h) by the hidden `profil --man [CMD]` and
 * `profil --completion bash|zsh`, so that they cannot drift apart.  Each
 * subcommand's file holds its command_doc beside its table: the paragraph
 * of its DESCRIPTION (from README.md) and the files its operands are.
 */
#ifndef PROFIL_CMD_MANPAGE_H
#define PROFIL_CMD_MANPAGE_H

#include <stddef.h>
#include <stdio.h>

#include "options.h"

struct command_doc {
    const struct command_options *options;
    const char *description;    /* DESCRIPTION's paragraphs, '\n\n' between two */
    const char *files;          /* the operands' extensions for completion ("EXE COM"); "": any file */
};

/* cmd/run.c, show.c, hist.c, diff.c, cover.c, annotate.c, report_html.c. */
extern const struct command_doc run_doc, show_doc, hist_doc, diff_doc, cover_doc, annotate_doc, report_doc;
extern const struct command_doc merge_doc;     /* cmd/merge.c */

/* The lines of `profil --help`'s synopsis after the subcommands' own, and
 * its closing paragraph on exit statuses (also every page's EXIT STATUS). */
extern const char usage_extra[], exit_status_text[];

/* profil-CMD(1) for c, or profil(1) for c == NULL, in man(7) roff; cmds
 * (n of them) are the subcommands, for profil(1)'s list and SEE ALSO. */
void man_page(FILE *f, const struct command_doc *const *cmds, size_t n, const struct command_doc *c);

/* The bash and zsh completion scripts for the subcommands (cmd/completion.c). */
void completion_bash(FILE *f, const struct command_doc *const *cmds, size_t n);
void completion_zsh(FILE *f, const struct command_doc *const *cmds, size_t n);

#endif
