"""A submission's results as they happen: server-sent events, resumable with Last-Event-ID."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import APIRouter, Header, Request
from fastapi.sse import EventSourceResponse, ServerSentEvent
from redis.exceptions import RedisError

from app.deps import OwnedSubmissionDep, ServiceDep
from app.events import REPORT, RUN, TEST, Event, replay
from app.messages import ReportEvent, RunEvent, SubmissionEvent, TestEvent
from app.problems import for_learner
from app.service import Service
from app.store import StoredSubmission

router = APIRouter(tags=["submissions"])
STREAM_SECONDS = 600.0  # one connection lasts at most this; a client resumes from its last id
BLOCK_SECONDS = 5.0  # each wait for the next event; then the record is looked at again
# The stream in OpenAPI 3.2's terms as well: each event is named for its kind, and its data is
# that kind's model as JSON (the response's `schema`, for tools that read no `itemSchema`).
ITEMS = {
    "oneOf": [
        {
            "properties": {
                "event": {"const": kind},
                "data": {
                    "contentMediaType": "application/json",
                    "contentSchema": {"$ref": f"#/components/schemas/{model.__name__}"},
                },
            },
            "required": ["event", "data"],
        }
        for kind, model in ((RUN, RunEvent), (TEST, TestEvent), (REPORT, ReportEvent))
    ]
}


def _position(event_id: str) -> tuple[int, ...] | None:
    """Where an id sits in its stream: `7` (in memory) or `1712345678901-0` (Redis)."""
    try:
        return tuple(int(part) for part in event_id.split("-"))
    except ValueError:
        return None


def _sent(event: Event, resumed_after: tuple[int, ...] | None) -> bool:
    position = _position(event.id)
    return resumed_after is not None and position is not None and position <= resumed_after


def _sse(event: Event, with_id: bool = True) -> ServerSentEvent:
    return ServerSentEvent(event=event.kind, data=event.data, id=event.id if with_id else None)


@router.get(
    "/api/submissions/{submission_id}/events",
    response_class=EventSourceResponse,
    responses={
        200: {
            "model": SubmissionEvent,
            "description": "Server-sent events; each one's `data` is one of these (its `kind` "
            "is the event's name).",
        },
        **for_learner(404, s404="No such submission for this learner"),
    },
    openapi_extra={"responses": {"200": {"content": {"text/event-stream": {"itemSchema": ITEMS}}}}},
)
async def submission_events(
    stored: OwnedSubmissionDep,
    request: Request,
    service: ServiceDep,
    last_event_id: Annotated[str | None, Header(max_length=64)] = None,
) -> AsyncIterator[ServerSentEvent]:
    """The submission's grading as it happens, as server-sent events, for its owner only.

    - `run`: a grading run starts (`attempt`, `delivery`, `run`): clear what an earlier run showed.
    - `test`: one test's result as soon as it is decided (`test`: as in the report's `tests`).
    - `report`: the final report (`report`, as docs/report.schema.json); the stream ends after it.

    Every event's data carries its `kind` (the event's name), `attempt`, `delivery` and `run`,
    and events of an earlier run are never sent after a later run's. Send the last `id` you
    received as `Last-Event-ID` to resume: you get exactly the events after it. A submission
    graded long ago is replayed from its stored report (ids `stored-N`).
    """
    async for event in _events(service, stored, last_event_id or "", request):
        yield event


async def _events(
    service: Service, stored: StoredSubmission, after: str, request: Request
) -> AsyncIterator[ServerSentEvent]:
    resumed_after = _position(after) if after else None
    current: tuple[int, int, int] | None = None
    read_from = ""  # from the start every time: a run's events are few, and `current` needs them
    deadline = time.monotonic() + STREAM_SECONDS
    while time.monotonic() < deadline and not await request.is_disconnected():
        try:
            batch = await service.events.read(stored.id, read_from, BLOCK_SECONDS)
        except RedisError:
            batch = None  # the record still answers: wait for it below
        if not batch:
            fresh = await service.stored(service.store.get_submission, stored.id)
            if fresh is not None and fresh.status == "graded" and fresh.report is not None:
                if current is not None:  # recorded, its report event not (yet) in the stream
                    final = dict(zip(("attempt", "delivery", "run"), current, strict=True))
                    data = ReportEvent.model_validate({**final, "report": fresh.report})
                    yield ServerSentEvent(event=REPORT, data=data)
                    return
                # Graded, and its events are gone (or never had a report: set aside by a sweep)
                attempts = await service.stored(service.store.attempts, stored.id)
                attempt = max((number for number, _, _ in attempts), default=1)
                for event in replay(fresh.report, attempt):
                    if not (after.startswith("stored-") and _stored_sent(event, after)):
                        yield _sse(event)
                return
            if batch is None:
                await asyncio.sleep(min(1.0, BLOCK_SECONDS))
            continue
        for event in batch:
            read_from = event.id
            if event.kind == REPORT:  # the first final result is the one recorded
                if not _sent(event, resumed_after):
                    yield _sse(event)
                return
            key = event.run_key
            if current is not None and key < current:
                continue  # a late event of a run that a later one replaced
            new_run, current = key != current, key
            if _sent(event, resumed_after):
                continue
            if new_run and event.kind != RUN:
                attempt, delivery, run = key
                started = RunEvent(attempt=attempt, delivery=delivery, run=run, at=event.data.at)
                yield ServerSentEvent(event=RUN, data=started)
            yield _sse(event)


def _stored_sent(event: Event, after: str) -> bool:
    number = after.removeprefix("stored-")
    return number.isdigit() and int(event.id.removeprefix("stored-")) <= int(number)
