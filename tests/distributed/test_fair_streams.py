"""app/fair_streams.py against a private Redis: whose job starts next, and that a started job
is held, renewed and taken over exactly as in the single job stream."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from redis.asyncio import Redis
from redis.exceptions import ResponseError

from app.fair_streams import START_CHARGE_SECONDS, FairJobs, Queued
from app.live_server import LiveRedis
from app.messages import GradeJob, decode_job, encode
from app.transport import GROUP, Keys, ensure_group

pytestmark = pytest.mark.timeout(60)
KEYS = Keys("gradebox")
STARTED = KEYS.started("replica-test")  # the sending replica's


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveRedis]:
    with LiveRedis(tmp_path / "redis") as started:
        yield started


@asynccontextmanager
async def fair(live: LiveRedis, group: bool = True) -> AsyncIterator[tuple[FairJobs, Any]]:
    client: Any = Redis.from_url(live.url, decode_responses=True)
    if group:
        await ensure_group(client, KEYS)
    try:
        yield FairJobs(client, KEYS), client
    finally:
        await client.aclose()


def _job(tenant: str, number: int) -> GradeJob:
    return GradeJob(
        job=f"{tenant}-{number}",
        reply="gradebox:replies:test",
        exercise="an-exercise",
        code="pass",
        tenant=tenant,
        submission=f"submission-{tenant}-{number}",
    )


async def _taken_in_order(jobs: FairJobs, consumer: str = "worker") -> list[str]:
    order = []
    while (start := await jobs.take(consumer)) is not None:
        order.append(decode_job(start.fields).job)
    return order


@pytest.mark.parametrize(
    ("used", "sent", "started"),
    [
        ({}, ["a-1", "a-2", "b-1", "c-1"], ["a-1", "b-1", "c-1", "a-2"]),
        ({"a": 30.0}, ["a-1", "a-2", "a-3", "b-1"], ["b-1", "a-1", "a-2", "a-3"]),
        ({"a": 30.0, "b": 5.0}, ["a-1", "b-1", "c-1"], ["c-1", "b-1", "a-1"]),
    ],
    ids=["equals-take-turns", "newcomer-first", "least-used-first"],
)
def test_the_least_served_tenant_with_work_starts_first(
    live: LiveRedis, used: dict[str, float], sent: list[str], started: list[str]
) -> None:
    async def scenario() -> None:
        async with fair(live) as (jobs, client):
            for tenant, seconds in used.items():
                await jobs.settle(tenant, seconds)
            for name in sent:
                tenant, number = name.split("-")
                await jobs.send(_job(tenant, int(number)), STARTED)
            assert await _taken_in_order(jobs) == started
            assert [start["job"] for start in await jobs.starts()] == started
            assert await client.llen(KEYS.bell) == 0  # no idle worker is woken for nothing

    asyncio.run(scenario())


def test_a_tenant_is_charged_on_account_at_its_start_and_settled_to_its_sandbox_time(
    live: LiveRedis,
) -> None:
    async def scenario() -> None:
        async with fair(live) as (jobs, client):
            await jobs.send(_job("a", 1), STARTED)
            start = await jobs.take("worker")
            assert start is not None
            assert (start.tenant, start.charged) == ("a", START_CHARGE_SECONDS)
            await jobs.settle("a", 0.25 - start.charged)
            seconds, _ = (await client.get(KEYS.usage("a"))).split()
            assert float(seconds) == pytest.approx(0.25, abs=0.01)

    asyncio.run(scenario())


def test_a_started_job_is_pending_to_its_taker_and_taken_over_when_it_dies(
    live: LiveRedis,
) -> None:
    async def scenario() -> None:
        async with fair(live) as (jobs, client):
            queued = await jobs.send(_job("a", 1), STARTED)
            start = await jobs.take("first")
            assert start is not None
            (pending,) = await client.xpending_range(
                KEYS.jobs, GROUP, min=start.entry, max=start.entry, count=1
            )
            assert (pending["consumer"], pending["times_delivered"]) == ("first", 1)
            assert await jobs.alive(queued)  # started, held: the replica waits on
            _, claimed, _ = await client.xautoclaim(KEYS.jobs, GROUP, "second", 0, "0-0")
            assert [entry for entry, _ in claimed] == [start.entry]
            (pending,) = await client.xpending_range(
                KEYS.jobs, GROUP, min=start.entry, max=start.entry, count=1
            )
            assert (pending["consumer"], pending["times_delivered"]) == ("second", 2)
            assert await jobs.take("third") is None  # nothing else waits: never twice

    asyncio.run(scenario())


def test_a_replica_sees_its_job_waiting_then_started_then_gone(live: LiveRedis) -> None:
    async def scenario() -> None:
        async with fair(live) as (jobs, client):
            queued = await jobs.send(_job("a", 1), STARTED)
            assert await jobs.alive(queued)
            start = await jobs.take("worker")
            assert start is not None
            assert await jobs.alive(queued)
            await client.xdel(KEYS.jobs, start.entry)  # as a reply does, or a Redis that lost it
            assert not await jobs.alive(queued)
            assert not await jobs.alive(Queued("b", "1-0", "never-sent", STARTED))
            await jobs.forget(queued)  # the replica stopped waiting
            assert await client.exists(STARTED) == 0


def test_a_waiting_or_started_job_is_kept_in_keys_redis_never_evicts(live: LiveRedis) -> None:
    async def scenario() -> None:
        async with fair(live) as (jobs, client):
            await jobs.send(_job("a", 1), STARTED)
            await jobs.send(_job("a", 2), STARTED)
            assert await jobs.take("worker") is not None
            live_keys = [KEYS.waiting("a"), KEYS.tenants, KEYS.jobs, STARTED, KEYS.bell]
            # -1: no TTL, so `volatile-lru` (docker-compose.yml) never evicts them
            assert [await client.ttl(key) for key in live_keys] == [-1] * len(live_keys)

    asyncio.run(scenario())


def test_an_entry_found_undelivered_in_the_job_stream_is_taken_first(live: LiveRedis) -> None:
    async def scenario() -> None:
        async with fair(live) as (jobs, client):
            await jobs.send(_job("a", 1), STARTED)
            await client.xadd(KEYS.jobs, encode(_job("older-replica", 1)))  # mid-upgrade
            assert await _taken_in_order(jobs) == ["older-replica-1", "a-1"]

    asyncio.run(scenario())


def test_a_take_without_the_group_fails_before_anything_moves(live: LiveRedis) -> None:
    async def scenario() -> None:
        async with fair(live, group=False) as (jobs, client):
            queued = await jobs.send(_job("a", 1), STARTED)
            with pytest.raises(ResponseError, match="NOGROUP"):
                await jobs.take("worker")
            assert await jobs.alive(queued)
            assert await client.exists(KEYS.jobs) == 0
            await ensure_group(client, KEYS)  # as the worker does on NOGROUP
            assert await _taken_in_order(jobs) == ["a-1"]

    asyncio.run(scenario())


def test_a_tenant_listed_with_its_jobs_lost_is_dropped_and_the_next_is_taken(
    live: LiveRedis,
) -> None:
    async def scenario() -> None:
        async with fair(live) as (jobs, client):
            await jobs.send(_job("a", 1), STARTED)
            await jobs.send(_job("b", 1), STARTED)
            await client.delete(KEYS.waiting("a"))
            assert await _taken_in_order(jobs) == ["b-1"]
            assert await client.zrange(KEYS.tenants, 0, -1) == []

    asyncio.run(scenario())
