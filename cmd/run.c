/*
 * cmd/run.c: `profil run [options] PROGRAM [ARGS...]`: its option table
 * (cmd/options.h), then the session's options filled from it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../formats/framekind.h"
#include "commands.h"
#include "manpage.h"
#include "options.h"
#include "session.h"

/* What run's options fill: the session's options, the --env list and
 * what the command reports. */
struct run_args {
    struct profil_options o;
    const char *env[64];
    struct session_report rep;
};

/* --disk-free BYTES: a count with an optional K (KiB) or M (MiB), at
 * most the emulated disk's size. */
static int disk_free_bytes(const char *s, uint64_t *out)
{
    char *end;
    if (*s < '0' || *s > '9')
        return -1;
    unsigned long long v = strtoull(s, &end, 10);
    unsigned shift = *end == 'K' || *end == 'k' ? 10 : *end == 'M' || *end == 'm' ? 20 : 0;
    if (shift)
        end++;
    if (*end || v > (PROFIL_DISK_BYTES >> shift))
        return -1;
    *out = (uint64_t)v << shift;
    return 0;
}

static int parse_disk_free(const char *s, void *args)
{
    struct profil_options *o = &((struct run_args *)args)->o;
    if (disk_free_bytes(s, &o->disk_free) != 0) {
        fprintf(stderr, "profil: --disk-free %s: want 0 to %u bytes (K and M suffixes: KiB, MiB)\n", s,
                (unsigned)PROFIL_DISK_BYTES);
        return -1;
    }
    o->disk_free_set = 1;
    return 0;
}

static int parse_drive(const char *s, void *args)
{
    char letter = s[0] & ~0x20;
    if (letter < 'A' || letter > 'Z' || s[1] != '=' || !s[2])
        return -1;
    ((struct run_args *)args)->o.drives[letter - 'A'] = s + 2;
    return 0;
}

static int parse_env(const char *s, void *args)
{
    struct run_args *a = args;
    if (!strchr(s, '=') || a->o.nenv >= sizeof a->env / sizeof a->env[0])
        return -1;
    a->env[a->o.nenv++] = s;
    return 0;
}

/* --cpu's names: the library's table of models. */
static const char *cpu_name(size_t i)
{
    return profil_cpu_name((enum profil_cpu)i);
}

/* The models --timing bus has plans for, from the library's table: "the
 * 8088 and 8086" (", " between all but the last two). */
static void bus_models(char *out, size_t n)
{
    size_t len = (size_t)snprintf(out, n, "the"), count = 0, all = 0;
    for (unsigned i = 0; i < PROFIL_CPUS; i++)
        all += profil_cpu_has_bus((enum profil_cpu)i) != 0;
    for (unsigned i = 0; i < PROFIL_CPUS && len < n; i++)
        if (profil_cpu_has_bus((enum profil_cpu)i))
            len += (size_t)snprintf(out + len, n - len, "%s%s", count++ == 0 ? " " : count == all ? " and " : ", ",
                                    profil_cpu_name((enum profil_cpu)i));
}

static int parse_frames(const char *s, void *args)
{
    return profil_frames_parse(s, &((struct run_args *)args)->o);
}

static int parse_dos_version(const char *s, void *args)
{
    return profil_dos_version_parse(s, &((struct run_args *)args)->o.dos_version);
}

/* --speed X|max: X times the wall clock (1/100 to 100), or as fast as the host can. */
static int parse_speed(const char *s, void *args)
{
    double *speed = &((struct run_args *)args)->o.speed;
    char *end;
    if (strcmp(s, "max") == 0) {
        *speed = 0;
        return 0;
    }
    double v = strtod(s, &end);
    if (end == s || *end || !(v >= 0.01 && v <= 100))
        return -1;
    *speed = v;
    return 0;
}

/* A control key of --window-keys: F1-F12 or a set-1 scan code in hex (2 digits). */
static int control_key(const char *s, size_t n, uint8_t *out)
{
    static const uint8_t f[12] = { 0x3B, 0x3C, 0x3D, 0x3E, 0x3F, 0x40, 0x41, 0x42, 0x43, 0x44, 0x57, 0x58 };
    char name[8];
    if (n == 0 || n >= sizeof name)
        return -1;
    memcpy(name, s, n);
    name[n] = 0;
    char *end;
    if ((name[0] == 'F' || name[0] == 'f') && name[1]) {
        long k = strtol(name + 1, &end, 10);
        if (*end || k < 1 || k > 12)
            return -1;
        *out = f[k - 1];
        return 0;
    }
    unsigned long v = strtoul(name, &end, 16);
    if (n != 2 || *end || v == 0 || v > 0x58)
        return -1;
    *out = (uint8_t)v;
    return 0;
}

static int parse_window_keys(const char *s, void *args)
{
    uint8_t *keys = ((struct run_args *)args)->o.window_keys;
    const char *comma = strchr(s, ',');
    if (!comma || control_key(s, (size_t)(comma - s), &keys[0]) != 0 ||
        control_key(comma + 1, strlen(comma + 1), &keys[1]) != 0 || keys[0] == keys[1])
        return -1;
    return 0;
}

/* --timing's names, by enum profil_timing (the default is not a name). */
static const char *const timing_names[] = { NULL, "table", "bus" };

/* --screen-every MS:DIR. */
static int parse_screen_every(const char *s, void *args)
{
    struct run_args *a = args;
    char *end;
    unsigned long ms = strtoul(s, &end, 10);
    if (end == s || *end != ':' || !end[1] || ms < 1 || ms > 3600000ul || s[0] == '-')
        return -1;
    a->o.screen_every_ms = (unsigned)ms;
    a->o.screen_every_dir = end + 1;
    return 0;
}


/* --disk-time's names, by enum profil_disk_time. */
static const char *const disk_time_names[] = { "xt", "none" };

/* --video's names, by enum profil_video: the library's table of cards. */
static const char *video_name(size_t i) { return profil_video_name((enum profil_video)i); }

#define A struct run_args
static const struct opt run_table[] = {
    { "bucket-size", 'b', OPT_UNSIGNED, OPT_AT(A, o.bucket_size), .min = 1, .max = 65529, .unit = "paragraphs",
      .arg = "PARAS", .help = "paragraphs (16 bytes) per bucket, 1-65529 (default 1)" },
    { "interval", 'i', OPT_UNSIGNED, OPT_AT(A, o.interval_us), .min = 60, .max = 65529, .unit = "microseconds",
      .arg = "USEC", .help = "sample interval in emulated microseconds, 60-65529 (default 100)" },
    { "output", 'o', OPT_STRING, OPT_AT(A, o.output), .arg = "FILE",
      .help = "the .PRF to write (default: NAME.PRF in the current directory)" },
    { "prx", 0, OPT_STRING, OPT_AT(A, o.prx), .arg = "FILE",
      .help = "the .prx of --trace, --stacks or --memory (default: the .PRF's\n"
              "name with .prx; none beside a device such as /dev/null)" },
    { "error-exitcode", 0, OPT_UNSIGNED, OPT_AT(A, rep.error_exitcode), .min = 1, .max = 255, .unit = "status",
      .arg = "N", .help = "exit N when profil itself fails (bad input: 2, an output: 125),\n"
                          "so that no status of the program's own is taken for it" },
    { "force", 0, OPT_FLAG, OPT_AT(A, o.force),
      .help = "replace files the outputs name even when they are not that kind\n"
              "of profil output (without it, such a file is refused before the run)" },
    { "timeout", 0, OPT_DOUBLE, OPT_AT(A, o.timeout_s), .lo = 0, .lo_open = 1, .hi = 1e6,
      .want = "want a number of emulated seconds", .arg = "SEC",
      .help = "stop after SEC emulated seconds (the profile is still written)" },
    { "max-instructions", 0, OPT_UNSIGNED, OPT_AT(A, o.max_insn), .min = 1, .max = UINT64_MAX / 2,
      .want = "want a positive count", .arg = "N", .help = "stop after N instructions (the profile is still written)" },
    { "drive", 0, OPT_CALL, .call = parse_drive, .want = "want LETTER=FOLDER, e.g. --drive D=data", .arg = "X=DIR",
      .help = "map DOS drive X: to the host folder DIR (default C: = .)" },
    { "env", 0, OPT_CALL, .call = parse_env, .want = "want NAME=VALUE (at most 64)", .arg = "NAME=VALUE",
      .help = "add a variable to the program's environment" },
    { "strict", 0, OPT_FLAG, OPT_AT(A, o.strict),
      .help = "stop at the first unimplemented DOS/BIOS function or port" },
    { "cpu", 0, OPT_ENUM, OPT_AT(A, o.cpu), OPT_NAMES_AT(cpu_name, PROFIL_CPUS), .arg = "CPU",
      .help = "the CPU: 8088 (the default, the IBM PC's), 8086, 186 or 286;\n"
              "186 and 286 run the instructions those added, but timed as\n"
              "an 8086 (its clock table: profil has no 186 or 286 clock counts)" },
    { "timing", 0, OPT_ENUM, OPT_AT(A, o.timing), OPT_NAMES(timing_names), .arg = "bus|table",
      .help = "the clock: bus (the default on the 8088 and 8086) plays the\n"
              "prefetch queue, the bus and the DRAM refresh clock by clock;\n"
              "table charges each instruction its listed cost, leaving out\n"
              "the queue and the bus waits (the 186/286 default; docs/timing.md)" },
    { "no-refresh", 0, OPT_FLAG, OPT_AT(A, o.no_refresh), .help = "the bus model without the IBM PC's DRAM refresh" },
    { "video", 0, OPT_ENUM, OPT_AT(A, o.video), OPT_NAMES_AT(video_name, 16), .arg = "CARD",
      .help = "the display adapter: cga (the default, the IBM PC's colour\n"
              "card), mda, hercules, ega or vga; the program finds that card\n"
              "and its BIOS wherever it looks (docs/video.md)" },
    { "frames", 0, OPT_CALL, .call = parse_frames, OPT_NAMES(frame_kind_names), .arg = "KIND",
      .want = "want auto, vsync, flip, mark, timer, timer/N (N 1-1000), poll or at=SYMBOL|SEG:OFF",
      .help = "how the program's frames are found: vsync (a read of the\n"
              "status port that sees the vertical sync begin), flip (a new\n"
              "CRTC start address), mark (the program's FRAME call), timer\n"
              "(its own INT 8 or 1Ch handler runs; timer/N: every Nth),\n"
              "poll (it leaves the wait loop it spends most time in),\n"
              "at=SYMBOL|SEG:OFF (execution reaches it), or auto (the\n"
              "default: the kind that paces the program; docs/frames.md)" },
    { "disk-time", 0, OPT_ENUM, OPT_AT(A, o.disk_time), OPT_NAMES(disk_time_names), .arg = "xt|none",
      .help = "the time file reads and writes take: xt (the default) the\n"
              "PC/XT's 10 MB fixed disk, its seeks, rotation and 6:1\n"
              "interleave, 360 KB diskettes on A: and B:, and DOS's\n"
              "buffers; none 8 cycles a byte, as before (docs/costs.md)" },
    { "map", 0, OPT_STRING, OPT_AT(A, o.map), .arg = "FILE.MAP",
      .help = "name symbols in the summary (default: NAME.MAP beside the\n"
              "program, else the program's own debug information: CodeView,\n"
              "Turbo Debugger's, Watcom's)" },
    { "keys", 0, OPT_STRING, OPT_AT(A, o.keys), .arg = "TEXT",
      .help = "type TEXT on the keyboard, a key each 10 ms of emulated time\n"
              "(20 with Shift, Ctrl or Alt):\n"
              "{ENTER} {ESC} {TAB} {BKSP} {UP} {DOWN} {LEFT} {RIGHT} {HOME}\n"
              "{END} {PGUP} {PGDN} {INS} {DEL} {F1}-{F10} {CTRL-X} {ALT-X},\n"
              "{WAIT MS} a pause, {{ and }} the braces; {DOWN KEY} ... {UP KEY}\n"
              "hold KEY (CTRL, SHIFT, RSHIFT, ALT, a key's name or character),\n"
              "{HOLD KEY MS} for MS ms, repeating after 500 ms, 10 a second\n"
              "(default: keys come from stdin)" },
    { "screen", 0, OPT_STRING, OPT_AT(A, o.screen), .arg = "FILE",
      .help = "write the text screen as the run left it, in UTF-8 ('-': stdout)" },
    { "screen-png", 0, OPT_STRING, OPT_AT(A, o.screen_png), .arg = "FILE",
      .help = "write the screen as the card shows it when the run ends, as a\n"
              "PNG: every mode of every card (CGA, MDA, Hercules, EGA, VGA\n"
              "and mode X); one PNG pixel per emulated pixel\n"
              "(docs/video.md)" },
    { "screen-every", 0, OPT_CALL, .call = parse_screen_every, .arg = "MS:DIR",
      .want = "want MS:DIR, a period of 1 to 3600000 emulated ms and a folder (e.g. 500:frames)",
      .help = "also draw the screen every MS emulated milliseconds, into the\n"
              "folder DIR as NNNNNN.png (N: the period's number; the picture\n"
              "of the first sample at or after it)" },
    { "scale", 0, OPT_UNSIGNED, OPT_AT(A, o.screen_scale), .min = 1, .max = 8, .arg = "N",
      .help = "draw each emulated pixel of the PNGs as N x N, 1-8 (default 1)" },
    { "border", 0, OPT_FLAG, OPT_AT(A, o.screen_border),
      .help = "draw the PNGs with the border (overscan) around the picture, in\n"
              "its colour, as the card's CRTC frames it (docs/video.md)" },
    { "aspect", 0, OPT_FLAG, OPT_AT(A, o.screen_aspect),
      .help = "draw the PNGs in the monitor's 4:3 shape: as many lines as 3/4\n"
              "of the width, each the picture's line above it" },
    { "audio-wav", 0, OPT_STRING, OPT_AT(A, o.audio_wav), .arg = "FILE",
      .help = "write the PC speaker's sound as a WAV (44100 Hz, 8-bit mono),\n"
              "rendered from emulated time: the same run gives the same bytes" },
    { "window", 0, OPT_FLAG, OPT_AT(A, o.window),
      .help = "show the screen in a window as large as fits the display\n"
              "(Alt+Enter: full screen), play the speaker, and type the host's\n"
              "keys into the PC (SDL2; closing it ends the run as Ctrl-C does;\n"
              "docs/window.md)" },
    { "speed", 0, OPT_CALL, .call = parse_speed, .want = "want a factor from 0.01 to 100, or max", .arg = "X|max",
      .help = "with --window, run X times as fast as the wall clock (default 1),\n"
              "or as fast as the host can (max: drawn at most at the display's\n"
              "refresh); the profile is in emulated time" },
    { "window-keys", 0, OPT_CALL, .call = parse_window_keys, .arg = "START,MARK",
      .want = "want two different keys, F1-F12 or set-1 scan codes in hex (e.g. F11,F12)",
      .help = "with --window, the host keys that start/stop sampling and drop a\n"
              "mark, never typed into the program (default F11,F12)" },
    { "record", 0, OPT_STRING, OPT_AT(A, o.record), .arg = "FILE",
      .help = "write every key the program gets, at its emulated cycle, with the\n"
              "program's SHA-256 and the options that change what it does, as\n"
              "text (docs/recording.md)" },
    { "replay", 0, OPT_STRING, OPT_AT(A, o.replay), .arg = "FILE",
      .help = "play a --record FILE's keys back at their cycles: the same run,\n"
              "the same files byte for byte; refused for another program or\n"
              "other options (--timeout, --max-instructions may be tighter);\n"
              "stopped, nothing written, 0.1 s past the recording's end" },
    { "dos-version", 0, OPT_CALL, .call = parse_dos_version, .want = "want 2.0 to 5.0 (e.g. 2.11, 3.3)",
      .arg = "X.Y", .help = "the DOS version the program sees, 2.0-5.0 (default 3.30)" },
    { "disk-free", 0, OPT_CALL, .call = parse_disk_free, .arg = "BYTES",
      .help = "what the program's files may grow by in all, and what INT 21h/36h\n"
              "reports free (default 128M; K, M: KiB, MiB; at most 256M, and at\n"
              "most the modelled 10 MB disk's 10616832 under --disk-time xt);\n"
              "past it, writes fail as on a full DOS disk" },
    { "trace", 0, OPT_FLAG, OPT_AT(A, o.trace),
      .help = "count every instruction and its cycles exactly: the .PRF's counters\n"
              "are instructions, and NAME.prx beside it holds the exact counts\n"
              "and the call tree" },
    { "stacks", 0, OPT_FLAG, OPT_AT(A, o.stacks),
      .help = "follow calls in a sampling run: NAME.prx holds the call tree\n"
              "with each sample's stack (for --by function, folded stacks)" },
    { "memory", 0, OPT_FLAG, OPT_AT(A, o.memory), .help = "DOS memory calls (48h/49h/4Ah) per call site, into NAME.prx" },
    { "samples", 0, OPT_FLAG, OPT_AT(A, o.samples),
      .help = "write every sample's CS:IP and class, in order, to NAME.prs beside\n"
              "the .PRF (compressed), for hist --buckets to re-bucket later" },
    { "append", 0, OPT_FLAG, OPT_AT(A, o.append),
      .help = "add this run's counts to the .PRF and NAME.prc already there\n"
              "(same layout, else nothing is run), as profil merge would" },
    { "start-stopped", 0, OPT_FLAG, OPT_AT(A, o.start_stopped),
      .help = "collect nothing until the program calls START through profil's\n"
              "interface at ports ECh/EDh (docs/guestapi.md)" },
    { "quiet", 'q', OPT_FLAG, OPT_AT(A, rep.quiet), .help = "no summary on stderr" },
};
#undef A

const struct command_options run_options = {
    "run", "profil run [options] PROGRAM [ARGS...]   profile a DOS .COM/.EXE/.BAT in emulated time", "run options:", 1,
    run_table, sizeof run_table / sizeof run_table[0],
};

/* For man profil-run and the completion (cmd/manpage.h), from README.md. */
const struct command_doc run_doc = {
    &run_options,
    "profil run loads PROGRAM (a .COM or .EXE) into an emulated IBM PC and runs it in\n"
    "emulated time, sampling CS:IP every --interval microseconds (or, with --trace, counting\n"
    "every instruction), and writes NAME.PRF (PROFIL's format, 16-bit counters) with NAME.prc\n"
    "beside it (the exact 64-bit counts and the run's totals). ARGS are the program's command\n"
    "tail. The program's own output goes to stdout byte for byte; the summary (samples, emulated\n"
    "seconds, the four PROFIL classes, the busiest buckets, or the busiest symbols when a map is\n"
    "found) goes to stderr. A batch file (NAME.BAT) runs each line's program in turn as\n"
    "COMMAND.COM would, ARGS its %1-%9, each program with its own profile.\n"
    "\n"
    "The .PRF (and the .prx) is written atomically, and always: when the program exits,\n"
    "crashes, waits for a key after the last one, hits --timeout or --max-instructions, or is\n"
    "stopped by a signal; a one-line note says which, and the exit status tells it apart.\n"
    "Before it runs anything, run refuses a program that is a .PRF or .prx and any output that\n"
    "is the program, the map, standard input or output, or another output.\n",
    "EXE COM BAT",
};

/* The program's arguments as DOS's command tail (at most 126 characters);
 * -1 after the error. */
static int command_tail(int argc, char **argv, char *tail, size_t n)
{
    size_t used = 0;
    tail[0] = 0;
    for (int i = 0; i < argc; i++) {
        int w = snprintf(tail + used, n - used, "%s%s", used ? " " : "", argv[i]);
        if (w < 0 || (size_t)w >= n - used || used + (size_t)w > 125) {
            fprintf(stderr, "profil: arguments longer than DOS's 126-character command tail\n");
            return -1;
        }
        used += (size_t)w;
    }
    return 0;
}

int cmd_run(int argc, char **argv)
{
    struct run_args a = { .rep = { 0 } };
    profil_options_init(&a.o);
    int first, parsed = options_parse(&run_options, argc, argv, &a, &first);
    if (parsed != 0)
        return parsed > 0 ? 0 : a.rep.error_exitcode ? (int)a.rep.error_exitcode : EXIT_BAD_INPUT;
    struct profil_options o = a.o;
    int bad = a.rep.error_exitcode ? (int)a.rep.error_exitcode : EXIT_BAD_INPUT;
    o.env = a.env;
    if (first >= argc) {
        fprintf(stderr, "profil run: no program given (profil run [options] PROGRAM [ARGS...])\n");
        return bad;
    }
    if (o.timing == PROFIL_TIMING_BUS && !profil_cpu_has_bus(o.cpu)) {
        char models[80];
        bus_models(models, sizeof models);
        fprintf(stderr, "profil: --timing bus models %s only (not --cpu %s)\n", models, profil_cpu_name(o.cpu));
        return bad;
    }
    if (o.prx && !(o.trace || o.stacks || o.memory)) {
        fprintf(stderr, "profil: --prx %s: only with --trace, --stacks or --memory\n", o.prx);
        return bad;
    }
    if (!o.window && (o.speed != 1.0 || o.window_keys[0] != 0x57 || o.window_keys[1] != 0x58)) {
        fprintf(stderr, "profil: --speed and --window-keys go with --window\n");
        return EXIT_PROFIL_FAILED;
    }
    o.program = argv[first];
    char tail[128];
    if (command_tail(argc - first - 1, argv + first + 1, tail, sizeof tail) != 0)
        return bad;
    o.tail = tail;
    return session_run(&o, &a.rep);
}
