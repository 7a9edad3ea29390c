"""The Redis rate limits and queue bound behave as the in-process ones, across replicas."""

from __future__ import annotations

import asyncio
import random
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Protocol

import pytest
import redis.asyncio

from app.admission import Admission, Refused, Ticket
from app.live_server import LiveRedis
from app.ratelimit import RateLimiter
from app.shared_limits import SharedAdmission, SharedRateLimiter, SharedTicket

LEASE_SECONDS = 60.0  # longer than any test: only the lease tests let one expire


class AnyTicket(Protocol):
    async def release_now(self) -> None: ...


class AnyAdmission(Protocol):
    capacity: int

    async def admit(self, learner: str, address: str) -> AnyTicket: ...
    async def state(self) -> dict[str, int]: ...


class LocalTicket:
    """Admission's Ticket behind SharedTicket's interface."""

    def __init__(self, ticket: Ticket) -> None:
        self.ticket = ticket

    async def release_now(self) -> None:
        self.ticket.release()


class LocalAdmission:
    """The in-process Admission behind SharedAdmission's interface, so one test covers both."""

    def __init__(self, capacity: int, per_learner: int, per_address: int) -> None:
        self.admission = Admission(capacity, per_learner, per_address)

    @property
    def capacity(self) -> int:
        return self.admission.capacity

    @capacity.setter
    def capacity(self, value: int) -> None:
        self.admission.capacity = value

    async def admit(self, learner: str, address: str) -> LocalTicket:
        return LocalTicket(self.admission.admit(learner, address))

    async def state(self) -> dict[str, int]:
        return self.admission.state()


def _async(admit: Callable[[str, str], Ticket]) -> Callable[[str, str], Awaitable[Ticket]]:
    async def admit_now(learner: str, address: str) -> Ticket:
        return admit(learner, address)

    return admit_now


MakeAdmission = Callable[[int, int, int], AnyAdmission]
Scenario = Callable[[MakeAdmission], Awaitable[None]]


@pytest.fixture(scope="module")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveRedis]:
    with LiveRedis(tmp_path_factory.mktemp("redis")) as server:
        yield server


@asynccontextmanager
async def _clients(url: str, count: int = 1) -> AsyncIterator[list[redis.asyncio.Redis]]:
    """`count` separate connections to Redis: one per replica."""
    clients = [redis.asyncio.Redis.from_url(url) for _ in range(count)]
    try:
        yield clients
    finally:
        for client in clients:
            await client.aclose()


def _run_on_both(implementation: str, server: LiveRedis, scenario: Scenario) -> None:
    """Run `scenario` with a factory of in-process or Redis admissions (a fresh prefix each)."""

    async def main() -> None:
        async with _clients(server.url) as (client,):
            prefix = f"test-{uuid.uuid4().hex}"

            def make(capacity: int, per_learner: int, per_address: int) -> AnyAdmission:
                if implementation == "local":
                    return LocalAdmission(capacity, per_learner, per_address)
                return SharedAdmission(
                    client, capacity, per_learner, per_address, LEASE_SECONDS, prefix
                )

            await scenario(make)

    asyncio.run(main())


BOTH = pytest.mark.parametrize("implementation", ["local", "shared"])


@BOTH
def test_a_slot_is_given_back_once_however_often_released(
    implementation: str, redis_server: LiveRedis
) -> None:
    async def scenario(make: MakeAdmission) -> None:
        admission = make(2, 2, 2)
        ticket = await admission.admit("a", "1.2.3.4")
        other = await admission.admit("b", "5.6.7.8")
        await ticket.release_now()
        await ticket.release_now()
        assert await admission.state() == {
            "capacity": 2,
            "admitted": 1,
            "learners": 1,
            "addresses": 1,
        }
        await other.release_now()
        assert await admission.state() == {
            "capacity": 2,
            "admitted": 0,
            "learners": 0,
            "addresses": 0,
        }

    _run_on_both(implementation, redis_server, scenario)


@pytest.mark.parametrize(
    ("held", "learner", "address", "shared", "code", "count"),
    [
        ([("a", "x"), ("b", "y")], "c", "z", False, "queue-full", "2"),
        ([("a", "x")], "a", "y", True, "learner-share", "1"),
        ([("a", "x")], "b", "x", True, "address-share", "1"),
    ],
    ids=["queue-full", "learner-share", "address-share"],
)
@BOTH
def test_admission_names_the_bound_it_reached(
    implementation: str,
    redis_server: LiveRedis,
    held: list[tuple[str, str]],
    learner: str,
    address: str,
    shared: bool,
    code: str,
    count: str,
) -> None:
    async def scenario(make: MakeAdmission) -> None:
        admission = make(2, 1, 1)
        for held_learner, held_address in held:
            await admission.admit(held_learner, held_address)
        with pytest.raises(Refused) as refused:
            await admission.admit(learner, address)
        assert (refused.value.code, refused.value.shared) == (code, shared)
        assert count in str(refused.value)  # how many hold the bound

    _run_on_both(implementation, redis_server, scenario)


@BOTH
def test_however_many_addresses_flood_one_more_gets_in(
    implementation: str, redis_server: LiveRedis
) -> None:
    async def scenario(make: MakeAdmission) -> None:
        admission = make(34, 100, 17)
        admitted = 0
        for index in range(7):  # seven flooding addresses, each taking all it may
            address = f"10.0.0.{index}"
            while True:
                try:
                    await admission.admit(f"learner-{index}-{admitted}", address)
                except Refused:
                    break
                admitted += 1
        assert (await admission.state())["admitted"] == admitted < admission.capacity
        await admission.admit("victim", "192.0.2.1")

    _run_on_both(implementation, redis_server, scenario)


@pytest.mark.parametrize("seed", range(3))
def test_shared_admission_answers_every_admit_and_release_as_admission_does(
    seed: int, redis_server: LiveRedis
) -> None:
    """Random admits and releases (capacity changing on the way) get the same answers and
    messages from both, step by step: the two can never drift apart."""
    chooser = random.Random(seed)

    async def main() -> None:
        async with _clients(redis_server.url) as (client,):
            local = Admission(capacity=8, per_learner=2, per_address=4)
            shared = SharedAdmission(client, 8, 2, 4, LEASE_SECONDS, f"test-{uuid.uuid4().hex}")
            held: list[tuple[Ticket, SharedTicket]] = []
            bounds_reached: set[str] = set()
            for _ in range(300):
                if chooser.random() < 0.05:
                    local.capacity = shared.capacity = chooser.randint(2, 10)
                if held and chooser.random() < 0.4:
                    local_ticket, shared_ticket = held.pop(chooser.randrange(len(held)))
                    local_ticket.release()
                    await shared_ticket.release_now()
                    continue
                learner, address = f"l{chooser.randint(0, 9)}", f"a{chooser.randint(0, 2)}"
                answers: list[str] = []
                tickets: list[Ticket | SharedTicket] = []
                for admit in (_async(local.admit), shared.admit):
                    try:
                        tickets.append(await admit(learner, address))
                        answers.append("admitted")
                    except Refused as refused:
                        answers.append(f"{refused} (shared={refused.shared})")
                assert answers[0] == answers[1]
                if answers[0] == "admitted":
                    admitted_local, admitted_shared = tickets
                    assert isinstance(admitted_local, Ticket)
                    assert isinstance(admitted_shared, SharedTicket)
                    held.append((admitted_local, admitted_shared))
                else:
                    bounds_reached.add(answers[0].split()[2])
                assert await shared.state() == local.state()
            # Each bound was reached: "N submissions are already waiting" (the queue), "You
            # already have N" (a learner's share), "N submissions from your network address".
            assert bounds_reached == {"are", "have", "from"}

    asyncio.run(main())


def test_two_replicas_in_a_burst_never_admit_more_than_capacity(redis_server: LiveRedis) -> None:
    async def main() -> None:
        async with _clients(redis_server.url, 2) as clients:
            prefix = f"test-{uuid.uuid4().hex}"
            replicas = [
                SharedAdmission(client, 6, 100, 100, LEASE_SECONDS, prefix) for client in clients
            ]

            async def admit(index: int) -> str:
                try:
                    await replicas[index % 2].admit(f"learner-{index}", f"10.0.0.{index % 50}")
                except Refused as refused:
                    count = str(refused).split()[0]  # the bound, counted across replicas
                    return f"{refused.code} shared={refused.shared} count={count}"
                return "admitted"

            answers = await asyncio.gather(*(admit(index) for index in range(200)))
            assert answers.count("admitted") == 6
            assert set(answers) == {"admitted", "queue-full shared=False count=6"}
            for replica in replicas:
                assert (await replica.state())["admitted"] == 6

    asyncio.run(main())


def test_one_learners_share_is_counted_across_replicas(redis_server: LiveRedis) -> None:
    async def main() -> None:
        async with _clients(redis_server.url, 2) as (first_client, second_client):
            prefix = f"test-{uuid.uuid4().hex}"
            first = SharedAdmission(first_client, 10, 2, 10, LEASE_SECONDS, prefix)
            second = SharedAdmission(second_client, 10, 2, 10, LEASE_SECONDS, prefix)
            ticket = await first.admit("learner", "10.0.0.1")
            await second.admit("learner", "10.0.0.2")
            for replica in (first, second):
                with pytest.raises(Refused, match="You already have 2 submission"):
                    await replica.admit("learner", "10.0.0.3")
            await ticket.release_now()  # given back on one replica, free on the other
            await second.admit("learner", "10.0.0.3")

    asyncio.run(main())


def test_an_expired_lease_gives_its_slot_back_and_its_late_release_takes_nothing(
    redis_server: LiveRedis,
) -> None:
    async def main() -> None:
        async with _clients(redis_server.url, 2) as (dying_client, live_client):
            prefix = f"test-{uuid.uuid4().hex}"
            dying = SharedAdmission(dying_client, 2, 1, 1, 0.3, prefix)
            live = SharedAdmission(live_client, 2, 1, 1, LEASE_SECONDS, prefix)
            orphan = await dying.admit("dying", "10.0.0.1")  # its replica never releases it
            await live.admit("live", "10.0.0.2")  # a long lease keeps the keys alive
            with pytest.raises(Refused, match="2 submissions are already waiting"):
                await live.admit("learner", "10.0.0.3")
            await asyncio.sleep(0.4)
            assert await live.state() == {
                "capacity": 2,
                "admitted": 1,
                "learners": 1,
                "addresses": 1,
            }
            await live.admit("learner", "10.0.0.3")
            await orphan.release_now()  # the dying replica's `finally:`, too late
            assert await live.state() == {
                "capacity": 2,
                "admitted": 2,
                "learners": 2,
                "addresses": 2,
            }

    asyncio.run(main())


def test_keys_of_a_replica_that_died_expire_with_its_lease(redis_server: LiveRedis) -> None:
    async def main() -> None:
        async with _clients(redis_server.url) as (client,):
            prefix = f"test-{uuid.uuid4().hex}"
            admission = SharedAdmission(client, 2, 1, 1, 0.3, prefix)
            await admission.admit("learner", "10.0.0.1")  # never released, nobody asks again
            assert len(await client.keys(f"{prefix}:*")) == 7
            await asyncio.sleep(0.4)
            assert await client.keys(f"{prefix}:*") == []

    asyncio.run(main())


def test_a_sync_release_in_a_finally_block_gives_the_slot_back(redis_server: LiveRedis) -> None:
    async def main() -> None:
        async with _clients(redis_server.url) as (client,):
            admission = SharedAdmission(client, 1, 1, 1, LEASE_SECONDS, f"test-{uuid.uuid4().hex}")
            ticket = await admission.admit("learner", "10.0.0.1")
            try:
                pass  # grading
            finally:
                ticket.release()
                ticket.release()
            for _ in range(100):
                if (await admission.state())["admitted"] == 0:
                    break
                await asyncio.sleep(0.01)
            await admission.admit("learner", "10.0.0.1")

    asyncio.run(main())


def test_admission_keys_are_gone_once_every_slot_is_back(redis_server: LiveRedis) -> None:
    async def main() -> None:
        async with _clients(redis_server.url) as (client,):
            prefix = f"test-{uuid.uuid4().hex}"
            admission = SharedAdmission(client, 4, 4, 4, LEASE_SECONDS, prefix)
            tickets = [await admission.admit(f"l{index}", f"10.0.0.{index}") for index in range(3)]
            assert len(await client.keys(f"{prefix}:*")) == 7
            for key in await client.keys(f"{prefix}:*"):
                assert 0 < await client.pttl(key) <= 60_000
            for ticket in tickets:
                await ticket.release_now()
            assert await client.keys(f"{prefix}:*") == []

    asyncio.run(main())


# Pauses before each hit, limit 3 a second: hits leave the window one by one (0.1 s margins), and
# a hit is recorded within every window, so the key outlives each (its TTL is not what resets).
PAUSES = [0.0, 0.5, 0.0, 0.0, 0.6, 0.0, 0.5, 0.0, 0.0]


def test_shared_rate_limiter_allows_and_refuses_as_rate_limiter_does(
    redis_server: LiveRedis,
) -> None:
    local = RateLimiter(3, window_seconds=1.0)

    async def main() -> list[tuple[int | None, int | None]]:
        async with _clients(redis_server.url) as (client,):
            shared = SharedRateLimiter(client, f"test-{uuid.uuid4().hex}", 3, 1.0)
            answers = []
            for pause in PAUSES:
                await asyncio.sleep(pause)
                answers.append((local.check("learner"), await shared.check("learner")))
            return answers

    answers = asyncio.run(main())
    assert [shared for _, shared in answers] == [local for local, _ in answers]
    assert [answer is None for answer, _ in answers] == [
        True, True, True, False, True, False, True, True, False,
]  # fmt: skip


def test_two_limiters_share_one_window_and_say_when_to_retry(redis_server: LiveRedis) -> None:
    async def main() -> None:
        async with _clients(redis_server.url, 2) as clients:
            name = f"test-{uuid.uuid4().hex}"
            first, second = (SharedRateLimiter(client, name, 2, 2.0) for client in clients)
            assert await first.check("learner") is None
            assert await second.check("learner") is None
            assert await first.check("learner") == 2
            assert await second.check("someone-else") is None
            await asyncio.sleep(1.2)
            assert await second.check("learner") == 1  # 0.8 s left, in whole seconds
            await asyncio.sleep(1.0)
            assert await first.check("learner") is None

    asyncio.run(main())


def test_rate_keys_expire_with_their_window(redis_server: LiveRedis) -> None:
    async def main() -> None:
        async with _clients(redis_server.url) as (client,):
            name = f"test-{uuid.uuid4().hex}"
            limiter = SharedRateLimiter(client, name, 5, 0.5)
            await limiter.check("learner")
            (key,) = await client.keys(f"gradebox:rate:{name}:*")
            assert 0 < await client.pttl(key) <= 500
            await asyncio.sleep(0.6)
            assert await client.exists(key) == 0

    asyncio.run(main())


def test_no_limit_makes_no_redis_call() -> None:
    async def main() -> None:
        nowhere = redis.asyncio.Redis(host="127.0.0.1", port=1)  # nothing listens there
        limiter = SharedRateLimiter(nowhere, "submissions", 0)
        assert [await limiter.check("learner") for _ in range(3)] == [None] * 3
        await nowhere.aclose()

    asyncio.run(main())


def test_a_redis_that_restarts_empty_leaves_everything_working(tmp_path: Path) -> None:
    with LiveRedis(tmp_path) as server:

        async def main() -> None:
            async with _clients(server.url) as (client,):
                admission = SharedAdmission(client, 2, 1, 2, LEASE_SECONDS, "restart")
                limiter = SharedRateLimiter(client, "submissions", 1, 60.0, "restart")
                before = await admission.admit("learner", "10.0.0.1")
                assert await limiter.check("learner") is None
                server.stop()
                server.start()
                # The slot and the hit are gone with the data; the scripts are reloaded.
                after = await admission.admit("learner", "10.0.0.1")
                assert await limiter.check("learner") is None
                assert await limiter.check("learner") == 60
                await before.release_now()  # from before the restart: takes nothing
                assert (await admission.state())["admitted"] == 1
                await after.release_now()
                assert (await admission.state())["admitted"] == 0

        asyncio.run(main())


# A full address is split between its learners (app.ratelimit.fair_part): both alike.


@BOTH
def test_a_learner_below_its_part_of_a_full_address_window_still_submits(
    implementation: str, redis_server: LiveRedis
) -> None:
    async def main() -> dict[str, int]:
        async with _clients(redis_server.url) as (client,):
            shared = SharedRateLimiter(client, f"test-{uuid.uuid4().hex}", 6, 60.0)
            local = RateLimiter(6)

            async def check(learner: str) -> int | None:
                if implementation == "local":
                    return local.check("203.0.113.0/24", learner)
                return await shared.check("203.0.113.0/24", learner)

            granted: dict[str, int] = {}
            for learner in ("flood-1", "flood-2", "flood-3", "learner"):
                granted[learner] = 0
                while await check(learner) is None:
                    granted[learner] += 1
            granted["flood-1 again"] = int(await check("flood-1") is None)
            return granted

    assert asyncio.run(main()) == {
        "flood-1": 6,  # alone: the whole window
        "flood-2": 3,  # then the full window's part: 6 // 2, 6 // 3, 6 // 4
        "flood-3": 2,
        "learner": 1,
        "flood-1 again": 0,
    }


@BOTH
def test_a_learner_below_its_part_of_a_full_address_share_still_gets_a_slot(
    implementation: str, redis_server: LiveRedis
) -> None:
    async def scenario(make: MakeAdmission) -> None:
        admission = make(34, 2, 17)
        flood = [f"flood-{index}" for index in range(9)]
        for learner in flood:  # 8 × 2 + 1: the address's share of 17, held by 9 identities
            for _ in range(2):
                if (await admission.state())["admitted"] < 17:
                    await admission.admit(learner, "203.0.113.0/24")
        with pytest.raises(Refused, match="17 submissions from your network address"):
            await admission.admit(flood[-1], "203.0.113.0/24")  # holds 1 = 17 // 9, its part
        await admission.admit("learner", "203.0.113.0/24")  # holds 0 < 17 // 10
        with pytest.raises(Refused, match="18 submissions from your network address"):
            await admission.admit("learner", "203.0.113.0/24")  # holds 1 = its part now

    _run_on_both(implementation, redis_server, scenario)


@BOTH
def test_fresh_identities_flooding_one_address_still_leave_room_for_another(
    implementation: str, redis_server: LiveRedis
) -> None:
    async def scenario(make: MakeAdmission) -> None:
        admission = make(34, 2, 17)
        for index in range(60):  # a minute of new identities, each taking all it may
            for _ in range(2):
                try:
                    await admission.admit(f"flood-{index}", "203.0.113.0/24")
                except Refused:
                    break
        held = (await admission.state())["admitted"]
        assert 17 < held <= 34 - 34 // 3  # past its share by its learners' parts, no further
        await admission.admit("someone-else", "198.51.100.1")

    _run_on_both(implementation, redis_server, scenario)


def test_a_held_slot_is_renewed_past_its_lease_and_taken_again_after_redis_lost_it(
    redis_server: LiveRedis,
) -> None:
    async def main() -> None:
        async with _clients(redis_server.url) as (client,):
            prefix = f"test-{uuid.uuid4().hex}"
            # A lease of 1.5 s, renewed every 0.3 s: room for a loaded machine's late renewal.
            admission = SharedAdmission(client, 1, 1, 1, 1.5, prefix, longest_seconds=60)
            renewing = asyncio.create_task(admission.keep_leases())
            try:
                ticket = await admission.admit("learner", "10.0.0.1")
                await asyncio.sleep(3.2)  # past two leases: still held, since renewed
                with pytest.raises(Refused, match="1 submissions are already waiting"):
                    await admission.admit("another", "10.0.0.2")
                for key in await client.keys(f"{prefix}:*"):  # a Redis that restarted empty
                    await client.delete(key)
                await asyncio.sleep(0.9)  # three renewals
                assert (await admission.state())["admitted"] == 1  # its grading still runs
                await ticket.release_now()
                assert (await admission.state())["admitted"] == 0
            finally:
                renewing.cancel()

    asyncio.run(main())
