"""Rate limits and the queue bound in Redis, so that every API replica counts as one.

The same rules and messages as `app.ratelimit.RateLimiter` and `app.admission.Admission`; each
operation is one Lua script, so replicas on separate connections (or hosts) can never race past
a bound, and the scripts read Redis's own clock (`TIME`), never a host's.

The sliding window is a small script (a sorted set of hit times per key) rather than the
`limits` library's `MovingWindowRateLimiter`: `limits` builds its own client from a URI instead
of taking our `redis.asyncio.Redis`, stamps hits with the calling host's `time.time()`, counts
windows in whole seconds, and reads the reset time in a second round trip apart from the hit.

A slot is a short lease its replica renews while the submission waits or grades (`keep_leases`):
a replica that dies holding slots gives them back `lease_seconds` later (5 s in `serve`), at the
next admit or state of any replica. Every key empties out or expires: rate keys one window past
their last hit, the admission keys one lease past the last admit or renewal.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
import uuid
from dataclasses import dataclass, field
from typing import Any

import redis.asyncio
from redis.commands.core import AsyncScript
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError

from app.admission import Refused, Unreachable

logger = logging.getLogger(__name__)
MICROSECONDS = 1_000_000

# Lua numbers are doubles: microseconds since the epoch (~1.8e15) stay exact below 2^53.
_NOW = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
"""

# KEYS[1]: the key's hits (score = time in µs; member = 32 unique hex digits, then the learner);
# ARGV: limit, window (µs), the unique digits, the learner ('' : the key is one learner's).
# Returns -1 when the hit is recorded, else the microseconds until the window is under its limit.
# A full window still takes a hit of a learner below its part (app.ratelimit.fair_part).
_HIT = (
    _NOW
    + """
local limit, window, learner = tonumber(ARGV[1]), tonumber(ARGV[2]), ARGV[4]
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local count = redis.call('ZCARD', KEYS[1])
if count >= limit then
    local below = false
    if learner ~= '' then
        local mine, learners, seen = 0, 0, {}
        for _, member in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
            local who = string.sub(member, 33)
            if not seen[who] then
                seen[who] = true
                learners = learners + 1
            end
            if who == learner then
                mine = mine + 1
            end
        end
        if mine == 0 then
            learners = learners + 1
        end
        below = mine < math.floor(limit / learners)
    end
    if not below then
        local leaving = redis.call('ZRANGE', KEYS[1], count - limit, count - limit, 'WITHSCORES')
        return math.max(0, tonumber(leaving[2]) + window - now)
    end
end
redis.call('ZADD', KEYS[1], now, ARGV[3] .. learner)
redis.call('PEXPIRE', KEYS[1], math.ceil(window / 1000))
return -1
"""
)

# KEYS: leases (ticket -> expiry, µs), each ticket's learner and address, slots by learner, by
# address and by address and learner ("address learner"), learners holding slots by address.
# Counts are only ever moved with a ticket that is still there, so a release that comes after
# its lease expired (or after Redis restarted empty) changes nothing.
_LEASES = (
    _NOW
    + """
local leases, ticket_learner, ticket_address, by_learner, by_address, by_learner_at, learners_at =
    KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7]

local function decrement(counts, name)
    if redis.call('HINCRBY', counts, name, -1) <= 0 then
        redis.call('HDEL', counts, name)
        return true
    end
    return false
end

local function drop(ticket)
    local learner = redis.call('HGET', ticket_learner, ticket)
    if not learner then
        return
    end
    local address = redis.call('HGET', ticket_address, ticket)
    redis.call('ZREM', leases, ticket)
    redis.call('HDEL', ticket_learner, ticket)
    redis.call('HDEL', ticket_address, ticket)
    decrement(by_learner, learner)
    decrement(by_address, address)
    if decrement(by_learner_at, address .. ' ' .. learner) then
        decrement(learners_at, address)
    end
end

local function take(ticket, learner, address, expiry)
    local pair = address .. ' ' .. learner
    redis.call('ZADD', leases, expiry, ticket)
    redis.call('HSET', ticket_learner, ticket, learner)
    redis.call('HSET', ticket_address, ticket, address)
    redis.call('HINCRBY', by_learner, learner, 1)
    redis.call('HINCRBY', by_address, address, 1)
    if redis.call('HINCRBY', by_learner_at, pair, 1) == 1 then
        redis.call('HINCRBY', learners_at, address, 1)
    end
end

-- Should every replica die, the keys go one lease after the last admit or renewal (never
-- sooner), all at the same instant: they are empty or not together, and so they expire.
local function keep(lease)
    local keep_ms = math.max(redis.call('PTTL', leases), math.ceil(lease / 1000))
    for _, key in ipairs(KEYS) do
        redis.call('PEXPIRE', key, keep_ms)
    end
end

for _, ticket in ipairs(redis.call('ZRANGEBYSCORE', leases, '-inf', now)) do
    drop(ticket)
end
"""
)

# ARGV: capacity, per learner, per address, lease (µs), ticket, learner, address.
# Returns {0, 0} admitted, else {bound, count}: 1 the queue (admitted), 2 the learner's share
# (its slots), 3 the address's share (its slots); the caller words the message.
_ADMIT = (
    _LEASES
    + """
local capacity, per_learner, per_address, lease =
    tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local ticket, learner, address = ARGV[5], ARGV[6], ARGV[7]
local admitted = redis.call('ZCARD', leases)
if admitted >= capacity then
    return {1, admitted}
end
local learner_held = tonumber(redis.call('HGET', by_learner, learner) or '0')
if learner_held >= per_learner then
    return {2, learner_held}
end
local address_held = tonumber(redis.call('HGET', by_address, address) or '0')
local addresses = redis.call('HLEN', by_address)
local pair = address .. ' ' .. learner
local mine = tonumber(redis.call('HGET', by_learner_at, pair) or '0')
if address_held > 0 then
    local keep_free = math.floor(capacity / (addresses + 1))
    if address_held >= per_address or capacity - admitted - 1 < keep_free then
        -- Past the address's share: a learner below its part of it, if room is left for others.
        local learners = tonumber(redis.call('HGET', learners_at, address) or '0')
        if mine == 0 then
            learners = learners + 1
        end
        local below = mine < math.floor(per_address / learners)
        if not below or capacity - admitted - 1 < math.floor(capacity / (addresses + 2)) then
            return {3, address_held}
        end
    end
end
take(ticket, learner, address, now + lease)
keep(lease)
return {0, 0}
"""
)

# ARGV: lease (µs), then each held ticket's id, learner and address: each lease is renewed. A
# ticket whose lease lapsed meanwhile (its replica stalled, or Redis restarted empty) is taken
# again, past capacity if need be: its grading still holds the slot.
_RENEW = (
    _LEASES
    + """
local lease = tonumber(ARGV[1])
for i = 2, #ARGV, 3 do
    local ticket = ARGV[i]
    if redis.call('HEXISTS', ticket_learner, ticket) == 1 then
        redis.call('ZADD', leases, now + lease, ticket)
    else
        take(ticket, ARGV[i + 1], ARGV[i + 2], now + lease)
    end
end
keep(lease)
return 0
"""
)

# ARGV: the ticket to give back.
_RELEASE = _LEASES + "drop(ARGV[1])\nreturn 0\n"

_STATE = (
    _LEASES
    + """
return {redis.call('ZCARD', leases), redis.call('HLEN', by_learner),
        redis.call('HLEN', by_address)}
"""
)


_WAIT = " being graded; wait for them to finish."
_REFUSALS = {  # the admit script's bound -> Refused's message, shared, code (as Admission's)
    1: ("{count} submissions are already waiting or grading", False, "queue-full"),
    2: ("You already have {count} submission(s)" + _WAIT, True, "learner-share"),
    3: ("{count} submissions from your network address are already" + _WAIT, True, "address-share"),
}
_STATE_NAMES = ("admitted", "learners", "addresses")  # what the state script returns, in order


async def _run(script: AsyncScript, keys: list[str], arguments: list[str | int]) -> Any:
    """Run `script`, once more on a connection that turns out dead (a Redis restart kills every
    pooled one, and a client made by `from_url` does not retry): the first try almost always
    never reached Redis; when it did, a hit counts twice or a slot waits out its lease."""
    try:
        return await script(keys, arguments)
    except RedisConnectionError:
        return await script(keys, arguments)


class SharedRateLimiter:
    """Sliding window of `window_seconds`, per key, in Redis: same answer as RateLimiter.check."""

    def __init__(
        self,
        redis: redis.asyncio.Redis,
        name: str,
        per_minute: int,
        window_seconds: float = 60.0,
        prefix: str = "gradebox",
    ) -> None:
        self.per_minute, self.window = per_minute, window_seconds
        self._key_prefix = f"{prefix}:rate:{name}:"
        self._hit = redis.register_script(_HIT)

    async def check(self, key: str, learner: str = "") -> int | None:
        """Record a hit of `learner` on `key`; None if allowed, else the whole seconds until the
        next one is (>= 1). per_minute <= 0 means no limit (no Redis call)."""
        if self.per_minute <= 0:
            return None
        window_us = max(1, round(self.window * MICROSECONDS))
        arguments: list[str | int] = [self.per_minute, window_us, uuid.uuid4().hex, learner]
        wait_us = int(await _run(self._hit, [self._key_prefix + key], arguments))
        if wait_us < 0:
            return None
        return max(1, math.ceil(wait_us / MICROSECONDS))

    async def hit(self, key: str, learner: str = "") -> int | None:
        try:
            return await self.check(key, learner)
        except RedisError as error:
            raise Unreachable(str(error)) from error


@dataclass(eq=False)
class SharedTicket:
    """One admitted submission's lease; `release` gives it back (once, however often called)."""

    admission: SharedAdmission
    ticket_id: str
    learner: str
    address: str
    _removal: asyncio.Task[None] | None = field(default=None, repr=False)

    def release(self) -> None:
        """Schedule the slot's removal from Redis (for `finally:` blocks on the event loop)."""
        if self._removal is None:
            self._removal = asyncio.get_running_loop().create_task(
                self.admission.give_back(self.ticket_id)
            )
            self.admission.track(self._removal)

    async def release_now(self) -> None:
        """The same, awaited: returns once Redis has dropped the slot."""
        self.release()
        assert self._removal is not None
        await self._removal


class SharedAdmission:
    """At most `capacity` submissions admitted across every replica; shares per learner and
    per address, with the rules of `app.admission.Admission`. Run `keep_leases` beside it:
    without it a slot is held `lease_seconds` at most."""

    def __init__(
        self,
        redis: redis.asyncio.Redis,
        capacity: int,
        per_learner: int,
        per_address: int,
        lease_seconds: float,
        prefix: str = "gradebox",
        longest_seconds: float = 0.0,
    ) -> None:
        self.capacity, self.per_learner, self.per_address = capacity, per_learner, per_address
        self.lease_seconds = lease_seconds
        self.longest_seconds = longest_seconds  # a slot is renewed this long at most
        # One hash tag: a Redis Cluster keeps all the keys on one node, as the scripts need.
        parts = (
            "leases", "ticket-learner", "ticket-address", "by-learner", "by-address",
            "by-address-learner", "address-learners",
        )  # fmt: skip
        self._keys = [f"{prefix}:{{admission}}:{part}" for part in parts]
        self._admit = redis.register_script(_ADMIT)
        self._release = redis.register_script(_RELEASE)
        self._renew = redis.register_script(_RENEW)
        self._state = redis.register_script(_STATE)
        self._releasing: set[asyncio.Task[None]] = set()  # referenced until done
        self._held: dict[str, tuple[str, str, float]] = {}  # ticket -> learner, address, taken
        self._renewing = asyncio.Lock()  # one at a time: no renewal retakes a released ticket

    async def admit(self, learner: str, address: str) -> SharedTicket:
        """A slot, or raise app.admission.Refused(message, shared) with the same messages and
        the same `shared` flag as Admission.admit."""
        ticket_id = uuid.uuid4().hex
        arguments: list[str | int] = [
            self.capacity, self.per_learner, self.per_address, self._lease_us, ticket_id,
            learner, address,
        ]  # fmt: skip
        bound, count = (int(value) for value in await _run(self._admit, self._keys, arguments))
        if bound:
            message, shared, code = _REFUSALS[bound]
            raise Refused(message.format(count=count), shared, code)
        self._held[ticket_id] = (learner, address, time.monotonic())
        return SharedTicket(self, ticket_id, learner, address)

    @property
    def _lease_us(self) -> int:
        return max(1, round(self.lease_seconds * MICROSECONDS))

    async def keep_leases(self) -> None:
        """Renew the leases of the slots held here every fifth of a lease, until cancelled."""
        while True:
            await asyncio.sleep(self.lease_seconds / 5)
            try:
                await self.renew()
            except RedisError as error:
                logger.warning("slot leases not renewed: %s", error)

    async def renew(self) -> None:
        """One renewal of every slot held here for less than `longest_seconds`."""
        since = time.monotonic() - self.longest_seconds
        for ticket in [ticket for ticket, (*_, taken) in self._held.items() if taken <= since]:
            del self._held[ticket]  # never released (a bug): its lease ends it
        held = [(ticket, *whose) for ticket, (*whose, _) in self._held.items()]
        if not held:
            return
        arguments: list[str | int] = [self._lease_us]
        arguments += [part for ticket in held for part in ticket]
        async with self._renewing:
            await _run(self._renew, self._keys, arguments)

    async def take(self, learner: str, address: str) -> SharedTicket:
        try:
            return await self.admit(learner, address)
        except RedisError as error:
            raise Unreachable(str(error)) from error

    async def snapshot(self) -> dict[str, int]:
        try:
            return await self.state()
        except RedisError as error:
            raise Unreachable(str(error)) from error

    async def give_back(self, ticket_id: str) -> None:
        self._held.pop(ticket_id, None)
        async with self._renewing:
            await _run(self._release, self._keys, [ticket_id])

    def track(self, removal: asyncio.Task[None]) -> None:
        """Keep a scheduled removal referenced until it ends; log one that failed."""
        self._releasing.add(removal)
        removal.add_done_callback(self._removal_done)

    def _removal_done(self, removal: asyncio.Task[None]) -> None:
        self._releasing.discard(removal)
        if not removal.cancelled() and (error := removal.exception()) is not None:
            logger.warning("a slot's release failed; its lease will end it: %r", error)

    async def state(self) -> dict[str, int]:
        counts = [int(value) for value in await _run(self._state, self._keys, [])]
        return {"capacity": self.capacity, **dict(zip(_STATE_NAMES, counts, strict=True))}
