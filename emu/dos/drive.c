/*
 * emu/dos/drive.c: drive mapping and sandboxed path resolution (see drive.h).
 */
#include "drive.h"

#include "folder.h"
#include "../../util/strset.h"
#include "../../util/grow.h"
#include "../../util/path.h"

#include <ctype.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* What a search is asked: the same key finds the same matches until the
 * cache is forgotten. */
struct search_key {
    int current;                /* the current drive and its folder, for "" and relative paths */
    char cwd[DOS_PATH_MAX];
    char dir[128];
    uint8_t pattern[11];
    uint8_t attr;
};

/* A folder listed once and kept: its entries (in host-name order as
 * listed, then in the order the guest changed them: searches sort their
 * matches), found by DOS name and by host name. */
struct kept_folder {
    char dir[4096];             /* the host folder; "" an unused slot */
    struct folder_entry *entries;
    size_t n, cap;
    struct strset by83, byhost; /* name -> index + 1 */
    uint64_t used;              /* when last used, to choose the one to drop */
};

struct drive_cache {
    struct kept_folder kept[DRIVE_FOLDERS_KEPT];
    uint64_t clock;
    int have_search;
    struct search_key key;
    struct dir_match *found;    /* its matches, in name order */
    size_t nfound;
};

void drives_init(struct drives *ds)
{
    memset(ds, 0, sizeof *ds);
    ds->current = 2;
    ds->cache = calloc(1, sizeof *ds->cache);   /* none: every call lists the folder again */
}

void drives_forget(const struct drives *ds)
{
    struct drive_cache *c = ds->cache;
    if (!c)
        return;
    free(c->found);
    c->found = NULL;
    c->nfound = 0;
    c->have_search = 0;
}

static void drop(struct kept_folder *k)
{
    free(k->entries);
    strset_free(&k->by83);
    strset_free(&k->byhost);
    memset(k, 0, sizeof *k);
}

void drives_forget_folders(const struct drives *ds)
{
    drives_forget(ds);
    for (size_t i = 0; ds->cache && i < DRIVE_FOLDERS_KEPT; i++)
        drop(&ds->cache->kept[i]);
}

void drives_free(struct drives *ds)
{
    drives_forget_folders(ds);
    free(ds->cache);
    for (int i = 0; i < DRIVE_COUNT; i++)
        free(ds->d[i].root);
    memset(ds, 0, sizeof *ds);
}

/* Index entry i of k by its names; -1 out of memory. */
static int index_entry(struct kept_folder *k, size_t i)
{
    int added;
    struct strset_slot *a = strset_add(&k->by83, k->entries[i].name83, &added);
    if (a)
        a->value = i + 1;
    struct strset_slot *b = a ? strset_add(&k->byhost, k->entries[i].host, &added) : NULL;
    if (b)
        b->value = i + 1;
    return a && b ? 0 : -1;
}

/* The kept listing of host folder `dir`, listed now when it is not kept
 * (dropping the one least recently used); NULL when it cannot be read or
 * kept. */
static struct kept_folder *kept(const struct drives *ds, const char *dir)
{
    struct drive_cache *c = ds->cache;
    if (!c || strlen(dir) >= sizeof c->kept[0].dir)
        return NULL;
    struct kept_folder *k = NULL, *oldest = &c->kept[0];
    for (size_t i = 0; i < DRIVE_FOLDERS_KEPT && !k; i++) {
        if (c->kept[i].dir[0] && strcmp(c->kept[i].dir, dir) == 0)
            k = &c->kept[i];
        else if (c->kept[i].used < oldest->used)
            oldest = &c->kept[i];
    }
    if (!k) {
        drop(oldest);
        k = oldest;
        if (folder_list(dir, &k->entries, &k->n) != 0)
            return NULL;
        k->cap = k->n;
        snprintf(k->dir, sizeof k->dir, "%s", dir);
        for (size_t i = 0; i < k->n; i++)
            if (index_entry(k, i) != 0) {
                drop(k);
                return NULL;
            }
    }
    k->used = ++c->clock;
    return k;
}

/* The entries of host folder `dir`, kept or listed; *owned says the
 * caller frees them.  -1 when it cannot be read. */
static int listing(const struct drives *ds, const char *dir, struct folder_entry **all, size_t *n, int *owned)
{
    struct kept_folder *k = kept(ds, dir);
    *owned = 0;
    if (k) {
        *all = k->entries;
        *n = k->n;
        return 0;
    }
    *owned = 1;
    return folder_list(dir, all, n);
}

/* The kept folder of a host path's folder, and its last name; NULL when
 * that folder is not kept. */
static struct kept_folder *kept_parent(const struct drives *ds, const char *host, const char **base)
{
    const char *slash = strrchr(host, '/');
    struct drive_cache *c = ds->cache;
    if (!slash || !c)
        return NULL;
    *base = slash + 1;
    size_t len = (size_t)(slash - host);
    for (size_t i = 0; i < DRIVE_FOLDERS_KEPT; i++)
        if (c->kept[i].dir[0] && strlen(c->kept[i].dir) == len && strncmp(c->kept[i].dir, host, len) == 0)
            return &c->kept[i];
    return NULL;
}

void drives_added(struct drives *ds, const char *host)
{
    const char *base;
    struct kept_folder *k = kept_parent(ds, host, &base);
    ds->added++;
    if (!k || strset_find(&k->byhost, base))
        return;
    if (grow_array(&k->entries, &k->cap, k->n + 1, sizeof *k->entries) != 0) {
        drop(k);
        return;
    }
    struct folder_entry *e = &k->entries[k->n];
    memset(e, 0, sizeof *e);
    snprintf(e->host, sizeof e->host, "%s", base);
    e->hidden = base[0] == '.';
    /* The guest names its files in DOS names; one that some entry has as
     * its alias already gets the next free alias, as a new listing would. */
    if (!folder_name83(base, e->name83) || strset_find(&k->by83, e->name83))
        for (unsigned n = 1; n == 1 || strset_find(&k->by83, e->name83); n++)
            folder_alias(base, n, e->name83);
    k->n++;
    if (index_entry(k, k->n - 1) != 0)
        drop(k);
}

void drives_removed(struct drives *ds, const char *host)
{
    const char *base;
    struct kept_folder *k = kept_parent(ds, host, &base);
    ds->added--;
    struct strset_slot *slot = k ? strset_find(&k->byhost, base) : NULL;
    if (!slot)
        return;
    size_t i = (size_t)slot->value - 1, last = k->n - 1;
    strset_remove(&k->by83, k->entries[i].name83);
    strset_remove(&k->byhost, base);
    if (i != last) {            /* the last entry takes its place */
        k->entries[i] = k->entries[last];
        strset_find(&k->by83, k->entries[i].name83)->value = i + 1;
        strset_find(&k->byhost, k->entries[i].host)->value = i + 1;
    }
    k->n--;
}

/* A new entry at r would be one too many in its drive's root. */
static int root_full(const struct drives *ds, const struct resolved *r)
{
    const char *slash = strrchr(r->host, '/');
    const char *root = ds->d[r->drive].root;
    if (!slash || !root || strlen(root) != (size_t)(slash - r->host) || strncmp(root, r->host, strlen(root)) != 0)
        return 0;               /* not in the root: a folder grows as it needs */
    struct folder_entry *all;
    size_t n;
    int owned;
    if (listing(ds, root, &all, &n, &owned) != 0)
        return 0;
    if (owned)
        free(all);
    return n >= DOS_ROOT_ENTRIES ? DOSERR_ACCESS : 0;
}

int drive_may_add(const struct drives *ds, const struct resolved *r)
{
    return ds->added >= DRIVE_ADDED_MAX ? DOSERR_ACCESS : root_full(ds, r);
}

int drive_may_move(const struct drives *ds, const struct resolved *from, const struct resolved *to)
{
    const char *a = strrchr(from->host, '/'), *b = strrchr(to->host, '/');
    if (a && b && a - from->host == b - to->host && strncmp(from->host, to->host, (size_t)(a - from->host)) == 0)
        return 0;               /* renamed in its folder: the same entry */
    return root_full(ds, to);
}

int drives_map(struct drives *ds, int letter, const char *host_dir)
{
    char *real = realpath(host_dir, NULL);
    struct stat st;
    if (!real || stat(real, &st) != 0 || !S_ISDIR(st.st_mode)) {
        free(real);
        return -1;
    }
    free(ds->d[letter].root);
    ds->d[letter].root = real;
    ds->d[letter].cwd[0] = 0;
    return 0;
}

static int bad_char(int c)
{
    return c < 0x21 || strchr("\"*+,/:;<=>?[\\]|", c) != NULL;
}

int dos_name83(const char *in, size_t len, char out[13])
{
    size_t dot = len, i, n = 0;
    for (i = 0; i < len; i++)
        if (in[i] == '.') { dot = i; break; }
    if (dot == 0)
        return 0;
    for (i = 0; i < dot && i < 8; i++) {
        if (bad_char((unsigned char)in[i]))
            return 0;
        out[n++] = (char)toupper((unsigned char)in[i]);
    }
    if (dot < len) {
        const char *ext = in + dot + 1;
        size_t elen = len - dot - 1;
        if (memchr(ext, '.', elen))
            return 0;
        if (elen) {
            out[n++] = '.';
            for (i = 0; i < elen && i < 3; i++) {
                if (bad_char((unsigned char)ext[i]))
                    return 0;
                out[n++] = (char)toupper((unsigned char)ext[i]);
            }
        }
    }
    out[n] = 0;
    return n > 0;
}

static enum device device_of(const char *name83)
{
    static const struct { const char *name; enum device d; } devs[] = {
        { "CON", DEV_CON }, { "NUL", DEV_NUL }, { "AUX", DEV_AUX }, { "PRN", DEV_PRN },
    };
    char base[13];
    size_t n = strcspn(name83, ".");
    memcpy(base, name83, n);
    base[n] = 0;
    for (size_t i = 0; i < sizeof devs / sizeof devs[0]; i++)
        if (strcmp(base, devs[i].name) == 0)
            return devs[i].d;
    return DEV_NONE;
}

/* Find the host entry in `dir` whose DOS name is `want`. */
static int find_entry(const struct drives *ds, const char *dir, const char *want, char *found, size_t n)
{
    struct kept_folder *k = kept(ds, dir);
    if (k) {
        const struct strset_slot *slot = strset_find(&k->by83, want);
        if (slot)
            snprintf(found, n, "%s", k->entries[slot->value - 1].host);
        return slot != NULL;
    }
    struct folder_entry *all;
    size_t count;
    int ok = 0;
    if (folder_list(dir, &all, &count) != 0)
        return 0;
    for (size_t i = 0; i < count && !ok; i++) {
        if (strcmp(all[i].name83, want) == 0) {
            snprintf(found, n, "%s", all[i].host);
            ok = 1;
        }
    }
    free(all);
    return ok;
}

/* Check that the real path of host (or of its folder, for a new file) is
 * inside root. */
static int contained(const char *root, const char *host, int exists)
{
    char buf[4096];
    const char *probe = host;
    if (!exists) {
        snprintf(buf, sizeof buf, "%s", host);
        char *slash = strrchr(buf, '/');
        if (slash)
            *slash = 0;
        probe = buf;
    }
    char *real = realpath(probe, NULL);
    int ok = real && path_inside(root, real);
    free(real);
    return ok;
}

/* A host entry that is a symbolic link leading out of the drive (or to
 * nothing): to the guest it is not there, whatever it points at, so the
 * answer tells nothing of the host's tree. */
static int link_out(const char *root, const char *host)
{
    struct stat st;
    return lstat(host, &st) == 0 && S_ISLNK(st.st_mode) && !contained(root, host, 1);
}

int drive_resolve(const struct drives *ds, const char *dos_path, struct resolved *out)
{
    char comps[32][13];
    int ncomp = 0, letter = ds->current;
    const char *p = dos_path;

    memset(out, 0, sizeof *out);
    if (p[0] && p[1] == ':') {
        letter = toupper((unsigned char)p[0]) - 'A';
        p += 2;
    }
    if (letter < 0 || letter >= DRIVE_COUNT || !ds->d[letter].root)
        return DOSERR_DRIVE;
    const struct drive *dr = &ds->d[letter];
    out->drive = letter;

    /* Build the component list: the current directory first unless the
     * path is absolute. */
    char full[256];
    if (*p == '\\' || *p == '/')
        snprintf(full, sizeof full, "%s", p);
    else
        snprintf(full, sizeof full, "%s\\%s", dr->cwd, p);

    const char *s = full;
    int trailing_name = 0;
    while (*s) {
        size_t len = strcspn(s, "\\/");
        trailing_name = len > 0;
        if (len == 0 || (len == 1 && s[0] == '.')) {
            /* empty or "." */
        } else if (len == 2 && s[0] == '.' && s[1] == '.') {
            if (ncomp == 0)
                return DOSERR_NO_PATH;   /* above the root: not a path */
            ncomp--;
        } else {
            if (ncomp >= 32 || !dos_name83(s, len, comps[ncomp]))
                return DOSERR_NO_PATH;
            ncomp++;
        }
        s += len;
        if (*s)
            s++;
    }
    if (ncomp > 0 && trailing_name && (out->device = device_of(comps[ncomp - 1])) != DEV_NONE)
        return 0;

    size_t dlen = 0;
    for (int i = 0; i < ncomp; i++) {
        int w = snprintf(out->dos + dlen, sizeof out->dos - dlen, "%s%s", i ? "\\" : "", comps[i]);
        if (w < 0 || (size_t)w >= sizeof out->dos - dlen)
            return DOSERR_NO_PATH;
        dlen += (size_t)w;
    }
    size_t used = (size_t)snprintf(out->host, sizeof out->host, "%s", dr->root);
    for (int i = 0; i < ncomp; i++) {
        char found[256];
        int last = i == ncomp - 1;
        if (!find_entry(ds, out->host, comps[i], found, sizeof found)) {
            if (!last)
                return DOSERR_NO_PATH;
            memcpy(found, comps[i], strlen(comps[i]) + 1);   /* a new file */
        } else if (last) {
            out->exists = 1;
        }
        int w = snprintf(out->host + used, sizeof out->host - used, "/%s", found);
        if (w < 0 || (size_t)w >= sizeof out->host - used)
            return DOSERR_NO_PATH;
        used += (size_t)w;
        if (link_out(dr->root, out->host))
            return DOSERR_NO_PATH;
    }
    if (ncomp == 0)
        out->exists = 1;
    if (!contained(dr->root, out->host, out->exists))
        return DOSERR_NO_PATH;
    return 0;
}

/* ---- directory searches ----------------------------------------------------- */

int fcb_name_of(const char *name83, uint8_t out[11])
{
    memset(out, ' ', 11);
    size_t dot = strcspn(name83, ".");
    if (dot > 8 || (name83[dot] && strlen(name83 + dot + 1) > 3))
        return -1;
    memcpy(out, name83, dot);
    if (name83[dot])
        memcpy(out + 8, name83 + dot + 1, strlen(name83 + dot + 1));
    return 0;
}

static int matches(const uint8_t name[11], const uint8_t pattern[11])
{
    for (int i = 0; i < 11; i++)
        if (pattern[i] != '?' && toupper(pattern[i]) != name[i])
            return 0;
    return 1;
}

uint8_t dos_attr_of(unsigned mode)
{
    uint8_t attr = S_ISDIR(mode) ? DOS_ATTR_DIR : DOS_ATTR_ARCHIVE;
    return !(mode & S_IWUSR) ? (uint8_t)(attr | DOS_ATTR_READONLY) : attr;
}

void dos_stamp(time_t t, uint16_t *time_out, uint16_t *date_out)
{
    struct tm tm;
    gmtime_r(&t, &tm);
    if (tm.tm_year < 80) {      /* before 1980: DOS's epoch */
        *time_out = 0;
        *date_out = 0x21;
        return;
    }
    *time_out = (uint16_t)(tm.tm_hour << 11 | tm.tm_min << 5 | tm.tm_sec / 2);
    *date_out = (uint16_t)((tm.tm_year - 80) << 9 | (tm.tm_mon + 1) << 5 | tm.tm_mday);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(((const struct dir_match *)a)->name83, ((const struct dir_match *)b)->name83);
}

/* The entry `name` of the folder r is a link: *st its target's, and 1
 * when that target is inside the drive. */
static int link_inside(const struct drives *ds, const struct resolved *r, const char *name, struct stat *st)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/%s", r->host, name);
    return stat(path, st) == 0 && contained(ds->d[r->drive].root, path, 1);
}

/* Every match of a search, in name order (*all malloc'ed); 0 or the
 * error drive_search() returns. */
static int search_all(const struct drives *ds, const char *dos_dir, const uint8_t pattern[11], uint8_t attr,
                      struct dir_match **out, size_t *nout)
{
    struct resolved r;
    int err = drive_resolve(ds, dos_dir[0] ? dos_dir : ".", &r);
    if (err)
        return err == DOSERR_NO_FILE ? DOSERR_NO_PATH : err;
    if (r.device != DEV_NONE || !r.exists)
        return DOSERR_NO_PATH;
    *out = NULL;
    *nout = 0;
    if (attr == DOS_ATTR_VOLUME)
        return 0;               /* only a volume label is asked for: there is none */
    struct folder_entry *entries;
    size_t count;
    int owned;
    if (listing(ds, r.host, &entries, &count, &owned) != 0)
        return DOSERR_NO_PATH;
    struct dir_match *all = calloc(count + 2, sizeof *all);
    size_t n = 0;
    int at_root = strcmp(r.host, ds->d[r.drive].root) == 0;
    int dirfd = open(r.host, O_RDONLY | O_DIRECTORY);   /* entries by name: no path walk for each */
    for (size_t i = 0; all && i < count + 2; i++) {
        struct dir_match m;
        memset(&m, 0, sizeof m);
        const char *host = i < 2 ? (i ? ".." : ".") : entries[i - 2].host;
        int dots = i < 2;
        if (dots && at_root)
            continue;
        if (dots) {
            memcpy(m.name83, host, strlen(host) + 1);
            memset(m.fcb_name, ' ', 11);
            memcpy(m.fcb_name, host, strlen(host));
        } else {
            memcpy(m.name83, entries[i - 2].name83, sizeof m.name83);
            if (fcb_name_of(m.name83, m.fcb_name) != 0)
                continue;
            if (entries[i - 2].hidden && !(attr & DOS_ATTR_HIDDEN))
                continue;
        }
        if (!matches(m.fcb_name, pattern))
            continue;
        struct stat st;
        /* The folder is inside the drive: only a link can leave it. */
        if (dirfd < 0 || fstatat(dirfd, host, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
            (S_ISLNK(st.st_mode) && !link_inside(ds, &r, host, &st)))
            continue;           /* a link out of the drive is not in it */
        if (S_ISDIR(st.st_mode) ? !(attr & DOS_ATTR_DIR) : !S_ISREG(st.st_mode))
            continue;
        m.attr = dos_attr_of(st.st_mode);
        if (!dots && entries[i - 2].hidden)
            m.attr |= DOS_ATTR_HIDDEN;
        m.size = S_ISDIR(st.st_mode) ? 0 : st.st_size > 0xFFFFFFFF ? 0xFFFFFFFFu : (uint32_t)st.st_size;
        dos_stamp(st.st_mtime, &m.time, &m.date);
        all[n++] = m;
    }
    if (dirfd >= 0)
        close(dirfd);
    if (owned)
        free(entries);
    if (!all)
        return DOSERR_NO_PATH;
    if (n)
        qsort(all, n, sizeof *all, by_name);    /* the host's order is not reproducible */
    *out = all;
    *nout = n;
    return 0;
}

static int pick(const struct dir_match *all, size_t n, unsigned index, struct dir_match *out)
{
    if (index >= n)
        return DOSERR_NO_MORE;
    *out = all[index];
    return 0;
}

/* The key of a search; 0 when it is too long to keep. */
static int search_key_of(const struct drives *ds, const char *dos_dir, const uint8_t pattern[11], uint8_t attr,
                         struct search_key *k)
{
    memset(k, 0, sizeof *k);
    if (strlen(dos_dir) >= sizeof k->dir || ds->current < 0 || ds->current >= DRIVE_COUNT)
        return 0;
    k->current = ds->current;
    snprintf(k->cwd, sizeof k->cwd, "%s", ds->d[ds->current].cwd);
    memcpy(k->dir, dos_dir, strlen(dos_dir));
    memcpy(k->pattern, pattern, sizeof k->pattern);
    k->attr = attr;
    return 1;
}

int drive_search(const struct drives *ds, const char *dos_dir, const uint8_t pattern[11], uint8_t attr,
                 unsigned index, struct dir_match *out)
{
    struct drive_cache *c = ds->cache;
    struct search_key key;
    int keyed = c && search_key_of(ds, dos_dir, pattern, attr, &key);
    if (keyed && c->have_search && memcmp(&c->key, &key, sizeof key) == 0)
        return pick(c->found, c->nfound, index, out);
    struct dir_match *all;
    size_t n;
    int err = search_all(ds, dos_dir, pattern, attr, &all, &n);
    if (err)
        return err;
    if (!keyed) {
        err = pick(all, n, index, out);
        free(all);
        return err;
    }
    free(c->found);
    c->found = all;
    c->nfound = n;
    c->key = key;
    c->have_search = 1;
    return pick(all, n, index, out);
}
