/*
 * fuzz/replay.c: runs a fuzz target's LLVMFuzzerTestOneInput on files,
 * without libFuzzer, so `make check` (and `make asan`) replays the
 * regression inputs of tests/fuzz-regressions/TARGET/ and the seed corpus
 * with the normal compiler.  Arguments are files or folders (each regular
 * file in a folder, in name order).  Exit 0 when every input ran; a bug
 * an input still triggers aborts or is reported by the sanitizers.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../formats/fileio.h"
#include "fuzz.h"

static int replay_file(const char *path)
{
    uint8_t *data;
    size_t n;
    char err[600];
    if (read_file(path, &data, &n, err, sizeof err) != 0) {
        fprintf(stderr, "replay: %s\n", err);
        return -1;
    }
    LLVMFuzzerTestOneInput(data, n);
    free(data);
    return 0;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
    return strcmp((*a)->d_name, (*b)->d_name);
}

/* Every regular file of a folder; returns how many ran, -1 on an error. */
static int replay_dir(const char *dir)
{
    struct dirent **names;
    int n = scandir(dir, &names, NULL, by_name), ran = 0;
    if (n < 0) {
        fprintf(stderr, "replay: %s: cannot list the folder\n", dir);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        char path[4200];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]->d_name);
        if (ran >= 0 && stat(path, &st) == 0 && S_ISREG(st.st_mode))
            ran = replay_file(path) == 0 ? ran + 1 : -1;
        free(names[i]);
    }
    free(names);
    return ran;
}

int main(int argc, char **argv)
{
    int total = 0;
    for (int i = 1; i < argc; i++) {
        struct stat st;
        int ran = stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) ? replay_dir(argv[i])
                                                                 : replay_file(argv[i]) == 0 ? 1 : -1;
        if (ran < 0)
            return 1;
        total += ran;
    }
    printf("replay: %d inputs\n", total);
    return 0;
}
