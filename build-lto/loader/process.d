build-lto/loader/process.o: loader/process.c loader/process.h \
 loader/exe.h loader/../emu/dos.h loader/../emu/drive.h \
 loader/../emu/dos_mem.h loader/../emu/machine.h loader/../emu/keyboard.h \
 loader/../emu/pit.h loader/../emu/pic.h
loader/process.h:
loader/exe.h:
loader/../emu/dos.h:
loader/../emu/drive.h:
loader/../emu/dos_mem.h:
loader/../emu/machine.h:
loader/../emu/keyboard.h:
loader/../emu/pit.h:
loader/../emu/pic.h:
