/*
 * util/strset.c: see strset.h.
 */
#include "strset.h"

#include <stdlib.h>
#include <string.h>

void strset_init(struct strset *t)
{
    memset(t, 0, sizeof *t);
}

void strset_free(struct strset *t)
{
    for (size_t i = 0; i < t->size; i++)
        free(t->slot[i].key);
    free(t->slot);
    memset(t, 0, sizeof *t);
}

size_t strset_hash(const char *s)
{
    size_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

/* Where key is, or the empty slot where it would go. */
static struct strset_slot *probe(const struct strset *t, const char *key)
{
    size_t k = strset_hash(key) & (t->size - 1);
    while (t->slot[k].key && strcmp(t->slot[k].key, key) != 0)
        k = (k + 1) & (t->size - 1);
    return &t->slot[k];
}

static int grow(struct strset *t)
{
    size_t size = t->size ? 2 * t->size : 64;
    struct strset old = *t;
    t->slot = calloc(size, sizeof *t->slot);
    if (!t->slot) {
        *t = old;
        return -1;
    }
    t->size = size;
    for (size_t i = 0; i < old.size; i++)
        if (old.slot[i].key)
            *probe(t, old.slot[i].key) = old.slot[i];
    free(old.slot);
    return 0;
}

struct strset_slot *strset_add(struct strset *t, const char *key, int *added)
{
    *added = 0;
    if (2 * (t->n + 1) > t->size && grow(t) != 0)
        return NULL;
    struct strset_slot *s = probe(t, key);
    if (s->key)
        return s;
    if (!(s->key = strdup(key)))
        return NULL;
    s->value = 0;
    t->n++;
    *added = 1;
    return s;
}

struct strset_slot *strset_find(const struct strset *t, const char *key)
{
    if (!t->size)
        return NULL;
    struct strset_slot *s = probe(t, key);
    return s->key ? s : NULL;
}

void strset_remove(struct strset *t, const char *key)
{
    struct strset_slot *s = strset_find(t, key);
    if (!s)
        return;
    size_t mask = t->size - 1, hole = (size_t)(s - t->slot);
    free(s->key);
    s->key = NULL;
    t->n--;
    /* Linear probing: pull back each key after the hole that could not be
     * found past it any more (its home is not between the hole and it). */
    for (size_t j = (hole + 1) & mask; t->slot[j].key; j = (j + 1) & mask) {
        size_t home = strset_hash(t->slot[j].key) & mask;
        int stays = hole < j ? home > hole && home <= j : home > hole || home <= j;
        if (stays)
            continue;
        t->slot[hole] = t->slot[j];
        t->slot[j].key = NULL;
        hole = j;
    }
}
