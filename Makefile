# rdna3gen top-level build.  Each folder contributes one fragment (FOLDER/FOLDER.mk)
# that appends to the variables below; this file only holds the shared rules.
#
#   make            build/rdna3gen, build/rdna3run and one static library per module
#   make test       install missing packages, build with ASan+UBSan, run every test
#   make demo       install missing packages, build, generate, build and run a kernel
#   make install    PREFIX=/usr/local DESTDIR=
#
# A fragment declares, for its folder:
#   LIBS          += $(BUILD)/libNAME.a          (built from NAME_OBJS)
#   BINS          += $(BUILD)/PROGRAM
#   TEST_BINS     += $(BUILD)/tests/NAME         (programs run by tests/run.sh)
#   TEST_SCRIPTS  += tests/NAME/foo.sh           (scripts run by tests/run.sh)
#   HEADERS       += FOLDER/FOLDER.h             (public interface, checked alone)
#   TEST_ONCE     += a TEST_BINS/TEST_SCRIPTS entry that touches no LLVM (run once,
#                    not once per LLVM)
#   FIXTURES      += $(LLVM_FIX)/tests/...       (built by LLVM $(LLVM); tests find them
#                    through tests/llvm.h, tests/llvm.sh)

VERSION  := 0.1.0
PREFIX   ?= /usr/local
DESTDIR  ?=
SAN      ?= 0
ifeq ($(SAN),1)
BUILD    ?= build/san
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
OPT      ?= -O1
else
BUILD    ?= build
SANFLAGS :=
OPT      ?= -O2
endif

CC       ?= cc
CSTD     := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
WARN     := -Wall -Wextra -Werror
CFLAGS   += $(CSTD) $(WARN) $(OPT) -g $(SANFLAGS) -I. -MMD -MP -DRDNA3_VERSION='"$(VERSION)"'
LDFLAGS  += $(SANFLAGS)
LDLIBS   += -lpthread -lm

# The LLVM toolchain that builds the test fixtures: `make LLVM=22 fixtures` puts
# them in $(BUILD)/llvm22/.  `make check` builds them for every installed LLVM
# >= 19 (scripts/llvms.sh) and tests/run.sh runs the tests once per LLVM.
LLVM     ?= 19
LLVM_FIX := $(BUILD)/llvm$(LLVM)
LD_CLANG ?= clang-$(LLVM)
LD_LLD   ?= ld.lld-$(LLVM)

# The default ISA target, read from the first row of isa/targets.def (the one
# place a GPU is named): clang's -mcpu / --offload-arch in the fixture rules,
# and the man pages' and rdna3.pc's descriptions.
GFX := $(shell sh scripts/target.sh)
ifeq ($(GFX),)
$(error scripts/target.sh found no ISA target in isa/targets.def)
endif

# The objects of the CLIs' folders (the rule below the fragments says why).
CLI_OBJ  := $(BUILD)/cli

LIBS :=
BINS :=
TEST_BINS :=
TEST_SCRIPTS :=
HEADERS :=
SHIMS :=
FIXTURES :=
TEST_ONCE :=
MANS :=

.PHONY: all test check demo install clean check-headers deps fixtures
all:

# Fragments are read lower layers first, so a fragment may use the variables
# of the layers below it (prerequisite lists are expanded as they are read).
LAYERS    := vocab isa loader kernlib emu model asm_out vgpr_alloc templates report run tune rdna3gen rdna3run
FRAGMENTS := $(foreach d,$(LAYERS),$(sort $(wildcard $(d)/*.mk)))
include $(FRAGMENTS) $(filter-out $(FRAGMENTS),$(sort $(wildcard */*.mk)))

all: $(LIBS) $(SHIMS) $(BINS) $(TEST_BINS) $(MANS)

$(BUILD)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# A CLI's folder is named as its program (rdna3gen/, rdna3run/) and
# $(BUILD)/PROGRAM is the program, so the objects of those folders go under
# $(CLI_OBJ) instead: rdna3gen/main.c -> $(CLI_OBJ)/rdna3gen/main.o.
$(CLI_OBJ)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

$(BUILD)/lib%.a:
	@mkdir -p $(dir $@)
	rm -f $@ && ar rcs $@ $^

deps:
	@sh scripts/deps.sh

# The test command of the README.  Builds a sanitized tree of its own so a normal
# build is never mixed with instrumented objects.
test: deps
	@$(MAKE) --no-print-directory SAN=1 check

fixtures: $(FIXTURES)

# Every test runs once per installed LLVM >= 19 (at least two are required),
# except the TEST_ONCE ones, which touch no LLVM.
# (SAN and SANFLAGS: tests/run/install.sh installs this build and links against it)
check: all
	@llvms=$$(sh scripts/llvms.sh --require 2) || exit 1; \
	for v in $$llvms; do $(MAKE) --no-print-directory LLVM=$$v fixtures || exit 1; done
	@SAN=$(SAN) SANFLAGS='$(SANFLAGS)' sh tests/run.sh $(BUILD) $(TEST_BINS) -- $(TEST_SCRIPTS) -- $(TEST_ONCE)

demo: deps
	@$(MAKE) --no-print-directory all
	@sh scripts/demo.sh $(BUILD)

check-headers:
	@for h in $(HEADERS); do \
	  printf '#include "%s"\n#include "%s"\n' $$h $$h | $(CC) $(CSTD) $(WARN) -I. -x c -fsyntax-only - || exit 1; \
	done; echo "headers ok"

# rdna3.pc: the installed static libraries, a library before those it uses,
# and what they need from the system.  The libraries are archives only, so
# their dependencies are in Libs (pkg-config --libs alone links), not in
# Libs.private.  tests/run/install.sh checks every installed library is named.
# libtune.a (tune/tune.mk) is rdna3gen's part and not installed, so it is not named.
PC_LIBS := -lrdna3report -ltemplates -lrun_gemm -lrun_stencil -lrun_attention -lld_emu -lmodel -lvgpr_alloc -lasm_out -lloader -lkernlib -lemu -lisa \
	-lvocab
PC_DEPLIBS := -lelf -lmsgpackc -lyaml -ldl -lopenblas -lpthread -lm

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/rdna3 \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 755 $(BINS) $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(LIBS) $(DESTDIR)$(PREFIX)/lib/
	install -m 644 $(MANS) $(DESTDIR)$(PREFIX)/share/man/man1/
	# Headers keep their folder paths: they include each other as "asm_out/asm_out.h".
	for h in $(HEADERS) $(wildcard isa/*.def); do \
	  install -D -m 644 $$h $(DESTDIR)$(PREFIX)/include/rdna3/$$h || exit 1; done
	# The HIP shim goes in a folder of its own, never beside a real libamdhip64:
	# hosts opt in with LD_LIBRARY_PATH=$(PREFIX)/lib/rdna3/hipshim
	# (pkg-config --variable=hipshimdir rdna3).
	for s in $(SHIMS); do \
	  install -D -m 755 $$s $(DESTDIR)$(PREFIX)/lib/rdna3/hipshim/$$(basename $$s) || exit 1; \
	  ln -sf libamdhip64.so.6 $(DESTDIR)$(PREFIX)/lib/rdna3/hipshim/libamdhip64.so.5; \
	  ln -sf libamdhip64.so.6 $(DESTDIR)$(PREFIX)/lib/rdna3/hipshim/libamdhip64.so; done
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$${prefix}/lib' 'includedir=$${prefix}/include/rdna3' \
	  'hipshimdir=$${libdir}/rdna3/hipshim' '' 'Name: rdna3' \
	  'Description: $(GFX) (RDNA3) kernels: code-object loader, emulator, generator' \
	  'Version: $(VERSION)' 'Cflags: -I$${includedir}' \
	  'Libs: -L$${libdir} $(PC_LIBS) $(PC_DEPLIBS)' >$(DESTDIR)$(PREFIX)/lib/pkgconfig/rdna3.pc

clean:
	rm -rf build

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
