"""Health and connections in the distributed mode, as processes on a Redis of the test's own:
`/healthz` never waits on Redis, a restarted Redis fails no request, a dead replica's queue
slots come back within seconds, and only event streams may be evicted."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis

from app.live_server import LiveRedis, LiveServer, LiveWorker
from app.settings import Settings
from app.transport import connect
from tests.distributed.conftest import (
    SETTINGS,
    SLOW_BUT_RIGHT,
    SOLUTION,
    Topology,
    post_from_new_learners,
)

pytestmark = [pytest.mark.postgres, pytest.mark.timeout(180)]


def _timed_health(replica: LiveServer) -> tuple[httpx.Response | None, float]:
    """One /healthz answer (None if the client gave up at 5 s) and how long it took."""
    started = time.monotonic()
    try:
        with replica.client() as http:
            response: httpx.Response | None = http.get("/healthz", timeout=5)
    except httpx.TimeoutException:
        response = None
    return response, time.monotonic() - started


@contextmanager
def _frozen(topology: Topology) -> Iterator[None]:
    """Our own Redis process stopped (SIGSTOP) and always continued after."""
    assert topology.redis.process is not None
    pid = topology.redis.process.pid
    os.kill(pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(pid, signal.SIGCONT)


def _until(condition: Any, seconds: float) -> float | None:
    """Seconds until `condition()` is true, polled every 0.1 s; None if it never was."""
    started = time.monotonic()
    while time.monotonic() - started < seconds:
        if condition():
            return time.monotonic() - started
        time.sleep(0.1)
    return None


def test_healthz_answers_within_a_second_while_redis_is_frozen(topology: Topology) -> None:
    topology.add_worker()
    replica = topology.add_replica()
    answers = []
    with _frozen(topology):
        started = time.monotonic()
        while time.monotonic() - started < 5.0:  # past the 3 s after which Redis is "silent"
            answers.append(_timed_health(replica))
            time.sleep(0.3)
    back = _until(lambda: _timed_health(replica)[0].status_code == 200, 15)  # type: ignore[union-attr]
    assert [seconds < 1.0 for _, seconds in answers] == [True] * len(answers)
    last, _ = answers[-1]
    assert last is not None
    assert last.status_code == 503  # said as such, once Redis has been silent for seconds
    assert last.json()["queue"]["age_seconds"] >= 3.0
    assert last.json()["sandbox"]["grading"] is False
    assert back is not None


def test_a_pooled_client_survives_a_redis_restart(tmp_path: Path) -> None:
    """Every pooled connection dies with the Redis it was open to: each is reopened by the
    command that finds it dead, which fails nothing."""
    with LiveRedis(tmp_path / "redis") as server:
        client = connect(Settings(redis_url=server.url))

        async def main() -> list[int | BaseException]:
            # Eight commands at once: eight pooled connections.
            await asyncio.gather(*(client.blpop(["nothing"], timeout=0.2) for _ in range(8)))
            server.stop()
            server.start()
            after = await asyncio.gather(
                *(client.incr("counted") for _ in range(8)), return_exceptions=True
            )
            await client.aclose(close_connection_pool=True)
            return after

        after = asyncio.run(main())
    assert [repr(result) for result in after if isinstance(result, Exception)] == []
    assert sorted(result for result in after if isinstance(result, int)) == list(range(1, 9))


def test_a_dead_replicas_queue_slots_are_free_within_ten_seconds(topology: Topology) -> None:
    topology.add_worker()
    doomed, survivor = topology.add_replica(), topology.add_replica()
    made = post_from_new_learners(doomed, 2, SLOW_BUT_RIGHT, {"Prefer": "respond-async"})
    assert [getattr(result, "status_code", result) for result in made] == [202] * 2

    def admitted() -> int:
        response, _ = _timed_health(survivor)
        assert response is not None
        return int(response.json()["queue"]["admitted"])

    assert _until(lambda: admitted() == 2, 5) is not None  # held by the doomed replica
    doomed.stop(kill=True)
    freed_after = _until(lambda: admitted() == 0, 30)
    assert freed_after is not None
    assert freed_after < 10.0


def test_event_streams_expire_and_job_and_reply_streams_never_do(topology: Topology) -> None:
    worker = LiveWorker(
        topology.root / "workers", topology.redis.url, **SETTINGS, events_seconds="120"
    )
    topology.workers.append(worker.start())  # the worker writes the events, and their TTL
    replica = LiveServer(
        topology.root / "replica",
        database_url=topology.database_url,
        redis_url=topology.redis.url,
        **{**SETTINGS, "events_seconds": "120"},
    )
    replica.data_dir.mkdir()
    topology.replicas.append(replica.start())
    (made,) = post_from_new_learners(replica, 1, SOLUTION)
    assert made.status_code == 201
    client: Any = redis.Redis.from_url(topology.redis.url, decode_responses=True)
    try:
        (replies,) = client.keys("gradebox:replies:*")
        ttls = {
            "events": client.ttl(f"gradebox:events:{made.json()['id']}"),
            "jobs": client.ttl("gradebox:jobs"),
            "replies": client.ttl(replies),
        }
    finally:
        client.close()
    assert 0 < ttls["events"] <= 120
    assert (ttls["jobs"], ttls["replies"]) == (-1, -1)  # never a candidate for volatile-lru
