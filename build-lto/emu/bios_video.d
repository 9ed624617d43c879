build-lto/emu/bios_video.o: emu/bios_video.c emu/bios_internal.h \
 emu/console.h emu/costs.h emu/machine.h emu/keyboard.h emu/pit.h \
 emu/pic.h emu/video.h
emu/bios_internal.h:
emu/console.h:
emu/costs.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
emu/video.h:
