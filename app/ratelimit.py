"""Per-key rate limits (learners, client addresses): a sliding window of the last minute, in memory.

One process keeps its own counts; behind several replicas, put the same window in Redis.
Keys whose window is empty are dropped as the limiter goes, so a flood of fresh identities or
addresses costs memory for one window at most.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Callable

PRUNE_EVERY = 1024  # checks between sweeps for keys whose window has emptied


class RateLimiter:
    def __init__(
        self,
        per_minute: int,
        window_seconds: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_minute, self.window, self.clock = per_minute, window_seconds, clock
        self._hits: dict[str, deque[float]] = {}
        self._checks = 0

    def check(self, key: str) -> int | None:
        """Record a hit; None if allowed, else the seconds until the next one is."""
        if self.per_minute <= 0:
            return None
        now = self.clock()
        self._checks += 1
        if self._checks % PRUNE_EVERY == 0:
            self._prune(now)
        hits = self._hits.setdefault(key, deque())
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        if len(hits) >= self.per_minute:
            return max(1, math.ceil(hits[0] + self.window - now))
        hits.append(now)
        return None

    def _prune(self, now: float) -> None:
        expired = [
            key for key, hits in self._hits.items() if not hits or hits[-1] <= now - self.window
        ]
        for key in expired:
            del self._hits[key]

    def __len__(self) -> int:
        """How many keys the limiter holds now."""
        return len(self._hits)
