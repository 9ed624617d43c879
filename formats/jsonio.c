/*
 * formats/jsonio.c: see jsonio.h.
 */
#include "jsonio.h"

void json_put_text(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c >= 0x7F)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
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
