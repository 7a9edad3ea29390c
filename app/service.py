"""The running service's parts, built once at start-up and shared by the routes."""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta
from typing import ParamSpec, TypeVar

from redis.exceptions import RedisError
from sqlalchemy.exc import SQLAlchemyError

from app.admission import Admission, Refused, Ticket
from app.backend import Backend, GradingJob, LocalBackend
from app.db import now as database_now
from app.events import REPORT, RUN, TEST, Events, MemoryEvents, RedisEvents
from app.identity import Identities
from app.leader import SweepLeader
from app.metrics import Metrics
from app.problems import Invalid, RateLimited, Unavailable
from app.ratelimit import RateLimiter
from app.settings import Settings
from app.shared_limits import SharedAdmission, SharedRateLimiter, SharedTicket
from app.store import KeyTaken, PendingSubmission, Store, StoredSubmission
from app.streams import Reply, StreamsBackend, connect
from graders.catalog import Catalog, UnknownExercise
from graders.engine.endings import Ending
from graders.engine.grader import TestListener
from graders.engine.scratch import NoScratch, scratch_failure
from graders.engine.verdicts import platform_failure, platform_failure_for
from graders.exercise import Exercise
from graders.host.errors import SandboxUnavailable
from graders.host.exchange import RunOutcome
from graders.host.fair import TENANT
from graders.host.pool import JOB_TIMES, JobTimes
from graders.report import Report, TestResult
from graders.scratch import ScratchRun

log = logging.getLogger("gradebox.service")
QUEUE_RETRY_SECONDS = 2
SHED_RETRY_SECONDS = 5  # load fades over seconds (graders.host.load.HALF_LIFE_SECONDS)
DATABASE_RETRY_SECONDS = 5
HEALTH_WAIT_SECONDS = 1.0  # /healthz waits no longer than this for the database
UNSAVED_KEPT = 10_000
IDEMPOTENCY_SECONDS = 86_400  # an Idempotency-Key returns its submission for a day
EVENT_READERS = 1024  # Redis connections for SSE readers (each blocks on its stream)
UNCLAIMED_GRACE_SECONDS = 10.0  # a stored submission with no attempt yet is someone's, briefly  # finished reports waiting for the database to come back
P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True)
class Graded:
    """A stored submission and where its grading's time went."""

    submission: StoredSubmission
    times: JobTimes


@dataclass(frozen=True)
class Started:
    """A submission just stored (or, for a repeated idempotency key, the earlier one)."""

    submission: StoredSubmission
    grading: asyncio.Task[Graded] | None  # None: graded already, or by another process
    replayed: bool = False


class DatabaseDown(Exception):
    """The database did not answer in time, or answered with an error."""


@dataclass
class DatabaseHealth:
    ok: bool = True
    error: str | None = None
    checked: float = 0.0  # time.monotonic() of the last round trip
    latency_ms: float = 0.0


@dataclass
class Service:
    settings: Settings
    store: Store
    catalog: Catalog
    backend: Backend
    identities: Identities
    metrics: Metrics = field(default_factory=Metrics)
    database: DatabaseHealth = field(default_factory=DatabaseHealth)
    # Which process made an attempt row (several may share one PostgreSQL).
    owner: str = field(default_factory=lambda: f"gradebox-{secrets.token_hex(6)}")
    _tasks: set[asyncio.Task[Graded]] = field(default_factory=set)
    _in_flight: set[str] = field(default_factory=set)  # submission ids this process grades
    _unsaved: dict[str, tuple[Report, int | None]] = field(default_factory=dict)
    _ping: asyncio.Task[DatabaseHealth] | None = None  # the health round trip in flight
    leader: SweepLeader | None = None  # one sweeper among processes sharing a database
    _runs: dict[str, int] = field(default_factory=dict)  # submission -> its run being graded
    _gradings: dict[str, asyncio.Task[Graded]] = field(default_factory=dict)  # by submission
    # (learner, Idempotency-Key) -> the start of its first request, while that is under way
    _keyed: dict[tuple[str, str], asyncio.Future[Started]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        settings = self.settings
        capacity = self.backend.slots + settings.queue_size
        per_address = max(1, math.ceil(capacity * settings.address_queue_share))
        self.limiter: RateLimiter | SharedRateLimiter
        self.address_limiter: RateLimiter | SharedRateLimiter
        self.identity_limiter: RateLimiter | SharedRateLimiter
        self.admission: Admission | SharedAdmission
        if isinstance(self.backend, StreamsBackend):  # every replica counts as one, in Redis
            redis, prefix = self.backend.redis, settings.redis_prefix
            self.limiter, self.address_limiter, self.identity_limiter = (
                SharedRateLimiter(redis, name, per_minute, prefix=prefix)
                for name, per_minute in (
                    ("submissions", settings.submissions_per_minute),
                    ("address-submissions", settings.address_submissions_per_minute),
                    ("identities", settings.identities_per_minute),
                )
            )
            # A slot is a lease: a replica that dies holding one gives it back by then.
            lease = settings.attempt_stale_seconds + settings.wall_seconds
            self.admission = SharedAdmission(
                redis, capacity, settings.learner_queue_share, per_address, lease, prefix
            )
        else:
            self.limiter = RateLimiter(settings.submissions_per_minute)
            self.address_limiter = RateLimiter(settings.address_submissions_per_minute)
            self.identity_limiter = RateLimiter(settings.identities_per_minute)
            self.admission = Admission(capacity, settings.learner_queue_share, per_address)
        if isinstance(self.backend, LocalBackend):
            self.backend.on_ending = self._count_ending
            self.backend.pool.on_timing = self._observe_pool
        if isinstance(self.backend, StreamsBackend):
            self._count_replies_and_takeovers(self.backend)
        self._executor = ThreadPoolExecutor(settings.database_threads, "gradebox-db")
        self.events: Events
        if isinstance(self.backend, StreamsBackend):  # a reader per SSE client: a pool of its own
            self.events = RedisEvents(connect(settings, EVENT_READERS), settings.redis_prefix)
        else:
            self.events = MemoryEvents()

    def _count_replies_and_takeovers(self, backend: StreamsBackend) -> None:
        self.metrics.count(
            "gradebox_replies_dropped",
            "Worker replies not recorded: for no job of ours (never sent, or answered already: "
            "unknown) or for a send of a job that was sent again since (superseded)",
            lambda: backend.dropped,
            label="reason",
        )
        self.metrics.count(
            "gradebox_job_takeovers",
            "Jobs taken over from a worker that stopped re-claiming them (normally: it died)",
            lambda: {"": backend.counts.get("takeovers", 0)},
        )
        self.metrics.count(
            "gradebox_live_takeovers",
            "Jobs taken over while their first grading still ran (a bug: graded twice)",
            lambda: {"": backend.counts.get("live_takeovers", 0)},
        )

    async def db(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """Run one store call on the database threads, never on the event loop, bounded in time.

        Raises `DatabaseDown` on a timeout or a database error (the caller answers 503).
        """
        loop = asyncio.get_running_loop()
        timeout = self.settings.database_timeout_seconds + 1.0
        try:
            async with asyncio.timeout(timeout):
                return await loop.run_in_executor(self._executor, lambda: call(*args, **kwargs))
        except (TimeoutError, SQLAlchemyError, OSError) as error:
            reason = "no answer in time" if isinstance(error, TimeoutError) else str(error)
            self.database = DatabaseHealth(False, reason[:300], time.monotonic())
            self.metrics.database_errors.inc()
            log.error("database call %s failed: %s", getattr(call, "__name__", call), reason)
            raise DatabaseDown(reason) from None

    async def stored(self, call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """`db`, for a request: a database outage is a 503 the client can retry."""
        try:
            return await self.db(call, *args, **kwargs)
        except DatabaseDown:
            raise Unavailable(
                "The database is not answering right now; nothing you stored is lost. "
                "Please try again in a few seconds.",
                retry_after=DATABASE_RETRY_SECONDS,
            ) from None

    async def check_database(self, max_age: float = 1.0) -> DatabaseHealth:
        """The database's state, from a round trip at most `max_age` seconds old.

        One round trip at a time however many ask, and none waits for it longer than
        `HEALTH_WAIT_SECONDS`: a database that cannot answer that fast is reported as such.
        """
        if time.monotonic() - self.database.checked < max_age:
            return self.database
        if self._ping is None or self._ping.done():
            self._ping = asyncio.create_task(self._round_trip())
        try:
            async with asyncio.timeout(HEALTH_WAIT_SECONDS):
                return await asyncio.shield(self._ping)
        except TimeoutError:
            return DatabaseHealth(False, f"no answer within {HEALTH_WAIT_SECONDS:g} s")

    async def _round_trip(self) -> DatabaseHealth:
        started = time.perf_counter()
        try:
            await self.db(self.store.ping)
        except DatabaseDown:
            return self.database
        latency = (time.perf_counter() - started) * 1000
        self.database = DatabaseHealth(True, None, time.monotonic(), round(latency, 2))
        return self.database

    async def _hit(
        self, limiter: RateLimiter | SharedRateLimiter, key: str, learner: str = ""
    ) -> int | None:
        """Count one hit on `limiter` (of `learner`, on a key learners share): None if allowed,
        else the seconds to wait."""
        if isinstance(limiter, RateLimiter):
            return limiter.check(key, learner)
        try:
            return await limiter.check(key, learner)
        except RedisError as error:
            raise self._redis_down(error) from None

    def _redis_down(self, error: Exception) -> Unavailable:
        log.error("Redis is not answering: %s", error)
        return Unavailable(
            "The grading queue is not answering right now; nothing you stored is lost. "
            "Please try again in a few seconds.",
            retry_after=QUEUE_RETRY_SECONDS,
        )

    async def queue_state(self) -> dict[str, int]:
        """The admission bound and what holds it, for /healthz and /metrics."""
        if isinstance(self.admission, Admission):
            return self.admission.state()
        try:
            return await self.admission.state()
        except RedisError:
            return {"capacity": self.admission.capacity}

    async def new_identity(self, address: str) -> tuple[str, str]:
        """A fresh anonymous learner, at most `identities_per_minute` per client address. The
        429 names that setting: a class behind one address needs it raised."""
        if (wait := await self._hit(self.identity_limiter, address)) is not None:
            raise RateLimited(
                f"Too many new learners from your address (at most "
                f"{self.settings.identities_per_minute} a minute); keep the cookie or token you "
                f"were given, or try again in {wait} s. Many learners behind one address: an "
                "operator raises GRADEBOX_IDENTITIES_PER_MINUTE.",
                retry_after=wait,
                setting="identities_per_minute",
            )
        return self.identities.new()

    async def admit(
        self, learner_id: str, address: str, scratch: bool = False
    ) -> Ticket | SharedTicket:
        """Take a queue slot for one submission now, or say (429/503) why not. Scratch runs
        have rate windows of their own, at the same rates: trying calls never uses up the
        learner's submissions (nor the other way round); they share the queue."""
        what, window = ("scratch runs", "scratch:") if scratch else ("submissions", "")
        # The address's window is split between its learners (app.ratelimit): `learner`.
        limits = (
            (self.limiter, window + learner_id, "", self.settings.submissions_per_minute, what),
            (
                self.address_limiter,
                window + address,
                learner_id,
                self.settings.address_submissions_per_minute,
                f"{what} from your address",
            ),
        )
        # Both windows at once: in Redis that is one round trip of time, not two.
        waits = await asyncio.gather(
            *(self._hit(limiter, key, learner) for limiter, key, learner, _, _ in limits)
        )
        for (_, _, _, per_minute, whose), wait in zip(limits, waits, strict=True):
            if wait is not None:
                raise RateLimited(
                    f"At most {per_minute} {whose} a minute; try again in {wait} s.",
                    retry_after=wait,
                )
        if refusal := self.backend.refusal:
            if isinstance(self.backend, LocalBackend):
                message = (
                    "Grading is switched off because the sandbox failed its safety self-test; "
                    "this is our fault and has been logged."
                )
            else:
                message = f"Grading is unavailable right now ({refusal}); this is our fault."
            raise Unavailable(message, retry_after=60 if self.backend.slots == 0 else 5)
        self._shed_if_starving()
        self._fit_capacity()
        try:
            if isinstance(self.admission, Admission):
                return self.admission.admit(learner_id, address)
            return await self.admission.admit(learner_id, address)
        except RedisError as error:
            raise self._redis_down(error) from None
        except Refused as refused:
            if refused.shared:
                raise RateLimited(str(refused), retry_after=1) from None
            raise Unavailable(
                "The grading queue is full right now; please try again in a moment.",
                retry_after=QUEUE_RETRY_SECONDS,
            ) from None

    def _shed_if_starving(self) -> None:
        """503 instead of a child that would starve: our children's measured wait for a CPU,
        confirmed by the kernel's CPU pressure, is past `shed_wait_share` (0: never shed).
        Measured by the local pool; in the distributed mode each worker's slots bound its load."""
        threshold = self.settings.shed_wait_share
        if not threshold or not isinstance(self.backend, LocalBackend):
            return
        share = self.backend.pool.load.share()
        if share >= threshold:
            self.metrics.shed.inc()
            raise Unavailable(
                "The graders are overloaded right now: your code would wait for a CPU. "
                "Please try again in a few seconds.",
                retry_after=SHED_RETRY_SECONDS,
            )

    def _fit_capacity(self) -> None:
        """The bound follows the slots there are now (workers come and go in the distributed
        mode; the local pool's size is fixed)."""
        capacity = self.backend.slots + self.settings.queue_size
        if capacity != self.admission.capacity:
            self.admission.capacity = capacity
            share = max(1, math.ceil(capacity * self.settings.address_queue_share))
            self.admission.per_address = share

    async def scratch(
        self, learner_id: str, exercise: Exercise, code: str, call: str, address: str = "local"
    ) -> ScratchRun:
        """Run the learner's own call of their code (not graded, nothing stored). Raises
        NoScratch for an exercise that takes no such calls, RateLimited / Unavailable as
        `admit` does."""
        if exercise.scratch is None:
            raise NoScratch(exercise.slug)
        ticket = await self.admit(learner_id, address, scratch=True)
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
        ticket = await self.admit(learner_id, address)
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
                raise Unavailable("Please try again.", retry_after=1) from None
            return self._replayed(earlier, exercise, code)
        except BaseException:
            ticket.release()
            raise
        self._in_flight.add(stored.id)  # before the task starts: a sweep must not take it too
        self.metrics.attempts.inc()
        task = asyncio.create_task(self._grade_and_record(stored, exercise, ticket, attempt=1))
        self._tasks.add(task)
        self._gradings[stored.id] = task
        task.add_done_callback(self._tasks.discard)
        task.add_done_callback(lambda _: self._gradings.pop(stored.id, None))
        return Started(stored, task)

    def _replayed(self, earlier: StoredSubmission, exercise: Exercise, code: str) -> Started:
        if earlier.exercise != exercise.slug or earlier.code != code:
            raise Invalid(
                "This Idempotency-Key was used for a different submission (other code or "
                "another exercise); send a new key with new code."
            )
        return Started(earlier, self._gradings.get(earlier.id), replayed=True)

    async def _grade_and_record(
        self,
        stored: StoredSubmission,
        exercise: Exercise,
        ticket: Ticket | SharedTicket | None = None,
        attempt: int | None = None,
    ) -> Graded:
        """One attempt: recorded before the sandbox runs, so a grading that kills us is counted.

        `attempt`: the number of one already recorded (a new submission's first, stored with it).
        """
        times = JobTimes()
        JOB_TIMES.set(times)  # this task's own context: only its runs add to it
        TENANT.set(ticket.address if ticket is not None else "sweeper")  # whose turn it is
        self._in_flight.add(stored.id)
        try:
            if attempt is None:
                try:
                    attempt = await self.db(self.store.start_attempt, stored.id, self.owner)
                except DatabaseDown:
                    pass  # grade anyway: the learner is waiting, the report is kept
                else:
                    if attempt is None:  # graded meanwhile (by another process, or a sweep)
                        found = await self.stored(self.store.get_submission, stored.id)
                        return Graded(found or stored, times)
                    self.metrics.attempts.inc()
            tenant = ticket.address if ticket is not None else "sweeper"
            job = GradingJob(stored.id, attempt, tenant)
            report = await self._grade(stored, exercise, job, self._listener(job))
            recorded = await self._record(stored, report, attempt)
            if isinstance(self.events, MemoryEvents):
                run = {"attempt": attempt or 1, "delivery": 1, "run": self._runs.pop(stored.id, 1)}
                self.events.append_now(stored.id, REPORT, {**run, "report": recorded.report})
            return Graded(recorded, times)
        finally:
            self._in_flight.discard(stored.id)
            if ticket is not None:
                ticket.release()

    def _listener(self, job: GradingJob) -> TestListener | None:
        """The embedded mode's events: each test as the grader decides it (in the distributed
        mode the worker sends them)."""
        events = self.events
        if not isinstance(events, MemoryEvents):
            return None
        run = {"attempt": job.attempt or 1, "delivery": 1, "run": 1}
        events.append_now(job.submission, RUN, run)
        self._runs[job.submission] = 1

        def decided(number: int, result: TestResult) -> None:
            if number != self._runs.get(job.submission, 1):  # a starved run run again
                self._runs[job.submission] = number
                events.append_now(job.submission, RUN, {**run, "run": number})
            test = result.model_dump(mode="json")
            events.append_now(job.submission, TEST, {**run, "run": number, "test": test})

        return decided

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

    async def _record(
        self, stored: StoredSubmission, report: Report, attempt: int | None
    ) -> StoredSubmission:
        """Store the report; if the database is down, keep it and give the learner it anyway."""
        try:
            return await self.db(self.store.finish_submission, stored.id, report, attempt)
        except DatabaseDown:
            if len(self._unsaved) < UNSAVED_KEPT:
                self._unsaved[stored.id] = (report, attempt)
            log.error("report of submission %s kept until the database answers", stored.id)
            return replace(
                stored,
                status="graded",
                verdict=str(report.verdict),
                passed=report.passed,
                total=report.total,
                report=report.to_dict(),
            )

    async def sweep(self) -> int:
        """Finish what is pending and nobody grades: regrade it, or set a poison pill aside.

        Returns how many submissions it finished or regraded. Runs at start-up and then every
        `sweep_seconds`; gradings it starts take a queue slot like any other and run one at a
        time, so a backlog never crowds out learners.
        """
        for submission_id, (report, attempt) in list(self._unsaved.items()):
            await self.db(self.store.finish_submission, submission_id, report, attempt)
            del self._unsaved[submission_id]
        if self.leader is not None and not await self.db(self.leader.holds):
            return 0  # another process sweeps
        day_ago = database_now() - timedelta(seconds=IDEMPOTENCY_SECONDS)
        await self.db(self.store.forget_idempotency_keys, day_ago)
        if isinstance(self.backend, StreamsBackend):
            await self._recover_dead_replicas()
        stale = database_now() - timedelta(seconds=self.settings.attempt_stale_seconds)
        if await self.db(self.store.abandon_attempts, stale):
            log.warning("abandoned grading attempts older than %s", stale.isoformat())
        fresh = database_now() - timedelta(seconds=UNCLAIMED_GRACE_SECONDS)
        done = 0
        for pending in await self.db(self.store.pending_submissions):
            if pending.submission.id in self._in_flight or pending.submission.id in self._unsaved:
                continue
            if pending.running_since is not None:  # another process is grading it
                continue
            if self._maybe_claimed(pending, fresh):
                continue  # just stored by another process, which is about to grade it
            if not await self._finish_pending(pending):
                break
            done += 1
        return done

    async def _recover_dead_replicas(self) -> None:
        """Attempts of API processes that are gone: record the replies they never read, then
        mark the rest abandoned, so that the loop below grades them again (at once, not after
        `attempt_stale_seconds`)."""
        assert isinstance(self.backend, StreamsBackend)
        pending = await self.db(self.store.pending_submissions)
        owners = sorted({o for p in pending for o in p.running_owners if o != self.owner})
        gone = await self.backend.replicas_gone(owners)
        for owner in gone:
            grading = {p.submission.id for p in pending if owner in p.running_owners}
            replies = await self.backend.salvage(owner, grading)
            for reply in replies:
                await self.record_reply(reply)
            log.warning(
                "API process %s is gone: %d of its replies recorded, its other gradings resent",
                owner,
                len(replies),
            )
        if gone:
            await self.db(self.store.abandon_attempts, None, gone)

    async def record_reply(self, reply: Reply) -> None:
        """Record a worker's reply nobody waits for (the first final result wins)."""
        if reply.report is None:  # a scratch run's: never stored
            return
        try:
            await self.db(
                self.store.finish_submission, reply.submission, reply.report, reply.attempt
            )
        except DatabaseDown:
            if len(self._unsaved) < UNSAVED_KEPT:
                self._unsaved[reply.submission] = (reply.report, reply.attempt)
        except Exception:
            log.exception("the reply for submission %s could not be recorded", reply.submission)

    def _maybe_claimed(self, pending: PendingSubmission, fresh: datetime) -> bool:
        """Stored moments ago by another process (sharing the database), which will grade it."""
        shared = not self.settings.embedded
        return shared and not pending.attempts and pending.submission.created_at > fresh

    async def _finish_pending(self, pending: PendingSubmission) -> bool:
        """Regrade one pending submission or set it aside; False if the queue has no room."""
        stored = pending.submission
        try:
            exercise = self.catalog.get(stored.exercise)
        except UnknownExercise:
            report = platform_failure_for(stored.exercise, "The exercise no longer exists.")
            await self.db(self.store.finish_submission, stored.id, report)
            return True
        if self.backend.refusal:
            return False  # graded once the sandbox is back; nothing is lost meanwhile
        if pending.attempts >= self.settings.max_attempts:
            log.error(
                "submission %s set aside after %d grading attempts that never finished",
                stored.id,
                pending.attempts,
                extra={"submission": stored.id, "attempts": pending.attempts},
            )
            self.metrics.quarantined.inc()
            report = platform_failure(
                exercise,
                f"Grading this submission stopped the grading process {pending.attempts} "
                "times, so it has been set aside for us to look at.",
            )
            await self.db(self.store.finish_submission, stored.id, report)
            return True
        self._fit_capacity()
        try:
            if isinstance(self.admission, Admission):
                ticket: Ticket | SharedTicket = self.admission.admit("sweeper", "sweeper")
            else:
                ticket = await self.admission.admit("sweeper", "sweeper")
        except (Refused, RedisError):
            return False
        await self._grade_and_record(stored, exercise, ticket)
        return True

    async def run_sweeper(self) -> None:
        """Sweep at start-up and then every `sweep_seconds`, whatever the database does."""
        if self.settings.embedded:  # one process owns SQLite: what it left running is dead
            try:
                await self.db(self.store.abandon_attempts)
            except DatabaseDown:
                pass
        while True:
            try:
                count = await self.sweep()
                if count:
                    log.warning("finished %d submission(s) left pending", count)
            except DatabaseDown:
                pass  # logged by db(); tried again next round
            except Exception:
                log.exception(
                    "the sweeper failed; trying again in %s s", self.settings.sweep_seconds
                )
            await asyncio.sleep(self.settings.sweep_seconds)

    def _count_ending(self, ending: Ending, outcome: RunOutcome) -> None:
        self.metrics.endings.labels(str(ending)).inc()

    def _observe_pool(self, stage: str, seconds: float) -> None:
        if stage == "queue_wait":
            self.metrics.queue_wait_seconds.observe(seconds)
        else:
            self.metrics.sandbox_seconds.observe(seconds)

    def close(self) -> None:
        self._executor.shutdown(wait=False, cancel_futures=True)
