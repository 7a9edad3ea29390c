"""`gradebox worker`: takes gradings from Redis Streams, grades them in its own pool, replies.

A worker needs Redis and the exercises, nothing else: no database credentials, no API. For
each free sandbox slot it takes the next job of the least-served tenant into the job stream, read
in the `workers` consumer group (app/fair_streams.py; an idle worker waits for a job to be
sent), and charges that tenant the sandbox time the grading used when it ends; while it grades
an entry its heartbeat thread re-claims it every second (`XCLAIM ... JUSTID`, which leaves the
delivery count alone), so another worker takes it over (XAUTOCLAIM, idle past `claim_seconds`)
only if this one died, however long the event loop is busy. The reply goes to the waiting
replica's stream with the send's token, and the job is acknowledged and deleted, in one script
that sends nothing unless this worker still holds the delivery (app/claims.py). The heartbeat
also says every second, in the `workers` hash, how many slots the worker has and whether its
sandbox passed its self-test: replicas admit submissions by that count. A job entry that is not
a job (app/messages.py) is logged, counted (`malformed_jobs`) and deleted, never graded.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from dataclasses import dataclass, replace
from typing import Any

from redis.exceptions import RedisError, ResponseError

from app.claims import Delivery, Heartbeat, reply_if_held
from app.events import RedisEvents
from app.fair_streams import FairJobs
from app.messages import (
    GradeJob,
    GradeReply,
    Job,
    Malformed,
    Reply,
    ReportEvent,
    RunEvent,
    ScratchJob,
    ScratchReply,
    SubmissionEvent,
    TestEvent,
    decode_job,
    encode,
    encode_event,
    stamped,
)
from app.settings import Settings
from app.transport import BLOCK_MS, GROUP, Keys, connect, ensure_group, entries
from graders.catalog import UnknownExercise
from graders.engine import Grader
from graders.engine.grader import TestListener
from graders.engine.scratch import NoScratch, run_scratch, scratch_failure
from graders.engine.verdicts import platform_failure, platform_failure_for
from graders.host.errors import SandboxUnavailable
from graders.host.fair import TENANT
from graders.host.pool import JOB_TIMES, JobTimes, SandboxPool
from graders.report import Report, TestResult
from graders.scratch import ScratchRun

log = logging.getLogger("gradebox.worker")
REPLY_TRIES = 10  # a reply Redis will not take is tried for about this many seconds


@dataclass(frozen=True)
class Taken:
    entry: str
    job: Job
    deliveries: int  # Redis's own count: 1 for a first read, more after takeovers
    queued: str = ""  # the entry it waited as, if not `entry` (its id: when it was sent)
    charged: float = 0.0  # sandbox seconds its tenant was charged on account when it started


class Worker:
    def __init__(self, settings: Settings, name: str | None = None) -> None:
        self.settings = settings
        self.keys = Keys(settings.redis_prefix)
        self.name = name or f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
        self.redis = connect(settings, connections=2 * settings.pool_size + 4)
        self.catalog = settings.catalog().load()
        self.pool = SandboxPool(settings.pool_size, settings.limits, settings.allow_weak_sandbox)
        self.grader = Grader(self.pool)
        self.events = RedisEvents(self.redis, settings.redis_prefix, settings.events_seconds)
        self.jobs = FairJobs(self.redis, self.keys)
        self.heartbeat = Heartbeat(settings, self.name, self._state)
        self._tasks: set[asyncio.Task[None]] = set()
        self._stopping = asyncio.Event()

    def stop(self) -> None:
        self._stopping.set()

    def _state(self) -> dict[str, Any]:
        """What the heartbeat says (from its thread: plain reads of the pool's fields)."""
        refusal = self.pool.refusal
        return {"slots": self.pool.size, "grading": refusal is None, "refusal": refusal}

    async def run(self) -> None:
        await self.pool.start()
        self.heartbeat.start()
        slots = asyncio.Semaphore(self.pool.size)
        next_takeover = 0.0
        try:
            await self._ready()
            log.info("worker %s taking jobs with %d slots", self.name, self.pool.size)
            while not self._stopping.is_set():
                await slots.acquire()
                taken = None
                try:
                    if self.pool.refusal is None:
                        if time.monotonic() >= next_takeover:
                            next_takeover = time.monotonic() + 1.0
                            taken = await self._take_over()
                        taken = taken or await self._read()
                    else:
                        await asyncio.sleep(1.0)  # refusing: take nothing, say so in the hash
                except ResponseError as error:
                    if "NOGROUP" in str(error):  # Redis restarted empty
                        log.warning("the job group is gone (Redis restarted?); recreating it")
                        await self._ready()
                    else:
                        log.error("Redis refused a read: %s", error)
                        await asyncio.sleep(0.5)
                except RedisError as error:
                    log.error("Redis is not answering: %s", error)
                    await asyncio.sleep(0.5)
                if taken is None:
                    slots.release()
                    continue
                self.heartbeat.hold(taken.entry)  # renewed from now on, whatever the loop does
                task = asyncio.create_task(self._handle(taken))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
                task.add_done_callback(lambda _: slots.release())
            if self._tasks:  # a graceful stop finishes what it took
                await asyncio.wait(self._tasks, timeout=self.settings.wall_seconds * 2 + 5)
        finally:
            await asyncio.to_thread(self.heartbeat.stop)
            try:
                await self.redis.hdel(self.keys.workers, self.name)
            except RedisError:
                pass
            await self.pool.close()
            await self.redis.aclose(close_connection_pool=True)

    async def _ready(self) -> None:
        while not self._stopping.is_set():
            try:
                await ensure_group(self.redis, self.keys)
                return
            except RedisError as error:
                log.error("waiting for Redis: %s", error)
                await asyncio.sleep(1.0)

    async def _read(self) -> Taken | None:
        """The least-served tenant's next job, waiting up to a blocking read for one."""
        start = await self.jobs.take(self.name)
        if start is None:
            await self.jobs.wait(BLOCK_MS / 1000)
            start = await self.jobs.take(self.name)
        if start is None:
            return None
        taken = await self._taken(start.entry, start.fields, 1)
        if taken is None:
            return None
        return replace(taken, queued=start.queued, charged=start.charged)

    async def _take_over(self) -> Taken | None:
        """An entry a dead worker was grading: idle past `claim_seconds`."""
        idle_ms = int(self.settings.claim_seconds * 1000)
        _, claimed, _ = await self.redis.xautoclaim(
            self.keys.jobs, GROUP, self.name, idle_ms, start_id="0-0", count=1
        )
        for entry, fields in entries([[self.keys.jobs, claimed]]):
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.xpending_range(self.keys.jobs, GROUP, min=entry, max=entry, count=1)
                pipe.hincrby(self.keys.counts, "takeovers", 1)
                pending, _ = await pipe.execute()
            deliveries = int(pending[0]["times_delivered"]) if pending else 2
            log.warning("took over job %s (delivery %d)", entry, deliveries)
            return await self._taken(entry, fields, deliveries)
        return None

    async def _taken(self, entry: str, fields: dict[str, str], deliveries: int) -> Taken | None:
        """The job an entry holds; None if it holds none (then it is deleted: nobody could
        reply to it, and taken over it would fail again)."""
        try:
            return Taken(entry, decode_job(fields), deliveries)
        except Malformed as error:
            log.error("job entry %s was dropped: %s", entry, error)
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.xack(self.keys.jobs, GROUP, entry)
            pipe.xdel(self.keys.jobs, entry)
            pipe.hincrby(self.keys.counts, "malformed_jobs", 1)
            await pipe.execute()
        return None

    async def _handle(self, taken: Taken) -> None:
        job = taken.job
        if isinstance(job, ScratchJob):
            await self._handle_scratch(taken, job)
            return
        sender: asyncio.Task[list[SubmissionEvent]] | None = None
        try:
            times, queued = self._begin(taken)
            run = self._run_of(taken, job)
            outbox: asyncio.Queue[SubmissionEvent | None] = asyncio.Queue()
            sender = asyncio.create_task(self._send_events(job.submission, outbox))
            outbox.put_nowait(run)
            runs = [1]

            def decided(number: int, result: TestResult) -> None:
                if number != runs[-1]:  # a starved run run again: its tests start over
                    runs.append(number)
                    outbox.put_nowait(run.model_copy(update={"run": number}))
                outbox.put_nowait(
                    TestEvent(attempt=run.attempt, delivery=run.delivery, run=number, test=result)
                )

            report = await self._grade(taken, decided)
            outbox.put_nowait(None)
            # What the sender had not sent yet goes in the reply's round trip, before the report.
            unsent = await sender
            final = ReportEvent(
                attempt=run.attempt, delivery=run.delivery, run=runs[-1], report=report
            )
            reply = GradeReply(
                job=job.job,
                token=job.token,
                worker=self.name,
                queue_seconds=max(0.0, queued - times.run),
                run_seconds=times.run,
                submission=job.submission,
                attempt=job.attempt,
                report=report,
            )
            await self._reply(taken, reply, [*unsent, final])
            await self._settle(taken, times)
        except Exception:
            log.exception("job %s failed", taken.entry)
        finally:
            if sender is not None and not sender.done():
                sender.cancel()
            self.heartbeat.release(taken.entry)

    def _begin(self, taken: Taken) -> tuple[JobTimes, float]:
        """Start a job's clocks in its own task (its pool times, its turn in the fair queue):
        the times, and the seconds since it was queued (by Redis time, the entry's id)."""
        times = JobTimes()
        JOB_TIMES.set(times)
        TENANT.set(taken.job.tenant)
        sent = int((taken.queued or taken.entry).split("-")[0]) / 1000
        age = time.time() + self.heartbeat.clock_offset - sent
        return times, age

    async def _handle_scratch(self, taken: Taken, job: ScratchJob) -> None:
        """A scratch run: graded like a submission, no events, nothing stored anywhere."""
        try:
            times, queued = self._begin(taken)
            scratch = await self._scratch(taken, job)
            reply = ScratchReply(
                job=job.job,
                token=job.token,
                worker=self.name,
                queue_seconds=max(0.0, queued - times.run),
                run_seconds=times.run,
                scratch=scratch,
            )
            await self._reply(taken, reply, [])
            await self._settle(taken, times)
        except Exception:
            log.exception("scratch job %s failed", taken.entry)
        finally:
            self.heartbeat.release(taken.entry)

    async def _settle(self, taken: Taken, times: JobTimes) -> None:
        """Charge the job's tenant the sandbox time it used, less what it was charged when it
        started: its turn among the waiting tenants (app/fair_streams.py)."""
        try:
            await self.jobs.settle(taken.job.tenant, times.run - taken.charged)
        except RedisError as error:  # fairness forgets one job; the grading is not affected
            log.warning("job %s's sandbox time was not charged: %s", taken.entry, error)

    async def _scratch(self, taken: Taken, job: ScratchJob) -> ScratchRun:
        slug, call = job.exercise, job.call
        try:
            exercise = self.catalog.get(slug)
        except UnknownExercise:
            return scratch_failure(slug, call, "The exercise is not known to the grading worker.")
        if job.resends + taken.deliveries > self.settings.max_attempts:
            message = "This call stopped the grading process more than once, so it was set aside."
            return scratch_failure(slug, call, message)
        try:
            return await run_scratch(self.pool, exercise, job.code, call)
        except NoScratch:
            return scratch_failure(slug, call, "The exercise takes no calls of your own.")
        except SandboxUnavailable as error:
            log.error("scratch job %s not run: %s", taken.entry, error)
            return scratch_failure(slug, call, "The grading sandbox is unavailable.")
        except Exception:
            log.exception("scratch job %s failed", taken.entry)
            return scratch_failure(slug, call, "The grader failed.")

    def _run_of(self, taken: Taken, job: GradeJob) -> RunEvent:
        """Which grading of its submission this is: attempt, delivery (re-sends and takeovers
        count), run 1."""
        return RunEvent(attempt=job.attempt or 1, delivery=job.resends + taken.deliveries)

    async def _send_events(
        self, submission: str, outbox: asyncio.Queue[SubmissionEvent | None]
    ) -> list[SubmissionEvent]:
        """Append the run's events in order while it grades, each batch that is waiting in one
        round trip (early tests are decided in bursts); a Redis error loses events, never the
        grading. Returns the events that came with the end (None), for the reply to carry."""
        while True:
            batch = [await outbox.get()]
            while not outbox.empty():
                batch.append(outbox.get_nowait())
            items = [item for item in batch if item is not None]
            if None in batch:
                return items
            try:
                await self.events.append_many(submission, items)
            except RedisError as error:
                log.warning("events of submission %s were not sent: %s", submission, error)

    async def _grade(self, taken: Taken, decided: TestListener | None = None) -> Report:
        job = taken.job
        assert isinstance(job, GradeJob)  # a scratch job goes to `_scratch`
        try:
            exercise = self.catalog.get(job.exercise)
        except UnknownExercise:
            message = "The exercise is not known to the grading worker."
            return platform_failure_for(job.exercise, message)
        deliveries = (job.attempt or 1) - 1 + job.resends + taken.deliveries
        if deliveries > self.settings.max_attempts:
            log.error(
                "submission %s set aside after %d deliveries",
                job.submission,
                deliveries - 1,
                extra={"submission": job.submission, "attempts": deliveries - 1},
            )
            return platform_failure(
                exercise,
                f"Grading this submission stopped the grading process {deliveries - 1} "
                "times, so it has been set aside for us to look at.",
            )
        try:
            return await self.grader.grade(exercise, job.code, decided)
        except SandboxUnavailable as error:
            log.error("job %s not graded: %s", taken.entry, error)
            return platform_failure(exercise, "The grading sandbox is unavailable.")
        except Exception:
            log.exception("grading job %s failed", taken.entry)
            return platform_failure(exercise, "The grader failed.")

    async def _reply(self, taken: Taken, reply: Reply, events: list[SubmissionEvent]) -> None:
        """One round trip: the reply to the waiting replica, the last events (the report's
        among them), then the job acknowledged and deleted; nothing if another worker has
        taken the job over meanwhile (its delivery is the current one, not ours)."""
        submission = reply.submission if isinstance(reply, GradeReply) else ""
        key = self.events.key(submission)
        encoded = [encode_event(stamped(event)) for event in events]
        items = [(entry["kind"], entry["data"]) for entry in encoded]
        delivery = Delivery(taken.entry, taken.deliveries)
        for attempt in range(REPLY_TRIES):
            try:
                sent = await reply_if_held(
                    self.redis,
                    self.keys,
                    self.name,
                    delivery,
                    taken.job.reply,
                    encode(reply),
                    (key, items),
                    self.settings.events_seconds,
                )
                if not sent:
                    log.error("job %s was taken over while it was graded here", taken.entry)
                return
            except RedisError as error:
                log.error("reply to job %s not sent (try %d): %s", taken.entry, attempt + 1, error)
                await asyncio.sleep(1.0)
        # Left pending: another worker takes it over once Redis answers, and grades it again.
