/*
 * cmd/main.c: the `profil` command: a thin dispatcher to one file per
 * subcommand, as perf does, and `profil --help` from their option tables
 * (cmd/options.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "options.h"
#include "session.h"

/* The subcommands, in --help's order: their option tables and the
 * function each runs.  `reports`: its stdout is a report that must be
 * written whole (run's stdout is the program's, emu/pc/console.h). */
static const struct command {
    const struct command_options *options;
    int (*run)(int argc, char **argv);
    int reports;
} commands[] = {
    { &run_options, cmd_run, 0 },   { &show_options, cmd_show, 1 },   { &hist_options, cmd_hist, 1 },
    { &diff_options, cmd_diff, 1 }, { &cover_options, cmd_cover, 1 },
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

/* One synopsis line per subcommand (a table's may hold two), then each
 * table's options section, then the exit statuses. */
void usage(FILE *f)
{
    const char *lead = "usage: ";
    for (size_t i = 0; i < NCOMMANDS; i++, lead = "       ") {
        const char *s = commands[i].options->synopsis;
        for (const char *nl; (nl = strchr(s, '\n')) != NULL; s = nl + 1)
            fprintf(f, "%s%.*s\n", lead, (int)(nl - s), s);
        fprintf(f, "%s%s\n", lead, s);
    }
    fputs("       profil PROGRAM.EXT                       MS-DOS PROFIL's dialogue: three prompts, then the run\n"
          "       profil --help | --version\n", f);
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (commands[i].options->heading) {
            fputc('\n', f);
            options_help(f, commands[i].options);
        }
    fputs("\n"
          "exit status of run: the program's exit code (the summary prints it); 123 when the program\n"
          "waited for a key after the last of --keys or stdin; 124 when --timeout or --max-instructions\n"
          "ended the run; 125 when profil itself failed (nothing was run, or a .PRF or .prx could not\n"
          "be written); 126 when the program crashed; 128+N after signal N: 129 SIGHUP, 130 Ctrl-C,\n"
          "141 when stdout's reader went away (SIGPIPE), 143 SIGTERM. The profile is written in every\n"
          "case but 125. show, hist, diff, cover: 125 when their output cannot be written.\n",
          f);
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

int main(int argc, char **argv)
{
    open_standard_descriptors();
    errno = 0;
    if (argc < 2) {
        usage(stderr);
        return EXIT_PROFIL_FAILED;
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
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(cmd, commands[i].options->command)) {
            int status = commands[i].run(argc - 1, argv + 1);
            return commands[i].reports ? finish_stdout(status) : status;
        }
    /* The dialogue: stdout is the program's. */
    if (cmd[0] != '-' && argc == 2)
        return cmd_dialogue(cmd);
    fprintf(stderr, "profil: unknown command '%s' (profil --help)\n", cmd);
    return EXIT_PROFIL_FAILED;
}
