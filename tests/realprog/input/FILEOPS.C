/* FILEOPS.C: the C library's file and process calls (folders, rename, seek,
   binary and text modes, the environment, arguments, spawning a program),
   for the compatibility corpus (public domain). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <direct.h>
#include <io.h>
#include <fcntl.h>
#include <process.h>

int main(int argc, char **argv)
{
    char cwd[80], buf[64];
    FILE *fp;
    int fd, i, n, rc;
    long pos;
    char *v;

    for (i = 1; i < argc; i++)
        printf("arg %d: [%s]\n", i, argv[i]);
    v = getenv("CORPUS");
    printf("CORPUS=%s\n", v ? v : "(none)");
    printf("mkdir %d\n", mkdir("SUB"));
    printf("chdir %d\n", chdir("SUB"));
    printf("getcwd %s\n", getcwd(cwd, sizeof cwd) ? cwd : "(null)");
    fp = fopen("TEXT.TXT", "w");
    for (i = 0; i < 5; i++)
        fprintf(fp, "line %d\n", i);
    fclose(fp);
    printf("chdir .. %d\n", chdir(".."));
    fd = open("SUB\\TEXT.TXT", O_RDONLY);
    printf("filelength %ld\n", filelength(fd));
    close(fd);
    printf("rename %d\n", rename("SUB\\TEXT.TXT", "MOVED.TXT"));
    printf("access old %d new %d\n", access("SUB\\TEXT.TXT", 0), access("MOVED.TXT", 0));
    printf("rmdir %d\n", rmdir("SUB"));
    fd = open("MOVED.TXT", O_RDONLY | O_BINARY);
    pos = lseek(fd, 7L, SEEK_SET);
    n = read(fd, buf, 10);
    buf[n] = 0;
    for (i = 0; i < n; i++)
        if (buf[i] == '\r') buf[i] = 'R'; else if (buf[i] == '\n') buf[i] = 'N';
    printf("lseek %ld read %d [%s] tell %ld end %ld\n", pos, n, buf, tell(fd), lseek(fd, 0L, SEEK_END));
    close(fd);
    fp = fopen("MOVED.TXT", "r");
    n = 0;
    while (fgets(buf, sizeof buf, fp))
        n++;
    fclose(fp);
    printf("text lines %d\n", n);
    fp = fopen("BIN.DAT", "wb");
    for (i = 0; i < 256; i++)
        fputc(i, fp);
    fclose(fp);
    printf("remove missing %d\n", remove("NOSUCH.TXT"));
    fflush(stdout);
    rc = spawnl(P_WAIT, "SIEVE.EXE", "SIEVE.EXE", NULL);
    printf("spawn SIEVE rc %d\n", rc);
    rc = spawnl(P_WAIT, "NOSUCH.EXE", "NOSUCH.EXE", NULL);
    printf("spawn missing rc %d\n", rc);
    return 3;
}
