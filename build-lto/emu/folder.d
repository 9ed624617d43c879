build-lto/emu/folder.o: emu/folder.c emu/folder.h emu/drive.h
emu/folder.h:
emu/drive.h:
