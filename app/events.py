"""A submission's events as they happen: appended by whoever grades it, read by the SSE route.

Three kinds, each a model of app/messages.py carrying `attempt`, `delivery` and `run` (which
grading of the submission it belongs to: a job may be delivered twice, and a starved run is run
again):

  run      a grading run starts: a client clears what an earlier run showed (`RunEvent`)
  test     one test's result, as soon as the grader decided it (`TestEvent`)
  report   the final report, after which nothing more is sent (`ReportEvent`)

Two stores: `MemoryEvents` (the embedded mode: this process, the latest `MEMORY_SUBMISSIONS`
submissions) and `RedisEvents` (one stream per submission, `{prefix}:events:{id}`, appended by
the worker that grades it and readable from any replica, kept `events_seconds` after its last
event and trimmed to about its last `EVENTS_KEPT`; an entry that is not an event is logged and
skipped). Event streams are the only Redis keys of gradings with a TTL, so a Redis full to its
`maxmemory` under `volatile-lru` evicts them and never a job or a reply. An event's id is its position (memory) or its
stream entry id (Redis): the SSE id a client resumes from. A submission whose events are gone is
replayed from its stored report (`replay`).
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Protocol

from redis.asyncio import Redis

from app.messages import (
    Malformed,
    ReportEvent,
    RunEvent,
    SubmissionEvent,
    TestEvent,
    decode_event,
    encode_event,
    stamped,
)
from app.transport import EVENTS_KEPT, entries
from graders.engine.grader import TestListener
from graders.report import TestResult

log = logging.getLogger("gradebox.events")

RUN, TEST, REPORT = "run", "test", "report"
MEMORY_SUBMISSIONS = 2000  # submissions whose events the embedded mode keeps
MEMORY_EVENTS = 200  # events kept per submission (a run has one per test, plus two)


@dataclass(frozen=True)
class Event:
    """One event as kept: its id (the SSE id) and what it says."""

    id: str
    data: SubmissionEvent

    @property
    def kind(self) -> str:
        return self.data.kind

    @property
    def run_key(self) -> tuple[int, int, int]:
        """Which run it belongs to, in the order runs happen."""
        return self.data.run_key


class Events(Protocol):
    async def append(self, submission: str, event: SubmissionEvent) -> None: ...

    async def read(self, submission: str, after: str, block_seconds: float) -> list[Event] | None:
        """Events after id `after` ("" for all), waiting up to `block_seconds` for one;
        None if this store has nothing for the submission (never had, or forgot)."""
        ...

    def listener(self, submission: str, attempt: int | None) -> TestListener | None:
        """Where a grading run in this process sends each test as it is decided (after a
        `run` event), or None where the grader sends its own events (a worker)."""
        ...

    def reported(self, submission: str, attempt: int | None, report: dict[str, Any]) -> None:
        """The final report of a grading `listener` followed (nothing where it gave None)."""
        ...


class MemoryEvents:
    """The embedded mode's events, in this process."""

    def __init__(self) -> None:
        self._events: OrderedDict[str, list[Event]] = OrderedDict()
        self._changed: dict[str, asyncio.Event] = {}
        self._runs: dict[str, int] = {}  # submission -> its run being graded

    def listener(self, submission: str, attempt: int | None) -> TestListener:
        run = RunEvent(attempt=attempt or 1)
        self.append_now(submission, run)
        self._runs[submission] = 1

        def decided(number: int, result: TestResult) -> None:
            if number != self._runs.get(submission, 1):  # a starved run run again
                self._runs[submission] = number
                self.append_now(submission, run.model_copy(update={"run": number}))
            self.append_now(submission, TestEvent(attempt=run.attempt, run=number, test=result))

        return decided

    def reported(self, submission: str, attempt: int | None, report: dict[str, Any]) -> None:
        run = {"attempt": attempt or 1, "run": self._runs.pop(submission, 1)}
        self.append_now(submission, ReportEvent.model_validate({**run, "report": report}))

    def append_now(self, submission: str, event: SubmissionEvent) -> None:
        events = self._events.get(submission)
        if events is None:
            events = self._events[submission] = []
            while len(self._events) > MEMORY_SUBMISSIONS:
                forgotten, _ = self._events.popitem(last=False)
                self._changed.pop(forgotten, None)
        if len(events) < MEMORY_EVENTS or event.kind == REPORT:
            events.append(Event(str(len(events) + 1), stamped(event)))
        changed = self._changed.pop(submission, None)
        if changed is not None:
            changed.set()

    async def append(self, submission: str, event: SubmissionEvent) -> None:
        self.append_now(submission, event)

    async def read(self, submission: str, after: str, block_seconds: float) -> list[Event] | None:
        events = self._events.get(submission)
        if events is None:
            return None
        start = int(after) if after.isdigit() else 0
        if len(events) <= start and block_seconds > 0:
            changed = self._changed.setdefault(submission, asyncio.Event())
            try:
                async with asyncio.timeout(block_seconds):
                    await changed.wait()
            except TimeoutError:
                pass
            events = self._events.get(submission, [])
        return events[start:]


class RedisEvents:
    """Events in one Redis stream per submission (the distributed mode)."""

    def __init__(self, redis: Redis, prefix: str, seconds: int) -> None:
        self.redis, self.prefix = redis, prefix
        self.seconds = seconds  # a stream lives this long after its last event

    def key(self, submission: str) -> str:
        return f"{self.prefix}:events:{submission}"

    def listener(self, submission: str, attempt: int | None) -> None:
        return None  # the worker that grades it appends them

    def reported(self, submission: str, attempt: int | None, report: dict[str, Any]) -> None:
        return None

    async def append(self, submission: str, event: SubmissionEvent) -> None:
        await self.append_many(submission, [event])

    async def append_many(self, submission: str, events: list[SubmissionEvent]) -> None:
        """Several events in order, in one round trip."""
        key = self.key(submission)
        async with self.redis.pipeline(transaction=True) as pipe:
            for event in events:
                fields = encode_event(stamped(event))
                pipe.xadd(key, fields, maxlen=EVENTS_KEPT, approximate=True)  # type: ignore[arg-type]
            pipe.expire(key, self.seconds)
            await pipe.execute()

    async def read(self, submission: str, after: str, block_seconds: float) -> list[Event] | None:
        key = self.key(submission)
        answer = await self.redis.xread(
            {key: after or "0-0"}, count=100, block=max(1, round(block_seconds * 1000))
        )
        found = []
        for entry, fields in entries(answer):
            try:
                found.append(Event(entry, decode_event(fields)))
            except Malformed as error:
                log.error("event %s of submission %s was skipped: %s", entry, submission, error)
        if not found and not await self.redis.exists(key):
            return None
        return found


def replay(report: dict[str, Any], attempt: int | None) -> list[Event]:
    """The events of a graded submission, rebuilt from its stored report (ids `stored-N`)."""
    run = RunEvent(attempt=attempt or 1)
    rebuilt: list[SubmissionEvent] = [run]
    which = {"attempt": run.attempt}
    tests = report.get("tests", [])
    rebuilt += [TestEvent.model_validate({**which, "test": test}) for test in tests]
    rebuilt.append(ReportEvent.model_validate({**which, "report": report}))
    return [Event(f"stored-{n}", event) for n, event in enumerate(rebuilt, 1)]
