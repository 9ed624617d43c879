/*
 * formats/framekind.h: the ways a frame of the program starts (run
 * --frames, docs/frames.md), named once.
 *
 * Owns the kinds' table (name, what starts a frame, why none came when a
 * run asked for the kind and saw none) and the text of a `--frames`
 * choice: a kind's name, `timer/N` (every Nth of the program's timer
 * interrupts) or `at=SYMBOL|SEG:OFF` (each time execution reaches that
 * address).  The command (its option and help), the library
 * (lib/profil.h's enum profil_frames follows enum frame_kind), the
 * profiler (sampler/frames.h) and the .prx's `frame_kind` read it.
 */
#ifndef PROFIL_FORMATS_FRAMEKIND_H
#define PROFIL_FORMATS_FRAMEKIND_H

#include <stddef.h>

enum frame_kind { FRAMES_AUTO, FRAMES_VSYNC, FRAMES_FLIP, FRAMES_MARK, FRAMES_TIMER, FRAMES_POLL, FRAMES_AT,
                  FRAME_KINDS };

/* The names, by enum frame_kind ("auto", "vsync", "flip", "mark", "timer", "poll", "at"). */
extern const char *const frame_kind_names[FRAME_KINDS];

struct frame_kind_row {
    const char *starts;         /* what starts a frame, for the help */
    const char *none;           /* why a run that asked for it has none */
};
extern const struct frame_kind_row frame_kinds[FRAME_KINDS];

/* timer/N's largest N; at='s longest symbol (the map's own limit). */
#define FRAME_EVERY_MAX 1000u
#define FRAME_AT_MAX 64u

/* A --frames choice. */
struct frame_spec {
    enum frame_kind kind;
    unsigned every;             /* FRAMES_TIMER: a frame every Nth (1: each) */
    char at[FRAME_AT_MAX];      /* FRAMES_AT: the symbol or SEG:OFF, as given */
};

/* The kind's name, "?" past the table. */
const char *frame_kind_name(enum frame_kind k);
/* "vsync", "timer", "timer/3", "at=_game_loop", "at=1A2B:0345": 0, or -1
 * when it is none of them (a number out of 1 to FRAME_EVERY_MAX, an
 * empty or too long address). */
int frame_spec_parse(const char *text, struct frame_spec *out);
/* The choice as frame_spec_parse() reads it ("timer" for timer/1), into
 * out (n bytes, cut to fit). */
void frame_spec_text(const struct frame_spec *s, char *out, size_t n);
/* An at= address given as SEG:OFF (four hex digits each at most): 0 and
 * the two, or -1 (then it names a symbol). */
int frame_at_address(const char *at, unsigned *seg, unsigned *off);

#endif
