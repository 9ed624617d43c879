build-lto/emu/dos.o: emu/dos.c emu/dos.h emu/drive.h emu/bios.h \
 emu/console.h emu/costs.h emu/dos_internal.h emu/machine.h \
 emu/keyboard.h emu/pit.h emu/pic.h emu/dos_mem.h
emu/dos.h:
emu/drive.h:
emu/bios.h:
emu/console.h:
emu/costs.h:
emu/dos_internal.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
emu/dos_mem.h:
