# Quick start: `make demo` runs an example through the pipeline; `make test` runs every test.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lit pytest lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test,dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/xdsl-opt examples/tcolmin.mlir
	$(BIN)/pto-run examples/tcolmin.mlir --arg rand:16x32xf32:1 --arg zeros:1x32xf32 \
		--out-dir out/demo --report
	$(BIN)/python -c "import numpy as np; print('column minima:', np.load('out/demo/arg1.npy'))"
	$(BIN)/pto-run examples/seed002_vabs.mlir --arg rand:1024xf32:2 --arg zeros:1024xf32 \
		--report --trace out/demo/seed002_trace.json

test: $(STAMP) lit pytest lint

lit: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/lit -sv test/filecheck

pytest: $(STAMP)
	$(BIN)/pytest -q

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/pyright

clean:
	rm -rf $(VENV) build *.egg-info
