"""Every problem the API answers names what it is by a stable `code` (app.problems.CODES).

Read from app/'s source, like tests/graders/test_message_ids.py reads the library's failures:
every Problem made, every problem response the edge writes itself, names a catalogued code,
and every catalogued code is made somewhere and documented.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import httpx
import pytest

from app import problems
from app.problems import CODES, Problem, phrase_code, problem_response
from tests.conftest import ROOT

APP = ROOT / "app"
PROBLEMS = {cls.__name__ for cls in Problem.__subclasses__()} | {"Problem"}
# The edge's own answers: (function, the position of its code argument).
EDGE_ANSWERS = {"problem_response": None, "answer": 2, "_end": 2, "Refused": 2}


def _calls(path: Path) -> list[ast.Call]:
    return [
        node
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
    ]


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def _code_of(call: ast.Call) -> ast.expr | None:
    named = next((kw.value for kw in call.keywords if kw.arg == "code"), None)
    position = EDGE_ANSWERS.get(_name(call))
    if named is None and position is not None and len(call.args) > position:
        return call.args[position]
    return named


MADE = [
    pytest.param(call, id=f"{path.relative_to(ROOT)}:{call.lineno}")
    for path in sorted(APP.rglob("*.py"))
    for call in _calls(path)
    if _name(call) in PROBLEMS or _name(call) in EDGE_ANSWERS
    # `_end(None)` closes a connection without an answer
    if not (call.args and isinstance(call.args[0], ast.Constant) and call.args[0].value is None)
]


def test_the_app_makes_problems_in_many_places() -> None:
    assert len(MADE) > 35  # the scan reads app/, not nothing


@pytest.mark.parametrize("call", MADE)
def test_every_problem_the_app_makes_names_a_catalogued_code(call: ast.Call) -> None:
    code = _code_of(call)
    assert code is not None, f"{_name(call)}(...) without a code"
    if isinstance(code, ast.Constant):
        assert code.value in CODES
    else:  # passed on: a Refused's code, the rate window's, the error's own
        assert isinstance(code, ast.Attribute | ast.Name)


def _constants() -> set[str]:
    """Every string constant of app/ outside the catalogue itself."""
    found: set[str] = set()
    for path in APP.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        catalogue = [
            node
            for node in ast.walk(tree)
            if isinstance(node, ast.AnnAssign) and ast.unparse(node.target) == "CODES"
        ]
        inside = {id(node) for assign in catalogue for node in ast.walk(assign)}
        found |= {
            node.value
            for node in ast.walk(tree)
            if isinstance(node, ast.Constant) and isinstance(node.value, str)
            if id(node) not in inside
        }
    return found


def test_every_catalogued_code_is_made_somewhere() -> None:
    assert not set(CODES) - _constants()


def test_every_code_is_documented_with_its_status() -> None:
    documented = (ROOT / "docs" / "api-errors.md").read_text(encoding="utf-8")
    for code, meaning in CODES.items():
        status = meaning.split(":")[0]
        assert re.search(rf"\| {status} \| `{re.escape(code)}` \|", documented), code


def test_a_problem_without_a_catalogued_code_is_refused() -> None:
    with pytest.raises(ValueError, match="not-a-code"):
        problems.NotFound("gone", code="not-a-code")


def test_the_code_is_a_member_beside_the_rfc_9457_ones() -> None:
    response = problem_response(404, "gone", code="unknown-exercise", setting="x")
    body = json.loads(bytes(response.body))
    assert body == {
        "type": "https://gradebox.dev/problems/not-found",
        "title": "Not Found",
        "status": 404,
        "detail": "gone",
        "code": "unknown-exercise",
        "setting": "x",
    }
    assert phrase_code(405) == "method-not-allowed"


@pytest.mark.parametrize(
    ("method", "path", "allowed"),
    [
        ("DELETE", "/api/exercises", "GET"),
        ("PUT", "/api/exercises/sinusoidal-positional-encoding/submissions", "GET, POST"),
        ("GET", "/api/learners", "POST"),
        ("POST", "/healthz", "GET"),
        ("POST", "/static/missing.js", "GET, HEAD"),
    ],
    ids=["one route", "a route per method", "post only", "health", "static files"],
)
def test_a_method_not_allowed_names_the_methods_the_path_takes(
    client: httpx.Client, method: str, path: str, allowed: str
) -> None:
    response = client.request(method, path)
    assert response.status_code == 405
    assert response.headers["allow"] == allowed
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == "method-not-allowed"
