"""Request and response models: what the API promises (and what /openapi.json documents)."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from graders.report import Report, Verdict


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


class SubmissionOut(Report):
    """A stored submission: its report (design.md §2), with its id, code and state."""

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
    type: str
    title: str
    status: int
    detail: str
