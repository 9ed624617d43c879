/*
 * formats/recording.h: a recording of a run's input (`run --record`,
 * `--replay`), a text file documented in docs/recording.md.
 *
 * Owns the file's lines: the header, the program's SHA-256 and name, the
 * options that change what the program does, every input event with its
 * emulated time in cycles (scan codes, the control keys' start, stop and
 * mark), and the end of the run.  Parsing checks everything before
 * anything runs: errors are one line, "FILE:LINE: problem".
 */
#ifndef PROFIL_FORMATS_RECORDING_H
#define PROFIL_FORMATS_RECORDING_H

#include <stddef.h>
#include <stdint.h>

/* One input event at its emulated time: a scan code (set 1) with the
 * character INT 09h stores with a make code, or a control event of the
 * host (sampling started, stopped, a mark, the run's end).  The keyboard
 * (emu/chips/keyboard.h) sends them. */
enum input_kind { INPUT_KEY, INPUT_START, INPUT_STOP, INPUT_MARK, INPUT_END };
struct input_event {
    uint64_t at;                    /* emulated time, cycles               */
    uint8_t kind;                   /* enum input_kind                     */
    uint8_t code, ascii;            /* INPUT_KEY                           */
};

#define RECORDING_MAGIC "profil-recording 1"
#define RECORDING_MAX_EVENTS (4u << 20)
#define RECORDING_MAX_OPTIONS 96u
#define RECORDING_VALUE_MAX 300u

struct recording_option {
    char name[24];
    char value[RECORDING_VALUE_MAX];
};

struct recording {
    char sha256[65];                /* the program's bytes                */
    char program[RECORDING_VALUE_MAX]; /* its name, as given (informative) */
    struct recording_option opt[RECORDING_MAX_OPTIONS];
    size_t nopt;
    struct input_event *events;       /* in time order (owned)              */
    size_t n, cap;
    uint64_t end;                   /* the cycle the run ended at         */
    char end_reason[16];            /* how: profil_stop_name()'s words    */
};

void recording_init(struct recording *r);
void recording_free(struct recording *r);
/* Add an option (name, value) or an event; -1 when full or out of memory. */
int recording_set_option(struct recording *r, const char *name, const char *value);
int recording_add(struct recording *r, const struct input_event *e);
/* The value of an option, or NULL when the recording has none. */
const char *recording_option(const struct recording *r, const char *name);

/* Parse `len` bytes of `path`'s text into r (initialised here); -1 with
 * "PATH:LINE: problem" in err. */
int recording_parse(const char *path, const char *text, size_t len, struct recording *r, char *err, size_t errn);
int recording_read(const char *path, struct recording *r, char *err, size_t errn);
/* Write r to path atomically (formats/fileio.h). */
int recording_write(const char *path, const struct recording *r, char *err, size_t errn);

#endif
