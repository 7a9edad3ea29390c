"""The sliding-window limiter: exact counts, a Retry-After that is honest, bounded memory."""

from __future__ import annotations

from app import ratelimit
from app.ratelimit import RateLimiter


def test_the_hit_past_the_limit_is_told_when_to_come_back() -> None:
    limiter = RateLimiter(per_minute=2)
    assert limiter.check("a") is None
    assert limiter.check("a") is None
    wait = limiter.check("a")
    assert wait is not None
    assert 1 <= wait <= 60
    assert limiter.check("b") is None  # another key has its own window


def test_zero_means_no_limit() -> None:
    limiter = RateLimiter(per_minute=0)
    assert all(limiter.check("a") is None for _ in range(1000))


def test_a_flood_of_fresh_keys_does_not_grow_memory_past_one_window() -> None:
    clock = [0.0]
    limiter = RateLimiter(per_minute=5, window_seconds=1.0, clock=lambda: clock[0])
    for index in range(10 * ratelimit.PRUNE_EVERY):
        clock[0] = index * 0.01  # 100 fresh keys a second, each seen once
        limiter.check(f"fresh-{index}")
    # At most one window's keys (100) plus one sweep interval's stay.
    assert len(limiter) <= 100 + ratelimit.PRUNE_EVERY
