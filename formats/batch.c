/*
 * formats/batch.c: a DOS batch file into the steps `run` takes for it
 * (see batch.h).
 */
#include "batch.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#define DELIMS " \t,;="

/* COMMAND.COM's own commands that a batch file here cannot use. */
static const char *const unsupported[] = {
    "GOTO", "IF", "FOR", "CALL", "SHIFT", "SET", "PATH", "PROMPT", "CD", "CHDIR", "MD", "MKDIR", "RD", "RMDIR",
    "DEL", "ERASE", "COPY", "REN", "RENAME", "TYPE", "DIR", "VER", "VOL", "DATE", "TIME", "BREAK", "VERIFY",
    "CTTY", "EXIT", "LH", "LOADHIGH", "CHCP", "TRUENAME",
};

struct reader {
    const char *name;
    unsigned line;
    char *err;
    size_t errn;
};

static int fail(const struct reader *r, const char *fmt, ...)
{
    char what[300];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(r->err, r->errn, "%s:%u: %s", r->name, r->line, what);
    return -1;
}

/* The n-th argument (from 1) of `args`, or "" (%0 is the batch's name). */
static size_t argument(const char *args, unsigned n, const char **at)
{
    const char *p = args;
    for (unsigned i = 1;; i++) {
        p += strspn(p, DELIMS);
        size_t len = strcspn(p, DELIMS);
        if (i == n || !len) {
            *at = p;
            return len;
        }
        p += len;
    }
}

/* %NAME%'s value in `env`, or "". */
static const char *variable(const char *name, size_t len, const char *const *env, size_t nenv, size_t *vlen)
{
    for (size_t i = 0; i < nenv; i++)
        if (strncasecmp(env[i], name, len) == 0 && env[i][len] == '=') {
            *vlen = strlen(env[i] + len + 1);
            return env[i] + len + 1;
        }
    *vlen = 0;
    return "";
}

/* The line with %0-%9, %% and %NAME% replaced; -1 when it grows past
 * COMMAND.COM's line. */
static int substitute(const struct reader *r, const char *line, size_t len, const char *self, const char *args,
                      const char *const *env, size_t nenv, char *out)
{
    size_t o = 0;
    for (size_t i = 0; i < len; i++) {
        const char *v = line + i;
        size_t vlen = 1;
        if (line[i] == '%' && i + 1 < len) {
            const char *close = memchr(line + i + 1, '%', len - i - 1);
            if (line[i + 1] == '%') {
                i++;
            } else if (isdigit((unsigned char)line[i + 1])) {
                unsigned n = (unsigned)(line[i + 1] - '0');
                vlen = n ? argument(args, n, &v) : strlen(self);
                if (!n)
                    v = self;
                i++;
            } else if (close && close > line + i + 1) {
                v = variable(line + i + 1, (size_t)(close - line - i - 1), env, nenv, &vlen);
                i = (size_t)(close - line);
            }
        }
        if (o + vlen > BATCH_LINE_MAX)
            return fail(r, "longer than %d characters once its %%s are replaced", BATCH_LINE_MAX);
        memcpy(out + o, v, vlen);
        o += vlen;
    }
    out[o] = 0;
    return 0;
}

static struct batch_step *add(struct batch *b, const struct reader *r, enum batch_kind kind)
{
    if (b->n >= BATCH_STEPS_MAX) {
        fail(r, "more than %d steps", BATCH_STEPS_MAX);
        return NULL;
    }
    struct batch_step *s = &b->steps[b->n++];
    memset(s, 0, sizeof *s);
    s->kind = kind;
    s->line = r->line;
    return s;
}

static int print(struct batch *b, const struct reader *r, const char *a, const char *c)
{
    struct batch_step *s = add(b, r, BATCH_PRINT);
    if (!s)
        return -1;
    snprintf(s->text, sizeof s->text, "%s%s\r\n", a, c);
    return 0;
}

/* ECHO's text after its name: ECHO. a blank line, ECHO alone the state,
 * ON and OFF the state set, anything else printed. */
static int echo(struct batch *b, const struct reader *r, const char *rest, int *echoing)
{
    if (*rest == '.')
        return print(b, r, "", rest + 1);
    if (*rest)
        rest++;                 /* the delimiter after ECHO */
    char word[8] = "";
    const char *t = rest + strspn(rest, " \t");
    size_t tlen = strlen(t);
    while (tlen && (t[tlen - 1] == ' ' || t[tlen - 1] == '\t'))
        tlen--;
    if (tlen < sizeof word)
        memcpy(word, t, tlen), word[tlen] = 0;
    if (!tlen)
        return print(b, r, "ECHO is ", *echoing ? "on" : "off");
    if (strcasecmp(word, "ON") == 0 || strcasecmp(word, "OFF") == 0) {
        *echoing = toupper((unsigned char)word[1]) == 'N';
        return 0;
    }
    return print(b, r, "", rest);
}

/* A program's line: its name (with .COM or .EXE, or none) and tail. */
static int program(struct batch *b, const struct reader *r, const char *word, size_t wlen, const char *rest)
{
    const char *base = word;
    for (size_t i = 0; i < wlen; i++)
        if (word[i] == '\\' || word[i] == ':')
            base = word + i + 1;
    const char *dot = memchr(base, '.', wlen - (size_t)(base - word));
    size_t elen = dot ? wlen - (size_t)(dot - word) : 0;
    if (wlen == 2 && word[1] == ':')
        return fail(r, "%.2s: changing the drive is not supported (profil runs programs, ECHO, REM, CLS and "
                    "PAUSE)", word);
    if (dot && elen == 4 && strncasecmp(dot, ".BAT", 4) == 0)
        return fail(r, "%.*s: another batch file is not supported (profil runs one)", (int)wlen, word);
    if (dot && !(elen == 4 && (strncasecmp(dot, ".COM", 4) == 0 || strncasecmp(dot, ".EXE", 4) == 0)))
        return fail(r, "%.*s: not a .COM or .EXE program", (int)wlen, word);
    struct batch_step *s = add(b, r, BATCH_RUN);
    if (!s)
        return -1;
    snprintf(s->text, sizeof s->text, "%.*s", (int)wlen, word);
    snprintf(s->tail, sizeof s->tail, "%s", rest);
    s->has_ext = dot != NULL;
    return 0;
}

static int line_steps(struct batch *b, const struct reader *r, char *line, int *echoing)
{
    char *p = line + strspn(line, " \t");
    int quiet = *p == '@';
    if (quiet)
        p += 1 + strspn(p + 1, " \t");
    if (!*p || *p == ':')
        return 0;               /* empty, or a label */
    const char *redir = strpbrk(p, "<>|");
    if (redir)
        return fail(r, "'%c': redirection and pipes are not supported", *redir);
    if (*echoing && !quiet && print(b, r, "\r\nC>", p) != 0)
        return -1;
    size_t wlen = strcspn(p, DELIMS "/");
    if (!wlen)
        return fail(r, "'%c' where a command should be", *p);
    char word[16];
    snprintf(word, sizeof word, "%.*s", (int)(wlen < sizeof word - 1 ? wlen : sizeof word - 1), p);
    for (char *c = word; *c; c++)
        *c = (char)toupper((unsigned char)*c);
    if (strncmp(word, "ECHO", 4) == 0 && (word[4] == 0 || word[4] == '.'))
        return echo(b, r, p + 4, echoing);
    if (strcmp(word, "REM") == 0)
        return 0;
    if (strcmp(word, "CLS") == 0 || strcmp(word, "PAUSE") == 0)
        return add(b, r, word[0] == 'C' ? BATCH_CLS : BATCH_PAUSE) ? 0 : -1;
    for (size_t i = 0; i < sizeof unsupported / sizeof unsupported[0]; i++)
        if (strcmp(word, unsupported[i]) == 0)
            return fail(r, "%s: a batch command profil does not run (it runs programs, ECHO, REM, CLS and PAUSE)",
                        word);
    return program(b, r, p, wlen, p + wlen);
}

int batch_parse(const char *name, const uint8_t *text, size_t size, const char *args, const char *const *env,
                size_t nenv, struct batch *out, char *err, size_t errn)
{
    struct reader r = { name, 0, err, errn };
    struct batch b = { calloc(BATCH_STEPS_MAX, sizeof *b.steps), 0 };
    const char *self = strrchr(name, '/') ? strrchr(name, '/') + 1 : name;
    int echoing = 1;
    if (!b.steps) {
        snprintf(err, errn, "out of memory");
        return -1;
    }
    const uint8_t *eof = memchr(text, 0x1A, size);
    size_t end = eof ? (size_t)(eof - text) : size;
    for (size_t at = 0; at < end;) {
        const uint8_t *nl = memchr(text + at, '\n', end - at);
        size_t len = nl ? (size_t)(nl - text) - at : end - at, next = at + len + 1;
        r.line++;
        if (len && text[at + len - 1] == '\r')
            len--;
        char line[BATCH_LINE_MAX + 1];
        if (memchr(text + at, 0, len)) {
            fail(&r, "a NUL byte: not a batch file");
            goto bad;
        }
        if (substitute(&r, (const char *)text + at, len, self, args ? args : "", env, nenv, line) != 0 ||
            line_steps(&b, &r, line, &echoing) != 0)
            goto bad;
        at = next;
    }
    *out = b;
    return 0;
bad:
    batch_free(&b);
    return -1;
}

void batch_free(struct batch *b)
{
    free(b->steps);
    b->steps = NULL;
    b->n = 0;
}
