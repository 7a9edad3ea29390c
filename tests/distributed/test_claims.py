"""app/claims.py against a private Redis: only the holder of a job's current delivery renews
it or replies to it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from redis.asyncio import Redis as AsyncRedis

from app.claims import Delivery, Heartbeat, reply_if_held
from app.live_server import LiveRedis
from app.settings import Settings
from app.transport import GROUP, Keys

KEYS = Keys("gradebox")
REPLIES = "gradebox:replies:test"
EVENTS = "gradebox:events:submission-1"
Client = Any  # a redis.Redis with text replies (its stubs type every reply as bytes | str)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveRedis]:
    with LiveRedis(tmp_path / "redis") as started:
        yield started


@pytest.fixture
def client(live: LiveRedis) -> Iterator[Client]:
    sync = redis.Redis.from_url(live.url, decode_responses=True)
    sync.xgroup_create(KEYS.jobs, GROUP, id="0", mkstream=True)
    yield sync
    sync.close()


def _delivered_to(client: Client, *consumers: str) -> str:
    """A job read by the first consumer, then taken over by each of the others in turn."""
    entry = str(client.xadd(KEYS.jobs, {"job": "job-1"}))
    client.xreadgroup(GROUP, consumers[0], {KEYS.jobs: ">"}, count=1)
    for consumer in consumers[1:]:
        client.xautoclaim(KEYS.jobs, GROUP, consumer, 0, "0-0", count=1)
    return entry


def _holder(client: Client, entry: str) -> tuple[str, int]:
    (pending,) = client.xpending_range(KEYS.jobs, GROUP, min=entry, max=entry, count=1)
    return str(pending["consumer"]), int(pending["times_delivered"])


def _reply(live: LiveRedis, consumer: str, delivery: Delivery) -> bool:
    async def send() -> bool:
        async_client = AsyncRedis.from_url(live.url, decode_responses=True)
        try:
            reply = {"job": "job-1", "token": "t", "report": "{}"}
            events = (EVENTS, [("report", '{"run": 1}')])
            return await reply_if_held(
                async_client, KEYS, consumer, delivery, REPLIES, reply, events, 60
            )
        finally:
            await async_client.aclose()

    return asyncio.run(send())


def _heartbeat(live: LiveRedis, name: str) -> Heartbeat:
    state = {"slots": 1, "grading": True, "refusal": None}
    return Heartbeat(Settings(redis_url=live.url), name, lambda: state)


@pytest.mark.parametrize(
    ("consumer", "count"), [("first", 1), ("second", 1)], ids=["other-worker", "earlier-delivery"]
)
def test_a_reply_from_a_superseded_delivery_is_not_sent_and_is_counted(
    live: LiveRedis, client: Client, consumer: str, count: int
) -> None:
    entry = _delivered_to(client, "first", "second")
    assert _reply(live, consumer, Delivery(entry, count)) is False
    assert client.xlen(REPLIES) == 0
    assert client.exists(EVENTS) == 0
    assert client.hgetall(KEYS.counts) == {"live_takeovers": "1"}
    assert _holder(client, entry) == ("second", 2)  # the current delivery is untouched


def test_the_current_delivery_replies_and_ends_its_job(live: LiveRedis, client: Client) -> None:
    entry = _delivered_to(client, "first", "second")
    assert _reply(live, "second", Delivery(entry, 2)) is True
    assert [fields["job"] for _, fields in client.xrange(REPLIES)] == ["job-1"]
    assert [fields["kind"] for _, fields in client.xrange(EVENTS)] == ["report"]
    assert client.xlen(KEYS.jobs) == 0
    assert client.xpending(KEYS.jobs, GROUP)["pending"] == 0
    assert client.hgetall(KEYS.counts) == {}


def test_a_renewal_keeps_a_held_job_from_going_idle_without_counting_a_delivery(
    live: LiveRedis, client: Client
) -> None:
    entry = _delivered_to(client, "first")
    time.sleep(0.3)
    heartbeat = _heartbeat(live, "first")
    heartbeat.hold(entry)
    heartbeat.beat()
    (pending,) = client.xpending_range(KEYS.jobs, GROUP, min=entry, max=entry, count=1)
    assert pending["time_since_delivered"] < 200
    assert (pending["consumer"], pending["times_delivered"]) == ("first", 1)
    assert "first" in client.hgetall(KEYS.workers)


def test_a_renewal_never_takes_back_a_job_another_worker_took_over(
    live: LiveRedis, client: Client
) -> None:
    entry = _delivered_to(client, "first", "second")
    heartbeat = _heartbeat(live, "first")
    heartbeat.hold(entry)
    heartbeat.beat()
    assert _holder(client, entry) == ("second", 2)


def test_a_job_held_longer_than_an_attempt_can_last_is_no_longer_renewed(
    live: LiveRedis, client: Client
) -> None:
    entry = _delivered_to(client, "first")
    heartbeat = _heartbeat(live, "first")
    heartbeat.hold(entry)
    heartbeat.longest = 0.2  # as if attempt_stale_seconds had passed since it was taken
    time.sleep(0.5)
    heartbeat.beat()
    (pending,) = client.xpending_range(KEYS.jobs, GROUP, min=entry, max=entry, count=1)
    assert pending["time_since_delivered"] >= 500


def test_the_heartbeat_thread_beats_while_the_caller_blocks(
    live: LiveRedis, client: Client
) -> None:
    entry = _delivered_to(client, "first")
    heartbeat = _heartbeat(live, "first")
    heartbeat.hold(entry)
    heartbeat.start()
    try:
        time.sleep(2.5)  # this thread blocks, as a busy event loop would
        (pending,) = client.xpending_range(KEYS.jobs, GROUP, min=entry, max=entry, count=1)
    finally:
        heartbeat.stop()
    assert pending["time_since_delivered"] < 1500


def test_a_reply_for_a_job_redis_lost_is_still_sent(live: LiveRedis, client: Client) -> None:
    entry = _delivered_to(client, "first")
    client.delete(KEYS.jobs)  # Redis restarted empty: the stream and its group are gone
    heartbeat = _heartbeat(live, "first")
    heartbeat.hold(entry)
    heartbeat.beat()  # nothing left to renew, and no error
    assert _reply(live, "first", Delivery(entry, 1)) is True
    assert [fields["job"] for _, fields in client.xrange(REPLIES)] == ["job-1"]
    assert client.hgetall(KEYS.counts) == {}
