"""The events route's own rules, on a scripted stream: runs never mix, resume skips what was sent."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import pytest

from app.events import REPORT, RUN, TEST, MemoryEvents
from app.messages import ReportEvent, RunEvent, SubmissionEvent, TestEvent
from app.routes.events import _events
from app.store import StoredSubmission
from graders.report import Report, Status, TestResult, Verdict

SUBMISSION = StoredSubmission(
    "s-1", "learner", "ex", "code", "pending", None, 0, 0, None, datetime.now(UTC)
)


class _Request:
    async def is_disconnected(self) -> bool:
        return False


class _Service:
    def __init__(self, events: MemoryEvents) -> None:
        self.events = events


def _run(attempt: int, delivery: int) -> RunEvent:
    return RunEvent(attempt=attempt, delivery=delivery)


def _test(attempt: int, delivery: int, test: str) -> TestEvent:
    result = TestResult(
        id=test, title=test, status=Status.PASSED, message="Right.", message_id="passed"
    )
    return TestEvent(attempt=attempt, delivery=delivery, test=result)


def _report(attempt: int, delivery: int) -> ReportEvent:
    report = Report(exercise="ex", verdict=Verdict.PASSED, tests=[])
    return ReportEvent(attempt=attempt, delivery=delivery, report=report)


def _script(events: MemoryEvents, steps: list[SubmissionEvent]) -> None:
    for event in steps:
        events.append_now(SUBMISSION.id, event)


def _received(events: MemoryEvents, after: str = "") -> list[tuple[str | None, str | None, Any]]:
    async def collect() -> list[tuple[str | None, str | None, Any]]:
        service: Any = _Service(events)
        request: Any = _Request()
        return [
            (sse.id, sse.event, sse.data)
            async for sse in _events(service, SUBMISSION, after, request)
        ]

    return asyncio.run(collect())


# A job taken over mid-run: delivery 2 starts while a late event of delivery 1 still arrives.
TAKEN_OVER: list[SubmissionEvent] = [
    _run(1, 1),
    _test(1, 1, "shape"),
    _run(1, 2),
    _test(1, 2, "shape"),
    _test(1, 1, "bounds"),  # the first worker, still going
    _test(1, 2, "bounds"),
    _report(1, 2),
]


def test_a_later_run_is_never_mixed_with_an_earlier_runs_late_events() -> None:
    events = MemoryEvents()
    _script(events, TAKEN_OVER)
    received = _received(events)
    kinds = [(kind, data.delivery) for _, kind, data in received]
    assert kinds == [
        (RUN, 1), (TEST, 1), (RUN, 2), (TEST, 2), (TEST, 2), (REPORT, 2),
    ]  # fmt: skip
    assert "5" not in [event_id for event_id, _, _ in received]


@pytest.mark.parametrize("after", ["1", "2", "3", "4", "5", "6"])
def test_a_resume_from_any_event_gets_exactly_what_a_whole_read_had_after_it(after: str) -> None:
    events = MemoryEvents()
    _script(events, TAKEN_OVER)
    whole = _received(events)
    resumed = _received(events, after)
    later = [item for item in whole if item[0] is not None and int(item[0]) > int(after)]
    assert [item for item in resumed if item[0] is not None] == later


def test_a_resume_that_enters_a_new_run_is_told_the_run_changed() -> None:
    events = MemoryEvents()
    # No `run` event for delivery 2 (a worker that died before sending it): one is made up.
    _script(events, [step for step in TAKEN_OVER if step != _run(1, 2)])
    received = _received(events, after="2")
    assert received[0][:2] == (None, RUN)
    assert isinstance(received[0][2], RunEvent)
    assert received[0][2].run_key == (1, 2, 1)
