/*
 * formats/recording.c: reading and writing a run's input recording (see
 * recording.h and docs/recording.md).
 */
#include "recording.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../util/grow.h"
#include "fileio.h"

#define LINE_MAX_BYTES 1024u

static const char *const kind_names[] = { "key", "start", "stop", "mark" };

void recording_init(struct recording *r)
{
    memset(r, 0, sizeof *r);
}

void recording_free(struct recording *r)
{
    free(r->events);
    recording_init(r);
}

int recording_set_option(struct recording *r, const char *name, const char *value)
{
    if (r->nopt >= RECORDING_MAX_OPTIONS || strlen(name) >= sizeof r->opt[0].name ||
        strlen(value) >= sizeof r->opt[0].value)
        return -1;
    snprintf(r->opt[r->nopt].name, sizeof r->opt[0].name, "%s", name);
    snprintf(r->opt[r->nopt].value, sizeof r->opt[0].value, "%s", value);
    r->nopt++;
    return 0;
}

int recording_add(struct recording *r, const struct input_event *e)
{
    if (r->n >= RECORDING_MAX_EVENTS || grow_array(&r->events, &r->cap, r->n + 1, sizeof *r->events) != 0)
        return -1;
    r->events[r->n++] = *e;
    return 0;
}

const char *recording_option(const struct recording *r, const char *name)
{
    for (size_t i = 0; i < r->nopt; i++)
        if (strcmp(r->opt[i].name, name) == 0)
            return r->opt[i].value;
    return NULL;
}

/* ---- reading ------------------------------------------------------------- */

struct reader {
    const char *path;
    unsigned line;
    char *err;
    size_t errn;
};

__attribute__((format(printf, 2, 3)))
static int fail(struct reader *rd, const char *fmt, ...)
{
    int n = snprintf(rd->err, rd->errn, "%s:%u: ", rd->path, rd->line);
    va_list ap;
    va_start(ap, fmt);
    if (n >= 0 && (size_t)n < rd->errn)
        vsnprintf(rd->err + n, rd->errn - (size_t)n, fmt, ap);
    va_end(ap);
    return -1;
}

/* A decimal cycle count that fits 63 bits; the rest of the line after it in *rest. */
static int parse_cycles(const char *s, uint64_t *out, const char **rest)
{
    if (*s < '0' || *s > '9')
        return -1;
    uint64_t v = 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (v > (UINT64_MAX / 2 - 9) / 10)
            return -1;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    *rest = s;
    return 0;
}

/* Two hex digits. */
static int parse_byte(const char *s, uint8_t *out)
{
    unsigned v = 0;
    for (int i = 0; i < 2; i++) {
        char c = s[i];
        unsigned d = c >= '0' && c <= '9' ? (unsigned)(c - '0') : c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) : 16;
        if (d > 15)
            return -1;
        v = v * 16 + d;
    }
    *out = (uint8_t)v;
    return 0;
}

/* An escaped value (\\ and \xHH, the rest printable ASCII) into out. */
static int unescape(const char *s, char *out, size_t n)
{
    size_t o = 0;
    for (; *s; s++) {
        uint8_t c = (uint8_t)*s;
        if (c < 0x20 || c > 0x7E)
            return -1;
        if (c == '\\') {
            if (s[1] == '\\') {
                s++;
            } else if (s[1] == 'x' && parse_byte(s + 2, &c) == 0 && c) {
                s += 3;
            } else {
                return -1;
            }
        }
        if (o + 1 >= n)
            return -1;
        out[o++] = (char)c;
    }
    out[o] = 0;
    return 0;
}

static int parse_line(struct reader *rd, char *line, struct recording *r, int *seen_program)
{
    uint64_t at;
    const char *rest;
    char *arg = strchr(line, ' ');
    if (!arg)
        return fail(rd, "'%s' without its fields", line);
    *arg++ = 0;
    if (r->end_reason[0])
        return fail(rd, "'%s' after the 'end' line", line);
    if (strcmp(line, "program") == 0) {
        char *name = strchr(arg, ' ');
        if (*seen_program)
            return fail(rd, "a second 'program' line");
        if (!name || name - arg != 64 || strspn(arg, "0123456789abcdef") != 64)
            return fail(rd, "want 'program SHA256 NAME' (64 lowercase hex digits)");
        memcpy(r->sha256, arg, 64);
        r->sha256[64] = 0;
        if (unescape(name + 1, r->program, sizeof r->program) != 0)
            return fail(rd, "the program's name: printable ASCII with \\\\ and \\xHH escapes, at most %u bytes",
                        RECORDING_VALUE_MAX - 1);
        *seen_program = 1;
        return 0;
    }
    if (!*seen_program)
        return fail(rd, "'%s' before the 'program' line", line);
    if (strcmp(line, "option") == 0) {
        char *value = strchr(arg, ' ');
        char unescaped[RECORDING_VALUE_MAX];
        if (!value)
            return fail(rd, "want 'option NAME VALUE'");
        *value++ = 0;
        if (r->n)
            return fail(rd, "option %s after the first event", arg);
        if (recording_option(r, arg))
            return fail(rd, "option %s given twice", arg);
        if (unescape(value, unescaped, sizeof unescaped) != 0)
            return fail(rd, "option %s: printable ASCII with \\\\ and \\xHH escapes, at most %u bytes", arg,
                        RECORDING_VALUE_MAX - 1);
        if (recording_set_option(r, arg, unescaped) != 0)
            return fail(rd, "option %s: more than %u options, or a name longer than %zu", arg,
                        RECORDING_MAX_OPTIONS, sizeof r->opt[0].name - 1);
        return 0;
    }
    if (parse_cycles(arg, &at, &rest) != 0)
        return fail(rd, "%s: want a cycle count (decimal, below 2^63)", line);
    uint64_t last = r->n ? r->events[r->n - 1].at : 0;
    if (at < last)
        return fail(rd, "%s at cycle %llu comes before the event above it (cycle %llu): events are in time order",
                    line, (unsigned long long)at, (unsigned long long)last);
    if (strcmp(line, "end") == 0) {
        if (*rest != ' ' || !rest[1] || strlen(rest + 1) >= sizeof r->end_reason ||
            strspn(rest + 1, "abcdefghijklmnopqrstuvwxyz-") != strlen(rest + 1))
            return fail(rd, "want 'end CYCLE REASON' (exit, timeout, interrupted, ...)");
        r->end = at;
        snprintf(r->end_reason, sizeof r->end_reason, "%s", rest + 1);
        return 0;
    }
    struct input_event e = { .at = at };
    size_t k;
    for (k = 0; k < sizeof kind_names / sizeof *kind_names; k++)
        if (strcmp(line, kind_names[k]) == 0)
            break;
    if (k == sizeof kind_names / sizeof *kind_names)
        return fail(rd, "unknown line '%s' (program, option, key, start, stop, mark, end)", line);
    e.kind = (uint8_t)k;
    if (e.kind == INPUT_KEY) {
        if (rest[0] != ' ' || parse_byte(rest + 1, &e.code) != 0 || rest[3] != ' ' ||
            parse_byte(rest + 4, &e.ascii) != 0 || rest[6])
            return fail(rd, "want 'key CYCLE CODE CHAR', CODE and CHAR two lowercase hex digits each");
    } else if (*rest) {
        return fail(rd, "want '%s CYCLE'", line);
    }
    if (recording_add(r, &e) != 0)
        return fail(rd, "more than %u events, or out of memory", RECORDING_MAX_EVENTS);
    return 0;
}

int recording_parse(const char *path, const char *text, size_t len, struct recording *r, char *err, size_t errn)
{
    struct reader rd = { path, 0, err, errn };
    int seen_magic = 0, seen_program = 0;
    recording_init(r);
    for (size_t i = 0; i < len;) {
        const char *nl = memchr(text + i, '\n', len - i);
        size_t n = nl ? (size_t)(nl - text - i) : len - i;
        char line[LINE_MAX_BYTES + 1];
        rd.line++;
        if (!nl) {
            recording_free(r);
            return fail(&rd, "truncated: the last line has no newline");
        }
        if (n > LINE_MAX_BYTES || memchr(text + i, 0, n)) {
            recording_free(r);
            return fail(&rd, n > LINE_MAX_BYTES ? "a line longer than %u bytes" : "a NUL byte in the line%.0u",
                        LINE_MAX_BYTES);
        }
        memcpy(line, text + i, n);
        line[n] = 0;
        i += n + 1;
        if (n && line[n - 1] == '\r')
            line[--n] = 0;
        if (!seen_magic) {
            if (strcmp(line, RECORDING_MAGIC) != 0) {
                recording_free(r);
                return fail(&rd, "not a profil recording (its first line is '" RECORDING_MAGIC "')");
            }
            seen_magic = 1;
            continue;
        }
        if (n == 0 || line[0] == '#')
            continue;
        if (parse_line(&rd, line, r, &seen_program) != 0) {
            recording_free(r);
            return -1;
        }
    }
    rd.line++;
    if (!seen_magic || !r->end_reason[0]) {
        recording_free(r);
        return fail(&rd, !seen_magic ? "empty: not a profil recording" : "truncated: no 'end' line");
    }
    if (r->n && r->events[r->n - 1].at > r->end) {
        recording_free(r);
        rd.line--;
        return fail(&rd, "the run ends (cycle %llu) before its last event", (unsigned long long)r->end);
    }
    return 0;
}

int recording_read(const char *path, struct recording *r, char *err, size_t errn)
{
    uint8_t *buf;
    size_t n;
    recording_init(r);
    if (read_file(path, &buf, &n, err, errn) != 0)
        return -1;
    int rc = recording_parse(path, (const char *)buf, n, r, err, errn);
    free(buf);
    return rc;
}

/* ---- writing ------------------------------------------------------------- */

static void put_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        uint8_t c = (uint8_t)*s;
        if (c == '\\')
            fputs("\\\\", f);
        else if (c < 0x20 || c > 0x7E)
            fprintf(f, "\\x%02x", c);
        else
            fputc(c, f);
    }
}

static void write_text(FILE *f, const void *ctx)
{
    const struct recording *r = ctx;
    fputs(RECORDING_MAGIC "\n# profil run --replay reads this: docs/recording.md\nprogram ", f);
    fprintf(f, "%s ", r->sha256);
    put_escaped(f, r->program);
    fputc('\n', f);
    for (size_t i = 0; i < r->nopt; i++) {
        fprintf(f, "option %s ", r->opt[i].name);
        put_escaped(f, r->opt[i].value);
        fputc('\n', f);
    }
    for (size_t i = 0; i < r->n; i++) {
        const struct input_event *e = &r->events[i];
        fprintf(f, "%s %llu", kind_names[e->kind], (unsigned long long)e->at);
        if (e->kind == INPUT_KEY)
            fprintf(f, " %02x %02x", e->code, e->ascii);
        fputc('\n', f);
    }
    fprintf(f, "end %llu %s\n", (unsigned long long)r->end, r->end_reason);
}

int recording_write(const char *path, const struct recording *r, char *err, size_t errn)
{
    return write_text_atomic(path, write_text, r, err, errn);
}
