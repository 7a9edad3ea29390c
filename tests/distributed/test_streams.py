"""The API side of app/streams.py against a private Redis: which worker replies it takes."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest

from app.backend import GradingJob
from app.live_server import LiveRedis
from app.messages import (
    REPLY_BYTES,
    GradeJob,
    GradeReply,
    ScratchJob,
    ScratchReply,
    decode_job,
    encode,
)
from app.settings import Settings
from app.streams import StreamsBackend
from graders.engine.scratch import scratch_failure
from graders.engine.verdicts import platform_failure_for
from graders.exercise import Exercise

pytestmark = pytest.mark.timeout(60)
REPORT = platform_failure_for("sinusoidal-positional-encoding", "As sent.")
JOB = GradingJob("submission-1", 1, "127.0.0.1")


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveRedis]:
    with LiveRedis(tmp_path / "redis") as started:
        yield started


class Recorded:
    """The backend under test, and the replies it passed on as orphans (to be recorded)."""

    def __init__(self, live: LiveRedis) -> None:
        settings = Settings(redis_url=live.url, claim_seconds=0.2)
        self.orphans: list[GradeReply] = []
        self.backend = StreamsBackend(settings, "replica-test", self._orphan)
        self.redis: Any = self.backend.redis  # text replies (its stubs say bytes | str)

    async def _orphan(self, reply: GradeReply) -> None:
        self.orphans.append(reply)

    async def jobs(self, count: int) -> list[GradeJob | ScratchJob]:
        """Every job sent so far and waiting for its start, once there are `count` of them."""
        sent: list[GradeJob | ScratchJob] = []
        for _ in range(200):
            sent = [
                decode_job(fields)
                async for stream in self.redis.scan_iter(match="gradebox:waiting:*")
                for _, fields in await self.redis.xrange(stream)
            ]
            if len(sent) >= count:
                return sent
            await asyncio.sleep(0.05)
        raise AssertionError(f"{len(sent)} jobs sent, not {count}")

    async def reply(
        self, job: str, token: str, submission: str = "submission-1", stream: str = "replica-test"
    ) -> None:
        reply = GradeReply(job=job, token=token, submission=submission, attempt=1, report=REPORT)
        await self.redis.xadd(f"gradebox:replies:{stream}", encode(reply))

    async def settled(self, done: Callable[[], bool]) -> None:
        deadline = time.monotonic() + 10
        while not done() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.2)  # and nothing more happens


@asynccontextmanager
async def started(live: LiveRedis) -> AsyncIterator[Recorded]:
    recorded = Recorded(live)
    await recorded.backend.start()
    try:
        yield recorded
    finally:
        await recorded.backend.close()


def test_a_reply_for_a_superseded_send_is_dropped_and_counted(
    live: LiveRedis, flagship: Exercise
) -> None:
    async def scenario() -> None:
        async with started(live) as recorded:
            backend = recorded.backend
            grading = asyncio.create_task(backend.grade(flagship, "code", JOB))
            (first,) = await recorded.jobs(1)
            await recorded.redis.delete(f"gradebox:waiting:{JOB.tenant}")  # vanished: sent again
            (again,) = await recorded.jobs(1)
            assert (again.job, again.resends) == (first.job, 1)
            assert again.token != first.token
            await recorded.reply(first.job, first.token)
            await recorded.settled(lambda: backend.dropped["superseded"] > 0)
            assert not grading.done()
            assert recorded.orphans == []
            await recorded.reply(again.job, again.token)
            report = await asyncio.wait_for(grading, 10)
            assert report == REPORT
            assert dict(backend.dropped) == {"superseded": 1, "unknown": 0, "malformed": 0}

    asyncio.run(scenario())


def test_a_reply_for_a_job_never_sent_is_dropped_and_counted(live: LiveRedis) -> None:
    async def scenario() -> None:
        async with started(live) as recorded:
            await recorded.reply("job-never-sent", "0123456789abcdef")
            await recorded.settled(lambda: recorded.backend.dropped["unknown"] > 0)
            assert recorded.orphans == []
            assert dict(recorded.backend.dropped) == {"superseded": 0, "unknown": 1, "malformed": 0}

    asyncio.run(scenario())


def test_a_second_reply_for_an_answered_job_is_dropped_and_counted(
    live: LiveRedis, flagship: Exercise
) -> None:
    async def scenario() -> None:
        async with started(live) as recorded:
            grading = asyncio.create_task(recorded.backend.grade(flagship, "code", JOB))
            (sent,) = await recorded.jobs(1)
            await recorded.reply(sent.job, sent.token)
            await asyncio.wait_for(grading, 10)
            await recorded.reply(sent.job, sent.token)  # a takeover's, say
            await recorded.settled(lambda: recorded.backend.dropped["unknown"] > 0)
            assert recorded.orphans == []
            assert dict(recorded.backend.dropped) == {"superseded": 0, "unknown": 1, "malformed": 0}

    asyncio.run(scenario())


def test_a_late_reply_for_a_waiter_that_gave_up_is_recorded(
    live: LiveRedis, flagship: Exercise
) -> None:
    async def scenario() -> None:
        async with started(live) as recorded:
            grading = asyncio.create_task(recorded.backend.grade(flagship, "code", JOB))
            (sent,) = await recorded.jobs(1)
            grading.cancel()  # as a waiter past its deadline stops waiting
            await asyncio.gather(grading, return_exceptions=True)
            await recorded.reply(sent.job, sent.token)
            await recorded.settled(lambda: bool(recorded.orphans))
            assert [(r.job, r.submission, r.attempt) for r in recorded.orphans] == [
                (sent.job, "submission-1", 1)
            ]
            assert dict(recorded.backend.dropped) == {"superseded": 0, "unknown": 0, "malformed": 0}

    asyncio.run(scenario())


def test_a_dead_replicas_replies_are_salvaged_only_for_what_it_was_grading(
    live: LiveRedis,
) -> None:
    async def scenario() -> None:
        async with started(live) as recorded:
            backend = recorded.backend
            for submission in ("submission-1", "submission-2"):
                await recorded.reply(f"job-{submission}", "", submission, stream="dead")
            await recorded.redis.xadd("gradebox:replies:dead", {"body": "{not json"})
            salvaged = await backend.salvage("dead", {"submission-1"})
            assert [reply.submission for reply in salvaged] == ["submission-1"]
            assert salvaged[0].report == REPORT
            assert dict(backend.dropped) == {"superseded": 0, "unknown": 1, "malformed": 1}
            assert await recorded.redis.exists("gradebox:replies:dead") == 0

    asyncio.run(scenario())


@pytest.mark.parametrize(
    "fields",
    [
        {"body": "{not json"},
        {"body": json.dumps({"kind": "grade", "job": "job-1"})},  # no report
        {"body": json.dumps({"kind": "grade", "job": "job-1", "report": {"verdict": "nope"}})},
        {"body": "[" * 100_000},  # deeper than the parser goes
        {"body": " " * (REPLY_BYTES + 1)},
        {"job": "job-1", "submission": "submission-1", "report": "{}"},  # fields, not a body
    ],
    ids=["not-json", "no-report", "not-a-report", "too-deep", "too-large", "no-body"],
)
def test_an_entry_that_is_not_a_reply_is_dropped_and_counted_and_the_wait_goes_on(
    live: LiveRedis, flagship: Exercise, fields: dict[str, str]
) -> None:
    async def scenario() -> None:
        async with started(live) as recorded:
            grading = asyncio.create_task(recorded.backend.grade(flagship, "code", JOB))
            (sent,) = await recorded.jobs(1)
            await recorded.redis.xadd("gradebox:replies:replica-test", fields)
            await recorded.settled(lambda: recorded.backend.dropped["malformed"] > 0)
            assert not grading.done()
            await recorded.reply(sent.job, sent.token)
            assert await asyncio.wait_for(grading, 10) == REPORT
            assert dict(recorded.backend.dropped) == {"superseded": 0, "unknown": 0, "malformed": 1}

    asyncio.run(scenario())


def test_a_scratch_run_sent_as_a_scratch_job_comes_back_as_its_reply(
    live: LiveRedis, flagship: Exercise
) -> None:
    async def scenario() -> None:
        async with started(live) as recorded:
            running = asyncio.create_task(
                recorded.backend.scratch(flagship, "code", "positional_encoding(2, 2)", "t")
            )
            (sent,) = await recorded.jobs(1)
            assert isinstance(sent, ScratchJob)
            assert (sent.call, sent.tenant, sent.reply) == (
                "positional_encoding(2, 2)",
                "t",
                "gradebox:replies:replica-test",
            )
            run = scratch_failure(flagship.slug, sent.call, "As sent.")
            reply = ScratchReply(job=sent.job, token=sent.token, scratch=run)
            await recorded.redis.xadd("gradebox:replies:replica-test", encode(reply))
            assert await asyncio.wait_for(running, 10) == run

    asyncio.run(scenario())
