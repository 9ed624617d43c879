/*
 * formats/tdinfo.h: symbols and line numbers from Turbo Debugger's
 * information (TDINFO) at the end of an .EXE's load image, written by
 * TLINK /v (Turbo C, Borland C++ -v, TASM /zi objects) and by Turbo
 * Pascal's TPC and BPC /V, as another source of the table formats/symtab.h
 * holds for a linker map (docs/debuginfo.md says what is read and why).
 *
 * The information starts right after the MZ image (the header's page
 * count and last-page bytes give where): a 48-byte header whose first
 * word is 52FBh, then tables of fixed-size records (symbols, modules,
 * source files, scopes, line numbers, segments, correlations, ...) and
 * the names pool at the end of the file.  Every index and count is
 * checked against the file: damaged information gives a one-line error
 * and no table.
 */
#ifndef PROFIL_FORMATS_TDINFO_H
#define PROFIL_FORMATS_TDINFO_H

#include <stddef.h>
#include <stdint.h>

struct symtab;

/* Whether an .EXE's bytes carry Turbo Debugger information after their
 * MZ image: 1 (and its version, major * 256 + minor, in *version when
 * not NULL), or 0. */
int tdinfo_present(const uint8_t *file, size_t n, unsigned *version);

/* The symbol table of the information: one segment per module's code
 * segment (named by the module, class CODE), the static symbols that lie
 * in code (procedures, functions and code labels; a Pascal unit's
 * qualified as UNIT.NAME), the line entries ("FILE:LINE").  0, or -1 and
 * a one-line error. */
int tdinfo_parse(const uint8_t *file, size_t n, struct symtab *t, char *err, size_t errn);

#endif
