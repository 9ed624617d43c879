/*
 * emu/chips/keyboard.c: scan codes, the --keys script and its timing (see
 * keyboard.h).
 */
#include "keyboard.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


#define STEP_CYCLES  (CPU_HZ_NUM / CPU_HZ_DEN / 200u)      /* 5 ms */
#define SCAN_LSHIFT  0x2Au
#define SCAN_RSHIFT  0x36u
#define SCAN_CTRL    0x1Du
#define SCAN_ALT     0x38u
#define BREAK        0x80u

/* The US layout: the characters of scan codes 02h-35h, plain and shifted
 * (a space where the code is not a character key). */
static const char plain[] = "1234567890-=  qwertyuiop[]  asdfghjkl;'` \\zxcvbnm,./";
static const char shifted[] = "!@#$%^&*()_+  QWERTYUIOP{}  ASDFGHJKL:\"~ |ZXCVBNM<>?";
#define FIRST_SCAN 0x02u

/* Scan code and modifiers of a character; 0 when no key types it. */
static uint8_t scan_of_char(uint8_t ch, uint8_t *mods)
{
    *mods = 0;
    switch (ch) {
    case ' ': return 0x39;
    case '\r': case '\n': return 0x1C;
    case '\t': return 0x0F;
    case '\b': return 0x0E;
    case 0x1B: return 0x01;
    default: break;
    }
    if (ch == 0 || ch >= 0x80)
        return 0;
    if (ch < 0x20) {            /* Ctrl-letter */
        uint8_t ignored;
        *mods = KEY_CTRL;
        return scan_of_char((uint8_t)(ch + 'a' - 1), &ignored);
    }
    const char *p = ch == ' ' ? NULL : strchr(plain, ch);
    if (p)
        return (uint8_t)(FIRST_SCAN + (p - plain));
    p = strchr(shifted, ch);
    if (p) {
        *mods = KEY_SHIFT;
        return (uint8_t)(FIRST_SCAN + (p - shifted));
    }
    return 0;
}

uint16_t kbd_code_for_byte(uint8_t byte)
{
    uint8_t mods;
    if (byte == '\n')
        byte = '\r';
    return (uint16_t)(scan_of_char(byte, &mods) << 8 | byte);
}

struct named { const char *name; uint8_t scan, ascii; };
static const struct named names[] = {
    { "ENTER", 0x1C, 0x0D }, { "ESC", 0x01, 0x1B }, { "TAB", 0x0F, 0x09 }, { "BKSP", 0x0E, 0x08 },
    { "BACKSPACE", 0x0E, 0x08 }, { "SPACE", 0x39, 0x20 }, { "UP", 0x48, 0 }, { "DOWN", 0x50, 0 },
    { "LEFT", 0x4B, 0 }, { "RIGHT", 0x4D, 0 }, { "HOME", 0x47, 0 }, { "END", 0x4F, 0 },
    { "PGUP", 0x49, 0 }, { "PGDN", 0x51, 0 }, { "INS", 0x52, 0 }, { "DEL", 0x53, 0 },
    { "F1", 0x3B, 0 }, { "F2", 0x3C, 0 }, { "F3", 0x3D, 0 }, { "F4", 0x3E, 0 }, { "F5", 0x3F, 0 },
    { "F6", 0x40, 0 }, { "F7", 0x41, 0 }, { "F8", 0x42, 0 }, { "F9", 0x43, 0 }, { "F10", 0x44, 0 },
};

/* A named key ({ENTER}, {F1}...) into a stroke; -1 when none. */
static int named_key(const char *name, struct key_stroke *k)
{
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].name) == 0) {
            k->scan = names[i].scan;
            k->ascii = names[i].ascii;
            return 0;
        }
    return -1;
}

/* The modifiers' keys, as {DOWN}, {UP} and {HOLD} name them. */
static const struct { const char *name; uint8_t scan, mod; } modifiers[] = {
    { "CTRL", SCAN_CTRL, KEY_CTRL }, { "SHIFT", SCAN_LSHIFT, KEY_SHIFT }, { "LSHIFT", SCAN_LSHIFT, KEY_SHIFT },
    { "RSHIFT", SCAN_RSHIFT, KEY_SHIFT }, { "ALT", SCAN_ALT, KEY_ALT },
};

/* The key a {DOWN}, {UP} or {HOLD} names (a modifier, a named key, or the
 * key of one character) into a stroke's scan code; -1 when none. */
static int key_of_name(const char *name, struct key_stroke *k)
{
    for (size_t i = 0; i < sizeof modifiers / sizeof modifiers[0]; i++)
        if (strcmp(name, modifiers[i].name) == 0) {
            k->scan = modifiers[i].scan;
            return 0;
        }
    if (named_key(name, k) == 0)
        return 0;
    uint8_t mods;
    if (name[0] && !name[1] && name[0] != ' ') {
        k->scan = scan_of_char((uint8_t)tolower((unsigned char)name[0]), &mods);
        return k->scan ? 0 : -1;
    }
    return -1;
}

/* One {...} name into a stroke (a {HOLD}'s press: its release follows);
 * -1 when it names nothing. */
static int parse_name(const char *name, struct key_stroke *k)
{
    memset(k, 0, sizeof *k);
    if (strncmp(name, "WAIT ", 5) == 0) {
        char *end;
        unsigned long ms = strtoul(name + 5, &end, 10);
        if (end == name + 5 || *end || ms > 3600000ul)
            return -1;
        k->wait_ms = (uint32_t)ms;
        return 0;
    }
    if (strncmp(name, "DOWN ", 5) == 0 || strncmp(name, "UP ", 3) == 0) {
        k->kind = name[0] == 'D' ? KEY_PRESS : KEY_RELEASE;
        return key_of_name(strchr(name, ' ') + 1, k);
    }
    if (strncmp(name, "HOLD ", 5) == 0) {
        char key[32], *end;
        const char *space = strrchr(name, ' ');
        size_t klen = (size_t)(space - name) - 5;
        unsigned long ms = strtoul(space + 1, &end, 10);
        if (klen == 0 || klen >= sizeof key || end == space + 1 || *end || ms == 0 || ms > 3600000ul)
            return -1;
        memcpy(key, name + 5, klen);
        key[klen] = 0;
        k->kind = KEY_PRESS;
        k->wait_ms = (uint32_t)ms;
        return key_of_name(key, k);
    }
    if ((strncmp(name, "CTRL-", 5) == 0 || strncmp(name, "ALT-", 4) == 0)) {
        const char *letter = strchr(name, '-') + 1;
        uint8_t mods;
        if (!isalpha((unsigned char)letter[0]) || letter[1])
            return -1;
        k->scan = scan_of_char((uint8_t)tolower((unsigned char)letter[0]), &mods);
        k->mods = name[0] == 'C' ? KEY_CTRL : KEY_ALT;
        k->ascii = name[0] == 'C' ? (uint8_t)(toupper((unsigned char)letter[0]) - '@') : 0;
        return 0;
    }
    return named_key(name, k);
}

/* Text of the script for a one-line message: controls and bytes past
 * ASCII as \xHH. */
static void printable(const char *s, size_t n, char *out, size_t outn)
{
    size_t o = 0;
    out[0] = 0;
    for (size_t i = 0; i < n && o + 5 < outn; i++) {
        unsigned char c = (unsigned char)s[i];
        o += (size_t)snprintf(out + o, outn - o, c < 0x20 || c >= 0x7F ? "\\x%02X" : "%c", c);
    }
}

#define IS_DOWN(set, scan) ((set)[(scan) >> 3] >> ((scan) & 7) & 1)

/* A stroke's key against the keys the script holds so far (`down`, and
 * where each was pressed): a press of a key down, a release of one up,
 * or a tap of one held is an error.  `shown` is the stroke as written. */
static int track_held(const struct key_stroke *k, uint8_t down[16], uint32_t pressed_at[128], size_t at,
                      const char *shown, char *err, size_t errn)
{
    uint8_t bit = (uint8_t)(1u << (k->scan & 7));
    if (k->kind == KEY_RELEASE && !IS_DOWN(down, k->scan)) {
        snprintf(err, errn, "--keys: {%s} at character %zu releases a key that is not down", shown, at);
        return -1;
    }
    if (k->kind != KEY_RELEASE && IS_DOWN(down, k->scan)) {
        snprintf(err, errn, "--keys: {%s} at character %zu: that key is already down (since character %u)",
                 shown, at, (unsigned)pressed_at[k->scan]);
        return -1;
    }
    if (k->kind == KEY_PRESS) {
        down[k->scan >> 3] |= bit;
        pressed_at[k->scan] = (uint32_t)at;
    } else if (k->kind == KEY_RELEASE) {
        down[k->scan >> 3] &= (uint8_t)~bit;
    }
    return 0;
}

int keys_parse(const char *text, struct key_stroke **out, size_t *n, char *err, size_t errn)
{
    size_t len = strlen(text), count = 0;
    struct key_stroke *keys = calloc(len + 1, sizeof *keys);
    uint8_t down[16] = { 0 };
    uint32_t pressed_at[128] = { 0 };
    if (!keys) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < len; i++) {
        struct key_stroke *k = &keys[count];
        uint8_t ch = (uint8_t)text[i];
        if ((ch == '{' || ch == '}') && text[i + 1] == ch) {
            i++;
        } else if (ch == '{') {
            const char *close = strchr(text + i, '}');
            char name[32];
            size_t nlen = close ? (size_t)(close - text - i - 1) : 0;
            if (!close || nlen == 0 || nlen >= sizeof name) {
                snprintf(err, errn, "--keys: unclosed or empty {...} at character %zu", i + 1);
                free(keys);
                return -1;
            }
            memcpy(name, text + i + 1, nlen);
            name[nlen] = 0;
            for (char *c = name; *c; c++)
                *c = (char)toupper((unsigned char)*c);
            char shown[4 * sizeof name + 1];
            printable(text + i + 1, nlen, shown, sizeof shown);
            if (parse_name(name, k) != 0) {
                snprintf(err, errn, "--keys: unknown key {%s} at character %zu (see profil run --help)", shown, i + 1);
                free(keys);
                return -1;
            }
            if (k->scan && track_held(k, down, pressed_at, i + 1, shown, err, errn) != 0) {
                free(keys);
                return -1;
            }
            count++;
            if (strncmp(name, "HOLD ", 5) == 0) {       /* its release */
                keys[count] = (struct key_stroke){ .scan = k->scan, .kind = KEY_RELEASE };
                down[k->scan >> 3] &= (uint8_t)~(1u << (k->scan & 7));
                count++;
            }
            i += nlen + 1;
            continue;
        } else if (ch == '}') {
            snprintf(err, errn, "--keys: a lone } at character %zu (write }} for the brace)", i + 1);
            free(keys);
            return -1;
        }
        k->scan = scan_of_char(ch, &k->mods);
        k->ascii = ch == '\n' ? '\r' : ch;
        if (!k->scan) {
            snprintf(err, errn, "--keys: no key types byte %02Xh (character %zu)", ch, i + 1);
            free(keys);
            return -1;
        }
        if (IS_DOWN(down, k->scan)) {
            snprintf(err, errn, "--keys: '%c' at character %zu: its key is down (since character %u)",
                     ch >= 0x20 && ch < 0x7F ? ch : '?', i + 1, (unsigned)pressed_at[k->scan]);
            free(keys);
            return -1;
        }
        count++;
    }
    for (unsigned scan = 0; scan < 128; scan++)
        if (IS_DOWN(down, scan)) {
            snprintf(err, errn, "--keys: the key pressed at character %u is still down at the end (release it with {UP ...})",
                     (unsigned)pressed_at[scan]);
            free(keys);
            return -1;
        }
    *out = keys;
    *n = count;
    return 0;
}

void kbd_init(struct keyboard *k)
{
    memset(k, 0, sizeof *k);
    k->due = UINT64_MAX;
    k->script_due = UINT64_MAX;
    k->event_due = UINT64_MAX;
    k->repeat_due = UINT64_MAX;
}

/* k->due: the script's next step or the next timed event, whichever first. */
static uint64_t script_due(const struct keyboard *k)
{
    return k->keys && k->next < k->nkeys ? k->script_due : UINT64_MAX;
}

static void update_due(struct keyboard *k)
{
    uint64_t s = script_due(k);
    k->due = s < k->event_due ? s : k->event_due;
    if (k->repeat_due < k->due)
        k->due = k->repeat_due;
}

void kbd_queue(struct keyboard *k, const struct input_event *events, size_t n)
{
    k->events = events;
    k->nevents = n;
    k->next_event = 0;
    k->event_due = n ? events[0].at : UINT64_MAX;
    update_due(k);
}

void kbd_start(struct keyboard *k, struct key_stroke *keys, size_t n, uint64_t now)
{
    kbd_free(k);
    k->keys = keys;
    k->nkeys = n;
    k->next = 0;
    k->step = 0;
    k->script_due = n ? now : UINT64_MAX;
    update_due(k);
}

void kbd_free(struct keyboard *k)
{
    free(k->keys);
    kbd_init(k);
}

void kbd_queue_more(struct keyboard *k, const struct input_event *events, size_t n)
{
    k->events = events;
    k->nevents = n;
    if (k->event_due == UINT64_MAX && k->next_event < n)
        k->event_due = events[k->next_event].at;
    update_due(k);
}

uint8_t kbd_char_of_scan(uint8_t scan, unsigned mods)
{
    static const uint8_t named[][2] = { { 0x01, 0x1B }, { 0x0E, 0x08 }, { 0x0F, 0x09 }, { 0x1C, 0x0D }, { 0x39, ' ' } };
    if (mods & KEY_ALT)
        return 0;
    for (size_t i = 0; i < sizeof named / sizeof *named; i++)
        if (named[i][0] == scan)
            return named[i][1];
    if (scan < FIRST_SCAN || scan >= FIRST_SCAN + sizeof plain - 1 || plain[scan - FIRST_SCAN] == ' ')
        return 0;
    char c = (mods & KEY_SHIFT ? shifted : plain)[scan - FIRST_SCAN];
    if (mods & KEY_CTRL)
        return c >= 'a' && c <= 'z' ? (uint8_t)(c - 'a' + 1) : c >= 'A' && c <= 'Z' ? (uint8_t)(c - 'A' + 1) : 0;
    return (uint8_t)c;
}

/* Latch a scan code in port 60h (IRQ1 follows) and tell `sent`. */
static void send_code(struct keyboard *k, uint64_t now, uint8_t code, uint8_t ascii)
{
    k->port60 = code;
    k->ascii60 = ascii;
    k->full = 1;
    if (k->sent)
        k->sent(k->sent_ctx, now, code, ascii);
}

int kbd_scripted(const struct keyboard *k) { return k->keys != NULL || k->events != NULL || k->live; }
int kbd_more_coming(const struct keyboard *k) { return k->due != UINT64_MAX || k->live; }

/* The modifiers (KEY_SHIFT, KEY_CTRL, KEY_ALT) the script holds down. */
static unsigned held_mods(const struct keyboard *k)
{
    unsigned mods = 0;
    for (size_t i = 0; i < sizeof modifiers / sizeof modifiers[0]; i++)
        if (IS_DOWN(k->down, modifiers[i].scan))
            mods |= modifiers[i].mod;
    return mods;
}

/* The scan codes of a stroke, in order (a modifier already held is
 * neither made nor broken again); returns how many. */
static unsigned stroke_codes(const struct key_stroke *s, unsigned held, uint8_t codes[8], unsigned *make_at)
{
    static const struct { uint8_t mod, scan; } mods[3] = {
        { KEY_CTRL, SCAN_CTRL }, { KEY_SHIFT, SCAN_LSHIFT }, { KEY_ALT, SCAN_ALT } };
    unsigned n = 0;
    if (s->kind == KEY_PRESS || s->kind == KEY_RELEASE) {
        *make_at = s->kind == KEY_PRESS ? 0 : 1;
        codes[n++] = s->kind == KEY_PRESS ? s->scan : (uint8_t)(s->scan | BREAK);
        return n;
    }
    for (int i = 0; i < 3; i++)
        if (s->mods & mods[i].mod & ~held)
            codes[n++] = mods[i].scan;
    *make_at = n;
    codes[n++] = s->scan;
    codes[n++] = (uint8_t)(s->scan | BREAK);
    for (int i = 2; i >= 0; i--)
        if (s->mods & mods[i].mod & ~held)
            codes[n++] = (uint8_t)(mods[i].scan | BREAK);
    return n;
}

static void next_stroke(struct keyboard *k, uint64_t at)
{
    k->next++;
    k->step = 0;
    k->script_due = k->next < k->nkeys ? at : UINT64_MAX;
}

/* The last key made is the one that repeats: a key pressed from half a
 * second on; a tap's, released a step later, never (so a script without
 * {DOWN} or {HOLD} has no repeats).  Its break stops it. */
static void typematic(struct keyboard *k, uint64_t now, uint8_t code, uint8_t kind)
{
    if (!(code & BREAK) || (code & (uint8_t)~BREAK) == k->repeat_scan) {
        int press = kind == KEY_PRESS && !(code & BREAK);
        k->repeat_scan = press ? code : 0;
        k->repeat_due = press ? now + KBD_TYPEMATIC_DELAY : UINT64_MAX;
    }
}

static int script_event(struct keyboard *k, uint64_t now, int buffer_full)
{
    if (k->next >= k->nkeys) {
        k->script_due = UINT64_MAX;
        return 0;
    }
    const struct key_stroke *s = &k->keys[k->next];
    if (!s->scan) {             /* a pause */
        next_stroke(k, now + (uint64_t)s->wait_ms * (CPU_HZ_NUM / CPU_HZ_DEN / 1000u));
        return 0;
    }
    uint8_t codes[8];
    unsigned held = held_mods(k), make_at, n = stroke_codes(s, held, codes, &make_at);
    /* The PC/XT keyboard sends its next code only when the last one was
     * taken from port 60h (the BIOS clears the register after reading it):
     * a key pressed while interrupts are off waits for INT 09h, not lost
     * under its own release code.  Likewise while the BIOS's buffer is
     * full. */
    if (k->full || (k->step == make_at && buffer_full)) {
        k->script_due = now + STEP_CYCLES;
        return 0;
    }
    uint8_t code = codes[k->step], bit = (uint8_t)(1u << (s->scan & 7));
    if (s->kind == KEY_PRESS)
        k->down[s->scan >> 3] |= bit;
    else if (s->kind == KEY_RELEASE)
        k->down[s->scan >> 3] &= (uint8_t)~bit;
    uint8_t ascii = k->step != make_at ? 0 : held || s->kind == KEY_PRESS ? kbd_char_of_scan(s->scan, s->mods | held_mods(k))
                                                                          : s->ascii;
    send_code(k, now, code, ascii);
    typematic(k, now, code, s->kind);
    if (++k->step >= n)
        next_stroke(k, now + (s->kind == KEY_PRESS && s->wait_ms ? (uint64_t)s->wait_ms * (CPU_HZ_NUM / CPU_HZ_DEN / 1000u)
                                                                  : STEP_CYCLES));
    else
        k->script_due = now + STEP_CYCLES;
    return 1;
}

/* The key held last sends its make code again, a period after the last
 * (or, when it had to wait for port 60h or the BIOS's buffer, a period
 * after it went). */
static int repeat_event(struct keyboard *k, uint64_t now, int buffer_full)
{
    if (k->full || buffer_full) {
        k->repeat_due = now + STEP_CYCLES;
        return 0;
    }
    send_code(k, now, k->repeat_scan, kbd_char_of_scan(k->repeat_scan, held_mods(k)));
    k->repeat_due += KBD_TYPEMATIC_PERIOD;
    if (k->repeat_due <= now)
        k->repeat_due = now + KBD_TYPEMATIC_PERIOD;
    return 1;
}

/* The next timed event: a control event is handed over at once; a scan
 * code waits as the script's do (port 60h not read yet, or a make code
 * while the BIOS's buffer is full), 5 ms at a time. */
static int queued_event(struct keyboard *k, uint64_t now, int buffer_full)
{
    const struct input_event *e = &k->events[k->next_event];
    int r = 2;
    if (e->kind != INPUT_KEY) {
        k->control = *e;
    } else if (k->full || (!(e->code & BREAK) && buffer_full)) {
        k->event_due = now + STEP_CYCLES;
        return 0;
    } else {
        send_code(k, now, e->code, e->code & BREAK ? 0 : e->ascii);
        r = 1;
    }
    k->next_event++;
    k->event_due = k->next_event < k->nevents ? k->events[k->next_event].at : UINT64_MAX;
    return r;
}

int kbd_event(struct keyboard *k, uint64_t now, int buffer_full)
{
    int r = 0;
    if (k->event_due <= now)
        r = queued_event(k, now, buffer_full);
    else if (script_due(k) <= now && script_due(k) <= k->repeat_due)
        r = script_event(k, now, buffer_full);
    else if (k->repeat_due <= now)
        r = repeat_event(k, now, buffer_full);
    update_due(k);
    return r;
}

uint8_t kbd_read_data(struct keyboard *k)
{
    k->full = 0;
    return k->port60;
}

uint8_t kbd_read_status(const struct keyboard *k) { return (uint8_t)(0x14 | k->full); }
