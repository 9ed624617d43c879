/*
 * util/strset.h: a set of strings, each with a number: open addressing
 * on FNV-1a, grown at half full, so finding or adding a name costs O(1)
 * on average whatever the set holds.  For the places that must not scan
 * every name seen so far for each new one (the children's .PRF names, a
 * bucket file's names, a map's symbols by name).
 */
#ifndef PROFIL_UTIL_STRSET_H
#define PROFIL_UTIL_STRSET_H

#include <stddef.h>
#include <stdint.h>

struct strset_slot {
    char *key;                  /* a copy; NULL: an empty slot */
    uint64_t value;             /* the caller's (0 when added) */
};

struct strset {
    struct strset_slot *slot;
    size_t size, n;             /* slots, and keys held */
};

void strset_init(struct strset *t);
void strset_free(struct strset *t);
/* FNV-1a of a string (folder.c's names share it). */
size_t strset_hash(const char *s);
/* The slot of `key`, added (value 0, *added 1) when it is not there;
 * NULL when out of memory.  A slot is valid until the next add. */
struct strset_slot *strset_add(struct strset *t, const char *key, int *added);
/* The slot of `key`, or NULL. */
struct strset_slot *strset_find(const struct strset *t, const char *key);
/* Remove `key` (nothing when it is not there); other slots may move. */
void strset_remove(struct strset *t, const char *key);

#endif
