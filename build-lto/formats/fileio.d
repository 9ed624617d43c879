build-lto/formats/fileio.o: formats/fileio.c formats/fileio.h
formats/fileio.h:
