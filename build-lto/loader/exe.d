build-lto/loader/exe.o: loader/exe.c loader/exe.h
loader/exe.h:
