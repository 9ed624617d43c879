build-lto/emu/drive.o: emu/drive.c emu/drive.h emu/folder.h
emu/drive.h:
emu/folder.h:
