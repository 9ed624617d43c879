build-lto/emu/video.o: emu/video.c emu/video.h emu/machine.h \
 emu/keyboard.h emu/pit.h emu/pic.h
emu/video.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
