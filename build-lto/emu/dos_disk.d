build-lto/emu/dos_disk.o: emu/dos_disk.c emu/dos_internal.h emu/dos.h \
 emu/drive.h emu/machine.h emu/keyboard.h emu/pit.h emu/pic.h
emu/dos_internal.h:
emu/dos.h:
emu/drive.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
