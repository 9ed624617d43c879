# profil: build, test, demo, bench, install.  See README.md.
CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L -Wall -Wextra $(EXTRA_CFLAGS)
LDLIBS  += -lx86emu
PREFIX  ?= /usr/local
DESTDIR ?=
NASM    ?= nasm

DEBIAN_PACKAGES := gcc make libx86emu-dev check nasm pkg-config

LIB_SRC := $(wildcard emu/*.c loader/*.c sampler/*.c formats/*.c)
CMD_SRC := $(wildcard cmd/*.c)
LIB_OBJ := $(LIB_SRC:%.c=build/%.o)
CMD_OBJ := $(CMD_SRC:%.c=build/%.o)
# tests/fixtures/NAME.asm -> build/fixtures/NAME.com; NAME_exe.asm -> NAME.exe
EXE_ASM  := $(wildcard tests/fixtures/*_exe.asm)
COM_ASM  := $(filter-out $(EXE_ASM),$(wildcard tests/fixtures/*.asm))
FIXTURES := $(COM_ASM:tests/fixtures/%.asm=build/fixtures/%.com) \
            $(EXE_ASM:tests/fixtures/%_exe.asm=build/fixtures/%.exe)
TEST_SRC := $(wildcard tests/check_*.c)

.PHONY: all deps check demo bench install clean asan

all: deps profil

# Install missing Debian packages when root, else print the exact command.
deps: build/.deps
build/.deps:
	@sh tools/deps.sh $(DEBIAN_PACKAGES)
	@mkdir -p build && touch $@

profil: build/.deps $(CMD_OBJ) build/libprofil.a
	$(CC) $(CFLAGS) -o $@ $(CMD_OBJ) build/libprofil.a $(LDLIBS)

build/libprofil.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

build/%.o: %.c build/.deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

# DOS test programs, assembled from source.
build/fixtures/%.com: tests/fixtures/%.asm build/.deps
	@mkdir -p build/fixtures
	$(NASM) -f bin -o $@ $<

build/fixtures/%.exe: tests/fixtures/%_exe.asm build/.deps
	@mkdir -p build/fixtures
	$(NASM) -f bin -o $@ $<

fixtures: $(FIXTURES)

build/check_profil: build/.deps $(TEST_SRC) tests/testutil.h build/libprofil.a
	$(CC) $(CFLAGS) $(shell pkg-config --cflags check) -o $@ $(TEST_SRC) \
	    build/libprofil.a $(LDLIBS) $(shell pkg-config --libs check)

check: profil build/check_profil $(FIXTURES)
	CK_FORK=yes ./build/check_profil

demo: profil build/fixtures/hotloop.com
	cd build/fixtures && ../../profil run -b 1 -i 100 -o ../HOTLOOP.PRF hotloop.com
	./profil show build/HOTLOOP.PRF

bench: profil build/fixtures/bench.com tests/bench.c build/libprofil.a
	$(CC) $(CFLAGS) -o build/bench tests/bench.c build/libprofil.a $(LDLIBS)
	./build/bench build/fixtures/bench.com

# The whole suite under AddressSanitizer and UBSan, in a separate tree.
asan:
	$(MAKE) BUILD_ASAN=1 EXTRA_CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
	    LDFLAGS="-fsanitize=address,undefined" check

install: profil
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 profil $(DESTDIR)$(PREFIX)/bin/profil

clean:
	rm -rf build profil

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d)
