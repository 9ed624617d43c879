/*
 * emu/dos/drive.h: DOS drive letters mapped onto host folders, and the one
 * function that turns a guest's path into a host path.
 *
 * This is the sandbox for files: every name a guest passes is resolved here
 * component by component, as an 8.3 name matched case-insensitively against
 * the host folder, never as a host path.  `..` stops at the drive root, host
 * absolute paths have no meaning, and a symlink that leads out of the root
 * (or to nothing) is a missing path (error 3), whatever it points at.
 */
#ifndef PROFIL_EMU_DRIVE_H
#define PROFIL_EMU_DRIVE_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "doserr.h"

#define DRIVE_COUNT 26
#define DOS_PATH_MAX 68         /* DOS: 64 characters of directory + drive */

struct drive {
    char *root;                 /* realpath of the host folder, or NULL */
    char cwd[DOS_PATH_MAX];     /* current directory, no leading '\', uppercase */
};

struct drive_cache;

#define DRIVE_FOLDERS_KEPT 8    /* folders whose listing is kept at once */
/* DOS's own limit: a root directory holds a fixed number of entries, 512
 * on a hard disk's FAT16 volume such as the emulated 256 MiB one (the
 * count FORMAT gives a hard disk; Microsoft's FAT specification,
 * BPB_RootEntCnt: "FAT16 volumes should use the value 512"); a creation
 * in a full root fails as DOS's does, access denied.  Subfolders grow. */
#define DOS_ROOT_ENTRIES 512
/* The most entries (files and folders) a guest may add to its drives,
 * less those it removes (docs/reliability.md): past it, a creation fails
 * as in a full root. */
#define DRIVE_ADDED_MAX 1024

struct drives {
    struct drive d[DRIVE_COUNT];
    int current;                /* 0 = A: */
    struct drive_cache *cache;  /* drive.c's: the folders listed and the last search */
    int64_t added;              /* entries the guest made, less those it removed */
};

enum device { DEV_NONE, DEV_CON, DEV_NUL, DEV_AUX, DEV_PRN };

struct resolved {
    char host[4096];            /* host path */
    char dos[DOS_PATH_MAX + 64]; /* the DOS path from the drive's root: "SUB\\FILE.TXT" */
    enum device device;         /* a device name, whatever the folder */
    int exists;
    int drive;
};

void drives_init(struct drives *ds);
void drives_free(struct drives *ds);
/* drive.c keeps the listings of the last DRIVE_FOLDERS_KEPT folders it
 * listed (with their DOS names), so a folder is listed once, not at each
 * path resolved in it, and keeps them up to date as the guest creates,
 * renames and deletes (drives_added, drives_removed; a DOS name taken
 * stays its file's for the run).  It also keeps the last search's matches
 * (sizes, dates), which drives_forget() drops: a guest's call that may
 * change a file (create, write, rename, delete, make or remove a folder,
 * change the current one) and each new search (4Eh, 11h) call it first.
 * A host file written beside the guest's calls (a DUMP) forgets the
 * listings too (drives_forget_folders).  A change made by another host
 * process during the run is seen once its folder's listing is dropped. */
void drives_forget(const struct drives *ds);
void drives_forget_folders(const struct drives *ds);
/* The guest made the host entry `host` (a file or folder), or removed it. */
void drives_added(struct drives *ds, const char *host);
void drives_removed(struct drives *ds, const char *host);
/* Whether the guest may make the entry r (resolved, not there): 0, or
 * DOSERR_ACCESS in a root holding DOS_ROOT_ENTRIES entries or past
 * DRIVE_ADDED_MAX. */
int drive_may_add(const struct drives *ds, const struct resolved *r);
/* The same for a rename from -> to: in one folder always (the same entry),
 * into another only when that is not a full root. */
int drive_may_move(const struct drives *ds, const struct resolved *from, const struct resolved *to);
/* Map letter (0 = A:) to a host folder; -1 when it is not a folder. */
int drives_map(struct drives *ds, int letter, const char *host_dir);
/* Resolve a DOS path.  Returns 0, or a DOS error: 2 file not found,
 * 3 path not found, 5 access denied, 15 invalid drive. */
int drive_resolve(const struct drives *ds, const char *dos_path, struct resolved *out);
/* Normalise one name to its 8.3 upper-case form; returns 0 if it cannot
 * be a DOS name. */
int dos_name83(const char *in, size_t len, char out[13]);

/* A directory entry's attribute bits. */
#define DOS_ATTR_READONLY 0x01u
#define DOS_ATTR_HIDDEN   0x02u
#define DOS_ATTR_SYSTEM   0x04u
#define DOS_ATTR_VOLUME   0x08u
#define DOS_ATTR_DIR      0x10u
#define DOS_ATTR_ARCHIVE  0x20u

/* The attributes DOS gives a host file of this st_mode: directory or
 * archive, read-only without the owner's write permission. */
uint8_t dos_attr_of(unsigned mode);

/* A folder entry as a directory search (FCB 11h/12h, 4Eh/4Fh) sees it. */
struct dir_match {
    char name83[13];            /* "NAME.EXT" */
    uint8_t fcb_name[11];       /* "NAME    EXT" */
    uint8_t attr;               /* DOS_ATTR_*: dos_attr_of(), hidden for a dotfile */
    uint32_t size;
    uint16_t time, date;        /* DOS format, from the host's mtime in UTC */
};

/* The index-th entry (0 first) of the folder `dos_dir` (a DOS path; "" is
 * the current folder of the current drive) whose name matches the 11-byte
 * pattern ('?' any byte), in name order, with directories only when attr
 * has 10h.  Returns 0, 18 (no more files) or a resolve error. */
int drive_search(const struct drives *ds, const char *dos_dir, const uint8_t pattern[11], uint8_t attr,
                 unsigned index, struct dir_match *out);
/* A host time as DOS's time and date words, in UTC (1980-01-01 before 1980). */
void dos_stamp(time_t t, uint16_t *time_out, uint16_t *date_out);
/* "NAME.EXT" -> "NAME    EXT" (wildcards kept); -1 when it is not a name. */
int fcb_name_of(const char *name83, uint8_t out[11]);

#endif
