/*
 * cmd/commands.h: the subcommands main() dispatches to, one file each.
 */
#ifndef PROFIL_CMD_COMMANDS_H
#define PROFIL_CMD_COMMANDS_H

int cmd_run(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_hist(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_cover(int argc, char **argv);
int cmd_merge(int argc, char **argv);
int cmd_annotate(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_dialogue(const char *program);
void usage(FILE *f);

#define PROFIL_VERSION "0.1.0"
/* The man pages' date (.TH): a constant, not the build's, so that the
 * pages are the same bytes on every build; update it with the version. */
#define PROFIL_DATE "2026-11-23"

#endif
