/*
 * loader/batch.h: the program `profil run FILE.BAT` runs: a .COM made of
 * loader/batch_shell.asm's code and a table of the batch's steps
 * (formats/batch.h), which runs each line's program through EXEC as
 * COMMAND.COM would, so each is a child with its own profile and a
 * program that stays resident (INT 21h/31h, INT 27h) serves the next.
 */
#ifndef PROFIL_LOADER_BATCH_H
#define PROFIL_LOADER_BATCH_H

#include <stddef.h>
#include <stdint.h>

#include "../formats/batch.h"

/* The .COM image (malloc'ed) that runs the steps of `b`; 0, or -1 with a
 * one-line message when they do not fit one. */
int batch_shell(const struct batch *b, uint8_t **image, size_t *size, char *err, size_t errn);

#endif
