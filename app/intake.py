"""Who may start a grading now: the rate windows, the queue bound, the graders' state and load.

`Gates` are the windows and the bound, this process's or every replica's (in Redis), chosen
once at start-up (app/main.py); `Intake` asks them in order and turns each refusal into the
429 or 503 the client is told, with the setting or the wait that explains it.
"""

from __future__ import annotations

import asyncio
import logging
import math
from dataclasses import dataclass

from app.admission import Gate, Refused, Slot, Unreachable
from app.backend import Backend
from app.metrics import Metrics
from app.problems import RateLimited, Unavailable
from app.ratelimit import Limiter
from app.settings import Settings

log = logging.getLogger("gradebox.service")
QUEUE_RETRY_SECONDS = 2
SHED_RETRY_SECONDS = 5  # load fades over seconds (graders.host.load.HALF_LIFE_SECONDS)
SWEEPER = "sweeper"  # the learner and address the sweeper's gradings are admitted as


@dataclass(frozen=True)
class Gates:
    """The rate windows (per learner, per address, new identities per address) and the queue."""

    submissions: Limiter
    addresses: Limiter
    identities: Limiter
    queue: Gate


def address_share(capacity: int, settings: Settings) -> int:
    """The slots one client address may hold of `capacity`."""
    return max(1, math.ceil(capacity * settings.address_queue_share))


class Intake:
    def __init__(self, settings: Settings, backend: Backend, gates: Gates, metrics: Metrics):
        self.settings, self.backend, self.gates, self.metrics = settings, backend, gates, metrics

    async def identity(self, address: str) -> None:
        """Count one new learner of `address`: at most `identities_per_minute`. The 429 names
        that setting: a class behind one address needs it raised."""
        if (wait := await self._hit(self.gates.identities, address)) is not None:
            raise RateLimited(
                f"Too many new learners from your address (at most "
                f"{self.settings.identities_per_minute} a minute); keep the cookie or token you "
                f"were given, or try again in {wait} s. Many learners behind one address: an "
                "operator raises GRADEBOX_IDENTITIES_PER_MINUTE.",
                code="new-learners-limited",
                retry_after=wait,
                setting="identities_per_minute",
            )

    async def admit(self, learner: str, address: str, scratch: bool = False) -> Slot:
        """Take a queue slot for one submission now, or say (429/503) why not. Scratch runs
        have rate windows of their own, at the same rates: trying calls never uses up the
        learner's submissions (nor the other way round); they share the queue."""
        what, window = ("scratch runs", "scratch:") if scratch else ("submissions", "")
        # The address's window is split between its learners (app.ratelimit): `learner`.
        limits = (
            (
                self.gates.submissions,
                window + learner,
                "",
                self.settings.submissions_per_minute,
                what,
                "rate-limited",
            ),
            (
                self.gates.addresses,
                window + address,
                learner,
                self.settings.address_submissions_per_minute,
                f"{what} from your address",
                "address-rate-limited",
            ),
        )
        # Both windows at once: in Redis that is one round trip of time, not two.
        waits = await asyncio.gather(
            *(self._hit(limiter, key, whose) for limiter, key, whose, _, _, _ in limits)
        )
        for (_, _, _, per_minute, whose, code), wait in zip(limits, waits, strict=True):
            if wait is not None:
                raise RateLimited(
                    f"At most {per_minute} {whose} a minute; try again in {wait} s.",
                    code=code,
                    retry_after=wait,
                )
        if self.backend.refusal:
            retry = 60 if self.backend.slots == 0 else 5
            raise Unavailable(
                self.backend.refusal_message, code="sandbox-refusing", retry_after=retry
            )
        self._shed_if_starving()
        self.fit_capacity()
        try:
            return await self.gates.queue.take(learner, address)
        except Unreachable as error:
            raise _queue_down(error) from None
        except Refused as refused:
            if refused.shared:
                raise RateLimited(str(refused), code=refused.code, retry_after=1) from None
            raise Unavailable(
                "The grading queue is full right now; please try again in a moment.",
                code="queue-full",
                retry_after=QUEUE_RETRY_SECONDS,
            ) from None

    async def admit_sweeper(self) -> Slot | None:
        """A slot for one of the sweeper's gradings, or None while the queue has no room."""
        self.fit_capacity()
        try:
            return await self.gates.queue.take(SWEEPER, SWEEPER)
        except (Refused, Unreachable):
            return None

    async def queue_state(self) -> dict[str, int]:
        """The admission bound and what holds it, for /healthz and /metrics."""
        return await self.gates.queue.snapshot()

    def _shed_if_starving(self) -> None:
        """503 instead of a child that would starve: our children's measured wait for a CPU,
        confirmed by the kernel's CPU pressure, is past `shed_wait_share` (0: never shed).
        Measured by the local pool; in the distributed mode each worker's slots bound its load."""
        threshold = self.settings.shed_wait_share
        if threshold and self.backend.cpu_wait_share() >= threshold:
            self.metrics.shed.inc()
            raise Unavailable(
                "The graders are overloaded right now: your code would wait for a CPU. "
                "Please try again in a few seconds.",
                code="overloaded",
                retry_after=SHED_RETRY_SECONDS,
            )

    def fit_capacity(self) -> None:
        """The bound follows the slots there are now (workers come and go in the distributed
        mode; the local pool's size is fixed)."""
        queue = self.gates.queue
        capacity = self.backend.slots + self.settings.queue_size
        if capacity != queue.capacity:
            queue.capacity = capacity
            queue.per_address = address_share(capacity, self.settings)

    async def _hit(self, limiter: Limiter, key: str, learner: str = "") -> int | None:
        try:
            return await limiter.hit(key, learner)
        except Unreachable as error:
            raise _queue_down(error) from None


def _queue_down(error: Exception) -> Unavailable:
    log.error("Redis is not answering: %s", error)
    return Unavailable(
        "The grading queue is not answering right now; nothing you stored is lost. "
        "Please try again in a few seconds.",
        code="queue-down",
        retry_after=QUEUE_RETRY_SECONDS,
    )
