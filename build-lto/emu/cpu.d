build-lto/emu/cpu.o: emu/cpu.c emu/cpu.h emu/biu.h emu/biu_memo.h \
 emu/cpu8086.h emu/cpu_internal.h emu/machine.h emu/keyboard.h emu/pit.h \
 emu/pic.h emu/timing.h emu/flatmem.h emu/insnlen.h
emu/cpu.h:
emu/biu.h:
emu/biu_memo.h:
emu/cpu8086.h:
emu/cpu_internal.h:
emu/machine.h:
emu/keyboard.h:
emu/pit.h:
emu/pic.h:
emu/timing.h:
emu/flatmem.h:
emu/insnlen.h:
