/*
 * cmd/run.c: `profil run [options] PROGRAM [ARGS...]`.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "session.h"

static int parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
    char *end;
    if (!*s || *s == '-')
        return -1;
    unsigned long long v = strtoull(s, &end, 10);
    if (*end || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

/* --disk-free BYTES: a count with an optional K (KiB) or M (MiB), at
 * most the emulated disk's size. */
static int parse_bytes(const char *s, uint64_t *out)
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

/* getopt's complaints, in profil's words. */
static int bad_option(int c, char **argv)
{
    const char *opt = argv[optind - 1];
    if (c == ':')
        fprintf(stderr, "profil: run: option '%s' needs a value (see 'profil run --help')\n", opt);
    else
        fprintf(stderr, "profil: run: unknown option '%s' (see 'profil run --help')\n", opt);
    return EXIT_PROFIL_FAILED;
}

int cmd_run(int argc, char **argv)
{
    static const struct option longs[] = {
        { "bucket-size", required_argument, 0, 'b' }, { "interval", required_argument, 0, 'i' },
        { "output", required_argument, 0, 'o' }, { "timeout", required_argument, 0, 'T' },
        { "max-instructions", required_argument, 0, 'M' }, { "drive", required_argument, 0, 'D' },
        { "env", required_argument, 0, 'E' }, { "strict", no_argument, 0, 'S' },
        { "cpu", required_argument, 0, 'C' }, { "trace", no_argument, 0, 't' },
        { "stacks", no_argument, 0, 'K' }, { "memory", no_argument, 0, 'Y' },
        { "keys", required_argument, 0, 'k' }, { "screen", required_argument, 0, 'r' },
        { "screen-png", required_argument, 0, 'P' },
        { "dos-version", required_argument, 0, 'V' }, { "timing", required_argument, 0, 'g' },
        { "no-refresh", no_argument, 0, 'R' },
        { "prx", required_argument, 0, 'X' }, { "disk-free", required_argument, 0, 'F' },
        { "quiet", no_argument, 0, 'q' }, { "map", required_argument, 0, 'm' }, { "help", no_argument, 0, 'h' }, { 0, 0, 0, 0 },
    };
    struct profil_options o;
    struct session_report rep = { 0 };
    const char *env[64];
    uint64_t v;
    int c;
    profil_options_init(&o);
    o.env = env;
    optind = 1;
    opterr = 0;
    while ((c = getopt_long(argc, argv, "+:b:i:o:qh", longs, NULL)) != -1) {
        switch (c) {
        case 'b':
            if (parse_u64(optarg, 1, 65529, &v)) {
                fprintf(stderr, "profil: --bucket-size %s: want 1 to 65529 paragraphs\n", optarg);
                return EXIT_PROFIL_FAILED;
            }
            o.bucket_size = (uint16_t)v;
            break;
        case 'i':
            if (parse_u64(optarg, 60, 65529, &v)) {
                fprintf(stderr, "profil: --interval %s: want 60 to 65529 microseconds\n", optarg);
                return EXIT_PROFIL_FAILED;
            }
            o.interval_us = (uint16_t)v;
            break;
        case 'o': o.output = optarg; break;
        case 'X': o.prx = optarg; break;
        case 'F':
            if (parse_bytes(optarg, &o.disk_free) != 0) {
                fprintf(stderr, "profil: --disk-free %s: want 0 to %u bytes (K and M suffixes: KiB, MiB)\n",
                        optarg, (unsigned)PROFIL_DISK_BYTES);
                return EXIT_PROFIL_FAILED;
            }
            o.disk_free_set = 1;
            break;
        case 'T': {
            char *end;
            o.timeout_s = strtod(optarg, &end);
            if (*end || !(o.timeout_s > 0) || o.timeout_s > 1e6) {
                fprintf(stderr, "profil: --timeout %s: want a number of emulated seconds\n", optarg);
                return EXIT_PROFIL_FAILED;
            }
            break;
        }
        case 'M':
            if (parse_u64(optarg, 1, UINT64_MAX / 2, &v)) {
                fprintf(stderr, "profil: --max-instructions %s: want a positive count\n", optarg);
                return EXIT_PROFIL_FAILED;
            }
            o.max_insn = v;
            break;
        case 'D': {
            char letter = optarg[0] & ~0x20;
            if (letter < 'A' || letter > 'Z' || optarg[1] != '=' || !optarg[2]) {
                fprintf(stderr, "profil: --drive %s: want LETTER=FOLDER, e.g. --drive D=data\n", optarg);
                return EXIT_PROFIL_FAILED;
            }
            o.drives[letter - 'A'] = optarg + 2;
            break;
        }
        case 'E':
            if (!strchr(optarg, '=') || o.nenv >= sizeof env / sizeof env[0]) {
                fprintf(stderr, "profil: --env %s: want NAME=VALUE (at most 64)\n", optarg);
                return EXIT_PROFIL_FAILED;
            }
            env[o.nenv++] = optarg;
            break;
        case 'S': o.strict = 1; break;
        case 'R': o.no_refresh = 1; break;
        case 't': o.trace = 1; break;
        case 'K': o.stacks = 1; break;
        case 'Y': o.memory = 1; break;
        case 'C':
            if (profil_cpu_parse(optarg, &o.cpu) != 0) {
                fprintf(stderr, "profil: --cpu %s: want 8088, 8086, 186 or 286\n", optarg);
                return EXIT_PROFIL_FAILED;
            }
            break;
        case 'g':
            if (strcmp(optarg, "table") && strcmp(optarg, "bus")) {
                fprintf(stderr, "profil: --timing %s: want table or bus\n", optarg);
                return EXIT_PROFIL_FAILED;
            }
            o.timing = strcmp(optarg, "bus") ? PROFIL_TIMING_TABLE : PROFIL_TIMING_BUS;
            break;
        case 'm': o.map = optarg; break;
        case 'k': o.keys = optarg; break;
        case 'r': o.screen = optarg; break;
        case 'P': o.screen_png = optarg; break;
        case 'V':
            if (profil_dos_version_parse(optarg, &o.dos_version) != 0) {
                fprintf(stderr, "profil: --dos-version %s: want 2.0 to 5.0 (e.g. 2.11, 3.3)\n", optarg);
                return EXIT_PROFIL_FAILED;
            }
            break;
        case 'q': rep.quiet = 1; break;
        case 'h': usage(stdout); return 0;
        default: return bad_option(c, argv);
        }
    }
    if (optind >= argc) {
        fprintf(stderr, "profil run: no program given (profil run [options] PROGRAM [ARGS...])\n");
        return EXIT_PROFIL_FAILED;
    }
    if (o.timing == PROFIL_TIMING_BUS && o.cpu != PROFIL_CPU_8088 && o.cpu != PROFIL_CPU_8086) {
        fprintf(stderr, "profil: --timing bus models the 8088 and 8086 only (not --cpu %s)\n", profil_cpu_name(o.cpu));
        return EXIT_PROFIL_FAILED;
    }
    if (o.prx && !(o.trace || o.stacks || o.memory)) {
        fprintf(stderr, "profil: --prx %s: only with --trace, --stacks or --memory\n", o.prx);
        return EXIT_PROFIL_FAILED;
    }
    o.program = argv[optind];
    char tail[128] = "";
    size_t used = 0;
    for (int i = optind + 1; i < argc; i++) {
        int w = snprintf(tail + used, sizeof tail - used, "%s%s", used ? " " : "", argv[i]);
        if (w < 0 || (size_t)w >= sizeof tail - used || used + (size_t)w > 125) {
            fprintf(stderr, "profil: arguments longer than DOS's 126-character command tail\n");
            return EXIT_PROFIL_FAILED;
        }
        used += (size_t)w;
    }
    o.tail = tail;
    return session_run(&o, &rep);
}
