/*
 * cmd/summary.h: the run's summary as `profil run` prints it without -q
 * (cmd/summary.c), from the library's profil_session_summary().
 */
#ifndef PROFIL_CMD_SUMMARY_H
#define PROFIL_CMD_SUMMARY_H

#include <stdio.h>

#include "../lib/profil.h"

/* The summary's lines on `f`, after profil_session_write(); nothing
 * before it. */
void summary_write(struct profil_session *s, FILE *f);

#endif
