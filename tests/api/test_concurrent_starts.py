"""Two servers starting at once on one PostgreSQL database: both migrate safely and serve.

Real `gradebox serve` processes: two start-ups racing, each its own process and connections.
"""

from __future__ import annotations

import secrets
import threading
import time
from pathlib import Path
from typing import Any

import psycopg
import pytest

from app.live_server import LiveServer

POSTGRES_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"


@pytest.mark.postgres
@pytest.mark.parametrize("trial", range(3))
def test_two_servers_starting_at_once_on_a_new_database_both_serve(
    tmp_path: Path, trial: int
) -> None:
    name = f"gradebox_starts_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    # One secret for both, as replicas share one (a token from one is good at the other).
    folders = [tmp_path / f"replica-{index}" for index in range(2)]
    for folder in folders:
        folder.mkdir()
    servers = [LiveServer(folder, database_url=url, secret_key="s" * 48) for folder in folders]
    errors: list[BaseException] = []

    def start(server: LiveServer) -> None:
        try:
            server.start()
        except BaseException as error:  # reported below, after both are stopped
            errors.append(error)

    threads = [threading.Thread(target=start, args=(server,)) for server in servers]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(90)
        assert errors == []
        with servers[0].client() as first:
            token = first.post("/api/learners").json()["token"]
        with servers[1].client(headers={"authorization": f"Bearer {token}"}) as second:
            assert second.get("/api/exercises").status_code == 200
    finally:
        for server in servers:
            server.stop()
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


SLOW_BUT_RIGHT = (
    "total = sum(range(300_000_000))\n\n"  # seconds of CPU: past a replica's start
    + (
        Path(__file__).resolve().parents[2]
        / "exercises"
        / "sinusoidal-positional-encoding"
        / "solution.py"
    ).read_text()
)


@pytest.mark.postgres
def test_a_replica_that_starts_leaves_the_others_grading_alone(tmp_path: Path) -> None:
    name = f"gradebox_replicas_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    settings = {
        "database_url": url,
        "secret_key": "s" * 48,
        "cpu_seconds": "8",
        "wall_seconds": "16",
    }
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = LiveServer(tmp_path / "a", **settings), LiveServer(tmp_path / "b", **settings)
    results: list[Any] = []
    try:
        first.start()
        with first.client() as http:
            sender = threading.Thread(
                target=lambda: results.append(
                    http.post(
                        "/api/exercises/sinusoidal-positional-encoding/submissions",
                        json={"code": SLOW_BUT_RIGHT},
                    )
                )
            )
            sender.start()
            with psycopg.connect(url.replace("+psycopg", "")) as watch:
                for _ in range(200):  # until the first replica's attempt is running
                    running = watch.execute(
                        "select count(*) from attempts where state = 'running'"
                    ).fetchone()
                    if running and running[0]:
                        break
                    time.sleep(0.02)
                second.start()  # its start-up sweep sees a pending submission, in flight
                overlapped = sender.is_alive()  # else the second start proved nothing
                sender.join(30)
                attempts = watch.execute("select count(*) from attempts").fetchone()
    finally:
        first.stop()
        second.stop()
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
    assert results[0].status_code == 201
    assert results[0].json()["verdict"] == "passed"
    assert overlapped
    assert attempts == (1,)  # graded once, by the replica that took it
