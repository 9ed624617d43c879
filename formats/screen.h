/*
 * formats/screen.h: a text screen as UTF-8 text.
 *
 * Owns the translation of code page 437 (the IBM PC's characters: line
 * drawing, accented letters, the glyphs of control codes) to UTF-8, and
 * the layout of a dump: one line per screen row, trailing blanks dropped,
 * every row written, attributes left out.
 */
#ifndef PROFIL_FORMATS_SCREEN_H
#define PROFIL_FORMATS_SCREEN_H

#include <stddef.h>
#include <stdint.h>

/* The UTF-8 bytes of a CP437 character (NUL shows as a space); returns
 * their count (1-3), out not NUL-terminated. */
size_t cp437_to_utf8(uint8_t ch, char out[4]);
/* `cells` holds rows x cols (character, attribute) pairs.  Returns a
 * malloc'ed UTF-8 text and its length in *n, or NULL without memory. */
char *screen_text(const uint8_t *cells, unsigned cols, unsigned rows, size_t *n);

#endif
