build-lto/formats/screen.o: formats/screen.c formats/screen.h
formats/screen.h:
