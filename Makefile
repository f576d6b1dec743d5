# The README's two commands, and the steps behind them.
#   make run    install what the build needs, build, then compute an MSM on an embedded default
#               input with the best backend
#   make test   install what the tests need, build, run every test
PRESET ?= release
BUILD_DIR := build/$(PRESET)
JOBS ?= $(shell nproc)

.PHONY: run test deps build oracle-deps format clean

run: deps build
	$(BUILD_DIR)/tools/zkmsm run

test: deps build
	ctest --test-dir $(BUILD_DIR) --output-on-failure -j $(JOBS)

# System packages (Debian) and the pinned npm packages of the @noble/curves oracle.
deps:
	./scripts/install_deps.sh

build:
	cmake --preset $(PRESET)
	cmake --build --preset $(PRESET) -j $(JOBS)

format:
	git ls-files '*.cpp' '*.hpp' '*.h' '*.cu' '*.cuh' | xargs clang-format -i

clean:
	rm -rf build
