build-lto/emu/dos_mem.o: emu/dos_mem.c emu/dos_mem.h emu/machine.h \
 emu/keyboard.h emu/pit.h emu/pic.h emu/costs.h emu/dos_internal.h \
 emu/dos.h emu/drive.h
emu/dos_mem.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
emu/costs.h:
emu/dos_internal.h:
emu/dos.h:
emu/drive.h:
