build-lto/formats/prf.o: formats/prf.c formats/prf.h formats/fileio.h
formats/prf.h:
formats/fileio.h:
