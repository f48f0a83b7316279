# Shishi - multi-variant shogi engine. GNU Make.
#   make            build ./shishi (-O3 -march=native)
#   make run        build, then draw the start position and analyse it for 10 s
#   make test       install what is missing, build, run every default test
#   make test-long  deep perft rows and other slow suites
#   make bench      search node-count signature (shishi bench), one line 'Nodes searched: N'
#   make bench-perft  perft speed next to Fairy-Stockfish / Sjaak II
#   make tune VARIANT=shogi DATA="a.txt b.txt" [TUNE_ARGS="--epochs 500"]
#                   Texel-tune eval/params_<game>.h from selfplay data (docs/tuning.md)
#   make install PREFIX=/usr/local [DESTDIR=...]   bin/shishi, share/shishi/ (solved tables, books/),
#                   share/man/man6/shishi.6, share/doc/shishi/; make uninstall removes them
#   make fuzz [FUZZ_SECONDS=60]  libFuzzer targets of tests/fuzz/ (clang), each run that long
#   make fuzz-long [FUZZ_RUNS=10000000]  each target for that many executions, summary written
#   make asan | tsan | clang | gcc | portable | format | format-check | clean

# WHY clang when it is installed: Debian's clang 14 builds a binary that searches 8-10% more
# nodes a second than gcc 12's and solves mates 5% faster, node for node the same
# (docs/performance.md, "Compilers"). Any C17 compiler works: make CC=gcc.
ifeq ($(origin CC),default)
CC      := $(if $(shell command -v clang 2>/dev/null),clang,cc)
endif
ARCH    ?= -march=native
OPT     ?= -O3
WARN    := -Wall -Wextra -Wshadow -Wmissing-declarations -Werror
CFLAGS  ?= $(OPT) $(ARCH)
CFLAGS  += -std=gnu17 $(WARN) -pthread -MMD -MP $(DEFS)
GITREV  := $(shell git rev-parse --short HEAD 2>/dev/null)
CFLAGS  += -DSHISHI_BUILD_DIR='"$(abspath $(BUILD))"'
ifneq ($(GITREV),)
CFLAGS  += -DSHISHI_VERSION='"0.1-$(GITREV)"'
endif
LDLIBS  += -pthread -lm

BUILD   ?= build/$(CC)$(BUILD_TAG)
LIB_SRC := $(wildcard src/*.c src/variants/*.c src/solve/*.c src/record/*.c engine/*.c engine/solve/*.c engine/mate/*.c eval/*.c books/*.c) \
           $(filter-out protocol/main.c,$(wildcard protocol/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
MAIN_OBJ := $(BUILD)/protocol/main.o
TEST_SRC := $(wildcard tests/*.c)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)
SUITES_H := $(BUILD)/tests/suites.h

.PHONY: install uninstall test-install all run test test-unit test-protocol test-fuzz fuzz fuzz-run fuzz-long fuzz-targets test-long deps bench bench-perft tune asan tsan clang gcc analyze portable \
        format format-check clean

BIN     ?= shishi

# Solved-game tables ship xz-compressed in books/ and are unpacked into the build folder,
# where the engine finds them (docs/nana.md, "Where the engine looks").
TABLES  := $(patsubst books/%.tbl.xz,$(BUILD)/%.tbl,$(wildcard books/*.tbl.xz))

all: $(BIN) $(TABLES)

$(BUILD)/%.tbl: books/%.tbl.xz
	@mkdir -p $(dir $@)
	xz -dc $< > $@.tmp && mv $@.tmp $@

$(BIN): $(LIB_OBJ) $(MAIN_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

# The version string is compiled into the files that print it: rebuild those when HEAD moves,
# so `--version` and the USI/XBoard handshakes always name the same build.
VERSION_STAMP := $(BUILD)/version.stamp
$(shell mkdir -p $(BUILD) && (echo '$(GITREV)' | cmp -s - $(VERSION_STAMP) || echo '$(GITREV)' > $(VERSION_STAMP)))
$(patsubst %.c,$(BUILD)/%.o,$(shell grep -l SHISHI_VERSION $(LIB_SRC) protocol/main.c 2>/dev/null)): $(VERSION_STAMP)

# The flags the objects were built with: every object is rebuilt when they change. WHY: make
# does not compare flags, and objects of two configurations must never be linked together (the
# fuzz build's SHISHI_HISTORY_MAX changes the Position's layout; FUZZ_ARCH below).
FLAGS_TEXT  := $(filter-out -DSHISHI_VERSION=% -DSHISHI_BUILD_DIR=%,$(CFLAGS)) $(FUZZ_HOT_FLAGS)
FLAGS_STAMP := $(BUILD)/flags.stamp
$(shell mkdir -p $(BUILD) && (echo '$(FLAGS_TEXT)' | cmp -s - $(FLAGS_STAMP) || echo '$(FLAGS_TEXT)' > $(FLAGS_STAMP)))

$(BUILD)/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c -o $@ $<

run: $(BIN)
	./$(BIN) run

deps:
	@scripts/ensure-deps.sh

# Installation. The engine finds its tables in ../share/shishi from its own directory
# (engine/solve/probe.c), so an installed tree works wherever PREFIX (or DESTDIR) puts it.
PREFIX  ?= /usr/local
bindir  := $(PREFIX)/bin
datadir := $(PREFIX)/share/shishi
docdir  := $(PREFIX)/share/doc/shishi
man6dir := $(PREFIX)/share/man/man6
DOCS    := README.md $(wildcard docs/*.md)
BOOKS   := $(wildcard books/*.db)

install: $(BIN) $(TABLES)
	install -d $(DESTDIR)$(bindir) $(DESTDIR)$(datadir) $(DESTDIR)$(docdir) $(DESTDIR)$(man6dir)
	install -m 755 $(BIN) $(DESTDIR)$(bindir)/shishi
	$(if $(TABLES),install -m 644 $(TABLES) $(DESTDIR)$(datadir)/)
	install -m 644 docs/shishi.6 $(DESTDIR)$(man6dir)/shishi.6
	install -m 644 $(DOCS) $(DESTDIR)$(docdir)/
	$(if $(BOOKS),install -d $(DESTDIR)$(datadir)/books && install -m 644 $(BOOKS) $(DESTDIR)$(datadir)/books/)

# Removes exactly the files install wrote, and shishi's own folders once empty; bin/ and
# share/man/man6/ are shared with other programs and stay.
uninstall:
	rm -f $(DESTDIR)$(bindir)/shishi $(DESTDIR)$(man6dir)/shishi.6 \
	  $(addprefix $(DESTDIR)$(datadir)/,$(notdir $(TABLES))) $(addprefix $(DESTDIR)$(docdir)/,$(notdir $(DOCS))) \
	  $(addprefix $(DESTDIR)$(datadir)/books/,$(notdir $(BOOKS)))
	-rmdir $(DESTDIR)$(datadir)/books $(DESTDIR)$(datadir) $(DESTDIR)$(docdir) 2>/dev/null

# install into a temporary prefix, run the installed engine, render the man page, uninstall
test-install: $(BIN) $(TABLES)
	MAKE="$(MAKE)" tests/install.sh BIN=$(BIN) BUILD=$(BUILD)

CHECK_CFLAGS = $(shell pkg-config --cflags check 2>/dev/null)
CHECK_LIBS   = $(shell pkg-config --libs check 2>/dev/null)

# Every `Suite *suite_NAME(void)` in tests/check_*.c becomes a SUITE(NAME) line.
$(SUITES_H): $(wildcard tests/check_*.c)
	@mkdir -p $(dir $@)
	@grep -ho '^Suite \*suite_[a-z0-9_]*(void)' tests/check_*.c | sed 's/^Suite \*suite_\(.*\)(void)/SUITE(\1)/' > $@.tmp
	@cmp -s $@.tmp $@ || mv $@.tmp $@; rm -f $@.tmp

# every test object includes testutil.h, which includes the generated suites.h
$(TEST_OBJ): $(SUITES_H)
$(BUILD)/tests/%.o: tests/%.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(CHECK_CFLAGS) -I$(BUILD)/tests -c -o $@ $<

$(BUILD)/check_all: $(TEST_OBJ) $(LIB_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(CHECK_LIBS) $(LDLIBS)

test: deps
	$(MAKE) --no-print-directory test-unit test-protocol test-fuzz test-install

test-unit: $(BIN) $(TABLES) $(BUILD)/check_all
	SHISHI_BIN=./$(BIN) SHISHI_SHARED=$(or $(SHISHI_SHARED),../shared) $(BUILD)/check_all

test-protocol: $(BIN) $(TABLES)
	@if [ -x tests/protocol/run.sh ]; then tests/protocol/run.sh ./$(BIN); fi

# Fuzz targets (tests/fuzz/README.md): one file tests/fuzz/fuzz_<target>.c each. They link
# with the library, and engine.c, history.c, search.c, movepick.c, mate/dfpn.c and
# mate/proofline.c built with SHISHI_FUZZ (searches and tables capped, workers kept from one
# session to the next, only the history rows a search wrote cleared at a new game, the mate
# solver's limits looked at often and its line's memo small;
# every file that sees a History is among them, as its layout differs).
# `make test` links each with replay.c and runs it over its corpus and regressions;
# `make fuzz` builds them with clang's libFuzzer and sanitizers and fuzzes each FUZZ_SECONDS.
FUZZ_TARGETS := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_CAPPED  := engine/engine.o engine/history.o engine/search.o engine/movepick.o engine/mate/dfpn.o \
                engine/mate/proofline.o
FUZZ_LIB_OBJ := $(filter-out $(FUZZ_CAPPED:%=$(BUILD)/%),$(LIB_OBJ)) $(FUZZ_CAPPED:%=$(BUILD)/fuzzcap/%) \
                $(BUILD)/tests/fuzz/common.o
FUZZ_SECONDS ?= 60
SHARED_DIR   := $(or $(SHISHI_SHARED),../shared)

.PRECIOUS: $(BUILD)/fuzzcap/%.o $(BUILD)/tests/fuzz/%.o
$(BUILD)/fuzzcap/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -DSHISHI_FUZZ -c -o $@ $<

$(BUILD)/fuzz-replay-%: $(BUILD)/tests/fuzz/fuzz_%.o $(BUILD)/tests/fuzz/replay.o $(FUZZ_LIB_OBJ)
	$(CC) $(CFLAGS) -o $@ $^ $(LDLIBS)

test-fuzz: $(FUZZ_TARGETS:%=$(BUILD)/fuzz-replay-%)
	@sh tests/fuzz/check-seeds.sh $(SHARED_DIR) $(BUILD)/seeds-check
	@for t in $(FUZZ_TARGETS); do \
	  SHISHI_SHARED=$(SHARED_DIR) $(BUILD)/fuzz-replay-$$t tests/fuzz/corpus/$$t tests/fuzz/regressions/$$t || exit 1; \
	done

FUZZ_ARCH := -march=native -fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all \
             -DSHISHI_HISTORY_MAX=1024
# WHY a shorter history in the fuzz build (src/types.h): a Position of 4096 plies is 167 KB, and
# ASan serves every block over 128 KB with an mmap of its own and an munmap on free (a TLB
# flush on every CPU): the record and book targets, which make a Position per record, spent
# most of their time in the kernel. At 1024 plies (42 KB) they run 8 and 18 times faster. No
# input within the campaign's -max_len (4096 bytes at most) holds 1024 plies of moves.
# WHY -O2 (not -O1): at -O1 the bitboard core keeps its struct copies as memcpy calls, which
# ASan turns into __asan_memcpy (a fifth of the time); -O2 makes them plain loads and stores,
# which ASan still checks. WHY no comparison tracing in the search core (FUZZ_HOT): it
# compares bitboards and scores, never input bytes, and the tracing took a third of the time;
# edge coverage and the sanitizers stay. The text readers keep it.
FUZZ_OPT  := -O2 -g
FUZZ_HOT  := src/core_narrow.o src/core_wide.o src/mate1.o src/see.o eval/eval_narrow.o eval/eval_wide.o \
             engine/mate/brute.o engine/mate/mate_tt.o engine/mate/parallel.o engine/mate/royal.o \
             fuzzcap/engine/search.o fuzzcap/engine/movepick.o fuzzcap/engine/mate/dfpn.o
$(FUZZ_HOT:%=$(BUILD)/%): CFLAGS += $(FUZZ_HOT_FLAGS)
FUZZ_MAKE := $(MAKE) --no-print-directory CC=clang BUILD_TAG=-fuzz OPT="$(FUZZ_OPT)" ARCH="$(FUZZ_ARCH)" \
             FUZZ_HOT_FLAGS=-fno-sanitize-coverage=trace-cmp
fuzz:
	$(FUZZ_MAKE) fuzz-run

# `make fuzz-long`: every target for FUZZ_RUNS executions, one after the other, a find saved
# and the campaign going on (scripts/fuzz-campaign.sh; summary in build/clang-fuzz/fuzz-campaign/).
FUZZ_RUNS ?= 10000000
fuzz-long:
	$(FUZZ_MAKE) fuzz-targets
	SHISHI_SHARED=$(SHARED_DIR) scripts/fuzz-campaign.sh --runs $(FUZZ_RUNS) --build build/clang-fuzz

fuzz-targets: $(FUZZ_TARGETS:%=$(BUILD)/fuzz-%)

$(BUILD)/fuzz-%: $(BUILD)/tests/fuzz/fuzz_%.o $(FUZZ_LIB_OBJ)
	$(CC) $(CFLAGS) -fsanitize=fuzzer -o $@ $^ $(LDLIBS)

# libFuzzer adds what it finds to the first folder (in the build folder, so the seeds in
# tests/fuzz/corpus stay as committed) and writes crashers to $(BUILD)/fuzz-artifacts/.
fuzz-run: $(FUZZ_TARGETS:%=$(BUILD)/fuzz-%)
	@mkdir -p $(BUILD)/fuzz-artifacts
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(BUILD)/fuzz-corpus/$$t tests/fuzz/regressions/$$t; \
	  echo "== fuzz $$t for $(FUZZ_SECONDS) s"; \
	  SHISHI_SHARED=$(SHARED_DIR) $(BUILD)/fuzz-$$t -max_total_time=$(FUZZ_SECONDS) -timeout=30 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix=$(BUILD)/fuzz-artifacts/$$t- \
	    $(BUILD)/fuzz-corpus/$$t tests/fuzz/corpus/$$t tests/fuzz/regressions/$$t || exit 1; \
	done

test-long: deps $(BIN) $(BUILD)/check_all
	SHISHI_LONG=1 SHISHI_BIN=./$(BIN) SHISHI_SHARED=$(or $(SHISHI_SHARED),../shared) $(BUILD)/check_all

bench: $(BIN)
	./$(BIN) bench

bench-perft: $(BIN)
	scripts/bench-perft.sh ./$(BIN)

# Tuning rewrites the compiled-in table of one game; the next `make` builds it in.
# The table's name: eval/params_<game>.h with '-' as '_' (eval_params_write's identifier).
VARIANT ?= shogi
tune: $(BIN)
	@test -n "$(DATA)" || { echo 'make tune: give DATA="file ..." (docs/tuning.md)' >&2; exit 2; }
	./$(BIN) tune --variant $(VARIANT) $(foreach f,$(DATA),--data $(f)) $(TUNE_ARGS) \
	  --out eval/params_$(subst -,_,$(VARIANT)).h

# Sanitizer builds get their own directory and binary, so ./shishi stays the release build
# (and tests/protocol/run.sh recognises them by name and allows for their slowness).
# WHY the timeout multiplier: sanitized builds run the heavy table-walking tests 5-20x slower.
asan:
	CK_TIMEOUT_MULTIPLIER=4 $(MAKE) --no-print-directory BUILD_TAG=-asan BIN=build/shishi-asan OPT="-O1 -g" \
	  ARCH="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" test

tsan:
	CK_TIMEOUT_MULTIPLIER=4 $(MAKE) --no-print-directory BUILD_TAG=-tsan BIN=build/shishi-tsan OPT="-O1 -g" ARCH="-fsanitize=thread" test

clang:
	$(MAKE) --no-print-directory CC=clang BIN=build/shishi-clang build/shishi-clang

gcc:
	$(MAKE) --no-print-directory CC=gcc BIN=build/shishi-gcc build/shishi-gcc

# The clang static analyzer over the engine (Debian package clang-tools), from scratch each time;
# its HTML report goes under build/scan-build/. The reports it makes that are not defects are
# listed in docs/reliability.md ("Static analysis").
analyze:
	rm -rf build/analyze build/shishi-analyze
	scan-build -o build/scan-build $(MAKE) --no-print-directory BUILD=build/analyze BIN=build/shishi-analyze build/shishi-analyze

portable:
	$(MAKE) --no-print-directory ARCH= BUILD_TAG=-portable $(BIN)

FORMAT_SRC = $(wildcard src/*.[ch] src/core/*.c src/variants/*.[ch] src/solve/*.[ch] src/record/*.[ch] engine/*.[ch] engine/mate/*.[ch] \
             engine/solve/*.[ch] eval/*.[ch] books/*.[ch] protocol/*.[ch] tests/*.[ch] tests/fuzz/*.[ch])
format:
	clang-format -i $(FORMAT_SRC)

format-check:
	clang-format --dry-run -Werror $(FORMAT_SRC)

clean:
	rm -rf build $(BIN)

-include $(LIB_OBJ:.o=.d) $(MAIN_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(wildcard $(BUILD)/tests/fuzz/*.d $(BUILD)/fuzzcap/engine/*.d $(BUILD)/fuzzcap/engine/mate/*.d)
