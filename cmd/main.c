/*
 * cmd/main.c: the `profil` command: a thin dispatcher to one file per
 * subcommand, as perf does, and `profil --help` from their option tables
 * (cmd/options.h); the hidden `profil --man [CMD]` and `profil --completion
 * bash` (cmd/manpage.h) write the man pages and bash completion from them.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "manpage.h"
#include "options.h"
#include "session.h"

/* The subcommands, in --help's order: their option tables with their
 * descriptions (cmd/manpage.h) and the function each runs.  `reports`:
 * its stdout is a report that must be written whole (run's stdout is the
 * program's, emu/pc/console.h). */
static const struct command {
    const struct command_doc *doc;
    int (*run)(int argc, char **argv);
    int reports;
} commands[] = {
    { &run_doc, cmd_run, 0 },   { &show_doc, cmd_show, 1 },   { &hist_doc, cmd_hist, 1 },
    { &diff_doc, cmd_diff, 1 }, { &cover_doc, cmd_cover, 1 }, { &merge_doc, cmd_merge, 1 },
    { &annotate_doc, cmd_annotate, 1 }, { &report_doc, cmd_report, 1 },
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* One synopsis line per subcommand (a table's may hold two), then each
 * table's options section, then the exit statuses. */
void usage(FILE *f)
{
    const char *lead = "usage: ";
    for (size_t i = 0; i < NCOMMANDS; i++, lead = "       ") {
        const char *s = commands[i].doc->options->synopsis;
        for (const char *nl; (nl = strchr(s, '\n')) != NULL; s = nl + 1)
            fprintf(f, "%s%.*s\n", lead, (int)(nl - s), s);
        fprintf(f, "%s%s\n", lead, s);
    }
    for (const char *s = usage_extra, *nl; ; s = nl + 1) {
        nl = strchr(s, '\n');
        fprintf(f, "       %.*s\n", nl ? (int)(nl - s) : (int)strlen(s), s);
        if (!nl)
            break;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (commands[i].doc->options->heading) {
            fputc('\n', f);
            options_help(f, commands[i].doc->options);
        }
    fputc('\n', f);
    fputs(exit_status_text, f);
}

/* Descriptors 0-2 closed at start (`profil ... >&-`) are opened on
 * /dev/null first, so that no file profil or the guest opens later becomes
 * standard output and receives the program's console output. */
static void open_standard_descriptors(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) == -1 && errno == EBADF && open("/dev/null", fd ? O_WRONLY : O_RDONLY) != fd)
            _exit(EXIT_PROFIL_FAILED);
}

/* A report that could not be written (stdout on a full disk, /dev/full, a
 * closed pipe) is a failure, not exit 0. */
static int finish_stdout(int status)
{
    int failed = ferror(stdout), err = errno;
    if (fflush(stdout) == EOF) {
        failed = 1;
        err = errno;
    }
    if (!failed)
        return status;
    fprintf(stderr, "profil: standard output: %s\n", err ? strerror(err) : "write error");
    return EXIT_PROFIL_FAILED;
}

/* The hidden generators: `profil --man` (profil(1)), `profil --man CMD`
 * (profil-CMD(1)), `profil --completion bash|zsh`; 125 after one line. */
static int generate(int argc, char **argv)
{
    const struct command_doc *docs[NCOMMANDS];
    for (size_t i = 0; i < NCOMMANDS; i++)
        docs[i] = commands[i].doc;
    if (!strcmp(argv[1], "--completion")) {
        int zsh = argc == 3 && !strcmp(argv[2], "zsh");
        if (argc != 3 || (strcmp(argv[2], "bash") != 0 && !zsh)) {
            fprintf(stderr, "profil: --completion: want bash or zsh\n");
            return EXIT_PROFIL_FAILED;
        }
        (zsh ? completion_zsh : completion_bash)(stdout, docs, NCOMMANDS);
        return finish_stdout(0);
    }
    if (argc == 2) {
        man_page(stdout, docs, NCOMMANDS, NULL);
        return finish_stdout(0);
    }
    for (size_t i = 0; argc == 3 && i < NCOMMANDS; i++)
        if (!strcmp(argv[2], docs[i]->options->command)) {
            man_page(stdout, docs, NCOMMANDS, docs[i]);
            return finish_stdout(0);
        }
    fprintf(stderr, "profil: --man %s: no such command\n", argv[2]);
    return EXIT_PROFIL_FAILED;
}

int main(int argc, char **argv)
{
    open_standard_descriptors();
    errno = 0;
    if (argc < 2) {             /* a short usage: the commands, and where the rest is */
        const char *lead = "usage: ";
        for (size_t i = 0; i < NCOMMANDS; i++, lead = "       ") {
            const char *s = commands[i].doc->options->synopsis;
            fprintf(stderr, "%s%.*s\n", lead, (int)strcspn(s, "\n"), s);
        }
        fprintf(stderr, "'profil --help' lists every option, 'profil COMMAND --help' one command's; "
                "'make demo' shows a run.\n");
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return finish_stdout(0);
    }
    if (!strcmp(cmd, "--version")) {
        printf("profil %s\n", PROFIL_VERSION);
        return finish_stdout(0);
    }
    if (!strcmp(cmd, "--man") || !strcmp(cmd, "--completion"))
        return generate(argc, argv);
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(cmd, commands[i].doc->options->command)) {
            int status = commands[i].run(argc - 1, argv + 1);
            return commands[i].reports ? finish_stdout(status) : status;
        }
    /* The dialogue: stdout is the program's. */
    if (cmd[0] != '-' && argc == 2)
        return cmd_dialogue(cmd);
    fprintf(stderr, "profil: unknown command '%s' (profil --help)\n", cmd);
    return EXIT_USAGE;
}
