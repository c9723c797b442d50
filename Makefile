# fray — the few commands a fresh machine needs.
#   make run       install what is missing, build, run the showcase
#   make test      install what is missing, build, run the whole test suite
#   make bench     build and run the Google Benchmark programs (Release)
#   make sanitize  the whole test suite under AddressSanitizer + UBSan (clang-14, -O2, line tables;
#                  the Monte Carlo checks draw a tenth of their samples: FRAY_TEST_SCALE)
#   make format    format every C++ file with the root .clang-format
#   make format-check  fail when a C++ file is not formatted (CI runs it)
#   make fuzz      build the libFuzzer targets (clang-14) and run each SECONDS s (default 60;
#                  CI runs 20), two at a time (FUZZ_JOBS); in the same build directory as make sanitize
#   make web       the static web page (WebAssembly, Emscripten) into build-web/
#   make web-test  the page's end-to-end test in headless Chromium (docs/web.md)
#   make python    build the Python module (import with PYTHONPATH=$(BUILD)/python)
#   make npm       the npm package build-npm/fray-VERSION.tgz (from the web build)
#   make wheel     the Python wheel build-wheel/fray-VERSION-*.whl for $(PYTHON) (from $(BUILD))
#   make npm-test, make wheel-test, make capi-test
#                  install the npm package, the wheel, the C API (an installed
#                  tree) as a user would, and use each (tests/package, docs/embedding.md)
BUILD    ?= build
ASAN     ?= build-asan
BENCHDIR ?= build-bench
WEBOBJ   ?= build-web-obj
WEBSITE  ?= build-web
NPMDIR   ?= build-npm
WHEELDIR ?= build-wheel
# The one version of the library, the command line, the web module, the npm
# package and the wheel: the main CMake project's.
VERSION  := $(shell sed -n "s/^project.fray VERSION \([0-9.]*\).*/\1/p" CMakeLists.txt)
FUZZDIR  ?= $(ASAN)
SECONDS  ?= 60
FUZZ_JOBS ?= 2
JOBS     ?= $(shell nproc 2>/dev/null || echo 2)
PACKAGES := g++ cmake ninja-build ccache pkg-config libfmt-dev libcli11-dev nlohmann-json3-dev libtomlplusplus-dev \
            libgtest-dev libgmock-dev libbenchmark-dev libtcod-dev clang-format \
            python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-matplotlib
# The web page: Emscripten (with node-acorn), and Chromium and Node.js (with npm) for its test.
WEB_PACKAGES := emscripten node-acorn chromium chromium-driver nodejs
# The wheel (make wheel, make wheel-test): Debian's build tools for its Python.
WHEEL_PACKAGES := python3-venv python3-pip python3-setuptools python3-wheel
WEB_FILES    := web/index.html web/app.js web/fray-api.js web/worker.js web/style.css
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
LAUNCHER := $(shell command -v ccache >/dev/null 2>&1 && echo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# ccache caches a compile that uses a precompiled header (the library, the
# verbs and the tests use one) only when told to trust the header's macros and
# time stamps; without it every such compile is "could not use precompiled
# header", uncached. base_dir: the checkout's own paths are made relative, so
# another clone or build directory of the same sources gets the same objects
# (docs/performance.md, "CI"). A value set in the environment wins.
export CCACHE_SLOPPINESS ?= pch_defines,time_macros
export CCACHE_BASEDIR ?= $(CURDIR)
# Unity batches for the library, the tests and the verbs: a cold build of
# them in about half the CPU (docs/performance.md, "CI").
CMAKE_FLAGS := -G Ninja $(LAUNCHER) -DFRAY_UNITY_BUILD=ON
# The Python module builds for, and its tests run with, Debian's interpreter
# (where python3-numpy and the other packages above install).
PYTHON   ?= /usr/bin/python3
PYTHON_FLAGS := -DFRAY_PYTHON=ON -DPython_EXECUTABLE=$(PYTHON)

SOURCES   = $(shell git ls-files '*.cpp' '*.hpp' 2>/dev/null || find include src apps tests bench examples -name '*.[ch]pp')

.PHONY: all deps deps-web deps-later install-packages build test run bench sanitize format format-check fuzz clean python web web-test \
        npm npm-test wheel wheel-test capi-test

all: build

deps:
	@$(MAKE) --no-print-directory install-packages WANT="$(PACKAGES)"

deps-web:
	@$(MAKE) --no-print-directory install-packages WANT="$(WEB_PACKAGES)"

# What the later CI steps (make fuzz, make sanitize, make web-test, the
# package tests) install, at once: .ci/run has it download and install while
# make test compiles.
deps-later:
	@$(MAKE) --no-print-directory install-packages WANT="$(SAN_PACKAGES) $(WEB_PACKAGES) $(WHEEL_PACKAGES)"
	cd tests/web && { [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund; }
	cd tests/package/npm && { [ -d node_modules/typescript ] || npm ci --no-audit --no-fund; }

install-packages:
	@missing=""; for p in $(WANT); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; \
	fi

$(BUILD)/build.ninja:
	cmake -S . -B $(BUILD) $(CMAKE_FLAGS) -DCMAKE_BUILD_TYPE=Release -DFRAY_BUILD_BENCH=OFF $(PYTHON_FLAGS)

build: deps $(BUILD)/build.ninja
	@grep -q '^FRAY_PYTHON:BOOL=ON' $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) $(PYTHON_FLAGS)
	cmake --build $(BUILD) -j $(JOBS)

python: deps $(BUILD)/build.ninja
	@grep -q '^FRAY_PYTHON:BOOL=ON' $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) $(PYTHON_FLAGS)
	cmake --build $(BUILD) -j $(JOBS) --target fray_python
	@echo "built $(BUILD)/python/fray: PYTHONPATH=$(abspath $(BUILD))/python $(PYTHON) -c 'import fray'"

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) --timeout 600

run: build
	@sh examples/showcase.sh $(BUILD)/fray

bench: deps
	cmake -S . -B $(BENCHDIR) $(CMAKE_FLAGS) -DCMAKE_BUILD_TYPE=Release -DFRAY_BUILD_BENCH=ON \
	  -DFRAY_BUILD_TESTS=OFF -DFRAY_BUILD_EXAMPLES=OFF
	cmake --build $(BENCHDIR) -j $(JOBS)
	@for b in $(BENCHDIR)/bench/bench_*; do echo "== $$b"; $$b --benchmark_min_time=0.2 || exit 1; done

# One clang-14 build serves the sanitizers and the fuzzer: the library, the
# verbs and the tests are compiled once with ASan + UBSan and libFuzzer's
# coverage (-fsanitize=fuzzer-no-link,address,undefined); the tests link as
# ordinary programs, the fuzz targets with libFuzzer. The directory, the
# objects (and ccache) and each fuzz target's corpus are reused between runs.
SAN_PACKAGES := clang-14 libclang-rt-14-dev libfuzzer-14-dev
san_config = cmake -S . -B $(1) $(CMAKE_FLAGS) -DCMAKE_CXX_COMPILER=clang++-14 \
	  -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -g1" \
	  -DFRAY_SANITIZE=ON -DFRAY_FUZZ=ON -DFRAY_WERROR=OFF -DFRAY_BUILD_BENCH=OFF -DFRAY_BUILD_EXAMPLES=OFF -DFRAY_INSTALL=OFF

sanitize: PACKAGES += $(SAN_PACKAGES)
sanitize: deps
	$(call san_config,$(ASAN))
	cmake --build $(ASAN) -j $(JOBS)
	cd $(ASAN) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	  ctest --output-on-failure -j $(JOBS) --timeout 900

fuzz: PACKAGES += $(SAN_PACKAGES)
fuzz: deps
	$(call san_config,$(FUZZDIR))
	cmake --build $(FUZZDIR) -j $(JOBS) --target fuzz_all
	FUZZ_JOBS=$(FUZZ_JOBS) tests/fuzz/run.sh $(FUZZDIR) $(SECONDS)

# Debian's Emscripten reads acorn from NODE_PATH. The object files stay in
# $(WEBOBJ) between builds (ccache too when it is installed).
web: deps-web
	NODE_PATH=/usr/share/nodejs emcmake cmake -S web -B $(WEBOBJ) -G Ninja $(LAUNCHER) -DCMAKE_BUILD_TYPE=Release
	NODE_PATH=/usr/share/nodejs cmake --build $(WEBOBJ) -j $(JOBS)
	mkdir -p $(WEBSITE)
	cp $(WEB_FILES) $(WEBOBJ)/fray.js $(WEBOBJ)/fray.wasm $(WEBSITE)/
	mkdir -p $(WEBSITE)/docs && cp docs/web.md docs/rules.md $(WEBSITE)/docs/
	node web/rules-examples.js examples/rules $(WEBSITE)/rules
	@echo "web: serve it with  python3 -m http.server -d $(WEBSITE) 8000"

# The page against the CLI's --json, in headless Chromium (tests/web).
web-test: web build
	cd tests/web && { [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund; }
	node tests/web/e2e.mjs --site $(WEBSITE) --cli $(BUILD)/fray

# The npm package, from the web build's fray.js and fray.wasm (web/npm).
npm: web
	node web/npm/stage.mjs $(VERSION) $(WEBOBJ) $(NPMDIR)/package
	cd $(NPMDIR) && rm -f fray-*.tgz && npm pack ./package --pack-destination . --silent > /dev/null
	@echo "npm: $(NPMDIR)/fray-$(VERSION).tgz ($$(wc -c < $(NPMDIR)/fray-$(VERSION).tgz) bytes)"

# The package tests compare with the command line of $(BUILD) and build only
# what they use of it (after make test: nothing).
npm-test: npm deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS) --target fray_cli
	cd tests/package/npm && { [ -d node_modules/typescript ] || npm ci --no-audit --no-fund; }
	tests/package/npm/run.sh $(NPMDIR)/fray-$(VERSION).tgz $(BUILD)/fray

# The wheel for $(PYTHON), built offline with its own setuptools from the
# extension of $(BUILD) (python/setup.py; README.md says how to build one for
# another Python).
wheel: PACKAGES += $(WHEEL_PACKAGES)
wheel: python
	rm -rf $(WHEELDIR)
	FRAY_PIP_BUILD_DIR=$(abspath $(BUILD)) CMAKE_BUILD_PARALLEL_LEVEL=$(JOBS) $(PYTHON) -m pip wheel --no-index \
	  --no-build-isolation --no-deps --disable-pip-version-check -q -w $(WHEELDIR) ./python
	rm -rf python/build python/fray.egg-info
	@echo "wheel: $$(ls $(WHEELDIR)/fray-$(VERSION)-*.whl) ($$(wc -c < $$(ls $(WHEELDIR)/fray-$(VERSION)-*.whl)) bytes)"

wheel-test: wheel
	cmake --build $(BUILD) -j $(JOBS) --target fray_cli
	tests/package/wheel/run.sh $(WHEELDIR)/fray-$(VERSION)-*.whl $(BUILD)/fray $(PYTHON)

# The C API (include/fray/c.h) from the installed tree of $(BUILD), with
# pkg-config and with find_package.
capi-test: deps $(BUILD)/build.ninja
	cmake --build $(BUILD) -j $(JOBS) --target fray fray_c fray_cli
	tests/package/c/run.sh $(BUILD)

format: deps
	clang-format -i $(SOURCES)

format-check: deps
	clang-format --dry-run -Werror $(SOURCES)

clean:
	rm -rf $(BUILD) $(ASAN) $(BENCHDIR) $(FUZZDIR) build-fuzz $(WEBOBJ) $(WEBSITE) $(NPMDIR) $(WHEELDIR)
