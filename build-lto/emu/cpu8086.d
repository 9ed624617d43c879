build-lto/emu/cpu8086.o: emu/cpu8086.c emu/cpu8086.h emu/machine.h \
 emu/keyboard.h emu/pit.h emu/pic.h
emu/cpu8086.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
