/*
 * formats/jsonio.c: see jsonio.h.
 */
#include "jsonio.h"

#include <stdlib.h>

#include "fileio.h"

int json_read_file(const char *path, json_parse_fn fn, void *out, char *err, size_t errn)
{
    uint8_t *buf;
    size_t n;
    char why[200];
    json_error_t je;
    if (read_file(path, &buf, &n, err, errn) != 0)
        return -1;
    json_t *root = json_loadb((const char *)buf, n, 0, &je);
    free(buf);
    if (!root) {
        snprintf(err, errn, "%s: line %d: %s", path, je.line, je.text);
        return -1;
    }
    int rc = json_is_object(root) ? fn(root, out, why, sizeof why) : (snprintf(why, sizeof why, "not a JSON object"), -1);
    json_decref(root);
    if (rc != 0)
        snprintf(err, errn, "%s: %s", path, why);
    return rc;
}

static void put_text(FILE *f, const char *s, int html)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c >= 0x7F || (html && (c == '<' || c == '>' || c == '&')))
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

void json_put_text(FILE *f, const char *s)
{
    put_text(f, s, 0);
}

void json_put_text_html(FILE *f, const char *s)
{
    put_text(f, s, 1);
}

int json_get_uint(json_t *o, const char *key, uint64_t max, uint64_t *out)
{
    json_t *v = json_object_get(o, key);
    if (!json_is_integer(v) || json_integer_value(v) < 0 || (uint64_t)json_integer_value(v) > max)
        return -1;
    *out = (uint64_t)json_integer_value(v);
    return 0;
}

void json_get_text(json_t *o, const char *key, char *out, size_t n)
{
    const char *s = json_string_value(json_object_get(o, key));
    snprintf(out, n, "%s", s ? s : "");
}
