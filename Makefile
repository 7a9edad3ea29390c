# The project's commands. `make serve` and `make check` are the README's quick start.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install serve check lint typecheck test bench assets browser services clean golden contracts

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit("gradebox needs Python >= 3.11") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)  ## create .venv with the service and the development tools

serve: $(STAMP)  ## serve the practice page and the API on http://127.0.0.1:8000
	$(BIN)/gradebox serve --host 127.0.0.1 --port 8000

lint: $(STAMP)
	$(BIN)/ruff check app graders tests scripts
	$(BIN)/ruff format --check app graders tests scripts
	$(BIN)/lint-imports

typecheck: $(STAMP)
	$(BIN)/mypy

browser:  ## Debian's chromium for the browser tests (installed when missing)
	@bash scripts/ensure-chromium.sh

services:  ## PostgreSQL on loopback for the database tests (started when stopped)
	@bash scripts/ensure-postgres.sh

test: $(STAMP) browser services
	$(BIN)/pytest

check: lint typecheck test  ## everything CI runs: ruff, mypy, pytest

bench: $(STAMP)  ## grading latency and throughput: warm pool vs fresh process vs in-process
	$(BIN)/python scripts/bench.py

assets:  ## rebuild static/dist from the npm packages (the built files are committed)
	cd static && npm ci && npm run build

golden: $(STAMP)  ## rewrite tests/golden/*/report.json from the current grader (review the diff)
	$(BIN)/pytest -q tests/graders/test_golden_reports.py --update-golden

contracts: $(STAMP)  ## regenerate docs/report.schema.json and docs/openapi.json
	$(BIN)/python scripts/export_contracts.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache
