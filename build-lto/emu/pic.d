build-lto/emu/pic.o: emu/pic.c emu/pic.h
emu/pic.h:
