"""Submissions over HTTP: grading, ownership, history, bad input, limits."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path

import httpx
import pytest

from tests.api.app_server import AppServer
from tests.api.conftest import FLAGSHIP_URL, SOLUTION

SUBMIT = f"{FLAGSHIP_URL}/submissions"
PROBLEM = "application/problem+json"
HALVES = (
    Path(__file__).parents[2]
    / "exercises/sinusoidal-positional-encoding/mistakes/concatenated-halves.py"
).read_text()
SLOW = "def positional_encoding(max_len, d_model):\n    while True:\n        pass\n"


def test_correct_submission_is_graded_stored_and_located(client: httpx.Client) -> None:
    response = client.post(SUBMIT, json={"code": SOLUTION})
    assert response.status_code == 201
    body = response.json()
    assert body["verdict"] == "passed"
    assert (body["passed"], body["total"]) == (6, 6)
    assert response.headers["location"] == f"/api/submissions/{body['id']}"
    assert "grade;dur=" in response.headers["server-timing"]
    stored = client.get(response.headers["location"]).json()
    assert stored["tests"] == body["tests"]
    assert stored["code"] == SOLUTION
    assert stored["created_at"] == body["created_at"]


def test_wrong_submission_carries_the_diagnosis(client: httpx.Client) -> None:
    body = client.post(SUBMIT, json={"code": HALVES}).json()
    interleaving = next(test for test in body["tests"] if test["id"] == "interleaving")
    assert interleaving["status"] == "failed"
    assert interleaving["diagnosis"]["id"] == "concatenated-halves"
    assert interleaving["got"]["shape"] == [50, 16]


def test_a_submission_is_visible_to_its_owner_only(server: AppServer) -> None:
    with server.client() as owner, server.client() as stranger:
        location = owner.post(SUBMIT, json={"code": SOLUTION}).headers["location"]
        response = stranger.get(location)
    assert response.status_code == 404
    assert response.headers["content-type"] == PROBLEM


def test_history_is_newest_first_and_paginated(client: httpx.Client) -> None:
    ids = [
        client.post(SUBMIT, json={"code": code}).json()["id"] for code in (HALVES, SOLUTION, HALVES)
    ]
    page = client.get(SUBMIT, params={"limit": 2}).json()
    assert page["total"] == 3
    assert [item["id"] for item in page["items"]] == ids[::-1][:2]
    rest = client.get(SUBMIT, params={"limit": 2, "offset": 2}).json()
    assert [item["id"] for item in rest["items"]] == ids[:1]
    assert page["items"][1]["verdict"] == "passed"


def test_exercise_list_shows_progress(client: httpx.Client) -> None:
    client.post(SUBMIT, json={"code": HALVES})
    status = {item["slug"]: item["status"] for item in client.get("/api/exercises").json()}
    assert status["sinusoidal-positional-encoding"] == "failed"
    client.post(SUBMIT, json={"code": SOLUTION})
    status = {item["slug"]: item["status"] for item in client.get("/api/exercises").json()}
    assert status["sinusoidal-positional-encoding"] == "passed"


@pytest.mark.parametrize(
    ("body", "status", "detail"),
    [
        (json.dumps({"code": "x" * (64 * 1024 + 1)}).encode(), 413, "at most 65,536 bytes"),
        (b'{"code": "\xff\xfe def"}', 422, "UTF-8"),
        (json.dumps({"code": "def f():\x00 pass"}).encode(), 422, "NUL"),
        (b'{"code": "\\ud800"}', 422, "UTF-8"),
        (b'{"code": ', 422, "not valid JSON"),
        (b'{"code": 5}', 422, "code"),
        (b"{}", 422, "code"),
        (b"[]", 422, "body"),
        (b'"just a string"', 422, "body"),
        (b"x" * (2 << 20), 413, "over"),
    ],
    ids=[
        "code-over-64-KiB", "not-utf-8", "nul-byte", "lone-surrogate", "truncated-json",
        "code-not-a-string", "code-missing", "array-body", "string-body", "body-over-1-MiB",
    ],
)  # fmt: skip
def test_bad_input_gets_a_clear_problem(
    client: httpx.Client, body: bytes, status: int, detail: str
) -> None:
    response = client.post(SUBMIT, content=body, headers={"content-type": "application/json"})
    assert response.status_code == status
    assert response.headers["content-type"] == PROBLEM
    problem = response.json()
    assert problem["status"] == status
    assert detail in problem["detail"]


def test_unknown_exercise_submission_is_404(client: httpx.Client) -> None:
    response = client.post("/api/exercises/nope/submissions", json={"code": SOLUTION})
    assert response.status_code == 404
    assert response.headers["content-type"] == PROBLEM


def test_programs_use_a_bearer_token(client: httpx.Client, server: AppServer) -> None:
    created = client.post("/api/learners")
    assert created.status_code == 201
    token = created.json()["token"]
    with server.client(headers={"authorization": f"Bearer {token}"}) as program:
        submitted = program.post(SUBMIT, json={"code": SOLUTION})
        assert submitted.status_code == 201
        assert "set-cookie" not in submitted.headers
        assert program.get(SUBMIT).json()["total"] == 1
        assert program.get(submitted.headers["location"]).status_code == 200


@pytest.mark.parametrize(
    "token", ["forged", "eyJhIjoiYiJ9.tampered", "x y z"], ids=["forged", "tampered", "spaces"]
)
def test_a_forged_bearer_token_is_rejected(server: AppServer, token: str) -> None:
    with server.client(headers={"authorization": f"Bearer {token}"}) as program:
        response = program.get(SUBMIT)
    assert response.status_code == 401
    assert response.headers["content-type"] == PROBLEM


def test_a_tampered_cookie_is_not_trusted(server: AppServer) -> None:
    with server.client() as owner:
        location = owner.post(SUBMIT, json={"code": SOLUTION}).headers["location"]
        cookie = owner.cookies["gradebox_learner"]
    with server.client(cookies={"gradebox_learner": cookie[:-2] + "xx"}) as forger:
        assert forger.get(location).status_code == 404


def test_over_the_rate_limit_is_429_with_retry_after(tmp_path: Path) -> None:
    live = AppServer(tmp_path, submissions_per_minute="2").start()
    try:
        with live.client() as http:
            statuses = [http.post(SUBMIT, json={"code": SOLUTION}).status_code for _ in range(3)]
            limited = http.post(SUBMIT, json={"code": SOLUTION})
    finally:
        live.stop()
    assert statuses == [201, 201, 429]
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) >= 1
    assert limited.headers["content-type"] == PROBLEM


def test_a_full_queue_is_503_with_retry_after_and_loses_nothing(tmp_path: Path) -> None:
    live = AppServer(tmp_path, pool_size="1", queue_size="0", submissions_per_minute="0").start()
    results: list[httpx.Response] = []
    try:
        with live.client() as http:
            slow = threading.Thread(
                target=lambda: results.append(http.post(SUBMIT, json={"code": SLOW}))
            )
            slow.start()
            for _ in range(200):  # bounded wait until the slow one holds the only sandbox
                if http.get("/healthz").json()["sandbox"]["busy"] == 1:
                    break
                time.sleep(0.01)
            refused = http.post(SUBMIT, json={"code": SOLUTION})
            slow.join(30)
            history = http.get(SUBMIT).json()
    finally:
        live.stop()
    assert refused.status_code == 503
    assert int(refused.headers["retry-after"]) >= 1
    assert "queue is full" in refused.json()["detail"]
    assert results[0].status_code == 201
    assert results[0].json()["verdict"] == "timed_out"
    assert results[0].json()["id"] in [item["id"] for item in history["items"]]
