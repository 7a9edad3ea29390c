"""Request and response models: what the API promises (and what /openapi.json documents)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

VerdictName = Literal["passed", "failed", "error", "timed_out", "internal_error"]
StatusName = Literal["passed", "failed", "error", "timed_out", "skipped"]


class ExerciseSummary(BaseModel):
    slug: str
    title: str
    difficulty: Literal["easy", "medium", "hard"]
    tags: list[str]
    summary: str
    status: Literal["not_tried", "failed", "passed"] = Field(description="This learner's progress.")


class TestInfo(BaseModel):
    id: str
    title: str
    description: str


class EntryInfo(BaseModel):
    function: str
    signature: str


class HintCount(BaseModel):
    total: int
    revealed: int


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
    limits: dict[str, float]
    hints: HintCount
    status: Literal["not_tried", "failed", "passed"] = Field(description="This learner's progress.")


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
        description="Python source defining the exercise's entry function (UTF-8, at most 64 KiB)."
    )


class PreviewOut(BaseModel):
    shape: list[int]
    dtype: str
    values: Any = Field(
        description='Nested lists capped at 64 x 64; "NaN", "Infinity", "-Infinity" for non-finite values.'
    )
    truncated: bool


class DiagnosisOut(BaseModel):
    id: str
    title: str
    explanation: str = Field(description="Markdown addressed to the learner.")
    hint: int | None = Field(None, description="The hint that addresses this mistake, if any.")


class LoadErrorOut(BaseModel):
    type: str
    message: str
    line: int | None


class TestResultOut(BaseModel):
    id: str
    title: str
    status: StatusName
    message: str
    call: str | None
    line: int | None
    tolerance: float | None
    got: PreviewOut | None
    expected: PreviewOut | None
    diagnosis: DiagnosisOut | None


class ReportOut(BaseModel):
    version: int
    exercise: str
    verdict: VerdictName
    passed: int
    total: int
    error: LoadErrorOut | None
    tests: list[TestResultOut]
    stdout: str
    stdout_truncated: bool
    duration_ms: int


class SubmissionOut(ReportOut):
    id: str
    created_at: datetime
    code: str
    status: Literal["pending", "graded"] = Field(description="pending: still being graded.")
    verdict: VerdictName | None = Field(description="null while the submission is pending.")  # type: ignore[assignment]


class HistoryItem(BaseModel):
    id: str
    created_at: datetime
    verdict: VerdictName | None = Field(
        description="null while the submission is still being graded."
    )
    passed: int
    total: int


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
    exercises: int
    broken_exercises: dict[str, str]


class ProblemOut(BaseModel):
    type: str
    title: str
    status: int
    detail: str
