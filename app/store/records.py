"""What the store hands back: stored submissions, a learner's progress, pending work."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from app.db import Submission


@dataclass(frozen=True)
class StoredSubmission:
    id: str
    learner_id: str
    exercise: str
    code: str
    status: str
    verdict: str | None
    passed: int
    total: int
    report: dict[str, Any] | None
    created_at: datetime
    exercise_version: str | None = None  # what graded it (graders/digest.py); None: unknown

    def graded_by(self, current: str | None) -> bool:
        """Whether the `current` version of its exercise graded it; a result from before
        versions were recorded counts as current (nothing is known to have changed)."""
        return self.exercise_version is None or self.exercise_version == current


@dataclass(frozen=True)
class Progress:
    """A learner's standing on one exercise: `passed` if any submission passed, else `failed`
    if any was graded; `current` if a result behind that status was graded by the exercise's
    current version (a learner who passed only an older version is `passed`, not `current`)."""

    status: Literal["failed", "passed"]
    current: bool


class KeyTaken(Exception):
    """This learner already made a submission with this idempotency key."""


@dataclass(frozen=True)
class PendingSubmission:
    """A submission not graded yet, with its grading attempts so far."""

    submission: StoredSubmission
    attempts: int  # every attempt made, whatever became of it
    running_since: datetime | None  # the start of an attempt still marked running, if any
    running_owners: tuple[str, ...] = ()  # the processes whose attempts are marked running


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; every time we store is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def stored(row: Submission) -> StoredSubmission:
    """A submission's row as the store hands it back."""
    return StoredSubmission(
        row.id, row.learner_id, row.exercise, row.code, row.status, row.verdict,
        row.passed, row.total, row.report, aware(row.created_at), row.exercise_version,
    )  # fmt: skip
