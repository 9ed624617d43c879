/*
 * emu/chips/keyboard.h: the PC keyboard and the scripted typing of --keys.
 *
 * Owns the keys a run will type (parsed from "text{ENTER}{WAIT 500}..."),
 * the emulated times they are typed at, the scan code latched in port 60h
 * with its status in port 64h, and the translation of a host byte into
 * the scan code and character the BIOS buffer holds.  A key stroke is a
 * sequence of scan codes 5 ms of emulated time apart (Ctrl, Shift and Alt
 * made first, then the key made and broken, then the modifiers broken),
 * each one raising IRQ1; the BIOS INT 09h handler (bios_keys.c) or the
 * program's own reads port 60h.  A script may also press and release a
 * key as two steps ({DOWN CTRL} ... {UP CTRL}, {HOLD LEFT 500}); while
 * held, the last key pressed repeats its make code as the keyboard's
 * typematic action does.  Nothing here reads the host clock.
 *
 * Besides the script, a queue of timed input events (a --replay
 * recording, a window's keys): each a scan code with its character, sent
 * at its emulated time or, as the script's, once port 60h was read; or a
 * control event (start, stop, mark, end) handed to the machine at its
 * time.  Every scan code sent, from either, goes to `sent` when set (what
 * --record writes), with the time it was sent.
 */
#ifndef PROFIL_EMU_KEYBOARD_H
#define PROFIL_EMU_KEYBOARD_H

#include <stddef.h>
#include <stdint.h>

#include "../clockrate.h"             /* CPU_HZ_NUM / CPU_HZ_DEN */
#include "../../formats/recording.h"   /* struct input_event */

#define KEY_SHIFT 1u
#define KEY_CTRL  2u
#define KEY_ALT   4u

/* The 83-key keyboard's typematic action: every key held repeats its make
 * code after half a second, ten times a second (IBM Personal Computer
 * Technical Reference, the keyboard: "typematic"), in CPU cycles. */
#define KBD_TYPEMATIC_DELAY (CPU_HZ_NUM / CPU_HZ_DEN / 2u)
#define KBD_TYPEMATIC_PERIOD (CPU_HZ_NUM / CPU_HZ_DEN / 10u)

/* What a stroke of a script does with its key. */
enum key_kind {
    KEY_TAP,        /* made and broken (with its modifiers around it)     */
    KEY_PRESS,      /* made, and held until its KEY_RELEASE               */
    KEY_RELEASE     /* broken                                             */
};

/* One entry of a script: a key (scan code, the character the BIOS
 * stores with it, the modifiers held, what is done with it), or a pause
 * of wait_ms when scan is 0.  A KEY_PRESS's wait_ms is the time to the
 * next stroke (a {HOLD}'s length; 0: the usual 5 ms). */
struct key_stroke {
    uint8_t scan, ascii, mods, kind;
    uint32_t wait_ms;
};

struct keyboard {
    struct key_stroke *keys;        /* the script (owned), NULL: none     */
    size_t nkeys, next;             /* next stroke to type                */
    unsigned step;                  /* which scan code of it comes next   */
    uint64_t due;                   /* when: cycles, UINT64_MAX: no more
                                       (the earliest of the script's, the
                                       events' and the repeat's)          */
    uint64_t script_due;            /* the script's next step             */
    uint8_t port60;                 /* last scan code sent                */
    uint8_t ascii60;                /* the character of that make code    */
    uint8_t full;                   /* port 64h bit 0: 60h not yet read   */
    uint8_t down[16];               /* the script's keys held, by scan code */
    uint8_t repeat_scan;            /* the key repeating (held last), 0: none */
    uint64_t repeat_due;            /* its next make code, UINT64_MAX: none */
    const struct input_event *events; /* the timed events (borrowed), in order */
    size_t nevents, next_event;
    uint64_t event_due;             /* when the next is tried, UINT64_MAX: none */
    struct input_event control;       /* the control event kbd_event() returned 2 for */
    int live;                       /* keys may come at any time (a window) */
    void (*sent)(void *ctx, uint64_t now, uint8_t code, uint8_t ascii);
    void *sent_ctx;
};

/* Parse a --keys script.  Text is typed as on a US keyboard; {NAME} is a
 * named key (ENTER, ESC, TAB, BKSP, SPACE, UP, DOWN, LEFT, RIGHT, HOME,
 * END, PGUP, PGDN, INS, DEL, F1-F10), {CTRL-X}/{ALT-X} a letter with a
 * modifier, {WAIT ms} a pause, {{ and }} the braces; {DOWN KEY} presses
 * KEY and {UP KEY} releases it, {HOLD KEY ms} holds it ms (KEY: a named
 * key, CTRL, SHIFT (the left), RSHIFT, ALT, or one character's key).
 * -1 with a one-line message naming the character where it went wrong
 * (a key released that is not down, pressed twice, down at the end). */
int keys_parse(const char *text, struct key_stroke **out, size_t *n, char *err, size_t errn);

void kbd_init(struct keyboard *k);
/* Take ownership of a script and type its first key at `now`. */
void kbd_start(struct keyboard *k, struct key_stroke *keys, size_t n, uint64_t now);
void kbd_free(struct keyboard *k);
/* The keyboard is the input (a script, timed events, a window), not stdin. */
int kbd_scripted(const struct keyboard *k);
/* Send the timed events (borrowed until kbd_free), from `now` on. */
void kbd_queue(struct keyboard *k, const struct input_event *events, size_t n);
/* The same events grown: `events` (perhaps moved) now holds n, the first
 * ones as before; those not yet sent follow. */
void kbd_queue_more(struct keyboard *k, const struct input_event *events, size_t n);
/* The character INT 09h stores with a make code under the modifiers held
 * (KEY_SHIFT, KEY_CTRL, KEY_ALT), as a US keyboard types it; 0 for none
 * (function keys, the keypad's arrows, Alt combinations). */
uint8_t kbd_char_of_scan(uint8_t scan, unsigned mods);
/* Keys are still to be typed (of the script or the events, or live). */
int kbd_more_coming(const struct keyboard *k);
/* At k->due: send the next scan code to port 60h and return 1 (raise
 * IRQ1), or return 0 when a key's make code waits because the BIOS
 * buffer is full (`buffer_full`) or a pause ended; 2 when a timed control
 * event is due (in k->control). */
int kbd_event(struct keyboard *k, uint64_t now, int buffer_full);
/* Port 60h and 64h reads. */
uint8_t kbd_read_data(struct keyboard *k);
uint8_t kbd_read_status(const struct keyboard *k);

/* The BIOS buffer word (scan << 8 | character) for a host byte. */
uint16_t kbd_code_for_byte(uint8_t byte);

#endif
