/*
 * formats/jsonio.h: the small JSON helpers the .prx and .prc files share:
 * writing a plain-text string, reading an unsigned number or a text field
 * with jansson.
 */
#ifndef PROFIL_FORMATS_JSONIO_H
#define PROFIL_FORMATS_JSONIO_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Read path and parse its root object with fn(root, out, why, whyn);
 * -1 with "PATH: problem" (a JSON error with its line) in err. */
typedef int (*json_parse_fn)(json_t *root, void *out, char *why, size_t whyn);
int json_read_file(const char *path, json_parse_fn fn, void *out, char *err, size_t errn);
/* A JSON string of plain text: quotes, backslashes and bytes outside
 * printable ASCII escaped (map names are bytes: the JSON stays ASCII). */
void json_put_text(FILE *f, const char *s);
/* The same with <, > and & escaped too: safe inside an HTML <script>. */
void json_put_text_html(FILE *f, const char *s);
/* o[key] as an integer 0..max; -1 when missing, negative or too large. */
int json_get_uint(json_t *o, const char *key, uint64_t max, uint64_t *out);
/* o[key] as text into out ("" when missing). */
void json_get_text(json_t *o, const char *key, char *out, size_t n);

#endif
