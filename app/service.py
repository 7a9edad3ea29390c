"""Submissions: store one, grade it in the background, record its report, stream its tests.

The parts are chosen once at start-up (app/main.py): the backend where gradings run, the gates
that admit them (`app.intake`), the store of events the page follows, the database's calls
(`app.storage`). The sweeper (app/sweeper.py) finishes what a grading here never did.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass, field

from app.admission import Slot
from app.backend import Backend, GradingJob
from app.events import Events
from app.health import Health
from app.identity import Identities
from app.intake import SWEEPER, Intake
from app.leader import SweepLeader
from app.metrics import Metrics
from app.problems import Invalid, Unavailable
from app.settings import Settings
from app.storage import Database, DatabaseDown
from app.store import KeyTaken, Store, StoredSubmission
from graders.catalog import Catalog
from graders.engine.grader import TestListener
from graders.engine.scratch import NoScratch, scratch_failure
from graders.engine.verdicts import platform_failure
from graders.exercise import Exercise
from graders.host.errors import SandboxUnavailable
from graders.host.fair import TENANT
from graders.host.pool import JOB_TIMES, JobTimes
from graders.report import Report
from graders.scratch import ScratchRun

log = logging.getLogger("gradebox.service")


@dataclass(frozen=True)
class Graded:
    """A stored submission and where its grading's time went."""

    submission: StoredSubmission
    times: JobTimes
    graded_here: bool = True  # False: it was graded meanwhile (by another process), not here


@dataclass(frozen=True)
class Started:
    """A submission just stored (or, for a repeated idempotency key, the earlier one)."""

    submission: StoredSubmission
    grading: asyncio.Task[Graded] | None  # None: graded already, or by another process
    replayed: bool = False


@dataclass
class Service:
    settings: Settings
    store: Store
    catalog: Catalog
    backend: Backend
    identities: Identities
    intake: Intake
    events: Events
    database: Database
    metrics: Metrics
    # Which process made an attempt row (several may share one PostgreSQL).
    owner: str = field(default_factory=lambda: f"gradebox-{secrets.token_hex(6)}")
    leader: SweepLeader | None = None  # one sweeper among processes sharing a database
    in_flight: set[str] = field(default_factory=set)  # submission ids this process grades
    _tasks: set[asyncio.Task[Graded]] = field(default_factory=set)
    _gradings: dict[str, asyncio.Task[Graded]] = field(default_factory=dict)  # by submission
    # (learner, Idempotency-Key) -> the start of its first request, while that is under way
    _keyed: dict[tuple[str, str], asyncio.Future[Started]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.stored = self.database.stored  # a store call for a request: 503 when it is down
        self.health = Health(self.database, self.queue_state)  # `run` it to keep it fresh

    async def queue_state(self) -> dict[str, int]:
        return await self.intake.queue_state()

    async def new_identity(self, address: str) -> tuple[str, str]:
        """A fresh anonymous learner, at most `identities_per_minute` per client address."""
        await self.intake.identity(address)
        return self.identities.new()

    async def scratch(
        self, learner_id: str, exercise: Exercise, code: str, call: str, address: str = "local"
    ) -> ScratchRun:
        """Run the learner's own call of their code (not graded, nothing stored). Raises
        NoScratch for an exercise that takes no such calls, RateLimited / Unavailable as
        `admit` does."""
        if exercise.scratch is None:
            raise NoScratch(exercise.slug)
        ticket = await self.intake.admit(learner_id, address, scratch=True)
        TENANT.set(address)  # this request's task: its turn in the fair queue
        try:
            run = await self.backend.scratch(exercise, code, call, address)
        except SandboxUnavailable as error:
            log.error("scratch run not made: %s", error)
            run = scratch_failure(exercise.slug, call, "The grading sandbox is unavailable.")
        except Exception:
            log.exception("a scratch run of %s failed", exercise.slug)
            run = scratch_failure(exercise.slug, call, "The grader failed.")
        finally:
            ticket.release()
        self.metrics.scratch_runs.labels(exercise.slug, str(run.status)).inc()
        return run

    async def submit(
        self, learner_id: str, exercise: Exercise, code: str, address: str = "local"
    ) -> Graded:
        """Store, grade and record one submission. The grading finishes even if the client leaves."""
        started = await self.start(learner_id, exercise, code, address)
        assert started.grading is not None  # no key: never a replay
        return await asyncio.shield(started.grading)

    async def start(
        self,
        learner_id: str,
        exercise: Exercise,
        code: str,
        address: str = "local",
        idempotency_key: str | None = None,
    ) -> Started:
        """Store one submission and start grading it, which runs on whether anyone awaits it
        or not. With an `idempotency_key` this learner used before: that submission instead
        (its grading, if this process runs it), and nothing new is stored."""
        if idempotency_key is None:
            return await self._start(learner_id, exercise, code, address, None)
        keyed = (learner_id, idempotency_key)
        if (first := self._keyed.get(keyed)) is not None:  # a retry racing its first request
            try:
                raced: Started | None = await asyncio.shield(first)
            except Exception:
                raced = None  # the first was refused: this one tries for itself
            if raced is not None:
                return self._replayed(raced.submission, exercise, code)
        # Registered before the first await: a retry arriving meanwhile waits for this one.
        attempt: asyncio.Future[Started] = asyncio.get_running_loop().create_future()
        self._keyed[keyed] = attempt
        try:
            earlier = await self.stored(self.store.by_idempotency_key, learner_id, idempotency_key)
            if earlier is not None:
                started = self._replayed(earlier, exercise, code)
            else:
                started = await self._start(learner_id, exercise, code, address, idempotency_key)
        except BaseException as error:
            attempt.set_exception(error)
            attempt.exception()  # retrieved: nobody may be waiting
            raise
        finally:
            if self._keyed.get(keyed) is attempt:
                del self._keyed[keyed]
        attempt.set_result(started)
        return started

    async def _start(
        self,
        learner_id: str,
        exercise: Exercise,
        code: str,
        address: str,
        idempotency_key: str | None,
    ) -> Started:
        ticket = await self.intake.admit(learner_id, address)
        try:
            stored = await self.stored(
                self.store.create_submission,
                learner_id,
                exercise.slug,
                code,
                self.owner,
                idempotency_key,
            )
        except KeyTaken:  # a concurrent retry with the same key stored it first
            ticket.release()
            assert idempotency_key is not None
            earlier = await self.stored(self.store.by_idempotency_key, learner_id, idempotency_key)
            if earlier is None:
                raise Unavailable("Please try again.", code="try-again", retry_after=1) from None
            return self._replayed(earlier, exercise, code)
        except BaseException:
            ticket.release()
            raise
        self.in_flight.add(stored.id)  # before the task starts: a sweep must not take it too
        self.metrics.attempts.inc()
        task = asyncio.create_task(self.grade_and_record(stored, exercise, ticket, attempt=1))
        self._tasks.add(task)
        self._gradings[stored.id] = task
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(lambda _: self._gradings.pop(stored.id, None))
        return Started(stored, task)

    def _replayed(self, earlier: StoredSubmission, exercise: Exercise, code: str) -> Started:
        if earlier.exercise != exercise.slug or earlier.code != code:
            raise Invalid(
                "This Idempotency-Key was used for a different submission (other code or "
                "another exercise); send a new key with new code.",
                code="idempotency-key-reused",
            )
        return Started(earlier, self._gradings.get(earlier.id), replayed=True)

    async def grade_and_record(
        self,
        stored: StoredSubmission,
        exercise: Exercise,
        ticket: Slot | None = None,
        attempt: int | None = None,
    ) -> Graded:
        """One attempt: recorded before the sandbox runs, so a grading that kills us is counted.

        `attempt`: the number of one already recorded (a new submission's first, stored with it).
        """
        times = JobTimes()
        JOB_TIMES.set(times)  # this task's own context: only its runs add to it
        tenant = ticket.address if ticket is not None else SWEEPER
        TENANT.set(tenant)  # whose turn it is in the fair queue
        self.in_flight.add(stored.id)
        try:
            if attempt is None:
                try:
                    attempt = await self.database.call(
                        self.store.start_attempt, stored.id, self.owner
                    )
                except DatabaseDown:
                    pass  # grade anyway: the learner is waiting, the report is kept
                else:
                    if attempt is None:  # graded meanwhile (by another process, or a sweep)
                        found = await self.stored(self.store.get_submission, stored.id)
                        return Graded(found or stored, times, graded_here=False)
                    self.metrics.attempts.inc()
            job = GradingJob(stored.id, attempt, tenant)
            report = await self._grade(
                stored, exercise, job, self.events.listener(stored.id, attempt)
            )
            recorded = await self.database.finish(stored, report, attempt)
            self.events.reported(stored.id, attempt, recorded.report or report.to_dict())
            return Graded(recorded, times)
        finally:
            self.in_flight.discard(stored.id)
            if ticket is not None:
                ticket.release()

    async def _grade(
        self,
        stored: StoredSubmission,
        exercise: Exercise,
        job: GradingJob,
        on_test: TestListener | None = None,
    ) -> Report:
        started = time.perf_counter()
        try:
            report = await self.backend.grade(exercise, stored.code, job, on_test)
        except SandboxUnavailable as error:
            log.error("submission %s not graded: %s", stored.id, error)
            report = platform_failure(exercise, "The grading sandbox is unavailable.")
        except Exception:
            log.exception("grading submission %s failed", stored.id)
            report = platform_failure(exercise, "The grader failed.")
        self.metrics.grading_seconds.observe(time.perf_counter() - started)
        self.metrics.submissions.labels(exercise.slug, str(report.verdict)).inc()
        return report

    def close(self) -> None:
        self.database.close()
