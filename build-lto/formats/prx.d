build-lto/formats/prx.o: formats/prx.c formats/prx.h formats/fileio.h \
 formats/jsonio.h
formats/prx.h:
formats/fileio.h:
formats/jsonio.h:
