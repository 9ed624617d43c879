/*
 * util/grow.h: the one growable array of the tree.
 *
 * grow_array(&v, &cap, need, sizeof *v) makes room for `need` elements in
 * the array v of capacity cap (both the caller's): the capacity doubles
 * from GROW_FIRST until it holds `need`, checked against overflow, and v is
 * reallocated.  0 when there is room, -1 when memory runs out or the size
 * would overflow, with v and cap unchanged (v still the caller's to free).
 * `v` is any object pointer variable, passed by its address.
 */
#ifndef PROFIL_UTIL_GROW_H
#define PROFIL_UTIL_GROW_H

#include <stddef.h>

#define GROW_FIRST 16

int grow_array(void *array, size_t *cap, size_t need, size_t size);

#endif
