# profil: build, test, demo, bench, install.  See README.md.
TOP     := $(dir $(abspath $(lastword $(MAKEFILE_LIST))))
# Build on every core (a -j on the command line still decides).
MAKEFLAGS += -j$(shell nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
CC      ?= cc
CFLAGS  ?= -O2 -g
CFLAGS  += -std=c11 -D_DEFAULT_SOURCE -D_POSIX_C_SOURCE=200809L -Wall -Wextra $(EXTRA_CFLAGS)
# macOS (README "macOS"; never run there): _POSIX_C_SOURCE hides timegm()
# unless _DARWIN_C_SOURCE; Homebrew's jansson (in /opt/homebrew on Apple
# silicon, not searched by default) through pkg-config.
ifeq ($(shell uname -s),Darwin)
CFLAGS  += -D_DARWIN_C_SOURCE $(shell pkg-config --cflags jansson)
LDFLAGS += $(shell pkg-config --libs-only-L jansson)
endif
LDLIBS  += -lx86emu -ljansson -lz -lm -lcapstone
PREFIX  ?= /usr/local
B       ?= build
PROFIL  ?= profil
DESTDIR ?=
NASM    ?= nasm

DEBIAN_PACKAGES := gcc make libx86emu-dev check nasm pkg-config zlib1g-dev libjansson-dev libcapstone-dev

LIB_SRC := $(wildcard emu/*.c emu/*/*.c loader/*.c sampler/*.c formats/*.c lib/*.c)
CMD_SRC := $(wildcard cmd/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(B)/%.o)
CMD_OBJ := $(CMD_SRC:%.c=$(B)/%.o)
# The subcommands without main(): the suite reads their option tables.
CMD_LIB_OBJ := $(filter-out $(B)/cmd/main.o,$(CMD_OBJ))
# tests/fixtures/NAME.asm -> $(B)/fixtures/NAME.com; NAME_exe.asm -> NAME.exe
EXE_ASM  := $(wildcard tests/fixtures/*_exe.asm)
COM_ASM  := $(filter-out $(EXE_ASM),$(wildcard tests/fixtures/*.asm))
FIXTURES := $(COM_ASM:tests/fixtures/%.asm=$(B)/fixtures/%.com) \
            $(EXE_ASM:tests/fixtures/%_exe.asm=$(B)/fixtures/%.exe)
# include/profil.h from C: with dev86's bcc when it is installed (optional:
# the test skips, saying so, without it).
BCC      ?= $(shell command -v bcc 2>/dev/null)
ifneq ($(BCC),)
FIXTURES += $(B)/fixtures/guestc.com
endif
TEST_SRC := $(wildcard tests/check_*.c)
# Fuzz targets, fuzz/NAME.c each: replayed by `make check` ($(B)/replay/NAME),
# fuzzed by `make fuzz` (README, Reliability).
FUZZ_TARGETS  := loader prf prc map_mslink map_wlink map_nasm map_ld86 nasmlst prx keys buckets prs codeview
FUZZ_SECONDS  ?= 60
FUZZ_CC       ?= clang
FUZZ_PACKAGES := clang libclang-rt-dev
FUZZ_SAN      := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
REPLAYS       := $(FUZZ_TARGETS:%=$(B)/replay/%)

.PHONY: layers all deps check compat demo bench install uninstall clean asan fixtures conformance bus-plans fuzz fuzz-run

all: deps $(PROFIL)

# Install missing Debian packages when root, else print the exact command.
deps: $(B)/.deps
$(B)/.deps: tools/deps.sh
	@sh tools/deps.sh $(DEBIAN_PACKAGES)
	@mkdir -p $(B) && touch $@

$(PROFIL): $(B)/.deps $(CMD_OBJ) $(B)/libprofil.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $(CMD_OBJ) $(B)/libprofil.a $(LDLIBS)

$(B)/libprofil.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

$(B)/%.o: %.c $(B)/.deps
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -MMD -MP -c $< -o $@

# DOS test programs, assembled from source.
$(B)/fixtures/%.com: tests/fixtures/%.asm tests/fixtures/report.inc $(B)/.deps Makefile
	@mkdir -p $(B)/fixtures
	$(NASM) -f bin -i tests/fixtures/ -i include/ -M -MT $@ -MF $(@:.com=.d) $<
	$(NASM) -f bin -i tests/fixtures/ -i include/ --before '[map all $(@:.com=.map)]' -o $@ $<

$(B)/fixtures/%.exe: tests/fixtures/%_exe.asm $(B)/.deps Makefile
	@mkdir -p $(B)/fixtures
	$(NASM) -f bin -i tests/fixtures/ -o $@ $<

$(B)/fixtures/guestc.com: tests/fixtures/guestc.c include/profil.h Makefile
	@mkdir -p $(B)/fixtures
	$(BCC) -Md -I$(TOP)include -o $@ $<

fixtures: $(FIXTURES)

# NASM listings (nasm -l) of two fixtures, for the listing reader's tests
# (formats/nasmlst.h): a plain one and one with an %include.
LISTINGS := $(B)/fixtures/hotloop.lst $(B)/fixtures/crit.lst
$(B)/fixtures/%.lst: tests/fixtures/%.asm tests/fixtures/report.inc $(B)/.deps Makefile
	@mkdir -p $(B)/fixtures
	$(NASM) -f bin -i tests/fixtures/ -l $@ -o /dev/null $<

# A fixture that includes another (settime.asm includes dostime.asm) is
# rebuilt when that changes: nasm writes the dependencies.
-include $(wildcard $(B)/fixtures/*.d)

# ../shared (reference data: PROHST's real output) as an absolute path from
# this Makefile's folder, so the suite finds it whatever its working
# directory; `make check SHARED=DIR` points elsewhere.
SHARED ?= $(abspath $(TOP)../shared)

$(B)/check_profil: $(B)/.deps $(TEST_SRC) tests/testutil.h tests/genmap.h lib/profil.h $(CMD_LIB_OBJ) $(B)/libprofil.a Makefile
	$(CC) $(CFLAGS) $(LDFLAGS) -DPROFIL_BIN='"./$(PROFIL)"' -DTEST_TMP='"$(B)/test-tmp"' -DBUILD_DIR='"$(B)"' -DSHARED_DIR='"$(SHARED)"' \
	    -DFIXTURE_DIR='"$(B)/fixtures/"' -DEMBED_CC='"$(CC)"' -DEMBED_FLAGS='"$(EXTRA_CFLAGS) $(LDFLAGS)"' -DREPLAY_DIR='"$(B)/replay/"' $(shell pkg-config --cflags check) -o $@ $(TEST_SRC) \
	    $(CMD_LIB_OBJ) $(B)/libprofil.a $(LDLIBS) $(shell pkg-config --libs check)

check: $(PROFIL) $(B)/check_profil $(FIXTURES) $(LISTINGS) $(REPLAYS)
	CK_FORK=yes ./$(B)/check_profil

# The layers of emu/ and loader/ (docs/architecture.md): no include goes
# up, no *_internal.h leaves its folder, two machines share no state.
# `make check` runs the same suite among the others.
layers: $(B)/check_profil $(B)/fixtures/hotloop.com $(B)/fixtures/biosread.com
	CK_FORK=yes CK_RUN_SUITE=layers ./$(B)/check_profil

# A fuzz target without libFuzzer: fuzz/replay.c runs it on files.
$(B)/replay/%: fuzz/%.c fuzz/replay.c fuzz/fuzz.h fuzz/map.h $(B)/libprofil.a
	@mkdir -p $(B)/replay
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ fuzz/$*.c fuzz/replay.c $(B)/libprofil.a $(LDLIBS)

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

$(B)/fuzzer/%: fuzz/%.c fuzz/fuzz.h fuzz/map.h $(B)/libprofil.a
	@mkdir -p $(B)/fuzzer
	$(CC) $(CFLAGS) $(LDFLAGS) -fsanitize=fuzzer -o $@ fuzz/$*.c $(B)/libprofil.a $(LDLIBS)


# What it prints is the README's "What `make demo` shows" (a test compares).
demo: $(PROFIL) $(B)/fixtures/hotloop.com
	@./$(PROFIL) run -b 1 -i 100 -o $(B)/HOTLOOP.PRF $(B)/fixtures/hotloop.com
	@printf '%s\n' 'try next (tests/check_honest.c runs each):' \
	  '  ./$(PROFIL) hist --map $(B)/fixtures/hotloop.map $(B)/HOTLOOP.PRF         per symbol, busiest first' \
	  '  ./$(PROFIL) run -q --trace -o $(B)/HOTLOOP.PRF $(B)/fixtures/hotloop.com  exact cycles, and a .prx' \
	  '  ./$(PROFIL) annotate --map $(B)/fixtures/hotloop.map $(B)/HOTLOOP.prx     each instruction, counted' \
	  '  ./$(PROFIL) report -o $(B)/hotloop.html $(B)/HOTLOOP.prx                  one HTML page' \
	  '  ./$(PROFIL) --help                                                          every command and option' >&2

bench: $(B)/fixtures/bench.com tests/bench.c tests/genmap.h $(B)/libprofil.a
	$(CC) $(CFLAGS) -o $(B)/bench tests/bench.c $(B)/libprofil.a $(LDLIBS)
	./$(B)/bench $(B)/fixtures/bench.com

# SingleStepTests 8086 through the CPU wrapper (issue 3); skips without ../shared.
conformance: $(B)/libprofil.a tests/conformance.c
	$(CC) $(CFLAGS) -o $(B)/conformance tests/conformance.c $(B)/libprofil.a $(LDLIBS)
	./$(B)/conformance $(CONFORMANCE_GATE) ../shared/data/sst8086/v1 docs/conformance.md

# --timing bus's measured EU schedules, from the same traces (emu/cpu/biu_plans.inc;
# BUS_PLANS_ODD=1: from the odd-numbered tests only, to check on the others).
bus-plans: $(B)/libprofil.a tests/derive_plans.c
	$(CC) $(CFLAGS) -o $(B)/derive_plans tests/derive_plans.c $(B)/libprofil.a $(LDLIBS)
	$(if $(BUS_PLANS_ODD),ODD=1 )./$(B)/derive_plans ../shared/data/sst8086/v1 emu/cpu/biu_plans.inc

# The whole suite under AddressSanitizer and UBSan, in a separate tree.
asan:
	$(MAKE) B=build-asan PROFIL=build-asan/profil \
	    EXTRA_CFLAGS="$(EXTRA_CFLAGS) -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined" \
	    LDFLAGS="-fsanitize=address,undefined" check

# The command, the library's public header, the static library and its
# pkg-config file (lib/profil.h, docs/api.md).  Only a static library is
# installed, so its dependencies are private: link with
# `pkg-config --static --libs profil`.
# LIBDIR: where the library and profil.pc go (Debian: lib/<multiarch>).
LIBDIR ?= $(PREFIX)/lib
INSTALLED := $(PREFIX)/bin/profil $(PREFIX)/include/profil.h $(LIBDIR)/libprofil.a $(LIBDIR)/pkgconfig/profil.pc

# Written on every make install, so that it names this install's PREFIX
# (not that of an earlier build: the suite installs to a PREFIX of its own).
.PHONY: $(B)/profil.pc
$(B)/profil.pc: Makefile cmd/commands.h
	@mkdir -p $(B)
	printf '%s\n' 'prefix=$(PREFIX)' 'includedir=$${prefix}/include' \
	    'libdir=$(if $(filter $(PREFIX)/%,$(LIBDIR)),$${prefix}/$(LIBDIR:$(PREFIX)/%=%),$(LIBDIR))' '' \
	    'Name: profil' 'Description: profile MS-DOS programs in an emulated 8088 PC (MS-DOS PROFIL .PRF files)' \
	    'Version: $(shell sed -n 's/^#define PROFIL_VERSION "\(.*\)"/\1/p' cmd/commands.h)' \
	    'Cflags: -I$${includedir}' 'Libs: -L$${libdir} -lprofil' \
	    'Requires.private: jansson zlib' 'Libs.private: -lx86emu -lcapstone -lm' > $@

install: $(PROFIL) $(B)/libprofil.a $(B)/profil.pc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(LIBDIR)/pkgconfig
	install -m 755 $(PROFIL) $(DESTDIR)$(PREFIX)/bin/profil
	install -m 644 lib/profil.h $(DESTDIR)$(PREFIX)/include/profil.h
	install -m 644 $(B)/libprofil.a $(DESTDIR)$(LIBDIR)/libprofil.a
	install -m 644 $(B)/profil.pc $(DESTDIR)$(LIBDIR)/pkgconfig/profil.pc

uninstall:
	rm -f $(INSTALLED:%=$(DESTDIR)%)

# ---- man pages, bash completion, gcc/clang comparison (issue 20, branch pkg) ----
# Generated from the option tables, as --help is (cmd/manpage.h): profil(1)
# and one page per subcommand; `make install` installs them too.
MAN_CMDS    := run show hist diff cover merge annotate report
MAN_PAGES   := $(B)/man/profil.1 $(MAN_CMDS:%=$(B)/man/profil-%.1)
COMPLETION  := $(B)/completion/profil
ZSH_COMPLETION := $(B)/completion/_profil
MANDIR      ?= $(PREFIX)/share/man/man1
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
# groff: the suite renders the pages with every warning on.
DEBIAN_PACKAGES += groff-base
# zsh: the suite runs the zsh completion's choices.
DEBIAN_PACKAGES += zsh

.PHONY: man completion install-man install-completion uninstall uninstall-man uninstall-completion compare-cc

man: $(MAN_PAGES)
completion: $(COMPLETION) $(ZSH_COMPLETION)

$(B)/man/profil.1: $(PROFIL)
	@mkdir -p $(B)/man
	./$(PROFIL) --man > $@.tmp && mv $@.tmp $@

$(B)/man/profil-%.1: $(PROFIL)
	@mkdir -p $(B)/man
	./$(PROFIL) --man $* > $@.tmp && mv $@.tmp $@

$(COMPLETION): $(PROFIL)
	@mkdir -p $(B)/completion
	./$(PROFIL) --completion bash > $@.tmp && mv $@.tmp $@

$(ZSH_COMPLETION): $(PROFIL)
	@mkdir -p $(B)/completion
	./$(PROFIL) --completion zsh > $@.tmp && mv $@.tmp $@

# The suite checks the pages and the completion as built.
check: man completion

install: install-man install-completion
uninstall: uninstall-man uninstall-completion

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

# The gcc build (here) and a clang build (build-clang/) must write the same
# .PRF and .prx bytes (tools/compare_cc.sh).
COMPARE_CC ?= clang
compare-cc: $(PROFIL) $(FIXTURES)
	@sh tools/deps.sh $(COMPARE_CC)
	$(MAKE) B=build-clang PROFIL=build-clang/profil CC=$(COMPARE_CC) EXTRA_CFLAGS="$(EXTRA_CFLAGS)" build-clang/profil
	sh tools/compare_cc.sh ./$(PROFIL) build-clang/profil $(B)
# ---- end of issue 20's block ----

# The Debian package (debian/, README "Debian package"): dpkg-buildpackage
# builds, tests and installs with this Makefile into build-deb/, and puts
# the .deb in the parent folder, as Debian does; it is moved to $(B)/deb/
# with its .buildinfo and .changes, and lintian must find no error.
DEB_PACKAGES := dpkg-dev debhelper lintian
DEB_VERSION   = $(shell dpkg-parsechangelog -S Version)
.PHONY: deb
deb:
	@sh tools/deps.sh $(DEB_PACKAGES)
	dpkg-buildpackage -us -uc -b
	@mkdir -p $(B)/deb
	mv ../profil_$(DEB_VERSION)_* ../profil-dbgsym_$(DEB_VERSION)_* $(B)/deb/
	lintian --fail-on error $(B)/deb/profil_$(DEB_VERSION)_$(shell dpkg-architecture -qDEB_HOST_ARCH).changes

# The HTML report (profil report) in headless Chromium: what its script
# draws, its links, no console error (tools/browser_test.sh; skipped
# without chromium).
.PHONY: browser-test
browser-test: $(PROFIL) $(B)/fixtures/hotloop.com $(B)/fixtures/hotloop.lst
	sh tools/browser_test.sh ./$(PROFIL) $(B)

# The compatibility corpus (tests/realprog/README.md): real DOS programs run by
# profil, compared with what DOSBox made of them.  Not in `make check`: it
# fetches the programs (MS-DOS's MIT binaries) first.
compat: $(PROFIL)
	sh tests/realprog/fetch.sh $(B)/realprog/bin
	BIN=$(abspath $(B)/realprog/bin) WORK=$(abspath $(B)/realprog/check) PROFIL=$(abspath $(PROFIL)) \
	    bash tests/realprog/compat.sh check

clean:
	rm -rf build build-fuzz build-clang build-deb profil

-include $(LIB_OBJ:.o=.d) $(CMD_OBJ:.o=.d)
