/*
 * cmd/merge.c: `profil merge A.PRF B.PRF... -o SUM.PRF`: its option table
 * and the checks of its files; the sum itself is report/merge.h's (DEC
 * PME's ACCUMCOUNTS over files, as `run --append` is over runs).
 */
#include <stdio.h>
#include <stdlib.h>

#include "../formats/guard.h"
#include "../report/merge.h"
#include "commands.h"
#include "manpage.h"
#include "options.h"
#include "session.h"

struct merge_args {
    const char *output;
    int force;
};

#define A struct merge_args
static const struct opt merge_table[] = {
    { "output", 'o', OPT_STRING, OPT_AT(A, output), .arg = "FILE",
      .help = "the sum's .PRF (required; never one of the inputs); its NAME.prc\n"
              "beside it holds the exact sums when every input has one" },
    { "force", 0, OPT_FLAG, OPT_AT(A, force),
      .help = "replace -o's file (and its NAME.prc) even when they are not a\n"
              ".PRF and a .prc" },
};
#undef A

const struct command_options merge_options = {
    "merge", "profil merge A.PRF B.PRF... -o SUM.PRF   add profiles of one layout into one", "merge options:", 0,
    merge_table, sizeof merge_table / sizeof merge_table[0],
};

/* For man profil-merge and the completion (cmd/manpage.h), from README.md. */
const struct command_doc merge_doc = {
    &merge_options,
    "profil merge adds two or more .PRF files of the same layout (the six header words: interval,\n"
    "buckets, bucket size, the program's paragraphs and DOS's) counter by counter into SUM.PRF. When\n"
    "every input has exact counts (its NAME.prc, or a trace's NAME.prx) their sums, with the runs'\n"
    "cycles, instructions, samples and time per service, go to SUM.prc, and SUM.PRF's 16-bit words are\n"
    "the sums modulo 65536, as a run's are. Without them a sum past 65535 is refused, naming the\n"
    "counter. A layout that differs is refused in one line naming the file and the difference; no\n"
    "input is ever overwritten.\n",
    "PRF",
};

/* The output against every input and its companions. */
static int output_clashes(const char *out, char **in, int n)
{
    char beside[4200], out_prc[4200];
    prc_path(out, out_prc, sizeof out_prc);
    for (int i = 0; i < n; i++) {
        static const char *const exts[2] = { ".prc", ".prx" };
        if (same_file(out, in[i]) || same_file(out_prc, in[i])) {
            fprintf(stderr, "profil: merge: -o %s would overwrite the input %s; nothing written\n", out, in[i]);
            return 1;
        }
        for (int k = 0; k < 2; k++) {
            prc_beside(in[i], exts[k], beside, sizeof beside);
            if (same_file(out, beside) || same_file(out_prc, beside)) {
                fprintf(stderr, "profil: merge: -o %s would overwrite %s, the companion of the input %s; "
                        "nothing written\n", out, beside, in[i]);
                return 1;
            }
        }
    }
    return 0;
}

int cmd_merge(int argc, char **argv)
{
    struct merge_args a = { NULL, 0 };
    int first, parsed = options_parse(&merge_options, argc, argv, &a, &first);
    if (parsed != 0)
        return parsed > 0 ? 0 : EXIT_BAD_INPUT;
    int n = argc - first;
    if (n < 2 || !a.output) {
        fprintf(stderr, "profil merge: want two .PRF files or more and -o (profil merge A.PRF B.PRF... -o SUM.PRF)\n");
        return EXIT_BAD_INPUT;
    }
    char **in = argv + first;
    char out_prc[4200];
    prc_path(a.output, out_prc, sizeof out_prc);
    if (output_clashes(a.output, in, n) || session_output_refused(a.output, OUTPUT_PRF, "merge -o", a.force) ||
        session_output_refused(out_prc, OUTPUT_PRC, "merge -o's exact counts", a.force))
        return EXIT_PROFIL_FAILED;
    char err[1200], why[400];
    struct merge_side sum, b;
    int status = EXIT_BAD_INPUT;
    if (merge_read(in[0], &sum, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return status;
    }
    fprintf(stderr, "profil: %s\n", sum.note);
    for (int i = 1; i < n; i++) {
        if (merge_read(in[i], &b, err, sizeof err) != 0) {
            fprintf(stderr, "profil: %s\n", err);
            goto done;
        }
        fprintf(stderr, "profil: %s\n", b.note);
        merge_layout_diff(&sum, &b, why, sizeof why);
        if (why[0]) {
            fprintf(stderr, "profil: merge: %s: not the layout of %s: %s; nothing written\n", in[i], in[0], why);
            merge_free(&b);
            goto done;
        }
        int rc = merge_add(&sum, &b, why, sizeof why);
        merge_free(&b);
        if (rc != 0) {
            fprintf(stderr, "profil: merge: %s: %s; nothing written\n", in[i], why);
            goto done;
        }
    }
    int wrapped = merge_write(a.output, &sum, err, sizeof err);
    if (wrapped < 0) {
        fprintf(stderr, "profil: %s\n", err);
        status = EXIT_PROFIL_FAILED;        /* the output could not be written */
        goto done;
    }
    char prc[4200];
    prc_path(a.output, prc, sizeof prc);
    unsigned long long total = 0;
    for (uint32_t i = 0; i < sum.p.bucket_num; i++)
        total += sum.exact ? sum.c.bucket[i] : sum.p.bucket[i];
    total += sum.exact ? sum.c.io + sum.c.dos + sum.c.high : (unsigned long long)sum.p.hit_io + sum.p.hit_dos +
                                                                 sum.p.hit_high;
    fprintf(stderr, "profil: wrote %s (%zu bytes): %d profiles, %llu %s in all%s%s\n", a.output, prf_size(&sum.p), n,
            total, sum.exact ? sum.c.unit : "counts", sum.exact ? ", exact in " : " (the .PRF's 16-bit words)",
            sum.exact ? prc : "");
    if (wrapped)
        fprintf(stderr, "profil: warning: %d counter(s) passed 65535 and wrapped in %s, as PROFIL's did; exact "
                "counts in %s\n", wrapped, a.output, prc);
    status = 0;
done:
    merge_free(&sum);
    return status;
}
