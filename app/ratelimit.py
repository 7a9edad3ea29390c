"""Per-learner submission rate limit: a sliding window of the last minute, in memory.

One process keeps its own counts; behind several replicas, put the same window in Redis.
"""

from __future__ import annotations

import math
import time
from collections import defaultdict, deque


class RateLimiter:
    def __init__(self, per_minute: int, window_seconds: float = 60.0) -> None:
        self.per_minute, self.window = per_minute, window_seconds
        self._hits: defaultdict[str, deque[float]] = defaultdict(deque)

    def check(self, key: str) -> int | None:
        """Record a hit; None if allowed, else the seconds until the next one is."""
        if self.per_minute <= 0:
            return None
        now = time.monotonic()
        hits = self._hits[key]
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        if len(hits) >= self.per_minute:
            return max(1, math.ceil(hits[0] + self.window - now))
        hits.append(now)
        return None
