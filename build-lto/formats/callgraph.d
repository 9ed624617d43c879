build-lto/formats/callgraph.o: formats/callgraph.c formats/callgraph.h \
 formats/attrib.h formats/prf.h formats/prx.h formats/symtab.h
formats/callgraph.h:
formats/attrib.h:
formats/prf.h:
formats/prx.h:
formats/symtab.h:
