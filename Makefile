# profil: build, test, demo, bench, install.  See README.md.
#
# Sections, by purpose: configuration; the command and its libraries; the
# DOS test programs; fuzzing; the suite (check, asan, the layers, clang, the
# browser, the compatibility corpus); measurements (bench, conformance, bus
# plans); man pages and completion; install and the Debian package; clean.

# ---- configuration ----------------------------------------------------------
.DEFAULT_GOAL := all
TOP     := $(dir $(abspath $(lastword $(MAKEFILE_LIST))))
# Build on every core (a -j on the command line still decides).
MAKEFLAGS += -j$(shell nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L -Wall -Wextra $(EXTRA_CFLAGS)
# macOS (docs/install.md "macOS"; never run there): _POSIX_C_SOURCE hides timegm()
# unless _DARWIN_C_SOURCE; Homebrew's jansson (in /opt/homebrew on Apple
# silicon, not searched by default) through pkg-config, and Homebrew's sdl2
# (lib/window_sdl.c includes <SDL2/SDL.h>: its include folder's parent).
ifeq ($(shell uname -s),Darwin)
CFLAGS  += -D_DARWIN_C_SOURCE $(shell pkg-config --cflags jansson) -I$(shell pkg-config --variable=includedir sdl2)
LDFLAGS += $(shell pkg-config --libs-only-L jansson sdl2)
endif
LDLIBS  += -lx86emu -ljansson -lz -lm -lcapstone -lSDL2
PREFIX  ?= /usr/local
B       ?= build
PROFIL  ?= profil
DESTDIR ?=
NASM    ?= nasm
LD      ?= ld
OBJCOPY ?= objcopy

# What `make` and `make check` install when missing (tools/deps.sh): the
# compiler and libraries; nasm for the test programs; groff to check the man
# pages; zsh to run its completion; dev86's bcc for the C test program;
# console-setup-linux's Terminus font for drawing text screens; SDL2 for
# run --window (lib/window_sdl.c).
DEBIAN_PACKAGES := gcc make libx86emu-dev check nasm pkg-config zlib1g-dev libjansson-dev libcapstone-dev \
                   groff-base zsh bcc console-setup-linux libsdl2-dev

# Install missing Debian packages when root, else print the exact command;
# again whenever the list changes.  What is built needs them first but is
# not rebuilt for them (an order-only prerequisite).
deps: $(B)/.deps
$(B)/.deps: tools/deps.sh Makefile
	@sh tools/deps.sh $(DEBIAN_PACKAGES)
	@mkdir -p $(B) && touch $@

.PHONY: all deps check layers asan valgrind compare-cc identical identical-parent browser-test compat fixtures demo bench bench-window conformance bus-plans \
        fuzz fuzz-run man completion install uninstall install-man install-completion uninstall-man \
        uninstall-completion deb clean

all: deps $(PROFIL)

# ---- the command and its libraries ----------------------------------------
# The library's folders (docs/architecture.md): the helpers all share, the
# emulator, the loader, the profilers, the files, the reports and the session over them; cmd/ is
# the command, one file per subcommand.
# The window (--window, SDL2) is the library's optional part: lib/window.c
# and lib/window_sdl.c, or lib/window_none.c, which refuses --window.
WINDOW_SRC   := lib/window.c lib/window_sdl.c
NOWINDOW_SRC := lib/window_none.c
LIB_SRC := $(filter-out $(WINDOW_SRC) $(NOWINDOW_SRC),$(wildcard util/*.c emu/*.c emu/*/*.c loader/*.c sampler/*.c \
             formats/*.c report/*.c lib/*.c))
CMD_SRC := $(wildcard cmd/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(B)/%.o)
WINDOW_OBJ   := $(WINDOW_SRC:%.c=$(B)/%.o)
NOWINDOW_OBJ := $(NOWINDOW_SRC:%.c=$(B)/%.o)
CMD_OBJ := $(CMD_SRC:%.c=$(B)/%.o)
# The subcommands without main(): the suite reads their option tables.
CMD_LIB_OBJ := $(filter-out $(B)/cmd/main.o,$(CMD_OBJ))

# Three archives of the same objects.  libprofil-internal.a, with every
# module's names and the window, is what this tree's own programs link (the
# command, the suite, the fuzz targets, bench).  libprofil.a (without the
# window: no SDL) and libprofil-window.a (with it), the ones installed for
# embedders (docs/api.md), are each one relocatable object in which only
# the profil_* names of lib/profil.h stay global: the modules' own names
# (read_file, mem_rb, ...) are local to it and cannot clash with an
# embedder's (tests/check_api.c lists its exports).
$(PROFIL): $(CMD_OBJ) $(B)/libprofil-internal.a | $(B)/.deps
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CMD_OBJ) $(B)/libprofil-internal.a $(LDLIBS)

$(B)/libprofil-internal.a: $(LIB_OBJ) $(WINDOW_OBJ)
	rm -f $@ && ar rcs $@ $^

ifeq ($(shell uname -s),Darwin)
LOCALISE = $(LD) -r -exported_symbol '_profil_*' -o $(@:.a=.o) $^
else
LOCALISE = $(LD) -r -o $(@:.a=.o) $^ && $(OBJCOPY) -w --keep-global-symbol='profil_*' $(@:.a=.o)
endif
$(B)/libprofil.a: $(LIB_OBJ) $(NOWINDOW_OBJ)
	rm -f $@ $(@:.a=.o)
	$(LOCALISE)
	ar rcs $@ $(@:.a=.o)

$(B)/libprofil-window.a: $(LIB_OBJ) $(WINDOW_OBJ)
	rm -f $@ $(@:.a=.o)
	$(LOCALISE)
	ar rcs $@ $(@:.a=.o)

$(B)/%.o: %.c | $(B)/.deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

-include $(LIB_OBJ:.o=.d) $(WINDOW_OBJ:.o=.d) $(NOWINDOW_OBJ:.o=.d) $(CMD_OBJ:.o=.d)

# The text modes' font (docs/video.md, Fonts): console-setup-linux's
# Terminus Font (SIL OFL 1.1) turned into CP437 tables by tools/psf2font.c.
FONT_PSF ?= /usr/share/consolefonts/Uni2-Terminus14.psf.gz
FONT16_PSF ?= /usr/share/consolefonts/Uni2-Terminus16.psf.gz
$(B)/gen/video_font.inc: tools/psf2font.c formats/screen.c formats/screen.h | $(B)/.deps
	@mkdir -p $(B)/gen
	$(CC) $(CFLAGS) -o $(B)/gen/psf2font tools/psf2font.c formats/screen.c -lz
	$(B)/gen/psf2font $(FONT_PSF) $(FONT16_PSF) $@
$(B)/emu/video/video_font.o: $(B)/gen/video_font.inc
$(B)/emu/video/video_font.o: CFLAGS += -I$(B)/gen

# The guest side of `run FILE.BAT` (loader/batch_shell.asm), as C bytes.
$(B)/gen/batch_shell.inc: loader/batch_shell.asm | $(B)/.deps
	@mkdir -p $(B)/gen
	$(NASM) -f bin -o $(B)/gen/batch_shell.bin $<
	od -An -v -tx1 $(B)/gen/batch_shell.bin | sed 's/\([0-9a-f][0-9a-f]\)/0x\1,/g' > $@
$(B)/loader/batch.o: $(B)/gen/batch_shell.inc
$(B)/loader/batch.o: CFLAGS += -I$(B)/gen

# What it prints is the README's "What `make demo` shows" (a test compares).
demo: $(PROFIL) $(B)/fixtures/hotloop.com
	@./$(PROFIL) run -b 1 -i 100 -o $(B)/HOTLOOP.PRF $(B)/fixtures/hotloop.com
	@printf '%s\n' 'try next (tests/check_summary.c runs each):' \
	  '  ./$(PROFIL) hist --map $(B)/fixtures/hotloop.map $(B)/HOTLOOP.PRF         per symbol, busiest first' \
	  '  ./$(PROFIL) run -q --trace -o $(B)/HOTLOOP.PRF $(B)/fixtures/hotloop.com  exact cycles, and a .prx' \
	  '  ./$(PROFIL) annotate --map $(B)/fixtures/hotloop.map $(B)/HOTLOOP.prx     each instruction, counted' \
	  '  ./$(PROFIL) report -o $(B)/hotloop.html $(B)/HOTLOOP.prx                  one HTML page' \
	  '  ./$(PROFIL) --help                                                          every command and option' >&2

# ---- the DOS test programs ------------------------------------------------
# tests/fixtures/NAME.asm -> $(B)/fixtures/NAME.com; NAME_exe.asm -> NAME.exe
EXE_ASM  := $(wildcard tests/fixtures/*_exe.asm)
COM_ASM  := $(filter-out $(EXE_ASM),$(wildcard tests/fixtures/*.asm))
FIXTURES := $(COM_ASM:tests/fixtures/%.asm=$(B)/fixtures/%.com) \
            $(EXE_ASM:tests/fixtures/%_exe.asm=$(B)/fixtures/%.exe)
# include/profdos.h from C: with dev86's bcc (installed by deps; the test
# skips, saying so, where it could not be).
BCC      ?= $(shell command -v bcc 2>/dev/null || echo bcc)
FIXTURES += $(B)/fixtures/guestc.com $(B)/fixtures/pispigot.com

# DOS test programs, assembled from source.
$(B)/fixtures/%.com: tests/fixtures/%.asm tests/fixtures/report.inc tests/fixtures/report_low.inc tests/fixtures/raster.inc Makefile | $(B)/.deps
	@mkdir -p $(B)/fixtures
	$(NASM) -f bin -i tests/fixtures/ -i include/ -M -MP -MT $@ -MF $(@:.com=.d) $<
	$(NASM) -f bin -i tests/fixtures/ -i include/ --before '[map all $(@:.com=.map)]' -o $@ $<

$(B)/fixtures/%.exe: tests/fixtures/%_exe.asm $(wildcard tests/fixtures/*.inc) Makefile | $(B)/.deps
	@mkdir -p $(B)/fixtures
	$(NASM) -f bin -i tests/fixtures/ -o $@ $<

$(B)/fixtures/guestc.com: tests/fixtures/guestc.c include/profdos.h Makefile | $(B)/.deps
	@mkdir -p $(B)/fixtures
	$(BCC) -ansi -Md -I$(TOP)include -X-M -o $@ $< > $(@:.com=.map) || { rm -f $@ $(@:.com=.map); echo "guestc.com not built: no bcc"; }

# make bench's long workload (tests/fixtures/pispigot.c), K&R C for bcc.
$(B)/fixtures/pispigot.com: tests/fixtures/pispigot.c Makefile | $(B)/.deps
	@mkdir -p $(B)/fixtures
	$(BCC) -Md -o $@ $< || { rm -f $@; echo "pispigot.com not built: no bcc"; }

fixtures: $(FIXTURES)

# make bench's video-memory and REP workloads (tests/bench.c, bench_fixture)
bench: $(B)/fixtures/benchvid.com $(B)/fixtures/benchrep.com

# NASM listings (nasm -l) of two fixtures, for the listing reader's tests
# (formats/nasmlst.h): a plain one and one with an %include.
LISTINGS := $(B)/fixtures/hotloop.lst $(B)/fixtures/crit.lst
$(B)/fixtures/%.lst: tests/fixtures/%.asm tests/fixtures/report.inc Makefile | $(B)/.deps
	@mkdir -p $(B)/fixtures
	$(NASM) -f bin -i tests/fixtures/ -l $@ -o /dev/null $<

# A fixture that includes another (settime.asm includes dostime.asm) is
# rebuilt when that changes: nasm writes the dependencies.
-include $(wildcard $(B)/fixtures/*.d)

# ---- fuzzing ---------------------------------------------------------------
# Fuzz targets, fuzz/NAME.c each: replayed by `make check` ($(B)/replay/NAME),
# fuzzed by `make fuzz` (docs/reliability.md).
FUZZ_TARGETS  := loader prf prc map_mslink map_wlink map_nasm map_ld86 nasmlst prx keys buckets prs codeview tdinfo watcom \
                 recording frames batch
FUZZ_SECONDS  ?= 60
FUZZ_CC       ?= clang
FUZZ_PACKAGES := clang libclang-rt-dev
FUZZ_SAN      := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
REPLAYS       := $(FUZZ_TARGETS:%=$(B)/replay/%)

# A fuzz target without libFuzzer: fuzz/replay.c runs it on files.
$(B)/replay/%: fuzz/%.c fuzz/replay.c fuzz/fuzz.h fuzz/map.h fuzz/prxfile.h $(B)/libprofil-internal.a
	@mkdir -p $(B)/replay
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ fuzz/$*.c fuzz/replay.c $(B)/libprofil-internal.a $(LDLIBS)

# libFuzzer with ASan and UBSan (clang), in build-fuzz/: every target for
# FUZZ_SECONDS (-j2 runs two at once); a crash, leak or timeout fails it.
fuzz:
	@sh tools/deps.sh $(FUZZ_PACKAGES)
	$(MAKE) B=build-fuzz PROFIL=build-fuzz/profil CC=$(FUZZ_CC) \
	    EXTRA_CFLAGS="$(EXTRA_CFLAGS) -fsanitize=fuzzer-no-link $(FUZZ_SAN)" LDFLAGS="$(FUZZ_SAN)" fuzz-run

.PRECIOUS: $(B)/fuzzer/% $(B)/replay/%

fuzz-run: $(FUZZ_TARGETS:%=fuzz-run-%)

fuzz-run-%: $(B)/fuzzer/% $(FIXTURES) $(LISTINGS)
	@sh tools/fuzz.sh $* $(B) $(FUZZ_SECONDS)

$(B)/fuzzer/%: fuzz/%.c fuzz/fuzz.h fuzz/map.h fuzz/prxfile.h $(B)/libprofil-internal.a
	@mkdir -p $(B)/fuzzer
	$(CC) $(CFLAGS) $(LDFLAGS) -fsanitize=fuzzer -o $@ fuzz/$*.c $(B)/libprofil-internal.a $(LDLIBS)

# ---- the suite ---------------------------------------------------------------
TEST_SRC := $(wildcard tests/check_*.c)
# The command the suite runs (make valgrind: a wrapper that runs it under memcheck).
TEST_PROFIL_BIN ?= ./$(PROFIL)

$(B)/check_profil: $(TEST_SRC) tests/testutil.h tests/genmap.h lib/profil.h $(CMD_LIB_OBJ) $(B)/libprofil-internal.a Makefile | $(B)/.deps
	$(CC) $(CFLAGS) $(LDFLAGS) -DPROFIL_BIN='"$(TEST_PROFIL_BIN)"' -DTEST_TMP='"$(B)/test-tmp"' -DBUILD_DIR='"$(B)"' \
	    -DFIXTURE_DIR='"$(B)/fixtures/"' -DEMBED_CC='"$(CC)"' -DEMBED_FLAGS='"$(EXTRA_CFLAGS) $(LDFLAGS)"' -DREPLAY_DIR='"$(B)/replay/"' $(shell pkg-config --cflags check) -o $@ $(TEST_SRC) \
	    $(CMD_LIB_OBJ) $(B)/libprofil-internal.a $(LDLIBS) $(shell pkg-config --libs check)

# The suite also checks the man pages and the completion as built, and
# replays every fuzz target's seeds.
check: $(PROFIL) $(B)/check_profil $(FIXTURES) $(LISTINGS) $(REPLAYS) man completion
	CK_FORK=yes ./$(B)/check_profil

# The folders and layers (docs/architecture.md): no include against the
# arrows, no *_internal.h outside its folder, two machines share no state.
# `make check` runs the same suite among the others.
layers: $(B)/check_profil $(B)/fixtures/hotloop.com $(B)/fixtures/biosread.com
	CK_FORK=yes CK_RUN_SUITE=layers ./$(B)/check_profil

# The whole suite under AddressSanitizer and UBSan, in a separate tree.
asan:
	$(MAKE) B=build-asan PROFIL=build-asan/profil \
	    EXTRA_CFLAGS="$(EXTRA_CFLAGS) -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
	    LDFLAGS="-fsanitize=address,undefined" check

# The whole suite with every profil command it runs under valgrind memcheck,
# in a separate tree (build-valgrind/): the suite's own assertions, and any
# memcheck error in any command (an uninitialised read, an invalid access, a
# bad system-call argument) fails it, listed from the logs
# (tools/valgrind_profil.sh; issue 44).  The host-time budget tests skip.
VALGRIND_B := build-valgrind
# The wrapper is copied after the binary and its objects are built, so that
# it is newer than them: the tests that run make with PROFIL naming it
# (check_api's install, check_summary's demo) then find it up to date instead
# of linking a real binary over it, after which no run would be checked; the
# last step fails if that happened all the same.
VALGRIND_MAKE = $(MAKE) B=$(VALGRIND_B) PROFIL=$(VALGRIND_B)/profil.real TEST_PROFIL_BIN=./$(VALGRIND_B)/profil \
	    EXTRA_CFLAGS="$(EXTRA_CFLAGS) -O1"
valgrind:
	@sh tools/deps.sh valgrind
	rm -rf $(VALGRIND_B)/valgrind-logs && mkdir -p $(VALGRIND_B)/valgrind-logs
	$(VALGRIND_MAKE) $(VALGRIND_B)/profil.real $(VALGRIND_B)/libprofil-internal.a
	cp tools/valgrind_profil.sh $(VALGRIND_B)/profil && chmod +x $(VALGRIND_B)/profil
	PROFIL_VALGRIND=1 PROFIL_VALGRIND_SUPP=$(TOP)tools/valgrind.supp PROFIL_VALGRIND_LOGS=$(TOP)$(VALGRIND_B)/valgrind-logs CK_TIMEOUT_MULTIPLIER=$${CK_TIMEOUT_MULTIPLIER:-20} \
	    $(VALGRIND_MAKE) check
	@cmp -s tools/valgrind_profil.sh $(VALGRIND_B)/profil || { \
	    echo "valgrind: $(VALGRIND_B)/profil is no longer the memcheck wrapper (a rule rebuilt it), so the runs after that went unchecked"; exit 1; }
	@bad=$$(find $(VALGRIND_B)/valgrind-logs -type f -size +0); \
	if [ -n "$$bad" ]; then cat $$bad; echo "valgrind: memcheck errors in $$(echo $$bad | wc -w) runs (above)"; exit 1; fi; \
	echo "valgrind: $$(ls $(VALGRIND_B)/valgrind-logs | wc -l) runs of profil, no memcheck error"

# The gcc build (here) and a clang build (build-clang/) must write the same
# .PRF and .prx bytes (tools/compare_cc.sh); the test program is built by clang
# too, so its warnings fail under EXTRA_CFLAGS=-Werror as gcc's do.
COMPARE_CC ?= clang
compare-cc: $(PROFIL) $(FIXTURES)
	@sh tools/deps.sh $(COMPARE_CC)
	$(MAKE) B=build-clang PROFIL=build-clang/profil CC=$(COMPARE_CC) EXTRA_CFLAGS="$(EXTRA_CFLAGS)" build-clang/profil \
	    build-clang/check_profil
	sh tools/compare_cc.sh ./$(PROFIL) build-clang/profil $(B)

# Byte-identical outputs against another commit (tools/identical.sh,
# docs/development.md): REF's profil built in a temporary worktree, both run
# over every fixture under both clocks, both CPUs and four modes, and the
# video fixtures' --screen-png pictures under every card, with and without
# --border.
identical: $(PROFIL) $(FIXTURES)
	@sh tools/identical.sh ./$(PROFIL) $(B) "$(REF)"

# The same against HEAD's first parent, as CI runs it (tools/identical_parent.sh):
# a commit whose outputs differ on purpose says why in an "Outputs-changed:"
# trailer.
identical-parent: $(PROFIL) $(FIXTURES)
	@sh tools/identical_parent.sh ./$(PROFIL) $(B)

# The HTML report (profil report) in headless Chromium: what its script
# draws, its links, the frame timeline, no console error (tools/browser_test.sh; skipped
# without chromium).
browser-test: $(PROFIL) $(B)/fixtures/hotloop.com $(B)/fixtures/hotloop.lst $(B)/fixtures/vsync.com $(B)/fixtures/loading.com $(B)/fixtures/tpdemo.exe
	sh tools/browser_test.sh ./$(PROFIL) $(B)

# The compatibility corpus (tests/realprog/README.md): real DOS programs run by
# profil, compared with what DOSBox made of them.  Not in `make check`: it
# fetches the programs (MS-DOS's MIT binaries) first.
compat: $(PROFIL)
	sh tests/realprog/fetch.sh $(B)/realprog/bin
	BIN=$(abspath $(B)/realprog/bin) WORK=$(abspath $(B)/realprog/check) PROFIL=$(abspath $(PROFIL)) \
	    bash tests/realprog/compat.sh check

# ---- measurements -----------------------------------------------------------
# The long programs (tests/bench.c): the bcc-built pi spigot, and Microsoft
# C 5.1 compiling its source when the compatibility corpus was fetched
# into REALPROG (tests/realprog/fetch.sh); each is skipped, saying so,
# when absent.
REALPROG ?= $(B)/realprog/bin
bench: $(B)/fixtures/bench.com $(B)/fixtures/pispigot.com tests/bench.c tests/genmap.h $(B)/libprofil-internal.a
	$(CC) $(CFLAGS) -o $(B)/bench tests/bench.c $(B)/libprofil-internal.a $(LDLIBS)
	./$(B)/bench $(B)/fixtures/bench.com $(B)/fixtures/pispigot.com tests/fixtures/pispigot.c $(REALPROG)

# A paced --window run of a game-like program (issue 27): the host CPU it
# uses and the sound's underruns, BENCH_WINDOW_SECONDS of emulated (and so
# of wall) time; then, under Xvfb, that program and a busy loop at --speed
# max in a window against headless (issue 42).  Not part of `make bench`:
# it takes that long.
BENCH_WINDOW_SECONDS ?= 60
bench-window: $(PROFIL) $(B)/fixtures/gamelike.com $(B)/fixtures/forever.com
	bash tools/bench_window.sh ./$(PROFIL) $(B)/fixtures/gamelike.com $(BENCH_WINDOW_SECONDS) $(B)/fixtures/forever.com

# SingleStepTests 8086 through the CPU wrapper (issue 3): the one test data
# too large for tests/, read from ../shared beside the checkout.
conformance: $(B)/libprofil-internal.a tests/conformance.c
	$(CC) $(CFLAGS) -o $(B)/conformance tests/conformance.c $(B)/libprofil-internal.a $(LDLIBS)
	./$(B)/conformance $(CONFORMANCE_GATE) ../shared/data/sst8086/v1 docs/conformance.md

# --timing bus's measured EU schedules, from the same traces (emu/cpu/biu_plans.inc;
# BUS_PLANS_ODD=1: from the odd-numbered tests only, to check on the others).
bus-plans: $(B)/libprofil-internal.a tests/derive_plans.c
	$(CC) $(CFLAGS) -o $(B)/derive_plans tests/derive_plans.c $(B)/libprofil-internal.a $(LDLIBS)
	$(if $(BUS_PLANS_ODD),ODD=1 )./$(B)/derive_plans ../shared/data/sst8086/v1 emu/cpu/biu_plans.inc

# ---- man pages and completion -------------------------------------------
# Generated from the option tables, as --help is (cmd/manpage.h): profil(1)
# and one page per subcommand; `make install` installs them too.
MAN_CMDS    := run show hist diff cover merge annotate report
MAN_PAGES   := $(B)/man/profil.1 $(MAN_CMDS:%=$(B)/man/profil-%.1)
COMPLETION  := $(B)/completion/profil
ZSH_COMPLETION := $(B)/completion/_profil
MANDIR      ?= $(PREFIX)/share/man/man1
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions

man: $(MAN_PAGES)
completion: $(COMPLETION) $(ZSH_COMPLETION)

$(B)/man/profil.1: $(PROFIL)
	@mkdir -p $(B)/man
	./$(PROFIL) --man > $@.$$$$.tmp && mv $@.$$$$.tmp $@

$(B)/man/profil-%.1: $(PROFIL)
	@mkdir -p $(B)/man
	./$(PROFIL) --man $* > $@.$$$$.tmp && mv $@.$$$$.tmp $@

$(COMPLETION): $(PROFIL)
	@mkdir -p $(B)/completion
	./$(PROFIL) --completion bash > $@.$$$$.tmp && mv $@.$$$$.tmp $@

$(ZSH_COMPLETION): $(PROFIL)
	@mkdir -p $(B)/completion
	./$(PROFIL) --completion zsh > $@.$$$$.tmp && mv $@.$$$$.tmp $@

# ---- install and the Debian package ------------------------------------
# The command, the library's public header, the static libraries and their
# pkg-config files (lib/profil.h, docs/api.md): libprofil.a without the
# window, libprofil-window.a with it (SDL2).  Only static libraries are
# installed, so their dependencies are private: link with
# `pkg-config --static --libs profil` (or profil-window).
# LIBDIR: where the library and profil.pc go (Debian: lib/<multiarch>).
LIBDIR ?= $(PREFIX)/lib
# The guest's include files (include/: for DOS programs, docs/guestapi.md)
# go to share/profil/dos, for a DOS compiler's include path.
GUESTDIR ?= $(PREFIX)/share/profil/dos
GUEST_INCLUDES := profdos.h profdos.inc profdos.mac
LIBRARIES := profil profil-window
INSTALLED := $(PREFIX)/bin/profil $(PREFIX)/include/profil.h $(LIBRARIES:%=$(LIBDIR)/lib%.a) \
             $(LIBRARIES:%=$(LIBDIR)/pkgconfig/%.pc) $(GUEST_INCLUDES:%=$(GUESTDIR)/%)

# Written on every make install, so that it names this install's PREFIX
# (not that of an earlier build: the suite installs to a PREFIX of its own).
# pc_file NAME,DESCRIPTION,REQUIRES: the .pc of libNAME.a.
pc_file = printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$${prefix}/include' \
	    'libdir=$(if $(filter $(PREFIX)/%,$(LIBDIR)),$${prefix}/$(LIBDIR:$(PREFIX)/%=%),$(LIBDIR))' '' \
	    'Name: $(1)' 'Description: $(2)' \
	    'Version: $(shell sed -n 's/^\#define PROFIL_VERSION "\(.*\)"/\1/p' cmd/commands.h)' \
	    'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -l$(1)' \
	    'Requires.private: $(3)' 'Libs.private: -lx86emu -lcapstone -lm' > $@
.PHONY: $(B)/profil.pc $(B)/profil-window.pc
$(B)/profil.pc: Makefile cmd/commands.h
	@mkdir -p $(B)
	$(call pc_file,profil,profile MS-DOS programs in an emulated 8088 PC (MS-DOS PROFIL .PRF files),jansson zlib)
$(B)/profil-window.pc: Makefile cmd/commands.h
	@mkdir -p $(B)
	$(call pc_file,profil-window,the profil library with the window of run --window (SDL2),jansson zlib sdl2)

install: $(PROFIL) $(LIBRARIES:%=$(B)/lib%.a) $(LIBRARIES:%=$(B)/%.pc) install-man install-completion
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(LIBDIR)/pkgconfig
	install -m 755 $(PROFIL) $(DESTDIR)$(PREFIX)/bin/profil
	install -m 644 lib/profil.h $(DESTDIR)$(PREFIX)/include/profil.h
	install -d $(DESTDIR)$(GUESTDIR)
	install -m 644 $(GUEST_INCLUDES:%=include/%) $(DESTDIR)$(GUESTDIR)/
	install -m 644 $(LIBRARIES:%=$(B)/lib%.a) $(DESTDIR)$(LIBDIR)/
	install -m 644 $(LIBRARIES:%=$(B)/%.pc) $(DESTDIR)$(LIBDIR)/pkgconfig/

uninstall: uninstall-man uninstall-completion
	rm -f $(INSTALLED:%=$(DESTDIR)%)

install-man: man
	install -d $(DESTDIR)$(MANDIR)
	install -m 644 $(MAN_PAGES) $(DESTDIR)$(MANDIR)/

install-completion: completion
	install -d $(DESTDIR)$(BASHCOMPDIR)
	install -m 644 $(COMPLETION) $(DESTDIR)$(BASHCOMPDIR)/profil
	install -d $(DESTDIR)$(ZSHCOMPDIR)
	install -m 644 $(ZSH_COMPLETION) $(DESTDIR)$(ZSHCOMPDIR)/_profil

uninstall-man:
	rm -f $(MAN_PAGES:$(B)/man/%=$(DESTDIR)$(MANDIR)/%)

uninstall-completion:
	rm -f $(DESTDIR)$(BASHCOMPDIR)/profil $(DESTDIR)$(ZSHCOMPDIR)/_profil

# The Debian package (debian/, docs/install.md "Debian package"): dpkg-buildpackage
# builds, tests and installs with this Makefile into build-deb/, and puts
# the .deb in the parent folder, as Debian does; it is moved to $(B)/deb/
# with its .buildinfo and .changes, and lintian must find no error.
DEB_PACKAGES := dpkg-dev debhelper lintian
DEB_VERSION   = $(shell dpkg-parsechangelog -S Version)
deb:
	@sh tools/deps.sh $(DEB_PACKAGES)
	dpkg-buildpackage -us -uc -b
	@mkdir -p $(B)/deb
	mv ../profil_$(DEB_VERSION)_* ../profil-dbgsym_$(DEB_VERSION)_* $(B)/deb/
	lintian --fail-on error $(B)/deb/profil_$(DEB_VERSION)_$(shell dpkg-architecture -qDEB_HOST_ARCH).changes

# ---- clean -------------------------------------------------------------------
# Every build folder: this one, the sanitizers', the fuzzers', clang's and
# the Debian package's.
clean:
	rm -rf build build-asan build-fuzz build-clang build-deb $(B) profil
