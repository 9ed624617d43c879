build-lto/sampler/exact.o: sampler/exact.c sampler/exact.h \
 sampler/../emu/machine.h sampler/../emu/keyboard.h sampler/../emu/pit.h \
 sampler/../emu/pic.h sampler/sampler.h sampler/trace.h \
 sampler/../formats/prx.h sampler/../emu/cpu.h sampler/../formats/prc.h \
 sampler/../formats/prf.h
sampler/exact.h:
sampler/../emu/machine.h:
sampler/../emu/keyboard.h:
sampler/../emu/pit.h:
sampler/../emu/pic.h:
sampler/sampler.h:
sampler/trace.h:
sampler/../formats/prx.h:
sampler/../emu/cpu.h:
sampler/../formats/prc.h:
sampler/../formats/prf.h:
