"""What /healthz and /metrics say, read every second off the request path: they never wait.

A Redis or PostgreSQL that stops answering held `/healthz` for as long as a call to it could
take (6 s during a Redis freeze: past the image's 3 s health check). Here one task per component
asks it every `REFRESH_SECONDS`, one question at a time and each bounded in time, and a request
reads the last answer with its age. A component that has not answered for `SILENT_SECONDS`
is reported as such (the answer's age says for how long).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

from app.storage import Database

log = logging.getLogger("gradebox.service")
REFRESH_SECONDS = 1.0
SILENT_SECONDS = 3.0  # no answer for this long: the component is reported down
QUEUE_WAIT_SECONDS = 5.0  # one read of the queue's state gives up after this


class Health:
    """The database's and the queue's last answers; `run` keeps them fresh."""

    def __init__(self, database: Database, queue: Callable[[], Awaitable[dict[str, int]]]) -> None:
        self.database, self._read_queue = database, queue
        self._queue: dict[str, int] = {}
        self._queue_answered = time.monotonic()
        self._queue_error: str | None = "not read yet"

    async def start(self) -> None:
        """A first reading of each (at most a second), so the first request has one."""
        with_timeout = asyncio.wait_for(
            asyncio.gather(self.database.refresh(), self.refresh_queue()), REFRESH_SECONDS
        )
        try:
            await with_timeout
        except TimeoutError:
            pass  # the tasks of `run` go on asking

    async def run(self) -> None:
        await asyncio.gather(
            self._every_second(self.database.refresh), self._every_second(self.refresh_queue)
        )

    @staticmethod
    async def _every_second(refresh: Callable[[], Awaitable[None]]) -> None:
        while True:
            try:
                await refresh()
            except Exception:  # the loop must outlive a surprise, or health freezes
                log.exception("a health reading failed")
            await asyncio.sleep(REFRESH_SECONDS)

    async def refresh_queue(self) -> None:
        try:
            async with asyncio.timeout(QUEUE_WAIT_SECONDS):
                self._queue = await self._read_queue()
        except Exception as error:  # whatever it is, the queue is not answering
            self._queue_error = str(error) or type(error).__name__
            return
        self._queue_answered, self._queue_error = time.monotonic(), None

    def queue(self) -> dict[str, Any]:
        """The admission bound and what holds it, as last read, with `age_seconds`, and `ok`
        False (with its `error`) once it has not answered for `SILENT_SECONDS`."""
        age = time.monotonic() - self._queue_answered
        state: dict[str, Any] = {**self._queue, "age_seconds": round(age, 2)}
        if age >= SILENT_SECONDS:
            state.update(ok=False, error=self._queue_error or f"no answer for {age:.0f} s")
        else:
            state.update(ok=True, error=None)
        return state

    def queue_counts(self) -> dict[str, int]:
        """The same counts alone, for /metrics."""
        return dict(self._queue)
