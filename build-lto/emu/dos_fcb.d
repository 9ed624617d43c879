build-lto/emu/dos_fcb.o: emu/dos_fcb.c emu/bios.h emu/costs.h \
 emu/dos_internal.h emu/dos.h emu/drive.h emu/machine.h emu/keyboard.h \
 emu/pit.h emu/pic.h
emu/bios.h:
emu/costs.h:
emu/dos_internal.h:
emu/dos.h:
emu/drive.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
