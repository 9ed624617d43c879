/*
 * formats/jsonio.h: the small JSON helpers the .prx and .prc files share:
 * writing a plain-text string, reading an unsigned number or a text field
 * with jansson.
 */
#ifndef PROFIL_FORMATS_JSONIO_H
#define PROFIL_FORMATS_JSONIO_H

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>

/* A JSON string of plain text: quotes, backslashes and controls escaped. */
void json_put_text(FILE *f, const char *s);
/* o[key] as an integer 0..max; -1 when missing, negative or too large. */
int json_get_uint(json_t *o, const char *key, uint64_t max, uint64_t *out);
/* o[key] as text into out ("" when missing). */
void json_get_text(json_t *o, const char *key, char *out, size_t n);

#endif
