build-lto/emu/cpu_bare.o: emu/cpu_bare.c emu/cpu_bare.h emu/machine.h \
 emu/keyboard.h emu/pit.h emu/pic.h emu/flatmem.h
emu/cpu_bare.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
emu/flatmem.h:
