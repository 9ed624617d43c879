build-lto/loader/exec.o: loader/exec.c loader/../emu/bios.h \
 loader/../emu/costs.h loader/../emu/dos_internal.h loader/../emu/dos.h \
 loader/../emu/drive.h loader/../emu/machine.h loader/../emu/keyboard.h \
 loader/../emu/pit.h loader/../emu/pic.h loader/../emu/dos_mem.h \
 loader/process.h loader/exe.h
loader/../emu/bios.h:
loader/../emu/costs.h:
loader/../emu/dos_internal.h:
loader/../emu/dos.h:
loader/../emu/drive.h:
loader/../emu/machine.h:
loader/../emu/keyboard.h:
loader/../emu/pit.h:
loader/../emu/pic.h:
loader/../emu/dos_mem.h:
loader/process.h:
loader/exe.h:
