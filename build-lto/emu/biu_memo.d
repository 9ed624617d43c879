build-lto/emu/biu_memo.o: emu/biu_memo.c emu/biu_memo.h emu/biu.h \
 emu/insnlen.h
emu/biu_memo.h:
emu/biu.h:
emu/insnlen.h:
