/* rpn.c: a reverse-Polish calculator on long integers, one expression a
   line of stdin, results to stdout and to RPN.LOG, for the compatibility
   corpus, built with dev86 bcc -Md (public domain). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long st[32];
static int sp;

int main()
{
    char line[160], *t;
    FILE *log = fopen("RPN.LOG", "w");
    long a, b;
    int lineno = 0;
    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        sp = 0;
        for (t = strtok(line, " \t\r\n"); t; t = strtok(NULL, " \t\r\n")) {
            if (strchr("+-*/%", t[0]) && t[1] == 0) {
                if (sp < 2) { printf("%d: stack empty\n", lineno); sp = -1; break; }
                b = st[--sp]; a = st[--sp];
                switch (t[0]) {
                case '+': a += b; break;
                case '-': a -= b; break;
                case '*': a *= b; break;
                case '/': a = b ? a / b : 0; break;
                case '%': a = b ? a % b : 0; break;
                }
                st[sp++] = a;
            } else if (sp < 32)
                st[sp++] = atol(t);
        }
        if (sp == 1) {
            printf("%d: %ld\n", lineno, st[0]);
            if (log) fprintf(log, "%ld\n", st[0]);
        }
    }
    if (log) fclose(log);
    return 0;
}
