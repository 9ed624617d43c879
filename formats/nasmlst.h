/*
 * formats/nasmlst.h: NASM's listing (`nasm -l FILE.lst`), for source
 * lines: which line's code starts at which address, and its text.
 *
 * A listing line is its line number in its file (6 columns), the address
 * (8 hex digits: the offset in its section), the bytes (20 columns; long
 * data continues on lines of the same number), "<N> " when it comes N
 * levels deep from an %include or a macro, then the source text from
 * column 40.  Lines of the program's main file are labelled "line 24",
 * those of an included file "report.inc:7"; a macro's lines count as the
 * line that invoked it.  Only the first section counts (its offsets are
 * the load module's in a flat -f bin program such as a .COM): lines after
 * a `section`/`segment` directive naming another are skipped until one
 * names .text again.  Labels that start a line ("heavy:", not the local
 * ".l:") become symbols, at the address of the code after them.
 *
 * symtab_parse() reads a listing as a map (format MAP_NASMLST), so `hist
 * --by line --map FILE.lst` and `cover --by line` take one; annotate
 * --source shows the text.
 */
#ifndef PROFIL_FORMATS_NASMLST_H
#define PROFIL_FORMATS_NASMLST_H

#include <stddef.h>
#include <stdint.h>

#include "symtab.h"

struct lst_line {
    uint32_t addr;              /* where its code starts (load-module offset) */
    char label[48];             /* "line 24", "report.inc:7" */
    char text[104];             /* its source text (a macro's: the invocation) */
};

struct nasm_listing {
    struct lst_line *line;      /* the lines that assemble to bytes, in address order */
    size_t nline;
    struct symbol *sym;         /* labels, in address order */
    size_t nsym;
};

/* Whether text reads as a NASM listing (its first lines' columns). */
int nasmlst_looks_like(const char *text, size_t len);
int nasmlst_parse(const char *text, size_t len, struct nasm_listing *l, char *err, size_t errn);
int nasmlst_read_file(const char *path, struct nasm_listing *l, char *err, size_t errn);
void nasmlst_free(struct nasm_listing *l);
/* The listing as a symbol table: its labels and line table (moved from l,
 * which is freed). */
int nasmlst_to_symtab(struct nasm_listing *l, struct symtab *t, char *err, size_t errn);

#endif
