build-lto/formats/attrib.o: formats/attrib.c formats/attrib.h \
 formats/prf.h formats/prx.h formats/symtab.h
formats/attrib.h:
formats/prf.h:
formats/prx.h:
formats/symtab.h:
