"""Request and response models: what the API promises (and what /openapi.json documents)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from graders.protocol.limits import CALL_CHARS
from graders.report import Report, Verdict


class ExerciseSummary(BaseModel):
    """One exercise in the list, which comes in learning order (sections, then `order`)."""

    slug: str
    title: str
    difficulty: Literal["easy", "medium", "hard"]
    tags: list[str]
    summary: str
    section: str = Field(description="The course section; empty when the exercise has none.")
    order: int | None = Field(description="Its place in the learning order; null when unset.")
    status: Literal["not_tried", "failed", "passed"] = Field(description="This learner's progress.")
    status_current: bool = Field(
        description="Whether a result behind `status` was graded by the exercise's current "
        "version: false when the learner passed (or, for `failed`, was graded) only on an "
        'earlier version of its tests (the page then says "passed on an earlier version of '
        'this exercise"). Always true for `not_tried`.',
    )


class TestInfo(BaseModel):
    id: str
    title: str
    description: str


class EntryInfo(BaseModel):
    function: str
    signature: str


class ExerciseLimits(BaseModel):
    """What a submission of this exercise may use: the exercise's own limits (never above the
    service's ceilings)."""

    cpu_seconds: float = Field(description="CPU time of one grading's run of your code.")
    wall_seconds: float = Field(description="Wall-clock time of that run.")
    memory_bytes: int = Field(description="Address space of the process your code runs in.")
    code_bytes: int = Field(
        description="The largest submission, in UTF-8 bytes: larger code is refused with 413."
    )
    output_bytes: int = Field(description="Printed output kept; the rest is cut with a note.")


class HintCount(BaseModel):
    total: int
    revealed: int


class ExerciseLink(BaseModel):
    """Another exercise, named for a link to it."""

    slug: str
    title: str


class ScratchArgumentInfo(BaseModel):
    name: str
    description: str = Field(description="What a call may pass: 'an int from 1 to 2048'.")
    optional: bool


class ScratchInfo(BaseModel):
    """How the learner may call their own function (`POST .../scratch`)."""

    example: str = Field(description="A call to start from: `positional_encoding(4, 6)`.")
    reference: bool = Field(description="Whether the reference's answer comes back too.")
    arguments: list[ScratchArgumentInfo]
    call_chars: int = Field(CALL_CHARS, description="The longest call accepted, in characters.")


class ExerciseDetail(BaseModel):
    slug: str
    title: str
    difficulty: Literal["easy", "medium", "hard"]
    tags: list[str]
    summary: str
    section: str
    statement_markdown: str
    statement_html: str = Field(
        description="Rendered Markdown; math left as $...$ / $$...$$ for the page."
    )
    starter: str
    entry: EntryInfo
    tests: list[TestInfo]
    limits: ExerciseLimits
    hints: HintCount
    version: str = Field(
        description="The exercise's current version (graders/digest.py): a report whose "
        "`exercise_version` differs was graded by an earlier version of its tests."
    )
    status: Literal["not_tried", "failed", "passed"] = Field(description="This learner's progress.")
    status_current: bool = Field(
        description="Whether a result behind `status` was graded by the exercise's current "
        "version: false when the learner passed (or, for `failed`, was graded) only on an "
        'earlier version of its tests (the page then says "passed on an earlier version of '
        'this exercise"). Always true for `not_tried`.',
    )
    next: ExerciseLink | None = Field(
        description="The next exercise in learning order (by section, then `order`); null for "
        "the last one."
    )
    has_editorial: bool = Field(
        description="Whether the exercise has an editorial, served by `GET .../editorial` to a "
        "learner who has passed it."
    )
    scratch: ScratchInfo | None = Field(
        description="The learner's own calls (`POST .../scratch`); null when it takes none."
    )


class EditorialOut(BaseModel):
    """An exercise's editorial: a model solution explained, for a learner who has passed it."""

    slug: str
    title: str
    markdown: str
    html: str = Field(description="Rendered Markdown; math left as $...$ / $$...$$ for the page.")


class HintOut(BaseModel):
    index: int = Field(description="1-based; hints unlock in order.")
    total: int
    title: str
    markdown: str
    html: str
    revealed_at: datetime


class HintsOut(BaseModel):
    total: int
    revealed: list[HintOut]


class SubmissionIn(BaseModel):
    code: str = Field(
        description="Python source defining the exercise's entry function (UTF-8, at most the "
        "exercise's `limits.code_bytes`)."
    )


class ScratchIn(BaseModel):
    code: str = Field(
        description="Python source defining the exercise's entry function (UTF-8, at most the "
        "exercise's `limits.code_bytes`)."
    )
    call: str = Field(
        max_length=CALL_CHARS,
        description="One call of the entry function, its arguments literals or NumPy "
        "expressions: `positional_encoding(4, 6)`, `softmax(np.arange(6.0).reshape(2, 3))`.",
        examples=["positional_encoding(4, 6)"],
    )


class SubmissionOut(Report):
    """A stored submission: its report (docs/report.schema.json), with its id, code and state."""

    id: str
    created_at: datetime
    code: str
    status: Literal["pending", "graded"] = Field(description="pending: still being graded.")
    verdict: Verdict | None = Field(description="null while the submission is pending.")  # type: ignore[assignment]


class HistoryItem(BaseModel):
    id: str
    created_at: datetime
    verdict: Verdict | None = Field(description="null while the submission is still being graded.")
    passed: int
    total: int
    exercise_version: str | None = Field(
        description="The version of the exercise that graded it; null while pending and for "
        "results graded before versions were recorded."
    )
    current: bool = Field(
        description="False when an earlier version of the exercise graded it (its tests have "
        "changed since); results of unknown version count as current."
    )


class HistoryPage(BaseModel):
    items: list[HistoryItem]
    total: int
    limit: int
    offset: int


class LearnerOut(BaseModel):
    id: str
    token: str = Field(description="Send as `Authorization: Bearer <token>`.")


class HealthOut(BaseModel):
    status: Literal["ok", "degraded"]
    sandbox: dict[str, Any]
    database: dict[str, Any]
    queue: dict[str, Any]
    exercises: int
    broken_exercises: dict[str, str]


class ProblemOut(BaseModel):
    """RFC 9457 problem details; `code` says which problem it is, `detail` says it in words."""

    type: str
    title: str
    status: int
    detail: str
    code: str = Field(
        description="Which problem this is, stable across wordings (a client branches on it, "
        "never on `detail`): e.g. unknown-exercise, code-too-large, not-utf-8, rate-limited, "
        "new-learners-limited, queue-full, hints-all-revealed. Every code: docs/api-errors.md."
    )
