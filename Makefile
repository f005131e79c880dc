# Quick start: `make demo` runs an example through pto-pipeline and pto-run; `make test` runs every test.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lit pytest lint clean

# constraints.txt pins every package to the version tested (pyproject.toml has the ranges);
# after an upgrade, regenerate its list with `$(BIN)/pip freeze --exclude pto-xdsl`.
$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[test,dev,research]'
	touch $(STAMP)

demo: $(STAMP)
	mkdir -p out/demo
	$(BIN)/xdsl-opt examples/tabs_ssa.mlir -p pto-pipeline -o out/demo/tabs.mlir
	cat out/demo/tabs.mlir
	$(BIN)/pto-run out/demo/tabs.mlir --arg rand:1024xf32:2 --arg zeros:1024xf32 \
		--out-dir out/demo/tabs --report --trace out/demo/tabs_trace.json
	$(BIN)/python -c "import numpy as np; x, y = (np.load(f'out/demo/tabs/arg{i}.npy') for i in (0, 1)); \
		print('|x| after pto-pipeline, bit for bit:', np.array_equal(np.abs(x).view('u4'), y.view('u4')))"
	$(BIN)/pto-run examples/tcolmin.mlir --arg rand:16x32xf32:1 --arg zeros:1x32xf32 \
		--out-dir out/demo/tcolmin
	$(BIN)/python -c "import numpy as np; print('column minima:', np.load('out/demo/tcolmin/arg1.npy'))"
	$(BIN)/xdsl-opt examples/flash_attention.mlir -p 'pto-pipeline{target=a2a3}' -o out/demo/flash.mlir
	$(BIN)/pto-run out/demo/flash.mlir --arg rand:32x32xf16:1 --arg rand:32x256xf16:2 \
		--arg rand:256x32xf16:3 --arg zeros:32x64xf32 --arg zeros:32x64xf16 --arg zeros:32x32xf32 \
		--arg zeros:32x32xf32 --out-dir out/demo/flash --report | tail -5
	$(BIN)/python -c "import numpy as np; q, k, v, o = (np.load(f'out/demo/flash/arg{i}.npy').astype('f8') for i in (0, 1, 2, 6)); \
		s = q @ k / 32 ** 0.5; p = np.exp(s - s.max(1, keepdims=True)); \
		print('flash attention on AIC + 2 AIVs, max |O - numpy f64|:', abs(o - p / p.sum(1, keepdims=True) @ v).max())"

# lit is bound by process start-up and lint by one pyright process: together they fill both
# cores; pytest then uses both on its own.
test: $(STAMP)
	$(MAKE) --no-print-directory -j2 --output-sync=target lit lint
	$(MAKE) --no-print-directory pytest

lit: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/lit -sv test/filecheck

# Bytecode caches on (some machines set PYTHONDONTWRITEBYTECODE): without them every pytest
# worker compiles the project and rewrites every test module again.
pytest: $(STAMP)
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest -q

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pyright

clean:
	rm -rf $(VENV) build *.egg-info
