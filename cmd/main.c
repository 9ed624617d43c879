/*
 * cmd/main.c: the `profil` command: a thin dispatcher to one file per
 * subcommand, as perf does.
 */
#include <stdio.h>
#include <string.h>

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
          "      --timeout SEC         stop after SEC emulated seconds (the profile is still written)\n"
          "      --max-instructions N  stop after N instructions (the profile is still written)\n"
          "      --drive X=DIR         map DOS drive X: to the host folder DIR (default C: = .)\n"
          "      --env NAME=VALUE      add a variable to the program's environment\n"
          "      --strict              stop at the first unimplemented DOS/BIOS function or port\n"
          "      --cpu 8088|8086|186|286  the CPU (default 8088, the IBM PC's); 186 and 286 run the\n"
          "                            instructions those added, with 8086 timing\n"
          "      --timing table|bus    the clock: the table of instruction costs (default), or the\n"
          "                            prefetch queue and bus clock by clock (8088/8086; docs/timing.md)\n"
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
          "      --metric instructions|cycles|samples  what a .prx row counts (default instructions;\n"
          "                            per function: cycles, or samples from run --stacks);\n"
          "                            a .PRF holds samples\n"
          "      --map FILE.MAP        one row per symbol (maps of Microsoft LINK, TLINK, Turbo\n"
          "                            Pascal, Open Watcom WLINK, NASM [map all], ld86 -M)\n"
          "                            (with --style prohst: PROHST's own reading, segments only)\n"
          "      --format FMT          text (default), csv, json, callgrind (KCachegrind), folded\n"
          "                            (flamegraph.pl, speedscope) or svg; see docs/formats.md\n"
          "      --by bucket|symbol|line  rows per bucket (named by their symbol with --map), per\n"
          "                            symbol (the default with --map) or per source line (a\n"
          "                            map with a line-number table, LINK /LINENUMBERS)\n"
          "      --by function         a .prx's call tree per function: calls, self and inclusive\n"
          "                            cost, importance (% calls x % time / 100); folded and\n"
          "                            callgrind (with calls=) export the call tree\n"
          "      --callgraph           gprof's call graph: each function's callers and callees\n"
          "      --by site             a .prx of run --memory: DOS memory per call site\n"
          "      --top N               only the first N rows (default style)\n"
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
          "exit status of run: the program's exit code; 124 when --timeout or --max-instructions ended\n"
          "the run; 125 when profil itself failed; 126 when the program crashed; 130 after Ctrl-C.\n",
          f);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return EXIT_PROFIL_FAILED;
    }
    const char *cmd = argv[1];
    if (!strcmp(cmd, "--help") || !strcmp(cmd, "-h") || !strcmp(cmd, "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(cmd, "--version")) {
        printf("profil %s\n", PROFIL_VERSION);
        return 0;
    }
    if (!strcmp(cmd, "run"))
        return cmd_run(argc - 1, argv + 1);
    if (!strcmp(cmd, "show"))
        return cmd_show(argc - 1, argv + 1);
    if (!strcmp(cmd, "hist"))
        return cmd_hist(argc - 1, argv + 1);
    if (!strcmp(cmd, "diff"))
        return cmd_diff(argc - 1, argv + 1);
    if (!strcmp(cmd, "cover"))
        return cmd_cover(argc - 1, argv + 1);
    if (cmd[0] != '-' && argc == 2)
        return cmd_dialogue(cmd);
    fprintf(stderr, "profil: unknown command '%s' (profil --help)\n", cmd);
    return EXIT_PROFIL_FAILED;
}
