build-lto/emu/machine.o: emu/machine.c emu/machine.h emu/keyboard.h \
 emu/pit.h emu/pic.h emu/bios.h emu/cpu.h emu/timing.h emu/video.h
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
emu/bios.h:
emu/cpu.h:
emu/timing.h:
emu/video.h:
