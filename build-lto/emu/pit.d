build-lto/emu/pit.o: emu/pit.c emu/pit.h
emu/pit.h:
