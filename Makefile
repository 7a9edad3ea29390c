# The project's commands. `make serve` and `make check` are the README's quick start.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: install serve check lint typecheck static test bench bench-trees assets browser services clean golden contracts

$(STAMP): pyproject.toml
	$(PYTHON) -c 'import sys; sys.exit("gradebox needs Python >= 3.11") if sys.version_info < (3, 11) else None'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)  ## create .venv with the service and the development tools

serve: $(STAMP)  ## serve the practice page and the API on http://127.0.0.1:8000
	$(BIN)/gradebox serve --host 127.0.0.1 --port 8000

# Our Python code; of exercises/, pyproject.toml leaves only the checks.py files to ruff.
PYTHON_CODE := app graders tests scripts exercises
# `make test` fails when the whole suite covers less of app/ and graders/ than this (percent).
COVERAGE_FLOOR := 84

lint: $(STAMP)  ## ruff (rules and formatting) on all our Python code, then the import rules
	$(BIN)/ruff check $(PYTHON_CODE)
	$(BIN)/ruff format --check $(PYTHON_CODE)
	$(BIN)/lint-imports

# Each exercises/*/checks.py is loaded by its path as a module named `checks`, so each gets a
# mypy run of its own; all of them are checked before the target fails.
typecheck: $(STAMP)  ## mypy --strict: app, graders, tests, scripts, then each exercise's checks.py
	$(BIN)/mypy
	@failed=0; for checks in exercises/*/checks.py; do \
		echo "$(BIN)/mypy $$checks"; $(BIN)/mypy "$$checks" || failed=1; \
	done; exit $$failed

browser:  ## Debian's chromium for the browser tests (installed when missing)
	@bash scripts/ensure-chromium.sh

services:  ## PostgreSQL on loopback (started when stopped); redis-server for the distributed tests
	@bash scripts/ensure-postgres.sh
	@bash scripts/ensure-redis.sh

# The accessibility tests read axe-core from static/node_modules: installed when missing or older
# than static/package-lock.json (npm ci writes node_modules/.package-lock.json).
static/node_modules/.package-lock.json: static/package-lock.json
	cd static && npm ci --no-audit --no-fund --silent

test: $(STAMP) browser services static/node_modules/.package-lock.json  ## pytest, browser and PostgreSQL tests included, with coverage
	$(BIN)/pytest --cov-fail-under=$(COVERAGE_FLOOR)

static:  ## static/dist and the generated API types match static/src and docs/openapi.json (tsc)
	bash scripts/check-static.sh

check: lint typecheck static test  ## everything CI runs: ruff, import rules, mypy, tsc, pytest

bench: $(STAMP)  ## grading latency and throughput: pool vs fresh process vs in-process; the service embedded and distributed
	$(BIN)/python scripts/bench.py
	$(BIN)/python scripts/bench_cli.py
	$(BIN)/python scripts/bench_verdicts.py
	$(BIN)/python scripts/bench_service.py
	$(BIN)/python scripts/bench_flood.py

bench-trees: $(STAMP)  ## the warm pool's p50, an old tree (85d88de by default) and this one interleaved in one run
	$(BIN)/python scripts/bench_trees.py

assets:  ## rebuild static/dist from the npm packages (the built files are committed)
	cd static && npm ci && npm run types && npm run build

golden: $(STAMP)  ## rewrite tests/golden/*/report.json from the current grader (review the diff)
	$(BIN)/pytest -q tests/graders/test_golden_reports.py --update-golden

contracts: $(STAMP)  ## regenerate docs/*.schema.json and docs/openapi.json (then `make assets`)
	$(BIN)/python scripts/export_contracts.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .coverage .coverage.*
