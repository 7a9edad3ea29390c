"""The import rules cover every layer: breaking one fails `make lint` (issue 27, item 3).

pyproject.toml's import-linter contracts place every module directly under app/ and graders/
in a layer (`exhaustive`). Each case here copies the two packages and pyproject.toml into a
temporary folder, adds one offending import (or an unplaced module) to the copy and runs
lint-imports there: the contract it breaks must be reported broken. The unmodified copy passes.

The second half pins what the service imports from the graders library, so that a new
dependency of app/ on graders/ is a deliberate change.
"""

from __future__ import annotations

import ast
import importlib
import os
import re
import shutil
import subprocess
import sys
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import ROOT

LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def contracts() -> list[dict[str, str]]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed: list[dict[str, str]] = config["tool"]["importlinter"]["contracts"]
    return listed


def contract_names() -> dict[str, str]:
    """The contracts' names by id, as lint-imports prints them."""
    return {contract["id"]: contract["name"] for contract in contracts() if "id" in contract}


def copy_packages(target: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for package in ("app", "graders"):
        shutil.copytree(ROOT / package, target / package, ignore=ignore)
    shutil.copy(ROOT / "pyproject.toml", target / "pyproject.toml")
    return target


def broken_contracts(root: Path) -> tuple[int, set[str], str]:
    """lint-imports on the copy at `root`: its exit code, the broken contracts' names, its output."""
    # PYTHONPATH puts the copy ahead of the editable install of the real tree.
    env = {**os.environ, "PYTHONPATH": str(root)}
    result = subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo", "pyproject.toml"],
        capture_output=True,
        text=True,
        cwd=root,
        env=env,
        timeout=60,
    )
    output = result.stdout + result.stderr
    # A contract's line: "<name> BROKEN", or "<name> BROKEN (2 ignored imports)".
    broken = {match[1] for match in re.finditer(r"^(.+) BROKEN(?: \(.*\))?$", output, re.M)}
    return result.returncode, broken, output


def append(path: Path, line: str) -> None:
    with path.open("a", encoding="utf-8") as file:
        file.write(f"\n{line}\n")


def create(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# (what the copy gets, the ids of the contracts it must break)
VIOLATIONS: dict[str, tuple[Callable[[Path], None], set[str]]] = {
    "the engine imports the service": (
        lambda root: append(root / "graders/engine/reading.py", "import app.service"),
        {"service-above-graders"},
    ),
    "the host imports the engine (a cycle)": (
        lambda root: append(root / "graders/host/errors.py", "import graders.engine"),
        {"graders-layers"},
    ),
    "a new package imports the inside": (
        lambda root: create(root / "graders/newpkg/__init__.py", "import graders.inside\n"),
        {"inside-protected", "graders-layers"},
    ),
    "a new service module imports the inside": (
        lambda root: create(root / "app/newmodule.py", "import graders.inside.child\n"),
        {"inside-protected", "app-layers"},
    ),
    "a new graders module nobody placed": (
        lambda root: create(root / "graders/newmodule.py", '"""Nothing imported."""\n'),
        {"graders-layers"},
    ),
    "the inside imports the host": (
        lambda root: append(root / "graders/inside/counting.py", "import graders.host"),
        {"graders-layers"},
    ),
    "the catalog imports the validate commands": (
        lambda root: append(root / "graders/catalog.py", "import graders.validate_run"),
        {"graders-layers"},
    ),
    "a cycle between two modules of the engine": (
        lambda root: append(root / "graders/engine/reading.py", "import graders.engine.grader"),
        {"acyclic"},
    ),
    "the store imports the service": (
        lambda root: append(root / "app/store/records.py", "import app.service"),
        {"app-layers"},
    ),
}


def test_the_unmodified_tree_keeps_every_contract(tmp_path: Path) -> None:
    code, broken, output = broken_contracts(copy_packages(tmp_path))
    assert (code, broken) == (0, set()), output
    assert f"Contracts: {len(contracts())} kept, 0 broken." in output, output


@pytest.mark.parametrize("case", list(VIOLATIONS))
def test_each_violation_fails_lint_imports(tmp_path: Path, case: str) -> None:
    offend, expected = VIOLATIONS[case]
    root = copy_packages(tmp_path)
    offend(root)
    code, broken, output = broken_contracts(root)
    names = contract_names()
    assert code != 0, output
    assert {names[contract] for contract in expected} <= broken, output


# What app/ imports from graders/, module by module (issue 27 item 3: there is no narrow
# service-facing API yet). Adding a name here is a deliberate widening of the service's
# dependency on the library; the next step is to narrow it.
SERVICE_USES = {
    "graders.catalog": ["Catalog", "UnknownExercise"],
    "graders.exercise_cache": ["ExerciseCache"],
    "graders.digest": ["exercise_version"],
    "graders.engine": ["Grader"],
    "graders.engine.endings": ["Ending"],
    "graders.engine.grader": ["EndingListener", "TestListener"],
    "graders.engine.scratch": ["NoScratch", "run_scratch", "scratch_failure"],
    "graders.engine.verdicts": ["platform_failure", "platform_failure_for"],
    "graders.exercise": ["Exercise"],
    "graders.exercise_file": ["ExerciseError"],
    "graders.host.errors": ["SandboxUnavailable"],
    "graders.host.exchange": ["RunOutcome"],
    # The fleet's fair queue (app/fair_streams.py) decays usage as the pool's does.
    "graders.host.fair": ["HALF_LIFE_SECONDS", "TENANT"],
    "graders.host.load": ["available_cores"],
    "graders.host.pool": ["JOB_TIMES", "JobTimes", "SandboxPool"],
    "graders.host.process": ["ZygoteProcess"],
    "graders.markdown": ["render"],
    "graders.protocol.limits": ["CALL_CHARS", "Limits", "source_too_large"],
    "graders.protocol.utf8": ["has_lone_surrogates"],
    "graders.protocol.text": ["ERROR_CHARS", "cut"],
    "graders.report": ["Report", "TestResult", "Verdict"],
    "graders.scaffold": ["scaffold"],
    "graders.scratch": ["ScratchRun"],
    "graders.validate": ["Validation", "format_matrix"],
    "graders.validate_run": ["validate_folder"],
    "graders.validate_tools": ["fill_examples", "write_fails"],
}


def service_imports() -> dict[str, list[str]]:
    """Every `from graders... import name` (or `import graders...`) anywhere in app/."""
    uses: dict[str, set[str]] = {}
    for path in sorted((ROOT / "app").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and not node.level:
                if node.module.split(".")[0] == "graders":
                    uses.setdefault(node.module, set()).update(a.name for a in node.names)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.split(".")[0] == "graders":
                        uses.setdefault(alias.name, set()).add("(the module)")
    return {module: sorted(names) for module, names in sorted(uses.items())}


def test_the_service_uses_exactly_the_pinned_graders_names() -> None:
    used = {(module, name) for module, names in service_imports().items() for name in names}
    pinned = {(module, name) for module, names in SERVICE_USES.items() for name in names}
    assert (sorted(used - pinned), sorted(pinned - used)) == ([], []), (
        "app/ imports from graders/ changed (new, gone): update SERVICE_USES deliberately"
    )


@pytest.mark.parametrize("module", list(SERVICE_USES))
def test_each_pinned_name_exists(module: str) -> None:
    loaded = importlib.import_module(module)
    missing = [name for name in SERVICE_USES[module] if not hasattr(loaded, name)]
    assert missing == []
