build-lto/emu/insnlen.o: emu/insnlen.c emu/insnlen.h emu/machine.h \
 emu/keyboard.h emu/pit.h emu/pic.h
emu/insnlen.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
