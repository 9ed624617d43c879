build-lto/emu/dos_console.o: emu/dos_console.c emu/bios.h emu/console.h \
 emu/costs.h emu/dos_internal.h emu/dos.h emu/drive.h emu/machine.h \
 emu/keyboard.h emu/pit.h emu/pic.h
emu/bios.h:
emu/console.h:
emu/costs.h:
emu/dos_internal.h:
emu/dos.h:
emu/drive.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
