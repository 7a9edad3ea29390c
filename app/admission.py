"""Who may wait for the sandbox: one bound for everyone, a fair share for each learner and address.

A slot is taken when a submission is admitted and given back when its grading ends, so the
bound counts every submission between "accepted" and "graded": the ones being stored, waiting
for a zygote and grading. Taking a slot is one synchronous step on the event loop, so a burst
can never admit more than the bound (checking the pool's counters, which move only once a job
reaches the pool, let 197 of a burst of 200 through a bound of 6).

Shares keep clients from filling the queue: a learner holds at most `per_learner` slots, and a
client address at most `per_address`. Past its first slot, an address may take another only
while that leaves `capacity // (holders + 1)` slots free, `holders` being the addresses that hold
slots. A newcomer always gets in while a slot is free, and however many addresses flood, each
one more that comes finds room (for 34 slots: seven addresses flooding one after another still
leave two). (Which admitted job runs next is the pool's fair queue: `graders.host.fair`.)

An address's share is split between the learners holding slots there: past it, a learner still
gets a slot while it holds fewer there than `per_address` divided by those learners, itself
included, rounded down (`app.ratelimit.fair_part`), as long as one slot stays free for a
newcomer address. So fresh identities flooding an address (a classroom behind one NAT) cannot
shut out a learner of that address below its part.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from app.ratelimit import fair_part

K = TypeVar("K")


class Refused(Exception):
    """No slot: `shared` says whether the queue is full or only this client's share is; `code`
    which bound was reached (`queue-full`, `learner-share`, `address-share`: app.problems)."""

    def __init__(self, message: str, shared: bool, code: str) -> None:
        super().__init__(message)
        self.shared, self.code = shared, code


class Unreachable(Exception):
    """The shared state (Redis) did not answer: nothing was counted or admitted."""


class Slot(Protocol):
    """One admitted submission's place in the queue, whichever `Gate` gave it."""

    @property
    def address(self) -> str: ...

    def release(self) -> None:
        """Give the slot back (once, however often called; never blocks)."""
        ...


class Gate(Protocol):
    """The admission bound: this process's (`Admission`) or every replica's, in Redis
    (`app.shared_limits.SharedAdmission`), chosen once at start-up (app/main.py)."""

    capacity: int
    per_address: int

    async def take(self, learner: str, address: str) -> Slot:
        """A slot, or raise `Refused` (or `Unreachable`)."""
        ...

    async def snapshot(self) -> dict[str, int]:
        """`capacity` and what holds it, for /healthz and /metrics (app/health.py reads it
        every second); raises `Unreachable` if the counts cannot be read."""
        ...


@dataclass
class Ticket:
    """One admitted submission's slot; `release` gives it back (once, however often called)."""

    admission: Admission
    learner: str
    address: str
    released: bool = False

    def release(self) -> None:
        if not self.released:
            self.released = True
            self.admission.give_back(self)


@dataclass
class Admission:
    """At most `capacity` submissions admitted at once; shares per learner and per address."""

    capacity: int
    per_learner: int
    per_address: int
    by_learner: Counter[str] = field(default_factory=Counter)
    by_address: Counter[str] = field(default_factory=Counter)
    by_learner_at: Counter[tuple[str, str]] = field(default_factory=Counter)  # (address, learner)
    learners_at: Counter[str] = field(default_factory=Counter)  # learners holding slots, by address
    admitted: int = 0

    def admit(self, learner: str, address: str) -> Ticket:
        """A slot for this learner at this address, or `Refused` saying which bound is reached."""
        if self.admitted >= self.capacity:
            raise Refused(
                f"{self.admitted} submissions are already waiting or grading", False, "queue-full"
            )
        if self.by_learner[learner] >= self.per_learner:
            raise Refused(
                f"You already have {self.by_learner[learner]} submission(s) being graded; "
                "wait for them to finish.",
                True,
                "learner-share",
            )
        if not self._address_may_take(address) and not self._below_part(learner, address):
            raise Refused(
                f"{self.by_address[address]} submissions from your network address are already "
                "being graded; wait for them to finish.",
                True,
                "address-share",
            )
        self.admitted += 1
        self.by_learner[learner] += 1
        self.by_address[address] += 1
        if self.by_learner_at[address, learner] == 0:
            self.learners_at[address] += 1
        self.by_learner_at[address, learner] += 1
        return Ticket(self, learner, address)

    def _address_may_take(self, address: str) -> bool:
        held = self.by_address[address]
        if held == 0:
            return True  # a newcomer: any free slot will do
        if held >= self.per_address:
            return False
        keep_free = self.capacity // (len(self.by_address) + 1)
        return self.capacity - self.admitted - 1 >= keep_free

    def _below_part(self, learner: str, address: str) -> bool:
        """Past its address's share, a learner below its part of it, while the slot leaves
        `capacity // (holders + 2)` free: less than the share keeps, but room for others."""
        mine = self.by_learner_at[address, learner]
        learners = self.learners_at[address] + (mine == 0)
        keep_free = self.capacity // (len(self.by_address) + 2)
        below = mine < fair_part(self.per_address, learners)
        return below and self.capacity - self.admitted - 1 >= keep_free

    async def take(self, learner: str, address: str) -> Ticket:
        return self.admit(learner, address)

    async def snapshot(self) -> dict[str, int]:
        return self.state()

    def give_back(self, ticket: Ticket) -> None:
        self.admitted -= 1
        _decrement(self.by_learner, ticket.learner)
        _decrement(self.by_address, ticket.address)
        if _decrement(self.by_learner_at, (ticket.address, ticket.learner)):
            _decrement(self.learners_at, ticket.address)

    def state(self) -> dict[str, int]:
        return {
            "capacity": self.capacity,
            "admitted": self.admitted,
            "learners": len(self.by_learner),
            "addresses": len(self.by_address),
        }


def _decrement(counts: Counter[K], key: K) -> bool:
    """Take one from `key`'s count; True when that was its last (the key is gone)."""
    counts[key] -= 1
    if counts[key] > 0:
        return False
    del counts[key]
    return True
