"""Every refusal is one sentence: "<what> is not available in graded code: <why>".

The words "is not available in graded code" are one constant (`NOT_AVAILABLE`) that each
refusal puts after its subject, so a plural subject reads "... names starting with '_' are is
not available" (a refusal read so once). This reads every message the inside can build, the
f-strings around the constant and the subjects handed to `refuse` and `refusal`, and fails on
any whose subject already has its verb.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from graders.inside.transformer import NOT_AVAILABLE
from tests.conftest import ROOT

SOURCES = sorted((ROOT / "graders" / "inside").glob("*.py"))
_DOUBLED_VERB = re.compile(r"\b(are|were|is|was)\s+" + re.escape(NOT_AVAILABLE))
# The functions whose argument is the subject of NOT_AVAILABLE: `refuse(node, what, why)`,
# `refusal(qualified, why)`.
_SUBJECT_ARGUMENT = {"refuse": 1, "refusal": 0}


def _text(node: ast.expr) -> str:
    """A string expression as it reads, with `{}` for each value it formats."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return "".join(_text(part) for part in node.values)
    if isinstance(node, ast.FormattedValue):
        named = isinstance(node.value, ast.Name) and node.value.id == "NOT_AVAILABLE"
        return NOT_AVAILABLE if named else "{}"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _text(node.left) + _text(node.right)
    return "{}"


def messages(source: str) -> list[tuple[int, str]]:
    """Each refusal `source` can build, with its line."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr | ast.Constant) and NOT_AVAILABLE in _text(node):
            found.append((node.lineno, _text(node)))
        elif isinstance(node, ast.Call):
            function = node.func
            name = function.attr if isinstance(function, ast.Attribute) else None
            name = function.id if isinstance(function, ast.Name) else name
            index = _SUBJECT_ARGUMENT.get(name or "")
            if index is not None and len(node.args) > index:
                found.append((node.lineno, f"{_text(node.args[index])} {NOT_AVAILABLE}"))
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.name)
def test_no_refusal_gives_its_subject_a_second_verb(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    doubled = [(line, text) for line, text in messages(source) if _DOUBLED_VERB.search(text)]
    assert not doubled, doubled


SLIPS = {
    "f_string": "raise ValueError(f\"names starting with '_' are {NOT_AVAILABLE}\")\n",
    "subject_of_refuse": "self.refuse(node, 'Match statements are', 'why')\n",
    "subject_of_refusal": "refusal('these functions are', 'why')\n",
}


@pytest.mark.parametrize("slip", SLIPS, ids=str)
def test_the_reading_finds_the_slip_it_looks_for(slip: str) -> None:
    assert any(_DOUBLED_VERB.search(text) for _, text in messages(SLIPS[slip]))
