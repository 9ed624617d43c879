/*
 * cmd/dialogue.c: `profil PROGRAM.EXT`, MS-DOS PROFIL's own dialogue: the
 * three prompts (re-asked on a bad number), then the run, then
 * "Program terminated normally" or "Program aborted".  The prompts and
 * messages are PROFIL's (../shared/spec/PROFIL.md section 3).
 */
#include <stdio.h>
#include <string.h>

#include "../formats/fileio.h"
#include "commands.h"
#include "session.h"

/* PROFIL's number reader: skip blanks and tabs, digits up to the first
 * non-digit; none, overflow past 65529 or below `min` is refused. */
static int parse_number(const char *line, unsigned min, unsigned *out)
{
    const char *p = line + strspn(line, " \t");
    unsigned long v = 0;
    int digits = 0;
    for (; *p >= '0' && *p <= '9'; p++, digits++) {
        v = v * 10 + (unsigned long)(*p - '0');
        if (v > 65529)
            return -1;
    }
    if (!digits || v < min)
        return -1;
    *out = (unsigned)v;
    return 0;
}

static int read_line(char *buf, size_t n)
{
    if (!fgets(buf, (int)n, stdin))
        return -1;
    buf[strcspn(buf, "\r\n")] = 0;
    return 0;
}

static int ask_number(const char *prompt, unsigned min, unsigned *out)
{
    char line[256];
    for (;;) {
        fputs(prompt, stdout);
        fflush(stdout);
        if (read_line(line, sizeof line) != 0)
            return -1;
        fputs("\r\n", stdout);
        if (parse_number(line, min, out) == 0)
            return 0;
    }
}

int cmd_dialogue(const char *program)
{
    const char *base = strrchr(program, '/');
    base = base ? base + 1 : program;
    if (!strchr(base, '.')) {
        fprintf(stderr, "profil: %s: PROFIL needs the program's extension (e.g. %s.EXE)\n", program, program);
        return EXIT_PROFIL_FAILED;
    }
    FILE *f = fopen(program, "rb");
    if (!f) {
        fputs("File not found\r\n", stdout);
        return EXIT_PROFIL_FAILED;
    }
    fclose(f);
    /* PROFIL creates its output before the prompts: fail as early. */
    char out[4096], err[4200];
    profil_default_output(program, out, sizeof out);
    if (check_writable(out, err, sizeof err) != 0) {
        fputs("Cannot open output file\r\n", stdout);
        return EXIT_PROFIL_FAILED;
    }

    struct profil_options o;
    profil_options_init(&o);
    unsigned bucket, interval;
    char tail[256];
    if (ask_number("Number of paragraphs (16 bytes) per bucket? ", 1, &bucket) != 0 ||
        ask_number("Sample time (micro-sec) >= 60 ? ", 60, &interval) != 0) {
        fputs("\r\n", stdout);     /* end the prompt's line, as an answer would */
        fflush(stdout);
        fprintf(stderr, "profil: %s: standard input ended before the bucket size and sample time "
                "were answered; nothing was run\n", program);
        return EXIT_PROFIL_FAILED;
    }
    fputs("Parameters to program? ", stdout);
    fflush(stdout);
    if (read_line(tail, sizeof tail) != 0)
        tail[0] = 0;
    fputs("\r\n", stdout);
    tail[125] = 0;
    o.program = program;
    o.tail = tail;
    o.bucket_size = (uint16_t)bucket;
    o.interval_us = (uint16_t)interval;
    return session_run(&o, &(struct session_report){ .dialogue = 1 });
}
