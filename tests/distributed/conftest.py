"""The distributed topology as processes: a private Redis, a PostgreSQL database of its own,
grading workers (in a network namespace of their own where the machine allows) and API
replicas. Each test gets a fresh one, since most of them kill a part of it."""

from __future__ import annotations

import secrets
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from app.live_server import (
    LiveRedis,
    LiveServer,
    LiveWorker,
    network_isolation_available,
)

POSTGRES_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
ROOT = Path(__file__).resolve().parents[2]
FLAGSHIP = "sinusoidal-positional-encoding"
SUBMIT = f"/api/exercises/{FLAGSHIP}/submissions"
SOLUTION = (ROOT / "exercises" / FLAGSHIP / "solution.py").read_text()
# Right, after about a second of busy work: long enough to kill something while it grades.
SLOW_BUT_RIGHT = "total = sum(range(200_000_000))\n\n" + SOLUTION
SETTINGS = {
    "secret_key": "s" * 48,
    "cpu_seconds": "8",
    "wall_seconds": "12",
    "sweep_seconds": "1",
    "claim_seconds": "2",
    "submissions_per_minute": "0",
    "address_submissions_per_minute": "0",
}


def post_from_new_learners(
    replica: LiveServer, count: int, code: str, headers: dict[str, str] | None = None
) -> list[Any]:
    """`count` learners submit `code` at once, each from a client of its own: the responses
    (or the error a client got) in order."""
    results: list[Any] = [None] * count

    def send(index: int) -> None:
        try:
            with replica.client(headers=headers) as http:
                results[index] = http.post(SUBMIT, json={"code": code})
        except httpx.HTTPError as error:
            results[index] = error

    threads = [threading.Thread(target=send, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return results


@dataclass
class Topology:
    root: Path
    database_url: str
    redis: LiveRedis
    workers: list[LiveWorker] = field(default_factory=list)
    replicas: list[LiveServer] = field(default_factory=list)

    def add_worker(self, isolated: bool = True) -> LiveWorker:
        isolated = isolated and network_isolation_available()
        url = self.redis.socket_url if isolated else self.redis.url
        worker = LiveWorker(self.root / "workers", url, **SETTINGS)
        worker.isolated = isolated
        self.workers.append(worker.start())
        return worker

    def add_replica(self) -> LiveServer:
        folder = self.root / f"replica-{len(self.replicas)}"
        folder.mkdir()
        replica = LiveServer(
            folder, database_url=self.database_url, redis_url=self.redis.url, **SETTINGS
        )
        self.replicas.append(replica.start())
        return replica

    def query(self, sql: str) -> list[tuple[Any, ...]]:
        with psycopg.connect(self.database_url.replace("+psycopg", "")) as connection:
            return list(connection.execute(sql).fetchall())

    def stop(self) -> None:
        for replica in self.replicas:
            replica.stop()
        for worker in self.workers:
            worker.stop()
        self.redis.stop()


@pytest.fixture
def topology(tmp_path: Path) -> Iterator[Topology]:
    name = f"gradebox_distributed_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    redis = LiveRedis(tmp_path / "redis").start()
    parts = Topology(tmp_path, f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}", redis)
    try:
        yield parts
    finally:
        parts.stop()
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
