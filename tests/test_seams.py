"""Seams, not branches (issue 27, item 1): the service never asks which part it was given.

The grading backend, the rate limits, the admission bound and the event store are protocols
(`app.backend.Backend`, `app.ratelimit.Limiter`, `app.admission.Gate`, `app.events.Events`);
app/main.py, the composition root, picks the embedded or the distributed implementation once.
Anywhere else under app/, an `isinstance` or `type()` test on one of their classes would be
a mode branch creeping back. And no module under app/ or graders/ is over 400 lines.
"""

from __future__ import annotations

import ast

import pytest

from tests.conftest import ROOT

# The modules defining the seams' protocols and every implementation of them.
SEAM_MODULES = ("backend", "streams", "ratelimit", "shared_limits", "admission", "events")
COMPOSITION_ROOT = ROOT / "app" / "main.py"
MAX_LINES = 400


def seam_classes() -> set[str]:
    names = set()
    for module in SEAM_MODULES:
        tree = ast.parse((ROOT / "app" / f"{module}.py").read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and not _is_exception(node):
                names.add(node.name)
    return names


def _is_exception(node: ast.ClassDef) -> bool:
    return any(
        isinstance(base, ast.Name) and base.id.endswith(("Exception", "Error"))
        for base in node.bases
    )


def _names(node: ast.AST) -> set[str]:
    found = set()
    for each in ast.walk(node):
        if isinstance(each, ast.Name):
            found.add(each.id)
        elif isinstance(each, ast.Attribute):
            found.add(each.attr)
    return found


def branches_on(source: str, classes: set[str]) -> list[int]:
    """Lines of `source` that test an object against one of `classes`: `isinstance(x, C)`,
    `issubclass(t, C)`, or a comparison with `type(x)` that names C."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            tests_type = node.func.id in {"isinstance", "issubclass"} and len(node.args) == 2
            if tests_type and _names(node.args[1]) & classes:
                lines.append(node.lineno)
        elif isinstance(node, ast.Compare):
            calls_type = any(
                isinstance(each, ast.Call)
                and isinstance(each.func, ast.Name)
                and each.func.id == "type"
                for each in ast.walk(node)
            )
            if calls_type and _names(node) & classes:
                lines.append(node.lineno)
    return lines


def test_the_seam_classes_are_found() -> None:
    expected = {"LocalBackend", "StreamsBackend", "RateLimiter", "SharedRateLimiter"}
    assert (
        expected | {"Admission", "SharedAdmission", "MemoryEvents", "RedisEvents"} <= seam_classes()
    )


@pytest.mark.parametrize(
    "source",
    [
        "if isinstance(self.backend, LocalBackend):\n    pass\n",
        "ok = isinstance(limiter, (RateLimiter, str))\n",
        "if type(self.events) is MemoryEvents:\n    pass\n",
        "if isinstance(self.admission, shared_limits.SharedAdmission):\n    pass\n",
    ],
    ids=["isinstance", "in a tuple", "type() is", "through a module"],
)
def test_a_branch_on_a_seam_class_is_caught(source: str) -> None:
    assert branches_on(source, seam_classes()) == [1]


def test_a_test_of_something_else_is_not_a_branch_on_a_seam() -> None:
    source = "if isinstance(error, TimeoutError) or type(x) is int:\n    pass\n"
    assert branches_on(source, seam_classes()) == []


def test_no_module_under_app_branches_on_which_part_it_was_given() -> None:
    classes = seam_classes()
    found = {
        str(path.relative_to(ROOT)): lines
        for path in sorted((ROOT / "app").rglob("*.py"))
        if path != COMPOSITION_ROOT
        and (lines := branches_on(path.read_text(encoding="utf-8"), classes))
    }
    assert found == {}


def test_no_module_under_app_or_graders_is_over_400_lines() -> None:
    sizes = {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for package in ("app", "graders")
        for path in sorted((ROOT / package).rglob("*.py"))
    }
    assert {path: lines for path, lines in sizes.items() if lines > MAX_LINES} == {}
