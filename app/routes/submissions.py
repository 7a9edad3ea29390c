"""Submissions: grade one, read one back, list a learner's history."""

from __future__ import annotations

import asyncio
import re
import time
from typing import Annotated, Any

from fastapi import APIRouter, Header, Query, Response

from app.deps import AddressDep, ExerciseDep, LearnerDep, OwnedSubmissionDep, ServiceDep
from app.problems import Invalid, PayloadTooLarge, for_learner
from app.schemas import HistoryItem, HistoryPage, SubmissionIn, SubmissionOut
from app.store import StoredSubmission
from graders.digest import exercise_version
from graders.markdown import render
from graders.protocol.limits import source_too_large
from graders.protocol.utf8 import has_lone_surrogates

router = APIRouter(tags=["submissions"])


def _out(stored: StoredSubmission) -> SubmissionOut:
    report = stored.report or {"exercise": stored.exercise, "verdict": None, "tests": []}
    fields = {key: value for key, value in report.items() if key not in ("passed", "total")}
    fields["tests"] = [_rendered(test) for test in fields["tests"]]
    return SubmissionOut(
        **fields, id=stored.id, created_at=stored.created_at, code=stored.code, status=stored.status
    )


def _rendered(test: dict[str, Any]) -> dict[str, Any]:
    """A report stored before diagnoses carried `explanation_html` gets it rendered now."""
    diagnosis = test.get("diagnosis")
    if not diagnosis or diagnosis.get("explanation_html"):
        return test
    html = render(diagnosis.get("explanation", ""))
    return {**test, "diagnosis": {**diagnosis, "explanation_html": html}}


@router.post(
    "/api/exercises/{slug}/submissions",
    status_code=201,
    responses={
        202: {
            "model": SubmissionOut,
            "description": "Sent `Prefer: respond-async`: stored and being graded. `Location` "
            "is the submission, `Link` (rel=monitor) its events (text/event-stream).",
        },
        **for_learner(
            404,
            413,
            422,
            s404="Unknown exercise",
            s413="Code over the size limit",
            s422="Invalid body, or an Idempotency-Key reused for other code",
            s429="Too many submissions, or this client's share of the queue is taken: Retry-After",
            s503="The queue is full, or the database is not answering: see Retry-After",
        ),
    },
)
async def submit(
    body: SubmissionIn,
    exercise: ExerciseDep,
    service: ServiceDep,
    learner: LearnerDep,
    address: AddressDep,
    response: Response,
    prefer: Annotated[
        str | None,
        Header(
            max_length=200,
            description="`respond-async`: answer 202 at once and grade on (follow the events).",
        ),
    ] = None,
    idempotency_key: Annotated[
        str | None,
        Header(
            max_length=255,
            description="A key of yours (printable ASCII, at most 255): a retried POST with the "
            "same key returns the first submission instead of making another. Kept a day.",
        ),
    ] = None,
) -> SubmissionOut:
    """Grade one submission and return its report (docs/report.schema.json) with its id.

    With `Prefer: respond-async`: 202 at once, with the pending submission; its results
    arrive at `GET /api/submissions/{id}/events` as they happen.
    """
    check_code(body.code, exercise.limits.source_bytes)
    if idempotency_key is not None and not _KEY.fullmatch(idempotency_key):
        raise Invalid(
            "Idempotency-Key: use 1 to 255 printable ASCII characters.",
            code="invalid-idempotency-key",
        )
    began = time.perf_counter()
    started = await service.start(learner, exercise, body.code, address, idempotency_key)
    stored = started.submission
    response.headers["Location"] = f"/api/submissions/{stored.id}"
    response.headers["Link"] = f'</api/submissions/{stored.id}/events>; rel="monitor"'
    if started.replayed:
        response.headers["Idempotent-Replayed"] = "true"
    if prefer is not None and "respond-async" in _preferences(prefer):
        response.status_code = 202
        response.headers["Preference-Applied"] = "respond-async"
        return _out(stored)
    if started.grading is None:  # a replay graded already, or being graded by another process
        if stored.status == "pending":
            response.status_code = 202
        return _out(stored)
    graded = await asyncio.shield(started.grading)
    stored, times = graded.submission, graded.times
    handled_ms = (time.perf_counter() - began) * 1000
    # The edge middleware adds `total` for the whole request, reading to response start.
    response.headers["Server-Timing"] = (
        f'queue;dur={times.queue_wait * 1000:.1f};desc="waiting for a sandbox", '
        f'sandbox;dur={times.run * 1000:.1f};desc="running your code", '
        f"grade;dur={(stored.report or {}).get('duration_ms', 0)}, "
        f"handler;dur={handled_ms:.1f}"
    )
    return _out(stored)


def check_code(code: str, limit: int) -> None:
    """Refuse code the sandbox should never see: over the exercise's `limit` of bytes (413,
    worded as the grader and the page word it), not plain text (422)."""
    if refused := source_too_large(code, limit):
        raise PayloadTooLarge(refused, code="code-too-large")
    if "\x00" in code:
        raise Invalid("code: contains a NUL byte; submit plain Python source.", code="nul-byte")
    if has_lone_surrogates(code):
        raise Invalid(
            "code: is not valid UTF-8 text (it contains lone surrogates).", code="not-utf-8"
        )


_KEY = re.compile(r"[\x21-\x7e]{1,255}")


def _preferences(prefer: str) -> set[str]:
    """The preference tokens of a `Prefer` header (RFC 7240), lower-cased, parameters dropped."""
    return {part.split(";")[0].split("=")[0].strip().lower() for part in prefer.split(",")}


@router.get(
    "/api/submissions/{submission_id}",
    responses=for_learner(404, s404="No such submission for this learner"),
)
async def get_submission(stored: OwnedSubmissionDep) -> SubmissionOut:
    """A stored submission and its report, for its owner only."""
    return _out(stored)


@router.get(
    "/api/exercises/{slug}/submissions",
    responses=for_learner(404, 422, s404="Unknown exercise"),
)
async def history(
    exercise: ExerciseDep,
    service: ServiceDep,
    learner: LearnerDep,
    limit: Annotated[int, Query(ge=1, le=100)] = 20,
    offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
) -> HistoryPage:
    """This learner's submissions for the exercise, newest first."""
    rows, total = await service.stored(service.store.history, learner, exercise.slug, limit, offset)
    version = exercise_version(exercise)
    items = [
        HistoryItem(
            id=row.id,
            created_at=row.created_at,
            verdict=row.verdict,
            passed=row.passed,
            total=row.total,
            exercise_version=row.exercise_version,
            current=row.graded_by(version),
        )
        for row in rows
    ]
    return HistoryPage(items=items, total=total, limit=limit, offset=offset)
