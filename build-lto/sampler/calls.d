build-lto/sampler/calls.o: sampler/calls.c sampler/calls.h \
 sampler/../emu/machine.h sampler/../emu/keyboard.h sampler/../emu/pit.h \
 sampler/../emu/pic.h sampler/../formats/prx.h
sampler/calls.h:
sampler/../emu/machine.h:
sampler/../emu/keyboard.h:
sampler/../emu/pit.h:
sampler/../emu/pic.h:
sampler/../formats/prx.h:
