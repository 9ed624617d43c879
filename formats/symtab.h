/*
 * formats/symtab.h: a program's symbols from its linker map.
 *
 * One table whatever the toolchain: segments (name, class, byte range) and
 * public symbols, every address a byte offset from the start of the load
 * module (PROFIL's prog_low_pa places it).  The format is detected from
 * the text: Microsoft LINK (" Start  Stop" segment table, "Publics by
 * Value" / "Publics by Name", "Line numbers for ..."), its Borland
 * relatives TLINK ("Detailed map of segments", "idle" publics) and Turbo
 * Pascal (a HEAP segment), Open Watcom WLINK ("|   Segments   |" and
 * "|   Memory Map   |" tables), NASM ("- NASM Map file", [map all]) and
 * dev86 ld86 -M (symbol lines, "Total memory used"), and a NASM listing
 * (nasm -l: its labels and source lines; formats/nasmlst.h).
 * A map that does not parse gives a one-line error naming the line.
 * symtab_read_file also reads an .EXE's debug information, CodeView
 * (formats/codeview.h), Turbo Debugger's (formats/tdinfo.h) or Watcom's
 * (formats/watcom.h), which fill the same table (docs/debuginfo.md).
 */
#ifndef PROFIL_FORMATS_SYMTAB_H
#define PROFIL_FORMATS_SYMTAB_H

#include <stddef.h>
#include <stdint.h>

/* MAP_NASMLST: a NASM listing, nasm -l (formats/nasmlst.h): labels and lines. */
enum map_format { MAP_MSLINK, MAP_TLINK, MAP_TPASCAL, MAP_WLINK, MAP_NASM, MAP_LD86, MAP_CODEVIEW, MAP_NASMLST,
                  MAP_TDINFO, MAP_WATCOM };

struct sym_segment {
    char name[40];
    char cls[16];
    uint32_t start, stop;       /* bytes, stop inclusive */
};

struct symbol {
    char name[64];
    uint32_t addr;              /* bytes from the load module's start */
    /* Where the procedure ends (exclusive) when the debug information says
     * (a Turbo Debugger scope, a CodeView procedure's length); 0: not
     * known, it runs to the next symbol. */
    uint32_t end;
    /* 1: a row standing for a whole segment or module that has no symbols
     * of its own (symtab_name_bare_segments, a Turbo Debugger runtime
     * module): library code grouped; the report can open it. */
    int group;
};

/* A line-number table entry: the code of `label` ("HELLO.C:12") starts at
 * addr.  One source line may have several entries (a loop's head). */
struct sym_line {
    char label[64];
    uint32_t addr;
    /* 1 + the index in src of its file (the label's FILE is that file's
     * name); 0: a label of its own (a NASM listing's "line 24"). */
    uint32_t src;
};

/* The longest file name in a label ("SRC/UTIL.C"). */
#define SYMTAB_FILE_MAX 52

/* A source file the line entries name, once each (paths that differ only
 * in case, '\' or '/' and "." folders are one file): `path` as the debug
 * information or map gives it ("C:\WATDEMO\hello.c", "SRC\SORT.C",
 * "hello.c"; its end when longer; unprintable bytes '?'), where
 * report/srcview.c looks for its text; `name` the FILE of its lines'
 * labels: its name without the folder, unless another file of the table
 * has that name too (SRC\UTIL.C and LIB\UTIL.C): then the shortest end of
 * its path that no other file's path ends with, its folders joined by
 * '/' ("SRC/UTIL.C", "LIB/UTIL.C"; a path that is the end of another's,
 * UTIL.C beside SRC\UTIL.C, is named whole), its last SYMTAB_FILE_MAX
 * characters when longer.  Each name is the table's once. */
struct sym_source {
    char name[SYMTAB_FILE_MAX + 1];
    char path[160];
};

struct symtab {
    enum map_format format;
    struct sym_segment *seg;
    size_t nseg;
    struct symbol *sym;         /* sorted by address */
    size_t nsym;
    struct sym_line *line;      /* sorted by address; none when the map has no table */
    size_t nline;
    struct sym_source *src;     /* in the order first named, each file once */
    size_t nsrc;
    /* The arrays' capacities (util/grow.h), 0 when not known: whoever sets
     * an array directly sets its capacity or 0. */
    size_t seg_cap, sym_cap, line_cap, src_cap;
};

int symtab_parse(const char *text, size_t len, struct symtab *t, char *err, size_t errn);
/* A map, or an .EXE ("MZ") with debug information (Turbo Debugger's
 * after its image, else Watcom's or CodeView at its end). */
int symtab_read_file(const char *path, struct symtab *t, char *err, size_t errn);

/* The debug information an .EXE's bytes carry: MAP_TDINFO, MAP_WATCOM, MAP_CODEVIEW,
 * or -1 when they carry neither (or are not an .EXE). */
int symtab_exe_debug(const uint8_t *file, size_t n);
/* The same for the file at path (-1 when it cannot be read). */
int symtab_file_debug(const char *path);

/* What a profile records of the program it came from (formats/prx.h,
 * formats/prc.h). */
struct profile_program {
    const char *name;           /* as it ran, without its folder (a DOS or host name) */
    const char *path;           /* its absolute host path at the run; "": not recorded */
    const char *sha256;         /* its bytes' SHA-256 then, in hex; "": not recorded */
};

void symtab_free(struct symtab *t);
const char *map_format_name(enum map_format f);

/* The one rule for a program's symbols, the same in every command (run's
 * summary, hist, annotate, report, cover, diff): the map's (a linker map
 * or a NASM listing: its segments, public symbols and lines) merged with
 * the program's own debug information, Turbo Debugger's or CodeView (its
 * procedures, so C's static functions, each at an address no map symbol
 * has, and its line numbers when the map has none); either alone when the
 * other is missing.  `map` and `program` (the .EXE) may be NULL; a
 * program without debug information adds nothing.  `sources` gets what
 * was used, for the output: "HELLO.MAP (Microsoft LINK) + HELLO.EXE's
 * CodeView".  0 when read, 1 when there
 * is nothing to read (t empty), -1 with err naming the file. */
int symtab_load(const char *map, const char *program, struct symtab *t, char *sources, size_t n, char *err,
                size_t errn);

/* For the other sources of a table (formats/codeview.c): add a segment,
 * a symbol (a name of len bytes), a source file, a line entry; 0 or -1
 * when out of memory.  symtab_sort then orders the symbols and lines by
 * address, each (address, name) once: call it last (add nothing after). */
int symtab_add_segment(struct symtab *t, const char *name, const char *cls, uint32_t start, uint32_t stop);
int symtab_add_symbol(struct symtab *t, const char *name, size_t len, uint32_t addr);
/* A procedure whose end (exclusive) is known. */
int symtab_add_proc(struct symtab *t, const char *name, size_t len, uint32_t addr, uint32_t end);
/* A source file as the information names it (len bytes, up to a NUL;
 * with its folder, a DOS path, or not): its index into *src, for its
 * lines.  Until the table is finished (symtab_finish) its name is its
 * name without the folder; symtab_finish merges the names of one file
 * and tells files of one name apart (struct sym_source). */
int symtab_add_source(struct symtab *t, const char *path, size_t len, size_t *src);
/* A line of the file symtab_add_source numbered src: labelled "FILE:LINE". */
int symtab_add_line(struct symtab *t, size_t src, unsigned line, uint32_t addr);
/* The path of the file whose lines' labels say FILE, when the
 * information named it with a folder; else NULL. */
const char *symtab_source_path(const struct symtab *t, const char *file);
void symtab_sort(struct symtab *t);
/* The end of a reader (maps and debug information alike): on rc != 0, or
 * when `what` is given and the table has neither a code symbol nor a
 * line ("<what>: no code symbols or line numbers" into err), frees t and
 * returns -1; else names its source files (struct sym_source), labels
 * their lines by those names, sorts t and returns 0. */
int symtab_finish(struct symtab *t, int rc, const char *what, char *err, size_t errn);
/* A debug-information reader's one-line error, "<what>: <message>", into
 * err; returns -1. */
int symtab_debug_error(char *err, size_t errn, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Where symbol i ends (exclusive): the next symbol, its own end when
 * known (struct symbol), or the end of its segment, or `limit`. */
uint32_t symtab_symbol_end(const struct symtab *t, size_t i, uint32_t limit);

/* Labels inside a procedure: a symbol that starts inside another's known
 * range [addr, end) counts for that procedure, so it is dropped (a TASM
 * label in a PROC, a Pascal procedure's local label); the procedure keeps
 * its name.  Returns how many were dropped.  Call on a sorted table. */
size_t symtab_fold_labels(struct symtab *t);

/* Code segments (class CODE) no symbol starts in (a library's module linked without
 * its publics, a runtime's segment): each becomes one symbol named by the
 * segment, "[NAME]", over the whole segment, so that its time is one row
 * instead of "(no symbol)".  Call on a sorted table (it sorts again).
 * Returns how many; -1 out of memory. */
int symtab_name_bare_segments(struct symtab *t);

/* How many symbols start at or below addr: the one holding addr, if any,
 * is sym[result - 1] (binary search; 0: none starts at or below it). */
size_t symtab_below(const struct symtab *t, uint32_t addr);

/* Whether addr lies in a segment of data rather than code: class DATA,
 * BSS, STACK or CONST (also FAR_DATA, FAR_BSS, any case), or a NASM
 * section .data or .bss. */
int symtab_is_data(const struct symtab *t, uint32_t addr);

/* Where line entry i's code ends (exclusive): the next entry, or the end
 * of the symbol or segment it is in, or `limit`. */
uint32_t symtab_line_end(const struct symtab *t, size_t i, uint32_t limit);

#endif
