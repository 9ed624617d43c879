/*
 * formats/guard.c: see guard.h.
 */
#include "guard.h"

#include <libgen.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "prf.h"
#include "prx.h"
#include "recording.h"
#include "samplelog.h"

#include <strings.h>

/* The real path of `path`, or of its folder followed by its last name when
 * it does not exist yet; 0 when neither resolves. */
static int resolve(const char *path, char *out, size_t n)
{
    char *real = realpath(path, NULL);
    if (!real) {
        char dir[PATH_MAX], base[PATH_MAX];
        snprintf(dir, sizeof dir, "%s", path);
        snprintf(base, sizeof base, "%s", path);
        real = realpath(dirname(dir), NULL);
        if (!real)
            return 0;
        snprintf(out, n, "%s/%s", real, basename(base));
    } else {
        snprintf(out, n, "%s", real);
    }
    free(real);
    return 1;
}

static int special(const struct stat *st) { return !S_ISREG(st->st_mode); }

int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    int ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if ((ea && special(&sa)) || (eb && special(&sb)))
        return 0;
    if (ea && eb)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    if (ea != eb)
        return 0;
    char ra[PATH_MAX + 256], rb[PATH_MAX + 256];
    if (resolve(a, ra, sizeof ra) && resolve(b, rb, sizeof rb))
        return strcmp(ra, rb) == 0;
    return strcmp(a, b) == 0;
}

int same_file_as_fd(const char *path, int fd)
{
    struct stat sp, sf;
    return fstat(fd, &sf) == 0 && S_ISREG(sf.st_mode) && stat(path, &sp) == 0 &&
           sp.st_dev == sf.st_dev && sp.st_ino == sf.st_ino;
}

const char *profile_kind(const uint8_t *buf, size_t n)
{
    if (prx_looks_like(buf, n)) {
        size_t head = n < 256 ? n : 256;
        for (size_t i = 0; i + 10 <= head; i++)
            if (memcmp(buf + i, "profil-prx", 10) == 0)
                return ".prx";
            else if (memcmp(buf + i, "profil-prc", 10) == 0)
                return ".prc";
    }
    if (samplelog_looks_like(buf, n))
        return ".prs";
    struct prf p;
    char err[200];
    if (prf_decode(buf, n, &p, err, sizeof err) != 0)
        return NULL;
    int looks = p.clock_grain >= 60 && p.dos_pa <= p.prog_low_pa && p.prog_low_pa <= p.prog_high_pa;
    prf_free(&p);
    return looks ? ".PRF" : NULL;
}

/* Text: printable ASCII or UTF-8 bytes (80h up), tabs, line ends, form
 * feeds and a DOS end-of-file mark; at least one line end. */
static int looks_like_text(const uint8_t *buf, size_t n)
{
    int lines = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t c = buf[i];
        lines += c == '\n';
        if (c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != 0x1A)
            return 0;
        if (c == 0x7F)
            return 0;
    }
    return lines > 0;
}

const char *program_refusal(const char *name, const uint8_t *buf, size_t n)
{
    static const char *const text_exts[] = { ".C", ".H", ".CPP", ".HPP", ".ASM", ".INC", ".MAC", ".S", ".PAS",
                                             ".BAS", ".FOR", ".TXT", ".DOC", ".MD", ".LST", ".MAP", ".BAT", ".CFG",
                                             ".INI", ".CSV", ".JSON", ".HTML", ".HTM", ".MAK" };
    if (n >= 2 && ((buf[0] == 'M' && buf[1] == 'Z') || (buf[0] == 'Z' && buf[1] == 'M')))
        return NULL;
    const char *slash = strrchr(name, '/'), *dot = strrchr(name, '.');
    const char *ext = dot && (!slash || dot > slash) ? dot : "";
    for (size_t i = 0; i < sizeof text_exts / sizeof *text_exts; i++)
        if (strcasecmp(ext, text_exts[i]) == 0)
            return "not a DOS program: no MZ header, and its name is a text file's";
    if (strcasecmp(ext, ".COM") != 0 && looks_like_text(buf, n))
        return "not a DOS program: no MZ header, and its bytes are text";
    return NULL;
}

/* A --screen dump (formats/screen.h): valid UTF-8 lines, as many as a text
 * mode has rows (25, 43 or 50), none longer than 132 characters, no tab,
 * carriage return or other control character. */
static int looks_like_screen(const uint8_t *buf, size_t n)
{
    unsigned rows = 0, col = 0;
    for (size_t i = 0; i < n; i++) {
        uint8_t c = buf[i];
        if (c == '\n') {
            rows++;
            col = 0;
            continue;
        }
        if (c < 0x20 || c == 0x7F)
            return 0;
        if (c >= 0x80) {        /* a UTF-8 sequence: its lead byte and continuations */
            size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : 0;
            if (!len || i + len > n)
                return 0;
            for (size_t k = 1; k < len; k++)
                if ((buf[i + k] & 0xC0) != 0x80)
                    return 0;
            i += len - 1;
        }
        if (++col > 132)
            return 0;
    }
    return col == 0 && (rows == 25 || rows == 43 || rows == 50);
}

static int looks_like_png(const uint8_t *buf, size_t n)
{
    static const uint8_t sig[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n' };
    /* the signature, then IHDR (13 bytes): any size, 8 bits, colour type 3
     * (indexed), as formats/png.c writes every picture */
    static const uint8_t ihdr[8] = { 0, 0, 0, 13, 'I', 'H', 'D', 'R' };
    return n >= 26 && memcmp(buf, sig, 8) == 0 && memcmp(buf + 8, ihdr, 8) == 0 && buf[24] == 8 && buf[25] == 3;
}

static int head_has(const uint8_t *buf, size_t n, const char *s)
{
    size_t len = strlen(s), head = n < 512 ? n : 512;
    for (size_t i = 0; i + len <= head; i++)
        if (memcmp(buf + i, s, len) == 0)
            return 1;
    return 0;
}

const char *output_refusal(const char *path, enum output_kind kind)
{
    static const char *const names[] = { "is not a .PRF", "is not a profil .prc", "is not a profil .prx",
                                         "is not a profil sample log (.prs)", "is not a text screen --screen wrote",
                                         "is not an indexed-colour PNG --screen-png wrote",
                                         "is not a page profil report wrote", "is not a PROHST listing",
                                         "is not a WAVE file --audio-wav wrote", "is not a profil recording" };
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size == 0)
        return NULL;
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;            /* unreadable: the writing says why, if it fails */
    size_t cap = 1u << 20, n;
    uint8_t *buf = malloc(cap);
    if (!buf) {
        fclose(f);
        return "cannot be checked (out of memory)";
    }
    n = fread(buf, 1, cap, f);
    fclose(f);
    const char *profile = profile_kind(buf, n);
    int same = 0;
    switch (kind) {
    case OUTPUT_PRF: same = (uint64_t)st.st_size == n && profile && strcmp(profile, ".PRF") == 0; break;
    case OUTPUT_PRC: same = head_has(buf, n, "\"format\": \"profil-prc\""); break;
    case OUTPUT_PRX: same = profile && strcmp(profile, ".prx") == 0; break;
    case OUTPUT_PRS: same = samplelog_looks_like(buf, n); break;
    case OUTPUT_SCREEN: same = (uint64_t)st.st_size == n && looks_like_screen(buf, n); break;
    case OUTPUT_PNG: same = looks_like_png(buf, n); break;
    case OUTPUT_HTML: same = head_has(buf, n, "<meta name=\"generator\" content=\"profil report\">"); break;
    case OUTPUT_HST: same = n >= 31 && memcmp(buf, "Microsoft Profiler Output Listing", 31) == 0; break;
    case OUTPUT_WAV: same = n >= 12 && memcmp(buf, "RIFF", 4) == 0 && memcmp(buf + 8, "WAVE", 4) == 0; break;
    case OUTPUT_RECORDING:
        same = n > strlen(RECORDING_MAGIC) && memcmp(buf, RECORDING_MAGIC, strlen(RECORDING_MAGIC)) == 0 &&
               (buf[strlen(RECORDING_MAGIC)] == '\n' || buf[strlen(RECORDING_MAGIC)] == '\r');
        break;
    }
    free(buf);
    return same ? NULL : names[kind];
}
