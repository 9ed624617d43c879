build-lto/formats/guard.o: formats/guard.c formats/guard.h formats/prf.h \
 formats/prx.h
formats/guard.h:
formats/prf.h:
formats/prx.h:
