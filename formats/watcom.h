/*
 * formats/watcom.h: symbols and line numbers from Watcom's own debugging
 * information at the end of an .EXE, as Open Watcom's linker writes it
 * (wlink debug watcom all; the compilers' -d1/-d2), another source of the
 * table formats/symtab.h holds for a linker map (docs/debuginfo.md says
 * what is read, from which documents, and that no file a real Watcom
 * linker wrote was available).
 *
 * The information ends the file: a 14-byte master header (signature
 * 8386h, version 3.0, the sizes of the language and segment tables and of
 * the whole information) is the file's last bytes, or sits before a
 * resource block that carries its own size (signatures 8300h-8302h).
 * Before it: the language names, the segment table, then one section per
 * overlay and the root, each with its module, global symbol and address
 * tables and the line numbers its modules' link tables point to.  Every
 * offset and count is checked against the file: damaged information
 * gives a one-line error and no table.
 */
#ifndef PROFIL_FORMATS_WATCOM_H
#define PROFIL_FORMATS_WATCOM_H

#include <stddef.h>
#include <stdint.h>

struct symtab;

/* Whether an .EXE's bytes end with Watcom debugging information (a master
 * header with signature 8386h, after any resource blocks): 1 (and its
 * version, major * 256 + minor, in *version when not NULL), or 0. */
int watcom_present(const uint8_t *file, size_t n, unsigned *version);

/* The symbol table of the information: one segment per module's piece of
 * code (named by the module's source file, class CODE; a piece with only
 * data symbols is class DATA), the global symbols that lie in code
 * (functions, static ones too), the line entries ("FILE:LINE").  0, or -1
 * and a one-line error. */
int watcom_parse(const uint8_t *file, size_t n, struct symtab *t, char *err, size_t errn);

#endif
