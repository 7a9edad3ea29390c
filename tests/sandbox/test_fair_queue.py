"""The fair queue: a freed zygote goes to the tenant that has used the sandbox least lately."""

from __future__ import annotations

import asyncio

import pytest

from graders.host import fair
from graders.host.fair import FairQueue


async def _served_order(queue: FairQueue[str], tenants: list[str]) -> list[str]:
    """Queue one job per tenant (in order), then free one item at a time; who got each."""
    served: list[str] = []

    async def job(tenant: str) -> None:
        item = await queue.get(tenant)
        served.append(tenant)
        queue.put(item)

    tasks = [asyncio.create_task(job(tenant)) for tenant in tenants]
    await asyncio.sleep(0)  # every job is waiting now
    queue.put("zygote")
    await asyncio.gather(*tasks)
    return served


def test_a_light_tenant_goes_ahead_of_a_heavy_tenants_queued_jobs() -> None:
    queue: FairQueue[str] = FairQueue(clock=lambda: 0.0)
    queue.used("flood", 6.0)  # three wall-clock kills' worth
    queue.used("learner", 0.015)
    order = asyncio.run(_served_order(queue, ["flood", "flood", "flood", "learner"]))
    assert order[0] == "learner"


def test_equal_tenants_are_served_oldest_first() -> None:
    queue: FairQueue[str] = FairQueue(clock=lambda: 0.0)
    order = asyncio.run(_served_order(queue, ["a", "b", "c", "a"]))
    assert order == ["a", "b", "c", "a"]


def test_past_use_is_forgiven_with_time() -> None:
    clock = [0.0]
    queue: FairQueue[str] = FairQueue(clock=lambda: clock[0])
    queue.used("flood", 6.0)
    queue.used("learner", 1.0)
    clock[0] = 10 * fair.HALF_LIFE_SECONDS  # 6 s a long time ago is less than 1 s just now
    queue.used("learner", 1.0)
    order = asyncio.run(_served_order(queue, ["learner", "flood"]))
    assert order == ["flood", "learner"]


def test_a_job_that_gives_up_waiting_loses_no_zygote() -> None:
    async def scenario() -> str:
        queue: FairQueue[str] = FairQueue()
        impatient = asyncio.create_task(queue.get("a"))
        await asyncio.sleep(0)
        queue.put("zygote")  # handed to the waiter ...
        impatient.cancel()  # ... which is cancelled before it runs
        with pytest.raises(asyncio.CancelledError):
            await impatient
        return await asyncio.wait_for(queue.get("b"), 1)

    assert asyncio.run(scenario()) == "zygote"


def test_a_flood_of_tenants_is_forgotten_once_its_use_decays() -> None:
    clock = [0.0]
    queue: FairQueue[str] = FairQueue(clock=lambda: clock[0])
    for index in range(5000):
        clock[0] = index * 1.0  # a new address every second, each used once
        queue.used(f"address-{index}", 0.02)
    assert len(queue._usage) < 2000
