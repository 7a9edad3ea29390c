"""Watch the event loop's lateness: a task that sleeps 10 ms and measures how late it woke.

Nothing whose size a learner chooses may run on the loop (decoding, grading, the reference's
work); this is the measurement that says so, kept in `/metrics` as
`gradebox_event_loop_lag_seconds`.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

INTERVAL_SECONDS = 0.01


async def watch_loop(observe: Callable[[float], None], interval: float = INTERVAL_SECONDS) -> None:
    """Sleep `interval` over and over; tell `observe` how many seconds late each wake-up was."""
    loop = asyncio.get_running_loop()
    while True:
        started = loop.time()
        await asyncio.sleep(interval)
        observe(max(0.0, loop.time() - started - interval))
