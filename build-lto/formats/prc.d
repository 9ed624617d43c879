build-lto/formats/prc.o: formats/prc.c formats/prc.h formats/prf.h \
 formats/fileio.h formats/jsonio.h formats/prx.h formats/../emu/machine.h \
 formats/../emu/keyboard.h formats/../emu/pit.h formats/../emu/pic.h
formats/prc.h:
formats/prf.h:
formats/fileio.h:
formats/jsonio.h:
formats/prx.h:
formats/../emu/machine.h:
formats/../emu/keyboard.h:
formats/../emu/pit.h:
formats/../emu/pic.h:
