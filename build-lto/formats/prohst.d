build-lto/formats/prohst.o: formats/prohst.c formats/prohst.h \
 formats/fileio.h formats/prf.h
formats/prohst.h:
formats/fileio.h:
formats/prf.h:
