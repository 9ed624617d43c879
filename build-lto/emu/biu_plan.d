build-lto/emu/biu_plan.o: emu/biu_plan.c emu/biu.h emu/insnlen.h \
 emu/timing.h emu/biu_plans.inc
emu/biu.h:
emu/insnlen.h:
emu/timing.h:
emu/biu_plans.inc:
