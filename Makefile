# The README's two commands, and the steps behind them.
#   make run    install what the build needs, build the library and the CLI only, then compute
#               an MSM on an embedded default input with the best backend
#   make test   install what the tests need, build the rest (tests, benches) in the same folder,
#               run every test, then build the WebAssembly module (build/wasm) and run its tests
# Both use one build folder: `make run` configures it with tests and benches off, `make test`
# turns them on in the same cache, so nothing `make run` built is built again.
PRESET ?= release
BUILD_DIR := build/$(PRESET)
JOBS ?= $(shell nproc)
# CUDA for these two commands: with an NVIDIA GPU present, code for that GPU only
# (CMAKE_CUDA_ARCHITECTURES=native). Without one, `make run` leaves the CUDA backend out (it could
# not run) and `make test` compiles it for sm_90 alone, to check that it builds: the library's
# default, SASS for sm_80, sm_89 and sm_90 plus PTX, costs ~3× the compile time (≈ 20 CPU-minutes
# on the 2-core CI machine kind, 2026-12-03) and is what `cmake --preset release` and installs get.
HAVE_GPU := $(shell nvidia-smi -L >/dev/null 2>&1 && echo yes)
ifeq ($(HAVE_GPU),yes)
RUN_CUDA_FLAGS := -DCMAKE_CUDA_ARCHITECTURES=native
TEST_CUDA_FLAGS := -DCMAKE_CUDA_ARCHITECTURES=native
else
RUN_CUDA_FLAGS := -DZKMSM_CUDA=OFF
TEST_CUDA_FLAGS := -UZKMSM_CUDA -DCMAKE_CUDA_ARCHITECTURES=90
endif

.PHONY: run test test-wasm test-web serve wasm deps deps-build build build-all format clean

run: deps-build build
	$(BUILD_DIR)/tools/zkmsm run

test: deps build-all
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)
	$(MAKE) test-wasm

# The WebAssembly module (the library's cpu and webgpu backends for browsers and node, in two
# builds: single-threaded, and with threads by the wasm-threads preset; build/wasm/web/zkmsm.mjs
# loads either) and its tests: in node, the cpu backend against @noble/curves, and the webgpu
# backend and its stages on Dawn (OpenGL over Mesa's llvmpipe without a GPU); in headless
# Chromium (SwiftShader's WebGPU), both backends again as a page loads the module. Debian's
# Emscripten 3.1.6 links only with NODE_PATH=/usr/share/nodejs (the wasm presets set it).
wasm: deps
	cmake --preset wasm
	cmake --build --preset wasm -j $(JOBS)
	cmake --preset wasm-threads
	cmake --build --preset wasm-threads -j $(JOBS)

test-wasm: wasm
	node tests/wasm/wasm_msm_test.mjs build/wasm/web/zkmsm.mjs
	$(MAKE) test-web

# The WebGPU tests alone (after the install and the build): the webgpu backend and its stages in
# node on Dawn, then the cases page and the knob-sweep page in headless Chromium.
test-web: wasm
	EGL_PLATFORM=surfaceless node tests/wasm/webgpu_test.mjs build/wasm/web/zkmsm.mjs
	node tests/wasm/browser_test.mjs build/wasm/web

# The knob-sweep page (web/bench) on http://localhost:8000/bench/: WebGPU needs a secure context,
# which localhost is. Any static server of build/wasm/web will do.
serve: wasm
	python3 -m http.server --bind 127.0.0.1 --directory build/wasm/web 8000

# System packages (Debian): deps-build what the library and the CLI need; deps also what the
# tests need, and the pinned npm packages of the @noble/curves oracle.
deps-build:
	./scripts/install_deps.sh build

deps:
	./scripts/install_deps.sh test

# The library and the CLI.
build:
	cmake --preset $(PRESET) -DZKMSM_BUILD_TESTS=OFF -DZKMSM_BUILD_BENCH=OFF $(RUN_CUDA_FLAGS)
	cmake --build --preset $(PRESET) -j $(JOBS)

# Everything: the library, the CLI, the tests and the benches.
build-all:
	cmake --preset $(PRESET) -DZKMSM_BUILD_TESTS=ON -DZKMSM_BUILD_BENCH=ON $(TEST_CUDA_FLAGS)
	cmake --build --preset $(PRESET) -j $(JOBS)

format:
	git ls-files '*.cpp' '*.hpp' '*.h' '*.cu' '*.cuh' | xargs clang-format -i

clean:
	rm -rf build
