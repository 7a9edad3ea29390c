"""The PostgreSQL pool keeps a connection per database thread: busy, it opens no new ones."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import psycopg
import pytest

from app.live_server import LiveServer
from tests.api.conftest import FLAGSHIP_URL, POSTGRES_ADMIN, UNLIMITED

pytestmark = pytest.mark.postgres
THREADS = 8


def _sessions_opened(name: str) -> int:
    """Sessions ever opened on database `name` (PostgreSQL's statistics, flushed within ~1 s)."""
    time.sleep(1.5)
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        row = admin.execute(
            "SELECT sessions FROM pg_stat_database WHERE datname = %s", (name,)
        ).fetchone()
    assert row is not None
    return int(row[0])


def test_busy_database_threads_open_no_new_connections(tmp_path: Path, database_name: str) -> None:
    url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{database_name}"
    settings = {**UNLIMITED, "database_threads": str(THREADS)}
    with LiveServer(tmp_path, database_url=url, **settings) as live:

        def browse(until: float) -> None:  # each request reads the learner's history
            with live.client() as http:
                while time.monotonic() < until:
                    assert http.get(f"{FLAGSHIP_URL}/submissions").status_code == 200

        browse(time.monotonic() + 1.0)  # the pool fills
        before = _sessions_opened(database_name)
        until = time.monotonic() + 3.0
        clients = [threading.Thread(target=browse, args=(until,)) for _ in range(2 * THREADS)]
        for client in clients:
            client.start()
        for client in clients:
            client.join(30)
        opened = _sessions_opened(database_name) - before
    assert opened <= THREADS + 1  # at most the pool filling up: never one per call
