/*
 * formats/symtab.h: a program's symbols from its linker map.
 *
 * One table whatever the toolchain: segments (name, class, byte range) and
 * public symbols, every address a byte offset from the start of the load
 * module (PROFIL's prog_low_pa places it).  The format is detected from
 * the text: Microsoft LINK (" Start  Stop" segment table, "Publics by
 * Value" / "Publics by Name"), NASM ("- NASM Map file", [map all]) and
 * dev86 ld86 -M (symbol lines, "Total memory used").
 * A map that does not parse gives a one-line error naming the line.
 */
#ifndef PROFIL_FORMATS_SYMTAB_H
#define PROFIL_FORMATS_SYMTAB_H

#include <stddef.h>
#include <stdint.h>

enum map_format { MAP_MSLINK, MAP_NASM, MAP_LD86 };

struct sym_segment {
    char name[40];
    char cls[16];
    uint32_t start, stop;       /* bytes, stop inclusive */
};

struct symbol {
    char name[64];
    uint32_t addr;              /* bytes from the load module's start */
};

struct symtab {
    enum map_format format;
    struct sym_segment *seg;
    size_t nseg;
    struct symbol *sym;         /* sorted by address */
    size_t nsym;
};

int symtab_parse(const char *text, size_t len, struct symtab *t, char *err, size_t errn);
int symtab_read_file(const char *path, struct symtab *t, char *err, size_t errn);
void symtab_free(struct symtab *t);
const char *map_format_name(enum map_format f);

/* Where symbol i ends (exclusive): the next symbol, or the end of its
 * segment, or `limit`. */
uint32_t symtab_symbol_end(const struct symtab *t, size_t i, uint32_t limit);

#endif
