/* FACT.C: factorials, a string sort and a file round trip, for the
   compatibility corpus's Microsoft C 5.1 case (public domain). */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static int cmp(const void *a, const void *b)
{
    return strcmp(*(const char **)a, *(const char **)b);
}

int main(int argc, char **argv)
{
    static char *w[] = { "pear", "apple", "fig", "banana", "cherry" };
    long f = 1;
    int i;
    FILE *fp;
    char line[80];

    for (i = 1; i <= 12; i++) {
        f *= i;
        printf("%2d! = %ld\n", i, f);
    }
    qsort(w, 5, sizeof w[0], cmp);
    for (i = 0; i < 5; i++)
        printf("%s%c", w[i], i < 4 ? ' ' : '\n');
    for (i = 0; i < argc; i++)
        printf("argv[%d] = %s\n", i, i ? argv[i] : "(program)");
    fp = fopen("FACT.OUT", "w");
    if (fp == NULL)
        return 2;
    fprintf(fp, "%s %d %x %o\n", "written", 255, 255, 255);
    fclose(fp);
    fp = fopen("FACT.OUT", "r");
    if (fp == NULL || fgets(line, sizeof line, fp) == NULL)
        return 3;
    fclose(fp);
    printf("read back: %s", line);
    return 7;
}
