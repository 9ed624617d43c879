build-lto/emu/keyboard.o: emu/keyboard.c emu/keyboard.h emu/machine.h \
 emu/pit.h emu/pic.h
emu/keyboard.h:
emu/machine.h:
emu/pit.h:
emu/pic.h:
