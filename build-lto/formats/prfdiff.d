build-lto/formats/prfdiff.o: formats/prfdiff.c formats/prfdiff.h \
 formats/prc.h formats/prf.h formats/prx.h formats/symtab.h \
 formats/attrib.h formats/callgraph.h formats/../emu/machine.h \
 formats/../emu/keyboard.h formats/../emu/pit.h formats/../emu/pic.h
formats/prfdiff.h:
formats/prc.h:
formats/prf.h:
formats/prx.h:
formats/symtab.h:
formats/attrib.h:
formats/callgraph.h:
formats/../emu/machine.h:
formats/../emu/keyboard.h:
formats/../emu/pit.h:
formats/../emu/pic.h:
