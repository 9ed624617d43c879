build-lto/formats/symtab.o: formats/symtab.c formats/symtab.h \
 formats/fileio.h
formats/symtab.h:
formats/fileio.h:
