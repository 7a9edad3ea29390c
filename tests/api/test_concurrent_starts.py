"""Two servers starting at once on one PostgreSQL database: both migrate safely and serve."""

from __future__ import annotations

import secrets
import threading
from pathlib import Path

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
