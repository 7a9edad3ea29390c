"""The store's calls, made off the event loop and bounded in time, and the database's health.

Every call runs on `database_threads` threads of its own, never on the event loop, and waits at
most `database_timeout_seconds` (plus one): a database that cannot answer becomes
`DatabaseDown`, which a request answers with 503 and Retry-After. A report that cannot be
stored is kept here (at most `UNSAVED_KEPT`) until the database answers again: the learner is
given it at once, and the sweeper stores it (`flush_unsaved`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import ParamSpec, TypeVar

from sqlalchemy.exc import SQLAlchemyError

from app.metrics import Metrics
from app.problems import Unavailable
from app.settings import Settings
from app.store import Store, StoredSubmission
from graders.protocol.text import ERROR_CHARS, cut
from graders.report import Report

log = logging.getLogger("gradebox.service")
DATABASE_RETRY_SECONDS = 5
HEALTH_WAIT_SECONDS = 1.0  # a health round trip this late is reported as no answer
UNSAVED_KEPT = 10_000  # finished reports waiting for the database to come back
P = ParamSpec("P")
T = TypeVar("T")


class DatabaseDown(Exception):
    """The database did not answer in time, or answered with an error."""


@dataclass
class DatabaseHealth:
    ok: bool = True
    error: str | None = None
    checked: float = field(default_factory=time.monotonic)  # of the last answer (or failure)
    latency_ms: float = 0.0


class Database:
    """The store, called from the event loop."""

    def __init__(self, store: Store, settings: Settings, metrics: Metrics) -> None:
        self.store, self.settings, self.metrics = store, settings, metrics
        self.health = DatabaseHealth()
        self.unsaved: dict[str, tuple[Report, int | None]] = {}  # submission -> its report
        self._executor = ThreadPoolExecutor(settings.database_threads, "gradebox-db")
        self._pinging_since: float | None = None  # when the health round trip in flight began

    async def call(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run one store call on the database threads, bounded in time.

        Raises `DatabaseDown` on a timeout or a database error.
        """
        loop = asyncio.get_running_loop()
        timeout = self.settings.database_timeout_seconds + 1.0
        try:
            async with asyncio.timeout(timeout):
                return await loop.run_in_executor(self._executor, lambda: call(*args, **kwargs))
        except (TimeoutError, SQLAlchemyError, OSError) as error:
            reason = "no answer in time" if isinstance(error, TimeoutError) else str(error)
            self.health = DatabaseHealth(False, cut(reason, ERROR_CHARS), time.monotonic())
            self.metrics.database_errors.inc()
            log.error("database call %s failed: %s", getattr(call, "__name__", call), reason)
            raise DatabaseDown(reason) from None

    async def stored(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """`call`, for a request: a database outage is a 503 the client can retry."""
        try:
            return await self.call(call, *args, **kwargs)
        except DatabaseDown:
            raise Unavailable(
                "The database is not answering right now; nothing you stored is lost. "
                "Please try again in a few seconds.",
                code="database-down",
                retry_after=DATABASE_RETRY_SECONDS,
            ) from None

    async def finish(
        self, stored: StoredSubmission, report: Report, attempt: int | None
    ) -> StoredSubmission:
        """Store the report; if the database is down, keep it and give the learner it anyway."""
        try:
            return await self.call(self.store.finish_submission, stored.id, report, attempt)
        except DatabaseDown:
            self.keep(stored.id, report, attempt)
            log.error("report of submission %s kept until the database answers", stored.id)
            return replace(
                stored,
                status="graded",
                verdict=str(report.verdict),
                passed=report.passed,
                total=report.total,
                report=report.to_dict(),
            )

    def keep(self, submission: str, report: Report, attempt: int | None) -> None:
        if len(self.unsaved) < UNSAVED_KEPT:
            self.unsaved[submission] = (report, attempt)

    async def flush_unsaved(self) -> None:
        """Store the reports kept while the database was down (raises `DatabaseDown`)."""
        for submission, (report, attempt) in list(self.unsaved.items()):
            await self.call(self.store.finish_submission, submission, report, attempt)
            del self.unsaved[submission]

    def state(self) -> DatabaseHealth:
        """The database's state from the last round trip (`refresh`), never waiting: one in
        flight for longer than `HEALTH_WAIT_SECONDS` is reported as no answer."""
        if self._pinging_since is not None:
            waited = time.monotonic() - self._pinging_since
            if waited >= HEALTH_WAIT_SECONDS:
                return DatabaseHealth(False, f"no answer for {waited:.0f} s", self.health.checked)
        return self.health

    async def refresh(self) -> None:
        """One round trip (bounded as every call is); its answer is what `state` says."""
        self._pinging_since = time.monotonic()
        started = time.perf_counter()
        try:
            await self.call(self.store.ping)
        except DatabaseDown:
            return  # `call` has recorded why
        finally:
            self._pinging_since = None
        latency = (time.perf_counter() - started) * 1000
        self.health = DatabaseHealth(True, None, time.monotonic(), round(latency, 2))

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
