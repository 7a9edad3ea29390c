"""No poison pills: a submission whose grading kills the service is tried a bounded number of
times, then set aside as internal_error; a restart is healthy within seconds whatever is pending.

A real `gradebox serve`: the pill kills the server's process, which is started again.
"""

from __future__ import annotations

import sqlite3
import threading
import time
import uuid
from datetime import UTC, datetime
from pathlib import Path

import httpx

from app.live_server import LiveServer
from tests.api.conftest import FLAGSHIP_URL, SOLUTION
from tests.conftest import FLAGSHIP

SUBMIT = f"{FLAGSHIP_URL}/submissions"
# A second or so of work before the right answer: long enough to kill the service mid-grading.
SLOW_BUT_RIGHT = "total = sum(range(30_000_000))\n\n" + SOLUTION
SLOW = {"cpu_seconds": "3", "wall_seconds": "4", "submissions_per_minute": "0"}


def _rows(database: Path, query: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(database, timeout=5) as connection:
        try:
            return connection.execute(query).fetchall()
        except sqlite3.OperationalError:  # not created yet
            return []


def _wait_for(database: Path, query: str, expected: object, seconds: float = 20) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        rows = _rows(database, query)
        if rows and rows[0][0] == expected:
            return True
        time.sleep(0.02)
    return False


def _post_ignoring_errors(live: LiveServer, cookies: dict[str, str]) -> None:
    try:
        with live.client(cookies=cookies) as http:
            http.post(SUBMIT, json={"code": SLOW_BUT_RIGHT})
    except httpx.TransportError:
        pass  # the server was killed under this request, as intended


def test_a_submission_that_kills_every_grading_is_set_aside_after_three(tmp_path: Path) -> None:
    live = LiveServer(tmp_path, max_attempts="3", **SLOW)
    database = tmp_path / "gradebox.sqlite3"
    running = "select count(*) from attempts where state = 'running'"
    live.start()
    with live.client() as http:
        http.get("/api/exercises")
        cookies = dict(http.cookies)
    sender = threading.Thread(target=_post_ignoring_errors, args=(live, cookies))
    sender.start()
    for attempt in (1, 2, 3):
        # Each start finds the earlier attempt dead and grades again; we kill it mid-grading.
        assert _wait_for(database, running, 1), f"attempt {attempt} never started"
        live.stop(kill=True)
        if attempt < 3:
            live.start()
    sender.join(10)
    started = time.monotonic()
    live.start()
    healthy_after = time.monotonic() - started
    try:
        with live.client(cookies=cookies) as http:
            for _ in range(100):
                items = http.get(SUBMIT).json()["items"]
                if items and items[0]["verdict"] is not None:
                    break
                time.sleep(0.1)
            report = http.get(f"/api/submissions/{items[0]['id']}").json()
            metrics = http.get("/metrics").text
    finally:
        live.stop()
    assert healthy_after < 15
    assert report["verdict"] == "internal_error"
    assert {(test["status"], test["message_id"]) for test in report["tests"]} == {
        ("skipped", "our-fault")
    }
    assert "3 times" in report["tests"][0]["message"]  # the attempts that never finished
    states = _rows(database, "select number, state from attempts order by number")
    assert states == [(1, "abandoned"), (2, "abandoned"), (3, "abandoned")]
    assert "gradebox_quarantined_submissions_total 1.0" in metrics
    assert "3 grading attempts" in live.log_path.read_text()


def test_a_restart_is_healthy_within_seconds_whatever_is_pending(tmp_path: Path) -> None:
    live = LiveServer(tmp_path, submissions_per_minute="0")
    with live, live.client() as http:  # creates the schema, and a learner to own the backlog
        token = http.post("/api/learners").json()["token"]
    database = tmp_path / "gradebox.sqlite3"
    (owner,) = _rows(database, "select id from learners")[0]
    backlog = 80  # more than the queue bound and the pool together: a start never waits on it
    with sqlite3.connect(database) as connection:
        connection.executemany(
            "insert into submissions (id, learner_id, exercise, code, status, passed, total,"
            " created_at) values (?, ?, ?, ?, 'pending', 0, 0, ?)",
            [
                (
                    str(uuid.uuid4()),
                    owner,
                    FLAGSHIP,
                    SOLUTION,
                    datetime.now(UTC).strftime("%Y-%m-%d %H:%M:%S.%f"),
                )
                for _ in range(backlog)
            ],
        )
    started = time.monotonic()
    live.start()  # returns once /healthz answers 200
    healthy_after = time.monotonic() - started
    try:
        pending = "select count(*) from submissions where status = 'pending'"
        drained = _wait_for(database, pending, 0, seconds=60)
        with live.client(headers={"authorization": f"Bearer {token}"}) as http:
            history = http.get(SUBMIT, params={"limit": 100}).json()
    finally:
        live.stop()
    assert healthy_after < 15
    assert drained, "the backlog was not finished"
    assert history["total"] == backlog
    assert {item["verdict"] for item in history["items"]} == {"passed"}
