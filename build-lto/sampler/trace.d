build-lto/sampler/trace.o: sampler/trace.c sampler/trace.h \
 sampler/../emu/machine.h sampler/../emu/keyboard.h sampler/../emu/pit.h \
 sampler/../emu/pic.h sampler/../formats/prx.h sampler/sampler.h \
 sampler/../emu/insnlen.h
sampler/trace.h:
sampler/../emu/machine.h:
sampler/../emu/keyboard.h:
sampler/../emu/pit.h:
sampler/../emu/pic.h:
sampler/../formats/prx.h:
sampler/sampler.h:
sampler/../emu/insnlen.h:
