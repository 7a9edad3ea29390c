"""The trust boundary is the folder layout: who may import whom, checked on every module.

graders/protocol  imported by both sides; imports nothing else of ours
graders/inside    runs next to learner code; imports only the protocol (and itself)
graders/host, graders/engine and app  never import the inside (it is started as a process)
exercises/*/checks.py  import only the graders library's public API (`from graders import ...`)

`make lint` also runs import-linter on the same rules, transitively (pyproject.toml).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXERCISES, ROOT

OURS = ("app", "graders")


def modules_under(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def imported_names(path: Path) -> list[str]:
    """Every module `path` imports at any depth of its code (TYPE_CHECKING blocks included)."""
    names = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return [name for name in names if name.split(".")[0] in OURS]


def _ids(paths: list[Path]) -> list[str]:
    return [str(path.relative_to(ROOT)) for path in paths]


INSIDE = modules_under("graders/inside")
PROTOCOL = modules_under("graders/protocol")
NEVER_INSIDE = [
    *modules_under("app"),
    *modules_under("graders/host"),
    *modules_under("graders/engine"),
    *(path for path in modules_under("graders") if path.parent == ROOT / "graders"),
]


@pytest.mark.parametrize("path", INSIDE, ids=_ids(INSIDE))
def test_the_inside_imports_only_the_protocol(path: Path) -> None:
    allowed = ("graders.protocol", "graders.inside")
    wrong = [name for name in imported_names(path) if not name.startswith(allowed)]
    assert wrong == [], f"{path.name} imports {wrong}"


@pytest.mark.parametrize("path", PROTOCOL, ids=_ids(PROTOCOL))
def test_the_protocol_imports_only_itself(path: Path) -> None:
    wrong = [name for name in imported_names(path) if not name.startswith("graders.protocol")]
    assert wrong == [], f"{path.name} imports {wrong}"


@pytest.mark.parametrize("path", NEVER_INSIDE, ids=_ids(NEVER_INSIDE))
def test_the_trusted_side_never_imports_the_inside(path: Path) -> None:
    wrong = [name for name in imported_names(path) if name.startswith("graders.inside")]
    assert wrong == [], f"{path.name} imports {wrong}"


CHECKS = sorted(EXERCISES.glob("*/checks.py"))


@pytest.mark.parametrize("path", CHECKS, ids=[path.parent.name for path in CHECKS])
def test_exercise_checks_use_only_the_public_api(path: Path) -> None:
    wrong = [name for name in imported_names(path) if name != "graders"]
    assert wrong == [], f"{path.parent.name}/checks.py imports {wrong}"


def test_importing_the_service_loads_neither_the_inside_nor_restricted_python() -> None:
    probe = (
        "import sys, app.main, app.cli; "
        "print(sorted(m for m in sys.modules if m.startswith(('graders.inside', 'RestrictedPython'))))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert result.stdout.strip() == "[]"


def test_the_inside_loads_none_of_the_trusted_library() -> None:
    probe = (
        "import sys, graders.inside.zygote; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('app', 'pydantic', 'fastapi')"
        " or m in ('graders.report', 'graders.checks', 'graders.engine', 'graders.host')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert result.stdout.strip() == "[]"
