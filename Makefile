# The README's two commands, and the steps behind them.
#   make run    install what the build needs, build the library and the CLI only, then compute
#               an MSM on an embedded default input with the best backend
#   make test   install what the tests need, build the rest (tests, benches) in the same folder,
#               run every test
# Both use one build folder: `make run` configures it with tests and benches off, `make test`
# turns them on in the same cache, so nothing `make run` built is built again.
PRESET ?= release
BUILD_DIR := build/$(PRESET)
JOBS ?= $(shell nproc)

.PHONY: run test deps deps-build build build-all format clean

run: deps-build build
	$(BUILD_DIR)/tools/zkmsm run

test: deps build-all
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

# System packages (Debian): deps-build what the library and the CLI need; deps also what the
# tests need, and the pinned npm packages of the @noble/curves oracle.
deps-build:
	./scripts/install_deps.sh build

deps:
	./scripts/install_deps.sh test

# The library and the CLI.
build:
	cmake --preset $(PRESET) -DZKMSM_BUILD_TESTS=OFF -DZKMSM_BUILD_BENCH=OFF
	cmake --build --preset $(PRESET) -j $(JOBS)

# Everything: the library, the CLI, the tests and the benches.
build-all:
	cmake --preset $(PRESET) -DZKMSM_BUILD_TESTS=ON -DZKMSM_BUILD_BENCH=ON
	cmake --build --preset $(PRESET) -j $(JOBS)

format:
	git ls-files '*.cpp' '*.hpp' '*.h' '*.cu' '*.cuh' | xargs clang-format -i

clean:
	rm -rf build
