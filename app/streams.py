"""Gradings over Redis Streams, the API side: `StreamsBackend` sends jobs and takes replies.

Redis is the transport (its keys: app/transport.py; its messages: app/messages.py),
PostgreSQL the record. A job waits for its start behind its tenant's earlier ones, and a free
worker slot takes the least-served tenant's next (app/fair_streams.py). A waiting replica checks
every `claim_seconds` that its job is still alive (waiting, or started and in the job stream,
claimed by a worker that re-claims it every second while it grades). A job that vanished with
no reply (Redis restarted empty, or the send was lost) is sent again; a
worker that died mid-job leaves its entry pending, and another worker takes it over with
XAUTOCLAIM. Every delivery is counted (the attempt number, the re-sends, Redis's delivery
count): past `max_attempts` the worker finishes the job as `internal_error` instead of running
it again.

Each send of a job carries a fresh random `token`, which the worker echoes in its reply. A
replica takes a reply only if it names a job this replica sent and carries that job's current
token: a reply for a job it never sent (or has had answered), or for a send it has superseded
by sending the job again, is dropped and counted (`dropped`), as is an entry that is not a
reply (`malformed`). Between workers the current delivery is the one Redis's pending list
names (app/claims.py): only its holder replies.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections import Counter, OrderedDict
from collections.abc import Callable, Collection, Coroutine, Mapping
from dataclasses import dataclass
from typing import Any

from redis.exceptions import RedisError

from app.backend import GradingJob
from app.fair_streams import FairJobs, Queued
from app.messages import (
    GradeJob,
    GradeReply,
    Job,
    Malformed,
    Reply,
    ScratchJob,
    ScratchReply,
    decode_reply,
)
from app.settings import Settings
from app.transport import BLOCK_MS, REPLIES_KEPT, Keys, connect, ensure_group, entries
from graders.engine.grader import TestListener
from graders.exercise import Exercise
from graders.host.errors import SandboxUnavailable
from graders.host.pool import JOB_TIMES
from graders.protocol.text import ERROR_CHARS, cut
from graders.report import Report
from graders.scratch import ScratchRun

log = logging.getLogger("gradebox.streams")
REPLICA_TTL_SECONDS = 5  # a replica silent this long is gone
WORKER_TTL_SECONDS = 5  # a worker silent this long is not counted
# Redis silent this long (a freeze: no error, no answer) refuses new gradings at once (503)
# rather than let each wait out a socket timeout.
REDIS_SILENT_SECONDS = 3.0


@dataclass
class WorkerSeen:
    slots: int
    grading: bool
    refusal: str | None


class StreamsBackend:
    """Sends gradings to `gradebox worker` processes and waits for their replies.

    `on_orphan` records a reply nobody waits for any more (its waiter gave up, or it was found
    in the reply stream of a replica that died). `dropped` counts the replies not taken, by
    reason: `unknown` (no job of ours waits for it: never sent, or answered already),
    `superseded` (the job was sent again since) and `malformed` (not a reply, or larger than
    `REPLY_BYTES`); `counts` is the counts hash, every second.
    """

    def __init__(
        self,
        settings: Settings,
        owner: str,
        on_orphan: Callable[[GradeReply], Coroutine[Any, Any, None]] | None = None,
    ) -> None:
        self.settings, self.owner, self.on_orphan = settings, owner, on_orphan
        self.keys = Keys(settings.redis_prefix)
        self.redis = connect(settings)
        self.jobs = FairJobs(self.redis, self.keys)
        self._waiting: dict[str, asyncio.Future[Reply]] = {}
        self._tokens: dict[str, str] = {}  # job -> its current send's token, until answered
        self._late: OrderedDict[str, str] = OrderedDict()  # the same, for waiters that gave up
        self.dropped: Counter[str] = Counter(unknown=0, superseded=0, malformed=0)
        self.counts: dict[str, int] = {}
        self._workers: dict[str, WorkerSeen] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._orphans: set[asyncio.Task[None]] = set()
        self._missing: dict[str, float] = {}  # replica -> when its key was first seen missing
        self.error: str | None = "not started"
        self._answered = time.monotonic()  # when Redis last answered a beat
        self._closing = False

    # What the service reads

    @property
    def slots(self) -> int:
        return sum(worker.slots for worker in self._workers.values() if worker.grading)

    @property
    def refusal(self) -> str | None:
        if self.error:
            return f"the grading queue (Redis) is not answering: {self.error}"
        if (silent := time.monotonic() - self._answered) >= REDIS_SILENT_SECONDS:
            return f"the grading queue (Redis) has not answered for {silent:.0f} s"
        if not any(worker.grading for worker in self._workers.values()):
            return "no grading worker is connected"
        return None

    @property
    def refusal_message(self) -> str:
        return f"Grading is unavailable right now ({self.refusal}); this is our fault."

    def cpu_wait_share(self) -> float:
        return 0.0  # learner code never runs here: each worker's slots bound its load

    def state(self) -> dict[str, Any]:
        return {
            "mode": "workers",
            "size": self.slots,
            "busy": len(self._waiting),
            "alive": sum(worker.grading for worker in self._workers.values()),
            "workers": len(self._workers),
            "grading": self.refusal is None,
            "refusal": self.refusal,
        }

    # Life cycle

    async def start(self) -> None:
        try:
            await ensure_group(self.redis, self.keys)
            await self._beat()
        except RedisError as error:
            self.error = cut(str(error), ERROR_CHARS)
            log.error("Redis is not answering at start-up: %s", self.error)
        for loop in (self._read_replies, self._keep_alive):
            self._tasks.append(asyncio.create_task(loop()))

    async def close(self) -> None:
        # redis-py's read timeout sometimes swallows a cancel (the task goes on reading): the
        # loops also stop on `_closing`, within one blocking read.
        self._closing = True
        for task in self._tasks:
            task.cancel()
        await asyncio.wait(self._tasks, timeout=BLOCK_MS / 1000 + 1)
        try:
            await self.redis.delete(self.keys.replica(self.owner))
        except RedisError:
            pass
        await self.redis.aclose(close_connection_pool=True)

    async def _keep_alive(self) -> None:
        while not self._closing:
            await asyncio.sleep(1.0)
            try:
                await self._beat()
            except RedisError as error:
                self.error = cut(str(error), ERROR_CHARS) or type(error).__name__

    async def _beat(self) -> None:
        """Say this replica is alive; read which workers are."""
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.set(self.keys.replica(self.owner), "1", ex=REPLICA_TTL_SECONDS)
            pipe.time()
            pipe.hgetall(self.keys.workers)
            pipe.hgetall(self.keys.counts)
            _, (seconds, micros), seen, counts = await pipe.execute()
        self.counts = {name: int(value) for name, value in counts.items() if value.isdigit()}
        now = seconds + micros / 1e6
        workers: dict[str, WorkerSeen] = {}
        for worker, raw in seen.items():
            try:
                data = json.loads(raw)
                if now - float(data["seen"]) <= WORKER_TTL_SECONDS:
                    workers[worker] = WorkerSeen(
                        int(data["slots"]), bool(data["grading"]), data.get("refusal")
                    )
            except (ValueError, KeyError, TypeError):
                continue
        self._workers = workers
        self.error = None
        self._answered = time.monotonic()

    # Grading

    async def grade(
        self,
        exercise: Exercise,
        source: str,
        job: GradingJob,
        on_test: TestListener | None = None,
    ) -> Report:
        """Send the job, wait for its reply; re-send it if it vanished from Redis. (`on_test`
        is not called here: the worker sends each test's event to the submission's stream.)"""
        sent = GradeJob(
            job=secrets.token_hex(12),
            reply=self.keys.replies(self.owner),
            exercise=exercise.slug,
            code=source,
            tenant=job.tenant,
            submission=job.submission,
            attempt=job.attempt,
        )
        answer = await self._request(sent, f"of submission {job.submission}")
        if not isinstance(answer, GradeReply):
            raise SandboxUnavailable("the worker answered a grading with a scratch run")
        return answer.report

    async def scratch(self, exercise: Exercise, source: str, call: str, tenant: str) -> ScratchRun:
        """A scratch run, on a worker like a grading (learner code never runs here)."""
        sent = ScratchJob(
            job=secrets.token_hex(12),
            reply=self.keys.replies(self.owner),
            exercise=exercise.slug,
            code=source,
            tenant=tenant,
            call=call,
        )
        answer = await self._request(sent, "(a scratch run)")
        if not isinstance(answer, ScratchReply):
            raise SandboxUnavailable("the worker answered a scratch run with a report")
        return answer.scratch

    async def _request(self, job: Job, what: str) -> Reply:
        """Send one job and wait for its reply; re-send it if it vanished from Redis."""
        loop = asyncio.get_running_loop()
        job_id = job.job
        reply: asyncio.Future[Reply] = loop.create_future()
        self._waiting[job_id] = reply
        claim = self.settings.claim_seconds
        deadline = time.monotonic() + self.settings.attempt_stale_seconds
        entry: Queued | None = None
        try:
            entry = await self._send(job)
            while True:
                try:
                    async with asyncio.timeout(claim):
                        answer = await asyncio.shield(reply)
                    break
                except TimeoutError:
                    pass
                if time.monotonic() > deadline:
                    raise SandboxUnavailable("no grading worker answered in time")
                if entry is not None and await self._still_queued(entry):
                    continue
                try:  # gone from the stream: its reply may be on its way to us
                    async with asyncio.timeout(1.0):
                        answer = await asyncio.shield(reply)
                    break
                except TimeoutError:
                    pass
                job = job.model_copy(update={"resends": job.resends + 1})
                log.warning("job %s %s vanished; sent again", job_id, what)
                entry = await self._send(job)
        finally:
            self._waiting.pop(job_id, None)
            if entry is not None:  # where it started is no longer needed (off this task)
                self._background(self._forget(entry))
            if (token := self._tokens.pop(job_id, None)) is not None:  # gave up: kept a while
                self._late[job_id] = token
                while len(self._late) > REPLIES_KEPT:
                    self._late.popitem(last=False)
        times = JOB_TIMES.get()
        if times is not None:
            times.queue_wait += answer.queue_seconds
            times.run += answer.run_seconds
        return answer

    async def _send(self, job: Job) -> Queued | None:
        """Send (or send again) one job with a new token: a reply to an earlier send of it is
        superseded."""
        token = self._tokens[job.job] = secrets.token_hex(8)
        try:
            sent = job.model_copy(update={"token": token})
            return await self.jobs.send(sent, self.keys.started(self.owner))
        except RedisError as error:
            self.error = cut(str(error), ERROR_CHARS) or type(error).__name__
            log.error("could not send a job to Redis: %s", self.error)
            return None  # looked for and sent again at the next check

    async def _forget(self, queued: Queued) -> None:
        try:
            await self.jobs.forget(queued)
        except RedisError:
            pass  # the sweeper deletes the hash with the replica, or a restart with Redis

    def _background(self, work: Coroutine[Any, Any, None]) -> None:
        task: asyncio.Task[None] = asyncio.create_task(work)
        self._orphans.add(task)
        task.add_done_callback(self._orphans.discard)

    async def _still_queued(self, queued: Queued) -> bool:
        try:
            return await self.jobs.alive(queued)
        except RedisError:
            return True  # Redis is away: nothing to learn now; the deadline still holds

    async def _read_replies(self) -> None:
        stream, last = self.keys.replies(self.owner), "0-0"
        while not self._closing:
            try:
                batches = await self.redis.xread({stream: last}, count=100, block=BLOCK_MS)
            except RedisError as error:
                self.error = cut(str(error), ERROR_CHARS) or type(error).__name__
                await asyncio.sleep(0.5)
                continue
            read = entries(batches)
            for entry, fields in read:
                last = entry
                self._deliver(fields)
            if read:
                try:  # read: trimmed, so a replica's stream stays small
                    await self.redis.xtrim(stream, minid=last, approximate=False)
                except RedisError:
                    pass

    def _deliver(self, fields: dict[str, str]) -> None:
        try:
            reply = decode_reply(fields)
        except Malformed as error:
            self.dropped["malformed"] += 1
            log.error("a malformed reply was dropped: %s", error)
            return
        current = self._tokens.get(reply.job) or self._late.get(reply.job)
        if current is None or not secrets.compare_digest(reply.token, current):
            reason = "unknown" if current is None else "superseded"
            self.dropped[reason] += 1
            log.warning("a reply for job %s was dropped (%s)", reply.job[:40], reason)
            return
        self._tokens.pop(reply.job, None)
        self._late.pop(reply.job, None)
        waiting = self._waiting.pop(reply.job, None)
        if waiting is not None and not waiting.done():
            waiting.set_result(reply)
        elif self.on_orphan is not None and isinstance(reply, GradeReply):  # scratch: not kept
            self._background(self.on_orphan(reply))

    # The sweeper's view

    async def gone_replicas(
        self, running: Mapping[str, Collection[str]]
    ) -> dict[str, list[GradeReply]]:
        gone = await self.replicas_gone(sorted(owner for owner in running if owner != self.owner))
        return {owner: await self.salvage(owner, running[owner]) for owner in gone}

    async def replicas_gone(self, owners: list[str]) -> list[str]:
        """Which of these API processes have not said they are alive for `REPLICA_TTL_SECONDS`
        twice over: missing once is not enough (a Redis that restarted empty has lost every
        replica's key until its next beat, a second later)."""
        if not owners:
            return []
        alive = await self.redis.mget([self.keys.replica(owner) for owner in owners])
        now, gone = time.monotonic(), []
        for owner, flag in zip(owners, alive, strict=True):
            if flag is not None:
                self._missing.pop(owner, None)
            elif now - self._missing.setdefault(owner, now) >= REPLICA_TTL_SECONDS:
                gone.append(owner)
        for owner in gone:
            self._missing.pop(owner, None)
        return gone

    async def salvage(self, owner: str, grading: Collection[str]) -> list[GradeReply]:
        """The replies waiting in a dead replica's stream for the submissions it was grading
        (`grading`: its tokens died with it); the others are dropped as `unknown`. Then the
        stream is deleted, and where its jobs started (app/fair_streams.py)."""
        stream = self.keys.replies(owner)
        found = await self.redis.xrange(stream, count=REPLIES_KEPT)
        replies = []
        for _, fields in entries([[stream, found]]):
            try:
                reply = decode_reply(fields)
            except Malformed:
                self.dropped["malformed"] += 1
                continue
            if not isinstance(reply, GradeReply):  # a scratch run's: nobody waits for it now
                continue
            if reply.submission in grading:
                replies.append(reply)
            else:
                self.dropped["unknown"] += 1
        await self.redis.delete(stream, self.keys.started(owner))
        return replies
