build-lto/emu/dos_sys.o: emu/dos_sys.c emu/costs.h emu/dos_internal.h \
 emu/dos.h emu/drive.h emu/machine.h emu/keyboard.h emu/pit.h emu/pic.h
emu/costs.h:
emu/dos_internal.h:
emu/dos.h:
emu/drive.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
