/*
 * cmd/cover.c: `profil cover FILE.prx [--map FILE.MAP] [--by symbol|line]`,
 * coverage from a trace (Inferno prof's coverage profiling): per symbol,
 * or per source line with a line-number table, the bytes of code executed
 * and not executed, then the symbols never executed.  Without a map, the
 * executed byte ranges of the program.  Executed bytes are the bytes of
 * each instruction that ran (its length decoded when the run ended).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../formats/prx.h"
#include "../formats/symfind.h"
#include "../formats/symtab.h"
#include "commands.h"
#include "manpage.h"
#include "options.h"
#include "session.h"

/* One flag per program byte: 1 when an instruction that ran covers it. */
static uint8_t *executed_bytes(const struct prx *x, uint32_t size)
{
    uint8_t *ran = calloc(size ? size : 1, 1);
    if (!ran)
        return NULL;
    for (size_t i = 0; i < x->n; i++) {
        const struct prx_entry *e = &x->e[i];
        if (e->cls != PRX_PROGRAM || !e->insns)
            continue;
        uint32_t off = prx_offset(x, e);
        for (uint32_t k = 0; k < e->length && off + k < size; k++)
            ran[off + k] = 1;
    }
    return ran;
}

static uint32_t count_run(const uint8_t *ran, uint32_t start, uint32_t end)
{
    uint32_t n = 0;
    for (uint32_t a = start; a < end; a++)
        n += ran[a];
    return n;
}

static void print_row(const char *name, uint32_t start, uint32_t end, uint32_t done)
{
    uint32_t size = end - start;
    printf("%-24s %6u %6u %6.1f%%  %05X-%05X\n", name, done, size - done,
           size ? 100.0 * done / size : 0.0, start, end - 1);
}

static void cover_ranges(const uint8_t *ran, uint32_t size)
{
    uint32_t total = 0, runs = 0;
    printf("executed ranges (load-module offsets):\n");
    for (uint32_t a = 0; a < size;) {
        if (!ran[a]) {
            a++;
            continue;
        }
        uint32_t b = a;
        while (b < size && ran[b])
            b++;
        printf("  %05X-%05X  %u bytes\n", a, b - 1, b - a);
        total += b - a;
        runs++;
        a = b;
    }
    printf("%u bytes executed in %u ranges (no map: give --map for symbols)\n", total, runs);
}

/* Unit i of the table (a symbol, or a line entry): its name and range. */
static const char *unit_range(const struct symtab *t, size_t i, uint32_t size, int by_line,
                              uint32_t *start, uint32_t *end)
{
    *start = by_line ? t->line[i].addr : t->sym[i].addr;
    *end = by_line ? symtab_line_end(t, i, size) : symtab_symbol_end(t, i, size);
    return by_line ? t->line[i].label : t->sym[i].name;
}

/* Unit i when it is code with bytes: its name, else NULL. */
static const char *code_unit(const struct symtab *t, size_t i, uint32_t size, int by_line, uint32_t *start,
                             uint32_t *end)
{
    const char *name = unit_range(t, i, size, by_line, start, end);
    return *end > *start && !symtab_is_data(t, *start) ? name : NULL;
}

static void cover_symbols(const struct symtab *t, const uint8_t *ran, uint32_t size, int by_line)
{
    size_t n = by_line ? t->nline : t->nsym, never = 0, data = 0;
    uint32_t done_all = 0, size_all = 0, start, end;
    printf("%-24s %6s %6s %7s  %s\n", by_line ? "line" : "symbol", "ran", "not", "covered", "bytes");
    for (size_t i = 0; i < n; i++) {
        const char *name = code_unit(t, i, size, by_line, &start, &end);
        data += !name && end > start;
        if (!name)
            continue;
        uint32_t done = count_run(ran, start, end);
        print_row(name, start, end, done);
        done_all += done;
        size_all += end - start;
        never += done == 0;
    }
    printf("%-24s %6u %6u %6.1f%%\n", "total", done_all, size_all - done_all,
           size_all ? 100.0 * done_all / size_all : 0.0);
    if (never) {
        printf("never executed (%zu):", never);
        for (size_t i = 0; i < n; i++) {
            const char *name = code_unit(t, i, size, by_line, &start, &end);
            if (name && count_run(ran, start, end) == 0)
                printf(" %s", name);
        }
        printf("\n");
    }
    if (!data)
        return;
    printf("data, not code (%zu):", data);
    for (size_t i = 0; i < n; i++)
        if (!code_unit(t, i, size, by_line, &start, &end) && end > start)
            printf(" %s", unit_range(t, i, size, by_line, &start, &end));
    printf("\n");
}

/* What cover's options fill. */
struct cover_args {
    const char *map;
    int by_line;                /* the index of --by's name */
};

static const char *const cover_by_names[] = { "symbol", "line" };

#define A struct cover_args
static const struct opt cover_table[] = {
    { "map", 0, OPT_STRING, OPT_AT(A, map), .arg = "FILE.MAP",
      .help = "per symbol of the map: bytes ran and not, and the symbols never\n"
              "executed (default: the map beside the program, else its debug\n"
              "information; with neither: the executed ranges)" },
    { "by", 0, OPT_ENUM, OPT_AT(A, by_line), OPT_NAMES(cover_by_names), .arg = "symbol|line",
      .help = "rows per symbol (the default) or per source line of the map's\n"
              "line-number table" },
};
#undef A

const struct command_options cover_options = {
    "cover", "profil cover FILE.prx [--map M] [--by symbol|line]  code executed and not, from a trace",
    "cover options:", 0, cover_table, sizeof cover_table / sizeof cover_table[0],
};

/* For man profil-cover and the completion (cmd/manpage.h), from README.md. */
const struct command_doc cover_doc = {
    &cover_options,
    "profil cover reads the .prx of profil run --trace and lists, per symbol of the map (or\n"
    "per source line with --by line), the code bytes executed and not, then the symbols never\n"
    "executed; without a map, the executed address ranges. Symbols in data segments are named\n"
    "apart and not counted. A .PRF and the .prx of a sampling run are refused: coverage needs a\n"
    "trace's per-address counts.\n",
    "PRX",
};

int cmd_cover(int argc, char **argv)
{
    struct cover_args a = { 0 };
    int first, parsed = options_parse(&cover_options, argc, argv, &a, &first);
    if (parsed != 0)
        return parsed > 0 ? 0 : EXIT_BAD_INPUT;
    if (first != argc - 1) {
        fprintf(stderr, "profil cover: want one .prx file (profil cover [--map FILE.MAP] FILE.prx)\n");
        return EXIT_BAD_INPUT;
    }
    const char *map = a.map;
    struct prx x;
    struct symtab t;
    char err[700];
    char found[4200];
    const char *path = session_profile_path(argv[first], found, sizeof found);
    if (access(path, R_OK) == 0 && !prx_file_looks_like(path)) {
        fprintf(stderr, "profil: %s: not a .prx: coverage needs the .prx of profil run --trace\n", path);
        return EXIT_BAD_INPUT;
    }
    if (prx_read_file(path, &x, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    if (strcmp(x.mode, "trace") != 0) {
        fprintf(stderr, "profil: %s: a sampling run's .prx has no per-address counts: coverage needs the .prx "
                "of profil run --trace\n", path);
        prx_free(&x);
        return EXIT_BAD_INPUT;
    }
    struct symfind f;
    int got = session_symbols(map, path, &(struct profile_program){ x.program, x.program_path, x.program_sha256 }, &t,
                              &f, 0);   /* the one rule, as hist's */
    if (got < 0) {
        prx_free(&x);
        return EXIT_BAD_INPUT;
    }
    map = got == 0 ? (f.map[0] ? f.map : f.program) : NULL;     /* for the messages below */
    int rc = 0, by_line = a.by_line;
    uint32_t size = x.bucket_num * x.bucket_size * 16u;
    uint8_t *ran = executed_bytes(&x, size);
    if (!ran) {
        fprintf(stderr, "profil: out of memory\n");
        rc = EXIT_PROFIL_FAILED;
    } else if (!map) {
        cover_ranges(ran, size);
    } else if (by_line && t.nline == 0) {
        fprintf(stderr, "profil: --by line: %s has no line-number table\n", map);
        rc = EXIT_BAD_INPUT;
    } else {
        cover_symbols(&t, ran, size, by_line);
    }
    free(ran);
    if (map)
        symtab_free(&t);
    prx_free(&x);
    return rc;
}
