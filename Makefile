# penny -- build, test, bench, install.
#
#   make run     build everything and solve the classic puzzles in examples/
#   make test    build everything and run the whole test suite
#   make bench   benchmarks (not part of make test); see BENCHMARKS.md
#   make asan    the interpreter built with AddressSanitizer + UBSan, and the
#                test suite run through it
#   make install PREFIX=/usr/local   (the interpreter, the module, the data,
#                the manual and the man page)
#   make dist    the release's source tarball, build/penny-VERSION.tar.gz
#
# Missing Debian packages are installed with apt-get (as root, or through
# sudo) the first time a target needs them.

PACKAGES = lua5.4 liblua5.4-dev lua-lpeg lua-busted libreadline-dev luarocks librsvg2-bin \
           clang libclang-rt-14-dev lua-check

CC      ?= cc
LUA     ?= lua5.4
BUSTED  ?= $(LUA) /usr/bin/busted
LUAINC  ?= /usr/include/lua5.4
PREFIX  ?= /usr/local

WARN    = -Wall -Wextra -Wshadow -Wmissing-prototypes
CFLAGS  ?= -O2 -g
# the search engine's bit tricks (popcount, ctz) are 12% faster on this
# machine's own instructions (font5x7 letters A and B: 101 -> 89 s, 103 ->
# 90 s); NATIVE= builds for any x86-64 (the rockspec does not use it)
NATIVE  ?= -march=native
ALLCFLAGS = -std=c11 $(WARN) $(CFLAGS) $(NATIVE) -fPIC -Icsrc
LUACFLAGS = $(ALLCFLAGS) -I$(LUAINC)

B = build

# the release, from the one place it is written (csrc/penny.h)
VERSION := $(shell sed -n 's/^\#define PN_VERSION "\(.*\)"/\1/p' csrc/penny.h)

CORE_SRC = csrc/core/util.c csrc/core/budget.c csrc/core/stateset.c csrc/core/sys.c \
           csrc/core/spare.c \
           csrc/core/board.c csrc/core/config.c csrc/core/rules.c \
           csrc/core/span.c csrc/core/goal.c csrc/core/takedrop.c \
           csrc/core/slide.c \
           csrc/search/bfs.c csrc/search/bitboard.c csrc/search/fullbfs.c \
           csrc/search/keytab.c csrc/search/team.c csrc/search/bidir.c \
           csrc/search/keybfs.c csrc/search/keyfull.c csrc/search/astar.c \
           csrc/search/coins.c \
           csrc/search/engine.c csrc/search/distances.c \
           csrc/search/verdict.c csrc/search/wide.c \
           csrc/search/pdb.c \
           csrc/tri/shapes.c csrc/tri/decide.c csrc/tri/three.c \
           csrc/tri/labelled.c \
           csrc/tri/unlabelled.c csrc/tri/solve.c \
           csrc/linepush/push.c csrc/linepush/perm.c csrc/linepush/search.c \
           csrc/linepush/compaction.c csrc/combined/combined.c
BIND_SRC = csrc/lua/common.c csrc/lua/board.c csrc/lua/config.c \
           csrc/lua/moves.c csrc/lua/search.c csrc/lua/databases.c \
           csrc/lua/tri.c csrc/lua/linepush.c csrc/lua/combined.c \
           csrc/lua/init.c
HEADERS  = $(wildcard csrc/*.h csrc/*/*.h)

CORE_OBJ = $(CORE_SRC:csrc/%.c=$(B)/obj/%.o)
BIND_OBJ = $(BIND_SRC:csrc/%.c=$(B)/obj/%.o)

LIB      = $(B)/libpenny.a
MODULE   = $(B)/lib/penny/core.so
EXE      = $(B)/penny
CTEST    = $(B)/test_core
# the libFuzzer harnesses (below); named here, before make test's rule
# reads its prerequisites
FUZZ_NAMES = pz art check linepush moves
FUZZERS  = $(FUZZ_NAMES:%=$(B)/fuzz/fuzz_%)
# the same harnesses with UBSan alone, for long runs (fuzz-long-fast)
FUZZERS_UB = $(FUZZ_NAMES:%=$(B)/fuzz-ub/fuzz_%)

.PHONY: all deps mpi run test test-lua test-c bench asan fuzz fuzz-long fuzz-smoke \
        fuzz-long-fast lint tsan install uninstall clean dist rockspec

all: deps $(LIB) $(MODULE) $(EXE) $(CTEST)

# {===================================================================
# Debian packages

deps: $(B)/.deps

$(B)/.deps:
	@sh tools/deps.sh $(PACKAGES)
	@mkdir -p $(B) && touch $@

# }===================================================================

# the core compiles without Lua's headers; the binding (csrc/lua/) with them
$(B)/obj/%.o: csrc/%.c $(HEADERS) | $(B)/.deps
	@mkdir -p $(dir $@)
	$(CC) $(ALLCFLAGS) -c $< -o $@

$(B)/obj/lua/%.o: csrc/lua/%.c $(HEADERS) | $(B)/.deps
	@mkdir -p $(dir $@)
	$(CC) $(LUACFLAGS) -c $< -o $@

$(LIB): $(CORE_OBJ)
	@rm -f $@
	ar rcs $@ $^

# the module for the stock lua5.4: no liblua linked in
$(MODULE): $(BIND_OBJ) $(LIB)
	@mkdir -p $(dir $@)
	$(CC) -shared -o $@ $(BIND_OBJ) $(LIB) -lpthread -lm

$(EXE): $(B)/obj/main.o $(BIND_OBJ) $(LIB)
	$(CC) -o $@ $^ -llua5.4 -lreadline -lpthread -lm -ldl

$(B)/obj/main.o: csrc/main.c $(HEADERS) | $(B)/.deps
	@mkdir -p $(dir $@)
	$(CC) $(LUACFLAGS) -DPN_USE_READLINE -c $< -o $@

# build/penny-mpi: the interpreter whose distance tables are shared by the
# processes of mpirun (csrc/mpi/, doc/design/mpi.md); not in `all`, so the
# default build does not need MPI.  mpirun -np K build/penny-mpi distances ...
MPI_PACKAGES = openmpi-bin libopenmpi-dev
MPI_EXE = $(B)/penny-mpi
MPICC ?= mpicc

$(B)/.mpi-deps: | $(B)/.deps
	@sh tools/deps.sh $(MPI_PACKAGES)
	@touch $@

mpi: all $(MPI_EXE)

$(MPI_EXE): csrc/main.c csrc/mpi/net.c csrc/mpi/net.h $(BIND_OBJ) $(LIB) \
            $(HEADERS) | $(B)/.mpi-deps
	$(MPICC) $(LUACFLAGS) -DPN_USE_READLINE -DPN_MPI -o $@ csrc/main.c \
	  csrc/mpi/net.c $(BIND_OBJ) $(LIB) -llua5.4 -lreadline -lpthread -lm -ldl

# C tests of the core alone: no Lua involved
$(CTEST): tests/test_core.c $(LIB)
	$(CC) $(ALLCFLAGS) -o $@ $< $(LIB) -lpthread -lm

run: all
	$(EXE) examples/classics.lua

# what only the tests need: a browser that plays the pages of penny.page
# (spec/page_spec.lua: headless chromium)
TEST_PACKAGES = chromium

$(B)/.test-deps: | $(B)/.deps
	@sh tools/deps.sh $(TEST_PACKAGES)
	@touch $@

test: all $(MPI_EXE) $(FUZZERS) $(B)/.test-deps
	@sh tools/runtests.sh "$(CTEST)" "$(BUSTED)" "$(FUZZ_SMOKE_RUNS)" \
	  "$(FUZZERS)"

# luacheck over the Lua sources (.luacheckrc)
lint: deps
	luacheck -q lua spec bench examples tools tests rocks/penny

$(B)/baseline: bench/baseline.c | $(B)/.deps
	$(CC) -std=c11 -O2 $(NATIVE) -Wall -Wextra -o $@ $<

# part P's measure of the machine: threads on nothing shared
$(B)/ceiling: bench/ceiling.c | $(B)/.deps
	$(CC) -std=c11 -O2 $(NATIVE) -Wall -Wextra -pthread -o $@ $<

# the benchmarks; BENCH_ARGS selects parts, e.g. BENCH_ARGS="--parts C";
# each part run is written back into BENCHMARKS.md (its row and section)
bench: all $(MPI_EXE) $(B)/baseline $(B)/ceiling
	$(EXE) bench/run.lua --record BENCHMARKS.md $(BENCH_ARGS)

# {===================================================================
# Sanitizer build: the interpreter with the core and binding compiled with
# ASan + UBSan and Lua linked statically, then the specs run through it.

ASAN_FLAGS = -std=c11 $(WARN) -O1 -g -fno-omit-frame-pointer \
             -fsanitize=address,undefined -fno-sanitize-recover=undefined \
             -Icsrc -I$(LUAINC)
ASAN_EXE = $(B)/penny-asan

$(ASAN_EXE): csrc/main.c $(CORE_SRC) $(BIND_SRC) $(HEADERS) | $(B)/.deps
	$(CC) $(ASAN_FLAGS) -DPN_USE_READLINE -o $@ csrc/main.c $(CORE_SRC) \
	  $(BIND_SRC) -Wl,-E /usr/lib/x86_64-linux-gnu/liblua5.4.a -lreadline \
	  -lpthread -lm -ldl

# each spec file in a process of its own, as lua5.4 busted has them: the
# interpreter loads penny before busted starts, so one busted run over all
# files would keep penny's modules from one file's insulation to the next
asan: all $(ASAN_EXE)
	@st=0; for f in spec/*_spec.lua; do \
	  ASAN_OPTIONS=detect_leaks=1 PENNY=$(ASAN_EXE) \
	    $(ASAN_EXE) /usr/bin/busted $$f || st=1; \
	done; exit $$st

# mutation fuzzing of puzzle files (tools/fuzz.lua) through the ASan
# interpreter: every mutant read or rejected at a place in the file, every
# puzzle read solved to a verdict, no sanitizer report; then random calls
# of the Lua API (tools/apifuzz.lua): every caller bug a named error
FUZZ_COUNT ?= 3000
FUZZ_SEED ?= 1

fuzz: all $(ASAN_EXE)
	ASAN_OPTIONS=detect_leaks=1 $(ASAN_EXE) tools/fuzz.lua $(FUZZ_COUNT) \
	  $(FUZZ_SEED)
	ASAN_OPTIONS=detect_leaks=1 $(ASAN_EXE) tools/apifuzz.lua \
	  $$(( $(FUZZ_COUNT) * 10 )) $(FUZZ_SEED)

# libFuzzer harnesses (tests/fuzz/), built with clang, ASan and UBSan:
# the .pz reader, art and coordinate lists, cfg:check, line pushes through
# an embedded Lua state, and the C move rule.  make test runs each for
# FUZZ_SMOKE_RUNS executions over its seed corpus and the inputs it once
# failed on (tests/fuzz/regressions/); make fuzz-long for 10^7 each.
FUZZ_CC = clang
FUZZ_BASE = -std=c11 -g -fno-omit-frame-pointer \
            -fno-sanitize-recover=undefined -Icsrc -I$(LUAINC)
FUZZ_FLAGS = $(FUZZ_BASE) -O1 -fsanitize=address,undefined
FUZZ_UB_FLAGS = $(FUZZ_BASE) -O2 -fsanitize=undefined
FUZZ_SMOKE_RUNS ?= 20000
FUZZ_LONG_RUNS ?= 10000000
FUZZ_SRC = $(CORE_SRC) $(BIND_SRC) tests/fuzz/host.c
FUZZ_OBJ = $(FUZZ_SRC:%.c=$(B)/fuzz/obj/%.o)
FUZZ_UB_OBJ = $(FUZZ_SRC:%.c=$(B)/fuzz-ub/obj/%.o)
FUZZ_LUA = /usr/lib/x86_64-linux-gnu/liblua5.4.a

# kept between runs (make would delete them as intermediate files)
.SECONDARY: $(FUZZ_OBJ) $(FUZZ_UB_OBJ)

# comparison tracing steers mutation through the readers; in the solvers'
# inner loops it only costs (two thirds of the linepush and pz harnesses'
# time went there), so they keep edge coverage and the sanitizers alone
FUZZ_NOCMP = -fno-sanitize-coverage=trace-cmp
$(B)/fuzz/obj/csrc/search/%.o $(B)/fuzz-ub/obj/csrc/search/%.o: FUZZ_COV = $(FUZZ_NOCMP)
$(B)/fuzz/obj/csrc/tri/%.o $(B)/fuzz-ub/obj/csrc/tri/%.o: FUZZ_COV = $(FUZZ_NOCMP)
$(B)/fuzz/obj/csrc/linepush/%.o $(B)/fuzz-ub/obj/csrc/linepush/%.o: FUZZ_COV = $(FUZZ_NOCMP)
$(B)/fuzz/obj/csrc/combined/%.o $(B)/fuzz-ub/obj/csrc/combined/%.o: FUZZ_COV = $(FUZZ_NOCMP)

$(B)/fuzz/obj/%.o: %.c $(HEADERS) tests/fuzz/host.h | $(B)/.deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link $(FUZZ_COV) -c $< -o $@

$(B)/fuzz-ub/obj/%.o: %.c $(HEADERS) tests/fuzz/host.h | $(B)/.deps
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_UB_FLAGS) -fsanitize=fuzzer-no-link $(FUZZ_COV) -c $< -o $@

$(B)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer -Itests/fuzz -o $@ $< \
	  $(FUZZ_OBJ) -Wl,-E $(FUZZ_LUA) -lpthread -lm -ldl

$(B)/fuzz-ub/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_UB_OBJ)
	$(FUZZ_CC) $(FUZZ_UB_FLAGS) -fsanitize=fuzzer -Itests/fuzz -o $@ $< \
	  $(FUZZ_UB_OBJ) -Wl,-E $(FUZZ_LUA) -lpthread -lm -ldl

fuzz-smoke: $(FUZZERS)
	@sh tools/fuzzsmoke.sh $(FUZZ_SMOKE_RUNS) 10 $(FUZZERS)

# 10^7 executions of each harness (not in make test): new findings are
# written to build/fuzz/findings/NAME/ (keep them in tests/fuzz/regressions)
fuzz-long: $(FUZZERS)
	@sh tools/fuzzsmoke.sh $(FUZZ_LONG_RUNS) 1 $(FUZZERS)

# the same 10^7 with UBSan alone (several times faster: ASan's allocator
# dominates the Lua harnesses), then every input the run kept replayed
# under ASan and UBSan, so memory faults on the grown corpus still show
fuzz-long-fast: $(FUZZERS_UB) $(FUZZERS)
	@sh tools/fuzzsmoke.sh $(FUZZ_LONG_RUNS) 1 $(FUZZERS_UB)
	@sh tools/fuzzreplay.sh $(FUZZERS)

# ThreadSanitizer: the same interpreter built with -fsanitize=thread, on
# the specs of the searches that use threads (full-space, bidirectional,
# A*), each file in a process of its own (see asan)
TSAN_EXE = $(B)/penny-tsan

$(TSAN_EXE): csrc/main.c $(CORE_SRC) $(BIND_SRC) $(HEADERS) | $(B)/.deps
	$(CC) -std=c11 $(WARN) -O1 -g -fsanitize=thread -Icsrc -I$(LUAINC) \
	  -DPN_USE_READLINE -o $@ csrc/main.c $(CORE_SRC) $(BIND_SRC) -Wl,-E \
	  /usr/lib/x86_64-linux-gnu/liblua5.4.a -lreadline -lpthread -lm -ldl

TSAN_SPECS = spec/engine_spec.lua spec/distances_spec.lua spec/astar_spec.lua \
             spec/wide_spec.lua

tsan: all $(TSAN_EXE)
	@st=0; for f in $(TSAN_SPECS); do \
	  TSAN_OPTIONS=halt_on_error=1 PENNY=$(TSAN_EXE) \
	    $(TSAN_EXE) /usr/bin/busted $$f || st=1; \
	done; exit $$st

# }===================================================================

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/lua/5.4/penny \
	  $(DESTDIR)$(PREFIX)/share/lua/5.4/penny
	install -m 755 $(EXE) $(DESTDIR)$(PREFIX)/bin/penny
	install -m 755 $(MODULE) $(DESTDIR)$(PREFIX)/lib/lua/5.4/penny/core.so
	cd lua && find penny -name '*.lua' -exec install -D -m 644 {} \
	  $(DESTDIR)$(PREFIX)/share/lua/5.4/{} \;
	install -d $(DESTDIR)$(PREFIX)/share/penny/data/coinsliding \
	  $(DESTDIR)$(PREFIX)/share/penny/doc $(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 data/coinsliding/* $(DESTDIR)$(PREFIX)/share/penny/data/coinsliding/
	install -m 644 doc/manual.md $(DESTDIR)$(PREFIX)/share/penny/doc/
	install -m 644 doc/penny.1 $(DESTDIR)$(PREFIX)/share/man/man1/

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/bin/penny $(DESTDIR)$(PREFIX)/lib/lua/5.4/penny \
	  $(DESTDIR)$(PREFIX)/share/lua/5.4/penny $(DESTDIR)$(PREFIX)/share/penny \
	  $(DESTDIR)$(PREFIX)/share/man/man1/penny.1

# the release's source tarball: what is committed at HEAD, under
# penny-VERSION/ (rocks/penny-VERSION-1.rockspec builds from it)
dist:
	@mkdir -p $(B)
	git archive --format=tar.gz --prefix=penny-$(VERSION)/ \
	  -o $(B)/penny-$(VERSION).tar.gz HEAD
	@echo "$(B)/penny-$(VERSION).tar.gz"

# the release's rockspec, made from the scm one
rockspec:
	$(LUA) tools/rockspec.lua $(VERSION) > rocks/penny-$(VERSION)-1.rockspec

clean:
	rm -rf $(B)/obj $(B)/lib $(LIB) $(EXE) $(CTEST) $(ASAN_EXE) $(TSAN_EXE) $(B)/baseline $(B)/ceiling \
	  $(B)/fuzz
