"""Who gets the next free zygote: the waiting tenant that has used the sandbox least lately.

First come, first served lets one client's queued infinite loops hold every learner behind
them for the whole queue's worth of wall-clock limits. Here each job names a tenant (the
service uses the client's address) and a freed zygote goes to the waiting tenant with the least
sandbox time used recently (an exponentially decayed sum, like a fair-share scheduler);
among equals, the one that has waited longest. A learner whose gradings take milliseconds goes
ahead of a client whose jobs run into the wall-clock limit, so it waits for at most the
gradings already running.
"""

from __future__ import annotations

import asyncio
import itertools
import math
import time
from collections import deque
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")
# The tenant of the jobs a task runs: set by the caller in the grading task's own context.
TENANT: ContextVar[str] = ContextVar("gradebox_tenant", default="")
HALF_LIFE_SECONDS = 30.0  # how fast past use is forgiven
FORGOTTEN = 1e-3  # seconds of decayed use below which a tenant with nothing waiting is dropped


@dataclass
class _Usage:
    seconds: float = 0.0
    at: float = 0.0  # when `seconds` was last brought up to date

    def now(self, moment: float) -> float:
        return self.seconds * math.exp2(-(moment - self.at) / HALF_LIFE_SECONDS)


@dataclass
class _Waiter(Generic[T]):
    order: int
    tenant: str = field(compare=False)
    future: asyncio.Future[T] = field(compare=False)


class FairQueue(Generic[T]):
    """Free items (zygotes) and the jobs waiting for one, served by least recent use."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        ready: Callable[[T], bool] | None = None,
    ) -> None:
        self.clock = clock
        # Of the free items, one `ready` says can start at once is handed out first (the most
        # recently freed of those); otherwise the most recently freed.
        self.ready = ready
        self._free: list[T] = []
        self._waiting: dict[str, deque[_Waiter[T]]] = {}
        self._usage: dict[str, _Usage] = {}
        self._tickets = itertools.count()

    def put(self, item: T) -> None:
        """An item is free: hand it to the fairest waiter, or keep it."""
        waiter = self._next_waiter()
        if waiter is None:
            self._free.append(item)
        else:
            waiter.future.set_result(item)

    async def get(self, tenant: str = "") -> T:
        """The next free item for `tenant`, waiting for one if need be."""
        if self._free and not self._waiting:
            return self._take()
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        waiter = _Waiter(next(self._tickets), tenant, future)
        self._waiting.setdefault(tenant, deque()).append(waiter)
        if self._free:  # free items and other waiters: let the fairest have it
            self.put(self._take())
        try:
            return await future
        except asyncio.CancelledError:
            if future.done() and not future.cancelled():
                self.put(future.result())  # it was handed one as it gave up
            else:
                self._forget(waiter)
            raise

    def _take(self) -> T:
        if self.ready is not None:
            for index in range(len(self._free) - 1, -1, -1):
                if self.ready(self._free[index]):
                    return self._free.pop(index)
        return self._free.pop()

    def used(self, tenant: str, seconds: float) -> None:
        """Charge `tenant` for `seconds` of sandbox time."""
        moment = self.clock()
        usage = self._usage.setdefault(tenant, _Usage(at=moment))
        usage.seconds, usage.at = usage.now(moment) + seconds, moment
        if len(self._usage) > 4 * (len(self._waiting) + 256):
            self._prune(moment)

    def _next_waiter(self) -> _Waiter[T] | None:
        moment = self.clock()
        best: tuple[float, int] | None = None
        chosen = ""
        for tenant, queue in self._waiting.items():
            usage = self._usage.get(tenant)
            key = (usage.now(moment) if usage else 0.0, queue[0].order)
            if best is None or key < best:
                best, chosen = key, tenant
        if best is None:
            return None
        queue = self._waiting[chosen]
        waiter = queue.popleft()
        if not queue:
            del self._waiting[chosen]
        return waiter

    def _forget(self, waiter: _Waiter[T]) -> None:
        queue = self._waiting.get(waiter.tenant)
        if queue is not None and waiter in queue:
            queue.remove(waiter)
            if not queue:
                del self._waiting[waiter.tenant]

    def _prune(self, moment: float) -> None:
        for tenant in [
            name
            for name, usage in self._usage.items()
            if name not in self._waiting and usage.now(moment) < FORGOTTEN
        ]:
            del self._usage[tenant]
