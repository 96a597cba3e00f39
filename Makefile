# Two entry points for people, one for CI: `make play` and `make test` set up .venv on first use.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp

.PHONY: play test demo bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Hearsay needs Python 3.11 or newer; found " + sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev,cluster]'
	@touch $(STAMP)

play: $(STAMP)
	$(VENV)/bin/hearsay play $(SCENARIO)

test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m pytest -n auto

bench: $(STAMP)
	$(PY) benchmarks/memory_bench.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
