/* wc.c: lines, words and bytes of stdin or of each file named, for the
   compatibility corpus, built with dev86 bcc -Md (public domain). */
#include <stdio.h>

static long tl, tw, tc;

static void count(fp, name)
FILE *fp; char *name;
{
    int ch, in = 0;
    long l = 0, w = 0, c = 0;
    while ((ch = getc(fp)) != EOF) {
        c++;
        if (ch == '\n')
            l++;
        if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n')
            in = 0;
        else if (!in) {
            in = 1;
            w++;
        }
    }
    printf("%7ld %7ld %7ld %s\n", l, w, c, name);
    tl += l; tw += w; tc += c;
}

int main(argc, argv)
int argc; char **argv;
{
    int i;
    FILE *fp;
    if (argc < 2) {
        count(stdin, "-");
        return 0;
    }
    for (i = 1; i < argc; i++) {
        fp = fopen(argv[i], "r");
        if (fp == NULL) {
            printf("wc: cannot open %s\n", argv[i]);
            continue;
        }
        count(fp, argv[i]);
        fclose(fp);
    }
    printf("%7ld %7ld %7ld total\n", tl, tw, tc);
    return argc - 1;
}
