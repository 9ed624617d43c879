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

struct drives {
    struct drive d[DRIVE_COUNT];
    int current;                /* 0 = A: */
    struct drive_cache *cache;  /* drive.c's: the last folder listed and the last search */
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
/* drive.c keeps the last folder it listed (with its DOS names) and the
 * last search's matches, so a search of n entries lists the folder once,
 * not n times: a guest's call that may change a folder (create, write,
 * rename, delete, make or remove a folder, change the current one) and
 * each new search (4Eh, 11h) forget them first. */
void drives_forget(const struct drives *ds);
/* Forget the folders listed too: a host file was written beside the DOS's
 * back (a DUMP). */
void drives_forget_folders(const struct drives *ds);
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
