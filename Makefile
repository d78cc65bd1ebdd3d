# Two entry points: `make demo` (install + run the main job) and `make test` (install + every check).
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test install lint typecheck bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/tiermem --home "$(CURDIR)/.tiermem-demo" demo

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

test: $(STAMP) lint typecheck
	$(BIN)/pytest -n 2 --dist loadfile $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/store.py
	$(BIN)/python bench/retrieval.py
	$(BIN)/python bench/context.py
	$(BIN)/python bench/reliability.py

clean:
	rm -rf $(VENV) .tiermem-demo .pytest_cache .mypy_cache .ruff_cache
