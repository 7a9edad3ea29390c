"""The messages that cross Redis and the event stream, each one model: jobs, replies, events.

A replica sends a job (`GradeJob`, `ScratchJob`) to the job stream; the worker that grades it
sends a reply (`GradeReply`, `ScratchReply`) to the replica's reply stream, and a submission's
events (`RunEvent`, `TestEvent`, `ReportEvent`: the SSE payloads, which the OpenAPI document
names) to its event stream. On the wire (app/transport.py names the streams):

  job entry     {"body": the job as JSON}
  reply entry   {"body": the reply as JSON}
  event entry   {"kind": run | test | report, "data": the event as JSON}

`decode_job`, `decode_reply` and `decode_event` check an entry's size before they parse it and
raise `Malformed` for anything that is not the message it should be: the reader drops it and
counts or logs it. Fields a newer sender adds are ignored, so a mixed deploy keeps working.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter

from graders.protocol.text import ERROR_CHARS, cut
from graders.report import Report, TestResult
from graders.scratch import ScratchRun

# Entries larger than these are refused unread (characters of the JSON, which is ASCII).
JOB_BYTES = 8 * 2**20  # learner code is bounded far below this (Settings.max_code_bytes)
REPLY_BYTES = 8 * 2**20  # reports and scratch runs are far smaller
EVENT_BYTES = 8 * 2**20  # one event: a test's entry, or the whole report


class Malformed(ValueError):
    """An entry that is not the message it should be (too large, not JSON, not the model)."""


class _Message(BaseModel):
    # Fields with defaults are always sent, so the schema says they are there.
    model_config = ConfigDict(
        frozen=True, extra="ignore", json_schema_serialization_defaults_required=True
    )


def _sent_report(value: Any) -> Any:
    """A report as sent (`Report.to_dict`) carries `passed` and `total`, which it computes."""
    if isinstance(value, dict):
        return {key: item for key, item in value.items() if key not in ("passed", "total")}
    return value


SentReport = Annotated[Report, BeforeValidator(_sent_report)]


# Jobs: a replica to whichever worker takes it


class _Job(_Message):
    job: str = Field(description="The job's id: the replica waits for the reply that names it.")
    token: str = Field("", description="This send's, fresh on each: the reply echoes it.")
    reply: str = Field(description="The stream the reply goes to (the sending replica's).")
    resends: int = Field(0, description="How often the replica sent it again (it vanished).")
    exercise: str
    code: str
    tenant: str = Field("?", description="Whose turn in the worker's fair queue it is.")


class GradeJob(_Job):
    """Grade a stored submission."""

    kind: Literal["grade"] = "grade"
    submission: str
    attempt: int | None = Field(None, description="The attempt row; None if none was made.")


class ScratchJob(_Job):
    """Run one call of the learner's own (nothing is stored)."""

    kind: Literal["scratch"] = "scratch"
    call: str


Job = Annotated[GradeJob | ScratchJob, Field(discriminator="kind")]


# Replies: the worker to the replica that sent the job


class _Reply(_Message):
    job: str
    token: str = Field("", description="The send's: a reply to a superseded send is dropped.")
    worker: str = ""
    queue_seconds: float = 0.0
    run_seconds: float = 0.0


class GradeReply(_Reply):
    """A grading's report."""

    kind: Literal["grade"] = "grade"
    submission: str
    attempt: int | None = None
    report: SentReport


class ScratchReply(_Reply):
    """A scratch run's result."""

    kind: Literal["scratch"] = "scratch"
    scratch: ScratchRun


Reply = Annotated[GradeReply | ScratchReply, Field(discriminator="kind")]


# Events: a submission's grading as it happens (the SSE route's payloads)


class _Event(_Message):
    attempt: int = Field(1, description="The grading attempt (a sweep grades again).")
    delivery: int = Field(1, description="Which delivery of the attempt's job (a takeover).")
    run: int = Field(1, description="Which run of the delivery (a starved run runs again).")
    at: float = Field(0.0, description="When it was sent, in Unix seconds.")

    @property
    def run_key(self) -> tuple[int, int, int]:
        """Which run it belongs to, in the order runs happen."""
        return (self.attempt, self.delivery, self.run)


class RunEvent(_Event):
    """A grading run starts: clear what an earlier run showed."""

    kind: Literal["run"] = "run"


class TestEvent(_Event):
    """One test's result, as soon as the grader decided it."""

    __test__ = False  # not a pytest class

    kind: Literal["test"] = "test"
    test: TestResult = Field(description="As in the report's `tests`.")


class ReportEvent(_Event):
    """The final report; nothing is sent after it."""

    kind: Literal["report"] = "report"
    report: SentReport


SubmissionEvent = Annotated[RunEvent | TestEvent | ReportEvent, Field(discriminator="kind")]
M = TypeVar("M")
E = TypeVar("E", bound=_Event)
_JOBS: TypeAdapter[Job] = TypeAdapter(Job)
_REPLIES: TypeAdapter[Reply] = TypeAdapter(Reply)
_EVENTS: TypeAdapter[SubmissionEvent] = TypeAdapter(SubmissionEvent)


def _json(message: BaseModel) -> str:
    # The standard library's JSON, not pydantic's: code may hold a lone surrogate, which
    # it writes as an escape (pydantic refuses it).
    return json.dumps(message.model_dump(mode="json"))


def encode(message: Job | Reply) -> dict[str, str]:
    """A job's or a reply's stream entry."""
    return {"body": _json(message)}


def encode_event(event: SubmissionEvent) -> dict[str, str]:
    """An event's stream entry."""
    return {"kind": event.kind, "data": _json(event)}


def stamped(event: E) -> E:
    """`event` with the moment it was sent (`at`): the bench measures delivery."""
    return event.model_copy(update={"at": round(time.time(), 6)})


def _parsed(adapter: TypeAdapter[M], raw: str | None, bound: int, what: str, **known: Any) -> M:
    if raw is None:
        raise Malformed(f"the {what} entry has no JSON")
    if len(raw) > bound:
        raise Malformed(f"the {what} is {len(raw)} characters long (at most {bound})")
    try:
        value = json.loads(raw)
        if known and isinstance(value, dict):
            value = {**known, **value}
        return adapter.validate_python(value)
    except (ValueError, RecursionError) as error:  # pydantic's ValidationError is a ValueError
        raise Malformed(f"not the {what} it should be: {cut(str(error), ERROR_CHARS)}") from None


def decode_job(fields: Mapping[str, str]) -> Job:
    return _parsed(_JOBS, fields.get("body"), JOB_BYTES, "job")


def decode_reply(fields: Mapping[str, str]) -> Reply:
    return _parsed(_REPLIES, fields.get("body"), REPLY_BYTES, "reply")


def decode_event(fields: Mapping[str, str]) -> SubmissionEvent:
    # The entry's kind fills in for events written before the data carried it.
    kind = fields.get("kind", "")
    return _parsed(_EVENTS, fields.get("data"), EVENT_BYTES, "event", kind=kind)
