build-lto/formats/summary.o: formats/summary.c formats/summary.h \
 formats/prf.h formats/prx.h formats/symtab.h formats/attrib.h \
 formats/callgraph.h
formats/summary.h:
formats/prf.h:
formats/prx.h:
formats/symtab.h:
formats/attrib.h:
formats/callgraph.h:
