"""The report: the versioned contract returned by the CLI and the API.

These models are the one source of the contract. The API's response models are these models,
`docs/report.schema.json` is exported from them (and the golden files are validated against
it), and the page's types are generated from the OpenAPI document that embeds them. An added
field keeps `version: 1`; a removed or renamed one makes it version 2.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, computed_field, model_validator

from graders.message_ids import PASSED, STORED_WITHOUT_ID

REPORT_VERSION = 1
_CONTRACT_ORDER = (
    "version", "exercise", "exercise_version", "verdict", "passed", "total", "error", "tests",
    "stdout", "stdout_truncated", "duration_ms",
)  # fmt: skip


class Verdict(StrEnum):
    """The outcome of one submission."""

    PASSED = "passed"
    FAILED = "failed"  # a test failed
    ERROR = "error"  # the code could not be loaded
    TIMED_OUT = "timed_out"
    INTERNAL_ERROR = "internal_error"  # ours; never blamed on the learner


class Status(StrEnum):
    """The outcome of one test."""

    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"  # the learner's code raised while the test ran
    TIMED_OUT = "timed_out"
    SKIPPED = "skipped"  # could not run because the code never loaded


class _Contract(BaseModel):
    # Fields with defaults are always sent: the schema says so, so clients may rely on them.
    model_config = ConfigDict(
        frozen=True, extra="forbid", json_schema_serialization_defaults_required=True
    )


class Preview(_Contract):
    """A capped view of an array for the page's tables and heatmaps."""

    shape: list[int]
    dtype: str
    values: Any = Field(
        description='Nested lists capped at 64 x 64 (or a scalar); "NaN", "Infinity" and '
        '"-Infinity" stand for non-finite values.'
    )
    truncated: bool = Field(description="Whether the array is larger than the values shown.")


class Diagnosis(_Contract):
    """A known mistake that the learner's output matches."""

    id: str
    title: str
    explanation: str = Field(description="Markdown addressed to the learner.")
    explanation_html: str = Field(
        "", description="The explanation rendered (raw HTML escaped; math left as $...$)."
    )
    hint: int | None = Field(
        None,
        description="The hint that addresses this mistake, if any (showing it also unlocks "
        "every earlier hint).",
    )
    tip: str = Field(
        "", description="Markdown: a targeted nudge that unlocks no hint; may be empty."
    )
    tip_html: str = Field("", description="The tip rendered, like `explanation_html`.")
    # Every known mistake that matched this test (not sent): the report settles on the one
    # whose pattern of failed tests is the learner's (graders.engine.diagnosis.settle).
    _candidates: tuple[Diagnosis, ...] = PrivateAttr(default=())
    # Named by an analysis, not matched as a known mistake's file (not sent): an analysis may
    # give a finding a mistake's id, and `settle` must not rule it out as that file's outcome.
    _analysed: bool = PrivateAttr(default=False)


class LoadError(_Contract):
    """Why the learner's code could not be loaded (verdict `error`)."""

    type: str
    message: str
    line: int | None = None


class TestResult(_Contract):
    """One test's outcome, with a message that teaches."""

    __test__ = False  # not a pytest class

    id: str = Field(description="Stable across versions: the flagship's six are API.")
    title: str
    status: Status
    message: str = Field(
        description="What was called, what came back, what was expected, and the tolerance."
    )
    message_id: str = Field(
        description="What the message says, as a stable id a program can act on while the "
        "wording changes: `passed`, a library id (`shape-differs`, `call-raised`, ...), the "
        "exercise's own message id, or how the run ended (`learner-cpu`, `sandbox-failed`, "
        "...). docs/authoring.md lists them."
    )
    call: str | None = None
    line: int | None = None
    tolerance: float | None = None
    got: Preview | None = None
    expected: Preview | None = None
    diagnosis: Diagnosis | None = None

    @model_validator(mode="before")
    @classmethod
    def _stored_before_ids(cls, data: Any) -> Any:
        """A result stored before results carried ids reads back with one."""
        if isinstance(data, dict) and "message_id" not in data:
            passed = data.get("status") == Status.PASSED.value
            return {**data, "message_id": PASSED if passed else STORED_WITHOUT_ID}
        return data

    stdout: str = Field(
        "",
        description="What this test's calls printed (a call shared by several tests shows in "
        "each), capped at 2,000 characters with a note; the report's `stdout` has it all.",
    )


class Report(_Contract):
    """Everything the learner is told about one submission."""

    version: int = REPORT_VERSION
    exercise: str
    exercise_version: str | None = Field(
        None,
        description="The digest of what graded it (graders/digest.py): it changes when the "
        "exercise's tests, reference, checks or known mistakes change. Null in reports made "
        "before versions were recorded, and when the platform failed before grading.",
    )
    verdict: Verdict
    error: LoadError | None = None
    tests: list[TestResult]
    stdout: str = ""
    stdout_truncated: bool = False
    duration_ms: int = 0

    @computed_field  # type: ignore[prop-decorator]
    @property
    def passed(self) -> int:
        return sum(test.status is Status.PASSED for test in self.tests)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def total(self) -> int:
        return len(self.tests)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of the contract (docs/report.schema.json), keys in contract order."""
        body = self.model_dump(mode="json")
        return {key: body.pop(key) for key in _CONTRACT_ORDER if key in body} | body

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Report:
        """Read a stored report back (the inverse of `to_dict`)."""
        fields = {key: value for key, value in data.items() if key not in ("passed", "total")}
        return cls.model_validate(fields)
