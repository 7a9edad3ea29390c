"""The event loop never waits on the database: a stall or an outage is a 503 with Retry-After,
`/healthz` keeps answering (and says what is down), and nothing stays pending once it is back.

A real `gradebox serve`: its event loop is timed from outside it (no stall of this process's
threads in the measure), with tests/api/tcp_proxy.py between it and PostgreSQL.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from pathlib import Path

import httpx
import psycopg
import pytest

from app.live_server import LiveServer
from tests.api.conftest import FLAGSHIP_URL, SOLUTION
from tests.api.tcp_proxy import TcpProxy

SUBMIT = f"{FLAGSHIP_URL}/submissions"
POSTGRES = ("127.0.0.1", 5432)
POSTGRES_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
PROBLEM = "application/problem+json"
FAULTS = {"database_timeout_seconds": "1", "submissions_per_minute": "0", "sweep_seconds": "0.5"}
SLOW_BUT_RIGHT = "total = sum(range(30_000_000))\n\n" + SOLUTION


def _timed(
    call: httpx.Client, method: str, path: str, **kwargs: object
) -> tuple[httpx.Response, float]:
    started = time.monotonic()
    response = call.request(method, path, **kwargs)  # type: ignore[arg-type]
    return response, time.monotonic() - started


def _assert_unavailable(response: httpx.Response) -> None:
    assert response.status_code == 503, response.text
    assert response.headers["content-type"] == PROBLEM
    assert int(response.headers["retry-after"]) >= 1
    assert "database is not answering" in response.json()["detail"]


def _hold_lock(connect: str, statement: str, seconds: float, ready: threading.Event) -> None:
    with psycopg.connect(connect) as holder:
        holder.execute(statement)
        ready.set()
        time.sleep(seconds)


@pytest.mark.postgres
def test_a_postgresql_stall_is_503_and_never_freezes_healthz(
    tmp_path: Path, database_name: str
) -> None:
    url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{database_name}"
    with LiveServer(tmp_path, database_url=url, **FAULTS) as live, live.client() as http:
        assert http.post(SUBMIT, json={"code": SOLUTION}).status_code == 201
        ready = threading.Event()
        lock = "LOCK TABLE submissions IN ACCESS EXCLUSIVE MODE"
        holder = threading.Thread(
            target=_hold_lock,
            args=(f"postgresql://postgres@127.0.0.1:5432/{database_name}", lock, 4.0, ready),
        )
        holder.start()
        assert ready.wait(10)
        history, history_seconds = _timed(http, "GET", SUBMIT)
        submitted, _ = _timed(http, "POST", SUBMIT, json={"code": SOLUTION})
        health, health_seconds = _timed(http, "GET", "/healthz")
        holder.join(10)
        after = http.get(SUBMIT).json()
        time.sleep(1.1)  # past the health check's one-second memory of the failures
        healthy_again = http.get("/healthz")
    _assert_unavailable(history)
    _assert_unavailable(submitted)
    assert history_seconds < 3.5  # the statement gave up at its timeout, not the lock holder's
    # Answered at once, and degraded: the database has just failed two requests.
    assert health_seconds < 1.0
    assert health.json()["database"]["ok"] is False
    assert healthy_again.status_code == 200
    assert after["total"] == 1
    assert [item["verdict"] for item in after["items"]] == ["passed"]


def test_a_locked_sqlite_file_is_503_for_writes_while_reads_go_on(tmp_path: Path) -> None:
    with LiveServer(tmp_path, **FAULTS) as live, live.client() as http:
        assert http.post(SUBMIT, json={"code": SOLUTION}).status_code == 201
        with sqlite3.connect(tmp_path / "gradebox.sqlite3", isolation_level=None) as holder:
            holder.execute("BEGIN EXCLUSIVE")
            submitted, seconds = _timed(http, "POST", SUBMIT, json={"code": SOLUTION})
            history = http.get(SUBMIT)
            health, health_seconds = _timed(http, "GET", "/healthz")
            holder.execute("ROLLBACK")
        after = http.post(SUBMIT, json={"code": SOLUTION})
    _assert_unavailable(submitted)
    assert seconds < 3.5
    assert history.status_code == 200
    assert health_seconds < 1.0
    assert health.json()["database"]["ok"] is False  # it has just failed a write
    assert after.status_code == 201


@pytest.mark.postgres
def test_a_database_outage_is_503_in_healthz_and_the_api_until_it_is_back(
    tmp_path: Path, database_name: str
) -> None:
    with TcpProxy(POSTGRES) as proxy:
        url = f"postgresql+psycopg://postgres@127.0.0.1:{proxy.port}/{database_name}"
        with LiveServer(tmp_path, database_url=url, **FAULTS) as live, live.client() as http:
            assert http.post(SUBMIT, json={"code": SOLUTION}).status_code == 201
            proxy.cut()
            time.sleep(1.1)  # past the health check's one-second memory
            health, health_seconds = _timed(http, "GET", "/healthz")
            submitted = http.post(SUBMIT, json={"code": SOLUTION})
            listed = http.get("/api/exercises")
            proxy.restore()
            recovered = None
            for _ in range(50):
                recovered = http.get("/healthz")
                if recovered.status_code == 200:
                    break
                time.sleep(0.2)
            after = http.post(SUBMIT, json={"code": SOLUTION})
    assert health.status_code == 503
    assert health_seconds < 3.5
    assert health.json()["status"] == "degraded"
    assert health.json()["database"]["ok"] is False
    _assert_unavailable(submitted)
    _assert_unavailable(listed)
    assert recovered is not None
    assert recovered.status_code == 200
    assert after.status_code == 201


@pytest.mark.postgres
def test_a_report_finished_during_an_outage_is_stored_once_the_database_is_back(
    tmp_path: Path, database_name: str
) -> None:
    settings = {**FAULTS, "cpu_seconds": "3", "wall_seconds": "4"}
    with TcpProxy(POSTGRES) as proxy:
        url = f"postgresql+psycopg://postgres@127.0.0.1:{proxy.port}/{database_name}"
        with LiveServer(tmp_path, database_url=url, **settings) as live, live.client() as http:
            http.get("/api/exercises")
            results: list[httpx.Response] = []
            sender = threading.Thread(
                target=lambda: results.append(http.post(SUBMIT, json={"code": SLOW_BUT_RIGHT}))
            )
            sender.start()
            for _ in range(200):  # until it is grading
                if http.get("/healthz").json()["sandbox"]["busy"]:
                    break
                time.sleep(0.01)
            proxy.cut()
            sender.join(30)
            proxy.restore()
            stored = None
            for _ in range(50):  # the sweeper writes it within a sweep or two
                response = http.get(f"/api/submissions/{results[0].json()['id']}")
                if response.status_code == 200 and response.json()["status"] == "graded":
                    stored = response.json()
                    break
                time.sleep(0.2)
    assert results[0].status_code == 201
    assert results[0].json()["verdict"] == "passed"
    assert stored is not None, "the report was never stored"
    assert stored["verdict"] == "passed"


@pytest.mark.postgres
def test_healthz_answers_within_a_second_when_the_database_goes_silent(
    tmp_path: Path, database_name: str
) -> None:
    with TcpProxy(POSTGRES) as proxy:
        url = f"postgresql+psycopg://postgres@127.0.0.1:{proxy.port}/{database_name}"
        with LiveServer(tmp_path, database_url=url, **FAULTS) as live, live.client() as http:
            proxy.stall()  # connections dropped; new ones accepted, never answered
            # Past the next reading (every second) and the second it may wait for an answer.
            time.sleep(2.5)
            answers = [_timed(http, "GET", "/healthz") for _ in range(3)]
            proxy.restore()
            back = None
            for _ in range(50):
                back = http.get("/healthz")
                if back.status_code == 200:
                    break
                time.sleep(0.2)
    for health, seconds in answers:
        assert seconds < 1.0
        assert health.status_code == 503
        assert health.json()["database"]["ok"] is False
    assert back is not None
    assert back.status_code == 200
