"""Results as they happen, through the whole app in process: SSE events, async submit, resume."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from httpx_sse import connect_sse

from tests.api.app_server import AppServer

FLAGSHIP = "sinusoidal-positional-encoding"
SUBMIT = f"/api/exercises/{FLAGSHIP}/submissions"
ROOT = Path(__file__).resolve().parents[2]
SOLUTION = (ROOT / "exercises" / FLAGSHIP / "solution.py").read_text()
# Right, but slow on the one call only the later tests make (d_model 128): the tests decided
# before it are known about a second before the report.
LATER_TESTS_SLOW = SOLUTION.replace(
    "def positional_encoding(max_len, d_model):",
    "def positional_encoding(max_len, d_model):\n"
    "    if d_model == 128:\n"
    "        total = 0\n"
    "        while total < 15_000_000:\n"
    "            total += 1",
    1,
)
ASYNC = {"Prefer": "respond-async"}


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    with AppServer(
        tmp_path_factory.mktemp("events"),
        submissions_per_minute="0",
        address_submissions_per_minute="0",
        cpu_seconds="6",
        wall_seconds="12",
    ) as server:
        yield server


def read_events(
    http: httpx.Client, submission: str, last_event_id: str | None = None, stop_after: int = 0
) -> list[dict[str, Any]]:
    """The events of a submission as a client receives them, each with its arrival time; stop
    (drop the connection) after `stop_after` events when it is set."""
    headers = {"Last-Event-ID": last_event_id} if last_event_id else {}
    found: list[dict[str, Any]] = []
    url = f"/api/submissions/{submission}/events"
    with connect_sse(http, "GET", url, headers=headers, timeout=60) as source:
        assert source.response.status_code == 200
        for sse in source.iter_sse():
            found.append({"event": sse.event, "id": sse.id, "data": json.loads(sse.data),
                          "at": time.monotonic()})  # fmt: skip
            if stop_after and len(found) == stop_after:
                break
    return found


def test_async_submit_answers_202_with_where_to_look(live: AppServer) -> None:
    with live.client() as http:
        response = http.post(SUBMIT, json={"code": LATER_TESTS_SLOW}, headers=ASYNC)
        body = response.json()
        assert response.status_code == 202
        assert response.headers["location"] == f"/api/submissions/{body['id']}"
        assert f"</api/submissions/{body['id']}/events>" in response.headers["link"]
        assert response.headers["preference-applied"] == "respond-async"
        assert body["status"] == "pending"
        events = read_events(http, body["id"])
    assert events[-1]["event"] == "report"


def test_tests_decided_early_arrive_before_the_final_report(live: AppServer) -> None:
    with live.client() as http:
        made = http.post(SUBMIT, json={"code": LATER_TESTS_SLOW}, headers=ASYNC).json()
        events = read_events(http, made["id"])
        stored = http.get(f"/api/submissions/{made['id']}").json()
    kinds = [event["event"] for event in events]
    assert kinds[0] == "run"
    assert kinds[-1] == "report"
    tests = [event for event in events if event["event"] == "test"]
    report = events[-1]
    early = {event["data"]["test"]["id"] for event in tests if report["at"] - event["at"] > 0.3}
    assert {"shape", "row-0", "example-3x4", "bounds"} <= early  # not held back for the slow call
    assert "interleaving" not in early  # the one the slow call decides
    assert report["data"]["report"]["tests"] == stored["tests"]
    assert {(e["data"]["attempt"], e["data"]["delivery"], e["data"]["run"]) for e in events} == {
        (1, 1, 1)
    }


def test_a_resumed_stream_gets_exactly_the_missing_events(live: AppServer) -> None:
    with live.client() as http:
        made = http.post(SUBMIT, json={"code": LATER_TESTS_SLOW}, headers=ASYNC).json()
        first = read_events(http, made["id"], stop_after=2)  # then the connection drops
        rest = read_events(http, made["id"], last_event_id=first[-1]["id"])
        whole = read_events(http, made["id"])
    assert [e["id"] for e in first + rest] == [e["id"] for e in whole]
    assert [e["event"] for e in first + rest] == [e["event"] for e in whole]


def test_an_old_submission_is_replayed_from_its_stored_report(live: AppServer) -> None:
    with live.client() as http:
        made = http.post(SUBMIT, json={"code": SOLUTION}).json()  # graded synchronously
        assert made["verdict"] == "passed"
        events = read_events(http, made["id"])
    assert events[-1]["data"]["report"]["verdict"] == "passed"
    assert len([e for e in events if e["event"] == "test"]) == 6


def test_another_learner_gets_404_on_the_events(live: AppServer) -> None:
    with live.client() as owner, live.client() as stranger:
        made = owner.post(SUBMIT, json={"code": SOLUTION}).json()
        response = stranger.get(f"/api/submissions/{made['id']}/events")
    assert response.status_code == 404
    assert response.headers["content-type"].startswith("application/problem+json")


@pytest.mark.parametrize("prefer", [{}, ASYNC])
def test_a_retried_post_with_the_same_idempotency_key_makes_one_submission(
    live: AppServer, prefer: dict[str, str]
) -> None:
    key = {"Idempotency-Key": f"retry-{time.monotonic_ns()}", **prefer}
    with live.client() as http:
        first = http.post(SUBMIT, json={"code": SOLUTION}, headers=key)
        again = http.post(SUBMIT, json={"code": SOLUTION}, headers=key)
        history = http.get(f"{SUBMIT}?limit=100").json()
    assert first.json()["id"] == again.json()["id"]
    assert again.headers.get("idempotent-replayed") == "true"
    assert [item["id"] for item in history["items"]].count(first.json()["id"]) == 1
    assert history["total"] == 1


def test_an_idempotency_key_reused_for_other_code_is_refused(live: AppServer) -> None:
    key = {"Idempotency-Key": f"reused-{time.monotonic_ns()}"}
    with live.client() as http:
        assert http.post(SUBMIT, json={"code": SOLUTION}, headers=key).status_code == 201
        other = http.post(SUBMIT, json={"code": SOLUTION + "\n# changed\n"}, headers=key)
    assert other.status_code == 422
    assert "Idempotency-Key" in other.json()["detail"]


def test_idempotency_keys_are_scoped_to_the_learner(live: AppServer) -> None:
    key = {"Idempotency-Key": f"shared-{time.monotonic_ns()}"}
    with live.client() as one, live.client() as two:
        first = one.post(SUBMIT, json={"code": SOLUTION}, headers=key).json()
        second = two.post(SUBMIT, json={"code": SOLUTION}, headers=key).json()
    assert first["id"] != second["id"]


def test_concurrent_retries_with_one_idempotency_key_make_one_submission(
    live: AppServer,
) -> None:
    with live.client() as http:
        token = http.post("/api/learners").json()["token"]
    key = {"Idempotency-Key": f"race-{time.monotonic_ns()}", "authorization": f"Bearer {token}"}
    ids: list[str] = []

    def send() -> None:
        with live.client(headers=key) as http:
            ids.append(http.post(SUBMIT, json={"code": SOLUTION}).json()["id"])

    threads = [threading.Thread(target=send) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    with live.client(headers=key) as http:
        history = http.get(SUBMIT).json()
    assert len(ids) == 6
    assert len(set(ids)) == 1
    assert history["total"] == 1
