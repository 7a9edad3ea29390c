"""Per-key rate limits (learners, client addresses): a sliding window of the last minute, in memory.

One process keeps its own counts; behind several replicas, put the same window in Redis.
Keys whose window is empty are dropped as the limiter goes, so a flood of fresh identities or
addresses costs memory for one window at most.

A key several learners share (a client address) is split between them: once its window is
full, a learner still gets a hit while it has fewer there than the limit divided by the learners
in the window, itself included, rounded down (`fair_part`). So fresh identities flooding an
address can never shut out a learner below its part; the window can go past the limit, but only
by hits within their learners' parts (each learner's own window still bounds it).
"""

from __future__ import annotations

import math
import time
from collections import Counter, deque
from collections.abc import Callable
from typing import Protocol

PRUNE_EVERY = 1024  # checks between sweeps for keys whose window has emptied


def fair_part(limit: int, learners: int) -> int:
    """One learner's part of a bound several share: the bound divided among them, rounded down."""
    return limit // max(1, learners)


class Limiter(Protocol):
    """A sliding window per key: this process's (`RateLimiter`) or every replica's, in Redis
    (`app.shared_limits.SharedRateLimiter`), chosen once at start-up (app/main.py)."""

    async def hit(self, key: str, learner: str = "") -> int | None:
        """Record a hit of `learner` on `key`; None if allowed, else the seconds to wait.
        Raises `app.admission.Unreachable` if the counts cannot be reached."""
        ...


class RateLimiter:
    """A sliding window of `window_seconds` per key, in this process."""

    def __init__(
        self,
        per_minute: int,
        window_seconds: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_minute, self.window, self.clock = per_minute, window_seconds, clock
        self._hits: dict[str, deque[tuple[float, str]]] = {}  # (time, learner), oldest first
        self._checks = 0

    def check(self, key: str, learner: str = "") -> int | None:
        """Record a hit of `learner` on `key`; None if allowed, else the seconds until the next
        one is. With no learner named the key is one learner's: the limit is all of it."""
        if self.per_minute <= 0:
            return None
        now = self.clock()
        self._checks += 1
        if self._checks % PRUNE_EVERY == 0:
            self._prune(now)
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0][0] <= now - self.window:
            hits.popleft()
        if len(hits) >= self.per_minute and not self._below_part(hits, learner):
            # The window is under its limit again once the hits past it have left.
            leaving = hits[len(hits) - self.per_minute][0]
            return max(1, math.ceil(leaving + self.window - now))
        hits.append((now, learner))
        return None

    async def hit(self, key: str, learner: str = "") -> int | None:
        return self.check(key, learner)

    def _below_part(self, hits: deque[tuple[float, str]], learner: str) -> bool:
        if not learner:
            return False
        counts = Counter(who for _, who in hits)
        learners = len(counts) + (learner not in counts)
        return counts[learner] < fair_part(self.per_minute, learners)

    def _prune(self, now: float) -> None:
        expired = [
            key for key, hits in self._hits.items() if not hits or hits[-1][0] <= now - self.window
        ]
        for key in expired:
            del self._hits[key]

    def __len__(self) -> int:
        """How many keys the limiter holds now."""
        return len(self._hits)
