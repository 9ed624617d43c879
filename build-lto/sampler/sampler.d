build-lto/sampler/sampler.o: sampler/sampler.c sampler/sampler.h \
 sampler/calls.h sampler/../emu/machine.h sampler/../emu/keyboard.h \
 sampler/../emu/pit.h sampler/../emu/pic.h sampler/../formats/prx.h \
 sampler/../formats/prf.h
sampler/sampler.h:
sampler/calls.h:
sampler/../emu/machine.h:
sampler/../emu/keyboard.h:
sampler/../emu/pit.h:
sampler/../emu/pic.h:
sampler/../formats/prx.h:
sampler/../formats/prf.h:
