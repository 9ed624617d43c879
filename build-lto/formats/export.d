build-lto/formats/export.o: formats/export.c formats/export.h \
 formats/attrib.h formats/prf.h formats/prx.h formats/symtab.h \
 formats/callgraph.h formats/jsonio.h
formats/export.h:
formats/attrib.h:
formats/prf.h:
formats/prx.h:
formats/symtab.h:
formats/callgraph.h:
formats/jsonio.h:
