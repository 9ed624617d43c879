build-lto/emu/bios.o: emu/bios.c emu/bios.h emu/bios_internal.h \
 emu/console.h emu/costs.h emu/machine.h emu/keyboard.h emu/pit.h \
 emu/pic.h emu/video.h
emu/bios.h:
emu/bios_internal.h:
emu/console.h:
emu/costs.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
emu/video.h:
