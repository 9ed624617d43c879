/*
 * cmd/show.c: `profil show FILE.PRF`: the header fields and the non-zero
 * buckets, readable.
 */
#include <stdio.h>

#include "../formats/prf.h"
#include "../formats/prx.h"
#include "commands.h"
#include "session.h"

int cmd_show(int argc, char **argv)
{
    char err[512];
    struct prf p;
    if (argc != 2) {
        fprintf(stderr, "profil show: want one .PRF file (profil show FILE.PRF)\n");
        return EXIT_PROFIL_FAILED;
    }
    if (prx_file_looks_like(argv[1])) {
        fprintf(stderr, "profil: %s: a .prx, not a .PRF: use profil hist %s\n", argv[1], argv[1]);
        return EXIT_PROFIL_FAILED;
    }
    if (prf_read_file(argv[1], &p, err, sizeof err) != 0) {
        fprintf(stderr, "profil: %s\n", err);
        return EXIT_PROFIL_FAILED;
    }
    uint64_t prog = 0;
    for (unsigned i = 0; i < p.bucket_num; i++)
        prog += p.bucket[i];
    uint64_t total = prog + p.hit_io + p.hit_dos + p.hit_high;
    double t = total ? (double)total : 1.0;
    printf("%s: PROFIL profile, %zu bytes\n", argv[1], prf_size(&p));
    printf("  clock_grain   %5u  sample interval (microseconds)\n", p.clock_grain);
    printf("  bucket_num    %5u  buckets\n", p.bucket_num);
    printf("  bucket_size   %5u  paragraphs per bucket (%u bytes)\n", p.bucket_size, p.bucket_size * 16u);
    printf("  prog_low_pa   %04X   first paragraph of the program (PSP + 10h)\n", p.prog_low_pa);
    printf("  prog_high_pa  %04X   first paragraph above it\n", p.prog_high_pa);
    printf("  dos_pa        %04X   I/O system below, DOS from here\n", p.dos_pa);
    printf("  hit_io        %5u  %5.1f%%\n", p.hit_io, 100.0 * p.hit_io / t);
    printf("  hit_dos       %5u  %5.1f%%\n", p.hit_dos, 100.0 * p.hit_dos / t);
    printf("  hit_high      %5u  %5.1f%%\n", p.hit_high, 100.0 * p.hit_high / t);
    printf("  program      %6llu  %5.1f%%\n", (unsigned long long)prog, 100.0 * (double)prog / t);
    printf("  total        %6llu  samples (16-bit counters: may have wrapped)\n", (unsigned long long)total);
    printf("bucket  offset      hits      %%\n");
    for (unsigned i = 0; i < p.bucket_num; i++)
        if (p.bucket[i])
            printf("%6u  %05X  %8u  %5.1f%%\n", i, i * p.bucket_size * 16u, p.bucket[i],
                   100.0 * p.bucket[i] / t);
    prf_free(&p);
    return 0;
}
