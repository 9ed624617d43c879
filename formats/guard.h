/*
 * formats/guard.h: what profil checks before it runs or writes, so that it
 * never destroys a user's file: whether two paths name the same file,
 * whether a file's bytes are a profile (.PRF or .prx) or text rather than a
 * program, and whether a file an output would replace is that kind of
 * profil output (the one check every output option makes).
 */
#ifndef PROFIL_FORMATS_GUARD_H
#define PROFIL_FORMATS_GUARD_H

#include <stddef.h>
#include <stdint.h>

/* Whether `a` and `b` name the same regular file: by device and inode when
 * both exist, else by their resolved paths (the folder's real path and the
 * last name).  Devices and FIFOs (/dev/null, a terminal) never collide. */
int same_file(const char *a, const char *b);
/* Whether `path` is the file open on host descriptor `fd` (a regular file). */
int same_file_as_fd(const char *path, int fd);
/* ".PRF", ".prx", ".prc" (the exact counts beside a .PRF) or ".prs" (a
 * sample log) when the bytes are a profile profil reads, else NULL.
 * A .PRF: PROFIL's header with a size that matches its bucket count, a
 * sample time of at least 60 us and its paragraphs in order. */
const char *profile_kind(const uint8_t *buf, size_t n);

/* Why the bytes of `name` are not a DOS program to run, or NULL: no MZ
 * header and either a name of a text file (.C, .H, .ASM, .TXT, .BAT ...)
 * or, for a name that is not .COM, text content (printable characters,
 * tabs and line ends only, and at least one line end). */
const char *program_refusal(const char *name, const uint8_t *buf, size_t n);

/* What an output writes, for output_refusal(). */
enum output_kind {
    OUTPUT_PRF,         /* PROFIL's .PRF (-o, merge -o, a child's, a DUMP) */
    OUTPUT_PRC,         /* NAME.prc beside it */
    OUTPUT_PRX,         /* --prx, NAME.prx */
    OUTPUT_PRS,         /* NAME.prs, --samples */
    OUTPUT_SCREEN,      /* --screen: a text screen, one line per row */
    OUTPUT_PNG,         /* --screen-png: an indexed PNG */
    OUTPUT_HTML,        /* report -o: profil report's page */
    OUTPUT_HST,         /* PROHST's listing (hist's PROHST form: NAME.HST) */
    OUTPUT_WAV,         /* --audio-wav: a WAVE file */
    OUTPUT_RECORDING,   /* --record: a profil recording (formats/recording.h) */
};
/* NULL when an output of that kind may replace what is at `path`:
 * nothing, an empty file, not a regular file (a device, a FIFO), or a file
 * whose content is that kind of profil output; else why not, ending in
 * the kind it would be ("is not a .PRF"), for a message that names the
 * path and --force. */
const char *output_refusal(const char *path, enum output_kind kind);

#endif
