"""Fair across the fleet: addresses flooding the queue with infinite loops, each within its
share, never push another learner's job behind more than their one turn each. Asserted on the
start order the workers record in Redis (app/fair_streams.py), not on a latency."""

from __future__ import annotations

import threading
import time
from typing import Any

import httpx
import pytest
import redis

from app.live_server import LiveServer, LiveWorker
from tests.distributed.conftest import SETTINGS, SOLUTION, SUBMIT, Topology

pytestmark = [pytest.mark.postgres, pytest.mark.timeout(240)]
FLOODERS = [f"10.0.{number}.1" for number in range(1, 6)]
LEARNER = "10.9.0.1"
LOOP = "while True:\n    pass\n"
PER_FLOODER = 2  # each a fresh identity: one slot each, well within the address's share
# One slot, so the start order is the whole story; loops that end in about a second.
FAIR = {
    **SETTINGS,
    "pool_size": "1",
    "queue_size": "20",
    "cpu_seconds": "0.5",
    "wall_seconds": "1",
    "identities_per_minute": "0",
    "trusted_proxies": "127.0.0.1",  # the test is the proxy: X-Forwarded-For names the client
}


def _submit(replica: LiveServer, address: str, code: str, into: list[Any]) -> threading.Thread:
    def send() -> None:
        try:
            with replica.client(headers={"X-Forwarded-For": address}) as http:
                http.timeout = httpx.Timeout(120)  # the last of the flood waits its turn
                into.append((address, http.post(SUBMIT, json={"code": code})))
        except httpx.HTTPError as error:
            into.append((address, error))

    thread = threading.Thread(target=send, daemon=True)
    thread.start()
    return thread


def _waiting(client: Any) -> int:
    return sum(int(client.xlen(stream)) for stream in client.scan_iter(match="gradebox:waiting:*"))


def test_a_learner_starts_before_any_flooding_address_takes_a_second_turn(
    topology: Topology,
) -> None:
    worker = LiveWorker(topology.root / "workers", topology.redis.url, **FAIR)
    topology.workers.append(worker.start())
    folder = topology.root / "replica"
    folder.mkdir()
    replica = LiveServer(
        folder, database_url=topology.database_url, redis_url=topology.redis.url, **FAIR
    )
    topology.replicas.append(replica.start())
    client: Any = redis.Redis.from_url(topology.redis.url, decode_responses=True)
    answers: list[Any] = []
    threads = [
        _submit(replica, address, LOOP, answers) for _ in range(PER_FLOODER) for address in FLOODERS
    ]
    flood = len(threads)
    deadline = time.monotonic() + 30
    while _waiting(client) < flood - 1 and time.monotonic() < deadline:  # one is running
        time.sleep(0.05)
    assert _waiting(client) == flood - 1, answers
    threads.append(_submit(replica, LEARNER, SOLUTION, answers))
    for thread in threads:
        thread.join(150)
    starts = [(_ms(entry), fields) for entry, fields in client.xrange("gradebox:starts")]
    client.close()

    statuses = {(address, getattr(answer, "status_code", answer)) for address, answer in answers}
    assert statuses == {(address, 201) for address in [*FLOODERS, LEARNER]}, answers  # admitted
    assert len(starts) == flood + 1
    order = [fields["tenant"] for _, fields in starts]
    (learner,) = [index for index, tenant in enumerate(order) if tenant == LEARNER]
    sent = _ms(starts[learner][1]["queued"])
    # The starts between the learner's job being sent and its own: one turn each, at most.
    between = [fields["tenant"] for at, fields in starts[:learner] if at >= sent]
    assert all(between.count(tenant) == 1 for tenant in between), order


def _ms(entry: str) -> int:
    """When a stream entry was added (Redis time, ms)."""
    return int(entry.split("-")[0])
