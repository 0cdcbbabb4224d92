# tb: `make demo` and `make test` set everything up on a fresh Debian 12 machine with the Swift toolchain.
# Targets: help deps build demo check test test-asan test-tsan lint bench fuzz deb dist test-package install uninstall
# generate packages clean.
# `make test-asan` and `make test-tsan` run the whole suite, the tb the end-to-end tests start included, built with
# AddressSanitizer (and LeakSanitizer) or ThreadSanitizer in .build/asan or .build/tsan; any report fails the run.

PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
BIN := .build/release/tb

# What the build needs: the C libraries behind the shims, and pkg-config to find them.
BUILD_PACKAGES := pkg-config libxml2-dev libsvn-dev libapr1-dev libcurl4-openssl-dev zlib1g-dev \
	libpcre2-dev liblzma-dev libbz2-dev libzstd-dev
# Versions the build needs at least, upgraded when older: Debian's libexpat1 backports reparse deferral
# (XML_SetReparseDeferralEnabled) from 2.5.0-1+deb12u2 on, without which expat parses a huge unfinished tag again for
# every piece (a 64 MB attribute takes 15 s); deb12u5 is the current security update. tb finds the function at run
# time, so it builds and runs without it, unprotected. libexpat1-dev depends on exactly its own version of libexpat1,
# so asking for the one brings the other.
MINIMUM_VERSIONS := libexpat1-dev>=2.5.0-1+deb12u5
# What the demo runs besides tb and the programs every Debian system has (Essential packages: coreutils, sed, gzip…):
# python3 for its web server and the port it holds, subversion for svnadmin to load its repository. The libraries tb
# loads at run time (libcurl, libsvn, libxml2…) come with the build packages. DemoTests runs the demo with only these
# programs on PATH.
DEMO_PACKAGES := python3 subversion openssl
# What the tests need besides: groff to check the man pages, the shells whose completion scripts are tested,
# flock(1) to probe locks, ripgrep to compare tb regex's directory walk with, xz-utils, bzip2 and zstd (and their
# xzgrep, bzgrep and zstdgrep) to compress what tb decompresses and compare with, nc for reach's service names, the Python
# documentation's pages to compare tb's two trees on, and the real servers the input tests run on
# 127.0.0.1 (nginx, an FTP server in Debian's Python, openssl for a certificate).
TEST_PACKAGES := ripgrep xz-utils bzip2 zstd netcat-openbsd groff-base man-db bash zsh fish util-linux nginx python3 python3-pyftpdlib openssl python3-feedparser python3-cryptography iproute2 python3-pyte pup python3-bs4 python3-soupsieve python3-html5lib python3-doc subversion apache2 libapache2-mod-svn openssh-client openssh-server
# What make deb and make dist need besides the build (dpkg-shlibdeps reads the binary's libraries), and what make
# test-package adds: mmdebstrap for the fresh Debian roots, lintian, and svnadmin for a repository in them.
PACKAGE_PACKAGES := dpkg-dev binutils
TEST_PACKAGE_PACKAGES := mmdebstrap lintian subversion
# The peer tools the benchmarks compare against (and gcc and libgumbo-dev to build gumbo's parse alone, a floor;
# the other floors' libraries, libxml2, expat and PCRE2, are the build's; lexbor's comes from PyPI, as selectolax,
# which bench/html.sh installs with pip when it can).
BENCH_PACKAGES := ripgrep hyperfine pcre2-utils time sfeed netcat-openbsd pup subversion curl python3-feedparser fping \
	gcc libgumbo-dev python3-doc


.PHONY: FORCE help deps demo-deps build demo check test release-check test-asan test-tsan lint bench fuzz deb dist \
	test-package install uninstall generate packages clean

help:
	@echo "make demo       build tb and show every command at work (installs what the demo needs)"
	@echo "make check      the quick loop: build, the unit tests that start no server, lint (no root, no network)"
	@echo "make test       the whole test suite and the lint (installs the packages the tests need)"
	@echo "make build      the release binary, $(BIN); make release-check checks what ships in it"
	@echo "make lint       swift format's lint, strict"
	@echo "make generate   man pages and completions from the command declarations"
	@echo "make bench      tb against its peers and the libraries' floors (bench/*.sh)"
	@echo "make fuzz       the fuzz targets (FUZZ_SECONDS, FUZZ_TARGETS)"
	@echo "make test-asan  the suite under AddressSanitizer; make test-tsan under ThreadSanitizer"
	@echo "make deb        a Debian package, build/tb_VERSION_ARCH.deb; make dist a tarball with install.sh"
	@echo "make test-package  installs both on fresh Debian roots and runs every command there"
	@echo "make install    tb, its man pages and completions under PREFIX ($(PREFIX)); make uninstall"
	@echo "make deps       the build packages; make packages lists every package each target needs"
	@echo "make clean      removes .build"

REQUIRED_VERSIONS := $(foreach package,$(MINIMUM_VERSIONS),'$(package)')
# The tests' packages (and the build's): what test, fuzz, the sanitized runs and bench start from.
deps:
	@scripts/install-packages.sh $(BUILD_PACKAGES) $(TEST_PACKAGES) $(REQUIRED_VERSIONS)

# The demo's: the build's and the demo's own tools, no test server.
demo-deps:
	@scripts/install-packages.sh $(BUILD_PACKAGES) $(DEMO_PACKAGES) $(REQUIRED_VERSIONS)

# Which packages each target installs (the README lists them too; DemoTests reads the demo's line).
packages:
	@echo "build: $(BUILD_PACKAGES) $(MINIMUM_VERSIONS)"
	@echo "demo: $(DEMO_PACKAGES)"
	@echo "test: $(TEST_PACKAGES)"
	@echo "bench: $(BENCH_PACKAGES)"
	@echo "deb, dist: $(PACKAGE_PACKAGES); test-package adds: $(TEST_PACKAGE_PACKAGES)"

# STRICT=1 (CI sets it) makes every Swift warning an error.
BUILD_FLAGS := $(if $(STRICT),-Xswiftc -warnings-as-errors)

build: $(BIN)
FORCE:

# Release with the Swift standard library linked statically: no runtime to find, and a faster start. The C++ library
# the Swift runtime needs is linked statically too: loading and relocating libstdc++.so took 5 million cycles of every
# start, more than all the rest of `tb --version`. The Swift toolchain asks for -lstdc++; a directory searched before
# gcc's, holding only libstdc++.a, makes the linker take the archive.
STATIC_CXX := .build/static-libstdc++
# Generic types are instantiated through accessor functions instead of mangled names the runtime demangles and checks
# against every protocol conformance in the binary: a third of the instructions of `tb bookmark ls` went there.
# No RUNPATH of $$ORIGIN (SwiftPM's default): tb links only system libraries, and with it the loader first looked for
# each of them in a dozen hardware-capability directories beside the binary (forty failed system calls every start).
START_UP_FLAGS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
	--disable-local-rpath
# swift build runs every time (it returns at once when nothing changed): the binary names the commit it was built
# from, and a new commit changes no source.
$(BIN): FORCE
	@mkdir -p $(STATIC_CXX); archive=$$($(CC) -print-file-name=libstdc++.a); \
		if [ -f "$$archive" ]; then ln -sf "$$archive" $(STATIC_CXX)/libstdc++.a; else rm -f $(STATIC_CXX)/libstdc++.a; fi
	$(SWIFT) build -c release --product tb --static-swift-stdlib -Xlinker -L$(CURDIR)/$(STATIC_CXX) $(START_UP_FLAGS) \
		$(BUILD_FLAGS)

demo: demo-deps build
	@examples/demo.sh $(BIN)

test: deps
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	$(SWIFT) test --skip-build
	$(MAKE) lint

# The quick loop, with no package to install and nothing to fetch: the build, the tests of the modules (not the
# end-to-end ones), leaving out those that start a server or need root (TB_CHECK, see CheckTraits), and the lint.
check:
	$(SWIFT) build --build-tests $(BUILD_FLAGS)
	TB_CHECK=1 $(SWIFT) test --skip-build --skip EndToEndTests
	$(MAKE) lint

# What concerns the binary that ships, against the release build: the libraries it links and loads at start-up,
# its version, and the exit statuses and docs of the end-to-end tests (after make test has built them).
release-check: build
	TB_RELEASE_CHECKS=1 TB_BINARY=$(CURDIR)/$(BIN) $(SWIFT) test --skip-build \
		--filter 'ShippedBinaryTests|ExitStatusTests|DocsTests|ClosedDescriptorTests'

# The sanitized runs. Each has a build directory of its own, so the normal build is never rebuilt. TB_BINARY points
# the end-to-end tests at the sanitized tb, and TestSupport hands the options below to every child they start.
# Reports go to files (log_path), not stderr: a report of a child whose status and stderr a test ignores (one it
# kills, say) would otherwise pass unseen; the run fails when any file is left there, and prints them.
# Suppressions (Tests/Sanitizers/*.supp) name only the libraries' own allocations and races, each with its reason.
SYMBOLIZER := $(dir $(realpath $(shell which $(SWIFT))))llvm-symbolizer
SANITIZER_REPORTS = /tmp/tb-$(1)-reports
SANITIZER_COMMON = symbolize=1:external_symbolizer_path=$(SYMBOLIZER):log_path=$(call SANITIZER_REPORTS,$(1))/report
# ASan stops at its first report anyway; 86 is a status tb never ends with. Leaks are checked at every exit.
ASAN_ENVIRONMENT := ASAN_OPTIONS='$(call SANITIZER_COMMON,asan):halt_on_error=1:detect_leaks=1:exitcode=86' \
	LSAN_OPTIONS='suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0'
# TSan goes on after a race, so that one run lists them all; it ends with 66 when it reported any.
TSAN_ENVIRONMENT := TSAN_OPTIONS='$(call SANITIZER_COMMON,tsan):halt_on_error=0:exitcode=66:second_deadlock_stack=1:suppressions=$(CURDIR)/Tests/Sanitizers/tsan.supp:print_suppressions=0'

# $(call sanitized-test,asan|tsan,address|thread,environment)
define sanitized-test
	rm -rf $(call SANITIZER_REPORTS,$(1)) && mkdir -p -m 1777 $(call SANITIZER_REPORTS,$(1))
	$(SWIFT) build --build-path .build/$(1) --sanitize $(2)
	@status=0; $(3) TB_SANITIZER=$(2) TB_BINARY=$(CURDIR)/.build/$(1)/debug/tb \
		$(SWIFT) test --build-path .build/$(1) --sanitize $(2) || status=$$?; \
	if [ -n "$$(ls -A $(call SANITIZER_REPORTS,$(1)))" ]; then \
		cat $(call SANITIZER_REPORTS,$(1))/*; echo "$(2) sanitizer reports: $(call SANITIZER_REPORTS,$(1))"; exit 1; \
	fi; exit $$status
endef

test-asan: deps
	$(call sanitized-test,asan,address,$(ASAN_ENVIRONMENT))

test-tsan: deps
	$(call sanitized-test,tsan,thread,$(TSAN_ENVIRONMENT))

lint:
	$(SWIFT) format lint --strict -r Sources Tests Plugins Package.swift

# Runs every fuzz target (Tests/FuzzTargets) FUZZ_SECONDS with libFuzzer and AddressSanitizer, in a build of its own.
# Not part of `make test`, which replays the seeds and past findings instead (FuzzRegressionTests). SwiftPM hands
# swiftc its sanitizers as separate flags in a random order, and swiftc keeps the last: half the builds had no
# coverage counters and fuzzed blind. One combined flag after them settles it.
FUZZ_SECONDS ?= 600
FUZZ_TARGETS ?= feed feed-dates html html5 selector template arguments store ndjson regex-chunks decompress svn-url url \
	ignore-glob icmp
fuzz: deps
	TB_FUZZ=1 $(SWIFT) build --build-path .build/fuzz --product tb-fuzz --sanitize fuzzer --sanitize address \
		-Xswiftc -sanitize=fuzzer,address
	scripts/fuzz.sh .build/fuzz/debug/tb-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# bench/html.sh's tools besides tb: its HTML5 parser alone (bench/HTML5Parse), built with tb's flags so that the
# modules they share are neither rebuilt nor compiled otherwise than in tb, gumbo's parse alone
# (bench/gumbo-parse.c), libxml2's streaming parser alone (bench/libxml2-sax.c), expat alone over zlib
# (bench/expat-parse.c), tb feed's floor, and PCRE2 alone (bench/pcre2-match.c), tb regex's.
BENCH_HTML5 := .build/release/tb-bench-html5
GUMBO_PARSE := .build/gumbo-parse
LIBXML2_SAX := .build/libxml2-sax
EXPAT_PARSE := .build/expat-parse
PCRE2_MATCH := .build/pcre2-match
bench: deps build
	@scripts/install-packages.sh $(BENCH_PACKAGES)
	$(SWIFT) build -c release --product tb-bench-html5 --static-swift-stdlib -Xlinker -L$(CURDIR)/$(STATIC_CXX) \
		$(START_UP_FLAGS)
	$(CC) -O2 -o $(GUMBO_PARSE) bench/gumbo-parse.c -lgumbo
	$(CC) -O2 -I/usr/include/libxml2 -o $(LIBXML2_SAX) bench/libxml2-sax.c -lxml2
	$(CC) -O2 -o $(EXPAT_PARSE) bench/expat-parse.c -lexpat -lz
	$(CC) -O2 -o $(PCRE2_MATCH) bench/pcre2-match.c -lpcre2-8
	@status=0; for script in bench/*.sh; do \
		TB=$(BIN) TB_BENCH_HTML5=$(BENCH_HTML5) GUMBO_PARSE=$(GUMBO_PARSE) LIBXML2_SAX=$(LIBXML2_SAX) \
			EXPAT_PARSE=$(EXPAT_PARSE) PCRE2_MATCH=$(PCRE2_MATCH) $$script || status=1; \
	done; exit $$status

# A Debian package of the release binary, man pages and completions (scripts/make-deb.sh): build/tb_VERSION_ARCH.deb.
deb: build
	@scripts/install-packages.sh $(PACKAGE_PACKAGES)
	@scripts/make-deb.sh $(BIN)

# A tarball of the same, with an install.sh that copies it under PREFIX (scripts/make-dist.sh):
# build/tb-VERSION-linux-ARCH.tar.gz.
dist: build
	@scripts/install-packages.sh $(PACKAGE_PACKAGES)
	@scripts/make-dist.sh $(BIN)

# Installs both on fresh Debian roots and runs every command there (scripts/test-package.sh); the first run fetches
# the root and the dependencies' packages from the registry apt uses here, later runs reuse them from build/.
# TEST_PACKAGE_OPTIONAL=1 (CI) skips with one line where this machine cannot make a root.
test-package: build
	@scripts/install-packages.sh $(PACKAGE_PACKAGES)
	@deb=$$(scripts/make-deb.sh $(BIN)) && tarball=$$(scripts/make-dist.sh $(BIN)) && \
		TEST_PACKAGE_PACKAGES="$(TEST_PACKAGE_PACKAGES)" scripts/test-package.sh "$$deb" "$$tarball"

install: build
	install -Dm755 $(BIN) $(DESTDIR)$(PREFIX)/bin/tb
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	install -m644 man/*.1 $(DESTDIR)$(PREFIX)/share/man/man1/
	install -Dm644 completions/tb.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/tb
	install -Dm644 completions/_tb $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tb
	install -Dm644 completions/tb.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tb.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/tb $(DESTDIR)$(PREFIX)/share/man/man1/tb.1 \
		$(DESTDIR)$(PREFIX)/share/man/man1/tb-*.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/tb \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_tb \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/tb.fish

# Rewrites man/ and completions/ from the command declarations (a test fails when they are out of date).
generate:
	$(SWIFT) build
	rm -f man/*.1 completions/*
	.build/debug/tb __generate all --output-dir .

clean:
	rm -rf .build
