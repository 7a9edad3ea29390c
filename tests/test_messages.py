"""app/messages.py: every message round-trips its wire form; an entry that is not one is refused
unread when too large, and never crashes its reader; the OpenAPI document names the events."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable, Mapping
from typing import Any

import pytest
from pydantic import BaseModel

from app.messages import (
    EVENT_BYTES,
    JOB_BYTES,
    REPLY_BYTES,
    GradeJob,
    GradeReply,
    Malformed,
    ReportEvent,
    RunEvent,
    ScratchJob,
    ScratchReply,
    TestEvent,
    decode_event,
    decode_job,
    decode_reply,
    encode,
    encode_event,
    stamped,
)
from graders.engine.scratch import scratch_failure
from graders.engine.verdicts import platform_failure_for
from graders.report import Report, Status, TestResult, Verdict
from tests.conftest import ROOT

FLAGSHIP = "sinusoidal-positional-encoding"
RESULT = TestResult(
    id="shape",
    title="Shape",
    status=Status.FAILED,
    message="Got (2, 3).",
    message_id="shape-differs",
    call="f(2, 3)",
)
REPORT = Report(exercise=FLAGSHIP, verdict=Verdict.FAILED, tests=[RESULT], stdout="hi\n")
CODE = "def f(x):\n    return 'caf\u00e9 \U0001f600 \ud800'  # a lone surrogate, as JSON allows\n"
JOBS: list[GradeJob | ScratchJob] = [
    GradeJob(job="j1", token="t", reply="p:replies:r", exercise=FLAGSHIP, code=CODE,
             tenant="10.0.0.1", submission="s1", attempt=2, resends=1),
    GradeJob(job="j2", reply="p:replies:r", exercise=FLAGSHIP, code="", submission="s2"),
    ScratchJob(job="j3", token="t", reply="p:replies:r", exercise=FLAGSHIP, code=CODE,
               call="positional_encoding(2, 2)"),
]  # fmt: skip
REPLIES: list[GradeReply | ScratchReply] = [
    GradeReply(job="j1", token="t", worker="w", queue_seconds=0.25, run_seconds=1.5,
               submission="s1", attempt=2, report=REPORT),
    GradeReply(job="j2", submission="s2", report=platform_failure_for(FLAGSHIP, "Broken.")),
    ScratchReply(job="j3", token="t", scratch=scratch_failure(FLAGSHIP, "f(1)", "No calls.")),
]  # fmt: skip
EVENTS: list[RunEvent | TestEvent | ReportEvent] = [
    RunEvent(attempt=1, delivery=2, run=3),
    TestEvent(attempt=1, delivery=2, run=3, test=RESULT),
    ReportEvent(attempt=1, delivery=2, run=3, report=REPORT),
]


def _name(message: BaseModel) -> str:
    return type(message).__name__ + "-" + getattr(message, "job", getattr(message, "kind", ""))


@pytest.mark.parametrize("job", JOBS, ids=_name)
def test_a_job_round_trips_its_entry(job: GradeJob | ScratchJob) -> None:
    assert decode_job(encode(job)) == job


@pytest.mark.parametrize("reply", REPLIES, ids=_name)
def test_a_reply_round_trips_its_entry(reply: GradeReply | ScratchReply) -> None:
    assert decode_reply(encode(reply)) == reply


@pytest.mark.parametrize("event", EVENTS, ids=_name)
def test_an_event_round_trips_its_entry(event: RunEvent | TestEvent | ReportEvent) -> None:
    entry = encode_event(event)
    assert entry["kind"] == event.kind
    assert decode_event(entry) == event


def test_a_reply_carries_the_report_as_its_contract_and_reads_it_back() -> None:
    body = json.loads(encode(REPLIES[0])["body"])
    assert body["report"] == REPORT.to_dict()  # `passed` and `total` too, as the page reads them
    reply = decode_reply(encode(REPLIES[0]))
    assert isinstance(reply, GradeReply)
    assert (reply.report.passed, reply.report.total) == (0, 1)


def test_an_event_from_before_the_data_named_its_kind_is_read_by_the_entrys_kind() -> None:
    data = {"attempt": 1, "delivery": 1, "run": 1, "test": RESULT.model_dump(mode="json")}
    assert decode_event({"kind": "test", "data": json.dumps(data)}) == TestEvent(test=RESULT)


def test_fields_a_newer_sender_adds_are_ignored() -> None:
    body = json.loads(encode(JOBS[1])["body"]) | {"priority": "high"}
    assert decode_job({"body": json.dumps(body)}) == JOBS[1]


def test_stamping_says_when_an_event_was_sent() -> None:
    sent = stamped(EVENTS[0])
    assert sent.at > 0
    assert EVENTS[0].at == 0.0
    assert sent.model_copy(update={"at": 0.0}) == EVENTS[0]


def _body(value: Any) -> dict[str, str]:
    return {"body": json.dumps(value)}


NOT_JOBS = {
    "no-body": {"job": "j1", "kind": "grade", "code": "x = 1"},  # the fields of old
    "not-json": {"body": "{not json"},
    "not-an-object": _body(["grade"]),
    "unknown-kind": _body({"kind": "nonsense", "job": "j1"}),
    "no-code": _body({"kind": "grade", "job": "j1", "reply": "r", "exercise": "e", "submission": "s"}),
    "attempt-not-a-number": _body(
        {"kind": "grade", "job": "j1", "reply": "r", "exercise": "e", "code": "", "submission": "s",
         "attempt": "first"}
    ),
    "too-deep": {"body": "[" * 100_000},
}  # fmt: skip
NOT_REPLIES = {
    "no-body": {"job": "j1", "submission": "s1", "report": "{}"},
    "not-json": {"body": "{not json"},
    "no-report": _body({"kind": "grade", "job": "j1", "submission": "s1"}),
    "not-a-report": _body({"kind": "grade", "job": "j1", "submission": "s1", "report": {}}),
    "a-scratch-run-without-one": _body({"kind": "scratch", "job": "j1"}),
    "too-deep": {"body": "{" * 100_000},
}
NOT_EVENTS = {
    "no-data": {"kind": "run"},
    "not-json": {"kind": "run", "data": "{"},
    "unknown-kind": {"kind": "progress", "data": "{}"},
    "no-test": {"kind": "test", "data": "{}"},
    "run-not-a-number": {"kind": "run", "data": json.dumps({"run": "third"})},
}

Decoder = Callable[[Mapping[str, str]], object]


@pytest.mark.parametrize(
    ("decode", "fields"),
    [(decode_job, fields) for fields in NOT_JOBS.values()]
    + [(decode_reply, fields) for fields in NOT_REPLIES.values()]
    + [(decode_event, fields) for fields in NOT_EVENTS.values()],
    ids=[f"job-{name}" for name in NOT_JOBS]
    + [f"reply-{name}" for name in NOT_REPLIES]
    + [f"event-{name}" for name in NOT_EVENTS],
)
def test_an_entry_that_is_not_its_message_is_malformed(
    decode: Decoder, fields: dict[str, str]
) -> None:
    with pytest.raises(Malformed):
        decode(fields)


@pytest.mark.parametrize(
    ("decode", "entry", "bound"),
    [
        (decode_job, encode(JOBS[0]), JOB_BYTES),
        (decode_reply, encode(REPLIES[0]), REPLY_BYTES),
        (decode_event, encode_event(EVENTS[2]), EVENT_BYTES),
    ],
    ids=["job", "reply", "event"],
)
def test_an_entry_over_its_bound_is_refused_before_it_is_parsed(
    decode: Decoder, entry: dict[str, str], bound: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    field = "body" if "body" in entry else "data"
    padded = {**entry, field: entry[field][:-1] + " " * bound + "}"}  # valid JSON, too long

    def never(raw: str) -> object:
        raise AssertionError("parsed")

    monkeypatch.setattr("app.messages.json.loads", never)
    with pytest.raises(Malformed, match=f"at most {bound}"):
        decode(padded)


def test_the_openapi_document_names_each_event_payload_by_its_kind() -> None:
    from app.main import create_app

    document = create_app().openapi()
    events = document["paths"]["/api/submissions/{submission_id}/events"]["get"]
    stream = events["responses"]["200"]["content"]["text/event-stream"]
    mapping = {
        "run": "#/components/schemas/RunEvent",
        "test": "#/components/schemas/TestEvent",
        "report": "#/components/schemas/ReportEvent",
    }
    assert stream["schema"]["discriminator"] == {"propertyName": "kind", "mapping": mapping}
    items = stream["itemSchema"]["oneOf"]
    named = {item["properties"]["event"]["const"]: item["properties"]["data"] for item in items}
    assert {kind: data["contentSchema"]["$ref"] for kind, data in named.items()} == mapping
    schemas = document["components"]["schemas"]
    for kind, ref in mapping.items():
        schema = schemas[ref.rsplit("/", 1)[1]]
        assert schema["properties"]["kind"]["const"] == kind
        assert {"kind", "attempt", "delivery", "run", "at"} <= set(schema["required"])
    assert schemas["TestEvent"]["properties"]["test"]["$ref"] == "#/components/schemas/TestResult"
    assert schemas["ReportEvent"]["properties"]["report"]["$ref"] == "#/components/schemas/Report"
    committed = json.loads((ROOT / "docs" / "openapi.json").read_text(encoding="utf-8"))
    assert committed["paths"]["/api/submissions/{submission_id}/events"] == json.loads(
        json.dumps(document["paths"]["/api/submissions/{submission_id}/events"])
    ), "docs/openapi.json is stale: run `make contracts && make assets`"


def test_gradebox_grade_never_loads_the_messages() -> None:
    # `gradebox grade` from a cold shell must stay quick: the messages build pydantic schemas
    # (TypeAdapters) when imported, which a grading on the command line has no use for.
    solution = ROOT / "exercises" / FLAGSHIP / "solution.py"
    probe = (
        "import runpy, sys\n"
        f"sys.argv = ['gradebox', 'grade', {FLAGSHIP!r}, {str(solution)!r}]\n"
        "try:\n"
        "    runpy.run_module('app.cli', run_name='__main__')\n"
        "except SystemExit as end:\n"
        "    assert not end.code, end.code\n"
        "loaded = [m for m in sys.modules if m in ('app.messages', 'app.transport', 'fastapi')]\n"
        "print('loaded:', sorted(loaded), file=sys.stderr)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "passed" in result.stdout.lower()  # it graded
    assert "loaded: []" in result.stderr
