/*
 * cmd/show.c: `profil show FILE.PRF`: the header fields and the non-zero
 * buckets, readable; the exact counts of NAME.prc beside it when it matches
 * (formats/prc.h), with the .PRF's own word where it wrapped.
 */
#include <stdio.h>
#include <string.h>

#include "../formats/prc.h"
#include "../formats/prf.h"
#include "../formats/prx.h"
#include "commands.h"
#include "manpage.h"
#include "options.h"
#include "session.h"

/* "  (the .PRF holds 11834: wrapped)" in buf where an exact count is not
 * the word, else ""; buf. */
static const char *wrapped_word(uint64_t exact, unsigned word, char *buf, size_t n)
{
    buf[0] = 0;
    if (exact != word)
        snprintf(buf, n, "  (the .PRF holds %u: wrapped)", word);
    return buf;
}

const struct command_options show_options = {
    "show", "profil show FILE.PRF                     print a .PRF's header and non-zero buckets", NULL, 0, NULL, 0,
};

/* For man profil-show and the completion (cmd/manpage.h), from README.md. */
const struct command_doc show_doc = {
    &show_options,
    "profil show prints the nine header words of a .PRF and its non-zero buckets, with the\n"
    "exact counts of FILE.prc beside it when it matches (and the .PRF's own word where it\n"
    "wrapped). A .prx is refused: profil hist reads those.\n",
    "PRF",
};

/* A JSON file given to show: the command that reads it (each pointer is
 * tested to work, tests/check_cli.c): a .prc's .PRF beside it, a trace's
 * .prx to hist, a sampling run's .prx to the .PRF beside it. */
static void point_elsewhere(const char *path)
{
    char prf[4200], err[700];
    struct prc c;
    struct prx x;
    prc_beside(path, ".PRF", prf, sizeof prf);
    if (prc_read_file(path, &c, err, sizeof err) == 0) {
        prc_free(&c);
        fprintf(stderr, "profil: %s: a .prc, the exact counts beside a .PRF: use profil show %s\n", path, prf);
    } else if (prx_read_file(path, &x, err, sizeof err) == 0) {
        int trace = strcmp(x.mode, "trace") == 0;
        prx_free(&x);
        if (trace)
            fprintf(stderr, "profil: %s: a .prx, not a .PRF: use profil hist %s\n", path, path);
        else
            fprintf(stderr, "profil: %s: a sampling run's .prx, not a .PRF: use profil show %s (its samples) or "
                    "profil hist --by function %s (its calls)\n", path, prf, path);
    } else {
        fprintf(stderr, "profil: %s\n", err);
    }
}

int cmd_show(int argc, char **argv)
{
    char err[512];
    struct prf p;
    int first, parsed = options_parse(&show_options, argc, argv, NULL, &first);
    if (parsed != 0)
        return parsed > 0 ? 0 : EXIT_BAD_INPUT;
    if (first != 1 || argc != 2) {
        fprintf(stderr, "profil show: want one .PRF file (profil show FILE.PRF)\n");
        return EXIT_BAD_INPUT;
    }
    if (prx_file_looks_like(argv[1])) {
        point_elsewhere(argv[1]);
        return EXIT_BAD_INPUT;
    }
    if (prf_read_file(argv[1], &p, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_BAD_INPUT;
    }
    char note[700];
    prc_attach_beside(argv[1], &p, NULL, note, sizeof note);
    fprintf(stderr, "profil: %s\n", note);
    uint64_t total = prf_total(&p), prog = total - prf_io(&p) - prf_dos(&p) - prf_high(&p);
    double t = total ? (double)total : 1.0;
    printf("%s: PROFIL profile, %zu bytes\n", argv[1], prf_size(&p));
    printf("  clock_grain   %5u  sample interval (microseconds)\n", p.clock_grain);
    printf("  bucket_num    %5u  buckets\n", p.bucket_num);
    printf("  bucket_size   %5u  paragraphs per bucket (%u bytes)\n", p.bucket_size, p.bucket_size * 16u);
    printf("  prog_low_pa   %04X   first paragraph of the program (PSP + 10h)\n", p.prog_low_pa);
    printf("  prog_high_pa  %04X   first paragraph above it\n", p.prog_high_pa);
    printf("  dos_pa        %04X   I/O system below, DOS from here\n", p.dos_pa);
    const char *names[3] = { "hit_io  ", "hit_dos ", "hit_high" };
    char wrapped[64];
    const uint64_t exact[3] = { prf_io(&p), prf_dos(&p), prf_high(&p) };
    const unsigned word[3] = { p.hit_io, p.hit_dos, p.hit_high };
    for (int k = 0; k < 3; k++)
        printf("  %s      %5llu  %5.1f%%%s\n", names[k], (unsigned long long)exact[k], 100.0 * (double)exact[k] / t,
               wrapped_word(exact[k], word[k], wrapped, sizeof wrapped));
    printf("  program      %6llu  %5.1f%%\n", (unsigned long long)prog, 100.0 * (double)prog / t);
    printf("  total        %6llu  %s (%s)\n", (unsigned long long)total, prf_unit(&p),
           p.exact ? "exact, from the .prc" : "16-bit counters: may have wrapped");
    printf("bucket  offset      hits      %%\n");
    for (unsigned i = 0; i < p.bucket_num; i++)
        if (prf_hits(&p, i))
            printf("%6u  %05X  %8llu  %5.1f%%%s\n", i, i * p.bucket_size * 16u, (unsigned long long)prf_hits(&p, i),
                   100.0 * (double)prf_hits(&p, i) / t, wrapped_word(prf_hits(&p, i), p.bucket[i], wrapped, sizeof wrapped));
    prf_free(&p);
    return 0;
}
