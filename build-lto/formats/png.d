build-lto/formats/png.o: formats/png.c formats/png.h
formats/png.h:
