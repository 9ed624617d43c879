build-lto/emu/biu.o: emu/biu.c emu/biu.h
emu/biu.h:
