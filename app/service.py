"""The running service's parts, built once at start-up and shared by the routes."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field

from fastapi.concurrency import run_in_threadpool

from app.identity import Identities
from app.metrics import Metrics
from app.problems import RateLimited, Unavailable
from app.ratelimit import RateLimiter
from app.settings import Settings
from app.store import Store, StoredSubmission
from graders.catalog import Catalog, UnknownExercise
from graders.engine import Grader
from graders.engine.verdicts import platform_failure, platform_failure_for
from graders.exercise import Exercise
from graders.host.errors import QueueFull, SandboxRefusing, SandboxUnavailable
from graders.host.pool import SandboxPool

log = logging.getLogger("gradebox.service")
QUEUE_RETRY_SECONDS = 2


@dataclass
class Service:
    settings: Settings
    store: Store
    catalog: Catalog
    pool: SandboxPool
    identities: Identities
    metrics: Metrics = field(default_factory=Metrics)
    limiter: RateLimiter = field(init=False)
    _tasks: set[asyncio.Task[StoredSubmission]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.limiter = RateLimiter(self.settings.submissions_per_minute)
        self.grader = Grader(self.pool)

    async def submit(self, learner_id: str, exercise: Exercise, code: str) -> StoredSubmission:
        """Store, grade and record one submission. The grading finishes even if the client leaves."""
        if (wait := self.limiter.check(learner_id)) is not None:
            raise RateLimited(
                f"At most {self.settings.submissions_per_minute} submissions a minute; "
                f"try again in {wait} s.",
                retry_after=wait,
            )
        try:
            self.pool.admit()
        except SandboxRefusing:
            raise Unavailable(
                "Grading is switched off because the sandbox failed its safety self-test; "
                "this is our fault and has been logged.",
                retry_after=60,
            ) from None
        except QueueFull:
            raise Unavailable(
                "The grading queue is full right now; please try again in a moment.",
                retry_after=QUEUE_RETRY_SECONDS,
            ) from None
        stored = await run_in_threadpool(
            self.store.create_submission, learner_id, exercise.slug, code
        )
        task = asyncio.create_task(self._grade_and_record(stored, exercise))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return await asyncio.shield(task)

    async def _grade_and_record(
        self, stored: StoredSubmission, exercise: Exercise
    ) -> StoredSubmission:
        started = time.perf_counter()
        try:
            report = await self.grader.grade(exercise, stored.code)
        except SandboxUnavailable as error:
            log.error("submission %s not graded: %s", stored.id, error)
            report = platform_failure(exercise, "The grading sandbox is unavailable.")
        except Exception:
            log.exception("grading submission %s failed", stored.id)
            report = platform_failure(exercise, "The grader failed.")
        self.metrics.grading_seconds.observe(time.perf_counter() - started)
        self.metrics.submissions.labels(exercise.slug, str(report.verdict)).inc()
        return await run_in_threadpool(self.store.finish_submission, stored.id, report)

    async def recover(self) -> int:
        """Finish submissions a previous process stored but never graded (e.g. after kill -9)."""
        pending = await run_in_threadpool(self.store.pending_submissions)
        for stored in pending:
            try:
                exercise = self.catalog.get(stored.exercise)
            except UnknownExercise:
                report = platform_failure_for(stored.exercise, "The exercise no longer exists.")
                await run_in_threadpool(self.store.finish_submission, stored.id, report)
                continue
            if self.pool.refusal:
                report = platform_failure(exercise, "The grading sandbox is unavailable.")
                await run_in_threadpool(self.store.finish_submission, stored.id, report)
                continue
            await self._grade_and_record(stored, exercise)
        if pending:
            log.warning("recovered %d submission(s) left pending by an earlier run", len(pending))
        return len(pending)
