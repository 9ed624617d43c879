/*
 * formats/framekind.c: the ways a frame starts, named once (see framekind.h).
 */
#include "framekind.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const frame_kind_names[FRAME_KINDS] = { "auto", "vsync", "flip", "mark", "timer", "poll", "at" };

const struct frame_kind_row frame_kinds[FRAME_KINDS] = {
    [FRAMES_AUTO] = { "the kind that paces the program (the default)", "" },
    [FRAMES_VSYNC] = { "a read of the status port that sees the vertical sync begin",
                       "no read of the status port saw the vertical sync begin" },
    [FRAMES_FLIP] = { "a new CRTC start address", "the CRTC's start address never changed" },
    [FRAMES_MARK] = { "the program's FRAME call", "the program never called FRAME" },
    [FRAMES_TIMER] = { "the program's own INT 8 or INT 1Ch handler runs (timer/N: every Nth)",
                       "no timer interrupt ran a handler of the program's (INT 8 or INT 1Ch)" },
    [FRAMES_POLL] = { "the program leaves its busiest wait loop (reading a port or memory until it changes)",
                      "no wait loop of the program's was seen (a loop reading one port or memory location)" },
    [FRAMES_AT] = { "execution reaches SYMBOL or SEG:OFF (at=SYMBOL|SEG:OFF)", "execution never reached the address" },
};

const char *frame_kind_name(enum frame_kind k)
{
    return (unsigned)k < FRAME_KINDS ? frame_kind_names[k] : "?";
}

int frame_at_address(const char *at, unsigned *seg, unsigned *off)
{
    const char *colon = strchr(at, ':');
    if (!colon || colon == at || colon - at > 4 || !colon[1] || strlen(colon + 1) > 4)
        return -1;
    for (const char *p = at; *p; p++)
        if (p != colon && !strchr("0123456789abcdefABCDEF", *p))
            return -1;
    *seg = (unsigned)strtoul(at, NULL, 16);
    *off = (unsigned)strtoul(colon + 1, NULL, 16);
    return 0;
}

int frame_spec_parse(const char *text, struct frame_spec *out)
{
    memset(out, 0, sizeof *out);
    out->every = 1;
    if (strncmp(text, "at=", 3) == 0) {
        size_t n = strlen(text + 3);
        if (n == 0 || n >= sizeof out->at)
            return -1;
        memcpy(out->at, text + 3, n + 1);
        out->kind = FRAMES_AT;
        return 0;
    }
    const char *name = frame_kind_names[FRAMES_TIMER];
    size_t len = strlen(name);
    if (strncmp(text, name, len) == 0 && text[len] == '/') {
        const char *p = text + len + 1;
        unsigned long v = 0;
        if (*p < '1' || *p > '9')
            return -1;
        for (; *p >= '0' && *p <= '9' && v <= FRAME_EVERY_MAX; p++)
            v = v * 10 + (unsigned long)(*p - '0');
        if (*p || v > FRAME_EVERY_MAX)
            return -1;
        out->kind = FRAMES_TIMER;
        out->every = (unsigned)v;
        return 0;
    }
    for (int i = 0; i < FRAME_KINDS; i++)
        if (i != FRAMES_AT && strcmp(text, frame_kind_names[i]) == 0) {
            out->kind = (enum frame_kind)i;
            return 0;
        }
    return -1;
}

void frame_spec_text(const struct frame_spec *s, char *out, size_t n)
{
    if (s->kind == FRAMES_AT)
        snprintf(out, n, "at=%s", s->at);
    else if (s->kind == FRAMES_TIMER && s->every > 1)
        snprintf(out, n, "%s/%u", frame_kind_name(s->kind), s->every);
    else
        snprintf(out, n, "%s", frame_kind_name(s->kind));
}
