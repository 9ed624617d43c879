/*
 * cmd/main.c: the `profil` command: a thin dispatcher to one file per
 * subcommand, as perf does.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "session.h"

void usage(FILE *f)
{
    fputs("usage: profil run [options] PROGRAM [ARGS...]   profile a DOS .COM/.EXE in emulated time\n"
          "       profil show FILE.PRF                     print a .PRF's header and non-zero buckets\n"
          "       profil hist [options] FILE.PRF|FILE.prx  a histogram of a .PRF, or of a trace's .prx\n"
          "       profil hist prf[,hst[,map]][;]           PROHST's command form: write the .HST listing\n"
          "       profil diff OLD.PRF NEW.PRF [options]    compare two profiles, totals first (for CI); or two .prx\n"
          "       profil cover FILE.prx [--map M] [--by symbol|line]  code executed and not, from a trace\n"
          "       profil PROGRAM.EXT                       MS-DOS PROFIL's dialogue: three prompts, then the run\n"
          "       profil --help | --version\n"
          "\n"
          "run options:\n"
          "  -b, --bucket-size PARAS   paragraphs (16 bytes) per bucket, 1-65529 (default 1)\n"
          "  -i, --interval USEC       sample interval in emulated microseconds, 60-65529 (default 100)\n"
          "  -o, --output FILE         the .PRF to write (default: NAME.PRF in the current directory)\n"
          "      --prx FILE            the .prx of --trace, --stacks or --memory (default: the .PRF's\n"
          "                            name with .prx; none beside a device such as /dev/null)\n"
          "      --timeout SEC         stop after SEC emulated seconds (the profile is still written)\n"
          "      --max-instructions N  stop after N instructions (the profile is still written)\n"
          "      --drive X=DIR         map DOS drive X: to the host folder DIR (default C: = .)\n"
          "      --env NAME=VALUE      add a variable to the program's environment\n"
          "      --strict              stop at the first unimplemented DOS/BIOS function or port\n"
          "      --cpu 8088|8086|186|286  the CPU (default 8088, the IBM PC's); 186 and 286 run the\n"
          "                            instructions those added, but timed as an 8086 (its clock\n"
          "                            table: profil has no 186 or 286 clock counts)\n"
          "      --timing bus|table    the clock: bus (the default on the 8088 and 8086) plays the\n"
          "                            prefetch queue, the bus and the DRAM refresh clock by clock;\n"
          "                            table charges each instruction its listed cost, leaving out\n"
          "                            the queue and the bus waits (the 186/286 default; docs/timing.md)\n"
          "      --no-refresh          the bus model without the IBM PC's DRAM refresh\n"
          "      --map FILE.MAP        name symbols in the summary (default: NAME.MAP beside the program)\n"
          "      --keys TEXT           type TEXT on the keyboard, a key each 10 ms of emulated time\n"
          "                            (20 with Shift, Ctrl or Alt):\n"
          "                            {ENTER} {ESC} {TAB} {BKSP} {UP} {DOWN} {LEFT} {RIGHT} {HOME}\n"
          "                            {END} {PGUP} {PGDN} {INS} {DEL} {F1}-{F10} {CTRL-X} {ALT-X},\n"
          "                            {WAIT MS} a pause, {{ and }} the braces (default: keys come\n"
          "                            from stdin)\n"
          "      --screen FILE         write the text screen as the run left it, in UTF-8 ('-': stdout)\n"
          "      --screen-png FILE     write a mode 13h screen as the run left it, as a PNG\n"
          "      --dos-version X.Y     the DOS version the program sees, 2.0-5.0 (default 3.30)\n"
          "      --disk-free BYTES     what the program's files may grow by in all, and what INT 21h/36h\n"
          "                            reports free (default 128M; K, M: KiB, MiB; at most 256M); past\n"
          "                            it, writes fail as on a full DOS disk\n"
          "      --trace               count every instruction and its cycles exactly: the .PRF's counters\n"
          "                            are instructions, and NAME.prx beside it holds the exact counts\n"
          "                            and the call tree\n"
          "      --stacks              follow calls in a sampling run: NAME.prx holds the call tree\n"
          "                            with each sample's stack (for --by function, folded stacks)\n"
          "      --memory              DOS memory calls (48h/49h/4Ah) per call site, into NAME.prx\n"
          "  -q, --quiet               no summary on stderr\n"
          "\n"
          "hist options:\n"
          "      --style default|prohst|inferno  one row per bucket; PROHST 1.0's listing byte for byte;\n"
          "                            or Inferno prof's 'address count' lines (non-zero, by address)\n"
          "      --metric instructions|cycles|samples|stalls  what a .prx row counts (default\n"
          "                            cycles, the time; per function from run --stacks: samples;\n"
          "                            stalls: the cycles spent waiting for the bus, bus model);\n"
          "                            a .PRF holds samples.  With the bus model, cycle reports\n"
          "                            add a stall% column\n"
          "      --map FILE.MAP        one row per symbol (maps of Microsoft LINK, TLINK, Turbo\n"
          "                            Pascal, Open Watcom WLINK, NASM [map all], ld86 -M)\n"
          "                            (with --style prohst: PROHST's own reading, segments only)\n"
          "      --format FMT          text (default), csv, json, callgrind (KCachegrind), folded\n"
          "                            (flamegraph.pl, speedscope) or svg; see docs/formats.md\n"
          "      --by bucket|symbol|line  rows per bucket (named by their symbol with --map), per\n"
          "                            symbol (the default with --map) or per source line (a\n"
          "                            map with a line-number table, LINK /LINENUMBERS)\n"
          "      --by function         a .prx's call tree per function: calls, self and inclusive\n"
          "                            cost, importance (% calls x % time / 100); folded,\n"
          "                            callgrind (with calls=), csv and json export the call tree\n"
          "      --callgraph           gprof's call graph: each function's callers and callees\n"
          "                            (csv and json: one row per arc)\n"
          "      --by site             a .prx of run --memory: DOS memory per call site\n"
          "      --by service          time per DOS and BIOS service (INT 21h/40h write,\n"
          "                            INT 10h/0Eh teletype, INT 08h timer): samples, calls,\n"
          "                            cycles, from a .prx or a .PRF's NAME.prc (csv, json too)\n"
          "      --top N               only the first N rows (default style): a .PRF's buckets then\n"
          "                            come busiest first, cum% in that order\n"
          "      --sort hits|address   a .PRF's bucket rows busiest first or by address (default:\n"
          "                            busiest first with --top, else by address)\n"
          "      --width W             bar width in columns (default 40)\n"
          "\n"
          "diff options (exit 0: no total grew past --time-threshold and no row moved past --threshold;\n"
          "              1: one did; 2: not comparable):\n"
          "      --time-threshold PCT  percent a total (emulated time, samples or instructions, cycles)\n"
          "                            may grow (default 2)\n"
          "      --threshold PCT       percentage points a row may move (default 1)\n"
          "      --map FILE.MAP        compare per symbol instead of per bucket; OLD.MAP,NEW.MAP\n"
          "                            names each side with its own map (code that moved)\n"
          "      --old-map FILE.MAP    the old side's map (with --new-map FILE.MAP)\n"
          "      --by function         two .prx with call trees: per function, with its calls\n"
          "      --exact               compare the bytes; name the first differing field\n"
          "\n"
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
    /* run and the dialogue: stdout is the program's (emu/pc/console.h). */
    if (!strcmp(cmd, "run"))
        return cmd_run(argc - 1, argv + 1);
    if (!strcmp(cmd, "show"))
        return finish_stdout(cmd_show(argc - 1, argv + 1));
    if (!strcmp(cmd, "hist"))
        return finish_stdout(cmd_hist(argc - 1, argv + 1));
    if (!strcmp(cmd, "diff"))
        return finish_stdout(cmd_diff(argc - 1, argv + 1));
    if (!strcmp(cmd, "cover"))
        return finish_stdout(cmd_cover(argc - 1, argv + 1));
    if (cmd[0] != '-' && argc == 2)
        return cmd_dialogue(cmd);
    fprintf(stderr, "profil: unknown command '%s' (profil --help)\n", cmd);
    return EXIT_PROFIL_FAILED;
}
