build-lto/emu/timing.o: emu/timing.c emu/timing.h
emu/timing.h:
