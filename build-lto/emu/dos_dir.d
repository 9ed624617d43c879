build-lto/emu/dos_dir.o: emu/dos_dir.c emu/costs.h emu/dos_internal.h \
 emu/dos.h emu/drive.h emu/machine.h emu/keyboard.h emu/pit.h emu/pic.h
emu/costs.h:
emu/dos_internal.h:
emu/dos.h:
emu/drive.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
