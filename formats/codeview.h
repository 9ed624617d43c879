/*
 * formats/codeview.h: symbols and line numbers from the CodeView debug
 * information at the end of an .EXE (Microsoft C /Zi with LINK /CO), as
 * another source of the table formats/symtab.h holds for a linker map.
 *
 * The information ends the file: a trailer "NBxx" and the distance from
 * the file's end back to its base, where the same signature and the
 * offset of the subsection directory are.  Read: NB00 and NB02 (LINK 3.x
 * to 5.1x: sstModules, sstPublics, sstSymbols procedures, sstSrcLines and
 * sstSrcLnSeg) and NB05, NB08, NB09, NB11 (CV4: sstModule, sstPublic,
 * sstPublicSym, sstGlobalPub, sstSymbols, sstAlignSym, sstSrcModule,
 * sstSegMap), 16-bit addresses.  docs/codeview.md says what and why.
 * Every read is bounds-checked: a corrupt file gives a one-line error.
 */
#ifndef PROFIL_FORMATS_CODEVIEW_H
#define PROFIL_FORMATS_CODEVIEW_H

#include <stddef.h>
#include <stdint.h>

struct symtab;

/* Whether the file's bytes end with a CodeView trailer whose base lies in
 * the file: 1 and its signature ("NB00") in sig, or 0. */
int codeview_present(const uint8_t *file, size_t n, char sig[5]);

/* The symbol table of the CodeView information of an .EXE's bytes: its
 * procedures (publics first, their names as LINK's map has them, then the
 * procedures no public names, such as C's static functions), one segment
 * per module's code (named by the module, class CODE), and the line
 * entries.  Publics outside every module's code (data, absolute symbols)
 * are left out.  0, or -1 and a one-line error. */
int codeview_parse(const uint8_t *file, size_t n, struct symtab *t, char *err, size_t errn);

#endif
