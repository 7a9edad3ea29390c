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


def test_past_a_full_shared_window_each_learner_gets_its_part_and_no_more() -> None:
    limiter = RateLimiter(per_minute=6)
    granted = {}
    for learner in ("first", "second", "third", "holder"):
        granted[learner] = 0
        while limiter.check("203.0.113.0/24", learner) is None:
            granted[learner] += 1
    # 6 alone; then 6 // 2, 6 // 3 and 6 // 4 once the window is full.
    assert granted == {"first": 6, "second": 3, "third": 2, "holder": 1}


def test_a_refusal_past_the_limit_waits_until_the_window_is_under_it_again() -> None:
    clock = [0.0]
    limiter = RateLimiter(per_minute=2, window_seconds=60.0, clock=lambda: clock[0])
    for second, learner in ((0, "a"), (10, "a"), (20, "b")):  # b's part of the full window
        clock[0] = second
        assert limiter.check("network", learner) is None
    clock[0] = 30.0
    # Three hits against a limit of two: under it once the first two have left (at 70 s).
    assert limiter.check("network", "a") == 40
