/*
 * emu/dos/folder.c: a host folder's entries with their DOS names (see
 * folder.h).
 */
#include "folder.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drive.h"
#include "../../util/strset.h"
#include "../../util/grow.h"

int folder_name83(const char *name, char out[13])
{
    size_t len = strlen(name), dot = strcspn(name, ".");
    if (name[0] == '.' || len > 12 || dot > 8 || (name[dot] && strlen(name + dot + 1) > 3))
        return 0;
    return dos_name83(name, len, out);
}

/* The characters an alias keeps: letters and digits upper-cased and the
 * punctuation DOS allows; spaces and dots go, others become '_'. */
static size_t alias_part(const char *s, size_t len, char *out, size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < len && n < max; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == ' ' || c == '.')
            continue;
        if (isalnum(c) && c < 0x80)
            out[n++] = (char)toupper(c);
        else if (c < 0x80 && strchr("!#$%&'()-@^_`{}~", c))
            out[n++] = (char)c;
        else
            out[n++] = '_';
    }
    return n;
}

void folder_alias(const char *host, unsigned n, char out[13])
{
    while (*host == '.')
        host++;
    const char *dot = strrchr(host, '.');
    size_t blen = dot ? (size_t)(dot - host) : strlen(host);
    char base[9], ext[4], tail[12];
    int tlen = snprintf(tail, sizeof tail, "~%u", n);
    size_t keep = alias_part(host, blen, base, 8 - (size_t)tlen);
    if (keep == 0)
        base[keep++] = '_';
    size_t elen = dot ? alias_part(dot + 1, strlen(dot + 1), ext, 3) : 0;
    size_t o = 0;
    memcpy(out, base, keep);
    o += keep;
    for (int i = 0; i < tlen && o < 8; i++)
        out[o++] = tail[i];
    if (elen) {
        out[o++] = '.';
        memcpy(out + o, ext, elen);
        o += elen;
    }
    out[o] = 0;
}

static int by_host(const void *a, const void *b)
{
    return strcmp(((const struct folder_entry *)a)->host, ((const struct folder_entry *)b)->host);
}

/* The names given so far: an open-addressed set of entry indexes. */
struct name_set {
    const struct folder_entry *e;
    size_t *slot;               /* index + 1, 0 = empty */
    size_t size;
};

/* 1 if `name` is given already; else 0, and entry i takes it. */
static int take(struct name_set *set, const char *name, size_t i)
{
    size_t k = strset_hash(name) % set->size;
    for (; set->slot[k]; k = (k + 1) % set->size)
        if (strcmp(set->e[set->slot[k] - 1].name83, name) == 0)
            return 1;
    set->slot[k] = i + 1;
    return 0;
}

/* Per first alias, the next ~n to try: an open-addressed table. */
struct alias_next {
    char key[13];
    unsigned n;                 /* 0: an empty slot */
};

static unsigned *next_of(struct alias_next *t, size_t size, const char *key)
{
    size_t k = strset_hash(key) % size;
    for (; t[k].n; k = (k + 1) % size)
        if (strcmp(t[k].key, key) == 0)
            return &t[k].n;
    memcpy(t[k].key, key, sizeof t[k].key);
    t[k].n = 1;
    return &t[k].n;
}

int folder_list(const char *dir, struct folder_entry **out, size_t *count)
{
    DIR *d = opendir(dir);
    struct folder_entry *all = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    *out = NULL;
    *count = 0;
    if (!d)
        return -1;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 || strlen(e->d_name) >= 256)
            continue;
        if (grow_array(&all, &cap, n + 1, sizeof *all) != 0) {
            free(all);
            closedir(d);
            return -1;
        }
        memset(&all[n], 0, sizeof all[n]);
        snprintf(all[n].host, sizeof all[n].host, "%s", e->d_name);
        all[n].hidden = e->d_name[0] == '.';
        n++;
    }
    closedir(d);
    if (n)
        qsort(all, n, sizeof *all, by_host);
    /* DOS names first, in host order (the first of two that differ only
     * in case keeps it), then the aliases. */
    struct name_set set = { all, calloc(2 * n + 1, sizeof(size_t)), 2 * n + 1 };
    if (!set.slot) {
        free(all);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (!folder_name83(all[i].host, all[i].name83) || take(&set, all[i].name83, i))
            all[i].name83[0] = 0;
    }
    /* An alias depends only on its host name's first alias (~1) and n:
     * each of those keeps the next n to try, so n names sharing one cost
     * O(n) in all, not a retry from ~1 for each. */
    struct alias_next *next = calloc(2 * n + 1, sizeof *next);
    if (!next) {
        free(set.slot);
        free(all);
        return -1;
    }
    for (size_t i = 0; i < n; i++) {
        if (all[i].name83[0])
            continue;
        char key[13];
        folder_alias(all[i].host, 1, key);
        unsigned *k = next_of(next, 2 * n + 1, key);
        for (; !all[i].name83[0]; (*k)++) {
            folder_alias(all[i].host, *k, all[i].name83);
            if (take(&set, all[i].name83, i))
                all[i].name83[0] = 0;
        }
    }
    free(next);
    free(set.slot);
    *out = all;
    *count = n;
    return 0;
}

int folder_find(const char *path, char *out, size_t n)
{
    const char *slash = strrchr(path, '/');
    const char *base = slash ? slash + 1 : path;
    char dir[4096], want[13];
    struct folder_entry *all;
    size_t count;
    int found = 0;
    snprintf(out, n, "%s", path);
    snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) + (slash == path) : 1, slash ? path : ".");
    if (!dos_name83(base, strlen(base), want) || folder_list(dir, &all, &count) != 0)
        return 0;
    for (size_t i = 0; i < count && !found; i++)
        if (strcmp(all[i].name83, want) == 0) {
            snprintf(out, n, "%.*s%s", (int)(base - path), path, all[i].host);
            found = 1;
        }
    free(all);
    return found;
}
