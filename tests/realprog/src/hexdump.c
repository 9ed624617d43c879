/* hexdump.c: a file's bytes in hex and ASCII, 16 a line, from an offset,
   for the compatibility corpus, built with dev86 bcc -Md (public domain). */
#include <stdio.h>
#include <stdlib.h>

int main(argc, argv)
int argc; char **argv;
{
    FILE *fp;
    unsigned char b[16];
    long off = 0;
    int n, i;
    if (argc < 2) {
        printf("usage: hexdump FILE [OFFSET]\n");
        return 1;
    }
    fp = fopen(argv[1], "rb");
    if (fp == NULL) {
        printf("hexdump: cannot open %s\n", argv[1]);
        return 2;
    }
    if (argc > 2) {
        off = atol(argv[2]);
        fseek(fp, off, 0);
    }
    while ((n = fread(b, 1, 16, fp)) > 0) {
        printf("%08lx ", off);
        for (i = 0; i < 16; i++)
            if (i < n) printf(" %02x", b[i]); else printf("   ");
        printf("  ");
        for (i = 0; i < n; i++)
            putchar(b[i] >= 32 && b[i] < 127 ? b[i] : '.');
        putchar('\n');
        off += n;
    }
    fclose(fp);
    return 0;
}
