# Entry points, documented in README.md:
#   make demo        plays a whole game under a preset and prints it (the main job), from
#                    its own small venv, .venv-demo, with the package and its runtime
#                    dependencies only (attrs, typing-extensions, mypy_extensions, librt)
#   make test        every check: pytest (tests + doctests, branch coverage >= 95%;
#                    the search-heavy tests with the tracer paused), the rules suites
#                    again against the mypyc-compiled build (when a C compiler is there),
#                    mypy --strict, ruff, sphinx -W; what CI runs
#   make wheels      the pure wheel and the mypyc-compiled wheel (platform-tagged) in dist/
#   make check-fast  the everyday run: pytest without the tests marked slow (the
#                    property, strategy, fuzz and perft suites) and without coverage,
#                    then mypy and ruff; make test still runs everything
# Each creates .venv on first use with only python3 available.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

CVENV := .venv-compiled
CBIN := $(CVENV)/bin
CSTAMP := $(CVENV)/.installed-stamp
CBUILD := build/compiled-src
SOURCES := $(shell find src -name '*.py')
.PHONY: demo wheels test static check-fast pytest pytest-fast compiled-build compiled-test typecheck lint docs bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --editable . --group dev
	touch $(STAMP)

# The demo needs only the package and its four small runtime dependencies (attrs,
# typing-extensions, and mypyc's runtime types mypy_extensions and librt): its own venv,
# with an editable install (seconds), so that the main job never waits for the dev tools.
DVENV := .venv-demo
DSTAMP := $(DVENV)/.installed-stamp

$(DSTAMP): pyproject.toml
	rm -rf $(DVENV)
	$(PYTHON) -m venv $(DVENV)
	$(DVENV)/bin/python -m pip install --quiet --disable-pip-version-check --editable .
	touch $@

demo: $(DSTAMP)
	$(DVENV)/bin/python -m coinche play --rules common --seed 1 --players pimc,greedy,pimc,greedy

# The compiled build keeps one core busy (mypyc, then the C compiler), so the static
# checks (one core each) run beside it; then pytest and the compiled suites, each on both
# cores. The wheel test in pytest installs the wheel the compiled build left.
test:
	$(MAKE) --no-print-directory -j2 --output-sync=target compiled-build static
	$(MAKE) --no-print-directory pytest
	$(MAKE) --no-print-directory compiled-test

static: typecheck lint docs

check-fast: pytest-fast typecheck lint

pytest-fast: $(STAMP)
	$(BIN)/python -m pytest -n 2 -q -m "not slow"

# One pass on both cores (pytest-xdist), under the coverage tracer; the tests marked heavy
# (searches that the tracer slows ten-fold) run with it paused (tests/conftest.py gives
# them pytest-cov's no_cover marker), so one collection serves every test.
pytest: $(STAMP)
	$(BIN)/python -m pytest -n 2 --cov=coinche --cov-report=term-missing:skip-covered

# The compiled build, in its own venv, from a copy of the tree (hatch-mypyc writes its
# extension modules beside the sources, where the pure venv must never see them).
$(CVENV)/.venv-stamp: pyproject.toml
	rm -rf $(CVENV)
	$(PYTHON) -m venv $(CVENV)
	$(CBIN)/python -m pip install --quiet --upgrade pip
	$(CBIN)/python -m pip install --quiet --group test
	touch $@

# The compiled wheel is built once, in build/compiled-wheel/, and installed from there:
# tests/test_wheels.py installs the same wheel in a fresh venv instead of building its own.
CWHEEL := build/compiled-wheel

$(CSTAMP): $(CVENV)/.venv-stamp $(SOURCES)
	rm -rf $(CBUILD) $(CWHEEL) && mkdir -p $(CBUILD)
	tar --exclude='./.venv*' --exclude='./build' --exclude='./dist' --exclude='./.git' \
		--exclude='./docs/_build' -cf - . | tar -xf - -C $(CBUILD)
	HATCH_BUILD_HOOK_ENABLE_MYPYC=1 $(CBIN)/python -m pip wheel --quiet --no-deps \
		--wheel-dir $(CWHEEL) $(CBUILD)
	$(CBIN)/python -m pip uninstall --quiet --yes coinche
	$(CBIN)/python -m pip install --quiet $(CWHEEL)/coinche-*.whl
	touch $@

# Built before the pytest passes, so that the wheel test finds the wheel; without a C
# compiler there is nothing to build (the wheel test skips, compiled-test says so).
compiled-build:
	@if command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory $(CSTAMP); \
	fi

# The two wheels, in dist/: the pure one (coinche-VERSION-py3-none-any.whl) and the
# compiled one, built the Black way (the hatch mypyc hook, switched on by the environment)
# from a copy of the tree, so that its extension modules never land in src/; its name
# carries the interpreter and platform tags (coinche-VERSION-cp311-cp311-linux_x86_64.whl).
WBUILD := build/wheel-src

# pip builds each in an isolated environment (hatchling; hatch-mypyc and mypy for the
# compiled one): the small demo venv is all it needs, not the dev install.
wheels: $(DSTAMP)
	mkdir -p dist
	rm -f dist/coinche-*.whl
	$(DVENV)/bin/python -m pip wheel --quiet --no-deps --wheel-dir dist .
	rm -rf $(WBUILD) && mkdir -p $(WBUILD)
	tar --exclude='./.venv*' --exclude='./build' --exclude='./dist' --exclude='./.git' \
		--exclude='./docs/_build' -cf - . | tar -xf - -C $(WBUILD)
	HATCH_BUILD_HOOK_ENABLE_MYPYC=1 $(DVENV)/bin/python -m pip wheel --quiet --no-deps \
		--wheel-dir dist $(WBUILD)
	@ls dist/coinche-*.whl

# The suites run again against the compiled build are those marked compiled (each sets
# pytestmark in its module): the rules, the engine, the solver (with its 200-deal
# comparison with colver, COINCHE_SLOW, affordable compiled), the check that the
# kernel there is an extension module that agrees with the pure one, and the sweep of
# every public door with hostile arguments (tests/test_sweep.py).
# Without a C compiler the compiled build cannot exist: say so and run only the pure suite.
compiled-test:
	@if command -v cc >/dev/null 2>&1 || command -v gcc >/dev/null 2>&1; then \
		$(MAKE) --no-print-directory $(CSTAMP) && \
		COINCHE_EXPECT_COMPILED=1 COINCHE_SLOW=1 $(CBIN)/python -m pytest -n 2 -q -p no:cacheprovider \
			-m compiled tests; \
	else \
		echo "no C compiler: the compiled build is not tested on this machine"; \
	fi

typecheck: $(STAMP)
	$(BIN)/python -m mypy --strict

lint: $(STAMP)
	$(BIN)/python -m ruff check .
	$(BIN)/python -m ruff format --check .

docs: $(STAMP)
	$(BIN)/python -m sphinx -W --keep-going -q -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

clean:
	rm -rf $(VENV) $(CVENV) $(DVENV) build dist docs/_build .pytest_cache .mypy_cache .ruff_cache .hypothesis
