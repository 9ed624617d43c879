build-lto/sampler/memprof.o: sampler/memprof.c sampler/memprof.h \
 sampler/../emu/dos.h sampler/../emu/drive.h sampler/../formats/prx.h \
 sampler/../emu/machine.h sampler/../emu/keyboard.h sampler/../emu/pit.h \
 sampler/../emu/pic.h
sampler/memprof.h:
sampler/../emu/dos.h:
sampler/../emu/drive.h:
sampler/../formats/prx.h:
sampler/../emu/machine.h:
sampler/../emu/keyboard.h:
sampler/../emu/pit.h:
sampler/../emu/pic.h:
