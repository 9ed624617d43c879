build-lto/emu/console.o: emu/console.c emu/console.h emu/machine.h \
 emu/keyboard.h emu/pit.h emu/pic.h emu/video.h emu/../formats/screen.h
emu/console.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
emu/video.h:
emu/../formats/screen.h:
