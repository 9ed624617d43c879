/*
 * formats/export.c: CSV and JSON writers (see export.h).
 */
#include "export.h"

#include <stdlib.h>

#include "attrib.h"

static void csv_string(FILE *f, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        if (*s == '"')
            putc('"', f);
        putc(*s, f);
    }
    putc('"', f);
}

static void json_string(FILE *f, const char *s)
{
    putc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20 || c >= 0x7F)
            fprintf(f, "\\u%04x", c);   /* map names are bytes: keep the JSON ASCII */
        else
            putc(c, f);
    }
    putc('"', f);
}

static double total_samples(const struct prf *p)
{
    double t = (double)p->hit_io + p->hit_dos + p->hit_high;
    for (unsigned i = 0; i < p->bucket_num; i++)
        t += p->bucket[i];
    return t;
}

int export_csv(FILE *f, const struct prf *p, const struct symtab *t)
{
    double total = total_samples(p), t1 = total > 0 ? total : 1;
    fprintf(f, "kind,name,start,end,hits,percent\n");
    if (t) {
        struct unit_hits *rows;
        size_t n;
        if (attribute_hits(p, t, &rows, &n) != 0)
            return -1;
        for (size_t i = 0; i < n; i++) {
            fprintf(f, "%s,", i + 1 < n ? "symbol" : "none");
            csv_string(f, rows[i].name);
            fprintf(f, ",%u,%u,%.2f,%.3f\n", rows[i].start, rows[i].end, rows[i].hits, 100.0 * rows[i].hits / t1);
        }
        free(rows);
    } else {
        for (unsigned i = 0; i < p->bucket_num; i++) {
            uint32_t lo = i * p->bucket_size * 16u;
            fprintf(f, "bucket,\"%u\",%u,%u,%u,%.3f\n", i, lo, lo + p->bucket_size * 16u, p->bucket[i],
                    100.0 * p->bucket[i] / t1);
        }
    }
    const char *names[3] = { "io", "dos", "high" };
    const unsigned hits[3] = { p->hit_io, p->hit_dos, p->hit_high };
    for (int k = 0; k < 3; k++)
        fprintf(f, "%s,\"%s\",,,%u,%.3f\n", names[k], names[k], hits[k], 100.0 * hits[k] / t1);
    return 0;
}

int export_json(FILE *f, const struct prf *p, const struct symtab *t)
{
    fprintf(f, "{\n  \"profil\": 1,\n  \"header\": {\"clock_grain\": %u, \"bucket_num\": %u, \"bucket_size\": %u, "
               "\"prog_low_pa\": %u, \"prog_high_pa\": %u, \"dos_pa\": %u, \"hit_io\": %u, \"hit_dos\": %u, "
               "\"hit_high\": %u},\n",
            p->clock_grain, p->bucket_num, p->bucket_size, p->prog_low_pa, p->prog_high_pa, p->dos_pa,
            p->hit_io, p->hit_dos, p->hit_high);
    fprintf(f, "  \"total_samples\": %.0f,\n  \"buckets\": [", total_samples(p));
    for (unsigned i = 0; i < p->bucket_num; i++)
        fprintf(f, "%s%u", i ? ", " : "", p->bucket[i]);
    fprintf(f, "]");
    if (t) {
        struct unit_hits *rows;
        size_t n;
        if (attribute_hits(p, t, &rows, &n) != 0)
            return -1;
        fprintf(f, ",\n  \"map_format\": ");
        json_string(f, map_format_name(t->format));
        fprintf(f, ",\n  \"symbols\": [");
        for (size_t i = 0; i + 1 < n; i++) {
            fprintf(f, "%s\n    {\"name\": ", i ? "," : "");
            json_string(f, rows[i].name);
            fprintf(f, ", \"start\": %u, \"end\": %u, \"hits\": %.2f}", rows[i].start, rows[i].end, rows[i].hits);
        }
        fprintf(f, "\n  ],\n  \"unattributed\": %.2f", rows[n - 1].hits);
        free(rows);
    }
    fprintf(f, "\n}\n");
    return 0;
}
