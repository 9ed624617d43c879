build-lto/formats/jsonio.o: formats/jsonio.c formats/jsonio.h \
 formats/fileio.h
formats/jsonio.h:
formats/fileio.h:
