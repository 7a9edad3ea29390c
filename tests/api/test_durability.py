"""Nothing is lost: restarts keep everything, kill -9 mid-grading is recovered, PostgreSQL too.

A real `gradebox serve`: only a process can be killed with SIGKILL and started again.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from app.live_server import LiveServer
from tests.api.conftest import FLAGSHIP_URL, SOLUTION
from tests.conftest import postgres_database

SUBMIT = f"{FLAGSHIP_URL}/submissions"
# About a second of module-level work under the policy, then the right (vectorised) answer.
SLOW_BUT_RIGHT = "total = sum(range(30_000_000))\n\n" + SOLUTION


@dataclass(frozen=True)
class Saved:
    """What one learner left on the server, which every restart must keep."""

    token: str
    submission_ids: list[str]
    hint_indexes: list[int]


def exercise_everything(live: LiveServer) -> Saved:
    """A learner (by token) submits twice and reveals two hints; return what must survive."""
    with live.client() as http:
        token = http.post("/api/learners").json()["token"]
    with live.client(headers={"authorization": f"Bearer {token}"}) as program:
        ids = [program.post(SUBMIT, json={"code": SOLUTION}).json()["id"] for _ in range(2)]
        hints = [program.post(f"{FLAGSHIP_URL}/hints/next").json()["index"] for _ in range(2)]
    return Saved(token, ids, hints)


def assert_survived(live: LiveServer, saved: Saved) -> None:
    with live.client(headers={"authorization": f"Bearer {saved.token}"}) as program:
        history = program.get(SUBMIT).json()
        assert {item["id"] for item in history["items"]} == set(saved.submission_ids)
        assert all(item["verdict"] == "passed" for item in history["items"])
        revealed = program.get(f"{FLAGSHIP_URL}/hints").json()["revealed"]
        assert [hint["index"] for hint in revealed] == saved.hint_indexes


def test_restarting_keeps_every_submission_hint_and_learner(tmp_path: Path) -> None:
    live = LiveServer(tmp_path, submissions_per_minute="0").start()
    try:
        saved = exercise_everything(live)
    finally:
        live.stop()
    live.start()
    try:
        assert_survived(live, saved)
    finally:
        live.stop()


def test_kill_9_during_grading_is_finished_on_the_next_start(tmp_path: Path) -> None:
    live = LiveServer(
        tmp_path, submissions_per_minute="0", cpu_seconds="3", wall_seconds="4"
    ).start()
    database = tmp_path / "gradebox.sqlite3"
    with live.client() as http:
        http.get("/api/exercises")
        cookies = dict(http.cookies)
        sender = threading.Thread(target=_post_ignoring_errors, args=(live, cookies))
        sender.start()
        assert _wait_for_pending(database), "the submission was never stored as pending"
        live.stop(kill=True)  # SIGKILL: no shutdown, no chance to finish
        sender.join(10)
    live.start()
    try:
        with live.client(cookies=cookies) as http:
            for _ in range(100):  # bounded: the recovery grades it in the background
                items = http.get(SUBMIT).json()["items"]
                if items and items[0]["verdict"] is not None:
                    break
                time.sleep(0.1)
    finally:
        live.stop()
    assert len(items) == 1
    assert items[0]["verdict"] == "passed"


def _post_ignoring_errors(live: LiveServer, cookies: dict[str, str]) -> None:
    try:
        with live.client(cookies=cookies) as http:
            http.post(SUBMIT, json={"code": SLOW_BUT_RIGHT})
    except httpx.TransportError:
        pass  # the server was killed under this request, as intended


def _wait_for_pending(database: Path) -> bool:
    for _ in range(200):
        if database.exists():
            with sqlite3.connect(database) as connection:
                try:
                    rows = connection.execute(
                        "select count(*) from submissions where status='pending'"
                    ).fetchone()
                except sqlite3.OperationalError:
                    rows = (0,)
            if rows[0]:
                return True
        time.sleep(0.02)
    return False


@pytest.fixture
def postgres_url() -> Iterator[str]:
    with postgres_database() as url:
        yield url


@pytest.mark.postgres
def test_postgresql_keeps_everything_across_a_restart(tmp_path: Path, postgres_url: str) -> None:
    live = LiveServer(tmp_path, submissions_per_minute="0", database_url=postgres_url).start()
    try:
        saved = exercise_everything(live)
    finally:
        live.stop()
    assert not (tmp_path / "gradebox.sqlite3").exists()
    live.start()
    try:
        assert_survived(live, saved)
    finally:
        live.stop()
