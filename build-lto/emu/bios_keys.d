build-lto/emu/bios_keys.o: emu/bios_keys.c emu/bios.h emu/bios_internal.h \
 emu/console.h emu/costs.h emu/keyboard.h emu/machine.h emu/pit.h \
 emu/pic.h
emu/bios.h:
emu/bios_internal.h:
emu/console.h:
emu/costs.h:
emu/keyboard.h:
emu/machine.h:
emu/pit.h:
emu/pic.h:
