"""POST /api/exercises/{slug}/scratch over HTTP: a call of the learner's own, never stored."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import httpx
import numpy as np
import pytest

from tests.api.app_server import AppServer
from tests.api.conftest import FLAGSHIP_URL, SOLUTION
from tests.conftest import EXERCISES, FLAGSHIP

SCRATCH = f"{FLAGSHIP_URL}/scratch"
PROBLEM = "application/problem+json"


def table(max_len: int, d_model: int) -> np.ndarray[Any, Any]:
    """The lesson's table, computed here with plain NumPy."""
    angle = np.arange(max_len)[:, None] / 10000 ** (np.arange(0, d_model, 2) / d_model)
    pe = np.empty((max_len, d_model))
    pe[:, 0::2], pe[:, 1::2] = np.sin(angle), np.cos(angle)
    return pe


def test_a_call_returns_the_learner_answer_beside_the_reference(client: httpx.Client) -> None:
    response = client.post(SCRATCH, json={"code": SOLUTION, "call": "positional_encoding(4, 6)"})
    assert response.status_code == 200
    run = response.json()
    assert run["status"] == "returned"
    assert run["message"].startswith("positional_encoding(4, 6)")
    assert "(4, 6)" in run["message"]  # the shape it returned
    assert run["refusal"] is None
    assert [(a["name"], a["value"]["text"]) for a in run["arguments"]] == [
        ("max_len", "4"),
        ("d_model", "6"),
    ]
    np.testing.assert_allclose(run["result"]["preview"]["values"], table(4, 6), atol=1e-6)
    np.testing.assert_allclose(run["reference"]["preview"]["values"], table(4, 6), atol=1e-6)
    assert run["comparison"]["matches"] is True
    assert run["duration_ms"] >= 0


def test_a_scratch_run_is_not_a_submission(client: httpx.Client) -> None:
    client.post(SCRATCH, json={"code": SOLUTION, "call": "positional_encoding(2, 2)"})
    assert client.get(f"{FLAGSHIP_URL}/submissions").json()["total"] == 0
    assert client.get(FLAGSHIP_URL).json()["status"] == "not_tried"


def test_a_call_the_exercise_cannot_take_is_answered_with_the_reason(
    client: httpx.Client,
) -> None:
    response = client.post(SCRATCH, json={"code": SOLUTION, "call": "positional_encoding(9999, 4)"})
    assert response.status_code == 200  # the run is the answer: the call was refused
    run = response.json()
    assert (run["status"], run["refusal"]) == ("refused", "out-of-range")
    assert "max_len" in run["message"]
    assert "9999" in run["message"]


# Calls the argument help allows on which the reference itself raises (issue 32).
REFERENCE_RAISES = [
    pytest.param("sinusoidal-positional-encoding", "positional_encoding(4, 5)", id="odd-d_model"),
    pytest.param(
        "multi-head-attention",
        "multi_head_attention(np.eye(4), np.eye(4), np.eye(4), np.eye(4), np.eye(4), 3)",
        id="heads-not-dividing-d_model",
    ),
]
# How `graders.trusted.raised_value` keys a raise for matching: never for the learner's eyes.
MATCHING_KEY = re.compile(r"raised \w+:|#|object of type")


def _constant(function: str, value: str) -> str:
    """A learner's function that returns a constant, whatever it is called on."""
    name = function.partition("(")[0]
    return f"import numpy as np\n\ndef {name}(*args):\n    return {value}\n"


@pytest.mark.parametrize(("slug", "call"), REFERENCE_RAISES)
def test_a_call_the_reference_raises_on_says_what_it_raised(
    client: httpx.Client, slug: str, call: str
) -> None:
    solution = (EXERCISES / slug / "solution.py").read_text(encoding="utf-8")
    run = client.post(f"/api/exercises/{slug}/scratch", json={"code": solution, "call": call})
    said = run.json()
    assert said["status"] == "raised"  # the reference solution, as the learner's code
    assert said["reference"] is None  # no answer to show: it raised
    assert said["reference_missing"] == "reference-raised"
    raised = said["reference_error"]
    assert raised["type"] == "ValueError"
    assert re.search(r"\d", raised["message"])  # verbatim: its numbers kept
    assert raised["line"] is None  # the reference's file is not shown
    assert "ValueError on this call" in said["reference_note"]
    assert said["reference_note"].endswith(raised["message"])
    assert not MATCHING_KEY.search(json.dumps(said))


@pytest.mark.parametrize(("slug", "call"), REFERENCE_RAISES)
def test_an_answer_where_the_reference_raises_is_compared_in_words(
    client: httpx.Client, slug: str, call: str
) -> None:
    code = _constant(call, "np.zeros((4, 4))")
    said = client.post(f"/api/exercises/{slug}/scratch", json={"code": code, "call": call}).json()
    assert said["status"] == "returned"
    assert said["reference_missing"] == "reference-raised"
    assert said["comparison"]["matches"] is False
    assert "ValueError" in said["comparison"]["message"]
    assert not MATCHING_KEY.search(json.dumps(said))


@pytest.mark.parametrize(
    ("body", "status", "code", "detail"),
    [
        ({"code": SOLUTION}, 422, "invalid-request", "call"),
        ({"call": "positional_encoding(2, 2)"}, 422, "invalid-request", "code"),
        ({"code": SOLUTION, "call": "x" * 2001}, 422, "invalid-request", "call"),
        ({"code": "\ud800", "call": "positional_encoding(2, 2)"}, 422, "not-utf-8", "UTF-8"),
        ({"code": "x = 1\x00", "call": "positional_encoding(2, 2)"}, 422, "nul-byte", "NUL"),
        (
            {"code": "#" * 70_000, "call": "positional_encoding(2, 2)"},
            413,
            "code-too-large",
            "bytes",
        ),
    ],
)
def test_a_request_that_is_not_a_scratch_run_gets_a_problem(
    client: httpx.Client, body: dict[str, str], status: int, code: str, detail: str
) -> None:
    sent = json.dumps(body).encode()  # ASCII, so a lone surrogate travels as JSON writes it
    response = client.post(SCRATCH, content=sent, headers={"content-type": "application/json"})
    assert response.status_code == status
    assert response.headers["content-type"] == PROBLEM
    assert response.json()["code"] == code
    assert detail in response.json()["detail"]


def test_invalid_json_and_an_unknown_exercise_get_problems(client: httpx.Client) -> None:
    broken = client.post(
        SCRATCH, content=b"{not json", headers={"content-type": "application/json"}
    )
    assert (broken.status_code, broken.json()["code"]) == (422, "invalid-json")
    unknown = client.post("/api/exercises/no-such-thing/scratch", json={"code": "", "call": "f(1)"})
    assert (unknown.status_code, unknown.json()["code"]) == (404, "unknown-exercise")
    assert unknown.headers["content-type"] == PROBLEM


def test_the_exercise_tells_the_page_what_a_call_may_pass(client: httpx.Client) -> None:
    scratch = client.get(FLAGSHIP_URL).json()["scratch"]
    assert scratch == {
        "example": "positional_encoding(4, 6)",
        "reference": True,
        "arguments": [
            {"name": "max_len", "description": "an int from 1 to 2048", "optional": False},
            {"name": "d_model", "description": "an int from 1 to 512", "optional": False},
        ],
        "call_chars": 2000,
    }


def test_the_endpoint_is_documented_in_openapi(client: httpx.Client) -> None:
    document = client.get("/openapi.json").json()
    operation = document["paths"]["/api/exercises/{slug}/scratch"]["post"]
    assert set(operation["responses"]) >= {"200", "404", "409", "413", "422", "429", "503"}
    ok = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok == {"$ref": "#/components/schemas/ScratchRun"}
    assert "ScratchValue" in document["components"]["schemas"]


def test_an_exercise_without_scratch_is_409(tmp_path: Path) -> None:
    folder = tmp_path / "exercises" / FLAGSHIP
    shutil.copytree(EXERCISES / FLAGSHIP, folder)
    toml = folder / "exercise.toml"
    text = toml.read_text()
    toml.write_text(re.sub(r"\[scratch\]\n(?:.*\n)*?\]\n", "", text, count=1))
    (tmp_path / "data").mkdir()
    served = AppServer(tmp_path / "data", exercises_dir=str(tmp_path / "exercises"))
    with served as live, live.client() as http:
        assert http.get(FLAGSHIP_URL).json()["scratch"] is None
        response = http.post(SCRATCH, json={"code": SOLUTION, "call": "positional_encoding(2, 2)"})
    assert (response.status_code, response.json()["code"]) == (409, "no-scratch")
    assert FLAGSHIP in response.json()["detail"]


def test_scratch_runs_have_a_rate_window_of_their_own(tmp_path: Path) -> None:
    call = {"code": SOLUTION, "call": "positional_encoding(2, 2)"}
    with AppServer(tmp_path, submissions_per_minute="2") as live, live.client() as http:
        statuses = [http.post(SCRATCH, json=call).status_code for _ in range(2)]
        limited = http.post(SCRATCH, json=call)
        submitted = http.post(f"{FLAGSHIP_URL}/submissions", json={"code": SOLUTION})
    assert statuses == [200, 200]
    assert (limited.status_code, limited.json()["code"]) == (429, "rate-limited")
    assert int(limited.headers["retry-after"]) >= 1
    assert "scratch runs" in limited.json()["detail"]
    assert submitted.status_code == 201  # trying calls used up none of the submissions
