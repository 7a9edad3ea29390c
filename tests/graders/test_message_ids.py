"""Every result names what it says by a stable id, from one catalogue (graders.message_ids)."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from graders.catalog import Catalog
from graders.engine.endings import Ending
from graders.message_ids import LIBRARY_MESSAGES, RESERVED, RUN_ENDINGS, STORED_WITHOUT_ID
from graders.report import TestResult
from graders.wording import Wording
from graders.wording_check import wording_problems
from tests.conftest import ROOT

LIBRARY = ROOT / "graders"


def _failures(path: Path) -> list[ast.Call]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Failure"
    ]


def _named_id(call: ast.Call) -> ast.expr | None:
    return next((kw.value for kw in call.keywords if kw.arg == "message_id"), None)


LIBRARY_FAILURES = [
    pytest.param(call, id=f"{path.relative_to(ROOT)}:{call.lineno}")
    for path in sorted(LIBRARY.rglob("*.py"))
    for call in _failures(path)
]


def test_the_library_words_failures_in_many_places() -> None:
    assert len(LIBRARY_FAILURES) > 30  # the scan reads the library, not nothing


@pytest.mark.parametrize("call", LIBRARY_FAILURES)
def test_every_failure_the_library_makes_names_a_catalogued_id(call: ast.Call) -> None:
    named = _named_id(call)
    assert named is not None, "a Failure(...) without message_id="
    if isinstance(named, ast.Constant):
        assert named.value in LIBRARY_MESSAGES
    else:  # passed on from another failure or a constant of the catalogue
        assert isinstance(named, ast.Attribute | ast.Name | ast.BoolOp)


def _used_ids() -> set[str]:
    """Every string constant of the library outside graders/message_ids.py, and the names
    the engine imports from it."""
    used: set[str] = set()
    for path in LIBRARY.rglob("*.py"):
        if path.name == "message_ids.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                used.add(node.value)
            if isinstance(node, ast.ImportFrom) and node.module == "graders.message_ids":
                import graders.message_ids as catalogue

                used |= {getattr(catalogue, alias.name) for alias in node.names}
    return used


def test_every_catalogued_id_is_given_somewhere() -> None:
    unused = set(LIBRARY_MESSAGES) - _used_ids() - {STORED_WITHOUT_ID}
    assert not unused


def test_stored_without_id_is_what_report_reading_fills_in() -> None:
    stored = {"id": "shape", "title": "t", "status": "failed", "message": "m"}
    assert TestResult.model_validate(stored).message_id == STORED_WITHOUT_ID
    assert TestResult.model_validate({**stored, "status": "passed"}).message_id == "passed"
    fresh = {**stored, "message_id": "value-differs"}
    assert TestResult.model_validate(fresh).message_id == "value-differs"


def test_the_run_endings_are_the_catalogues_and_no_library_id_is_one() -> None:
    assert {ending.value for ending in Ending} == RUN_ENDINGS
    assert not set(LIBRARY_MESSAGES) & RUN_ENDINGS


def test_no_exercise_message_takes_a_reserved_id(catalog: Catalog) -> None:
    for exercise in catalog:
        assert not set(exercise.wording.messages) & RESERVED, exercise.slug


def test_validate_refuses_an_exercise_message_with_a_library_id(catalog: Catalog) -> None:
    exercise = catalog.get("stable-softmax")
    taken = next(iter(exercise.wording.messages))
    messages = dict(exercise.wording.messages)
    messages["shape-differs"] = messages[taken]
    wording = Wording(messages=messages, findings=exercise.wording.findings)
    problems = wording_problems(dataclasses.replace(exercise, wording=wording))
    assert any("shape-differs" in problem and "library" in problem for problem in problems)
